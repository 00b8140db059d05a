"""Forfort described to the library: names, options, actions in words, and the renderers."""
from __future__ import annotations

import numpy as np

from ..common.game import Game
from . import core
from .content import WALL_KIND, WALL_SHAPE, WALL_SYMBOLS
from .state import (MAX_SEATS, NUM_AXES, NUM_CARDS, NUM_SYMBOLS, SIDE_RIGHT, STACK, ST_END_TURN, WEST,
                    ACTIONS, HIDDEN_FIELDS, OBSERVATION, A_ARMY, A_BUILD, A_CAMP, A_DIRECTION, A_DISCARD, A_DRAWBRIDGE, A_EFFECT,
                    A_OPPONENT, A_PAIR, A_PASS, A_PICK, A_PICK_TOP, A_ROW, A_SPACE, ARMIES,
                    ARMY_OVERTHROWN, ARMY_RESERVE, AXIS_NAMES, CARDS_PER_COLOUR, DIRECTION_NAMES,
                    NUM_ACTIONS, OBS_SIZE, SHAPE_NAMES, SPACE_NAMES, SPACES,
                    STAGE_NAMES, STATE_DTYPE, STATE_SIZE, ST_OVER, SYMBOL_NAMES, WALLS)

SYMBOL_GLYPHS = ("⚒", "🐏", "☄", "♜", "⛨")
CREST_NAMES = ("Lion", "Eagle", "Stag", "Bear")


def wall_name(w: int) -> str:
    """'corner wall with a door ⚒ mason' — shape, kind and symbols of wall w."""
    kind = {0: "", 1: " with a door", 2: " (defended)"}[int(WALL_KIND[w])]
    syms = "/".join(SYMBOL_NAMES[y] for y in WALL_SYMBOLS[w] if y >= 0)
    return f"{SHAPE_NAMES[WALL_SHAPE[w]]} wall{kind} [{syms}]"


def card_name(card: int) -> str:
    colour, k = divmod(int(card), CARDS_PER_COLOUR)
    if k < WALLS:
        return wall_name(k)
    return "camp" if k < WALLS + 4 else "army"


def short_card(card: int) -> str:
    """Four characters for the text board: shape C/S, kind n/d/D, symbols by initial."""
    k = int(card) % CARDS_PER_COLOUR
    if k >= WALLS:
        return "camp" if k < WALLS + 4 else "army"
    syms = "".join("MRCTG"[y] for y in WALL_SYMBOLS[k] if y >= 0)
    return f"{'CS'[WALL_SHAPE[k]]}{'ndD'[WALL_KIND[k]]}{syms:<2}"


