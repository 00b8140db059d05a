"""A Legends heuristic: go where the hand can win, rest to draw and buy, spend tokens well.

It reads the live record (its own hand, the board, the face-up rewards: all it may see) and
decides each stage by rule of thumb:

- draft: the card adding the most skill points still under the Rule of Four (tiles count 1.5);
- daytime: estimate its total on each adventure (best play from hand + skill points + abilities +
  the expected deal) and go on the best solo adventure it expects to win, weighted by VP and
  reward; a group adventure only when it alone nearly reaches the number; else Rest;
- adventure: the strongest play (a trump card or an Ingenuity set of everything that fits),
  Trail Provisions and Steady Nerves first; True Grit to redraw a low last card while short of the
  number, and to avoid every penalty;
- rewards: the adventure card, then skills, then tokens;
- rest: draw while the hand is short, buy the richest affordable reward, trade towards one.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from frontierzoo.envs.legends.adventure import difficulty
from frontierzoo.envs.legends.content import (ADV_DIFFICULTY, ADV_GROUP, ADV_MODE, ADV_SKILL_A, ADV_SKILL_B,
                                              ADV_SKILL_MASK, ADV_TOKENS, ADV_VP, CARD_KIND, CARD_SUIT,
                                              CARD_TYPES, CARD_VALUE, COMBO, FATE_TILE_KIND,
                                              FATE_MINUS5, FATE_NO_HERO, FATE_PLUS5, KIND_WILD,
                                              LUCK, REWARD_PRICE, REWARD_VP, UP_POINTS, UP_TILE, RULE_OF_FOUR, LOCATION_BONUS,
                                              AB_ORATOR, AB_STALWART, HAND_LIMIT)
from frontierzoo.envs.legends.state import (ACCEPT, AVOID, BUY, COMMIT, COMMIT_REST, DISCARD, DONE_SET, DRAFT,
                                            END_REST, LOSS, NO_PLAY, PLAY, REDRAW, REST_DRAW, REST_GRIT, REWARD,
                                            SPECIAL, ST_AVOID, ST_COMMIT, ST_DISCARD, ST_DRAFT, ST_INGENUITY,
                                            ST_PENALTY_CHOICE, ST_PLAY, ST_REDRAW, ST_REST_DRAW, ST_REWARD,
                                            ST_SHOP, TRADE, WILD, AS_LISTED)

from ..base import Agent

EXPECTED_DEAL = 5.5      # the adventure deal's mean with a run now and then
MARGIN = 0.0             # how far above the number it wants its estimate


def best_play_value(hand: np.ndarray, suit_ok: Callable[[int], bool]) -> tuple[int, int]:
    """The value of the strongest play on an adventure whose trump skills pass ``suit_ok``: one
    card of 5+ (or a wild card), or the Ingenuity set of one skill's cards of 4 or less and Luck."""
    best, best_suit = 0, -1
    luck = sum(int(hand[t]) * CARD_VALUE[t] for t in range(CARD_TYPES)
               if CARD_SUIT[t] == LUCK and CARD_VALUE[t] <= 4 and CARD_KIND[t] != KIND_WILD)
    for t in range(CARD_TYPES):
        if not hand[t]:
            continue
        if CARD_KIND[t] == KIND_WILD:
            if CARD_VALUE[t] > best:
                best, best_suit = CARD_VALUE[t], -2
        elif suit_ok(CARD_SUIT[t]) and CARD_VALUE[t] >= 5 and CARD_VALUE[t] > best:
            best, best_suit = CARD_VALUE[t], CARD_SUIT[t]
    for suit in range(6):
        if not suit_ok(suit):
            continue
        v = sum(int(hand[t]) * CARD_VALUE[t] for t in range(CARD_TYPES)
                if CARD_SUIT[t] == suit and CARD_VALUE[t] <= 4 and CARD_KIND[t] != KIND_WILD)
        if v > 0 and v + luck > best:
            best, best_suit = v + luck, suit
    return best, best_suit


