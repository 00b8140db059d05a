"""The expert-iteration trainer (training/expert.py): self-play by the batched search, the targets it
learns from, its workers (processes, Ray actors), and a run's folder (curve, checkpoint, resume)."""
import json
import shutil
import tempfile

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from frontierzoo.agents.network import NetworkAgent, describe, load_network  # noqa: E402
from frontierzoo.envs import all_games, get_game  # noqa: E402
from frontierzoo.training import expert  # noqa: E402

TINY = dict(workers=0, games=4, steps=40, simulations=4, hidden=[16], batch=16, eval_games=4, quiet=True)
TINY_ARGS = ["--workers", "0", "--games", "4", "--steps", "40", "--simulations", "4", "--hidden", "16",
             "--batch", "16", "--eval-games", "4", "--quiet"]


def _config(games=3, simulations=4):
    game = get_game("forfort_v0")
    return {"game": game.name, "num_players": 2, "seed": 5, "games": games, "simulations": simulations,
            "guide_weight": 0.5, "temperature_moves": 4, "max_steps": None, "typical_moves": 8,
            "env_options": {}, "description": describe(game, hidden=(16,))}


def _weights(config, seed=0):
    torch.manual_seed(seed)
    return expert.weights_of(expert.build_network(config["description"]))


def test_a_result_is_seen_from_the_deciding_seat_on():
    result = np.array([-1.0, 1.0, -1.0], np.float32)
    assert expert.seat_relative(result, 1, 4).tolist() == [1.0, -1.0, -1.0, 0.0]
    assert expert.seat_relative(result, 2, 4).tolist() == [-1.0, -1.0, 1.0, 0.0]


def test_self_play_keeps_the_searched_decisions_of_finished_games_with_their_targets():
    config = _config()
    out = expert.SelfPlayWorker(config, 0).play(_weights(config), 150)
    n = len(out["obs"])
    assert len(out["lengths"]) >= 3 and n > 0   # 150 decisions finish every Forfort game at least once
    assert n == len(out["mask"]) == len(out["policy"]) == len(out["value"])
    # the visit distribution: on legal moves only, a distribution; decisions with a choice only
    assert not (out["policy"] * ~out["mask"]).any()
    assert np.allclose(out["policy"].sum(axis=1), 1.0)
    assert (out["mask"].sum(axis=1) > 1).all()
    # two seats, one winner: the decider's result and the other's are opposite; unused seats zero
    assert set(np.unique(out["value"][:, 0])) <= {-1.0, 1.0}
    assert np.array_equal(out["value"][:, 1], -out["value"][:, 0])
    assert not out["value"][:, 2:].any()


@pytest.mark.slow   # two processes each load the compiled game: about a minute on 2 busy cores
def test_worker_processes_play_exactly_what_the_same_workers_play_here():
    config, weights = _config(games=2), _weights(_config(games=2))
    here = [expert.SelfPlayWorker(config, w).play(weights, 100) for w in range(2)]
    workers = expert.Workers(config, 2)
    try:
        there = workers.play(weights, 100)
    finally:
        workers.close()
    for a, b in zip(here, there):
        assert all(np.array_equal(a[k], b[k]) for k in a)
    assert len(here[0]["lengths"]) and not np.array_equal(here[0]["obs"][:5], here[1]["obs"][:5])   # its own games


@pytest.mark.slow   # a Ray cluster starts: one to three minutes on 2 cores
def test_workers_run_as_actors_on_a_local_ray_cluster(monkeypatch):
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[rllib]')")
    config, weights = _config(games=2), _weights(_config(games=2))
    here = expert.SelfPlayWorker(config, 0).play(weights, 100)
    # Ray's sockets need a short path (107 bytes at most): not the test's own tmp_path
    short = tempfile.mkdtemp(prefix="ray", dir="/tmp")
    monkeypatch.setenv("RAY_TMPDIR", short)
    workers = expert.Workers(config, 1, address="local")
    try:
        there = workers.play(weights, 100)[0]
    finally:
        workers.close()
        ray.shutdown()
        shutil.rmtree(short, ignore_errors=True)
    assert all(np.array_equal(here[k], there[k]) for k in here)


