"""Shared fixtures: every registered game and every seat count and option set it must pass."""
import pytest

from frontierzoo.envs import all_games


def game_configs():
    """(game, kwargs) for every registered game and each configuration it lists."""
    return [(g, cfg) for g in all_games() for cfg in g.configs()]


def config_id(gc):
    g, cfg = gc
    return g.name + "-" + "-".join(f"{k}={v}" for k, v in cfg.items())


CONFIGS = game_configs()


@pytest.fixture(params=CONFIGS, ids=[config_id(c) for c in CONFIGS])
def game_config(request):
    return request.param
