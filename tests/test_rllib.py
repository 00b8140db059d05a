"""The RLlib environment and PPO self-play on Ray (training/rllib.py).

The default run builds the RLlib env over two games and plays whole games through its API beside
the PettingZoo env they wrap; the slow one trains on a local Ray cluster and checks that the policy
beats the random agent more often after training than before.
"""
import json
import shutil
import tempfile

import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason="Ray RLlib is not installed (pip install -e '.[rllib]')")

from gymnasium import spaces  # noqa: E402
from ray.rllib.env.multi_agent_env import MultiAgentEnv  # noqa: E402

from frontierzoo.envs import make  # noqa: E402
from frontierzoo.training.rllib import MaskedPPOModule, RLlibGameEnv  # noqa: E402


def play_beside(game, seed, **kwargs):
    """One game with random legal moves through the RLlib env, the same moves played on a
    PettingZoo env of the same deal; checks every observation against it on the way and returns
    (rllib rewards summed per seat, pettingzoo rewards summed per seat, steps, last step's flags)."""
    env = RLlibGameEnv({"game": game, **kwargs})
    aec = make(game, **kwargs)
    obs, infos = env.reset(seed=seed)
    aec.reset(seed=int(np.random.default_rng(seed).integers(2**63)))   # the RLlib env's first deal
    rng = np.random.default_rng(seed)
    ours = dict.fromkeys(env.possible_agents, 0.0)
    theirs = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    while True:
        # turn-based: exactly the seat to act is observed, and its view is the PettingZoo env's
        assert list(obs) == [aec.agent_selection]
        (agent, o), = obs.items()
        assert env.observation_spaces[agent].contains(o)
        expected = aec.observe(agent)
        np.testing.assert_array_equal(o["observations"], expected["observation"])
        np.testing.assert_array_equal(o["action_mask"], expected["action_mask"])
        assert o["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(o["action_mask"])))
        obs, rewards, terms, truncs, infos = env.step({agent: action})
        aec.step(action)
        steps += 1
        for a in env.possible_agents:
            theirs[a] += aec.rewards[a]
        assert set(rewards) == set(obs)   # a reward comes with the observation it belongs to
        for a, r in rewards.items():
            ours[a] += r
        if terms["__all__"] or truncs["__all__"]:
            break
        assert not any(aec.terminations.values()) and not any(aec.truncations.values())
    # the end: every seat sees it, with its own view of the last position
    assert set(obs) == set(env.possible_agents)
    for a, o in obs.items():
        assert env.observation_spaces[a].contains(o)
        np.testing.assert_array_equal(o["observations"], aec.observe(a)["observation"])
    return ours, theirs, steps, (terms, truncs)


@pytest.mark.parametrize("game,kwargs", [("forfort_v0", {"num_players": 2}),
                                         ("forfort_v0", {"num_players": 3}),
                                         ("frontier_v0", {"num_players": 3})],
                         ids=["forfort-2", "forfort-3", "frontier-3"])
def test_the_rllib_env_plays_whole_games_as_the_pettingzoo_env(game, kwargs):
    env = RLlibGameEnv({"game": game, **kwargs})
    aec = make(game, **kwargs)
    assert isinstance(env, MultiAgentEnv)
    assert env.possible_agents == aec.possible_agents
    for a in env.possible_agents:
        space = env.observation_spaces[a]
        assert isinstance(space, spaces.Dict) and set(space.spaces) == {"observations", "action_mask"}
        assert space["observations"].shape == aec.observation_space(a)["observation"].shape
        assert space["action_mask"].shape == (aec.action_space(a).n,)
        assert env.action_spaces[a] == spaces.Discrete(aec.action_space(a).n)
    for seed in (0, 1):
        ours, theirs, steps, (terms, truncs) = play_beside(game, seed, **kwargs)
        assert terms["__all__"] and not truncs["__all__"]
        assert all(terms[a] for a in env.possible_agents)
        assert ours == pytest.approx(theirs)
        assert max(ours.values()) == 1.0 and min(ours.values()) == -1.0   # "win" rewards: winners +1, losers -1


def test_a_seeded_env_deals_the_same_games_after_its_first():
    """RLlib seeds only the first reset; the games after it replay from that seed all the same."""
    a, b = (RLlibGameEnv({"game": "forfort_v0", "num_players": 2}) for _ in range(2))
    def view(obs):
        (agent, o), = obs.items()
        return agent, o["observations"]

    firsts = [view(env.reset(seed=11)[0]) for env in (a, b)]
    seconds = [view(env.reset()[0]) for env in (a, b)]
    for (p, x), (q, y) in (firsts, seconds):
        assert p == q
        np.testing.assert_array_equal(x, y)
    assert not np.array_equal(firsts[0][1], seconds[0][1])   # a new deal, not the first again


def test_a_game_cut_at_max_steps_ends_truncated_with_the_rewards_so_far():
    ours, theirs, steps, (terms, truncs) = play_beside("forfort_v0", 3, num_players=2, max_steps=20, reward="vp")
    assert steps == 20
    assert truncs["__all__"] and not terms["__all__"]
    assert ours == pytest.approx(theirs)


def test_the_policy_module_gives_illegal_actions_no_chance():
    """The module RLlib trains: its action distribution puts no weight on a masked action."""
    import torch
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    env = RLlibGameEnv({"game": "forfort_v0", "num_players": 2})
    space = env.observation_spaces["player_0"]
    module = RLModuleSpec(module_class=MaskedPPOModule, observation_space=space,
                          action_space=env.action_spaces["player_0"],
                          model_config={"fcnet_hiddens": [16]}).build()
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):   # positions from a game's start, where few of the 359 actions are legal
        (agent, o), = obs.items()
        batch = {Columns.OBS: {k: torch.as_tensor(v)[None] for k, v in o.items()}}
        with torch.no_grad():
            logits = module.forward_exploration(batch)[Columns.ACTION_DIST_INPUTS][0]
            values = module.compute_values(batch)
        probs = torch.softmax(logits.double(), -1).numpy()
        legal = o["action_mask"] > 0
        assert probs[~legal].sum() == 0.0 and probs[legal].sum() == pytest.approx(1.0)
        assert values.shape == (1,) and torch.isfinite(values).all()
        obs, *_ = env.step({agent: int(rng.choice(np.flatnonzero(legal)))})


