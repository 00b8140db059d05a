"""A Frontier heuristic: the rulebook's advice ("Where to build and when to trade") as rules.

Reads the live record through ``info["env"]`` but uses only what its seat may know: its own hand
and cards, the island, the pieces, the bank's stock and the other players' public counts.

* Opening: the corner with the most production (pips: a 6 or 8 is five chances in 36, a 2 or 12
  one), a bonus for new resources and for a harbour of a resource it touches; the road points at
  the best corner still open beyond it.
* Turn: build what it can in the order keep, village, road towards an open good corner (only
  while no village spot is open), card; trade towards the cheapest missing piece — with the bank
  or a harbour, or by offering one spare card for one missing card; end the turn.
* The bandit goes where the leader (others' public points) produces most and it produces
  nothing; it robs the player with the most cards there.
* It answers an offer yes when it gets a card it needs for a card it can spare and the proposer
  is not close to winning; asked for offers, it offers a spare card for a missing one on the same
  terms; of the deals put to it, it completes the one that brings a missing card for a spare one;
  it discards its most plentiful cards.

Its numbers (what a pip of each resource is worth, the thresholds of its trades, ...) are one
vector, ``WEIGHTS`` set by hand; training/tune.py trains them, and the ``"tuned"`` agent
(:class:`TunedFrontier`) plays the bundled trained ones. The search's compiled guide, a simpler
cousin of this advice, is ``frontier.py``'s; that module is the one the tools read.
"""
from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from frontierzoo.envs.common.engine import compiled
from frontierzoo.envs.frontier import board
from frontierzoo.envs.frontier.env import GAME
from frontierzoo.envs.frontier.content import CARD_COST, KEEP_COST, ROAD_COST, VILLAGE_COST
from frontierzoo.envs.frontier.state import (
    BANK_TRADE, BUILD_KEEP, BUILD_ROAD, BUILD_VILLAGE, BUY_CARD, CORNER_CORNERS, CORNER_HARBOUR,
    CORNER_HEXES, DISCARD, EDGE_CORNERS, END_TURN, GENERAL_HARBOUR, HEAR_OFFERS, KNIGHT, MONOPOLY_PICK,
    MOVE_BANDIT, NO_OFFER, NUM_CORNERS, NUM_RESOURCES, OFFER_GET, OFFER_GIVE, OFFER_TRADE, PIPS, PLAY_KNIGHT,
    PLAY_MONOPOLY, PLAY_ROAD_BUILDING, PLAY_YEAR_OF_PLENTY, ROLL, STEAL, ST_BID_GET, ST_BID_GIVE, ST_DISCARD,
    ST_MAIN, ST_MONOPOLY, ST_MOVE_BANDIT, ST_OFFER_GET, ST_OFFER_GIVE, ST_PRE_ROLL, ST_ROAD_BUILDING,
    ST_SETUP_ROAD, ST_SETUP_VILLAGE, ST_STEAL, ST_TRADE_CHOOSE, ST_TRADE_REPLY, ST_YEAR_OF_PLENTY,
    TERRAIN_RESOURCE, TRADE_ACCEPT, TRADE_CANCEL, TRADE_COMPLETE, TRADE_DECLINE, VILLAGE,
    YEAR_OF_PLENTY_PICK)
from frontierzoo.envs.frontier.trade import bank_rate

from ..base import Agent
from . import NamedWeights

GOAL_COSTS = {"keep": KEEP_COST, "village": VILLAGE_COST, "road": ROAD_COST, "card": CARD_COST}

# The heuristic's numbers, in one vector so that a trained set can stand in for them
# (training/tune.py). WEIGHTS are the ones set by hand; every one is positive (tune.py searches in
# log space), and the thresholds are compared as numbers, so 7.0 decides as 7 did.
WEIGHT_NAMES = (
    "timber", "brick", "wool", "grain", "ore",  # a pip of each resource, in a corner's value
    "new_resource",       # a corner's bonus for each resource it produces that I do not yet
    "general_harbour",    # ... for a 3:1 harbour
    "own_harbour",        # ... for a 2:1 harbour of a resource I produce well
    "harbour_production",  # ... "well": at least this many pips of it
    "under_bandit",       # the share of a hex's pips the bandit leaves
    "road_open_corner",   # a road's bonus for reaching an open corner at its far end
    "road_beyond",        # the share of the value of an open corner one road further
    "leader_points",      # no trade with a player this close to 10 points
    "knights_to_play",    # plays a knight once it has played this many (or the bandit is on me)
    "monopoly_bank",      # plays a monopoly when the bank holds this few of some resource
    "card_missing",       # buys a card while missing more than this many cards of its goal
    "offer_missing",      # offers a trade while missing at most this many cards of its goal
    "reply_extra",        # accepts giving this many cards more than it gets
    "bandit_on_me",       # the bandit: my loss counts this many times the others'
    "bandit_leader",      # ... each point of the player it hurts adds this share
    "bandit_card",        # ... a victim with a card to steal adds this
)
(W_RESOURCE, W_NEW_RESOURCE, W_GENERAL_HARBOUR, W_OWN_HARBOUR, W_HARBOUR_PRODUCTION, W_UNDER_BANDIT,
 W_ROAD_OPEN, W_ROAD_BEYOND, W_LEADER_POINTS, W_KNIGHTS, W_MONOPOLY_BANK, W_CARD_MISSING,
 W_OFFER_MISSING, W_REPLY_EXTRA, W_BANDIT_ON_ME, W_BANDIT_LEADER, W_BANDIT_CARD) = (
    0, *range(NUM_RESOURCES, len(WEIGHT_NAMES)))
