"""Fantasy Frontier rule tests: build a position, apply a decision, assert the rulebook's consequence.

Each test is named after the rule it checks (rulebook 000_5a8d88c6b4c555b1, RULES.md).
"""
import numpy as np
import pytest

from frontierzoo.envs.common.engine import new_record
from frontierzoo.envs.fantasy_frontier import board, combat, core, economy, turn
from frontierzoo.envs.fantasy_frontier.content import (DEV_KIND, DEV_SALE, FACE_YIELD, MAP_VP, LARDER,
                                                       SCOPE, HULL)
from frontierzoo.envs.fantasy_frontier.env import GAME
from helpers import RuleKit
from frontierzoo.envs.fantasy_frontier.invariants import INV_WORKERS
from frontierzoo.envs.fantasy_frontier.state import (
    AIM, AIM_BAY, ARMOUR, ATTACK, BLAST, BLAST_DIR, BUILD, CELL_AT, CELLS, COUNTER, DECLARE, DEV, DISCARD, DRIFT,
    END, EXIT, FACTION, FISH, FISH_ACTION, FOREST, GATHER, GOLD, HERE, MAP_CARDS, MARKERS, MARKET, MAX_ROUNDS,
    MOUNTAIN, MOVE, NEIGHBOUR, OBS_HAND, OBS_SEATS, S_SCORED, FIRE, PILOT, TILE, CELL, ST_TILE_CELL, PLACE_WORKER,
    PLAINS, RADIUS, REDRAW, REPAIR, REPAIR_SPOT, RESEARCH, REROLL, SCORE, SCOUT, STANDARD_COMBO, START_ATTACK,
    STONE, STUDY, ST_AIM, ST_COUNTER, ST_DEV, ST_DISCARD, ST_FACTION, ST_OVER, ST_PHASE1, ST_PHASE2, ST_PHASE3,
    ST_PLACE, ST_REDRAW, ST_REROLL, ST_SETUP_SHIP, ST_SETUP_TILE, ST_TAKE, ST_TOWNSHIP, TAKE, TURKEY, WATER, WOOD,
    YIELD, PAY_COMBOS, CENTRE, TERRAIN_NAMES, RESUME_PHASE2)

E, NE, NW, W, SW, SE = range(6)


def cell(q, r):
    return int(CELL_AT[q + RADIUS, r + RADIUS])


KIT = RuleKit(GAME)
legal, step = KIT.legal, KIT.step


def started(n=2, seed=0, **opts):
    """A game played through its set-up by the first legal decisions: the first turn's placement."""
    s = new_record(GAME, n, seed, **opts)
    while s["stage"] in (ST_FACTION, ST_SETUP_TILE, ST_SETUP_SHIP, ST_TILE_CELL):
        step(s, min(legal(s)))
    return s


def position(n=2, tiles=None, ships=None, seat=0, factions=None):
    """A position at the seat's worker placement: the board is exactly ``tiles`` ({cell: terrain}, every
    other tile back in the bag), airships on ``ships`` ({seat: cell}), no tiles held."""
    s = started(n)
    for c in range(CELLS):
        if s["board"][c] >= 0:
            s["bag"][s["board"][c]] += 1
            s["board"][c] = -1
    s["bag"] += s["held"][:n].sum(axis=0)
    s["held"][:] = 0
    for c, t in (tiles or {}).items():
        s["board"][c] = t
        s["bag"][t] -= 1
    s["ship"][:] = -1
    for j, c in (ships or {}).items():
        s["ship"][j] = c
    if factions:
        for j, f in factions.items():
            s["faction"][j] = f
    s["turn_seat"] = seat
    s["actor"] = seat
    s["stage"] = ST_PLACE
    s["to_place"] = 5
    return s


def give(s, seat, r, k):
    s["bays"][seat, r] += k
    s["supply"][r] -= k


def place(s, *spots):
    for k in spots:
        step(s, PLACE_WORKER.at(k))


def line(n):
    """Cells (0,0), (1,0), ... (n-1,0) all plains."""
    return {cell(q, 0): PLAINS for q in range(n)}


# --------------------------------------------------------------------------- components and set-up


def test_components_are_counted_and_each_in_one_place():
    s = new_record(GAME, 4, 3)
    assert s["bag"].sum() + s["held"].sum() == 80
    assert (s["bag"] + s["held"].sum(axis=0)).tolist() == [26, 18, 18, 18]
    assert s["deck_size"] + s["hand"].sum() == 35
    assert s["markers"] == MARKERS == 20
    assert s["supply"].tolist() == [6, 6, 12, 12, 12]
    assert core.check_invariants(s) == 0


def factions_chosen(n, seed):
    """A new game with every faction chosen (the first free one each): the opening board's first tile."""
    s = new_record(GAME, n, seed)
    while s["stage"] == ST_FACTION:
        step(s, min(legal(s)))
    return s


def test_factions_are_chosen_in_player_order_from_the_starting_player():
    s = new_record(GAME, 3, 5)
    first = int(s["first_player"])
    assert s["stage"] == ST_FACTION and s["actor"] == first
    step(s, FACTION.at(DRIFT))
    assert s["faction"][first] == DRIFT and s["actor"] == (first + 1) % 3
    assert FACTION.at(DRIFT) not in legal(s)


def test_factions_are_chosen_before_the_starting_cards_and_tiles_are_dealt():
    s = new_record(GAME, 3, 5)
    assert s["hand_count"][:3].tolist() == [0, 0, 0] and s["held"][:3].sum() == 0
    assert s["deck_size"] == 35 and s["bag"].sum() == 80
    step(s, FACTION.at(DRIFT))
    step(s, FACTION.at(MARKET))
    assert s["hand_count"][:3].tolist() == [0, 0, 0] and s["held"][:3].sum() == 0
    assert core.check_invariants(s) == 0
    step(s, FACTION.at(ARMOUR))                       # the last choice: then the deal
    assert s["hand_count"][:3].tolist() == [1, 1, 1] and s["held"][:3].sum(axis=1).tolist() == [2, 2, 2]
    assert s["stage"] == ST_SETUP_TILE and s["actor"] == s["first_player"]
    assert core.check_invariants(s) == 0


def test_random_factions_option_deals_them():
    s = new_record(GAME, 4, 5, random_factions=True)
    assert sorted(s["faction"].tolist()) == [0, 1, 2, 3] and s["stage"] == ST_SETUP_TILE
    assert s["hand_count"].tolist() == [1, 1, 1, 1] and s["held"].sum(axis=1).tolist() == [2, 2, 2, 2]


def test_starting_map_card_is_a_map_card_and_development_cards_go_back():
    for seed in range(20):
        s = factions_chosen(4, seed)
        assert s["hand_count"][:4].tolist() == [1, 1, 1, 1]
        assert s["hand"][:4].sum(axis=1).tolist() == [1, 1, 1, 1]
        deck = s["deck"][:s["deck_size"]]
        assert (deck >= MAP_CARDS).sum() == 10        # every development card is back in the deck


def test_two_starting_tiles_each():
    s = factions_chosen(3, 1)
    assert s["held"][:3].sum(axis=1).tolist() == [2, 2, 2] and s["bag"].sum() == 80 - 6


