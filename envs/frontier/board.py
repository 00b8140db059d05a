"""The island's pieces: where they may stand, what the throw pays them, longest road and points.

Every rule takes the state record ``s`` and works on its fields.
"""
import numpy as np

from ..common.bits import lowest_bit
from ..common.jit import rule
from .content import KEEPS_PER_PLAYER, ROADS_PER_PLAYER, VILLAGES_PER_PLAYER
from .state import (AWARD_POINTS, BUILD_ROAD, CORNER_CORNERS, CORNER_EDGES, CORNER_HARBOUR, CORNER_HEXES,
                    EDGE_CORNERS, HARBOUR_CORNERS, HEX_CORNERS, KEEP_POINTS, LONGEST_ROAD_MIN, NUM_CORNERS,
                    NUM_EDGES, NUM_HARBOURS, NUM_HEXES, NUM_RESOURCES, TERRAIN_RESOURCE, VICTORY_POINT,
                    VILLAGE_POINTS)

MAX_ROAD_DEPTH = ROADS_PER_PLAYER + 1  # a trail uses each road at most once
# Bits of one player's part of a packed payout: a hex pays a player at most 12 (six keeps), and the
# 19 hexes at most 228 of one resource between them.
PAYOUT_BITS = 8


# --------------------------------------------------------------------------- counting cards
@rule
def hand_size(s, p):
    """The number of resource cards a player holds."""
    t = 0
    for r in range(NUM_RESOURCES):
        t += s['hand'][p, r]
    return t


@rule
def bank_total(s):
    """The resource cards left in the supply."""
    t = 0
    for r in range(NUM_RESOURCES):
        t += s['bank'][r]
    return t


# --------------------------------------------------------------------------- placement
@rule
def corner_free_by_distance(s, c):
    """A village needs its corner and "the three corners next to it" empty, whoever's pieces."""
    if s['corner_owner'][c] >= 0:
        return False
    for k in range(3):
        o = CORNER_CORNERS[c, k]
        if o >= 0 and s['corner_owner'][o] >= 0:
            return False
    return True


@rule
def has_road_at(s, p, c):
    """One of p's roads ends at corner c. Without a branch, since the road mask asks it of every
    corner and which pass is as good as random to the processor: a corner's missing third edge
    (-1) reads edge 0's owner and counts for nothing."""
    road = False
    for k in range(3):
        e = CORNER_EDGES[c, k]
        road |= (e >= 0) & (s['edge_owner'][max(e, 0)] == p)
    return road


@rule
def can_place_village(s, p, c):
    """A village "needs a road of your own leading to it" and the distance rule."""
    return corner_free_by_distance(s, c) and has_road_at(s, p, c)


@rule
def network_reaches(s, p, c):
    """Does p's network reach corner c? Through p's own building there, or through p's road ending
    there unless "another player's building breaks your network at the corner it stands on"."""
    owner = s['corner_owner'][c]
    return (owner == p) | ((owner < 0) & has_road_at(s, p, c))


@rule
def can_place_road(s, p, e):
    """"A road must touch your own network at one end": the rule for one edge, as the rulebook
    says it. The road mask asks it of every edge at once (``network_corners``, ``road_fits``)."""
    if s['edge_owner'][e] >= 0:
        return False
    return network_reaches(s, p, EDGE_CORNERS[e, 0]) or network_reaches(s, p, EDGE_CORNERS[e, 1])


@rule
def network_corners(s, p):
    """Every corner p's network reaches (``network_reaches``), as bits: corner c is bit c. Found once
    for a decision (54 corners) rather than at both ends of every edge (72): Frontier's random
    rollouts spent a tenth of their time asking the road rule edge by edge."""
    reach = 0
    for c in range(NUM_CORNERS):
        reach |= int(network_reaches(s, p, c)) << c
    return reach


@rule
def road_fits(s, reach, e):
    """``can_place_road`` for edge e, given p's ``network_corners``: free, and one end reached."""
    return (s['edge_owner'][e] < 0) & (((reach >> EDGE_CORNERS[e, 0]) | (reach >> EDGE_CORNERS[e, 1])) & 1 != 0)


@rule
def mask_roads(s, p, mask):
    """Every edge where p may place a road."""
    reach = network_corners(s, p)
    n = 0
    for e in range(NUM_EDGES):
        fits = road_fits(s, reach, e)
        mask[BUILD_ROAD.at(e)] = fits
        n += fits
    return n


