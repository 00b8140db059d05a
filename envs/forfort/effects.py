"""b. Use an effect, and the combination effects: the mason, the battering ram, the catapult, the
siege tower and the guard, each decision of theirs with its legality beside it, and the pairs that
fire them twice over or harder."""
from ..common.bits import lowest_bit
from ..common.jit import rule
from .armies import army_direction_ok, lift_army, may_overthrow, place_army, reserve_army
from .content import WALL_SYMBOL_SET
from .fort import build_wall, can_build_anywhere, open_spaces, wall_fits, walls_that_fit
from .places import (can_destroy, destroy_space, destroyable_spaces, discard_wall, discard_walls,
                     is_empty_space, is_opponent, rel_seat, wall_card)
from .state import (ARMIES, ARMY, ARMY_OVERTHROWN, CATAPULT, DIRECTION, FRONT_LINE, GRID, GUARD,
                    LINE_SPACES, LINES, MASON, NUM_DIRECTIONS, NUM_SYMBOLS, OPPONENT, PAIR, PAIR_USES,
                    PICK, PICK_TOP, RAM, ROW, SECOND_ROW, SIEGE_TOWER, SPACE, SPACES, ST_DIRECTION,
                    ST_GUARD, ST_MASON_PICK, ST_MASON_SPACE, ST_ROW, ST_TARGET, THIRD_ROW, WALLS)

# --------------------------------------------------------------------------- using an effect


@rule
def effect_usable(s, seat, symbol, pair):
    """An effect may be used only if it can do something."""
    if symbol == MASON:
        return mason_ok(s, seat, pair)
    if symbol == GUARD:
        return guard_ok(s, seat)
    return (usable_attacks(s, seat, pair) >> symbol) & 1 != 0


@rule
def usable_effects(s, seat, walls, spaces):
    """The effects the symbols on a set of walls (bit w: wall w) have that can do something, as a
    bit set (bit y: symbol y); ``spaces``: the caller's ``open_spaces`` (not free), which the
    mason's question is asked of. All five are asked, without a branch on which the hand holds:
    that branch is as good as random to the processor, and cost more than the questions."""
    symbols = 0
    for w in range(WALLS):
        symbols |= WALL_SYMBOL_SET[w] * ((walls >> w) & 1)
    usable = (usable_attacks(s, seat, False) | int(mason_can_build(s, seat, spaces)) << MASON
              | int(guard_ok(s, seat)) << GUARD)
    return usable & symbols


@rule
def start_effect(s, symbol, pair):
    """Begin resolving a symbol's effect; a pair's combination effect where it is a pair."""
    s['effect'] = symbol
    s['effect_uses'] = PAIR_USES if pair and (symbol == SIEGE_TOWER or symbol == GUARD) else 1
    s['breach'] = 1 if pair and (symbol == RAM or symbol == CATAPULT) else 0
    s['mason_free'] = 1 if pair and symbol == MASON else 0


@rule
def effect_stage(symbol):
    """The first decision of an effect."""
    if symbol == MASON:
        return ST_MASON_PICK
    if symbol == GUARD:
        return ST_GUARD
    return ST_TARGET


@rule
def finish_effect(s):
    """The effect is over: the card that was played for it goes on its owner's discard pile
    (only now, so a mason cannot rebuild the very card it was played from), and the pair's powers
    end with it (the next effect, and the next player, see no breach or free mason)."""
    s['effect'] = -1
    s['effect_uses'] = 0
    s['breach'] = 0
    s['mason_free'] = 0
    w = s['played_card']
    if w >= 0:
        discard_wall(s, s['turn_seat'], w)
        s['played_card'] = -1


@rule
def use_done(s):
    """One use of the effect is done; the last one finishes it."""
    s['effect_uses'] -= 1
    if s['effect_uses'] <= 0:
        finish_effect(s)


# --------------------------------------------------------------------------- mason


@rule
def mason_ok(s, seat, free):
    """The mason needs a wall in the discard pile that can be built (a pair may also take the
    dungeon's top card)."""
    if free and s['dungeon_size'][seat] > 0:
        return True
    return mason_can_build(s, seat, open_spaces(s, seat, free))


@rule
def mason_can_build(s, seat, spaces):
    """A wall in the discard pile of a shape some of ``spaces`` (``open_spaces``) is of."""
    return discard_walls(s, seat) & walls_that_fit(spaces) != 0


