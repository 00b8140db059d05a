"""``frontierzoo bench``: how fast our games run, beside peers measured in the same run.

For each game asked for (``forfort_v0`` by default):

(a) the AEC loop: PettingZoo's canonical ``agent_iter`` / ``last`` / ``step`` loop over ``env()``
    (protections included) with a random agent;
(b) the vector env: ``vector_env(num_envs)`` stepped with batched random legal actions;
(c) jitted random rollouts: the engine's ``random_rollouts`` over a batch of records, one core;

each as steps/s (decisions/s) and games/s, the median of ``--repeats`` runs; then the cold JIT
compile time (a subprocess with an empty ``NUMBA_CACHE_DIR``: import + first reset + first step +
first rollout) and the cached start-up time (a second subprocess with that cache now warm: from
launching the interpreter to the first step done).

Peers, in the same run and with the same random policy (``numpy`` choice over the legal actions):
PettingZoo ``connect_four_v3`` and ``texas_holdem_no_limit_v6`` AEC loops (their ``env()``, with
PettingZoo's standard wrappers, as users get them), OpenSpiel ``connect_four`` random play, and
Catanatron random play beside ``frontier_v0``. A peer that is not installed is reported as such.
"""
from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

TARGET_ROLLOUT = 1_000_000      # steps/s, jitted rollouts of 2-player Forfort on one core
TARGET_AEC_RATIO = 2.0          # our AEC loop over PettingZoo connect_four_v3
TARGET_COLD = 20.0              # s, cold JIT compile
TARGET_CACHED = 2.0             # s, interpreter start to first step with the cache warm


class NotInstalled(Exception):
    pass


def pick(mask, rng) -> int:
    """The one random policy every AEC loop here uses: uniform over the legal actions."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)])


# --------------------------------------------------------------------------- measurements
def aec_loop(make_env, seconds, seed=0):
    """PettingZoo's canonical loop until ``seconds`` have passed (whole games only).

    Returns (steps/s, games/s, steps/game); a step is one decision (dead agents' ``None`` steps
    are not counted).
    """
    env = make_env()
    rng = np.random.default_rng(seed)
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


def rollouts(game, num_players, batch, seconds, seed=0):
    """The jitted ``random_rollouts`` over ``batch`` fresh games, repeated until ``seconds``."""
    from frontierzoo.envs.common.engine import kernels

    k = kernels(game)
    opts = game.options(num_players)
    states = np.zeros(batch, dtype=game.dtype).view(np.uint8)
    k.random_rollouts(states[:2 * game.dtype.itemsize], num_players, opts, np.uint64(seed), 0)  # compile
    steps = games = 0
    rounds = 0
    t0 = time.perf_counter()
    while True:
        total, finished, cut = k.random_rollouts(states, num_players, opts, np.uint64(seed + rounds), 0)
        rounds += 1
        steps += int(total)
        games += int(finished + cut)
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


# --------------------------------------------------------------------------- start-up times
_STARTUP_SCRIPT = r"""
import time
t_start = time.time()
p0 = time.perf_counter()
import json, resource, sys
import numpy as np
from frontierzoo.envs import get_game, make
p_import = time.perf_counter()
name, n = sys.argv[1], int(sys.argv[2])
game = get_game(name)
env = make(name, num_players=n)
env.reset(seed=0)
p_reset = time.perf_counter()
env.step(int(env.legal_actions()[0]))
p_step = time.perf_counter()
t_first_step = time.time()
out = {"import": p_import - p0, "reset": p_reset - p_import, "step": p_step - p_reset,
       "t_start": t_start, "t_first_step": t_first_step}
if sys.argv[3] == "cold":
    from frontierzoo.envs.common.engine import kernels
    k = kernels(game)
    k.random_rollouts(np.zeros(2, game.dtype).view(np.uint8), n, game.options(n), np.uint64(1), 0)
    p_roll = time.perf_counter()
    out["rollout"] = p_roll - p_step
    ru = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu"] = ru.ru_utime + ru.ru_stime
    mod = sys.modules[game.core.__name__.rsplit(".", 1)[0]]
    if hasattr(mod, "vector_env"):
        v = mod.vector_env(2, num_players=n)
        v.reset(seed=0)
        v.step(v.random_actions(np.random.default_rng(0)))
        out["vector"] = time.perf_counter() - p_roll
