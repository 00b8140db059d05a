"""Frontier's rules, one test per rule (rulebook 001_024b1251f6f20fd3.txt; envs/frontier/RULES.md).

Each test builds a position by writing record fields, applies a decision through the core, and
checks the rulebook's consequence with exact numbers. The fixed beginner island is used where a
test needs known hexes (see content.FIXED_TERRAIN / FIXED_NUMBER):

    corner 8  touches mountain 10 (hex 0), pasture 2 (hex 1), hill 6 (hex 4)
    corner 14 touches forest 9 (hex 2), pasture 4 (hex 5), hill 10 (hex 6)
    hex 4 (hill 6) has corners 8, 13, 18, 23, 17, 12; hex 11 (mountain 8) 20, 26, 32, 37, 31, 25
"""
import collections

import numpy as np
import pytest

from frontierzoo.envs import make
from frontierzoo.envs.common.engine import compiled, new_record, pick_legal
from frontierzoo.envs.common.rng import randint, random_u64, roll_die, seed_rng
from frontierzoo.envs.common.saves import record_bytes
from frontierzoo.envs.frontier import (board, cards, content as C, core, invariants as I, opening, render,
                                      state as S)
from frontierzoo.envs.frontier.env import GAME
from helpers import RuleKit
from frontierzoo.envs.frontier.state import (BRICK, GRAIN, ORE, TIMBER, WOOL)

G = compiled(GAME)   # the game's kernels compiled in place, for the compiled helpers below
RECORD_BYTES = S.RECORD_DTYPE.itemsize


# =========================================================================== helpers
def new_game(n=4, hidden=False, fixed=True, seed=0):
    return new_record(GAME, n, seed, hidden_harbours=hidden, fixed_island=fixed)


def main_position(n=4, current=0, hidden=False, fixed=True):
    """A game past the opening with an empty island: ``current`` has thrown (a 5) and may act, in
    the second round of turns (everybody has had a turn) with ``current`` the first player."""
    s = new_game(n, hidden=hidden, fixed=fixed)
    s["setup_step"] = 2 * n
    s["first_player"] = current
    s["turn"] = n + 1
    s["turn_seat"] = current
    s["actor"] = current
    s["stage"] = S.ST_MAIN
    s["rolled"] = 1
    s["dice"] = [2, 3]
    return s


def edge(a, b):
    a, b = min(a, b), max(a, b)
    for e in range(S.NUM_EDGES):
        if S.EDGE_CORNERS[e, 0] == a and S.EDGE_CORNERS[e, 1] == b:
            return e
    raise KeyError((a, b))


def put_village(s, p, c, keep=False):
    s["corner_owner"][c] = p
    s["corner_level"][c] = S.KEEP if keep else S.VILLAGE
    if keep:
        s["keeps_left"][p] -= 1
    else:
        s["villages_left"][p] -= 1


def put_road(s, p, a, b):
    s["edge_owner"][edge(a, b)] = p
    s["roads_left"][p] -= 1
    board.update_longest_road(s)


def put_path(s, p, corners):
    for a, b in zip(corners[:-1], corners[1:]):
        put_road(s, p, a, b)
    board.update_longest_road(s)


def give(s, p, **res):
    for name, k in res.items():
        r = S.RESOURCE_NAMES.index(name)
        s["hand"][p, r] += k
        s["bank"][r] -= k


def put_on_top(s, kind):
    """Bring a card of ``kind`` to the top of the undrawn deck (the deck's contents stay)."""
    top, size = int(s["deck_top"]), int(s["deck_size"])
    i = next(i for i in range(top, size) if s["deck"][i] == kind)
    s["deck"][i], s["deck"][top] = s["deck"][top], s["deck"][i]


def take_from_deck(s, kind):
    put_on_top(s, kind)
    s["deck"][s["deck_top"]] = -1
    s["deck_top"] += 1


def give_card(s, p, kind, new=False):
    """Move one card of ``kind`` from the undrawn deck into p's hand."""
    take_from_deck(s, kind)
    s["cards"][p, kind] += 1
    if new:
        s["cards_new"][p, kind] += 1


def played_knights(s, p, k):
    """p has played k knights (taken from the deck, so every card stays in one place)."""
    for _ in range(k):
        take_from_deck(s, S.KNIGHT)
        s["cards_played"][p, S.KNIGHT] += 1


def play_until_turn_of(s, p):
    """End turns (answering any 7 with the first legal choice) until it is p's turn."""
    while not (s["turn_seat"] == p and s["stage"] in (S.ST_PRE_ROLL, S.ST_MAIN)):
        ids = legal(s)
        act(s, S.END_TURN.at() if S.END_TURN.at() in ids else min(ids))


KIT = RuleKit(GAME)
legal = KIT.legal


# each invariant of invariants.py as its rule (run as Python), in check_invariants' order
INVARIANT_RULES = (I.seats_ok, I.island_ok, I.counts_ok, I.pieces_ok, I.buildings_ok, I.distance_ok,
                   I.road_network_ok, I.longest_road_ok, I.card_places_ok, I.largest_army_ok, I.opening_ok,
                   I.throw_ok, I.turn_ok, I.trade_ok, I.actor_ok, I.winner_ok, I.last_turns_ok, I.rewards_ok)


def act(s, a):
    """Apply a legal decision; every invariant that held before it holds after it (a position
    built by hand, an island without its opening pieces say, is not always one play can reach, so
    the invariants it breaks from the start are not asked of it)."""
    assert a in legal(s), f"{GAME.describe_action(s, a)} is not legal; stage {S.STAGE_NAMES[s['stage']]}"
    held = [rule for rule in INVARIANT_RULES if rule(s)]
    KIT.step(s, a)
    broken = [rule.__name__ for rule in held if not rule(s)]
    assert not broken, f"the decision broke {broken}"


@G.jit
def _throw(rng):
    return roll_die(rng, 6) + roll_die(rng, 6)


@G.jit
def _rob_one_then_throw(rng):
    randint(rng, 1)   # the card taken from a victim holding one
    return _throw(rng)


def force_dice(s, total, throw=_throw):
    """Point the record's rng at a stream whose next throw is ``total`` (by ``throw``, the draws
    up to and including the throw)."""
    for seed in range(10000):
        r = np.zeros(2, np.uint64)
        seed_rng(r, np.uint64(seed))
        t = r.copy()
        if throw(t) == total:
            s["rng"][:] = r
            return
    raise AssertionError


def pre_roll(s):
    s["stage"] = S.ST_PRE_ROLL
    s["rolled"] = 0


def hand(s, p):
    return s["hand"][p].tolist()


def observe(s, seat):
    out = np.zeros(S.OBS_SIZE, np.float32)
    core.observe(s, seat, out)
    return out


def amount(span, res, count):
    """The id of "count of res" in OFFER_GIVE, OFFER_GET or COUNTER_OFFER."""
    return span.at(res, count - 1)


def is_building(a):
    return S.BUILD_ROAD.has(a) or S.BUILD_VILLAGE.has(a) or S.BUILD_KEEP.has(a)


def is_card_play(a):
    return any(span.has(a) for span in (S.PLAY_KNIGHT, S.PLAY_ROAD_BUILDING, S.PLAY_YEAR_OF_PLENTY,
                                        S.PLAY_MONOPOLY))


# =========================================================================== the island
def test_island_has_the_rulebook_terrains_and_numbers():
    for seed in range(20):
        s = new_game(fixed=False, seed=seed)
        terrain = np.bincount(s["hex_terrain"], minlength=S.NUM_TERRAINS).tolist()
        assert terrain == [4, 3, 4, 4, 3, 1]  # forest, hill, pasture, field, mountain, desert
        desert = int(np.flatnonzero(s["hex_terrain"] == S.DESERT)[0])
        assert s["hex_number"][desert] == 0
        assert sorted(s["hex_number"][s["hex_terrain"] != S.DESERT].tolist()) == sorted(C.NUMBER_TOKENS.tolist())
        assert s["bandit"] == desert, "the bandit starts on the desert"


def test_six_and_eight_never_adjacent():
    islands = set()
    for seed in range(300):
        s = new_game(fixed=False, seed=seed)
        islands.add(s["hex_number"].tobytes())
        for h in range(S.NUM_HEXES):
            if s["hex_number"][h] in (6, 8):
                for o in S.HEX_NEIGHBOURS[h]:
                    if o >= 0:
                        assert s["hex_number"][o] not in (6, 8), (seed, h, o)
    assert len(islands) == 300, "the island is randomised from the seed"
    assert not opening.hot_numbers_adjacent(new_game(fixed=True))


def test_fixed_island_option_gives_the_beginner_island_every_seed():
    a, b = new_game(fixed=True, seed=1), new_game(fixed=True, seed=2)
    assert a["hex_terrain"].tolist() == b["hex_terrain"].tolist() == C.FIXED_TERRAIN.tolist()
    assert a["hex_number"].tolist() == C.FIXED_NUMBER.tolist()
    assert a["harbour_kind"].tolist() == C.FIXED_HARBOURS.tolist()
    assert a["bandit"] == 9  # the desert


def test_topology_of_the_island():
    assert (S.CORNER_HEXES >= 0).sum() == 6 * 19
    assert sorted(np.bincount((S.CORNER_HEXES >= 0).sum(axis=1)).tolist()) == [0, 12, 18, 24]
    assert len({tuple(e) for e in S.EDGE_CORNERS.tolist()}) == 72
    # each hex has six edges, each inner edge two hexes: 19*6 = 2*72 - 30 coastal
    assert len(S.COAST_EDGES) == 30