@rule
def mask_mason_pick(s, seat, mask):
    """A wall of the discard pile that can be built; for a mason pair the dungeon's top card too."""
    free = s['mason_free'] != 0
    walls = discard_walls(s, seat) & walls_that_fit(open_spaces(s, seat, free))
    count = 0
    while walls != 0:
        w = lowest_bit(walls)
        walls &= walls - 1
        mask[PICK.at(w)] = True
        count += 1
    if free and s['dungeon_size'][seat] > 0:
        mask[PICK_TOP.at()] = True
        count += 1
    return count


@rule
def apply_mason_pick(s, seat, a):
    """The mason takes the card; if it fits nowhere (only a revealed top card can) it goes back."""
    if PICK_TOP.has(a):
        n = s['dungeon_size'][seat]
        s['pending_card'] = s['dungeon'][seat, n - 1]
        s['dungeon_size'][seat] = n - 1
        s['pending_from_top'] = 1
    else:
        w = PICK.split(a)
        s['discard'][seat, wall_card(seat, w)] = False
        s['pending_card'] = w
        s['pending_from_top'] = 0
    if can_build_anywhere(s, seat, s['pending_card'], s['mason_free'] != 0):
        s['stage'] = ST_MASON_SPACE
        return
    # The revealed top card fits nowhere (armies hold every space of its shape): it goes back.
    s['dungeon_size'][seat] += 1
    s['pending_card'] = -1
    s['pending_from_top'] = 0
    use_done(s)


@rule
def mask_mason_space(s, seat, mask):
    """The mason builds by the placement rules (a mason pair: any space, arrows aside)."""
    fits = wall_fits(open_spaces(s, seat, s['mason_free'] != 0), s['pending_card'])
    count = 0
    for space in range(SPACES):
        if (fits >> space) & 1:
            mask[SPACE.at(0, space)] = True
            count += 1
    return count


@rule
def apply_mason_space(s, seat, a):
    """The mason builds its card; built walls form pairs as any other."""
    w = s['pending_card']
    if s['pending_from_top'] != 0 and s['dungeon_size'][seat] == 0:
        s['end_triggered'] = 1   # the mason took the dungeon's last card
    s['pending_card'] = -1
    s['pending_from_top'] = 0
    use_done(s)
    _, space = SPACE.split(a)
    build_wall(s, seat, w, space)


# --------------------------------------------------------------------------- ram, catapult, siege tower


@rule
def destroy_line(s, victim, side, k, breach):
    """Destroy every space of the ``k``-th line from ``side`` that can be destroyed."""
    for i in range(GRID):
        space = LINES[side, k, i]
        if space >= 0 and can_destroy(s, victim, space, breach):
            destroy_space(s, victim, space)


@rule
def attacks_that_hit(s, seat, victim, breach):
    """The attacks (bit y: symbol y) that would destroy something of ``victim``'s: the ram on the
    front line facing the attacker, the catapult on the second or third row, the siege tower the
    dungeon's top card. None on oneself or a teammate."""
    if not is_opponent(s, seat, victim):
        return 0
    side = s['front'][victim, seat]
    hit = destroyable_spaces(s, victim, breach)
    return (int(hit & LINE_SPACES[side, FRONT_LINE] != 0) << RAM
            | int(hit & (LINE_SPACES[side, SECOND_ROW] | LINE_SPACES[side, THIRD_ROW]) != 0) << CATAPULT
            | int(s['dungeon_size'][victim] > 0) << SIEGE_TOWER)


@rule
def usable_attacks(s, seat, breach):
    """The attacks (bit y: symbol y) that would destroy something of some opponent's."""
    attacks = 0
    for victim in range(s['num_players']):
        attacks |= attacks_that_hit(s, seat, victim, breach)
    return attacks


@rule
def target_ok(s, seat, victim, symbol, breach):
    """Whether an attack on ``victim`` would destroy something."""
    return (attacks_that_hit(s, seat, victim, breach) >> symbol) & 1 != 0


@rule
def battering_ram(s, seat, victim):
    """Destroy every card on the victim's front line facing the attacker (not defended walls)."""
    destroy_line(s, victim, s['front'][victim, seat], FRONT_LINE, s['breach'] != 0)


@rule
def siege_tower(s, victim):
    """Destroy the top card of the victim's dungeon; an emptied dungeon triggers the end."""
    n = s['dungeon_size'][victim]
    discard_wall(s, victim, s['dungeon'][victim, n - 1])
    s['dungeon_size'][victim] = n - 1
    if n - 1 == 0:
        s['end_triggered'] = 1


