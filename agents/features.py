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

``airship_prospects`` (Fantasy Frontier): the window, then what each flight and each gather
promises by the heuristic's own measures (:class:`AirshipProspects`): a unit's worth on each
terrain, and for each way a flight can start the best cell it reaches this phase. The window left
the copy's flights at 33% agreement: the heuristic flies by a search over paths.

``corner_production`` (Frontier): what a village on each corner would produce of each resource,
the pips of its hexes' numbers by their terrain's resource (:class:`CornerProduction`). Measured,
it buys a clone nothing: 69.2% held-out agreement against 69.4% without it, villages 53.4% against
55.8%. A village, a road or the bandit is 1-2% of the heuristic's decisions, some 2,000 of each in
180,000; what an MLP learns for one corner it does not carry to the next, and no input view
changes that; the scorers below, shared by every corner, edge and hex, read this view.

``building_needs`` (Frontier): ``corner_production``, then what the seat's own hand lacks and holds
beyond each piece, and where a village of its own may stand (:class:`BuildingNeeds`). A copy of
the heuristic over it asks for the card the heuristic asks for on 97.5% of held-out decisions
(90.0% over ``corner_production``) and builds its roads where it would on 48% (35%).

**Scorers shared across places** (:class:`PlaceScorers`, ``--scorers HIDDEN``): a view may name
kinds of place, each with what its scorer reads there and the actions its scores add to
(:meth:`View.places`; ``corner_production``: Frontier's corners, edges and hexes). One small
network per kind rates every place of that kind from what is on and next to it and the policy's
last hidden layer, and its score is added to the logits of building there. Behaviour cloning
measured why (a one-off script, ``benchmarks/RESULTS.md``): with them a copy of Frontier's
heuristic placed the bandit as the heuristic did 83% of the time (38% without) and villages 70%
(51%), and won 6.5% against three heuristics (1.5%). A description asks for them with
``"scorers": {"hidden": H}`` (:func:`check_scorers`); the trainer's policy is :class:`ScoredPolicy`.

A policy description names its view in ``"features"`` (``{"name": "airship_window", "radius": 4}``);
:func:`check_features` checks it, :func:`build_features` makes the module, whose output width
:func:`features_width` gives. The trainer puts the same module in front of its MaskablePPO policy
(:class:`FeaturesExtractor`), so what is trained is what the description rebuilds.
"""
from __future__ import annotations

import os
from typing import Any, NamedTuple

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, MlpExtractor
from torch import nn

from frontierzoo.agents.heuristics import fantasy_frontier as fantasy_frontier_heuristic
from frontierzoo.envs.fantasy_frontier import state as fantasy_frontier
from frontierzoo.envs.fantasy_frontier.content import (BUILDERS, CARGO, MAP_DQ, MAP_DR, MAP_SIZE, MAP_TERRAIN, MAP_VP,
                                                       MAX_PATTERN)
from frontierzoo.envs.frontier import state as frontier
from frontierzoo.envs.frontier.content import CARD_COST, KEEP_COST, ROAD_COST, VILLAGE_COST

WINDOW_RADIUS = 4   # the airship's flights are 3 moves and a drift: where it can be next turn, and round it
# airship_prospects: a flight's most moves (the pilot's three, the engine upgrade's one, the drift);
# the most map cards a hand holds (three, the Academy's fourth, the chart table's, one over before
# the discard); the worths' scale; gold, stone and wood, what a township costs
MAX_FLIGHT = fantasy_frontier.PILOT_MOVES + 2
HAND_MOST = fantasy_frontier.HAND_LIMIT + 3
WORTH_SCALE = 10.0
BUILDING = [fantasy_frontier.GOLD, fantasy_frontier.STONE, fantasy_frontier.WOOD]
# pattern_placements' cells: OFF the board, ANY (a shorter pattern's unused slot); the terrains
# they read, and a cell with no tile's
OFF, ANY = fantasy_frontier.CELLS, fantasy_frontier.CELLS + 1
NO_TILE, OFF_TERRAIN, ANY_TERRAIN = -1, -2, -3


class Places(NamedTuple):
    """One kind of place (a corner, an edge, a hex) of a view: what each place's scorer reads and
    which actions its scores add to."""
    inputs: np.ndarray    # (places, k): indices into the view's row of each place's inputs; the row's width reads 0
    actions: np.ndarray   # (places, n): the actions its n scores add to (building a village there, a keep there)


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

    def places(self) -> dict[str, Places]:
        """The kinds of place a scorer shared across places may rate (:class:`PlaceScorers`): none
        unless the view says."""
        return {}


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


def pattern_placements() -> np.ndarray:
    """``[c, m, p, i]``: the i-th cell of the p-th way map card m's pattern can lie with one of its
    tiles on cell c (each of its tiles there, turned each of six ways, as ``board.pattern_at`` tries
    them). ``OFF`` (the board's cell count) where that cell is off the board, and in the last row (no
    cell); ``ANY`` in a shorter pattern's unused slots."""
    S = fantasy_frontier
    out = np.full((S.CELLS + 1, len(MAP_SIZE), MAX_PATTERN * S.DIRS, MAX_PATTERN), OFF, np.int64)
    for m, size in enumerate(MAP_SIZE):
        for k in range(MAX_PATTERN):
            on_c = min(k, size - 1)           # a shorter pattern tries its last tile again
            for rot in range(S.DIRS):
                for i in range(MAX_PATTERN):
                    if i >= size:
                        out[:-1, m, k * S.DIRS + rot, i] = ANY
                        continue
                    dq, dr = MAP_DQ[m, i] - MAP_DQ[m, on_c], MAP_DR[m, i] - MAP_DR[m, on_c]
                    for _ in range(rot):       # a sixth of a turn: (q, r) -> (-r, q + r)
                        dq, dr = -dr, dq + dr
                    q, r = S.CELL_Q + dq, S.CELL_R + dr
                    on = np.maximum(np.maximum(np.abs(q), np.abs(r)), np.abs(q + r)) <= S.RADIUS
                    out[:-1, m, k * S.DIRS + rot, i][on] = S.CELL_AT[q[on] + S.RADIUS, r[on] + S.RADIUS]
    return out


class AirshipProspects(AirshipWindow):
    """``airship_window``'s row, then what each flight and each gather of Fantasy Frontier's phases 1
    and 2 promises, by the measures its heuristic decides them with
    (:class:`~frontierzoo.agents.heuristics.fantasy_frontier.FantasyFrontierHeuristic`), worked out
    from the observation alone:

    - what a unit gathered on each terrain is worth, by what a township still needs (4); the units
      of gold, stone and wood still missing for one (3); whether one can be paid for (1); the moves
      the airship has left this phase over ``MAX_FLIGHT`` (1); and the worth of the cell it is on
      (its best four free tiles under and round it, a free plains there for a township it can pay
      for, a held map card that scores there) over ``WORTH_SCALE`` (1);
    - for each of the six directions (3 x 6): the best worth of a cell a flight starting that way
      reaches this phase, less the worth where it is, over ``WORTH_SCALE``; whether that is the best
      of the six and better than staying; whether any cell can be reached that way;
    - for each of the seven gathers (the six neighbours, then the tile below): the worth of a unit
      gathered there, less ``KEEP_PLAINS`` on a plains a township ready to be built wants (7); and
      whether that township is ready (1).

    Why: behaviour cloning found where a copy of the heuristic goes wrong (``benchmarks/RESULTS.md``):
    over the observation and the window it still chose the heuristic's flight a third of the time
    and its gather two thirds, because the heuristic flies to the reachable cell whose surroundings
    are worth most, a search over paths and over sums of tiles' worths that one layer cannot do.
    These are the heuristic's measures, not its choices: the mask, and everything else the
    observation holds, still come to the network, which weighs them. Own map cards and the public
    board only."""

    name = "airship_prospects"
    PROSPECTS = 4 + 3 + 1 + 1 + 1 + 3 * fantasy_frontier.DIRS + (fantasy_frontier.DIRS + 1) + 1

    def __init__(self, radius: int = WINDOW_RADIUS) -> None:
        super().__init__(radius)
        S, H = fantasy_frontier, fantasy_frontier_heuristic
        # each terrain's expected units by resource a gather; which resources share a bay
        self.register_buffer("expect", torch.as_tensor(H.PROB.sum(axis=1), dtype=torch.float32), persistent=False)
        self.register_buffer("same_bay", torch.as_tensor((S.BAY_OF[:, None] == S.BAY_OF[None, :]).astype(np.float32)),
                             persistent=False)
        self.register_buffer("combos", torch.as_tensor(S.PAY_COMBOS, dtype=torch.float32), persistent=False)
        self.register_buffer("standard", torch.arange(S.NUM_COMBOS) == S.STANDARD_COMBO, persistent=False)
        # a cell, then its six neighbours; off the board (and round no cell, the last row), the
        # appended empty cell
        around = np.concatenate([np.arange(S.CELLS)[:, None], np.where(S.NEIGHBOUR >= 0, S.NEIGHBOUR, S.CELLS)], 1)
        self.register_buffer("around", torch.as_tensor(np.concatenate([around, np.full((1, 7), S.CELLS)])),
                             persistent=False)
        # the cells within a flight of each cell, and their neighbours among them (an appended
        # slot, never flown over, for the ones beyond)
        within_flight = AirshipWindow(MAX_FLIGHT)
        flight = within_flight.offsets
        index = {o: k for k, o in enumerate(flight)}
        self.register_buffer("flight", within_flight.window, persistent=False)
        nxt = np.array([[index.get((dq + S.DIR_DQ[d], dr + S.DIR_DR[d]), len(flight)) for d in range(S.DIRS)]
                        for dq, dr in flight])
        self.register_buffer("first", torch.as_tensor(nxt[0]), persistent=False)   # the start's neighbours
        step = np.zeros((len(flight), len(flight) + 1), np.float32)                 # one move: from k to n
        step[np.repeat(np.arange(len(flight)), S.DIRS), nxt.ravel()] = 1
        self.register_buffer("step", torch.as_tensor(step[:, :-1]), persistent=False)
        self.register_buffer("placements", torch.as_tensor(pattern_placements()), persistent=False)
        terrain = np.where(np.arange(MAX_PATTERN)[None, :] < MAP_SIZE[:, None], MAP_TERRAIN, ANY_TERRAIN)
        self.register_buffer("pattern_terrain", torch.as_tensor(np.repeat(terrain[:, None], MAX_PATTERN * S.DIRS, 1)),
                             persistent=False)
        self.register_buffer("map_worth", torch.as_tensor(H.MAP_BONUS + MAP_VP, dtype=torch.float32), persistent=False)
        me, turn = S.OBS_SEATS.start, S.OBS_TURN.start
        self.bays = slice(me + S.S_BAYS.start, me + S.S_BAYS.stop)
        self.market, self.townships = me + S.S_FACTION.at(S.MARKET), me + S.S_TOWNSHIPS.start
        self.cargo, self.builders = me + S.S_EQUIPPED.at(CARGO), me + S.S_EQUIPPED.at(BUILDERS)
        self.pilot_damaged, self.hand = me + S.S_DAMAGE.at(S.PILOT), slice(S.OBS_HAND.start, S.OBS_HAND.stop)
        self.moves, self.drift = turn + S.T_MOVES.start, turn + S.T_DRIFT.start
        self.pilot_ready, self.exit_ready = turn + S.T_READY.at(S.PILOT), turn + S.T_READY.at(S.EXIT)
        self.terrain = slice(S.C_TERRAIN.start, S.C_TERRAIN.stop)
        self.occupants = [S.C_TOWNSHIP.start, S.C_TOWNSHIP.start + 1, S.C_WORKER.start, S.C_WORKER.start + 1]
        self.ships = slice(S.C_SHIP.start, S.C_SHIP.stop)

    @classmethod
    def extra_width(cls, params: dict) -> int:
        return super().extra_width(params) + cls.PROSPECTS

    def unit_worths(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """The heuristic's ``gather_values`` (a unit's worth on each terrain), its ``needs`` (gold,
        stone, wood still missing) and ``can_afford``, from the observer's row of the seats."""
        S, H = fantasy_frontier, fantasy_frontier_heuristic
        have = torch.round(obs[:, self.bays] * S.BAY_SIZE)
        market = obs[:, self.market] > 0
        capacity = S.BAY_SIZE + torch.round(obs[:, self.cargo])
        building = have[:, BUILDING]
        short = torch.relu(H.TOWNSHIP_ANY - building.sum(1, keepdim=True))
        need = torch.where(market[:, None], torch.minimum(short, capacity[:, None] - building),
                           torch.relu(H.TOWNSHIP_EACH - building))
        w = torch.full_like(have, H.SPARE)
        w[:, BUILDING] = torch.where(need > 0, H.NEEDED, H.SPARE)
        w[:, S.TURKEY] = torch.where(have[:, S.TURKEY] < H.TURKEY_KEEP, H.TURKEY_WANTED, H.TURKEY_SPARE)
        w[:, S.FISH] = H.FISH_WORTH
        w = torch.where(have @ self.same_bay >= capacity[:, None], 0.0, w)      # a full bay takes nothing
        payable = (building[:, None] >= self.combos).all(2) & (market[:, None] | self.standard)
        return w @ self.expect.T, need, payable.any(1)

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        S, H = fantasy_frontier, fantasy_frontier_heuristic
        obs, B = observations, observations.shape[0]
        worth, need, afford = self.unit_worths(obs)

        def padded(x: torch.Tensor, *ends: float) -> torch.Tensor:   # the appended cells' values
            return torch.cat([x, torch.tensor(ends, dtype=x.dtype).expand(B, len(ends))], 1)

        board = obs[:, self.board].reshape(B, self.cells, self.cell_features)
        has_tile = board[:, :, self.terrain].sum(2) > 0
        terrain = torch.where(has_tile, board[:, :, self.terrain].argmax(2), NO_TILE)
        free = has_tile & (board[:, :, self.occupants].sum(2) == 0)
        tile_worth = torch.where(free, worth.gather(1, terrain.clamp(min=0)), 0.0)
        townships = torch.round(obs[:, self.townships] * S.TOWNSHIPS)
        ship = board[:, :, self.my_ship]
        at = torch.where(ship.amax(1) > 0, ship.argmax(1), self.cells)
        near = self.flight[at]                                                       # (B, cells in a flight)
        # the worth of each cell within a flight: its best free tiles under and round it, and a
        # free plains there for a township it can pay for (the map cards below)
        around = self.around[near].flatten(1)

        def round_near(x: torch.Tensor) -> torch.Tensor:
            return padded(x, 0.0).gather(1, around).view(B, near.shape[1], -1)
        plains = round_near((free & (terrain == S.PLAINS)).to(obs.dtype)).amax(2) > 0
        near_worth = (round_near(tile_worth).topk(H.SPOT_TILES, dim=2).values.sum(2)
                      + H.PLAINS_BONUS * (plains & (afford & (townships < S.TOWNSHIPS))[:, None]))

        # where a flight reaches, by the way it starts: breadth-first over the cells it may fly onto
        flyable = padded((has_tile & (board[:, :, self.ships].sum(2) == 0)).float(), 0.0).gather(1, near) > 0
        pilot = (obs[:, self.pilot_ready] > 0) & (obs[:, self.moves] > 0) & (obs[:, self.pilot_damaged] == 0)
        steps = torch.round(obs[:, self.moves] * S.PILOT_MOVES) * pilot + torch.round(obs[:, self.drift])
        reached = torch.zeros(B, S.DIRS, near.shape[1], dtype=obs.dtype)
        reached[:, torch.arange(S.DIRS), self.first] = 1
        reached *= flyable[:, None]
        within = torch.where((steps >= 1)[:, None, None], reached, 0.0)
        for j in range(2, MAX_FLIGHT + 1):
            reached = torch.maximum(reached, ((reached @ self.step) > 0) * flyable[:, None])
            within = torch.where((steps == j)[:, None, None], reached, within)
        within = within > 0

        # a held map card whose pattern lies over a cell: its points and the bonus there; looked at
        # only where the airship is or can fly, for the cards held (the rest of the (cell, card)
        # pairs cost most of the time and change nothing)
        held, cards = obs[:, self.hand].topk(HAND_MOST, dim=1)
        look = within.any(1)
        look[:, 0] = True
        b, k, j = (look[:, :, None] & (held > 0)[:, None, :]).nonzero(as_tuple=True)
        ways = self.placements[near[b, k], cards[b, j]]                               # (pairs, ways, tiles)
        tiles = padded(terrain, OFF_TERRAIN, ANY_TERRAIN)[b[:, None, None], ways]
        lies = (tiles == self.pattern_terrain[cards[b, j]]).all(2).any(1)
        maps = torch.zeros_like(near, dtype=obs.dtype).index_put_((b, k), lies * self.map_worth[cards[b, j]],
                                                                  accumulate=True)
        near_worth = near_worth + maps
        here = near_worth[:, 0]
        best = torch.where(within, near_worth[:, None], -torch.inf).amax(2)            # (B, dirs)
        can = within.any(2)
        gain = torch.where(can, (best - here[:, None]) / WORTH_SCALE, 0.0)
        better = can & (best > here[:, None] + H.STAY_MARGIN)
        chosen = better & (best == torch.where(better, best, -torch.inf).amax(1, keepdim=True))

        # the gathers: the six neighbours, then the tile below (the actions' order)
        gathered = self.around[at][:, [*range(1, S.DIRS + 1), 0]]
        t = padded(terrain, NO_TILE).gather(1, gathered)
        crew = S.TOWNSHIP_CREW - torch.round(obs[:, self.builders])
        ready = afford & (torch.round(obs[:, self.exit_ready] * S.WORKERS) >= crew)
        gather = torch.where(t >= 0, worth.gather(1, t.clamp(min=0)), 0.0)
        gather = gather - H.KEEP_PLAINS * ((t == S.PLAINS) & ready[:, None])

        f = obs.dtype
        return torch.cat([super().forward(obs), worth, need, afford[:, None].to(f), (steps / MAX_FLIGHT)[:, None],
                          (here / WORTH_SCALE)[:, None], gain, chosen.to(f), can.to(f), gather, ready[:, None].to(f)],
                         1)


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

    def places(self) -> dict[str, Places]:
        """Frontier's corners, edges and hexes, each with what is on and next to it, for a scorer
        shared by every place of a kind (:class:`PlaceScorers`):

        - a corner (village or keep there): its building, its production (this view's), its
          harbour's rate, and for each of its (up to) three edges, the road on it and the building
          on the corner across it (the distance rule);
        - an edge (a road there): its road, and for each of its two corners the building, the
          production, the harbour and the roads on the corner's two other edges (where the road leads);
        - a hex (the bandit there): its terrain, number and bandit, and the buildings on its six corners.
        """
        S = frontier
        zero = S.OBSERVATION.size + self.extra          # the row's width: reads 0 (a missing neighbour)

        def block(span, i, size):
            return list(range(span.start + i * size, span.start + (i + 1) * size)) if i >= 0 else [zero] * size

        def building(c):
            return block(S.OBS_CORNERS, c, S.CORNER.size)

        def road(e):
            return block(S.OBS_EDGES, e, S.EDGE.size)

        def harbour(c):
            return block(S.OBS_HARBOURS, int(S.CORNER_HARBOUR[c]), S.HARBOUR.size)

        production = self.production_inputs
        corners = [building(c) + production(c) + harbour(c) + self.corner_more(c, zero)
                   + sum((road(int(e)) + building(int(n)) for e, n in zip(S.CORNER_EDGES[c], S.CORNER_CORNERS[c])), [])
                   for c in range(S.NUM_CORNERS)]

        def leads_on(c, e):   # the roads on corner c's edges other than e, two slots
            others = [int(x) for x in S.CORNER_EDGES[c] if x >= 0 and x != e]
            return sum((road(x) for x in others + [-1] * (2 - len(others))), [])

        edges = [road(e) + sum((building(int(c)) + production(int(c)) + harbour(int(c)) + leads_on(int(c), e)
                                + self.end_more(int(c), e, zero) for c in S.EDGE_CORNERS[e]), [])
                 for e in range(S.NUM_EDGES)]
        hexes = [block(S.OBS_HEXES, h, S.HEX.size) + sum((building(int(c)) for c in S.HEX_CORNERS[h]), [])
                 for h in range(S.NUM_HEXES)]
        at = np.arange
        return {"corner": Places(np.array(corners), np.stack([S.BUILD_VILLAGE.start + at(S.NUM_CORNERS),
                                                               S.BUILD_KEEP.start + at(S.NUM_CORNERS)], 1)),
                "edge": Places(np.array(edges), (S.BUILD_ROAD.start + at(S.NUM_EDGES))[:, None]),
                "hex": Places(np.array(hexes), (S.MOVE_BANDIT.start + at(S.NUM_HEXES))[:, None])}

    def production_inputs(self, c: int) -> list[int]:
        """Where in the row this view's production of corner ``c`` stands, by resource."""
        start = frontier.OBSERVATION.size + c * frontier.NUM_RESOURCES
        return list(range(start, start + frontier.NUM_RESOURCES))

    def corner_more(self, c: int, zero: int) -> list[int]:
        """What a corner's scorer reads beyond this view's: nothing here (:class:`BuildingNeeds`)."""
        return []

    def end_more(self, c: int, e: int, zero: int) -> list[int]:
        """What an edge's scorer reads of its end ``c`` beyond this view's: nothing here."""
        return []

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        hexes = observations[:, self.hexes].reshape(observations.shape[0], -1, self.hex_size)
        pips = hexes[:, :, self.number.start:self.number.stop] @ self.pips                     # (B, hexes)
        produce = (hexes[:, :, self.terrain.start:self.terrain.stop] @ self.resource) * pips[:, :, None]
        return torch.cat([observations, (self.touches @ produce).flatten(1)], 1)


class BuildingNeeds(CornerProduction):
    """``corner_production``'s row, then what the observer's own hand lacks and holds beyond each
    piece it may build, and where a village of its own could go:

    - for a road, a village, a keep and an opportunity card (in that order), the cards of each
      resource still missing (in cards) and the cards held beyond its cost (over ``CARDS_SCALE``);
    - for each corner, whether it is free by the distance rule (no building on it or on the corners
      next to it), and whether one of the observer's roads ends there; both, a village may stand there.

    Why: a third of the heuristic's decisions are the two halves of a trade offer, which card to give
    and which to ask for, and it picks them by the piece it saves for (the first it can place: a
    village where a road of its own reaches a free corner, else a keep, else a road): a card it lacks
    for that piece, for one held beyond it. A copy over the observation matched what it asks for on
    25% of held-out decisions, no better than naming a resource at random; the flat observation holds
    the hand, but the copy has to learn ``max(cost - hand, 0)`` for each piece, and the distance rule
    over the board's adjacency, by itself. The corner and edge scorers read the two flags too (an
    edge, for each end and the two corners beyond it, with their production): the heuristic leads
    its roads to a free corner, or to one a road further on. Own hand and public board only."""

    name = "building_needs"
    game = "frontier_v0"

    def __init__(self) -> None:
        super().__init__()
        S = frontier
        self.register_buffer("costs", torch.as_tensor(np.stack([ROAD_COST, VILLAGE_COST, KEEP_COST, CARD_COST])
                                                      .astype(np.float32)), persistent=False)
        # a corner's neighbours and edges, -1 (none) pointing at an appended empty corner or edge
        self.register_buffer("neighbours", torch.as_tensor(np.where(S.CORNER_CORNERS >= 0, S.CORNER_CORNERS,
                                                                    S.NUM_CORNERS)), persistent=False)
        self.register_buffer("corner_edges", torch.as_tensor(np.where(S.CORNER_EDGES >= 0, S.CORNER_EDGES,
                                                                      S.NUM_EDGES)), persistent=False)
        self.corners = slice(S.OBS_CORNERS.start, S.OBS_CORNERS.stop)
        self.edges = slice(S.OBS_EDGES.start, S.OBS_EDGES.stop)
        self.my_hand = slice(S.OBS_PLAYERS.start + S.F_HAND.start, S.OBS_PLAYERS.start + S.F_HAND.stop)
        self.my_road = S.F_ROAD.start                       # relative seat 0: the observer
        self.corner_size, self.edge_size, self.scale = S.CORNER.size, S.EDGE.size, float(S.CARDS_SCALE)
        # where the corners' flags begin: after corner_production's row and the pieces' two blocks
        self.free_at = S.OBSERVATION.size + self.extra + 2 * self.costs.numel()
        self.extra += 2 * self.costs.numel() + 2 * S.NUM_CORNERS

    def flags(self, c: int, zero: int) -> list[int]:
        """Corner ``c``'s two numbers: free by the distance rule, and a road of mine ends there."""
        if c < 0:
            return [zero, zero]
        return [self.free_at + c, self.free_at + frontier.NUM_CORNERS + c]

    def corner_more(self, c: int, zero: int) -> list[int]:
        return self.flags(c, zero)

    def end_more(self, c: int, e: int, zero: int) -> list[int]:
        """The end's flags, then for each of the corners a road further on (two slots) their flags
        and production."""
        S = frontier
        beyond = [int(o) for o, x in zip(S.CORNER_CORNERS[c], S.CORNER_EDGES[c]) if o >= 0 and x != e]
        beyond += [-1] * (2 - len(beyond))
        return self.flags(c, zero) + sum((self.flags(o, zero)
                                          + (self.production_inputs(o) if o >= 0 else [zero] * S.NUM_RESOURCES)
                                          for o in beyond), [])

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        B = observations.shape[0]
        hand = observations[:, self.my_hand] * self.scale                               # (B, resources), cards
        short = torch.relu(self.costs - hand[:, None])                                 # (B, pieces, resources)
        beyond = torch.relu(hand[:, None] - self.costs) / self.scale
        built = observations[:, self.corners].reshape(B, -1, self.corner_size).sum(2) > 0
        built = torch.cat([built, built.new_zeros(B, 1)], 1)                           # the appended empty corner
        free = ~(built[:, :-1] | built[:, self.neighbours].any(2))
        roads = observations[:, self.edges].reshape(B, -1, self.edge_size)[:, :, self.my_road]
        roads = torch.cat([roads, roads.new_zeros(B, 1)], 1)
        mine = roads[:, self.corner_edges].amax(2)
        return torch.cat([super().forward(observations), short.flatten(1), beyond.flatten(1),
                          free.to(observations.dtype), mine], 1)


FEATURES: dict[str, type[View]] = {v.name: v for v in (AirshipWindow, AirshipProspects, CornerProduction,
                                                         BuildingNeeds)}


# --------------------------------------------------------------------------- scorers shared across places
class PlaceScorer(nn.Module):
    """One small network applied to every place of a kind: ``tanh(local(place's inputs) +
    trunk(the policy's last hidden layer))``, then ``out`` to the scores of the place's actions.
    The same weights rate every corner, so what 2,000 villages teach it holds for all 54 corners."""

    def __init__(self, places: Places, trunk_width: int, hidden: int, row_width: int) -> None:
        super().__init__()
        if places.inputs.size and not (0 <= places.inputs.min() and places.inputs.max() <= row_width):
            raise ValueError("a place reads outside its view's row")
        # on the CPU even where the layers are built unallocated (a description's network, on torch's
        # meta device): loading assigns the weights, not these
        self.register_buffer("inputs", torch.as_tensor(places.inputs, dtype=torch.int64, device="cpu"),
                             persistent=False)
        self.register_buffer("actions", torch.as_tensor(places.actions.reshape(-1), dtype=torch.int64, device="cpu"),
                             persistent=False)
        self.local = nn.Linear(places.inputs.shape[1], hidden)
        self.trunk = nn.Linear(trunk_width, hidden, bias=False)
        self.out = nn.Linear(hidden, places.actions.shape[1])

    def forward(self, latent: torch.Tensor, padded_row: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:
        # index_select and a view, not padded_row[:, self.inputs]: the same numbers, a third of the time
        # (advanced indexing is PyTorch's slow path on the CPU, and this runs at every forward pass)
        seen = padded_row.index_select(1, self.inputs.flatten()).view(-1, *self.inputs.shape)   # (B, places, k)
        scores = self.out(torch.tanh(self.local(seen) + self.trunk(latent)[:, None]))
        return logits.index_add(1, self.actions, scores.flatten(1))


class PlaceScorers(nn.ModuleDict):
    """A :class:`PlaceScorer` for each kind of place of ``view`` (:meth:`View.places`); called with
    the policy's last hidden layer, the view's row and the policy's logits, it adds every place's
    scores to the logits of its actions. A description asks for them with ``"scorers": {"hidden": H}``."""

    def __init__(self, view: View, row_width: int, trunk_width: int, hidden: int) -> None:
        places = view.places()
        if not places:
            raise ValueError(f"the view {view.name!r} has no places for a scorer to rate")
        super().__init__({kind: PlaceScorer(p, trunk_width, hidden, row_width) for kind, p in places.items()})

    def forward(self, latent: torch.Tensor, row: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:
        padded = torch.cat([row, row.new_zeros(row.shape[0], 1)], 1)
        for scorer in self.values():
            logits = scorer(latent, padded, logits)
        return logits


class ScoredNetwork(nn.Sequential):
    """A policy description's network with place scorers (``agents/learned.py``'s
    ``build_network``): the view (``features``), the hidden layers, ``logits``, and last the
    ``scorers``, which read the last hidden layer and the view's row and add to the logits."""

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        modules = dict(self.named_children())
        row = latent = modules["features"](observations)
        for name, m in modules.items():
            if name not in ("features", "logits", "scorers"):
                latent = m(latent)
        return modules["scorers"](latent, row, modules["logits"](latent))


MAX_SCORER_HIDDEN = 1024


def check_scorers(spec: Any, features: Any, where: str | os.PathLike) -> None:
    """``ValueError`` unless ``spec`` (a description's ``"scorers"``) is ``{"hidden": H}`` over a
    view (``features``, already checked) that has places."""
    if not (isinstance(spec, dict) and set(spec) == {"hidden"} and isinstance(spec["hidden"], int)
            and not isinstance(spec["hidden"], bool) and 1 <= spec["hidden"] <= MAX_SCORER_HIDDEN):
        raise ValueError(f"{where}: 'scorers' must be {{'hidden': an int in 1..{MAX_SCORER_HIDDEN}}}, got {spec!r}")
    if features is None or not build_features(features).places():
        raise ValueError(f"{where}: 'scorers' rate the places of a view (--features), "
                         + ("and there is none" if features is None else f"and {features['name']!r} has no places"))


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


class LatentAndRow(MlpExtractor):
    """SB3's actor and critic MLPs, the actor's latent followed by the row it read (the view's), so
    that the action head (:class:`ScoredLogits`) can give each place's scorer its inputs."""

    def __init__(self, feature_dim: int, net_arch: Any, activation_fn: type[nn.Module], device: Any) -> None:
        super().__init__(feature_dim, net_arch, activation_fn, device)
        self.trunk_width = self.latent_dim_pi
        self.latent_dim_pi += feature_dim

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        return torch.cat([self.policy_net(features), features], 1)


class ScoredLogits(nn.Module):
    """The actor's output with place scorers: ``linear`` (the logits from the last hidden layer, the
    plain policy's ``action_net``) and ``scorers`` (:class:`PlaceScorers`) added to them."""

    def __init__(self, trunk_width: int, row_width: int, action_size: int, view: View, hidden: int) -> None:
        super().__init__()
        self.trunk_width = trunk_width
        self.linear = nn.Linear(trunk_width, action_size)
        self.scorers = PlaceScorers(view, row_width, trunk_width, hidden)

    def forward(self, latent_and_row: torch.Tensor) -> torch.Tensor:
        latent, row = latent_and_row[:, :self.trunk_width], latent_and_row[:, self.trunk_width:]
        return self.scorers(latent, row, self.linear(latent))


class ScoredPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's MLP policy over a view (:class:`FeaturesExtractor`) whose action logits get
    the scores of :class:`PlaceScorers` (``scorers={"hidden": H}``): what ``frontierzoo train ppo
    --scorers H`` trains and a description's ``"scorers"`` rebuilds."""

    def __init__(self, *args: Any, scorers: dict, **kwargs: Any) -> None:
        self.scorers_spec = dict(scorers)
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = LatentAndRow(self.features_dim, self.net_arch, self.activation_fn, self.device)

    def _build(self, lr_schedule: Any) -> None:
        # SB3 builds the networks, a Linear head over the whole latent and the optimiser; the head is
        # replaced here, so the optimiser is made again over the parameters that are trained
        super()._build(lr_schedule)
        extractor = self.mlp_extractor
        assert isinstance(extractor, LatentAndRow) and isinstance(self.features_extractor, FeaturesExtractor)
        head = ScoredLogits(extractor.trunk_width, self.features_dim, int(self.action_space.n),
                            self.features_extractor.view, self.scorers_spec["hidden"])
        if self.ortho_init:   # SB3's gains: 0.01 where a layer gives logits, sqrt(2) inside
            for layer, gain in ((head.linear, 0.01),
                                *((m, 0.01 if name.endswith("out") else np.sqrt(2))
                                  for name, m in head.scorers.named_modules() if isinstance(m, nn.Linear))):
                self.init_weights(layer, gain)
        self.action_net = head.to(self.device)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        return {**super()._get_constructor_parameters(), "scorers": self.scorers_spec}
