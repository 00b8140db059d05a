"""``frontierzoo train METHOD``: train a learned agent.

A method is an entry of :data:`METHODS`: its one-line help, a function adding its options to its
parser and one running them. Only the chosen method's options are built, so that listing the
methods imports no learning library. ``ppo`` (``training/selfplay.py``) trains a MaskablePPO
policy in a league; ``rllib`` (``training/rllib.py``) trains one shared policy on Ray RLlib;
``expert`` (``training/expert.py``) trains a policy-and-value network by expert iteration, from the
batched search it guides. A new trainer is one more entry.
"""
from __future__ import annotations

import argparse
import shlex

from .argtypes import at_least, layer_sizes, positive, share

DESCRIPTION = "Train a learned agent by one of the methods below; `frontierzoo train METHOD --help` lists its options."


def add_ppo_arguments(p) -> None:
    from frontierzoo.training.selfplay import N_STEPS, NET, NUM_ENVS, PPO_SETTINGS

    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--timesteps", type=at_least(1), default=200_000)
    p.add_argument("--out", default="runs/ppo")
    p.add_argument("--seed", type=at_least(0), default=0)
    p.add_argument("--players", type=at_least(1), default=None, help="seats (default: the game's default)")
    p.add_argument("--opponents", default=None,
                   help="the league's first members: agent names and 'self', comma-separated "
                        "(default: random, the heuristic, self)")
    p.add_argument("--envs", type=at_least(1), default=NUM_ENVS, help="games played side by side")
    p.add_argument("--n-steps", type=at_least(1), default=N_STEPS, help="steps per game in each rollout")
    p.add_argument("--snapshot-every", type=at_least(0), default=50_000, help="timesteps between snapshots (0: none)")
    p.add_argument("--pool-size", type=at_least(1), default=4, help="snapshots kept in the pool")
    p.add_argument("--eval-every", type=at_least(0), default=50_000, help="timesteps between points of the curve")
    p.add_argument("--eval-games", type=at_least(0), default=200, help="games against each reference a point")
    p.add_argument("--reward", choices=("win", "vp"), default="win")
    p.add_argument("--threads", type=at_least(1), default=None,
                   help="torch threads for PPO's updates (default: every core; the games are played with "
                        "one). On a machine others are using, 1: more threads than free cores stall")
    p.add_argument("--device", default="auto", help="auto (a GPU if torch sees one), cpu or cuda")
    p.add_argument("--imitate", default=None, help="an agent to imitate first (e.g. heuristic): a head start")
    p.add_argument("--imitate-samples", type=at_least(1), default=100_000, help="its decisions to learn from")
    p.add_argument("--imitate-epochs", type=at_least(1), default=4, help="passes over those decisions")
    p.add_argument("--init", default=None,
                   help="a policy description (.json: a bundled policy or a run's final.json) to train further "
                        "instead of a fresh policy; --net must be its hidden layers")
    p.add_argument("--features", default=None,
                   help="a view of the observation the policy's first layer reads beside it "
                        "(agents/features.py; airship_window: Fantasy Frontier's cells round my airship; "
                        "airship_prospects: those, and what each flight and gather promises by the heuristic's measures; "
                        "corner_production: Frontier's corners' pips by resource; building_needs: those, what my "
                        "hand lacks for each piece and where a village may stand)")
    p.add_argument("--scorers", type=at_least(1), default=None, metavar="HIDDEN",
                   help="add a scorer of HIDDEN units shared by every place of each kind the --features view "
                        "has (corner_production, building_needs: Frontier's corners, edges and hexes) to the building logits")
    p.add_argument("--learning-rate", type=positive, default=PPO_SETTINGS["learning_rate"],
                   help=f"PPO's step size (default {PPO_SETTINGS['learning_rate']:g})")
    p.add_argument("--net", type=layer_sizes, default=NET,
                   help="the hidden layers' sizes of the policy and value networks, comma-separated "
                        f"(default {','.join(map(str, NET))})")
    p.add_argument("--max-minutes", type=float, default=None,
                   help="stop training after this many minutes (the last evaluation still runs)")