def test_opening_board_first_tiles_in_the_centre_and_adjacent():
    s = new_record(GAME, 2, 1, random_factions=True)
    first = int(s["first_player"])
    assert s["actor"] == first and s["stage"] == ST_SETUP_TILE
    step(s, min(legal(s)))                              # which of the two tiles first
    assert s["stage"] == ST_TILE_CELL and legal(s) == {CELL.at(CENTRE)}
    step(s, CELL.at(CENTRE))
    step(s, min(legal(s)))
    cells = {CELL.split(a) for a in legal(s)}
    assert cells == {int(c) for c in NEIGHBOUR[CENTRE] if c >= 0}


def test_airship_goes_on_an_unoccupied_tile():
    s = new_record(GAME, 2, 1, random_factions=True)
    for _ in range(4):
        step(s, min(legal(s)))
    assert s["stage"] == ST_SETUP_SHIP
    a = min(legal(s))
    step(s, a)
    taken = CELL.split(a)
    while s["stage"] in (ST_SETUP_TILE, ST_TILE_CELL):
        step(s, min(legal(s)))
    assert CELL.at(taken) not in legal(s)
    assert len(legal(s)) == 3                          # four tiles, one taken


# --------------------------------------------------------------------------- worker placement


def test_worker_placement_counts_follow_the_rules():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    place(s, PILOT)
    assert PLACE_WORKER.at(PILOT) not in legal(s)      # one pilot
    place(s, SCOUT, SCOUT)
    assert PLACE_WORKER.at(SCOUT) not in legal(s)      # one to two scouts
    assert all(PLACE_WORKER.at(REPAIR_SPOT + k) not in legal(s) for k in range(6))   # nothing damaged
    s2 = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    place(s2, RESEARCH, RESEARCH, RESEARCH)
    assert PLACE_WORKER.at(RESEARCH) not in legal(s2)  # one to three research
    place(s2, BLAST)
    assert s2["crew"][BLAST] == 1 and s2["to_place"] == 1


def test_all_workers_are_placed_before_phase_1():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    place(s, ATTACK, ATTACK, ATTACK, ATTACK)
    assert s["stage"] == ST_PLACE
    place(s, ATTACK)
    assert s["stage"] == ST_PHASE1 and s["crew"][ATTACK] == 5


def test_workers_reset_at_the_start_of_the_turn():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    s["ground"][cell(1, 0)] = 0                         # a gatherer and four township builders
    s["builders"][0] = 4
    assert combat.onboard_workers(s, 0) == 0
    turn.start_turn(s, 0)
    assert s["ground"][cell(1, 0)] == -1 and s["builders"][0] == 0 and s["to_place"] == 5
    assert s["stage"] == ST_PLACE and combat.onboard_workers(s, 0) == 5 and core.check_invariants(s) == 0


def test_the_turn_counts_each_of_the_five_workers_once():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    place(s, PILOT, EXIT)
    assert core.check_invariants(s) == 0
    s["to_place"] -= 1                                  # a worker lost
    assert core.check_invariants(s) == INV_WORKERS
    s["to_place"] += 1
    s["crew"][EXIT] += 1                                # a worker moved on with no fish eaten
    assert core.check_invariants(s) == INV_WORKERS


# --------------------------------------------------------------------------- phase 1


def test_held_tiles_must_be_placed_before_phase_1_ends():
    s = position(tiles=line(2), ships={0: cell(0, 0), 1: cell(1, 0)})
    s["held"][0, FOREST] = 1
    s["bag"][FOREST] -= 1
    place(s, *[EXIT] * 5)
    assert END.at() not in legal(s)
    step(s, TILE.at(FOREST))
    step(s, CELL.at(cell(2, 0)))
    assert END.at() in legal(s)


def test_tile_placement_needs_an_adjacent_tile():
    s = position(tiles=line(2), ships={0: cell(0, 0), 1: cell(1, 0)})
    s["held"][0, FOREST] = 1
    s["bag"][FOREST] -= 1
    place(s, *[EXIT] * 5)
    step(s, TILE.at(FOREST))
    cells = {CELL.split(a) for a in legal(s)}
    assert cell(2, 0) in cells and cell(4, 0) not in cells
    assert len(cells) == 8                              # the empty cells round two adjacent hexes


def test_pilot_flies_one_to_three_spaces_split_round_other_actions():
    s = position(tiles=line(6), ships={0: cell(0, 0), 1: cell(5, 0)})
    place(s, PILOT, EXIT, EXIT, EXIT, EXIT)
    step(s, MOVE.at(E))
    assert s["ship"][0] == cell(1, 0) and s["moves_left"] == 2
    s["held"][0, WATER] = 1
    s["bag"][WATER] -= 1
    step(s, TILE.at(WATER))                             # another phase-1 action in between
    step(s, CELL.at(cell(1, 1)))
    step(s, MOVE.at(E))
    step(s, MOVE.at(E))
    assert s["ship"][0] == cell(3, 0) and s["moves_left"] == 0
    assert not any(MOVE.has(a) for a in legal(s))


def test_airships_do_not_share_a_tile():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(1, 0)})
    place(s, PILOT, EXIT, EXIT, EXIT, EXIT)
    assert MOVE.at(E) not in legal(s)


def test_drift_moves_one_free_space_without_a_pilot():
    s = position(tiles=line(4), ships={0: cell(0, 0), 1: cell(3, 0)}, factions={0: DRIFT, 1: ARMOUR})
    turn.start_turn(s, 0)
    place(s, EXIT, EXIT, EXIT, EXIT, EXIT)
    step(s, MOVE.at(E))
    assert s["ship"][0] == cell(1, 0) and not any(MOVE.has(a) for a in legal(s))


def test_blast_ground_removes_an_adjacent_unoccupied_tile_into_the_bag():
    s = position(tiles=line(4), ships={0: cell(1, 0), 1: cell(3, 0)})
    place(s, BLAST, BLAST, BLAST, EXIT, EXIT)
    blasts = {BLAST_DIR.split(a) for a in legal(s) if BLAST_DIR.has(a)}
    assert blasts == {E, W}                             # (2,0) and (0,0); nothing else is a tile
    bag = int(s["bag"][PLAINS])
    step(s, BLAST_DIR.at(W))
    assert s["board"][cell(0, 0)] == -1 and s["bag"][PLAINS] == bag + 1
    assert not any(BLAST_DIR.has(a) for a in legal(s))


def test_blast_ground_needs_three_workers():
    s = position(tiles=line(4), ships={0: cell(1, 0), 1: cell(3, 0)})
    place(s, BLAST, BLAST, EXIT, EXIT, EXIT)
    assert not any(BLAST_DIR.has(a) for a in legal(s))


def test_blast_ground_spares_occupied_tiles():
    s = position(tiles=line(4), ships={0: cell(1, 0), 1: cell(2, 0)})
    s["township"][cell(0, 0)] = 1
    s["townships"][1] = 1
    place(s, BLAST, BLAST, BLAST, EXIT, EXIT)
    assert not any(BLAST_DIR.has(a) for a in legal(s))


