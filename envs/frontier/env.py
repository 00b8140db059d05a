"""Frontier described to the library: names, options, actions in words, and the renderers."""
from __future__ import annotations

import numpy as np

from ..common.game import Game
from . import core
from .trade import bank_rate
from .content import (BANK_START, DECK_SIZE, KEEPS_PER_PLAYER, ROADS_PER_PLAYER,
                      VILLAGES_PER_PLAYER)
from .state import (EMPTY, KEEP, MAX_PLAYERS, MAX_PROPOSALS_PER_TURN, NUM_CORNERS, NUM_HARBOUR_KINDS,
                    NUM_STAGES, NUM_TERRAINS, REPLY_NONE,
                    ACTIONS, HIDDEN_FIELDS, OBSERVATION, BANK_TRADE, BANK_TRADE_END, BUILD_KEEP, BUILD_KEEP_END, BUILD_ROAD,
                    BUILD_ROAD_END, BUILD_VILLAGE, BUILD_VILLAGE_END, BUY_CARD, CARD_NAMES,
                    COUNTER_OFFER, COUNTER_OFFER_END, DISCARD, DISCARD_END, EDGE_CORNERS,
                    END_TURN, GENERAL_HARBOUR, HEX_CORNERS, MAX_TRADE_COUNT, MONOPOLY_PICK,
                    MONOPOLY_PICK_END, MOVE_BANDIT, MOVE_BANDIT_END, NUM_ACTIONS, NUM_CARD_KINDS,
                    NUM_HEXES, NUM_RESOURCES, OBS_SIZE, OFFER_GET, OFFER_GET_END, OFFER_GIVE,
                    OFFER_GIVE_END, OFFER_TRADE, PLAY_KNIGHT, PLAY_MONOPOLY, PLAY_ROAD_BUILDING,
                    PLAY_YEAR_OF_PLENTY, RECORD_DTYPE, REPLY_COUNTER, RESOURCE_NAMES, ROLL, STEAL,
                    STEAL_END, TERRAIN_NAMES, TRADE_ACCEPT, TRADE_CANCEL, TRADE_COMPLETE,
                    TRADE_DECLINE, YEAR_OF_PLENTY_PICK, YEAR_OF_PLENTY_PICK_END)


def _n(count, res):
    return f"{count} {RESOURCE_NAMES[res]}"


def harbour_name(kind: int) -> str:
    return "3:1 any" if kind == GENERAL_HARBOUR else f"2:1 {RESOURCE_NAMES[kind]}"


