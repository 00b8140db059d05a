"""Self-play at the speed of the engine: a Stable-Baselines3 ``VecEnv`` over a batch of compiled games.

:class:`BatchedSelfPlay` keeps ``num_envs`` game records in one array, as the vector engine does. In
each game the learner holds one seat; every other seat is played by one entry of the opponent pool,
drawn when the game is dealt (one entry for all the other seats, so that a result says whom the
learner beat). ``step(actions)`` applies the learner's action in every game, then plays the opponents
until the learner must decide again in every game:

- the random agent's decisions, the deals of new games and the draws of seats and opponents happen
  inside compiled code, from the batch's own generator (a seeded batch replays exactly);
- every other opponent (a past snapshot, the policy being trained, the heuristic, search) decides
  for all the games waiting on it at once: one ``act_batch`` call per opponent per round, so a
  policy makes one forward pass for all the seats it holds. One agent object thus decides for many
  games in turn, and must decide from the position alone, remembering nothing between decisions
  (every bundled heuristic is tested so: ``tests/test_agents.py``).

Observations and masks come out as ``(num_envs, ...)`` arrays with no Python loop over the games.
A finished game restarts at once and reports the learner's last view as
``infos[i]["terminal_observation"]``, as SB3 expects; sb3-contrib's ``MaskablePPO`` reads the masks
through ``env_method("action_masks")`` and works unchanged. A game that ends before the learner's
first decision (opponents may open the game) is dealt again: it holds nothing to learn from.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from frontierzoo.agents import Agent, RandomAgent, make_agent
from frontierzoo.agents.match import RecordView
from frontierzoo.envs import get_game
from frontierzoo.envs.common.aec import check_max_steps, check_reward, seed_value
from frontierzoo.envs.common.engine import add_margin_change, compiled, pick_legal
from frontierzoo.envs.common.jit import game_rule
from frontierzoo.envs.common.rng import randint, random_u64, seed_rng

if TYPE_CHECKING:
    from frontierzoo.envs.common.game import Game

SELF = "self"   # the pool entry played by the policy being trained (set_policy)
UNIT = 1.0 / 9007199254740992.0   # 2**-53: a uniform float from the top 53 bits of a u64

_DRIVERS: dict = {}


def drivers(game: Game) -> Callable[..., Any]:
    """The compiled self-play driver of ``game`` (built once, cached under its fingerprint)."""
    if game.name in _DRIVERS:
        return _DRIVERS[game.name]
    G = compiled(game)
    dtype = game.dtype
    per_game = game_rule(game.name)
    deal, step, legal_mask, observe, scores = G.deal, G.step, G.legal_mask, G.observe, G.scores
    to_act, rewards = G.to_act, G.rewards

    @per_game
    def draw_opponent(cum, rng):
        """A pool entry, drawn in proportion to the weights whose running sums are ``cum``."""
        u = (random_u64(rng) >> np.uint64(11)) * UNIT * cum[cum.shape[0] - 1]
        for k in range(cum.shape[0]):
            if u < cum[k]:
                return k
        return cum.shape[0] - 1

    @per_game
    def deal_table(buf, i, num_players, opts, rng, cum, learner, opponent, fresh, steps):
        """Deal game ``i`` afresh and seat it: the learner's seat, drawn, and the pool entry playing
        every other seat."""
        s = deal(buf, i, num_players, opts, random_u64(rng))
        learner[i] = randint(rng, num_players)
        opponent[i] = draw_opponent(cum, rng)
        fresh[i] = True
        steps[i] = 0
        return s

    @per_game
    def share_of_win(s, seat):
        """``seat``'s share of the win at the end of a game: 1/k if it is among k winners, else 0."""
        winners = 0
        mine = False
        for k in range(s['num_players']):
            if s['last_rewards'][k] > 0:
                winners += 1
                mine = mine or k == seat
        return 1.0 / winners if mine else 0.0

    @G.jit
    def play(buf, idx, actions, num_players, opts, rng, max_steps, vp, cum, is_random,
             learner, opponent, fresh, steps, waiting, obs, masks, reward, done, truncated,
             score, ended_opponent, final_obs):
        """For each game ``idx[j]``: apply ``actions[j]`` (if ``actions`` is non-empty), then play the
        random opponents and deal finished games again until the game waits on the learner
        (``waiting`` -1) or on pool entry ``waiting[i]``; ``obs``/``masks`` then hold that seat's
        view. The learner's rewards add up in ``reward``; a game the learner took part in that
        ends sets ``done`` (``truncated`` if cut at ``max_steps``), its share of the win in
        ``score``, its opponent in ``ended_opponent`` and its last view in ``final_obs``."""
        states = buf.view(dtype)
        rew = np.zeros(num_players, np.float32)
        before = np.zeros(num_players, np.float32)
        after = np.zeros(num_players, np.float32)
        if actions.shape[0] == 0 and idx.shape[0] > 0:
            for j in range(idx.shape[0]):   # the first call: deal every game
                deal_table(buf, idx[j], num_players, opts, rng, cum, learner, opponent, fresh, steps)
        for j in range(idx.shape[0]):
            i = idx[j]
            s = states[i]
            a = actions[j] if actions.shape[0] > 0 else -1
            while True:
                if a >= 0:
                    if vp:
                        scores(s, before)
                    step(s, a)
                    steps[i] += 1
                    rewards(s, rew)
                    if vp:
                        scores(s, after)
                        add_margin_change(before, after, rew)
                    if not fresh[i]:
                        reward[i] += rew[learner[i]]
                    a = -1
                seat = to_act(s)
                over = seat < 0
                cut = not over and max_steps > 0 and steps[i] >= max_steps
                if over or cut:
                    if not fresh[i]:
                        done[i] = True
                        truncated[i] = cut
                        score[i] = 0.0 if cut else share_of_win(s, learner[i])
                        ended_opponent[i] = opponent[i]
                        final_obs[i, :] = 0.0
                        observe(s, learner[i], final_obs[i])
                    s = deal_table(buf, i, num_players, opts, rng, cum, learner, opponent, fresh, steps)
                    continue
                legal = legal_mask(s, masks[i])
                if seat != learner[i] and is_random[opponent[i]]:
                    a = pick_legal(masks[i], legal, rng)
                    continue
                if seat == learner[i]:
                    fresh[i] = False
                    waiting[i] = -1
                else:
                    waiting[i] = opponent[i]
                obs[i, :] = 0.0
                observe(s, seat, obs[i])
                break

    _DRIVERS[game.name] = play
    return play


