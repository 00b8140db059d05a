"""The games the web page shows, kept on the server: a *table* is one game, its history and who sits
where, with nothing of Flask in it (the app in ``app.py`` only turns requests into these calls).

A table is watched (every seat a bot), played (one seat a person, the others bots) or replayed
(a saved game or a golden transcript, read back move by move). Its history holds the record
after every decision, so the page can go back and forth; the frame for a position is drawn from
those records alone (``Game.render_svg``), and kept for the next asking.

Nothing the page sends is trusted: a person's move goes through ``env.step``, which refuses an
illegal one (and the table is left as it was); a replayed file's start goes through
``env.load`` and each of its moves through ``env.step``. At a table with a person, the page is
only ever told what that seat may see: the frames, the last decision's words and the moves are
drawn or said from that seat, there is no way back (an earlier frame is no secret, but a
game file is: it holds the deal), and the game file is given out only once the game is over.
"""
from __future__ import annotations

import base64
import json
import re
import threading
from pathlib import Path

import numpy as np

from frontierzoo.agents import available_agents, make_agent
from frontierzoo.envs import all_games, get_game, make
from frontierzoo.envs.common.render import last_words
from frontierzoo.envs.common.saves import MAGIC, read_header

GAME_FILE_KIND = "frontierzoo game"     # what a game file (a start and its moves, as JSON) says it is
MAX_SEED = 2**63 - 1
MAX_REPLAY_MOVES = 100_000
FRAMES_KEPT = 64                        # frames kept a table: back and forth is instant


class TableError(ValueError):
    """A request the table refuses, with the reason the page shows."""


