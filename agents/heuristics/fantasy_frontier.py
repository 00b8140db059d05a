"""A Fantasy Frontier heuristic: build townships, score the map cards it holds, keep its crew working.

Reads the live record through ``info["env"]`` but uses only what its seat may know: its own map
cards, the board, the pieces and every player's public counts.

* Set-up: the Royal Vanguard (the market makes townships cheapest), else the Juggernaut; tiles and
  airship anywhere legal.
* Placement: a repairer on a damaged pilot, exit or research assignment, a pilot, then exits for a
  township (four when it can pay), one researcher for map cards, two scouts while the board is
  small; with three townships up, three researchers and a scout.
* Phase 1: held tiles go next to its airship (the terrain it still needs nearest, a tile that
  completes a held map card above all, the board kept compact); the pilot flies
  to the reachable tile whose neighbourhood gathers most of what a township still needs (a free
  plains tile for the township when it can pay, a tile where a held map card scores above all).
* Phase 2: build a township when it can; every other exit worker gathers where the expected yield
  of missing resources is highest.
* It scores any card it can, re-rolls a useless roll with a turkey leg, takes owed resources from
  the richest player, never attacks or counter-attacks (workers spent counter-attacking sit out a
  whole turn), equips the cards that help townships and sells the rest, returns its cheapest map
  card over the limit and keeps its scouted tiles.
"""
from __future__ import annotations

from collections import deque

import numpy as np

from frontierzoo.envs.common.engine import compiled
from frontierzoo.envs.fantasy_frontier import board, turn
from frontierzoo.envs.fantasy_frontier.env import GAME
from frontierzoo.envs.fantasy_frontier.content import (BUILDERS, CARGO, DEV_KIND, ENGINE, FACE_YIELD, FISH, HULL,
                                                       LARDER, MAP_VP, NETS)
from frontierzoo.envs.fantasy_frontier.state import (
    AIM, ARMOUR, BUILD, CELL_Q, CELL_R, COUNTER, DECLARE, DEV, DIRS, DISCARD, END, EXIT, FACTION, GATHER,
    GOLD, HERE, MAP_CARDS, MARKET, MOVE, NEIGHBOUR, PAY_COMBOS, PILOT, TILE, CELL, ST_TILE_CELL, PLACE_WORKER, PLAINS, REDRAW,
    REPAIR, REPAIR_SPOT, RESEARCH, RESOURCES, SCOUT, REROLL, ROLL_COMBAT, SCORE, STANDARD_COMBO, ST_AIM, ST_COUNTER,
    ST_DECLARE, ST_DEV, ST_DISCARD, ST_FACTION, ST_PHASE1, ST_PHASE2, ST_PHASE3, ST_PLACE, ST_REDRAW, ST_REROLL,
    ST_SETUP_SHIP, ST_SETUP_TILE, ST_TAKE, ST_TOWNSHIP, STONE, TAKE, TERRAINS, TURKEY, WOOD, YIELD)

from ..base import Agent

G = compiled(GAME)

SMALL_BOARD = 12       # fewer tiles than this (+4 a player): scout to grow the board
HEX_DIST = np.maximum(np.maximum(np.abs(CELL_Q), np.abs(CELL_R)), np.abs(CELL_Q + CELL_R))
KEEP_DEVS = (BUILDERS, CARGO, ENGINE, HULL, LARDER, NETS)
PROB = FACE_YIELD / 6.0                     # [terrain, face, resource] chance of each unit
TOWNSHIP_EACH = int(PAY_COMBOS[STANDARD_COMBO, 0])     # a township: 2 gold, 2 stone, 2 wood
TOWNSHIP_ANY = int(PAY_COMBOS[STANDARD_COMBO].sum())   # ... or, with the market, any six of them
TURKEY_KEEP = 2         # turkey legs held for re-rolls
# what a unit gathered is worth to it: a resource a township still needs, one it does not, a turkey
# leg while it holds fewer than two (re-rolls) and past that, a fish (a point at the end)
NEEDED, SPARE, TURKEY_WANTED, TURKEY_SPARE, FISH_WORTH = 1.0, 0.25, 0.3, 0.05, 0.3
SPOT_TILES = 4          # a cell is worth the best four free tiles under and round it: an exit crew's gathers
PLAINS_BONUS = 10.0     # ... more with a free plains there for the township it can pay for
MAP_BONUS = 50.0        # ... and far more where a held map card scores (plus its points)
STAY_MARGIN = 0.01      # it flies only to a cell better than where it is
KEEP_PLAINS = 5.0       # a gather on the plains the township ready to build wants loses this much


