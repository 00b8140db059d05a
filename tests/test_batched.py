"""Batched self-play over the vector engine (training/batched.py) and the league (training/league.py)."""
from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from frontierzoo.agents import Agent   # noqa: E402
from frontierzoo.envs import get_game   # noqa: E402
from frontierzoo.envs.common.engine import compiled   # noqa: E402
from frontierzoo.training.batched import SELF, BatchedSelfPlay   # noqa: E402
from frontierzoo.training.league import FLOOR, SELF_SHARE, beat_by, league_weights   # noqa: E402

GAME = "forfort_v0"


class Counting(Agent):
    """Plays the first legal action and remembers how many games it was asked about at once."""

    name = "counting"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.batches = []

    def act_batch(self, observations, action_masks, infos=None):
        self.batches.append(len(observations))
        return np.argmax(np.asarray(action_masks), axis=1)


def random_actions(env, rng):
    m = env.action_masks()
    return np.argmax(np.where(m, rng.random(m.shape), -1.0), axis=1)


def test_every_game_waits_on_the_learner_with_its_true_view():
    env = BatchedSelfPlay(GAME, num_envs=16, opponents=("random", Counting()), seed=3)
    G = compiled(get_game(GAME))
    rng = np.random.default_rng(0)
    obs = env.reset()
    for _ in range(60):
        for i in range(env.num_envs):
            s = env._states[i]
            seat = int(env._learner[i])
            assert int(G.to_act(s)) == seat and G.check_invariants(s) == 0
            mask = np.zeros(env.game.num_actions, np.bool_)
            G.legal_mask(s, mask)
            view = np.zeros(env.game.obs_size, np.float32)
            G.observe(s, seat, view)
            assert np.array_equal(env.action_masks()[i], mask) and np.array_equal(obs[i], view)
        obs, rewards, dones, infos = env.step(random_actions(env, rng))
        for i in np.flatnonzero(dones):
            assert infos[i]["terminal_observation"].shape == (env.game.obs_size,)
            assert infos[i]["score"] in (0.0, 0.5, 1.0) and rewards[i] in (-1.0, 1.0)
        assert np.all(rewards[~dones] == 0.0)   # win/lose rewards come only at the end


def test_opponents_decide_in_batches_and_random_ones_inside_compiled_code():
    counting = Counting()
    env = BatchedSelfPlay(GAME, num_envs=32, opponents=("random", counting), seed=1)
    rng = np.random.default_rng(1)
    env.reset()
    for _ in range(30):
        env.step(random_actions(env, rng))
    # the counting agent sat at about half the tables and was asked about many at a time
    assert max(counting.batches) >= 8 and np.mean(counting.batches) > 2
    assert 8 <= int((env._opponent == 1).sum()) <= 24


def test_a_seeded_batch_replays_exactly():
    runs = []
    for _ in range(2):
        env = BatchedSelfPlay(GAME, num_envs=8, opponents=("random", "heuristic"), seed=11)
        rng = np.random.default_rng(5)
        trace = [env.reset()]
        for _ in range(80):
            obs, rew, done, _ = env.step(random_actions(env, rng))
            trace += [obs, rew, done]
        runs.append((trace, env.games.copy(), env.wins.copy()))
    for a, b in zip(runs[0][0], runs[1][0]):
        assert np.array_equal(a, b)
    assert np.array_equal(runs[0][1], runs[1][1]) and np.array_equal(runs[0][2], runs[1][2])


def test_an_illegal_learner_action_is_refused_and_nothing_moves():
    env = BatchedSelfPlay(GAME, num_envs=4, seed=0)
    env.reset()
    before = env._states.view(np.uint8).copy()   # the raw bytes: a structured copy skips the padding
    bad = random_actions(env, np.random.default_rng(0))
    bad[2] = int(np.flatnonzero(~env.action_masks()[2])[0])
    with pytest.raises(ValueError, match="the learner: action .* is illegal in game 2"):
        env.step(bad)
    assert env._states.tobytes() == before.tobytes()
    with pytest.raises(ValueError, match="shape"):
        env.step(bad[:3])
    with pytest.raises(ValueError, match="num_envs"):
        BatchedSelfPlay(GAME, num_envs=0)
    with pytest.raises(ValueError, match="an opponent is"):
        BatchedSelfPlay(GAME, opponents=(3,))


