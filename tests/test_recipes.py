"""The recipes (training/recipes/): each runs, small, on a turn-based game and on Legends' Parallel
env; it plays the steps it was asked for, with masks only (its envs raise on an illegal action,
so a run that finishes took legal actions only), and its numbers are finite; a seed replays."""
import math

import pytest

pytest.importorskip("torch")
# TorchRL says which PettingZoo it was tested with (1.24.3); the recipe is tested here with ours
pytestmark = pytest.mark.filterwarnings("ignore:PettingZoo in TorchRL is tested")

TURN_BASED, PARALLEL = "forfort_v0", "legends_v1"
GAMES = [TURN_BASED, PARALLEL]
# small settings: a few hundred decisions, games cut off early so that some end
SMALL = {
    "cleanrl_ppo": dict(timesteps=128, num_envs=2, num_steps=32, epochs=2, max_steps=30),
    "tianshou_dqn": dict(timesteps=128, num_envs=2, collect=32, batch_size=32, max_steps=30),
    "torchrl_ppo": dict(timesteps=64, batch_steps=32, epochs=2, max_steps=30),
}
NEEDS = {"cleanrl_ppo": None, "tianshou_dqn": "tianshou", "torchrl_ppo": "torchrl"}


def recipe(name):
    if NEEDS[name]:
        pytest.importorskip(NEEDS[name])
    import importlib

    return importlib.import_module(f"frontierzoo.training.recipes.{name}")


def check(result, timesteps):
    assert result["steps"] >= timesteps
    assert result["updates"] >= 1 and result["episodes"] >= 1
    assert math.isfinite(result["loss"]) and math.isfinite(result["mean_return"])


@pytest.mark.parametrize("game", GAMES)
def test_cleanrl_ppo_runs_with_masks_only(game):
    m = recipe("cleanrl_ppo")
    lines = []
    check(m.run(game=game, seed=0, log=lines.append, **SMALL["cleanrl_ppo"]), SMALL["cleanrl_ppo"]["timesteps"])
    assert lines and "steps" in lines[-1]


@pytest.mark.parametrize("game", GAMES)
def test_cleanrl_ppo_replays_from_its_seed_and_not_from_another(game):
    m = recipe("cleanrl_ppo")
    kw = dict(SMALL["cleanrl_ppo"], game=game, log=lambda line: None)
    first, again, other = m.run(seed=5, **kw), m.run(seed=5, **kw), m.run(seed=6, **kw)
    assert first == again
    assert other != first


@pytest.mark.parametrize("game", GAMES)
def test_tianshou_dqn_runs_with_masks_only(game):
    m = recipe("tianshou_dqn")
    check(m.run(game=game, seed=0, log=lambda line: None, **SMALL["tianshou_dqn"]), SMALL["tianshou_dqn"]["timesteps"])


@pytest.mark.parametrize("game", GAMES)
def test_torchrl_ppo_runs_with_masks_only(game):
    m = recipe("torchrl_ppo")
    check(m.run(game=game, seed=0, log=lambda line: None, **SMALL["torchrl_ppo"]), SMALL["torchrl_ppo"]["timesteps"])


@pytest.mark.parametrize("name", ["tianshou_dqn", "torchrl_ppo"])
@pytest.mark.parametrize("game", GAMES)
def test_the_tianshou_and_torchrl_recipes_replay_from_their_seeds(name, game):
    m = recipe(name)
    kw = dict(SMALL[name], game=game, seed=2, log=lambda line: None)
    assert m.run(**kw) == m.run(**kw)


def test_every_recipe_plays_envs_that_raise_on_an_illegal_action():
    """What makes "it finished" mean "every action was legal": the envs the recipes play."""
    from frontierzoo.training.recipes import cleanrl_ppo

    views = [cleanrl_ppo.TurnBased(TURN_BASED, 1, 0, None, None).envs[0].aec,
             cleanrl_ppo.Simultaneous(PARALLEL, 1, 0, None, None).envs[0].aec]
    try:
        from frontierzoo.training.recipes import tianshou_dqn
    except ImportError:
        pass
    else:
        views += [tianshou_dqn.TurnBased(TURN_BASED, 0, None, None).env.unwrapped.aec,
                  tianshou_dqn.OneSeat(PARALLEL, 0, None, None, table=None).par.aec]
    try:
        from frontierzoo.training.recipes import torchrl_ppo
    except ImportError:
        pass
    else:
        views += [torchrl_ppo.make_env(TURN_BASED, None, None)._env,
                  torchrl_ppo.make_env(PARALLEL, None, None)._env.aec]
    assert all(v.illegal_action == "raise" for v in views)
    env = views[0]
    env.reset(seed=0)
    illegal = int(next(a for a, ok in enumerate(env.action_masks()) if not ok))
    with pytest.raises(ValueError):
        env.step(illegal)


def test_the_command_line_runs_a_recipe():
    m = recipe("cleanrl_ppo")
    result = m.main(["--game", TURN_BASED, "--timesteps", "64", "--num-envs", "1", "--num-steps", "64",
                     "--seed", "3", "--max-steps", "40"])
    check(result, 64)