@G.jit
def _pattern_at(buf, m, c):
    return board.pattern_at(G.records(buf)[0], m, c)


def pattern_at(s: np.void, m: int, c: int) -> int:
    """The rule ``board.pattern_at`` compiled, handed the record as its bytes (a view): run as
    Python over the record it took most of this agent's time (~46 us a call, thousands of calls a
    game), and Numba takes ~12 us to unbox a record argument, ~1 us a byte array."""
    return _pattern_at(np.frombuffer(s, np.uint8), m, c)


class FantasyFrontierHeuristic(Agent):
    name = "heuristic"
    needs_env = True

    def act(self, observation: np.ndarray, action_mask: np.ndarray, info: dict | None = None) -> int:
        if info is None or "env" not in info:
            raise ValueError("FantasyFrontierHeuristic needs the live env as info['env']")
        s = info["env"].record.copy()   # its own copy: place_tile tries tiles on the board
        legal = np.flatnonzero(action_mask)
        a = self.choose(s, int(s["actor"]), set(legal.tolist()))
        if a is None or a not in legal:
            a = int(legal[self.rng.integers(legal.size)])
        return int(a)

    # ------------------------------------------------------------------ what it wants
    def needs(self, s, me):
        """Units of gold, stone, wood still missing for a township (the market: any six)."""
        need = np.zeros(RESOURCES)
        have = s["bays"][me]
        if s["faction"][me] == MARKET:
            short = max(0, TOWNSHIP_ANY - int(have[GOLD] + have[STONE] + have[WOOD]))
            cap = board.bay_capacity(s, me)
            for r in (GOLD, STONE, WOOD):
                need[r] = min(short, cap - int(have[r])) if short else 0
        else:
            for r in (GOLD, STONE, WOOD):
                need[r] = max(0, TOWNSHIP_EACH - int(have[r]))
        return need

    def gather_values(self, s, me):
        """Expected useful units from gathering on each terrain, by what a township still needs.
        One list a decision: every tile the decision weighs is looked up in it."""
        w = np.where(self.needs(s, me) > 0, NEEDED, SPARE)
        w[TURKEY] = TURKEY_WANTED if s["bays"][me, TURKEY] < TURKEY_KEEP else TURKEY_SPARE
        w[FISH] = FISH_WORTH
        cap = board.bay_capacity(s, me)
        for r in range(RESOURCES):
            if board.bay_load(s, me, r) >= cap:
                w[r] = 0.0
        return [float((PROB[t].sum(axis=0) * w).sum()) for t in range(TERRAINS)]

    def can_afford(self, s, me):
        return any(turn.can_pay(s, me, k) for k in range(len(PAY_COMBOS)))

    def spot_values(self, s, me, c, values):
        """Gather values of the free tiles under and round cell c, and whether a free plains is there."""
        vals = []
        plains = False
        for x in [c] + [int(n) for n in NEIGHBOUR[c] if n >= 0]:
            t = int(s["board"][x])
            if t < 0 or s["township"][x] >= 0 or s["ground"][x] >= 0:
                continue
            vals.append(values[t])
            if t == PLAINS and s["townships"][me] < 3:
                plains = True
        return sorted(vals, reverse=True), plains

    def cell_score(self, s, me, c, values, afford):
        vals, plains = self.spot_values(s, me, c, values)
        v = sum(vals[:SPOT_TILES])
        if afford and plains:
            v += PLAINS_BONUS
        for m in range(MAP_CARDS):
            if s["hand"][me, m] and pattern_at(s, m, c):
                v += MAP_BONUS + MAP_VP[m]
        return v

    def reachable(self, s, me, steps):
        """Cells the airship can reach within ``steps`` moves: {cell: first direction}."""
        start = int(s["ship"][me])
        out = {start: None}
        q = deque([(start, 0)])
        while q:
            c, d = q.popleft()
            if d == steps:
                continue
            for k in range(DIRS):
                n = int(NEIGHBOUR[c, k])
                if n < 0 or n in out or not board.can_fly_to(s, n):
                    continue
                out[n] = out[c] if out[c] is not None else k
                q.append((n, d + 1))
        return out

    # ------------------------------------------------------------------ decisions
    def choose(self, s, me, legal):
        st = int(s["stage"])
        for a in sorted(legal):
            if SCORE.has(a):
                return a
        if st == ST_FACTION:
            for f in (MARKET, ARMOUR):
                if FACTION.at(f) in legal:
                    return FACTION.at(f)
            return min(legal)
        if st in (ST_SETUP_TILE, ST_SETUP_SHIP):
            return min(legal)
        if st == ST_TILE_CELL:
            if int(s["placing_from"]) == ST_SETUP_TILE:
                return min(legal)
            return self.place_tile(s, me, int(s["placing"]), [a for a in legal if CELL.has(a)])
        if st == ST_TOWNSHIP:
            values = self.gather_values(s, me)
            return max((a for a in legal if YIELD.has(a)), key=lambda a: values[YIELD.split(a)])
        if st == ST_PLACE:
            return self.place_worker(s, me, legal)
        if st == ST_PHASE1:
            return self.phase1(s, me, legal)
        if st == ST_PHASE2:
            return self.phase2(s, me, legal)
        if st == ST_PHASE3:
            return END.at()
        if st == ST_COUNTER:
            return COUNTER.at(0)
        if st == ST_DECLARE:
            opts = [a for a in legal if DECLARE.has(a) and DECLARE.split(a)[1] == 1] or sorted(legal)
            return opts[0]
        if st == ST_AIM:
            for k in (EXIT, PILOT):
                for kind in (1, 0):
                    if AIM.at(kind, k) in legal:
                        return AIM.at(kind, k)
            return min(legal)
        if st == ST_REROLL:
            return REROLL.at(1) if self.reroll_worth(s, me) else REROLL.at(0)
        if st == ST_TAKE:
            r = int(s["owe_res"])
            opts = [a for a in legal if TAKE.split(a) > 0]
            if not opts:
                return TAKE.at(0)
            n = int(s["num_players"])
            return max(opts, key=lambda a: s["bays"][(me + TAKE.split(a)) % n, r])
        if st == ST_DEV:
            return DEV.at(0) if DEV_KIND[int(s["pending_dev"])] in KEEP_DEVS else DEV.at(1)
        if st == ST_DISCARD:
            return min((a for a in legal if DISCARD.has(a)), key=lambda a: MAP_VP[DISCARD.split(a)])
        if st == ST_REDRAW:
            return REDRAW.at(0)
        return None

    def reroll_worth(self, s, me):
        if int(s["roll_kind"]) == ROLL_COMBAT:
            return True
        need = self.needs(s, me)
        got = PROB[int(s["roll_terrain"]), int(s["roll"]) - 1] * 6
        return not any(got[r] and need[r] for r in range(RESOURCES))

    def place_worker(self, s, me, legal):
        """Repairs first; a pilot; then exits for a township (four when it can pay, else three and
        a researcher), or, with three townships up, three researchers and a scout."""
        for k in (EXIT, PILOT, RESEARCH, SCOUT):
            if PLACE_WORKER.at(REPAIR_SPOT + k) in legal:
                return PLACE_WORKER.at(REPAIR_SPOT + k)
        if PLACE_WORKER.at(PILOT) in legal and s["crew"][PILOT] == 0:
            return PLACE_WORKER.at(PILOT)
        small = int((s["board"] >= 0).sum()) < SMALL_BOARD + 4 * int(s["num_players"])
        if s["townships"][me] >= 3:
            plan = (RESEARCH, RESEARCH, RESEARCH, SCOUT, EXIT)
        elif self.can_afford(s, me):
            plan = (EXIT, EXIT, EXIT, EXIT, SCOUT if small else RESEARCH)
        elif small:
            plan = (EXIT, EXIT, SCOUT, SCOUT, RESEARCH)
        else:
            plan = (EXIT, EXIT, EXIT, RESEARCH, EXIT)
        placed = {k: int(s["crew"][k]) for k in (EXIT, RESEARCH, SCOUT)}
        for k in plan:
            if placed[k] > 0:
                placed[k] -= 1
                continue
            if PLACE_WORKER.at(k) in legal:
                return PLACE_WORKER.at(k)
        if PLACE_WORKER.at(EXIT) in legal:
            return PLACE_WORKER.at(EXIT)
        return min(legal)

    def phase1(self, s, me, legal):
        tiles = [a for a in legal if TILE.has(a)]
        if tiles:                               # the held terrain it needs most goes down first
            values = self.gather_values(s, me)
            return max(tiles, key=lambda a: values[TILE.split(a)])
        for a in sorted(legal):
            if REPAIR.has(a):
                return a
        moves = [a for a in legal if MOVE.has(a)]
        if moves:
            steps = int(s["moves_left"]) if turn.pilot_usable(s, me) else 0
            steps += int(s["drift_left"])
            values = self.gather_values(s, me)
            afford = self.can_afford(s, me)
            here = int(s["ship"][me])
            best, best_v = None, self.cell_score(s, me, here, values, afford) + STAY_MARGIN
            for c, d in self.reachable(s, me, steps).items():
                if d is None:
                    continue
                v = self.cell_score(s, me, c, values, afford)
                if v > best_v:
                    best, best_v = d, v
            if best is not None and MOVE.at(best) in legal:
                return MOVE.at(best)
        return END.at() if END.at() in legal else min(legal)

    def place_tile(self, s, me, t, cells):
        """The free cell nearest its airship (one completing a held map card above all)."""
        gain = self.gather_values(s, me)[t]
        township_plains = t == PLAINS and self.can_afford(s, me)
        here = int(s["ship"][me])
        near = set(int(n) for n in NEIGHBOUR[here] if n >= 0)
        ring2 = set(int(m) for n in near for m in NEIGHBOUR[n] if m >= 0)

        def value(a):
            c = CELL.split(a)
            v = gain
            if township_plains:
                v += 1.0
            for m in range(MAP_CARDS):
                if s["hand"][me, m]:
                    s["board"][c] = t
                    hit = pattern_at(s, m, c)
                    s["board"][c] = -1
                    if hit:
                        v += 5.0
            # the community board stays compact: a little less for each step from the first tile
            return v + (2.0 if c in near else 1.0 if c in ring2 else 0.0) - 0.1 * HEX_DIST[c]

        return max(cells, key=value)

    def phase2(self, s, me, legal):
        builds = [a for a in legal if BUILD.has(a)]
        if builds:
            have = s["bays"][me]
            # keep the most even bays after paying
            return min(builds, key=lambda a: float(np.ptp(have[[GOLD, STONE, WOOD]] - PAY_COMBOS[BUILD.split(a)[1]])))
        gathers = [a for a in legal if GATHER.has(a)]
        if gathers:
            values = self.gather_values(s, me)
            township_ready = self.can_afford(s, me) and int(s["ready"][EXIT]) >= board.township_crew(s, me)
            here = int(s["ship"][me])

            def value(a):
                d = GATHER.split(a)
                c = here if d == HERE else int(NEIGHBOUR[here, d])
                t = int(s["board"][c])
                v = values[t]
                if t == PLAINS and township_ready:
                    v -= KEEP_PLAINS          # keep the plains free for the township
                return v
            return max(gathers, key=value)
        return END.at()


HEURISTIC = FantasyFrontierHeuristic
