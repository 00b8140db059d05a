"""Frantic rule tests: build a position, apply a decision, assert the rulebook's consequence.

Each test is named after the rule it checks (rulebook 002_a321879a3262b534, RULES.md). Dice are
rigged by choosing the generator's seed so that the next throws show the numbers a test needs.
"""
import numpy as np
import pytest

from frontierzoo.envs.common.engine import new_record
from frontierzoo.envs.common.rng import seed_rng
from frontierzoo.envs.frantic import board, content, core, turn
from frontierzoo.envs.frantic.content import (
    BLOCK, CARD_KIND, END, EVENT_OF_FACE, FUCK_YOU, GHOST, GIFT, JUMP, KIND_COUNT, MAGNET,
    NICE_TRY, NUM_CARDS, NUM_EVENTS, NUM_SPACES, PLAY_CARD_KIND, PLAY_ORIENT, PUSH, REMOTE,
    REVERSE, RE_ROLL, R_BLOCK, R_NICE_TRY, R_RE_ROLL, SECOND_CHANCE, SKIP, SNAIL, STOP, SWAP,
    TELEPORT, TELEPORT_SPACE, TROUBLEMAKER, X, FORWARD, BACKWARD, WALL_UP, WALL_DOWN,
    WALL_UP_SPACE, WALL_DOWN_SPACE)
from frontierzoo.envs.frantic.env import GAME
from helpers import RuleKit
from frontierzoo.envs.frantic.invariants import check_invariants
from frontierzoo.envs.frantic.state import (
    GIFT_TO, LOC_DECK, LOC_MARKET, MAGNET_AT, TAKE, PASS, PH_SETUP, REACT, ST_BLOCK, ST_GIFT, ST_MAGNET,
    ST_MARCH, ST_MARKET, ST_NICE_TRY, ST_OVER, ST_PLAY, ST_REMOTE, ST_RESTOCK, ST_RE_ROLL,
    ST_SETUP, ST_SWAP, TOKEN, CARD, PLACE)

MULT = 6364136223846793005
M64 = (1 << 64) - 1
REACTIONS = (BLOCK, NICE_TRY, RE_ROLL)
WHITES = (FUCK_YOU, TROUBLEMAKER)
T = [int(x) for x in TELEPORT_SPACE]          # T[0] is teleport 1 ... T[5] teleport 6


# --------------------------------------------------------------------------- helpers


def _rolls(words, sides):
    """The numbers PCG32 from ``words`` throws on dice of ``sides`` (a Python copy of rng.py)."""
    state, inc = int(words[0]), int(words[1])
    out = []
    for n in sides:
        threshold = ((1 << 32) - n) % n
        while True:
            old = state
            state = (old * MULT + inc) & M64
            xs = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xs >> rot) | (xs << ((32 - rot) & 31))) & 0xFFFFFFFF
            if r >= threshold:
                out.append(r % n + 1)
                break
    return out


def rig(s, *throws):
    """Seed the record's generator so that the next throws show ``throws``: (sides, number), ..."""
    sides = [t[0] for t in throws]
    want = [t[1] for t in throws]
    tmp = np.zeros(2, np.uint64)
    for seed in range(1_000_000):
        seed_rng(tmp, seed)
        if _rolls(tmp, sides) == want:
            s["rng"][:] = tmp
            return
    raise AssertionError("no seed throws that")


def take_from_deck(s, kind):
    """A card of ``kind`` out of the draw pile (the pile closes up)."""
    n = int(s["deck_size"])
    for i in range(n - 1, -1, -1):
        c = int(s["deck"][i])
        if CARD_KIND[c] == kind:
            s["deck"][i:n - 1] = s["deck"][i + 1:n].copy()
            s["deck"][n - 1] = -1
            s["deck_size"] = n - 1
            return c
    raise AssertionError(f"no {kind} left in the pile")


def table(n=2, seat=0, hands=None, cards=None, pos=None, points=None, **options):
    """A turn about to begin for ``seat``: phase 1, nothing on the board but ``cards``
    ({space: kind or (kind, orient) or [bottom .. top]}), hands as given ({seat: [kinds]}), the draw
    pile the rest with the reaction and white cards at its bottom (draws bring none)."""
    s = new_record(GAME, n, 1, **options)
    board.clear_board(s)
    s["hand_kind"][:] = 0
    s["hand_count"][:] = 0
    order = sorted(range(NUM_CARDS), key=lambda c: (CARD_KIND[c] not in REACTIONS + WHITES, c))
    s["deck"][:] = order
    s["loc"][:] = LOC_DECK
    s["deck_size"] = NUM_CARDS
    s["pos"][:] = 0
    for i, p in (pos or {}).items():
        s["pos"][i] = p
    for i, x in (points or {}).items():
        s["points"][i] = x
    for i, kinds in (hands or {}).items():
        for k in kinds:
            board.to_hand(s, i, take_from_deck(s, k))
    for p, what in (cards or {}).items():
        stack = what if isinstance(what, list) else [what]
        for w in stack:
            k, o = (w if isinstance(w, tuple) else (w, 0))
            board.put_on_board(s, take_from_deck(s, k), p, o)
    turn.begin_turn(s, seat)
    turn.settle(s)
    return s


KIT = RuleKit(GAME)
mask = KIT.mask

WINDOW_KINDS = {ST_RE_ROLL: RE_ROLL, ST_BLOCK: BLOCK, ST_NICE_TRY: NICE_TRY}


def act(s, a):
    """Apply a decision (or a card and its space, as ``play`` gives them), then pass every reaction
    window asking a seat without the card (windows ask every seat that could hold it): the tests of
    other rules see the windows of the seats that hold one, as a table would see those seats play."""
    for x in (a if isinstance(a, tuple) else (a,)):
        KIT.play(s, x)
        while s["stage"] in WINDOW_KINDS and not s["hand_kind"][s["actor"], WINDOW_KINDS[int(s["stage"])]]:
            KIT.play(s, PASS.at())


