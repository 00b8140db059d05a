"""PettingZoo's Parallel API for the games whose seats decide simultaneously.

A game offers ``parallel_env()`` when its ``Game.no_parallel_reason`` is None; it then also defines
``pending_seats(s) -> list[int]``: the seats with a decision pending in record ``s``, in the order
its AEC env asks them (every seat still to commit in a simultaneous stage; otherwise just the
seat to act). One parallel step takes the actions of exactly those seats and plays them through
the game's AEC env in that order, so the two APIs play the same game bit for bit.

Every other live seat (and every seat once the game has ended) has exactly one legal action, the
game's ``wait_action``, which does nothing: a masked sampler always has a move to draw (TorchRL's
masked categorical fails on an all-zero mask). Its action may be left out of the step's dict; any
other action for it is illegal, handled as the AEC env handles one (``illegal_action``: ``"raise"``
raises ``ValueError``, ``"lose"`` ends the game with that seat losing). The AEC env never offers
``wait_action``. A simultaneous stage's legality never depends on the other seats' choices,
so every pending seat's mask is known at the start of the step, and nothing one seat commits is in
another seat's observation before the step ends (the AEC env keeps commitments out of the other
seats' observations until the game reveals them).
"""
from __future__ import annotations

import numpy as np
from pettingzoo import ParallelEnv

from .aec import FrontierZooEnv


class FrontierZooParallelEnv(ParallelEnv):
    """The Parallel env over a game's AEC env (``env.aec``); same keywords as the AEC env."""

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "is_parallelizable": True, "render_fps": 2}

    def __init__(self, game, num_players=None, render_mode=None, **kwargs):
        if game.no_parallel_reason is not None:
            raise ValueError(f"{game.name} has no parallel env: {game.no_parallel_reason}")
        self.game = game
        self.aec = FrontierZooEnv(game, num_players=num_players, render_mode=render_mode, **kwargs)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=game.name)
        self.possible_agents = self.aec.possible_agents[:]
        self.agents = []
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.state_space = self.aec.state_space
        if not isinstance(game.wait_action, int) or not 0 <= game.wait_action < game.num_actions:
            raise TypeError(f"{game.name} has a parallel env and so must declare wait_action, an action id")
        self._wait_mask = np.zeros(game.num_actions, np.int8)
        self._wait_mask[game.wait_action] = 1

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def record(self):
        return self.aec.record

    def pending(self) -> list:
        """The agents whose actions the next step takes, in the order they are played."""
        if not self.agents or self.aec._seat < 0:
            return []
        return [self.possible_agents[i] for i in self.game.pending_seats(self.aec.record)]

    def _mask(self, seat):
        """A pending seat's legal actions: those of the record with that seat to act."""
        t = self.aec._states.copy()
        t[0]['actor'] = seat
        m = np.zeros(self.game.num_actions, np.bool_)
        self.game.core.legal_mask(t[0], m)
        return m

    def _observations(self):
        pending = set(self.pending())
        out = {}
        for a in self.agents:
            seat = self.aec.agent_name_mapping[a]
            obs = self.aec.observe(a)
            if a not in pending:
                obs["action_mask"] = self._wait_mask.copy()
            elif seat != self.aec._seat:
                obs["action_mask"] = self._mask(seat).view(np.int8).copy()
            out[a] = obs
        return out

    def _waiting_moves(self, actions, pending):
        """Check what the step's dict gives the seats with nothing to decide: wait, or nothing.
        Returns the first other action's (agent, action), to be handled as illegal, or None."""
        for agent, action in actions.items():
            if agent in self.agents and agent not in pending and self.aec._action(action) != self.game.wait_action:
                return agent, int(action)
        return None

    def reset(self, seed=None, options=None):
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        if not self.agents:
            raise RuntimeError(f"{self.game.name}: call reset() before step()")
        rewards = {a: 0.0 for a in self.agents}
        pending = self.pending()
        for agent in pending:
            if agent not in actions:
                raise ValueError(f"{self.game.name}: {agent} has a decision pending and no action was given")
        wrong = self._waiting_moves(actions, pending)
        if wrong is not None:
            self._illegal_wait(*wrong)
            for a in self.agents:
                rewards[a] += self.aec.rewards[a]
            pending = []
        for agent in pending:
            if self.aec.agent_selection != agent:   # the AEC env asks the pending seats in this order
                raise RuntimeError(f"{self.game.name}: expected {agent} to act, the AEC env asks "
                                   f"{self.aec.agent_selection}")
            self.aec.step(actions[agent])
            for a in self.agents:
                rewards[a] += self.aec.rewards[a]
            if self.aec._seat < 0 or any(self.aec.terminations.values()) or any(self.aec.truncations.values()):
                break
        terms = {a: bool(self.aec.terminations[a]) for a in self.agents}
        truncs = {a: bool(self.aec.truncations[a]) for a in self.agents}
        obs = self._observations()
        infos = {a: dict(self.aec.infos.get(a, {})) for a in self.agents}
        if any(terms.values()) or any(truncs.values()):
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def _illegal_wait(self, agent, action):
        """A waiting seat's action other than wait: raise, or (``"lose"``) that seat loses and the
        game ends, as the AEC env treats an illegal action."""
        if self.aec.illegal_action == "raise":
            raise ValueError(f"{self.game.name}: action {action} ({self.aec.describe_action(action)}) is illegal "
                             f"for {agent}, which has nothing to decide this step; its only legal action is "
                             f"{self.game.wait_action} (wait)")
        self.aec._illegal(agent, action)

    def legal_actions(self, agent):
        """The legal action ids of a live agent: a waiting one's is ``wait_action`` alone."""
        if agent not in self.pending():
            return np.array([self.game.wait_action], np.int64)
        seat = self.aec.agent_name_mapping[agent]
        return np.flatnonzero(self.aec._mask if seat == self.aec._seat else self._mask(seat))

    def state(self):
        return self.aec.state()

    def render(self):
        return self.aec.render()

    def close(self):
        self.aec.close()
