"""The Adventure Resolution Phase: location by location from Back East, adventurer by adventurer
from the first player; fate tiles; playing skill cards (one trump card of 5+, a wild card, or an
American Ingenuity set of one skill's cards of 4 or less with Luck); skill points; the adventure
deal and its run; True Grit; solo and group outcomes, rewards by rank, penalties and hardships."""
from ..common.jit import rule
from .cards import (discard_card, discard_fate, discard_random, draw_skill, draw_to_hand, fate_kind, hand_size,
                    next_seat_from)
from .content import (AB_GAMBLER, AB_ORATOR, AB_STALWART, STALWART_BONUS, ADV_ALTS, ADV_DIFFICULTY, ADV_GROUP, ADV_MODE, ADV_SKILL_A, ADV_SKILL_B,
                      ADV_SKILL_MASK, ADV_SLOTS, ADV_TOKENS, CARD_KIND, CARD_SUIT, CARD_TYPES, CARD_VALUE, COMBO,
                      FATE_ANY_AWARD, FATE_CARDS, FATE_DRAW2, FATE_LOSE2, FATE_MINUS5, FATE_NO_HERO, FATE_NO_LUCK,
                      FATE_PLUS5, FATE_SHARE, FATE_SHIFT, FIRST_SPECIAL, FIRST_WILD, GAMBLER_BONUS, INGENUITY_MAX,
                      KIND_WILD,
                      LOCATION_BONUS, LOCATIONS, LUCK, NERVES_BONUS, OPTION, ORATOR_BONUS, PROVISIONS_DRAW,
                      REWARD_TYPES, SKILLS, SPECIAL_KINDS, STEADY_NERVES, TRAIL_PROVISIONS, TRUMP_MIN)
from .tokens import gain_skill, gain_tokens
from .state import (ACCEPT, AS_LISTED, DISCARD, DONE_SET, FL_FATE_START, FL_LOC_START, FL_NONE, FL_OUTCOME, FL_PENALTY,
                    FL_PLAYER_END, FL_PLAYER_PLAY, FL_PLAYER_START, FL_REST, FL_REWARD, NO_PLAY, PLAY, REDRAW, REWARD,
                    RUN_MAX, SPECIAL, ST_DISCARD, ST_INGENUITY, ST_REDRAW, ST_REWARD, WILD)


@rule
def ask(s, seat, stage):
    """A decision is pending: ``seat`` decides at ``stage``."""
    s['actor'] = seat
    s['stage'] = stage
    s['flow'] = FL_NONE


@rule
def adventure_here(s):
    return s['active'][s['res_loc']]


@rule
def in_adventure(s, seat):
    return s['commit'][seat] == s['res_loc']


# --------------------------------------------------------------------------- the location's start


@rule
def start_location(s):
    """Resolve the next location that has adventurers: the Dealer reveals its fate tile (step 1)."""
    n = s['num_players']
    while s['res_loc'] < LOCATIONS:
        any_in = False
        for seat in range(n):
            if in_adventure(s, seat):
                any_in = True
        if any_in:
            break
        s['res_loc'] += 1
    if s['res_loc'] >= LOCATIONS:
        s['rest_k'] = 0
        s['flow'] = FL_REST
        return
    s['fate_up'][s['res_loc']] = 1
    for seat in range(n):
        s['res_done'][seat] = 0
        s['total'][seat] = 0
        s['failed'][seat] = 0
    s['slot_taken'][:] = 0
    s['res_k'] = 0
    s['flow'] = FL_FATE_START