# --------------------------------------------------------------------------- combat


def test_attack_needs_an_adjacent_airship():
    s = position(tiles=line(4), ships={0: cell(0, 0), 1: cell(3, 0)})
    place(s, *[ATTACK] * 5)
    assert START_ATTACK.at() not in legal(s)
    s2 = position(tiles=line(4), ships={0: cell(0, 0), 1: cell(1, 0)})
    place(s2, *[ATTACK] * 5)
    assert START_ATTACK.at() in legal(s2)


def test_standard_attack_hits_on_4_to_6_and_armour_on_5_to_6():
    s = position(tiles=line(2), ships={0: cell(0, 0), 1: cell(1, 0)}, factions={0: MARKET, 1: STUDY})
    assert combat.hit_minimum(s, 0, 1) == 4
    s["faction"][1] = ARMOUR
    assert combat.hit_minimum(s, 0, 1) == 5
    s["equipped"][0, list(DEV_KIND).index(SCOPE)] = 1
    assert combat.hit_minimum(s, 0, 1) == 4
    s["equipped"][1, list(DEV_KIND).index(HULL)] = 1
    assert combat.hit_minimum(s, 0, 1) == 5


def battle(n=2, attacker_spots=(ATTACK,) * 5, factions=None):
    """Player_0 placed ``attacker_spots`` and starts an attack: two players side by side, or three
    with player_1 east and player_2 south-east of player_0 (both adjacent to it)."""
    ships = {0: cell(0, 0), 1: cell(1, 0)} if n == 2 else {0: cell(0, 0), 1: cell(1, 0), 2: cell(0, 1)}
    s = position(n=n, tiles={**line(3), cell(0, 1): PLAINS}, ships=ships, factions=factions)
    place(s, *attacker_spots)
    step(s, START_ATTACK.at())
    return s


def fire(s, monkeypatch, aim, face, kind=0):
    """The seat at ST_AIM shoots at ``aim``; a standard shot's die shows ``face``: combat.apply_aim
    runs as Python with the die set, so the roll stands through combat.resolve_shot."""
    monkeypatch.setattr(combat, "roll_die", lambda s: face)
    combat.apply_aim(s, int(s["actor"]), AIM.at(kind, aim))


def test_armour_plating_turns_a_standard_4_but_not_a_5_or_a_focused_attack(monkeypatch):
    s = battle(attacker_spots=(ATTACK,) * 4 + (EXIT,), factions={0: MARKET, 1: ARMOUR})
    step(s, DECLARE.at(1, 0))
    step(s, DECLARE.at(1, 0))
    step(s, DECLARE.at(1, 1))
    step(s, COUNTER.at(0))
    fire(s, monkeypatch, PILOT, 4)
    assert s["damaged"][1].tolist() == [0, 0, 0, 0, 0, 0] and s["hits"][0] == 0
    fire(s, monkeypatch, PILOT, 5)
    assert s["damaged"][1].tolist() == [1, 0, 0, 0, 0, 0] and s["hits"][0] == 1
    rolls = int(s["rolls"])
    step(s, AIM.at(1, BLAST))                           # focused: no die, a hit all the same
    assert s["damaged"][1].tolist() == [1, 1, 0, 0, 0, 0] and s["hits"][0] == 2 and s["rolls"] == rolls


def test_focused_attack_needs_two_workers_and_hits_automatically():
    s = battle(attacker_spots=(ATTACK, ATTACK, EXIT, EXIT, EXIT))
    step(s, DECLARE.at(1, 1))                          # focused at player_1: both workers
    assert s["stage"] == ST_COUNTER and s["actor"] == 1
    step(s, COUNTER.at(0))
    assert s["stage"] == ST_AIM and s["actor"] == 0
    assert AIM.at(0, PILOT) not in legal(s) and AIM.at(1, PILOT) in legal(s)
    step(s, AIM.at(1, PILOT))
    assert s["damaged"][1, PILOT] == 1 and s["markers"] == MARKERS - 1 and s["hits"][0] == 1
    assert s["stage"] == ST_PHASE1


def test_damage_marker_disables_an_assignment_until_repaired():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    s["damaged"][0, PILOT] = 1
    s["markers"] -= 1
    assert PLACE_WORKER.at(PILOT) not in legal(s)
    place(s, REPAIR_SPOT + PILOT, PILOT, EXIT, EXIT, EXIT)   # a repairer, then a second worker to fly
    assert not any(MOVE.has(a) for a in legal(s))
    step(s, REPAIR.at(PILOT))
    assert s["damaged"][0, PILOT] == 0 and s["markers"] == MARKERS
    assert MOVE.at(E) in legal(s)


def test_every_assignment_the_scout_too_can_be_targeted_by_an_attack():
    s = battle(attacker_spots=(ATTACK, ATTACK, EXIT, EXIT, EXIT))
    step(s, DECLARE.at(1, 1))
    step(s, COUNTER.at(0))
    assert {AIM.split(a)[1] for a in legal(s) if AIM.split(a)[1] < AIM_BAY} == {0, 1, 2, 3, 4, 5}
    before = s.copy()
    step(s, AIM.at(1, SCOUT))
    assert s["damaged"][1].tolist() == [0, 0, 0, 0, 0, 1] and s["markers"] == MARKERS - 1 and s["hits"][0] == 1
    assert "player_1's scout is damaged" in GAME.events(before, s)


def test_damaged_scout_draws_no_tiles_until_repaired():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    s["damaged"][0, SCOUT] = 1
    s["markers"] -= 1
    assert PLACE_WORKER.at(SCOUT) not in legal(s)
    place(s, REPAIR_SPOT + SCOUT, SCOUT, EXIT, EXIT, EXIT)
    assert REPAIR.at(SCOUT) in legal(s)
    step(s, END.at())                                  # phase 1 ends unrepaired: the scout stays useless
    step(s, END.at())
    assert s["held"][0].sum() == 0 and s["bag"].sum() == 80 - 3 and s["damaged"][0, SCOUT] == 1
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    s["damaged"][0, SCOUT] = 1
    s["markers"] -= 1
    place(s, REPAIR_SPOT + SCOUT, SCOUT, EXIT, EXIT, EXIT)
    step(s, REPAIR.at(SCOUT))
    assert s["damaged"][0, SCOUT] == 0 and s["markers"] == MARKERS
    step(s, END.at())
    step(s, END.at())
    assert s["held"][0].sum() == 2 and s["bag"].sum() == 80 - 3 - 2


def test_hit_on_an_assignment_with_no_marker_left_counts_and_marks_nothing():
    s = position(n=4, tiles={**line(5), cell(0, 2): PLAINS},
                 ships={0: cell(0, 0), 1: cell(1, 0), 2: cell(4, 0), 3: cell(0, 2)})
    s["damaged"][0] = [1, 1, 0, 0, 1, 1]              # 20 markers, 24 assignments: all 20 on the ships
    s["damaged"][1] = [1, 1, 0, 1, 1, 0]
    s["damaged"][2:4] = 1
    s["markers"] = 0
    assert core.check_invariants(s) == 0
    place(s, ATTACK, ATTACK, ATTACK, ATTACK, ATTACK)
    step(s, START_ATTACK.at())
    step(s, DECLARE.at(1, 1))
    step(s, FIRE.at())
    step(s, COUNTER.at(0))
    assert AIM.at(1, SCOUT) in legal(s)
    step(s, AIM.at(1, SCOUT))
    assert s["damaged"][1].tolist() == [1, 1, 0, 1, 1, 0] and s["markers"] == 0 and s["hits"][0] == 1
    assert core.check_invariants(s) == 0


