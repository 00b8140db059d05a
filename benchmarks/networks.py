"""Which network learns the search best: block-structured against flat, on the same decisions.

``python -m frontierzoo.benchmarks.networks --buffer runs/expert_forfort/buffer.npz --updates 3000``

An expert-iteration run's replay buffer (``training/expert.py``) holds searched decisions with
their targets. Both networks (the trainer's default block-structured 2x256, and the flat 2x256
MLP of ``--flat``) are fitted to the same 90% of it, the same minibatches in the same order, and
judged on the other 10%: the policy's cross-entropy to the visit distribution, how often its most
likely move is the search's most visited one, and the value's squared error; then each raw policy
plays ``--games`` games against the heuristic, seats rotating. Torch on one thread.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def compare(buffer_path, game_name, updates=3000, batch=256, games=200, seed=0, num_players=None):
    import torch

    from frontierzoo.agents.match import head_to_head, wilson_interval
    from frontierzoo.agents.network import Network, NetworkAgent, describe, new_network
    from frontierzoo.envs import get_game
    from frontierzoo.training.expert import train_step

    torch.set_num_threads(1)
    game = get_game(game_name)
    P = game.check_players(num_players or game.default_players)
    with np.load(buffer_path) as f:
        data = {k: f[k] for k in ("obs", "mask", "policy", "value")}
    n = len(data["obs"])
    order = np.random.default_rng(seed).permutation(n)
    test, fit = order[:n // 10], order[n // 10:]
    rows = []
    for structured in (True, False):
        d = describe(game, structured=structured)
        net = new_network(d, seed)
        opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)
        rng = np.random.default_rng(seed + 1)
        t = time.perf_counter()
        for _ in range(updates):
            idx = fit[rng.integers(0, fit.size, batch)]
            train_step(net, opt, {k: v[idx] for k, v in data.items()}, "cpu", P)
        secs = time.perf_counter() - t
        net.eval()
        with torch.no_grad():
            obs = torch.as_tensor(data["obs"][test])
            masks = torch.as_tensor(data["mask"][test])
            logits, v = net(obs)
            logp = torch.log_softmax(logits.masked_fill(~masks, -1e9), 1).numpy()
            value = v.numpy()[:, :P]
        target = data["policy"][test]
        ce = float(-(target * logp).sum(1).mean())
        agree = float((logp.argmax(1) == target.argmax(1)).mean())
        mse = float(((value - data["value"][test][:, :P]) ** 2).mean())
        agent = NetworkAgent(network=Network(net=net, d=d), seed=seed)
        score, g = head_to_head(game_name, agent, "heuristic", games, num_players=P, seed=seed + 11)
        lo, hi = wilson_interval(score, g)
        rows.append({"network": "block-structured" if structured else "flat", "parameters": sum(
            p.numel() for p in net.parameters()), "policy_ce": ce, "top1": agree, "value_mse": mse,
            "win_rate": score / g, "low95": lo, "high95": hi, "games": g, "fit_seconds": secs})
    return {"decisions": n, "held_out": int(test.size), "updates": updates, "rows": rows}


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m frontierzoo.benchmarks.networks", description=__doc__.splitlines()[0])
    p.add_argument("--buffer", required=True, help="an expert-iteration run's buffer.npz")
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--updates", type=int, default=3000, help="minibatches of 256 each network is fitted on")
    p.add_argument("--games", type=int, default=200, help="games of each raw policy against the heuristic")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    r = compare(args.buffer, args.game, args.updates, games=args.games, seed=args.seed, num_players=args.players)
    print(f"{args.game}: {r['decisions']:,} searched decisions, {r['held_out']:,} held out; {r['updates']} "
          f"minibatches of 256 each")
    print("| network | parameters | held-out policy cross-entropy | top-1 = search's | value MSE | "
          "raw policy v heuristic (95% interval) | fit time |")
    print("|---|---|---|---|---|---|---|")
    for row in r["rows"]:
        print(f"| {row['network']} | {row['parameters']:,} | {row['policy_ce']:.3f} | {row['top1']:.1%} | "
              f"{row['value_mse']:.3f} | {row['win_rate']:.1%} [{row['low95']:.1%}, {row['high95']:.1%}] over "
              f"{row['games']} | {row['fit_seconds']:.0f} s |")


if __name__ == "__main__":
    main()
