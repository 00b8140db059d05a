"""Legends of the American Frontier rule tests: build a position, apply a decision, assert the
rulebook's consequence with exact values.

Each test is named after the rule it checks (rulebook 003_bb78c9d3da541714, envs/legends/RULES.md).
"""
import numpy as np
import pytest

from frontierzoo.envs import legends_v1
from frontierzoo.envs.common.engine import new_record
from frontierzoo.envs.legends import adventure, core, frontier, rest, scoring, stages, upbringing
from frontierzoo.envs.legends.content import (
    AB_BACKWOODSMAN, AB_GAMBLER, AB_HARDY, AB_ORATOR, AB_PACKER, AB_STALWART, ADV_GROUP, ADV_DIFFICULTY, BACK_EAST, CAPITALISM, CARD_COPIES,
    CARD_TYPES, FAME, FAR_WEST, FATE_ANY_AWARD, FATE_DOUBLE, FATE_DRAW2, FATE_LOSE2, FATE_MINUS5, FATE_NO_CHANGE,
    FATE_NO_HERO, FATE_NO_LUCK, FATE_PLUS5, FATE_RESHUFFLE, FATE_SHARE, FATE_TILE_KIND, FIGHT, FIRST_SPECIAL,
    FIRST_WILD, FRONTIER_LOC, FRONTIER_SKILL, HAPPINESS, HARDSHIP, KNOWLEDGE, LUCK, PERSONALITY, PROVIDENCE,
    REWARD_PRICE, REWARD_VP, STATUS, UP_POINTS, UP_TILE, UPBRINGING, WEALTH)
from frontierzoo.envs.legends.env import GAME
from helpers import RuleKit
from frontierzoo.envs.legends.words import upbringing_name
from frontierzoo.envs.legends.state import (
    ACCEPT, AS_LISTED, AVOID, BUY, COMMIT, COMMIT_REST, DISCARD, DONE_SET, DRAFT, END_REST, FL_LOC_START, FL_NONE,
    FP_LOC, FP_POOL, FP_USED, GRIT_SKILL, L_FATE, L_FATE_DOWN, LOSS, NO_PLAY, OBS_LOCS, OBS_REWARD_UNDER, OBS_SEATS, PLAY, REDRAW, REST_DRAW, REST_GRIT, REWARD,
    S_ACTION, S_UPBRINGING, SEAT_FEATURE, SPECIAL, ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY, ST_OVER,
    ST_PLAY, ST_REDRAW, ST_REST_DRAW, ST_REWARD, ST_SHOP, SUFFER, TRADE, WAIT, WILD)


def card(suit, value):
    """The plain skill card of a suit (0-5 skills, 6 Luck) and value."""
    return suit * 8 + value - 1


def wild(value):
    return FIRST_WILD + value - 5


def special(suit, kind):
    return FIRST_SPECIAL + suit * 2 + kind


def draft_done(n=4, seed=0, **options):
    """A record at the first daytime: the draft played with the first legal pick each time."""
    s = new_record(GAME, n, seed, **options)
    mask = np.zeros(GAME.num_actions, np.bool_)
    while s["stage"] == ST_DRAFT:
        core.legal_mask(s, mask)
        step(s, int(np.flatnonzero(mask)[0]))
    return s


KIT = RuleKit(GAME)
legal, step = KIT.legal, KIT.step


def set_cards(s, hands=None, deck_top=()):
    """Hands {seat: [types]} and the deck's top cards (first = the next dealt); every other card
    is in the discard pile, under the deck's top cards the rest of the deck is empty."""
    hands = hands or {}
    s["hand"][:] = 0
    for seat, cards in hands.items():
        for t in cards:
            s["hand"][seat, t] += 1
    top = list(deck_top)
    s["deck"][:] = 0
    for i, t in enumerate(reversed(top)):
        s["deck"][i] = t
    s["deck_n"] = len(top)
    used = s["hand"].sum(axis=0).astype(np.int64)
    for t in top:
        used[t] += 1
    s["discard"][:] = CARD_COPIES - used
    assert (CARD_COPIES - used >= 0).all()


def set_fate(s, loc, kind, up=True):
    """Put a fate tile of ``kind`` at ``loc`` (its old tile back in the pile)."""
    old = s["loc_fate"][loc]
    if old >= 0:
        s["fate_place"][old] = FP_POOL
    f = next(f for f in range(14) if FATE_TILE_KIND[f] == kind and s["fate_place"][f] != FP_LOC + loc)
    if s["fate_place"][f] >= FP_LOC:                     # on another location: that one takes the old tile
        other = s["fate_place"][f] - FP_LOC
        s["loc_fate"][other] = old
        s["fate_place"][old] = FP_LOC + other
    s["fate_place"][f] = FP_LOC + loc
    s["loc_fate"][loc] = f
    s["fate_up"][loc] = 1 if up else 0
    return f


def set_adventure(s, loc, i, age=0):
    """Adventure i of the location's deck on the board (the one there back in the deck)."""
    old = s["active"][loc]
    if old >= 0:
        s["adv_deck"][loc, old] = 1
    s["adv_deck"][loc, i] = 0
    s["adv_box"][loc, i] = 0
    s["active"][loc] = i
    s["age"][loc] = age
    if s["loc_fate"][loc] < 0:
        set_fate(s, loc, FATE_NO_CHANGE)


def resolve(s, commits, first=0):
    """Reveal ``commits`` (a list by seat) and run to the first decision of the resolution."""
    s["first_player"] = first
    for seat, c in enumerate(commits):
        s["commit"][seat] = c
    s["revealed"] = 1
    s["res_loc"] = 0
    s["flow"] = FL_LOC_START
    stages.settle(s)


def adventure_position(n=4, loc=FRONTIER_LOC, i=0, fate=FATE_NO_CHANGE, seed=0):
    s = draft_done(n, seed)
    set_adventure(s, loc, i)
    set_fate(s, loc, fate)
    s["skills"][:] = 0
    s["ability"][:] = 0
    s["grit"][:n] = 0
    return s


# =========================================================================== set-up


@pytest.mark.parametrize("n,left", [(3, 8), (4, 10), (5, 10), (6, 12), (7, 14)])
def test_setup_adventure_decks_lose_cards_by_seat_count(n, left):
    s = draft_done(n)
    for loc in range(3):
        on_board = 1 if s["active"][loc] >= 0 else 0
        assert s["adv_deck"][loc].sum() + on_board == left
        assert s["adv_box"][loc].sum() == 16 - left


def test_setup_reward_decks_lose_two_unseen_and_show_their_top_card():
    s = new_record(GAME, 4, 3)
    for t in range(4):
        assert s["rew_box"][t].sum() == 2
        assert s["rew_top"][t] >= 0
        assert s["rew_pile"][t].sum() == 5


def test_setup_one_true_grit_each():
    s = new_record(GAME, 5, 1)
    assert s["grit"][:5].tolist() == [1] * 5


def test_optional_first_reward_priced_over_three_goes_to_the_bottom():
    for seed in range(20):
        s = new_record(GAME, 4, seed, first_price=True)
        for t in range(4):
            k = s["rew_top"][t]
            assert REWARD_PRICE[t, k].sum() <= 3
            assert s["rew_pile"][t].sum() + (s["rew_bottom"][t] > 0).sum() == 5


