"""Resources: the supply, the cargo bays, the resource dice, turkey-leg re-rolls and resources owed
when the supply is out (rulebook: "Gather Resources", "Types of Terrain Tiles", "Build a
Township"). Every gain is the turn player's; ``gain`` holds what is still to be handed over."""
from ..common.jit import rule
from ..common.rng import randint
from .board import bay_capacity, bay_load, equipped_kind
from .content import BOTH_FACE, FACE_YIELD, NETS
from .state import (AU_RESUME, DIE, FISH, PLAINS, RESOURCES, ROLLS_MAX, ST_TAKE, TAKE, TURKEY, WATER)


@rule
def owed_from(s, seat, r):
    """Seats other than ``seat`` holding resource r."""
    n = 0
    for j in range(s['num_players']):
        if j != seat and s['bays'][j, r] > 0:
            n += 1
    return n


@rule
def settle_gains(s, seat, resume):
    """Hand over what ``seat`` is owed, one piece at a time: from the supply; if "they are not in the
    general supply, that player may choose to take the resource(s) from other players of his
    choice" (a decision, ST_TAKE); a piece with no room in its bay is lost. Returns True when
    everything is settled, False when a decision waits."""
    for r in range(RESOURCES):
        while s['gain'][r] > 0:
            if bay_load(s, seat, r) >= bay_capacity(s, seat):
                s['gain'][r] = 0                # no room in the bay: the piece stays where it is
            elif s['supply'][r] > 0:
                s['supply'][r] -= 1
                s['bays'][seat, r] += 1
                s['gain'][r] -= 1
            elif owed_from(s, seat, r) > 0:
                s['owe_res'] = r
                s['owe_resume'] = resume
                s['stage'] = ST_TAKE
                s['actor'] = seat
                return False
            else:
                s['gain'][r] = 0                # nobody has one: nothing to take
    s['owe_res'] = -1
    return True


@rule
def mask_take(s, seat, mask):
    """Whom to take the owed resource from (any player holding one), or go without."""
    n = s['num_players']
    mask[TAKE.at(0)] = True
    count = 1
    for rel in range(1, n):
        j = (seat + rel) % n
        if s['bays'][j, s['owe_res']] > 0:
            mask[TAKE.at(rel)] = True
            count += 1
    return count


@rule
def apply_take(s, seat, a):
    """One owed piece taken (or given up); once all is settled, back to where it was owed
    (flow.settle)."""
    take_owed(s, seat, a)
    if settle_gains(s, seat, s['owe_resume']):
        s['stage'] = AU_RESUME


@rule
def take_owed(s, seat, a):
    """Move one owed piece from the chosen player's bay (or give it up)."""
    rel = TAKE.split(a)
    r = s['owe_res']
    if rel > 0:
        j = (seat + rel) % s['num_players']
        s['bays'][j, r] -= 1
        s['bays'][seat, r] += 1
    s['gain'][r] -= 1


@rule
def owe_yield(s, t, face, seat):
    """What a tile of terrain t yields on a die face: plains a turkey leg; forest, mountain and
    water their die; deep nets turn a water miss into a fish."""
    got = 0
    for r in range(RESOURCES):
        s['gain'][r] += FACE_YIELD[t, face - 1, r]
        got += FACE_YIELD[t, face - 1, r]
    if t == WATER and got == 0 and equipped_kind(s, seat, NETS) > 0:
        s['gain'][FISH] += 1


@rule
def roll_die(s):
    """One six-sided die (the combat die and the three resource dice are all d6)."""
    face = randint(s['rng'], DIE) + 1
    s['last_roll'] = face
    if s['rolls'] < ROLLS_MAX:
        s['rolls'] += 1
    return face


@rule
def gather_roll_improvable(t, face):
    """A re-roll is worth offering on any face but the best ("both") one; plains need no roll."""
    return t != PLAINS and face - 1 != BOTH_FACE[t]


@rule
def has_turkey(s, seat):
    return s['bays'][seat, TURKEY] > 0


@rule
def eat_turkey(s, seat):
    """A turkey leg goes back to the general supply."""
    s['bays'][seat, TURKEY] -= 1
    s['supply'][TURKEY] += 1


@rule
def pay(s, seat, r, n):
    """n pieces of resource r from the seat's bay back to the supply."""
    s['bays'][seat, r] -= n
    s['supply'][r] += n