def check_int(value, what, low, high) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(f"{what} must be a whole number, got {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise TableError(f"{what} must be in [{low}, {high}], got {value}")
    return value


def skip_finished(env) -> bool:
    """Step past the seats whose game has ended (PettingZoo's ``step(None)``), up to the next
    decision; whether any of them was cut off rather than ended by the rules."""
    cut = False
    while env.agents and (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        cut = cut or env.truncations[env.agent_selection]
        env.step(None)
    return cut


def games_offered() -> list:
    """Each game as the page offers it: its name, seat counts (default first) and agents."""
    out = []
    for g in all_games():
        counts = sorted(g.player_counts, key=lambda n: (n != g.default_players, n))
        out.append({"name": g.name, "players": counts, "agents": available_agents(g.name)})
    return out


class Table:
    """One game at the server. ``seats``: an agent name for each seat, or None for the person
    (at most one); ``replay``: the moves to read back (a list of actions), None for a live game."""

    def __init__(self, env, seats, start, replay=None, seed=None):
        self.env = env
        self.game = env.game
        self.seats = list(seats)
        self.human = next((i for i, a in enumerate(self.seats) if a is None), None)
        self.lock = threading.Lock()
        self.records = [start]          # the record after each decision; [0] the start
        self.actions = []               # the decision that led to records[i + 1]
        self.replay = replay
        self.cursor = 0                 # the position the page shows
        self.totals = np.zeros(env.num_players)
        self.cut = False
        self._frames = {}
        seeds = np.random.SeedSequence(seed).generate_state(len(self.seats), np.uint64)
        self.bots = {i: make_agent(a, self.game.name, seed=int(seeds[i])) for i, a in enumerate(self.seats)
                     if a is not None}
        for bot in self.bots.values():
            bot.reset()

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, game_name, players, seed, seats):
        """A fresh seeded game; ``seats`` as in the class docstring, checked here."""
        try:
            game = get_game(game_name)
        except ValueError as e:
            raise TableError(str(e)) from None
        if players not in game.player_counts:
            raise TableError(f"{game.name} plays with {sorted(game.player_counts)} players, not {players!r}")
        seed = check_int(seed, "the seed", 0, MAX_SEED)
        if not isinstance(seats, list) or len(seats) != players:
            raise TableError(f"give an agent (or the person, null) for each of the {players} seats")
        agents = available_agents(game.name)
        for i, a in enumerate(seats):
            if a is not None and a not in agents:
                raise TableError(f"seat {i}: no agent {a!r} for {game.name}; choose from {agents}")
        if sum(a is None for a in seats) > 1:
            raise TableError("one person a table: the other seats are bots")
        env = make(game.name, num_players=players, render_mode="ansi")
        env.reset(seed=seed)
        return cls(env, seats, env.record.copy(), seed=seed)

    @classmethod
    def from_file(cls, name, data: bytes):
        """A replay of a file: a game file (JSON: a save of the start and its moves), a golden
        transcript (its header's game, settings and seed, then its moves in words), or a bare save
        (one position, to watch on from)."""
        if data.startswith(MAGIC):
            return cls._replay_of_save(data, [])
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise TableError(f"{name}: neither a saved game, a game file nor a transcript (not text)") from None
        if text.lstrip().startswith("{"):
            return cls._replay_of_game_file(name, text)
        if text.startswith("# "):
            return cls._replay_of_transcript(name, text)
        raise TableError(f"{name}: neither a saved game, a game file (JSON) nor a golden transcript "
                         "(its first line '# GAME {settings} seed=N ...')")

    @classmethod
    def _replay_of_save(cls, save: bytes, actions):
        try:
            head = read_header(save)
            env = make(head["game"], num_players=head["num_players"], render_mode="ansi", **head["options"])
            env.load(save)          # every check a loaded game passes
        except (ValueError, TypeError) as e:
            raise TableError(f"the saved game does not load: {e}") from None
        table = cls(env, ["random"] * env.num_players, env.record.copy(), replay=list(actions))
        check = env.clone()         # every move checked now, as step checks it, not when reached
        for i, a in enumerate(actions, 1):
            if not check.agents:
                raise TableError(f"move {i}: the game is already over")
            try:
                check.step(a)
                skip_finished(check)
            except ValueError as e:
                raise TableError(f"move {i}: {e}") from None
        return table

    @classmethod
    def _replay_of_game_file(cls, name, text):
        try:
            doc = json.loads(text)
        except ValueError as e:
            raise TableError(f"{name}: not JSON: {e}") from None
        if not isinstance(doc, dict) or doc.get("kind") != GAME_FILE_KIND:
            raise TableError(f"{name}: not a game file (its 'kind' must be {GAME_FILE_KIND!r})")
        actions = doc.get("actions")
        if not isinstance(actions, list) or len(actions) > MAX_REPLAY_MOVES:
            raise TableError(f"{name}: 'actions' must be a list of at most {MAX_REPLAY_MOVES} moves")
        for i, a in enumerate(actions):
            check_int(a, f"{name}: move {i + 1}", 0, 2**31 - 1)
        try:
            save = base64.b64decode(doc.get("start", ""), validate=True)
        except (ValueError, TypeError):
            raise TableError(f"{name}: 'start' must be a save in base64") from None
        if not save.startswith(MAGIC):
            raise TableError(f"{name}: 'start' is not a saved game")
        return cls._replay_of_save(save, actions)

    @classmethod
    def _replay_of_transcript(cls, name, text):
        lines = text.splitlines()
        head = re.fullmatch(r"# (\S+) (\{.*\}) seed=(\d+)(?: .*)?", lines[0])
        if head is None:
            raise TableError(f"{name}: a transcript's first line is '# GAME {{settings}} seed=N', got {lines[0][:80]!r}")
        try:
            settings = json.loads(head.group(2))
            env = make(head.group(1), render_mode="ansi", **settings)
        except (ValueError, TypeError) as e:
            raise TableError(f"{name}: {e}") from None
        env.reset(seed=int(head.group(3)))
        table = cls(env, ["random"] * env.num_players, env.record.copy(), replay=[])
        replay = env.clone()
        for number, line in enumerate(lines[1:], 2):
            move = re.fullmatch(r" *\d+ (player_\d+): (.*)", line)
            if move is None:
                continue                # what followed a move, the scores: told again by the game
            skip_finished(replay)
            if not replay.agents or move.group(1) != replay.agent_selection:
                raise TableError(f"{name}, line {number}: {move.group(1)} moves, but "
                                 f"{replay.agent_selection if replay.agents else 'nobody'} is to act")
            said = {replay.describe_action(int(a)): int(a) for a in replay.legal_actions()}
            if move.group(2) not in said:
                raise TableError(f"{name}, line {number}: {move.group(2)!r} is not a legal move here")
            table.replay.append(said[move.group(2)])
            replay.step(said[move.group(2)])
        return table

    # ------------------------------------------------------------------ the game
    @property
    def mode(self) -> str:
        return "replay" if self.replay is not None else "play" if self.human is not None else "watch"

    def to_act(self):
        """The seat to decide at the latest position, None when the game is over."""
        env = self.env
        self.cut = skip_finished(env) or self.cut
        return env.agent_name_mapping[env.agent_selection] if env.agents else None

    def _play(self, action):
        """Apply a decision at the latest position (checked by ``env.step``) and keep it."""
        env = self.env
        try:
            env.step(action)
        except ValueError as e:
            raise TableError(str(e)) from None
        for agent, r in env.rewards.items():
            self.totals[env.agent_name_mapping[agent]] += r
        self.actions.append(int(action))
        self.records.append(env.record.copy())
        self.cursor = len(self.actions)

    def move(self, action):
        """The person's move, at the latest position, when it is theirs to make."""
        if self.human is None:
            raise TableError("nobody plays at this table: it is watched or replayed")
        action = check_int(action, "a move", 0, self.game.num_actions - 1)
        seat = self.to_act()
        if seat != self.human:
            raise TableError("the game is over" if seat is None else
                             f"it is player_{seat}'s turn, not yours (player_{self.human})")
        self._play(action)

    def forward(self):
        """One decision on: the next one in the history; past it, the next move of the replay or the
        next bot's decision (at a table with a person, only while it is a bot's turn)."""
        if self.cursor < len(self.actions):
            self.cursor += 1
            return
        seat = self.to_act()
        if seat is None:
            raise TableError("the game is over")
        if self.replay is not None:
            if len(self.actions) >= len(self.replay):
                raise TableError("that is the end of the replay")
            self._play(self.replay[len(self.actions)])
            return
        if seat == self.human:
            raise TableError(f"it is your move (player_{seat})")
        env = self.env
        bot = self.bots[seat]
        obs = env.observe(env.agent_selection)
        info = {"env": env} if getattr(bot, "needs_env", False) else None
        self._play(int(bot.act(obs["observation"], obs["action_mask"], info)))

    def can_forward(self) -> bool:
        """Whether :meth:`forward` has a decision to show: one in the history, the replay's next,
        or a bot's."""
        if self.cursor < len(self.actions):
            return True
        seat = self.to_act()
        if seat is None:
            return False
        if self.replay is not None:
            return len(self.actions) < len(self.replay)
        return seat != self.human

    def back(self):
        if self.human is not None:
            raise TableError("no going back at a table with a person: the game goes on")
        if self.cursor == 0:
            raise TableError("this is the start of the game")
        self.cursor -= 1

    # ------------------------------------------------------------------ what the page is told
    def viewer(self, view):
        """Whose view the page may have: the person's own at a table with one, whatever it asks;
        else the full view (None) or the seat it asks for."""
        if self.human is not None:
            if view not in (None, "", self.human, str(self.human)):
                raise TableError(f"at this table you see player_{self.human}'s view only")
            return self.human
        if view in (None, "", "full"):
            return None
        try:
            seat = int(view)
        except (TypeError, ValueError):
            raise TableError(f"a view is 'full' or a seat number, got {str(view)[:20]!r}") from None
        return check_int(seat, "the view's seat", 0, self.env.num_players - 1)

    def frame(self, i, viewer) -> str:
        key = (i, viewer)
        if key not in self._frames:
            if len(self._frames) >= FRAMES_KEPT:
                self._frames.pop(next(iter(self._frames)))
            last = (last_words(self.game, self.records[i - 1], self.actions[i - 1], self.records[i], viewer)
                    if i else ())
            self._frames[key] = self.game.render_svg(self.records[i].copy(), viewer, last)
        return self._frames[key]

    def state(self, view=None) -> dict:
        """What the page shows: the frame, who is to act, the last decision, the person's moves."""
        viewer = self.viewer(view)
        seat = self.to_act()
        i = self.cursor
        latest = i == len(self.actions)
        out = {"mode": self.mode, "game": self.game.name, "players": self.env.num_players,
               "seats": [a if a is not None else "you" for a in self.seats], "human": self.human,
               "view": viewer, "position": i, "length": len(self.actions),
               "replay_length": None if self.replay is None else len(self.replay),
               "svg": self.frame(i, viewer), "moves": [],
               "last": list(last_words(self.game, self.records[i - 1], self.actions[i - 1], self.records[i], viewer))
               if i else []}
        live_seat = seat if latest else int(self.records[i]["actor"]) if self.records[i]["actor"] >= 0 else None
        out["to_act"] = live_seat
        out["over"] = latest and seat is None
        if out["over"]:
            won = [s for s in range(self.env.num_players) if self.totals[s] > 0] if not self.cut else []
            out["result"] = ("the game was cut off before its end" if self.cut else
                             "won by " + ", ".join(f"player_{s}" for s in won) if won else "nobody won")
        if latest and seat is not None and seat == self.human:
            env = self.env
            out["moves"] = [{"action": int(a), "words": env.describe_action(int(a)),
                             "kind": self.game.actions.span_of(int(a)).name.replace("_", " "),
                             "place": self.game.action_place(env.record, int(a))}
                            for a in env.legal_actions()]
        out["can_back"] = self.human is None and i > 0
        out["can_forward"] = self.can_forward()
        out["can_download"] = self.human is None or out["over"]
        return out

    def game_file(self) -> str:
        """The game so far as a game file: the start's save and every move (JSON)."""
        if self.human is not None and self.to_act() is not None:
            raise TableError("the game file holds the deal: it is given out when the game is over")
        start = make(self.game.name, num_players=self.env.num_players, **self.env.game_options)
        start.reset()
        start.set_record(self.records[0])
        return json.dumps({"kind": GAME_FILE_KIND, "game": self.game.name,
                           "start": base64.b64encode(start.save()).decode("ascii"),
                           "actions": self.actions}) + "\n"


def golden_files(folder) -> list:
    """The golden transcripts in ``folder`` (the repository's tests/golden), by name."""
    folder = Path(folder) if folder else None
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.name for p in folder.glob("*.txt"))
