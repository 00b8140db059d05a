"""The Rest Resolution Phase: draw 4 cards or take 1 True Grit; the hand limit of 7; trade reward
tokens 2 for 1 (never a Hardship token away); buy one reward; the optional rule of 3 True Grit for
a skill level."""
from ..common.jit import rule
from .adventure import ask
from .penalties import lose_cards
from .cards import draw_flag, draw_to_hand, hand_size, next_seat_from
from .content import (AB_HARDY, AB_PACKER, HAPPINESS, REST_TOKEN, WEALTH, GRIT_SKILL_COST, GRIT_SKILL_SPREAD, HAND_LIMIT, REST_DRAW,
                      REWARD_ABILITY, REWARD_DECK, REWARD_GRIT, REWARD_PRICE, REWARD_SKILL, REWARD_TYPES,
                      SKILLS, TOKENS)
from .tokens import gain_grit, gain_skill, gain_tokens
from .state import (BUY, COMMIT_REST, END_REST, FL_EVENING, FL_NONE, FL_REST, FL_REST_LIMIT, GRIT_SKILL,
                    REST_DRAW as A_REST_DRAW, REST_GRIT, ST_REST_DRAW, ST_SHOP, TRADE)


@rule
def next_rest(s):
    """The resting players, from the first player clockwise."""
    n = s['num_players']
    while s['rest_k'] < n and s['commit'][next_seat_from(s, s['rest_k'])] != COMMIT_REST:
        s['rest_k'] += 1
    if s['rest_k'] >= n:
        s['flow'] = FL_EVENING
        return
    seat = next_seat_from(s, s['rest_k'])
    s['cur'] = seat
    ask(s, seat, ST_REST_DRAW)


@rule
def mask_rest_draw(s, seat, mask):
    mask[A_REST_DRAW.at()] = True
    mask[REST_GRIT.at()] = True
    return 2


@rule
def apply_rest_draw(s, seat, a):
    """Draw 4 cards or take 1 True Grit token. Resting, Hardy takes 1 Happiness token and Packer
    1 Wealth token (a tile each; the printed figures stay)."""
    if A_REST_DRAW.has(a):
        draw_to_hand(s, seat, REST_DRAW)
    else:
        gain_grit(s, seat, 1)
    gain_tokens(s, seat, HAPPINESS, s['ability'][seat, AB_HARDY] * REST_TOKEN)
    gain_tokens(s, seat, WEALTH, s['ability'][seat, AB_PACKER] * REST_TOKEN)
    s['flow'] = FL_REST_LIMIT


@rule
def hand_limit(s, seat):
    """"If over 7 cards, the player now discards down to 7 cards": 7 for everyone."""
    return HAND_LIMIT


@rule
def check_hand_limit(s):
    """Over 7 cards, the player discards down to 7."""
    seat = s['cur']
    excess = hand_size(s, seat) - hand_limit(s, seat)
    if excess > 0:
        lose_cards(s, seat, excess, FL_REST_LIMIT)
    else:
        ask(s, seat, ST_SHOP)


@rule
def can_afford(s, seat, t, k):
    for j in range(REWARD_TYPES):
        if s['tokens'][seat, j] < REWARD_PRICE[t, k, j]:
            return False
    return True


@rule
def grit_skill_ok(s, seat, k):
    """Optional rule: 3 True Grit for +1 in a skill, never above the lowest skill + 4."""
    if not s['opt_grit_skill'] or s['grit'][seat] < GRIT_SKILL_COST:
        return False
    low = s['skills'][seat, 0]
    for j in range(SKILLS):
        low = min(low, s['skills'][seat, j])
    return s['skills'][seat, k] + 1 <= low + GRIT_SKILL_SPREAD


@rule
def mask_shop(s, seat, mask):
    """Trade 2 non-Hardship tokens for 1 of another kind; buy a face-up reward the tokens pay for;
    or end the rest."""
    count = 1
    mask[END_REST.at()] = True
    for a in range(REWARD_TYPES):
        for b in range(a, REWARD_TYPES):
            need_a = 2 if a == b else 1
            if s['tokens'][seat, a] < need_a or s['tokens'][seat, b] < 1:
                continue
            for c in range(TOKENS):
                if c != a and c != b:
                    mask[TRADE.at(a, b, c)] = True
                    count += 1
    for t in range(REWARD_TYPES):
        k = s['rew_top'][t]
        if k >= 0 and can_afford(s, seat, t, k):
            mask[BUY.at(t)] = True
            count += 1
    for k in range(SKILLS):
        if grit_skill_ok(s, seat, k):
            mask[GRIT_SKILL.at(k)] = True
            count += 1
    return count


@rule
def turn_up_reward(s, t):
    """The next card of a reward deck is turned face up (the cards put under the pile by the
    optional rule come last); -1 when the deck is depleted."""
    k = draw_flag(s, s['rew_pile'][t])
    if k < 0:       # the cards put under, in the order they went (rew_bottom: 1 the first)
        best = 0
        for i in range(REWARD_DECK):
            if s['rew_bottom'][t, i] > 0 and (best == 0 or s['rew_bottom'][t, i] < best):
                best = s['rew_bottom'][t, i]
                k = i
        if k >= 0:
            s['rew_bottom'][t, k] = 0
    s['rew_top'][t] = k


@rule
def buy_reward(s, seat, t):
    """Pay the price, add the card to the Legend (its VP, skill, True Grit or ability), turn up
    the next."""
    k = s['rew_top'][t]
    for j in range(REWARD_TYPES):
        s['tokens'][seat, j] -= REWARD_PRICE[t, k, j]
    s['rew_owner'][t, k] = seat
    if REWARD_SKILL[t, k] >= 0:
        gain_skill(s, seat, REWARD_SKILL[t, k])
    gain_grit(s, seat, REWARD_GRIT[t, k])
    if REWARD_ABILITY[t, k] >= 0:
        s['ability'][seat, REWARD_ABILITY[t, k]] += 1
    turn_up_reward(s, t)


@rule
def apply_shop(s, seat, a):
    if TRADE.has(a):
        x, y, c = TRADE.split(a)
        s['tokens'][seat, x] -= 1
        s['tokens'][seat, y] -= 1
        gain_tokens(s, seat, c, 1)
        s['flow'] = FL_NONE
        return
    if GRIT_SKILL.has(a):
        k = GRIT_SKILL.split(a)
        s['grit'][seat] -= GRIT_SKILL_COST
        gain_skill(s, seat, k)
        s['flow'] = FL_NONE
        return
    if BUY.has(a):
        buy_reward(s, seat, BUY.split(a))
    s['rest_k'] += 1
    s['flow'] = FL_REST


@rule
def price_total(t, k):
    n = 0
    for j in range(REWARD_TYPES):
        n += REWARD_PRICE[t, k, j]
    return n


@rule
def first_rewards(s, over_three):
    """Set-up: the top card of each reward deck face up; under the optional rule a first card
    priced over three goes to the bottom and another is turned (at most once round the deck)."""
    for t in range(REWARD_TYPES):
        turn_up_reward(s, t)
        if over_three:
            for _ in range(REWARD_DECK):
                k = s['rew_top'][t]
                if k < 0 or price_total(t, k) <= 3:
                    break
                left = 0
                for i in range(REWARD_DECK):
                    left += s['rew_pile'][t, i]
                if left == 0:
                    break
                order = 0
                for i in range(REWARD_DECK):
                    order = max(order, s['rew_bottom'][t, i])
                s['rew_bottom'][t, k] = order + 1     # under the cards put there before it
                turn_up_reward(s, t)