def play(kind, p, orient=0):
    """Playing a card is two decisions: the card (its play-kind), then its space."""
    for k in range(len(PLAY_CARD_KIND)):
        if PLAY_CARD_KIND[k] == kind and PLAY_ORIENT[k] == orient:
            return (CARD.at(k), PLACE.at(p))
    raise ValueError


def spaces_for(s, kind, orient=0):
    """The spaces the card may be played on (none if it cannot be chosen)."""
    card, _ = play(kind, 0, orient)
    if not mask(s)[card]:
        return []
    t = s.copy()
    act(t, card)
    m = mask(t)
    return [p for p in range(NUM_SPACES) if m[PLACE.at(p)]]


FAR = 45    # a plain space far ahead, to play a card that should not matter


# --------------------------------------------------------------------------- set-up


def test_point_limit_table():
    """Players / short / medium / long: 2-3: 99 / 121 / 157; 4-6: 83 / 99 / 121; or any limit."""
    for n, (short, medium, long_) in ((2, (99, 121, 157)), (3, (99, 121, 157)), (4, (83, 99, 121)),
                                     (6, (83, 99, 121))):
        for name, v in (("short", short), ("medium", medium), ("long", long_)):
            assert GAME.options(n, point_limit=name)[0] == v
    assert GAME.options(2, point_limit=60)[0] == 60
    with pytest.raises(ValueError, match="point_limit"):
        GAME.options(2, point_limit="endless")


def test_deal_8_7_6_cards_by_seat_count():
    for n, dealt in ((2, 8), (3, 7), (4, 6), (5, 6), (6, 6)):
        s = new_record(GAME, n, 3)
        assert s["stage"] == ST_SETUP and list(s["hand_count"][:n]) == [dealt] * n
        assert s["deck_size"] == NUM_CARDS - n * dealt and (s["pos"][:n] == 0).all()


def test_starting_player_highest_d20_ties_throw_again():
    s = new_record(GAME, 2, 3)
    tmp = np.zeros(2, np.uint64)
    for seed in range(10_000):                     # a tie, then player_1 throws higher
        seed_rng(tmp, seed)
        r = _rolls(tmp, [20] * 4)
        if r[0] == r[1] and r[2] < r[3]:
            break
    s["rng"][:] = tmp
    assert turn.starting_player(s) == 1


def test_set_up_plays_cards_in_turn_order_down_to_4_untriggered():
    s = new_record(GAME, 2, 5)
    first = int(s["first_player"])
    order = []
    while s["stage"] == ST_SETUP:
        order.append(int(s["actor"]))
        m = mask(s)
        act(s, np.flatnonzero(m)[0])                  # a card, then its space
    assert order[::2] == [first, 1 - first] * 4 and order[1::2] == order[::2]
    assert s["stage"] == ST_PLAY and s["turn_seat"] == first and s["actor"] == first
    assert list(s["hand_count"][:2]) == [4, 4] and (s["height"].sum()) == 8
    assert (s["pos"][:2] == 0).all() and s["triggered"].sum() == 0


def test_turn_order_is_anticlockwise_the_next_seat():
    s = table(3, seat=2, hands={0: [STOP], 1: [STOP], 2: [STOP]})
    rig(s, (6, 1))
    act(s, play(STOP, FAR))
    assert s["turn_seat"] == 0 and s["stage"] == ST_PLAY


# --------------------------------------------------------------------------- placement


def test_single_colours_go_on_empty_same_colour_or_multi_coloured():
    s = table(hands={0: [STOP, SKIP]}, cards={5: SNAIL, 6: SKIP, 7: BLOCK, 9: TROUBLEMAKER})
    stop = spaces_for(s, STOP)
    assert 5 in stop and 7 in stop and 6 not in stop and 9 not in stop and 11 in stop
    skip = spaces_for(s, SKIP)
    assert 6 in skip and 7 in skip and 5 not in skip


def test_multi_coloured_and_white_cards_go_on_anything_but_white():
    s = table(hands={0: [BLOCK, TROUBLEMAKER]}, cards={5: SNAIL, 6: BLOCK, 9: FUCK_YOU})
    for kind in (BLOCK, TROUBLEMAKER):
        sp = spaces_for(s, kind)
        assert 5 in sp and 6 in sp and 9 not in sp


def test_never_on_start_end_teleport_or_a_token():
    s = table(hands={0: [STOP]}, pos={0: 3, 1: 4})
    sp = spaces_for(s, STOP)
    assert 0 not in sp and END not in sp and 3 not in sp and 4 not in sp
    assert not any(p in sp for p in T) and len(sp) == 49 - 6 - 2


def test_white_cards_are_never_covered():
    s = table(hands={0: [STOP, BLOCK, FUCK_YOU]}, cards={12: TROUBLEMAKER})
    for kind in (STOP, BLOCK, FUCK_YOU):
        assert 12 not in spaces_for(s, kind)


def test_bordered_cards_point_with_or_against_the_movement():
    s = table(hands={0: [PUSH, JUMP, STOP]})
    assert 11 in spaces_for(s, PUSH, WALL_UP) and 11 in spaces_for(s, PUSH, WALL_DOWN)
    assert 5 in spaces_for(s, PUSH, WALL_UP) and 5 not in spaces_for(s, PUSH, WALL_DOWN)  # row 0: no row below
    assert 11 in spaces_for(s, JUMP, FORWARD) and 11 in spaces_for(s, JUMP, BACKWARD)
    with pytest.raises(ValueError):
        play(JUMP, 11, WALL_UP)
    with pytest.raises(ValueError):
        play(STOP, 11, BACKWARD)


