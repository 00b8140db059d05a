"""Fantasy Frontier in words: each decision described, and what happens between decisions (rolls,
hits, draws, turns, the end) for transcripts and human play. Words are said to a ``viewer``: a seat
hears "you" and never hears another player's map cards or the deck."""
from __future__ import annotations

import numpy as np

from .board import bay_load
from .content import DEV_EFFECTS, DEV_KIND, DEV_KIND_NAMES, MAP_SHAPE, MAP_TERRAIN, MAP_VP, MAP_SIZE
from .state import (AIM, AIM_BAY, ASSIGNMENT_NAMES, BAY_NAMES, BAY_OF, BLAST_DIR, BUILD, CELL_Q, CELL_R, COUNTER,
                    DAMAGEABLE, DECLARE, DEV, DIR_NAMES, DISCARD, END, FACTION, FACTION_NAMES, FIRE, FISH_ACTION,
                    GATHER, MOVE,
                    PAY_COMBOS, TILE, CELL, ST_TILE_CELL, PLACE_WORKER, REDRAW, REPAIR, REPAIR_SPOT, RESOURCE_NAMES,
                    REROLL, SCORE, START_ATTACK, ST_OVER, ST_PHASE1, ST_PHASE2, TAKE, TERRAIN_NAMES, YIELD, ACTIONS,
                    RESOURCES)
from .turn import fish_source


def seat_word(j, viewer):
    return "you" if viewer is not None and j == viewer else f"player_{j}"


def cell_name(c):
    return f"({int(CELL_Q[c])},{int(CELL_R[c])})"


def map_card_name(m):
    ts = "-".join(TERRAIN_NAMES[int(t)] for t in MAP_TERRAIN[m][:MAP_SIZE[m]])
    return f"map card {m} ({MAP_SHAPE[m]} {ts}, {int(MAP_VP[m])} VP)"


def dev_name(d):
    k = int(DEV_KIND[d])
    return f"{DEV_KIND_NAMES[k]} ({DEV_EFFECTS[k]})"


def spot_name(k):
    return ASSIGNMENT_NAMES[k] if k < REPAIR_SPOT else f"repair {ASSIGNMENT_NAMES[k - REPAIR_SPOT]}"


def aim_name(s, v, aim):
    """The assignment or cargo bay of seat v aimed at, and for a bay the resource the hit takes."""
    if aim < AIM_BAY:
        return ASSIGNMENT_NAMES[aim]
    r = aim - AIM_BAY
    bay = BAY_NAMES[BAY_OF[r]]
    if bay_load(s, v, r) == 0:
        return f"empty {bay} bay"
    return f"{bay} bay ({RESOURCE_NAMES[r]})" if bay != RESOURCE_NAMES[r] else f"{bay} bay"


def describe_action(s, a, viewer=None):
    """The decision ``a`` of the seat to act, in its own words (viewer None) or to ``viewer``."""
    a = int(a)
    actor = int(s["actor"])
    n = int(s["num_players"])
    who = "I" if viewer is None or viewer == actor else f"player_{actor}"
    my = "my" if viewer is None or viewer == actor else "their"
    span = ACTIONS.span_of(a)
    if FACTION.has(a):
        return f"{who} choose the {FACTION_NAMES[FACTION.split(a)]}"
    if CELL.has(a):
        c = CELL.split(a)
        if int(s["stage"]) == ST_TILE_CELL:
            return f"{who} place the {TERRAIN_NAMES[int(s['placing'])]} tile at {cell_name(c)}"
        return f"{who} put {my} airship on the {TERRAIN_NAMES[int(s['board'][c])]} tile at {cell_name(c)}"
    if TILE.has(a):
        return f"{who} pick up a {TERRAIN_NAMES[TILE.split(a)]} tile to place"
    if PLACE_WORKER.has(a):
        return f"{who} place a worker on {spot_name(PLACE_WORKER.split(a))}"
    if YIELD.has(a):
        return f"{who} take the township's free resource from {TERRAIN_NAMES[YIELD.split(a)]}"
    if MOVE.has(a):
        return f"{who} fly {DIR_NAMES[MOVE.split(a)]}"
    if BLAST_DIR.has(a):
        return f"{who} blast the tile to the {DIR_NAMES[BLAST_DIR.split(a)]}"
    if START_ATTACK.has(a):
        return f"{who} attack"
    if REPAIR.has(a):
        return f"{who} repair {ASSIGNMENT_NAMES[REPAIR.split(a)]}"
    if FISH_ACTION.has(a):
        k = FISH_ACTION.split(a)
        return f"{who} eat a fish: a spent worker from {spot_name(fish_source(s, k))} goes to {spot_name(k)}"
    if SCORE.has(a):
        m = SCORE.split(a)
        if viewer is None or viewer == actor:
            return f"{who} score {map_card_name(m)}"
        return f"{who} score {map_card_name(m)}"   # scoring shows the card face up
    if DECLARE.has(a):
        rel, kind = DECLARE.split(a)
        return f"{who} declare a {'focused' if kind else 'standard'} attack on {seat_word((actor + rel) % n, viewer)}"
    if FIRE.has(a):
        return f"{who} open fire"
    if COUNTER.has(a):
        k = COUNTER.split(a)
        return f"{who} counter-attack with {k} worker{'s' if k != 1 else ''}" if k else f"{who} do not counter-attack"
    if AIM.has(a):
        kind, aim = AIM.split(a)
        v = int(s["victim"])
        return f"{who} fire a {'focused' if kind else 'standard'} shot at {seat_word(v, viewer)}'s {aim_name(s, v, aim)}"
    if REROLL.has(a):
        return f"{who} eat a turkey leg and re-roll" if REROLL.split(a) else f"{who} keep the roll of {int(s['roll'])}"
    if TAKE.has(a):
        rel = TAKE.split(a)
        r = RESOURCE_NAMES[int(s["owe_res"])]
        return f"{who} take the owed {r} from {seat_word((actor + rel) % n, viewer)}" if rel else f"{who} go without the {r}"
    if GATHER.has(a):
        d = GATHER.split(a)
        return f"{who} send a worker to gather {'below the airship' if d == 6 else 'to the ' + DIR_NAMES[d]}"
    if BUILD.has(a):
        d, k = BUILD.split(a)
        g, st, w = (int(x) for x in PAY_COMBOS[k])
        where = "below the airship" if d == 6 else "to the " + DIR_NAMES[d]
        return f"{who} build a township {where}, paying {g} gold, {st} stone, {w} wood"
    if DEV.has(a):
        d = int(s["pending_dev"])
        return f"{who} {'sell' if DEV.split(a) else 'equip'} the {dev_name(d) if d >= 0 else 'development card'}"
    if DISCARD.has(a):
        m = DISCARD.split(a)
        return f"{who} return {map_card_name(m) if viewer is None or viewer == actor else 'a map card'} to the deck"
    if REDRAW.has(a):
        k = REDRAW.split(a)
        return f"{who} keep the scouted tiles" if k == 0 else f"{who} eat a turkey leg to redraw scouted pair {k}"
    if END.has(a):
        st = int(s["stage"])
        return {ST_PHASE1: f"{who} end phase 1", ST_PHASE2: f"{who} end phase 2"}.get(st, f"{who} end {my} turn")
    return f"{span.name}"


