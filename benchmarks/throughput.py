"""``frontierzoo bench``: how fast our games run, beside peers measured in the same run.

For each game asked for:

(a) the AEC loop: PettingZoo's canonical ``agent_iter`` / ``last`` / ``step`` loop over ``env()``
    (protections included) with a random agent;
(b) the vector env: ``vector_env(num_envs)`` stepped with batched random legal actions;
(c) jitted random rollouts: the game module's ``random_rollouts`` over a batch of games, one core;

each as steps/s (decisions/s) and games/s, the median of ``--repeats`` rounds (every loop once a
round); then the cold JIT compile time (a subprocess with an empty ``NUMBA_CACHE_DIR``: import +
first reset + first step + first rollout) and the cached start-up time (a second subprocess with
that cache now warm: from launching the interpreter to the first step done).

Peers, in the same run and with the same random policy (uniform over the legal actions):
PettingZoo ``connect_four_v3`` and ``texas_holdem_no_limit_v6`` AEC loops (their ``env()``, with
PettingZoo's standard wrappers, as users get them) and OpenSpiel ``connect_four`` random play,
always; beside a game, the peers its ``Game.bench_peers`` names (e.g. Catanatron random play), each
with a table of our loops' decisions/s and games/s over the peer's. A peer that is not installed is
reported as such. The targets are each game's ``Game.bench_targets`` and the start-up targets every
game shares (``TARGET_COLD``, ``TARGET_CACHED``).
"""
from __future__ import annotations

import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial

import numpy as np

from frontierzoo.cli.warmup import compile_side_by_side

# Every game's start-up targets (issue 12): with an empty cache, import to the first AEC step; with
# the cache warm, launching the interpreter to the first step.
TARGET_COLD = 10.0     # s
TARGET_CACHED = 1.0    # s


class NotInstalled(Exception):
    pass


def pick(mask, rng) -> int:
    """The random policy of the AEC loops here: uniform over the legal actions, as the random
    agent (agents/base.py) draws, at the least cost NumPy allows, since what the pick costs the
    bench would charge to the env: no method call or empty-mask check; the mask's own
    ``nonzero`` (``np.flatnonzero`` is a Python wrapper around it: 0.7 us more on Fantasy
    Frontier's 826 actions), on its bytes read as bools where it has one byte an entry (the
    ``int8`` 0/1 masks of PettingZoo's spaces): NumPy's ``nonzero`` has a fast path for bools
    only, 0.34 us against 1.8 us for the same 826 bytes as ``int8``; and a float scaled to the
    count, from ``rng`` a ``random.Random`` (Python's own generator: NumPy's ``Generator.random``
    parses its arguments on every call, and the pick took 0.4 us more with it, 1.40 against
    0.99 us on Fantasy Frontier's mask, 1.17 against 0.77 on connect_four's; ``integers``, 0.5 us
    more again). Every loop draws this way, the peers' too."""
    legal = (mask.view(np.bool_) if mask.itemsize == 1 else mask).nonzero()[0]
    return int(legal[int(rng.random() * legal.size)])


# --------------------------------------------------------------------------- measurements
def aec_loop(make_env, seconds, seed=0):
    """PettingZoo's canonical loop until ``seconds`` have passed (whole games only).

    Returns (steps/s, games/s, steps/game); a step is one decision (dead agents' ``None`` steps
    are not counted).
    """
    env = make_env()
    rng = random.Random(seed)   # pick's draws (see there)
    # Seeded once, in an untimed warm-up game (JIT or cache load, first-call costs); later games
    # reset without a seed, as training loops do (re-seeding rebuilds rlcard's whole env).
    _play_aec(env, seed, rng)
    steps = games = 0
    t0 = time.perf_counter()
    while True:
        steps += _play_aec(env, None, rng)
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt, games / dt, steps / games


