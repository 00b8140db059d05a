"""The community board: terrain tiles from the bag, the hex window, airships, townships and workers
on the ground, and the map-card patterns standing on it (rulebook: "Placing Terrain Tiles",
"Pilot", "Blast Ground", "Maps Cards")."""
from ..common.jit import rule
from ..common.rng import randint
from .content import (CARGO, CHART, DEMOLITION, ENGINE, MAP_DQ, MAP_DR, MAP_SIZE, MAP_TERRAIN, MAP_VP,
                      BUILDERS)
from .state import (BAY_OF, BAY_SIZE, BLAST_CREW, CELL_AT, CELL_Q, CELL_R, CELLS, DEV_CARDS, DIRS,
                    HAND_LIMIT, HERE, MAP_CARDS, NEIGHBOUR, PILOT_MOVES, RADIUS, RESOURCES, STUDY,
                    ST_OVER, TERRAINS, TOWNSHIP_CREW, TOWNSHIP_VP, TURKEY, WIN_VP)
from .content import DEV_KIND

# --------------------------------------------------------------------------- equipment and limits


@rule
def equipped_kind(s, seat, kind):
    """How many equipped development cards of ``kind`` the seat has (two cargo bays stack)."""
    n = 0
    for d in range(DEV_CARDS):
        if s['equipped'][seat, d] and DEV_KIND[d] == kind:
            n += 1
    return n


@rule
def bay_capacity(s, seat):
    """"No more than four of each category of resources" (more with the expanded cargo bay)."""
    return BAY_SIZE + equipped_kind(s, seat, CARGO)


@rule
def bay_load(s, seat, r):
    """Resources in the bay that holds resource r (fish and turkey legs share the food bay)."""
    n = 0
    for k in range(RESOURCES):
        if BAY_OF[k] == BAY_OF[r]:
            n += s['bays'][seat, k]
    return n


@rule
def hand_limit(s, seat):
    """Three map cards; four with the Academy's improved study; one more with the chart table."""
    return HAND_LIMIT + (1 if s['faction'][seat] == STUDY else 0) + equipped_kind(s, seat, CHART)


@rule
def pilot_moves(s, seat):
    """A pilot flies 1 to 3 spaces (4 with the engine upgrade)."""
    return PILOT_MOVES + equipped_kind(s, seat, ENGINE)


@rule
def blast_crew(s, seat):
    """Three workers blast ground (two with demolition charges)."""
    return BLAST_CREW - equipped_kind(s, seat, DEMOLITION)


@rule
def township_crew(s, seat):
    """Four exiting workers build a township (three with master builders)."""
    return TOWNSHIP_CREW - equipped_kind(s, seat, BUILDERS)


@rule
def victory_points(s, seat):
    """Points scored so far: combat VP, 10 per township, the scored map cards."""
    p = s['combat_vp'][seat] + TOWNSHIP_VP * s['townships'][seat]
    for m in range(MAP_CARDS):
        if s['scored'][seat, m]:
            p += MAP_VP[m]
    return p


@rule
def final_points(s, seat):
    """"1 victory point for each resource in their cargo bay with the exception of turkey legs"."""
    p = victory_points(s, seat)
    for r in range(RESOURCES):
        if r != TURKEY:
            p += s['bays'][seat, r]
    return p


# --------------------------------------------------------------------------- cells


@rule
def cell_toward(s, seat, d):
    """The cell in direction d of the seat's airship (d == HERE: the airship's own), -1 outside."""
    c = s['ship'][seat]
    if c < 0:
        return -1
    if d == HERE:
        return c
    return NEIGHBOUR[c, d]


@rule
def has_tile(s, c):
    return c >= 0 and s['board'][c] >= 0


@rule
def touches_board(s, c):
    """"A terrain tile must be placed adjacent to at least one other terrain tile"."""
    for d in range(DIRS):
        n = NEIGHBOUR[c, d]
        if n >= 0 and s['board'][n] >= 0:
            return True
    return False


@rule
def ship_at(s, c):
    """The seat whose airship is on cell c, -1 none."""
    for j in range(s['num_players']):
        if s['ship'][j] == c:
            return j
    return -1