def test_optional_first_price_cards_under_the_pile_come_back_in_order_seen_by_all():
    """"move the card to the bottom of the deck and turn over another card": the cards put under
    are public, in every observation, and come back after the pile in the order they went under."""
    s = new_record(GAME, 4, 0, first_price=True)
    t = WEALTH
    s["rew_pile"][t] = 0
    s["rew_bottom"][t] = 0
    s["rew_box"][t] = 0
    s["rew_owner"][t] = -1
    s["rew_top"][t] = 0
    s["rew_box"][t, [1, 2, 4, 6, 7]] = 1
    s["rew_bottom"][t, 5] = 1                               # went under first
    s["rew_bottom"][t, 3] = 2                               # then this one, under it
    assert core.check_invariants(s) == 0
    for j, o in views(s, range(4)).items():
        assert o[OBS_REWARD_UNDER.at(t, 5)] == 1 / 8 and o[OBS_REWARD_UNDER.at(t, 3)] == 2 / 8
    rest.turn_up_reward(s, t)
    assert s["rew_top"][t] == 5 and s["rew_bottom"][t, 5] == 0
    rest.turn_up_reward(s, t)
    assert s["rew_top"][t] == 3 and (s["rew_bottom"][t] == 0).all()
    rest.turn_up_reward(s, t)
    assert s["rew_top"][t] == -1


def test_three_player_setup_marker_blocks_the_far_west():
    s = draft_done(3)
    assert s["marker"] == FAR_WEST
    assert s["active"][FAR_WEST] == -1
    assert s["active"][BACK_EAST] >= 0 and s["active"][FRONTIER_LOC] >= 0


# =========================================================================== upbringing


def test_upbringing_deals_five_cards_to_each_player():
    s = new_record(GAME, 7, 0)
    assert s["draft"][:7].sum(axis=1).tolist() == [5] * 7
    assert s["up_box"].sum() == UPBRINGING - 35
    assert s["stage"] == ST_DRAFT and s["actor"] == s["first_player"]


def test_upbringing_pick_one_and_pass_the_rest_left():
    s = new_record(GAME, 3, 0)
    before = s["draft"][:3].copy()
    picks = {}
    while s["draft_round"] == 0:
        seat = int(s["actor"])
        u = int(np.flatnonzero(s["draft"][seat])[0])
        picks[seat] = u
        step(s, DRAFT.at(u))
    for seat in range(3):
        left = (seat + 1) % 3
        expect = before[seat].copy()
        expect[picks[seat]] = 0
        assert (s["draft"][left] == expect).all()
        assert s["up_legend"][seat, picks[seat]] == 1


def test_upbringing_four_picks_and_the_last_card_is_discarded():
    s = draft_done(4)
    assert s["up_legend"][:4].sum(axis=1).tolist() == [4] * 4
    assert s["draft"].sum() == 0
    assert s["up_discard"].sum() == 4


def views(s, seats):
    out = {}
    for j in seats:
        o = np.zeros(GAME.obs_size, np.float32)
        core.observe(s, j, o)
        out[j] = o
    return out


def test_upbringing_picks_stay_face_down_until_the_legend_is_laid_out():
    """"These cards may be placed face-down to remain hidden from other players": no seat sees
    another's picks (observation, words, picture) through the four rounds; after the fourth pick
    every Legend is laid out at once."""
    s = new_record(GAME, 4, 0)
    me = int(s["actor"])
    others = [j for j in range(4) if j != me]
    base = {j: views(s, [j])[j] for j in others}
    mine = []
    while s["stage"] == ST_DRAFT:
        seat = int(s["actor"])
        before = s.copy()
        u = int(np.flatnonzero(s["draft"][seat])[0])
        step(s, DRAFT.at(u))
        if seat == me:
            mine.append(u)
        if s["stage"] != ST_DRAFT:
            break
        for j in others:
            o = views(s, [j])[j]
            r = (me - j) % 4
            blk = o[OBS_SEATS.at(r, 0) + S_UPBRINGING.start: OBS_SEATS.at(r, 0) + S_UPBRINGING.stop]
            assert blk.sum() == 0                      # none of my picks shows to another seat
            text = GAME.render_text(s, j)
            assert all(upbringing_name(m) not in text.split(f"player_{me}")[1].split("player_")[0]
                       for m in mine)
            for line in GAME.events(before, s, j):
                assert all(upbringing_name(m) not in line for m in mine)
    assert len(mine) == 4
    for j in others:                                   # laid out: everyone sees my four picks
        o = views(s, [j])[j]
        r = (me - j) % 4
        blk = o[OBS_SEATS.at(r, 0) + S_UPBRINGING.start: OBS_SEATS.at(r, 0) + S_UPBRINGING.stop]
        assert sorted(np.flatnonzero(blk).tolist()) == sorted(mine)
    said = GAME.events(before, s, others[0])
    assert any(all(upbringing_name(m) in line for m in mine) for line in said)


def test_rule_of_four_skill_points_over_four_are_lost():
    s = new_record(GAME, 3, 0)
    s["up_legend"][:] = 0
    # Capitalism +3, +2 (with Frontier +1), +1 (with Fight +1), +1 tile card: 7 Capitalism
    for u in (2, 4, 3, 5):
        s["up_legend"][0, u] = 1
    s["ability"][:] = 0
    upbringing.post_upbringing(s)
    assert UP_POINTS[[2, 4, 3, 5], CAPITALISM].sum() == 7
    assert s["skills"][0, CAPITALISM] == 4
    assert s["skills"][0, FIGHT] == 1 and s["skills"][0, FRONTIER_SKILL] == 1


def test_special_ability_tiles_from_upbringing_cards_and_the_character():
    s = new_record(GAME, 3, 0)
    s["up_legend"][:] = 0
    s["up_legend"][0, 5] = 1        # Capitalism +1 and a tile
    s["ability"][:] = 0
    s["character"][0] = 1           # Daniel Boone: Backwoodsman
    upbringing.post_upbringing(s)
    assert UP_TILE[5] == 0
    assert s["ability"][0, 0] == 1 and s["ability"][0, AB_BACKWOODSMAN] == 1


# =========================================================================== the frontiersman stage


def test_frontier_start_sets_adventures_and_fate_and_deals_seven():
    s = draft_done(4)
    assert (s["active"] >= 0).all()
    assert s["fate_up"].tolist() == [1, 0, 0]          # Back East face up, the others face down
    assert s["hand"][:4].sum(axis=1).tolist() == [7] * 4
    assert s["stage"] == ST_COMMIT


def test_sunrise_ages_adventures_and_reveals_fate_on_the_fate_icon():
    s = draft_done(4)
    s["age"][:] = 0
    frontier.sunrise(s)
    assert s["age"].tolist() == [1, 1, 1]
    assert s["fate_up"].tolist() == [1, 1, 0]          # Frontier's icon on the second space
    frontier.sunrise(s)
    assert s["fate_up"].tolist() == [1, 1, 1]


def test_sunrise_drops_the_adventure_past_the_track_and_starts_a_new_one():
    s = draft_done(4)
    old = int(s["active"][FAR_WEST])
    f = int(s["loc_fate"][FAR_WEST])
    s["age"][FAR_WEST] = 3
    assert frontier.sunrise(s)
    assert s["adv_lost"][FAR_WEST, old] == 1
    assert s["fate_place"][f] in (FP_USED, FP_POOL)
    assert s["active"][FAR_WEST] >= 0 and s["active"][FAR_WEST] != old
    assert s["age"][FAR_WEST] == 0 and s["fate_up"][FAR_WEST] == 0


def test_commit_back_east_frontier_far_west_or_rest_hidden_until_the_reveal():
    """The action cards are chosen face down: two worlds that differ only in the first seat's
    card look the same to every other seat through the others' choices, until the reveal."""
    s = draft_done(4)
    first = int(s["actor"])
    assert legal(s) == {COMMIT.at(k) for k in range(4)}
    a, b = s.copy(), s.copy()
    step(a, COMMIT.at(FAR_WEST))
    step(b, COMMIT.at(BACK_EAST))
    others = [j for j in range(4) if j != first]
    while not a["revealed"]:
        va, vb = views(a, others), views(b, others)
        for j in others:
            assert (va[j] == vb[j]).all()
            assert GAME.render_text(a, j) == GAME.render_text(b, j)
        c = COMMIT.at(COMMIT_REST)
        before_a, before_b = a.copy(), b.copy()
        step(a, c)
        step(b, c)
        if not a["revealed"]:
            for j in others:
                assert GAME.events(before_a, a, j) == GAME.events(before_b, b, j)
    r = (first - others[0]) % 4
    blk = views(a, [others[0]])[others[0]]
    assert blk[OBS_SEATS.at(r, 0) + S_ACTION.at(FAR_WEST)] == 1.0   # the reveal shows it