@pytest.mark.slow
def test_ppo_self_play_on_a_local_ray_cluster_beats_random_more_after_training():
    from frontierzoo.training.rllib import train

    # 30,000 steps, 4-6 minutes on 2 cores. Two runs here: 50.2% before, 63.2% and 64.7% after
    # (Ray's sampling is not bit-for-bit repeatable); the same 300 deals and seats both times.
    result = train("forfort_v0", iterations=15, num_players=2, seed=0, num_cpus=2, eval_games=300,
                   train_batch=2000, quiet=True)
    print(f"win rate v random: {result['win_rate_before']:.1%} before, {result['win_rate_vs_random']:.1%} "
          f"after (95% {result['wilson_95'][0]:.1%}-{result['wilson_95'][1]:.1%}), {result['seconds']} s")
    assert result["env_steps"] >= 15 * 2000
    assert result["win_rate_vs_random"] >= result["win_rate_before"] + 0.08
    assert result["wilson_95"][0] > 0.5   # better than a coin flip against random, at 95%


@pytest.mark.slow   # a Ray cluster starts and trains: one to two minutes on 2 cores
def test_a_run_saves_its_policy_which_plays_as_an_agent_by_its_path_and_ray_keeps_quiet(tmp_path, capfd, monkeypatch):
    """``frontierzoo train rllib`` writes RLlib's checkpoint and the policy alone; the policy's
    ``policy.json`` is an agent wherever one is named (here a whole game), for its own game only;
    Ray's start-up notices and RLlib's deprecation warnings stay off the console."""
    from frontierzoo.agents import make_agent, play_game
    from frontierzoo.cli import main
    from frontierzoo.envs import make

    # Ray's sockets need a short path (107 bytes at most): not the test's own tmp_path
    short = tempfile.mkdtemp(prefix="ray", dir="/tmp")
    monkeypatch.setenv("RAY_TMPDIR", short)
    out = tmp_path / "run"
    try:
        main(["train", "rllib", "--game", "forfort_v0", "--iterations", "1", "--batch", "256", "--eval-games", "0",
              "--num-cpus", "1", "--env-runners", "0", "--out", str(out)])
    finally:
        shutil.rmtree(short, ignore_errors=True)
    console = capfd.readouterr()
    assert "trained policy is" in console.out
    for notice in ("Started a local Ray instance", "DeprecationWarning", "new API stack"):
        assert notice not in console.out + console.err, notice
    assert (out / "algorithm").is_dir() and (out / "policy").is_dir()
    d = json.loads((out / "policy.json").read_text())
    assert d["format"] == "frontierzoo-rllib-1" and d["game"] == "forfort_v0"
    assert d["training"]["command"].startswith("frontierzoo train rllib --game forfort_v0")
    path = str(out / "policy.json")
    result = play_game(make("forfort_v0", max_steps=60), [make_agent(path, "forfort_v0", seed=1), make_agent("random", "forfort_v0")],
                       seed=2)
    assert result.decisions > 0
    with pytest.raises(ValueError, match="plays forfort_v0, not frantic_v1"):
        make_agent(path, "frantic_v1")


@pytest.mark.parametrize("cuda", [True, False])
def test_the_learner_goes_to_the_gpu_exactly_when_torch_sees_one(monkeypatch, cuda):
    """No GPU is lent to this project's machines, so the choice itself is what can be checked here:
    with a GPU (torch.cuda.is_available) RLlib's learner asks for one, and the SB3 trainer's
    ``--device auto`` picks it; without, both stay on the CPU, and an explicit device is kept."""
    import torch

    from frontierzoo.training.rllib import build_config
    from frontierzoo.training.selfplay import pick_device

    monkeypatch.setattr(torch.cuda, "is_available", lambda: cuda)
    assert build_config("forfort_v0").num_gpus_per_learner == (1 if cuda else 0)
    assert build_config("forfort_v0", gpu=False).num_gpus_per_learner == 0
    assert pick_device("auto") == ("cuda" if cuda else "cpu")
    assert pick_device("cpu") == "cpu" and pick_device("cuda:1") == "cuda:1"
