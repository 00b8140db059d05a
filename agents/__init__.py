"""frontierzoo's agents: the protocol, a random agent, per-game heuristics, search and learned,
and the one match loop that plays them, with its statistics (``match.py``). The tools that seat
them (the arena, a person at the terminal) are the ``frontierzoo`` command's, in ``frontierzoo.cli``.

``make_agent(name, game_name, seed)`` builds an agent by name; ``available_agents(game_name)``
lists the names that game has (every game has "random"); ``play_game(env, agents, seed)`` plays
one game; ``animate(game_name, agents, seed, path)`` plays one and writes it as a GIF (imageio).
"""
from __future__ import annotations

from importlib.util import find_spec

from frontierzoo.envs import all_games

from .base import Agent, RandomAgent
from .heuristics import heuristic_module, heuristic_modules, make_heuristic, tuned_file
from .learned import bundled_model
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


def register_agent(name, factory, games=None):
    """Make an agent available by name; ``games`` limits it to those game names."""
    _AGENTS[name] = (factory, None if games is None else tuple(games))


def available_agents(game_name: str) -> list:
    """Names of the agents that can play ``game_name``."""
    return [n for n, (_, games) in _AGENTS.items() if games is None or game_name in games]


def make_agent(name: str, game_name: str, seed=None, **kwargs) -> Agent:
    """A fresh agent; ``ValueError`` naming the choices if ``name`` cannot play that game."""
    choices = available_agents(game_name)
    if name not in choices:
        raise ValueError(f"no agent {name!r} for {game_name}; choose from {choices}")
    return _AGENTS[name][0](game_name, seed=seed, **kwargs)


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

from .animation import animate  # noqa: E402  (it makes agents by name: after make_agent)

__all__ = ["Agent", "MatchResult", "RandomAgent", "animate", "available_agents", "make_agent", "play_game",
           "register_agent", "wilson_interval"]
