"""The game registry: every game folder under ``envs/`` is found, imported and registered.

A folder is a game when it is a package whose ``__init__.py`` defines ``GAME`` (a
:class:`~frontierzoo.envs.common.game.Game`). Nothing lists the games: adding the folder is enough.
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import types
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .aec import FrontierZooEnv
    from .game import Game

_GAMES: dict[str, Game] = {}
_MODULES: dict[str, types.ModuleType] = {}
_RETIRED: dict[str, tuple[Game, str]] = {}     # an earlier version's name -> (the game now, what changed)


class RetiredGameError(ValueError):
    """An earlier version of a game was asked for: it says what changed and names the version now."""


def retired_message(old: str) -> str:
    game, what = _RETIRED[old]
    return (f"{old} is retired: {what} Use {game.name} (CHANGELOG.md); a save or policy of {old} does "
            f"not load in {game.name}.")


def _retired_module(package_name: str, old: str):
    """What ``from frontierzoo.envs import <old>`` gives, as PettingZoo's deprecated envs do: a module
    whose every public name raises :class:`RetiredGameError`."""
    module = types.ModuleType(f"{package_name}.{old}", retired_message(old))

    def __getattr__(attr):
        if attr.startswith("_"):            # the import system's and tools' probes
            raise AttributeError(attr)
        raise RetiredGameError(retired_message(old))

    module.__getattr__ = __getattr__
    return module


def register(game: Game, module: types.ModuleType | None = None) -> Game:
    """Add a game under its environment name; registering a second game of that name is a bug."""
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    _GAMES[game.name] = game
    if module is not None:
        _MODULES[game.name] = module
    _register_with_gymnasium(game)
    return game


GYMNASIUM_NAMESPACE = "frontierzoo"


def _register_with_gymnasium(game) -> None:
    """``gymnasium.make("frontierzoo/<game>")``: the single-agent self-play view of the game
    (``training/wrappers.py``'s ``SelfPlayEnv``: the learner at one seat, ``opponents`` at the
    others), with its keywords. Only the name is registered here: the view's module (which seats
    agents) is imported when an env is made, so importing the games imports no agent."""
    import gymnasium

    env_id = f"{GYMNASIUM_NAMESPACE}/{game.name}"
    if env_id not in gymnasium.registry:
        gymnasium.register(id=env_id, entry_point="frontierzoo.training.wrappers:SelfPlayEnv",
                           kwargs={"game_name": game.name})


def discover(package: types.ModuleType) -> tuple[dict[str, types.ModuleType], dict[str, types.ModuleType]]:
    """Import every game folder of ``package`` (``frontierzoo.envs``), register its ``GAME``, and
    make the folder importable under the environment name too (``frontierzoo.envs.forfort_v0``,
    PettingZoo's convention); the names of a game's earlier versions import as modules that raise
    :class:`RetiredGameError`. Returns ``{env name: module}`` and ``{retired name: module}``."""
    found, retired = {}, {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name == "common" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is None:
            continue
        register(game, module)
        sys.modules[f"{package.__name__}.{game.name}"] = module
        found[game.name] = module
        for old, what in game.retired.items():
            _RETIRED[old] = (game, what)
            retired[old] = sys.modules[f"{package.__name__}.{old}"] = _retired_module(package.__name__, old)
    return found, retired


def get_game(name: str) -> Game:
    """The registered game of that name; ``ValueError`` naming the registered ones otherwise."""
    import frontierzoo.envs  # noqa: F401  (importing the package registers every game)

    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        if isinstance(name, str) and name in _RETIRED:
            raise RetiredGameError(retired_message(name)) from None
        raise ValueError(f"unknown game {name!r}; registered games: {sorted(_GAMES)}") from None


def game_module(name: str) -> types.ModuleType:
    """The module of a registered game (``env``, ``vector_env``, ``random_rollouts``, ...)."""
    get_game(name)
    return _MODULES[name]


def rules_fingerprint(game: Game) -> str:
    """A digest of the game's rules (its folder and the engine), as the compile cache keys them:
    a trained model or weights file records it, so that loading it against other rules says so."""
    from .cache import folder_fingerprint

    return folder_fingerprint(str(Path(game_module(game.name).__file__).parent))[:16]  # type: ignore[arg-type]


def warn_if_other_rules(recorded: str | None, game: Game, where: str | os.PathLike) -> None:
    """Warn that the file ``where``, trained on ``game``, may play worse than its recorded strength
    when the rules' fingerprint it ``recorded`` (its ``"rules"``; None: it records none) is not
    these rules'. A warning, not an error: the file still loads and plays."""
    now = rules_fingerprint(game)
    if recorded != now:
        what = "records no rules' fingerprint" if recorded is None else \
            f"was trained on other rules of {game.name} (fingerprint {recorded}, now {now})"
        warnings.warn(f"{where} {what}: it may play worse than its recorded strength", stacklevel=3)


def all_games() -> list[Game]:
    """Every registered game, by name."""
    import frontierzoo.envs  # noqa: F401

    return [_GAMES[k] for k in sorted(_GAMES)]


def make(name: str, **kwargs: Any) -> FrontierZooEnv:
    """``make("forfort_v0", num_players=3)``: the game's AEC env, as its ``env()`` makes it."""
    from .aec import FrontierZooEnv

    return FrontierZooEnv(get_game(name), **kwargs)