def events(before, after, viewer=None):
    """What happened between two records, everything public."""
    out = []
    n = int(after["num_players"])
    for j in range(n):
        if int(after["hits"][j]) > int(before["hits"][j]) and int(after["turn_seat"]) == int(before["turn_seat"]):
            out.append(f"a hit for {seat_word(j, viewer)} ({int(after['hits'][j])} this turn)")
        dv = int(after["combat_vp"][j]) - int(before["combat_vp"][j])
        if dv > 0:
            out.append(f"{seat_word(j, viewer)} score {dv} combat VP")
        for k in range(DAMAGEABLE):
            if after["damaged"][j, k] and not before["damaged"][j, k]:
                out.append(f"{seat_word(j, viewer)}'s {ASSIGNMENT_NAMES[k]} is damaged")
        for r in range(RESOURCES):
            d = int(after["bays"][j, r]) - int(before["bays"][j, r])
            if d:
                out.append(f"{seat_word(j, viewer)} {'gain' if d > 0 else 'lose'} {abs(d)} {RESOURCE_NAMES[r]}")
        dh = int(after["hand_count"][j]) - int(before["hand_count"][j])
        if dh > 0:
            out.append(f"{seat_word(j, viewer)} draw {dh} map card{'s' if dh > 1 else ''}")
        held = int(after["held"][j].sum()) - int(before["held"][j].sum())
        if held > 0 and int(after["stage"]) != 1:
            got = [TERRAIN_NAMES[t] for t in range(4) for _ in range(max(0, int(after["held"][j, t]) - int(before["held"][j, t])))]
            out.append(f"{seat_word(j, viewer)} scout {', '.join(got)}")
        if after["townships"][j] > before["townships"][j]:
            out.append(f"{seat_word(j, viewer)} build a township (+10 VP)")
        if int(after["faction"][j]) >= 0 and int(before["faction"][j]) < 0 and after["random_factions"]:
            out.append(f"{seat_word(j, viewer)} are dealt the {FACTION_NAMES[int(after['faction'][j])]}")
    if (int(after["stage"]) in (14, 15) and not np.array_equal(after["scouted"], before["scouted"])
            and int(before["stage"]) == 14):
        tiles = [TERRAIN_NAMES[int(t)] for t in after["scouted"] if t >= 0]
        out.append(f"player_{int(after['turn_seat'])}'s scouted tiles are now {', '.join(tiles)}")
    if int(after["pending_dev"]) >= 0 and int(before["pending_dev"]) < 0:
        out.append(f"player_{int(after['turn_seat'])} draws the {dev_name(int(after['pending_dev']))}")
    if int(after["rolls"]) != int(before["rolls"]):
        out.append(f"the die shows {int(after['last_roll'])}" if int(after["rolls"]) == int(before["rolls"]) + 1
                   else f"{int(after['rolls']) - int(before['rolls'])} dice rolled, the last shows {int(after['last_roll'])}")
    if int(after["turn_seat"]) != int(before["turn_seat"]) and int(after["stage"]) >= 3:
        out.append(f"player_{int(after['turn_seat'])}'s turn (round {int(after['round']) + 1})")
    if int(after["stage"]) == ST_OVER and int(before["stage"]) != ST_OVER:
        totals = ", ".join(f"player_{j} {int(after['final'][j])}" for j in range(n))
        out.append(f"game over: {totals}")
    return out
