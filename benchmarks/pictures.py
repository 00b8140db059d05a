"""How long a picture takes: for each game, the time from asking to a drawn frame, as an RGB array
(``env.render_view(None, "rgb_array")``), as SVG text (``"svg"``) and as a frame served by
``frontierzoo serve`` (the page's "Step": a request through the web application, a bot's decision
and the SVG answered as JSON, over Flask's test client, so without the network); and the frames a
second :func:`frontierzoo.agents.animate` draws and writes a GIF at.

    python -m frontierzoo.benchmarks.pictures [--frames 20] [--game forfort_v0 ...]

Every figure is the median over ``--frames`` positions of one seeded random game (each position
drawn once: a served frame is never one already drawn), wall-clock, after one warm-up frame
(imports, the first compile). It prints a markdown table; the figures go into RESULTS.md by hand
with the machine's load beside them, since the drawing is pure Python and a busy machine slows it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

import numpy as np

from frontierzoo.envs import all_games, get_game, make

SERVED_TARGET_MS = 100


def played(game_name, decisions, seed=1):
    """An env with a render mode, ``decisions`` random decisions into a seeded game (fewer if it
    ends)."""
    env = make(game_name, render_mode="ansi")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        if not env.agents:
            break
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    return env


def frame_ms(game_name, mode, frames) -> float:
    """The median time of ``env.render_view(None, mode)`` over ``frames`` positions of a game."""
    times = []
    env = played(game_name, 0)
    env.render_view(None, mode)
    rng = np.random.default_rng(0)
    for _ in range(frames):
        if not env.agents:
            break
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        t = time.perf_counter()
        env.render_view(None, mode)
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def served_ms(game_name, frames) -> tuple:
    """The median time of the page's "Step" at a watched table of random bots (the request, the
    decision, the new frame drawn and the JSON answer), wall-clock and this process's CPU time (the
    wall time it would take on an idle core)."""
    from frontierzoo.cli.serve.app import create_app

    client = create_app().test_client()
    n = get_game(game_name).default_players
    tid = client.post("/api/tables", json={"game": game_name, "players": n, "seed": 1,
                                            "seats": ["random"] * n}).json["id"]
    times, cpu = [], []
    for _ in range(frames + 1):
        t, c = time.perf_counter(), time.process_time()
        r = client.post(f"/api/tables/{tid}/forward", json={})
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        if r.status_code != 200 or r.json["over"]:
            break
    return 1000 * statistics.median(times[1:] or times), 1000 * statistics.median(cpu[1:] or cpu)


def animation_fps(game_name, frames) -> float:
    """Frames a second of ``animate`` (play, draw at its default 60 dpi, write the GIF)."""
    from frontierzoo.agents import animate

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.gif")
        animate(game_name, seed=1, path=path, max_frames=2)      # warm-up
        t = time.perf_counter()
        written = animate(game_name, seed=1, path=path, max_frames=frames)
        return written / (time.perf_counter() - t)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m frontierzoo.benchmarks.pictures", description=__doc__.split("\n\n")[0])
    p.add_argument("--frames", type=int, default=20, help="positions measured a game (default 20)")
    p.add_argument("--game", nargs="+", metavar="GAME", help="games (default: every registered game)")
    args = p.parse_args(argv)
    if args.frames < 1:
        p.error(f"--frames must be at least 1, got {args.frames}")
    names = args.game or [g.name for g in all_games()]
    for name in names:
        get_game(name)                  # an unknown game is refused before anything is measured
    print(f"| game | rgb_array (ms) | svg (ms) | served frame (ms; target < {SERVED_TARGET_MS}) | its CPU time (ms) "
          "| animation (frames/s) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        rgb, svg = frame_ms(name, "rgb_array", args.frames), frame_ms(name, "svg", args.frames)
        (served, cpu), fps = served_ms(name, args.frames), animation_fps(name, args.frames)
        print(f"| {name} | {rgb:.0f} | {svg:.0f} | {served:.0f} | {cpu:.0f} | {fps:.1f} |", flush=True)
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
