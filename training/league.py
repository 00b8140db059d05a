"""The league: who the learner plays as it trains, and the curve that shows what it learned.

:class:`League` is an SB3 callback over a :class:`~frontierzoo.training.batched.BatchedSelfPlay`:

- **Snapshots join the pool.** Every ``snapshot_every`` timesteps a frozen copy of the policy enters
  the pool (the oldest retires once ``pool_size`` are there) and is written in the safe policy format
  under ``<out>/snapshots``.
- **Opponents the learner does not yet beat come up more often** (prioritised fictitious self-play,
  as in AlphaStar's league): each entry's weight is ``(1 - b)**2 + FLOOR``, where ``b`` is how
  clearly the learner beats it lately: its recent share of wins scaled so that the fair share
  ``1/n`` of an n-seat table is 0.5 (one win in two, two players), capped at 1. An entry it always
  beats keeps the floor, so it is still met now and then. The policy itself ("self") keeps a
  fixed ``SELF_SHARE`` of the games, as AlphaStar's main agents kept 35% self-play: against only
  opponents it cannot yet beat, a young policy loses every game and learns little from them.
- **The curve.** Every ``eval_every`` timesteps the policy plays ``eval_games`` games against each
  fixed reference (the random agent, the heuristic), seats rotating, all in batches
  (:func:`~frontierzoo.agents.match.head_to_head`); each result
  goes to ``<out>/curve.csv`` with its 95% interval as it comes, and ``<out>/curve.png`` is drawn
  again. A progress bar shows the timesteps and the latest win rates.
"""
from __future__ import annotations

import csv
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from stable_baselines3.common.callbacks import BaseCallback

from frontierzoo.agents.learned import MaskablePPOAgent, save_policy
from frontierzoo.agents.match import head_to_head, wilson_interval

from .batched import SELF

if TYPE_CHECKING:
    from .batched import BatchedSelfPlay

FLOOR = 0.05        # the weight of an opponent the learner always beats
SELF_SHARE = 0.35   # of the games dealt, the share played against the policy itself
MEMORY = 0.9        # each rollout, older results count this much less: the learner changes
CURVE_FIELDS = ("timesteps", "seconds", "opponent", "games", "win_rate", "low95", "high95")


def beat_by(wins: np.ndarray, games: np.ndarray, num_players: int) -> np.ndarray:
    """How clearly the learner beats an opponent, 0..1: its share of wins (with one win and one
    loss assumed, so that a few games do not say much), the fair share 1/n counted 0.5."""
    share = (wins + 1.0) / (games + 2.0)
    return np.minimum(1.0, share * num_players / 2.0)


def league_weights(wins: np.ndarray, games: np.ndarray, num_players: int,
                   is_self: np.ndarray | None = None) -> np.ndarray:
    """Prioritised fictitious self-play: weight toward what the learner does not yet beat; the
    entries ``is_self`` marks (the policy itself) share ``SELF_SHARE`` of the total between them."""
    w = (1.0 - beat_by(wins, games, num_players)) ** 2 + FLOOR
    if is_self is not None and is_self.any() and not is_self.all():
        w[is_self] = SELF_SHARE / (1.0 - SELF_SHARE) * w[~is_self].sum() / is_self.sum()
    return w


