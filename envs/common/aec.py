"""The one PettingZoo AEC env that drives every frontierzoo game.

A game's ``env.py`` supplies a :class:`~frontierzoo.envs.common.game.Game`; this class does the
rest: agent names ``player_0..``, spaces, ``reset``/``step``/``observe``/``last``, rewards,
termination and truncation, rendering, ``describe_action``, ``state``, ``clone`` and
``save``/``load``. Each step is one call into compiled code. The protections PettingZoo's standard
wrappers add (call order, action bounds, illegal moves) are built in, at a fraction of their cost.
"""
from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .engine import kernels, new_record
from .hooks import entry_point
from .record import STEPS_MAX
from .saves import check_record, read_save, write_save

if TYPE_CHECKING:
    from .game import Game

ILLEGAL_MODES = ("raise", "lose")
REWARD_MODES = ("win", "vp")
NO_SEED = np.uint64(0)   # what a step hands the compiled driver for the seed only a reset reads


def is_int(x: object) -> bool:
    """An integer a user may hand in: a Python or NumPy integer (or a 0-d integer array), not a bool."""
    if isinstance(x, np.ndarray) and x.ndim == 0:
        x = x[()]
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def read_only(array: np.ndarray) -> np.ndarray:
    """``array`` (C-contiguous) as a view that NumPy cannot make writable again: its bytes seen
    through a read-only memoryview, so ``flags.writeable = True`` is refused ("cannot set WRITEABLE
    flag"), where a plain view with the flag cleared lets anyone set it back. What the envs hand
    out of their own state is this; compiled kernels still take it (Numba does not check)."""
    raw = memoryview(array.reshape(-1).view(np.uint8)).toreadonly()  # type: ignore[arg-type]
    return np.frombuffer(raw, dtype=array.dtype).reshape(array.shape)


