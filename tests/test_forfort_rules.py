"""Forfort rule tests: build a position, apply a decision, assert the rulebook's consequence.

Each test is named after the rule it checks (rulebook 004_4481cda200334d69, RULES.md).
"""
import numpy as np
import pytest

from frontierzoo.envs import forfort_v0
from frontierzoo.envs.common.engine import compiled, new_record, pick_legal
from frontierzoo.envs.common.rng import random_u64, seed_rng
from frontierzoo.envs.forfort import armies, core, effects, invariants, places, render, scoring
from frontierzoo.envs.forfort.fort import can_build_at
from frontierzoo.envs.forfort.content import WALL_SYMBOLS
from frontierzoo.envs.forfort.env import GAME
from helpers import RuleKit
from frontierzoo.envs.forfort.state import (
    ARMY, ARMY_OVERTHROWN, ARMY_RESERVE, BUILD, CAMP, CARDS_PER_COLOUR, DIRECTION, DISCARD,
    DRAWBRIDGE, EAST, EFFECT, FIRST_CAMP, NORTH, NUM_ACTIONS, OPPONENT, PAIR, PASS, PICK, PICK_TOP,
    ROW, SIDE_FAR, SIDE_LEFT, SIDE_RIGHT, SOUTH, SPACE, ST_DIRECTION, ST_DRAWBRIDGE, ST_FIRST_CAMP,
    ST_GUARD, ST_MAIN, ST_MASON_PICK, ST_MASON_SPACE, ST_OVER, ST_PAIR, ST_ROW, ST_TARGET, WALLS, WEST,
    OBS_SEATS, SEAT_FORT, F_CAMP, OBS_EFFECT_FLAGS, E_BREACH, E_MASON_FREE, ST_RESOLVE, MASON,
    GUARD, RAM, CATAPULT, SIEGE_TOWER, LINES, FRONT_LINE, SECOND_ROW, THIRD_ROW,
    GRID, SLOTS, SPACES, SPACE_FEATURE, F_PRESENT, F_WALL, F_KIND, F_SHAPE, F_SYMBOLS, F_HEIGHT,
    DEFENDED, STRAIGHT)
from frontierzoo.envs.forfort.turn import settle, start_turn
from frontierzoo.envs.forfort.words import wall_name

# The designed walls (content.py), by what is printed on them.
CORNER_MASON, STRAIGHT_MASON, CORNER_RAM, STRAIGHT_RAM = 0, 1, 2, 3
CORNER_CATAPULT, STRAIGHT_CATAPULT, CORNER_TOWER, STRAIGHT_TOWER = 4, 5, 6, 7
CORNER_GUARD, STRAIGHT_GUARD, CORNER_DOOR_MASON, STRAIGHT_DOOR_GUARD = 8, 9, 10, 11
CORNER_MASON_RAM, STRAIGHT_MASON_CATAPULT, CORNER_MASON_TOWER, STRAIGHT_MASON_GUARD = 12, 13, 14, 15
CORNER_DOOR_RAM_CATAPULT, STRAIGHT_DOOR_RAM_TOWER = 16, 17
CORNER_DEFENDED_RAM_GUARD, STRAIGHT_DEFENDED_CATAPULT_TOWER = 18, 19
CORNER_DEFENDED_CATAPULT_GUARD, STRAIGHT_DEFENDED_TOWER_GUARD = 20, 21
NW, N, NE, E, SE, S, SW, W = range(8)
AXIS_NS, AXIS_EW, AXIS_NE_SW, AXIS_NW_SE = range(4)
_G = compiled(GAME)
RECORD_BYTES = GAME.dtype.itemsize


def wall(seat, w):
    return seat * CARDS_PER_COLOUR + w


def camp(seat, k=0):
    return seat * CARDS_PER_COLOUR + FIRST_CAMP + k


