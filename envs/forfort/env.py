"""Forfort described to the library: the Game's declarations and options; words and pictures are
delegated to words.py and render.py."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..common.game import Game
from . import core, words
from .invariants import INVARIANT_NAMES
from .places import is_opponent
from .state import (ACTIONS, ARMIES, ARMY_OVERTHROWN, ARROW_READINGS, HIDDEN_FIELDS, MAX_SEATS, MIN_SEATS,
                    NUM_AXES, NUM_CARDS, NUM_SYMBOLS, OBSERVATION, PAIR_USES, RECORD_DTYPE, SIDE_RIGHT, SPACES,
                    STACK, STATE_SIZE, ST_END_TURN, TWO_AXES, WALLS, WEST)


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
    option_defaults = {"teams": False, "arrows": "four"}
    options_doc = ("``num_players`` 2, 3 or 4 (default 2); ``teams=True`` for the 4-player team game "
                   "(teammates sit across from each other and share the result); ``arrows`` \"four\" "
                   "(default: the arrows on a dungeon card's back point along N-S, E-W, NE-SW or NW-SE) "
                   "or \"two\" (N-S or E-W only: quarter turns of a card with orthogonal arrows).")
    rewards_doc = ("At the end +1 to each winner (ties share the win; a team wins together) and -1 to each "
                   "loser; 0 before. ``reward=\"vp\"`` adds each step's change in the seat's score margin.")
    golden_cases = (({"num_players": 2}, 1, 1), ({"num_players": 3}, 2, 2),
                    ({"num_players": 4, "teams": True}, 3, 3))
    arena_games = 100
    arena_limits = {"mcts": (2,), "net_search": ()}   # MCTS is slow: 2-player games only unless named;
    # the network-guided search (8 forward passes a decision) too slow for the default run: only when named
    bench_targets = {"rollout_steps_per_s": 5_000_000, "vector_steps_per_s": 1_000_000,
                     "aec_vs": {"connect_four_v3": 2.0}}
    invariant_names = INVARIANT_NAMES
    # Every field's range, checked before a loaded record reaches compiled code (common/saves.py).
    option_fields = ("teams", "arrow_axes")
    field_ranges = {
        "teams": (0, 1), "arrow_axes": (TWO_AXES, NUM_AXES), "first_player": (0, MAX_SEATS - 1),
        "turn_seat": (0, MAX_SEATS - 1),
        "stage": (0, ST_END_TURN), "end_triggered": (0, 1), "extra_turn": (0, 1),
        "chair": (-1, MAX_SEATS - 1), "front": (-1, SIDE_RIGHT), "turns": (0, WALLS),
        "dungeon": (0, WALLS - 1), "dungeon_axis": (0, NUM_AXES - 1), "dungeon_size": (0, WALLS),
        "hand": (0, 1), "hand_count": (0, WALLS), "fort": (-1, NUM_CARDS - 1), "height": (0, STACK),
        "discard": (0, 1), "camp_reserve": (0, 1), "army_fort": (ARMY_OVERTHROWN, MAX_SEATS - 1),
        "army_space": (-1, SPACES - 1), "army_dir": (-1, WEST), "armies_here": (0, MAX_SEATS * ARMIES),
        "drawbridge": (-1, SPACES - 1), "played_card": (-1, WALLS - 1), "effect": (-1, NUM_SYMBOLS - 1),
        "effect_uses": (0, PAIR_USES), "breach": (0, 1), "mason_free": (0, 1), "target": (-1, MAX_SEATS - 1),
        "pending_card": (-1, WALLS - 1), "pending_from_top": (0, 1), "guard_fort": (-1, MAX_SEATS - 1),
        "guard_space": (-1, SPACES - 1), "pairs": (0, 2 * SPACES), "winner": (0, 1),
    }

    def options(self, num_players: int, teams: bool = False, arrows: str = "four") -> np.ndarray:  # type: ignore[override]
        if not isinstance(teams, (bool, np.bool_)):
            raise ValueError(f"forfort_v0: teams must be True or False, got {teams!r}")
        if teams and num_players != 4:
            raise ValueError(f"forfort_v0: teams=True needs num_players=4, got {num_players}")
        if not isinstance(arrows, str) or arrows not in ARROW_READINGS:
            raise ValueError(f"forfort_v0: arrows must be one of {sorted(ARROW_READINGS)}, got {arrows!r}")
        return np.array([1 if teams else 0, ARROW_READINGS[arrows]], np.int64)

    def configs(self) -> list[dict[str, Any]]:
        return [{"num_players": 2}, {"num_players": 3}, {"num_players": 4},
                {"num_players": 4, "teams": True}, {"num_players": 2, "arrows": "two"}]

    def perturb_private(self, s: np.void, seat: int, rng: np.random.Generator) -> bool:
        """Swap a wall in ``seat``'s hand with the bottom card of its dungeon. Nobody sees a dungeon's
        faces, and the bottom one is the last any action reveals: the others' siege towers destroy
        the top card, the owner draws from the top. A turn's towers strike at most 2 * PAIR_USES
        times (a built wall forms at most two pairs, each firing twice), so a dungeon deeper than
        that for every opponent keeps its bottom card hidden until ``seat`` decides again (short of a
        drawbridge's extra turn or a mason pair's chain of builds, which random play hardly meets).
        The arrows belong to the position, so they stay."""
        hand = np.flatnonzero(s["hand"][seat])
        opponents = sum(1 for j in range(int(s["num_players"])) if is_opponent(s, seat, j))
        if hand.size == 0 or s["dungeon_size"][seat] <= opponents * 2 * PAIR_USES:
            return False
        w = int(rng.choice(hand))
        bottom = int(s["dungeon"][seat, 0])
        s["dungeon"][seat, 0] = w
        s["hand"][seat, w] = 0
        s["hand"][seat, bottom] = 1
        return True

    def events(self, before: np.void, after: np.void, viewer: int | None = None) -> list[str]:
        return words.events(before, after, viewer)

    def describe_action(self, s: np.void, a: int, viewer: int | None = None) -> str:
        return words.describe_action(s, a, viewer)


GAME = ForfortGame()