def test_harbours_nine_on_two_coastal_corners_each():
    corners = S.HARBOUR_CORNERS.ravel().tolist()
    assert len(set(corners)) == 18
    assert set(corners) <= set(S.COAST_CORNERS.tolist())
    for a, b in S.HARBOUR_CORNERS:
        edge(a, b)  # the two corners of a harbour share a coastal edge
    for seed in range(10):
        kinds = sorted(new_game(fixed=False, seed=seed)["harbour_kind"].tolist())
        assert kinds == [0, 1, 2, 3, 4, 5, 5, 5, 5], "one 2:1 per resource and four 3:1"


def test_hidden_harbours_hidden_until_someone_builds_there():
    s = main_position(hidden=True, fixed=False)
    hb = 8  # the harbour on corners 7 and 11
    kind = int(s["harbour_kind"][hb])
    assert s["harbour_revealed"].tolist() == [0] * 9
    base = S.OBS_HARBOURS.at(hb, 0)
    for seat in range(4):
        o = observe(s, seat)
        assert o[base + S.F_RATE_HIDDEN.at()] == 1.0 and o[base + S.F_RATE.start:base + S.F_RATE.stop].sum() == 0
    # determinize may move hidden rates around; a revealed one stays
    put_road(s, 1, 7, 3)
    give(s, 1, timber=1, brick=1, wool=1, grain=1)
    s["turn_seat"] = s["actor"] = 1
    act(s, S.BUILD_VILLAGE.at(7))
    assert s["harbour_revealed"][hb] == 1
    for seat in range(4):
        o = observe(s, seat)
        assert o[base + S.F_RATE.at(kind)] == 1.0 and o[base + S.F_RATE_HIDDEN.at()] == 0.0
    kinds = set()
    for k in range(30):
        t = s.copy()
        seed_rng(t["rng"], np.uint64(k))
        core.determinize(t, 0)
        assert t["harbour_kind"][hb] == kind
        assert sorted(t["harbour_kind"].tolist()) == sorted(s["harbour_kind"].tolist())
        kinds.add(tuple(t["harbour_kind"].tolist()))
        np.testing.assert_array_equal(observe(t, 0), observe(s, 0))
    assert len(kinds) > 1
    # on the fixed island everybody knows the harbours: nothing to re-deal
    f = main_position(hidden=True)
    core.determinize(f, 0)
    assert f["harbour_kind"].tolist() == C.FIXED_HARBOURS.tolist()


def test_open_harbours_are_visible_without_the_option():
    s = main_position(hidden=False)
    assert s["harbour_revealed"].tolist() == [1] * 9


# =========================================================================== the opening
def test_turn_order_from_a_throw_and_snake_opening():
    firsts = set()
    for seed in range(40):
        s = new_game(n=4, seed=seed)
        first = int(s["first_player"])
        firsts.add(first)
        order = []
        rng = np.random.default_rng(seed)
        while s["stage"] in (S.ST_SETUP_VILLAGE, S.ST_SETUP_ROAD):
            if s["stage"] == S.ST_SETUP_VILLAGE:
                order.append(int(s["actor"]))
            act(s, int(rng.choice(sorted(legal(s)))))
        expect = [(first + k) % 4 for k in range(4)]
        assert order == expect + expect[::-1], "once in order and once in reverse"
        assert s["turn_seat"] == first, "the first player then takes the first turn"
    assert firsts == {0, 1, 2, 3}, "the throw decides who begins"


def test_setup_village_ignores_roads_but_keeps_the_distance_rule():
    s = new_game()
    s["turn_seat"] = s["actor"] = s["first_player"]
    assert legal(s) == {S.BUILD_VILLAGE.at(c) for c in range(54)}
    act(s, S.BUILD_VILLAGE.at(8))
    # the road must touch the village just placed
    assert legal(s) == {S.BUILD_ROAD.at(edge(8, o)) for o in S.CORNER_CORNERS[8] if o >= 0}
    act(s, S.BUILD_ROAD.at(edge(8, 4)))
    for o in S.CORNER_CORNERS[8]:
        assert S.BUILD_VILLAGE.at(o) not in legal(s)
    assert S.BUILD_VILLAGE.at(8) not in legal(s)


def test_second_village_pays_one_of_each_adjacent_resource():
    s = new_game(n=3)
    s["setup_step"] = 3  # the first village of the reverse round
    s["turn_seat"] = s["actor"] = 2
    act(s, S.BUILD_VILLAGE.at(8))  # mountain 10, pasture 2, hill 6
    assert hand(s, 2) == [0, 1, 1, 0, 1]  # a brick, a wool, an ore
    assert s["bank"].tolist() == [19, 18, 18, 19, 18]


def test_first_village_pays_nothing():
    s = new_game(n=3)
    s["turn_seat"] = s["actor"] = s["first_player"]
    act(s, S.BUILD_VILLAGE.at(8))
    assert s["hand"].sum() == 0


def test_village_next_to_the_desert_pays_only_the_others():
    s = new_game(n=3)
    s["setup_step"] = 4
    s["turn_seat"] = s["actor"] = 1
    act(s, S.BUILD_VILLAGE.at(18))  # hill 6 (hex 4), pasture 4 (hex 5), desert (hex 9)
    assert hand(s, 1) == [0, 1, 1, 0, 0]


# =========================================================================== production
def test_production_village_one_keep_two():
    s = main_position()
    put_village(s, 0, 8)              # on hill 6 (hex 4)
    put_village(s, 1, 18, keep=True)  # on hill 6 too
    pre_roll(s)
    force_dice(s, 6)
    act(s, S.ROLL.at())
    assert hand(s, 0)[BRICK] == 1 and hand(s, 1)[BRICK] == 2
    assert s["bank"][BRICK] == 16
    assert s["stage"] == S.ST_MAIN


def test_only_hexes_with_the_number_pay():
    s = main_position()
    put_village(s, 0, 8)  # mountain 10, pasture 2, hill 6
    board.produce(s, 10)
    assert hand(s, 0) == [0, 0, 0, 0, 1]
    board.produce(s, 5)
    assert hand(s, 0) == [0, 0, 0, 0, 1]


def test_bandit_hex_pays_nobody():
    s = main_position()
    put_village(s, 0, 8)
    s["bandit"] = 4  # hill 6
    board.produce(s, 6)
    assert s["hand"].sum() == 0


def test_bank_shortage_pays_nobody():
    """Our reading (RULES.md, "Supply"): when the bank cannot pay everyone owed a resource,
    nobody receives that resource."""
    s = main_position()
    put_village(s, 0, 8, keep=True)   # owed 2 brick on a 6
    put_village(s, 1, 18, keep=True)  # owed 2 brick
    give(s, 2, brick=16)              # the bank keeps 3 brick
    board.produce(s, 6)
    assert hand(s, 0)[BRICK] == 0 and hand(s, 1)[BRICK] == 0
    assert s["bank"][BRICK] == 3


def test_bank_shortage_single_player_gets_what_is_left():
    s = main_position()
    put_village(s, 0, 8, keep=True)   # owed 2 brick
    give(s, 2, brick=18)              # the bank keeps 1 brick
    board.produce(s, 6)
    assert hand(s, 0)[BRICK] == 1 and s["bank"][BRICK] == 0


def test_shortage_of_one_resource_does_not_stop_another():
    s = main_position()
    put_village(s, 0, 8, keep=True)   # hill 6
    put_village(s, 1, 18, keep=True)  # hill 6
    put_village(s, 2, 20)             # mountain 8 ... not 6
    give(s, 3, brick=17)
    board.produce(s, 6)
    assert s["hand"][:, BRICK].tolist() == [0, 0, 0, 17]
    board.produce(s, 8)
    assert hand(s, 2)[ORE] == 1


# =========================================================================== the 7
def test_seven_pays_nothing_and_discards_half_rounded_down():
    s = main_position()
    put_village(s, 0, 8)
    give(s, 0, timber=3, brick=3, wool=3)           # 9 cards: discards 4
    give(s, 1, timber=4, grain=4)                   # 8 cards: discards 4
    give(s, 2, ore=7)                               # 7 cards: keeps all
    give(s, 3, wool=9)                              # 9 of one kind: discards 4, still deciding
    pre_roll(s)
    force_dice(s, 7)
    act(s, S.ROLL.at())
    assert s["discard_left"].tolist() == [4, 4, 0, 4]
    assert s["stage"] == S.ST_DISCARD and s["actor"] == 0, "discards go in turn order from the thrower"
    for _ in range(4):
        act(s, S.DISCARD.at(TIMBER) if s["hand"][0, TIMBER] else S.DISCARD.at(BRICK))
    assert s["actor"] == 1, "each discarding player chooses their own cards"
    assert legal(s) == {S.DISCARD.at(TIMBER), S.DISCARD.at(GRAIN)}
    for _ in range(4):
        act(s, S.DISCARD.at(GRAIN))
    # one kind of resource leaves no choice, but the decision is not skipped: skipping it would
    # show the table that the hand holds a single kind
    for _ in range(4):
        assert s["actor"] == 3 and legal(s) == {S.DISCARD.at(WOOL)}
        act(s, S.DISCARD.at(WOOL))
    assert hand(s, 0) == [0, 2, 3, 0, 0] and hand(s, 1) == [4, 0, 0, 0, 0] and hand(s, 2) == [0, 0, 0, 0, 7]
    assert hand(s, 3) == [0, 0, 5, 0, 0]
    assert s["discard_left"].tolist() == [0, 0, 0, 0]
    assert s["stage"] == S.ST_MOVE_BANDIT and s["actor"] == 0
    assert s["bank"].tolist() == [19 - 3 - 4 + 3 + 0, 19 - 3 + 1, 19 - 3 - 9 + 4, 19, 12]