class FrontierGame(Game):
    name = "frontier_v0"
    title = "an island of 19 hexes: dice production, building, trading, the bandit, opportunity cards"
    core = core
    dtype = RECORD_DTYPE
    actions = ACTIONS
    hidden_fields = HIDDEN_FIELDS
    observation = OBSERVATION
    state_size = OBS_SIZE
    player_counts = (3, 4)
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
    arena_limits = {"mcts": ()}     # MCTS takes ~45 s a Frontier game: only when named
    bench_peers = ("catanatron",)
    bench_targets = {"aec_vs": {"connect_four_v3": 2.0, "catanatron": 3.0}, "rollout_games_vs": {"catanatron": 100.0}}
    invariant_names = dict(core.INVARIANT_NAMES)
    # Every field's range, checked before a loaded record reaches compiled code (common/saves.py).
    field_ranges = {
        "hidden_harbours": (0, 1), "fixed_island": (0, 1), "stage": (0, NUM_STAGES - 1),
        "turn_seat": (0, MAX_PLAYERS - 1), "first_player": (0, MAX_PLAYERS - 1),
        "setup_step": (0, 2 * MAX_PLAYERS), "setup_corner": (-1, NUM_CORNERS - 1), "turn": (0, 10**6),
        "rolled": (0, 1), "dice": (0, 6), "card_played": (0, 1), "free_roads": (0, 2), "plenty_left": (0, 2),
        "winner": (-1, MAX_PLAYERS - 1), "hex_terrain": (0, NUM_TERRAINS - 1), "hex_number": (0, 12),
        "bandit": (0, NUM_HEXES - 1), "harbour_kind": (0, NUM_HARBOUR_KINDS - 1), "harbour_revealed": (0, 1),
        "corner_owner": (-1, MAX_PLAYERS - 1), "corner_level": (EMPTY, KEEP), "edge_owner": (-1, MAX_PLAYERS - 1),
        "bank": (0, BANK_START), "hand": (0, BANK_START), "deck": (-1, NUM_CARD_KINDS - 1),
        "deck_size": (DECK_SIZE, DECK_SIZE), "deck_top": (0, DECK_SIZE),
        "cards": (0, DECK_SIZE), "cards_new": (0, DECK_SIZE), "cards_played": (0, DECK_SIZE),
        "villages_left": (0, VILLAGES_PER_PLAYER), "keeps_left": (0, KEEPS_PER_PLAYER),
        "roads_left": (0, ROADS_PER_PLAYER), "road_length": (0, ROADS_PER_PLAYER),
        "longest_road": (-1, MAX_PLAYERS - 1), "largest_army": (-1, MAX_PLAYERS - 1),
        "discard_left": (0, NUM_RESOURCES * BANK_START), "proposals": (0, MAX_PROPOSALS_PER_TURN),
        "trade_give": (-1, NUM_RESOURCES - 1), "trade_give_count": (0, MAX_TRADE_COUNT),
        "trade_get": (-1, NUM_RESOURCES - 1), "trade_get_count": (0, MAX_TRADE_COUNT),
        "trade_replier": (-1, MAX_PLAYERS - 1), "trade_reply": (REPLY_NONE, REPLY_COUNTER),
        "trade_counter": (-1, NUM_RESOURCES - 1), "trade_counter_count": (0, MAX_TRADE_COUNT),
    }

    def options(self, num_players, hidden_harbours=False, fixed_island=False):
        """``hidden_harbours``: harbour rates hidden until somebody builds on one of their corners
        (the rulebook's house rule). ``fixed_island``: the fixed beginner island instead of one laid
        out at random from the seed."""
        self.check_players(num_players)
        for name, v in (("hidden_harbours", hidden_harbours), ("fixed_island", fixed_island)):
            if not isinstance(v, (bool, np.bool_)):
                raise ValueError(f"frontier_v0: {name} must be True or False, got {v!r}")
        return np.array([int(hidden_harbours), int(fixed_island)], np.int64)

    def configs(self):
        return [{"num_players": 3}, {"num_players": 4},
                {"num_players": 4, "hidden_harbours": True},
                {"num_players": 3, "fixed_island": True}]

    def perturb_private(self, s, seat, rng):
        """Swap one of ``seat``'s unplayed, not-new opportunity cards with a card of another kind
        in the undrawn deck (nobody sees the deck, so only ``seat``'s view may change). Resource
        hands cannot be perturbed this way: the only unseen pool of resources is other players'
        hands, which those players see."""
        old = [k for k in range(NUM_CARD_KINDS) if s["cards"][seat, k] - s["cards_new"][seat, k] > 0]
        if not old:
            return False
        top, size = int(s["deck_top"]), int(s["deck_size"])
        for i in rng.permutation(np.arange(top, size)) if size > top else []:
            d = int(s["deck"][i])
            for k in old:
                if k != d:
                    s["cards"][seat, k] -= 1
                    s["cards"][seat, d] += 1
                    s["deck"][i] = k
                    return True
        return False

    # ------------------------------------------------------------------ words
    def events(self, before, after):
        """The dice thrown without a decision, a new turn, the end of the game."""
        out = []
        if after["rolled"] and (not before["rolled"] or after["turn"] != before["turn"]):
            d1, d2 = int(after["dice"][0]), int(after["dice"][1])
            out.append(f"player_{int(after['turn_seat'])} throws {d1}+{d2} = {d1 + d2}")
        if after["actor"] < 0 <= before["actor"]:
            out.append(f"game over: player_{int(after['winner'])} won")
        return out

    def describe_action(self, s, a):
        a = int(a)
        n = int(s["num_players"])
        seat = int(s["actor"]) if int(s["actor"]) >= 0 else int(s["turn_seat"])
        if not 0 <= a < NUM_ACTIONS:
            return f"no such action {a}"
        if a == ROLL:
            return "throw the dice"
        if a == END_TURN:
            return "end the turn"
        if a == BUY_CARD:
            return "buy an opportunity card (ore, wool, grain)"
        if a in (PLAY_KNIGHT, PLAY_ROAD_BUILDING, PLAY_YEAR_OF_PLENTY, PLAY_MONOPOLY):
            return f"play a {CARD_NAMES[a - PLAY_KNIGHT]} card"
        if a == TRADE_ACCEPT:
            return "accept the offer"
        if a == TRADE_DECLINE:
            return "decline the offer"
        if a == TRADE_CANCEL:
            return "cancel the offer"
        if a == OFFER_TRADE:
            return "make an offer to the other players"
        if BUILD_ROAD <= a < BUILD_ROAD_END:
            e = a - BUILD_ROAD
            free = " (free)" if s["free_roads"] > 0 else ""
            return f"build road on edge {e} (between corners {EDGE_CORNERS[e, 0]} and {EDGE_CORNERS[e, 1]}){free}"
        if BUILD_VILLAGE <= a < BUILD_VILLAGE_END:
            c = a - BUILD_VILLAGE
            return f"build village on corner {c} ({self._corner_words(s, c)})"
        if BUILD_KEEP <= a < BUILD_KEEP_END:
            c = a - BUILD_KEEP
            return f"upgrade the village on corner {c} to a keep ({self._corner_words(s, c)})"
        if MOVE_BANDIT <= a < MOVE_BANDIT_END:
            h = a - MOVE_BANDIT
            return f"move the bandit to hex {h} ({self._hex_words(s, h)})"
        if STEAL <= a < STEAL_END:
            return f"take a card from player_{(seat + a - STEAL + 1) % n}"
        if DISCARD <= a < DISCARD_END:
            return f"discard 1 {RESOURCE_NAMES[a - DISCARD]}"
        if YEAR_OF_PLENTY_PICK <= a < YEAR_OF_PLENTY_PICK_END:
            return f"take 1 {RESOURCE_NAMES[a - YEAR_OF_PLENTY_PICK]} from the supply (year of plenty)"
        if MONOPOLY_PICK <= a < MONOPOLY_PICK_END:
            return f"name {RESOURCE_NAMES[a - MONOPOLY_PICK]} (monopoly)"
        if BANK_TRADE <= a < BANK_TRADE_END:
            g, r = divmod(a - BANK_TRADE, NUM_RESOURCES)
            rate = int(bank_rate(s, seat, g)) if 0 <= seat < n else 4
            return f"trade {_n(rate, g)} to the bank for 1 {RESOURCE_NAMES[r]}"
        if OFFER_GIVE <= a < OFFER_GIVE_END:
            r, c = divmod(a - OFFER_GIVE, MAX_TRADE_COUNT)
            return f"offer {_n(c + 1, r)}"
        if OFFER_GET <= a < OFFER_GET_END:
            r, c = divmod(a - OFFER_GET, MAX_TRADE_COUNT)
            give = _n(int(s["trade_give_count"]), int(s["trade_give"])) if s["trade_give"] >= 0 else "it"
            return f"offer {give} for {_n(c + 1, r)}"
        if COUNTER_OFFER <= a < COUNTER_OFFER_END:
            w, wc = divmod(a - COUNTER_OFFER, MAX_TRADE_COUNT)
            asked = f"{_n(int(s['trade_get_count']), int(s['trade_get']))}" if s["trade_get"] >= 0 else "what is asked"
            return f"counter: give {asked} but want {_n(wc + 1, w)} instead"
        q = (seat + a - TRADE_COMPLETE + 1) % n
        if s["trade_get"] >= 0:
            if s["trade_reply"][q] == REPLY_COUNTER:
                give = _n(int(s["trade_counter_count"][q]), int(s["trade_counter"][q]))
            else:
                give = _n(int(s["trade_give_count"]), int(s["trade_give"]))
            return f"trade with player_{q}: give {give} for {_n(int(s['trade_get_count']), int(s['trade_get']))}"
        return f"trade with player_{q}"

    def _hex_words(self, s, h):
        num = int(s["hex_number"][h])
        return f"{TERRAIN_NAMES[int(s['hex_terrain'][h])]}{' ' + str(num) if num else ''}"

    def _corner_words(self, s, c):
        hexes = [self._hex_words(s, h) for h in range(NUM_HEXES) if c in HEX_CORNERS[h]]
        return ", ".join(hexes)

    # ------------------------------------------------------------------ pictures
    def render_text(self, s, seat=None):
        from .render import render_text
        return render_text(s, seat)

    def render_rgb(self, s):
        from .render import render_rgb
        return render_rgb(s)


GAME = FrontierGame()
