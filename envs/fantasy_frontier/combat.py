"""Aerial combat: the declaration, counter-attacks, shot for shot, damage markers, cargo-bay hits
and combat victory points (rulebook: "Attack", "Counter Attack", "Repair")."""
from ..common.jit import rule
from .board import adjacent_ships, bay_load, check_win, equipped_kind, ground_workers
from .content import HULL, SCOPE
from .economy import has_turkey, roll_die
from .state import (AIM, AIM_BAY, ARMOUR, ARMOUR_HIT_MIN, ATTACK, BAY_NAMED_BY, BAY_OF, COMBAT_HITS, COMBAT_VP,
                    COUNTER, DAMAGEABLE, DECLARE, DIE, FIRE, FOCUS_CREW, HIT_MIN, MAX_SEATS, RESOURCES, ROLL_COMBAT,
                    ST_AIM, ST_COUNTER, ST_DECLARE, ST_PHASE1, ST_REROLL, WORKERS)


@rule
def hit_minimum(s, shooter, victim):
    """A standard attack hits on 4-6; on the Juggernaut's armour plating only on 5-6. Development
    cards: the targeting scope lowers it one pip, the reinforced hull raises it one (never past 6,
    never below 2)."""
    m = ARMOUR_HIT_MIN if s['faction'][victim] == ARMOUR else HIT_MIN
    m += equipped_kind(s, victim, HULL) - equipped_kind(s, shooter, SCOPE)
    if m > DIE:
        m = DIE
    if m < 2:
        m = 2
    return m


@rule
def onboard_workers(s, seat):
    """Workers still aboard an airship off-turn: not on the ground, not off building a township, not
    already committed to a counter-attack."""
    return WORKERS - ground_workers(s, seat) - s['builders'][seat] - s['countered'][seat]


@rule
def counter_crew(s, seat):
    """Workers ``seat`` may commit to a counter-attack: those aboard, and none while its attack
    assignment is damaged (a counter-attack "works the same as regular attack", and a damaged
    assignment is "useless" until repaired)."""
    if s['damaged'][seat, ATTACK]:
        return 0
    return onboard_workers(s, seat)


@rule
def attack_ready(s, seat):
    """Attack workers not yet fired, on an undamaged attack assignment."""
    if s['damaged'][seat, ATTACK]:
        return 0
    return s['ready'][ATTACK]


@rule
def can_start_attack(s, seat):
    """"A player may only attack an opponent's airship if it is adjacent to theirs"."""
    if attack_ready(s, seat) <= 0:
        return False
    for j in range(s['num_players']):
        if j != seat and adjacent_ships(s, seat, j):
            return True
    return False


@rule
def start_attack(s, seat):
    s['n_decl'] = 0
    s['decl_workers'] = 0
    s['stage'] = ST_DECLARE
    s['actor'] = seat


@rule
def mask_declare(s, seat, mask):
    """The next shot in the declared order: an adjacent target, standard (1 worker) or focused (2
    workers); or fire the declared ones."""
    n = s['num_players']
    free = s['ready'][ATTACK] - s['decl_workers']
    count = 0
    for rel in range(1, n):
        j = (seat + rel) % n
        if adjacent_ships(s, seat, j):
            if free >= 1:
                mask[DECLARE.at(rel, 0)] = True
                count += 1
            if free >= FOCUS_CREW:
                mask[DECLARE.at(rel, 1)] = True
                count += 1
    if s['n_decl'] > 0:
        mask[FIRE.at()] = True
        count += 1
    return count


@rule
def apply_declare(s, seat, a):
    """"The target order must be declared before the attacks are made"; all of it, then the targets
    say whether they counter-attack, then the battle."""
    if FIRE.has(a):
        begin_battle(s, seat)
        return
    rel, kind = DECLARE.split(a)
    k = s['n_decl']
    s['decl_target'][k] = (seat + rel) % s['num_players']
    s['decl_kind'][k] = kind
    s['n_decl'] = k + 1
    s['decl_workers'] += FOCUS_CREW if kind == 1 else 1
    if s['decl_workers'] >= s['ready'][ATTACK]:
        begin_battle(s, seat)


@rule
def begin_battle(s, seat):
    """The declared workers are spent; each target in the declared order is asked once whether to
    counter-attack."""
    s['ready'][ATTACK] -= s['decl_workers']
    s['spent'][ATTACK] += s['decl_workers']
    for j in range(MAX_SEATS):
        s['counter_left'][j] = 0
    s['counter_ask'] = 0
    ask_counters(s)


@rule
def ask_counters(s):
    """Next target not yet asked that can counter-attack (workers aboard, attack undamaged: both
    public): ST_COUNTER; when all are asked, the first shot."""
    while s['counter_ask'] < s['n_decl']:
        i = s['counter_ask']
        t = s['decl_target'][i]
        asked = False
        for k in range(i):
            if s['decl_target'][k] == t:
                asked = True
        if not asked and counter_crew(s, t) > 0:
            s['stage'] = ST_COUNTER
            s['actor'] = t
            return
        s['counter_ask'] = i + 1
    s['shot'] = 0
    s['reply_to'] = -1
    next_shot(s)