def run_ppo(args) -> None:
    from frontierzoo.training.selfplay import train

    train(game=args.game, timesteps=args.timesteps, out=args.out, seed=args.seed, num_players=args.players,
          opponents=None if args.opponents is None else tuple(args.opponents.split(",")), num_envs=args.envs,
          n_steps=args.n_steps, snapshot_every=args.snapshot_every, pool_size=args.pool_size,
          eval_every=args.eval_every, eval_games=args.eval_games, reward=args.reward, threads=args.threads,
          device=args.device, max_minutes=args.max_minutes, imitate=args.imitate,
          imitate_samples=args.imitate_samples, imitate_epochs=args.imitate_epochs, net=args.net,
          init=args.init, learning_rate=args.learning_rate, features=args.features,
          scorers=args.scorers,
          command=shlex.join(["frontierzoo", "train", *args.argv]))


def add_rllib_arguments(p) -> None:
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--iterations", type=at_least(1), default=20)
    p.add_argument("--players", type=at_least(1), default=None, help="seats (default: the game's default)")
    p.add_argument("--seed", type=at_least(0), default=0)
    p.add_argument("--address", default=None,
                   help="a running Ray cluster: 'auto' (the one `ray start` made on this node), "
                        "HOST:6379, or ray://HOST:10001 (Ray Client: needs ray[client]) "
                        "(default: start a local one)")
    p.add_argument("--num-cpus", type=at_least(1), default=None, help="CPUs of the local cluster (default: all)")
    p.add_argument("--env-runners", type=at_least(0), default=1, help="sampling workers")
    p.add_argument("--batch", type=at_least(1), default=4000, help="env steps a training iteration")
    p.add_argument("--eval-games", type=at_least(0), default=200)
    p.add_argument("--reward", choices=("win", "vp"), default="win")
    p.add_argument("--out", default=None, help="where the checkpoint and the policy go (default: runs/rllib_GAME)")
    p.add_argument("--verbose", action="store_true", help="show Ray's and RLlib's own log lines and warnings")


def run_rllib(args) -> None:
    from frontierzoo.training.rllib import train

    train(game=args.game, iterations=args.iterations, num_players=args.players, seed=args.seed,
          address=args.address, num_cpus=args.num_cpus, num_env_runners=args.env_runners,
          eval_games=args.eval_games, env_kwargs={"reward": args.reward}, train_batch=args.batch,
          out=args.out, verbose=args.verbose, command=shlex.join(["frontierzoo", "train", *args.argv]))


