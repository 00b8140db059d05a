"""Frontier described to the library: the Game (names, options, what is hidden), delegating words
to words.py and pictures to render.py."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..common.game import Game
from . import core, words
from .board import total_points
from .content import BANK_START, DECK_SIZE, KEEPS_PER_PLAYER, ROADS_PER_PLAYER, VILLAGES_PER_PLAYER
from .invariants import INVARIANT_NAMES
from .state import (ACTIONS, AWARD_POINTS, EMPTY, HIDDEN_FIELDS, KEEP, MAX_HEARINGS_PER_TURN, MAX_SEATS,
                    MAX_PROPOSALS_PER_TURN, MAX_TRADE_COUNT, MIN_SEATS, NUM_CARD_KINDS, NUM_CORNERS, NUM_HARBOUR_KINDS,
                    NUM_HEXES, NUM_RESOURCES, NUM_STAGES, NUM_TERRAINS, OBS_SIZE, OBSERVATION, RECORD_DTYPE,
                    REPLY_NONE, REPLY_OFFER, TURNS_MAX, VICTORY_POINT, WINNING_POINTS)

PERTURB_DECK_DEPTH = 8   # perturb_private swaps with the deck's bottom card only in a deck this deep


class FrontierGame(Game):
    name = "frontier_v0"
    title = "an island of 19 hexes: dice production, building, trading, the bandit, opportunity cards"
    core = core
    dtype = RECORD_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = OBS_SIZE
    player_counts = tuple(range(MIN_SEATS, MAX_SEATS + 1))
    default_players = 4
    option_defaults = {"hidden_harbours": False, "fixed_island": False}
    options_doc = ("``num_players`` 3 or 4 (default 4); ``hidden_harbours`` (house rule: a harbour's rate "
                   "is hidden from everyone until somebody builds on one of its corners); ``fixed_island`` "
                   "(the fixed beginner island instead of one laid out from the seed, 6s and 8s never side "
                   "by side).")
    rewards_doc = ("At the end +1 to the winner and -1 to each other player; 0 before. ``reward=\"vp\"`` "
                   "adds each step's change in the seat's public score margin.")
    golden_cases = (({"num_players": 4}, 1, 1), ({"num_players": 3, "hidden_harbours": True}, 2, 2))
    arena_games = 10
    arena_limits = {"mcts": (), "net_search": ()}     # MCTS takes ~45 s a Frontier game, and the
    # network-guided search (a forward pass a simulation) is slow too: only when named
    bench_peers = ("catanatron",)
    bench_targets = {"rollout_steps_per_s": 10_000_000, "vector_steps_per_s": 1_000_000,
                     "aec_vs": {"connect_four_v3": 2.0, "catanatron": 3.0}, "rollout_games_vs": {"catanatron": 100.0}}
    invariant_names = dict(INVARIANT_NAMES)
    # Every field's range, checked before a loaded record reaches compiled code (common/saves.py).
    option_fields = ("hidden_harbours", "fixed_island")
    field_ranges = {
        "hidden_harbours": (0, 1), "fixed_island": (0, 1), "stage": (0, NUM_STAGES - 1),
        "turn_seat": (0, MAX_SEATS - 1), "first_player": (0, MAX_SEATS - 1),
        "setup_step": (0, 2 * MAX_SEATS), "setup_corner": (-1, NUM_CORNERS - 1), "turn": (0, TURNS_MAX),
        "rolled": (0, 1), "dice": (0, 6), "card_played": (0, 1), "free_roads": (0, 2), "plenty_left": (0, 2),
        "winner": (-1, MAX_SEATS - 1), "hex_terrain": (0, NUM_TERRAINS - 1), "hex_number": (0, 12),
        "bandit": (0, NUM_HEXES - 1), "harbour_kind": (0, NUM_HARBOUR_KINDS - 1), "harbour_revealed": (0, 1),
        "corner_owner": (-1, MAX_SEATS - 1), "corner_level": (EMPTY, KEEP), "edge_owner": (-1, MAX_SEATS - 1),
        "bank": (0, BANK_START), "hand": (0, BANK_START), "deck": (-1, NUM_CARD_KINDS - 1),
        "deck_size": (DECK_SIZE, DECK_SIZE), "deck_top": (0, DECK_SIZE),
        "cards": (0, DECK_SIZE), "cards_new": (0, DECK_SIZE), "cards_played": (0, DECK_SIZE),
        "villages_left": (0, VILLAGES_PER_PLAYER), "keeps_left": (0, KEEPS_PER_PLAYER),
        "roads_left": (0, ROADS_PER_PLAYER), "road_length": (0, ROADS_PER_PLAYER),
        "longest_road": (-1, MAX_SEATS - 1), "largest_army": (-1, MAX_SEATS - 1),
        "discard_left": (0, NUM_RESOURCES * BANK_START), "proposals": (0, MAX_PROPOSALS_PER_TURN),
        "hearings": (0, MAX_HEARINGS_PER_TURN),
        "trade_give": (-1, NUM_RESOURCES - 1), "trade_give_count": (0, MAX_TRADE_COUNT),
        "trade_get": (-1, NUM_RESOURCES - 1), "trade_get_count": (0, MAX_TRADE_COUNT),
        "trade_replier": (-1, MAX_SEATS - 1), "trade_reply": (REPLY_NONE, REPLY_OFFER),
        "deal_give": (-1, NUM_RESOURCES - 1), "deal_give_count": (0, MAX_TRADE_COUNT),
        "deal_get": (-1, NUM_RESOURCES - 1), "deal_get_count": (0, MAX_TRADE_COUNT),
    }

    def options(self, num_players: int, hidden_harbours: bool = False, fixed_island: bool = False) -> np.ndarray:  # type: ignore[override]
        """``hidden_harbours``: harbour rates hidden until somebody builds on one of their corners
        (the rulebook's house rule). ``fixed_island``: the fixed beginner island instead of one laid
        out at random from the seed."""
        self.check_players(num_players)
        for name, v in (("hidden_harbours", hidden_harbours), ("fixed_island", fixed_island)):
            if not isinstance(v, (bool, np.bool_)):
                raise ValueError(f"frontier_v0: {name} must be True or False, got {v!r}")
        return np.array([int(hidden_harbours), int(fixed_island)], np.int64)

    def configs(self) -> list[dict[str, Any]]:
        return [{"num_players": 3}, {"num_players": 4},
                {"num_players": 4, "hidden_harbours": True},
                {"num_players": 3, "fixed_island": True}]

    def perturb_private(self, s: np.void, seat: int, rng: np.random.Generator) -> bool:
        """Swap one of ``seat``'s cards from an earlier turn with a card of another kind from the
        bottom of the undrawn deck: nobody sees the deck, and a card at its bottom is bought only
        once every card above it is, so while the deck holds PERTURB_DECK_DEPTH cards or more the
        others do not meet it in the play the conformance kit follows (at most a round of turns).
        Resource hands cannot be perturbed this way: the only unseen pool of resources is other
        players' hands, which those players see. A swap that moves a victory point keeps the
        seat's points, in both worlds, low enough that even longest road won on another's turn
        cannot bring it to 10: a win at the start of its turn would end one world and not the
        other before the seat decides."""
        old = [k for k in range(NUM_CARD_KINDS) if s["cards"][seat, k] - s["cards_new"][seat, k] > 0]
        points = int(total_points(s, seat))
        most = WINNING_POINTS - 1 - AWARD_POINTS
        if int(s["deck_size"]) - int(s["deck_top"]) < PERTURB_DECK_DEPTH:
            return False
        for i in range(int(s["deck_size"]) - 1, int(s["deck_top"]) - 1, -1):
            d = int(s["deck"][i])
            for k in rng.permutation(old):
                k = int(k)
                if k == d or max(points, points + (d == VICTORY_POINT) - (k == VICTORY_POINT)) > most:
                    continue
                s["cards"][seat, k] -= 1
                s["cards"][seat, d] += 1
                s["deck"][i] = k
                return True
        return False

    # ------------------------------------------------------------------ words
    def events(self, before: np.void, after: np.void, viewer: int | None = None) -> list[str]:
        return words.events(before, after, viewer)

    def describe_action(self, s: np.void, a: int, viewer: int | None = None) -> str:
        return words.describe_action(s, a, viewer)


GAME = FrontierGame()