def test_cargo_bay_hit_returns_a_resource_to_the_supply():
    s = battle(attacker_spots=(ATTACK, ATTACK, EXIT, EXIT, EXIT))
    give(s, 1, GOLD, 2)
    step(s, DECLARE.at(1, 1))
    step(s, COUNTER.at(0))
    step(s, AIM.at(1, AIM_BAY + GOLD))
    assert s["bays"][1, GOLD] == 1 and s["supply"][GOLD] == 11 and s["damaged"][1].sum() == 0


def food_bay_aims(s):
    return {AIM.split(a)[1] - AIM_BAY for a in legal(s) if AIM.split(a)[1] in (AIM_BAY + FISH, AIM_BAY + TURKEY)}


def test_cargo_bay_hit_takes_a_resource_the_bay_holds():
    s = battle(attacker_spots=(ATTACK,) * 4 + (EXIT,))
    give(s, 1, TURKEY, 2)
    step(s, DECLARE.at(1, 1))
    step(s, DECLARE.at(1, 1))
    step(s, COUNTER.at(0))
    assert food_bay_aims(s) == {TURKEY}                # no aim at the fish the food bay lacks
    step(s, AIM.at(1, AIM_BAY + TURKEY))
    assert s["bays"][1, TURKEY] == 1 and s["supply"][TURKEY] == 5 and s["hits"][0] == 1
    give(s, 1, FISH, 1)
    assert food_bay_aims(s) == {FISH, TURKEY}          # both in the bay: the attacker picks
    step(s, AIM.at(1, AIM_BAY + FISH))
    assert s["bays"][1, FISH] == 0 and s["bays"][1, TURKEY] == 1 and s["supply"][FISH] == 6


def test_cargo_bay_hit_on_an_empty_bay_counts_and_takes_nothing():
    s = battle(attacker_spots=(ATTACK, ATTACK, EXIT, EXIT, EXIT))
    step(s, DECLARE.at(1, 1))
    step(s, COUNTER.at(0))
    assert food_bay_aims(s) == {FISH}                  # the empty food bay: one aim
    step(s, AIM.at(1, AIM_BAY + FISH))
    assert s["bays"][1].tolist() == [0, 0, 0, 0, 0] and s["hits"][0] == 1
    assert s["supply"].tolist() == [6, 6, 12, 12, 12]


def test_every_three_hits_in_a_turn_score_five_vp_split_across_targets(monkeypatch):
    s = battle(n=3, attacker_spots=(ATTACK,) * 4 + (EXIT,))
    for target in (1, 2, 2, 1):
        step(s, DECLARE.at(target, 0))
    step(s, COUNTER.at(0))                              # player_1, then player_2
    step(s, COUNTER.at(0))
    fire(s, monkeypatch, PILOT, 4)                      # player_1: hit
    fire(s, monkeypatch, PILOT, 3)                      # player_2: miss
    fire(s, monkeypatch, PILOT, 5)                      # player_2: hit
    assert s["hits"][0] == 2 and s["combat_vp"][0] == 0
    fire(s, monkeypatch, BLAST, 6)                      # player_1: the third hit
    assert s["hits"][0] == 3 and s["combat_vp"][0] == 5 and board.victory_points(s, 0) == 5
    assert s["damaged"][1].tolist() == [1, 1, 0, 0, 0, 0] and s["damaged"][2].tolist() == [1, 0, 0, 0, 0, 0]
    assert s["stage"] == ST_PHASE1 and core.check_invariants(s) == 0


def counter_battle(counter_vp):
    """Player_0 fires three standard shots at player_1, who counter-attacks with three workers."""
    s = battle(attacker_spots=(ATTACK,) * 3 + (EXIT, EXIT))
    s["combat_vp"][1] = counter_vp
    for _ in range(3):
        step(s, DECLARE.at(1, 0))
    step(s, COUNTER.at(3))
    return s


def test_counter_attack_hits_score_combat_vp_for_the_counter_attacker(monkeypatch):
    s = counter_battle(0)
    for aim, face in ((EXIT, 1), (PILOT, 6), (EXIT, 2), (BLAST, 4), (EXIT, 3)):   # misses; hits back
        fire(s, monkeypatch, aim, face)
    assert s["hits"].tolist()[:2] == [0, 2] and s["combat_vp"][1] == 0
    assert s["actor"] == 1 and s["shooter"] == 1
    fire(s, monkeypatch, ATTACK, 5)
    assert s["hits"][1] == 3 and s["combat_vp"][1] == 5 and s["damaged"][0].tolist() == [1, 1, 1, 0, 0, 0]
    assert s["stage"] == ST_PHASE1 and s["actor"] == 0


def test_counter_attacker_reaching_40_vp_ends_the_game_mid_battle(monkeypatch):
    s = counter_battle(35)
    for aim, face in ((EXIT, 1), (PILOT, 6), (EXIT, 1), (ATTACK, 6)):
        fire(s, monkeypatch, aim, face)
    assert s["stage"] == ST_AIM and s["actor"] == 0 and s["hits"][1] == 2
    fire(s, monkeypatch, EXIT, 1)
    fire(s, monkeypatch, BLAST, 6)                      # the counter-attacker's third hit: 40 VP
    assert s["combat_vp"][1] == 40 and s["stage"] == ST_OVER and s["actor"] == -1
    assert s["winner"][:2].tolist() == [0, 1] and s["last_rewards"][:2].tolist() == [-1.0, 1.0]
    assert core.check_invariants(s) == 0


def test_counter_attack_alternates_shots_attacker_first():
    s = battle(attacker_spots=(ATTACK, ATTACK, ATTACK, EXIT, EXIT))
    step(s, DECLARE.at(1, 0))
    step(s, DECLARE.at(1, 0))
    step(s, DECLARE.at(1, 0))
    assert s["stage"] == ST_COUNTER
    assert max(COUNTER.split(a) for a in legal(s)) == 5
    step(s, COUNTER.at(4))
    assert s["countered"][1] == 4
    shooters = []
    while s["stage"] in (ST_AIM, ST_REROLL):
        if s["stage"] == ST_REROLL:
            step(s, REROLL.at(0))
            continue
        shooters.append(int(s["actor"]))
        kinds = [a for a in legal(s) if AIM.split(a)[0] == 0]
        step(s, AIM.at(0, AIM_BAY + WOOD))
    assert shooters == [0, 1, 0, 1, 0, 1, 1]           # shot for shot, then the rest
    assert s["stage"] == ST_PHASE1 and s["actor"] == 0


def test_counter_attack_workers_sit_out_the_next_turn():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)}, seat=1)
    s["countered"][1] = 3
    turn.start_turn(s, 1)
    assert s["to_place"] == 2 and s["countered"][1] == 0


