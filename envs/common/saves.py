"""Saved games: the file format, and every check a loaded game passes before compiled code sees it.

A save is ``MAGIC``, a little-endian uint32 header length, a JSON header (the env's settings and
PettingZoo bookkeeping) and the record's bytes. A file is untrusted input: a crafted record can
index past an array inside a kernel and crash the process, so :func:`read_save` checks, in Python
and in this order, that

1. the file parses (one ``ValueError`` for every way it can be malformed);
2. the header passes the same checks as the constructor, and agrees with itself;
3. every field of the record lies in the range its game declares (``Game.field_ranges``; a field
   without a declared range is refused, so a new field cannot slip through unchecked), a live
   game's fields in the tighter ranges a live game keeps (``Game.live_ranges``), and the fields
   the options set (``Game.option_fields``) hold what the header's options deal. The ranges
   cover every value play can reach from an accepted record, so that every save a game writes
   loads back: a counter either stops at its range's top (the decision count at ``STEPS_MAX``) or
   the game ends before it passes it;
4. only then the game's ``check_invariants`` kernel runs (safe: every index it reads is in range),
   and a live game has a legal move.

Anything else is refused with a ``ValueError`` that says what is wrong.
"""
from __future__ import annotations

import json
import math
import struct
from typing import TYPE_CHECKING

import numpy as np

from .engine import new_record
from .record import MAX_SEATS, STEPS_MAX

if TYPE_CHECKING:
    from .aec import FrontierZooEnv
    from .game import Game

MAGIC = b"FZOO1\n"
MAX_NESTING = 16     # how deep a header's JSON may nest (a save's own nests 2 deep)
_HEADER_KEYS = {"game", "num_players", "options", "max_steps", "reward", "illegal_action", "steps", "seed",
                "agents", "rewards", "cumulative", "terminations", "truncations", "agent_selection", "seat",
                "record_size"}
# The header's own ranges; a game's fields come from Game.field_ranges.
HEADER_RANGES = {"steps": (0, STEPS_MAX), "num_players": (1, MAX_SEATS), "actor": (-1, MAX_SEATS - 1),
                 "last_rewards": (-1e9, 1e9)}


def record_bytes(states: np.ndarray) -> bytes:
    """The record's bytes with its alignment padding zeroed, so equal games save equal bytes
    (Numba may leave junk in padding when it writes a record back)."""
    clean = np.zeros(states.shape, states.dtype)   # calloc: padding too (zeros_like leaves it)
    for name in states.dtype.names:
        clean[name] = states[name]
    return clean.tobytes()


def write_save(header: dict, states: np.ndarray) -> bytes:
    body = json.dumps(header).encode()
    return MAGIC + struct.pack("<I", len(body)) + body + record_bytes(states)


def _bad(what):
    return ValueError(f"not a valid frontierzoo save: {what}")


