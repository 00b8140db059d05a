"""Shared fixtures: every registered game and every seat count and option set it must pass."""
import os

import pytest

# One math thread a test process, as every tool but `train` takes (cli.one_math_thread): the run is
# two xdist workers on two cores, and torch's default of a thread a core in each stalls the other.
# Measured beside busy cores: the airship_prospects test took 45 s at torch's default, 2.4 s at one.
os.environ.setdefault("OMP_NUM_THREADS", "1")

from frontierzoo.envs import all_games


def game_configs():
    """(game, kwargs) for every registered game and each configuration it lists."""
    return [(g, cfg) for g in all_games() for cfg in g.configs()]


def config_id(gc):
    g, cfg = gc
    return g.name + "-" + "-".join(f"{k}={v}" for k, v in cfg.items())


def is_default_table(gc):
    """The game as ``make(name)`` deals it: its default seat count, no option set."""
    g, cfg = gc
    return cfg == {"num_players": g.default_players}


CONFIGS = game_configs()


# Each game's default table runs in the default test run; every other seat count and option set
# is marked ``full`` (CI runs them all: ``.ci/run``'s ``-m "full and not slow"`` step), so that
# the default run keeps every check of the kit on every game within its few minutes.
@pytest.fixture(params=[pytest.param(c, marks=() if is_default_table(c) else pytest.mark.full) for c in CONFIGS],
                ids=[config_id(c) for c in CONFIGS])
def game_config(request):
    return request.param


MARKERS = (
    "slow: long fuzz and training runs (`pytest -m slow`)",
    "full: the rest of what CI runs beside the default run: the conformance kit past each game's "
    "default table, the notebooks, the compile cache's fresh processes (`pytest -m 'full and not slow'`)",
)


def pytest_configure(config):
    """The markers; then, under xdist (the README's `pytest -n 2`), the controller builds every game's compiled code
    and its agents' side by side before the workers start, so that the workers load it from the
    cache instead of each building the same games at the same time. A run without -n skips this."""
    for line in MARKERS:
        config.addinivalue_line("markers", line)
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", default=None):
        return
    from frontierzoo.agents import available_agents
    from frontierzoo.cli.warmup import compile_side_by_side

    # "ppo" has no compiled code of its own (torch): building it would only import torch
    compile_side_by_side([(g.name, g.default_players, [a for a in available_agents(g.name) if a != "ppo"], True)
                          for g in all_games()], load_here=False)


@pytest.fixture(autouse=True)
def _temporary_files_in_tmp_path(tmp_path, monkeypatch):
    """What a test, a notebook kernel or a subprocess writes to the temporary folder goes to the
    test's own tmp_path, which pytest keeps for three runs only: CI runs on a developer's machine,
    and folders left in /tmp by every run (a notebook's training output, SB3's log folders) add up."""
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
