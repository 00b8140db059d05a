"""The turn: its start (workers reset, township yields), the worker placement phase, phase 1
(tiles, pilot, blast, attack, repair), phase 2 (exit: gather, build), fish, turkey-leg re-rolls and
map-card scoring (rulebook: "Game Play" to "Build a Township")."""
from ..common.jit import rule
from .board import (blast_crew, blast_tile, can_blast, can_fly_to, can_score_map, cell_toward, check_win,
                    equipped_kind, has_tile, pilot_moves, township_crew)
from .combat import can_start_attack, hit_minimum, resolve_shot, start_attack
from .content import LARDER
from .economy import eat_turkey, gather_roll_improvable, has_turkey, owe_yield, pay, roll_die, settle_gains
from .state import (ATTACK, AU_PHASE3, BLAST, BLAST_DIR, BUILD, CAPACITY, CELLS, DAMAGEABLE, DIRS, DRIFT, END, EXIT, FISH,
                    FISH_ACTION, FISH_PER_TURN, GATHER, GOLD, MARKET, MAX_SEATS, MOVE, NEIGHBOUR, NUM_COMBOS,
                    PAY_COMBOS, PILOT, TILE, ST_TILE_CELL, PLACE_WORKER, PLAINS, REPAIR, REPAIR_SPOT,
                    RESUME_PHASE2, RESUME_TURN_START, REROLL, ROLL_COMBAT, ROLL_GATHER, ROLL_YIELD, SCORE, SPOTS,
                    STANDARD_COMBO, START_ATTACK, STONE, ST_PHASE1, ST_PHASE2, ST_PLACE, ST_REROLL, ST_TOWNSHIP,
                    TERRAINS, TOWNSHIPS, TURKEY, RESEARCH, SCOUT, WOOD, WORKERS, YIELD, MAP_CARDS)

# --------------------------------------------------------------------------- the start of a turn


@rule
def start_turn(s, seat):
    """"At that point, all 5 workers are reset and the new turn begins": the workers come back from
    the ground and from building; those that counter-attacked since sit this turn out. Then the
    larder's turkey leg and each township's free resource, then the worker placement phase."""
    s['turn_seat'] = seat
    for j in range(MAX_SEATS):
        s['hits'][j] = 0
    for c in range(CELLS):
        if s['ground'][c] == seat:
            s['ground'][c] = -1
    s['builders'][seat] = 0
    s['resting'] = s['countered'][seat]
    s['to_place'] = WORKERS - s['resting']
    s['countered'][seat] = 0
    for k in range(SPOTS):
        s['crew'][k] = 0
        s['ready'][k] = 0
        s['spent'][k] = 0
    s['moves_left'] = 0
    s['drift_left'] = 1 if s['faction'][seat] == DRIFT else 0
    s['fish_used'] = 0
    s['yield_cell'] = -1
    s['gain'][TURKEY] += equipped_kind(s, seat, LARDER)
    continue_turn_start(s)


@rule
def township_terrains(s, c, t):
    """Tiles of terrain t round the township on cell c."""
    n = 0
    for d in range(DIRS):
        x = NEIGHBOUR[c, d]
        if x >= 0 and s['board'][x] == t:
            n += 1
    return n


@rule
def continue_turn_start(s):
    """Owed resources first; then the next township (cell order) with terrain round it yields; then
    the workers are placed."""
    seat = s['turn_seat']
    if not settle_gains(s, seat, RESUME_TURN_START):
        return
    for c in range(s['yield_cell'] + 1, CELLS):
        if s['township'][c] == seat:
            for t in range(TERRAINS):
                if township_terrains(s, c, t) > 0:
                    s['yield_cell'] = c
                    s['stage'] = ST_TOWNSHIP
                    s['actor'] = seat
                    return
    s['yield_cell'] = -1
    if s['to_place'] > 0:
        s['stage'] = ST_PLACE
        s['actor'] = seat
    else:
        enter_phase1(s)


@rule
def mask_township(s, seat, mask):
    """The terrain of an adjacent tile the township draws its free resource from."""
    count = 0
    for t in range(TERRAINS):
        if township_terrains(s, s['yield_cell'], t) > 0:
            mask[YIELD.at(t)] = True
            count += 1
    return count


@rule
def apply_township(s, seat, a):
    """Plains: a turkey leg, no roll; forest, mountains, water: a free roll of their die."""
    t = YIELD.split(a)
    if t == PLAINS:
        s['gain'][TURKEY] += 1
        continue_turn_start(s)
        return
    begin_roll(s, seat, ROLL_YIELD, t)