class LegendsHeuristic(Agent):
    name = "heuristic"
    needs_env = True

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        if info is None or "env" not in info:
            raise ValueError("LegendsHeuristic needs the live env as info['env']")
        s = info["env"].record
        me = int(s["actor"])
        legal = np.flatnonzero(action_mask)
        stage = int(s["stage"])
        a = None
        if stage == ST_DRAFT:
            a = self.draft(s, me, legal)
        elif stage == ST_COMMIT:
            a = self.commit(s, me)
        elif stage == ST_PLAY:
            a = self.play(s, me, legal)
        elif stage == ST_INGENUITY:
            a = self.ingenuity(s, me, legal)
        elif stage == ST_REDRAW:
            a = self.redraw(s, me)
        elif stage == ST_AVOID:
            a = AVOID.at()
        elif stage == ST_PENALTY_CHOICE:
            a = LOSS.at(0) if action_mask[LOSS.at(0)] else LOSS.at(1)
        elif stage == ST_DISCARD:
            a = self.discard(s, me, legal)
        elif stage == ST_REWARD:
            a = self.reward(s, me, legal)
        elif stage == ST_REST_DRAW:
            limit = HAND_LIMIT
            a = REST_DRAW.at() if int(s["hand"][me].sum()) <= limit - 3 else REST_GRIT.at()
        elif stage == ST_SHOP:
            a = self.shop(s, me, legal)
        if a is None or not action_mask[a]:
            a = int(legal[self.rng.integers(legal.size)])
        return int(a)

    # ------------------------------------------------------------------ upbringing
    def draft(self, s, me, legal):
        have = np.zeros(6, np.int64)
        for u in np.flatnonzero(s["up_legend"][me]):
            have += UP_POINTS[u]
        best, best_v = None, -1.0
        for a in legal:
            u = DRAFT.split(int(a))
            gain = np.minimum(have + UP_POINTS[u], RULE_OF_FOUR) - np.minimum(have, RULE_OF_FOUR)
            v = float(gain.sum()) + (1.5 if UP_TILE[u] >= 0 else 0.0) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = int(a), v
        return best

    # ------------------------------------------------------------------ daytime
    def estimate(self, s, me, loc, hand=None):
        i = int(s["active"][loc])
        a, b, mode = ADV_SKILL_A[loc, i], ADV_SKILL_B[loc, i], ADV_MODE[loc, i]
        hand = s["hand"][me] if hand is None else hand
        ok = lambda suit: suit == a or (b >= 0 and suit == b)  # noqa: E731
        value, suit = best_play_value(hand, ok)
        if value == 0:
            return -100.0
        fate = -1
        if s["fate_up"][loc] and s["loc_fate"][loc] >= 0:
            fate = FATE_TILE_KIND[int(s["loc_fate"][loc])]
        pts = 0
        if fate != FATE_NO_HERO:
            if mode == COMBO:
                pts = int(s["skills"][me, a] + s["skills"][me, b])
            elif suit >= 0:
                pts = int(s["skills"][me, suit])
            else:
                pts = int(max(s["skills"][me, a], s["skills"][me, b] if b >= 0 else 0))
        bonus = int(s["ability"][me, loc]) * LOCATION_BONUS
        if ADV_GROUP[loc, i]:
            bonus += int(s["ability"][me, AB_ORATOR])
        else:
            bonus += int(s["ability"][me, AB_STALWART])
        return value + pts + bonus + EXPECTED_DEAL + (2.0 if mode == COMBO else 0.0)

    def need(self, s, loc):
        i = int(s["active"][loc])
        d = ADV_DIFFICULTY[loc, i]
        if s["fate_up"][loc] and s["loc_fate"][loc] >= 0:
            k = FATE_TILE_KIND[int(s["loc_fate"][loc])]
            d += -5 if k == FATE_MINUS5 else (5 if k == FATE_PLUS5 else 0)
        else:
            d += 1   # a face-down tile: a little risk
        return d

    def affordable(self, s, me):
        for t in range(4):
            k = int(s["rew_top"][t])
            if k >= 0 and (s["tokens"][me, :4] >= REWARD_PRICE[t, k]).all():
                return True
        return False

    def commit(self, s, me):
        if self.affordable(s, me):
            return COMMIT.at(COMMIT_REST)
        best, best_v = COMMIT_REST, 0.6 if int(s["hand"][me].sum()) <= 3 else 0.0
        for loc in range(3):
            i = int(s["active"][loc])
            if i < 0:
                continue
            est = self.estimate(s, me, loc)
            need = self.need(s, loc)
            if ADV_GROUP[loc, i]:
                need -= 10   # others may join; still risky
            slack = est - need
            if slack < MARGIN:
                continue
            v = ADV_VP[loc, i] + 1.0 + min(slack, 6) * 0.1
            if v > best_v:
                best, best_v = loc, v
        return COMMIT.at(best)

    # ------------------------------------------------------------------ adventures
    def play(self, s, me, legal):
        for a in legal:
            if SPECIAL.has(int(a)):
                return int(a)
        loc = int(s["res_loc"])
        i = int(s["active"][loc])
        a_, b_ = ADV_SKILL_A[loc, i], ADV_SKILL_B[loc, i]
        hand = s["hand"][me]
        ok = lambda suit: suit == a_ or (b_ >= 0 and suit == b_)  # noqa: E731
        value, suit = best_play_value(hand, ok)
        if value == 0:
            return NO_PLAY.at()
        if suit == -2:   # a wild card: as the skill with more points
            t = max((t for t in range(CARD_TYPES) if hand[t] and CARD_KIND[t] == KIND_WILD), key=lambda t: CARD_VALUE[t])
            j = 1 if (b_ >= 0 and ADV_MODE[loc, i] != COMBO and s["skills"][me, b_] > s["skills"][me, a_]) else 0
            return WILD.at(t - (CARD_TYPES - 4), j)
        single = [t for t in range(CARD_TYPES) if hand[t] and CARD_SUIT[t] == suit and CARD_VALUE[t] >= 5
                  and CARD_KIND[t] != KIND_WILD]
        if single and max(CARD_VALUE[t] for t in single) == value:
            return PLAY.at(max(single, key=lambda t: CARD_VALUE[t]))
        low = [t for t in range(CARD_TYPES) if hand[t] and CARD_SUIT[t] == suit and CARD_VALUE[t] <= 4
               and CARD_KIND[t] != KIND_WILD]
        return PLAY.at(max(low, key=lambda t: CARD_VALUE[t])) if low else None

    def ingenuity(self, s, me, legal):
        adds = [int(a) for a in legal if PLAY.has(int(a))]
        return adds[0] if adds else DONE_SET.at()

    def redraw(self, s, me):
        loc = int(s["res_loc"])
        last = int(s["run"][int(s["run_n"]) - 1])
        if ADV_GROUP[loc, int(s["active"][loc])]:
            return ACCEPT.at()
        if s["total"][me] < difficulty(s) and CARD_VALUE[last] <= 4:
            return REDRAW.at()
        return ACCEPT.at()

    def discard(self, s, me, legal):
        def keep(a):
            t = DISCARD.split(int(a))
            return CARD_VALUE[t] + (10 if CARD_KIND[t] != 0 else 0) + (3 if CARD_VALUE[t] >= 5 else 0)
        return int(min(legal, key=keep))

    def reward(self, s, me, legal):
        def value(a):
            slot, alt, c = REWARD.split(int(a))
            loc = int(s["res_loc"])
            i = int(s["active"][loc])
            v = ADV_VP[loc, i] * 2.0 if slot == 0 else 0.0
            if ADV_SKILL_MASK[loc, i, slot, alt]:
                v += 2.0 + 0.2 * (4 - min(4, int(s["skills"][me, c])))
            else:
                v += float(ADV_TOKENS[loc, i, slot, alt].sum()) * 0.9
            return v + (0.01 if c == AS_LISTED else 0.0)
        return int(max(legal, key=value))

    # ------------------------------------------------------------------ rest
    def shop(self, s, me, legal):
        buys = [int(a) for a in legal if BUY.has(int(a))]
        if buys:
            return max(buys, key=lambda a: REWARD_VP[BUY.split(a), int(s["rew_top"][BUY.split(a)])])
        tokens = s["tokens"][me, :4].astype(np.int64)
        best, best_gap = None, None
        for t in range(4):
            k = int(s["rew_top"][t])
            if k < 0:
                continue
            short = np.maximum(REWARD_PRICE[t, k] - tokens, 0)
            spare = np.maximum(tokens - REWARD_PRICE[t, k], 0)
            if short.sum() == 0 or spare.sum() < 2 * short.sum():
                continue
            want = int(np.argmax(short))
            gives = [j for j in range(4) for _ in range(int(spare[j]))]
            x, y = sorted(gives[:2])
            a = TRADE.at(x, y, want)
            if want not in (x, y) and a in legal:
                if best_gap is None or short.sum() < best_gap:
                    best, best_gap = a, short.sum()
        return best if best is not None else END_REST.at()


HEURISTIC = LegendsHeuristic
