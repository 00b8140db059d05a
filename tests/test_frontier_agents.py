"""The Frontier heuristic beats random players clearly (a small sample; the report measures 200+)."""

from frontierzoo.agents.base import RandomAgent
from frontierzoo.agents.heuristics.frontier_advice import FrontierHeuristic
from frontierzoo.envs import frontier_v0


def play(seed, heuristic_seat):
    env = frontier_v0.env(num_players=4, max_steps=20000)
    env.reset(seed=seed)
    agents = [FrontierHeuristic(seed=seed) if i == heuristic_seat else RandomAgent(seed=10 * seed + i)
              for i in range(4)]
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        i = env.agent_name_mapping[agent]
        a = agents[i].act(obs["observation"], obs["action_mask"], {"env": env})
        assert obs["action_mask"][a]
        env.step(a)
    return int(env.record["winner"])


def test_heuristic_beats_three_random_players():
    wins = sum(play(500 + g, g % 4) == g % 4 for g in range(12))
    assert wins >= 9, f"heuristic won {wins} of 12 against three random players"