def test_workers_off_the_ship_cannot_counter_attack():
    s = battle(attacker_spots=(ATTACK, EXIT, EXIT, EXIT, EXIT))
    s["ground"][cell(2, 0)] = 1
    s["builders"][1] = 3
    assert combat.onboard_workers(s, 1) == 1
    step(s, DECLARE.at(1, 0))
    assert max(COUNTER.split(a) for a in legal(s)) == 1


def test_damaged_attack_assignment_cannot_counter_attack():
    s = battle(attacker_spots=(ATTACK, EXIT, EXIT, EXIT, EXIT))
    s["damaged"][1, ATTACK] = 1
    s["markers"] -= 1
    assert combat.onboard_workers(s, 1) == 5 and combat.counter_crew(s, 1) == 0
    step(s, DECLARE.at(1, 0))                          # the one attack worker: the battle begins
    assert s["stage"] == ST_AIM and s["actor"] == 0    # player_1 is not asked
    assert s["counter_left"][1] == 0 and s["countered"][1] == 0


def test_turkey_leg_rerolls_a_missed_shot():
    s = battle(attacker_spots=(ATTACK, EXIT, EXIT, EXIT, EXIT))
    give(s, 0, TURKEY, 1)
    step(s, DECLARE.at(1, 0))
    step(s, COUNTER.at(0))
    for seed in range(100):
        t = s.copy()
        t["rng"][0] = seed
        step(t, AIM.at(0, PILOT))
        if t["stage"] == ST_REROLL:
            assert t["roll"] < 4 and t["actor"] == 0
            step(t, REROLL.at(1))
            assert t["bays"][0, TURKEY] == 0 and t["supply"][TURKEY] == 6
            return
    pytest.fail("no miss in 100 seeds")


# --------------------------------------------------------------------------- phase 2


def test_gather_on_plains_gives_a_turkey_leg():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    place(s, *[EXIT] * 5)
    step(s, END.at())
    assert s["stage"] == ST_PHASE2
    gathers = {GATHER.split(a) for a in legal(s) if GATHER.has(a)}
    assert gathers == {E, HERE}                         # under the airship and the one neighbour
    step(s, GATHER.at(HERE))
    assert s["bays"][0, TURKEY] == 1 and s["ground"][cell(0, 0)] == 0
    assert GATHER.at(HERE) not in legal(s)             # one worker a tile


def test_resource_dice_faces():
    names = {FOREST: [], MOUNTAIN: [], WATER: []}
    for t in names:
        for f in range(6):
            names[t].append(tuple(np.flatnonzero(FACE_YIELD[t, f]).tolist()))
    assert sorted(names[FOREST]) == sorted([(WOOD,), (WOOD,), (TURKEY,), (TURKEY,), (TURKEY, WOOD), ()])
    assert sorted(names[MOUNTAIN]) == sorted([(STONE,), (STONE,), (GOLD,), (GOLD, STONE), (), ()])
    assert sorted(names[WATER]) == sorted([(FISH,), (FISH,), (GOLD,), (FISH, GOLD), (), ()])
    assert FACE_YIELD[PLAINS, :, TURKEY].tolist() == [1] * 6


def gathering(t):
    """Player_0 at phase 2 with five exit workers, a tile of terrain t east of its airship."""
    s = position(tiles={cell(0, 0): PLAINS, cell(1, 0): t, cell(2, 0): PLAINS}, ships={0: cell(0, 0), 1: cell(2, 0)})
    place(s, *[EXIT] * 5)
    step(s, END.at())
    return s


def test_gather_rolls_the_terrain_die():
    s = gathering(MOUNTAIN)
    rolls = int(s["rolls"])
    step(s, GATHER.at(E))
    assert s["rolls"] == rolls + 1 and s["stage"] == ST_PHASE2
    assert s["bays"][0].tolist() == FACE_YIELD[MOUNTAIN, s["last_roll"] - 1].tolist()


