"""The batched search with a network at the leaves (agents/netsearch.py) and the networks that
read the observation by its blocks (agents/network.py)."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

from frontierzoo.agents.network import Network, NetworkAgent, describe, layer_shapes, new_network  # noqa: E402
from frontierzoo.agents.netsearch import BatchedSearch  # noqa: E402
from frontierzoo.envs import get_game  # noqa: E402
from frontierzoo.envs.common.vector import VectorEnv  # noqa: E402


def _positions(game, n, seed):
    v = VectorEnv(game, n)
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(15):
        v.step(v.random_actions(rng))
    return v


@pytest.mark.parametrize("structured", [True, False])
def test_network_shapes_match_its_description(structured):
    game = get_game("forfort_v0")
    d = describe(game, hidden=(32,), structured=structured)
    net = new_network(d, 0)
    assert {k: tuple(v.shape) for k, v in net.state_dict().items()} == layer_shapes(d)
    logits, values = net(torch.zeros(3, game.obs_size))
    assert logits.shape == (3, game.num_actions) and values.shape == (3, 4)


def test_search_visits_only_legal_moves_and_spends_its_simulations():
    game = get_game("forfort_v0")
    v = _positions(game, 4, 3)
    d = describe(game, hidden=(32,))
    net = Network(net=new_network(d, 0).eval(), d=d)
    search = BatchedSearch(game, 4, 16, guide_weight=0.5, seed=1)
    visits = search.run(v.states.copy(), v.seats.copy(), np.ones(4, bool), v.num_players, net.evaluate)
    for b in range(4):
        assert visits[b].sum() == 15   # the first simulation evaluates the root itself
        assert not visits[b][~v.masks[b]].any()
    again = BatchedSearch(game, 4, 16, guide_weight=0.5, seed=1).run(
        v.states.copy(), v.seats.copy(), np.ones(4, bool), v.num_players, net.evaluate)
    assert np.array_equal(visits, again)   # a seed replays the search


def test_raw_policy_plays_legal_moves():
    game = get_game("forfort_v0")
    v = _positions(game, 8, 5)
    d = describe(game, hidden=(32,))
    net = Network(net=new_network(d, 0).eval(), d=d)
    agent = NetworkAgent(network=net, seed=3)
    actions = agent.act_batch(v.obs, v.masks)
    assert all(v.masks[i, a] for i, a in enumerate(actions))
    # drawn by default (a seed replays the draws), the most likely move with sample=False
    assert np.array_equal(NetworkAgent(network=net, seed=3).act_batch(v.obs, v.masks), actions)
    probs, _ = net.evaluate(v.obs, v.masks)
    greedy = NetworkAgent(network=net, sample=False).act_batch(v.obs, v.masks)
    assert np.array_equal(greedy, np.argmax(np.where(v.masks, probs, -1.0), axis=1))
    draws = np.stack([NetworkAgent(network=net, seed=s).act_batch(v.obs, v.masks) for s in range(40)])
    assert (draws != greedy).any(), "a drawn policy picks other legal moves too"
    # a description's "moves" (chosen when it was bundled) sets the default; anything else is refused
    told = Network(net=net.net, d={**d, "moves": "most likely"})
    assert not NetworkAgent(network=told).sample and NetworkAgent(network=told, sample=True).sample
    from frontierzoo.agents.network import check_description
    with pytest.raises(ValueError, match="'moves' must be one of"):
        check_description({**d, "moves": "best"}, "x.json")


def test_the_network_search_decides_a_batch_of_games_in_one_search():
    """``act_batch``: every game's position as ``trees`` roots of one search, each game's move its
    own roots' most visited legal one; a forced move unsearched; a seed replays; a smaller batch
    reuses the search; a budget in ms searches the games one at a time."""
    from frontierzoo.agents.match import RecordView
    from frontierzoo.agents.network import NetworkSearchAgent

    game = get_game("forfort_v0")
    v = _positions(game, 6, 7)
    d = describe(game, hidden=(32,))
    net = Network(net=new_network(d, 0).eval(), d=d)
    infos = [{"env": RecordView(v.states[i], v.num_players)} for i in range(6)]

    def agent(**budget):
        return NetworkSearchAgent(network=net, seed=2, trees=4, guide_weight=0.0, **budget)

    searcher = agent(simulations=16)
    moves = searcher.act_batch(v.obs, v.masks, infos)
    wide, rows = searcher._wide, np.flatnonzero(v.masks.sum(1) > 1)
    assert 1 < rows.size < 6 and wide is not None and wide.num_roots == 4 * rows.size   # one game's move was forced
    visits = wide.visits.reshape(rows.size, 4, -1)
    assert all(((visits[k] > 0) <= v.masks[i]).all() for k, i in enumerate(rows))   # game i's roots search game i
    assert np.array_equal(moves[rows], np.argmax(np.where(v.masks[rows], visits.sum(1), -1.0), axis=1))
    assert all(v.masks[i, moves[i]] for i in range(6))
    assert len({tuple(np.flatnonzero(v.masks[i])) for i in rows}) > 1     # the games' legal moves differ
    assert np.array_equal(agent(simulations=16).act_batch(v.obs, v.masks, infos), moves)
    few = searcher.act_batch(v.obs[rows[:1]], v.masks[rows[:1]], [infos[i] for i in rows[:1]])
    assert searcher._wide is wide and v.masks[rows[0], few[0]]
    assert wide.visits[:4].any() and not wide.visits[4:].any()              # the roots past the batch's
    forced = np.zeros_like(v.masks[:1])
    forced[0, np.flatnonzero(v.masks[0])[-1]] = True
    assert searcher.act_batch(v.obs[:1], forced, infos[:1])[0] == np.flatnonzero(v.masks[0])[-1]
    timed = agent(ms=2).act_batch(v.obs, v.masks, infos)
    assert all(v.masks[i, a] for i, a in enumerate(timed))
    with pytest.raises(ValueError, match="live env"):
        searcher.act_batch(v.obs, v.masks, None)


def test_the_network_search_takes_its_priors_from_a_policy_and_its_values_from_the_network(tmp_path):
    """``prior=``: the leaves' priors are the policy's move probabilities, their values the
    network's; ``"ppo"`` is the game's bundled policy; a file that is not a policy is refused."""
    from frontierzoo.agents.learned import bundled_model, load_policy
    from frontierzoo.agents.match import RecordView
    from frontierzoo.agents.network import NetworkSearchAgent

    game = get_game("forfort_v0")
    v = _positions(game, 4, 3)
    d = describe(game, hidden=(32,))
    net = Network(net=new_network(d, 0).eval(), d=d)
    searcher = NetworkSearchAgent(network=net, seed=2, trees=2, guide_weight=0.0, simulations=8, prior="ppo")
    probs, values = searcher.evaluate(v.obs, v.masks)
    own_probs, own_values = net.evaluate(v.obs, v.masks)
    policy = load_policy(bundled_model("forfort_v0"), "forfort_v0").probabilities(v.obs, v.masks)
    assert np.allclose(probs, policy, atol=1e-6) and not np.allclose(probs, own_probs, atol=1e-3)
    assert np.array_equal(values, own_values)
    infos = [{"env": RecordView(v.states[i], v.num_players)} for i in range(4)]
    moves = searcher.act_batch(v.obs, v.masks, infos)
    assert all(v.masks[i, a] for i, a in enumerate(moves))
    (tmp_path / "nothing.json").write_text("{}")
    with pytest.raises(ValueError, match="nothing.json"):
        NetworkSearchAgent(network=net, simulations=8, prior=tmp_path / "nothing.json")


def test_the_values_benchmark_values_each_position_as_the_search_values_a_leaf(capsys):
    """``benchmarks/values.py``: each kept position is one to decide, valued for the seat to act;
    the network's value is the network's on that seat's own observation (the re-deal changes only
    what the seat cannot see), the rollouts replay by seed and see nothing hidden (worlds that
    differ only in what the seat cannot see give the same values), and the scores are exact."""
    from frontierzoo.agents.network import bundled_network, load_network
    from frontierzoo.benchmarks.values import agent_spec, leaf_values, main, positions, score
    from frontierzoo.envs import make

    records, seats, outcomes = positions("forfort_v0", [("heuristic", {}), ("random", {})], 2, every=2, seed=5)
    # every game has a winner and a loser, and both decide: both outcomes are kept
    assert len(seats) > 10 and np.array_equal(seats, records["actor"]) and set(outcomes) == {-1.0, 1.0}
    network = load_network(bundled_network("forfort_v0"), "forfort_v0")
    env = make("forfort_v0")
    env.reset(seed=0)
    obs, masks = [], []
    for record, seat in zip(records, seats):
        env.set_record(record)
        obs.append(env.observe(env.possible_agents[seat])["observation"])
        masks.append(env.action_masks())
    net, rolled = leaf_values("forfort_v0", records, seats, 2, network, 3, seed=1)
    assert np.allclose(net, network.evaluate(np.array(obs), np.array(masks))[1][:, 0], atol=1e-6)
    assert rolled.shape == (3, len(seats)) and np.all(np.abs(rolled) <= 1) and not np.array_equal(rolled[0], rolled[1])
    assert np.array_equal(leaf_values("forfort_v0", records, seats, 2, network, 3, seed=1)[1], rolled)
    others = records.copy()   # the same positions, the cards the seat cannot see dealt again
    for i, (record, seat) in enumerate(zip(records, seats)):
        env.set_record(record)
        env.determinize(env.possible_agents[seat])
        others[i] = env.record
    assert not np.array_equal(others, records)
    net2, rolled2 = leaf_values("forfort_v0", others, seats, 2, network, 3, seed=1)
    assert np.array_equal(net2, net) and np.array_equal(rolled2, rolled)

    mse, sign, r, lo, hi = score(np.array([1.0, -1.0, 0.5, -0.5]), np.array([1.0, -1.0, -1.0, 1.0]))
    assert mse == pytest.approx((0 + 0 + 2.25 + 2.25) / 4) and sign == 0.5 and lo < r < hi
    assert r == pytest.approx(np.corrcoef([1.0, -1.0, 0.5, -0.5], [1.0, -1.0, -1.0, 1.0])[0, 1])
    assert agent_spec("mcts:ms=20,simulations=8") == ("mcts", {"ms": 20, "simulations": 8})
    with pytest.raises(SystemExit):   # an option the agent does not take: refused before any game
        main(["--game", "forfort_v0", "--agents", "heuristic:ms=3", "random", "--games", "2"])
    assert "heuristic takes no ms" in capsys.readouterr().err
    main(["--game", "forfort_v0", "--agents", "heuristic", "random", "--games", "2", "--rollouts", "2"])
    table = capsys.readouterr().out
    assert "| network |" in table and "| rollouts x2 |" in table and "| mix 0.5 |" in table