def test_vandalism_covers_a_card_when_a_colour_has_no_space():
    """FAQ 8: with every space covered by other colours, a single colour may cover any non-white."""
    fill = [k for k in range(content.NUM_KINDS) if content.KIND_COLOUR[k] in (1, 2, 3)
            for _ in range(KIND_COUNT[k])]
    cards = {p: fill.pop() for p in range(1, END) if content.CARD_SPACE[p]}
    cards[11] = TROUBLEMAKER
    s = table(hands={0: [SKIP]}, cards=cards)
    sp = spaces_for(s, SKIP)
    assert 11 not in sp and 5 in sp and len(sp) == 43 - 1


# --------------------------------------------------------------------------- the turn


def test_turn_plays_a_card_throws_moves_and_draws_up_to_4():
    s = table(hands={0: [STOP, STOP, STOP], 1: [STOP]})
    rig(s, (6, 4))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 4
    assert list(s["hand_count"][:2]) == [4, 4]          # I draw up; the others below 4 too
    assert s["turn_seat"] == 1 and s["stage"] == ST_PLAY


# --------------------------------------------------------------------------- green


def test_skip_skips_the_movement_phase():
    s = table(hands={0: [SKIP]}, pos={0: 7})
    act(s, play(SKIP, FAR))
    assert s["pos"][0] == 7 and s["turn_seat"] == 1


def test_reverse_moves_backward_this_turn():
    s = table(hands={0: [REVERSE]}, pos={0: 10})
    rig(s, (6, 3))
    act(s, play(REVERSE, FAR))
    assert s["pos"][0] == 7


def test_remote_moves_the_nominated_token_with_my_die():
    s = table(hands={0: [REMOTE]}, pos={0: 2, 1: 11})
    act(s, play(REMOTE, FAR))
    assert s["stage"] == ST_REMOTE and s["actor"] == 0
    rig(s, (6, 5))
    act(s, TOKEN.at(1))
    assert s["pos"][0] == 2 and s["pos"][1] == 16


def test_ghost_ignores_every_card_on_the_way_and_at_the_end():
    s = table(hands={0: [GHOST]}, cards={2: STOP, 4: (PUSH, FORWARD)})
    rig(s, (6, 4))
    act(s, play(GHOST, FAR))
    assert s["pos"][0] == 4


def test_ghost_ignores_the_x_too_and_may_end_on_it():
    s = table(hands={0: [GHOST]}, cards={2: X})
    rig(s, (6, 2))
    act(s, play(GHOST, FAR))
    assert s["pos"][0] == 2 and CARD_KIND[s["top"][2]] == X


# --------------------------------------------------------------------------- red


def test_push_moves_one_space_as_part_of_the_movement():
    """The rulebook's example: moved 3 spaces, then pushed 2 more by two Push cards."""
    s = table(hands={0: [STOP]}, cards={3: (PUSH, FORWARD), 4: (PUSH, FORWARD)})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 5


def test_push_through_the_wall():
    s = table(hands={0: [STOP]}, cards={3: (PUSH, WALL_UP)})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert WALL_UP_SPACE[3] == 16 and s["pos"][0] == 16
    s = table(hands={0: [STOP]}, cards={13: (PUSH, WALL_DOWN)}, pos={0: 11})
    rig(s, (6, 2))
    act(s, play(STOP, FAR))
    assert WALL_DOWN_SPACE[13] == 6 and s["pos"][0] == 6


def test_jump_over_the_next_space_even_a_stop():
    """FAQ 2, Jump Around!"""
    s = table(hands={0: [SNAIL]}, cards={3: (JUMP, FORWARD), 4: STOP})
    rig(s, (6, 3))
    act(s, play(SNAIL, FAR))
    assert s["pos"][0] == 5


def test_second_chance_throws_again_and_moves_on():
    s = table(hands={0: [STOP]}, cards={3: SECOND_CHANCE})
    rig(s, (6, 3), (6, 2))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 5


def test_swap_is_chosen_by_the_one_who_lands_and_only_the_other_may_block():
    """FAQ 7, Swap Block."""
    s = table(hands={0: [STOP, BLOCK]}, cards={3: SWAP}, pos={1: 12})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_SWAP and s["actor"] == 0
    assert np.flatnonzero(mask(s)).tolist() == [TOKEN.at(1)]      # I cannot block my own landing
    act(s, TOKEN.at(1))
    assert list(s["pos"][:2]) == [12, 3]
    s = table(hands={0: [STOP], 1: [BLOCK]}, cards={3: SWAP}, pos={1: 12})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    act(s, TOKEN.at(1))
    assert s["stage"] == ST_BLOCK and s["actor"] == 1
    act(s, REACT.at(R_BLOCK, 30))
    assert list(s["pos"][:2]) == [3, 12] and s["top"][30] >= 0


# --------------------------------------------------------------------------- blue


def test_gift_moves_another_token_1_or_2_as_a_movement():
    s = table(hands={0: [GIFT]}, cards={3: (PUSH, FORWARD)}, pos={1: 1})
    act(s, play(GIFT, FAR))
    assert s["stage"] == ST_GIFT
    assert not mask(s)[GIFT_TO.at(0, 0)]                            # someone else's token
    rig(s, (6, 1))
    act(s, GIFT_TO.at(1, 1))                                         # 2 spaces: 1 -> 3, pushed to 4
    assert list(s["pos"][:2]) == [1, 4]