# --------------------------------------------------------------------------- rolls and re-rolls


@rule
def begin_roll(s, seat, kind, t):
    """Roll a resource die; a turkey leg may re-roll it once the roll is seen (ST_REROLL)."""
    s['roll'] = roll_die(s)
    s['roll_kind'] = kind
    s['roll_terrain'] = t
    if has_turkey(s, seat) and gather_roll_improvable(t, s['roll']):
        s['stage'] = ST_REROLL
        s['actor'] = seat
        return
    finish_roll(s)


@rule
def finish_roll(s):
    """The roll stands: a shot hits or misses; a gather or a township's yield is handed over."""
    kind = s['roll_kind']
    if kind == ROLL_COMBAT:
        resolve_shot(s)
        return
    seat = s['turn_seat']
    owe_yield(s, s['roll_terrain'], s['roll'], seat)
    s['roll'] = 0
    if kind == ROLL_YIELD:
        continue_turn_start(s)
    else:
        s['stage'] = ST_PHASE2
        s['actor'] = seat
        if settle_gains(s, seat, RESUME_PHASE2):
            s['stage'] = ST_PHASE2


@rule
def mask_reroll(s, seat, mask):
    mask[REROLL.at(0)] = True
    mask[REROLL.at(1)] = True
    return 2


@rule
def apply_reroll(s, seat, a):
    """"A turkey leg can be consumed ... to re-roll any of YOUR rolls"; offered again after each
    re-roll while the player has legs and the roll can still improve."""
    if REROLL.split(a) == 0:
        finish_roll(s)
        return
    eat_turkey(s, seat)
    s['roll'] = roll_die(s)
    if has_turkey(s, seat):
        if s['roll_kind'] == ROLL_COMBAT:
            if s['roll'] < hit_minimum(s, s['shooter'], s['victim']):
                return
        elif gather_roll_improvable(s['roll_terrain'], s['roll']):
            return
    finish_roll(s)


# --------------------------------------------------------------------------- worker placement


@rule
def spot_capacity(s, seat, k):
    """The rulebook's counts: one pilot, three to blast (two with demolition charges), up to five to
    attack, one to five to exit, one to three to research, one to two to scout; one repairer per
    damaged assignment."""
    if k >= REPAIR_SPOT:
        return 1 if s['damaged'][seat, k - REPAIR_SPOT] else 0
    if k == BLAST:
        return blast_crew(s, seat)
    return CAPACITY[k]


@rule
def can_place_worker(s, seat, k):
    """A worker goes onto a spot with room; onto a damaged assignment only to use it after the
    repairer placed there first ("a second worker would have to be assigned")."""
    if s['crew'][k] >= spot_capacity(s, seat, k):
        return False
    if k < DAMAGEABLE and s['damaged'][seat, k] and s['crew'][REPAIR_SPOT + k] == 0:
        return False
    return True


@rule
def mask_place(s, seat, mask):
    count = 0
    for k in range(SPOTS):
        if can_place_worker(s, seat, k):
            mask[PLACE_WORKER.at(k)] = True
            count += 1
    return count


@rule
def apply_place(s, seat, a):
    """"He does this by placing all 5 workers onto designated assignments"; then phase 1."""
    k = PLACE_WORKER.split(a)
    s['crew'][k] += 1
    s['ready'][k] += 1
    if k == PILOT:
        s['moves_left'] = pilot_moves(s, seat)
    s['to_place'] -= 1
    if s['to_place'] == 0:
        enter_phase1(s)


@rule
def enter_phase1(s):
    s['stage'] = ST_PHASE1
    s['actor'] = s['turn_seat']


# --------------------------------------------------------------------------- phase 1


@rule
def pilot_usable(s, seat):
    """The pilot flies while it has moves left and the pilot assignment is undamaged."""
    return s['ready'][PILOT] > 0 and s['moves_left'] > 0 and not s['damaged'][seat, PILOT]


@rule
def can_move(s, seat):
    return pilot_usable(s, seat) or s['drift_left'] > 0


@rule
def blast_usable(s, seat):
    return s['ready'][BLAST] >= blast_crew(s, seat) and not s['damaged'][seat, BLAST]