# what each face of each resource die lands: fish, turkey legs, gold, stone, wood
DIE_FACES = {
    FOREST: ([0, 0, 0, 0, 1], [0, 0, 0, 0, 1], [0, 1, 0, 0, 0], [0, 1, 0, 0, 0], [0, 1, 0, 0, 1], [0, 0, 0, 0, 0]),
    MOUNTAIN: ([0, 0, 0, 1, 0], [0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [0, 0, 1, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]),
    WATER: ([1, 0, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 1, 0, 0], [1, 0, 1, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]),
}


def test_gather_yields_what_the_die_face_shows(monkeypatch):
    for t, faces in DIE_FACES.items():
        s0 = gathering(t)
        for face, want in enumerate(faces, start=1):
            s = s0.copy()
            monkeypatch.setattr(turn, "roll_die", lambda s, face=face: face)
            turn.apply_phase2(s, 0, GATHER.at(E))
            assert s["bays"][0].tolist() == want, (TERRAIN_NAMES[t], face)
            assert s["stage"] == ST_PHASE2 and s["ground"][cell(1, 0)] == 0


def test_cargo_bays_hold_four_per_category():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    give(s, 0, FISH, 3)
    give(s, 0, TURKEY, 1)
    s["gain"][TURKEY] = 1
    assert economy.settle_gains(s, 0, 0)
    assert s["bays"][0, TURKEY] == 1 and s["supply"][TURKEY] == 5   # the food bay is full: lost
    assert board.bay_load(s, 0, FISH) == 4


def test_owed_resource_is_taken_from_a_player_of_ones_choice():
    s = position(n=4, tiles=line(4), ships={j: cell(j, 0) for j in range(4)})
    for j in (1, 2, 3):
        give(s, j, GOLD, 4)                             # the supply's twelve gold, bays full
    place(s, *[EXIT] * 5)
    step(s, END.at())
    assert s["supply"][GOLD] == 0 and core.check_invariants(s) == 0
    s["gain"][GOLD] = 1                                 # player_0 is owed a gold
    assert not economy.settle_gains(s, 0, RESUME_PHASE2)
    assert s["stage"] == ST_TAKE and s["actor"] == 0
    assert legal(s) == {TAKE.at(0), TAKE.at(1), TAKE.at(2), TAKE.at(3)}
    step(s, TAKE.at(2))
    assert s["bays"][:4, GOLD].tolist() == [1, 4, 3, 4] and s["stage"] == ST_PHASE2
    assert core.check_invariants(s) == 0


def test_fish_buys_an_extra_action_at_most_four_a_turn():
    s = position(tiles=line(5), ships={0: cell(2, 0), 1: cell(4, 0)})
    give(s, 0, FISH, 4)
    place(s, PILOT, BLAST, BLAST, BLAST, EXIT)
    assert not any(FISH_ACTION.has(a) for a in legal(s))    # nobody has worked yet
    for d in (W, E, E):
        step(s, MOVE.at(d))                             # next to player_1: four spent workers
    step(s, BLAST_DIR.at(W))
    assert FISH_ACTION.at(ATTACK) in legal(s) and FISH_ACTION.at(PILOT) not in legal(s)
    step(s, FISH_ACTION.at(ATTACK))                     # a spent worker gets an extra action
    assert s["bays"][0, FISH] == 3 and s["fish_used"] == 1 and s["supply"][FISH] == 3
    assert s["crew"][ATTACK] == 1 and s["ready"][ATTACK] == 1 and s["spent"][PILOT] == 0
    step(s, START_ATTACK.at())
    step(s, DECLARE.at(1, 0))
    step(s, COUNTER.at(0))
    step(s, AIM.at(0, AIM_BAY + WOOD))
    for _ in range(3):
        step(s, FISH_ACTION.at(EXIT))
    assert s["fish_used"] == 4 and s["crew"][EXIT] == 4 and s["spent"][BLAST] == 1
    give(s, 0, FISH, 1)                                 # a fish, a spent blaster, room at exit: but four a turn
    assert not any(FISH_ACTION.has(a) for a in legal(s))
    t = s.copy()
    t["fish_used"] = 3
    assert FISH_ACTION.at(EXIT) in legal(t)


def flown(fish, *spots):
    """Player_0 holds ``fish`` fish, placed ``spots`` (a pilot among them) and flew its three
    spaces east along six plains: the pilot is spent."""
    s = position(tiles=line(6), ships={0: cell(0, 0), 1: cell(5, 0)})
    give(s, 0, FISH, fish)
    place(s, *spots)
    for _ in range(3):
        step(s, MOVE.at(E))
    return s


def test_fish_never_frees_the_pilot_assignment_for_a_second_flight():
    s = flown(4, PILOT, BLAST, BLAST, BLAST, EXIT)
    step(s, BLAST_DIR.at(W))
    step(s, FISH_ACTION.at(EXIT))                       # the spent pilot moves on ...
    assert s["crew"][PILOT] == 1 and s["spent"][PILOT] == 0 and s["moves_left"] == 0
    assert FISH_ACTION.at(PILOT) not in legal(s)        # ... and the one pilot assignment stays taken
    assert FISH_ACTION.at(BLAST) not in legal(s)        # the blast was done
    assert not any(MOVE.has(a) or BLAST_DIR.has(a) for a in legal(s))
    assert core.check_invariants(s) == 0


def test_fish_never_makes_a_sixth_attacker_in_a_turn():
    s = battle(attacker_spots=(ATTACK,) * 5)
    give(s, 0, FISH, 4)
    step(s, DECLARE.at(1, 1))
    step(s, DECLARE.at(1, 1))
    step(s, DECLARE.at(1, 0))
    step(s, COUNTER.at(0))
    step(s, AIM.at(1, PILOT))
    step(s, AIM.at(1, BLAST))
    step(s, AIM.at(0, EXIT))
    assert s["stage"] == ST_PHASE1 and s["spent"][ATTACK] == 5
    step(s, FISH_ACTION.at(PILOT))                      # nobody piloted this turn: a spent attacker flies
    assert s["crew"][PILOT] == 1 and s["crew"][ATTACK] == 5 and s["spent"][ATTACK] == 4
    for d in (SE, NW, SE):
        step(s, MOVE.at(d))
    assert s["spent"][PILOT] == 1 and board.adjacent_ships(s, 0, 1)
    assert FISH_ACTION.at(ATTACK) not in legal(s)       # five attackers this turn already
    assert START_ATTACK.at() not in legal(s)
    assert core.check_invariants(s) == 0


def test_fish_moves_a_spent_attacker_first_keeping_attack_open():
    s = battle(attacker_spots=(PILOT, ATTACK, ATTACK, EXIT, EXIT))
    give(s, 0, FISH, 2)
    step(s, DECLARE.at(1, 1))                          # both attack workers: the battle begins
    step(s, COUNTER.at(0))
    step(s, AIM.at(1, PILOT))
    for d in (SE, NW, SE):
        step(s, MOVE.at(d))
    assert s["spent"][PILOT] == 1 and s["spent"][ATTACK] == 2
    step(s, FISH_ACTION.at(EXIT))
    assert s["spent"][ATTACK] == 1 and s["spent"][PILOT] == 1
    assert FISH_ACTION.at(ATTACK) in legal(s)           # the spent pilot can still go to attack
    step(s, FISH_ACTION.at(ATTACK))
    assert s["spent"][PILOT] == 0 and s["ready"][ATTACK] == 1 and s["crew"][ATTACK] == 3


def test_pilot_that_flew_has_performed_its_assignment_when_phase_1_ends():
    s = position(tiles=line(4), ships={0: cell(0, 0), 1: cell(3, 0)})
    give(s, 0, FISH, 1)
    place(s, PILOT, EXIT, EXIT, EXIT, EXIT)
    step(s, MOVE.at(E))
    assert s["spent"][PILOT] == 0 and FISH_ACTION.at(EXIT) not in legal(s)   # still flying
    step(s, END.at())
    assert s["stage"] == ST_PHASE2 and s["spent"][PILOT] == 1 and s["moves_left"] == 0
    assert FISH_ACTION.at(EXIT) in legal(s)
    idle = position(tiles=line(4), ships={0: cell(0, 0), 1: cell(3, 0)})
    place(idle, PILOT, EXIT, EXIT, EXIT, EXIT)
    step(idle, END.at())
    assert idle["spent"][PILOT] == 0 and idle["ready"][PILOT] == 1   # a pilot that never flew did nothing


def test_no_fish_in_phase_3():
    s = flown(2, PILOT, SCOUT, EXIT, EXIT, EXIT)
    step(s, END.at())
    assert FISH_ACTION.at(EXIT) in legal(s)             # phase 2: yes
    step(s, END.at())
    assert s["stage"] == ST_PHASE3 and s["spent"][PILOT] == 1 and s["bays"][0, FISH] == 2
    assert END.at() in legal(s) and not any(FISH_ACTION.has(a) for a in legal(s))


def test_township_costs_four_workers_and_two_of_each_and_scores_ten():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)}, factions={0: STUDY, 1: ARMOUR})
    for r in (GOLD, STONE, WOOD):
        give(s, 0, r, 3)
    place(s, *[EXIT] * 5)
    step(s, END.at())
    builds = [a for a in legal(s) if BUILD.has(a)]
    assert {BUILD.split(a)[1] for a in builds} == {STANDARD_COMBO}
    step(s, BUILD.at(E, STANDARD_COMBO))
    assert s["township"][cell(1, 0)] == 0 and s["townships"][0] == 1 and board.victory_points(s, 0) == 10
    assert s["bays"][0, GOLD] == 1 and s["bays"][0, STONE] == 1 and s["bays"][0, WOOD] == 1
    assert s["builders"][0] == 4 and combat.onboard_workers(s, 0) == 1
    assert not any(BUILD.has(a) for a in legal(s))        # one worker left


def test_township_only_on_unoccupied_plains():
    s = position(tiles={cell(0, 0): FOREST, cell(1, 0): PLAINS, cell(2, 0): PLAINS},
                 ships={0: cell(0, 0), 1: cell(2, 0)}, factions={0: STUDY, 1: ARMOUR})
    for r in (GOLD, STONE, WOOD):
        give(s, 0, r, 2)
    s["ground"][cell(1, 0)] = 1
    place(s, *[EXIT] * 5)
    step(s, END.at())
    assert not any(BUILD.has(a) for a in legal(s))