def test_a_run_writes_its_curve_and_networks_and_a_seeded_run_replays(tmp_path):
    from frontierzoo.cli import main

    main(["train", "expert", "--game", "forfort_v0", "--out", str(tmp_path / "a"), "--iterations", "2",
          "--seed", "3"] + TINY_ARGS)
    expert.train("forfort_v0", out=tmp_path / "b", iterations=2, seed=3, **TINY)
    a, b = tmp_path / "a", tmp_path / "b"
    rows = (a / "curve.csv").read_text().splitlines()
    assert rows[0] == "timesteps,seconds,opponent,games,win_rate,low95,high95"
    assert [r.split(",")[2] for r in rows[1:]] == ["heuristic", "random", "heuristic", "random", "last"]
    assert (a / "curve.png").stat().st_size > 0
    wa, wb = torch.load(a / "network.pt", weights_only=True), torch.load(b / "network.pt", weights_only=True)
    assert all(torch.equal(wa[k], wb[k]) for k in wa)
    net = load_network(a / "network.json", "forfort_v0")
    training = net.description["training"]
    assert training["seed"] == 3 and training["command"].startswith("frontierzoo train expert --game forfort_v0")
    agent = NetworkAgent(network=net)
    mask = np.zeros(get_game("forfort_v0").num_actions, bool)
    mask[[3, 7]] = True
    assert agent.act(np.zeros(get_game("forfort_v0").obs_size, np.float32), mask) in (3, 7)


def test_the_head_start_teaches_the_network_the_teachers_moves_and_the_run_records_it(tmp_path):
    """``--imitate heuristic``: the policy head fitted to the teacher's decisions picks the
    teacher's move far more often than before, and the run's network says what it imitated."""
    from frontierzoo.training.imitate import collect, pretrain_network
    game = get_game("forfort_v0")
    obs, masks, actions = data = collect(game.name, 1024, num_players=2, seed=4, progress=False)

    def agreement(net):
        with torch.no_grad():
            logits, _ = net(torch.as_tensor(obs))
        return float((logits.masked_fill(~torch.as_tensor(masks), -1e9).argmax(1).numpy() == actions).mean())

    torch.manual_seed(0)
    net = expert.build_network(describe(game, hidden=(64,)))
    before = agreement(net)
    during = pretrain_network(net, data, epochs=6, batch_size=64, seed=0, progress=False)
    assert agreement(net) > before + 0.15 and during.fitted[-1] > during.fitted[0] and during.held_out == []
    expert.train("forfort_v0", out=tmp_path / "run", iterations=1, imitate="heuristic", imitate_samples=128,
                 imitate_epochs=1, **TINY)
    imitation = load_network(tmp_path / "run" / "network.json", "forfort_v0").description["training"]["imitation"]
    assert imitation["teacher"] == "heuristic" and imitation["samples"] == 128 and 0 <= imitation["agreement"] <= 1


def _mcts_worker(student_share=0.0, moves="drawn"):
    config = {**_config(games=3, simulations=24), "expert": "mcts", "student_share": student_share}
    config["description"] = {**config["description"], "moves": moves}
    worker = expert.SelfPlayWorker(config, 0)
    worker.net.load_state_dict({k: torch.as_tensor(v) for k, v in _weights(config).items()})
    return worker


