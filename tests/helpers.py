"""Helpers shared by the test modules."""
import numpy as np


def play_random(env, rng, max_decisions=None, on_step=None, totals=None):
    """Play the env to its end with uniformly random legal actions; returns decisions made.

    ``totals``, a dict, collects each agent's summed rewards as ``last()`` reports them."""
    n = 0
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if totals is not None:
            totals[agent] = totals.get(agent, 0.0) + rew
        if term or trunc:
            env.step(None)
            continue
        if max_decisions is not None and n >= max_decisions:
            break
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        if on_step is not None:
            on_step(env, agent, a)
        env.step(a)
        n += 1
    return n