def test_market_township_takes_any_six_non_food():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)}, factions={0: MARKET, 1: ARMOUR})
    give(s, 0, GOLD, 4)
    give(s, 0, STONE, 2)
    place(s, *[EXIT] * 5)
    step(s, END.at())
    combos = {tuple(PAY_COMBOS[BUILD.split(a)[1]]) for a in legal(s) if BUILD.has(a)}
    assert combos == {(4, 2, 0)}


def test_at_most_three_townships():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    assert turn.can_build_on(s, 0, cell(1, 0))
    s["townships"][0] = 3
    assert not turn.can_build_on(s, 0, cell(1, 0))


def test_township_yields_a_free_resource_at_the_start_of_the_turn():
    s = position(tiles={cell(0, 0): PLAINS, cell(1, 0): PLAINS, cell(2, 0): FOREST, cell(1, 1): MOUNTAIN},
                 ships={0: cell(0, 0), 1: cell(2, 0)})
    s["township"][cell(1, 0)] = 0
    s["townships"][0] = 1
    turn.start_turn(s, 0)
    assert s["stage"] == ST_TOWNSHIP
    assert legal(s) == {YIELD.at(PLAINS), YIELD.at(FOREST), YIELD.at(MOUNTAIN)}
    step(s, YIELD.at(PLAINS))
    assert s["bays"][0, TURKEY] == 1 and s["stage"] == ST_PLACE


# --------------------------------------------------------------------------- phase 3


def phase3(s, spots):
    place(s, *spots)
    step(s, END.at())
    step(s, END.at())


def test_research_draws_one_card_per_worker():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    maps = [c for c in s["deck"][:s["deck_size"]] if c < MAP_CARDS][:2]
    rest = [c for c in s["deck"][:s["deck_size"]] if c not in maps]
    s["deck"][:s["deck_size"]] = maps + rest
    size = int(s["deck_size"])
    phase3(s, (RESEARCH, RESEARCH, EXIT, EXIT, EXIT))
    assert s["hand_count"][0] == 3 and s["deck_size"] == size - 2
    assert all(s["hand"][0, m] for m in maps)


def test_hand_limit_three_and_four_with_the_study():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)}, factions={0: MARKET, 1: STUDY})
    assert board.hand_limit(s, 0) == 3 and board.hand_limit(s, 1) == 4
    maps = [c for c in s["deck"][:s["deck_size"]] if c < MAP_CARDS][:3]
    rest = [c for c in s["deck"][:s["deck_size"]] if c not in maps]
    s["deck"][:s["deck_size"]] = maps + rest
    size = int(s["deck_size"])
    phase3(s, (RESEARCH, RESEARCH, RESEARCH, EXIT, EXIT))
    assert s["stage"] == ST_DISCARD and s["hand_count"][0] == 4
    victim = maps[2]
    step(s, DISCARD.at(victim))
    assert s["hand_count"][0] == 3 and s["deck"][s["deck_size"] - 1] == victim   # under the deck
    assert s["deck_size"] == size - 3 + 1


def test_development_card_is_equipped_or_sold():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    devs = [c for c in s["deck"][:s["deck_size"]] if c >= MAP_CARDS][:2]
    rest = [c for c in s["deck"][:s["deck_size"]] if c not in devs]
    s["deck"][:s["deck_size"]] = devs + rest
    phase3(s, (RESEARCH, RESEARCH, EXIT, EXIT, EXIT))
    assert s["stage"] == ST_DEV and s["pending_dev"] == devs[0] - MAP_CARDS
    step(s, DEV.at(0))
    assert s["equipped"][0, devs[0] - MAP_CARDS] == 1 and s["stage"] == ST_DEV
    d = devs[1] - MAP_CARDS
    step(s, DEV.at(1))
    assert s["sold"][d] == 1
    assert s["bays"][0].tolist() == DEV_SALE[d].tolist()
    assert s["stage"] == ST_PHASE3


def test_scout_draws_two_tiles_per_worker_placed_next_turn():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    phase3(s, (SCOUT, SCOUT, EXIT, EXIT, EXIT))
    assert s["held"][0].sum() == 4 and s["bag"].sum() == 80 - 3 - 4
    step(s, END.at())
    assert s["turn_seat"] == 1


def test_turkey_leg_redraws_both_scouted_tiles():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    give(s, 0, TURKEY, 1)
    phase3(s, (SCOUT, EXIT, EXIT, EXIT, EXIT))
    assert s["stage"] == ST_REDRAW and legal(s) == {REDRAW.at(0), REDRAW.at(1)}
    step(s, REDRAW.at(1))
    assert s["bays"][0, TURKEY] == 0 and s["held"][0].sum() == 2 and s["stage"] == ST_PHASE3
    assert s["bag"].sum() == 80 - 3 - 2


# --------------------------------------------------------------------------- map cards and the end


def scoring_position(m):
    """Map card m's pattern laid from (0,0) unturned, player_0's airship on its first tile."""
    from frontierzoo.envs.fantasy_frontier.content import MAP_DQ, MAP_DR, MAP_SIZE, MAP_TERRAIN
    tiles = {cell(int(MAP_DQ[m, i]), int(MAP_DR[m, i])): int(MAP_TERRAIN[m, i]) for i in range(MAP_SIZE[m])}
    tiles[cell(-3, 0)] = PLAINS
    s = position(tiles=tiles, ships={0: cell(0, 0), 1: cell(-3, 0)})
    for j in range(2):
        for c in range(MAP_CARDS):
            if s["hand"][j, c]:
                s["hand"][j, c] = 0
                s["deck"][s["deck_size"]] = c
                s["deck_size"] += 1
    idx = list(s["deck"][:s["deck_size"]]).index(m)
    s["deck"][idx:s["deck_size"] - 1] = s["deck"][idx + 1:s["deck_size"]].copy()
    s["deck_size"] -= 1
    s["deck"][s["deck_size"]] = -1
    s["hand"][0, m] = 1
    s["hand_count"][:] = 0
    s["hand_count"][0] = 1
    return s


def test_map_card_scores_when_its_pattern_stands_under_the_airship():
    for m in (0, 6, 18):
        s = scoring_position(m)
        assert core.check_invariants(s) == 0
        place(s, *[EXIT] * 5)
        assert SCORE.at(m) in legal(s)
        step(s, SCORE.at(m))
        assert s["scored"][0, m] == 1 and s["hand"][0, m] == 0 and board.victory_points(s, 0) == MAP_VP[m]


def test_scored_map_card_is_public_in_every_seats_view():
    m = 6
    s = scoring_position(m)
    place(s, *[EXIT] * 5)
    seen = np.zeros(GAME.obs_size, np.float32)
    core.observe(s, 1, seen)
    at = OBS_SEATS.at(1, 0) + S_SCORED.at(m)            # player_0 seen from player_1
    assert seen[at] == 0
    step(s, SCORE.at(m))
    core.observe(s, 1, seen)
    assert seen[at] == 1