@rule
def fate_start(s):
    """The fate tile's start effects, "at the start of this Adventure": every adventurer, from the
    first player on, draws 2 cards (Draw 2 Cards) or loses 2 (Lose 2 Cards: the player chooses,
    or at random under the optional rule) before anyone plays. ``res_k`` passes the seat asked."""
    n = s['num_players']
    fate = fate_kind(s, s['res_loc'])
    while s['res_k'] < n:
        seat = next_seat_from(s, s['res_k'])
        s['res_k'] += 1
        if not in_adventure(s, seat):
            continue
        if fate == FATE_DRAW2:
            draw_to_hand(s, seat, FATE_CARDS)
        elif fate == FATE_LOSE2:
            if s['opt_random_loss']:
                for _ in range(FATE_CARDS):
                    discard_random(s, seat)
            else:
                lose = min(FATE_CARDS, hand_size(s, seat))
                if lose > 0:
                    s['cur'] = seat
                    s['discard_left'] = lose
                    s['discard_then'] = FL_FATE_START
                    ask(s, seat, ST_DISCARD)
                    return
    s['res_k'] = 0
    s['flow'] = FL_PLAYER_START


@rule
def start_adventurer(s):
    """The next adventurer from the first player on."""
    n = s['num_players']
    while s['res_k'] < n and not in_adventure(s, next_seat_from(s, s['res_k'])):
        s['res_k'] += 1
    if s['res_k'] >= n:
        s['flow'] = FL_OUTCOME
        return
    seat = next_seat_from(s, s['res_k'])
    s['cur'] = seat
    s['bonus'] = 0
    s['trump'] = 0
    s['set_suit'] = -1
    s['set_value'] = 0
    s['set_cards'] = 0
    s['set_luck'] = 0
    s['run_n'] = 0
    s['flow'] = FL_PLAYER_PLAY


# --------------------------------------------------------------------------- discards


@rule
def mask_discard(s, seat, mask):
    count = 0
    for t in range(CARD_TYPES):
        if s['hand'][seat, t] > 0:
            mask[DISCARD.at(t)] = True
            count += 1
    return count


@rule
def apply_discard(s, seat, a):
    discard_card(s, seat, DISCARD.split(a))
    s['discard_left'] -= 1
    if s['discard_left'] > 0 and hand_size(s, seat) > 0:
        s['flow'] = FL_NONE
    else:
        s['discard_left'] = 0
        s['flow'] = s['discard_then']


# --------------------------------------------------------------------------- playing skill cards


@rule
def skill_allowed(s, suit):
    """The adventure's trump skills: one, both of a combo, either of an option."""
    loc = s['res_loc']
    card = adventure_here(s)
    if suit == ADV_SKILL_A[loc, card]:
        return True
    return ADV_SKILL_B[loc, card] >= 0 and suit == ADV_SKILL_B[loc, card]


@rule
def luck_is_trump(s):
    """Luck is always trump, unless the fate tile says Luck Is Not Treated As Trump."""
    return fate_kind(s, s['res_loc']) != FATE_NO_LUCK