class League(BaseCallback):
    """Snapshots, league weights and the training curve for ``env`` (module docstring).

    Args:
        env: the BatchedSelfPlay being trained on.
        out: the run's folder.
        total: the timesteps the run will take (for the progress bar).
        snapshot_every, pool_size: a snapshot joins every this many timesteps; at most this many
            stay in the pool (0: no snapshots).
        eval_every, eval_games, references: the curve: this many games against each of these
            agents every this many timesteps, and once at the end (0 games: no curve).
        seed: seeds the snapshots' and the evaluations' generators.
        command: what trained the run, written into each snapshot's description.
        max_seconds: stop training once this much time has passed (None: run to ``total``).
    """

    def __init__(self, env: BatchedSelfPlay, out: str | os.PathLike, total: int, snapshot_every: int = 50_000, pool_size: int = 4,
                 eval_every: int = 50_000, eval_games: int = 200, references: Sequence[str] = ("random", "heuristic"),
                 seed: int = 0, command: str | None = "", max_seconds: float | None = None) -> None:
        super().__init__()
        self.env = env
        self.out = Path(out)
        self.total = total
        self.snapshot_every = snapshot_every
        self.pool_size = pool_size
        self.eval_every = eval_every
        self.eval_games = eval_games
        self.references = [r for r in references if r in _agents_of(env.game_name)]
        self.seed = seed
        self.command = command
        self.max_seconds = max_seconds
        self.snapshots = []   # pool slots holding snapshots, oldest first
        self.curve = []       # rows of CURVE_FIELDS

    # ------------------------------------------------------------------ SB3 hooks
    def _on_training_start(self):
        from tqdm import tqdm

        self.bar = tqdm(total=self.total, desc=f"training {self.env.game_name}", unit="step")
        self.t0 = time.perf_counter()
        self.recent_games = np.zeros(len(self.env.pool))
        self.recent_wins = np.zeros(len(self.env.pool))
        self.seen_games = self.env.games.copy()
        self.seen_wins = self.env.wins.copy()
        self.next_snapshot = self.snapshot_every
        self.next_eval = self.eval_every
        (self.out / "snapshots").mkdir(parents=True, exist_ok=True)
        with open(self.out / "curve.csv", "w", newline="") as f:
            csv.writer(f).writerow(CURVE_FIELDS)
        if self.eval_games > 0:
            self.evaluate()

    def _on_step(self):
        self.bar.update(self.num_timesteps - self.bar.n)
        if self.snapshot_every > 0 and self.num_timesteps >= self.next_snapshot:
            self.next_snapshot += self.snapshot_every
            self.add_snapshot()
        if self.eval_games > 0 and self.eval_every > 0 and self.num_timesteps >= self.next_eval:
            self.next_eval += self.eval_every
            self.evaluate()
        # the time budget: returning False ends model.learn(); the last evaluation still runs
        return self.max_seconds is None or time.perf_counter() - self.t0 < self.max_seconds

    def _on_rollout_end(self):
        self.reweight()

    def _on_training_end(self):
        if self.eval_games > 0 and (not self.curve or self.curve[-1][0] != self.num_timesteps):
            self.evaluate()
        self.bar.close()

    # ------------------------------------------------------------------ the league
    def reweight(self) -> None:
        """New weights from the results since the last rollout, older results fading."""
        env = self.env
        grow = len(env.pool) - self.recent_games.size
        if grow > 0:
            self.recent_games = np.append(self.recent_games, np.zeros(grow))
            self.recent_wins = np.append(self.recent_wins, np.zeros(grow))
            self.seen_games = np.append(self.seen_games, np.zeros(grow))
            self.seen_wins = np.append(self.seen_wins, np.zeros(grow))
        # a retired slot's results start again (replace_opponent zeroes them)
        restarted = env.games < self.seen_games
        self.recent_games[restarted] = self.recent_wins[restarted] = 0.0
        self.seen_games[restarted] = self.seen_wins[restarted] = 0.0
        self.recent_games = MEMORY * self.recent_games + (env.games - self.seen_games)
        self.recent_wins = MEMORY * self.recent_wins + (env.wins - self.seen_wins)
        self.seen_games, self.seen_wins = env.games.copy(), env.wins.copy()
        is_self = np.array([opp == SELF for opp in env.pool])
        env.set_weights(league_weights(self.recent_wins, self.recent_games, env.num_players, is_self))

    def add_snapshot(self) -> Path:
        """The policy as it stands joins the pool, and is written where it can be loaded safely."""
        env = self.env
        name = f"snapshot@{self.num_timesteps}"
        path = save_policy(self.model, self.out / "snapshots" / f"step_{self.num_timesteps}.json", env,
                           self.command, self.seed)
        agent = MaskablePPOAgent(model=self.model, frozen=True, seed=self.seed + len(self.snapshots) + 1)
        if len(self.snapshots) < self.pool_size:
            self.snapshots.append(env.add_opponent(agent, weight=1.0, name=name))
        else:   # the oldest retires; its slot goes to the newcomer
            slot = self.snapshots.pop(0)
            env.replace_opponent(slot, agent, name)
            self.snapshots.append(slot)
        return path

    # ------------------------------------------------------------------ the curve
    def evaluate(self) -> None:
        """The policy against each fixed reference: rows in curve.csv, the plot drawn again."""
        env = self.env
        player = MaskablePPOAgent(model=self.model, seed=self.seed)
        seconds = round(time.perf_counter() - self.t0, 1)
        shown = {}
        for k, ref in enumerate(self.references):
            score, n = head_to_head(env.game_name, player, ref, self.eval_games, num_players=env.num_players,
                                    seed=10**6 + self.seed + k, max_steps=env.max_steps, **env.game_options)
            lo, hi = wilson_interval(score, n)
            row = (self.num_timesteps, seconds, ref, n, round(score / n, 4), round(lo, 4), round(hi, 4))
            self.curve.append(row)
            with open(self.out / "curve.csv", "a", newline="") as f:
                csv.writer(f).writerow(row)
            shown[f"v {ref}"] = f"{score / n:.0%}"
        if hasattr(self, "bar"):
            self.bar.set_postfix(shown)
        plot_curve(self.curve, self.out / "curve.png", env.game_name, env.num_players)


def _agents_of(game_name):
    from frontierzoo.agents import available_agents
    return available_agents(game_name)


def read_curve(path: str | os.PathLike) -> list[tuple[int, float, str, int, float, float, float]]:
    """The rows of a run's curve.csv, typed."""
    with open(path, newline="") as f:
        return [(int(r["timesteps"]), float(r["seconds"]), r["opponent"], int(r["games"]), float(r["win_rate"]),
                 float(r["low95"]), float(r["high95"])) for r in csv.DictReader(f)]


def plot_curve(rows: Sequence[tuple[int, float, str, int, float, float, float]], path: str | os.PathLike, game_name: str,
               num_players: int, xlabel: str = "learner timesteps") -> None:
    """Win rate against each reference by timesteps (or what ``xlabel`` names), with its 95% band
    and the fair share."""
    # its own Agg canvas: switching the user's backend would stop a notebook's figures showing
    from frontierzoo.envs.common.render import new_figure

    fig = new_figure(6.4, 3.6)
    ax = fig.add_subplot()
    for ref in dict.fromkeys(r[2] for r in rows):
        mine = [r for r in rows if r[2] == ref]
        x = [r[0] for r in mine]
        ax.plot(x, [r[4] for r in mine], marker="o", label=f"v {ref}")
        ax.fill_between(x, [r[5] for r in mine], [r[6] for r in mine], alpha=0.2)
    ax.axhline(1.0 / num_players, color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{num_players}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{game_name}, {num_players} players")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
