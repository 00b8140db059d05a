"""Views of the observation that a policy network adds to it before its first layer: fixed gathers
from the observation itself, no weights, no facts the observation does not hold.

``airship_window`` (Fantasy Frontier): the board's cells within ``radius`` of the observer's own
airship, in the airship's frame: entry k is always the cell at the same hex offset from the
airship, whichever of the 469 cells it stands on. The heuristic's flights and gathers are
decisions about the tiles round the airship ("gather on the neighbour that yields what a township
still needs"); an MLP over the flat board has to learn each of them again for every cell the
airship can stand on, and behaviour cloning measured it (``benchmarks/imitation.py``): fitted to
the same 180,000 of the heuristic's decisions for 10 passes, the plain 2x256 MLP agreed with it on
82.7% of 20,000 held-out decisions (its gathers 43.8%, its flights 25.7%) and its most likely move
won 10.0% of 200 games against it; the same MLP over the observation and this window (radius 4)
85.4% (gathers 67.8%, flights 33.2%) and 17.0% (``benchmarks/RESULTS.md``).

``corner_production`` (Frontier): what a village on each corner would produce of each resource,
the pips of its hexes' numbers by their terrain's resource (:class:`CornerProduction`). Measured,
it buys a clone nothing: 69.2% held-out agreement against 69.4% without it, villages 53.4% against
55.8%. A village, a road or the bandit is 1-2% of the heuristic's decisions, some 2,000 of each in
180,000; what an MLP learns for one corner it does not carry to the next, and no input view
changes that (a scorer shared by every corner would).

A policy description names its view in ``"features"`` (``{"name": "airship_window", "radius": 4}``);
:func:`check_features` checks it, :func:`build_features` makes the module, whose output width
:func:`features_width` gives. The trainer puts the same module in front of its MaskablePPO policy
(:class:`FeaturesExtractor`), so what is trained is what the description rebuilds.
"""
from __future__ import annotations

import os
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from frontierzoo.envs.fantasy_frontier import state as fantasy_frontier
from frontierzoo.envs.frontier import state as frontier

WINDOW_RADIUS = 4   # the airship's flights are 3 moves and a drift: where it can be next turn, and round it


class View(nn.Module):
    """A view: ``forward(observations)`` is the observations with ``extra`` numbers more a row.
    ``name`` and ``game`` say what a description's ``"features"`` names; ``defaults`` are its
    parameters as the trainer records them, :meth:`check` what a description may set them to."""

    name: str
    game: str
    defaults: dict[str, Any] = {}
    extra: int

    @classmethod
    def check(cls, params: dict, where: str | os.PathLike) -> None:
        """``ValueError`` unless ``params`` are this view's, with values it can take."""
        if set(params) != set(cls.defaults):
            raise ValueError(f"{where}: the view {cls.name!r} takes {sorted(cls.defaults) or 'no parameters'}, "
                             f"got {sorted(params)}")

    @classmethod
    def extra_width(cls, params: dict) -> int:
        """The numbers the view adds to a row, with these (checked) parameters."""
        return cls(**params).extra


class AirshipWindow(View):
    """The observation, then Fantasy Frontier's board cells within ``radius`` of my airship (their
    cell features, in the airship's frame; zeros off the window and before the airship is placed)."""

    name = "airship_window"
    game = "fantasy_frontier_v1"
    defaults = {"radius": WINDOW_RADIUS}

    def __init__(self, radius: int = WINDOW_RADIUS) -> None:
        super().__init__()
        S = fantasy_frontier
        self.radius = radius
        self.offsets = offsets = sorted(((dq, dr) for dr in range(-radius, radius + 1) for dq in range(-radius, radius + 1)
                                         if max(abs(dq), abs(dr), abs(dq + dr)) <= radius),
                                        key=lambda o: (max(abs(o[0]), abs(o[1]), abs(o[0] + o[1])), o[1], o[0]))
        # window[c, k]: the cell at offset k from cell c; row CELLS (no airship) and cells off the
        # board point at CELLS, a row of zeros appended to the board
        window = np.full((S.CELLS + 1, len(offsets)), S.CELLS, np.int64)
        for c in range(S.CELLS):
            for k, (dq, dr) in enumerate(offsets):
                q, r = S.CELL_Q[c] + dq, S.CELL_R[c] + dr
                if max(abs(q), abs(r), abs(q + r)) <= S.RADIUS:
                    window[c, k] = S.CELL_AT[q + S.RADIUS, r + S.RADIUS]
        self.register_buffer("window", torch.as_tensor(window), persistent=False)
        self.board = slice(S.OBS_BOARD.start, S.OBS_BOARD.stop)
        self.cells, self.cell_features, self.my_ship = S.CELLS, S.CELL_FEATURE.size, S.C_SHIP.start
        self.extra = self.extra_width({"radius": radius})

    @classmethod
    def check(cls, params: dict, where: str | os.PathLike) -> None:
        super().check(params, where)
        r = params["radius"]
        if not (isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= fantasy_frontier.RADIUS):
            raise ValueError(f"{where}: the radius of {cls.name!r} must be an int in 1..{fantasy_frontier.RADIUS}, got {r!r}")

    @classmethod
    def extra_width(cls, params: dict) -> int:
        """The window's 3r(r+1)+1 cells' features."""
        r = params["radius"]
        return (3 * r * (r + 1) + 1) * fantasy_frontier.CELL_FEATURE.size

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        board = observations[:, self.board].reshape(-1, self.cells, self.cell_features)
        ship = board[:, :, self.my_ship]                     # seat (me + 0)'s airship, one-hot over cells
        at = torch.where(ship.amax(1) > 0, ship.argmax(1), self.cells)
        padded = torch.cat([board, board.new_zeros(board.shape[0], 1, self.cell_features)], 1)
        cells = self.window[at]
        seen = padded.gather(1, cells[:, :, None].expand(-1, -1, self.cell_features))
        return torch.cat([observations, seen.flatten(1)], 1)