def test_map_card_scores_only_on_its_owners_turn():
    s = scoring_position(0)                             # forest line (0,0)-(2,0)
    s["hand"][0, 0], s["hand"][1, 0] = 0, 1             # the card is player_1's, its airship on the line
    s["hand_count"][:2] = [0, 1]
    s["ship"][1] = cell(1, 0)
    assert board.can_score_map(s, 1, 0) and core.check_invariants(s) == 0
    place(s, *[ATTACK] * 5)
    step(s, START_ATTACK.at())
    step(s, DECLARE.at(1, 0))
    step(s, FIRE.at())
    assert s["stage"] == ST_COUNTER and s["actor"] == 1
    assert not any(SCORE.has(a) for a in legal(s))


def test_map_card_drawn_over_the_hand_limit_may_be_scored_instead_of_returned():
    m = 0
    s = scoring_position(m)                             # its pattern under player_0's airship
    s["faction"][:2] = [MARKET, STUDY]                  # a hand limit of 3
    s["hand"][0, m] = 0
    others = [c for c in s["deck"][:s["deck_size"]] if c < MAP_CARDS][:3]
    for c in others:
        s["hand"][0, c] = 1
    s["hand_count"][0] = 3
    rest = [c for c in s["deck"][:s["deck_size"]] if c not in others]
    s["deck"][:s["deck_size"] - 2] = [m] + rest         # the next research card is m
    s["deck"][s["deck_size"] - 2:] = -1
    s["deck_size"] -= 2
    assert core.check_invariants(s) == 0
    phase3(s, (RESEARCH, EXIT, EXIT, EXIT, EXIT))
    assert s["stage"] == ST_DISCARD and s["hand_count"][0] == 4
    assert SCORE.at(m) in legal(s) and DISCARD.at(m) in legal(s)
    step(s, SCORE.at(m))
    assert s["scored"][0, m] == 1 and s["hand_count"][0] == 3 and s["stage"] == ST_PHASE3
    assert all(s["hand"][0, c] for c in others) and core.check_invariants(s) == 0


def test_map_card_patterns_may_be_turned():
    m = 0                                               # three forests in a line
    s = scoring_position(m)
    for q in range(3):
        s["board"][cell(q, 0)] = -1
    for r in range(3):
        s["board"][cell(0, r)] = FOREST
    assert board.pattern_at(s, m, cell(0, 0)) and board.pattern_at(s, m, cell(0, 2))


def test_map_card_needs_the_airship_on_the_pattern():
    s = scoring_position(0)
    s["ship"][0] = cell(-3, 0)
    s["ship"][1] = cell(0, 0)
    assert not board.can_score_map(s, 0, 0)


def test_scored_map_card_stays_scored_whatever_the_terrain_becomes():
    s = scoring_position(0)
    place(s, *[EXIT] * 5)
    step(s, SCORE.at(0))
    s["board"][cell(1, 0)] = -1
    s["bag"][FOREST] += 1
    assert board.victory_points(s, 0) == MAP_VP[0] and core.check_invariants(s) == 0


def test_map_card_values_range_four_to_seven():
    assert MAP_VP.min() == 4 and MAP_VP.max() == 7 and len(MAP_VP) == 25


def test_hidden_map_cards_are_not_in_another_seats_view():
    s = started(2)
    o0 = np.zeros(GAME.obs_size, np.float32)
    o1 = np.zeros(GAME.obs_size, np.float32)
    core.observe(s, 0, o0)
    core.observe(s, 1, o1)
    m0 = int(np.flatnonzero(s["hand"][0])[0])
    assert o0[OBS_HAND.at(m0)] == 1
    t = s.copy()
    c = int(np.flatnonzero(t["hand"][0])[0])
    other = [x for x in t["deck"][12:t["deck_size"]] if x < MAP_CARDS][-1]
    i = list(t["deck"][:t["deck_size"]]).index(other)
    t["deck"][i], t["hand"][0, c], t["hand"][0, other] = c, 0, 1
    p1 = np.zeros(GAME.obs_size, np.float32)
    core.observe(t, 1, p1)
    assert np.array_equal(p1, o1)


def test_game_ends_the_moment_a_player_reaches_40_vp():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)}, factions={0: STUDY, 1: ARMOUR})
    s["combat_vp"][0] = 30
    for r in (GOLD, STONE, WOOD):
        give(s, 0, r, 2)
    place(s, *[EXIT] * 5)
    step(s, END.at())
    step(s, BUILD.at(E, STANDARD_COMBO))
    assert s["stage"] == ST_OVER and s["actor"] == -1
    assert s["winner"][:2].tolist() == [1, 0] and s["last_rewards"][:2].tolist() == [1.0, -1.0]


def test_final_score_adds_resources_but_not_turkey_legs():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    s["combat_vp"][0] = 10
    give(s, 0, GOLD, 2)
    give(s, 0, FISH, 1)
    give(s, 0, TURKEY, 3)
    assert board.final_points(s, 0) == 13


def test_ties_share_the_win():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    s["combat_vp"][:2] = 20
    board.end_game(s)
    assert s["winner"][:2].tolist() == [1, 1] and s["last_rewards"][:2].tolist() == [1.0, 1.0]


def test_round_bound_ends_the_game_scored_as_at_40_vp():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)}, seat=1)
    s["first_player"] = 0
    s["round"] = MAX_ROUNDS - 1
    s["combat_vp"][:2] = [5, 0]
    give(s, 1, GOLD, 4)
    give(s, 1, STONE, 2)
    give(s, 0, TURKEY, 4)                               # no points for turkey legs
    place(s, *[EXIT] * 5)
    step(s, END.at())
    step(s, END.at())
    assert s["stage"] == ST_PHASE3 and core.check_invariants(s) == 0
    step(s, END.at())                                   # the last turn of round 100
    assert s["stage"] == ST_OVER and s["actor"] == -1 and s["round"] == MAX_ROUNDS
    assert s["final"][:2].tolist() == [5, 6] and s["winner"][:2].tolist() == [0, 1]
    assert s["last_rewards"][:2].tolist() == [-1.0, 1.0] and core.check_invariants(s) == 0


def test_larder_gives_a_turkey_leg_each_turn():
    s = position(tiles=line(3), ships={0: cell(0, 0), 1: cell(2, 0)})
    d = list(DEV_KIND).index(LARDER)
    idx = list(s["deck"][:s["deck_size"]]).index(MAP_CARDS + d)
    s["deck"][idx:s["deck_size"] - 1] = s["deck"][idx + 1:s["deck_size"]].copy()
    s["deck_size"] -= 1
    s["deck"][s["deck_size"]] = -1
    s["equipped"][0, d] = 1
    turn.start_turn(s, 0)
    assert s["bays"][0, TURKEY] == 1 and core.check_invariants(s) == 0


def test_the_dice_count_stops_at_its_top():
    from frontierzoo.envs.fantasy_frontier.state import ROLLS_MAX
    s = started()
    s["rolls"] = ROLLS_MAX - 1
    economy.roll_die(s)
    economy.roll_die(s)
    assert s["rolls"] == ROLLS_MAX == 2**31 - 1 and 1 <= s["last_roll"] <= 6