@rule
def mask_play(s, seat, mask):
    """One trump card of 5 or more (a wild card as either skill of an option adventure), or the
    first card of an Ingenuity set (a trump skill's card of 4 or less; Luck only joins a set);
    special action cards before that; nothing only when nothing can be played."""
    loc = s['res_loc']
    card = adventure_here(s)
    count = 0
    for t in range(CARD_TYPES):
        if s['hand'][seat, t] == 0:
            continue
        kind = CARD_KIND[t]
        if kind == KIND_WILD:
            mask[WILD.at(t - FIRST_WILD, 0)] = True
            count += 1
            if ADV_MODE[loc, card] == OPTION:
                mask[WILD.at(t - FIRST_WILD, 1)] = True
                count += 1
        elif skill_allowed(s, CARD_SUIT[t]):
            mask[PLAY.at(t)] = True
            count += 1
    if count == 0:
        mask[NO_PLAY.at()] = True
        count = 1
    for t in range(FIRST_SPECIAL, FIRST_WILD):
        if s['hand'][seat, t] > 0:
            k = t - FIRST_SPECIAL
            mask[SPECIAL.at(k // SPECIAL_KINDS, k % SPECIAL_KINDS)] = True
            count += 1
    return count


@rule
def use_special(s, seat, suit, k):
    """Special action cards: Trail Provisions draws 2 skill cards; Steady Nerves adds 3 to this
    adventure's total."""
    t = FIRST_SPECIAL + suit * SPECIAL_KINDS + k
    discard_card(s, seat, t)
    if k == TRAIL_PROVISIONS:
        draw_to_hand(s, seat, PROVISIONS_DRAW)
    elif k == STEADY_NERVES:
        s['bonus'] += NERVES_BONUS


@rule
def skill_points(s, seat, suit):
    """Character skill points added to the card(s): the played skill's; both skills on a combo
    adventure; none under No Hero Skills May Be Used."""
    if fate_kind(s, s['res_loc']) == FATE_NO_HERO:
        return 0
    loc = s['res_loc']
    card = adventure_here(s)
    if ADV_MODE[loc, card] == COMBO:
        return s['skills'][seat, ADV_SKILL_A[loc, card]] + s['skills'][seat, ADV_SKILL_B[loc, card]]
    return s['skills'][seat, suit]


@rule
def trump_bits(s, suit):
    """The suits trump for the deal: both of a combo; otherwise the skill played."""
    loc = s['res_loc']
    card = adventure_here(s)
    if ADV_MODE[loc, card] == COMBO:
        return (1 << ADV_SKILL_A[loc, card]) | (1 << ADV_SKILL_B[loc, card])
    return 1 << suit


@rule
def ability_bonus(s, seat):
    """Special abilities: +2 at their location, +1 on group adventures (Orator), +1 on solo
    adventures (Stalwart)."""
    loc = s['res_loc']
    b = s['ability'][seat, loc] * LOCATION_BONUS
    if ADV_GROUP[loc, adventure_here(s)]:
        b += s['ability'][seat, AB_ORATOR] * ORATOR_BONUS
    else:
        b += s['ability'][seat, AB_STALWART] * STALWART_BONUS
    return b


@rule
def is_trump_dealt(s, t):
    """A dealt card extends the run if it is trump, wild, or Luck (unless the fate tile stops it)."""
    if CARD_KIND[t] == KIND_WILD:
        return True
    if CARD_SUIT[t] == LUCK:
        return luck_is_trump(s)
    return (s['trump'] >> CARD_SUIT[t]) & 1 == 1


@rule
def adventure_deal(s, seat):
    """The Dealer deals one card, its value added whatever it is; another while trump or Luck
    comes."""
    while s['run_n'] < RUN_MAX:
        t = draw_skill(s)
        if t < 0:
            return
        s['discard'][t] += 1
        s['run'][s['run_n']] = t
        s['run_n'] += 1
        s['total'][seat] += CARD_VALUE[t]
        if not is_trump_dealt(s, t):
            return


@rule
def finish_play(s, seat, suit, cards_value):
    """The cards are down: total = cards + skill points + abilities + Steady Nerves, then the
    adventure deal; True Grit may redraw."""
    s['trump'] = trump_bits(s, suit)
    s['total'][seat] = (cards_value + skill_points(s, seat, suit) + ability_bonus(s, seat) + s['bonus']
                        + s['set_luck'] * s['ability'][seat, AB_GAMBLER] * GAMBLER_BONUS)
    adventure_deal(s, seat)
    after_deal(s, seat)


@rule
def after_deal(s, seat):
    if s['grit'][seat] > 0 and s['run_n'] > 0:
        ask(s, seat, ST_REDRAW)
    else:
        s['flow'] = FL_PLAYER_END


@rule
def apply_play(s, seat, a):
    if NO_PLAY.has(a):
        s['total'][seat] = 0      # no card: no skill points, no deal
        s['flow'] = FL_PLAYER_END
        return
    if SPECIAL.has(a):
        suit, k = SPECIAL.split(a)
        use_special(s, seat, suit, k)
        s['flow'] = FL_NONE
        return
    loc = s['res_loc']
    card = adventure_here(s)
    if WILD.has(a):
        w, j = WILD.split(a)
        discard_card(s, seat, FIRST_WILD + w)
        suit = ADV_SKILL_A[loc, card] if j == 0 else ADV_SKILL_B[loc, card]
        finish_play(s, seat, suit, CARD_VALUE[FIRST_WILD + w])
        return
    t = PLAY.split(a)
    discard_card(s, seat, t)
    if CARD_VALUE[t] >= TRUMP_MIN:
        finish_play(s, seat, CARD_SUIT[t], CARD_VALUE[t])
    else:
        s['set_suit'] = CARD_SUIT[t]
        s['set_value'] = CARD_VALUE[t]
        s['set_cards'] = 1
        ask(s, seat, ST_INGENUITY)


@rule
def mask_ingenuity(s, seat, mask):
    """American Ingenuity: more cards of 4 or less of the set's skill, or Luck (unless Luck Is Not
    Treated As Trump); or finish the set."""
    count = 1
    mask[DONE_SET.at()] = True
    for t in range(CARD_TYPES):
        if s['hand'][seat, t] == 0 or CARD_KIND[t] == KIND_WILD or CARD_VALUE[t] > INGENUITY_MAX:
            continue
        suit = CARD_SUIT[t]
        if suit == s['set_suit'] or (suit == LUCK and luck_is_trump(s)):
            mask[PLAY.at(t)] = True
            count += 1
    return count


@rule
def apply_ingenuity(s, seat, a):
    if DONE_SET.has(a):
        finish_play(s, seat, s['set_suit'], s['set_value'])
        return
    t = PLAY.split(a)
    discard_card(s, seat, t)
    s['set_value'] += CARD_VALUE[t]
    s['set_cards'] += 1
    if CARD_SUIT[t] == LUCK:
        s['set_luck'] += 1
    s['flow'] = FL_NONE


@rule
def mask_redraw(s, seat, mask):
    mask[ACCEPT.at()] = True
    mask[REDRAW.at()] = True
    return 2


@rule
def apply_redraw(s, seat, a):
    """1 True Grit: the last dealt card is discarded and replaced; a trump replacement goes on
    with the run."""
    if ACCEPT.has(a):
        s['flow'] = FL_PLAYER_END
        return
    s['grit'][seat] -= 1
    s['run_n'] -= 1
    s['total'][seat] -= CARD_VALUE[s['run'][s['run_n']]]
    adventure_deal(s, seat)
    after_deal(s, seat)


@rule
def end_adventurer(s):
    s['res_done'][s['cur']] = 1
    s['res_k'] += 1
    s['flow'] = FL_PLAYER_START


# --------------------------------------------------------------------------- the outcome


@rule
def difficulty(s):
    """The skill number, moved by a -5 or +5 fate tile."""
    loc = s['res_loc']
    d = ADV_DIFFICULTY[loc, adventure_here(s)]
    fate = fate_kind(s, loc)
    if fate == FATE_MINUS5:
        d -= FATE_SHIFT
    elif fate == FATE_PLUS5:
        d += FATE_SHIFT
    return d


@rule
def rank_adventurers(s, only_successful, d):
    """Adventurers by total, highest first; equal totals in resolution order (first player on)."""
    n = s['num_players']
    s['rank_n'] = 0
    for _ in range(n):
        best = -1
        best_total = -1
        for k in range(n):
            seat = next_seat_from(s, k)
            if not in_adventure(s, seat):
                continue
            if only_successful and s['total'][seat] < d:
                continue
            taken = False
            for r in range(s['rank_n']):
                if s['rank'][r] == seat:
                    taken = True
            if not taken and s['total'][seat] > best_total:
                best = seat
                best_total = s['total'][seat]
        if best < 0:
            break
        s['rank'][s['rank_n']] = best
        s['rank_n'] += 1


@rule
def adventure_outcome(s):
    """Solo: every adventurer reaching the number succeeds, the highest wins the card and reward
    (Share Reward: every successful one takes the reward); the others fail. Group: the totals are
    summed; on success rewards go by rank, on failure everyone takes the penalty."""
    n = s['num_players']
    loc = s['res_loc']
    card = adventure_here(s)
    d = difficulty(s)
    if ADV_GROUP[loc, card]:
        total = 0
        for seat in range(n):
            if in_adventure(s, seat):
                total += s['total'][seat]
        if total >= d:
            rank_adventurers(s, False, 0)
            s['rank_n'] = min(s['rank_n'], ADV_SLOTS[loc, card])
        else:
            s['rank_n'] = 0
            for seat in range(n):
                if in_adventure(s, seat):
                    s['failed'][seat] = 1
    else:
        rank_adventurers(s, True, d)
        if fate_kind(s, loc) != FATE_SHARE:
            s['rank_n'] = min(s['rank_n'], 1)
        for seat in range(n):
            if in_adventure(s, seat) and s['total'][seat] < d:
                s['failed'][seat] = 1
    s['rank_pos'] = 0
    s['flow'] = FL_REWARD


@rule
def next_reward(s):
    if s['rank_pos'] >= s['rank_n']:
        s['pen_k'] = 0
        s['flow'] = FL_PENALTY
        return
    ask(s, s['rank'][s['rank_pos']], ST_REWARD)


@rule
def alt_has_tokens(loc, card, slot, alt):
    for k in range(REWARD_TYPES):
        if ADV_TOKENS[loc, card, slot, alt, k] > 0:
            return True
    return False


@rule
def mask_reward(s, seat, mask):
    """A reward slot not yet taken (a solo adventure pays slot 0), one of its alternatives, and the
    skill it raises (one of the listed) or, under Choose Any Award Type, for the winner only (the
    first recipient): any skill for a skill reward, or the kind its tokens become."""
    loc = s['res_loc']
    card = adventure_here(s)
    group = ADV_GROUP[loc, card]
    any_award = fate_kind(s, loc) == FATE_ANY_AWARD and s['rank_pos'] == 0
    count = 0
    # the last recipient of a group reward takes the card's slot if nobody has (the adventure is won)
    card_last = group and s['rank_pos'] == s['rank_n'] - 1 and not s['slot_taken'][0]
    for slot in range(ADV_SLOTS[loc, card]):
        if group and s['slot_taken'][slot]:
            continue
        if card_last and slot != 0:
            continue
        for alt in range(ADV_ALTS[loc, card, slot]):
            m = ADV_SKILL_MASK[loc, card, slot, alt]
            if m != 0:
                for k in range(SKILLS):
                    if (m >> k) & 1 or any_award:
                        mask[REWARD.at(slot, alt, k)] = True
                        count += 1
            else:
                mask[REWARD.at(slot, alt, AS_LISTED)] = True
                count += 1
                if any_award and alt_has_tokens(loc, card, slot, alt):
                    for k in range(REWARD_TYPES):
                        mask[REWARD.at(slot, alt, k)] = True
                        count += 1
    return count


@rule
def apply_reward(s, seat, a):
    """Take the reward: tokens (as listed, or all of the chosen kind), +1 to the chosen skill; the
    card (with its VP) goes with slot 0 on a group adventure and to the winner of a solo one."""
    slot, alt, choice = REWARD.split(a)
    loc = s['res_loc']
    card = adventure_here(s)
    m = ADV_SKILL_MASK[loc, card, slot, alt]
    if m != 0:
        gain_skill(s, seat, choice)
    else:
        for k in range(REWARD_TYPES):
            c = ADV_TOKENS[loc, card, slot, alt, k]
            if choice == AS_LISTED:
                gain_tokens(s, seat, k, c)
            else:
                gain_tokens(s, seat, choice, c)
    if ADV_GROUP[loc, card]:
        s['slot_taken'][slot] = 1
        if slot == 0:
            s['adv_owner'][loc, card] = seat
    elif s['rank_pos'] == 0:
        s['adv_owner'][loc, card] = seat
    s['rank_pos'] += 1
    s['flow'] = FL_REWARD


@rule
def end_location(s, three_players):
    """A completed adventure leaves the board with its fate tile; in the 3-player game the
    adventure marker moves to its location."""
    loc = s['res_loc']
    card = adventure_here(s)
    if s['adv_owner'][loc, card] >= 0:
        s['active'][loc] = -1
        s['age'][loc] = 0
        discard_fate(s, loc, True)
        if three_players:
            s['marker'] = loc
    s['res_loc'] += 1
    s['flow'] = FL_LOC_START
