"""A person as an agent, and ``frontierzoo play GAME``: a person against bots in the terminal.

:class:`HumanAgent` keeps the agent protocol, reading its moves from an input stream and writing
to an output stream (the terminal by default; a test hands it a ``StringIO``). Each time it is to
decide, the board is drawn as text from its seat (others' hands hidden) and its legal moves are
listed in words, numbered and grouped by kind, at most :data:`PAGE` at a time so that the board
stays on a 50-line screen (``m`` lists the next ones; a long board gets shorter pages). It answers with a number; anything else gets
a clear message and a new prompt. ``q`` or the end of input raises :class:`Quit`. A decision with
one legal move (a forced one) is played for the person, and the move is said.

It also watches the table (:meth:`HumanAgent.watch`, the match loop's ``on_decision``): every
decision is told in its seat's words ("player_1 builds on SW of your fort"), followed by what
happened before the next one (dice, draws, a new turn), as the game tells it to that seat.

:func:`play` seats one person among bots and plays the game through
:func:`~frontierzoo.agents.match.play_game`; at the end the whole board is shown, hands and all,
with the result.
"""
from __future__ import annotations

import shutil
import sys
from itertools import groupby

import numpy as np

from frontierzoo.envs import get_game, make

from frontierzoo.agents import make_agent
from frontierzoo.agents.base import Agent
from frontierzoo.agents.match import play_game

from .argtypes import at_least

QUIT_WORDS = {"q", "quit", "exit"}
BOARD_WORDS = {"b", "board"}
MORE_WORDS = {"m", "more"}
HELP_WORDS = {"?", "h", "help"}
# The screen the board and a page of moves are drawn for, and the most and fewest moves a page
# lists: a page shrinks below PAGE when a long board leaves less room, so the board, the page with
# its kinds' headings and the prompt stay on one screen (a line to spare).
SCREEN_LINES = 50
PAGE = 15
MIN_PAGE = 5
SPARE_LINES = 2     # the prompt, and a line to spare


class Quit(Exception):
    """The person left the game."""


def board(env, seat) -> str:
    """The position as text from ``seat``'s view (its own hidden cards, nobody else's; None: the
    full view, every hand shown, which the board's first line says)."""
    try:
        return env.render_view(seat, "ansi")
    except NotImplementedError:
        return "(this game has no text board yet)"


def move_pages(kinds, size=PAGE) -> list:
    """The moves' positions in the list, cut into pages of at most ``size``; ``kinds`` holds each
    move's kind, in list order. A run of one kind stays on one page when it fits on one."""
    pages, page = [], []
    for _, run in groupby(range(len(kinds)), key=kinds.__getitem__):
        run = list(run)
        if page and len(page) + len(run) > size:
            pages.append(page)
            page = []
        for i in run:
            if len(page) == size:
                pages.append(page)
                page = []
            page.append(i)
    return pages + [page] if page else pages


def page_lines(kinds, page) -> int:
    """The lines a page of moves takes: the moves and a heading above each run of one kind."""
    return len(page) + sum(1 for j, i in enumerate(page) if j == 0 or kinds[i] != kinds[page[j - 1]])


def fitting_pages(kinds, room) -> list:
    """The moves cut into the largest pages (at most PAGE moves) that fit in ``room`` lines with
    their headings; pages of MIN_PAGE moves when none fit."""
    for size in range(PAGE, MIN_PAGE, -1):
        pages = move_pages(kinds, size)
        if all(page_lines(kinds, page) <= room for page in pages):
            return pages
    return move_pages(kinds, MIN_PAGE)