def test_first_player_and_dealer_pass_left_in_the_evening():
    s = draft_done(4)
    s["first_player"] = 3
    turn = int(s["turn"])
    frontier.evening(s)
    stages.settle(s)
    assert s["first_player"] == 0 and s["turn"] == turn + 1
    assert s["stage"] == ST_COMMIT and s["actor"] == 0     # the new first player commits first


# =========================================================================== adventure resolution


def test_resolution_by_location_then_seat_order_from_the_first_player():
    s = adventure_position(4, FRONTIER_LOC, 0)
    set_adventure(s, BACK_EAST, 1)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5)], 1: [card(FRONTIER_SKILL, 6)], 2: [card(FRONTIER_SKILL, 7)],
                  3: [card(3, 5)]}, deck_top=[card(0, 1)] * 0 + [card(CAPITALISM, 1)] * 2 + [card(FIGHT, 1)] * 2)
    resolve(s, [FRONTIER_LOC, FRONTIER_LOC, COMMIT_REST, BACK_EAST], first=1)
    assert s["res_loc"] == BACK_EAST and s["actor"] == 3 and s["stage"] == ST_PLAY
    step(s, NO_PLAY.at())
    assert s["res_loc"] == FRONTIER_LOC and s["actor"] == 1     # the first player first
    step(s, PLAY.at(card(FRONTIER_SKILL, 6)))
    assert s["actor"] == 0


def test_trump_card_of_five_or_more_plus_skill_points_plus_the_deal():
    s = adventure_position(4, FRONTIER_LOC, 0)           # Scout the Cumberland Gap: Frontier, 12
    s["skills"][0, FRONTIER_SKILL] = 2
    set_cards(s, {0: [card(FRONTIER_SKILL, 5), card(FRONTIER_SKILL, 4)]}, deck_top=[card(CAPITALISM, 3)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert legal(s) == {PLAY.at(card(FRONTIER_SKILL, 5)), PLAY.at(card(FRONTIER_SKILL, 4))}
    step(s, PLAY.at(card(FRONTIER_SKILL, 5)))
    assert s["total"][0] == 5 + 2 + 3


def test_american_ingenuity_the_rulebooks_example_frontier_3_2_1():
    s = adventure_position(4, FRONTIER_LOC, 0)
    hand = [card(FRONTIER_SKILL, 5), card(FRONTIER_SKILL, 3), card(FRONTIER_SKILL, 2), card(FRONTIER_SKILL, 1)]
    set_cards(s, {0: hand}, deck_top=[card(CAPITALISM, 1)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 3)))
    assert s["stage"] == ST_INGENUITY
    assert PLAY.at(card(FRONTIER_SKILL, 5)) not in legal(s)     # no card over 4 in a set
    step(s, PLAY.at(card(FRONTIER_SKILL, 2)))
    step(s, PLAY.at(card(FRONTIER_SKILL, 1)))
    assert s["set_value"] == 6
    step(s, DONE_SET.at())
    assert s["total"][0] == 6 + 1


def test_luck_joins_an_ingenuity_set_and_only_a_set():
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["ability"][0, AB_GAMBLER] = 1
    set_cards(s, {0: [card(FRONTIER_SKILL, 2), card(LUCK, 3), card(LUCK, 6)]}, deck_top=[card(CAPITALISM, 1)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert legal(s) == {PLAY.at(card(FRONTIER_SKILL, 2))}          # Luck never alone, never as the one card
    step(s, PLAY.at(card(FRONTIER_SKILL, 2)))
    assert legal(s) == {DONE_SET.at(), PLAY.at(card(LUCK, 3))}     # Luck 6 is over 4
    step(s, PLAY.at(card(LUCK, 3)))
    step(s, DONE_SET.at())
    assert s["total"][0] == 2 + 3 + 1 + 1                           # Gambler: +1 a Luck card


def test_combo_skill_adventure_adds_both_skills_and_both_are_trump():
    s = adventure_position(4, BACK_EAST, 1)             # combo (+)
    a, b = adventure.ADV_SKILL_A[0, 1], adventure.ADV_SKILL_B[0, 1]
    assert adventure.ADV_MODE[0, 1] == 1
    s["skills"][0, a] = 2
    s["skills"][0, b] = 3
    other = next(k for k in range(6) if k not in (a, b))
    set_cards(s, {0: [card(a, 6)]}, deck_top=[card(b, 2), card(other, 4)])
    resolve(s, [BACK_EAST, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(a, 6)))
    assert s["total"][0] == 6 + 2 + 3 + 2 + 4            # b is trump too: the run goes on


def test_optional_skill_adventure_trump_is_the_skill_played():
    s = adventure_position(4, BACK_EAST, 0)             # the Constitution Conference: Knowledge OR Personality
    s["skills"][0, KNOWLEDGE] = 2
    s["skills"][0, PERSONALITY] = 4
    set_cards(s, {0: [card(KNOWLEDGE, 7)]}, deck_top=[card(PERSONALITY, 8), card(KNOWLEDGE, 1)])
    resolve(s, [BACK_EAST, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(KNOWLEDGE, 7)))
    assert s["total"][0] == 7 + 2 + 8                    # Personality neither adds nor runs


def test_adventure_deal_runs_while_trump_or_luck_comes():
    s = adventure_position(4, FRONTIER_LOC, 0)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5)]},
              deck_top=[card(FRONTIER_SKILL, 4), card(LUCK, 2), wild(5), card(FIGHT, 3), card(FRONTIER_SKILL, 8)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 5)))
    assert s["run_n"] == 4
    assert s["total"][0] == 5 + 4 + 2 + 5 + 3


def test_wild_card_is_any_skill_and_always_trump():
    s = adventure_position(4, BACK_EAST, 0)
    s["skills"][0, PERSONALITY] = 3
    set_cards(s, {0: [wild(7)]}, deck_top=[card(PERSONALITY, 1), card(FIGHT, 1)])
    resolve(s, [BACK_EAST, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert legal(s) == {WILD.at(2, 0), WILD.at(2, 1)}
    step(s, WILD.at(2, 1))                                 # as Personality
    assert s["total"][0] == 7 + 3 + 1 + 1


def test_luck_is_not_treated_as_trump_fate():
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_NO_LUCK)
    set_cards(s, {0: [card(FRONTIER_SKILL, 2), card(LUCK, 3)]}, deck_top=[card(LUCK, 4), card(FIGHT, 4)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 2)))
    assert legal(s) == {DONE_SET.at()}
    step(s, DONE_SET.at())
    assert s["total"][0] == 2 + 4 and s["run_n"] == 1


def test_no_hero_skills_fate():
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_NO_HERO)
    s["skills"][0, FRONTIER_SKILL] = 4
    set_cards(s, {0: [card(FRONTIER_SKILL, 6)]}, deck_top=[card(FIGHT, 1)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 6)))
    assert s["total"][0] == 7


def test_true_grit_redraws_the_last_dealt_card():
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["grit"][0] = 1
    set_cards(s, {0: [card(FRONTIER_SKILL, 5)]}, deck_top=[card(FIGHT, 1), card(FRONTIER_SKILL, 3), card(FIGHT, 6)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 5)))
    assert s["stage"] == ST_REDRAW and s["total"][0] == 6
    step(s, REDRAW.at())
    assert s["grit"][0] == 0
    assert s["total"][0] == 5 + 3 + 6                     # the trump replacement runs on


def test_true_grit_two_tokens_avoid_the_penalty():
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["grit"][0] = 2
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, NO_PLAY.at())
    assert s["stage"] == ST_AVOID and legal(s) == {AVOID.at(), SUFFER.at()}
    neg = s["neg_vp"].copy()
    step(s, AVOID.at())
    assert s["grit"][0] == 0 and (s["neg_vp"] == neg).all()


