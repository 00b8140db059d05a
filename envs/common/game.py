"""The contract between a game's compiled core and everything above it.

A game is one folder under ``envs/`` (the guide: ``envs/ADDING_A_GAME.md``). Its rules are
compiled functions over one state record (a NumPy structured scalar whose dtype extends the
engine's header, ``record.py``); its ``env.py`` describes the game to the rest of the library
with a :class:`Game`. The generic AEC env, the vector env, the rollouts, the conformance tests,
the agents, the arena, the bench and the command-line tool know games only through it.

Kernels every game provides (``@kernel``; ``s`` is one record, a batch is a 1-D array of them):

=============================================  ==================================================
``init(s, opts)``                              set up a game in a record the engine has zeroed,
                                               seeded (``s['rng']``) and seated
                                               (``s['num_players']``); ``opts`` is the int64
                                               option vector from :meth:`Game.options`; sets
                                               ``s['actor']``
``legal_mask(s, mask) -> int``                 fill the bool mask over all ``num_actions``
                                               (every entry written: the engine hands it a
                                               row that holds the last step's mask);
                                               return the number of legal actions
``apply(s, action)``                           apply one legal decision of ``s['actor']``, then
                                               every chance event and automatic step up to the
                                               next decision; set ``s['actor']`` (-1 at the end)
                                               and, at the end, ``s['last_rewards']`` (the engine
                                               counts ``steps`` and clears the rewards first)
``observe(s, seat, out) -> int``               that seat's float32 observation, seat-relative,
                                               with only what that seat may know, block by block
                                               as the game's ``OBSERVATION`` layout declares,
                                               every entry written (clear ``out`` first);
                                               return the length written (``obs_size``)
``state_vector(s, out)``                       the full-information float32 vector (for
                                               centralised critics)
``scores(s, out)``                             each seat's public score now (for ``reward="vp"``)
``determinize(s, seat)``                       re-deal from ``s['rng']`` all that ``seat`` cannot
                                               see, keeping all it can see and every count;
                                               only fields named in ``HIDDEN_FIELDS`` may change
``check_invariants(s) -> int``                 0 while the game's invariants hold, else a code
                                               naming the first broken one (see
                                               ``Game.invariant_names``)
=============================================  ==================================================

``to_act``, ``step_count`` and ``rewards`` read the header and are the engine's
(``record.py``), the same for every game.
"""
from __future__ import annotations

import textwrap

import numpy as np