print("STARTUP " + json.dumps(out))
"""


def _run_startup(name, num_players, mode, cache_dir):
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    t0 = time.time()
    proc = subprocess.run([sys.executable, "-c", _STARTUP_SCRIPT, name, str(num_players), mode],
                          env=env, capture_output=True, text=True)
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
        cold = _run_startup(name, num_players, "cold", cache_dir)
        cached = _run_startup(name, num_players, "cached", cache_dir)
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
def _median_of(fn, repeats):
    runs = [fn() for _ in range(repeats)]
    return tuple(statistics.median(r[i] for r in runs) for i in range(3))


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


PEERS = [
    ("PettingZoo connect_four_v3 (AEC)", "pz_c4"),
    ("PettingZoo texas_holdem_no_limit_v6 (AEC)", "pz_holdem"),
    ("OpenSpiel connect_four", "os_c4"),
]


def run_bench(games=("forfort_v0",), players=None, repeats=5, seconds=2.0, num_envs=256, batch=2000,
              startup=True, quick=False, log=print):
    """Measure everything; returns a dict the report is printed from."""
    from frontierzoo.envs import get_game

    if quick:
        repeats, seconds, num_envs, batch = min(repeats, 1), min(seconds, 0.25), min(num_envs, 64), min(batch, 200)
    res = {"ours": [], "peers": [], "startup": [], "repeats": repeats, "seconds": seconds, "machine": machine(),
           "num_envs": num_envs, "batch": batch}
    peers = list(PEERS)
    if "frontier_v0" in games:
        peers.append(("Catanatron 4 players (random)", "catan"))
    for label, key in peers:
        log(f"  measuring {label} ...")
        try:
            if key == "pz_c4":
                maker = pettingzoo_classic("connect_four_v3")
                fig = _median_of(lambda: aec_loop(maker, seconds), repeats)
            elif key == "pz_holdem":
                maker = pettingzoo_classic("texas_holdem_no_limit_v6")
                fig = _median_of(lambda: aec_loop(maker, seconds), repeats)
            elif key == "os_c4":
                fig = _median_of(lambda: openspiel_loop("connect_four", seconds), repeats)
            else:
                fig = _median_of(lambda: catanatron_loop(seconds), repeats)
            res["peers"].append((label, key, fig, None))
        except NotInstalled as e:
            res["peers"].append((label, key, None, f"not installed: {e}"))
    for name in games:
        game = get_game(name)
        n = game.default_players if players is None else players
        import importlib

        mod = importlib.import_module(f"frontierzoo.envs.{name.rsplit('_v', 1)[0]}")
        log(f"  measuring {name} ({n} players) ...")
        aec = _median_of(lambda: aec_loop(lambda: mod.env(num_players=n), seconds), repeats)
        vec = _median_of(lambda: vector_loop(mod, n, num_envs, seconds), repeats)
        roll = _median_of(lambda: rollouts(game, n, batch, seconds), repeats)
        res["ours"].append((name, n, [("AEC loop, random agent", aec),
                                      (f"vector env, {num_envs} games", vec),
                                      (f"jitted random_rollouts, batch {batch}", roll)]))
        if startup:
            log(f"  timing the cold compile and cached start of {name} (two subprocesses) ...")
            cold, cached = startup_times(name, n)
            prof = import_profile()
            res["startup"].append((name, n, cold, cached, prof))
    return res


def _fmt(x):
    return "—" if x is None else (f"{x:,.0f}" if x >= 100 else f"{x:,.1f}")


def report(res, command) -> str:
    peers = [p for p in res["peers"]]
    out = [f"Command: `{command}`  ", f"Machine: {res['machine']}  ",
           f"Each figure: the median of {res['repeats']} runs of >= {res['seconds']:g} s each. "
           "A step is one decision (a Catanatron step is one of its actions, dice rolls included). "
           "Ratios: our steps/s over the peer's steps/s. The vector env's games/s counts games finished "
           "inside the window, so it reads low for long games and short windows.", ""]
    head = "| what | steps/s | games/s | steps/game |" + "".join(f" x {lbl.split(' (')[0]} |" for lbl, *_ in peers)
    out += [head, "|---|---:|---:|---:|" + "---:|" * len(peers)]
    for name, n, rows in res["ours"]:
        for what, (sps, gps, spg) in rows:
            ratios = "".join(f" {sps / fig[0]:,.1f}x |" if fig else " — |" for _, _, fig, _ in peers)
            out.append(f"| {name} ({n}p): {what} | {_fmt(sps)} | {_fmt(gps)} | {_fmt(spg)} |{ratios}")
    for label, _, fig, note in peers:
        if fig:
            out.append(f"| {label} | {_fmt(fig[0])} | {_fmt(fig[1])} | {_fmt(fig[2])} |" + " |" * len(peers))
        else:
            out.append(f"| {label} | {note} | | |" + " |" * len(peers))
    out.append("")
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
    out += ["Targets:", ""]
    c4 = next((fig for _, key, fig, _ in peers if key == "pz_c4"), None)
    for name, n, rows in res["ours"]:
        roll = rows[2][1][0]
        if name == "forfort_v0" and n == 2:
            out.append(f"- jitted rollouts of 2-player Forfort >= {TARGET_ROLLOUT:,} steps/s: {roll:,.0f} "
                       f"{'PASS' if roll >= TARGET_ROLLOUT else 'MISS'}")
        aec = rows[0][1][0]
        if c4:
            r = aec / c4[0]
            out.append(f"- {name} AEC loop >= {TARGET_AEC_RATIO:g}x PettingZoo connect_four_v3: {r:.1f}x "
                       f"{'PASS' if r >= TARGET_AEC_RATIO else 'MISS'}")
        else:
            out.append(f"- {name} AEC loop >= {TARGET_AEC_RATIO:g}x connect_four_v3: not measured (peer not installed)")
    for name, n, cold, cached, prof in res["startup"]:
        out.append(f"- {name} cold compile < {TARGET_COLD:g} s: {cold['compile']:.1f} s "
                   f"{'PASS' if cold['compile'] < TARGET_COLD else 'MISS'}")
        out.append(f"- {name} cached start < {TARGET_CACHED:g} s to the first step: {cached['to_first_step']:.2f} s "
                   f"{'PASS' if cached['to_first_step'] < TARGET_CACHED else 'MISS'}")
        if prof:
            out.append("  - where `import frontierzoo.envs` spends its time (python -X importtime, cumulative): "
                       + ", ".join(f"{mod} {sec:.2f} s" for sec, mod in prof))
    if not res["startup"]:
        out.append("- cold compile and cached start: not measured (--quick or --no-startup)")
    return "\n".join(out)


def add_arguments(p) -> None:
    p.add_argument("--game", action="append", metavar="GAME",
                   help="a game to measure (repeatable; default forfort_v0)")
    p.add_argument("--players", type=int, help="seats (default: each game's default, 2 for forfort_v0)")
    p.add_argument("--repeats", type=int, default=5, help="runs per figure; the median is reported (default 5)")
    p.add_argument("--seconds", type=float, default=2.0, help="length of each run in seconds (default 2)")
    p.add_argument("--num-envs", type=int, default=256, help="games in the vector env (default 256)")
    p.add_argument("--batch", type=int, default=2000, help="games per random_rollouts call (default 2000)")
    p.add_argument("--quick", action="store_true",
                   help="a short run (1 repeat of 0.25 s, small batches, no start-up subprocesses unless "
                        "--startup): checks that everything runs, not the figures")
    p.add_argument("--startup", action="store_true", help="time the cold compile and cached start even with --quick")
    p.add_argument("--no-startup", action="store_true", help="skip the cold compile and cached start (~1 min)")
    p.add_argument("--output", metavar="FILE", help="also write the report as markdown to FILE (e.g. benchmarks/RESULTS.md)")


def main(args) -> int:
    games = args.game or ["forfort_v0"]
    if args.repeats < 1 or args.seconds <= 0 or args.num_envs < 1 or args.batch < 1:
        raise SystemExit("frontierzoo bench: --repeats, --seconds, --num-envs and --batch must be positive")
    startup = (args.startup or not args.quick) and not args.no_startup
    command = "frontierzoo bench" + "".join(" " + a for a in (args.argv or []))
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    try:
        res = run_bench(games, args.players, args.repeats, args.seconds, args.num_envs, args.batch,
                        startup=startup, quick=args.quick, log=log)
    except ValueError as e:
        raise SystemExit(f"frontierzoo bench: {e}")
    text = report(res, command)
    print(text)
    if args.output:
        with open(args.output, "w") as f:
            f.write("# frontierzoo throughput\n\nWritten by `frontierzoo bench --output`. "
                    "Every figure below comes from one run of the command shown.\n\n" + text + "\n")
    return 0