def test_block_cancels_an_attack():
    s = table(hands={0: [GIFT], 1: [BLOCK]}, pos={1: 1})
    act(s, play(GIFT, FAR))
    act(s, GIFT_TO.at(1, 1))
    assert s["stage"] == ST_BLOCK and s["actor"] == 1
    rig(s, (6, 1))
    act(s, REACT.at(R_BLOCK, 30))
    assert list(s["pos"][:2]) == [1, 1] and s["hand_kind"][1, BLOCK] == 0


def test_gift_landed_on_the_lander_moves_someone_elses_token():
    """Blue cards also act when a movement ends on them: the lander chooses another's token."""
    s = table(hands={0: [STOP]}, cards={3: GIFT, 6: (PUSH, FORWARD)}, pos={1: 4})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_GIFT and s["actor"] == 0
    assert not mask(s)[GIFT_TO.at(0, 0)] and not mask(s)[GIFT_TO.at(0, 1)]
    act(s, GIFT_TO.at(1, 1))                                         # 4 -> 6, pushed to 7
    assert list(s["pos"][:2]) == [3, 7]


def test_magnet_landed_on_takes_a_card_of_the_landers_choice():
    s = table(hands={0: [STOP]}, cards={3: MAGNET, 7: SNAIL, 9: [JUMP, STOP]})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_MAGNET and s["actor"] == 0
    m = mask(s)
    assert [p for p in range(NUM_SPACES) if m[MAGNET_AT.at(p)]] == [7, 9, FAR]   # not itself (3)
    act(s, MAGNET_AT.at(9))
    assert s["hand_kind"][0, STOP] == 1 and CARD_KIND[s["top"][9]] == JUMP and s["turn_seat"] == 1


def test_magnet_does_not_take_itself_and_with_nothing_to_take_does_nothing():
    s = table(hands={0: [MAGNET, STOP]})
    rig(s, (6, 2))
    act(s, play(MAGNET, FAR))                                        # only the Magnet is on the board
    assert s["pos"][0] == 2 and CARD_KIND[s["top"][FAR]] == MAGNET and s["turn_seat"] == 1


def test_magnet_takes_a_card_but_no_teleport_nor_one_under_a_token():
    s = table(hands={0: [MAGNET]}, cards={5: [SNAIL, STOP], 6: SNAIL}, pos={1: 6})
    act(s, play(MAGNET, FAR))
    assert s["stage"] == ST_MAGNET
    m = mask(s)
    assert [p for p in range(NUM_SPACES) if m[MAGNET_AT.at(p)]] == [5]
    rig(s, (6, 1))
    act(s, MAGNET_AT.at(5))
    assert s["hand_kind"][0, STOP] == 1 and CARD_KIND[s["top"][5]] == SNAIL and s["height"][5] == 1


def test_teleport_throws_and_goes_to_the_numbered_space():
    s = table(hands={0: [TELEPORT]})
    rig(s, (6, 2), (6, 1))                         # played: teleport 2 (15), then move 1
    act(s, play(TELEPORT, FAR))
    assert s["pos"][0] == T[1] + 1
    s = table(hands={0: [STOP]}, cards={3: TELEPORT})
    rig(s, (6, 3), (6, 4))                         # landed on: teleport 4, which does not trigger
    act(s, play(STOP, FAR))
    assert s["pos"][0] == T[3]


# --------------------------------------------------------------------------- orange


def test_stop_ends_the_movement():
    s = table(hands={0: [SNAIL]}, cards={2: STOP})
    rig(s, (6, 5))
    act(s, play(SNAIL, FAR))
    assert s["pos"][0] == 2


def test_x_is_jumped_over_and_is_no_step():
    s = table(hands={0: [STOP]}, cards={2: X})
    rig(s, (6, 2))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 3


def test_snail_takes_two_steps_to_pass_unless_entered_with_the_last():
    for roll, end in ((2, 2), (3, 2), (4, 3)):
        s = table(hands={0: [STOP]}, cards={2: SNAIL})
        rig(s, (6, roll))
        act(s, play(STOP, FAR))
        assert s["pos"][0] == end, roll


# --------------------------------------------------------------------------- multi-coloured


def test_re_roll_any_die_own_included_new_number_counts():
    s = table(hands={0: [STOP, RE_ROLL]})
    rig(s, (6, 1), (6, 5))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_RE_ROLL and s["actor"] == 0 and s["roll_value"] == 1
    act(s, REACT.at(R_RE_ROLL, 30))
    assert s["pos"][0] == 5


def test_re_roll_chains_and_on_another_die_is_an_attack_to_block():
    s = table(hands={0: [STOP, RE_ROLL, BLOCK], 1: [RE_ROLL, RE_ROLL]})
    rig(s, (6, 1), (6, 6), (6, 4))
    act(s, play(STOP, FAR))
    act(s, PASS.at())                                  # I keep my 1; player_1 is asked next
    assert s["stage"] == ST_RE_ROLL and s["actor"] == 1
    act(s, REACT.at(R_RE_ROLL, 30))                    # an attack on my die: may I block it?
    assert s["stage"] == ST_BLOCK and s["actor"] == 0
    act(s, PASS.at())                                  # no: thrown again, a 6
    assert s["roll_value"] == 6 and s["stage"] == ST_RE_ROLL and s["actor"] == 0
    act(s, PASS.at())
    act(s, REACT.at(R_RE_ROLL, 31))                    # player_1 again (the chain)
    act(s, REACT.at(R_BLOCK, 32))                      # blocked: the 6 stands
    assert s["pos"][0] == 6


def test_re_roll_on_a_d20_changes_the_event():
    s = trouble(2, 12, {0: 1, 1: 2}, hands={0: [RE_ROLL]}, more=((20, 1),))
    assert s["stage"] == ST_RE_ROLL and s["actor"] == 0 and s["roll_die"] == 20 and s["roll_value"] == 12
    act(s, REACT.at(R_RE_ROLL, 30))                    # Mexican Standoff becomes Epic Fail
    assert list(s["pos"][:2]) == [max(T), 2]