def test_bandit_moves_to_another_hex_and_steals_from_a_chosen_player():
    s = main_position()
    put_village(s, 1, 8)   # on hex 4
    put_village(s, 2, 18)  # on hex 4
    put_village(s, 3, 20)  # not on hex 4
    give(s, 1, ore=2)
    give(s, 2, wool=1)
    give(s, 3, grain=5)
    s["stage"] = S.ST_MOVE_BANDIT
    assert legal(s) == {S.MOVE_BANDIT.at(h) for h in range(19) if h != 9}
    act(s, S.MOVE_BANDIT.at(4))
    assert s["bandit"] == 4 and s["stage"] == S.ST_STEAL
    assert legal(s) == {S.STEAL.at(0), S.STEAL.at(1)}  # player_1 and player_2, not player_3
    act(s, S.STEAL.at(1))  # player_2
    assert hand(s, 0) == [0, 0, 1, 0, 0] and hand(s, 2) == [0, 0, 0, 0, 0]
    assert s["stage"] == S.ST_MAIN


def test_steal_with_one_possible_victim_is_automatic_and_skips_empty_hands():
    s = main_position()
    put_village(s, 1, 8)
    put_village(s, 2, 18)   # on hex 4 with no cards: cannot be robbed
    put_village(s, 0, 17)   # the thrower's own village does not count
    give(s, 1, ore=1)
    s["stage"] = S.ST_MOVE_BANDIT
    act(s, S.MOVE_BANDIT.at(4))
    assert hand(s, 0) == [0, 0, 0, 0, 1] and s["stage"] == S.ST_MAIN


def test_knight_before_the_throw_robs_the_sole_victim_then_the_dice_are_thrown():
    """One decision runs three automatic steps (``turn.settle``): the steal from the single possible
    victim, back to the turn, and the throw, since only one card may be played a turn."""
    s = main_position()
    put_village(s, 1, 8)
    give(s, 1, ore=1)
    give_card(s, 0, S.KNIGHT)
    pre_roll(s)
    force_dice(s, 5, throw=_rob_one_then_throw)
    act(s, S.PLAY_KNIGHT.at())
    assert s["stage"] == S.ST_MOVE_BANDIT and s["rolled"] == 0
    act(s, S.MOVE_BANDIT.at(4))
    assert hand(s, 0) == [0, 0, 0, 0, 1] and hand(s, 1) == [0, 0, 0, 0, 0]
    assert s["rolled"] == 1 and s["dice"].sum() == 5 and s["stage"] == S.ST_MAIN and s["actor"] == 0


def test_bandit_to_an_empty_hex_steals_nothing():
    s = main_position()
    give(s, 1, ore=1)
    s["stage"] = S.ST_MOVE_BANDIT
    act(s, S.MOVE_BANDIT.at(0))
    assert s["hand"].sum() == 1 and s["stage"] == S.ST_MAIN


# =========================================================================== building
def test_costs_of_road_village_keep_and_card():
    s = main_position()
    put_village(s, 0, 8)
    put_road(s, 0, 8, 4)
    put_road(s, 0, 4, 1)
    give(s, 0, timber=2, brick=2, wool=2, grain=4, ore=4)
    before = s["bank"].copy()
    act(s, S.BUILD_ROAD.at(edge(1, 5)))
    assert (s["bank"] - before).tolist() == [1, 1, 0, 0, 0]
    act(s, S.BUILD_VILLAGE.at(5))
    assert (s["bank"] - before).tolist() == [2, 2, 1, 1, 0]
    act(s, S.BUILD_KEEP.at(8))
    assert (s["bank"] - before).tolist() == [2, 2, 1, 3, 3]
    act(s, S.BUY_CARD.at())
    assert (s["bank"] - before).tolist() == [2, 2, 2, 4, 4]
    assert hand(s, 0) == [0, 0, 0, 0, 0]
    assert s["cards"][0].sum() == 1 and s["deck_top"] == 1


def test_cannot_build_without_the_cost():
    s = main_position()
    put_village(s, 0, 8)
    put_road(s, 0, 8, 4)
    give(s, 0, timber=1, wool=1, ore=2)
    ids = legal(s)
    assert not any(is_building(a) for a in ids)
    assert S.BUY_CARD.at() not in ids


def test_road_must_touch_own_network():
    s = main_position()
    put_village(s, 0, 8)
    give(s, 0, timber=5, brick=5)
    roads = {S.BUILD_ROAD.split(a) for a in legal(s) if S.BUILD_ROAD.has(a)}
    assert roads == {edge(8, o) for o in S.CORNER_CORNERS[8] if o >= 0}
    act(s, S.BUILD_ROAD.at(edge(8, 4)))
    roads = {S.BUILD_ROAD.split(a) for a in legal(s) if S.BUILD_ROAD.has(a)}
    assert edge(4, 1) in roads and edge(4, 0) in roads


def test_road_network_broken_by_opponent_building():
    s = main_position()
    put_village(s, 0, 8)
    put_road(s, 0, 8, 4)
    put_village(s, 1, 1)
    put_road(s, 0, 4, 1)     # our road runs into player_1's village at corner 1
    give(s, 0, timber=5, brick=5)
    roads = {S.BUILD_ROAD.split(a) for a in legal(s) if S.BUILD_ROAD.has(a)}
    assert edge(1, 5) not in roads, "another player's building breaks the network at its corner"
    assert edge(4, 0) in roads


def test_village_needs_own_road_and_distance_rule():
    s = main_position()
    put_village(s, 0, 8)
    put_path(s, 0, [8, 4, 1, 5])
    put_road(s, 1, 5, 9)
    give(s, 0, timber=2, brick=2, wool=2, grain=2)
    villages = {S.BUILD_VILLAGE.split(a) for a in legal(s) if S.BUILD_VILLAGE.has(a)}
    assert villages == {1, 5}, "4 is next to 8; other corners have no road of ours"
    put_village(s, 2, 9)
    villages = {S.BUILD_VILLAGE.split(a) for a in legal(s) if S.BUILD_VILLAGE.has(a)}
    assert villages == {1}, "5 is next to player_2's village on 9, whoever's piece it is"


def test_keep_upgrades_own_village_only_and_returns_it():
    s = main_position()
    put_village(s, 0, 8)
    put_village(s, 1, 20)
    give(s, 0, grain=2, ore=3)
    keeps = {S.BUILD_KEEP.split(a) for a in legal(s) if S.BUILD_KEEP.has(a)}
    assert keeps == {8}
    act(s, S.BUILD_KEEP.at(8))
    assert s["corner_level"][8] == S.KEEP and s["villages_left"][0] == 5 and s["keeps_left"][0] == 3
    assert board.public_points(s, 0) == 2


def test_piece_limits_five_villages_four_keeps_fifteen_roads():
    s = main_position()
    put_village(s, 0, 8)
    put_path(s, 0, [8, 4, 1, 5])
    give(s, 0, timber=9, brick=9, wool=9, grain=9, ore=9)
    s["villages_left"][0] = 0
    s["keeps_left"][0] = 0
    s["roads_left"][0] = 0
    ids = legal(s)
    assert not any(is_building(a) for a in ids)
    assert (C.VILLAGES_PER_PLAYER, C.KEEPS_PER_PLAYER, C.ROADS_PER_PLAYER) == (5, 4, 15)


# =========================================================================== bank and harbours
def test_bank_trade_four_to_one():
    s = main_position()
    put_village(s, 0, 8)
    give(s, 0, wool=4, ore=3)
    trades = {a for a in legal(s) if S.BANK_TRADE.has(a)}
    assert trades == {S.BANK_TRADE.at(WOOL, r) for r in range(5) if r != WOOL}
    act(s, S.BANK_TRADE.at(WOOL, BRICK))
    assert hand(s, 0) == [0, 1, 0, 0, 3]


def test_general_harbour_three_to_one():
    s = main_position()
    put_village(s, 0, 7)  # general harbour on corners 7 and 11
    give(s, 0, ore=3)
    act(s, S.BANK_TRADE.at(ORE, GRAIN))
    assert hand(s, 0) == [0, 0, 0, 1, 0]


def test_special_harbour_two_to_one_for_its_resource_only():
    s = main_position()
    put_village(s, 0, 2)  # the 2:1 wool harbour on corners 2 and 6
    give(s, 0, wool=2, ore=2)
    trades = {a for a in legal(s) if S.BANK_TRADE.has(a)}
    assert trades == {S.BANK_TRADE.at(WOOL, r) for r in range(5) if r != WOOL}
    act(s, S.BANK_TRADE.at(WOOL, TIMBER))
    assert hand(s, 0) == [1, 0, 0, 0, 2]


def test_bank_cannot_give_what_it_lacks():
    s = main_position()
    give(s, 0, wool=4)
    give(s, 1, ore=19)
    assert S.BANK_TRADE.at(WOOL, ORE) not in legal(s)


# =========================================================================== player trading
def test_player_trade_offer_accept_and_complete():
    s = main_position()
    give(s, 0, timber=2)
    give(s, 1, ore=1)
    give(s, 2, ore=3)
    give(s, 3, wool=1)
    act(s, S.OFFER_TRADE.at())
    assert s["proposals"] == 1 and s["actor"] == 0
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    assert legal(s) == {amount(S.OFFER_GET, r, c) for r in range(5) if r != TIMBER for c in (1, 2)}
    act(s, amount(S.OFFER_GET, ORE, 1))
    assert s["stage"] == S.ST_TRADE_REPLY and s["actor"] == 1, "the next player answers first"
    act(s, S.TRADE_DECLINE.at())
    assert s["actor"] == 2
    act(s, S.TRADE_ACCEPT.at())
    # player_3 holds a card but no ore: it is asked all the same (which kinds it holds is hidden),
    # and declining is its only answer
    assert s["actor"] == 3 and legal(s) == {S.TRADE_DECLINE.at()}
    act(s, S.TRADE_DECLINE.at())
    assert s["trade_reply"].tolist() == [0, S.REPLY_DECLINE, S.REPLY_ACCEPT, S.REPLY_DECLINE]
    assert s["stage"] == S.ST_TRADE_CHOOSE and s["actor"] == 0
    assert legal(s) == {S.TRADE_CANCEL.at(), S.TRADE_COMPLETE.at(1)}
    act(s, S.TRADE_COMPLETE.at(1))
    assert hand(s, 0) == [1, 0, 0, 0, 1] and hand(s, 2) == [1, 0, 0, 0, 2]
    assert s["stage"] == S.ST_MAIN and s["trade_get"] == -1