@rule
def can_fish(s, seat, k, phase2):
    """"A fish can be consumed ... to gain an additional action with a worker ... any worker that
    has already performed an assignment can be assigned again to something different", 1 to 4 a
    turn, in phases 1 and 2: onto a phase-1 assignment (phase 2: exit), where a worker could be
    placed ("there is only one pilot assignment"; a crew counts every worker assigned this turn,
    so a fish never flies a second flight, blasts twice or makes a sixth attacker)."""
    if s['bays'][seat, FISH] <= 0 or s['fish_used'] >= FISH_PER_TURN:
        return False
    if phase2 and k != EXIT:
        return False
    if k == RESEARCH or k == SCOUT:
        return False
    return can_place_worker(s, seat, k) and fish_source(s, k) >= 0


@rule
def fish_source(s, k):
    """The spent worker a fish moves to spot k: a spent attacker if k is not attack, else another
    spent worker aboard (gatherers stay on their tiles). Moving one frees nothing, and attack is the
    only assignment with spent workers that can take another, so this choice keeps open every later
    fish that any other would (RULES.md, "Fish"); the player need not make it."""
    if k != ATTACK and s['spent'][ATTACK] > 0:
        return ATTACK
    for j in range(SPOTS):
        if j != k and j != EXIT and s['spent'][j] > 0:
            return j
    return -1


@rule
def eat_fish(s, seat, k):
    """The fish goes back to the supply; a spent worker leaves its assignment (which stays taken
    for the turn) for spot k, ready to act."""
    s['bays'][seat, FISH] -= 1
    s['supply'][FISH] += 1
    s['fish_used'] += 1
    s['spent'][fish_source(s, k)] -= 1
    s['crew'][k] += 1
    s['ready'][k] += 1
    if k == PILOT:
        s['moves_left'] = pilot_moves(s, seat)


@rule
def mask_score(s, seat, mask):
    count = 0
    if s['hand_count'][seat] == 0:
        return 0
    for m in range(MAP_CARDS):
        if can_score_map(s, seat, m):
            mask[SCORE.at(m)] = True
            count += 1
    return count


@rule
def apply_score(s, seat, a):
    """"A scored map card is public knowledge and placed face-up"; its points are secured."""
    m = SCORE.split(a)
    s['hand'][seat, m] = 0
    s['hand_count'][seat] -= 1
    s['scored'][seat, m] = 1
    check_win(s, seat)


@rule
def held_tiles(s, seat):
    n = 0
    for t in range(TERRAINS):
        n += s['held'][seat, t]
    return n


@rule
def mask_phase1(s, seat, mask):
    """Phase 1 in any order: place the held tiles, fly, blast, attack, repair; fish; score; end
    the phase once every held tile is down ("he must place all his terrain tiles")."""
    count = 0
    for t in range(TERRAINS):
        if s['held'][seat, t] > 0:          # a cell next to a tile is always free: the window is wide
            mask[TILE.at(t)] = True
            count += 1
    if can_move(s, seat):
        for d in range(DIRS):
            if can_fly_to(s, cell_toward(s, seat, d)):
                mask[MOVE.at(d)] = True
                count += 1
    if blast_usable(s, seat):
        for d in range(DIRS):
            if can_blast(s, cell_toward(s, seat, d)):
                mask[BLAST_DIR.at(d)] = True
                count += 1
    if can_start_attack(s, seat):
        mask[START_ATTACK.at()] = True
        count += 1
    for k in range(DAMAGEABLE):
        if s['ready'][REPAIR_SPOT + k] > 0 and s['damaged'][seat, k]:
            mask[REPAIR.at(k)] = True
            count += 1
    for k in range(SPOTS):
        if can_fish(s, seat, k, False):
            mask[FISH_ACTION.at(k)] = True
            count += 1
    count += mask_score(s, seat, mask)
    if held_tiles(s, seat) == 0:
        mask[END.at()] = True
        count += 1
    return count


@rule
def spend(s, k, n):
    s['ready'][k] -= n
    s['spent'][k] += n


@rule
def end_flight(s, seat):
    """The pilot's flight is over (its last space flown, or phase 1 ended): a pilot that flew "1, 2
    or 3 spaces" has performed its assignment (a fish may move it on); one that never flew has not."""
    if s['ready'][PILOT] > 0 and s['moves_left'] < pilot_moves(s, seat):
        spend(s, PILOT, 1)
    s['moves_left'] = 0


