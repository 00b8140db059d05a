"""The bandit (rulebook "A turn": after a 7's discards "the player who threw moves the bandit and
takes one card from a player with a village or keep on the hex it lands on"; a knight does the
same). The hex under the bandit pays nobody (board.produce).
"""
from ..common.jit import rule
from ..common.rng import randint
from .board import hand_size
from .state import HEX_CORNERS, MOVE_BANDIT, NUM_HEXES, NUM_RESOURCES, STEAL, ST_RESUME, ST_ROB, ST_STEAL


@rule
def mask_move_bandit(s, seat, mask):
    """The bandit moves to another hex."""
    n = 0
    for h in range(NUM_HEXES):
        if h != s['bandit']:
            mask[MOVE_BANDIT.at(h)] = True
            n += 1
    return n


@rule
def apply_move_bandit(s, seat, a):
    """The bandit to the hex chosen."""
    move_bandit(s, MOVE_BANDIT.split(a))


@rule
def move_bandit(s, h):
    """The bandit moves to hex h; the mover then takes a card from a player there. With one
    possible victim the steal resolves at once (``ST_ROB``, an automatic step), with none it is
    skipped (who can be robbed is public: buildings and hand sizes)."""
    p = s['turn_seat']
    s['bandit'] = h
    count = victim_count(s, p, h)
    if count == 0:
        s['stage'] = ST_RESUME
    elif count > 1:
        s['stage'] = ST_STEAL
    else:
        s['stage'] = ST_ROB


@rule
def rob_sole_victim(s):
    """The one player the mover could rob at the bandit's hex loses a card."""
    p = s['turn_seat']
    for q in range(s['num_players']):
        if is_victim(s, p, s['bandit'], q):
            steal_from(s, q)
            return


@rule
def victim_count(s, p, h):
    """How many players p could rob at h."""
    count = 0
    for q in range(s['num_players']):
        if is_victim(s, p, h, q):
            count += 1
    return count


@rule
def is_victim(s, p, h, q):
    """q can be robbed at h: another player with a village or keep on h, holding a card. (Choosing
    a player with an empty hand would take nothing; we leave such players out.)"""
    if q == p or hand_size(s, q) == 0:
        return False
    for k in range(6):
        if s['corner_owner'][HEX_CORNERS[h, k]] == q:
            return True
    return False


@rule
def mask_steal(s, p, mask):
    """Whom to rob, by seat after the mover."""
    n = 0
    n_players = s['num_players']
    for k in range(1, n_players):
        if is_victim(s, p, s['bandit'], (p + k) % n_players):
            mask[STEAL.at(k - 1)] = True
            n += 1
    return n


@rule
def apply_steal(s, seat, a):
    """Rob the k-th player after the mover."""
    steal_from(s, (seat + 1 + STEAL.split(a)) % s['num_players'])


@rule
def steal_from(s, q):
    """Take one card at random from q's hand; then back to the turn."""
    p = s['turn_seat']
    k = randint(s['rng'], hand_size(s, q))
    for r in range(NUM_RESOURCES):
        if k < s['hand'][q, r]:
            s['hand'][q, r] -= 1
            s['hand'][p, r] += 1
            break
        k -= s['hand'][q, r]
    s['stage'] = ST_RESUME