class HumanAgent(Agent):
    """A person choosing moves by number on ``stdin``, shown the board and moves on ``stdout``.

    ``seat``: the seat this person plays, in whose words :meth:`watch` tells the table's moves and
    events (None: the narrator's words, seat to act speaking).
    """

    name = "human"
    needs_env = True   # to draw the board and put the moves into words

    def __init__(self, stdin=None, stdout=None, seed=None, seat=None, screen_lines=SCREEN_LINES):
        super().__init__(seed)
        self.screen_lines = screen_lines
        self.stdin = sys.stdin if stdin is None else stdin
        self.stdout = sys.stdout if stdout is None else stdout
        self.seat = seat
        self._before = None   # the record before the last decision watched, until its events are told

    def reset(self, seed=None):
        super().reset(seed)
        self._before = None

    # ------------------------------------------------------------------ watching the table
    def watch(self, env, name, action):
        """The match loop's ``on_decision``: what happened since the last decision, then this one,
        in this seat's words."""
        self.catch_up(env)
        self.stdout.write(env.game.describe_action(env.record, action, viewer=self.seat) + "\n")
        self._before = env.record.copy()

    def catch_up(self, env):
        """Tell what happened (dice, draws, a new turn) since the last decision watched."""
        if self._before is not None:
            for event in env.game.events(self._before, env.record, viewer=self.seat):
                self.stdout.write(f"   . {event}\n")
            self._before = None

    # ------------------------------------------------------------------ deciding
    def act(self, observation, action_mask, info=None) -> int:
        env = info["env"]
        self.catch_up(env)
        seat = env.agent_name_mapping[env.agent_selection]
        legal = np.flatnonzero(action_mask)
        if len(legal) == 1:     # nothing to choose: asking would only slow the person down
            self.stdout.write(f"player_{seat}, your only move, played for you: "
                              f"{env.describe_action(int(legal[0]))}\n")
            return int(legal[0])
        kinds = [env.game.actions.span_of(int(a)).name.replace("_", " ") for a in legal]
        drawn = board(env, seat)
        # the screen: a blank line, the board, a blank line, the list's title, the page, spare lines
        pages = fitting_pages(kinds, self.screen_lines - len(drawn.splitlines()) - 3 - SPARE_LINES)
        page = 0
        self.stdout.write("\n" + drawn + "\n\n")
        self._list_moves(env, legal, kinds, pages, page)
        more = ", m = more" if len(pages) > 1 else ""
        while True:
            answer = self._read(f"Your move, player_{seat} [1-{len(legal)}{more}, b = board, q = quit]: ")
            if answer is None:
                self.stdout.write("\n")
                raise Quit
            low = answer.lower()
            if low in QUIT_WORDS:
                raise Quit
            if low in MORE_WORDS:
                page = (page + 1) % len(pages)
                self._list_moves(env, legal, kinds, pages, page)
                continue
            if low in BOARD_WORDS:
                self.stdout.write(board(env, seat) + "\n\n")
                self._list_moves(env, legal, kinds, pages, page)
                continue
            if low in HELP_WORDS:
                self.stdout.write("Type the number of a move (any move, listed or not yet), m to list more "
                                  "moves, b to see the board and moves again, or q to quit.\n")
                continue
            if not answer:
                self.stdout.write(f"Please type a number from 1 to {len(legal)} (q quits).\n")
                continue
            try:
                k = int(answer)
            except ValueError:
                self.stdout.write(f"'{answer}' is not a move: type a number from 1 to {len(legal)}, "
                                  "or q to quit.\n")
                continue
            if not 1 <= k <= len(legal):
                self.stdout.write(f"{k} is not on the list: type a number from 1 to {len(legal)}, "
                                  "or q to quit.\n")
                continue
            return int(legal[k - 1])

    def _read(self, prompt):
        """One line of input, stripped; None at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except (OSError, ValueError):    # closed under us: the end of input
            return None
        return line.strip() if line else None

    def _list_moves(self, env, legal, kinds, pages, page):
        """One page of the numbered moves, under their kinds."""
        shown = pages[page]
        if len(pages) == 1:
            self.stdout.write("Your legal moves:\n")
        else:
            self.stdout.write(f"Your legal moves {shown[0] + 1}-{shown[-1] + 1} of {len(legal)} "
                              f"(page {page + 1} of {len(pages)}; m = more):\n")
        width = len(str(len(legal)))
        for i in shown:
            if i == shown[0] or kinds[i] != kinds[i - 1]:
                self.stdout.write(f"  {kinds[i]}:\n")
            self.stdout.write(f"    {i + 1:>{width}}. {env.describe_action(int(legal[i]))}\n")


def screen_lines(stdout) -> int:
    """The terminal's height when ``stdout`` is one, else SCREEN_LINES."""
    if stdout is sys.stdout and stdout.isatty():
        return shutil.get_terminal_size((80, SCREEN_LINES)).lines
    return SCREEN_LINES


