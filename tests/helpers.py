"""Helpers shared by the test modules."""
from frontierzoo.agents import RandomAgent, play_game


def play_random(env, rng, max_decisions=None, on_step=None, totals=None):
    """Play the env on from where it stands with uniformly random legal actions drawn from ``rng``;
    returns the decisions made.

    ``on_step(env, agent, action)`` sees each decision before it is played; ``totals``, a dict,
    collects each agent's summed rewards as ``last()`` reports them."""
    # a Generator given as the seed is used as it is: every seat draws from ``rng``
    result = play_game(env, [RandomAgent(seed=rng)] * len(env.possible_agents), reset=False,
                       on_decision=on_step, max_decisions=max_decisions)
    if totals is not None:
        totals.update(zip(env.possible_agents, result.rewards))
    return result.decisions