@rule
def mask_target(s, seat, mask):
    """An opponent the ram, catapult or siege tower would destroy something of."""
    count = 0
    for rel in range(1, s['num_players']):
        if target_ok(s, seat, rel_seat(s, seat, rel), s['effect'], s['breach'] != 0):
            mask[OPPONENT.at(rel)] = True
            count += 1
    return count


@rule
def apply_target(s, seat, a):
    """The ram and the siege tower strike at once; the catapult asks for the row first."""
    victim = rel_seat(s, seat, OPPONENT.split(a))
    y = s['effect']
    if y == RAM:
        battering_ram(s, seat, victim)
        use_done(s)
    elif y == CATAPULT:
        s['target'] = victim   # then the row
        s['stage'] = ST_ROW
    else:
        siege_tower(s, victim)
        use_done(s)


@rule
def mask_row(s, seat, mask):
    """The catapult hits the second or third row from the front line facing the attacker."""
    victim = s['target']
    side = s['front'][victim, seat]
    hit = destroyable_spaces(s, victim, s['breach'] != 0)
    count = 0
    for k in range(ROW.size):
        if hit & LINE_SPACES[side, SECOND_ROW + k] != 0:
            mask[ROW.at(k)] = True
            count += 1
    return count


@rule
def apply_row(s, seat, a):
    """The catapult destroys what it can of the chosen row."""
    victim = s['target']
    destroy_line(s, victim, s['front'][victim, seat], SECOND_ROW + ROW.split(a), s['breach'] != 0)
    s['target'] = -1
    use_done(s)


# --------------------------------------------------------------------------- guard


@rule
def guard_ok(s, seat):
    """The guard can place an army on an empty opponent space, or overthrow an invader."""
    n = s['num_players']
    if reserve_army(s, seat) >= 0:
        for fort in range(n):
            if is_opponent(s, seat, fort):
                for space in range(SPACES):
                    if is_empty_space(s, fort, space):
                        return True
    for owner in range(n):
        for k in range(ARMIES):
            if may_overthrow(s, seat, owner, k):
                return True
    return False


@rule
def mask_guard(s, seat, mask):
    """An empty space of an opponent's fort for an army from the reserve, or an invading army to
    overthrow."""
    n = s['num_players']
    count = 0
    if reserve_army(s, seat) >= 0:
        for rel in range(1, n):
            fort = rel_seat(s, seat, rel)
            if is_opponent(s, seat, fort):
                for space in range(SPACES):
                    if is_empty_space(s, fort, space):
                        mask[SPACE.at(rel, space)] = True
                        count += 1
    for rel in range(1, n):
        owner = rel_seat(s, seat, rel)
        for k in range(ARMIES):
            if may_overthrow(s, seat, owner, k):
                mask[ARMY.at(rel, k)] = True
                count += 1
    return count


@rule
def apply_guard(s, seat, a):
    """Place an army (its direction comes next) or overthrow an invader."""
    if SPACE.has(a):   # place an army: then its direction
        rel, space = SPACE.split(a)
        s['guard_fort'] = rel_seat(s, seat, rel)
        s['guard_space'] = space
        s['stage'] = ST_DIRECTION
        return
    rel, k = ARMY.split(a)
    lift_army(s, rel_seat(s, seat, rel), k, ARMY_OVERTHROWN)
    use_done(s)


@rule
def mask_direction(s, seat, mask):
    """The placed army attacks in a straight line along the fort, never into the dungeon."""
    count = 0
    for d in range(NUM_DIRECTIONS):
        if army_direction_ok(s['guard_space'], d):
            mask[DIRECTION.at(d)] = True
            count += 1
    return count


@rule
def apply_direction(s, seat, a):
    """The army stands on its space facing its direction."""
    place_army(s, seat, s['guard_fort'], s['guard_space'], DIRECTION.split(a))
    s['guard_fort'] = -1
    s['guard_space'] = -1
    use_done(s)


# --------------------------------------------------------------------------- combination effects


@rule
def mask_pair(s, seat, mask):
    """Pairs of several symbols wait: the player chooses which fires first."""
    count = 0
    for y in range(NUM_SYMBOLS):
        if s['pairs'][y] > 0:
            mask[PAIR.at(y)] = True
            count += 1
    return count


@rule
def apply_pair(s, seat, a):
    """The chosen pair fires its combination effect."""
    y = PAIR.split(a)
    s['pairs'][y] -= 1
    start_effect(s, y, True)