def test_counter_offer_as_in_the_rulebook_example():
    """"You offer Kemal your timber for an ore. He counters: he wants the wool instead. ... you
    accept." (3 players; Kemal is player_1)."""
    s = main_position(n=3)
    give(s, 0, timber=1, wool=1, ore=2, grain=2)
    give(s, 1, ore=1)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 1))
    assert amount(S.COUNTER_OFFER, WOOL, 1) in legal(s)
    assert amount(S.COUNTER_OFFER, TIMBER, 1) not in legal(s), "that is the offer itself"
    assert amount(S.COUNTER_OFFER, ORE, 1) not in legal(s), "ore is what is asked for"
    act(s, amount(S.COUNTER_OFFER, WOOL, 1))
    assert s["stage"] == S.ST_TRADE_CHOOSE  # player_2 holds no ore and declines
    act(s, S.TRADE_COMPLETE.at(0))
    assert hand(s, 0) == [1, 0, 0, 2, 3] and hand(s, 1) == [0, 0, 1, 0, 0]


def test_proposer_cannot_complete_a_counter_it_cannot_pay():
    s = main_position(n=4)
    give(s, 0, timber=1, wool=1)
    give(s, 1, ore=1)
    give(s, 2, ore=1)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 1))
    act(s, amount(S.COUNTER_OFFER, GRAIN, 2))   # player_1 wants 2 grain: the proposer has none
    act(s, amount(S.COUNTER_OFFER, WOOL, 1))    # player_2 wants 1 wool
    assert legal(s) == {S.TRADE_CANCEL.at(), S.TRADE_COMPLETE.at(1)}
    act(s, S.TRADE_CANCEL.at())
    assert hand(s, 0) == [1, 0, 1, 0, 0] and s["stage"] == S.ST_MAIN


def test_proposer_chooses_even_when_it_can_pay_no_answer():
    s = main_position(n=3)
    give(s, 0, timber=1)
    give(s, 1, ore=1)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 1))
    act(s, amount(S.COUNTER_OFFER, GRAIN, 2))
    # cancelling is the only choice left, but skipping the decision would show the table that the
    # proposer holds less than 2 grain: it decides
    assert s["stage"] == S.ST_TRADE_CHOOSE and s["actor"] == 0 and legal(s) == {S.TRADE_CANCEL.at()}
    act(s, S.TRADE_CANCEL.at())
    assert hand(s, 0) == [1, 0, 0, 0, 0] and s["stage"] == S.ST_MAIN and s["actor"] == 0


def test_offer_nobody_can_take_lapses():
    s = main_position()
    give(s, 0, timber=1)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 2))
    assert s["stage"] == S.ST_MAIN and s["actor"] == 0
    assert s["trade_get"] == -1


def test_trade_only_on_your_own_turn_after_the_throw():
    s = main_position()
    give(s, 0, timber=4)
    give_card(s, 0, S.KNIGHT)
    pre_roll(s)
    ids = legal(s)
    assert S.OFFER_TRADE.at() not in ids and not any(S.BANK_TRADE.has(a) for a in ids)
    s["stage"] = S.ST_MAIN
    s["rolled"] = 1
    give(s, 1, ore=1)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 1))
    assert s["actor"] == 1
    ids = legal(s)
    counters = set(range(S.COUNTER_OFFER.start, S.COUNTER_OFFER.stop))
    assert ids <= {S.TRADE_ACCEPT.at(), S.TRADE_DECLINE.at()} | counters
    assert S.OFFER_TRADE.at() not in ids, "two other players cannot trade with each other"


def test_proposals_bounded_per_turn():
    s = main_position()
    give(s, 0, timber=5)
    for _ in range(S.MAX_PROPOSALS_PER_TURN):
        act(s, S.OFFER_TRADE.at())
        act(s, amount(S.OFFER_GIVE, TIMBER, 1))
        act(s, amount(S.OFFER_GET, ORE, 1))  # nobody holds ore: lapses
    assert S.OFFER_TRADE.at() not in legal(s)
    assert S.MAX_PROPOSALS_PER_TURN == 3
    act(s, S.END_TURN.at())
    assert s["proposals"] == 0


def test_other_players_make_offers_when_the_player_on_turn_hears_them():
    """"They can make you offers": the player on turn hears the table; each other player in turn
    order offers it something it holds for something else, or makes no offer; then the player on
    turn completes one it can pay, or cancels."""
    s = main_position()
    give(s, 0, timber=2)
    give(s, 1, ore=2)
    give(s, 2, wool=1)
    act(s, S.HEAR_OFFERS.at())
    assert s["stage"] == S.ST_BID_GIVE and s["actor"] == 1 and s["hearings"] == 1
    assert legal(s) == {S.NO_OFFER.at(), amount(S.OFFER_GIVE, ORE, 1), amount(S.OFFER_GIVE, ORE, 2)}
    act(s, amount(S.OFFER_GIVE, ORE, 1))
    assert s["stage"] == S.ST_BID_GET and s["actor"] == 1
    assert legal(s) == {amount(S.OFFER_GET, r, c) for r in range(5) if r != ORE for c in (1, 2)}
    act(s, amount(S.OFFER_GET, TIMBER, 2))
    assert s["actor"] == 2
    act(s, S.NO_OFFER.at())
    # player_3 holds nothing: it has nothing to offer, and that needs no decision
    assert s["stage"] == S.ST_TRADE_CHOOSE and s["actor"] == 0
    assert s["trade_reply"].tolist() == [S.REPLY_NONE, S.REPLY_OFFER, S.REPLY_DECLINE, S.REPLY_DECLINE]
    assert legal(s) == {S.TRADE_CANCEL.at(), S.TRADE_COMPLETE.at(0)}
    act(s, S.TRADE_COMPLETE.at(0))
    assert hand(s, 0) == [0, 0, 0, 0, 1] and hand(s, 1) == [2, 0, 0, 0, 1]
    assert s["stage"] == S.ST_MAIN and s["trade_reply"].tolist() == [0, 0, 0, 0]


def test_hearing_offers_is_bounded_per_turn_and_needs_a_card():
    s = main_position()
    assert S.HEAR_OFFERS.at() not in legal(s), "with no card the player on turn could pay nothing"
    give(s, 0, timber=1)
    act(s, S.HEAR_OFFERS.at())
    assert s["stage"] == S.ST_MAIN, "nobody holds a card: no offers, no decisions"
    assert S.MAX_HEARINGS_PER_TURN == 1 and S.HEAR_OFFERS.at() not in legal(s)
    act(s, S.END_TURN.at())
    assert s["hearings"] == 0


def test_player_on_turn_cannot_complete_an_offer_it_cannot_pay():
    s = main_position(n=3)
    give(s, 0, timber=1)
    give(s, 1, ore=1)
    give(s, 2, wool=1)
    act(s, S.HEAR_OFFERS.at())
    act(s, amount(S.OFFER_GIVE, ORE, 1))
    act(s, amount(S.OFFER_GET, GRAIN, 1))       # player_0 holds no grain
    act(s, amount(S.OFFER_GIVE, WOOL, 1))
    act(s, amount(S.OFFER_GET, TIMBER, 1))
    assert legal(s) == {S.TRADE_CANCEL.at(), S.TRADE_COMPLETE.at(1)}
    act(s, S.TRADE_CANCEL.at())
    assert hand(s, 0) == [1, 0, 0, 0, 0] and s["stage"] == S.ST_MAIN


# =========================================================================== opportunity cards
def test_deck_is_the_designed_25_cards():
    s = new_game()
    assert s["deck_size"] == 25
    assert np.bincount(s["deck"][:25], minlength=5).tolist() == [14, 2, 2, 2, 5]


def test_card_not_playable_on_the_turn_bought():
    s = main_position()
    give(s, 0, wool=1, grain=1, ore=1)
    put_on_top(s, S.KNIGHT)
    act(s, S.BUY_CARD.at())
    assert s["cards"][0, S.KNIGHT] == 1 and S.PLAY_KNIGHT.at() not in legal(s)
    act(s, S.END_TURN.at())
    play_until_turn_of(s, 0)
    assert s["turn_seat"] == 0 and s["stage"] == S.ST_PRE_ROLL
    assert legal(s) == {S.ROLL.at(), S.PLAY_KNIGHT.at()}, "a card may be played before the throw"


def test_one_card_per_turn():
    s = main_position()
    give_card(s, 0, S.KNIGHT)
    give_card(s, 0, S.MONOPOLY)
    assert {S.PLAY_KNIGHT.at(), S.PLAY_MONOPOLY.at()} <= legal(s)
    act(s, S.PLAY_MONOPOLY.at())
    act(s, S.MONOPOLY_PICK.at(ORE))
    assert S.PLAY_KNIGHT.at() not in legal(s)


