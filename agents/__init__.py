"""frontierzoo's agents: the protocol, a random agent, per-game heuristics, search and learned,
and the one match loop that plays them, with its statistics (``match.py``). The tools that seat
them (the arena, a person at the terminal) are the ``frontierzoo`` command's, in ``frontierzoo.cli``.

``make_agent(name, game_name, seed)`` builds an agent by name; ``available_agents(game_name)``
lists the names that game has (every game has "random"); ``play_game(env, agents, seed)`` plays
one game; ``animate(game_name, agents, seed, path)`` plays one and writes it as a GIF (imageio).

Wherever an agent is named (``make_agent``, the arena's ``--agents``, ``evaluate --agent``,
``play --opponent``), a model file you trained can stand instead: its path (``.json`` with its
``.pt`` beside it, or a MaskablePPO ``.zip``), played as what it holds (a ``training/selfplay.py``
policy as ``ppo``, an expert-iteration network as ``net``, its raw policy, an RLlib run's
``policy.json`` as ``rllib``), or ``KIND:PATH`` to
say how (``net_search:runs/expert_forfort/best.json``: the search that network guides).
"""
from __future__ import annotations

import json
import os
from importlib.util import find_spec
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from frontierzoo.envs import all_games

from .base import Agent, RandomAgent
from .heuristics import heuristic_module, heuristic_modules, make_heuristic, tuned_file
from .learned import bundled_model
from .network import FORMAT as NETWORK_FORMAT, bundled_network
from .match import MatchResult, play_game, wilson_interval

# name -> (factory(game_name, seed, **kwargs), games it plays or None for every game)
_AGENTS = {
    "random": (lambda game_name, seed=None, **kw: RandomAgent(seed=seed), None),
}


def _mcts(game_name, seed=None, **kw):
    from .mcts import MCTSAgent
    return MCTSAgent(game_name, seed=seed, **kw)


def _ppo(game_name, seed=None, path=None, **kw):
    from .learned import MaskablePPOAgent
    return MaskablePPOAgent(path=bundled_model(game_name) if path is None else path, seed=seed,
                            game_name=game_name, **kw)


def _net(game_name, seed=None, path=None, **kw):
    from .network import NetworkAgent, bundled_network
    return NetworkAgent(path=bundled_network(game_name) if path is None else path, seed=seed,
                        game_name=game_name, **kw)


def _net_search(game_name, seed=None, path=None, **kw):
    from .network import NetworkSearchAgent, bundled_network
    return NetworkSearchAgent(path=bundled_network(game_name) if path is None else path, seed=seed,
                              game_name=game_name, **kw)


def register_agent(name: str, factory: Callable[..., Agent], games: Iterable[str] | None = None) -> None:
    """Make an agent available by name; ``games`` limits it to those game names."""
    _AGENTS[name] = (factory, None if games is None else tuple(games))


def available_agents(game_name: str) -> list[str]:
    """Names of the agents that can play ``game_name``."""
    return [n for n, (_, games) in _AGENTS.items() if games is None or game_name in games]


def _rllib(game_name, seed=None, path=None, **kw):
    from frontierzoo.training.rllib import load_agent
    return load_agent(path, game_name=game_name, seed=seed, **kw)


MODEL_SUFFIXES = (".json", ".zip")
# how a model file can play: the factory that takes its path
MODEL_KINDS = {"ppo": _ppo, "net": _net, "net_search": _net_search, "rllib": _rllib}
RLLIB_FORMAT = "frontierzoo-rllib-1"     # training/rllib.py's policy.json; a change to it gets a new name


def model_spec(name: str) -> tuple[str, str] | None:
    """``(kind, path)`` if ``name`` names a model file (``[KIND:]PATH``, module docstring), else
    None. The file's kind, when not given, is read from its description's ``format``."""
    kind, _, rest = name.partition(":")
    path = rest if kind in MODEL_KINDS and rest else name
    if not path.endswith(MODEL_SUFFIXES):
        return None
    if not os.path.isfile(path):
        raise ValueError(f"no model file {path!r} (an agent named by a path must be a file)")
    if path == name:
        kind = {NETWORK_FORMAT: "net", RLLIB_FORMAT: "rllib"}.get(_description(path).get("format"), "ppo")  # type: ignore[arg-type]
    return kind, path


def _description(path) -> dict:
    """A ``.json`` model description as it stands ({} for a ``.zip`` or one unreadable: the
    loader then says why); only its ``format`` and ``game`` are read here."""
    if not path.endswith(".json"):
        return {}
    try:
        d = json.loads(Path(path).read_text())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return d if isinstance(d, dict) else {}


def make_agent(name: str, game_name: str, seed: int | None = None, **kwargs: Any) -> Agent:
    """A fresh agent; ``name`` is a registered name or a model file (module docstring).
    ``ValueError`` naming the choices if it cannot play that game."""
    spec = model_spec(name)
    if spec is not None:
        if find_spec("torch") is None:
            raise ValueError(f"{name}: a model file needs torch (pip install 'frontierzoo[train]')")
        kind, path = spec
        return MODEL_KINDS[kind](game_name, seed=seed, path=path, **kwargs)
    choices = available_agents(game_name)
    if name not in choices:
        raise ValueError(f"no agent {name!r} for {game_name}; choose from {choices} or a model file's path")
    return _AGENTS[name][0](game_name, seed=seed, **kwargs)


def check_options(name: str, game_name: str, **options: Any) -> None:
    """Make ``name`` once with ``options`` (a search's ``ms``, ...): ``ValueError`` naming them if
    the agent does not take them, as ``make_agent`` does for a bad name, before a long run starts."""
    try:
        make_agent(name, game_name, **options)
    except TypeError:
        if not options:   # not an option refused: the agent's own fault, shown as it is
            raise
        raise ValueError(f"{name} takes no {', '.join(sorted(options))} (a search's budget: mcts, net_search)") from None


def can_play(name: str, game_name: str) -> bool:
    """Whether ``name`` (a registered name or a model file) can be seated at ``game_name``: a
    model file if its description names that game (a ``.zip`` is checked as it loads)."""
    spec = model_spec(name)
    if spec is None:
        return name in available_agents(game_name)
    return _description(spec[1]).get("game", game_name) == game_name


def _tuned(game_name, seed=None, **kw):
    return heuristic_module(game_name).TUNED_HEURISTIC(seed=seed, **kw)


register_agent("heuristic", make_heuristic, games=tuple(heuristic_modules()))
register_agent("mcts", _mcts)
# "tuned": a heuristic with trained weights (training/tune.py), in the games that bundle them:
# Forfort's turn search with a trained evaluation, Frontier's advice with trained numbers
register_agent("tuned", _tuned, games=[g.name for g in all_games() if tuned_file(g).exists()])
# "ppo" plays the policy shipped for a game; it needs torch (the train extra).
if find_spec("torch") is not None:
    register_agent("ppo", _ppo, games=[g.name for g in all_games() if bundled_model(g.name).exists()])
    # the network trained by expert iteration (training/expert.py): its raw policy, and the search it guides
    netted = [g.name for g in all_games() if bundled_network(g.name).exists()]
    register_agent("net", _net, games=netted)
    register_agent("net_search", _net_search, games=netted)

from .animation import animate  # noqa: E402  (it makes agents by name: after make_agent)

__all__ = ["Agent", "MatchResult", "RandomAgent", "animate", "available_agents", "can_play", "check_options",
           "make_agent", "model_spec", "play_game", "register_agent", "wilson_interval"]