def test_the_mcts_expert_labels_each_decision_with_the_root_visits_of_its_own_search():
    """``--expert mcts``: the policy target of a decision is the visit distribution of the project's
    heuristic-guided search at that game's live record, searched game by game with the worker's
    own seeded ``MCTSAgent`` (a fresh tree each), whose chosen move is the most visited."""
    from frontierzoo.agents.match import RecordView
    from frontierzoo.agents.mcts import MCTSAgent

    worker = _mcts_worker()
    for _ in range(5):   # into the games, past the first forced moves
        worker.play(expert.weights_of(worker.net), 1)
    env = worker.env
    masks, seats = env.masks.copy(), env.seats.copy()
    searched = masks.sum(axis=1) > 1
    assert searched.any()
    twin = MCTSAgent("forfort_v0", simulations=24, reuse=False)
    twin.rng.bit_generator.state = worker.search.rng.bit_generator.state
    visits = worker._search(masks, seats, searched)
    for b in range(len(masks)):
        if not searched[b]:
            assert not visits[b].any()
            continue
        chosen = twin.act(env.obs[b], masks[b], {"env": RecordView(env.states[b], 2)})
        assert np.array_equal(visits[b], twin.visits)
        assert visits[b].sum() > 0 and not (visits[b] * ~masks[b]).any()
        assert chosen == int(np.argmax(visits[b]))


@pytest.mark.parametrize("moves", ["drawn", "most likely"])
def test_the_student_share_plays_the_networks_own_moves_where_drawn(moves):
    """DAgger's mixture: at share 1 every searched decision is the network's move (its most likely
    where its description says so, a legal draw otherwise); at share 0 none is; forced ones never."""
    worker = _mcts_worker(student_share=1.0, moves=moves)
    masks = worker.env.masks.copy()
    searched = masks.sum(axis=1) > 1
    searched[0] = False
    students = worker._students(masks, searched)
    assert students[0] == -1 and (students[searched] >= 0).all()
    assert masks[np.flatnonzero(searched), students[searched]].all()
    if moves == "most likely":
        probs, _ = worker.network.evaluate(worker.env.obs, masks)
        assert np.array_equal(students[searched], np.argmax(np.where(masks, probs, -1), axis=1)[searched])
    worker.student_share = 0.0
    assert (worker._students(masks, searched) == -1).all()


def test_a_seeded_distillation_run_replays_and_records_its_expert(tmp_path):
    settings = dict(TINY, simulations=8, expert="mcts", student_share=0.5, moves="most likely")
    for name in ("a", "b"):
        expert.train("forfort_v0", out=tmp_path / name, iterations=2, seed=2, **settings)
    wa, wb = (torch.load(tmp_path / n / "network.pt", weights_only=True) for n in ("a", "b"))
    assert all(torch.equal(wa[k], wb[k]) for k in wa)
    d = load_network(tmp_path / "a" / "network.json", "forfort_v0").description
    assert d["moves"] == "most likely" and NetworkAgent(path=tmp_path / "a" / "network.json").sample is False
    assert d["training"]["expert"] == "mcts" and d["training"]["student_share"] == 0.5
    for bad, match in ((dict(expert="alphazero"), "expert must be one of"),
                       (dict(student_share=1.5), "student_share must be in"),
                       (dict(moves="best"), "moves must be one of")):
        with pytest.raises(ValueError, match=match):
            expert.train("forfort_v0", out=tmp_path / "bad", iterations=1, **{**TINY, **bad})


def test_the_command_line_refuses_a_share_outside_zero_to_one(capsys):
    from frontierzoo.cli import main

    with pytest.raises(SystemExit):
        main(["train", "expert", "--game", "forfort_v0", "--iterations", "1", "--student-share", "1.5"])
    assert "--student-share: must be from 0 to 1, got 1.5" in capsys.readouterr().err


def _devices_trained_on(tmp_path, monkeypatch, **settings):
    """Run one small iteration; the devices each training step was handed and its network sat on."""
    seen, real = [], expert.train_step

    def spy(net, opt, batch, device, num_players):
        seen.append((torch.device(device).type, next(net.parameters()).device.type))
        return real(net, opt, batch, device, num_players)

    monkeypatch.setattr(expert, "train_step", spy)
    expert.train("forfort_v0", out=tmp_path / "run", iterations=1, **{**TINY, "steps": 150}, **settings)
    assert seen, "the iteration trained no step"      # 150 decisions a game: some games end, and train
    assert load_network(tmp_path / "run" / "network.json", "forfort_v0")   # saved so that a CPU loads it
    return set(seen)


