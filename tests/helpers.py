"""Helpers shared by the test modules."""
import numpy as np

from frontierzoo.agents import RandomAgent, play_game
from frontierzoo.envs.common.record import begin_step


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


class RuleKit:
    """One game's moves for its rule tests, on a bare record (``engine.new_record``, or a position
    a test builds by hand): what is legal, and a decision played as the engine plays it
    (``record.begin_step``: the decision counted, the rewards cleared; then the game's ``apply``
    with the automatic steps it runs), so that a rule test sees what an env's step does."""

    def __init__(self, game):
        self.game = game

    def mask(self, s) -> np.ndarray:
        """The legal actions as a bool mask; ``legal_mask``'s count must be the mask's."""
        m = np.zeros(self.game.num_actions, np.bool_)
        n = self.game.core.legal_mask(s, m)
        assert n == m.sum(), f"legal_mask counted {n} legal actions, its mask holds {m.sum()}"
        return m

    def legal(self, s) -> set:
        """The legal action ids."""
        return set(np.flatnonzero(self.mask(s)).tolist())

    def step(self, s, a) -> None:
        """One legal decision, as the engine's step plays it."""
        a = int(a)
        assert self.mask(s)[a], (f"{a} ({self.game.describe_action(s, a)}) is not legal; "
                                 f"legal: {sorted(self.legal(s))[:12]}")
        begin_step(s)
        self.game.core.apply(s, a)

    def play(self, s, *actions) -> None:
        """Decisions one by one, each legal, every invariant holding after each."""
        for a in actions:
            self.step(s, a)
            code = int(self.game.core.check_invariants(s))
            assert code == 0, f"{a} broke invariant {code}: {self.game.invariant_names.get(code, '?')}"
