"""Head-to-head strength: play two agents against each other with seats alternating
(``frontierzoo evaluate`` runs it, ``frontierzoo/cli/evaluate.py``). A win shared by k counts 1/k."""
from __future__ import annotations

import time

import numpy as np

from frontierzoo.agents import Agent
from frontierzoo.agents.match import play_game
from frontierzoo.envs import make


class Timed(Agent):
    """An agent whose decisions with a choice (more than one legal action) are timed, in ms."""

    def __init__(self, agent):
        self.agent, self.ms = agent, []
        self.name, self.needs_env = agent.name, agent.needs_env

    def reset(self, seed=None):
        self.agent.reset(seed)

    def act(self, observation, action_mask, info=None):
        start = time.perf_counter()
        a = self.agent.act(observation, action_mask, info)
        if np.count_nonzero(action_mask) > 1:
            self.ms.append((time.perf_counter() - start) * 1e3)
        return a


def head_to_head(game_name, agent, opponent, games, seed=0, num_players=2, progress=False, decision_ms=None,
                 **env_kwargs):
    """``agent`` at one seat against ``opponent`` at every other, the agent's seat rotating game by
    game. Returns (score, games, seconds): score counts each win 1, a win shared by k 1/k.
    ``decision_ms``, a list, gets the agent's time in ms of each decision that had a choice."""
    env = make(game_name, num_players=num_players, **env_kwargs)
    score = 0.0
    t0 = time.perf_counter()
    seats = range(games)
    if progress:
        from tqdm import tqdm
        seats = tqdm(seats, desc=f"{getattr(agent, 'name', agent)} v {getattr(opponent, 'name', opponent)}")
    timed = agent if decision_ms is None else Timed(agent)
    for g in seats:
        mine = g % num_players
        agents = [timed if i == mine else opponent for i in range(num_players)]
        # the agents' seeds follow the game's (7919, a prime, keeps the two sets of seeds apart)
        result = play_game(env, agents, seed=seed + g,
                           agent_seeds=[(seed + g) * 7919 + i for i in range(num_players)])
        if mine in result.winners:
            score += 1.0 / len(result.winners)
    if decision_ms is not None:
        decision_ms.extend(timed.ms)
    return score, games, time.perf_counter() - t0