@rule
def adjacent_ships(s, a, b):
    """Two airships are adjacent: their tiles touch."""
    ca = s['ship'][a]
    cb = s['ship'][b]
    if ca < 0 or cb < 0:
        return False
    for d in range(DIRS):
        if NEIGHBOUR[ca, d] == cb:
            return True
    return False


@rule
def can_place_tile(s, c):
    """A tile goes on an empty cell of the window next to a tile (the very first on the centre)."""
    if s['board'][c] >= 0:
        return False
    return touches_board(s, c)


@rule
def place_tile(s, seat, t, c):
    """A held tile of terrain t goes down on cell c."""
    s['held'][seat, t] -= 1
    s['board'][c] = t


@rule
def draw_tile(s):
    """A random tile from the draw bag (its terrain), -1 if the bag is empty."""
    total = 0
    for t in range(TERRAINS):
        total += s['bag'][t]
    if total == 0:
        return -1
    k = randint(s['rng'], total)
    for t in range(TERRAINS):
        if k < s['bag'][t]:
            s['bag'][t] -= 1
            return t
        k -= s['bag'][t]
    return -1


@rule
def can_blast(s, c):
    """"Remove an adjacent and unoccupied terrain tile": no airship, township or worker on it."""
    return (has_tile(s, c) and ship_at(s, c) < 0 and s['township'][c] < 0 and s['ground'][c] < 0)


@rule
def blast_tile(s, c):
    """"The removed terrain tile is placed back into the draw bag"."""
    s['bag'][s['board'][c]] += 1
    s['board'][c] = -1


@rule
def can_fly_to(s, c):
    """An airship flies onto a placed tile that holds no other airship."""
    return has_tile(s, c) and ship_at(s, c) < 0


@rule
def ground_workers(s, seat):
    """The seat's workers on the ground (exited to gather)."""
    n = 0
    for c in range(CELLS):
        if s['ground'][c] == seat:
            n += 1
    return n


# --------------------------------------------------------------------------- map cards


@rule
def pattern_at(s, m, c):
    """Map card m's pattern stands on the board with one of its tiles on cell c, turned any of the
    six ways."""
    size = MAP_SIZE[m]
    q0 = CELL_Q[c]
    r0 = CELL_R[c]
    for k in range(size):
        for rot in range(6):
            ok = True
            for i in range(size):
                dq = MAP_DQ[m, i] - MAP_DQ[m, k]
                dr = MAP_DR[m, i] - MAP_DR[m, k]
                for _ in range(rot):          # a sixth of a turn: (q, r) -> (-r, q + r)
                    t = dq
                    dq = -dr
                    dr = t + dr
                q = q0 + dq
                r = r0 + dr
                if abs(q) > RADIUS or abs(r) > RADIUS or abs(q + r) > RADIUS:
                    ok = False
                    break
                cell = CELL_AT[q + RADIUS, r + RADIUS]
                if s['board'][cell] != MAP_TERRAIN[m, i]:
                    ok = False
                    break
            if ok:
                return True
    return False


@rule
def can_score_map(s, seat, m):
    """"Create the geographic pattern ... fly his airship onto any one of the tiles of the pattern";
    on his own turn only."""
    return s['hand'][seat, m] == 1 and s['ship'][seat] >= 0 and pattern_at(s, m, s['ship'][seat])


@rule
def end_game(s):
    """"The game is immediately over when a player reaches or exceeds a total of 40 victory
    points" (or at our round bound): each adds 1 per resource in the bays but turkey legs; the
    highest total wins, tied players share the win."""
    n = s['num_players']
    best = -1
    for j in range(n):
        s['final'][j] = final_points(s, j)
        if s['final'][j] > best:
            best = s['final'][j]
    for j in range(n):
        s['winner'][j] = 1 if s['final'][j] == best else 0
        s['last_rewards'][j] = 1.0 if s['winner'][j] else -1.0
    s['stage'] = ST_OVER
    s['actor'] = -1


@rule
def check_win(s, seat):
    """40 VP ends the game at once; True if it did."""
    if victory_points(s, seat) >= WIN_VP:
        end_game(s)
        return True
    return False
