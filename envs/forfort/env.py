"""Forfort described to the library: the Game's declarations and options; words and pictures are
delegated to words.py and render.py."""
from __future__ import annotations

import numpy as np

from ..common.game import Game
from . import core, render, words
from .invariants import INVARIANT_NAMES
from .state import (ACTIONS, HIDDEN_FIELDS, MAX_SEATS, MIN_SEATS, OBSERVATION, RECORD_DTYPE,
                    STATE_SIZE)


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
