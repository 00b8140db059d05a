"""``frontierzoo evaluate``: one agent against another, seats rotating (``training/evaluate.py``)."""
from __future__ import annotations

import time

import numpy as np

from frontierzoo.agents import make_agent
from frontierzoo.agents.match import wilson_interval

from .argtypes import at_least, positive

DESCRIPTION = ("Play --agent at one seat against --opponent at every other for --games games, the "
               "agent's seat rotating, and print its win rate with a 95% Wilson interval and its time "
               "a decision (median and 95th percentile over the decisions with a choice). A win shared "
               "by k counts 1/k. --ms and --simulations set the search agent's budget (--agent mcts).")


def add_arguments(p) -> None:
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--agent", default="heuristic")
    p.add_argument("--opponent", default="random")
    p.add_argument("--games", type=at_least(1), default=1000)
    p.add_argument("--players", type=at_least(1), default=2)
    p.add_argument("--seed", type=at_least(0), default=0)
    p.add_argument("--ms", type=positive, default=None, help="the search agent's time a decision, in ms")
    p.add_argument("--simulations", type=at_least(1), default=None,
                   help="the search agent's simulations a decision (with --ms: at most this many)")
    p.add_argument("--path", default=None,
                   help="a policy to play as the agent: a .json description (its .pt beside it), or a "
                        "MaskablePPO .zip you made (unpickled on load)")
    p.add_argument("--batched", action="store_true",
                   help="play the games side by side through the compiled engine, each agent deciding for all "
                        "its games at once (training/batched.py; needs the train extra): the same games' "
                        "statistics, much faster for learned agents")


def main(args) -> int:
    try:
        return evaluate(args)
    except ValueError as e:
        raise SystemExit(f"frontierzoo evaluate: {e}")


def evaluate(args) -> int:
    from frontierzoo.training.evaluate import head_to_head

    if args.path:   # the policy must be for --game
        from frontierzoo.agents.learned import MaskablePPOAgent
        agent = MaskablePPOAgent(path=args.path, seed=args.seed, game_name=args.game)
    else:
        budget = {k: v for k, v in (("ms", args.ms), ("simulations", args.simulations)) if v is not None}
        agent = make_agent(args.agent, args.game, seed=args.seed, **budget)
    opponent = make_agent(args.opponent, args.game, seed=args.seed + 1)
    ms = []
    if args.batched:
        from tqdm import tqdm

        from frontierzoo.training.batched import play_batched
        t0 = time.perf_counter()
        with tqdm(total=args.games, desc=f"{args.agent} v {args.opponent}", unit="game") as bar:
            score, n = play_batched(args.game, agent, opponent, args.games, num_players=args.players,
                                    seed=args.seed, progress=bar)
        secs = time.perf_counter() - t0
    else:
        score, n, secs = head_to_head(args.game, agent, opponent, args.games, seed=args.seed,
                                      num_players=args.players, progress=True, decision_ms=ms)
    lo, hi = wilson_interval(score, n)
    timing = (f"; {np.median(ms):.1f} ms a decision (median), {np.percentile(ms, 95):.1f} (95th percentile) "
              f"over {len(ms)} decisions with a choice") if ms else ""
    print(f"{args.agent} v {args.opponent} on {args.game} ({args.players} players, seats rotating): "
          f"won {score:g}/{n} = {score / n:.1%} (95% Wilson interval {lo:.1%}-{hi:.1%}), "
          f"{secs / n:.2f} s a game{timing}")
    return 0