def test_card_before_the_throw_then_the_throw():
    s = main_position()
    give_card(s, 0, S.YEAR_OF_PLENTY)
    pre_roll(s)
    force_dice(s, 5)
    act(s, S.PLAY_YEAR_OF_PLENTY.at())
    act(s, S.YEAR_OF_PLENTY_PICK.at(ORE))
    act(s, S.YEAR_OF_PLENTY_PICK.at(ORE))
    # one card a turn: nothing else to decide before the throw, so the dice are thrown
    assert s["rolled"] == 1 and s["dice"].sum() == 5 and s["stage"] == S.ST_MAIN
    assert hand(s, 0) == [0, 0, 0, 0, 2]


def test_the_throw_waits_for_any_card_from_an_earlier_turn_even_a_victory_point():
    """Whether the throw waits may depend only on what the table sees: how many cards a player
    holds from earlier turns, never their kinds. With only victory points (never played) the throw
    is the only choice, but it is a decision all the same."""
    worlds = {}
    for kind in (S.VICTORY_POINT, S.KNIGHT):
        s = main_position()
        give_card(s, 1, kind)
        force_dice(s, 5)
        act(s, S.END_TURN.at())
        assert s["stage"] == S.ST_PRE_ROLL and s["actor"] == 1 and s["rolled"] == 0
        worlds[kind] = s
    assert legal(worlds[S.VICTORY_POINT]) == {S.ROLL.at()}
    assert legal(worlds[S.KNIGHT]) == {S.ROLL.at(), S.PLAY_KNIGHT.at()}
    for seat in (0, 2, 3):
        np.testing.assert_array_equal(observe(worlds[S.VICTORY_POINT], seat), observe(worlds[S.KNIGHT], seat))
    s = main_position()
    force_dice(s, 5)
    act(s, S.END_TURN.at())
    assert s["stage"] == S.ST_MAIN and s["actor"] == 1 and s["dice"].sum() == 5, "no card: thrown at once"


def test_knight_moves_the_bandit_and_steals():
    s = main_position()
    give_card(s, 0, S.KNIGHT)
    put_village(s, 1, 8)
    give(s, 1, grain=1)
    act(s, S.PLAY_KNIGHT.at())
    assert s["stage"] == S.ST_MOVE_BANDIT and s["cards_played"][0, S.KNIGHT] == 1
    act(s, S.MOVE_BANDIT.at(4))
    assert hand(s, 0) == [0, 0, 0, 1, 0] and s["stage"] == S.ST_MAIN


def test_road_building_places_two_free_roads():
    s = main_position()
    put_village(s, 0, 8)
    give_card(s, 0, S.ROAD_BUILDING)
    act(s, S.PLAY_ROAD_BUILDING.at())
    assert s["stage"] == S.ST_ROAD_BUILDING and s["free_roads"] == 2
    act(s, S.BUILD_ROAD.at(edge(8, 4)))
    act(s, S.BUILD_ROAD.at(edge(4, 1)))
    assert s["stage"] == S.ST_MAIN and s["roads_left"][0] == 13
    assert s["bank"].tolist() == [19] * 5


def test_year_of_plenty_takes_any_two():
    s = main_position()
    give_card(s, 0, S.YEAR_OF_PLENTY)
    act(s, S.PLAY_YEAR_OF_PLENTY.at())
    act(s, S.YEAR_OF_PLENTY_PICK.at(BRICK))
    act(s, S.YEAR_OF_PLENTY_PICK.at(GRAIN))
    assert hand(s, 0) == [0, 1, 0, 1, 0] and s["stage"] == S.ST_MAIN


def test_monopoly_takes_every_player_s_resource():
    s = main_position()
    give_card(s, 0, S.MONOPOLY)
    give(s, 1, wool=3, ore=1)
    give(s, 2, wool=2)
    give(s, 0, wool=1)
    act(s, S.PLAY_MONOPOLY.at())
    act(s, S.MONOPOLY_PICK.at(WOOL))
    assert hand(s, 0) == [0, 0, 6, 0, 0] and hand(s, 1) == [0, 0, 0, 0, 1] and hand(s, 2) == [0] * 5


def test_victory_point_card_wins_on_turn_bought():
    s = main_position()
    for c in (8, 20, 29, 40, 50):
        put_village(s, 0, c)
    put_village(s, 0, 22, keep=True)
    put_village(s, 0, 33, keep=True)      # 5 + 4 = 9 points
    assert board.total_points(s, 0) == 9
    give(s, 0, wool=1, grain=1, ore=1)
    put_on_top(s, S.VICTORY_POINT)
    act(s, S.BUY_CARD.at())
    assert s["stage"] == S.ST_GAME_OVER and s["winner"] == 0 and s["actor"] == -1
    assert s["last_rewards"][:4].tolist() == [1, -1, -1, -1]


def test_victory_point_cards_hidden_from_others_until_the_end():
    s = main_position()
    give_card(s, 0, S.VICTORY_POINT)
    put_village(s, 0, 8)
    sc = np.zeros(4, np.float32)
    core.scores(s, sc)
    assert sc[0] == 1, "public score leaves hidden points out"
    me = observe(s, 0)
    other = observe(s, 1)
    s2 = s.copy()
    s2["cards"][0, S.VICTORY_POINT] = 0
    s2["cards"][0, S.KNIGHT] = 1
    np.testing.assert_array_equal(observe(s2, 1), other)
    assert not np.array_equal(observe(s2, 0), me)
    assert not any(is_card_play(a) for a in legal(s)), "victory points are never played"


# =========================================================================== awards
def test_longest_road_needs_five():
    s = main_position()
    put_village(s, 0, 8)
    put_path(s, 0, [8, 13, 9, 5, 1])  # 4 roads
    give(s, 0, timber=1, brick=1)
    assert s["road_length"][0] == 4 and s["longest_road"] == -1
    act(s, S.BUILD_ROAD.at(edge(1, 4)))
    assert s["road_length"][0] == 5 and s["longest_road"] == 0
    assert board.public_points(s, 0) == 3


def test_longest_road_counts_a_trail_not_every_branch():
    s = main_position()
    # a Y meeting at corner 13: arms of 1 (to 8), 3 (to 1) and 2 (to 24) roads
    put_path(s, 0, [8, 13, 9, 5, 1])
    put_path(s, 0, [13, 18, 24])
    assert s["road_length"][0] == 5  # 24-18-13-9-5-1: a trail takes two arms, not all three


def test_longest_road_around_a_loop():
    s = main_position()
    put_path(s, 0, [8, 13, 18, 23, 17, 12, 8])  # the six edges of hex 4
    assert s["road_length"][0] == 6
    put_path(s, 0, [12, 7])
    assert s["road_length"][0] == 7



def test_longest_road_joining_two_trails_counts_both():
    s = main_position()
    put_path(s, 0, [8, 13, 9])                          # 2 roads
    put_path(s, 0, [5, 1, 4, 0])                        # 3 roads
    give(s, 0, timber=1, brick=1)
    act(s, S.BUILD_ROAD.at(edge(9, 5)))                 # 8-13-9-5-1-4-0
    assert s["road_length"][0] == 6 and s["longest_road"] == 0


def test_longest_road_closing_a_loop():
    s = main_position()
    put_path(s, 0, [8, 13, 18, 23, 17, 12])             # five edges of hex 4
    give(s, 0, timber=1, brick=1)
    act(s, S.BUILD_ROAD.at(edge(12, 8)))                # the sixth closes it: every corner has two
    assert s["road_length"][0] == 6 and s["longest_road"] == 0


def test_longest_road_kept_when_a_shorter_road_is_built_elsewhere():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5, 1, 4])                 # 5: the award
    put_village(s, 0, 40)
    give(s, 0, timber=1, brick=1)
    act(s, S.BUILD_ROAD.at(edge(40, 45)))               # a lone road at another village
    assert s["road_length"][0] == 5 and s["longest_road"] == 0


def test_longest_road_built_up_to_another_players_building_ends_there():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5])                       # 3 roads
    put_path(s, 0, [1, 4, 0, 3])                        # 3 roads, then cut off at corner 1
    put_village(s, 1, 1)
    give(s, 0, timber=1, brick=1)
    act(s, S.BUILD_ROAD.at(edge(5, 1)))                 # 8-13-9-5-1 | 1-4-0-3
    assert s["road_length"][0] == 4 and s["longest_road"] == -1

def test_longest_road_taken_only_by_strictly_longer():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5, 1, 4])               # 5
    put_path(s, 1, [20, 26, 32, 37, 31, 25])          # 5, later: does not take it
    assert s["longest_road"] == 0
    s["turn_seat"] = s["actor"] = 1
    give(s, 1, timber=1, brick=1)
    act(s, S.BUILD_ROAD.at(edge(25, 19)))               # 6 roads
    assert s["road_length"][1] == 6 and s["longest_road"] == 1


def test_longest_road_split_by_opponent_village():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5, 1, 4, 0])            # 6 roads
    assert s["longest_road"] == 0
    put_road(s, 1, 5, 2)
    s["turn_seat"] = s["actor"] = 1
    give(s, 1, timber=1, brick=1, wool=1, grain=1)
    act(s, S.BUILD_VILLAGE.at(5))                       # on our road's corner 5
    assert s["road_length"][0] == 3                   # 8-13-9-5 | 5-1-4-0
    assert s["longest_road"] == -1, "cut under five and nobody else has five"


def test_longest_road_cut_goes_to_sole_longest():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5, 1, 4, 0])            # 6 roads
    put_path(s, 2, [20, 26, 32, 37, 31])              # 4 roads
    put_path(s, 3, [39, 44, 48, 51, 47])              # 4 roads
    put_path(s, 2, [31, 25])                           # player_2 up to 5; player_0 still holds
    assert s["longest_road"] == 0
    put_road(s, 1, 5, 2)
    s["turn_seat"] = s["actor"] = 1
    give(s, 1, timber=1, brick=1, wool=1, grain=1)
    act(s, S.BUILD_VILLAGE.at(5))
    assert s["longest_road"] == 2, "it goes to whoever alone has the longest"