WEIGHTS = np.array([1.0, 1.0, 0.8, 1.0, 1.0, 1.5, 1.0, 2.0, 4.0, 0.3, 1.0, 0.8, 7.0, 2.0, 10.0, 1.0, 2.0,
                    1.0, 10.0, 0.3, 0.5])
TUNE_SEATS = 4   # training/tune.py trains them at the full table the rulebook's advice is written for

# The scans over all 54 corners, compiled: run as Python over the record they cost most of a
# decision (the heuristic is an opponent in batched self-play, where its time is the learner's).
jit = compiled(GAME).jit


@jit
def village_spot_open(s, me):
    """Is there a corner where ``me`` may build a village (a road of its own leading to it and the
    distance rule)?"""
    for c in range(NUM_CORNERS):
        if board.can_place_village(s, me, c):
            return True
    return False


@jit
def bandit_harm(s, me, hexes, on_me, leader, card):
    """For each hex, how much the bandit there would take from the others (``leader`` more for
    each of their points, and ``card`` for a card to steal) less ``on_me`` times what it would take
    from me. Compiled: over every corner of the island for each hex, it was the slowest of the
    heuristic's choices."""
    points = np.zeros(s['num_players'], np.int64)
    for q in range(s['num_players']):
        points[q] = board.public_points(s, q)
    harm = np.zeros(hexes.shape[0])
    for j in range(hexes.shape[0]):
        h = hexes[j]
        pip = PIPS[s['hex_number'][h]] if TERRAIN_RESOURCE[s['hex_terrain'][h]] >= 0 else 0.0
        v = 0.0
        for c in range(NUM_CORNERS):
            touches = False
            for k in range(CORNER_HEXES.shape[1]):
                touches = touches or CORNER_HEXES[c, k] == h
            q = s['corner_owner'][c]
            if not touches or q < 0:
                continue
            lvl = s['corner_level'][c]
            if q == me:
                v -= on_me * pip * lvl
            else:
                v += pip * lvl * (1 + leader * points[q]) + card * (s['hand'][q].sum() > 0)
        harm[j] = v
    return harm


