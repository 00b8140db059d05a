"""A Gymnasium single-agent view of any registered game, for sb3-contrib's MaskablePPO.

The learner takes one seat (a random one each episode unless fixed); the other seats are played by
opponents drawn from a pool each episode: names of registered agents ("random", "heuristic",
"mcts"), agent objects (past snapshots of the learner), or ``"self"``, the policy being trained (set
with :meth:`SelfPlayEnv.set_policy`). ``step`` plays the learner's action and then every opponent
decision until the learner must decide again or the game ends, so off-turn decisions of the learner
(a discard, a trade reply) are steps like any other. ``action_masks()`` serves MaskablePPO.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from frontierzoo.agents import Agent, make_agent
from frontierzoo.envs import make

SELF = "self"


class SelfPlayEnv(gymnasium.Env):
    """One seat of ``game_name`` as a Gymnasium env.

    Args:
        game_name: a registered game's name.
        opponents: the pool: registered agent names, :class:`Agent` objects, or "self".
        weights: how often each pool entry is drawn (default: equally).
        num_players: seats at the table.
        learner_seat: a fixed seat for the learner, or None for a random seat each episode.
        seed: seeds the seat and opponent draws and the games.
        **env_kwargs: passed to the game's env (``max_steps``, ``reward``, game options). An
            illegal action loses the game (``illegal_action="lose"``) unless told otherwise, so
            that every action of the space is a valid step, as Gymnasium expects.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_name: str, opponents: Sequence[str | Agent] = ("random",), weights: Sequence[float] | None = None,
                 num_players: int | None = None, learner_seat: int | None = None, seed: int | None = None,
                 render_mode: str | None = None, **env_kwargs: Any) -> None:
        super().__init__()
        env_kwargs.setdefault("illegal_action", "lose")
        self.aec = make(game_name, num_players=num_players, render_mode=render_mode, **env_kwargs)
        self.game_name = game_name
        self.num_players = self.aec.num_players
        if learner_seat is not None and not 0 <= learner_seat < self.num_players:
            raise ValueError(f"learner_seat must be in [0, {self.num_players}) or None, got {learner_seat!r}")
        self.learner_seat = learner_seat
        self.render_mode = render_mode
        game = self.aec.game
        self.observation_space = spaces.Box(-np.inf, np.inf, (game.obs_size,), np.float32)
        self.action_space = spaces.Discrete(game.num_actions)
        self._rng = np.random.default_rng(seed)
        self._policy = None
        self.pool = []
        self.weights = []
        for i, opp in enumerate(opponents):
            self.add_opponent(opp, 1.0 if weights is None else weights[i])
        self._info = {"env": self.aec}
        self._seat = 0
        self._table = []

    # ------------------------------------------------------------------ the pool
    def add_opponent(self, opponent: str | Agent, weight: float = 1.0) -> None:
        """Add an agent name, an :class:`Agent`, or "self" to the pool."""
        if isinstance(opponent, str) and opponent != SELF:
            opponent = make_agent(opponent, self.game_name, seed=int(self._rng.integers(2**31)))
        elif not (opponent == SELF or isinstance(opponent, Agent)):
            raise ValueError(f"an opponent is an agent name, an Agent or {SELF!r}, got {opponent!r}")
        self.pool.append(opponent)
        self.weights.append(float(weight))

    def set_policy(self, agent: Agent) -> None:
        """The agent that plays the pool's "self" entries (the learner's current policy)."""
        self._policy = agent

    def _draw_opponent(self):
        w = np.asarray(self.weights) / np.sum(self.weights)
        opp = self.pool[int(self._rng.choice(len(self.pool), p=w))]
        if opp == SELF:
            if self._policy is None:
                raise RuntimeError('the pool has "self" but set_policy() was not called')
            return self._policy
        return opp

    # ------------------------------------------------------------------ the Gymnasium API
    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:
            self.aec.reset(seed=int(self._rng.integers(2**63)))
            self._seat = (int(self._rng.integers(self.num_players)) if self.learner_seat is None
                          else self.learner_seat)
            self._table = [None if i == self._seat else self._draw_opponent() for i in range(self.num_players)]
            for opp in self._table:   # the episode replays from the env's seed alone
                if opp is not None:
                    opp.reset(seed=int(self._rng.integers(2**63)))
            reward, done, _ = self._play_opponents()
            if not done:   # a game the opponents end before the learner's first decision is redrawn
                return self._observation(), {}

    def _observation(self):
        return self.aec.observe(self.aec.possible_agents[self._seat])["observation"]

    def _play_opponents(self):
        """Opponents decide until the learner must; returns (learner's reward, terminated, truncated)."""
        me = self.aec.possible_agents[self._seat]
        reward = 0.0
        while True:
            reward += self.aec.rewards[me]   # the last step's; 0 after a reset
            if self.aec.terminations[me] or self.aec.truncations[me]:
                return reward, self.aec.terminations[me], self.aec.truncations[me]
            seat = self.aec.agent_name_mapping[self.aec.agent_selection]
            if seat == self._seat:
                return reward, False, False
            obs = self.aec.observe(self.aec.agent_selection)
            self.aec.step(self._table[seat].act(obs["observation"], obs["action_mask"], self._info))

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        self.aec.step(int(action))
        reward, terminated, truncated = self._play_opponents()
        return self._observation(), float(reward), terminated, truncated, {}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (bool), for MaskablePPO; none once the game is over."""
        return self.aec.action_masks()

    def render(self) -> str:  # type: ignore[override]
        return self.aec.game.render_text(self.aec.record, seat=self._seat)