def test_longest_road_cut_with_a_tie_goes_to_nobody():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5, 1, 4, 0])
    put_path(s, 2, [20, 26, 32, 37, 31, 25])          # 5
    put_path(s, 3, [39, 44, 48, 51, 47, 43])          # 5
    assert s["longest_road"] == 0
    put_road(s, 1, 5, 2)
    s["turn_seat"] = s["actor"] = 1
    give(s, 1, timber=1, brick=1, wool=1, grain=1)
    act(s, S.BUILD_VILLAGE.at(5))
    assert s["longest_road"] == -1


def test_longest_road_holder_cut_but_still_tied_for_longest_keeps_it():
    s = main_position()
    put_path(s, 0, [8, 13, 9, 5, 1, 4, 0, 3, 7, 12])  # 9 roads
    assert s["road_length"][0] == 9
    put_path(s, 2, [20, 26, 32, 37, 31, 25])          # 5
    put_road(s, 1, 4, 8)
    s["turn_seat"] = s["actor"] = 1
    give(s, 1, timber=1, brick=1, wool=1, grain=1)
    act(s, S.BUILD_VILLAGE.at(4))                       # 8-13-9-5-1-4 | 4-0-3-7-12
    assert s["road_length"][0] == 5 and s["longest_road"] == 0, "taken only by a strictly longer road"


def test_largest_army_three_knights_and_only_to_more():
    s = main_position()
    played_knights(s, 1, 3)
    played_knights(s, 0, 2)
    cards.update_largest_army(s, 1)
    assert s["largest_army"] == 1
    for k in range(2):
        give_card(s, 0, S.KNIGHT)
    act(s, S.PLAY_KNIGHT.at())
    act(s, S.MOVE_BANDIT.at(0))
    assert s["cards_played"][0, S.KNIGHT] == 3 and s["largest_army"] == 1, "equal is not more"
    act(s, S.END_TURN.at())
    play_until_turn_of(s, 0)
    act(s, S.PLAY_KNIGHT.at())
    act(s, S.MOVE_BANDIT.at(1))
    assert s["largest_army"] == 0 and board.public_points(s, 0) == 2


def test_two_knights_are_not_an_army():
    s = main_position()
    played_knights(s, 0, 1)
    give_card(s, 0, S.KNIGHT)
    act(s, S.PLAY_KNIGHT.at())
    act(s, S.MOVE_BANDIT.at(0))
    assert s["largest_army"] == -1


# =========================================================================== winning
def test_ten_points_on_own_turn_wins_at_once():
    s = main_position()
    for c in (8, 20, 29, 50):
        put_village(s, 0, c)
    put_village(s, 0, 22, keep=True)
    put_village(s, 0, 39, keep=True)      # 8 points
    put_path(s, 0, [8, 13, 9, 5, 1])
    give(s, 0, timber=1, brick=1)
    assert board.total_points(s, 0) == 8
    act(s, S.BUILD_ROAD.at(edge(1, 4)))     # longest road: 10
    assert s["stage"] == S.ST_GAME_OVER and s["winner"] == 0


def test_ten_points_on_another_turn_wins_when_your_turn_comes():
    s = main_position()
    # player_1 has 8 points and 5 roads behind player_2's 6-road longest road
    for c in (20, 29, 50, 39):
        put_village(s, 1, c)
    put_village(s, 1, 12, keep=True)
    put_village(s, 1, 22, keep=True)
    put_path(s, 1, [26, 32, 37, 42, 46, 41])          # 5 roads
    put_path(s, 2, [8, 13, 9, 5, 1, 4, 0])            # 6 roads, holder
    assert s["longest_road"] == 2 and board.total_points(s, 1) == 8
    put_road(s, 0, 5, 2)
    give(s, 0, timber=1, brick=1, wool=1, grain=1)
    act(s, S.BUILD_VILLAGE.at(5))   # player_0 cuts player_2: the award goes to player_1 alone
    assert s["longest_road"] == 1 and board.total_points(s, 1) == 10
    assert s["stage"] == S.ST_MAIN, "not player_1's turn: no win yet"
    act(s, S.END_TURN.at())
    assert s["stage"] == S.ST_GAME_OVER and s["winner"] == 1, "wins when the turn comes"


# =========================================================================== observation
def test_observation_shows_others_hands_only_as_counts():
    s = main_position()
    give(s, 1, wool=2, ore=1)
    a = observe(s, 0)
    t = s.copy()
    t["hand"][1] = [3, 0, 0, 0, 0]
    b = observe(t, 0)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(observe(t, 1), observe(s, 1))


def test_observation_is_seat_relative():
    s = main_position()
    put_village(s, 2, 8)
    o2 = observe(s, 2)
    o0 = observe(s, 0)
    base = S.OBS_CORNERS.at(8, 0)
    assert o2[base + S.F_BUILDING.at(0, 0)] == 1.0, "the observer's own village is in slot 0"
    assert o0[base + S.F_BUILDING.at(2, 0)] == 1.0, "player_2 is two seats after player_0"


def test_determinize_keeps_counts_and_what_the_trade_table_shows():
    s = main_position()
    give(s, 0, timber=2)
    give(s, 1, ore=2, wool=3)
    give(s, 2, ore=1, grain=4)
    give(s, 3, brick=2, grain=1)
    give_card(s, 1, S.KNIGHT)
    give_card(s, 2, S.VICTORY_POINT)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 1))
    act(s, S.TRADE_ACCEPT.at())                   # player_1 accepts; player_2 to answer
    held = [rule for rule in INVARIANT_RULES if rule(s)]
    changed = 0
    asked_without_ore = 0
    for k in range(40):
        t = s.copy()
        seed_rng(t["rng"], np.uint64(k))
        core.determinize(t, 3)
        np.testing.assert_array_equal(observe(t, 3), observe(s, 3))
        assert t["hand"][1, ORE] >= 1 and t["hand"][0, TIMBER] >= 1, "shown on the table"
        # being asked shows only that player_2 holds a card (every player holding as many cards as
        # were asked for is asked), not that it holds ore
        asked_without_ore += t["hand"][2, ORE] == 0
        assert t["hand"].sum(axis=1).tolist() == s["hand"].sum(axis=1).tolist()
        assert t["hand"].sum(axis=0).tolist() == s["hand"].sum(axis=0).tolist()
        assert t["hand"][3].tolist() == s["hand"][3].tolist()
        assert t["cards"].sum(axis=1).tolist() == s["cards"].sum(axis=1).tolist()
        assert [rule.__name__ for rule in held if not rule(t)] == []
        changed += not np.array_equal(t["hand"], s["hand"]) or not np.array_equal(t["cards"], s["cards"])
    assert changed > 20 and asked_without_ore > 0


def test_determinize_never_hands_the_player_on_turn_a_tenth_point():
    """The game goes on, so the player on turn has under 10 points counting its cards; a player not
    on turn had under 10 when its own turn ended, and its buildings, army and cards have not grown
    since. A re-deal keeps both (before, about one in five re-deals gave the tenth point)."""
    s = main_position(current=1)
    for c in (8, 20, 29, 40, 50):
        put_village(s, 1, c)
    put_village(s, 1, 22, keep=True)
    put_village(s, 1, 33, keep=True)          # player_1, on turn: 9 points
    for c in (0, 11, 45):
        put_village(s, 2, c, keep=True)       # player_2: 6 points ...
    played_knights(s, 2, 3)
    cards.update_largest_army(s, 2)          # ... and largest army: 8
    give_card(s, 1, S.KNIGHT)
    give_card(s, 2, S.KNIGHT)
    give_card(s, 3, S.KNIGHT)
    give_card(s, 3, S.KNIGHT)
    assert board.total_points(s, 1) == 9 and board.points_held_since_own_turn(s, 2) == 8
    dealt = collections.Counter()
    for k in range(200):
        t = s.copy()
        seed_rng(t["rng"], np.uint64(k))
        core.determinize(t, 0)
        assert board.total_points(t, 1) < 10 and board.points_held_since_own_turn(t, 2) < 10
        assert I.winner_ok(t) and I.last_turns_ok(t)
        assert t["cards"].sum(axis=1).tolist() == s["cards"].sum(axis=1).tolist()
        dealt[int(t["cards"][3, S.VICTORY_POINT])] += 1
    assert dealt[1] + dealt[2] > 20, "a player far from 10 is still dealt victory points"


def test_determinize_repairs_a_deal_no_shuffle_keeps_within_bounds():
    """When shuffles keep missing the bounds (every undrawn card a victory point but one), the last
    shuffle is repaired by swapping victory points with other cards: still a possible world."""
    s = main_position(current=1)
    for c in (8, 20, 29, 40, 50):
        put_village(s, 1, c)
    put_village(s, 1, 22, keep=True)
    put_village(s, 1, 33, keep=True)          # player_1, on turn: 9 points
    while (s["deck"][s["deck_top"]:s["deck_size"]] != S.VICTORY_POINT).sum() > 1:
        kind = next(k for k in s["deck"][s["deck_top"]:s["deck_size"]] if k != S.VICTORY_POINT)
        played_knights(s, 3, 0)
        take_from_deck(s, int(kind))
        s["cards_played"][3, int(kind)] += 1
    give_card(s, 1, int(next(k for k in s["deck"][s["deck_top"]:s["deck_size"]] if k != S.VICTORY_POINT)))
    for k in range(20):
        t = s.copy()
        seed_rng(t["rng"], np.uint64(k))
        core.determinize(t, 0)
        assert t["cards"][1, S.VICTORY_POINT] == 0 and t["cards"][1].sum() == 1