@rule
def any_road_placeable(s, p):
    """Some edge takes a road of p's. Edge by edge, since it stops at the first: finding the whole
    network first (``network_corners``) made Frontier's rollouts ~10% slower."""
    for e in range(NUM_EDGES):
        if can_place_road(s, p, e):
            return True
    return False


@rule
def reveal_harbour_at(s, c):
    """Hidden harbours: a rate "stays hidden until somebody builds on one of its corners"."""
    h = CORNER_HARBOUR[c]
    if h >= 0:
        s['harbour_revealed'][h] = 1


# --------------------------------------------------------------------------- production
@rule
def produce(s, number):
    """The throw pays every village 1 and every keep 2 on each hex with that number, except the
    bandit's hex. The supply (our reading, RULES.md "Supply"): if the bank cannot pay everyone owed
    a resource, nobody receives it, unless only one player is owed it, who gets what is left."""
    hexes = producing_hexes(s, number)
    for r in range(NUM_RESOURCES):
        pay_owed(s, r, resource_payout(s, hexes, r))


@rule
def producing_hexes(s, number):
    """The hexes a throw of ``number`` pays from, as bits (hex h is bit h): that number, and not
    the bandit's."""
    hexes = 0
    for h in range(NUM_HEXES):
        if s['hex_number'][h] == number and h != s['bandit']:
            hexes |= 1 << h
    return hexes


@rule
def hex_payout(s, h):
    """What hex h pays each player, packed in one int (``owed_share``): 1 for each village and 2 for
    each keep on its corners. Packed, since an array of what is owed was a heap allocation at every
    throw (~3% of Frontier's random rollouts)."""
    owed = 0
    for k in range(6):
        c = HEX_CORNERS[h, k]
        p = s['corner_owner'][c]
        if p >= 0:
            owed += int(s['corner_level'][c]) << (PAYOUT_BITS * p)  # VILLAGE == 1, KEEP == 2
    return owed


@rule
def owed_share(owed, p):
    """Player p's part of a packed payout."""
    return (owed >> (PAYOUT_BITS * p)) & ((1 << PAYOUT_BITS) - 1)


@rule
def resource_payout(s, hexes, r):
    """What the hexes among ``hexes`` yielding resource r owe each player, packed."""
    owed = 0
    while hexes != 0:
        h = lowest_bit(hexes)
        hexes &= hexes - 1
        if TERRAIN_RESOURCE[s['hex_terrain'][h]] == r:
            owed += hex_payout(s, h)
    return owed


@rule
def pay_owed(s, r, owed):
    """Pay each player what the bank owes them in resource r (packed, ``owed_share``), under the
    shortage rule."""
    n = s['num_players']
    total = 0
    owed_players = 0
    for p in range(n):
        share = owed_share(owed, p)
        total += share
        owed_players += share > 0
    if total == 0:
        return
    if total <= s['bank'][r]:
        for p in range(n):
            s['hand'][p, r] += owed_share(owed, p)
        s['bank'][r] -= total
    elif owed_players == 1:
        for p in range(n):
            if owed_share(owed, p) > 0:
                s['hand'][p, r] += s['bank'][r]
                s['bank'][r] = 0


@rule
def pay_second_village(s, p, c):
    """"Your second village pays you one resource from each hex it touches"."""
    for k in range(3):
        h = CORNER_HEXES[c, k]
        if h < 0:
            continue
        r = TERRAIN_RESOURCE[s['hex_terrain'][h]]
        if r >= 0 and s['bank'][r] > 0:
            s['hand'][p, r] += 1
            s['bank'][r] -= 1


# --------------------------------------------------------------------------- longest road
@rule
def blocked_for(s, p, c):
    """Another player's building stands on corner c: p's trails may end there, not pass through."""
    return s['corner_owner'][c] >= 0 and s['corner_owner'][c] != p


@rule
def own_degree(s, p, c):
    d = 0
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if e >= 0 and s['edge_owner'][e] == p:
            d += 1
    return d


