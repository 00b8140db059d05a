"""Policy files: a bundled policy is a JSON description and a weights file that load without
running code; what does not match its game or its description is refused by name; a missing file
is reported under the name it was given; the safe form plays exactly as the SB3 model it was
written from; the wheel ships it."""
import json
import re
import shutil

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from frontierzoo.agents import available_agents, make_agent   # noqa: E402
from frontierzoo.agents.learned import MODELS, MaskablePPOAgent, bundled_model, weights_path   # noqa: E402
from frontierzoo.envs import all_games, get_game, make   # noqa: E402

BUNDLED = bundled_model("forfort_v0")


def _copy_bundled(tmp_path, name="policy", **changes):
    """The bundled Forfort policy copied into ``tmp_path`` as ``name.json``/``.pt``, with
    ``changes`` made to its description."""
    d = json.loads(BUNDLED.read_text())
    d.update(changes)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(d))
    shutil.copy(weights_path(BUNDLED), weights_path(path))
    return path


def _observations(game="forfort_v0", games=4, seed=0):
    """(observation, mask) of every decision of a few random games."""
    rng = np.random.default_rng(seed)
    out = []
    env = make(game)
    for g in range(games):
        env.reset(seed=seed + g)
        for name in env.agent_iter():
            o, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            out.append((o["observation"], o["action_mask"]))
            env.step(int(rng.choice(np.flatnonzero(o["action_mask"]))))
    return out


