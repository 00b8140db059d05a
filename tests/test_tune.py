"""Training a heuristic's weights (training/tune.py), Forfort's evaluation and Frontier's numbers:
the games it plays, the weights file it writes and the "tuned" agent that reads it, and bad input
refused."""
import json

import numpy as np
import pytest

from frontierzoo.agents import available_agents, make_agent
from frontierzoo.agents.heuristics import frontier_advice as frontier_heuristic
from frontierzoo.agents.heuristics.forfort import (SIDE_FEATURES, TUNED, WEIGHT_NAMES, WEIGHTS, ForfortHeuristic,
                                                   TunedForfort, check_weights, load_weights,
                                                   play_against_heuristic, side_value)
from frontierzoo.envs.common.engine import new_record
from frontierzoo.envs.forfort.content import WALL_HAS
from frontierzoo.envs.forfort.state import ARMY_RESERVE, CATAPULT, GUARD, MASON, RAM, SIEGE_TOWER, WALLS
from frontierzoo.agents.match import play_game
from frontierzoo.envs import get_game, make
from frontierzoo.envs.common.registry import rules_fingerprint
from frontierzoo.training.tune import train

SEEDS = np.arange(1, 41, dtype=np.uint64)


def test_the_hand_set_weights_meet_themselves_evenly_and_replay():
    """The heuristic against itself: every game a win or a loss for the tuned seat (two players,
    no shared wins here), the same scores from the same seeds, and about half won."""
    a = play_against_heuristic(WEIGHTS, SEEDS)
    b = play_against_heuristic(WEIGHTS, SEEDS)
    assert np.array_equal(a, b)
    assert set(np.unique(a)) <= {0.0, 0.5, 1.0}
    assert 0.25 <= a.mean() <= 0.75


def test_the_weights_decide_the_play():
    """Weights that count a wall (anyone's) against oneself never complete a fort and lose every game; weights
    that count nothing but the cards in hand beat the hand-set heuristic more often than not (as
    found while training: the hand-set weights are far from the best)."""
    no_walls = WEIGHTS.copy()
    for side in ("", "opponent_"):
        no_walls[WEIGHT_NAMES.index(side + "wall")] = -10.0
        no_walls[WEIGHT_NAMES.index(side + "wall_squared")] = 0.0
    assert play_against_heuristic(no_walls, SEEDS).mean() == 0.0
    hoarder = np.full(WEIGHTS.size, 1e-3)
    hoarder[WEIGHT_NAMES.index("hand")] = hoarder[WEIGHT_NAMES.index("opponent_hand")] = 10.0
    assert play_against_heuristic(hoarder, SEEDS).mean() > 0.55


N = len(WEIGHT_NAMES)


HELD = ("hand_attack", "hand_guard", "hand_mason", "camps_left", "armies_left", "drawbridge_ready")
F = len(SIDE_FEATURES)


def test_each_side_has_its_own_weights_and_the_hand_set_ones_are_the_same():
    assert F == 14 and N == 28 and WEIGHT_NAMES[F:] == tuple("opponent_" + k for k in WEIGHT_NAMES[:F])
    assert np.array_equal(WEIGHTS[:F], WEIGHTS[F:])


