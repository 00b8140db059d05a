"""Compiling games side by side, before the work that needs them.

A game's compiled code is built once per machine and kept in Numba's on-disk cache, keyed by the
game's sources (``envs/common/jit.py``); a later process loads it in about a second. Building it
takes tens of seconds a game on one core, and a process builds one function at a time, so a tool
that needs several games (the arena, the bench, the test suite) would otherwise sit silent for
minutes on one core. :func:`compile_side_by_side` builds them in worker processes, one job (a game,
a seat count and the agents to play it) per process at a time, as many at once as there are cores,
with a progress bar; each worker writes the cache, and the caller then only loads.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

import numpy as np

from frontierzoo.envs import get_game, make

from frontierzoo.agents import make_agent
from frontierzoo.agents.base import usable_cores
from frontierzoo.agents.match import play_batch


def warm_up(game_name: str, num_players: int, agent_names=(), engine=False) -> None:
    """Compile (or load from the cache) what plays the game: the batched driver the arena plays
    through, and each agent's own compiled code (each agent makes one decision in a fresh game).
    ``engine``: every other driver too (the AEC env, the vector env, rollouts, the fuzz), as the
    test suite and the bench use them."""
    for name in agent_names or ("random",):
        agent = make_agent(name, game_name, seed=0)
        play_batch(game_name, [[agent] * num_players], [0], max_rounds=1)
    if engine:
        from frontierzoo.envs.common.engine import kernels
        from frontierzoo.envs.common.registry import game_module

        env = make(game_name, num_players=num_players)
        env.reset(seed=0)
        env.step(int(env.legal_actions()[0]))
        game = get_game(game_name)
        module = game_module(game_name)
        vec = module.vector_env(2, num_players=num_players)
        vec.reset(seed=0)
        vec.step(vec.random_actions(np.random.default_rng(0)))
        module.random_rollouts(1, num_players=num_players, seed=0)
        states = np.zeros(1, game.dtype)
        kernels(game).fuzz(states.view(np.uint8), num_players, game.options(num_players), np.uint64(0), 1)
        kernels(game).observe_seat(states.view(np.uint8), 0)


def _build_elsewhere(job) -> None:
    """:func:`warm_up` of ``job`` in a new Python process (which writes the cache)."""
    r = subprocess.run([sys.executable, "-m", __name__, json.dumps(job)], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"compiling {job[0]} failed:\n{r.stderr[-3000:]}")


def _job(game_name, num_players, agent_names=(), engine=False) -> tuple:
    return game_name, num_players, tuple(agent_names), bool(engine)


def compile_side_by_side(jobs, processes=None, progress=True, load_here=True) -> float:
    """Run :func:`warm_up` for each job ``(game_name, num_players, agent_names, engine)`` in up to
    ``processes`` worker processes (default: the cores this process may use), then in this one,
    which now only loads from the cache (unless ``load_here`` is False: a caller that only
    prepares the cache for other processes). Returns the wall-clock seconds. With one job or one
    process the jobs run here, one after another, under the same progress bar."""
    from tqdm import tqdm

    jobs = [_job(*j) for j in jobs]
    t0 = time.perf_counter()
    # A game's compiled code does not depend on the seat count: the workers build each game once,
    # with every agent any of its jobs names.
    per_game = {}
    for game_name, num_players, agents, engine in jobs:
        _, _, known, built = per_game.get(game_name, (game_name, num_players, (), False))
        per_game[game_name] = (game_name, num_players, tuple(dict.fromkeys(known + agents)), built or engine)
    workers = min(processes or usable_cores(), len(per_game))
    bar = tqdm(total=len(per_game), unit="game", disable=not progress, file=sys.stderr, dynamic_ncols=True,
               desc=f"compiling on {workers} core{'s' if workers != 1 else ''}")
    if workers > 1:
        # each build in a fresh interpreter (not a fork or spawn of this one: the caller's own
        # script is never re-run, and nothing it imported or started is inherited)
        with ThreadPoolExecutor(workers) as pool:
            futures = {pool.submit(_build_elsewhere, job): name for name, job in per_game.items()}
            for done in as_completed(futures):
                done.result()
                bar.set_postfix_str(futures[done])
                bar.update(1)
    else:
        for name, job in per_game.items():
            bar.set_postfix_str(name)
            warm_up(*job)
            bar.update(1)
    bar.close()
    for job in jobs if load_here else ():     # loads from the cache the workers wrote
        warm_up(*job)
    return time.perf_counter() - t0


if __name__ == "__main__":     # a worker of compile_side_by_side: one job, given as JSON
    warm_up(*json.loads(sys.argv[1]))