def add_expert_arguments(p) -> None:
    from frontierzoo.agents.learned import MOVES
    from frontierzoo.training.expert import DEFAULTS as D, EXPERTS

    p.add_argument("--game", required=True)
    p.add_argument("--players", type=at_least(1), default=D["players"], help="seats at the table (default: the game's)")
    p.add_argument("--out", default=D["out"], help="the run's folder (default: runs/expert_GAME)")
    p.add_argument("--resume", action="store_true", help="go on with the run in --out")
    p.add_argument("--seed", type=at_least(0), default=D["seed"])
    p.add_argument("--max-minutes", type=positive, default=D["max_minutes"],
                   help="stop after this much time (the last evaluation still runs; checkpointed)")
    p.add_argument("--iterations", type=at_least(1), default=D["iterations"], help="stop after this many iterations")
    p.add_argument("--workers", type=at_least(0), default=D["workers"],
                   help="self-play processes (default: every core; 0: in this process)")
    p.add_argument("--address", default=D["address"],
                   help="run the workers as Ray actors on this cluster: auto, HOST:6379, ray://HOST:10001, "
                        "or local (a cluster of this machine's own)")
    p.add_argument("--threads", type=at_least(1), default=D["threads"], help="torch threads for training")
    p.add_argument("--device", default=D["device"], help="torch device for training (default: cuda if torch sees one)")
    p.add_argument("--games", type=at_least(1), default=D["games"], help="games each worker plays side by side")
    p.add_argument("--steps", type=at_least(1), default=D["steps"], help="decisions each game plays an iteration")
    p.add_argument("--expert", choices=EXPERTS, default=D["expert"],
                   help="the search the network learns from: net, the search it guides itself (expert iteration); "
                        "mcts, the heuristic-guided search (distillation)")
    p.add_argument("--student-share", type=share, default=D["student_share"],
                   help="share of the searched decisions where the network's own move is played (DAgger)")
    p.add_argument("--moves", choices=MOVES, default=D["moves"],
                   help="how the raw policy plays in the curve and by default as the agent net")
    p.add_argument("--simulations", type=at_least(2), default=D["simulations"], help="search simulations a decision")
    p.add_argument("--guide-weight", type=float, default=D["guide_weight"],
                   help="the guide's rollout share in leaf values "
                        "(default: 0.5 where a heuristic guides, else 0)")
    p.add_argument("--temperature-moves", type=at_least(0), default=D["temperature_moves"],
                   help="a game's first decisions drawn in proportion to the visits")
    p.add_argument("--max-steps", type=at_least(1), default=D["max_steps"],
                   help="truncate self-play games after this many")
    p.add_argument("--hidden", type=at_least(1), nargs="+", default=D["hidden"],
                   help="the trunk's layer widths")
    p.add_argument("--flat", action="store_true", help="a flat MLP instead of the block-structured network")
    p.add_argument("--buffer", type=at_least(1), default=D["buffer"], help="the replay buffer's decisions")
    p.add_argument("--batch", type=at_least(1), default=D["batch"])
    p.add_argument("--reuse", type=positive, default=D["reuse"], help="passes over each new decision, on average")
    p.add_argument("--lr", type=positive, default=D["lr"])
    p.add_argument("--weight-decay", type=float, default=D["weight_decay"])
    p.add_argument("--eval-every", type=positive, default=D["eval_every"], help="minutes between evaluations")
    p.add_argument("--eval-games", type=at_least(1), default=D["eval_games"])
    p.add_argument("--imitate", default=D["imitate"], metavar="AGENT",
                   help="a head start: the policy first learns this agent's decisions (e.g. heuristic)")
    p.add_argument("--imitate-samples", type=at_least(1), default=D["imitate_samples"],
                   help="its decisions to learn from")
    p.add_argument("--imitate-epochs", type=at_least(1), default=D["imitate_epochs"],
                   help="passes over those decisions")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run_expert(args) -> None:
    from frontierzoo.training.expert import DEFAULTS, train

    train(args.game, command=shlex.join(["frontierzoo", "train", *args.argv]),
          **{k: getattr(args, k) for k in DEFAULTS})


# name -> (its line in `frontierzoo train --help`, the extra it needs, add its options, run them)
METHODS = {
    "expert": ("expert iteration: a policy-and-value network learns from the batched search it guides", "train",
               add_expert_arguments, run_expert),
    "ppo": ("MaskablePPO self-play in a league of past snapshots and heuristics", "train",
            add_ppo_arguments, run_ppo),
    "rllib": ("multi-agent PPO with one shared policy on Ray RLlib, one machine or a cluster", "rllib",
              add_rllib_arguments, run_rllib),
}


def add_arguments(p) -> None:
    p.formatter_class = argparse.RawDescriptionHelpFormatter   # the list of methods, a line each
    p.epilog = "methods:\n" + "\n".join(f"  {name:8} {help_line} (the {extra} extra)"
                                         for name, (help_line, extra, _, _) in METHODS.items())
    p.add_argument("method", choices=METHODS, metavar="METHOD", help="how to train: " + ", ".join(METHODS))
    # the method's own options, parsed by its parser once it is chosen
    p.add_argument("options", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)


def method_parser(method) -> argparse.ArgumentParser:
    """The parser of ``frontierzoo train METHOD``'s own options (it imports what they read)."""
    help_line, _, add, _ = METHODS[method]
    parser = argparse.ArgumentParser(prog=f"frontierzoo train {method}", description=help_line)
    add(parser)
    return parser


def main(args) -> int:
    _, extra, _, run = METHODS[args.method]
    name = f"frontierzoo train {args.method}"
    try:
        parser = method_parser(args.method)
        options = parser.parse_args(args.options)
        options.argv = args.argv
        run(options)
    except ImportError as e:
        raise SystemExit(f"{name} needs {e.name}, which is not installed: pip install 'frontierzoo[{extra}]'")
    except ValueError as e:
        raise SystemExit(f"{name}: {e}")
    return 0