def test_the_hand_set_heuristic_gives_what_a_side_holds_no_weight_and_training_starts_it_at_one():
    """The six features of what a side holds for later were added for training: the hand-set
    heuristic plays as it did without them, and training starts them where log space can move them."""
    from frontierzoo.training.tune import UNWEIGHED_START
    for side in ("", "opponent_"):
        for k in HELD:
            assert WEIGHTS[WEIGHT_NAMES.index(side + k)] == 0.0
    assert UNWEIGHED_START > 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_what_a_side_holds_is_counted_from_its_hand_reserves_and_drawbridge(seed):
    """Each held feature, weighted 1 alone, values a seat's position at exactly its count."""
    s = new_record(get_game("forfort_v0"), 2, seed)
    s["army_fort"][1, 0] = 0          # one of seat 1's armies away in seat 0's fort
    s["camp_reserve"][1, 1] = 0       # and one of its camps placed
    s["drawbridge"][0] = 3            # seat 0's drawbridge lowered
    for seat in (0, 1):
        held = [i for i in range(WALLS) if s["hand"][seat, i]]
        expected = {
            "hand_attack": sum(bool(WALL_HAS[i, RAM] or WALL_HAS[i, CATAPULT] or WALL_HAS[i, SIEGE_TOWER]) for i in held),
            "hand_guard": sum(bool(WALL_HAS[i, GUARD]) for i in held),
            "hand_mason": sum(bool(WALL_HAS[i, MASON]) for i in held),
            "camps_left": int(np.count_nonzero(s["camp_reserve"][seat])),
            "armies_left": int(np.count_nonzero(s["army_fort"][seat] == ARMY_RESERVE)),
            "drawbridge_ready": int(s["drawbridge"][seat] < 0),
        }
        assert len(held) == 3                                 # the starting hand, before the first camps
        assert (expected["camps_left"], expected["armies_left"], expected["drawbridge_ready"]) == \
            ((4, 4, 0) if seat == 0 else (3, 3, 1))
        for k, count in expected.items():
            w = np.zeros(N)
            w[WEIGHT_NAMES.index(k)] = 1.0
            assert side_value(s, seat, w, 0) == count, (k, seat)


def test_the_opponents_weights_decide_the_play_too():
    """Valuing the opponent's walls as a gift (negative) rather than a threat loses more often."""
    helper = WEIGHTS.copy()
    helper[WEIGHT_NAMES.index("opponent_wall")] = -10.0
    helper[WEIGHT_NAMES.index("opponent_wall_squared")] = 0.0
    assert play_against_heuristic(helper, SEEDS).mean() < 0.25


@pytest.mark.parametrize("bad", [[1.0] * (N - 1), [1.0] * (N + 1), [np.nan] + [1.0] * (N - 1), "10,1.2", [[1.0] * N]])
def test_bad_weights_are_refused(bad):
    with pytest.raises(ValueError, match=f"{N} finite numbers"):
        check_weights(bad)
    with pytest.raises(ValueError):
        ForfortHeuristic(weights=bad)


def _write(path, **changes):
    d = {"format": "frontierzoo-weights-1", "game": "forfort_v0", "rules": rules_fingerprint(get_game("forfort_v0")),
         "weights": {k: float(v) for k, v in zip(WEIGHT_NAMES, WEIGHTS)}}
    d.update(changes)
    path.write_text(json.dumps(d))
    return path


def test_a_weights_file_round_trips(tmp_path):
    assert np.array_equal(load_weights(_write(tmp_path / "w.json")), WEIGHTS)


@pytest.mark.parametrize("changes,match", [
    ({"format": "pickle"}, "not a frontierzoo-weights-1 file"),
    ({"game": "frontier_v0"}, "not a frontierzoo-weights-1 file"),
    ({"weights": {"wall": 1.0}}, "must name exactly"),
    ({"weights": {k: "x" for k in WEIGHT_NAMES}}, "finite numbers"),
])
def test_a_bad_weights_file_is_refused(tmp_path, changes, match):
    with pytest.raises(ValueError, match=match):
        load_weights(_write(tmp_path / "w.json", **changes))
    with pytest.raises(ValueError, match="not a readable"):
        load_weights(tmp_path / "missing.json")
    (tmp_path / "junk.json").write_text("{")
    with pytest.raises(ValueError, match="not a readable"):
        load_weights(tmp_path / "junk.json")


@pytest.mark.parametrize("settings", [{"games": 5}, {"eval_games": 1}, {"elite": 5}])
def test_bad_training_settings_are_refused(tmp_path, settings):
    with pytest.raises(ValueError, match="multiple of the 2 seats|elite must be"):
        train(minutes=0.01, out=tmp_path, population=4, **{"games": 4, "eval_games": 4, "elite": 2, **settings})


