"""The game registry: every implemented game registers its :class:`Game` here on import."""
from __future__ import annotations

_GAMES: dict = {}


def register(game):
    """Add a game under its environment name; registering a second game of that name is a bug."""
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    _GAMES[game.name] = game
    return game


def get_game(name: str):
    """The registered game of that name; ``ValueError`` naming the registered ones otherwise."""
    import frontierzoo.envs  # noqa: F401  (importing the package registers every game)

    try:
        return _GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; registered games: {sorted(_GAMES)}") from None


def all_games() -> list:
    """Every registered game, by name."""
    import frontierzoo.envs  # noqa: F401

    return [_GAMES[k] for k in sorted(_GAMES)]


def make(name: str, **kwargs):
    """``make("forfort_v0", num_players=3)``: the game's AEC env, as its ``env()`` makes it."""
    from .aec import FrontierZooEnv

    return FrontierZooEnv(get_game(name), **kwargs)