def nesting(value: object) -> int:
    """How deep lists and dicts nest in ``value`` (a scalar: 0), without recursion: comparing or
    printing a value nested some hundreds deep would raise RecursionError where one ValueError is
    promised."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, depth = todo.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, depth)
            todo.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _split(data: bytes):
    """The header dict and the record bytes of a save; ``ValueError`` for any malformed file."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ValueError(f"a save is bytes or a path, got {type(data).__name__}")
    data = bytes(data)
    if not data.startswith(MAGIC):
        raise ValueError("not a frontierzoo save (bad magic)")
    start = len(MAGIC) + 4
    if len(data) < start:
        raise _bad("the file ends inside its header length")
    (n,) = struct.unpack_from("<I", data, len(MAGIC))
    if start + n > len(data):
        raise _bad(f"the header says {n} bytes but the file has {len(data) - start}")
    try:
        header = json.loads(data[start:start + n].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise _bad(f"the header is not JSON ({e})") from None
    except RecursionError:
        raise _bad("the header's JSON is nested too deep") from None
    if nesting(header) > MAX_NESTING:
        raise _bad(f"the header's JSON is nested more than {MAX_NESTING} deep")
    if not isinstance(header, dict) or set(header) != _HEADER_KEYS:
        got = sorted(header) if isinstance(header, dict) else type(header).__name__
        raise _bad(f"the header must have exactly the keys {sorted(_HEADER_KEYS)}, got {got}")
    return header, data[start + n:]


def read_header(data: bytes) -> dict:
    """A save's header, parsed and its keys checked (not yet against an env: :func:`read_save`
    does that): what a reader needs to make the env that loads it (its game, seats, options)."""
    return _split(data)[0]


def _is_int(x, lo, hi):
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _is_reward(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and abs(x) <= 1e9


def check_header(env: FrontierZooEnv, h: dict) -> None:
    """The header passes the constructor's checks and agrees with this env and with itself."""
    from .aec import ILLEGAL_MODES, check_max_steps, check_reward

    game = env.game
    if isinstance(h["game"], str) and h["game"] in game.retired:
        raise ValueError(f"save is of {h['game']}, retired: {game.retired[h['game']]} This env is "
                         f"{game.name}, and does not load it.")
    if h["game"] != game.name or h["num_players"] != env.num_players or h["options"] != env.game_options:
        raise ValueError(
            f"save is of {h['game']!r} with {h['num_players']!r} players and options {h['options']!r}; "
            f"this env is {game.name} with {env.num_players} players and options {env.game_options}")
    if h["record_size"] != game.dtype.itemsize:
        raise ValueError("save's record does not match this version of the game")
    check_max_steps(h["max_steps"])
    check_reward(h["reward"])
    if h["illegal_action"] not in ILLEGAL_MODES:
        raise _bad(f"illegal_action must be one of {ILLEGAL_MODES}, got {h['illegal_action']!r}")
    if not _is_int(h["steps"], 0, STEPS_MAX):
        raise _bad(f"steps must be a non-negative int, got {h['steps']!r}")
    if h["max_steps"] is not None and h["steps"] > h["max_steps"]:
        raise _bad(f"steps {h['steps']} is past max_steps {h['max_steps']}")
    if not _is_int(h["seed"], 0, 2**64 - 1):
        raise _bad(f"seed must be an int in [0, 2**64), got {h['seed']!r}")
    agents = h["agents"]
    if (not isinstance(agents, list) or len(set(map(str, agents))) != len(agents)
            or not set(agents) <= set(env.possible_agents)):
        raise _bad(f"agents must be distinct names among {env.possible_agents}, got {agents!r}")
    for key, ok in (("rewards", _is_reward), ("cumulative", _is_reward),
                    ("terminations", lambda v: isinstance(v, bool)),
                    ("truncations", lambda v: isinstance(v, bool))):
        d = h[key]
        if not isinstance(d, dict) or set(d) != set(agents) or not all(ok(v) for v in d.values()):
            raise _bad(f"{key} must map each of the agents {agents} to a "
                       f"{'number' if key in ('rewards', 'cumulative') else 'bool'}, got {d!r}")
    seat = h["seat"]
    if not _is_int(seat, -1, env.num_players - 1):
        raise _bad(f"seat must be an int in [-1, {env.num_players}), got {seat!r}")
    if h["agent_selection"] not in env.possible_agents or (agents and h["agent_selection"] not in agents):
        raise _bad(f"agent_selection {h['agent_selection']!r} is not among the agents {agents}")
    truncated = set(h["truncations"].values())
    if len(truncated) > 1:
        raise _bad("truncations must be the same for every agent")
    if True in truncated and (h["max_steps"] is None or h["steps"] < h["max_steps"]):
        raise _bad(f"a game truncated before max_steps ({h['steps']} of {h['max_steps']!r} steps)")
    done = [h["terminations"][a] or h["truncations"][a] for a in agents]
    if seat >= 0 and (h["agent_selection"] != env.possible_agents[seat] or any(h["terminations"].values())):
        raise _bad(f"a live game's agent to act must be {env.possible_agents[seat]}, "
                   f"got {h['agent_selection']!r}")
    if seat < 0 and not all(done):
        raise _bad("a finished game (seat -1) with agents not terminated or truncated")


def _in_range(s, name, lo, hi, what):
    v = np.asarray(s[name])
    if np.issubdtype(v.dtype, np.floating) and not np.isfinite(v).all():
        raise _bad(f"field {name!r} holds a non-finite number")
    if not ((v >= lo) & (v <= hi)).all():
        bad = v[(v < lo) | (v > hi)] if v.ndim else v
        raise _bad(f"field {name!r} holds {bad.ravel()[:3].tolist()}, outside {what}[{lo}, {hi}]")


def check_record(game: Game, s: np.void, num_players: int, dealt: np.void) -> None:
    """Every field in its declared range, a live game's counters in their live ranges, the option
    fields as ``dealt`` (a fresh record of the header's settings) holds them, then the game's
    invariants; ``ValueError`` naming what is out of place."""
    ranges: dict[str, tuple[float, float]] = dict(HEADER_RANGES, **game.field_ranges)
    for name in game.dtype.names:
        if name == "rng":
            continue                       # every 128-bit state is a valid generator
        if name not in ranges:
            raise ValueError(f"{game.name}: field {name!r} declares no range (Game.field_ranges); "
                             "a save cannot be checked")
        _in_range(s, name, *ranges[name], "")
    if int(s["actor"]) >= 0:
        for name, (lo, hi) in game.live_ranges.items():
            _in_range(s, name, lo, hi, "a live game's ")
    if int(s["num_players"]) != num_players:
        raise _bad(f"the record seats {int(s['num_players'])} players, the header {num_players}")
    if not -1 <= int(s["actor"]) < num_players:
        raise _bad(f"the record's actor {int(s['actor'])} is not a seat")
    for name in game.option_fields:
        if not np.array_equal(s[name], dealt[name]):
            raise _bad(f"field {name!r} holds {np.asarray(s[name]).tolist()}, but the header's options "
                       f"deal {np.asarray(dealt[name]).tolist()}")
    code = int(game.core.check_invariants(s))
    if code != 0:
        raise _bad(f"the game breaks its invariant {code}: {game.invariant_names.get(code, '?')}")
    if s["actor"] >= 0:
        mask = np.zeros(game.num_actions, np.bool_)
        if game.core.legal_mask(s, mask) <= 0:
            raise _bad("a live game with no legal move")


def read_save(env: FrontierZooEnv, data: bytes) -> tuple[dict, np.ndarray]:
    """The checked header and record (a one-record array) of a save for ``env``."""
    h, body = _split(data)
    check_header(env, h)
    if len(body) != env.game.dtype.itemsize:
        raise ValueError("save's record does not match this version of the game")
    states = np.frombuffer(body, dtype=env.game.dtype).copy()
    dealt = new_record(env.game, env.num_players, 0, **env.game_options)
    check_record(env.game, states[0], env.num_players, dealt)
    if h["seat"] >= 0 and h["seat"] != int(states[0]["actor"]):
        raise _bad(f"the header's seat {h['seat']} is not the record's actor {int(states[0]['actor'])}")
    return h, states