@rule
def mask_counter(s, seat, mask):
    """"Pre-assign 1 through 5 workers" still aboard, or none."""
    m = counter_crew(s, seat)
    for k in range(m + 1):
        mask[COUNTER.at(k)] = True
    return m + 1


@rule
def apply_counter(s, seat, a):
    """Workers counter-attacking "are considered spent for the next turn"."""
    k = COUNTER.split(a)
    s['counter_left'][seat] = k
    s['countered'][seat] += k
    s['counter_ask'] += 1
    ask_counters(s)


@rule
def next_shot(s):
    """Shot for shot, the attacker first: after each of the attacker's shots its target replies if
    it has counter-attack workers left; when one side runs out, the other takes its remaining
    shots (the counter-attackers in turn order). Then back to phase 1."""
    a = s['turn_seat']
    r = s['reply_to']
    s['reply_to'] = -1
    if r >= 0 and s['counter_left'][r] > 0:
        s['shooter'] = r
        s['victim'] = a
        s['shot_kind'] = -1
        s['stage'] = ST_AIM
        s['actor'] = r
        return
    if s['shot'] < s['n_decl']:
        s['shooter'] = a
        s['victim'] = s['decl_target'][s['shot']]
        s['shot_kind'] = s['decl_kind'][s['shot']]
        s['stage'] = ST_AIM
        s['actor'] = a
        return
    n = s['num_players']
    for rel in range(1, n):
        j = (a + rel) % n
        if s['counter_left'][j] > 0:
            s['shooter'] = j
            s['victim'] = a
            s['shot_kind'] = -1
            s['stage'] = ST_AIM
            s['actor'] = j
            return
    s['shooter'] = -1
    s['victim'] = -1
    s['n_decl'] = 0
    s['decl_workers'] = 0
    s['stage'] = ST_PHASE1
    s['actor'] = a


@rule
def bay_aim_open(s, v, r):
    """A cargo bay is aimed at by the resource the hit will take from it: one the bay holds (the
    food bay: fish or turkey leg, the attacker's pick), or, for an empty bay, its own name."""
    return s['bays'][v, r] > 0 or (bay_load(s, v, r) == 0 and BAY_NAMED_BY[BAY_OF[r]] == r)


@rule
def mask_aim(s, seat, mask):
    """"The attacking player must declare the assignment he is attacking BEFORE he rolls": any
    undamaged assignment ("All assignments are eligible to be targeted", the scout too) or a cargo
    bay. The attacker's kind was declared; a counter-attacker chooses it now (focused with two
    workers left)."""
    v = s['victim']
    count = 0
    for kind in range(2):
        if s['shot_kind'] >= 0:
            if kind != s['shot_kind']:
                continue
        elif kind == 1 and s['counter_left'][seat] < FOCUS_CREW:
            continue
        for k in range(DAMAGEABLE):
            if not s['damaged'][v, k]:
                mask[AIM.at(kind, k)] = True
                count += 1
        for r in range(RESOURCES):
            if bay_aim_open(s, v, r):
                mask[AIM.at(kind, AIM_BAY + r)] = True
                count += 1
    return count


@rule
def apply_aim(s, seat, a):
    """Aim, then a focused attack hits at once and a standard attack rolls the combat die."""
    kind, aim = AIM.split(a)
    s['shot_kind'] = kind
    s['shot_aim'] = aim
    if seat == s['turn_seat']:
        s['reply_to'] = s['victim']
        s['shot'] += 1
    else:
        s['counter_left'][seat] -= FOCUS_CREW if kind == 1 else 1
    if kind == 1:
        land_hit(s)
        if s['actor'] >= 0:
            next_shot(s)
        return
    s['roll'] = roll_die(s)
    s['roll_kind'] = ROLL_COMBAT
    if s['roll'] < hit_minimum(s, seat, s['victim']) and has_turkey(s, seat):
        s['stage'] = ST_REROLL           # a miss seen: a turkey leg may re-roll it
        s['actor'] = seat
        return
    resolve_shot(s)


@rule
def resolve_shot(s):
    """The roll stands: a hit or a miss, then the next shot."""
    face = s['roll']
    s['roll'] = 0
    if face >= hit_minimum(s, s['shooter'], s['victim']):
        land_hit(s)
    if s['actor'] >= 0:
        next_shot(s)


@rule
def land_hit(s):
    """A damage marker on the aimed assignment, rendering it useless until repaired; a cargo-bay hit
    instead returns "1 resource from that bay" (the one aimed at) to the supply. Every third hit of a player in one turn
    (counter-attacks too) scores 5 VP; 40 VP ends the game at once."""
    v = s['victim']
    aim = s['shot_aim']
    if aim < AIM_BAY:
        if not s['damaged'][v, aim] and s['markers'] > 0:
            s['damaged'][v, aim] = 1
            s['markers'] -= 1
    else:
        r = aim - AIM_BAY
        if s['bays'][v, r] > 0:
            s['bays'][v, r] -= 1
            s['supply'][r] += 1
    sh = s['shooter']
    s['hits'][sh] += 1
    if s['hits'][sh] % COMBAT_HITS == 0:
        s['combat_vp'][sh] += COMBAT_VP
        check_win(s, sh)
