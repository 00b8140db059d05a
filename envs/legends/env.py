"""Legends described to the library: the Game's declarations and options; words and pictures are
delegated to words.py and render.py."""
from __future__ import annotations

import numpy as np

from ..common.game import Game
from . import core, words
from .content import (ADVENTURE_DECK, CARD_TYPES, CHARACTERS, DECK_SIZE, FATE_TILES, INGENUITY_MAX, LOCATIONS,
                      REWARD_DECK, TRACK, UP_PICKS, UPBRINGING)
from .invariants import INVARIANT_NAMES
from .state import (ACTIONS, COMMIT_REST, HIDDEN_FIELDS, MAX_SEATS, MIN_SEATS, NUM_FLOWS, NUM_STAGES,
                    OBSERVATION, RECORD_DTYPE, RUN_MAX, SKILL_MAX, STATE_SIZE, ST_COMMIT, ST_DRAFT, TOKEN_MAX, FP_LOC,
                    TURN_MAX, WAIT)

PERTURB_DECK = 40    # a hand card swapped with the deck's bottom card: no draw reaches it before the
#                      seat decides again while the deck holds more than this


class LegendsGame(Game):
    name = "legends_v1"
    version_history = ("v0: first release.",
                       "v1: the parallel env gives every seat with nothing to decide in a step exactly one legal "
                       "action, ``wait`` (a new last action id, never offered by the AEC env), where v0 gave it "
                       "an all-zero mask; the AEC env plays every game as v0 did.")
    retired = {"legends_v0": "the action space grew by one action, wait, which the parallel env makes the only "
                             "legal action of a seat with nothing to decide (v0 gave it no legal action)."}
    title = "frontiersmen's lives: an upbringing draft, simultaneous action cards, adventures, rewards"
    core = core
    dtype = RECORD_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = STATE_SIZE
    player_counts = tuple(range(MIN_SEATS, MAX_SEATS + 1))
    default_players = 4
    option_defaults = {"first_price": False, "grit_skill": False, "random_loss": False}
    options_doc = ("``num_players`` 3 to 7 (default 4). The rulebook's optional rules, off by default: "
                   "``first_price=True`` (a first reward card priced over three tokens goes to the bottom of "
                   "its deck), ``grit_skill=True`` (resting, 3 True Grit buy a skill level, never above the "
                   "lowest skill + 4), ``random_loss=True`` (the Lose 2 Cards fate takes them at random). "
                   "The Best Tale vote is a social rule bots cannot play: it is left out (RULES.md).")
    rewards_doc = ("At the end +1 to each winner (the tie-breaker is the most cards in the Legend; a tie "
                   "after it shares the win) and -1 to each other player; 0 before. ``reward=\"vp\"`` adds each "
                   "step's change in the seat's score margin.")
    golden_cases = (({"num_players": 3}, 1, 1), ({"num_players": 5}, 2, 2))
    arena_games = 20                # 3-7 seats, ~450 decisions a game: the default run stays short
    arena_limits = {"mcts": (), "net_search": ()}     # MCTS ~0.07 s a decision, ~20 s a game, and the
    # network-guided search (a forward pass a simulation) are slow: only when named
    bench_targets = {"rollout_steps_per_s": 1_000_000, "aec_vs": {"connect_four_v3": 5.0}}
    invariant_names = INVARIANT_NAMES
    # The upbringing picks and the daytime action cards are simultaneous: parallel_env() takes them
    # in one step (envs/common/parallel.py); the AEC env asks them seat by seat, hidden until revealed.
    no_parallel_reason = None
    wait_action = WAIT.at()         # a waiting seat's only legal action in parallel_env()
    option_fields = ("opt_first_price", "opt_grit_skill", "opt_random_loss")
    field_ranges = {
        "opt_first_price": (0, 1), "opt_grit_skill": (0, 1), "opt_random_loss": (0, 1),
        "stage": (0, NUM_STAGES - 1), "flow": (0, 0), "first_player": (0, MAX_SEATS - 1), "turn": (0, TURN_MAX),
        "draft_round": (0, UP_PICKS), "character": (0, CHARACTERS - 1), "skills": (0, SKILL_MAX),
        "tokens": (0, TOKEN_MAX), "grit": (0, TOKEN_MAX), "neg_vp": (0, TOKEN_MAX), "ability": (0, 16),
        "hand": (0, 2), "deck": (0, CARD_TYPES - 1), "deck_n": (0, DECK_SIZE), "discard": (0, 2),
        "draft": (0, 1), "up_pick": (-1, UPBRINGING - 1), "up_legend": (0, 1), "up_order": (-1, UPBRINGING - 1),
        "up_box": (0, 1), "up_discard": (0, 1), "adv_deck": (0, 1), "adv_box": (0, 1), "adv_lost": (0, 1),
        "adv_owner": (-1, MAX_SEATS - 1), "active": (-1, ADVENTURE_DECK - 1), "age": (0, TRACK - 1),
        "marker": (-1, LOCATIONS - 1), "loc_fate": (-1, FATE_TILES - 1), "fate_up": (0, 1),
        "fate_place": (0, FP_LOC + LOCATIONS - 1), "rew_pile": (0, 1), "rew_box": (0, 1), "rew_bottom": (0, REWARD_DECK),
        "rew_top": (-1, REWARD_DECK - 1), "rew_owner": (-1, MAX_SEATS - 1), "fail_pile": (0, 1), "fail_used": (0, 1),
        "hard_pile": (0, 1), "hard_owner": (-1, MAX_SEATS - 1), "commit": (-1, COMMIT_REST), "revealed": (0, 1),
        "res_loc": (0, LOCATIONS), "res_k": (0, MAX_SEATS), "cur": (0, MAX_SEATS - 1), "res_done": (0, 1),
        "total": (-1000, 1000), "failed": (0, 1), "bonus": (0, 100), "trump": (0, 255), "set_suit": (-1, 6),
        "set_value": (0, INGENUITY_MAX * DECK_SIZE), "set_cards": (0, DECK_SIZE), "set_luck": (0, DECK_SIZE),
        "run": (0, CARD_TYPES - 1),
        "run_n": (0, RUN_MAX), "rank": (0, MAX_SEATS - 1), "rank_n": (0, MAX_SEATS), "rank_pos": (0, MAX_SEATS),
        "slot_taken": (0, 1), "pen_k": (0, MAX_SEATS), "pen_left": (0, 8), "pen_card": (-1, 7),
        "discard_left": (0, DECK_SIZE), "discard_then": (0, NUM_FLOWS - 1), "rest_k": (0, MAX_SEATS),
        "end_award": (-1, MAX_SEATS - 1), "final": (-1000, 1000), "winner": (0, 1),
    }

    def options(self, num_players, first_price=False, grit_skill=False, random_loss=False):
        vals = []
        for name, v in (("first_price", first_price), ("grit_skill", grit_skill), ("random_loss", random_loss)):
            if not isinstance(v, (bool, np.bool_)):
                raise ValueError(f"{self.name}: {name} must be True or False, got {v!r}")
            vals.append(1 if v else 0)
        return np.array(vals, np.int64)

    def configs(self):
        return ([{"num_players": n} for n in self.player_counts]
                + [{"num_players": 4, "first_price": True, "grit_skill": True}])

    def pending_seats(self, s):
        """The seats with a decision pending, in the AEC env's order: in the draft and the daytime
        every seat still to pick or commit, from the first player on; otherwise the seat to act."""
        seat = int(s["actor"])
        if seat < 0:
            return []
        n, first = int(s["num_players"]), int(s["first_player"])
        order = [(first + k) % n for k in range(n)]
        if s["stage"] == ST_DRAFT:
            return [j for j in order if s["up_pick"][j] < 0]
        if s["stage"] == ST_COMMIT:
            return [j for j in order if s["commit"][j] < 0]
        return [seat]

    def perturb_private(self, s, seat, rng):
        """During the draft, before the seat's pick of this round: swap a draft-hand card with one
        left in the box (never dealt). After its pick, in the first three rounds: swap the waiting
        face-down pick with a box card (the seat picks again before the fourth pick lays the Legends
        out). Later: swap a hand card with the deck's bottom card while the deck is deep enough
        that no draw reaches it before the seat decides again.

        An unrevealed action card is not perturbed here: the reveal, which comes before the seat
        decides again, rightly shows it, so the kit's follow-through test could not hold; the rule
        test test_commit_back_east_frontier_far_west_or_rest_hidden_until_the_reveal covers it."""
        if (s["stage"] == ST_DRAFT and s["draft_round"] < UP_PICKS - 1 and s["up_pick"][seat] >= 0):
            box = np.flatnonzero(s["up_box"])
            if box.size == 0:
                return False
            u, v = int(s["up_pick"][seat]), int(rng.choice(box))
            s["up_pick"][seat], s["up_box"][u], s["up_box"][v] = v, 1, 0
            return True
        if s["stage"] == ST_DRAFT and s["draft_round"] < UP_PICKS and s["up_pick"][seat] < 0:
            held = np.flatnonzero(s["draft"][seat])
            box = np.flatnonzero(s["up_box"])
            if held.size == 0 or box.size == 0:
                return False
            u, v = int(rng.choice(held)), int(rng.choice(box))
            s["draft"][seat, u], s["up_box"][u] = 0, 1
            s["draft"][seat, v], s["up_box"][v] = 1, 0
            return True
        if s["draft_round"] < UP_PICKS or s["deck_n"] <= PERTURB_DECK:
            return False
        hand = np.flatnonzero(s["hand"][seat])
        bottom = int(s["deck"][0])
        hand = hand[hand != bottom]
        if hand.size == 0:
            return False
        t = int(rng.choice(hand))
        s["deck"][0] = t
        s["hand"][seat, t] -= 1
        s["hand"][seat, bottom] += 1
        return True

    def events(self, before, after, viewer=None):
        return words.events(before, after, viewer)

    def describe_action(self, s, a, viewer=None):
        return words.describe_action(s, a, viewer)


GAME = LegendsGame()