def _play_aec(env, seed, rng) -> int:
    """One game, every seat played by ``pick``.

    Not :func:`frontierzoo.agents.match.play_game`, on purpose: this loop measures the env, and
    play_game's seat-to-agent dispatch, reward sums and hooks cost about 0.25 us a decision more,
    some 3% of our AEC step (the same games played both ways in interleaved runs, CPU time), which
    would read as the env's. The games are uniform random play, as a RandomAgent in every seat
    plays them (with other draws: ``pick``'s, from ``rng``).
    """
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
        else:
            env.step(pick(obs["action_mask"], rng))
            steps += 1
    return steps


def vector_loop(game_module, num_players, num_envs, seconds, seed=0):
    """``vector_env(num_envs)`` with batched random legal actions; every game's step counts."""
    venv = game_module.vector_env(num_envs, num_players=num_players)
    rng = np.random.default_rng(seed)
    venv.reset(seed=seed)
    venv.step(venv.random_actions(rng))  # compile before the clock starts
    steps = games = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(20):
            _, _, _, term, trunc, _ = venv.step(venv.random_actions(rng))
            games += int(term.sum() + trunc.sum())
        steps += 20 * num_envs
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt, games / dt, steps / max(games, 1)


def rollouts(game_module, num_players, batch, seconds, seed=0):
    """The game module's jitted ``random_rollouts`` over ``batch`` fresh games, repeated until
    ``seconds``."""
    game_module.random_rollouts(2, num_players=num_players, seed=seed)  # compile before the clock
    steps = games = 0
    rounds = 0
    t0 = time.perf_counter()
    while True:
        r = game_module.random_rollouts(batch, num_players=num_players, seed=seed + rounds)
        rounds += 1
        steps += r.decisions
        games += r.finished + r.truncated
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt, games / dt, steps / games


def openspiel_loop(name, seconds, seed=0):
    try:
        import pyspiel
    except ImportError:
        raise NotInstalled("open_spiel") from None
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(seed)
    steps = games = 0
    t0 = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            steps += 1
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt, games / dt, steps / games


def catanatron_loop(seconds, seed=0):
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        raise NotInstalled("catanatron") from None
    steps = games = 0
    t0 = time.perf_counter()
    while True:
        g = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)], seed=seed + games)
        g.play()
        steps += len(g.state.actions)
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt, games / dt, steps / games


def pettingzoo_classic(name):
    """A maker of PettingZoo classic ``name``'s ``env()``; NotInstalled without its extras."""
    import importlib
    import warnings

    warnings.filterwarnings("ignore", message=".*precision lowered.*")
    try:
        mod = importlib.import_module(f"pettingzoo.classic.{name}")
        mod.env().reset(seed=0)
    except ImportError as e:
        raise NotInstalled(f"pettingzoo[classic] ({e.name or e})") from None
    except Exception as e:  # a missing optional dependency can surface as another error
        if "rlcard" in str(e) or "pygame" in str(e):
            raise NotInstalled(f"pettingzoo[classic] ({e})") from None
        raise
    return mod.env


def _pettingzoo(name):
    maker = pettingzoo_classic(name)
    return lambda seconds: aec_loop(maker, seconds)


# name -> (row label, setup): setup() returns a measure(seconds) -> (steps/s, games/s, steps/game)
# or raises NotInstalled. A game names the extra peers it is measured beside in Game.bench_peers.
PEERS = {
    "connect_four_v3": ("PettingZoo connect_four_v3 (AEC)", lambda: _pettingzoo("connect_four_v3")),
    "texas_holdem_no_limit_v6": ("PettingZoo texas_holdem_no_limit_v6 (AEC)",
                                 lambda: _pettingzoo("texas_holdem_no_limit_v6")),
    "openspiel_connect_four": ("OpenSpiel connect_four",
                               lambda: lambda seconds: openspiel_loop("connect_four", seconds)),
    "catanatron": ("Catanatron 4 players (random)", lambda: catanatron_loop),
}
ALWAYS = ("connect_four_v3", "texas_holdem_no_limit_v6", "openspiel_connect_four")