class Game:
    """Describes one game to the library. A game's ``env.py`` defines one subclass instance,
    ``GAME``; the folder's ``__init__.py`` turns it into the PettingZoo-style module.

    Subclasses set the class attributes and implement :meth:`options`, :meth:`describe_action`
    and put its pictures in ``render.py``; the kernels live in ``core``.
    """

    name: str = ""                  # the environment name, e.g. "forfort_v0"
    title: str = ""                 # one line for the docstring and the README's table
    core = None                     # the module that exports the kernels listed above
    dtype: np.dtype = None          # the state record's dtype (record.record_dtype)
    actions = None                  # the action Layout (layout.py): named ranges
    observation = None              # the observation Layout: named blocks
    hidden_fields: tuple = ()       # record fields some seat may not see (determinize re-deals)
    state_size: int = 0             # length of state_vector()'s vector
    player_counts: tuple = ()       # seat counts the rules allow, e.g. (2, 3, 4)
    default_players: int = 2
    option_defaults: dict = {}      # the game's own constructor options and their defaults
    options_doc: str = ""           # what those options mean, for the docstring
    rewards_doc: str = ("At the end +1 to each winner and -1 to each loser; 0 before. "
                        "``reward=\"vp\"`` adds each step's change in the seat's score margin.")
    version_history: tuple = ("v0: first release.",)
    # The names of earlier versions (e.g. "frantic_v0") -> what changed since: asking for one raises
    # RetiredGameError saying so and naming this version (registry.py).
    retired: dict = {}
    # Why there is no parallel_env() (None: the game has one). PettingZoo's aec_to_parallel needs
    # every live seat to act exactly once per cycle, in a fixed order; a game whose turn is a chain
    # of decisions by one seat, interrupted by off-turn decisions, cannot be played that way.
    no_parallel_reason: str = ("a turn is a chain of decisions by one seat, and off-turn decisions "
                               "interrupt it, so the seats do not each act once per cycle as PettingZoo's "
                               "aec_to_parallel requires; use env() (or vector_env() for batches)")
    # A game with a parallel env: the action a seat with nothing to decide in a step takes there, its
    # only legal one (masked samplers need one), which does nothing and the AEC env never offers.
    wait_action: int = None
    invariant_names: dict = {}      # check_invariants code -> what broke
    field_ranges: dict = {}         # record field -> (lo, hi): a loaded record is refused outside
    # Tighter ranges a live game's fields keep (record field -> (lo, hi)), where the rules end the
    # game before a counter passes its range (Fantasy Frontier's 100th round): a game loaded at the
    # top of its live range never plays into a save its own load refuses (saves.check_record).
    live_ranges: dict = {}
    # Record fields ``init`` sets from the options alone and nothing changes after: a loaded record
    # must hold what its header's options deal (a save of the two-axis game relabelled four-axis
    # would otherwise play by one rule and report the other).
    option_fields: tuple = ()

    # Per-game settings read by the tools (a new game states its own; nothing outside reads names)
    golden_cases: tuple = ()        # (config, env seed, policy seed) of each golden playthrough
    arena_games: int = 100          # games per pairing in `frontierzoo arena` by default
    arena_limits: dict = {}         # agent name -> seat counts it plays by default (slow agents)
    bench_peers: tuple = ()         # extra peers `frontierzoo bench` measures beside this game
    # bench targets: "rollout_steps_per_s", "vector_steps_per_s" (absolute); "aec_vs" and
    # "rollout_games_vs": {peer: least ratio} of our AEC decisions/s over the peer's steps/s, and of
    # our rollout games/s over the peer's games/s (peers: benchmarks/throughput.py's PEERS). The
    # start-up targets are every game's alike (benchmarks/throughput.py's TARGET_COLD, TARGET_CACHED).
    bench_targets: dict = {}

    @property
    def folder(self) -> str:
        """The game's folder under ``envs/`` (its package name), e.g. ``"forfort"``."""
        parts = type(self).__module__.split(".")
        return parts[parts.index("envs") + 1]

    @property
    def num_actions(self) -> int:
        return self.actions.size

    @property
    def obs_size(self) -> int:
        return self.observation.size

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
        if (isinstance(num_players, (bool, np.bool_)) or not isinstance(num_players, (int, np.integer))
                or int(num_players) not in self.player_counts):
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

    def events(self, before, after, viewer=None) -> list:
        """What happened between two records without a decision (dice, draws, a new turn), in
        words, for transcripts and human play; ``viewer`` (a seat) hears it in its own words ("your
        camp on SW is destroyed") and never hears what it may not see; None: the neutral
        narrator's words, everything public. A game without such steps keeps this default."""
        return []

    def describe_action(self, s, action: int, viewer=None) -> str:
        """Words a person understands for ``action`` in the position ``s`` (the record), said to
        ``viewer`` (a seat: "player_1 builds on SW of your fort"); None: in the words of the seat
        to act ("build ... on SW of my fort")."""
        raise NotImplementedError

    # The pictures. A game's ``render.py`` (next to its ``env.py``) provides ``render_text(s, seat)``
    # and ``render_figure(s, seat, last)``; these find it there, so a game's ``env.py`` says nothing
    # of them. ``seat`` None is the full view (every hand shown, and the picture says so); a seat
    # number that seat's view: its own hidden cards and nobody else's. ``last``: the last decision
    # and what followed it, as lines (``common/render.last_words``).
    def _renderer(self):
        import importlib

        return importlib.import_module(type(self).__module__.rsplit(".", 1)[0] + ".render")

    def render_text(self, s, seat=None) -> str:
        """The position as text; ``seat`` hides what that seat may not see (None shows all)."""
        return self._renderer().render_text(s, seat)

    def render_figure(self, s, seat=None, last=()):
        """The position as a matplotlib Figure on its own Agg canvas (no pyplot, the user's backend
        untouched); imports matplotlib only when called."""
        return self._renderer().render_figure(s, seat, tuple(last))

    def action_place(self, s, action: int):
        """The place on the picture that ``action`` is played at (the gid of what is drawn there,
        such as "corner-12"), where a click on the board picks it; None for a move with no place
        (a game's ``render.py`` names them, in ``action_place(s, action)``, where it has them)."""
        place = getattr(self._renderer(), "action_place", None)
        return None if place is None else place(s, int(action))

    def render_rgb(self, s, seat=None, last=(), dpi=None) -> np.ndarray:
        """The position as an RGB picture (H, W, 3) uint8 (``dpi``: pixels an inch, default 100)."""
        from .render import figure_to_rgb

        fig = self.render_figure(s, seat, last)
        if dpi is not None:
            fig.set_dpi(dpi)
        return figure_to_rgb(fig)

    def render_svg(self, s, seat=None, last=()) -> str:
        """The position as SVG text: vector, sharp at any size; its words are text elements (the
        viewer lays them out, in matplotlib's font where it has it)."""
        from .render import figure_to_svg

        return figure_to_svg(self.render_figure(s, seat, last))

    def spec_rows(self) -> list:
        """PettingZoo's spec table of the game, as (key, value) rows: the module docstring's and
        the documentation site's."""
        seats = ", ".join(map(str, self.player_counts))
        return [("Import", f"``from frontierzoo.envs import {self.name}``"), ("Actions", "Discrete"),
                ("Parallel API", "No (see below)" if self.no_parallel_reason else "Yes: ``parallel_env()``"),
                ("Manual control", f"``frontierzoo play {self.name}``"),
                ("Agents", f"``['player_0', 'player_1', ...]`` ({seats} seats)"),
                ("Action shape", "(1,)"), ("Action values", f"Discrete({self.num_actions})"),
                ("Observation shape", f"({self.obs_size},) float32, plus an int8 action mask")]

    def module_doc(self, intro: str) -> str:
        """The PettingZoo docstring of the game's module: ``intro``, the spec table, options,
        observation and action layouts (generated from their declarations), rewards, versions."""
        rows = self.spec_rows()
        w = max(len(k) for k, _ in rows)
        v = max(len(x) for _, x in rows)
        spec = [f"| {k.ljust(w)} | {x.ljust(v)} |" for k, x in rows]
        spec.insert(1, f"|{'-' * (w + 2)}|{'-' * (v + 2)}|")
        def indent(text):
            """Indented by four, prose wrapped at 100 columns (tables kept as they are)."""
            out = []
            for line in text.splitlines():
                if line.startswith(("=", " ")) or len(line) <= 96:
                    out.append("    " + line if line else "")
                else:
                    out += textwrap.wrap(line, 100, initial_indent="    ", subsequent_indent="    ")
            return "\n".join(out)
        parts = [intro.strip(), "", *spec, ""]
        if self.options_doc:
            parts += ["Options", indent(self.options_doc.strip()), ""]
        parts += [
            "Observation",
            indent(f"A dict ``{{\"observation\": float32[{self.obs_size}], \"action_mask\": "
                   f"int8[{self.num_actions}]}}``. The vector is seat-relative (the observer first, then "
                   "the others in turn order) and holds only what that seat may know; its blocks:"),
            "", indent(self.observation.table()), "",
            "Action mask",
            indent("``action_mask[a] == 1`` for the legal actions of the agent to act, all zeros for "
                   "the others; ``env.action_masks()`` gives it as bool for sb3-contrib. The ranges:"),
            "", indent(self.actions.table()), "",
            "Rewards", indent(self.rewards_doc), "",
            *(["Parallel API", indent(f"No ``parallel_env()``: {self.no_parallel_reason}."), ""]
              if self.no_parallel_reason else []),
            "Version History", indent("\n".join(self.version_history)), "",
        ]
        return "\n".join(parts)