def test_remote_on_ones_own_token_or_a_re_roll_of_ones_own_die_cannot_be_blocked():
    """No attack on anybody: no Block is asked, though both players hold one."""
    s = table(hands={0: [REMOTE, BLOCK], 1: [BLOCK]}, pos={0: 2})
    act(s, play(REMOTE, FAR))
    rig(s, (6, 3))
    act(s, TOKEN.at(0))
    assert s["pos"][0] == 5 and s["turn_seat"] == 1
    assert s["hand_kind"][0, BLOCK] == 1 and s["hand_kind"][1, BLOCK] == 1
    s = table(hands={0: [STOP, RE_ROLL, BLOCK], 1: [BLOCK]})
    rig(s, (6, 1), (6, 5))
    act(s, play(STOP, FAR))
    act(s, REACT.at(R_RE_ROLL, 30))
    assert s["pos"][0] == 5 and s["turn_seat"] == 1
    assert s["hand_kind"][0, BLOCK] == 1 and s["hand_kind"][1, BLOCK] == 1


def asked(s):
    """Who the reaction windows ask from here on, in order, everyone passing: (stage, seat) pairs."""
    seen = []
    while s["stage"] in WINDOW_KINDS:
        seen.append((int(s["stage"]), int(s["actor"])))
        assert mask(s)[PASS.at()]
        KIT.play(s, PASS.at())
    return seen


def test_reaction_windows_ask_every_seat_that_could_hold_the_card():
    """Seat 1 holds only a Magnet everyone saw it take: it cannot hold a Re-Roll as far as the others
    know, so the window skips it; seat 2, with an unseen card, is asked, and can only pass; seat 3,
    with a seen Re-Roll, is asked and may play it."""
    s = table(4, hands={0: [STOP], 1: [MAGNET], 2: [SNAIL], 3: [RE_ROLL]})
    for c in range(NUM_CARDS):
        if s["loc"][c] in (1, 3):
            s["known"][c] = 1
    rig(s, (6, 2))
    KIT.play(s, play(STOP, FAR)[0])
    KIT.play(s, play(STOP, FAR)[1])
    assert s["stage"] == ST_RE_ROLL and s["actor"] == 2
    assert np.flatnonzero(mask(s)).tolist() == [PASS.at()]
    KIT.play(s, PASS.at())
    assert s["stage"] == ST_RE_ROLL and s["actor"] == 3 and mask(s)[REACT.at(R_RE_ROLL, 30)]
    assert asked(s) == [(ST_RE_ROLL, 3)]
    assert s["pos"][0] == 2 and s["turn_seat"] == 1


def test_reaction_windows_holders_option_asks_only_holders():
    s = table(3, hands={0: [STOP], 1: [SNAIL], 2: [RE_ROLL]}, reaction_windows="holders")
    rig(s, (6, 2))
    KIT.play(s, play(STOP, FAR)[0])
    KIT.play(s, play(STOP, FAR)[1])
    assert asked(s) == [(ST_RE_ROLL, 2)]
    assert s["pos"][0] == 2 and s["turn_seat"] == 1


def test_whether_a_reaction_window_asks_a_seat_shows_nothing_hidden():
    """Two worlds that differ only in whether seat 1's unseen cards are a Re-Roll, a Block and a
    Nice Try or three Snails. My Remote on seat 1 opens a Block window, my die a Re-Roll window, and
    seat 1's token reaching the skull a Nice Try window: by default they ask the same seats in the
    same order in both worlds (only seat 1's own mask differs); with ``reaction_windows="holders"``
    they do not."""
    def windows(kinds, mode):
        s = table(3, hands={0: [REMOTE], 1: kinds, 2: [SNAIL]}, pos={1: END - 3}, reaction_windows=mode)
        KIT.play(s, play(REMOTE, FAR)[0])
        KIT.play(s, play(REMOTE, FAR)[1])
        rig(s, (6, 3))
        KIT.play(s, TOKEN.at(1))
        return asked(s)
    holding, not_holding = [RE_ROLL, BLOCK, NICE_TRY], [SNAIL, SNAIL, SNAIL]
    assert windows(holding, "could_hold") == windows(not_holding, "could_hold") == [
        (ST_BLOCK, 1), (ST_RE_ROLL, 1), (ST_RE_ROLL, 2),       # my hand is empty at the throw
        (ST_NICE_TRY, 0), (ST_NICE_TRY, 1), (ST_NICE_TRY, 2)]  # after the draws it is not
    assert windows(holding, "holders") == [(ST_BLOCK, 1), (ST_RE_ROLL, 1), (ST_NICE_TRY, 1)]
    assert windows(not_holding, "holders") == []


def test_a_seen_copy_of_a_kind_is_played_first():
    """A hand with a Snail the table saw it take and an unseen Snail of a lower id: playing a Snail
    plays the seen one, so the others learn nothing of the second."""
    s = table(hands={0: [SNAIL, SNAIL]})
    lo, hi = sorted(c for c in range(NUM_CARDS) if s["loc"][c] == 0)
    s["known"][hi] = 1
    act(s, play(SNAIL, FAR))
    assert s["top"][FAR] == hi and s["loc"][lo] == 0 and s["known"][lo] == 0
    assert s["known"].sum() == 0


def test_nice_try_sends_the_tokens_on_the_skull_to_teleport_6():
    s = table(hands={0: [STOP], 1: [NICE_TRY]}, pos={0: 48})
    rig(s, (6, 4))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == END and s["stage"] == ST_NICE_TRY and s["actor"] == 1
    act(s, REACT.at(R_NICE_TRY, 30))
    assert s["pos"][0] == T[5] and s["round"] == 0 and s["turn_seat"] == 1