class CornerProduction(View):
    """The observation, then what a village on each of Frontier's 54 corners would produce of each
    resource: the pips of the numbers on its (up to three) hexes, by their terrain's resource,
    over 15 (three hexes of 5 pips). The heuristic places villages, roads towards them and the
    bandit by these sums; the flat observation holds each hex's terrain and number apart, so an
    MLP has to learn the product of the two and the board's corner-hex adjacency by itself."""

    name = "corner_production"
    game = "frontier_v0"

    def __init__(self) -> None:
        super().__init__()
        S = frontier
        resource = np.zeros((S.NUM_TERRAINS, S.NUM_RESOURCES), np.float32)   # terrain -> its resource
        for t, r in enumerate(S.TERRAIN_RESOURCE):
            if r >= 0:
                resource[t, r] = 1
        touches = np.zeros((S.NUM_CORNERS, S.NUM_HEXES), np.float32)          # corner -> its hexes
        for c, hexes in enumerate(S.CORNER_HEXES):
            touches[c, hexes[hexes >= 0]] = 1
        self.register_buffer("resource", torch.as_tensor(resource), persistent=False)
        self.register_buffer("pips", torch.as_tensor(S.PIPS[S.MIN_THROW:S.MAX_THROW + 1].astype(np.float32)),
                             persistent=False)
        self.register_buffer("touches", torch.as_tensor((touches / (3 * S.PIPS.max())).astype(np.float32)),
                             persistent=False)
        self.hexes = slice(S.OBS_HEXES.start, S.OBS_HEXES.stop)
        self.hex_size, self.terrain, self.number = S.HEX.size, S.F_TERRAIN, S.F_NUMBER
        self.extra = S.NUM_CORNERS * S.NUM_RESOURCES

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        hexes = observations[:, self.hexes].reshape(observations.shape[0], -1, self.hex_size)
        pips = hexes[:, :, self.number.start:self.number.stop] @ self.pips                     # (B, hexes)
        produce = (hexes[:, :, self.terrain.start:self.terrain.stop] @ self.resource) * pips[:, :, None]
        return torch.cat([observations, (self.touches @ produce).flatten(1)], 1)


FEATURES: dict[str, type[View]] = {v.name: v for v in (AirshipWindow, CornerProduction)}


def default_spec(name: str, game_name: str, where: str | os.PathLike) -> dict:
    """The view ``name`` of ``game_name`` as the trainer records it (``ValueError`` otherwise)."""
    spec = {"name": name, **(FEATURES[name].defaults if name in FEATURES else {})}
    check_features(spec, game_name, where)
    return spec


def check_features(spec: Any, game_name: str, where: str | os.PathLike) -> None:
    """``ValueError`` unless ``spec`` (a description's ``"features"``) names a view of ``game_name``
    with parameters it can take."""
    if not (isinstance(spec, dict) and spec.get("name") in FEATURES):
        raise ValueError(f"{where}: 'features' must be {{'name': one of {sorted(FEATURES)}, ...its parameters}}, "
                         f"got {spec!r}")
    view = FEATURES[spec["name"]]
    if view.game != game_name:
        raise ValueError(f"{where}: the view {spec['name']!r} is of {view.game}, not {game_name}")
    view.check({k: v for k, v in spec.items() if k != "name"}, where)


def build_features(spec: dict) -> View:
    """The module the checked ``spec`` names."""
    return FEATURES[spec["name"]](**{k: v for k, v in spec.items() if k != "name"})


def features_width(spec: dict | None, observation_size: int) -> int:
    """The width the first hidden layer reads: the observation's, and the view's where there is one."""
    if spec is None:
        return observation_size
    return observation_size + FEATURES[spec["name"]].extra_width({k: v for k, v in spec.items() if k != "name"})


class FeaturesExtractor(BaseFeaturesExtractor):
    """The view ``spec`` as SB3's features extractor (the trainer's ``--features``): the policy's
    MLP then reads what the description's network rebuilds."""

    def __init__(self, observation_space: gym.spaces.Box, spec: dict) -> None:
        view = build_features(spec)
        super().__init__(observation_space, int(observation_space.shape[0]) + view.extra)
        self.spec, self.view = dict(spec), view

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return self.view(observations)