def test_self_needs_a_policy():
    env = BatchedSelfPlay(GAME, num_envs=4, opponents=(SELF,), seed=0)
    with pytest.raises(RuntimeError, match="set_policy"):
        env.reset()


def test_the_league_weights_toward_opponents_not_yet_beaten():
    # no games: one win and one loss assumed, 0.5 of the way, in two-player games
    assert beat_by(0.0, 0.0, 2) == pytest.approx(0.5)
    assert league_weights(np.array([98.0, 0.0, 50.0]), np.array([100.0, 100.0, 100.0]), 2) == pytest.approx(
        [(1 - 99 / 102) ** 2 + FLOOR, (1 - 1 / 102) ** 2 + FLOOR, 0.25 + FLOOR])
    # the policy itself keeps its share of the games, whatever it wins
    w = league_weights(np.array([98.0, 0.0, 50.0]), np.array([100.0, 100.0, 100.0]), 2,
                       np.array([False, False, True]))
    assert w[2] / w.sum() == pytest.approx(SELF_SHARE) and w[:2] == pytest.approx(
        [(1 - 99 / 102) ** 2 + FLOOR, (1 - 1 / 102) ** 2 + FLOOR])
    # four seats: the fair share (a quarter of the games) counts as half beaten
    assert beat_by(24.0, 98.0, 4) == pytest.approx(0.5)
    assert beat_by(90.0, 98.0, 4) == 1.0


def test_maskable_ppo_trains_on_it_and_the_league_keeps_its_curve(tmp_path):
    from frontierzoo.training.league import read_curve
    from frontierzoo.training.selfplay import train

    result = train(GAME, timesteps=2048, out=tmp_path, num_envs=16, n_steps=64, snapshot_every=1024, pool_size=1,
                   eval_every=1024, eval_games=16, threads=1)
    assert result["timesteps"] == 2048 and result["pool"][:3] == ["random", "heuristic", "self"]
    # two snapshots were taken; the second took the first one's place (pool_size=1)
    assert len(result["pool"]) == 4 and result["pool"][3] == "snapshot@2048"
    assert sorted(p.name for p in (tmp_path / "snapshots").iterdir()) == [
        "step_1024.json", "step_1024.pt", "step_2048.json", "step_2048.pt"]
    rows = read_curve(tmp_path / "curve.csv")
    assert [(r[0], r[2], r[3]) for r in rows] == [(0, "random", 16), (0, "heuristic", 16), (1024, "random", 16),
                                                  (1024, "heuristic", 16), (2048, "random", 16),
                                                  (2048, "heuristic", 16)]
    assert all(r[5] <= r[4] <= r[6] for r in rows)
    assert (tmp_path / "curve.png").stat().st_size > 10_000
    assert (tmp_path / "final.json").exists() and (tmp_path / "final.zip").exists()
    assert not list(tmp_path.glob("SB3-*"))   # the temporary folder is tmp_path here: SB3 left nothing in it


def test_train_ppo_command_sets_the_network_and_refuses_bad_sizes(tmp_path, capsys):
    from frontierzoo.cli import main

    main(["train", "ppo", "--game", GAME, "--timesteps", "64", "--out", str(tmp_path), "--envs", "8", "--n-steps", "8",
          "--snapshot-every", "0", "--eval-every", "0", "--threads", "1", "--net", "32,16,8"])
    d = json.loads((tmp_path / "final.json").read_text())
    assert d["hidden"] == [32, 16, 8] and "--net 32,16,8" in d["training"]["command"]
    for bad in ("64,x", "64,0", ""):
        with pytest.raises(SystemExit) as e:
            main(["train", "ppo", "--game", GAME, "--out", str(tmp_path), "--net", bad])
        assert e.value.code == 2 and "error: argument --net: " in capsys.readouterr().err