def test_nice_try_is_not_offered_without_a_token_on_the_skull():
    s = table(hands={0: [STOP], 1: [NICE_TRY]}, pos={0: 40})
    rig(s, (6, 4))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 44 and s["stage"] == ST_PLAY and s["turn_seat"] == 1
    assert s["hand_kind"][1, NICE_TRY] == 1


def test_nice_try_with_an_empty_pile_the_round_still_ends_at_teleport_6():
    s = table(hands={0: [STOP], 1: [NICE_TRY]}, pos={0: 48})
    empty_pile(s)
    rig(s, (6, 4))
    act(s, play(STOP, 30))
    assert s["pos"][0] == END and s["stage"] == ST_NICE_TRY and s["actor"] == 1
    act(s, REACT.at(R_NICE_TRY, 31))
    assert s["round"] == 1 and list(s["round_score"][:2]) == [T[5], 0] and T[5] == 20


def test_a_reaction_played_on_ones_own_turn_does_nothing():
    s = table(hands={0: [BLOCK]})
    rig(s, (6, 2))
    act(s, play(BLOCK, FAR))
    assert s["pos"][0] == 2 and s["turn_seat"] == 1


# --------------------------------------------------------------------------- white


def test_fuck_you_played_advances_21_ignoring_cards_then_moves():
    s = table(hands={0: [FUCK_YOU]}, pos={0: 2}, cards={10: STOP})
    rig(s, (6, 2))
    act(s, play(FUCK_YOU, FAR))
    assert s["pos"][0] == 25


def test_fuck_you_landed_on_goes_into_the_hand():
    s = table(hands={0: [STOP]}, cards={3: FUCK_YOU})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["hand_kind"][0, FUCK_YOU] == 1 and s["top"][3] == -1


def test_fuck_you_in_hand_at_the_round_end_adds_21():
    s = table(hands={0: [STOP], 1: [FUCK_YOU]}, pos={0: 47, 1: 6})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["round"] == 1 and list(s["round_score"][:2]) == [50, 27] and list(s["points"][:2]) == [50, 27]


def test_troublemaker_played_throws_an_event_instead_of_moving():
    s = table(hands={0: [TROUBLEMAKER]}, pos={0: 5, 1: 9})
    rig(s, (20, 11))                                   # face 11: Mexican Standoff
    act(s, play(TROUBLEMAKER, FAR))
    assert list(s["pos"][:2]) == [T[5], T[5]]


def test_troublemaker_landed_on_throws_an_event():
    s = table(hands={0: [STOP]}, cards={3: TROUBLEMAKER}, pos={1: 9})
    rig(s, (6, 3), (20, 12))
    act(s, play(STOP, FAR))
    assert list(s["pos"][:2]) == [T[5], T[5]]


def test_numbered_teleport_space_throws_and_teleports():
    s = table(hands={0: [STOP]}, pos={0: 5})
    rig(s, (6, 3), (6, 1))                             # 5 + 3 = 8, teleport 4 -> teleport 1
    act(s, play(STOP, FAR))
    assert T[3] == 8 and s["pos"][0] == T[0]


def test_broken_teleport_own_number_stays():
    """FAQ 3."""
    s = table(hands={0: [STOP]}, pos={0: 5})
    rig(s, (6, 3), (6, 4))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 8


# --------------------------------------------------------------------------- events


def test_d20_faces_give_every_event():
    faces = EVENT_OF_FACE[1:]
    assert len(faces) == 20 and sorted(set(faces.tolist())) == list(range(NUM_EVENTS))


def trouble(n, face, pos, hands=None, cards=None, more=()):
    h = {0: [TROUBLEMAKER]}
    for k, v in (hands or {}).items():
        h[k] = h.get(k, []) + v
    s = table(n, hands=h, pos=pos, cards=cards)
    rig(s, (20, face), *more)
    act(s, play(TROUBLEMAKER, FAR))
    return s


def test_epic_fail_sends_the_hindmost_to_the_frontmost_teleport():
    s = trouble(3, 1, {0: 5, 1: 2, 2: 2})
    assert list(s["pos"][:3]) == [5, max(T), max(T)] and max(T) == 40


def test_earthquake_each_takes_the_space_of_the_player_to_the_right():
    s = trouble(3, 3, {0: 5, 1: 9, 2: 13})
    assert list(s["pos"][:3]) == [9, 13, 5]


def test_marching_orders_is_a_movement_and_cannot_be_blocked():
    s = trouble(2, 5, {}, hands={1: [BLOCK]}, cards={3: (PUSH, FORWARD)}, more=((6, 3),))
    assert s["stage"] == ST_MARCH and s["actor"] == 0
    act(s, TOKEN.at(1))
    assert s["pos"][1] == 4 and s["hand_kind"][1, BLOCK] == 1


def test_marching_orders_ends_its_event_when_the_march_is_carried_out():
    """The event is over once its token has marched: at the Nice Try offer that follows (the
    marched token reached the skull) no event is in progress any more."""
    s = trouble(2, 5, {1: 47}, hands={1: [NICE_TRY]}, more=((6, 3),))
    assert s["stage"] == ST_MARCH and s["ev_kind"] == EVENT_OF_FACE[5]
    act(s, TOKEN.at(1))
    assert s["pos"][1] == END and s["stage"] == ST_NICE_TRY and s["actor"] == 1
    assert [int(s[f]) for f in ("ev_kind", "ev_thrower", "ev_index", "ev_seat")] == [-1, -1, 0, -1]


