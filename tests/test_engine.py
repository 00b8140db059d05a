"""The engine's own guarantees, beyond what the conformance kit checks per game."""
import os
import subprocess
import sys

import numpy as np

from frontierzoo.envs import all_games, make
from frontierzoo.envs.common.rng import seed_rng

PLAY = """
import numpy as np
from frontierzoo.envs import make
out = []
for name in {names!r}:
    env = make(name)
    env.reset(seed=5)
    for _ in range(40):
        env.step(int(env.legal_actions()[0]))
    out.append(float(env.observe(env.agent_selection)["observation"].sum()))
print(out)
"""


def _play(names, cache):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    r = subprocess.run([sys.executable, "-c", PLAY.format(names=names)], env=env,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_games_cached_in_separate_processes_load_together(tmp_path):
    """Each game's compiled drivers, cached by a process that used only that game, load side by
    side in one process (closures share names; the engine must keep their symbols apart)."""
    names = [g.name for g in all_games()]
    alone = [_play([n], tmp_path) for n in names]
    together = _play(names, tmp_path)
    assert together == "[" + ", ".join(a.strip("[]") for a in alone) + "]"


def test_rng_streams_differ_by_seed_and_repeat():
    a, b, c = (np.zeros(2, np.uint64) for _ in range(3))
    seed_rng(a, 1)
    seed_rng(b, 1)
    seed_rng(c, 2)
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_env_options_are_checked():
    for game in all_games():
        try:
            make(game.name, no_such_option=1)
        except (TypeError, ValueError) as e:
            assert "no_such_option" in str(e)
        else:
            raise AssertionError(f"{game.name} accepted an unknown option")
