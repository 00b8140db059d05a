"""Frantic described to the library: the Game's declarations and options; words and pictures are
delegated to words.py and render.py."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..common.game import Game
from . import core, words
from .content import (NUM_PLAY_KINDS, PLAY_CARD_KIND, 
    BLOCK, CARD_KIND, END, FUCK_YOU, FUCK_YOU_POINTS, NICE_TRY, NUM_CARDS, NUM_ORIENTS, NUM_SPACES,
    NUM_EVENTS, POINT_LIMITS, RE_ROLL, D20)
from .invariants import INVARIANT_NAMES
from .state import (ACTIONS, HIDDEN_FIELDS, LOG_MAX, LOC_DECK, LOC_MARKET, MAX_SEATS, MIN_SEATS, NUM_ALL_STAGES,
                    NUM_BLOCK_FOR, NUM_ROLL_FOR, OBSERVATION, PH_END, RECORD_DTYPE, ROUNDS_MAX, STATE_SIZE, WINDOWS_HOLDERS,
                    WINDOWS_NAMES)

MAX_LIMIT = 1000
# Cards that perturb_private never moves: the white card (its 21 points show at the round's end),
# and where reaction windows ask only holders, the reactions (being asked shows one).
_KEEP = (FUCK_YOU,)
_KEEP_HOLDERS = (BLOCK, NICE_TRY, RE_ROLL, FUCK_YOU)
# The draw pile's bottom card stays unseen while the pile is deeper than this (a turn draws a few
# cards, a Market one per player).
_PERTURB_DEPTH = 30


class FranticGame(Game):
    name = "frantic_v1"
    version_history = ("v0: first release.",
                       "v1: reaction windows ask every seat that could hold the card as far as the others know "
                       "(reaction_windows=\"holders\" keeps v0's windows); a kind's seen copy is played first; "
                       "the rounds count stops at 10,000.")
    retired = {"frantic_v0": "reaction windows now ask every seat that could hold the card, so that being "
                             "asked shows nothing (reaction_windows=\"holders\" keeps the old windows), and "
                             "a kind's seen copy is played first."}
    title = "race away from the skull; cards become shortcuts, obstacles and traps; reactions off-turn"
    core = core
    dtype = RECORD_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = STATE_SIZE
    player_counts = tuple(range(MIN_SEATS, MAX_SEATS + 1))
    default_players = 2
    option_defaults = {"point_limit": "medium", "round_rewards": False, "reaction_windows": "could_hold"}
    options_doc = ("``num_players`` 2 to 6 (default 2); ``point_limit`` \"short\", \"medium\" (default) or "
                   "\"long\" (2-3 players: 99 / 121 / 157; 4-6 players: 83 / 99 / 121) or an int from 1 to "
                   f"{MAX_LIMIT}: the game ends after the round in which someone reaches it; "
                   "``round_rewards=True`` also pays +1 to each round's fewest minus points and -1 to the "
                   "others at every round's end; ``reaction_windows`` \"could_hold\" (default: a Re-Roll, "
                   "Block or Nice Try window asks every seat that could hold the card as far as the others "
                   "know, so being asked shows nothing) or \"holders\" (only the seats holding one are asked: "
                   "fewer decisions, but being asked shows the card to the table).")
    rewards_doc = ("At the end +1 to each seat with the fewest minus points (ties share the win) and -1 to "
                   "the others; 0 before (with ``round_rewards=True`` also +1/-1 at each round's end). "
                   "``reward=\"vp\"`` adds each step's change in the seat's margin of minus "
                   "(points + position).")
    golden_cases = (({"num_players": 2}, 1, 1), ({"num_players": 4}, 2, 2), ({"num_players": 6, "point_limit": "short"}, 3, 3))
    arena_games = 20                # a 2-6 seat table of each lineup: the default run stays short
    arena_limits = {"mcts": (), "net_search": ()}     # MCTS ~0.08 s a decision, ~10 s a game, and the
    # network-guided search (a forward pass a simulation) are slow: only when named
    bench_targets = {"rollout_steps_per_s": 1_000_000, "aec_vs": {"connect_four_v3": 5.0}}
    invariant_names = INVARIANT_NAMES
    option_fields = ("point_limit", "round_rewards", "reaction_windows")
    field_ranges = {
        "point_limit": (1, MAX_LIMIT), "round_rewards": (0, 1),
        "reaction_windows": (0, len(WINDOWS_NAMES) - 1),
        "round": (0, ROUNDS_MAX),
        "first_player": (0, MAX_SEATS - 1), "chosen": (-1, NUM_PLAY_KINDS - 1), "turn_seat": (0, MAX_SEATS - 1),
        "stage": (0, NUM_ALL_STAGES - 1), "phase": (0, PH_END), "pos": (0, END),
        "points": (0, MAX_LIMIT + END + FUCK_YOU_POINTS), "round_score": (0, END + FUCK_YOU_POINTS),
        "loc": (0, LOC_MARKET), "deck": (-1, NUM_CARDS - 1), "deck_size": (0, NUM_CARDS),
        "hand_kind": (0, NUM_CARDS), "hand_count": (0, NUM_CARDS), "top": (-1, NUM_CARDS - 1),
        "below": (-1, NUM_CARDS - 1), "card_space": (-1, NUM_SPACES - 1), "orient": (0, NUM_ORIENTS - 1),
        "height": (0, NUM_CARDS), "triggered": (0, 1), "tele_triggered": (0, 1),
        "skip_move": (0, 1), "reverse": (0, 1), "ghost": (0, 1), "advance": (0, 1), "trouble": (0, 1),
        "remote_target": (-1, MAX_SEATS - 1), "magnet_card": (-1, NUM_CARDS - 1),
        "mv_token": (-1, MAX_SEATS - 1), "mv_dir": (-1, 1), "mv_steps": (0, 6), "mv_ghost": (0, 1),
        "roll_die": (0, D20), "roll_owner": (-1, MAX_SEATS - 1), "roll_value": (0, D20),
        "roll_for": (0, NUM_ROLL_FOR - 1), "roll_asked": (0, (1 << MAX_SEATS) - 1),
        "rr_seat": (-1, MAX_SEATS - 1), "block_for": (0, NUM_BLOCK_FOR - 1), "target": (-1, MAX_SEATS - 1),
        "gift_amount": (0, 2), "ev_kind": (-1, NUM_EVENTS - 1), "ev_thrower": (-1, MAX_SEATS - 1),
        "ev_index": (0, MAX_SEATS), "ev_seat": (-1, MAX_SEATS - 1), "nice_asked": (0, (1 << MAX_SEATS) - 1),
        "deck_out": (0, 1), "winner": (0, 1), "log": (0, 99), "log_len": (0, LOG_MAX), "known": (0, 1),
    }

    def options(self, num_players: int, point_limit: str | int = "medium",  # type: ignore[override]
                round_rewards: bool = False, reaction_windows: str = "could_hold") -> np.ndarray:
        if isinstance(point_limit, str):
            if point_limit not in POINT_LIMITS:
                raise ValueError(f"{self.name}: point_limit must be one of {sorted(POINT_LIMITS)} or an int "
                                 f"from 1 to {MAX_LIMIT}, got {point_limit!r}")
            limit = POINT_LIMITS[point_limit][0 if num_players <= 3 else 1]
        elif isinstance(point_limit, (int, np.integer)) and not isinstance(point_limit, (bool, np.bool_)):
            limit = int(point_limit)
            if not 1 <= limit <= MAX_LIMIT:
                raise ValueError(f"{self.name}: point_limit must be from 1 to {MAX_LIMIT}, got {limit}")
        else:
            raise ValueError(f"{self.name}: point_limit must be 'short', 'medium', 'long' or an int, "
                             f"got {point_limit!r}")
        if not isinstance(round_rewards, (bool, np.bool_)):
            raise ValueError(f"{self.name}: round_rewards must be True or False, got {round_rewards!r}")
        if not isinstance(reaction_windows, str) or reaction_windows not in WINDOWS_NAMES:
            raise ValueError(f"{self.name}: reaction_windows must be one of {list(WINDOWS_NAMES)}, "
                             f"got {reaction_windows!r}")
        return np.array([limit, 1 if round_rewards else 0, WINDOWS_NAMES.index(reaction_windows)], np.int64)

    def configs(self) -> list[dict[str, Any]]:
        return [{"num_players": n} for n in self.player_counts] + [{"num_players": 3, "point_limit": "short"},
                                                                   {"num_players": 4, "reaction_windows": "holders"}]

    def perturb_private(self, s: np.void, seat: int, rng: np.random.Generator) -> bool:
        """Swap a card of ``seat``'s hand with the draw pile's bottom card, of another kind, neither
        the white 21-point card (whose holding shows at the round's end), nor a reaction where
        reaction windows ask only holders (being asked shows one), nor one everyone saw go into the
        hand. The bottom card is the last any draw or Market reveals."""
        if s["deck_size"] <= _PERTURB_DEPTH:
            return False
        bottom = int(s["deck"][0])
        kb = int(CARD_KIND[bottom])
        keep = _KEEP_HOLDERS if s["reaction_windows"] == WINDOWS_HOLDERS else _KEEP
        keep = keep + ((int(PLAY_CARD_KIND[s["chosen"]]),) if s["chosen"] >= 0 else ())
        if kb in keep:
            return False
        hand = [c for c in range(NUM_CARDS) if s["loc"][c] == seat and int(CARD_KIND[c]) not in keep
                and int(CARD_KIND[c]) != kb and not s["known"][c]]
        if not hand:
            return False
        c = int(rng.choice(hand))
        k = int(CARD_KIND[c])
        s["deck"][0] = c
        s["loc"][c] = LOC_DECK
        s["loc"][bottom] = seat
        s["hand_kind"][seat, k] -= 1
        s["hand_kind"][seat, kb] += 1
        return True

    def events(self, before: np.void, after: np.void, viewer: int | None = None) -> list[str]:
        return words.events(before, after, viewer)

    def describe_action(self, s: np.void, a: int, viewer: int | None = None) -> str:
        return words.describe_action(s, a, viewer)


GAME = FranticGame()