def position(n=2, teams=False, hands=None, dungeons=None, forts=None, discards=None, turn=0,
             top_axis=AXIS_NS):
    """A position built card by card; every card stays in exactly one place.

    hands: {seat: [walls]}; dungeons: {seat: [walls, bottom first]} (walls placed nowhere else
    go below them, in the dungeon); forts: {(seat, space): [cards, bottom first]};
    discards: {seat: [cards]}. The top dungeon card's arrows point along ``top_axis``. A first
    camp that no fort holds lies destroyed in its owner's discard pile (every player places one
    at the set-up). player_0 played first: the players before ``turn`` have had their turn.
    """
    s = new_record(GAME, n, 0, teams=teams)
    hands, dungeons, forts, discards = hands or {}, dungeons or {}, forts or {}, discards or {}
    s["hand"][:] = 0
    s["hand_count"][:] = 0
    s["height"][:] = 0
    s["fort"][:] = -1
    s["discard"][:] = 0
    s["camp_reserve"][:n] = 1
    s["drawbridge"][:] = -1
    for seat in range(n):
        if not any(camp(seat) in cards for cards in forts.values()):
            discards = {**discards, seat: list(discards.get(seat, [])) + [camp(seat)]}
    for (fort, space), cards in forts.items():
        for c in cards:
            places.push_card(s, fort, space, c)
    for seat in range(n):
        placed = set(hands.get(seat, [])) | set(dungeons.get(seat, []))
        for w in hands.get(seat, []):
            s["hand"][seat, w] = 1
        s["hand_count"][seat] = len(hands.get(seat, []))
        for cards in forts.values():
            placed |= {c % CARDS_PER_COLOUR for c in cards if c // CARDS_PER_COLOUR == seat}
        for c in discards.get(seat, []):
            s["discard"][seat, c] = 1
        for other in discards.values():
            placed |= {c % CARDS_PER_COLOUR for c in other if c // CARDS_PER_COLOUR == seat}
        rest = [w for w in range(WALLS) if w not in placed]
        order = rest + list(dungeons.get(seat, []))
        s["dungeon"][seat, :len(order)] = order
        s["dungeon_axis"][seat, :] = AXIS_EW
        s["dungeon_size"][seat] = len(order)
        if order:
            s["dungeon_axis"][seat, len(order) - 1] = top_axis
        for k in range(4):
            if any(camp(seat, k) in cards for cards in forts.values()) or \
                    any(camp(seat, k) in d for d in discards.values()):
                s["camp_reserve"][seat, k] = 0
    s["first_player"] = 0
    s["turns"][:] = 0
    s["turns"][:turn] = 1
    start_turn(s, turn)
    settle(s)
    assert core.check_invariants(s) == 0
    return s


def empty_dungeon(s, seat):
    """Move every card of ``seat``'s dungeon to its discard pile: the last round begins."""
    for i in range(s["dungeon_size"][seat]):
        s["discard"][seat, wall(seat, s["dungeon"][seat, i])] = 1
    s["dungeon_size"][seat] = 0
    s["end_triggered"] = 1
    assert core.check_invariants(s) == 0


KIT = RuleKit(GAME)
legal, play = KIT.legal, KIT.play


def build(w, space):
    return BUILD.at(w, space)


def effect(w, slot=0):
    return EFFECT.at(w, slot)


def space_of(rel, space):
    return SPACE.at(rel, space)


def visible(s, seat, space):
    return int(places.top_card(s, seat, space))


# --------------------------------------------------------------------------- set-up


def test_setup_dungeon_of_22_hand_of_3_and_one_camp_in_the_fort():
    env = forfort_v0.env(num_players=4)
    env.reset(seed=3)
    s = env.record
    for seat in range(4):
        # nothing is played before the first decision: the camps are the players' first choices
        assert s["hand_count"][seat] == 3
        assert s["dungeon_size"][seat] == 22 - 3
        assert (s["height"][seat] > 0).sum() == 0 and s["camp_reserve"][seat].sum() == 4
        assert (s["army_fort"][seat] == ARMY_RESERVE).all() and s["drawbridge"][seat] == -1
    for _ in range(4):
        env.step(int(env.legal_actions()[0]))
    for seat in range(4):
        assert (s["height"][seat] > 0).sum() == 1 and s["camp_reserve"][seat].sum() == 3
        assert s["hand_count"][seat] == 3 and s["dungeon_size"][seat] == 22 - 3


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_each_player_places_a_first_camp_in_turn_order_from_the_first_player(n):
    """Set-up step 4 is the player's choice: from the first player on, each places a camp on one
    of the 8 spaces of their own fort, seeing the camps already down; then the first turn."""
    s = new_record(GAME, n, 5)
    first = int(s["first_player"])
    assert s["stage"] == ST_FIRST_CAMP and s["actor"] == first and s["turn_seat"] == first
    for i in range(n):
        seat = (first + i) % n
        assert s["actor"] == seat and s["stage"] == ST_FIRST_CAMP
        assert legal(s) == {space_of(0, space) for space in range(8)}   # own fort, any space
        space = (3 * i) % 8
        play(s, space_of(0, space))
        assert visible(s, seat, space) == camp(seat, 0)
        seen = np.zeros(GAME.obs_size, np.float32)
        core.observe(s, (seat + 1) % n, seen)       # the next player sees the camp now
        assert seen[OBS_SEATS.at(n - 1, SEAT_FORT.at(space, F_CAMP.start))] == 1.0
    assert s["stage"] == ST_MAIN and s["actor"] == first and s["turns"].sum() == 0
    assert all(s["camp_reserve"][j].sum() == 3 for j in range(n))


def test_setup_arrows_are_turned_at_random_at_every_shuffle():
    axes = set()
    tops = set()
    for seed in range(20):
        env = forfort_v0.env(num_players=2)
        env.reset(seed=seed)
        axes |= set(env.record["dungeon_axis"][0, :19].tolist())
        tops.add(tuple(env.record["dungeon"][0, :19]))
    assert axes == {0, 1, 2, 3} and len(tops) == 20


@pytest.mark.parametrize("arrows,axes", [("four", {AXIS_NS, AXIS_EW, AXIS_NE_SW, AXIS_NW_SE}),
                                         ("two", {AXIS_NS, AXIS_EW})])
def test_arrows_point_along_four_axes_or_with_the_two_reading_along_two(arrows, axes):
    """"four" (the default): the arrows point at corners too, so corner walls can be built by the
    arrows; "two": quarter turns of orthogonal arrows only. determinize redraws the hidden arrows
    the same way."""
    seen = set()
    for seed in range(10):
        env = forfort_v0.env(num_players=2, arrows=arrows)
        env.reset(seed=seed)
        seen |= set(env.record["dungeon_axis"][:2, :19].ravel().tolist())
        t = env.record.copy()
        core.determinize(t, 0)
        seen |= set(t["dungeon_axis"][:2, :19].ravel().tolist())
    assert seen == axes
    with pytest.raises(ValueError, match="arrows"):
        forfort_v0.env(arrows="three")


@pytest.mark.parametrize("n,me,other,side", [
    (2, 0, 1, SIDE_FAR), (2, 1, 0, SIDE_FAR),
    (3, 0, 1, SIDE_LEFT), (3, 0, 2, SIDE_FAR), (3, 1, 2, SIDE_LEFT), (3, 1, 0, SIDE_RIGHT),
    (3, 2, 0, SIDE_FAR), (3, 2, 1, SIDE_RIGHT),
    (4, 0, 1, SIDE_LEFT), (4, 0, 2, SIDE_FAR), (4, 0, 3, SIDE_RIGHT), (4, 3, 0, SIDE_LEFT),
])
def test_front_lines_face_each_opponent(n, me, other, side):
    """The side of my fort nearest an opponent is my front line for them."""
    s = position(n=n)
    assert s["front"][me, other] == side


# --------------------------------------------------------------------------- a. build a wall


def test_build_only_where_the_top_cards_arrows_point():
    s = position(hands={0: [STRAIGHT_RAM, CORNER_RAM]}, top_axis=AXIS_NS)
    builds = {a for a in legal(s) if BUILD.has(a)}
    assert builds == {build(STRAIGHT_RAM, N), build(STRAIGHT_RAM, S)}


def test_corner_walls_on_corners_and_straight_walls_beside_the_dungeon():
    s = position(hands={0: [STRAIGHT_RAM, CORNER_RAM]}, top_axis=AXIS_NW_SE)
    builds = {a for a in legal(s) if BUILD.has(a)}
    assert builds == {build(CORNER_RAM, NW), build(CORNER_RAM, SE)}


def test_build_on_any_visible_camp_whatever_the_arrows():
    s = position(hands={0: [CORNER_RAM]}, forts={(0, SW): [camp(0)]}, top_axis=AXIS_NS)
    assert {a for a in legal(s) if BUILD.has(a)} == {build(CORNER_RAM, SW)}
    play(s, build(CORNER_RAM, SW))
    assert visible(s, 0, SW) == wall(0, CORNER_RAM) and s["height"][0, SW] == 2


def test_covered_camp_gives_no_placement_and_no_points():
    s = position(hands={0: [CORNER_RAM]}, forts={(0, SW): [camp(0), wall(0, CORNER_GUARD)]},
                 top_axis=AXIS_NS)
    assert not {a for a in legal(s) if BUILD.has(a)}
    assert scoring.fort_score(s, 0) == 2   # the wall on top scores, the covered camp does not


def test_covering_a_wall_makes_it_inactive():
    s = position(hands={0: [STRAIGHT_GUARD]}, forts={(0, N): [wall(0, STRAIGHT_RAM)]}, top_axis=AXIS_NS)
    play(s, build(STRAIGHT_GUARD, N))
    assert visible(s, 0, N) == wall(0, STRAIGHT_GUARD) and s["height"][0, N] == 2
    assert scoring.fort_score(s, 0) == 2


def test_army_on_a_space_prevents_building_there():
    s = position(hands={0: [STRAIGHT_RAM]}, top_axis=AXIS_NS)
    armies.place_army(s, 1, 0, N, EAST)
    assert {a for a in legal(s) if BUILD.has(a)} == {build(STRAIGHT_RAM, S)}


# --------------------------------------------------------------------------- b. effects


def test_battering_ram_destroys_the_front_line_facing_the_attacker():
    # player_1 rams player_0: in a 2-player game player_0's far row faces player_1.
    s = position(turn=1, hands={1: [STRAIGHT_RAM]},
                 forts={(0, NW): [wall(0, CORNER_GUARD)], (0, N): [camp(0), wall(0, STRAIGHT_GUARD)],
                        (0, NE): [wall(0, CORNER_DEFENDED_RAM_GUARD)], (0, S): [wall(0, STRAIGHT_MASON)]})
    play(s, effect(STRAIGHT_RAM))
    assert s["stage"] == ST_TARGET and legal(s) == {OPPONENT.at(1)}
    play(s, OPPONENT.at(1))
    assert s["height"][0, NW] == 0 and s["height"][0, N] == 0
    assert visible(s, 0, NE) == wall(0, CORNER_DEFENDED_RAM_GUARD)   # defended walls stand
    assert visible(s, 0, S) == wall(0, STRAIGHT_MASON)                # not on the front line
    # destroyed cards, covered ones too, go to the attacked player's own discard pile
    assert {int(c) for c in np.flatnonzero(s["discard"][0])} == {
        wall(0, CORNER_GUARD), camp(0), wall(0, STRAIGHT_GUARD)}
    assert s["discard"][1, wall(1, STRAIGHT_RAM)] == 1   # the used card goes on its owner's pile


def test_battering_ram_pair_destroys_defended_walls():
    s = position(turn=1, hands={1: [STRAIGHT_RAM]}, top_axis=AXIS_NS,
                 forts={(1, NW): [wall(1, CORNER_RAM)], (0, NE): [wall(0, CORNER_DEFENDED_RAM_GUARD)]})
    play(s, build(STRAIGHT_RAM, N))   # ram next to ram: the pair fires at once
    assert s["stage"] == ST_TARGET and s["breach"] == 1
    play(s, OPPONENT.at(1))
    assert s["height"][0, NE] == 0


def test_catapult_hits_the_second_or_third_row():
    forts = {(0, W): [wall(0, STRAIGHT_GUARD)], (0, E): [wall(0, STRAIGHT_MASON)],
             (0, SW): [wall(0, CORNER_GUARD)], (0, S): [wall(0, STRAIGHT_DEFENDED_TOWER_GUARD)],
             (0, N): [wall(0, STRAIGHT_RAM)]}
    s = position(turn=1, hands={1: [STRAIGHT_CATAPULT]}, forts=forts)
    play(s, effect(STRAIGHT_CATAPULT), OPPONENT.at(1))
    assert s["stage"] == ST_ROW and legal(s) == {ROW.at(0), ROW.at(1)}
    play(s, ROW.at(0))   # the second row: W and E
    assert s["height"][0, W] == 0 and s["height"][0, E] == 0 and s["height"][0, SW] == 1
    s = position(turn=1, hands={1: [STRAIGHT_CATAPULT]}, forts=forts)
    play(s, effect(STRAIGHT_CATAPULT), OPPONENT.at(1), ROW.at(1))   # the third row: SW, S, SE
    assert s["height"][0, SW] == 0 and s["height"][0, S] == 1 and s["height"][0, W] == 1
    assert s["height"][0, N] == 1


def test_siege_tower_destroys_the_top_card_of_an_opponents_dungeon():
    s = position(turn=1, hands={0: [CORNER_RAM], 1: [STRAIGHT_TOWER]}, dungeons={0: [CORNER_GUARD, STRAIGHT_MASON]})
    size = s["dungeon_size"][0]
    play(s, effect(STRAIGHT_TOWER), OPPONENT.at(1))
    assert s["dungeon_size"][0] == size - 1 and s["discard"][0, wall(0, STRAIGHT_MASON)] == 1


def test_siege_tower_pair_fires_twice():
    s = position(turn=1, hands={0: [CORNER_RAM], 1: [STRAIGHT_TOWER]}, top_axis=AXIS_NS,
                 forts={(1, NW): [wall(1, CORNER_TOWER)]}, dungeons={0: [CORNER_GUARD, STRAIGHT_MASON]})
    size = s["dungeon_size"][0]
    play(s, build(STRAIGHT_TOWER, N), OPPONENT.at(1))
    assert s["stage"] == ST_TARGET   # the second use
    play(s, OPPONENT.at(1))
    assert s["dungeon_size"][0] == size - 2
    assert s["discard"][0, wall(0, STRAIGHT_MASON)] and s["discard"][0, wall(0, CORNER_GUARD)]


def test_guard_places_an_army_on_an_empty_space_with_its_attack_direction():
    s = position(turn=1, hands={0: [CORNER_RAM], 1: [STRAIGHT_GUARD]}, forts={(0, N): [wall(0, STRAIGHT_RAM)]})
    play(s, effect(STRAIGHT_GUARD))
    assert s["stage"] == ST_GUARD
    assert space_of(1, N) not in legal(s) and space_of(1, NW) in legal(s)   # only empty spaces
    play(s, space_of(1, W))
    assert s["stage"] == ST_DIRECTION
    assert legal(s) == {DIRECTION.at(NORTH), DIRECTION.at(SOUTH), DIRECTION.at(WEST)}  # not the dungeon
    play(s, DIRECTION.at(NORTH))
    assert s["army_fort"][1, 0] == 0 and s["army_space"][1, 0] == W and s["army_dir"][1, 0] == NORTH


def test_army_advances_at_the_start_of_its_owners_turn_destroying_what_it_enters():
    s = position(turn=0, hands={0: [STRAIGHT_RAM], 1: [STRAIGHT_GUARD]},
                 forts={(0, NW): [camp(0), wall(0, CORNER_GUARD)]})
    armies.place_army(s, 1, 0, W, NORTH)
    play(s, DISCARD.at(STRAIGHT_RAM)) if DISCARD.at(STRAIGHT_RAM) in legal(s) else play(s, min(legal(s)))
    while s["turn_seat"] == 0:
        play(s, min(legal(s)))
    # player_1's turn began: the army moved W -> NW and destroyed both cards there
    assert s["army_space"][1, 0] == NW and s["height"][0, NW] == 0
    assert s["discard"][0, wall(0, CORNER_GUARD)] and s["discard"][0, camp(0)]


def test_army_leaving_the_fort_returns_to_its_owner():
    s = position(turn=1, hands={1: [STRAIGHT_GUARD]})
    armies.place_army(s, 1, 0, NW, NORTH)
    armies.advance_armies(s, 1)
    assert s["army_fort"][1, 0] == ARMY_RESERVE and s["armies_here"][0].sum() == 0


def test_army_entering_a_defended_wall_is_overthrown():
    s = position(turn=1, hands={1: [STRAIGHT_GUARD]}, forts={(0, NW): [wall(0, CORNER_DEFENDED_RAM_GUARD)]})
    armies.place_army(s, 1, 0, N, WEST)
    armies.advance_armies(s, 1)
    assert s["army_fort"][1, 0] == ARMY_OVERTHROWN
    assert visible(s, 0, NW) == wall(0, CORNER_DEFENDED_RAM_GUARD)


def test_guard_overthrows_an_invading_army():
    s = position(turn=0, hands={0: [STRAIGHT_GUARD]})
    armies.place_army(s, 1, 0, N, EAST)
    play(s, effect(STRAIGHT_GUARD))
    assert ARMY.at(1, 0) in legal(s)
    play(s, ARMY.at(1, 0))
    assert s["army_fort"][1, 0] == ARMY_OVERTHROWN and s["armies_here"][0, N] == 0


def test_guard_pair_fires_twice():
    s = position(turn=1, hands={0: [CORNER_RAM], 1: [STRAIGHT_GUARD]}, top_axis=AXIS_NS,
                 forts={(1, NW): [wall(1, CORNER_GUARD)]})
    play(s, build(STRAIGHT_GUARD, N), space_of(1, NW), DIRECTION.at(EAST))
    assert s["stage"] == ST_GUARD
    play(s, space_of(1, SE), DIRECTION.at(WEST))
    assert sorted(s["army_space"][1, :2].tolist()) == [NW, SE]


def test_mason_builds_a_card_from_the_discard_pile_by_the_placement_rules():
    s = position(hands={0: [STRAIGHT_MASON]}, discards={0: [wall(0, STRAIGHT_RAM), wall(0, CORNER_GUARD)]},
                 top_axis=AXIS_EW)
    play(s, effect(STRAIGHT_MASON))
    assert s["stage"] == ST_MASON_PICK
    assert legal(s) == {PICK.at(STRAIGHT_RAM)}   # the corner wall has nowhere to go
    play(s, PICK.at(STRAIGHT_RAM))
    assert s["stage"] == ST_MASON_SPACE and legal(s) == {space_of(0, E), space_of(0, W)}
    play(s, space_of(0, W))
    assert visible(s, 0, W) == wall(0, STRAIGHT_RAM) and not s["discard"][0, wall(0, STRAIGHT_RAM)]


def test_mason_pair_builds_from_discard_or_dungeon_top_on_any_space():
    s = position(hands={0: [STRAIGHT_MASON]}, top_axis=AXIS_NS, forts={(0, NW): [wall(0, CORNER_MASON)]},
                 dungeons={0: [STRAIGHT_GUARD, CORNER_TOWER]})
    play(s, build(STRAIGHT_MASON, N))
    assert s["stage"] == ST_MASON_PICK and s["mason_free"] == 1 and PICK_TOP.at() in legal(s)
    play(s, PICK_TOP.at())
    assert s["pending_card"] == CORNER_TOWER
    assert legal(s) == {space_of(0, NE), space_of(0, SE), space_of(0, SW), space_of(0, NW)}
    play(s, space_of(0, SE))
    assert visible(s, 0, SE) == wall(0, CORNER_TOWER)


# --------------------------------------------------------------------------- c. camps, d. discard


def test_camp_discards_a_card_and_goes_on_any_empty_space():
    s = position(hands={0: [CORNER_RAM]}, forts={(0, N): [wall(0, STRAIGHT_GUARD)]}, top_axis=AXIS_NS)
    play(s, CAMP.at(CORNER_RAM))
    assert space_of(0, N) not in legal(s) and len(legal(s)) == 7
    play(s, space_of(0, SE))
    assert places.is_camp(visible(s, 0, SE)) and s["discard"][0, wall(0, CORNER_RAM)]


def test_team_game_camps_may_go_in_the_teammates_fort():
    s = position(n=4, teams=True, hands={0: [CORNER_RAM]}, top_axis=AXIS_NS)
    play(s, CAMP.at(CORNER_RAM))
    assert space_of(2, NW) in legal(s) and space_of(1, NW) not in legal(s)
    play(s, space_of(2, NW))
    assert visible(s, 2, NW) == camp(0, 1)   # camp 0 went down at the set-up


def test_team_game_guard_overthrows_an_army_in_the_teammates_fort():
    s = position(n=4, teams=True, hands={0: [STRAIGHT_GUARD]})
    armies.place_army(s, 1, 2, N, EAST)
    play(s, effect(STRAIGHT_GUARD))
    assert ARMY.at(1, 0) in legal(s)
    play(s, ARMY.at(1, 0))
    assert s["army_fort"][1, 0] == ARMY_OVERTHROWN


def test_discard_only_when_no_build_effect_or_camp_is_possible():
    # no arrows fit, no camps left, and no effect can do anything: the card must be discarded
    s = position(hands={0: [CORNER_TOWER]}, top_axis=AXIS_NS)
    for k in range(4):   # every camp destroyed
        s["camp_reserve"][0, k] = 0
        s["discard"][0, camp(0, k)] = 1
    empty_dungeon(s, 1)
    assert legal(s) == {DISCARD.at(CORNER_TOWER)}
    s2 = position(hands={0: [CORNER_TOWER]}, top_axis=AXIS_NS)
    assert DISCARD.at(CORNER_TOWER) not in legal(s2)


# --------------------------------------------------------------------------- drawbridge


def test_drawbridge_draws_a_card_and_gives_an_extra_turn():
    s = position(hands={0: [STRAIGHT_DOOR_GUARD, CORNER_RAM]}, top_axis=AXIS_NS)
    hand, size = s["hand_count"][0], s["dungeon_size"][0]
    play(s, build(STRAIGHT_DOOR_GUARD, N))
    assert s["stage"] == ST_DRAWBRIDGE and legal(s) == {DRAWBRIDGE.at(N), PASS.at()}
    play(s, DRAWBRIDGE.at(N))
    # one card for the drawbridge, one for the turn's draw, and player_0 plays again
    assert s["hand_count"][0] == hand - 1 + 2 and s["dungeon_size"][0] == size - 2
    assert s["turn_seat"] == 0 and s["stage"] == ST_MAIN and s["turns"][0] == 0
    assert s["drawbridge"][0] == N


def test_drawbridge_returns_when_its_wall_is_covered_or_destroyed():
    s = position(hands={0: [STRAIGHT_GUARD]}, top_axis=AXIS_NS, forts={(0, N): [wall(0, STRAIGHT_DOOR_GUARD)]})
    s["drawbridge"][0] = N
    play(s, build(STRAIGHT_GUARD, N))
    assert s["drawbridge"][0] == -1
    s = position(turn=1, hands={1: [STRAIGHT_RAM]}, forts={(0, N): [wall(0, STRAIGHT_DOOR_GUARD)]})
    s["drawbridge"][0] = N
    play(s, effect(STRAIGHT_RAM), OPPONENT.at(1))
    assert s["drawbridge"][0] == -1


# --------------------------------------------------------------------------- combinations


def test_pair_fires_when_identical_symbols_sit_side_by_side():
    s = position(turn=1, hands={1: [STRAIGHT_TOWER]}, top_axis=AXIS_NS, forts={(1, NE): [wall(1, CORNER_TOWER)]})
    play(s, build(STRAIGHT_TOWER, N))
    assert s["stage"] == ST_TARGET and s["effect"] == 3 and s["effect_uses"] == 2


def test_no_pair_across_the_dungeon_or_with_covered_cards():
    s = position(turn=1, hands={0: [CORNER_RAM], 1: [STRAIGHT_TOWER]}, top_axis=AXIS_NS,
                 forts={(1, S): [wall(1, STRAIGHT_MASON)], (1, NE): [wall(1, CORNER_TOWER), wall(1, CORNER_GUARD)]})
    play(s, build(STRAIGHT_TOWER, N))
    assert s["turn_seat"] == 0   # nothing fired: the turn passed


def test_two_pairs_fire_both_in_the_chosen_order():
    s = position(turn=1, hands={1: [STRAIGHT_DOOR_RAM_TOWER]}, top_axis=AXIS_NS,
                 forts={(1, NW): [wall(1, CORNER_RAM)], (1, NE): [wall(1, CORNER_TOWER)]},
                 dungeons={0: [CORNER_GUARD, STRAIGHT_MASON]})
    play(s, build(STRAIGHT_DOOR_RAM_TOWER, N))
    # the siege-tower pair first (ram pair would need a target; the rams have nothing to hit)
    assert s["stage"] == ST_PAIR and legal(s) == {PAIR.at(1), PAIR.at(3)}
    play(s, PAIR.at(3), OPPONENT.at(1), OPPONENT.at(1))
    assert s["discard"][0, wall(0, STRAIGHT_MASON)] and s["discard"][0, wall(0, CORNER_GUARD)]
    # the ram pair then had no target and lapsed; the drawbridge (a door) is offered
    assert s["stage"] == ST_DRAWBRIDGE and s["pairs"].sum() == 0


def observe(s, seat):
    out = np.zeros(GAME.obs_size, np.float32)
    core.observe(s, seat, out)
    return out


def test_pair_powers_end_with_their_effect():
    """A ram pair's breach and a mason pair's free building last as long as their effect: the next
    player's observation shows neither, nor a top card the mason pair put back."""
    flags = OBS_EFFECT_FLAGS.start
    s = position(turn=1, hands={0: [CORNER_GUARD], 1: [STRAIGHT_RAM]}, top_axis=AXIS_NS,
                 forts={(1, NW): [wall(1, CORNER_RAM)], (0, NE): [wall(0, CORNER_DEFENDED_RAM_GUARD)]})
    play(s, build(STRAIGHT_RAM, N))
    assert s["breach"] == 1 and observe(s, 1)[flags + E_BREACH.start] == 1.0
    play(s, OPPONENT.at(1))
    assert s["actor"] == 0 and s["breach"] == 0 and observe(s, 0)[flags + E_BREACH.start] == 0.0
    s = position(hands={0: [STRAIGHT_MASON], 1: [CORNER_GUARD]}, top_axis=AXIS_NS,
                 forts={(0, NW): [wall(0, CORNER_MASON)]}, dungeons={0: [STRAIGHT_GUARD, CORNER_TOWER]})
    play(s, build(STRAIGHT_MASON, N), PICK_TOP.at(), space_of(0, SE))
    assert s["actor"] == 1 and s["mason_free"] == 0 and observe(s, 1)[flags + E_MASON_FREE.start] == 0.0
    # a mason pair's top card that fits nowhere (armies on every corner) goes back: nothing held
    s = position(hands={0: [CORNER_GUARD], 1: [CORNER_GUARD]}, top_axis=AXIS_NS,
                 dungeons={0: [STRAIGHT_GUARD, CORNER_TOWER]})
    for space, heading in ((NW, NORTH), (NE, NORTH), (SE, SOUTH), (SW, SOUTH)):
        armies.place_army(s, 1, 0, space, heading)
    effects.start_effect(s, MASON, True)   # the mason pair fires
    s["stage"] = ST_RESOLVE
    settle(s)
    assert legal(s) == {PICK_TOP.at()}
    play(s, PICK_TOP.at())
    assert s["hand"][0, CORNER_TOWER] == 1   # back on the dungeon, then the turn's draw
    assert s["pending_card"] == -1 and s["pending_from_top"] == 0 and s["mason_free"] == 0


# --------------------------------------------------------------------------- the end


def full_fort(seat, last_missing=None):
    walls = {NW: CORNER_RAM, N: STRAIGHT_RAM, NE: CORNER_CATAPULT, E: STRAIGHT_CATAPULT,
             SE: CORNER_MASON_TOWER, S: STRAIGHT_MASON_CATAPULT, SW: CORNER_DOOR_MASON, W: STRAIGHT_DOOR_RAM_TOWER}
    return {(seat, sp): [wall(seat, w)] for sp, w in walls.items() if sp != last_missing}


def test_completing_the_fort_wins_at_once():
    s = position(hands={0: [STRAIGHT_GUARD]}, top_axis=AXIS_NS, forts=full_fort(0, last_missing=N))
    play(s, build(STRAIGHT_GUARD, N))
    assert s["stage"] == ST_OVER and list(s["winner"][:2]) == [1, 0]
    assert list(s["last_rewards"][:2]) == [1.0, -1.0]


def test_a_camp_in_the_fort_is_not_complete():
    forts = full_fort(0, last_missing=N)
    forts[(0, S)] = [camp(0)]
    s = position(hands={0: [STRAIGHT_GUARD]}, top_axis=AXIS_NS, forts=forts)
    play(s, build(STRAIGHT_GUARD, N))
    assert s["stage"] != ST_OVER


def test_team_wins_when_one_teammate_completes_the_fort():
    s = position(n=4, teams=True, turn=1, hands={1: [STRAIGHT_GUARD]}, top_axis=AXIS_NS,
                 forts=full_fort(1, last_missing=N))
    play(s, build(STRAIGHT_GUARD, N))
    assert list(s["winner"][:4]) == [0, 1, 0, 1]


def test_empty_dungeon_ends_the_game_after_equal_turns_with_bonus_and_scoring():
    # player_1 (not the first player) draws its dungeon's last card: that round is the last.
    s = position(turn=1, hands={1: [STRAIGHT_RAM]}, dungeons={1: [CORNER_GUARD]},
                 forts={(0, NW): [wall(0, CORNER_RAM)], (0, N): [camp(0)]})
    s["dungeon_size"][1] = 1
    s["dungeon"][1, 0] = CORNER_GUARD
    for w in range(WALLS):   # the rest of player_1's walls are in its discard pile
        if w not in (STRAIGHT_RAM, CORNER_GUARD):
            s["discard"][1, wall(1, w)] = 1
    assert core.check_invariants(s) == 0
    armies.place_army(s, 1, 0, E, NORTH)
    play(s, CAMP.at(STRAIGHT_RAM), space_of(0, SE))
    # player_1 drew the last card; player_0 is the first player, so the game ends now
    assert s["stage"] == ST_OVER and s["end_triggered"] == 1
    # player_0: wall 2 + camp 1 + bonus 2 = 5; player_1: camp 1 + army in player_0's fort 1 = 2
    assert scoring.seat_points(s, 0, True) == 5 and scoring.seat_points(s, 1, True) == 2
    assert list(s["winner"][:2]) == [1, 0]


def test_play_continues_until_everyone_has_had_the_same_number_of_turns():
    s = position(n=3, turn=0, hands={0: [STRAIGHT_RAM], 1: [STRAIGHT_RAM], 2: [STRAIGHT_RAM]},
                 dungeons={0: [CORNER_GUARD]})
    s["dungeon_size"][0] = 1
    s["dungeon"][0, 0] = CORNER_GUARD
    for w in range(WALLS):
        if w not in (STRAIGHT_RAM, CORNER_GUARD):
            s["discard"][0, wall(0, w)] = 1
    assert core.check_invariants(s) == 0
    play(s, CAMP.at(STRAIGHT_RAM), space_of(0, SE))   # player_0 empties its dungeon
    assert s["end_triggered"] == 1 and s["turn_seat"] == 1 and s["stage"] != ST_OVER
    while s["stage"] != ST_OVER:
        play(s, min(legal(s)))
    assert list(s["turns"][:3]) == [1, 1, 1]


def test_ties_share_the_win():
    s = position()
    scoring.end_by_dungeon(s)
    assert list(s["winner"][:2]) == [1, 1] and list(s["last_rewards"][:2]) == [1.0, 1.0]


def test_team_scores_add_both_forts():
    s = position(n=4, teams=True, forts={(0, N): [wall(0, STRAIGHT_RAM)], (2, S): [camp(2)]})
    assert scoring.side_points(s, 0, False) == 3 and scoring.side_points(s, 2, False) == 3
    assert scoring.side_points(s, 1, False) == 0


def test_a_player_with_an_empty_dungeon_can_still_be_attacked():
    s = position(turn=1, hands={1: [STRAIGHT_RAM]}, forts={(0, N): [wall(0, STRAIGHT_GUARD)]})
    empty_dungeon(s, 0)
    play(s, effect(STRAIGHT_RAM), OPPONENT.at(1))
    assert s["height"][0, N] == 0


def test_discard_piles_are_public():
    env = forfort_v0.env(num_players=2)
    env.reset(seed=1)
    s = env.record.copy()
    before = np.zeros(env.game.obs_size, np.float32)
    core.observe(s, 1, before)
    w = int(np.flatnonzero(s["hand"][0])[0])
    s["hand"][0, w] = 0
    s["hand_count"][0] -= 1
    s["discard"][0, wall(0, w)] = 1
    after = np.zeros(env.game.obs_size, np.float32)
    core.observe(s, 1, after)
    assert not np.array_equal(before, after)


def test_every_fort_shows_its_top_cards_to_everyone():
    """A fort is in view of the whole table: each space shows its top card (a wall's kind, shape
    and symbols, or a camp) and how many cards it holds; covered cards and empty spaces show none."""
    s = position(forts={(1, N): [camp(1), wall(1, STRAIGHT_DEFENDED_CATAPULT_TOWER)], (0, S): [camp(0)]})
    face = slice(F_PRESENT.start, F_SYMBOLS.stop)
    defended_wall = np.zeros(F_SYMBOLS.stop, np.float32)   # the camp beneath it does not show
    defended_wall[[F_PRESENT.start, F_WALL.start, F_KIND.at(DEFENDED), F_SHAPE.at(STRAIGHT),
                   F_SYMBOLS.at(CATAPULT), F_SYMBOLS.at(SIEGE_TOWER)]] = 1.0
    a_camp = np.zeros(F_SYMBOLS.stop, np.float32)
    a_camp[[F_PRESENT.start, F_CAMP.start]] = 1.0
    for viewer in (0, 1):
        seen = np.zeros(GAME.obs_size, np.float32)
        core.observe(s, viewer, seen)

        def space(seat, sp):
            return seen[OBS_SEATS.at((seat - viewer) % 2, SEAT_FORT.at(sp, 0)):][:SPACE_FEATURE.size]

        assert np.array_equal(space(1, N)[face], defended_wall) and space(1, N)[F_HEIGHT.start] == 2 / 8
        assert np.array_equal(space(0, S)[face], a_camp) and space(0, S)[F_HEIGHT.start] == 1 / 8
        assert not space(1, NE)[face].any() and space(1, NE)[F_HEIGHT.start] == 0


# --------------------------------------------------------------------------- trust: saves and secrets


def _corrupt_army_in_own_fort(s):
    armies.place_army(s, 0, 0, N, EAST)


def _corrupt_army_facing_the_dungeon(s):
    armies.place_army(s, 1, 0, N, SOUTH)


def _corrupt_camp_on_a_wall(s):
    s["camp_reserve"][0, 1] = 0
    places.push_card(s, 0, NW, camp(0, 1))


def _corrupt_card_above_a_stack(s):
    s["fort"][0, NW, 3] = wall(0, CORNER_GUARD)


def _corrupt_empty_seat(s):
    s["discard"][3, 7] = 1


def _corrupt_breach_outside_a_pair(s):
    s["breach"] = 1


def _corrupt_mason_space_without_a_card(s):
    s["stage"] = ST_MASON_SPACE
    s["effect"] = MASON
    s["effect_uses"] = 1
    s["mason_free"] = 1


def _corrupt_last_round_without_an_empty_dungeon(s):
    s["end_triggered"] = 1


def _corrupt_turns_out_of_order(s):
    s["turns"][0] = 0   # player_0 played first, and player_1 is on turn


def _corrupt_winner_in_a_live_game(s):
    s["winner"][1] = 1


def _corrupt_first_player_off_the_table(s):
    s["first_player"] = 3


def _corrupt_teams_with_two_players(s):
    s["teams"] = 1


def _corrupt_arrows_three_ways(s):
    s["arrow_axes"] = 3


@pytest.mark.parametrize("corrupt,code", [
    (_corrupt_army_in_own_fort, invariants.INV_ARMY),
    (_corrupt_army_facing_the_dungeon, invariants.INV_ARMY),
    (_corrupt_camp_on_a_wall, invariants.INV_FOREIGN_CARD),
    (_corrupt_card_above_a_stack, invariants.INV_STACK),
    (_corrupt_empty_seat, invariants.INV_EMPTY_SEAT),
    (_corrupt_breach_outside_a_pair, invariants.INV_STAGE),
    (_corrupt_mason_space_without_a_card, invariants.INV_STAGE),
    (_corrupt_last_round_without_an_empty_dungeon, invariants.INV_LAST_ROUND),
    (_corrupt_turns_out_of_order, invariants.INV_TURNS),
    (_corrupt_winner_in_a_live_game, invariants.INV_WINNER),
    (_corrupt_first_player_off_the_table, invariants.INV_TABLE),
    (_corrupt_teams_with_two_players, invariants.INV_TABLE),
    (_corrupt_arrows_three_ways, invariants.INV_TABLE),
], ids=lambda x: x.__name__[len("_corrupt_"):] if callable(x) else str(x))
def test_invariants_accept_only_positions_the_rules_reach(corrupt, code):
    """Every invariant names a position no play reaches; a save holding one is refused before
    compiled code sees it (a first player off the table used to pass turns round forever)."""
    s = position(turn=1, hands={0: [CORNER_GUARD], 1: [STRAIGHT_RAM]}, forts={(0, NW): [wall(0, CORNER_RAM)]})
    assert core.check_invariants(s) == 0
    corrupt(s)
    assert core.check_invariants(s) == code
    env = forfort_v0.env()
    env.reset(seed=0)
    header_and_record = env.save()
    record = header_and_record[-GAME.dtype.itemsize:]
    bad = header_and_record[:-len(record)] + np.array(s).tobytes()
    bad_header = bad.replace(b'"seat": 0', b'"seat": 1').replace(b'"agent_selection": "player_0"',
                                                                 b'"agent_selection": "player_1"')
    # an option field out of place is refused by the save's own check, before the invariants
    with pytest.raises(ValueError, match="invariant|the header's options deal"):
        forfort_v0.env().load(bad_header)


def test_invariants_hold_through_the_set_up_and_refuse_a_camp_placed_out_of_turn():
    s = new_record(GAME, 3, 8)
    assert core.check_invariants(s) == 0
    later = (int(s["first_player"]) + 1) % 3
    armies.place_camp(s, later, later, NW)   # the next player's camp, before its turn
    assert core.check_invariants(s) == invariants.INV_SET_UP


def test_private_perturbation_swaps_a_hand_wall_with_the_dungeons_bottom_card():
    """The perturbation the hidden-information tests use changes only what the seat alone holds:
    its hand against the dungeon's bottom card, which no siege tower reaches before the seat
    decides again; the top card, which the others' towers reveal, stays."""
    s = position(hands={0: [CORNER_GUARD, STRAIGHT_RAM]})
    p = s.copy()
    assert GAME.perturb_private(p, 0, np.random.default_rng(0))
    n = s["dungeon_size"][0]
    assert p["dungeon"][0, n - 1] == s["dungeon"][0, n - 1] and p["dungeon"][0, 0] != s["dungeon"][0, 0]
    assert (p["dungeon"][0, 1:n] == s["dungeon"][0, 1:n]).all()
    assert p["hand"][0, s["dungeon"][0, 0]] == 1 and p["hand"][0].sum() == 2
    assert core.check_invariants(p) == 0
    # four cards left: two pairs of siege towers could reach the bottom one
    shallow = position(hands={0: [CORNER_GUARD]}, discards={0: [
        wall(0, w) for w in range(WALLS) if w not in (CORNER_GUARD, CORNER_MASON, STRAIGHT_MASON, CORNER_RAM,
                                                      STRAIGHT_RAM)]})
    assert shallow["dungeon_size"][0] == 4 and core.check_invariants(shallow) == 0
    assert not GAME.perturb_private(shallow, 0, np.random.default_rng(0))


# --------------------------------------------------------------------------- words and pictures


def step_words(s, a, viewer):
    """The decision and the events that follow it, as ``viewer`` hears them."""
    before = s.copy()
    said = GAME.describe_action(s, a, viewer)
    play(s, a)
    return said, GAME.events(before, s, viewer)


def test_words_speak_to_the_viewer_and_tell_only_what_it_may_see():
    s = position(turn=1, hands={0: [CORNER_GUARD], 1: [STRAIGHT_RAM]}, top_axis=AXIS_NS)
    a = build(STRAIGHT_RAM, N)
    assert GAME.describe_action(s, a) == "build straight wall [battering ram] on N"   # the actor's words
    assert GAME.describe_action(s, a, 1) == "you build straight wall [battering ram] on N of your fort"
    drawn = wall_name(int(s["dungeon"][1, s["dungeon_size"][1] - 1]))
    said, heard = step_words(s.copy(), a, 0)
    assert said == "player_1 builds straight wall [battering ram] on N of their fort"
    assert "player_1 draws 1 card (dungeon 21 -> 20)" in heard and "your turn" in heard
    assert drawn not in " ".join(heard)                     # another's drawn card stays hidden
    assert f"you draw {drawn} (dungeon 21 -> 20)" in step_words(s.copy(), a, 1)[1]
    assert drawn not in " ".join(step_words(s.copy(), a, None)[1])   # the narrator tells counts


def test_events_tell_what_happened_between_decisions():
    # an army destroys a camp as it advances
    s = position(turn=0, hands={0: [CORNER_GUARD], 1: [STRAIGHT_RAM]}, forts={(0, NW): [camp(0)]})
    armies.place_army(s, 1, 0, W, NORTH)
    _, heard = step_words(s, CAMP.at(CORNER_GUARD), 0)
    _, heard = step_words(s, space_of(0, SE), 0)
    assert "player_1's army in your fort advances to NW, destroying camp" in heard
    # a catapult empties a row; a siege tower strikes a dungeon's top card (its face is public now)
    forts = {(0, W): [wall(0, STRAIGHT_GUARD)], (0, E): [camp(0), wall(0, STRAIGHT_MASON)]}
    s = position(turn=1, hands={0: [CORNER_GUARD], 1: [STRAIGHT_CATAPULT]}, forts=forts)
    play(s, effect(STRAIGHT_CATAPULT), OPPONENT.at(1))
    _, heard = step_words(s, ROW.at(0), 0)
    assert "destroyed in your fort: E straight wall [mason] (+1 covered), W straight wall [guard]" in heard
    s = position(turn=1, hands={0: [CORNER_RAM], 1: [STRAIGHT_TOWER]}, dungeons={0: [CORNER_GUARD, STRAIGHT_MASON]})
    play(s, effect(STRAIGHT_TOWER))
    _, heard = step_words(s, OPPONENT.at(1), None)
    assert ("player_1's siege tower destroys the top card of player_0's dungeon: straight wall [mason] "
            "(dungeon 21 -> 20)") in heard
    # the drawbridge: two cards drawn and an extra turn
    s = position(hands={0: [STRAIGHT_DOOR_GUARD, CORNER_RAM]}, top_axis=AXIS_NS)
    play(s, build(STRAIGHT_DOOR_GUARD, N))
    said, heard = step_words(s, DRAWBRIDGE.at(N), 1)
    assert said == "player_0 lowers the drawbridge on N"
    assert "player_0 draws 2 cards (dungeon 20 -> 18)" in heard and "player_0's extra turn (the drawbridge)" in heard


def test_pictures_name_the_decision_and_draw_the_whole_table():
    """A person follows the game from the pictures: the decision and its effect on top, every fort
    with its counts, and the key (render.render_figure)."""
    s = new_record(GAME, 2, 3)
    assert render.decision_words(s) == f"set-up: player_{int(s['first_player'])} places their first camp"
    s = position(turn=1, hands={0: [CORNER_GUARD], 1: [STRAIGHT_CATAPULT]}, forts={(0, W): [wall(0, STRAIGHT_GUARD)]})
    play(s, effect(STRAIGHT_CATAPULT), OPPONENT.at(1))
    assert render.decision_words(s) == "player_1 to act: choose the row (catapult, aimed at player_0)"
    assert "player_1 to act: choose the row" in render.render_text(s)
    picture = GAME.render_rgb(s)
    assert picture.dtype == np.uint8 and picture.shape[2] == 3 and picture.shape[0] > 500


# =========================================================================== the masks against the rules
@_G.jit
def _line_hit_by_rules(s, victim, side, k, breach):
    for i in range(GRID):
        space = LINES[side, k, i]
        if space >= 0 and places.can_destroy(s, victim, space, breach):
            return True
    return False


@_G.jit
def _usable_by_rules(s, seat, y):
    """An effect (not a pair's) can do something, asked one wall, space and opponent at a time."""
    if y == MASON:
        for w in range(WALLS):
            if s['discard'][seat, places.wall_card(seat, w)]:
                for space in range(SPACES):
                    if can_build_at(s, seat, w, space, False):
                        return True
        return False
    if y == GUARD:
        return effects.guard_ok(s, seat)
    for victim in range(s['num_players']):
        if places.is_opponent(s, seat, victim):
            side = s['front'][victim, seat]
            if y == RAM and _line_hit_by_rules(s, victim, side, FRONT_LINE, False):
                return True
            if y == CATAPULT and (_line_hit_by_rules(s, victim, side, SECOND_ROW, False)
                                  or _line_hit_by_rules(s, victim, side, THIRD_ROW, False)):
                return True
            if y == SIEGE_TOWER and s['dungeon_size'][victim] > 0:
                return True
    return False


@_G.jit
def _masks_against_rules(buf, n, opts, seed):
    """Random games to their end; at every main decision the mask (its questions asked once as bit
    sets, ``open_spaces``, ``usable_effects``, ``destroyable_spaces``) against the rules asked one
    wall, space, symbol and opponent at a time (``can_build_at``, ``can_destroy`` along
    ``LINES``, ``guard_ok``, ``can_place_camp``), the catapult's rows and the mason's masks the same
    way. Returns (game, step, the action that differed) or (-1, decisions, 0)."""
    rng = np.zeros(2, np.uint64)
    seed_rng(rng, seed)
    mask = np.zeros(NUM_ACTIONS, np.bool_)
    rules = np.zeros(NUM_ACTIONS, np.bool_)
    total = 0
    for i in range(buf.shape[0] // RECORD_BYTES):
        s = _G.deal(buf, i, n, opts, random_u64(rng))
        steps = 0
        while _G.to_act(s) >= 0:
            m = _G.legal_mask(s, mask)
            seat = s['actor']
            rules[:] = False
            if s['stage'] == ST_MAIN:
                camp_ok = armies.can_place_camp(s, seat)
                for w in range(WALLS):
                    if s['hand'][seat, w]:
                        for space in range(SPACES):
                            rules[BUILD.at(w, space)] = can_build_at(s, seat, w, space, False)
                        for slot in range(SLOTS):
                            y = WALL_SYMBOLS[w, slot]
                            rules[EFFECT.at(w, slot)] = y >= 0 and _usable_by_rules(s, seat, y)
                        rules[CAMP.at(w)] = camp_ok
                if not rules.any():
                    for w in range(WALLS):
                        rules[DISCARD.at(w)] = s['hand'][seat, w] != 0
            elif s['stage'] == ST_ROW:
                side = s['front'][s['target'], seat]
                for k in range(ROW.size):
                    rules[ROW.at(k)] = _line_hit_by_rules(s, s['target'], side, SECOND_ROW + k, s['breach'] != 0)
            elif s['stage'] == ST_MASON_SPACE:
                for space in range(SPACES):
                    rules[SPACE.at(0, space)] = can_build_at(s, seat, s['pending_card'], space,
                                                                  s['mason_free'] != 0)
            elif s['stage'] == ST_MASON_PICK:
                for w in range(WALLS):
                    if s['discard'][seat, places.wall_card(seat, w)]:
                        for space in range(SPACES):
                            if can_build_at(s, seat, w, space, s['mason_free'] != 0):
                                rules[PICK.at(w)] = True
                rules[PICK_TOP.at()] = s['mason_free'] != 0 and s['dungeon_size'][seat] > 0
            else:
                rules[:] = mask
            for a in range(NUM_ACTIONS):
                if rules[a] != mask[a]:
                    return i, steps, a
            _G.step(s, pick_legal(mask, m, rng))
            steps += 1
        total += steps
    return -1, total, 0


@pytest.mark.parametrize("n,teams", [(2, 0), (3, 0), (4, 1)])
def test_main_and_mason_masks_ask_the_placement_and_effect_rules(n, teams):
    """The main decision's mask, the catapult's and the mason's, which ask each question once a
    decision as a bit set, allow exactly what the rules asked one space at a time allow."""
    games = 150
    states = np.zeros(games, GAME.dtype)
    opts = GAME.options(n, teams=bool(teams))
    i, steps, action = _masks_against_rules(states.view(np.uint8), n, opts, np.uint64(31 + n))
    assert i < 0, f"game {i}, decision {steps}: the mask and the rules differ on action {action}"
    assert steps > games * 50