class BatchedSelfPlay(VecEnv):
    """``num_envs`` games of ``game_name``, the learner at one seat of each, as an SB3 ``VecEnv``.

    Args:
        game_name: a registered game.
        num_envs: games played side by side.
        opponents: the pool: registered agent names ("random", "heuristic", "mcts"), :class:`Agent`
            objects (snapshots), or "self" (the policy being trained, :meth:`set_policy`).
        weights: how often each entry is drawn for a new game (default: equally); the league
            changes them as training goes (:meth:`set_weights`).
        num_players: seats at each table (default: the game's).
        seed: seeds everything: the deals, the seats and opponents drawn, the opponents' own seeds.
        max_steps, reward: as the game's env takes them.
        **options: the game's own options, as its env takes them.
    """

    def __init__(self, game_name: str, num_envs: int = 64, opponents: Sequence[str | Agent] = ("random",),
                 weights: Sequence[float] | None = None, num_players: int | None = None, seed: int | None = 0,
                 max_steps: int | None = None, reward: str = "win", **options: Any) -> None:
        game = get_game(game_name)
        if not isinstance(num_envs, (int, np.integer)) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        check_reward(reward)
        self.game = game
        self.game_name = game.name
        self.num_players = game.check_players(game.default_players if num_players is None else num_players)
        self._opts = game.options(self.num_players, **options)
        self.max_steps = check_max_steps(max_steps)
        self.reward_mode = reward
        self.illegal_action = "raise"   # an illegal action is a ValueError, as in the AEC env's default
        self.game_options = dict(options)
        self.vp = reward == "vp"
        self.render_mode = None
        super().__init__(int(num_envs), spaces.Box(-np.inf, np.inf, (game.obs_size,), np.float32),
                         spaces.Discrete(game.num_actions))
        B = self.num_envs
        self._play = drivers(game)
        self._states = np.zeros(B, game.dtype)
        self._rng = np.zeros(2, np.uint64)
        self._agents_rng = np.random.default_rng(seed_value(seed))
        seed_rng(self._rng, np.uint64(seed_value(seed)))
        # a value per game: the learner's seat, the pool slot at its table, whether the learner has yet
        # to decide in it, its decisions, who it waits on, and what the last step brought
        for name, dtype in (("learner", np.int64), ("opponent", np.int64), ("fresh", np.bool_),
                            ("steps", np.int64), ("waiting", np.int64),
                            ("reward", np.float32), ("done", np.bool_), ("truncated", np.bool_),
                            ("score", np.float64), ("ended_opponent", np.int64)):
            setattr(self, "_" + name, np.zeros(B, dtype))
        self._obs = np.zeros((B, game.obs_size), np.float32)
        self._masks = np.zeros((B, game.num_actions), np.bool_)
        self._final_obs = np.zeros((B, game.obs_size), np.float32)
        self._all = np.arange(B, dtype=np.int64)
        self._none = np.zeros(0, np.int64)
        self._policy = None
        # results by pool entry: games finished, and the learner's share of wins in them
        self.games = np.zeros(0)
        self.wins = np.zeros(0)
        self.pool, self.names = [], []
        self._weights = []
        for k, opp in enumerate(opponents):
            self.add_opponent(opp, 1.0 if weights is None else weights[k])
        self._actions = None
        self._started = False

    # ------------------------------------------------------------------ the pool
    def add_opponent(self, opponent: str | Agent, weight: float = 1.0, name: str | None = None) -> int:
        """Add an agent name, an :class:`Agent` or "self" to the pool; returns its index."""
        if isinstance(opponent, str) and opponent != SELF:
            name = name or opponent
            opponent = make_agent(opponent, self.game_name, seed=int(self._agents_rng.integers(2**63)))
        elif opponent == SELF:
            name = name or SELF
        elif isinstance(opponent, Agent):
            name = name or getattr(opponent, "name", type(opponent).__name__)
        else:
            raise ValueError(f"an opponent is an agent name, an Agent or {SELF!r}, got {opponent!r}")
        self.pool.append(opponent)
        self.names.append(name)
        self._weights.append(float(weight))
        self._cum = None
        self.games = np.append(self.games, 0.0)
        self.wins = np.append(self.wins, 0.0)
        return len(self.pool) - 1

    def replace_opponent(self, k: int, opponent: str | Agent, name: str) -> None:
        """Put ``opponent`` in pool slot ``k`` (a snapshot retiring for a newer one); games under
        way against the slot go on against the newcomer, and the slot's results start again."""
        self.pool[k] = opponent
        self.names[k] = name
        self.games[k] = self.wins[k] = 0.0

    def set_weights(self, weights: Sequence[float] | np.ndarray) -> None:
        """How often each pool entry is drawn for the games dealt from now on."""
        w = np.asarray(weights, np.float64)
        if w.shape != (len(self.pool),) or not np.all(np.isfinite(w)) or w.min() < 0 or w.sum() <= 0:
            raise ValueError(f"weights must be {len(self.pool)} non-negative numbers, not all 0; got {weights!r}")
        self._weights = w.tolist()
        self._cum = None

    @property
    def weights(self) -> list[float]:
        return list(self._weights)

    def set_policy(self, agent: Agent) -> None:
        """The agent that plays the pool's "self" entries (the learner's current policy)."""
        self._policy = agent

    def _cumulative(self):
        if self._cum is None:
            if not self.pool:
                raise ValueError("the opponent pool is empty")
            self._cum = np.cumsum(np.asarray(self._weights, np.float64))
            # the random agent plays inside the compiled driver, from the batch's generator
            self._is_random = np.array([type(o) is RandomAgent for o in self.pool], np.bool_)
        return self._cum

    # ------------------------------------------------------------------ playing
    def _run(self, idx, actions):
        """Apply ``actions`` to games ``idx`` (or deal them, with no actions), then let every
        non-random opponent decide, in batches, until each game waits on the learner."""
        cum = self._cumulative()
        while True:
            self._play(self._states.view(np.uint8), idx, actions, self.num_players, self._opts, self._rng,
                       self.max_steps or 0, self.vp, cum, self._is_random, self._learner,
                       self._opponent, self._fresh, self._steps, self._waiting, self._obs,
                       self._masks, self._reward, self._done, self._truncated, self._score,
                       self._ended_opponent, self._final_obs)
            pending = np.flatnonzero(self._waiting >= 0)
            if pending.size == 0:
                return
            # every opponent waited on decides for all its games; they all go on in one call
            kinds = self._waiting[pending]
            actions = np.empty(pending.size, np.int64)
            for k in np.unique(kinds):
                rows = kinds == k
                actions[rows] = self._decide(int(k), pending[rows])
            idx = pending

    def _decide(self, k, games):
        agent = self.pool[k]
        if agent == SELF:
            if self._policy is None:
                raise RuntimeError('the pool has "self" but set_policy() was not called')
            agent = self._policy
        infos = None
        if getattr(agent, "needs_env", False):
            infos = [{"env": RecordView(self._states[i], self.num_players)} for i in games]
        acts = np.asarray(agent.act_batch(self._obs[games], self._masks[games], infos), np.int64)
        self._check(acts, games, self.names[k])
        return acts

    def _check(self, actions, games, who):
        if actions.shape != games.shape:
            raise ValueError(f"{who}: {games.size} actions expected, got shape {actions.shape}")
        legal = (actions >= 0) & (actions < self.game.num_actions)
        legal[legal] = self._masks[games[legal], actions[legal]]
        if not legal.all():
            j = int(np.flatnonzero(~legal)[0])
            raise ValueError(f"{who}: action {int(actions[j])} is illegal in game {int(games[j])} "
                             f"(legal include {np.flatnonzero(self._masks[games[j]])[:5].tolist()})")

    def reset(self) -> np.ndarray:
        if self._seeds[0] is not None:   # VecEnv.seed(): the batch restarts from that seed
            seed_rng(self._rng, np.uint64(seed_value(self._seeds[0])))
            self._agents_rng = np.random.default_rng(seed_value(self._seeds[0]))
            self._reset_seeds()
        for opp in self.pool:
            if isinstance(opp, Agent):
                opp.reset(seed=int(self._agents_rng.integers(2**63)))
        self._clear()
        self._run(self._all, self._none)
        self._started = True
        return self._obs.copy()

    def _clear(self):
        self._reward[:] = 0.0
        self._done[:] = False
        self._truncated[:] = False
        self._score[:] = 0.0

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(self._actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be an int array of shape ({self.num_envs},), got {actions.dtype} {actions.shape}")
        actions = actions.astype(np.int64, copy=False)
        self._check(actions, self._all, "the learner")
        self._clear()
        self._run(self._all, actions)
        infos = [{} for _ in range(self.num_envs)]
        ended = np.flatnonzero(self._done)
        if ended.size:
            np.add.at(self.games, self._ended_opponent[ended], 1.0)
            np.add.at(self.wins, self._ended_opponent[ended], self._score[ended])
            for i in ended:
                infos[i] = {"terminal_observation": self._final_obs[i].copy(),
                            "TimeLimit.truncated": bool(self._truncated[i]),
                            "opponent": int(self._ended_opponent[i]), "score": float(self._score[i])}
        return self._obs.copy(), self._reward.copy(), self._done.copy(), infos

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in every game, (num_envs, num_actions) bool."""
        return self._masks.copy()

    # ------------------------------------------------------------------ the VecEnv plumbing
    def close(self) -> None:
        pass

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, attr_name)] * len(list(self._get_indices(indices)))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"BatchedSelfPlay has one set of attributes for all its games; set {attr_name} on it")

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> Any:
        if method_name == "action_masks":   # MaskablePPO's call, answered in one piece
            masks = self.action_masks()
            return masks if indices is None else masks[list(self._get_indices(indices))]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result] * len(list(self._get_indices(indices)))

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(list(self._get_indices(indices)))