class ForfortGame(Game):
    name = "forfort_v0"
    title = "build an 8-space fort round your dungeon, besiege the others'"
    core = core
    dtype = STATE_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = STATE_SIZE
    player_counts = (2, 3, 4)
    default_players = 2
    option_defaults = {"teams": False}
    options_doc = ("``num_players`` 2, 3 or 4 (default 2); ``teams=True`` for the 4-player team game "
                   "(teammates sit across from each other and share the result).")
    rewards_doc = ("At the end +1 to each winner (ties share the win; a team wins together) and -1 to each "
                   "loser; 0 before. ``reward=\"vp\"`` adds each step's change in the seat's score margin.")
    golden_cases = (({"num_players": 2}, 1, 1), ({"num_players": 3}, 2, 2),
                    ({"num_players": 4, "teams": True}, 3, 3))
    arena_games = 100
    arena_limits = {"mcts": (2,)}   # MCTS is slow: 2-player games only unless named
    bench_targets = {"rollout_steps_per_s": 1_000_000, "aec_vs_connect_four": 2.0, "cold_compile_s": 20.0}
    # Every field's range, checked before a loaded record reaches compiled code (common/saves.py).
    field_ranges = {
        "teams": (0, 1), "first_player": (0, MAX_SEATS - 1), "turn_seat": (0, MAX_SEATS - 1),
        "stage": (0, ST_END_TURN), "end_triggered": (0, 1), "extra_turn": (0, 1),
        "chair": (-1, MAX_SEATS - 1), "front": (-1, SIDE_RIGHT), "turns": (0, 10 * WALLS),
        "dungeon": (0, WALLS - 1), "dungeon_axis": (0, NUM_AXES - 1), "dungeon_size": (0, WALLS),
        "hand": (0, 1), "hand_count": (0, WALLS), "fort": (-1, NUM_CARDS - 1), "height": (0, STACK),
        "discard": (0, 1), "camp_reserve": (0, 1), "army_fort": (ARMY_OVERTHROWN, MAX_SEATS - 1),
        "army_space": (-1, SPACES - 1), "army_dir": (-1, WEST), "armies_here": (0, MAX_SEATS * ARMIES),
        "drawbridge": (-1, SPACES - 1), "played_card": (-1, WALLS - 1), "effect": (-1, NUM_SYMBOLS - 1),
        "effect_uses": (0, 2), "breach": (0, 1), "mason_free": (0, 1), "target": (-1, MAX_SEATS - 1),
        "pending_card": (-1, WALLS - 1), "pending_from_top": (0, 1), "guard_fort": (-1, MAX_SEATS - 1),
        "guard_space": (-1, SPACES - 1), "pairs": (0, 2 * SPACES), "winner": (0, 1),
    }
    invariant_names = {
        core.INV_CARD_PLACES: "a card is not in exactly one place",
        core.INV_ARMY_ON_CARDS: "an army shares its space with fort cards",
        core.INV_FOREIGN_WALL: "a wall is in another colour's fort or discard pile",
        core.INV_SHAPE: "a visible wall is on a space of the wrong shape",
        core.INV_DRAWBRIDGE: "a lowered drawbridge is not on a visible door wall",
        core.INV_COUNTS: "a hand or army count disagrees with the cards",
        core.INV_TURNS: "two players' turn counts differ by more than one",
        core.INV_WINNER: "the game ended without a winner",
    }

    def options(self, num_players, teams=False):
        if not isinstance(teams, (bool, np.bool_)):
            raise ValueError(f"forfort_v0: teams must be True or False, got {teams!r}")
        if teams and num_players != 4:
            raise ValueError(f"forfort_v0: teams=True needs num_players=4, got {num_players}")
        return np.array([1 if teams else 0], np.int64)

    def configs(self):
        return [{"num_players": 2}, {"num_players": 3}, {"num_players": 4},
                {"num_players": 4, "teams": True}]

    def perturb_private(self, s, seat, rng):
        """Swap a wall in ``seat``'s hand with one in its dungeon below the top card (whose face
        nobody sees; the arrows belong to the position, so they stay)."""
        hand = np.flatnonzero(s["hand"][seat])
        n = int(s["dungeon_size"][seat])
        if hand.size == 0 or n < 2:
            return False
        w = int(rng.choice(hand))
        i = int(rng.integers(n - 1))
        other = int(s["dungeon"][seat, i])
        s["dungeon"][seat, i] = w
        s["hand"][seat, w] = 0
        s["hand"][seat, other] = 1
        return True

    def events(self, before, after):
        """Armies marching, cards drawn, a turn beginning, the game ending."""
        out = []
        n = int(after["num_players"])
        for j in range(n):
            for k in range(ARMIES):
                was, now = int(before["army_space"][j, k]), int(after["army_space"][j, k])
                fort_was, fort_now = int(before["army_fort"][j, k]), int(after["army_fort"][j, k])
                if fort_was >= 0 and (fort_now != fort_was or now != was):
                    where = {ARMY_RESERVE: "marches out and returns to player_%d" % j,
                             ARMY_OVERTHROWN: "is overthrown by a defended wall"}.get(
                        fort_now, f"advances to {SPACE_NAMES[now] if now >= 0 else '?'}")
                    out.append(f"player_{j}'s army in player_{fort_was}'s fort {where}")
            size_was, size_now = int(before["dungeon_size"][j]), int(after["dungeon_size"][j])
            if size_now != size_was:
                out.append(f"player_{j}'s dungeon {size_was} -> {size_now}")
        if after["stage"] != ST_OVER and (after["turn_seat"] != before["turn_seat"]
                                          or after["turns"].sum() != before["turns"].sum()):
            out.append(f"player_{int(after['turn_seat'])}'s turn")
        if after["stage"] == ST_OVER and before["stage"] != ST_OVER:
            out.append("game over: " + ", ".join(f"player_{j}" for j in range(n) if after["winner"][j]) + " won")
        return out

    def describe_action(self, s, a):
        seat = int(s["actor"])
        n = int(s["num_players"])

        def who(rel):
            return "my" if rel == 0 else f"player_{(seat + rel) % n}'s"

        if not 0 <= a < NUM_ACTIONS:
            return f"no such action {a}"
        if a < A_EFFECT:
            w, space = divmod(a - A_BUILD, SPACES)
            return f"build {wall_name(w)} on {SPACE_NAMES[space]}"
        if a < A_CAMP:
            w, slot = divmod(a - A_EFFECT, 2)
            y = WALL_SYMBOLS[w, slot]
            return f"use {SYMBOL_NAMES[y] if y >= 0 else 'no symbol'} of {wall_name(w)}"
        if a < A_DISCARD:
            return f"discard {wall_name(a - A_CAMP)} to place a camp"
        if a < A_PICK:
            return f"discard {wall_name(a - A_DISCARD)} (nothing else is possible)"
        if a < A_PICK_TOP:
            return f"mason takes {wall_name(a - A_PICK)} from the discard pile"
        if a == A_PICK_TOP:
            return "mason takes the top card of my dungeon"
        if a < A_OPPONENT:
            rel, space = divmod(a - A_SPACE, SPACES)
            return f"{SPACE_NAMES[space]} of {who(rel)} fort"
        if a < A_ROW:
            return f"attack player_{(seat + a - A_OPPONENT) % n}"
        if a < A_ARMY:
            return ("second", "third")[a - A_ROW] + " row"
        if a < A_DIRECTION:
            rel, k = divmod(a - A_ARMY, ARMIES)
            return f"overthrow {who(rel)} army {k}"
        if a < A_PAIR:
            return f"army attacks {DIRECTION_NAMES[a - A_DIRECTION]}"
        if a < A_DRAWBRIDGE:
            return f"fire the {SYMBOL_NAMES[a - A_PAIR]} pair"
        if a < A_PASS:
            return f"lower the drawbridge on {SPACE_NAMES[a - A_DRAWBRIDGE]}"
        return "keep the drawbridge up"

    def render_text(self, s, seat=None):
        n = int(s["num_players"])
        lines = []
        status = "game over" if s["stage"] == ST_OVER else (
            f"player_{int(s['actor'])} to act: {STAGE_NAMES[int(s['stage'])]}")
        team = " (teams 0+2 v 1+3)" if s["teams"] else ""
        lines.append(f"Forfort, {n} players{team}; first player_{int(s['first_player'])}; {status}"
                     + ("; a dungeon is empty: last round" if s["end_triggered"] else ""))
        for j in range(n):
            size = int(s["dungeon_size"][j])
            top = AXIS_NAMES[int(s["dungeon_axis"][j, size - 1])] if size else "-"
            armies_in = [f"player_{o}" for o in range(n) for k in range(ARMIES) if s["army_fort"][o, k] == j]
            reserve = sum(int(s["army_fort"][j, k] == ARMY_RESERVE) for k in range(ARMIES))
            down = sum(int(s["army_fort"][j, k] == ARMY_OVERTHROWN) for k in range(ARMIES))
            lines.append(f"player_{j} ({CREST_NAMES[j]}): dungeon {size} (top arrows {top}), hand "
                         f"{int(s['hand_count'][j])}, camps left {int(s['camp_reserve'][j].sum())}, "
                         f"armies {reserve} ready/{down} overthrown, drawbridge "
                         f"{'up' if s['drawbridge'][j] < 0 else SPACE_NAMES[int(s['drawbridge'][j])]}, "
                         f"points now {int(core.seat_points(s, j, True))}")
            grid = [[None] * 3 for _ in range(3)]
            for space in range(SPACES):
                r, c = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)][space]
                top_c = int(core.top_card(s, j, space))
                h = int(s["height"][j, space])
                cell = short_card(top_c) if top_c >= 0 else " .  "
                arm = "".join(f"{o}{'^>v<'[int(s['army_dir'][o, k])]}" for o in range(n) for k in range(ARMIES)
                              if s["army_fort"][o, k] == j and s["army_space"][o, k] == space)
                grid[r][c] = f"{cell}{'+' + str(h - 1) if h > 1 else '  '}{arm:<2}"[:8].ljust(8)
            grid[1][1] = "[dungn] "
            for r in range(3):
                lines.append("    " + " ".join(grid[r]))
            disc = [short_card(c).strip() for c in np.flatnonzero(s["discard"][j])]
            lines.append(f"    discard: {', '.join(disc) if disc else '-'}" + (
                f"   armies here: {', '.join(armies_in)}" if armies_in else ""))
            if seat is None or seat == j:
                hand = [wall_name(w) for w in np.flatnonzero(s["hand"][j])]
                lines.append(f"    hand: {'; '.join(hand) if hand else '-'}")
        if s["stage"] == ST_OVER:
            won = [f"player_{j}" for j in range(n) if s["winner"][j]]
            lines.append(f"winner: {', '.join(won)}")
        lines.append("key: C/S corner/straight wall, n/d/D normal/door/defended, symbols M mason R ram "
                     "C catapult T siege tower G guard; +k covered cards; 1^ army of player_1 heading north")
        return "\n".join(lines)

    def render_rgb(self, s):
        from .render import render_rgb
        return render_rgb(s)


GAME = ForfortGame()