@rule
def trail_from(s, p, start, used, seen, stack_corner, stack_next, stack_edge):
    """The longest trail of p's roads starting at ``start``: depth-first over edges with an explicit
    stack, never passing through a corner that holds another player's building (a trail may end
    there: "Another player's village or keep on your road splits it in two")."""
    best = 0
    depth = 0
    stack_corner[0] = start
    stack_next[0] = 0
    stack_edge[0] = -1
    seen[start] = True
    while depth >= 0:
        c = stack_corner[depth]
        k = stack_next[depth]
        blocked = depth > 0 and blocked_for(s, p, c)
        if k >= 3 or blocked:
            if depth > 0:
                used[stack_edge[depth]] = False
            depth -= 1
            continue
        stack_next[depth] = k + 1
        e = CORNER_EDGES[c, k]
        if e < 0 or used[e] or s['edge_owner'][e] != p:
            continue
        used[e] = True
        depth += 1
        nc = CORNER_CORNERS[c, k]
        stack_corner[depth] = nc
        stack_next[depth] = 0
        stack_edge[depth] = e
        seen[nc] = True
        if depth > best:
            best = depth
    return best


@rule
def trail_work():
    """The trail search's work arrays (roads used, corners seen, and the stack's corners, next
    exits and edges), cut from one small allocation, since every road and building asks for a
    longest trail (five allocations: random rollouts ~2% slower). Every entry is a flag, a
    corner, an edge or an exit (at most 71): int8 holds them all. The flags start clear; the
    stacks are written before they are read (np.empty: np.zeros of int8 compiled ~0.1 s more)."""
    depth = MAX_ROAD_DEPTH + 1
    work = np.empty(NUM_EDGES + NUM_CORNERS + 3 * depth, np.int8)
    stacks = NUM_EDGES + NUM_CORNERS
    for i in range(stacks):
        work[i] = 0
    return (work[:NUM_EDGES], work[NUM_EDGES:stacks], work[stacks:stacks + depth],
            work[stacks + depth:stacks + 2 * depth], work[stacks + 2 * depth:])


@rule
def longest_trail(s, p):
    """The number of roads in p's longest trail: a path through p's roads that uses each road once
    (it may revisit a corner) and never passes through another player's building.

    A longest trail can always be taken to start at a corner where p has one or three roads, or at
    a corner another player's building blocks: one starting at an open corner with two of p's
    roads could be extended backwards, unless it is closed, and a closed trail can be rotated to
    start elsewhere. Only components that are pure cycles have no such corner; they are searched
    from any of their corners afterwards."""
    used, seen, stack_corner, stack_next, stack_edge = trail_work()
    best = 0
    any_road = False
    for c in range(NUM_CORNERS):
        d = own_degree(s, p, c)
        if d == 0:
            continue
        any_road = True
        if d != 2 or blocked_for(s, p, c):
            b = trail_from(s, p, c, used, seen, stack_corner, stack_next, stack_edge)
            if b > best:
                best = b
    if not any_road:
        return 0
    for c in range(NUM_CORNERS):
        if not seen[c] and own_degree(s, p, c) > 0:
            b = trail_from(s, p, c, used, seen, stack_corner, stack_next, stack_edge)
            if b > best:
                best = b
    return best


@rule
def roads_joined_to(s, p, e):
    """The corners of p's roads joined to road e, as bits (corner c is bit c): from e's ends along
    p's roads, never through a corner another player's building blocks."""
    net = (1 << EDGE_CORNERS[e, 0]) | (1 << EDGE_CORNERS[e, 1])
    todo = net
    while todo != 0:
        c = lowest_bit(todo)
        todo &= todo - 1
        if blocked_for(s, p, c):
            continue
        for k in range(3):
            f = CORNER_EDGES[c, k]
            nc = CORNER_CORNERS[c, k]
            if f >= 0 and s['edge_owner'][f] == p and (net >> nc) & 1 == 0:
                net |= 1 << nc
                todo |= 1 << nc
    return net


@rule
def longest_trail_after_road(s, p, e):
    """p's longest trail once p has built road e, given the length before it. A trail the new road
    lengthens runs along it, so only the roads joined to e are searched, from the corners
    ``longest_trail`` would start at (or from an end of e when they close a loop); p's other
    trails are as long as before."""
    used, seen, stack_corner, stack_next, stack_edge = trail_work()
    best = s['road_length'][p]
    started = False
    net = roads_joined_to(s, p, e)
    while net != 0:
        c = lowest_bit(net)
        net &= net - 1
        if own_degree(s, p, c) != 2 or blocked_for(s, p, c):
            started = True
            best = max(best, trail_from(s, p, c, used, seen, stack_corner, stack_next, stack_edge))
    if not started:
        best = max(best, trail_from(s, p, EDGE_CORNERS[e, 0], used, seen, stack_corner, stack_next, stack_edge))
    return best


