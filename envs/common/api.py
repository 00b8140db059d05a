"""The functions of a game's module (``forfort_v0.env()``, ``vector_env()``, ``random_rollouts()``),
made once for every game from its :class:`~frontierzoo.envs.common.game.Game`.

A game's ``__init__.py`` is then three lines: its ``GAME``, ``globals().update(module_api(GAME))``
and the docstring ``GAME.module_doc(...)`` writes from the game's declarations.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from .aec import FrontierZooEnv
    from .game import Game
    from .parallel import FrontierZooParallelEnv
    from .vector import VectorEnv


@dataclass(frozen=True)
class Rollouts:
    """What ``random_rollouts`` played: decisions, games ended by the rules, games cut at
    ``max_steps``, and the wall-clock seconds the compiled call took."""
    decisions: int
    finished: int
    truncated: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / max(self.seconds, 1e-12)


def module_api(game: Game) -> dict[str, Any]:
    """``env``, ``raw_env``, ``vector_env`` and ``random_rollouts`` for ``game``."""
    from .aec import FrontierZooEnv, seed_value
    from .engine import kernels
    from .vector import VectorEnv

    opts_doc = f"\n\n    Game options: {', '.join(f'``{k}={v!r}``' for k, v in game.option_defaults.items())}." \
        if game.option_defaults else ""

    def raw_env(num_players: int = game.default_players, render_mode: str | None = None,
                **kwargs: Any) -> FrontierZooEnv:
        return FrontierZooEnv(game, num_players=num_players, render_mode=render_mode, **kwargs)

    def env(num_players: int = game.default_players, render_mode: str | None = None,
            **kwargs: Any) -> FrontierZooEnv:
        return raw_env(num_players=num_players, render_mode=render_mode, **kwargs)

    def vector_env(num_envs: int, num_players: int = game.default_players, **kwargs: Any) -> VectorEnv:
        return VectorEnv(game, num_envs, num_players=num_players, **kwargs)

    def random_rollouts(num_games: int, num_players: int = game.default_players, seed: int | None = 0,
                        max_steps: int | None = None, **options: Any) -> Rollouts:
        if isinstance(num_games, (bool, np.bool_)) or not isinstance(num_games, (int, np.integer)) or num_games < 1:
            raise ValueError(f"{game.name}: num_games must be a positive int, got {num_games!r}")
        if max_steps is not None and (isinstance(max_steps, (bool, np.bool_))
                                      or not isinstance(max_steps, (int, np.integer)) or max_steps < 1):
            raise ValueError(f"{game.name}: max_steps must be a positive int or None, got {max_steps!r}")
        n = game.check_players(num_players)
        opts = game.options(n, **options)
        states = np.zeros(int(num_games), game.dtype)
        t0 = time.perf_counter()
        d, f, c = kernels(game).random_rollouts(states.view(np.uint8), n, opts, np.uint64(seed_value(seed)),
                                                0 if max_steps is None else int(max_steps))
        return Rollouts(int(d), int(f), int(c), time.perf_counter() - t0)

    raw_env.__doc__ = (f"The {game.name} AEC env ({game.title}).\n\n    ``num_players``: one of "
                       f"{list(game.player_counts)}; ``render_mode``: None, \"human\", \"ansi\" or "
                       f"\"rgb_array\"; further keywords: ``illegal_action`` (\"raise\" or \"lose\"), "
                       f"``max_steps``, ``reward`` (\"win\" or \"vp\"): see "
                       f":class:`~frontierzoo.envs.common.aec.FrontierZooEnv`.{opts_doc}")
    env.__doc__ = ("Same as :func:`raw_env`: the call-order, bounds and illegal-move checks that "
                   "PettingZoo's wrappers add are built into the env itself, at a fraction of their cost.")
    vector_env.__doc__ = (f"``num_envs`` {game.name} games stepped together in one compiled call, with "
                          f"automatic resets (:class:`~frontierzoo.envs.common.vector.VectorEnv`).{opts_doc}")
    random_rollouts.__doc__ = (f"Play ``num_games`` {game.name} games from fresh deals, uniformly at random, "
                               "in one compiled call on one core; returns a :class:`Rollouts` (decisions, "
                               "games finished, games truncated at ``max_steps``, seconds). Seeded: the "
                               f"same seed plays the same games.{opts_doc}")
    api = {"env": env, "raw_env": raw_env, "vector_env": vector_env, "random_rollouts": random_rollouts,
           "Rollouts": Rollouts}
    if game.no_parallel_reason is None:   # a game whose seats decide simultaneously (parallel.py)
        from .parallel import FrontierZooParallelEnv

        def parallel_env(num_players: int = game.default_players, render_mode: str | None = None,
                         **kwargs: Any) -> FrontierZooParallelEnv:
            return FrontierZooParallelEnv(game, num_players=num_players, render_mode=render_mode, **kwargs)

        parallel_env.__doc__ = (f"The {game.name} Parallel env: one step takes the actions of every seat with "
                                f"a pending decision (:class:`~frontierzoo.envs.common.parallel."
                                f"FrontierZooParallelEnv`); same keywords as :func:`raw_env`.{opts_doc}")
        api["parallel_env"] = parallel_env
    return api