class FrontierHeuristic(Agent):
    """The rulebook's advice as rules (module docstring), its numbers ``weights`` (default: the
    hand-set :data:`WEIGHTS`)."""

    name = "heuristic"
    needs_env = True

    def __init__(self, seed: int | None = None, weights: Sequence[float] | np.ndarray | None = None) -> None:
        super().__init__(seed)
        self.w = check_weights(WEIGHTS if weights is None else weights)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        if info is None or "env" not in info:
            raise ValueError("FrontierHeuristic needs the live env as info['env']")
        s = info["env"].record
        legal = np.flatnonzero(action_mask)
        a = self.choose(s, int(s["actor"]), set(legal.tolist()))
        if a is None or a not in legal:
            a = int(legal[self.rng.integers(legal.size)])
        return int(a)

    # ------------------------------------------------------------------ knowledge
    def corner_value(self, s, c, me, production=None):
        """Expected production of a village on c, with bonuses for new resources and harbours."""
        v = 0.0
        seen = set()
        for h in CORNER_HEXES[c]:
            if h < 0:
                continue
            r = TERRAIN_RESOURCE[s["hex_terrain"][h]]
            if r < 0:
                continue
            p = PIPS[s["hex_number"][h]] * self.w[W_RESOURCE + r]
            if h == s["bandit"]:
                p *= self.w[W_UNDER_BANDIT]
            v += p
            seen.add(int(r))
        if production is not None:
            v += self.w[W_NEW_RESOURCE] * sum(1 for r in seen if production[r] == 0)
        hb = CORNER_HARBOUR[c]
        if hb >= 0 and s["harbour_revealed"][hb]:
            k = s["harbour_kind"][hb]
            if k == GENERAL_HARBOUR:
                v += self.w[W_GENERAL_HARBOUR]
            elif production is not None and production[k] >= self.w[W_HARBOUR_PRODUCTION]:
                v += self.w[W_OWN_HARBOUR]
        return v

    def production(self, s, me):
        prod = np.zeros(NUM_RESOURCES)
        for c in range(NUM_CORNERS):
            if s["corner_owner"][c] == me:
                for h in CORNER_HEXES[c]:
                    if h >= 0:
                        r = TERRAIN_RESOURCE[s["hex_terrain"][h]]
                        if r >= 0:
                            prod[r] += PIPS[s["hex_number"][h]] * s["corner_level"][c]
        return prod

    def open_corner(self, s, c):
        return bool(board.corner_free_by_distance(s, c))

    def missing(self, s, me, cost):
        return np.maximum(np.asarray(cost) - s["hand"][me], 0)

    def goal(self, s, me, legal):
        """The piece to save for: a village where one may stand, else a keep, else a road towards
        a good corner, else a card."""
        has_spot = (any(BUILD_VILLAGE.has(a) for a in legal)
                    or (s["villages_left"][me] > 0 and village_spot_open(s, me)))
        has_village = any(s["corner_owner"][c] == me and s["corner_level"][c] == VILLAGE
                          for c in range(NUM_CORNERS))
        if s["villages_left"][me] > 0 and has_spot:
            return "village"
        if s["keeps_left"][me] > 0 and has_village:
            return "keep"
        if s["villages_left"][me] > 0 and s["roads_left"][me] > 0:
            return "road"
        return "card"

    def spare(self, s, me, cost):
        """Cards beyond what the goal needs."""
        return np.maximum(s["hand"][me] - np.asarray(cost), 0)

    def leader_points(self, s, q):
        return int(board.public_points(s, q))

    # ------------------------------------------------------------------ choices
    def choose(self, s, me, legal):
        stage = int(s["stage"])
        if stage == ST_SETUP_VILLAGE:
            prod = self.production(s, me)
            return max(legal, key=lambda a: self.corner_value(s, BUILD_VILLAGE.split(a), me, prod))
        if stage in (ST_SETUP_ROAD, ST_ROAD_BUILDING):
            return self.best_road(s, me, legal)
        if stage == ST_PRE_ROLL:
            if PLAY_KNIGHT.at() in legal and self.bandit_hurts_me(s, me):
                return PLAY_KNIGHT.at()
            return ROLL.at()
        if stage == ST_MAIN:
            return self.main(s, me, legal)
        if stage == ST_DISCARD:
            hand = s["hand"][me].astype(float)
            need = np.asarray(GOAL_COSTS[self.goal(s, me, legal)])
            return DISCARD.at(int(np.argmax(hand - need + 0.01 * np.arange(5) - 100 * (hand == 0))))
        if stage == ST_MOVE_BANDIT:
            return self.bandit_hex(s, me, legal)
        if stage == ST_STEAL:
            n = int(s["num_players"])
            return max(legal, key=lambda a: (int(s["hand"][(me + 1 + STEAL.split(a)) % n].sum()),
                                             self.leader_points(s, (me + 1 + STEAL.split(a)) % n)))
        if stage == ST_YEAR_OF_PLENTY:
            need = self.missing(s, me, GOAL_COSTS[self.goal(s, me, legal)])
            order = np.argsort(-need + 0.01 * s["bank"] * -1)
            for r in order:
                if YEAR_OF_PLENTY_PICK.at(r) in legal:
                    return YEAR_OF_PLENTY_PICK.at(r)
        if stage == ST_MONOPOLY:
            # the resource the bank has least of is the one most held by the players
            return MONOPOLY_PICK.at(int(np.argmin(s["bank"] + 0.01 * np.arange(5))))
        if stage == ST_BID_GIVE:
            return self.bid(s, me, legal)
        if stage == ST_OFFER_GIVE:
            return OFFER_GIVE.at(self.offer(s, me)[0], 0)
        if stage in (ST_OFFER_GET, ST_BID_GET):
            return OFFER_GET.at(self.offer(s, me)[1], 0)
        if stage == ST_TRADE_REPLY:
            return self.reply(s, me, legal)
        if stage == ST_TRADE_CHOOSE:
            return self.choose_deal(s, me, legal)
        return None

    def bandit_hurts_me(self, s, me):
        h = s["bandit"]
        return any(s["corner_owner"][c] == me for c in range(NUM_CORNERS) if h in CORNER_HEXES[c])

    def bandit_hex(self, s, me, legal):
        order = list(legal)
        harm = bandit_harm(s, me, np.array([MOVE_BANDIT.split(a) for a in order], np.int64),
                           self.w[W_BANDIT_ON_ME], self.w[W_BANDIT_LEADER], self.w[W_BANDIT_CARD])
        return order[int(np.argmax(harm))]   # the first of the best, in the order legal gives them

    def best_road(self, s, me, legal):
        """The road whose far end leads to the most valuable open corner (itself or one beyond)."""
        prod = self.production(s, me)
        best, best_v = None, -1e9
        for a in legal:
            if not BUILD_ROAD.has(a):
                continue
            e = BUILD_ROAD.split(a)
            v = -1e9
            for c in EDGE_CORNERS[e]:
                if s["corner_owner"][c] >= 0 and s["corner_owner"][c] != me:
                    continue
                if self.open_corner(s, c) and not board.has_road_at(s, me, c):
                    v = max(v, self.corner_value(s, c, me, prod) + self.w[W_ROAD_OPEN])
                for o in CORNER_CORNERS[c]:
                    if o >= 0 and self.open_corner(s, o):
                        v = max(v, self.w[W_ROAD_BEYOND] * self.corner_value(s, o, me, prod))
            v += 0.01 * self.rng.random()
            if v > best_v:
                best, best_v = a, v
        return best

    def main(self, s, me, legal):
        keeps = [a for a in legal if BUILD_KEEP.has(a)]
        if keeps:
            return max(keeps, key=lambda a: self.corner_value(s, BUILD_KEEP.split(a), me))
        villages = [a for a in legal if BUILD_VILLAGE.has(a)]
        if villages:
            prod = self.production(s, me)
            return max(villages, key=lambda a: self.corner_value(s, BUILD_VILLAGE.split(a), me, prod))
        goal = self.goal(s, me, legal)
        knights = s["cards_played"][me, KNIGHT]
        if PLAY_KNIGHT.at() in legal and (self.bandit_hurts_me(s, me) or knights >= self.w[W_KNIGHTS]):
            return PLAY_KNIGHT.at()
        if PLAY_ROAD_BUILDING.at() in legal and goal == "road":
            return PLAY_ROAD_BUILDING.at()
        if PLAY_YEAR_OF_PLENTY.at() in legal and self.missing(s, me, GOAL_COSTS[goal]).sum() >= 1:
            return PLAY_YEAR_OF_PLENTY.at()
        if PLAY_MONOPOLY.at() in legal and s["bank"].min() <= self.w[W_MONOPOLY_BANK]:
            return PLAY_MONOPOLY.at()
        if goal in ("road", "village") and s["roads_left"][me] > 0:
            roads = [a for a in legal if BUILD_ROAD.has(a)]
            if roads and (goal == "road" or not village_spot_open(s, me)):
                return self.best_road(s, me, legal)
        buy = BUY_CARD.at() in legal
        if buy and goal in ("card", "keep") and self.missing(s, me, GOAL_COSTS[goal]).sum() > self.w[W_CARD_MISSING]:
            return BUY_CARD.at()
        if buy and goal == "card":
            return BUY_CARD.at()
        t = self.trade_towards(s, me, legal, GOAL_COSTS[goal])
        if t is not None:
            return t
        return END_TURN.at()

    def offer(self, s, me):
        """The trade it puts forward or bids, one card for one: (the card it can spare most, the card
        its goal misses most). Worked out again at each step of the offer, from the position alone:
        the hand and the goal stay as they were when it chose to offer, and one heuristic may decide
        for many games in turn (the self-play batch), so it must remember nothing between decisions."""
        cost = GOAL_COSTS[self.goal(s, me, set())]
        return int(np.argmax(self.spare(s, me, cost))), int(np.argmax(self.missing(s, me, cost)))

    def trade_towards(self, s, me, legal, cost):
        """A bank or harbour trade, else an offer, that brings the goal one card closer."""
        need = self.missing(s, me, cost)
        if need.sum() == 0:
            return None
        spare = self.spare(s, me, cost)
        want = int(np.argmax(need))
        for g in np.argsort(-spare):
            a = BANK_TRADE.at(int(g), want)
            if a in legal and spare[g] >= self.rate(s, me, int(g)):
                return a
        g = int(np.argmax(spare))
        if need.sum() <= self.w[W_OFFER_MISSING] and spare[g] >= 1 and g != want:
            if OFFER_TRADE.at() in legal:
                return OFFER_TRADE.at()
            if HEAR_OFFERS.at() in legal:
                return HEAR_OFFERS.at()
        return None

    def rate(self, s, me, r):
        return int(bank_rate(s, me, r))

    def bid(self, s, me, legal):
        """Asked for offers: a card it can spare for one it misses, unless the player on turn is
        close to winning."""
        if self.leader_points(s, int(s["turn_seat"])) >= self.w[W_LEADER_POINTS]:
            return NO_OFFER.at()
        cost = GOAL_COSTS[self.goal(s, me, set())]
        need = self.missing(s, me, cost)
        spare = self.spare(s, me, cost)
        want, g = int(np.argmax(need)), int(np.argmax(spare))
        if need[want] > 0 and spare[g] >= 1 and g != want and OFFER_GIVE.at(g, 0) in legal:
            return OFFER_GIVE.at(g, 0)
        return NO_OFFER.at()

    def choose_deal(self, s, me, legal):
        """Of the deals it can complete, the one bringing the most of a missing card for cards it
        can spare, not with a player close to winning; else cancel."""
        n = int(s["num_players"])
        cost = GOAL_COSTS[self.goal(s, me, set())]
        need = self.missing(s, me, cost)
        spare = self.spare(s, me, cost)
        best, best_v = TRADE_CANCEL.at(), 0
        for a in legal:
            if not TRADE_COMPLETE.has(a):
                continue
            q = (me + 1 + TRADE_COMPLETE.split(a)) % n
            get, get_count = int(s["deal_give"][q]), int(s["deal_give_count"][q])
            give, give_count = int(s["deal_get"][q]), int(s["deal_get_count"][q])
            if self.leader_points(s, q) >= self.w[W_LEADER_POINTS] or spare[give] < give_count:
                continue
            v = min(need[get], get_count) - 0.1 * give_count
            if v > best_v:
                best, best_v = a, v
        return best

    def reply(self, s, me, legal):
        if TRADE_ACCEPT.at() not in legal:
            return TRADE_DECLINE.at()
        proposer = int(s["turn_seat"])
        if self.leader_points(s, proposer) >= self.w[W_LEADER_POINTS]:
            return TRADE_DECLINE.at()
        goal = self.goal(s, me, set())
        cost = np.asarray(GOAL_COSTS[goal])
        give, gc = int(s["trade_get"]), int(s["trade_get_count"])
        get, rc = int(s["trade_give"]), int(s["trade_give_count"])
        need = self.missing(s, me, cost)
        spare = self.spare(s, me, cost)
        if spare[give] >= gc and need[get] > 0 and gc <= rc + self.w[W_REPLY_EXTRA]:
            return TRADE_ACCEPT.at()
        return TRADE_DECLINE.at()


