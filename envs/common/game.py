"""The contract between a game's jitted core and everything above it.

A game is one folder under ``envs/``. Its ``core.py`` holds ``@njit(cache=True)`` kernels over one
state record (a NumPy structured scalar of the game's fixed dtype); its ``env.py`` describes the
game to the rest of the library with a :class:`Game`. The generic AEC env, the vector env, the
rollouts, the conformance tests, the agents and the command-line tool know games only through it.

Kernels every core provides (``s`` is one record; a batch is a 1-D array of records):

=============================================  ==================================================
``init(s, num_players, opts, seed)``           set up a game; ``opts`` is the int64 option vector
                                               from :meth:`Game.options`; all randomness from
                                               ``s['rng']`` seeded with ``seed`` (uint64)
``to_act(s) -> int``                           the seat that must decide now; -1 once the game is
                                               over
``legal_mask(s, mask) -> int``                 fill the bool mask over all ``num_actions``;
                                               return the number of legal actions
``apply(s, action)``                           apply one legal decision, then every chance event
                                               and automatic step up to the next decision
``observe(s, seat, out)``                      that seat's float32 observation, seat-relative,
                                               with only what that seat may know
``state_vector(s, out)``                       the full-information float32 vector (for
                                               centralised critics)
``rewards(s, out)``                            per-seat reward of the last ``apply``: +1 each
                                               winner, -1 each loser at the end, else 0
``scores(s, out)``                             each seat's public score now (for ``reward="vp"``)
``determinize(s, seat)``                       re-deal from ``s['rng']`` all that ``seat`` cannot
                                               see, keeping all it can see and every count
``step_count(s) -> int``                       decisions applied since ``init``
``check_invariants(s) -> int``                 0 while the game's invariants hold, else a code
                                               naming the first broken one (see
                                               ``Game.invariant_names``); the fuzz calls it after
                                               every step
=============================================  ==================================================
"""
from __future__ import annotations

import numpy as np


class Game:
    """Describes one game to the library. A game's ``env.py`` defines one subclass instance.

    Subclasses set the class attributes and implement :meth:`options`, :meth:`describe_action`
    and the renderers; the kernels live in ``core``.
    """

    name: str = ""                  # the environment name, e.g. "forfort_v0"
    core = None                     # the module with the jitted kernels listed above
    dtype: np.dtype = None          # the state record's dtype
    num_actions: int = 0            # size of the flat Discrete action space
    obs_size: int = 0               # length of observe()'s vector
    state_size: int = 0             # length of state_vector()'s vector
    player_counts: tuple = ()       # seat counts the rules allow, e.g. (2, 3, 4)
    default_players: int = 2
    invariant_names: dict = {}      # check_invariants code -> what broke

    def configs(self) -> list:
        """Every seat count and option combination the conformance kit must test, as kwargs."""
        return [{"num_players": n} for n in self.player_counts]

    def options(self, num_players: int, **kwargs) -> np.ndarray:
        """Check the constructor's game options and encode them as the int64 vector ``init`` takes.

        Raises ``ValueError`` naming the legal range of anything out of range, and ``TypeError``
        for an option this game does not have.
        """
        raise NotImplementedError

    def check_players(self, num_players) -> int:
        if not isinstance(num_players, (int, np.integer)) or int(num_players) not in self.player_counts:
            raise ValueError(
                f"{self.name}: num_players must be one of {list(self.player_counts)}, got {num_players!r}"
            )
        return int(num_players)

    def perturb_private(self, s, seat, rng) -> bool:
        """Change, in place, something only ``seat`` may see (e.g. swap a hand card with an unseen
        one), keeping every public fact; return False if ``seat`` has nothing private now.

        The conformance kit uses it to prove the hidden-information test can fail: the change
        must show in ``seat``'s observation and in no other seat's.
        """
        raise NotImplementedError

    def events(self, before, after) -> list:
        """What happened between two records without a decision (dice, draws, a new turn), in
        words, for transcripts; a game without such steps keeps this default."""
        return []

    def describe_action(self, s, action: int) -> str:
        """Words a person understands for ``action`` in the position ``s`` (the record)."""
        raise NotImplementedError

    def render_text(self, s, seat=None) -> str:
        """The position as text; ``seat`` hides what that seat may not see (None shows all)."""
        raise NotImplementedError

    def render_rgb(self, s) -> np.ndarray:
        """The position as an RGB picture (H, W, 3) uint8; imports matplotlib only when called."""
        raise NotImplementedError