def test_teleport_terror_everyone_from_the_right_throws_and_teleports():
    s = trouble(2, 7, {0: 3, 1: 4}, more=((6, 1), (6, 2)))   # player_1 throws first
    assert list(s["pos"][:2]) == [T[1], T[0]]


def test_market_one_card_each_taken_in_turn_order():
    s = trouble(2, 9, {})
    assert s["stage"] == ST_MARKET and s["actor"] == 1
    market = [int(c) for c in np.flatnonzero(s["loc"] == LOC_MARKET)]
    assert len(market) == 2 and s["deck_size"] == NUM_CARDS - 1 - 2     # one card per player
    act(s, TAKE.at(int(CARD_KIND[market[0]])))
    assert s["loc"][market[0]] == 1 and s["hand_count"][1] == 1
    assert s["stage"] == ST_MARKET and s["actor"] == 0
    act(s, TAKE.at(int(CARD_KIND[market[1]])))
    assert s["loc"][market[1]] == 0 and (s["loc"] == LOC_MARKET).sum() == 0


def test_mexican_standoff_all_to_teleport_6():
    s = trouble(3, 12, {0: 1, 1: 2, 2: 30})
    assert list(s["pos"][:3]) == [T[5]] * 3


def test_expansion_moves_forward_ignoring_the_cards():
    s = trouble(2, 13, {0: 5}, cards={1: STOP}, more=((6, 2), (6, 3)))
    assert list(s["pos"][:2]) == [8, 2]                   # 8 is teleport 4: not triggered


def test_recession_moves_backward():
    s = trouble(2, 16, {0: 10, 1: 4}, more=((6, 2), (6, 6)))
    assert list(s["pos"][:2]) == [4, 2]


def test_restock_everyone_plays_a_card_in_turn_order():
    s = trouble(2, 19, {}, hands={0: [STOP], 1: [SNAIL]})
    assert s["stage"] == ST_RESTOCK and s["actor"] == 1
    act(s, play(SNAIL, 30))
    assert s["stage"] == ST_RESTOCK and s["actor"] == 0
    act(s, play(STOP, 31))
    assert CARD_KIND[s["top"][30]] == SNAIL and CARD_KIND[s["top"][31]] == STOP and s["turn_seat"] == 1


# --------------------------------------------------------------------------- the FAQ


def test_looping_a_card_triggers_once_per_turn():
    """FAQ 1: two Push cards pointing at each other move you back and forth once."""
    s = table(hands={0: [STOP]}, cards={3: (PUSH, FORWARD), 4: (PUSH, BACKWARD)})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 3


def test_looping_a_stop_or_snail_met_once_lets_a_later_movement_of_the_turn_pass():
    """FAQ 1 read as written ('Each card only triggers once per turn'): a Stop or Snail that an
    earlier movement this turn met does not act again. player_0 gifts player_1's token from 1 two
    spaces onto the card on 2; player_0's own movement then passes it."""
    s = table(hands={0: [GIFT]}, cards={2: STOP}, pos={1: 1})
    act(s, play(GIFT, FAR))
    rig(s, (6, 4))
    act(s, GIFT_TO.at(1, 1))
    assert list(s["pos"][:2]) == [4, 2]                 # the Stop held player_1, not player_0
    s = table(hands={0: [GIFT]}, cards={2: SNAIL}, pos={1: 1})
    act(s, play(GIFT, FAR))
    rig(s, (6, 3))
    act(s, GIFT_TO.at(1, 1))
    assert list(s["pos"][:2]) == [3, 2]                 # the Snail slowed player_1 only


def test_block_against_remote_the_attacker_loses_the_movement():
    """FAQ 4."""
    s = table(hands={0: [REMOTE], 1: [BLOCK]}, pos={0: 2, 1: 9})
    act(s, play(REMOTE, FAR))
    act(s, TOKEN.at(1))
    assert s["stage"] == ST_BLOCK and s["actor"] == 1
    act(s, REACT.at(R_BLOCK, 30))
    assert list(s["pos"][:2]) == [2, 9] and s["turn_seat"] == 1


def test_landing_on_x_moves_one_space_forward():
    """FAQ 5."""
    s = table(hands={0: [STOP]}, cards={3: (PUSH, FORWARD), 4: X})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 5


def test_landing_on_x_after_jumping_it_still_moves_one_space_forward():
    """FAQ 5 always holds: an X jumped over earlier in the turn still refuses the token that a
    Push sends back onto it (FAQ 1 does not switch an X off)."""
    s = table(hands={0: [STOP]}, cards={2: X, 3: (PUSH, BACKWARD)})
    rig(s, (6, 2))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 3 and CARD_KIND[s["top"][3]] == PUSH


def test_x_stands_a_later_step_in_the_turn_jumps_it_again():
    """A plain step never ends on an X, even one jumped over before this turn: player_0 jumps the X
    on 2 onto a Gift on 3; player_1's token, gifted 2 from the start, jumps the same X too."""
    s = table(hands={0: [STOP]}, cards={2: X, 3: GIFT})
    rig(s, (6, 2))
    act(s, play(STOP, FAR))
    assert s["pos"][0] == 3 and s["stage"] == ST_GIFT
    act(s, GIFT_TO.at(1, 1))
    assert list(s["pos"][:2]) == [3, 3]


def test_landing_on_x_by_a_swap_moves_one_space_forward_triggering_nothing():
    """FAQ 5 for a Swap (a card effect): player_1's token stands on an X (put there by an event);
    player_0 swaps onto it and steps 1 forward, onto a Push that does not act (no movement)."""
    s = table(hands={0: [STOP]}, cards={3: SWAP, 12: X, 13: (PUSH, FORWARD)}, pos={1: 12})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    act(s, TOKEN.at(1))
    assert list(s["pos"][:2]) == [13, 3] and s["turn_seat"] == 1