def test_training_writes_weights_a_curve_and_a_playable_agent(tmp_path):
    result = train(minutes=0.02, out=tmp_path, seed=3, population=4, elite=2, games=4, eval_every=1,
                   eval_games=6, processes=1, command="test")
    assert result["training"]["generations"] >= 1
    assert result["training"]["games"] == 16 * result["training"]["generations"]
    assert result["rules"] == rules_fingerprint(get_game("forfort_v0"))
    w = load_weights(tmp_path / "forfort_tuned.json")
    assert np.all(w > 0)
    rows = (tmp_path / "curve.csv").read_text().splitlines()
    assert rows[0].startswith("games_played,") and rows[0].endswith(",weights") and len(rows) >= 3
    assert len(rows[-1].split(",")[-1].split()) == len(WEIGHT_NAMES)
    assert (tmp_path / "curve.png").stat().st_size > 0
    agent = TunedForfort(seed=1, path=tmp_path / "forfort_tuned.json")
    result = play_game(make("forfort_v0"), [agent, make_agent("heuristic", "forfort_v0", seed=2)], seed=4)
    assert result.decisions > 0


@pytest.mark.skipif(not TUNED.exists(), reason="no bundled weights")
def test_weights_trained_on_other_rules_load_with_a_warning_naming_both_fingerprints(tmp_path):
    import warnings

    d = json.loads(TUNED.read_text())
    now = rules_fingerprint(get_game("forfort_v0"))
    path = tmp_path / "forfort_tuned.json"
    path.write_text(json.dumps({**d, "rules": now}))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.array_equal(load_weights(path), [d["weights"][k] for k in WEIGHT_NAMES])
    path.write_text(json.dumps({**d, "rules": "0" * 16}))
    with pytest.warns(UserWarning, match=rf"{path} was trained on other rules of forfort_v0 \(fingerprint "
                                         rf"0{{16}}, now {now}\): it may play worse than its recorded strength"):
        load_weights(path)
    path.write_text(json.dumps({k: v for k, v in d.items() if k != "rules"}))
    with pytest.warns(UserWarning, match="records no rules' fingerprint"):
        TunedForfort(path=path)


def test_the_bundled_weights_are_an_agent():
    assert "tuned" in available_agents("forfort_v0")
    assert "tuned" not in available_agents("legends_v1")
    agent = make_agent("tuned", "forfort_v0", seed=0)
    assert not np.array_equal(agent.weights, WEIGHTS)
    assert json.loads(TUNED.read_text())["training"]["command"].startswith("frontierzoo tune")


# ---------------------------------------------------------------------- Frontier's numbers
FRONTIER = frontier_heuristic
FN = len(FRONTIER.WEIGHT_NAMES)


def test_the_frontier_heuristic_plays_as_before_its_numbers_were_named():
    """The hand-set numbers decide exactly as the constants they replaced: the same six games,
    decision for decision (lengths and winners recorded from the heuristic before the change)."""
    from frontierzoo.agents.match import play_batch
    tables = [[FRONTIER.FrontierHeuristic(seed=g * 4 + i) for i in range(4)] for g in range(6)]
    results = play_batch("frontier_v0", tables, list(range(100, 106)))
    assert [(r.decisions, r.winners) for r in results] == \
        [(1340, (0,)), (1735, (1,)), (775, (1,)), (1389, (2,)), (1038, (0,)), (444, (2,))]


def test_frontier_numbers_are_named_once_each_and_positive():
    assert FN == 21 == FRONTIER.WEIGHTS.size == len(set(FRONTIER.WEIGHT_NAMES))
    assert np.all(FRONTIER.WEIGHTS > 0)          # tune.py searches in log space
    assert FRONTIER.WEIGHTS[FRONTIER.WEIGHT_NAMES.index("leader_points")] == 7.0
    assert FRONTIER.W_BANDIT_CARD == FN - 1 and FRONTIER.W_NEW_RESOURCE == 5


