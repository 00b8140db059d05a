"""a. Build a wall: where a wall may go (the arrows, camps, shapes, armies), covering what is
there, the fort completed, and the pairs that identical symbols side by side form."""
from ..common.bits import lowest_bit
from ..common.jit import rule
from .content import SHAPE_WALLS, WALL_SHAPE, WALL_SYMBOL_SET
from .places import is_camp, is_wall, push_card, return_drawbridge_from, top_card, wall_card
from .scoring import win_at_once
from .state import AXIS_SPACES, CARDS_PER_COLOUR, CORNER, NUM_SHAPES, SHAPE_SPACES, SPACES


@rule
def shape_fits(wall, space):
    """Corner walls go on the four corner spaces, straight walls next to the dungeon."""
    return (WALL_SHAPE[wall] == CORNER) == (space % 2 == 0)


@rule
def arrows_point_at(s, seat, space):
    """The two arrows on the back of the dungeon's top card point at two opposite spaces."""
    n = s['dungeon_size'][seat]
    if n == 0:
        return False
    axis = s['dungeon_axis'][seat, n - 1]
    return AXIS_SPACES[axis, 0] == space or AXIS_SPACES[axis, 1] == space


@rule
def can_build_at(s, seat, wall, space, free):
    """Wall placement: the right shape of space, no army there, and either a space the top
    dungeon card's arrows point at or a space showing a camp (``free``: any space)."""
    if not shape_fits(wall, space) or s['armies_here'][seat, space] > 0:
        return False
    if free:
        return True
    if arrows_point_at(s, seat, space):
        return True
    c = top_card(s, seat, space)
    return c >= 0 and is_camp(c)


@rule
def open_spaces(s, seat, free):
    """``can_build_at`` asked of every space at once, shape aside: the spaces with no army where the
    top dungeon card's arrows point or a camp shows (``free``: any space with no army), as a bit set
    (bit k: space k). The masks ask it once a decision and without a branch a space: which spaces
    pass is as good as random to the processor, and its mispredicted branches were most of the
    cost of the main decision's mask."""
    arrows = 0
    n = s['dungeon_size'][seat]
    if n > 0:
        axis = s['dungeon_axis'][seat, n - 1]
        arrows = (1 << AXIS_SPACES[axis, 0]) | (1 << AXIS_SPACES[axis, 1])
    spaces = 0
    for space in range(SPACES):
        h = s['height'][seat, space]
        # an empty space's entry 0 holds -1, which reads the last card's class: an army's
        camp = (h > 0) & is_camp(s['fort'][seat, space, max(h - 1, 0)])
        placeable = free | camp | ((arrows >> space) & 1 != 0)
        spaces |= int(placeable & (s['armies_here'][seat, space] == 0)) << space
    return spaces


@rule
def wall_fits(spaces, wall):
    """The spaces of a set that are of the wall's shape."""
    return spaces & SHAPE_SPACES[WALL_SHAPE[wall]]


@rule
def walls_that_fit(spaces):
    """The walls (bit w: wall w) of a shape that some space of a set is of."""
    walls = 0
    for shape in range(NUM_SHAPES):
        if spaces & SHAPE_SPACES[shape] != 0:
            walls |= SHAPE_WALLS[shape]
    return walls


@rule
def can_build_anywhere(s, seat, wall, free):
    return wall_fits(open_spaces(s, seat, free), wall) != 0


@rule
def fort_complete(s, seat):
    """Every visible card a wall (the shapes already make 4 corners and 4 straights)."""
    for space in range(SPACES):
        c = top_card(s, seat, space)
        if c < 0 or not is_wall(c):
            return False
    return True


@rule
def build_wall(s, seat, wall, space):
    """Place a wall face up on a space of one's fort, covering what is there; a completed fort
    wins at once, otherwise identical symbols side by side form pairs that fire."""
    return_drawbridge_from(s, seat, space)
    push_card(s, seat, space, wall_card(seat, wall))
    if fort_complete(s, seat):
        win_at_once(s, seat)
        return
    form_pairs(s, seat, wall, space)


@rule
def shared_symbol(wall, other):
    """The symbol two walls both bear, -1 if none (two walls share at most one: content.py)."""
    both = WALL_SYMBOL_SET[wall] & WALL_SYMBOL_SET[other]
    return lowest_bit(both) if both != 0 else -1


@rule
def form_pairs(s, seat, wall, space):
    """Combination effects: the new wall and a ring neighbour showing the same symbol make a pair."""
    for d in (SPACES - 1, 1):
        c = top_card(s, seat, (space + d) % SPACES)
        if c >= 0 and is_wall(c):
            y = shared_symbol(wall, c % CARDS_PER_COLOUR)
            if y >= 0:
                s['pairs'][y] += 1