def test_two_true_grit_avoid_a_penalty_whatever_the_abilities():
    """"2 True Grit Tokens: ... to not draw a Penalty or Hardship card": with every ability tile,
    1 True Grit cannot avoid it; 2 do, and exactly 2 are paid, no card drawn."""
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["grit"][0] = 1
    s["ability"][0, :] = 1
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, NO_PLAY.at())
    assert s["stage"] != ST_AVOID and s["grit"][0] == 1
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["grit"][0] = 3
    s["ability"][0, :] = 1
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, NO_PLAY.at())
    assert s["stage"] == ST_AVOID
    fail, hard, neg, tok = (s["fail_pile"].copy(), s["hard_pile"].copy(), s["neg_vp"].copy(),
                            s["tokens"].copy())
    step(s, AVOID.at())
    assert s["grit"][0] == 1
    assert (s["fail_pile"] == fail).all() and (s["hard_pile"] == hard).all()
    assert (s["neg_vp"] == neg).all() and (s["tokens"] == tok).all()


def test_stalwart_adds_one_to_a_solo_adventure_total():
    s = adventure_position(4, FRONTIER_LOC, 0)             # a solo adventure
    assert not ADV_GROUP[FRONTIER_LOC, 0]
    s["ability"][0, AB_STALWART] = 1
    s["ability"][0, AB_ORATOR] = 1                          # group only: no effect here
    set_cards(s, {0: [card(FRONTIER_SKILL, 5)]}, deck_top=[card(FIGHT, 1)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 5)))
    assert s["skills"][0].sum() == 0 and s["ability"][0, FRONTIER_LOC] == 0
    assert s["total"][0] == 5 + 1 + 1          # played 5, dealt 1, Stalwart +1 (Orator: group only)


def test_resting_draws_4_and_the_hand_limit_is_7_whatever_the_abilities():
    """"Draw 4 cards" and "If over 7 cards, the player now discards down to 7 cards": Hardy and
    Packer change neither; resting, each takes 1 token (Happiness, Wealth)."""
    s = draft_done(4)
    first = int(s["actor"])
    s["ability"][first, :] = 0
    s["ability"][first, AB_HARDY] = 1
    s["ability"][first, AB_PACKER] = 1
    hand = [card(FIGHT, v) for v in (1, 2, 3, 4, 5)]
    set_cards(s, {first: hand}, deck_top=[card(KNOWLEDGE, v) for v in (1, 2, 3, 4, 5, 6)])
    tok = s["tokens"][first].copy()
    step(s, COMMIT.at(COMMIT_REST))
    while s["stage"] == ST_COMMIT:
        step(s, COMMIT.at(COMMIT_REST))
    while s["actor"] != first or s["stage"] != ST_REST_DRAW:
        step(s, REST_GRIT.at() if s["stage"] == ST_REST_DRAW else END_REST.at())
    step(s, REST_DRAW.at())
    assert s["hand"][first].sum() == 5 + 4 and s["deck_n"] == 2
    assert s["tokens"][first, HAPPINESS] == tok[HAPPINESS] + 1 and s["tokens"][first, WEALTH] == tok[WEALTH] + 1
    assert s["stage"] == ST_DISCARD and s["actor"] == first
    while s["stage"] == ST_DISCARD:
        step(s, sorted(legal(s))[0])
    assert s["hand"][first].sum() == 7


def test_solo_adventure_highest_wins_other_successes_suffer_nothing():
    s = adventure_position(4, FRONTIER_LOC, 0)             # 12 needed, 2 Fame or +1 Frontier
    set_cards(s, {0: [card(FRONTIER_SKILL, 8)], 1: [card(FRONTIER_SKILL, 7)], 2: [card(FRONTIER_SKILL, 5)]},
              deck_top=[card(FIGHT, 6), card(KNOWLEDGE, 6), card(FIGHT, 4)])
    resolve(s, [FRONTIER_LOC, FRONTIER_LOC, FRONTIER_LOC, COMMIT_REST])
    for seat, t in ((0, 8), (1, 7), (2, 5)):
        step(s, PLAY.at(card(FRONTIER_SKILL, t)))
    assert s["total"][:3].tolist() == [14, 13, 9]
    assert s["stage"] == ST_REWARD and s["actor"] == 0
    assert legal(s) == {REWARD.at(0, 0, AS_LISTED), REWARD.at(0, 1, FRONTIER_SKILL)}
    neg = s["neg_vp"].copy()
    step(s, REWARD.at(0, 0, AS_LISTED))
    assert s["tokens"][0, FAME] == 2 and s["adv_owner"][FRONTIER_LOC, 0] == 0
    assert s["failed"][:3].tolist() == [0, 0, 1]
    assert s["neg_vp"][1] == neg[1]


def test_share_reward_fate_pays_every_successful_player():
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_SHARE)
    set_cards(s, {0: [card(FRONTIER_SKILL, 8)], 1: [card(FRONTIER_SKILL, 7)]},
              deck_top=[card(FIGHT, 6), card(KNOWLEDGE, 6)])
    resolve(s, [FRONTIER_LOC, FRONTIER_LOC, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 8)))
    step(s, PLAY.at(card(FRONTIER_SKILL, 7)))
    step(s, REWARD.at(0, 0, AS_LISTED))
    assert s["actor"] == 1 and s["stage"] == ST_REWARD
    step(s, REWARD.at(0, 1, FRONTIER_SKILL))
    assert s["skills"][1, FRONTIER_SKILL] == 1 and s["adv_owner"][FRONTIER_LOC, 0] == 0


def test_choose_any_award_type_fate():
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_ANY_AWARD)
    set_cards(s, {0: [card(FRONTIER_SKILL, 8)]}, deck_top=[card(FIGHT, 6)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 8)))
    assert REWARD.at(0, 0, WEALTH) in legal(s) and REWARD.at(0, 1, FIGHT) in legal(s)   # any skill too
    step(s, REWARD.at(0, 0, WEALTH))
    assert s["tokens"][0, WEALTH] == 2 and s["tokens"][0, FAME] == 0


def test_choose_any_award_type_is_the_winners_any_skill_or_token_kind():
    """"The winner of this Adventure may choose different Rewards than those listed": the winner
    (first recipient) may raise any skill with a skill reward or take tokens as any kind; the
    other recipients of a group adventure take the rewards as listed."""
    s = adventure_position(4, BACK_EAST, 0, fate=FATE_ANY_AWARD)
    set_cards(s, {0: [card(KNOWLEDGE, 8)], 1: [card(PERSONALITY, 8)], 2: [card(KNOWLEDGE, 7)], 3: [card(KNOWLEDGE, 6)]},
              deck_top=[card(FIGHT, 6), card(FIGHT, 5), card(FIGHT, 4), card(FIGHT, 3)])
    resolve(s, [BACK_EAST] * 4)
    for t in (card(KNOWLEDGE, 8), card(PERSONALITY, 8), card(KNOWLEDGE, 7), card(KNOWLEDGE, 6)):
        step(s, PLAY.at(t))
    assert s["actor"] == 0
    assert ({REWARD.at(1, 0, k) for k in range(6)} | {REWARD.at(1, 1, k) for k in range(4)}
            | {REWARD.at(2, 0, k) for k in range(4)}) <= legal(s)
    step(s, REWARD.at(0, 0, AS_LISTED))                    # the card
    assert s["actor"] == 1
    assert legal(s) == {REWARD.at(1, 0, KNOWLEDGE), REWARD.at(1, 0, PERSONALITY), REWARD.at(1, 1, AS_LISTED),
                        REWARD.at(2, 0, AS_LISTED)}