@rule
def longest_trail_brute(s, p):
    """The same count searched from every corner (a slow reference for the tests)."""
    used, seen, stack_corner, stack_next, stack_edge = trail_work()
    best = 0
    for c in range(NUM_CORNERS):
        if own_degree(s, p, c) > 0:
            b = trail_from(s, p, c, used, seen, stack_corner, stack_next, stack_edge)
            if b > best:
                best = b
    return best


@rule
def update_longest_road(s):
    """Recompute every player's longest road, then move the award."""
    for p in range(s['num_players']):
        s['road_length'][p] = longest_trail(s, p)
    award_longest_road(s)


@rule
def update_road_of(s, p, e):
    """After p builds road e only p's longest road can change, and only by trails along e."""
    s['road_length'][p] = longest_trail_after_road(s, p, e)
    award_longest_road(s)


@rule
def update_roads_through(s, c):
    """After a building goes up on corner c, only roads of other players meeting at c can be split."""
    for p in range(s['num_players']):
        if p != s['corner_owner'][c] and has_road_at(s, p, c):
            s['road_length'][p] = longest_trail(s, p)
    award_longest_road(s)


@rule
def award_longest_road(s):
    """Move the award (rulebook "Points"): the first to 5+ takes it; someone strictly longer takes
    it; a holder cut under five loses it to whoever alone has the longest, or to nobody. When a cut
    leaves the holder at five or more, the holder keeps it while nobody is strictly longer; if
    several are tied above the holder, it goes to nobody."""
    n = s['num_players']
    best = 0
    for p in range(n):
        if s['road_length'][p] > best:
            best = s['road_length'][p]
    h = s['longest_road']
    if h >= 0 and s['road_length'][h] >= LONGEST_ROAD_MIN and s['road_length'][h] == best:
        return
    alone = -1
    count = 0
    for p in range(n):
        if s['road_length'][p] == best:
            alone = p
            count += 1
    if best >= LONGEST_ROAD_MIN and count == 1:
        s['longest_road'] = alone
    else:
        s['longest_road'] = -1


# --------------------------------------------------------------------------- points
@rule
def building_points(s, p):
    """Villages 1, keeps 2. Pieces on the island are the pieces out of the player's supply
    (check_invariants holds the two counts together)."""
    return (VILLAGE_POINTS * (VILLAGES_PER_PLAYER - s['villages_left'][p])
            + KEEP_POINTS * (KEEPS_PER_PLAYER - s['keeps_left'][p]))


@rule
def public_points(s, p):
    """Points everyone can see: buildings, and the awards at 2 each."""
    pts = building_points(s, p)
    if s['longest_road'] == p:
        pts += AWARD_POINTS
    if s['largest_army'] == p:
        pts += AWARD_POINTS
    return pts


@rule
def points_held_since_own_turn(s, p):
    """The part of p's points that grows only on p's own turn and so stood at least this high when
    p's last turn ended: buildings, largest army if p holds it now (won only by playing a knight)
    and victory-point cards (bought only on one's own turn, never played). Longest road is left
    out: a cut can hand it to p on anyone's turn."""
    pts = building_points(s, p) + s['cards'][p, VICTORY_POINT]
    if s['largest_army'] == p:
        pts += AWARD_POINTS
    return pts


@rule
def total_points(s, p):
    """Public points plus hidden victory-point cards ("Worth a point at the end")."""
    return public_points(s, p) + s['cards'][p, VICTORY_POINT]


@rule
def harbour_flags(s, p):
    """Bit k set when p has a village or keep on a harbour of kind k."""
    flags = 0
    for i in range(NUM_HARBOURS):
        if s['corner_owner'][HARBOUR_CORNERS[i, 0]] == p or s['corner_owner'][HARBOUR_CORNERS[i, 1]] == p:
            flags |= 1 << s['harbour_kind'][i]
    return flags
