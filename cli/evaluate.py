"""``frontierzoo evaluate``: one agent against another, seats rotating
(:func:`frontierzoo.agents.match.head_to_head`), with the agent's time a decision."""
from __future__ import annotations

import time

import numpy as np

from frontierzoo.agents import Agent, check_options, make_agent
from frontierzoo.agents.match import has_batched_path, head_to_head, wilson_interval

from .argtypes import add_search_budget, at_least, game_count, search_budget


class Timed(Agent):
    """An agent whose decisions with a choice (more than one legal action) are timed, in ms, into
    ``ms``; :func:`timed` wraps an agent in it."""

    def __init__(self, agent, ms):
        self.agent, self.ms = agent, ms
        self.name, self.needs_env = agent.name, agent.needs_env

    def reset(self, seed=None):
        self.agent.reset(seed)

    def act(self, observation, action_mask, info=None):
        start = time.perf_counter()
        a = self.agent.act(observation, action_mask, info)
        if np.count_nonzero(action_mask) > 1:
            self.ms.append((time.perf_counter() - start) * 1e3)
        return a


class TimedBatch(Timed):
    """:class:`Timed` for an agent that decides many games in one call: each call's time is shared
    among its rows with a choice."""

    def act_batch(self, observations, action_masks, infos=None):
        start = time.perf_counter()
        actions = self.agent.act_batch(observations, action_masks, infos)
        chose = int(np.count_nonzero(np.count_nonzero(action_masks, axis=1) > 1))
        self.ms.extend([(time.perf_counter() - start) * 1e3 / len(actions)] * chose)
        return actions


def timed(agent, ms) -> Timed:
    """``agent`` timed into ``ms``, deciding in batches as it did."""
    return (TimedBatch if has_batched_path(agent) else Timed)(agent, ms)


DESCRIPTION = ("Play --agent at one seat against --opponent at every other for --games games, the "
               "agent's seat rotating, the games side by side (each agent deciding for all its games "
               "at once where it can: a policy in one forward pass), and print its win rate with a 95% "
               "Wilson interval and its time a decision (median and 95th percentile over the decisions "
               "with a choice; a batch's time shared among its decisions). A win shared by k counts 1/k. "
               "--ms and --simulations set the search agent's budget (--agent mcts).")


def add_arguments(p) -> None:
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--agent", default="heuristic",
                   help="a registered agent, or a model file you trained: its path (a .json description with "
                        "its .pt beside it, or a MaskablePPO .zip you made, unpickled on load), or KIND:PATH "
                        "with KIND ppo, net or net_search")
    p.add_argument("--opponent", default="random", help="the same kinds as --agent")
    p.add_argument("--games", type=game_count, default=1000)
    p.add_argument("--players", type=at_least(1), default=2)
    p.add_argument("--seed", type=at_least(0), default=0)
    add_search_budget(p)


def main(args) -> int:
    try:
        return evaluate(args)
    except ValueError as e:
        raise SystemExit(f"frontierzoo evaluate: {e}")


def evaluate(args) -> int:
    from tqdm import tqdm

    ms = []
    budget = search_budget(args)
    check_options(args.agent, args.game, **budget)   # a bad name, model file or budget is refused before any game

    def agent():
        return timed(make_agent(args.agent, args.game, **budget), ms)
    t0 = time.perf_counter()
    with tqdm(total=args.games, desc=f"{args.agent} v {args.opponent}", unit="game") as bar:
        score, n = head_to_head(args.game, agent, args.opponent, args.games, num_players=args.players,
                                seed=args.seed, progress=bar)
    secs = time.perf_counter() - t0
    lo, hi = wilson_interval(score, n)
    timing = (f"; {np.median(ms):.1f} ms a decision (median), {np.percentile(ms, 95):.1f} (95th percentile) "
              f"over {len(ms)} decisions with a choice") if ms else ""
    print(f"{args.agent} v {args.opponent} on {args.game} ({args.players} players, seats rotating): "
          f"won {score:g}/{n} = {score / n:.1%} (95% Wilson interval {lo:.1%}-{hi:.1%}), "
          f"{secs / n:.2f} s a game{timing}")
    return 0