def test_group_adventure_rewards_by_rank_the_constitution_conference():
    s = adventure_position(4, BACK_EAST, 0)               # 40 or higher, three rewards
    assert ADV_DIFFICULTY[0, 0] == 40
    set_cards(s, {0: [card(KNOWLEDGE, 8)], 1: [card(PERSONALITY, 8)], 2: [card(KNOWLEDGE, 7)], 3: [card(KNOWLEDGE, 6)]},
              deck_top=[card(FIGHT, 6), card(FIGHT, 5), card(FIGHT, 4), card(FIGHT, 3)])
    resolve(s, [BACK_EAST] * 4)
    for t in (card(KNOWLEDGE, 8), card(PERSONALITY, 8), card(KNOWLEDGE, 7), card(KNOWLEDGE, 6)):
        step(s, PLAY.at(t))
    assert s["total"][:4].tolist() == [14, 13, 11, 9]     # 47 >= 40
    assert s["actor"] == 0
    step(s, REWARD.at(0, 0, AS_LISTED))                    # the card, +2 VP
    assert s["actor"] == 1
    assert legal(s) == {REWARD.at(1, 0, KNOWLEDGE), REWARD.at(1, 0, PERSONALITY), REWARD.at(1, 1, AS_LISTED),
                        REWARD.at(2, 0, AS_LISTED)}
    step(s, REWARD.at(1, 1, AS_LISTED))                    # a Status and a Fame token
    step(s, REWARD.at(2, 0, AS_LISTED))                    # 1 Status
    assert s["tokens"][1, STATUS] == 1 and s["tokens"][1, FAME] == 1 and s["tokens"][2, STATUS] == 1
    assert s["adv_owner"][BACK_EAST, 0] == 0 and scoring.score(s, 0) == 2
    assert s["tokens"][3].sum() == 0 and s["failed"][3] == 0   # too many went: no reward, no penalty
    assert s["active"][BACK_EAST] != 0                     # won: gone from the board (a new one at sunrise)


def test_group_adventure_failure_penalises_everyone():
    s = adventure_position(4, BACK_EAST, 0, fate=FATE_DOUBLE)
    set_cards(s, {0: [card(KNOWLEDGE, 8)], 1: [card(PERSONALITY, 8)]}, deck_top=[card(FIGHT, 1), card(FIGHT, 1)])
    s["fail_pile"][BACK_EAST] = 0
    s["fail_pile"][BACK_EAST, 0] = 1                      # -1 VP cards only
    s["fail_pile"][BACK_EAST, 1] = 1
    resolve(s, [BACK_EAST, BACK_EAST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(KNOWLEDGE, 8)))
    step(s, PLAY.at(card(PERSONALITY, 8)))
    assert s["total"][:2].tolist() == [9, 9]               # the sum 18 < 40: everyone fails
    assert s["failed"][:2].tolist() == [1, 1]
    assert s["neg_vp"][0] == 2                             # one penalty card, doubled: both -1 VP cards
    assert s["neg_vp"][1] == 2                             # the deck reshuffled from them: the same two
    assert s["fail_used"][BACK_EAST, :2].tolist() == [1, 1] and s["fail_pile"][BACK_EAST].sum() == 0
    assert s["active"][BACK_EAST] == 0                     # the adventure stays


def test_fate_tile_revealed_at_the_start_of_the_resolution():
    """"1. Fate Tile Revealed: The Dealer reveals the Fate tile by flipping it face-up if currently
    unrevealed": a face-down +5 tile at the Frontier is in no seat's view before, turned up (in
    every view and event) when the Frontier's resolution starts, and its +5 applies: 14 fails 12 + 5."""
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_PLUS5)   # 'Scout': 12 needed
    s["fate_up"][FRONTIER_LOC] = 0
    base = OBS_LOCS.at(FRONTIER_LOC, 0)
    for j, o in views(s, range(4)).items():
        assert o[base + L_FATE_DOWN.start] == 1.0 and o[base + L_FATE.start: base + L_FATE.stop].sum() == 0
    set_cards(s, {0: [card(FRONTIER_SKILL, 8)]}, deck_top=[card(FIGHT, 6)])
    before = s.copy()
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert s["fate_up"][FRONTIER_LOC] == 1
    for j, o in views(s, range(4)).items():
        assert o[base + L_FATE_DOWN.start] == 0.0 and o[base + L_FATE.at(FATE_PLUS5)] == 1.0
        assert any(line.startswith("fate at ") for line in GAME.events(before, s, j))
    assert adventure.difficulty(s) == 17
    step(s, PLAY.at(card(FRONTIER_SKILL, 8)))
    assert s["total"][0] == 8 + 6 and s["failed"][0] == 1


def test_fate_minus_five_and_plus_five_move_the_difficulty():
    for fate, d in ((FATE_MINUS5, 7), (FATE_PLUS5, 17)):
        s = adventure_position(4, FRONTIER_LOC, 0, fate=fate)
        s["res_loc"] = FRONTIER_LOC
        assert adventure.difficulty(s) == d


def test_draw_two_and_lose_two_fates_apply_to_every_adventurer_before_anyone_plays():
    """"will draw 2 cards at the start of this Adventure Resolution" / "will lose 2 cards at the
    start of this Adventure": every adventurer, from the first player on, before the first plays."""
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_DRAW2)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5)], 2: [card(FRONTIER_SKILL, 6)]},
              deck_top=[card(FIGHT, 2), card(FIGHT, 3), card(FIGHT, 4), card(FIGHT, 5), card(FIGHT, 6)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, FRONTIER_LOC, COMMIT_REST])
    assert s["stage"] == ST_PLAY and s["actor"] == 0
    assert s["hand"][0].sum() == 3 and s["hand"][2].sum() == 3 and s["deck_n"] == 1
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_LOSE2)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5), card(FIGHT, 2), card(FIGHT, 3)],
                  2: [card(FRONTIER_SKILL, 6), card(FIGHT, 4), card(FIGHT, 5)]}, deck_top=[card(FIGHT, 6)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, FRONTIER_LOC, COMMIT_REST])
    assert s["stage"] == ST_DISCARD and s["actor"] == 0
    step(s, DISCARD.at(card(FIGHT, 2)))
    step(s, DISCARD.at(card(FIGHT, 3)))
    assert s["stage"] == ST_DISCARD and s["actor"] == 2     # seat 2 loses its 2 before seat 0 plays
    assert core.check_invariants(s) == 0
    step(s, DISCARD.at(card(FIGHT, 4)))
    step(s, DISCARD.at(card(FIGHT, 5)))
    assert s["stage"] == ST_PLAY and s["actor"] == 0 and s["total"][:4].tolist() == [0, 0, 0, 0]
    assert s["hand"][0].sum() == 1 and s["hand"][2].sum() == 1