def play(game_name, players=None, seat=0, opponent="random", seed=None, stdin=None, stdout=None) -> int:
    """One game of a person at ``seat`` against ``opponent`` bots; returns 0 when it ends or the
    person quits."""
    stdout = sys.stdout if stdout is None else stdout
    if (sys.stdin if stdin is None else stdin) is None:   # started with its input closed (0<&-)
        raise ValueError("no input to read your moves from: stdin is closed")
    game = get_game(game_name)
    n = game.default_players if players is None else players
    env = make(game_name, num_players=n)
    if not 0 <= seat < env.num_players:
        raise ValueError(f"--seat must be in [0, {env.num_players - 1}] for {env.num_players} players, got {seat}")
    env_seed, *bot_seeds = (int(w) for w in np.random.SeedSequence(seed).generate_state(1 + n, np.uint64))
    human = HumanAgent(stdin, stdout, seat=seat, screen_lines=screen_lines(stdout))
    agents = [human if s == seat else make_agent(opponent, game_name, seed=bot_seeds[s]) for s in range(n)]
    me = env.possible_agents[seat]
    stdout.write(f"{game_name}, {n} players: you are {me}; the others are '{opponent}' bots. "
                 f"Seed {seed if seed is not None else '(random)'}.\n")
    try:
        result = play_game(env, agents, seed=env_seed, on_decision=human.watch)
    except Quit:
        stdout.write("You left the game.\n")
        return 0
    human.catch_up(env)   # the last move's consequences: the game's end
    stdout.write("\n" + board(env, None) + "\n\n")
    won = [env.possible_agents[s] for s in result.winners]
    if result.truncated:
        stdout.write("The game was cut off before its end.\n")
    elif me in won:
        stdout.write("You won" + (f", with {', '.join(a for a in won if a != me)}" if len(won) > 1 else "") + "!\n")
    else:
        stdout.write(f"You lost: {', '.join(won) or 'nobody'} won.\n")
    return 0


DESCRIPTION = ("Play GAME in the terminal against bots: every move and what follows it is told in "
               "your words; the board is drawn each time you are to act (others' hands hidden), "
               f"your legal moves are listed in words, numbered and grouped by kind, {PAGE} at a "
               "time; type a number to move, `m` to list more moves, `b` to redraw the board, "
               "`q` (or end of input) to quit. A forced move (the only legal one) is played for you, "
               "and said.")


def add_arguments(p) -> None:
    p.add_argument("game", metavar="GAME", help="the game, e.g. forfort_v0")
    p.add_argument("--players", type=at_least(1), help="seats at the table (default: the game's default)")
    p.add_argument("--seat", type=at_least(0), default=0, help="your seat, 0 = player_0 (default 0)")
    p.add_argument("--opponent", default="random", metavar="AGENT",
                   help="the bots' agent (default random; see frontierzoo.agents.available_agents)")
    p.add_argument("--seed", type=at_least(0), help="seed of the deal and the bots (default: a fresh one)")


def main(args) -> int:
    try:
        return play(args.game, players=args.players, seat=args.seat, opponent=args.opponent, seed=args.seed)
    except ValueError as e:
        raise SystemExit(f"frontierzoo play: {e}")
    except KeyboardInterrupt:
        print("\nBye.")
        return 0