NAMED = NamedWeights(GAME, WEIGHT_NAMES, "Frontier heuristic weights")
check_weights = NAMED.check   # a vector of one finite number per WEIGHT_NAMES, else ValueError
load_weights = NAMED.load     # a weights file training/tune.py wrote, checked
TUNED = NAMED.tuned           # the bundled trained weights


class TunedFrontier(FrontierHeuristic):
    """The heuristic with trained numbers (default: the bundled ``agents/models/frontier_tuned.json``;
    its command and seed are in the file)."""

    name = "tuned"

    def __init__(self, seed: int | None = None, path: str | os.PathLike | None = None) -> None:
        super().__init__(seed, weights=load_weights(TUNED if path is None else path))


MAX_DECISIONS = 10_000   # a game between heuristics takes 400-1,800; one cut off here scores nothing


def play_against_heuristic(weights: Sequence[float] | np.ndarray, seeds: Sequence[int] | np.ndarray,
                           num_players: int = 4) -> np.ndarray:
    """The scores (a win shared by k counts 1/k) of the heuristic with ``weights`` in one game per
    seed against the hand-set heuristic at every other seat, its seat going round one place a game:
    what training/tune.py trains on, played by the strength loop (``play_rotated``). Every seat's
    own generator is seeded from the game's seed, so a seed replays whatever the weights."""
    from ..match import play_rotated

    weights = check_weights(weights)
    lineup = [lambda: FrontierHeuristic(weights=weights)] + [FrontierHeuristic] * (num_players - 1)
    deals = [(seed, [(seed * 7919 + i) % 2**63 for i in range(num_players)])
             for seed in (int(x) for x in np.asarray(seeds, np.uint64))]
    return np.array([result.share(slots.index(0))
                     for slots, result in play_rotated(GAME.name, lineup, deals, max_steps=MAX_DECISIONS)])