# --------------------------------------------------------------------------- start-up times
_STARTUP_SCRIPT = r"""
import time
t_start = time.time()
p0 = time.perf_counter()
import json, resource, sys
import numpy as np
from frontierzoo.envs import game_module
p_import = time.perf_counter()
name, n = sys.argv[1], int(sys.argv[2])
mod = game_module(name)
env = mod.env(num_players=n)
env.reset(seed=0)
p_reset = time.perf_counter()
env.step(int(env.legal_actions()[0]))
p_step = time.perf_counter()
t_first_step = time.time()
out = {"import": p_import - p0, "reset": p_reset - p_import, "step": p_step - p_reset,
       "t_start": t_start, "t_first_step": t_first_step}
if sys.argv[3] == "and the rest":
    mod.random_rollouts(2, num_players=n, seed=1)
    p_roll = time.perf_counter()
    out["rollout"] = p_roll - p_step
    ru = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu"] = ru.ru_utime + ru.ru_stime
    v = mod.vector_env(2, num_players=n)
    v.reset(seed=0)
    v.step(v.random_actions(np.random.default_rng(0)))
    out["vector"] = time.perf_counter() - p_roll
print("STARTUP " + json.dumps(out))
"""


def run_startup(name, num_players, cache_dir, and_the_rest=False, pythonpath=None, extra_env=None):
    """One start of a game in a fresh interpreter, with ``cache_dir`` as Numba's cache: the seconds
    of its import, first reset and first step, and launch to the first step (``to_first_step``);
    ``and_the_rest`` then times compiling its rollouts and vector env too. ``pythonpath``: import
    the package from there (another version of it) rather than from this install; ``extra_env``:
    added to its environment."""
    # Numba's cache starts empty and is warm for the second run; Python keeps its bytecode as it
    # does by default on a user's machine (a PYTHONDONTWRITEBYTECODE of this shell's would have
    # every "cached" start compile the project's ~100 modules from source again, ~0.2 s). Not a
    # bytecode folder of the bench's own: that would recompile NumPy and Numba too (2-3 s), which
    # no user's first run pays.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NUMBA_CACHE_DIR"] = cache_dir
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    env.update(extra_env or {})
    mode = "and the rest" if and_the_rest else "first step"
    t0 = time.time()
    proc = subprocess.run([sys.executable, "-c", _STARTUP_SCRIPT, name, str(num_players), mode],
                          env=env, capture_output=True, text=True, cwd=tempfile.gettempdir() if pythonpath else None)
    wall = time.time() - t0
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("STARTUP ")), None)
    if proc.returncode != 0 or line is None:
        raise RuntimeError(f"start-up subprocess failed ({mode}):\n{proc.stderr[-2000:]}")
    out = json.loads(line[len("STARTUP "):])
    out["to_first_step"] = out["t_first_step"] - t0  # launch of the interpreter to the first step
    out["wall"] = wall
    return out


def startup_times(name, num_players):
    """Cold compile (empty cache) and cached start (that cache, now warm), each in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="frontierzoo-numba-") as cache_dir:
        cold = run_startup(name, num_players, cache_dir, and_the_rest=True)
        cached = run_startup(name, num_players, cache_dir)
    cold["compile"] = cold["import"] + cold["reset"] + cold["step"] + cold.get("rollout", 0.0)
    return cold, cached


HEAVY_IMPORTS = ("numba", "numpy", "gymnasium", "pettingzoo", "scipy", "matplotlib", "torch", "pygame")


def import_profile(top=10):
    """``python -X importtime -c 'import frontierzoo.envs'``: cumulative seconds of the big
    third-party packages and of frontierzoo's own modules, slowest first."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import frontierzoo.envs"],
                          capture_output=True, text=True)
    rows = {}
    for ln in proc.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+)\s+\|\s+(\d+)\s+\|\s*(\S+)", ln)
        if m and (m.group(3) in HEAVY_IMPORTS or m.group(3).startswith("frontierzoo")):
            rows[m.group(3)] = max(rows.get(m.group(3), 0.0), int(m.group(2)) / 1e6)
    return sorted(((sec, mod) for mod, sec in rows.items()), reverse=True)[:top]


