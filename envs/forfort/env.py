"""Forfort described to the library: the Game's declarations and options; words and pictures are
delegated to words.py and render.py."""
from __future__ import annotations

import numpy as np

from ..common.game import Game
from . import core, render, words
from .invariants import INVARIANT_NAMES
from .state import (ACTIONS, ARMIES, ARMY_OVERTHROWN, HIDDEN_FIELDS, MAX_SEATS, MIN_SEATS, NUM_AXES, NUM_CARDS,
                    NUM_SYMBOLS, OBSERVATION, RECORD_DTYPE, SIDE_RIGHT, SPACES, STACK, STATE_SIZE, ST_END_TURN,
                    WALLS, WEST)


class ForfortGame(Game):
    name = "forfort_v0"
    title = "build an 8-space fort round your dungeon, besiege the others'"
    core = core
    dtype = RECORD_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = STATE_SIZE
    player_counts = tuple(range(MIN_SEATS, MAX_SEATS + 1))
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
    bench_targets = {"rollout_steps_per_s": 1_000_000, "aec_vs": {"connect_four_v3": 2.0}, "cold_compile_s": 20.0}
    invariant_names = INVARIANT_NAMES
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
        return words.events(before, after)

    def describe_action(self, s, a):
        return words.describe_action(s, a)

    def render_text(self, s, seat=None):
        return render.render_text(s, seat)

    def render_rgb(self, s):
        return render.render_rgb(s)


GAME = ForfortGame()
