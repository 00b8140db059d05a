"""A seeded game drawn into an animation in one call: :func:`animate`.

It plays the game through the match loop (:func:`~frontierzoo.agents.match.play_game`) and draws
a frame after every decision, each with the decision and what followed it, from one seat's view
or the full view; the frames are written by imageio (``envs/common/render.write_animation``).
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from frontierzoo.envs import get_game, make
from frontierzoo.envs.common.render import check_animation_path, write_animation

from . import make_agent
from .base import Agent
from .match import play_game


def animate(game_name: str, agents: Sequence[str | Agent] | None = None, seed: int = 0,
            path: str | os.PathLike = "game.gif", seat: int | str | None = None, max_frames: int = 200,
            fps: float = 2, dpi: float = 60, num_players: int | None = None, **options: Any) -> int:
    """Play one seeded game of ``game_name`` and write it to ``path`` as a looping GIF (or an MP4
    when ``path`` ends in ``.mp4`` and the imageio-ffmpeg package is installed).

    ``agents``: one a seat, names (``make_agent``'s) or agents; default random. ``seed`` seeds the
    deal and the agents. One frame for the opening position and one after each decision, from
    ``seat``'s view (a seat number or agent name: its own hidden cards, nobody else's; None: the
    full view, every hand shown), at most ``max_frames`` (the game is cut off there), ``fps``
    frames a second, ``dpi`` pixels an inch. ``options``: the game's own. Returns the frames
    written."""
    check_animation_path(path)
    if max_frames < 1:
        raise ValueError(f"animate: max_frames must be at least 1, got {max_frames!r}")
    game = get_game(game_name)
    n = game.default_players if num_players is None else num_players
    env = make(game_name, num_players=n, render_mode="rgb_array", **options)
    agents = ["random"] * env.num_players if agents is None else list(agents)
    if len(agents) != env.num_players:
        raise ValueError(f"animate: {len(agents)} agents for {env.num_players} seats")
    import numpy as np

    env_seed, *agent_seeds = (int(w) for w in np.random.SeedSequence(seed).generate_state(1 + n, np.uint64))
    agents = [make_agent(a, game_name, seed=agent_seeds[i]) if isinstance(a, str) else a for i, a in enumerate(agents)]
    frames = []

    def draw(env, name, action):        # before each decision: the position the last one left
        frames.append(env.render_view(seat, "rgb_array", dpi=dpi))

    play_game(env, agents, seed=env_seed, agent_seeds=agent_seeds, on_decision=draw, max_decisions=max_frames - 1)  # type: ignore[arg-type]
    frames.append(env.render_view(seat, "rgb_array", dpi=dpi))
    return write_animation(frames, path, fps)