# --------------------------------------------------------------------------- the run
def _medians_in_rounds(loops, repeats, log):
    """Run every loop once a round for ``repeats`` rounds; returns each loop's medians (decisions/s,
    games/s, decisions a game) and, apart, why a peer's loop could not run. Round by round, not
    each loop's runs together, so that a slow or fast spell of the host falls on every loop alike,
    the peers' too: run back to back, the ratios moved with the host's pace between one loop's runs
    and another's (Forfort read 8.6x and 13.9x of connect_four_v3 in two runs of 2026-12-06)."""
    runs: dict = {key: [] for key in loops}
    missing = {}
    for r in range(repeats):
        log(f"  round {r + 1} of {repeats} ...")
        for key, measure in loops.items():
            if key not in missing:
                try:
                    runs[key].append(measure())
                except NotInstalled as e:   # a peer's package, found missing on its first run
                    missing[key] = f"not installed: {e}"
    medians = {key: tuple(statistics.median(x[i] for x in got) for i in range(3))
               for key, got in runs.items() if key not in missing}
    return medians, missing


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for ln in f:
                if ln.startswith("model name"):
                    cpu = ln.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import numba

    try:
        load = " (load average at the start: {:.1f}, {:.1f}, {:.1f})".format(*os.getloadavg())
    except OSError:
        load = ""
    return (f"{cpu}, {os.cpu_count()} cores visible{load}; each measurement uses one core; {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}, NumPy {np.__version__}, "
            f"Numba {numba.__version__}")


def run_bench(games, players=None, repeats=5, seconds=2.0, num_envs=1024, batch=2000,
              startup=True, quick=False, log=print):
    """Measure everything; returns a dict the report is printed from. An unknown game is a
    ``ValueError`` before anything is measured."""
    from frontierzoo.envs import game_module, get_game

    chosen = [(game, game.default_players if players is None else game.check_players(players))
              for game in map(get_game, games)]
    if quick:
        repeats, seconds, num_envs, batch = min(repeats, 1), min(seconds, 0.25), min(num_envs, 64), min(batch, 200)
    res = {"ours": [], "peers": [], "startup": [], "repeats": repeats, "seconds": seconds, "machine": machine(),
           "num_envs": num_envs, "batch": batch}
    # every measured driver of every game built (or loaded) first, the games side by side; the
    # cold compile is timed on its own below, each game alone in a fresh process
    log(f"  compiling {len(chosen)} game{'s' if len(chosen) != 1 else ''} ...")
    compile_side_by_side([(game.name, n, (), True) for game, n in chosen])
    loops, notes = {}, {}
    peers = dict.fromkeys(ALWAYS + tuple(p for game, _ in chosen for p in game.bench_peers))
    for key in peers:
        try:
            loops[key] = partial(PEERS[key][1](), seconds)
        except NotInstalled as e:
            notes[key] = f"not installed: {e}"
    for game, n in chosen:
        mod = game_module(game.name)
        loops[game.name, "aec"] = partial(aec_loop, partial(mod.env, num_players=n), seconds)
        loops[game.name, "vec"] = partial(vector_loop, mod, n, num_envs, seconds)
        loops[game.name, "roll"] = partial(rollouts, mod, n, batch, seconds)
    log(f"  measuring {len(loops)} loops, {repeats} rounds of {seconds:g} s each ...")
    medians, missing = _medians_in_rounds(loops, repeats, log)
    notes.update(missing)
    for key in peers:
        res["peers"].append((key, PEERS[key][0], medians.get(key), notes.get(key)))
    for game, n in chosen:
        res["ours"].append({"game": game.name, "players": n, "peers": game.bench_peers,
                            "targets": dict(game.bench_targets),
                            "rows": [("AEC loop, random agent", medians[game.name, "aec"]),
                                     (f"vector env, {num_envs} games", medians[game.name, "vec"]),
                                     (f"jitted random_rollouts, batch {batch}", medians[game.name, "roll"])]})
    if startup:
        for game, n in chosen:
            log(f"  timing the cold compile and cached start of {game.name} (two subprocesses) ...")
            cold, cached = startup_times(game.name, n)
            res["startup"].append((game.name, n, cold, cached, import_profile()))
    return res