def test_reverse_chance_the_second_movement_goes_backward_too():
    """FAQ 6."""
    s = table(hands={0: [REVERSE]}, pos={0: 10}, cards={7: SECOND_CHANCE})
    rig(s, (6, 3), (6, 2))
    act(s, play(REVERSE, FAR))
    assert s["pos"][0] == 5


# --------------------------------------------------------------------------- rounds and the game


def test_round_ends_after_the_turn_in_which_a_token_reached_the_skull():
    """The turn is played out in full: the Gift sends player_1 to the skull, I still move."""
    s = table(hands={0: [GIFT]}, pos={0: 40, 1: 48})
    act(s, play(GIFT, FAR))
    rig(s, (6, 1))
    act(s, GIFT_TO.at(1, 1))
    assert s["round"] == 1 and list(s["round_score"][:2]) == [41, 50]


def empty_pile(s, keep=0):
    """Every card of the pile but ``keep`` into player_1's hand (reactions onto space 45, white
    cards each on a space of its own from 44 down)."""
    white = 44
    while s["deck_size"] > keep:
        c = int(s["deck"][s["deck_size"] - 1])
        s["deck"][s["deck_size"] - 1] = -1
        s["deck_size"] -= 1
        if CARD_KIND[c] in REACTIONS:
            board.put_on_board(s, c, 45, 0)
        elif CARD_KIND[c] in WHITES:
            board.put_on_board(s, c, white, 0)
            white -= 1
        else:
            board.to_hand(s, 1, c)


def test_round_ends_when_a_player_cannot_draw():
    s = table(hands={0: [STOP]}, pos={1: 3})
    empty_pile(s, keep=2)
    rig(s, (6, 2))
    act(s, play(STOP, 30))
    assert s["round"] == 1 and list(s["round_score"][:2]) == [2, 3]


def test_new_round_tokens_to_start_board_cleared_set_up_again():
    s = table(hands={0: [STOP]}, pos={0: 47, 1: 12}, cards={5: SNAIL})
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["round"] == 1 and s["stage"] == ST_SETUP and s["phase"] == PH_SETUP
    assert (s["pos"][:2] == 0).all() and s["height"].sum() == 0 and list(s["hand_count"][:2]) == [8, 8]
    assert list(s["points"][:2]) == [50, 12]


def test_game_ends_at_the_point_limit_fewest_points_win():
    s = table(hands={0: [STOP]}, pos={0: 47, 1: 12}, points={0: 100, 1: 30})
    s["round"] = 2                                     # the points of two rounds played
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_OVER and s["actor"] == -1
    assert list(s["points"][:2]) == [150, 42] and list(s["winner"][:2]) == [0, 1]
    assert list(s["last_rewards"][:2]) == [-1.0, 1.0]


def test_round_rewards_option_pays_each_round():
    s = table(hands={0: [STOP]}, pos={0: 47, 1: 12}, round_rewards=True)
    rig(s, (6, 3))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_SETUP and list(s["last_rewards"][:2]) == [-1.0, 1.0]


def test_94_cards_in_six_colours():
    assert KIND_COUNT.sum() == 94 and len(CARD_KIND) == 94
    by_colour = np.bincount(content.KIND_COLOUR[CARD_KIND], minlength=6).tolist()
    assert by_colour == [18, 25, 15, 18, 14, 4] and KIND_COUNT[FUCK_YOU] == 1


def test_a_seat_asked_about_a_reaction_keeps_it_when_others_determinize():
    """Where windows ask only holders, being asked shows the card: re-dealt worlds keep one."""
    s = table(3, hands={0: [STOP], 1: [SNAIL], 2: [RE_ROLL, STOP]}, reaction_windows="holders")
    rig(s, (6, 2))
    act(s, play(STOP, FAR))
    assert s["stage"] == ST_RE_ROLL and s["actor"] == 2
    for seed in range(20):
        t = s.copy()
        t["rng"][:] = np.uint64(seed + 1)
        core.determinize(t, 0)
        assert t["hand_kind"][2, RE_ROLL] >= 1 and check_invariants(t) == 0


def test_cards_taken_in_everyones_view_stay_known_until_played():
    """A card taken from the board (Magnet, a Fuck You landed on) or the Market went into the hand
    in everyone's view: the others see it there, and their re-dealt worlds keep it."""
    from frontierzoo.envs.frantic.state import OBS_KNOWN
    s = table(hands={0: [MAGNET, SNAIL, SNAIL]}, cards={5: STOP})
    act(s, play(MAGNET, FAR))
    rig(s, (6, 1))
    act(s, MAGNET_AT.at(5))
    stop = int(np.flatnonzero((s["loc"] == 0) & (CARD_KIND == STOP))[0])
    assert s["known"][stop] == 1
    o = np.zeros(GAME.obs_size, np.float32)
    core.observe(s, 1, o)
    assert o[OBS_KNOWN.at(1, STOP)] == 1.0                   # player_1 sees player_0's Stop
    for seed in range(10):
        t = s.copy()
        t["rng"][:] = np.uint64(seed + 1)
        core.determinize(t, 1)
        assert t["loc"][stop] == 0 and check_invariants(t) == 0
    s["turn_seat"] = 1
    turn.begin_turn(s, 0)
    rig(s, (6, 1))
    act(s, play(STOP, 30))
    assert s["known"][stop] == 0


def test_the_round_count_stops_at_its_top():
    from frontierzoo.envs.frantic.state import ROUNDS_MAX
    s = table(hands={0: [STOP], 1: [STOP]}, pos={0: END})
    s["round"] = ROUNDS_MAX
    turn.end_round(s)
    assert s["round"] == ROUNDS_MAX == 10_000 and s["points"][0] == END