def test_draw_two_and_lose_two_fates_at_the_start_of_the_adventure():
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_DRAW2)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5)]}, deck_top=[card(FIGHT, 2), card(FIGHT, 3), card(FIGHT, 4)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert s["hand"][0].sum() == 3
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_LOSE2)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5), card(FIGHT, 2), card(FIGHT, 3)]}, deck_top=[card(FIGHT, 4)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert s["stage"] == ST_DISCARD
    step(s, DISCARD.at(card(FIGHT, 2)))
    step(s, DISCARD.at(card(FIGHT, 3)))
    assert s["stage"] == ST_PLAY and s["hand"][0].sum() == 1


def test_optional_random_lost_cards():
    s = draft_done(4, 0, random_loss=True)
    set_adventure(s, FRONTIER_LOC, 0)
    set_fate(s, FRONTIER_LOC, FATE_LOSE2)
    set_cards(s, {0: [card(FRONTIER_SKILL, 5), card(FIGHT, 2), card(FIGHT, 3)]}, deck_top=[card(FIGHT, 4)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert s["stage"] == ST_PLAY and s["hand"][0].sum() == 1


def test_reshuffle_fate_tile_mixes_the_used_tiles_back():
    s = adventure_position(4, FRONTIER_LOC, 0, fate=FATE_RESHUFFLE)
    s["fate_place"][[t for t in range(14) if s["fate_place"][t] == FP_POOL][:3]] = FP_USED
    from frontierzoo.envs.legends.cards import discard_fate
    discard_fate(s, FRONTIER_LOC, True)
    assert (s["fate_place"] != FP_USED).all()


def test_reshuffle_fate_tile_mixes_only_when_its_adventure_is_completed():
    """An adventure with the Re-shuffle tile falling off the track unachieved: the tile is used,
    and the used tiles stay used."""
    s = draft_done(4)
    f = set_fate(s, FAR_WEST, FATE_RESHUFFLE)
    used = [t for t in range(14) if s["fate_place"][t] == FP_POOL][:3]
    s["fate_place"][used] = FP_USED
    s["age"][FAR_WEST] = 3
    assert frontier.sunrise(s)
    assert s["fate_place"][f] == FP_USED and (s["fate_place"][used] == FP_USED).all()


def test_special_action_cards_trail_provisions_and_steady_nerves():
    s = adventure_position(4, FRONTIER_LOC, 0)
    set_cards(s, {0: [special(FIGHT, 0), special(LUCK, 1)]}, deck_top=[card(FIGHT, 1), card(FRONTIER_SKILL, 6), card(FIGHT, 2)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    assert legal(s) == {NO_PLAY.at(), SPECIAL.at(FIGHT, 0), SPECIAL.at(LUCK, 1)}
    step(s, SPECIAL.at(FIGHT, 0))                          # draw 2
    assert s["hand"][0, card(FRONTIER_SKILL, 6)] == 1
    step(s, SPECIAL.at(LUCK, 1))                           # +3
    step(s, PLAY.at(card(FRONTIER_SKILL, 6)))
    assert s["total"][0] == 6 + 3 + 2


def test_location_and_group_special_abilities():
    s = adventure_position(4, BACK_EAST, 0)
    s["ability"][0, BACK_EAST] = 1
    s["ability"][0, AB_ORATOR] = 1
    set_cards(s, {0: [card(KNOWLEDGE, 5)]}, deck_top=[card(FIGHT, 1)])
    resolve(s, [BACK_EAST, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(KNOWLEDGE, 5)))
    assert s["total"][0] == 5 + 2 + 1 + 1


def test_failure_card_choice_tokens_or_skill_point():
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["tokens"][0, WEALTH] = 3
    s["skills"][0, CAPITALISM] = 1
    s["fail_pile"][FRONTIER_LOC] = 0
    s["fail_pile"][FRONTIER_LOC, 4] = 1                   # Bad Debts: 2 Wealth or 1 Capitalism
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, NO_PLAY.at())
    assert legal(s) == {LOSS.at(0), LOSS.at(1)}
    step(s, LOSS.at(0))
    assert s["tokens"][0, WEALTH] == 1 and s["skills"][0, CAPITALISM] == 1


def test_hardship_card_gives_a_hardship_token_and_its_effect():
    s = adventure_position(4, FAR_WEST, 0)                # Far West even cards: a hardship
    s["tokens"][0, WEALTH] = 3
    s["hard_pile"][:] = 0
    s["hard_pile"][0] = 1                                  # Robbed
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FAR_WEST, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, NO_PLAY.at())
    assert s["tokens"][0, HARDSHIP] == 1 and s["tokens"][0, WEALTH] == 0 and s["hard_owner"][0] == 0


def test_empty_hardship_deck_means_no_hardship_penalty_and_nothing_to_avoid():
    """With the hardship deck empty a hardship penalty draws nothing, so True Grit is not asked."""
    s = adventure_position(4, FAR_WEST, 0)                # Far West even cards: a hardship
    s["hard_pile"][:] = 0
    s["hard_owner"][:] = 1                                 # every hardship card already drawn
    s["grit"][0] = 2
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FAR_WEST, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    tok = s["tokens"].copy()
    step(s, NO_PLAY.at())
    assert s["stage"] != ST_AVOID and s["grit"][0] == 2
    assert s["tokens"][0, HARDSHIP] == tok[0, HARDSHIP] and s["neg_vp"][0] == 0
    assert core.check_invariants(s) == 0


# =========================================================================== rest


def rest_position(**options):
    s = draft_done(4, 0, **options)
    return s


def test_rest_draw_four_then_the_hand_limit_of_seven():
    s = rest_position()
    set_cards(s, {0: [card(FIGHT, 1)] * 2 + [card(FIGHT, 2)] * 2 + [card(FIGHT, 3)] * 2},
              deck_top=[card(CAPITALISM, 1), card(CAPITALISM, 2), card(CAPITALISM, 3), card(CAPITALISM, 4)])
    resolve(s, [COMMIT_REST] * 4)
    assert s["stage"] == ST_REST_DRAW and s["actor"] == 0
    step(s, REST_DRAW.at())
    assert s["stage"] == ST_DISCARD and s["hand"][0].sum() == 10
    for _ in range(3):
        step(s, DISCARD.at(card(FIGHT, 1)) if s["hand"][0, card(FIGHT, 1)] else DISCARD.at(card(FIGHT, 2)))
    assert s["stage"] == ST_SHOP and s["hand"][0].sum() == 7


def test_rest_take_one_true_grit():
    s = rest_position()
    g = int(s["grit"][0])
    resolve(s, [COMMIT_REST] * 4)
    step(s, REST_GRIT.at())
    assert s["grit"][0] == g + 1 and s["stage"] == ST_SHOP


def test_trade_two_reward_tokens_for_one_never_a_hardship_away():
    s = rest_position()
    s["tokens"][0] = [1, 1, 0, 0, 2]
    resolve(s, [COMMIT_REST] * 4)
    step(s, REST_GRIT.at())
    trades = {a for a in legal(s) if TRADE.has(a)}
    assert trades == {TRADE.at(STATUS, FAME, WEALTH), TRADE.at(STATUS, FAME, HAPPINESS),
                      TRADE.at(STATUS, FAME, HARDSHIP)}
    step(s, TRADE.at(STATUS, FAME, WEALTH))
    assert s["tokens"][0].tolist() == [0, 0, 1, 0, 2]


def test_buy_one_reward_and_the_next_card_turns_face_up():
    s = rest_position()
    t = STATUS
    k = int(s["rew_top"][t])
    s["tokens"][0, :4] = 10
    resolve(s, [COMMIT_REST] * 4)
    step(s, REST_GRIT.at())
    assert BUY.at(t) in legal(s)
    step(s, BUY.at(t))
    assert s["rew_owner"][t, k] == 0 and s["rew_top"][t] != k and s["rew_top"][t] >= 0
    assert (s["tokens"][0, :4] == 10 - REWARD_PRICE[t, k]).all()
    assert scoring.score(s, 0) == REWARD_VP[t, k] + (40 - REWARD_PRICE[t, k].sum()) // 4
    assert s["actor"] == 1                                 # one reward, then the next resting player


def test_optional_true_grit_for_a_skill_level():
    s = rest_position(grit_skill=True)
    s["grit"][0] = 3
    s["skills"][0] = [1, 5, 2, 2, 2, 2]
    resolve(s, [COMMIT_REST] * 4)
    step(s, REST_GRIT.at())                                 # 4 True Grit now
    grit = {GRIT_SKILL.split(a) for a in legal(s) if GRIT_SKILL.has(a)}
    assert grit == {0, 2, 3, 4, 5}                          # Fight 6 would be over 1 + 4
    step(s, GRIT_SKILL.at(0))
    assert s["skills"][0, 0] == 2 and s["grit"][0] == 1


# =========================================================================== the end


def test_stage_ends_when_two_reward_decks_are_depleted():
    s = draft_done(4)
    s["rew_top"][0] = -1
    assert not frontier.rewards_depleted(s)
    t = s.copy()
    frontier.evening(t)                                        # one deck out: the game goes on
    stages.settle(t)
    assert t["stage"] == ST_COMMIT and t["actor"] >= 0
    s["hard_pile"][:] = 0
    s["hard_owner"][:] = 0
    assert frontier.rewards_depleted(s)
    frontier.evening(s)                                        # two out: the Legend Stage and the end
    assert s["stage"] == ST_OVER and s["actor"] == -1
    assert s["final"][:4].tolist() == [scoring.score(s, j) for j in range(4)]
    assert s["winner"][:4].sum() >= 1


def test_stage_ends_when_an_adventure_is_needed_from_an_empty_deck():
    s = draft_done(4)
    s["adv_deck"][BACK_EAST] = 0
    s["adv_box"][BACK_EAST] = 1
    s["adv_box"][BACK_EAST, s["active"][BACK_EAST]] = 0
    s["adv_lost"][BACK_EAST, s["active"][BACK_EAST]] = 0
    s["age"][BACK_EAST] = 3
    t = s.copy()
    assert not frontier.sunrise(t)
    frontier.evening(s)                                        # the evening's sunrise ends the game
    assert s["stage"] == ST_OVER and s["actor"] == -1
    assert s["final"][:4].tolist() == [scoring.score(s, j) for j in range(4)]


def test_end_game_rewards_to_the_most_none_on_ties():
    s = draft_done(4)
    s["rew_owner"][:] = -1
    s["rew_owner"][FAME, 0] = 2
    s["rew_owner"][STATUS, 0] = 1
    s["rew_owner"][STATUS, 1] = 3
    scoring.end_game_rewards(s)
    assert s["end_award"][FAME] == 2
    assert s["end_award"][STATUS] == -1
    assert s["end_award"][WEALTH] == -1


def test_final_scoring_adventures_negatives_tokens_and_rewards():
    s = draft_done(4)
    s["adv_owner"][FRONTIER_LOC, 0] = 0                    # 2 VP
    s["rew_owner"][WEALTH, 3] = 0                          # 3 VP
    s["tokens"][0] = [3, 2, 1, 3, 1]                       # 9 reward tokens: 2 VP; 1 Hardship
    s["neg_vp"][0] = 2
    assert scoring.score(s, 0) == 2 + 3 + 2 - 2 - 1


def test_tie_breaker_most_cards_in_the_legend_then_shared():
    """"In event of a tie, the player with the most cards in their Legend is the winner. If still
    tied, the players share the win"."""
    s = draft_done(4)
    s["adv_owner"][:] = -1
    s["rew_owner"][:] = -1
    s["tokens"][:] = 0
    s["neg_vp"][:] = 0
    s["end_award"][:] = -1
    base = s.copy()
    s["adv_owner"][FRONTIER_LOC, 0] = 0                    # 2 VP; Legend: 4 upbringing + 1 = 5 cards
    s["adv_owner"][FRONTIER_LOC, 1] = 1                    # 3 VP
    s["rew_owner"][STATUS, 1] = 1                          # + 2 VP, + most Status cards 3 VP = 8 VP
    s["neg_vp"][1] = 6                                     # 8 - 6 = 2 VP; Legend: 4 + 1 + 1 + 1 = 7 cards
    scoring.final_scoring(s)
    assert s["final"][:4].tolist() == [2, 2, 0, 0]
    assert [int(scoring.legend_cards(s, j)) for j in range(4)] == [5, 7, 4, 4]
    assert s["winner"][:4].tolist() == [0, 1, 0, 0]       # tied on score: the bigger Legend wins alone
    assert s["last_rewards"][:4].tolist() == [-1, 1, -1, -1]
    s = base
    s["adv_owner"][FRONTIER_LOC, 0] = 0                    # 2 VP, 5 cards
    s["adv_owner"][FRONTIER_LOC, 2] = 1                    # 2 VP, 5 cards (most adventures tied: no award)
    scoring.final_scoring(s)
    assert s["final"][:4].tolist() == [2, 2, 0, 0]
    assert [int(scoring.legend_cards(s, j)) for j in range(4)] == [5, 5, 4, 4]
    assert s["winner"][:4].tolist() == [1, 1, 0, 0]       # still tied: the win is shared
    assert s["last_rewards"][:4].tolist() == [1, 1, -1, -1]


def test_three_player_marker_moves_to_the_completed_location():
    s = draft_done(3)
    set_adventure(s, FRONTIER_LOC, 0)
    set_fate(s, FRONTIER_LOC, FATE_NO_CHANGE)
    s["grit"][:] = 0
    s["skills"][:] = 0
    s["ability"][:] = 0
    set_cards(s, {0: [card(FRONTIER_SKILL, 8)]}, deck_top=[card(FIGHT, 6)])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST])
    step(s, PLAY.at(card(FRONTIER_SKILL, 8)))
    step(s, REWARD.at(0, 0, AS_LISTED))
    assert s["marker"] == FRONTIER_LOC and s["active"][FRONTIER_LOC] == -1
    frontier.sunrise(s)
    assert s["active"][FAR_WEST] >= 0 and s["active"][FRONTIER_LOC] == -1


# =========================================================================== the two APIs


def test_parallel_env_passes_pettingzoo_parallel_api_test():
    from pettingzoo.test import parallel_api_test
    for n in (3, 5):
        parallel_api_test(legends_v1.parallel_env(num_players=n), num_cycles=400)


def test_parallel_env_passes_pettingzoo_state_test():
    """PettingZoo's state_test, the AEC env and the parallel one: both declare ``state_space``."""
    from pettingzoo.test import state_test
    state_test(legends_v1.env(illegal_action="lose"), legends_v1.parallel_env(), num_cycles=100)


def test_parallel_step_takes_every_pending_simultaneous_choice():
    env = legends_v1.parallel_env(num_players=4)
    obs, _ = env.reset(seed=5)
    pending = env.pending()
    assert len(pending) == 4                                # the first draft pick: everyone at once
    assert all(obs[a]["action_mask"].sum() >= 1 for a in pending)
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    obs, *_ = env.step(actions)
    assert env.record["draft_round"] == 1
    rng = np.random.default_rng(0)
    while env.record["stage"] != ST_COMMIT:
        obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents})
    assert len(env.pending()) == 4
    obs, *_ = env.step({a: COMMIT.at(COMMIT_REST) for a in env.agents})
    assert (env.record["commit"][:4] == COMMIT_REST).all() and env.record["revealed"] == 1


