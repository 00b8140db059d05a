"""frontierzoo's agents: the protocol, a random agent, per-game heuristics, search and learned.

``make_agent(name, game, seed)`` builds an agent by name; ``AGENTS`` lists what each game has.
"""
from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