class Planted:
    """Unpickling this opens (creates) a file: a stand-in for any code a crafted file could run."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return open, (self.marker, "w")


# --------------------------------------------------------------------------- the bundled policy
GAMES = [g.name for g in all_games()]


def test_every_game_bundles_a_policy_as_a_description_and_weights_only():
    """Each game's policy and its network trained by expert iteration (training/expert.py), each a
    description and its weights, and Forfort's and Frontier's trained heuristic weights (plain
    numbers, training/tune.py): nothing else, and nothing that runs code on load."""
    assert sorted(p.name for p in MODELS.iterdir()) == sorted(
        [f"{name.split('_v')[0]}_{kind}.{ext}" for name in GAMES for kind in ("ppo", "net") for ext in ("json", "pt")]
        + ["forfort_tuned.json", "frontier_tuned.json"])


@pytest.mark.parametrize("game", GAMES)
def test_the_bundled_policy_says_how_it_was_trained_and_is_registered(game):
    d = json.loads(bundled_model(game).read_text())
    spaces = get_game(game)
    assert d["game"] == game and d["observation_size"] == spaces.obs_size and d["action_size"] == spaces.num_actions
    assert d["training"]["command"].startswith("frontierzoo train ppo")
    assert re.search(rf"--seed {d['training']['seed']}( |$)", d["training"]["command"])
    assert d["training"]["timesteps"] > 0
    assert "ppo" in available_agents(game)   # so the agent tests and the arena play it


@pytest.mark.parametrize("game", GAMES)
def test_the_bundled_policy_plays_legal_moves_and_replays_by_seed(game):
    pairs = _observations(game, games=1)
    for deterministic in (False, True):
        runs = []
        for _ in range(2):
            agent = make_agent("ppo", game, seed=11, deterministic=deterministic)
            runs.append([agent.act(o, m) for o, m in pairs])
        assert runs[0] == runs[1]
        assert all(m[a] == 1 for (_, m), a in zip(pairs, runs[0]))


# --------------------------------------------------------------------------- what is refused
def test_a_pickled_weights_file_is_refused_without_running_its_code(tmp_path):
    path = _copy_bundled(tmp_path)
    marker = tmp_path / "the_code_ran"
    torch.save({"hidden0.weight": Planted(marker)}, weights_path(path))
    # the file is a working exploit: an unguarded torch.load runs it
    probe = tmp_path / "probe_ran"
    torch.save({"x": Planted(probe)}, tmp_path / "probe.pt")
    torch.load(tmp_path / "probe.pt", weights_only=False)
    assert probe.exists()
    with pytest.raises(ValueError) as refused:
        MaskablePPOAgent(path=path)
    assert not marker.exists(), "loading the policy ran the file's code"
    assert "not a weights file that loads without running code" in str(refused.value)


def test_a_description_that_does_not_fit_its_game_is_refused_naming_both_sizes(tmp_path):
    with pytest.raises(ValueError, match="observation size is 872 but forfort_v0's is 873"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, observation_size=872))
    with pytest.raises(ValueError, match="action count is 360 but forfort_v0's is 359"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, action_size=360))
    with pytest.raises(ValueError, match="unknown game 'nosuchgame_v0'"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, game="nosuchgame_v0"))
    with pytest.raises(ValueError, match="plays forfort_v0, not frontier_v0"):
        MaskablePPOAgent(path=BUNDLED, game_name="frontier_v0")
    with pytest.raises(ValueError, match="'activation' must be one of"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, activation="sigmoid"))
    with pytest.raises(ValueError, match="'format' must be"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, format="pickle"))


def test_a_policy_trained_on_other_rules_loads_with_a_warning(tmp_path):
    import warnings

    from frontierzoo.envs.common.registry import rules_fingerprint

    now = rules_fingerprint(get_game("forfort_v0"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        MaskablePPOAgent(path=_copy_bundled(tmp_path, rules=now))
    with pytest.warns(UserWarning, match=rf"policy.json was trained on other rules of forfort_v0 \(fingerprint "
                                         rf"0{{16}}, now {now}\)"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, rules="0" * 16))
    with pytest.raises(ValueError, match="'rules' must be the rules' fingerprint"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, rules=7))


def test_weights_that_do_not_fit_the_description_are_refused(tmp_path):
    width, *rest = json.loads(BUNDLED.read_text())["hidden"]
    # one unit short: a description a little smaller than the weights, so the size check passes
    with pytest.raises(ValueError, match=rf"does not match .*policy.json: hidden0.bias is \({width},\), "
                                         rf"needs \({width - 1},\)"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, hidden=[width - 1, *rest]))
    with pytest.raises(ValueError, match="hidden2.bias is missing"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, hidden=[width, *rest, width]))
    path = _copy_bundled(tmp_path)
    weights = torch.load(weights_path(path), weights_only=True)
    weights["logits.bias"][3] = float("nan")
    torch.save(weights, weights_path(path))
    with pytest.raises(ValueError, match="logits.bias must hold finite float32 numbers"):
        MaskablePPOAgent(path=path)


def test_a_description_may_not_ask_for_more_than_max_parameters(tmp_path):
    """``hidden: [10**9, 64]`` asked for 4.27 TB once stride-0 weights of that shape got through,
    and ``[200000]`` loaded and played: the description is refused before any weights are read."""
    from frontierzoo.agents.learned import MAX_PARAMETERS, parameter_count
    for hidden in ([10**9, 64], [200000], [64] * 40):
        path = _copy_bundled(tmp_path, hidden=hidden)
        weights_path(path).write_bytes(b"never read")
        with pytest.raises(ValueError, match="parameters|at most 32 positive ints"):
            MaskablePPOAgent(path=path)
    d = json.loads(BUNDLED.read_text())
    assert parameter_count(d) == sum(v.numel() for v in torch.load(weights_path(BUNDLED), weights_only=True).values())
    assert parameter_count(dict(d, hidden=[200000])) > MAX_PARAMETERS


def test_weights_must_be_stored_as_the_tensors_they_look_like(tmp_path):
    """A tensor expanded from one number (stride 0), a strided view, or a slice of a larger storage
    looks like the right shape; each is refused by its storage's real size before anything reads
    it, and a weights file larger than its description can need is refused before it is loaded."""
    path = _copy_bundled(tmp_path)
    real = torch.load(weights_path(path), weights_only=True)
    crafted = {
        "expanded": lambda w: torch.zeros(1).expand(w.shape),
        "strided": lambda w: torch.zeros(tuple(reversed(w.shape))).t() if w.dim() == 2 else w[None].expand(2, -1)[0],
        "a slice of more": lambda w: torch.zeros(w.numel() + 1000)[:w.numel()].view(w.shape),
    }
    for how, make in crafted.items():
        weights = dict(real, **{"hidden0.weight": make(real["hidden0.weight"])})
        assert weights["hidden0.weight"].shape == real["hidden0.weight"].shape
        torch.save(weights, weights_path(path))
        with pytest.raises(ValueError, match="hidden0.weight is not stored as the plain tensor it looks like"):
            MaskablePPOAgent(path=path)
    torch.save(dict(real, padding=torch.zeros(2**19)), weights_path(path))   # 2 MB more than needed
    with pytest.raises(ValueError, match="bytes, more than the .* the network .* describes can need"):
        MaskablePPOAgent(path=path)


def test_a_deeply_nested_description_is_one_clear_error(tmp_path):
    bad = tmp_path / "deep.json"
    bad.write_text("[" * 200000 + "]" * 200000)
    with pytest.raises(ValueError, match="not a policy description .*nested too deep"):
        MaskablePPOAgent(path=bad)


@pytest.mark.parametrize("name", ["no/such/policy.json", "no/such/policy.zip", "mine.json"])
def test_a_missing_policy_file_is_named_as_given(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    missing = name
    if name == "mine.json":   # the description is there, its weights are not
        shutil.copy(BUNDLED, name)
        missing = "mine.pt"
    with pytest.raises(FileNotFoundError) as e:
        MaskablePPOAgent(path=name)
    assert e.value.filename == missing and missing in str(e.value)
    with pytest.raises(FileNotFoundError, match="no/such/policy.json"):
        make_agent("ppo", "forfort_v0", path="no/such/policy.json")


def test_a_file_that_is_neither_form_is_refused(tmp_path):
    with pytest.raises(ValueError, match="a policy file is a description"):
        MaskablePPOAgent(path=weights_path(BUNDLED))
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    with pytest.raises(ValueError, match="not a policy description"):
        MaskablePPOAgent(path=bad)


# --------------------------------------------------------------------------- writing the safe form
def test_the_safe_form_plays_as_the_sb3_model_it_was_written_from(tmp_path):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from frontierzoo.agents.learned import save_policy
    from frontierzoo.envs.common.registry import rules_fingerprint
    from frontierzoo.training.wrappers import SelfPlayEnv

    env = SelfPlayEnv("forfort_v0", seed=0)
    model = MaskablePPO("MlpPolicy", env, seed=3, device="cpu", policy_kwargs={"net_arch": [32, 16]})
    model.save(tmp_path / "mine.zip")
    path = save_policy(model, tmp_path / "mine.json", env.aec, "a test", 3)
    d = json.loads(path.read_text())
    assert d["hidden"] == [32, 16] and d["activation"] == "tanh" and d["training"]["command"] == "a test"
    assert d["rules"] == rules_fingerprint(get_game("forfort_v0"))
    assert d["env_options"] == {"num_players": 2, "reward": "win", "illegal_action": "lose", "max_steps": None,
                                "teams": False, "arrows": "four"}
    pairs = _observations(games=6, seed=5)
    assert len(pairs) >= 300
    for old in (MaskablePPOAgent(model=model), MaskablePPOAgent(path=tmp_path / "mine.zip", game_name="forfort_v0")):
        new = MaskablePPOAgent(path=path, game_name="forfort_v0")
        diff = max(np.abs(old.probabilities(o, m) - new.probabilities(o, m)).max() for o, m in pairs)
        assert diff < 1e-6
    a, b = MaskablePPOAgent(model=model, seed=9), MaskablePPOAgent(path=path, seed=9)
    assert [a.act(o, m) for o, m in pairs] == [b.act(o, m) for o, m in pairs]


def test_a_policy_trained_further_starts_from_its_actor_and_says_so(tmp_path):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from frontierzoo.agents.learned import Policy, save_policy
    from frontierzoo.training.selfplay import load_actor, starting_policy
    from frontierzoo.training.wrappers import SelfPlayEnv

    width = json.loads(BUNDLED.read_text())["hidden"]
    env = SelfPlayEnv("forfort_v0", seed=0)
    model = MaskablePPO("MlpPolicy", env, seed=3, device="cpu", policy_kwargs={"net_arch": width})
    start = starting_policy(BUNDLED, "forfort_v0", width)
    load_actor(model, start)
    pairs = _observations(games=3, seed=7)
    bundled, trained = MaskablePPOAgent(path=BUNDLED), MaskablePPOAgent(model=model)
    assert max(np.abs(bundled.probabilities(o, m) - trained.probabilities(o, m)).max() for o, m in pairs) < 1e-6
    path = save_policy(model, tmp_path / "further.json", env.aec, "a test", 3,
                       started_from={"path": str(BUNDLED), **start.description["training"]})
    started = json.loads(path.read_text())["training"]["started_from"]
    assert started["path"] == str(BUNDLED) and started["command"] == Policy(BUNDLED).description["training"]["command"]
    with pytest.raises(ValueError, match=r"hidden layers are .*--net"):
        starting_policy(BUNDLED, "forfort_v0", [64, 64])
    with pytest.raises(ValueError, match="plays forfort_v0, not frantic_v1"):
        starting_policy(BUNDLED, "frantic_v1", width)
    from frontierzoo.training.selfplay import train
    with pytest.raises(ValueError, match="--init or --imitate, not both"):
        train("forfort_v0", out=tmp_path / "run", init=BUNDLED, imitate="heuristic", net=width)
    assert not (tmp_path / "run").exists()


def test_a_policy_plays_the_moves_its_description_names(tmp_path):
    pairs = _observations(games=2, seed=11)
    likely = MaskablePPOAgent(path=_copy_bundled(tmp_path, "likely", moves="most likely"), seed=0)
    drawn = MaskablePPOAgent(path=_copy_bundled(tmp_path, "drawn", moves="drawn"), seed=0)
    assert likely.deterministic and not drawn.deterministic
    assert [likely.act(o, m) for o, m in pairs] == [int(np.argmax(np.where(m, likely.probabilities(o, m), -1)))
                                                    for o, m in pairs]
    assert [likely.act(o, m) for o, m in pairs] != [drawn.act(o, m) for o, m in pairs]
    assert not MaskablePPOAgent(path=_copy_bundled(tmp_path, "overridden", moves="most likely"),
                                deterministic=False).deterministic
    with pytest.raises(ValueError, match="'moves' must be one of"):
        MaskablePPOAgent(path=_copy_bundled(tmp_path, "bad", moves="greedy"))


# --------------------------------------------------------------------------- views of the observation
def test_the_airship_window_shows_the_cells_round_my_airship_in_its_frame():
    from frontierzoo.agents.features import AirshipWindow
    from frontierzoo.envs.fantasy_frontier import state as S

    view = AirshipWindow(radius=2)
    assert len(view.offsets) == 19 and view.offsets[0] == (0, 0) and view.extra == 19 * S.CELL_FEATURE.size
    rng = np.random.default_rng(0)
    obs = rng.random((3, S.OBS_SIZE), dtype=np.float32)
    board = obs[:, S.OBS_BOARD.start:S.OBS_BOARD.stop].reshape(3, S.CELLS, S.CELL_FEATURE.size)
    board[:, :, S.C_SHIP.start] = 0
    centre, corner = S.CENTRE, int(S.CELL_AT[0, S.RADIUS])   # the middle, and a corner of the window
    board[0, centre, S.C_SHIP.start] = board[1, corner, S.C_SHIP.start] = 1   # game 2: no airship yet
    board[:, :, S.C_SHIP.start + 1] = 0
    board[2, centre, S.C_SHIP.start + 1] = 1                                   # only another seat's
    out = view(torch.as_tensor(obs)).numpy()
    assert np.array_equal(out[:, :S.OBS_SIZE], obs)
    seen = out[:, S.OBS_SIZE:].reshape(3, len(view.offsets), S.CELL_FEATURE.size)
    for game, at in ((0, centre), (1, corner)):
        for k, (dq, dr) in enumerate(view.offsets):
            q, r = S.CELL_Q[at] + dq, S.CELL_R[at] + dr
            inside = max(abs(q), abs(r), abs(q + r)) <= S.RADIUS
            expect = board[game, S.CELL_AT[q + S.RADIUS, r + S.RADIUS]] if inside else 0
            assert np.array_equal(seen[game, k], np.broadcast_to(expect, seen[game, k].shape))
    assert (~seen[1].any(1)).sum() == 10   # at a corner of the window 9 of the 19 cells are on it
    assert not seen[2].any()


def test_a_map_cards_placements_are_the_ways_pattern_at_tries():
    from frontierzoo.agents.features import ANY, OFF, pattern_placements
    from frontierzoo.agents.heuristics.fantasy_frontier import pattern_at
    from frontierzoo.envs.fantasy_frontier import content, state as S

    ways = pattern_placements()
    assert ways.shape == (S.CELLS + 1, S.MAP_CARDS, 4 * S.DIRS, 4) and (ways[-1][ways[-1] != ANY] == OFF).all()
    env = make("fantasy_frontier_v1")
    env.reset(seed=0)
    s, rng = env.record.copy(), np.random.default_rng(0)
    terrain = np.concatenate([rng.integers(-1, content.TERRAINS, S.CELLS), [-2, -3]])   # then OFF's and ANY's
    s["board"][:] = terrain[:S.CELLS]
    found = 0
    for c in rng.choice(S.CELLS, 60, replace=False).tolist() + [0, int(S.CELL_AT[0, S.RADIUS])]:   # corners too
        for m in range(S.MAP_CARDS):
            want = np.where(np.arange(4) < content.MAP_SIZE[m], content.MAP_TERRAIN[m], -3)
            lies = bool((terrain[ways[c, m]] == want).all(1).any())
            assert lies == bool(pattern_at(s, m, c)), (c, m)
            found += lies
    assert 0 < found < 62 * S.MAP_CARDS   # both answers occur


def test_airship_prospects_are_the_heuristics_measures_of_each_flight_and_gather():
    from collections import deque

    from frontierzoo.agents.features import MAX_FLIGHT, WORTH_SCALE, AirshipProspects, AirshipWindow
    from frontierzoo.agents.heuristics.fantasy_frontier import FantasyFrontierHeuristic
    from frontierzoo.envs.fantasy_frontier import board, state as S, turn

    view, window = AirshipProspects(), AirshipWindow()
    width = S.OBS_SIZE + window.extra
    assert view.extra == window.extra + 36 and AirshipProspects.extra_width({"radius": 4}) == view.extra
    env = make("fantasy_frontier_v1")
    flights = gathers = worth_maps = 0
    for seed in range(1):
        env.reset(seed=seed)
        h = FantasyFrontierHeuristic(seed=seed)
        while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
            o = env.observe(env.agent_selection)
            s, me = env.record.copy(), int(env.record["actor"])
            row = view(torch.as_tensor(o["observation"][None])).numpy()[0]
            assert np.array_equal(row[:width], window(torch.as_tensor(o["observation"][None])).numpy()[0])
            row = row[width:]
            values, afford = h.gather_values(s, me), h.can_afford(s, me)
            assert np.allclose(row[:4], values, atol=1e-6)
            assert np.array_equal(row[4:7], h.needs(s, me)[[S.GOLD, S.STONE, S.WOOD]]) and row[7] == afford
            action = h.act(o["observation"], o["action_mask"], {"env": env})
            stage, here = int(s["stage"]), int(s["ship"][me])
            if stage == S.ST_PHASE1 and here >= 0:
                steps = (int(s["moves_left"]) if turn.pilot_usable(s, me) else 0) + int(s["drift_left"])
                assert row[8] == steps / MAX_FLIGHT
                stay = h.cell_score(s, me, here, values, afford)
                assert row[9] == pytest.approx(stay / WORTH_SCALE, abs=1e-5)
                best = np.full(S.DIRS, -np.inf)
                for d in range(S.DIRS):   # every cell a flight starting that way reaches, breadth first
                    first = int(S.NEIGHBOUR[here, d])
                    if steps == 0 or first < 0 or not board.can_fly_to(s, first):
                        continue
                    seen, todo = {here, first}, deque([(first, 1)])
                    while todo:
                        c, k = todo.popleft()
                        best[d] = max(best[d], h.cell_score(s, me, c, values, afford))
                        for n in S.NEIGHBOUR[c] if k < steps else ():
                            if n >= 0 and int(n) not in seen and board.can_fly_to(s, int(n)):
                                seen.add(int(n))
                                todo.append((int(n), k + 1))
                can = np.isfinite(best)
                assert np.array_equal(row[22:28], can)
                assert np.allclose(row[10:16], np.where(can, (best - stay) / WORTH_SCALE, 0), atol=1e-5)
                worth_maps += bool(best.max(initial=stay) >= 50)
                if S.MOVE.has(action):   # the heuristic's flight starts a way the view marks as the best
                    flights += 1
                    assert row[16 + S.MOVE.split(action)] == 1
            if stage == S.ST_PHASE2 and S.GATHER.has(action):
                gathers += 1
                legal = [a for a in np.flatnonzero(o["action_mask"]) if S.GATHER.has(a)]
                assert row[28 + S.GATHER.split(action)] == max(row[28 + S.GATHER.split(a)] for a in legal)
            env.step(action)
    assert flights > 10 and gathers > 10 and worth_maps > 0   # flights, gathers and a map card's pattern occur


def test_corner_production_sums_the_pips_of_each_corners_hexes_by_resource():
    from frontierzoo.agents.features import CornerProduction
    from frontierzoo.envs.frontier import state as S

    env = make("frontier_v0", num_players=4)
    rows, expected = [], []
    for seed in range(3):
        env.reset(seed=seed)
        s = env.record
        rows.append(env.observe(env.agent_selection)["observation"])
        want = np.zeros((S.NUM_CORNERS, S.NUM_RESOURCES))   # from the record: each corner's hexes' numbers
        for c in range(S.NUM_CORNERS):
            for h in S.CORNER_HEXES[c]:
                if h >= 0 and S.TERRAIN_RESOURCE[s["hex_terrain"][h]] >= 0:
                    want[c, S.TERRAIN_RESOURCE[s["hex_terrain"][h]]] += S.PIPS[s["hex_number"][h]]
        expected.append(want / 15)
    view = CornerProduction()
    out = view(torch.as_tensor(np.stack(rows))).numpy()
    assert out.shape == (3, S.OBS_SIZE + 270) and np.array_equal(out[:, :S.OBS_SIZE], np.stack(rows))
    assert np.allclose(out[:, S.OBS_SIZE:].reshape(3, S.NUM_CORNERS, S.NUM_RESOURCES), np.stack(expected), atol=1e-6)
    assert not np.allclose(expected[0], expected[1])   # the islands differ, and so do the sums


def test_building_needs_gives_what_each_piece_lacks_and_where_a_village_may_stand():
    from frontierzoo.agents.features import BuildingNeeds, CornerProduction, PlaceScorers
    from frontierzoo.agents.base import RandomAgent
    from frontierzoo.envs.frontier import board, content, state as S

    env = make("frontier_v0", num_players=4)
    env.reset(seed=5)
    agent, rows, want = RandomAgent(seed=5), [], []
    for step in range(600):   # random play: villages, roads and hands of all sizes
        obs = env.observe(env.agent_selection)
        if step % 40 == 0:
            s, me = env.record, int(env.record["actor"])
            hand = s["hand"][me].astype(float)
            costs = np.stack([content.ROAD_COST, content.VILLAGE_COST, content.KEEP_COST, content.CARD_COST])
            rows.append(obs["observation"])
            want.append(np.concatenate([np.maximum(costs - hand, 0).ravel(), np.maximum(hand - costs, 0).ravel() / 10,
                                        [board.corner_free_by_distance(s, c) for c in range(S.NUM_CORNERS)],
                                        [board.has_road_at(s, me, c) for c in range(S.NUM_CORNERS)]]))
        env.step(agent.act(obs["observation"], obs["action_mask"]))
        if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            break
    view, rows = BuildingNeeds(), torch.as_tensor(np.stack(rows))
    out = view(rows).numpy()
    width = S.OBS_SIZE + CornerProduction().extra
    assert view.extra == CornerProduction().extra + 40 + 2 * S.NUM_CORNERS and out.shape[1] == S.OBS_SIZE + view.extra
    assert np.array_equal(out[:, :width], CornerProduction()(rows).numpy())
    assert np.allclose(out[:, width:], np.stack(want), atol=1e-6)
    free, mine = np.stack(want)[:, 40:40 + S.NUM_CORNERS], np.stack(want)[:, 40 + S.NUM_CORNERS:]
    assert 0 < (free * mine).sum() and free.min() == 0 and mine.max() == 1   # the cases the flags tell apart occur
    # each corner's scorer reads its own two flags; an edge's, each end's and those a road further on
    places, zero = view.places(), S.OBS_SIZE + view.extra
    corner = places["corner"].inputs
    assert corner.shape[1] == CornerProduction().places()["corner"].inputs.shape[1] + 2
    assert all(set(view.flags(c, zero)) <= set(corner[c]) for c in range(S.NUM_CORNERS))
    e = 0
    a, b = (int(c) for c in S.EDGE_CORNERS[e])
    further = [int(o) for o in S.CORNER_CORNERS[a] if o >= 0 and o != b]
    assert set(view.flags(a, zero) + view.flags(b, zero)) <= set(places["edge"].inputs[e])
    assert all(set(view.flags(o, zero)) <= set(places["edge"].inputs[e]) for o in further)
    scorers = PlaceScorers(view, zero, 16, 8)   # the scorers read every one of them
    logits = scorers(torch.zeros(len(rows), 16), view(rows), torch.zeros(len(rows), S.ACTIONS.size))
    assert logits.shape == (len(rows), S.ACTIONS.size) and logits[:, S.BUILD_ROAD.start].abs().max() > 0


def test_a_policy_over_a_view_plays_as_trained_and_is_checked(tmp_path):
    pytest.importorskip("sb3_contrib")
    from frontierzoo.agents.learned import load_policy
    from frontierzoo.training.selfplay import starting_policy, train

    game = "fantasy_frontier_v1"
    train(game, timesteps=64, out=tmp_path / "run", num_envs=2, n_steps=32, eval_every=0, eval_games=0,
          snapshot_every=0, net=(16,), features="airship_window", threads=1)
    path = tmp_path / "run" / "final.json"
    d = json.loads(path.read_text())
    assert d["features"] == {"name": "airship_window", "radius": 4}
    pairs = _observations(game, games=1, seed=3)[:200]
    new, old = load_policy(path, game), load_policy(tmp_path / "run" / "final.zip", game)
    obs, masks = np.stack([o for o, _ in pairs]), np.stack([m for _, m in pairs])
    assert np.abs(new.probabilities(obs, masks) - old.probabilities(obs, masks)).max() < 1e-6
    assert starting_policy(path, game, [16], d["features"]).description == d
    with pytest.raises(ValueError, match="reads .*airship_window.*train it with --features airship_window"):
        starting_policy(path, game, [16])
    with pytest.raises(ValueError, match="the view 'airship_window' is of fantasy_frontier_v1, not forfort_v0"):
        train("forfort_v0", out=tmp_path / "forfort", features="airship_window")
    for bad, message in (({"name": "x-ray", "radius": 4}, "'features' must be"),
                         ({"name": "airship_window", "radius": 13}, r"radius .* must be an int in 1\.\.12"),
                         ({"name": "airship_window", "radius": 2, "more": 1}, r"takes \['radius'\], got"),
                         ({"name": "airship_window"}, r"takes \['radius'\], got \[\]")):
        p = tmp_path / "bad.json"
        p.write_text(json.dumps(dict(d, features=bad)))
        shutil.copy(weights_path(path), weights_path(p))
        with pytest.raises(ValueError, match=message):
            load_policy(p, game)


def test_the_imitation_benchmark_judges_each_view_on_decisions_it_did_not_fit(capsys):
    pytest.importorskip("sb3_contrib")
    from frontierzoo.benchmarks.imitation import compare

    rows = compare("fantasy_frontier_v1", samples=200, epochs=(1, 2), features=("none", "airship_window"), games=2,
                   net=(8,))
    assert [(r["features"], r["epochs"]) for r in rows] == [("none", 1), ("none", 2), ("airship_window", 1),
                                                            ("airship_window", 2)]
    for r in rows:
        shares = [share for _, share, _, _ in r["spans"]]
        assert abs(sum(shares) - 1) < 1e-9 and shares == sorted(shares, reverse=True)
        assert 0 <= r["held_out_agreement"] <= 1 and 0 <= r["most likely"][0] <= 1
        # the overall agreement is the spans' agreements weighted by their shares
        assert abs(sum(share * agree for _, share, agree, _ in r["spans"]) - r["held_out_agreement"]) < 1e-9
    assert "| span | share | agreement | one legal move |" in capsys.readouterr().out
    with pytest.raises(ValueError, match="not forfort_v0"):
        compare("forfort_v0", samples=200, features=("airship_window",))


def test_imitation_judges_its_copy_on_decisions_held_out_and_fits_the_same_ones_as_before(tmp_path):
    pytest.importorskip("sb3_contrib")
    from frontierzoo.training.imitate import collect
    from frontierzoo.training.selfplay import train

    # holding some out adds decisions and never shifts the fitted ones (here across a round of 128 games)
    longer, shorter = collect("forfort_v0", 262, seed=3, progress=False), collect("forfort_v0", 250, seed=3, progress=False)
    assert all(np.array_equal(a[:250], b) for a, b in zip(longer, shorter))
    result = train("forfort_v0", timesteps=64, out=tmp_path / "run", num_envs=2, n_steps=32, eval_every=0,
                   eval_games=0, snapshot_every=0, net=(16,), imitate="heuristic", imitate_samples=200,
                   imitate_epochs=2, threads=1)
    imitation = result["imitation"]
    assert imitation["samples"] == 200 and imitation["held_out_samples"] == 10
    assert len(imitation["agreement_by_epoch"]) == len(imitation["held_out_agreement_by_epoch"]) == 2
    assert all(abs(k * 10 - round(k * 10)) < 1e-9 for k in imitation["held_out_agreement_by_epoch"])   # of 10
    assert json.loads((tmp_path / "run" / "eval.json").read_text())["imitation"] == imitation


def _score_changes(scorers, row_width, changed):
    """The actions whose scores move when the row's entries ``changed`` go from 0 to 1 (the last
    hidden layer held at zero)."""
    rows = torch.zeros(2, row_width)
    rows[1, changed] = 1
    with torch.no_grad():
        scores = scorers(torch.zeros(2, 8), rows, torch.zeros(2, 288))
    return set(np.flatnonzero((scores[1] - scores[0]).numpy()).tolist())


def test_a_place_scorer_rates_each_place_by_what_is_on_and_next_to_it():
    from frontierzoo.agents.features import CornerProduction, PlaceScorers
    from frontierzoo.envs.frontier import state as S

    view = CornerProduction()
    width = S.OBS_SIZE + view.extra
    torch.manual_seed(0)
    scorers = PlaceScorers(view, width, trunk_width=8, hidden=4)
    for c in (0, 20):   # a coast corner and an inland one: a village of mine there
        village = S.OBS_CORNERS.start + c * S.CORNER.size + S.F_BUILDING.start
        neighbours = [int(n) for n in S.CORNER_CORNERS[c] if n >= 0]
        assert _score_changes(scorers, width, village) == (
            {S.BUILD_VILLAGE.start + x for x in [c] + neighbours} | {S.BUILD_KEEP.start + x for x in [c] + neighbours}
            | {S.BUILD_ROAD.start + int(e) for e in S.CORNER_EDGES[c] if e >= 0}
            | {S.MOVE_BANDIT.start + int(h) for h in S.CORNER_HEXES[c] if h >= 0})
        # what a village there would produce: the corner itself, and the roads that end there
        assert _score_changes(scorers, width, S.OBS_SIZE + c * S.NUM_RESOURCES) == (
            {S.BUILD_VILLAGE.start + c, S.BUILD_KEEP.start + c}
            | {S.BUILD_ROAD.start + int(e) for e in S.CORNER_EDGES[c] if e >= 0})
    e = 10   # a road of mine: the corners at its ends, the road itself and the roads it leads on to
    road = S.OBS_EDGES.start + e * S.EDGE.size
    ends = [int(c) for c in S.EDGE_CORNERS[e]]
    assert _score_changes(scorers, width, road) == (
        {S.BUILD_VILLAGE.start + c for c in ends} | {S.BUILD_KEEP.start + c for c in ends}
        | {S.BUILD_ROAD.start + int(x) for c in ends for x in S.CORNER_EDGES[c] if x >= 0})
    h = 9   # the bandit on a hex: only the bandit's own score there
    bandit = S.OBS_HEXES.start + h * S.HEX.size + S.F_BANDIT.start
    assert _score_changes(scorers, width, bandit) == {S.MOVE_BANDIT.start + h}
    # one set of weights for every corner: the same neighbourhood scores the same wherever it is
    rows = torch.zeros(1, width)
    with torch.no_grad():
        plain = scorers(torch.zeros(1, 8), rows, torch.zeros(1, 288))[0]
    inland = [c for c in range(S.NUM_CORNERS) if (S.CORNER_EDGES[c] >= 0).all() and S.CORNER_HARBOUR[c] < 0]
    assert len(inland) > 20 and len({float(plain[S.BUILD_VILLAGE.start + c]) for c in inland}) == 1


def test_a_policy_with_place_scorers_plays_as_trained_trains_further_and_is_checked(tmp_path):
    pytest.importorskip("sb3_contrib")
    from frontierzoo.agents.learned import load_policy
    from frontierzoo.training.selfplay import starting_policy, train

    game = "frontier_v0"
    train(game, timesteps=64, out=tmp_path / "run", num_players=4, num_envs=2, n_steps=32, eval_every=0,
          eval_games=0, snapshot_every=0, net=(16,), features="corner_production", scorers=8, threads=1)
    path = tmp_path / "run" / "final.json"
    d = json.loads(path.read_text())
    assert d["scorers"] == {"hidden": 8} and d["features"] == {"name": "corner_production"}
    pairs = _observations(game, games=1, seed=3)[:300]
    obs, masks = np.stack([o for o, _ in pairs]), np.stack([m for _, m in pairs])
    new, old = load_policy(path, game), load_policy(tmp_path / "run" / "final.zip", game)
    assert np.abs(new.probabilities(obs, masks) - old.probabilities(obs, masks)).max() < 1e-6
    # trained further from it: the same actor to start, and it says so
    train(game, timesteps=64, out=tmp_path / "more", num_players=4, num_envs=2, n_steps=32, eval_every=0,
          eval_games=0, snapshot_every=0, net=(16,), features="corner_production", scorers=8, threads=1,
          init=path, learning_rate=1e-30)
    assert np.abs(load_policy(tmp_path / "more" / "final.json", game).probabilities(obs, masks)
                  - new.probabilities(obs, masks)).max() < 1e-6
    with pytest.raises(ValueError, match=r"its place scorers are \{'hidden': 8\}; train it with --scorers 8"):
        starting_policy(path, game, [16], d["features"])
    with pytest.raises(ValueError, match=r"rate the places of a view \(--features\), and there is none"):
        train("forfort_v0", out=tmp_path / "forfort", scorers=8)
    with pytest.raises(ValueError, match="and 'airship_window' has no places"):
        train("fantasy_frontier_v1", out=tmp_path / "ff", features="airship_window", scorers=8)
    for bad, message in (({"hidden": 0}, "'scorers' must be"), ({"hidden": 8, "more": 1}, "'scorers' must be"),
                         ({"hidden": 9}, r"scorers\.corner\.local\.weight is \(8, 56\), needs \(9, 56\)")):
        p = tmp_path / "bad.json"
        p.write_text(json.dumps(dict(d, scorers=bad)))
        shutil.copy(weights_path(path), weights_path(p))
        with pytest.raises(ValueError, match=message):
            load_policy(p, game)


def test_training_hands_the_process_back_with_one_torch_thread():
    """PPO's update takes ``threads``; the games, and whatever plays after training in the same
    process (exploit's games), one: at two beside a busy core they ran tens of times slower."""
    from frontierzoo.training.selfplay import UpdateThreads

    before = torch.get_num_threads()
    try:
        threads = UpdateThreads(3)
        threads._on_rollout_start()
        assert torch.get_num_threads() == 1
        threads._on_rollout_end()
        assert torch.get_num_threads() == 3
        threads._on_training_end()
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)