def test_observation_shows_every_card_played_face_up_by_kind():
    """What the table has seen, a seat's observation keeps: every card played face up, by kind and
    player, so that what is left in the deck can be counted."""
    s = main_position()
    put_village(s, 0, 8)
    put_road(s, 0, 8, 4)
    give_card(s, 0, S.ROAD_BUILDING)
    act(s, S.PLAY_ROAD_BUILDING.at())
    act(s, S.BUILD_ROAD.at(edge(4, 1)))
    act(s, S.BUILD_ROAD.at(edge(1, 5)))
    act(s, S.END_TURN.at())
    play_until_turn_of(s, 1)
    give_card(s, 1, S.MONOPOLY)
    s["cards_new"][1] = 0
    act(s, S.PLAY_MONOPOLY.at())
    act(s, S.MONOPOLY_PICK.at(ORE))
    for seat in range(4):
        o = observe(s, seat)
        for owner, kind in ((0, S.ROAD_BUILDING), (1, S.MONOPOLY)):
            base = S.OBS_PLAYERS.at((owner - seat) % 4, 0)
            played = o[base + S.F_PLAYED.start:base + S.F_PLAYED.stop] * S.OPPORTUNITY_SCALE
            assert played.round().tolist() == [1 if k == kind else 0 for k in range(S.NUM_PLAYABLE_KINDS)]


def test_observation_names_the_seat_that_decides_and_the_deals_on_the_table():
    s = main_position()
    give(s, 0, timber=1)
    give(s, 1, ore=1)
    give(s, 2, ore=1)
    act(s, S.OFFER_TRADE.at())
    act(s, amount(S.OFFER_GIVE, TIMBER, 1))
    act(s, amount(S.OFFER_GET, ORE, 1))
    act(s, amount(S.COUNTER_OFFER, WOOL, 2))    # player_1 counters
    o = observe(s, 3)
    for seat in range(4):
        base = S.OBS_PLAYERS.at((seat - 3) % 4, 0)
        assert o[base + S.F_TO_ACT.at()] == (seat == 2), "player_2 answers now"
    base = S.OBS_PLAYERS.at(2, 0)               # player_1 seen from player_3
    assert o[base + S.F_REPLY.at(S.REPLY_COUNTER)] == 1
    assert o[base + S.F_DEAL_GIVE.at(ORE)] == 1 and o[base + S.F_DEAL_GIVE_COUNT.at()] == 1
    assert o[base + S.F_DEAL_GET.at(WOOL)] == 1 and o[base + S.F_DEAL_GET_COUNT.at()] == 2


# =========================================================================== loaded saves
def played_position(n=3, seed=4):
    """A record of a seeded random game in the main stage, past the first round, cards bought."""
    env = make("frontier_v0", num_players=n)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not (env.record["stage"] == S.ST_MAIN and env.record["turn"] > n and env.record["deck_top"] > 0):
        env.step(int(rng.choice(env.legal_actions())))
    return env


def test_invariants_refuse_positions_play_cannot_reach():
    """A loaded save is checked field by field (``field_ranges``), then by the invariants, which say
    what a position play can reach looks like; a position that breaks one is refused."""
    env = played_position()
    s = env.record.copy()
    assert core.check_invariants(s) == 0
    p = int(s["turn_seat"])

    def broken(**fields):
        t = s.copy()
        for name, (index, value) in fields.items():
            if index == ():
                t[name] = value
            else:
                t[name][index] = value
        return core.check_invariants(t)

    r = int(np.argmax(s["bank"]))
    assert broken(hand=((3, r), 1), bank=(r, s["bank"][r] - 1)) == I.INV_SEATS, "an absent seat holds a card"
    assert broken(deck=(S.DECK_CAPACITY - 1, S.KNIGHT)) == I.INV_CARD_PLACES, "a card past the deck's end"
    assert broken(deck=(int(s["deck_top"]) - 1, S.KNIGHT)) == I.INV_CARD_PLACES, "a card in a drawn place"
    other = next(i for i in range(9) if s["harbour_kind"][i] != s["harbour_kind"][0])
    assert broken(harbour_kind=(0, s["harbour_kind"][other])) == I.INV_ISLAND, "ten harbours' worth of rates"
    desert = int(np.argmax(s["hex_terrain"] == S.DESERT))
    assert broken(hex_number=(desert, 5)) == I.INV_ISLAND, "a number on the desert"
    far = next(e for e in range(S.NUM_EDGES) if s["edge_owner"][e] < 0 and all(
        s["corner_owner"][c] < 0 and all(s["edge_owner"][f] < 0 for f in S.CORNER_EDGES[c] if f >= 0)
        for c in S.EDGE_CORNERS[e]))
    assert broken(edge_owner=(far, p), roads_left=(p, s["roads_left"][p] - 1)) == I.INV_ROAD_NETWORK
    assert broken(stage=((), S.ST_TRADE_REPLY)) == I.INV_TRADE, "answering an offer nobody made"
    assert broken(discard_left=(p, 1)) == I.INV_TURN, "a discard owed outside a 7"
    assert broken(free_roads=((), 1)) == I.INV_TURN, "free roads with no road-building card being played"
    assert broken(turn=((), int(s["turn"]) + 1)) == I.INV_OPENING, "the turn order skips a seat"
    assert broken(last_rewards=(0, 1.0)) == I.INV_REWARDS, "a reward before the end"
    assert broken(winner=((), p)) == I.INV_WINNER
    # and the loader refuses such a save with one clear error
    bad = np.zeros(1, GAME.dtype)
    bad[0] = s
    bad[0]["discard_left"][p] = 1
    data = env.save()[:-GAME.dtype.itemsize] + record_bytes(bad)   # a save holding that record
    with pytest.raises(ValueError, match="invariant"):
        make("frontier_v0", num_players=3).load(data)


def test_a_road_cut_off_by_a_later_building_is_still_joined_to_its_network():
    """Every road was built touching its owner's network; another player's village built later on
    its corner breaks the network for building and for longest road, but the road stays joined."""
    s = main_position()
    put_village(s, 0, 8)
    put_path(s, 0, [8, 13, 9, 5])
    other = next(o for o in S.CORNER_CORNERS[9] if o >= 0 and o not in (13, 5))
    put_road(s, 1, other, 9)
    put_village(s, 1, 9)
    assert I.road_network_ok(s)
    far = next(e for e in range(S.NUM_EDGES) if all(
        s["corner_owner"][c] < 0 and all(s["edge_owner"][f] < 0 for f in S.CORNER_EDGES[c] if f >= 0)
        for c in S.EDGE_CORNERS[e]))
    s["edge_owner"][far] = 2
    assert not I.road_network_ok(s), "a road joined to nothing of its owner's"


# =========================================================================== words
def test_words_are_told_to_the_viewer():
    s = main_position()
    put_village(s, 1, 8)
    put_village(s, 2, 18)
    give(s, 1, ore=1)
    give(s, 2, wool=1)
    s["stage"] = S.ST_MOVE_BANDIT
    act(s, S.MOVE_BANDIT.at(4))
    steal = S.STEAL.at(1)                       # player_2, the second seat after player_0
    assert GAME.describe_action(s, steal) == "take a card from player_2"
    assert GAME.describe_action(s, steal, viewer=0) == "you take a card from player_2"
    assert GAME.describe_action(s, steal, viewer=2) == "player_0 takes a card from you"
    assert GAME.describe_action(s, steal, viewer=3) == "player_0 takes a card from player_2"
    before = s.copy()
    act(s, steal)
    assert GAME.events(before, s, viewer=0) == ["you take 1 wool from player_2"]
    assert GAME.events(before, s, viewer=2) == ["player_0 takes your wool"]
    assert GAME.events(before, s, viewer=1) == GAME.events(before, s) == ["player_0 takes a card from player_2"]


def test_events_tell_the_throw_what_it_pays_and_cards_drawn_only_to_the_buyer():
    s = main_position()
    put_village(s, 0, 8)                        # hill 6
    put_village(s, 1, 18, keep=True)            # hill 6
    give(s, 0, wool=1, grain=1, ore=1)
    put_on_top(s, S.KNIGHT)
    before = s.copy()
    act(s, S.BUY_CARD.at())
    assert GAME.events(before, s, viewer=0) == ["you draw a knight (24 left in the deck)"]
    assert GAME.events(before, s, viewer=1) == ["player_0 draws an opportunity card (24 left in the deck)"]
    force_dice(s, 6)
    before = s.copy()
    act(s, S.END_TURN.at())
    assert GAME.events(before, s) == ["turn 6: player_1 is on turn", "player_1 throws 2+4 = 6",
                                      "player_0 gets 1 brick; player_1 gets 2 brick"]
    assert GAME.events(before, s, viewer=1) == ["turn 6: your turn", "you throw 2+4 = 6",
                                                "player_0 gets 1 brick; you get 2 brick"]


def test_events_tell_discards_as_counts_and_awards_changing_hands():
    s = main_position()
    give(s, 1, timber=4, grain=5)
    pre_roll(s)
    force_dice(s, 7)
    before = s.copy()
    act(s, S.ROLL.at())
    assert GAME.events(before, s)[1:] == ["player_1 has 9 cards and must discard 4"]
    s = main_position()
    put_village(s, 0, 8)
    put_path(s, 0, [8, 13, 9, 5, 1])
    give(s, 0, timber=1, brick=1)
    before = s.copy()
    act(s, S.BUILD_ROAD.at(edge(1, 4)))
    assert GAME.events(before, s, viewer=0) == ["you take longest road"]
    assert GAME.events(before, s, viewer=2) == ["player_0 takes longest road"]