@rule
def apply_phase1(s, seat, a):
    if TILE.has(a):
        s['placing'] = TILE.split(a)
        s['placing_from'] = ST_PHASE1
        s['stage'] = ST_TILE_CELL
    elif MOVE.has(a):
        d = MOVE.split(a)
        s['ship'][seat] = cell_toward(s, seat, d)
        if pilot_usable(s, seat):
            s['moves_left'] -= 1
            if s['moves_left'] == 0:
                end_flight(s, seat)
        else:
            s['drift_left'] = 0
    elif BLAST_DIR.has(a):
        blast_tile(s, cell_toward(s, seat, BLAST_DIR.split(a)))
        spend(s, BLAST, blast_crew(s, seat))
    elif START_ATTACK.has(a):
        start_attack(s, seat)
    elif REPAIR.has(a):
        k = REPAIR.split(a)
        s['damaged'][seat, k] = 0
        s['markers'] += 1
        spend(s, REPAIR_SPOT + k, 1)
    elif FISH_ACTION.has(a):
        eat_fish(s, seat, FISH_ACTION.split(a))
    elif SCORE.has(a):
        apply_score(s, seat, a)
    else:                                    # END: on to phase 2
        s['stage'] = ST_PHASE2
        end_flight(s, seat)
        s['drift_left'] = 0


# --------------------------------------------------------------------------- phase 2: exit


@rule
def exit_ready(s, seat):
    if s['damaged'][seat, EXIT]:
        return 0
    return s['ready'][EXIT]


@rule
def can_gather(s, seat, c):
    """"Workers can only be sent to gather resources from terrain tiles that are adjacent to or
    directly under the airship ... The tiles cannot be occupied by other workers or townships"."""
    return has_tile(s, c) and s['township'][c] < 0 and s['ground'][c] < 0


@rule
def can_pay(s, seat, k):
    """2 gold, 2 stone, 2 wood; the Royal Vanguard's market: any 6 gold, stone and wood."""
    if k != STANDARD_COMBO and s['faction'][seat] != MARKET:
        return False
    return (s['bays'][seat, GOLD] >= PAY_COMBOS[k, 0] and s['bays'][seat, STONE] >= PAY_COMBOS[k, 1]
            and s['bays'][seat, WOOD] >= PAY_COMBOS[k, 2])


@rule
def can_build_on(s, seat, c):
    """A township on an unoccupied plains tile (no township, no worker), at most 3 a player."""
    return (has_tile(s, c) and s['board'][c] == PLAINS and s['township'][c] < 0 and s['ground'][c] < 0
            and s['townships'][seat] < TOWNSHIPS)


@rule
def mask_phase2(s, seat, mask):
    """Phase 2 in any order: each exit worker gathers or joins a township's crew; fish; score; end."""
    count = 0
    ready = exit_ready(s, seat)
    if ready > 0:
        for d in range(DIRS + 1):
            c = cell_toward(s, seat, d)
            if c >= 0 and can_gather(s, seat, c):
                mask[GATHER.at(d)] = True
                count += 1
    if ready >= township_crew(s, seat):
        for d in range(DIRS + 1):
            c = cell_toward(s, seat, d)
            if c >= 0 and can_build_on(s, seat, c):
                for k in range(NUM_COMBOS):
                    if can_pay(s, seat, k):
                        mask[BUILD.at(d, k)] = True
                        count += 1
    if can_fish(s, seat, EXIT, True):
        mask[FISH_ACTION.at(EXIT)] = True
        count += 1
    count += mask_score(s, seat, mask)
    mask[END.at()] = True
    return count + 1


@rule
def apply_phase2(s, seat, a):
    if GATHER.has(a):
        c = cell_toward(s, seat, GATHER.split(a))
        s['ground'][c] = seat
        spend(s, EXIT, 1)
        t = s['board'][c]
        if t == PLAINS:                       # "gains a turkey leg with no roll required"
            s['gain'][TURKEY] += 1
            settle_gains(s, seat, RESUME_PHASE2)
        else:
            begin_roll(s, seat, ROLL_GATHER, t)
    elif BUILD.has(a):
        d, k = BUILD.split(a)
        c = cell_toward(s, seat, d)
        pay(s, seat, GOLD, PAY_COMBOS[k, 0])
        pay(s, seat, STONE, PAY_COMBOS[k, 1])
        pay(s, seat, WOOD, PAY_COMBOS[k, 2])
        s['township'][c] = seat
        s['townships'][seat] += 1
        crew = township_crew(s, seat)
        s['ready'][EXIT] -= crew               # they leave the ship: off to the side
        s['builders'][seat] += crew
        check_win(s, seat)
    elif FISH_ACTION.has(a):
        eat_fish(s, seat, EXIT)
    elif SCORE.has(a):
        apply_score(s, seat, a)
    else:
        s['stage'] = AU_PHASE3                 # END: phase 3 (flow.settle)