def play_parallel_until_a_seat_waits(env, seed):
    """Random legal moves (a masked sampler's) in the parallel env until some live seat has nothing
    to decide; returns the observations then."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while set(env.pending()) == set(env.agents):
        obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents})
    return obs


def test_parallel_waiting_seat_has_exactly_one_legal_action_wait():
    """A seat with nothing to decide in a parallel step has one legal action, wait, which does
    nothing; the AEC env never offers it (issue 28: a masked sampler needs a legal action)."""
    env = legends_v1.parallel_env(num_players=4)
    obs = play_parallel_until_a_seat_waits(env, 3)
    waiting = [a for a in env.agents if a not in env.pending()]
    assert waiting and len(env.pending()) == 1              # after the daytime reveal, one seat acts at a time
    for a in waiting:
        assert np.flatnonzero(obs[a]["action_mask"]).tolist() == [WAIT.at()]
        assert env.legal_actions(a).tolist() == [WAIT.at()]
    for a in env.pending():
        assert obs[a]["action_mask"][WAIT.at()] == 0
    before = env.aec.save()
    actor = env.pending()[0]
    move = int(np.flatnonzero(obs[actor]["action_mask"])[0])
    with_wait = env.aec.clone()
    env.step({actor: move, **{a: WAIT.at() for a in waiting}})
    with_wait.step(move)                                    # the same move alone, through the AEC env
    assert env.aec.save() == with_wait.save() != before
    aec = legends_v1.env(num_players=4)
    aec.reset(seed=3)
    for _ in range(300):                                    # the AEC env: wait is never legal
        if aec.terminations[aec.agent_selection]:
            break
        mask = aec.observe(aec.agent_selection)["action_mask"]
        assert mask[WAIT.at()] == 0
        aec.step(int(np.flatnonzero(mask)[0]))
    assert GAME.describe_action(env.record, WAIT.at()) == "wait (nothing to decide this step)"


def test_parallel_waiting_seat_other_action_is_illegal():
    """Any action but wait from a waiting seat is illegal: ``"raise"`` says so and changes nothing;
    ``"lose"`` ends the game with that seat losing, as an illegal AEC move does."""
    env = legends_v1.parallel_env(num_players=4)
    obs = play_parallel_until_a_seat_waits(env, 3)
    actor, waiter = env.pending()[0], next(a for a in env.agents if a not in env.pending())
    before = env.aec.save()
    move = int(np.flatnonzero(obs[actor]["action_mask"])[0])
    with pytest.raises(ValueError, match=f"illegal for {waiter}, which has nothing to decide this step; its only "
                                         f"legal action is {WAIT.at()}"):
        env.step({actor: move, waiter: COMMIT.at(COMMIT_REST)})
    assert env.aec.save() == before
    env = legends_v1.parallel_env(num_players=4, illegal_action="lose")
    obs = play_parallel_until_a_seat_waits(env, 3)
    actor, waiter = env.pending()[0], next(a for a in env.agents if a not in env.pending())
    _, rewards, terms, _, infos = env.step({actor: move, waiter: COMMIT.at(COMMIT_REST)})
    assert rewards == {a: -1.0 if a == waiter else 0.0 for a in rewards}
    assert all(terms.values()) and infos[waiter] == {"illegal_move": True} and env.agents == []


def test_parallel_env_passes_pettingzoo_parallel_seed_test():
    """PettingZoo's parallel_seed_test hands every seat an unmasked sample, so under ``"lose"`` the
    first illegal one ends the game; both runs must play it the same way."""
    from pettingzoo.test import parallel_seed_test
    parallel_seed_test(lambda: legends_v1.parallel_env(num_players=4, illegal_action="lose"))


def test_parallel_and_aec_play_the_same_game():
    env = legends_v1.parallel_env(num_players=3)
    aec = legends_v1.env(num_players=3)
    obs, _ = env.reset(seed=9)
    aec.reset(seed=9)
    rng = np.random.default_rng(1)
    for _ in range(60):
        if not env.agents:
            break
        actions = {}
        for a in env.pending():
            actions[a] = int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
        for a in env.pending():
            assert aec.agent_selection == a
            aec.step(actions[a])
        obs, *_ = env.step(actions)
    assert env.aec.save() == aec.save() or (env.record.tobytes() == aec.record.tobytes())


def test_determinize_keeps_the_draft_hands_a_seat_has_held():
    """A draft hand moves left each round, its picks face down: the seat on my left holds the
    hand I passed, which a re-deal must keep (its waiting pick may be any of its cards)."""
    s = new_record(GAME, 4, 3)
    while s["draft_round"] < 2:
        step(s, DRAFT.at(int(np.flatnonzero(s["draft"][s["actor"]])[0])))
    first = int(s["first_player"])
    step(s, DRAFT.at(int(np.flatnonzero(s["draft"][first])[0])))   # the first player's pick waits
    me = (first - 1) % 4          # the first player sits 1 to my left: I held its hand last round
    for seed in range(5):
        t = s.copy()
        t["rng"][0] += seed
        core.determinize(t, me)
        held = (t["draft"][first].astype(int) + np.eye(UPBRINGING, dtype=int)[t["up_pick"][first]])
        was = (s["draft"][first].astype(int) + np.eye(UPBRINGING, dtype=int)[s["up_pick"][first]])
        assert (held == was).all()
        assert core.check_invariants(t) == 0


def test_determinize_keeps_each_passed_hand_among_the_seats_that_picked_from_it():
    """Two seats on: the hand I passed two rounds ago went through one face-down pick of my left
    neighbour; that pick and what is left (with any waiting pick) are exactly the cards I passed,
    while the other seats' picks are re-dealt over all I never saw."""
    s = new_record(GAME, 4, 5)
    first = int(s["first_player"])
    me = first
    passed = None
    while s["draft_round"] < 2:
        seat = int(s["actor"])
        if seat == me and s["draft_round"] == 0:
            held = set(np.flatnonzero(s["draft"][me]).tolist())
        u = int(np.flatnonzero(s["draft"][seat])[0])
        if seat == me and s["draft_round"] == 0:
            passed = held - {u}
        step(s, DRAFT.at(u))
    left, left2 = (me + 1) % 4, (me + 2) % 4
    moved = 0
    for seed in range(8):
        t = s.copy()
        t["rng"][0] += seed
        core.determinize(t, me)
        got = set(np.flatnonzero(t["draft"][left2]).tolist()) | {int(t["up_order"][left, 1])}
        assert got == passed
        assert core.check_invariants(t) == 0
        assert (t["up_order"][me] == s["up_order"][me]).all()
        assert (t["up_legend"][me] == s["up_legend"][me]).all()
        moved += int((t["up_order"] != s["up_order"]).any())
    assert moved > 0


