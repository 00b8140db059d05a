"""Fantasy Frontier described to the library: the Game's declarations and options; words and
pictures are delegated to words.py and render.py."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..common.game import Game
from . import core, words
from .invariants import INVARIANT_NAMES
from .state import (ACTIONS, AIMS, CARDS, CELLS, DEV_CARDS, DIE, FACTIONS, FISH_PER_TURN, HIDDEN_FIELDS, MAP_CARDS,
                    MARKERS, MAX_ROUNDS, MAX_SEATS, MIN_SEATS, NUM_STAGES, NUM_TILES, OBSERVATION, RECORD_DTYPE,
                    RESOURCES, ROLLS_MAX, STATE_SIZE, START_TILES, TERRAINS, WORKERS)

BIG = 1000


class FantasyFrontierGame(Game):
    name = "fantasy_frontier_v1"
    version_history = ("v0: first release.",
                       "v1: the scout can be attacked and repaired like every assignment (observation 6,038 -> "
                       "6,044, actions 821 -> 826); a damaged scout draws no tiles.")
    retired = {"fantasy_frontier_v0": "the scout is now an assignment an attack can hit and a repair can mend "
                                      "(its observation and action space grew)."}
    title = "airships, workers, terrain tiles and dice: grow the board, fight, build, match map cards"
    core = core
    dtype = RECORD_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = STATE_SIZE
    player_counts = tuple(range(MIN_SEATS, MAX_SEATS + 1))
    default_players = 2
    option_defaults = {"random_factions": False}
    options_doc = ("``num_players`` 2, 3 or 4 (default 2); ``random_factions=True`` deals the factions at "
                   "random instead of letting the players choose them in player order.")
    rewards_doc = ("At the end +1 to each winner (the highest final total; tied players share the win) and "
                   "-1 to each loser; 0 before. ``reward=\"vp\"`` adds each step's change in the seat's "
                   "score margin (points plus resources but turkey legs).")
    golden_cases = (({"num_players": 2}, 1, 1), ({"num_players": 3}, 2, 2),
                    ({"num_players": 4, "random_factions": True}, 3, 3))
    arena_games = 20
    # MCTS takes ~45 s a two-player game here (1,000 simulations of 500-step rollouts a decision), and
    # the network-guided search is slow too (a forward pass a simulation): only when named, as in Frontier
    arena_limits = {"mcts": (), "net_search": ()}
    bench_targets = {"rollout_steps_per_s": 1_000_000, "aec_vs": {"connect_four_v3": 5.0}}
    invariant_names = INVARIANT_NAMES
    option_fields = ("random_factions",)
    field_ranges = {
        "random_factions": (0, 1), "first_player": (0, MAX_SEATS - 1), "turn_seat": (0, MAX_SEATS - 1),
        "stage": (0, NUM_STAGES - 1), "round": (0, MAX_ROUNDS), "setup_left": (0, START_TILES),
        "placing": (-1, TERRAINS - 1), "placing_from": (0, NUM_STAGES - 1),
        "faction": (-1, FACTIONS - 1), "board": (-1, TERRAINS - 1), "ship": (-1, CELLS - 1),
        "township": (-1, MAX_SEATS - 1), "ground": (-1, MAX_SEATS - 1), "bag": (0, NUM_TILES),
        "held": (0, NUM_TILES), "deck": (-1, CARDS - 1), "deck_size": (0, CARDS), "hand": (0, 1),
        "hand_count": (0, MAP_CARDS), "scored": (0, 1), "equipped": (0, 1), "sold": (0, 1),
        "pending_dev": (-1, DEV_CARDS - 1), "bays": (0, 12), "supply": (0, 12), "damaged": (0, 1),
        "markers": (0, MARKERS), "combat_vp": (0, BIG), "hits": (0, BIG), "townships": (0, 3),
        "countered": (0, WORKERS), "builders": (0, WORKERS), "crew": (0, WORKERS), "ready": (0, WORKERS),
        "spent": (0, WORKERS), "resting": (0, WORKERS), "to_place": (0, WORKERS), "moves_left": (0, 4),
        "drift_left": (0, 1),
        "fish_used": (0, FISH_PER_TURN), "yield_cell": (-1, CELLS - 1), "research_left": (0, 3),
        "scout_left": (0, 2), "scouted": (-1, TERRAINS - 1), "decl_target": (-1, MAX_SEATS - 1),
        "decl_kind": (-1, 1), "n_decl": (0, WORKERS), "decl_workers": (0, WORKERS), "shot": (0, WORKERS),
        "counter_ask": (0, WORKERS), "counter_left": (0, WORKERS), "reply_to": (-1, MAX_SEATS - 1),
        "shooter": (-1, MAX_SEATS - 1), "victim": (-1, MAX_SEATS - 1), "shot_kind": (-1, 1),
        "shot_aim": (-1, AIMS - 1), "roll": (0, DIE), "roll_kind": (0, 2), "roll_terrain": (0, TERRAINS - 1),
        "last_roll": (0, DIE), "rolls": (0, ROLLS_MAX),
        "gain": (0, 12), "owe_res": (-1, RESOURCES - 1), "owe_left": (0, 12), "owe_resume": (0, 2),
        "final": (0, BIG), "winner": (0, 1),
    }
    # A live game is in its rounds 0..99: the 100th round's end ends it.
    live_ranges = {"round": (0, MAX_ROUNDS - 1)}

    def options(self, num_players: int, random_factions: bool = False) -> np.ndarray:  # type: ignore[override]
        if not isinstance(random_factions, (bool, np.bool_)):
            raise ValueError(f"{self.name}: random_factions must be True or False, got {random_factions!r}")
        return np.array([1 if random_factions else 0], np.int64)

    def configs(self) -> list[dict[str, Any]]:
        return [{"num_players": 2}, {"num_players": 3}, {"num_players": 4},
                {"num_players": 2, "random_factions": True}]

    def perturb_private(self, s: np.void, seat: int, rng: np.random.Generator) -> bool:
        """Swap a map card in ``seat``'s hand with the deepest map card of the deck, deep enough
        (12 cards above it) that no draw reaches it before ``seat`` decides again."""
        hand = np.flatnonzero(s["hand"][seat])
        size = int(s["deck_size"])
        deep = [i for i in range(size) if s["deck"][i] < MAP_CARDS and i >= 12]   # index 0 is the top
        if hand.size == 0 or not deep:
            return False
        i = deep[-1]
        m = int(rng.choice(hand))
        c = int(s["deck"][i])
        s["deck"][i] = m
        s["hand"][seat, m] = 0
        s["hand"][seat, c] = 1
        return True

    def events(self, before: np.void, after: np.void, viewer: int | None = None) -> list[str]:
        return words.events(before, after, viewer)

    def describe_action(self, s: np.void, a: int, viewer: int | None = None) -> str:
        return words.describe_action(s, a, viewer)


GAME = FantasyFrontierGame()