def test_the_trainer_trains_on_the_cpu_where_torch_sees_no_gpu_or_is_told_to(tmp_path, monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert _devices_trained_on(tmp_path / "auto", monkeypatch) == {("cpu", "cpu")}
    assert _devices_trained_on(tmp_path / "told", monkeypatch, device="cpu") == {("cpu", "cpu")}


@pytest.mark.skipif(not torch.cuda.is_available(), reason="torch sees no GPU (README: a CUDA build of torch)")
def test_the_trainer_trains_on_the_gpu_when_torch_sees_one(tmp_path, monkeypatch):
    """Runs only where torch sees a GPU: the network trains there by default, self-play stays on
    the CPU, and the saved network loads on a machine without one."""
    assert _devices_trained_on(tmp_path, monkeypatch) == {("cuda", "cuda")}
    weights = torch.load(tmp_path / "run" / "network.pt", weights_only=True)
    assert {t.device.type for t in weights.values()} == {"cpu"}


def test_a_run_out_of_time_evaluates_its_last_network_even_when_the_deadline_passes_while_it_saves(
        tmp_path, monkeypatch):
    """``--max-minutes``: the last evaluation still runs. The 2-hour Forfort run of 2026-12-04 ended
    without one: its deadline passed while it saved the iteration checked just before."""
    import time
    clock, saves, real, real_save = [0.0], [], time.perf_counter, expert.Run._save

    def save_for_an_hour(self):
        real_save(self)
        saves.append(self.decisions)
        if len(saves) == 2:                # the first iteration is evaluated, the second is not due
            clock[0] += 3600.0             # (every 10 minutes): the deadline passes while it saves

    monkeypatch.setattr(time, "perf_counter", lambda: real() + clock[0])
    monkeypatch.setattr(expert.Run, "_save", save_for_an_hour)
    expert.train("forfort_v0", out=tmp_path / "run", max_minutes=10, **{**TINY, "steps": 150})
    rows = [r.split(",") for r in (tmp_path / "run" / "curve.csv").read_text().splitlines()[1:]]
    decided = int((tmp_path / "run" / "progress.csv").read_text().splitlines()[-1].split(",")[2])
    assert saves[0] < decided and {int(r[0]) for r in rows} == {saves[0], decided}   # and the last network's


def test_a_run_resumes_from_its_folder_and_refuses_to_overwrite_one(tmp_path):
    out = tmp_path / "run"
    expert.train("forfort_v0", out=out, iterations=1, **TINY)
    with pytest.raises(SystemExit, match="pass --resume"):
        expert.train("forfort_v0", out=out, iterations=1, **TINY)
    expert.train("forfort_v0", out=out, iterations=1, resume=True, **TINY)
    progress = (tmp_path / "run" / "progress.csv").read_text().splitlines()
    assert [r.split(",")[0] for r in progress[1:]] == ["1", "2"]
    assert json.loads((tmp_path / "run" / "config.json").read_text())["game"] == "forfort_v0"
    with pytest.raises(SystemExit, match="no checkpoint"):
        expert.train("forfort_v0", out=tmp_path / "none", iterations=1, resume=True, **TINY)
    with pytest.raises(ValueError, match="a run must end"):
        expert.train("forfort_v0", out=tmp_path / "endless", **TINY)
    with pytest.raises(ValueError, match="unknown settings"):
        expert.train("forfort_v0", out=tmp_path / "x", iterations=1, simulation=3)


def test_the_best_response_measure_trains_against_the_agent_alone_and_reports_its_interval(tmp_path, monkeypatch):
    from frontierzoo.training.exploit import exploit

    with pytest.raises(ValueError, match="no agent 'nobody'"):
        exploit("forfort_v0", "nobody", 10, out=tmp_path)
    r = exploit("forfort_v0", "random", 64, games=10, out=tmp_path, command="test")
    assert r["games"] == 10 and r["fair_share"] == 0.5 and r["agent"] == "random"
    lo, hi = r["wilson_95"]
    assert 0 <= lo <= r["learner_win_rate"] <= hi <= 1
    assert json.loads((tmp_path / "exploit.json").read_text()) == r
    assert r["budget"] == 64 and r["timesteps"] >= 64   # a rollout is 256 games x 32 steps
    # cut short by max_minutes, it says how many steps it trained, not its budget
    r = exploit("forfort_v0", "random", 10**7, games=2, out=tmp_path / "cut", max_minutes=1e-4, command="test")
    assert r["budget"] == 10**7 and 0 < r["timesteps"] < 10**7
    # a search's budget goes to the frozen agent, in training and in the games; one it does not take is refused
    with pytest.raises(ValueError, match="heuristic takes no ms"):
        exploit("forfort_v0", "heuristic", 10, out=tmp_path / "bad", ms=20)
    assert not (tmp_path / "bad").exists()
    import frontierzoo.training.exploit as module
    made, real = [], module.make_agent

    def make_agent(*args, **kwargs):
        made.append(kwargs.get("simulations"))
        return real(*args, **kwargs)
    monkeypatch.setattr(module, "make_agent", make_agent)
    r = exploit("forfort_v0", "mcts", 64, games=2, out=tmp_path / "mcts", simulations=4, command="test")
    assert r["options"] == {"simulations": 4} and r["games"] == 2
    assert len(made) >= 3 and set(made) == {4}   # the check, the training's opponent, the games' agents


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_the_bundled_network_loads_on_todays_rules_and_both_its_agents_play_legal_moves(game):
    """Every game bundles a network trained by the project's own command: both its agents load
    without a rules warning and play legal moves."""
    import warnings

    from frontierzoo.agents import available_agents, make_agent
    from frontierzoo.agents.network import bundled_network
    from frontierzoo.envs import make

    assert {"net", "net_search"} <= set(available_agents(game))
    d = json.loads(bundled_network(game).read_text())
    trained = d.get("migrated_from", game)      # an earlier version's network, carried over (its "migration")
    assert d["game"] == game and d["training"]["command"].startswith(f"frontierzoo train expert --game {trained}")
    assert trained == game or trained in get_game(game).retired
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # trained on other rules would warn
        agents = [make_agent("net", game, seed=0), make_agent("net_search", game, seed=0, simulations=8)]
    env = make(game)
    env.reset(seed=4)
    for i in range(12):
        if env.terminations[env.agent_selection]:
            break
        obs = env.observe(env.agent_selection)
        a = agents[i % 2].act(obs["observation"], obs["action_mask"], {"env": env})
        assert obs["action_mask"][a]
        env.step(a)


def test_the_labels_benchmark_measures_each_budget_against_a_reference_search(capsys):
    """benchmarks/labels.py: one row a budget, the reference's own budget agreeing with it less than
    fully only by the searches' noise; the positions have a choice and spread over the games."""
    from frontierzoo.benchmarks import labels

    found = labels.positions("forfort_v0", 12, 2, seed=3)
    assert len(found) == 12 and all(mask.sum() > 1 for _, _, mask in found)
    assert len({record.tobytes() for record, _, _ in found}) == 12
    visits, secs = labels.label("forfort_v0", found[:3], 8, 2, seed=1)
    assert visits.shape == (3, get_game("forfort_v0").num_actions) and secs > 0
    assert all(((v > 0) <= m).all() for v, (_, _, m) in zip(visits, found[:3]))   # legal moves only
    assert labels.entropy(np.array([[1.0, 1.0, 0.0]])) == pytest.approx(np.log(2))
    from frontierzoo.agents.network import bundled_network

    moves = labels.network_moves(str(bundled_network("forfort_v0")), found)
    assert moves.shape == (12,) and all(m[move] for move, (_, _, m) in zip(moves, found))   # legal moves
    labels.main(["--positions", "6", "--simulations", "4", "8", "--network", str(bundled_network("forfort_v0"))])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and line[2] != "-"]
    assert [r.split("|")[1].strip().split(" (")[0] for r in rows][1:] == ["4", "8", "the network's most likely move"]