def test_invariants_recompute_the_final_scores_end_game_rewards_and_winners():
    """The end is checked against its sources, apart from scoring.py: an end-game reward moved to
    another seat, with final scores that agree with it, is refused."""
    from frontierzoo.envs.legends.invariants import INV_SCORE
    rng = np.random.default_rng(3)
    s = new_record(GAME, 4, 3)
    while s["stage"] != ST_OVER:
        step(s, int(rng.choice(sorted(legal(s)))))
    assert core.check_invariants(s) == 0
    e = int(np.flatnonzero(s["end_award"] >= 0)[0])
    w = int(s["end_award"][e])
    s["end_award"][e] = (w + 1) % 4
    for j in range(4):
        s["final"][j] = scoring.score(s, j)
    assert core.check_invariants(s) == INV_SCORE


def test_failure_cards_drawn_are_kept_face_up_until_the_deck_is_reshuffled():
    from frontierzoo.envs.legends.invariants import INV_PENALTY_CARDS
    s = adventure_position(4, FRONTIER_LOC, 0)
    s["fail_pile"][FRONTIER_LOC] = 0
    s["fail_pile"][FRONTIER_LOC, 4] = 1                   # the last card: Bad Debts
    s["fail_used"][FRONTIER_LOC] = 1
    s["fail_used"][FRONTIER_LOC, 4] = 0
    s["tokens"][0, WEALTH] = 3
    set_cards(s, {0: []}, deck_top=[])
    resolve(s, [FRONTIER_LOC, COMMIT_REST, COMMIT_REST, COMMIT_REST])
    step(s, NO_PLAY.at())
    assert s["fail_pile"][FRONTIER_LOC].sum() == 0 and s["fail_used"][FRONTIER_LOC].sum() == 8
    assert core.check_invariants(s) == 0
    t = s.copy()
    t["fail_used"][FRONTIER_LOC, 4] = 0                   # a failure card lost: refused
    assert core.check_invariants(t) == INV_PENALTY_CARDS
    t = s.copy()
    t["hard_pile"][0] = 0                                 # a hardship card nowhere: refused
    assert core.check_invariants(t) == INV_PENALTY_CARDS


def test_tokens_skills_grit_and_minus_vp_stop_at_their_tops():
    from frontierzoo.envs.legends import tokens
    from frontierzoo.envs.legends.state import SKILL_MAX, TOKEN_MAX
    s = new_record(GAME, 3, 1)
    s["tokens"][0, 2] = TOKEN_MAX - 1
    s["skills"][0, 1] = SKILL_MAX
    s["grit"][0] = TOKEN_MAX - 2
    s["neg_vp"][0] = TOKEN_MAX
    tokens.gain_tokens(s, 0, 2, 3)
    tokens.gain_skill(s, 0, 1)
    tokens.gain_grit(s, 0, 1)
    tokens.gain_neg_vp(s, 0)
    assert (int(s["tokens"][0, 2]), int(s["skills"][0, 1]), int(s["grit"][0]), int(s["neg_vp"][0])) == (200, 40, 199, 200)
