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
