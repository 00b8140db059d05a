"""One heuristic per game: ``agents/heuristics/<game folder>.py`` defines ``HEURISTIC``, an
:class:`~frontierzoo.agents.base.Agent` class taking ``seed``, for the game of the same folder name.

They are found by file name, not listed: a new game's heuristic is one new file here, imported only
when an agent of that game is made (a heuristic may compile code of its own).

A heuristic whose numbers training/tune.py can train also defines ``WEIGHT_NAMES``, the hand-set
``WEIGHTS``, ``TUNE_SEATS`` (the seats they train at unless told), ``play_against_heuristic(weights,
seeds, num_players)`` and ``TUNED_HEURISTIC``, the class of the ``"tuned"`` agent that reads the
trained ones from ``agents/models/<folder>_tuned.json``.

A heuristic may also guide the tree search from inside its compiled code (``agents/mcts.py``):
compiled ``rollout_action(s, mask, n, rng)``, ``prior(s, mask, n, p)`` and ``leaf_values(s,
num_players, out)``, and ``ROLLOUT_STEPS``, any of them. The search's cached code is keyed by a
digest of this module's own file, so a guide's code lives in it; an agent class may live in a
file beside it (``frontier.py`` is Frontier's guide and names its agent from ``frontier_advice.py``).
"""
from __future__ import annotations

import importlib
import os
import types
import json
import pkgutil
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from frontierzoo.envs import all_games
from frontierzoo.envs.common.registry import warn_if_other_rules

from ..learned import MODELS

if TYPE_CHECKING:
    from frontierzoo.envs.common.game import Game

    from ..base import Agent

# A heuristic with weights can be trained (training/tune.py); its trained weights are a file of
# plain numbers by name, bundled as ``agents/models/<game folder>_tuned.json``.
WEIGHTS_FORMAT = "frontierzoo-weights-1"


@lru_cache(maxsize=None)
def heuristic_modules() -> MappingProxyType[str, str]:
    """``{env name: module name}`` of every game that has a heuristic file here (read-only).
    Looked up once a process: listing the folder cost ~1 ms, and every heuristic made asks it (the
    arena makes thousands: 2.1 s of a 42 s Fantasy Frontier profile)."""
    files = {m.name for m in pkgutil.iter_modules(__path__)}
    return MappingProxyType({game.name: f"{__name__}.{game.folder}" for game in all_games() if game.folder in files})


def heuristic_module(game_name: str) -> types.ModuleType:
    """The module of ``game_name``'s heuristic (imported on first use)."""
    module = heuristic_modules().get(game_name)
    if module is None:
        raise ValueError(f"no heuristic for {game_name}")
    return importlib.import_module(module)


def tunable_games() -> dict[str, int]:
    """``{env name: seats}`` of every game whose heuristic has weights to train (it defines
    ``WEIGHT_NAMES``), with the seats they train at by default (its ``TUNE_SEATS``)."""
    return {name: module.TUNE_SEATS for name in heuristic_modules()
            if hasattr(module := heuristic_module(name), "WEIGHT_NAMES")}


def make_heuristic(game_name: str, seed: int | None = None, **kwargs: Any) -> Agent:
    """The heuristic agent of ``game_name``."""
    return heuristic_module(game_name).HEURISTIC(seed=seed, **kwargs)


def tuned_file(game: Game) -> Path:
    """Where ``game``'s bundled trained heuristic weights lie (they may not)."""
    return MODELS / f"{game.folder}_tuned.json"


class NamedWeights:
    """A heuristic's numbers by name: checking a vector of them, reading a weights file of them,
    and where the game's trained ones are bundled (``tuned``, which may not exist)."""

    def __init__(self, game: Game, names: Sequence[str], what: str) -> None:
        self.game, self.names, self.what = game, tuple(names), what
        self.tuned = tuned_file(game)

    def check(self, weights: Sequence[float] | np.ndarray) -> np.ndarray:
        """``weights`` as a float64 vector, one finite number per name, else ``ValueError``
        naming what they are and the names."""
        try:
            w = None if isinstance(weights, (str, bytes)) else np.asarray(weights, dtype=np.float64)
        except (TypeError, ValueError):
            w = None
        if w is None or w.shape != (len(self.names),) or not np.all(np.isfinite(w)):
            raise ValueError(f"{self.what} must be {len(self.names)} finite numbers ({', '.join(self.names)}), "
                             f"got {weights!r}")
        return np.ascontiguousarray(w)

    def load(self, path: str | os.PathLike) -> np.ndarray:
        """The weights a ``<game>_tuned.json`` holds (training/tune.py writes them): plain numbers,
        checked one by one; ``ValueError`` if the file is not such a file for this game, a warning
        if it was trained on other rules (its ``"rules"``, the rules' fingerprint)."""
        try:
            d = json.loads(Path(path).read_text())
        except (OSError, ValueError) as e:
            raise ValueError(f"{path}: not a readable weights file ({e})") from None
        if not isinstance(d, dict) or d.get("format") != WEIGHTS_FORMAT or d.get("game") != self.game.name:
            raise ValueError(f"{path}: not a {WEIGHTS_FORMAT} file for {self.game.name}")
        named = d.get("weights")
        if not isinstance(named, dict) or sorted(named) != sorted(self.names):
            raise ValueError(f"{path}: the weights must name exactly {', '.join(self.names)}")
        weights = self.check([named[k] for k in self.names])
        warn_if_other_rules(d.get("rules"), self.game, path)
        return weights