def test_frontier_opening_follows_its_resource_numbers():
    """With every number but ore's next to nothing, the first village goes on the corner with the
    most ore pips."""
    from frontierzoo.envs.frontier.state import BUILD_VILLAGE, CORNER_HEXES, TERRAIN_RESOURCE
    s = new_record(get_game("frontier_v0"), 4, 11)
    me = int(s["actor"])
    legal = {a for a in range(BUILD_VILLAGE.at(0), BUILD_VILLAGE.at(0) + 54)}

    def pips(c, resource):
        return sum(FRONTIER.PIPS[s["hex_number"][h]] for h in CORNER_HEXES[c]
                   if h >= 0 and TERRAIN_RESOURCE[s["hex_terrain"][h]] == resource)

    ORE = 4
    only_ore = np.full(FN, 1e-9)
    only_ore[ORE] = 1.0
    c = BUILD_VILLAGE.split(FRONTIER.FrontierHeuristic(seed=0, weights=only_ore).choose(s, me, legal))
    assert pips(c, ORE) == max(pips(k, ORE) for k in range(54)) > 0


def test_frontier_games_against_the_heuristic_replay():
    seeds = np.arange(1, 9, dtype=np.uint64)
    a = FRONTIER.play_against_heuristic(FRONTIER.WEIGHTS, seeds)
    assert np.array_equal(a, FRONTIER.play_against_heuristic(FRONTIER.WEIGHTS, seeds))
    assert a.shape == (8,) and set(np.unique(a)) <= {0.0, 1.0}


@pytest.mark.parametrize("bad", [[1.0] * (FN - 1), [np.inf] + [1.0] * (FN - 1), "7", [[1.0] * FN]])
def test_bad_frontier_weights_are_refused(bad):
    with pytest.raises(ValueError, match=f"{FN} finite numbers"):
        FRONTIER.check_weights(bad)
    with pytest.raises(ValueError, match="Frontier heuristic weights"):
        FRONTIER.FrontierHeuristic(weights=bad)


def test_a_forfort_weights_file_is_not_a_frontier_one(tmp_path):
    with pytest.raises(ValueError, match="not a frontierzoo-weights-1 file for frontier_v0"):
        FRONTIER.load_weights(_write(tmp_path / "w.json"))


def test_training_frontier_writes_its_weights_and_a_playable_agent(tmp_path):
    result = train(game="frontier_v0", minutes=0.01, out=tmp_path, seed=1, population=2, elite=1, games=4,
                   eval_every=1, eval_games=4, processes=1, command="test")
    assert result["game"] == "frontier_v0" and result["num_players"] == 4
    assert result["training"]["games"] == 8 * result["training"]["generations"]
    w = FRONTIER.load_weights(tmp_path / "frontier_tuned.json")
    assert np.all(w > 0)
    agent = FRONTIER.TunedFrontier(seed=1, path=tmp_path / "frontier_tuned.json")
    others = [make_agent("heuristic", "frontier_v0", seed=k) for k in range(3)]
    assert play_game(make("frontier_v0", num_players=4), [agent, *others], seed=4).decisions > 0


@pytest.mark.parametrize("settings,match", [({"game": "legends_v1"}, "no heuristic with weights"),
                                            ({"game": "frontier_v0", "games": 6}, "multiple of the 4 seats")])
def test_a_game_without_weights_or_bad_seats_is_refused(tmp_path, settings, match):
    with pytest.raises(ValueError, match=match):
        train(minutes=0.01, out=tmp_path, population=2, elite=1, **{"games": 4, "eval_games": 4, **settings})


@pytest.mark.skipif(not FRONTIER.TUNED.exists(), reason="no bundled weights")
def test_the_bundled_frontier_weights_are_an_agent():
    assert "tuned" in available_agents("frontier_v0")
    agent = make_agent("tuned", "frontier_v0", seed=0)
    assert isinstance(agent, FRONTIER.TunedFrontier) and not np.array_equal(agent.w, FRONTIER.WEIGHTS)
    assert json.loads(FRONTIER.TUNED.read_text())["training"]["command"].startswith(
        "frontierzoo tune --game frontier_v0")