def rows(res) -> list:
    """The measurements as records (``frontierzoo bench --json/--csv``): each loop of each game and
    each peer, decisions/s, games/s and decisions a game, and each game's start-up times."""
    out = [{"what": "peer", "name": label, "players": None, "loop": key, "steps_per_s": fig and fig[0],
            "games_per_s": fig and fig[1], "steps_per_game": fig and fig[2], "note": note}
           for key, label, fig, note in res["peers"]]
    for ours in res["ours"]:
        out += [{"what": "ours", "name": ours["game"], "players": ours["players"], "loop": loop,
                 "steps_per_s": fig[0], "games_per_s": fig[1], "steps_per_game": fig[2], "note": None}
                for loop, fig in ours["rows"]]
    for name, n, cold, cached, _ in res["startup"]:
        out.append({"what": "startup", "name": name, "players": n, "loop": None, "steps_per_s": None,
                    "games_per_s": None, "steps_per_game": None, "note": None,
                    "cold_compile_s": round(cold["compile"], 3), "cached_start_s": round(cached["to_first_step"], 3)})
    return out


def _fmt(x):
    return "—" if x is None else (f"{x:,.0f}" if x >= 100 else f"{x:,.1f}")


def _pass(ok) -> str:
    return "PASS" if ok else "MISS"


def _beside(ours, peer) -> list:
    """A game's loops beside one of its own peers: decisions/s and games/s, and both ratios."""
    key, label, fig, note = peer
    out = [f"{ours['game']} ({ours['players']}p) beside {label}:", ""]
    if fig is None:
        return out + [f"- {note}", ""]
    short = label.split(" (")[0]
    out += [f"| loop | decisions/s | games/s | decisions/game | decisions/s vs {short} | games/s vs {short} |",
            "|---|---:|---:|---:|---:|---:|"]
    for what, (sps, gps, spg) in [(label, fig)] + [(f"{ours['game']} {w}", f) for w, f in ours["rows"]]:
        out.append(f"| {what} | {_fmt(sps)} | {_fmt(gps)} | {_fmt(spg)} | {sps / fig[0]:,.1f}x | {gps / fig[1]:,.1f}x |")
    return out + [""]


