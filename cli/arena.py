"""The arena: a seeded tournament of the bundled agents on every registered game.

For each game and seat count the chosen agents meet in *lineups*:

* 2 seats: every pair of distinct agents (``A`` v ``B``);
* 3+ seats: each agent alone against a table of each other agent (``A`` + ``B`` x (n-1));
* a game with a single chosen agent plays it against itself, which still measures the game's
  length and throughput (its win rate is then the fair share 1/n, up to shared wins).

Every lineup plays ``games_per_pairing`` games (by default the game's ``arena_games``), rounded
up to a multiple of the seat count, with the seats rotated one place per game, so each agent sits
in each seat equally often. Games are played in batches of about ``BATCH_GAMES`` side by side
over the compiled engine (:func:`frontierzoo.agents.match.play_rotated`, the library's strength
loop): a policy decides for all its seats across the batch in one forward pass. Every game's deal
and every per-game agent's seed derive from ``(seed, game, seats, lineup, game index)`` alone; an
agent shared across a batch (a policy, random) is
seeded from its batch, and batches depend on the lineup alone, so the results table is identical
for a given seed whatever the number of processes. The batches spread over every core this
process may use by default. Agents that think long per decision enter by default only the
seat counts the game's ``arena_limits`` gives them.

Win rate is counted per seat played: an agent that fills two seats of a game plays two "seats".
A shared win (a tie the rules share, or a team win) counts as a win for each winner, so the win
rates at one table can add up to more than 100%. Games cut off at ``max_steps`` have no winner.
The 95% interval is the Wilson score interval.

Each game and seat count also gets a ladder: every agent's rating (:mod:`.ratings`: openskill's
Plackett-Luce: mu and sigma, sorted by mu - 3 sigma) from the finished games' rankings. The
updates depend on the order of the games, so the games are rated after all are played, in a
fixed order that spreads the lineups evenly: game 0 of every lineup (in lineup order), then game
1, ... Workers return each game's index with its result, so the ratings too are identical for a
given seed whatever the number of processes. ``frontierzoo arena`` runs it.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field

from frontierzoo.envs import all_games, get_game

from frontierzoo.agents import available_agents, can_play, make_agent
from frontierzoo.agents.base import usable_cores
from frontierzoo.agents.match import BATCH_GAMES, game_seeds, play_rotated, wilson_interval

from .argtypes import at_least, game_count
from .output import add_output_flags, machine_readable, print_rows
from .ratings import LOSER, MODEL, WINNER, Z, rate
from .warmup import compile_side_by_side

# How many games a lineup plays by default is each game's own setting (``Game.arena_games``), and
# so is where a slow agent plays by default (``Game.arena_limits``: agent -> seat counts). A lineup
# with such an agent plays at most SLOW_GAMES_PER_PAIRING games unless --games is given.
SLOW_GAMES_PER_PAIRING = 10
# The arena's own settings of an agent: the search plays by simulations (its old default), not by
# its default time budget, so that a seeded table replays whatever the machine and its load.
ARENA_SETTINGS = {"mcts": {"simulations": 1000}}
DEFAULT_MAX_STEPS = 20_000
def lineups(agents: list, num_players: int) -> list:
    """The lineups (tuples of agent names, one per seat before rotation) for a table of n."""
    agents = list(dict.fromkeys(agents))
    if len(agents) == 1:
        return [(agents[0],) * num_players]
    if num_players == 2:
        return [(a, b) for i, a in enumerate(agents) for b in agents[i + 1:]]
    return [(a,) + (b,) * (num_players - 1) for a in agents for b in agents if a != b]


@dataclass
class Task:
    game: str
    num_players: int
    lineup_index: int
    lineup: tuple
    games: int
    seed: int
    max_steps: int


@dataclass
class TaskResult:
    """Per seat of the lineup (before rotation): seats played and won; totals of the lineup;
    ``places``: (game index, place of each lineup seat) of every game that finished, to rate."""
    task: Task
    seats_played: list = field(default_factory=list)
    seats_won: list = field(default_factory=list)
    places: list = field(default_factory=list)
    decisions: int = 0
    games: int = 0
    truncated: int = 0
    seconds: float = 0.0


def _chunks(task: Task, size: int = BATCH_GAMES) -> list:
    """Split a task into batches of whole seat rotations, about ``size`` games each (so that a
    policy's forward pass serves many seats at once, and a lineup spreads over the cores). The
    split depends on the task alone, never on the number of processes, so the table does not either."""
    n = task.num_players
    rotations = task.games // n
    pieces = max(1, -(-rotations * n // size))
    out, start = [], 0
    for k in range(pieces):
        r = rotations // pieces + (1 if k < rotations % pieces else 0)
        out.append((start * n, r * n))
        start += r
    return out


def _run_chunk(args) -> TaskResult:
    """Play games ``first .. first+count-1`` of a lineup (:func:`play_rotated`: side by side, seats
    rotating one place a game). A game's deal and each agent's seed depend on the tournament's seed,
    the lineup and the game's index alone (:func:`game_seeds`)."""
    whole, first, count = args
    task = Task(whole.game, whole.num_players, whole.lineup_index, whole.lineup, count, whole.seed,
                whole.max_steps)
    n = task.num_players
    t0 = time.perf_counter()
    makers = [lambda name=name: make_agent(name, task.game, seed=0, **ARENA_SETTINGS.get(name, {}))
              for name in task.lineup]
    deals = [game_seeds((task.seed, task.game, n, task.lineup_index), g, n) for g in range(first, first + count)]
    res = TaskResult(task, [0] * n, [0] * n)
    for g, (slots, result) in enumerate(play_rotated(task.game, makers, deals, first, task.max_steps), first):
        res.decisions += result.decisions
        res.games += 1
        res.truncated += int(result.truncated)
        places = [LOSER] * n
        for seat, k in enumerate(slots):
            won = seat in result.winners
            res.seats_played[k] += 1
            res.seats_won[k] += int(won)
            places[k] = WINNER if won else LOSER
        if not result.truncated:  # a game cut off has no ranking to rate
            res.places.append((g, tuple(places)))
    res.seconds = time.perf_counter() - t0
    return res


@dataclass
class ArenaResult:
    """Everything the tables are printed from; ``table()`` is deterministic for a seed."""
    seed: int
    sections: list          # [(game, num_players, [TaskResult merged per lineup])]
    seconds: float = 0.0
    warmup_seconds: float = 0.0
    processes: int = 1
    skipped: list = field(default_factory=list)

    @property
    def decisions(self):
        return sum(r.decisions for _, _, rs in self.sections for r in rs)

    @property
    def games(self):
        return sum(r.games for _, _, rs in self.sections for r in rs)

    def agent_rows(self, results):
        """Per agent: seats played, seats won, decisions and games of the games it sat in."""
        rows = {}
        for r in results:
            for k, name in enumerate(r.task.lineup):
                row = rows.setdefault(name, [0, 0, 0, 0])
                row[0] += r.seats_played[k]
                row[1] += r.seats_won[k]
            for name in dict.fromkeys(r.task.lineup):
                rows[name][2] += r.decisions
                rows[name][3] += r.games
        return rows

    def ladder(self, results) -> list:
        """(agent, rating) pairs, best first by mu - Z sigma, the games rated in the fixed order
        of the module docstring: by game index, then by lineup."""
        games = sorted(((g, r.task.lineup_index, r.task.lineup, places) for r in results for g, places in r.places),
                       key=lambda game: game[:2])
        agents = dict.fromkeys(name for r in results for name in r.task.lineup)
        ratings = rate(agents, [(lineup, places) for _, _, lineup, places in games])
        return sorted(ratings.items(), key=lambda item: -item[1].ordinal(z=Z))

    def table(self) -> str:
        out = []
        for game, n, results in self.sections:
            games = sum(r.games for r in results)
            dec = sum(r.decisions for r in results)
            cut = sum(r.truncated for r in results)
            out.append(f"### {game}, {n} players — {len(results)} lineup(s), {games} games, "
                       f"{dec / max(games, 1):.1f} decisions/game"
                       + (f", {cut} cut off at max_steps" if cut else ""))
            out.append("")
            out.append(f"| # | agent | rating (mu - {Z:g} sigma) | mu | sigma | seats played | wins | win rate "
                       "| 95% CI (Wilson) | decisions/game |")
            out.append("|---:|---|---:|---:|---:|---:|---:|---:|---|---:|")
            for r in self.ladder_rows(game, n, results):
                out.append(f"| {r['place']} | {r['agent']} | {r['rating']:.2f} | {r['mu']:.2f} | {r['sigma']:.2f} | "
                           f"{r['seats_played']} | {r['wins']} | {r['win_rate']:.1%} | "
                           f"[{r['wilson_low']:.1%}, {r['wilson_high']:.1%}] | {r['decisions_per_game']:.1f} |")
            out.append("")
            for r in results:
                parts = ", ".join(f"{name} {w}/{p}" for name, w, p in
                                  _group_slots(r.task.lineup, r.seats_won, r.seats_played))
                out.append(f"- {_lineup_name(r.task.lineup)}: seats won {parts}")
            out.append("")
        out.append("Win rate = seats won / seats played, seats rotated each game; a shared win counts as a "
                   "win for each winner (rates at a table may add up to over 100%); fair share at n seats "
                   "is 1/n. 95% CI: Wilson score interval. Rating: openskill's Plackett-Luce model over the "
                   "finished games in a fixed order; mu is the estimated skill, sigma its uncertainty (mu "
                   f"{MODEL.mu:g}, sigma {MODEL.sigma:.2f} before any game), and the ladder is sorted by "
                   f"mu - {Z:g} sigma, a conservative rating (the skill is very likely above it); a shared "
                   "win rates as a draw between the winners; games cut off and self-play leave ratings alone.")
        for s in self.skipped:
            out.append(f"Skipped: {s}")
        return "\n".join(out)

    def ladder_rows(self, game, n, results) -> list:
        """One game and seat count's ladder as records, best first: what the table prints and
        ``--json``/``--csv`` hand out."""
        counts = self.agent_rows(results)
        out = []
        for place, (name, rating) in enumerate(self.ladder(results), 1):
            played, won, d, g = counts[name]
            lo, hi = wilson_interval(won, played)
            out.append({"game": game, "players": n, "place": place, "agent": name,
                        "rating": rating.ordinal(z=Z), "mu": rating.mu, "sigma": rating.sigma,
                        "seats_played": played, "wins": won, "win_rate": won / max(played, 1),
                        "wilson_low": lo, "wilson_high": hi, "decisions_per_game": d / max(g, 1)})
        return out

    def rows(self) -> list:
        """Every ladder's records, game by game (``--json``/``--csv``)."""
        return [r for game, n, results in self.sections for r in self.ladder_rows(game, n, results)]

    def throughput_line(self) -> str:
        sec = max(self.seconds, 1e-9)
        return (f"throughput: {self.decisions:,} decisions and {self.games:,} games in {self.seconds:.1f} s = "
                f"{self.decisions / sec:,.0f} decisions/s, {self.games / sec:,.1f} games/s "
                f"({self.processes} process{'es' if self.processes != 1 else ''}, agents' thinking included; "
                f"JIT warm-up {self.warmup_seconds:.1f} s not included)")


def _lineup_name(lineup) -> str:
    """'heuristic v random', 'mcts v random x3', 'random x4' (self-play)."""
    counts = _counts(lineup)
    return " v ".join(f"{name} x{cnt}" if cnt > 1 else name for name, cnt in counts)


def _counts(lineup):
    c = {}
    for name in lineup:
        c[name] = c.get(name, 0) + 1
    return list(c.items())


def _group_slots(lineup, won, played):
    g = {}
    for k, name in enumerate(lineup):
        w, p = g.get(name, (0, 0))
        g[name] = (w + won[k], p + played[k])
    return [(name, w, p) for name, (w, p) in g.items()]


def plan(games=None, agents=None, games_per_pairing=None, players=None, seed=0, max_steps=DEFAULT_MAX_STEPS,
         slow_games=SLOW_GAMES_PER_PAIRING):
    """The tasks of a tournament and the reasons anything asked for was left out."""
    chosen_games = all_games() if not games else [get_game(g) for g in games]
    tasks, skipped, slow_left = [], [], {}
    for game in chosen_games:
        have = available_agents(game.name)
        if agents:
            names = [a for a in agents if can_play(a, game.name)]
            missing = [a for a in agents if a not in names]
            if missing:
                skipped.append(f"{', '.join(missing)} on {game.name} (not available there; it has {have})")
        else:
            names = list(have)
        if not names:
            continue
        counts = game.player_counts if not players else [n for n in players if n in game.player_counts]
        if players and not counts:
            skipped.append(f"{game.name} (plays {list(game.player_counts)} seats, not {list(players)})")
        for n in counts:
            entered = names
            if not agents:  # by default, slow agents enter only where the game's arena_limits let them
                entered = [a for a in names if n in game.arena_limits.get(a, (n,))]
                for a in names:
                    if a not in entered:
                        slow_left.setdefault(a, []).append(f"{game.name} at {n} seats")
            for i, lineup in enumerate(lineups(entered, n)):
                if games_per_pairing is not None:
                    g = games_per_pairing
                else:
                    g = game.arena_games
                    if any(a in game.arena_limits for a in lineup):
                        g = min(g, slow_games)
                g = max(n, -(-g // n) * n)  # whole seat rotations
                tasks.append(Task(game.name, n, i, lineup, g, seed, max_steps))
    for a, where in slow_left.items():
        skipped.append(f"{a} (slow) sat out {', '.join(where)}; enter it there with --agents")
    return tasks, skipped


def _one_thread_each() -> None:
    """A worker's initializer: one math thread (the workers already fill the cores)."""
    os.environ["OMP_NUM_THREADS"] = "1"


def run_arena(games=None, agents=None, games_per_pairing=None, players=None, seed=0, processes=None,
              max_steps=DEFAULT_MAX_STEPS, progress=True, slow_games=SLOW_GAMES_PER_PAIRING) -> ArenaResult:
    """Run the tournament; see the module docstring. ``processes``: default, every core."""
    from tqdm import tqdm

    processes = usable_cores() if processes is None else processes

    tasks, skipped = plan(games, agents, games_per_pairing, players, seed, max_steps, slow_games)
    # every game's and agent's compiled code before the clock starts, the games side by side on
    # as many processes as will play them
    jobs = [(*key, tuple(dict.fromkeys(a for t in tasks if (t.game, t.num_players) == key for a in t.lineup)))
            for key in dict.fromkeys((t.game, t.num_players) for t in tasks)]
    warmup = compile_side_by_side(jobs, processes=processes, progress=progress)

    # Work items: whole seat rotations of a lineup, small enough to balance across processes.
    items = [(t, first, count) for t in tasks for first, count in _chunks(t)]
    # The slow agents' batches first: each is one long job, which should not start last.
    items.sort(key=lambda item: not any(a in get_game(item[0].game).arena_limits for a in item[0].lineup))
    total = sum(c for _, _, c in items)
    bar = tqdm(total=total, unit="game", desc="arena", disable=not progress, file=sys.stderr,
               dynamic_ncols=True)
    merged = {}
    t1 = time.perf_counter()

    def take(res: TaskResult):
        key = (res.task.game, res.task.num_players, res.task.lineup_index)
        m = merged.get(key)
        if m is None:
            m = merged[key] = TaskResult(next(t for t in tasks if (t.game, t.num_players, t.lineup_index) == key),
                                         [0] * res.task.num_players, [0] * res.task.num_players)
        for k in range(res.task.num_players):
            m.seats_played[k] += res.seats_played[k]
            m.seats_won[k] += res.seats_won[k]
        m.places += res.places
        m.decisions += res.decisions
        m.games += res.games
        m.truncated += res.truncated
        m.seconds += res.seconds
        bar.set_postfix_str(f"{res.task.game} {res.task.num_players}p {_lineup_name(res.task.lineup)}")
        bar.update(res.games)

    if processes > 1 and len(items) > 1:
        import multiprocessing as mp

        # Workers start from a fresh interpreter (forkserver, else spawn), never a fork of this
        # one: a fork inherits torch's OpenMP team, already used here by the warm-up, and the
        # child's first parallel op then waits forever on threads it does not have.
        method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        with mp.get_context(method).Pool(processes, initializer=_one_thread_each) as pool:
            for res in pool.imap_unordered(_run_chunk, items):
                take(res)
    else:
        for item in items:
            take(_run_chunk(item))
    bar.close()
    seconds = time.perf_counter() - t1

    sections = []
    for key in dict.fromkeys((t.game, t.num_players) for t in tasks):
        rs = [merged[(t.game, t.num_players, t.lineup_index)] for t in tasks if (t.game, t.num_players) == key]
        sections.append((key[0], key[1], rs))
    return ArenaResult(seed, sections, seconds, warmup, processes, skipped)


DESCRIPTION = ("A tournament of the bundled agents on every registered game (or those chosen). "
               "Lineups: at 2 seats every pair of agents; at 3+ seats each agent alone against a "
               "table of each other agent; a lone agent plays itself. Seats rotate one place per "
               "game so each agent sits in each seat equally often. Prints, per game and seat "
               "count, a ladder: each agent's rating (openskill's Plackett-Luce: mu, sigma, "
               f"sorted by mu - {Z:g} sigma) beside its win rate with a 95% Wilson interval and the "
               "mean decisions per game; then the tournament's decisions/s and games/s. A shared "
               "win counts as a win for each winner, and rates as a draw between them. The same "
               "--seed gives the same table. The table is also kept in the cache folder "
               "($XDG_CACHE_HOME or ~/.cache, frontierzoo/arena.md), where `frontierzoo serve` "
               "shows it.")


def _slow_agents_help() -> str:
    """Where each slow agent plays by default, from the games' arena_limits."""
    where = {}
    for game in all_games():
        for agent, counts in game.arena_limits.items():
            where.setdefault(agent, []).append(
                f"{game.name} at {'/'.join(map(str, counts))} seats" if counts else f"not {game.name}")
    return "; ".join(f"{agent}: {', '.join(w)}" for agent, w in where.items()) or "none"


def add_arguments(p) -> None:
    p.add_argument("--game", nargs="+", metavar="GAME",
                   help="games to play (default: every registered game)")
    p.add_argument("--agents", nargs="+", metavar="AGENT",
                   help=f"agents to enter: registered names, or a model file you trained (PATH, or "
                        f"KIND:PATH with KIND ppo, net or net_search) (default: every agent each game has; "
                        f"the slow ones enter only where each game lets them ({_slow_agents_help()}), with "
                        f"at most {SLOW_GAMES_PER_PAIRING} games per lineup)")
    p.add_argument("--games", dest="games_per_pairing", type=game_count, metavar="N",
                   help="games per lineup, rounded up to a multiple of the seat count (default: each "
                        "game's own, " + ", ".join(f"{g.arena_games} on {g.name}" for g in all_games())
                        + f"; lineups with a slow agent play at most {SLOW_GAMES_PER_PAIRING} unless this "
                        "is given)")
    p.add_argument("--players", nargs="+", type=at_least(1), metavar="N",
                   help="seat counts to play (default: every count each game allows)")
    p.add_argument("--seed", type=at_least(0), default=0,
                   help="tournament seed; the same seed gives the same table (default 0)")
    p.add_argument("--processes", type=at_least(1), default=usable_cores(),
                   help=f"worker processes, to compile and to play (default: the cores this process may "
                        f"use, here {usable_cores()}; the table does not depend on it)")
    p.add_argument("--max-steps", type=at_least(1), default=DEFAULT_MAX_STEPS,
                   help=f"cut a game off after this many decisions, with no winner (default {DEFAULT_MAX_STEPS})")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_output_flags(p)


def last_run_path():
    """Where ``frontierzoo arena`` keeps its last table (markdown) for ``frontierzoo serve``: the
    user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``), ``frontierzoo/arena.md``."""
    from pathlib import Path

    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "frontierzoo" / "arena.md"


def keep_table(text) -> None:
    """Keep the table for the web page; a cache that cannot be written only loses that."""
    path = last_run_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        print(f"(the table could not be kept for `frontierzoo serve`: {e})", file=sys.stderr)


def main(args) -> int:
    try:
        res = run_arena(games=args.game, agents=args.agents, games_per_pairing=args.games_per_pairing,
                        players=args.players, seed=args.seed, processes=args.processes,
                        max_steps=args.max_steps, progress=not args.no_progress)
    except ValueError as e:
        raise SystemExit(f"frontierzoo arena: {e}")
    if not res.sections:
        print("Nothing to play: no game has the chosen agents and seat counts.")
        for s in res.skipped:
            print(f"Skipped: {s}")
        return 1
    text = f"## frontierzoo arena (seed {res.seed})\n\n{res.table()}\n\n{res.throughput_line()}"
    keep_table(text + "\n")
    if machine_readable(args):
        print_rows(args, res.rows(), {"seed": res.seed, "seconds": round(res.seconds, 2), "games": res.games,
                                      "decisions": res.decisions, "skipped": res.skipped})
    else:
        print(text)
    return 0
