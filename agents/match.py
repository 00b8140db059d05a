"""Games between agents, the one loop that measures strength, and the interval every win rate is
quoted with.

:func:`play_game` plays one game through the AEC env: human play, the notebooks and many tests
play through it (the bench times the env with a bare copy, for the reason
``benchmarks/throughput.py`` gives). It is PettingZoo's canonical ``agent_iter`` / ``last`` /
``step`` loop, so it plays any AEC env whose observations are ``{"observation", "action_mask"}``
dicts (PettingZoo's classic games too). Each agent keeps the protocol of
:mod:`frontierzoo.agents.base`; one that sets ``needs_env`` gets the live env as ``info["env"]``.

:func:`play_batch` plays many seeded games of one of our games side by side over the compiled
engine, each agent deciding for all the seats it holds across the batch in one ``act_batch`` call
a round (a policy: one forward pass). :func:`play_rotated` seats a lineup on it, seats rotating
one place a game: the strength loop every tool measures with (the arena's tournament, ``frontierzoo
evaluate``, the training curves, the weight tuner); :func:`head_to_head` is its common case, one
agent against another. Forfort's heuristic also plays itself in compiled code to train its
weights (``heuristics/forfort.py``'s ``duel``), tens of times faster than any loop with Python in
it.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any
from dataclasses import dataclass

import numpy as np

from .base import Agent

if TYPE_CHECKING:
    from frontierzoo.envs.common.aec import FrontierZooEnv

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal: a two-sided 95% interval
# Games :func:`head_to_head` (and the arena) plays side by side: enough for a policy's forward pass
# to serve many seats at once, few enough that agents deciding one game at a time stay small.
BATCH_GAMES = 64


@dataclass(frozen=True)
class MatchResult:
    """What one game came to.

    ``rewards`` holds each seat's rewards as ``last()`` reported them, summed over the game;
    ``winners`` the seats with a positive total in a game the rules ended (none in a game cut
    off); ``truncated`` whether it was cut off (the env's ``max_steps``, or ``max_decisions``)."""
    decisions: int
    rewards: tuple
    winners: tuple
    truncated: bool

    def share(self, seat: int) -> float:
        """``seat``'s share of the win: 1 alone, 1/k among k winners, 0 otherwise."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def play_game(env: FrontierZooEnv, agents: Sequence[Agent], seed: int | None = None,
              agent_seeds: Sequence[int | None] | None = None,
              on_decision: Callable[[FrontierZooEnv, str, int], object] | None = None,
              max_decisions: int | None = None, reset: bool = True) -> MatchResult:
    """Play one game of ``env``: ``agents[seat]`` decides for ``env.possible_agents[seat]``.

    ``seed`` seeds the deal (``reset=False`` plays on from the env's current position instead, a
    loaded or cloned game); each agent is reset first, with ``agent_seeds[seat]`` when given (one
    agent object may fill several seats). ``on_decision(env, agent_name, action)`` is called with
    each decision before it is played. ``max_decisions`` stops the game, as cut off, when that
    many decisions are made. A dead agent's ``None`` step is not a decision.
    """
    names = env.possible_agents
    if len(agents) != len(names):
        raise ValueError(f"{len(agents)} agents for {len(names)} seats")
    if reset:
        env.reset(seed=seed)
    for seat, agent in enumerate(agents):
        agent.reset(seed=None if agent_seeds is None else agent_seeds[seat])
    # name -> (its agent's act, the info it gets): one lookup a decision
    deciders = {name: (agent.act, {"env": env} if getattr(agent, "needs_env", False) else None)
                for name, agent in zip(names, agents)}
    totals = dict.fromkeys(names, 0.0)
    limit = -1 if max_decisions is None else max_decisions
    decisions = 0
    cut = False
    # Lean on purpose: each line below is paid once a decision, in every tool.
    for name in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if reward:
            totals[name] += reward
        if termination or truncation:
            cut = cut or not termination
            env.step(None)
            continue
        if decisions == limit:
            cut = True
            break
        act, info = deciders[name]
        action = act(observation["observation"], observation["action_mask"], info)
        if on_decision is not None:
            on_decision(env, name, action)
        env.step(action)
        decisions += 1
    rewards = tuple(totals[name] for name in names)
    winners = () if cut else tuple(seat for seat, r in enumerate(rewards) if r > 0)
    return MatchResult(decisions, rewards, winners, cut)


class RecordView:
    """What an agent that reads the board (``needs_env``) gets as ``info["env"]`` for one game of
    a batch: its live record and seat count, read-only by the agents' protocol."""

    __slots__ = ("record", "num_players")

    def __init__(self, record: np.void, num_players: int) -> None:
        self.record = record
        self.num_players = num_players


def play_batch(game_name: str, seat_agents: list[list[Agent]], seeds: Sequence[int],
               max_steps: int | None = None, max_rounds: int | None = None, **options: Any) -> list[MatchResult]:
    """Play ``len(seeds)`` games of ``game_name`` side by side; game ``g`` is dealt from
    ``seeds[g]`` and ``seat_agents[g][seat]`` decides for its seats. Returns a
    :class:`MatchResult` per game, as :func:`play_game` would (rewards: the rules' own).

    Each round, every game still playing takes one decision: each distinct agent object decides
    for all the games waiting on it in one ``act_batch`` call, and one compiled call applies them
    all. An object may hold seats in many games (a policy deciding in one forward pass) or in one
    (an agent that keeps a game's state); the caller resets and seeds the agents. A game reaching
    ``max_steps`` decisions is cut off, as the env's ``max_steps``; ``max_rounds`` stops every game
    after that many rounds (the compile warm-up), counted as cut off. ``options``: the game's own,
    as its env takes them."""
    from frontierzoo.envs import get_game
    from frontierzoo.envs.common.engine import kernels

    game = get_game(game_name)
    B = len(seeds)
    if len(seat_agents) != B or B == 0:
        raise ValueError(f"play_batch: {len(seat_agents)} tables of agents for {len(seeds)} seeds")
    n = len(seat_agents[0])
    if any(len(table) != n for table in seat_agents):
        raise ValueError("play_batch: every game needs the same number of seats")
    n = game.check_players(n)
    opts = game.options(n, **options)
    play_some = kernels(game).play_some
    states = np.zeros(B, game.dtype)
    buf = states.view(np.uint8)
    seats = np.full(B, -1, np.int64)
    obs = np.zeros((B, game.obs_size), np.float32)
    masks = np.zeros((B, game.num_actions), np.bool_)
    totals = np.zeros((B, n), np.float32)
    decisions = np.zeros(B, np.int64)
    cut = np.zeros(B, bool)
    views = [RecordView(states[g], n) for g in range(B)]
    everyone = np.arange(B, dtype=np.int64)
    play_some(buf, everyone, np.zeros(0, np.int64), n, opts,
              np.array([int(x) for x in seeds], np.uint64), seats, obs, masks, totals)
    rounds = 0
    while True:
        live = np.flatnonzero((seats >= 0) & ~cut)
        if max_steps is not None:
            over = live[decisions[live] >= max_steps]
            cut[over] = True
            live = live[decisions[live] < max_steps]
        if live.size == 0:
            break
        if max_rounds is not None and rounds == max_rounds:
            cut[live] = True
            break
        actions = np.empty(live.size, np.int64)
        groups: dict = {}
        for j, g in enumerate(live):
            groups.setdefault(id(seat_agents[g][seats[g]]), (seat_agents[g][seats[g]], []))[1].append(j)
        for agent, rows in groups.values():
            rows = np.asarray(rows)
            games = live[rows]
            infos = ([{"env": views[g]} for g in games] if getattr(agent, "needs_env", False) else None)
            actions[rows] = agent.act_batch(obs[games], masks[games], infos)
        bad = play_some(buf, live, actions, n, opts, np.zeros(0, np.uint64), seats, obs, masks, totals)
        if bad >= 0:
            g = live[bad]
            raise RuntimeError(f"{type(seat_agents[g][seats[g]]).__name__} chose action {actions[bad]} in "
                               f"game {g}, which the mask does not allow")
        decisions[live] += 1
        rounds += 1
    return [MatchResult(int(decisions[g]), tuple(float(r) for r in totals[g]),
                        () if cut[g] else tuple(int(k) for k in np.flatnonzero(totals[g] > 0)), bool(cut[g]))
            for g in range(B)]


def has_batched_path(agent: Agent) -> bool:
    """Whether the agent decides for many rows at once (it overrides ``Agent.act_batch``): one
    object can then play every game of a batch, as it keeps nothing of a game between decisions."""
    return type(agent).act_batch is not Agent.act_batch


def game_seeds(key: Sequence[int | str], game_index: int, num_seats: int) -> tuple[int, list[int]]:
    """(env seed, [agent seed per seat]) of game ``game_index`` of a set of games named by ``key``
    (a tuple of integers and strings, e.g. the arena's ``(seed, game, seats, lineup)``): a game's
    seeds depend on its key and index alone, never on how the games are batched."""
    words = [zlib.crc32(p.encode()) if isinstance(p, str) else int(p) for p in (*key, game_index)]
    seeds = np.random.SeedSequence(words).generate_state(1 + num_seats, np.uint64)
    return int(seeds[0]), [int(w) for w in seeds[1:]]


def play_rotated(game_name: str, lineup: Sequence[str | Agent | Callable[[], Agent]],
                 deals: Sequence[tuple[int, Sequence[int]]], first: int = 0, max_steps: int | None = None,
                 **options: Any) -> list[tuple[list[int], MatchResult]]:
    """Play one game per deal, side by side (:func:`play_batch`), the lineup's seats rotating one
    place a game: game ``g = first + j``, dealt from ``deals[j] = (env seed, agent seeds by seat)``,
    seats lineup slot ``(seat + g) % n`` at each seat, so each slot sits in each seat equally often
    over whole rotations. Returns ``(slots, result)`` per game, ``slots[seat]`` the slot at ``seat``.

    ``lineup[k]`` is what plays slot ``k``: an agent's name (as ``make_agent`` takes it), a
    function of no arguments that makes an agent (``lambda: make_agent("mcts", game,
    simulations=100)``), or an agent with a batched path. An agent with a batched path decides for
    every game at once, seeded from the first game's seeds; one that decides one game at a time is
    made again for each game and seeded from that game's seeds, so it never mixes two games'
    memories."""
    from . import make_agent

    n = len(lineup)
    if not deals:
        return []
    lineup = [(lambda name=p: make_agent(name, game_name)) if isinstance(p, str) else p for p in lineup]  # type: ignore[misc]
    shared = {}
    for k, player in enumerate(lineup):
        agent = player if isinstance(player, Agent) else player()  # type: ignore[operator]
        if has_batched_path(agent):
            agent.reset(seed=deals[0][1][k])
            shared[k] = agent
        elif isinstance(player, Agent):
            raise ValueError(f"{type(agent).__name__} decides one game at a time: give a function that makes "
                             f"one, so that each game gets its own")
    tables, slots_of = [], []
    for j, (_, agent_seeds) in enumerate(deals):
        slots = [(seat + first + j) % n for seat in range(n)]
        table = []
        for seat, k in enumerate(slots):
            agent = shared.get(k)
            if agent is None:
                agent = lineup[k]()  # type: ignore[operator]
                agent.reset(seed=agent_seeds[seat])
            table.append(agent)
        tables.append(table)
        slots_of.append(slots)
    results = play_batch(game_name, tables, [env_seed for env_seed, _ in deals], max_steps=max_steps, **options)
    return list(zip(slots_of, results))


def head_to_head(game_name: str, agent: str | Agent | Callable[[], Agent],
                 opponent: str | Agent | Callable[[], Agent], games: int, num_players: int = 2, seed: int = 0,
                 max_steps: int | None = None, progress: Any = None, **options: Any) -> tuple[float, int]:
    """``agent`` in one seat against ``opponent`` in every other for ``games`` games, the agent's seat
    rotating game by game, :data:`BATCH_GAMES` at a time side by side (:func:`play_rotated`, which
    says what ``agent`` and ``opponent`` may be). Returns ``(score, games)``: a win counts 1, a win
    shared by k 1/k. The deals and seeds follow from ``(seed, game_name, num_players)`` and the
    game's index. ``progress``: a tqdm bar to advance by the games played."""
    lineup = [agent] + [opponent] * (num_players - 1)
    key = (seed, game_name, num_players)
    score = 0.0
    for first in range(0, games, BATCH_GAMES):
        deals = [game_seeds(key, g, num_players) for g in range(first, min(games, first + BATCH_GAMES))]
        for slots, result in play_rotated(game_name, lineup, deals, first, max_steps, **options):
            score += result.share(slots.index(0))
        if progress is not None:
            progress.update(len(deals))
    return score, games


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (Wilson, 1927) of ``wins`` successes in ``n`` trials; ``wins``
    may be fractional (a shared win counted in part). ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