def seed_value(seed: int | None) -> int:
    """A reset's seed as 64 bits: the given one (an integer in [0, 2**64)), or fresh entropy for
    ``None``. Anything else is refused rather than folded into another seed's game."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if not is_int(seed) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be None or an int in [0, 2**64), got {seed!r}")
    return int(seed)


def check_max_steps(max_steps: int | None) -> int | None:
    """``max_steps``: None or a positive int (not a bool)."""
    if max_steps is not None and (not is_int(max_steps) or int(max_steps) < 1):
        raise ValueError(f"max_steps must be a positive int or None, got {max_steps!r}")
    return None if max_steps is None else int(max_steps)


def check_reward(reward: str) -> str:
    if not isinstance(reward, str) or reward not in REWARD_MODES:
        raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
    return reward


class FrontierZooEnv(AECEnv):
    """PettingZoo AEC env over a game's jitted core.

    Args:
        game: the :class:`Game` to play.
        num_players: seats at the table (the game's ``player_counts``).
        render_mode: ``None``, ``"human"`` (prints text), ``"ansi"`` (returns text) or
            ``"rgb_array"`` (returns a picture); an env with a render mode also keeps the last
            decision, which its drawings tell with what followed it.
        render_seat: whose view :meth:`render` draws: ``None`` (the default) the full view, every
            seat's hidden hand shown (for debugging; the drawing says so), or a seat (its number or
            agent name): what that seat may see, its own hidden cards and nobody else's. Any view
            can also be asked for at any time: :meth:`render_view`, :meth:`render_svg`.
        illegal_action: ``"raise"`` (``ValueError``, the default) or ``"lose"`` (PettingZoo classic:
            the mover gets -1, the others 0, and the game ends).
        max_steps: truncate the game after this many decisions (``None``: play to the rules' end).
        reward: ``"win"`` (+1 each winner, -1 each loser at the end) or ``"vp"`` (that, plus each
            step's change in the seat's score margin over the mean of the others).
        **options: the game's own options (see its ``env()``).
    """

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "is_parallelizable": False, "render_fps": 2}

    def __init__(self, game: Game, num_players: int | None = None, render_mode: str | None = None,
                 illegal_action: str = "raise", max_steps: int | None = None, reward: str = "win",
                 render_seat: int | str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = game
        self.num_players = game.check_players(game.default_players if num_players is None else num_players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:  # type: ignore[operator]
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if not isinstance(illegal_action, str) or illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}, got {illegal_action!r}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.max_steps = check_max_steps(max_steps)
        self.reward_mode = check_reward(reward)
        self.game_options = dict(options)
        self._opts = game.options(self.num_players, **options)
        self.metadata = dict(self.metadata, name=game.name)

        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.render_seat = self._viewer(render_seat, "render_seat")
        self._last = None   # (the record's bytes before the last decision, the decision): kept with a render_mode
        self._k = kernels(game)
        self._aec = self._k.aec   # the compiled AEC driver; reset() takes its direct entry
        self._set_states(np.zeros(1, dtype=game.dtype))
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (game.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        # what state() returns (PettingZoo's state_test and centralised critics read it)
        self.state_space = spaces.Box(-np.inf, np.inf, (game.state_size,), np.float32)
        self._rew = np.zeros(self.num_players, np.float32)
        # the compiled step writes into these (env-owned; the observation's buffer is replaced by a
        # fresh one once handed out: ``_obs_to_write``)
        self._margins = self._margins_for(self.reward_mode)
        self._obs = np.zeros(game.obs_size, np.float32)
        # whether ``_obs`` has been handed out (``_own_view``): then it is the user's, and the env
        # writes the next observation into a fresh buffer (``_obs_to_write``)
        self._obs_out = False
        self._set_mask(np.zeros(game.num_actions, np.int8))
        self._has_reset = False

    # ----------------------------------------------------------------- spaces and accessors
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def _set_mask(self, mask_bytes):
        """The mask the kernels write, ``_mask`` (bool), as a view of ``_mask_bytes``: the same bytes
        as the int8 0/1 the action-mask space holds, so the copy handed out is a plain copy (an int8
        copy of a bool array, ``astype``, costs twice as much: 0.30 against 0.17 us for Fantasy
        Frontier's 826 entries, some 2% of its AEC step)."""
        self._mask_bytes, self._mask = mask_bytes, mask_bytes.view(np.bool_)

    def _set_states(self, states):
        self._states = states
        self._buf = states.view(np.uint8)   # what the compiled drivers take (see engine._build)
        self._record = read_only(states)[0]

    @property
    def record(self) -> np.void:
        """The state record, read-only: a live view of the game (it follows every step), which
        cannot be written into, because a field out of its range can crash compiled code. Copy it
        (``env.record.copy()``) to change a position, and hand that to :meth:`set_record`."""
        return self._record

    def set_record(self, record: np.void) -> None:
        """Set the game to the position ``record`` (a record of this game, e.g. an edited
        ``env.record.copy()``), checked as :meth:`load` checks a save's record: every field in its
        declared range, the option fields as this env's options deal them, every invariant, a
        legal move if the game is live; otherwise ``ValueError`` and this env is left as it was.

        The PettingZoo bookkeeping follows the record: its seat to act is the agent selected,
        every agent is in the game (terminated if the record's game is over), and the rewards
        are the record's rewards of its last decision. The decision count for ``max_steps`` goes on."""
        self._require_reset("set_record")
        dtype = self.game.dtype
        if not isinstance(record, (np.void, np.ndarray)) or record.dtype != dtype or np.asarray(record).size != 1:
            raise ValueError(f"{self.game.name}: set_record takes one record of this game (dtype {dtype}), "
                             f"got {type(record).__name__} {getattr(record, 'dtype', '')}")
        states = np.zeros(1, dtype)
        states[0] = np.asarray(record).reshape(-1)[0]
        dealt = new_record(self.game, self.num_players, 0, **self.game_options)
        check_record(self.game, states[0], self.num_players, dealt)
        self._set_states(states)
        seat = int(states[0]["actor"])
        self.agents = self.possible_agents[:]
        self.rewards = {a: float(r) for a, r in zip(self.agents, states[0]["last_rewards"].tolist())}
        self._cumulative_rewards = dict(self.rewards)
        self.terminations = {a: seat < 0 for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._show(seat)

    def _require_reset(self, what):
        if not self._has_reset:
            raise RuntimeError(f"{self.game.name}: call reset() before {what}()")

    def _require_agents(self, what):
        self._require_reset(what)
        if not self.agents:
            raise RuntimeError(f"{self.game.name}: the game is over and every agent has left it; "
                               f"call reset() before {what}() to play again")

    # ----------------------------------------------------------------- the AEC loop
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # ``options`` is accepted for PettingZoo's API and unused: a game's options are fixed when
        # the env is made, so that the spaces stay what they were.
        self._seed = seed_value(seed)
        seat = self._k.aec(self._buf, True, self.num_players, self._opts, np.uint64(self._seed), 0, False,
                           self._rew, self._margins, self._obs_to_write(), self._mask)
        # later steps enter the machine code directly (``hooks.entry_point``): the arguments are
        # the env's own buffers, of the types this call compiled for
        self._aec = entry_point(self._k.aec, self._buf, False, self.num_players, self._opts, NO_SEED, 0,
                                False, self._rew, self._margins, self._obs, self._mask)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._last = None
        self._has_reset = True
        self._set_seat(seat)

    def _set_seat(self, seat):
        self._seat = int(seat)
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict]:
        """PettingZoo's ``last()``, handing out arrays and an info dict that are the user's: no
        later call writes into the observation and mask (``observe``), and a key a user adds stays
        in the user's copy of the agent's info dict."""
        if not (self._has_reset and self.agents):
            self._require_agents("last")
        agent = self.agent_selection
        if not observe:
            obs = None
        elif self.agent_name_mapping[agent] == self._seat:   # observe()'s common case, without its checks
            obs = self._own_view()
        else:
            obs = self.observe(agent)
        return obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], dict(self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's ``agent_iter``: the agent to act, until every agent has left the game or
        ``max_iter`` agents have been yielded. A generator where PettingZoo's is an iterator class:
        the same agents, at a third of the cost an iteration (a resumed frame, not a method call)."""
        self._require_reset("agent_iter")
        return self._agents_to_act(max_iter)

    def _agents_to_act(self, max_iter):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and mask, the user's: writing into them cannot change what the
        env holds legal or shows next (the env keeps its own, ``_own_view``)."""
        self._require_reset("observe")
        if agent not in self.agent_name_mapping:
            raise ValueError(f"{self.game.name}: no agent {agent!r}; agents are {self.possible_agents}")
        seat = self.agent_name_mapping[agent]
        if seat == self._seat:
            return self._own_view()
        return {
            "observation": self._k.observe_seat(self._buf, seat),
            "action_mask": np.zeros(self.game.num_actions, np.int8),
        }

    def _own_view(self):
        """The seat to act's observation and mask, the user's to keep and write into. The
        observation buffer the step wrote is handed out as it is the first time (copying Fantasy
        Frontier's 6,044 floats cost 2.8% of its AEC loop, alternated runs) and the next step
        writes into a fresh one; asked again before then, the view is observed afresh from the record, since the user
        may have written into the first."""
        if self._obs_out:
            obs = self._k.observe_seat(self._buf, self._seat)
        else:
            obs, self._obs_out = self._obs, True
        return {"observation": obs, "action_mask": self._mask_bytes.copy()}

    def _obs_to_write(self):
        """The observation buffer the next step may write into: ``_obs``, or a fresh one if
        ``_obs`` has been handed out (it is the user's now)."""
        if self._obs_out:
            self._obs, self._obs_out = np.empty(self.game.obs_size, np.float32), False
        return self._obs

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent to act, as a bool array (sb3-contrib's MaskablePPO)."""
        self._require_reset("action_masks")
        return self._mask.copy()

    def legal_actions(self) -> np.ndarray:
        """The legal action ids of the agent to act."""
        self._require_reset("legal_actions")
        return np.flatnonzero(self._mask)

    def step(self, action: int | None) -> None:
        if not (self._has_reset and self.agents):
            self._require_agents("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        # an int on the board, the common case, without _action's checks for NumPy's integer kinds
        a = action if type(action) is int and 0 <= action < self.game.num_actions else self._action(action)
        if not self._mask[a]:
            return self._illegal(agent, a)
        self._cumulative_rewards[agent] = 0.0
        if self.render_mode is not None:
            self._last = (self._buf.copy(), a)
        seat = self._aec(self._buf, False, self.num_players, self._opts, NO_SEED, a, self.reward_mode == "vp",
                         self._rew, self._margins, self._obs_to_write(), self._mask)
        if self._steps < STEPS_MAX:
            self._steps += 1
        rewards, cumulative = self.rewards, self._cumulative_rewards
        for name, r in zip(self.possible_agents, self._rew.tolist()):
            rewards[name] = r
            cumulative[name] += r   # what AECEnv._accumulate_rewards does, without its overhead
        self._set_seat(seat)
        if seat < 0:
            for name in self.agents:
                self.terminations[name] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
        if self.render_mode == "human":
            self.render()

    def _action(self, action) -> int:
        """An action id a user handed in: an integer (Python or NumPy, not a bool) on the board."""
        if not is_int(action) or not 0 <= int(action) < self.game.num_actions:
            raise ValueError(f"{self.game.name}: action must be an int in [0, {self.game.num_actions}), got {action!r}")
        return int(action)

    def _illegal(self, agent, a):
        legal = np.flatnonzero(self._mask)
        if self.illegal_action == "raise":
            shown = ", ".join(f"{x} ({self.describe_action(x)})" for x in legal[:5])
            more = f" and {len(legal) - 5} more" if len(legal) > 5 else ""
            raise ValueError(
                f"{self.game.name}: action {a} ({self.describe_action(a)}) is illegal for {agent} now; "
                f"legal: {shown}{more}")
        # PettingZoo classic: the mover loses, the others get 0, and the game ends.
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = -1.0 if name == agent else 0.0
            self.terminations[name] = True
            self.infos[name] = {"illegal_move": True}
        self._seat = -1
        self._accumulate_rewards()

    # ----------------------------------------------------------------- extras
    def describe_action(self, action: int) -> str:
        """The action in words, in the current position; the action is checked as :meth:`step`
        checks it (``ValueError`` for anything but an integer in the action space)."""
        self._require_reset("describe_action")
        return self.game.describe_action(self._states[0], self._action(action))

    def state(self) -> np.ndarray:
        """The full-information vector (every hand, deck order and hidden fact), for critics."""
        self._require_reset("state")
        out = np.zeros(self.game.state_size, np.float32)
        self.game.core.state_vector(self._states[0], out)
        return out

    def determinize(self, agent: str) -> None:
        """Re-deal, in place, everything ``agent`` cannot see (use on a clone, for search)."""
        self._require_reset("determinize")
        self.game.core.determinize(self._states[0], self.agent_name_mapping[agent])
        if self._seat >= 0:
            self._show(self._seat)

    def clone(self) -> FrontierZooEnv:
        """An independent copy of this env, game and bookkeeping included."""
        self._require_reset("clone")
        other = copy.copy(self)
        # the record's bytes, padding included: NumPy copies a padded record field by field and
        # leaves the padding as the fresh memory held, so the copies' bytes differed run to run
        other._set_states(self._buf.copy().view(self.game.dtype))
        other._rew = self._rew.copy()
        # ``_obs_out`` comes along: a handed-out observation (which may hold what the user wrote)
        # is observed afresh by the clone too
        other._obs = self._obs.copy()
        other._set_mask(self._mask_bytes.copy())
        other._margins = self._margins.copy()
        for name in ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations"):
            setattr(other, name, copy.copy(getattr(self, name)))
        other.infos = copy.deepcopy(self.infos)
        return other

    def save(self, path: str | os.PathLike | None = None) -> bytes:
        """The whole game as bytes (and written to ``path`` if given): settings, bookkeeping, record."""
        self._require_reset("save")
        data = write_save({
            "game": self.game.name, "num_players": self.num_players, "options": self.game_options,
            "max_steps": self.max_steps, "reward": self.reward_mode, "illegal_action": self.illegal_action,
            "steps": self._steps, "seed": self._seed, "agents": self.agents,
            "rewards": self.rewards, "cumulative": self._cumulative_rewards,
            "terminations": self.terminations, "truncations": self.truncations,
            "agent_selection": self.agent_selection, "seat": self._seat,
            "record_size": self.game.dtype.itemsize,
        }, self._states)
        if path is not None:
            with open(path, "wb") as f:
                f.write(data)
        return data

    def load(self, data: bytes | str | os.PathLike) -> None:
        """Restore a game saved by :meth:`save` (bytes or a file path) into this env. The file is
        checked whole before anything changes (``common/saves.py``): a malformed or impossible
        save raises ``ValueError`` saying what is wrong, and leaves this env as it was."""
        if isinstance(data, (str, os.PathLike)):
            try:
                with open(data, "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                raise FileNotFoundError(f"no saved game at {os.fspath(data)!r}") from None
            except IsADirectoryError:
                raise ValueError(f"{os.fspath(data)!r} is a directory, not a saved game (a file that "
                                 "save() wrote)") from None
        h, states = read_save(self, data)
        self._set_states(states)
        self.max_steps, self.reward_mode, self.illegal_action = h["max_steps"], h["reward"], h["illegal_action"]
        self._margins = self._margins_for(self.reward_mode)
        self._steps, self._seed, self.agents = h["steps"], h["seed"], h["agents"]
        self.rewards, self._cumulative_rewards = h["rewards"], h["cumulative"]
        self.terminations, self.truncations = h["terminations"], h["truncations"]
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = h["agent_selection"]
        self._has_reset = True
        self._last = None
        self._show(h["seat"])

    def _show(self, seat):
        """Make ``seat`` the one to act and write its observation and mask as the record has them
        into the env's own buffers (zeros if -1: none acts)."""
        obs = self._obs_to_write()
        if seat < 0:
            obs[:] = 0.0
            self._mask[:] = False
        else:
            self.game.core.legal_mask(self._states[0], self._mask)
            obs[:] = self._k.observe_seat(self._buf, seat)
        self._set_seat(seat)

    def _margins_for(self, reward_mode):
        """The buffer of the scores before and after a step, which only ``reward="vp"`` needs."""
        return np.zeros(2 * self.num_players if reward_mode == "vp" else 0, np.float32)

    def render(self) -> str | np.ndarray | None:
        """The position drawn as ``render_mode`` says, from ``render_seat``'s view (None: the full
        view, every hand shown, and the drawing says so): ``"ansi"`` text, ``"rgb_array"`` an
        (H, W, 3) uint8 picture, ``"human"`` the text printed."""
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode to env(...)")
            return None
        self._require_reset("render")
        if self.render_mode == "rgb_array":
            return self.render_view(self.render_seat, "rgb_array")
        text = self.render_view(self.render_seat, "ansi")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _viewer(self, seat, what="seat"):
        """A view's seat: None (the full view), a seat number or an agent name, as a seat number."""
        if seat is None:
            return None
        if isinstance(seat, str) and seat in self.agent_name_mapping:
            return self.agent_name_mapping[seat]
        if is_int(seat) and 0 <= int(seat) < self.num_players:
            return int(seat)
        raise ValueError(f"{self.game.name}: {what} must be None, a seat in [0, {self.num_players}) or one of "
                         f"{self.possible_agents}, got {seat!r}")

    def last_words(self, seat: int | str | None = None) -> list[str]:
        """The last decision and what followed it, in words ``seat`` may hear (None: the neutral
        narrator's); empty before the first decision, or when the env has no render_mode (only
        an env made with one keeps the last decision)."""
        self._require_reset("last_words")
        if self._last is None:
            return []
        from .render import last_words

        before = self._last[0].view(self.game.dtype)[0]
        return last_words(self.game, before, self._last[1], self._states[0], self._viewer(seat))

    def render_view(self, seat: int | str | None = None, mode: str = "ansi", dpi: float | None = None) -> str | np.ndarray:
        """The position as ``seat`` may see it (an agent name or seat number; None: the full view,
        every hand shown, which the drawing says), with the last decision and what followed it:
        ``mode`` ``"ansi"`` text, ``"rgb_array"`` an (H, W, 3) uint8 picture (``dpi``: pixels an
        inch, default 100), ``"svg"`` SVG text. A render never changes the game."""
        self._require_reset("render_view")
        viewer = self._viewer(seat)
        if mode not in ("ansi", "rgb_array", "svg"):
            raise ValueError(f"{self.game.name}: render_view's mode must be 'ansi', 'rgb_array' or 'svg', got {mode!r}")
        s = self._states[0].copy()    # the renderers get a copy: drawing cannot touch the game
        last = self.last_words(viewer)
        if mode == "rgb_array":
            return self.game.render_rgb(s, viewer, last, dpi=dpi)
        if mode == "svg":
            return self.game.render_svg(s, viewer, last)
        from .render import view_title

        lines = [view_title(viewer), self.game.render_text(s, viewer)]
        if last:
            lines.append("last: " + last[0])
            lines += [f"   . {event}" for event in last[1:]]
        return "\n".join(lines)

    def render_svg(self, seat: int | str | None = None) -> str:
        """The picture as SVG text (vector, sharp at any size), from ``seat``'s view (None: the
        full view): the same drawing as ``render_view(seat, "rgb_array")``."""
        return cast(str, self.render_view(seat, "svg"))

    def close(self) -> None:
        pass