# =========================================================================== pictures
def test_text_map_shows_the_island_and_fits_on_a_screen():
    env = played_position(n=4, seed=7)
    s = env.record
    text = GAME.render_text(s, seat=0)
    lines = text.splitlines()
    assert len(lines) <= 36 and max(map(len, lines)) <= 80
    island = "\n".join(line[:render.SIDE_COLUMN] for line in lines[1:24])
    side = "\n".join(line[render.SIDE_COLUMN:] for line in lines[1:24])
    for p in range(4):
        assert f"player_{p} " in side, "each seat's column beside the map"
    assert "hand T" in side and "hand T" not in side.split("player_1")[1], "only the viewer's own hand by kind"
    for h in range(S.NUM_HEXES):
        num = int(s["hex_number"][h])
        assert S.TERRAIN_NAMES[int(s["hex_terrain"][h])][:2] + (str(num) if num else "") in island
    assert island.count("*") == 1, "the bandit"
    for p in range(4):
        colour = ("r", "b", "w", "o")[p]
        assert island.count(colour) + island.count(colour.upper()) >= 2, "every seat's opening buildings"
        assert colour * 2 in island, "every seat's roads"


def test_text_map_numbers_every_corner_and_edge():
    """A move names its corner or edge by number ("village on corner 12", "road on edge 23"): the
    map shows each corner's number after its building's letter, each free edge's number on it and
    each road in its seat's letter, so a listed move can be found on the board."""
    env = played_position(n=4, seed=7)
    s = env.record
    rows = GAME.render_text(s, seat=0).splitlines()[1:1 + len(render.MAP_ROW)]

    def at(y, col, width):
        return rows[render.MAP_ROW[y]][col:col + width]

    for c in range(S.NUM_CORNERS):
        x, y = S.CORNER_XY[c]
        assert at(int(y), render.map_column(x) - 1, 1 + len(str(c))) == render.building_letter(s, c) + str(c)
    roads = 0
    for e in range(S.NUM_EDGES):
        (xa, ya), (xb, yb) = S.CORNER_XY[S.EDGE_CORNERS[e]]
        owner = int(s["edge_owner"][e])
        if xa == xb:
            shown = at((ya + yb) // 2, render.map_column(xa), 2).strip()
        else:
            shown = at(min(ya, yb) + 0.5, render.map_column(min(xa, xb)) + 1, 3).strip()
        if owner >= 0:
            roads += 1
            assert set(shown) == {render.PLAYER_COLOUR_NAMES[owner][0]}, (e, shown)
        else:
            assert shown == str(e), (e, shown)
    assert roads >= 8, "the opening roads"
    for a in env.legal_actions():
        words = env.describe_action(a)
        if "corner " in words and "edge " not in words:   # a listed village names its corner
            c = int(words.split("corner ")[1].split()[0])
            assert f".{c}" in "\n".join(rows), words


def test_picture_shows_pieces_in_seat_colours_and_the_table():
    s = main_position()
    plain = GAME.render_rgb(s)
    put_village(s, 0, 8)
    put_village(s, 1, 20, keep=True)
    put_road(s, 0, 8, 4)
    pic = GAME.render_rgb(s)

    def pixels(img, colour):
        rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
        return int((np.abs(img.astype(int) - rgb).sum(axis=2) < 30).sum())

    red, blue = render.PLAYER_COLOURS[0], render.PLAYER_COLOURS[1]
    assert pixels(pic, red) - pixels(plain, red) > 400, "a village and a road in red, clearly visible"
    assert pixels(pic, blue) - pixels(plain, blue) > 300, "a keep in blue"
    s["dice"] = [0, 0]
    assert not np.array_equal(GAME.render_rgb(s), pic), "the dice are drawn"



def test_the_terrain_is_drawn_once_a_deal_as_svg(monkeypatch):
    """The island's terrain is a layer (``draw_terrain``): drawn for the first SVG frame of a deal
    and kept for the frames after, which come out as they would drawn afresh; a harbour found
    makes it anew; a raster picture draws it every time."""
    from collections import OrderedDict

    from frontierzoo.envs.common import render as common_render

    monkeypatch.setattr(common_render, "_layer_svg", OrderedDict())
    drawn = []
    terrain = render.draw_terrain
    monkeypatch.setattr(render, "draw_terrain", lambda ax, s: (drawn.append(1), terrain(ax, s)))
    s = main_position(hidden=True)
    first = GAME.render_svg(s)
    put_village(s, 0, 8)
    put_road(s, 0, 8, 4)
    built = GAME.render_svg(s, seat=1)
    assert len(drawn) == 1 and built != first
    common_render._layer_svg.clear()
    assert GAME.render_svg(s, seat=1) == built and len(drawn) == 2
    i = int(np.flatnonzero(s["harbour_revealed"] == 0)[0])
    s["harbour_revealed"][i] = 1
    label = render.harbour_text(s, i, 0).replace(" ", "\n").split("\n")[-1]
    assert f">{label}</tspan>" in GAME.render_svg(s) and len(drawn) == 3
    GAME.render_rgb(s, dpi=20)
    GAME.render_rgb(s, dpi=20)
    assert len(drawn) == 5

# =========================================================================== fuzz
@G.jit
def _fuzz(buf, n, opts, seed, max_steps, check_every):
    """Random games to their end; after every step a decision stage (``settle`` ran every
    automatic one), the core's invariants, a non-empty mask while live, the brute-force longest
    road and the award holder are checked, and for every player the road mask against
    ``can_place_road`` edge by edge."""
    rng = np.zeros(2, np.uint64)
    seed_rng(rng, seed)
    mask = np.zeros(S.NUM_ACTIONS, np.bool_)
    ended = 0
    total = 0
    for i in range(buf.shape[0] // RECORD_BYTES):
        s = G.deal(buf, i, n, opts, random_u64(rng))
        steps = 0
        while G.to_act(s) >= 0 and steps < max_steps:
            m = G.legal_mask(s, mask)
            if m <= 0:
                return i, steps, -1
            G.step(s, pick_legal(mask, m, rng))
            steps += 1
            if s['stage'] >= S.NUM_STAGES:
                return i, steps, 104
            code = G.check_invariants(s)
            if code != 0:
                return i, steps, code
            if steps % check_every == 0 and s['stage'] > S.ST_SETUP_ROAD:
                for p in range(n):
                    if board.longest_trail_brute(s, p) != s['road_length'][p]:
                        return i, steps, 100
                    # hand plus bank per resource, pieces and points from their sources
                    if board.public_points(s, p) != (_count_level(s, p, S.VILLAGE)
                                                     + 2 * _count_level(s, p, S.KEEP)
                                                     + (2 if s['longest_road'] == p else 0)
                                                     + (2 if s['largest_army'] == p else 0)):
                        return i, steps, 101
                    # the road mask (the network's corners found once) against the rule per edge
                    roads = np.zeros(S.NUM_ACTIONS, np.bool_)
                    board.mask_roads(s, p, roads)
                    for e in range(S.NUM_EDGES):
                        if roads[S.BUILD_ROAD.at(e)] != board.can_place_road(s, p, e):
                            return i, steps, 103
        total += steps
        if G.to_act(s) < 0:
            ended += 1
            if board.total_points(s, s['winner']) < 10:
                return i, steps, 102
    return -1, total, ended


@G.jit
def _count_level(s, p, level):
    k = 0
    for c in range(S.NUM_CORNERS):
        if s['corner_owner'][c] == p and s['corner_level'][c] == level:
            k += 1
    return k


def _run_fuzz(games, n, hidden, fixed, seed):
    states = np.zeros(games, S.RECORD_DTYPE)
    i, step, code = _fuzz(states.view(np.uint8), n, np.array([hidden, fixed], np.int64), np.uint64(seed), 100000, 7)
    names = {**GAME.invariant_names, -1: "empty mask", 100: "longest road differs from brute force",
             101: "points differ from their sources", 102: "winner without ten points",
             103: "the road mask differs from can_place_road",
             104: "an automatic stage left in the record between two decisions"}
    assert i < 0, f"game {i}, step {step}: {names.get(code, code)}"
    assert code == games, "every game reached the rules' end"


@pytest.mark.parametrize("n,hidden,fixed", [(4, 0, 0), (3, 1, 0), (4, 1, 1)])
def test_fuzz_random_games_keep_the_invariants(n, hidden, fixed):
    _run_fuzz(120, n, hidden, fixed, seed=11 + n + 2 * hidden + 4 * fixed)


@pytest.mark.slow
@pytest.mark.parametrize("n,hidden,fixed", [(4, 0, 0), (3, 0, 0), (4, 1, 0), (3, 1, 1)])
def test_fuzz_many_random_games_keep_the_invariants(n, hidden, fixed):
    _run_fuzz(2000, n, hidden, fixed, seed=1000 + n + 2 * hidden + 4 * fixed)


# =========================================================================== options
def test_options_are_checked():
    assert GAME.options(4).tolist() == [0, 0]
    assert GAME.options(3, hidden_harbours=True, fixed_island=True).tolist() == [1, 1]
    with pytest.raises(ValueError, match=r"num_players must be one of \[3, 4\]"):
        GAME.options(2)
    with pytest.raises(ValueError, match="hidden_harbours must be True or False"):
        GAME.options(4, hidden_harbours="yes")
    with pytest.raises(TypeError):
        GAME.options(4, seafarers=True)


def test_past_the_turn_counts_top_it_steps_back_a_round_keeping_whose_turn():
    from frontierzoo.envs.frontier import turn
    s = new_record(GAME, 3, 1)
    s["first_player"] = 1
    s["turn"] = S.TURNS_MAX
    s["turn_seat"] = (1 + S.TURNS_MAX - 1) % 3
    turn.end_turn(s)
    assert s["turn"] == S.TURNS_MAX + 1 - 3 == 999_998
    assert s["turn_seat"] == (1 + s["turn"] - 1) % 3 == 2
