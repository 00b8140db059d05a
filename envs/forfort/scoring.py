"""End of the game: the points, the win at once by a completed fort, and the dungeon-out ending."""
from ..common.jit import rule
from .places import is_opponent, is_teammate, is_wall, teammate_of, top_card
from .state import (ARMIES, ARMY_POINTS, CAMP_POINTS, DUNGEON_BONUS, SPACES, ST_OVER,
                    WALL_POINTS)


@rule
def fort_score(s, seat):
    """2 points a visible wall, 1 a visible camp (covered cards score nothing)."""
    pts = 0
    for space in range(SPACES):
        c = top_card(s, seat, space)
        if c >= 0:
            pts += WALL_POINTS if is_wall(c) else CAMP_POINTS
    return pts


@rule
def army_score(s, seat):
    """1 point for each of one's armies in an opponent's fort."""
    pts = 0
    for k in range(ARMIES):
        fort = s['army_fort'][seat, k]
        if fort >= 0 and is_opponent(s, seat, fort):
            pts += ARMY_POINTS
    return pts


@rule
def seat_points(s, seat, with_bonus):
    """Fort and armies, and with ``with_bonus`` the bonus for walls still in the dungeon."""
    pts = fort_score(s, seat) + army_score(s, seat)
    if with_bonus and s['dungeon_size'][seat] > 0:
        pts += DUNGEON_BONUS
    return pts


@rule
def side_points(s, seat, with_bonus):
    """A player's points, or in the team game their team's."""
    pts = seat_points(s, seat, with_bonus)
    if s['teams'] != 0:
        pts += seat_points(s, teammate_of(seat), with_bonus)
    return pts


@rule
def finish(s):
    """The game is over: +1 to each winner, -1 to each loser."""
    s['stage'] = ST_OVER
    s['actor'] = -1
    for i in range(s['num_players']):
        s['last_rewards'][i] = 1.0 if s['winner'][i] else -1.0


@rule
def win_at_once(s, seat):
    """The first to complete their fort wins at once (in the team game, with their teammate)."""
    for i in range(s['num_players']):
        s['winner'][i] = i == seat or is_teammate(s, seat, i)
    finish(s)


@rule
def end_by_dungeon(s):
    """The dungeon-out ending: score forts, armies and the 2-point bonus; ties share the win."""
    best = -1
    for i in range(s['num_players']):
        best = max(best, side_points(s, i, True))
    for i in range(s['num_players']):
        s['winner'][i] = side_points(s, i, True) == best
    finish(s)