def _targets(res) -> list:
    """Each game's bench_targets against what was measured."""
    out = ["Targets (each game's own, Game.bench_targets, and the start-up targets every game shares):", ""]
    peer = {key: fig for key, _, fig, _ in res["peers"]}
    startup = {name: (cold, cached, prof) for name, _, cold, cached, prof in res["startup"]}
    for ours in res["ours"]:
        name, targets = f"{ours['game']} ({ours['players']}p)", ours["targets"]
        aec, roll = ours["rows"][0][1][0], ours["rows"][2][1][0]
        vec = ours["rows"][1][1][0]
        for kind, fig, what in (("rollout_steps_per_s", roll, "jitted rollouts"),
                                ("vector_steps_per_s", vec, "vector env")):
            if kind in targets:
                t = targets[kind]
                out.append(f"- {name} {what} >= {t:,} steps/s: {fig:,.0f} {_pass(fig >= t)}")
        games = ours["rows"][2][1][1]
        for kind, ours_fig, what in (("aec_vs", aec, "AEC loop decisions/s"),
                                     ("rollout_games_vs", games, "jitted rollouts games/s")):
            for key, t in targets.get(kind, {}).items():
                fig = peer.get(key)
                label = PEERS[key][0].split(" (")[0]
                theirs = None if not fig else (fig[0] if kind == "aec_vs" else fig[1])
                out.append(f"- {name} {what} >= {t:g}x {label}'s: "
                           + (f"{ours_fig / theirs:.1f}x {_pass(ours_fig / theirs >= t)}" if theirs
                              else "not measured (peer not installed)"))
        if ours["game"] not in startup:
            continue
        cold, cached, prof = startup[ours["game"]]
        first = cold["import"] + cold["reset"] + cold["step"]
        out.append(f"- {name} cold start <= {TARGET_COLD:g} s, import to the first step with an empty cache: "
                   f"{first:.1f} s {_pass(first <= TARGET_COLD)}")
        out.append(f"- {name} cached start < {TARGET_CACHED:g} s to the first step: {cached['to_first_step']:.2f} s "
                   f"{_pass(cached['to_first_step'] < TARGET_CACHED)}")
        if prof:
            out.append("  - where `import frontierzoo.envs` spends its time (python -X importtime, cumulative): "
                       + ", ".join(f"{mod} {sec:.2f} s" for sec, mod in prof))
    if not res["startup"]:
        out.append("- cold compile and cached start: not measured (--quick or --no-startup)")
    return out


def report(res, command) -> str:
    peers = res["peers"]
    out = [f"Command: `{command}`  ", f"Machine: {res['machine']}  ",
           f"Each figure: the median of {res['repeats']} runs of >= {res['seconds']:g} s each, every loop run "
           "once a round, the peers' too. "
           "A step is one decision (a Catanatron step is one of its actions, dice rolls included). "
           "Ratios: our steps/s over the peer's steps/s. The vector env's games/s counts games finished "
           "inside the window, so it reads low for long games and short windows.", ""]
    head = "| what | steps/s | games/s | steps/game |" + "".join(f" x {lbl.split(' (')[0]} |" for _, lbl, _, _ in peers)
    out += [head, "|---|---:|---:|---:|" + "---:|" * len(peers)]
    for ours in res["ours"]:
        for what, (sps, gps, spg) in ours["rows"]:
            ratios = "".join(f" {sps / fig[0]:,.1f}x |" if fig else " — |" for _, _, fig, _ in peers)
            out.append(f"| {ours['game']} ({ours['players']}p): {what} | {_fmt(sps)} | {_fmt(gps)} | {_fmt(spg)} |{ratios}")
    for _, label, fig, note in peers:
        if fig:
            out.append(f"| {label} | {_fmt(fig[0])} | {_fmt(fig[1])} | {_fmt(fig[2])} |" + " |" * len(peers))
        else:
            out.append(f"| {label} | {note} | | |" + " |" * len(peers))
    out.append("")
    for ours in res["ours"]:
        for key in ours["peers"]:
            out += _beside(ours, next(p for p in peers if p[0] == key))
    if res["startup"]:
        out += ["| game | cold JIT compile (empty cache) | its CPU time | of which import / reset / step / "
                "rollout | vector env compile (extra) | cached start to first step | of which import / reset / step |",
                "|---|---:|---:|---|---:|---:|---|"]
        for name, n, cold, cached, _ in res["startup"]:
            out.append(f"| {name} ({n}p) | {cold['compile']:.1f} s | {cold['cpu']:.1f} s | "
                       f"{cold['import']:.2f} / {cold['reset']:.1f} / "
                       f"{cold['step']:.1f} / {cold.get('rollout', 0):.1f} s | {cold.get('vector', 0):.1f} s | "
                       f"{cached['to_first_step']:.2f} s | {cached['import']:.2f} / {cached['reset']:.2f} / "
                       f"{cached['step']:.2f} s |")
        out.append("")
    return "\n".join(out + _targets(res))
