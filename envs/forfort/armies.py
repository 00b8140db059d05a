"""c. Place a camp, and the armies: where camps go, where armies stand, how they march at the
start of their owner's turn, and when they leave a fort."""
from ..common.jit import rule
from .places import (camp_card, destroy_space, is_empty_space, is_opponent, is_teammate, push_card,
                     rel_seat, top_is_wall_of_kind)
from .state import (ARMIES, ARMY_OVERTHROWN, ARMY_RESERVE, CAMPS, DEFENDED, DIR_DCOL, DIR_DROW,
                    DUNGEON_COL, DUNGEON_ROW, GRID, GRID_SPACE, SPACE, SPACE_COL, SPACE_ROW, SPACES)

# --------------------------------------------------------------------------- camps


@rule
def camp_fort_allowed(s, seat, fort):
    """Camps go in one's own fort; in the team game also in the teammate's."""
    return fort == seat or is_teammate(s, seat, fort)


@rule
def has_camp(s, seat):
    for k in range(CAMPS):
        if s['camp_reserve'][seat, k]:
            return True
    return False


@rule
def place_camp(s, seat, fort, space):
    """Place the next camp card from the reserve on an empty space."""
    for k in range(CAMPS):
        if s['camp_reserve'][seat, k]:
            s['camp_reserve'][seat, k] = False
            push_card(s, fort, space, camp_card(seat, k))
            return


@rule
def can_place_camp(s, seat):
    """A camp is left in reserve and an empty space in a fort it may go in."""
    if not has_camp(s, seat):
        return False
    for fort in range(s['num_players']):
        if camp_fort_allowed(s, seat, fort):
            for space in range(SPACES):
                if is_empty_space(s, fort, space):
                    return True
    return False


@rule
def mask_camp_space(s, seat, mask):
    """The camp goes on any empty space (no card, no army) of a fort it may go in; the arrows
    do not matter."""
    count = 0
    for rel in range(s['num_players']):
        fort = rel_seat(s, seat, rel)
        if camp_fort_allowed(s, seat, fort):
            for space in range(SPACES):
                if is_empty_space(s, fort, space):
                    mask[SPACE.at(rel, space)] = True
                    count += 1
    return count


@rule
def apply_camp_space(s, seat, a):
    """The next camp from the reserve goes on the chosen space."""
    rel, space = SPACE.split(a)
    place_camp(s, seat, rel_seat(s, seat, rel), space)


# --------------------------------------------------------------------------- armies


@rule
def reserve_army(s, seat):
    """An army of ``seat``'s still in reserve, -1 if none."""
    for k in range(ARMIES):
        if s['army_fort'][seat, k] == ARMY_RESERVE:
            return k
    return -1


@rule
def army_direction_ok(space, d):
    """An army attacks in a straight line along the fort; it may not face the dungeon."""
    r = SPACE_ROW[space] + DIR_DROW[d]
    c = SPACE_COL[space] + DIR_DCOL[d]
    return not (r == DUNGEON_ROW and c == DUNGEON_COL)


@rule
def place_army(s, seat, fort, space, d):
    """Place an army from the reserve on a space of a fort, facing direction ``d``."""
    k = reserve_army(s, seat)
    s['army_fort'][seat, k] = fort
    s['army_space'][seat, k] = space
    s['army_dir'][seat, k] = d
    s['armies_here'][fort, space] += 1


@rule
def lift_army(s, seat, k, status):
    """Take an army off its space: back to the reserve, or overthrown for good."""
    s['armies_here'][s['army_fort'][seat, k], s['army_space'][seat, k]] -= 1
    s['army_fort'][seat, k] = status
    s['army_space'][seat, k] = -1
    s['army_dir'][seat, k] = -1


@rule
def space_ahead(space, d):
    """The space an army on ``space`` heading ``d`` enters next; -1 if it leaves the fort."""
    r = SPACE_ROW[space] + DIR_DROW[d]
    c = SPACE_COL[space] + DIR_DCOL[d]
    if r < 0 or r >= GRID or c < 0 or c >= GRID:
        return -1
    return GRID_SPACE[r, c]


@rule
def advance_armies(s, seat):
    """At the start of the owner's turn each army moves one space in its direction, destroying
    every card on the space it enters; one that leaves the fort goes back to its owner; one that
    enters a defended wall is overthrown."""
    for k in range(ARMIES):
        fort = s['army_fort'][seat, k]
        if fort < 0:
            continue
        space = s['army_space'][seat, k]
        nxt = space_ahead(space, s['army_dir'][seat, k])
        if nxt < 0:                                      # it marches out of the fort
            lift_army(s, seat, k, ARMY_RESERVE)
            continue
        if top_is_wall_of_kind(s, fort, nxt, DEFENDED):
            lift_army(s, seat, k, ARMY_OVERTHROWN)
            continue
        destroy_space(s, fort, nxt)
        s['armies_here'][fort, space] -= 1
        s['armies_here'][fort, nxt] += 1
        s['army_space'][seat, k] = nxt


@rule
def may_overthrow(s, seat, owner, k):
    """A guard overthrows an opponent's army invading one's own fort (or the teammate's)."""
    fort = s['army_fort'][owner, k]
    return fort >= 0 and is_opponent(s, seat, owner) and (fort == seat or is_teammate(s, seat, fort))
