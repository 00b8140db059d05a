"""What a character gains: tokens, skill levels, True Grit and -1 VP. The rulebook sets no limit on
any of them; each stops at the most a record holds (``state.TOKEN_MAX``, ``state.SKILL_MAX``, far
beyond any game: random games reach 22 and 6), so that no game plays into a save its own load
refuses (RULES.md, "Components")."""
from ..common.jit import rule
from .state import SKILL_MAX, TOKEN_MAX


@rule
def gain_tokens(s, seat, kind, n):
    s['tokens'][seat, kind] = min(s['tokens'][seat, kind] + n, TOKEN_MAX)


@rule
def gain_skill(s, seat, k):
    s['skills'][seat, k] = min(s['skills'][seat, k] + 1, SKILL_MAX)


@rule
def gain_grit(s, seat, n):
    s['grit'][seat] = min(s['grit'][seat] + n, TOKEN_MAX)


@rule
def gain_neg_vp(s, seat):
    s['neg_vp'][seat] = min(s['neg_vp'][seat] + 1, TOKEN_MAX)
