"""Masked PPO in one file, CleanRL style: the whole algorithm is here to read, nothing hidden.

    python -m frontierzoo.training.recipes.cleanrl_ppo --game forfort_v0 --timesteps 20000 --seed 1
    python -m frontierzoo.training.recipes.cleanrl_ppo --game legends_v1 --timesteps 20000 --seed 1

One script, two ways of collecting a rollout, chosen by the game (the PPO update is the same):

- a turn-based game (no ``parallel_env()``, e.g. ``forfort_v0``): ``--num-envs`` copies of the
  Gymnasium self-play view, ``gymnasium.make("frontierzoo/<game>")``: the learner holds one seat (a
  random one each game), the random agent holds the others; a rollout column is one env.
- a game whose seats decide simultaneously (Legends, ``parallel_env()``): ``--num-envs`` parallel
  envs, and one policy for every seat (parameter sharing): a rollout column is one seat of one
  game, with that seat's own rewards. A seat with nothing to decide in a step has exactly one legal
  action, ``wait``; it is sampled like any other (its log-probability is 0, so it adds nothing to
  the policy loss). Every seat being the same policy, the seats' mean return is the game's own
  (with ``reward="win"`` and four seats, -0.5: one winner): it shows the run goes, not that it
  learns; play the policy against other agents to measure that.

Every env is made with ``illegal_action="raise"``: an action outside the mask would stop the run.
Logits outside the mask are set to a large negative number before sampling. Seeded: the same
``--seed`` gives the same numbers (torch's CPU kernels, one process).
"""
from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

from frontierzoo.envs import game_module, get_game

MASKED = -1e8   # the logit of an illegal action


def parse_args(argv=None):
    # The options every recipe has, and run()'s reading of them, are written out in each recipe on
    # purpose: a recipe is one file to read and copy (CleanRL's rule), so none imports another.
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="forfort_v0")
    p.add_argument("--num-players", type=int, default=None)
    p.add_argument("--timesteps", type=int, default=4096, help="decisions to collect, all columns together")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--num-envs", type=int, default=4)
    p.add_argument("--num-steps", type=int, default=128, help="rollout length per column")
    p.add_argument("--lr", type=float, default=2.5e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--max-steps", type=int, default=None, help="cut a game off after this many decisions")
    p.add_argument("--threads", type=int, default=1, help="torch threads (the nets are small: one is fastest)")
    return p.parse_args(argv)


class Agent(nn.Module):
    def __init__(self, obs_size, num_actions, hidden):
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                                    nn.Linear(hidden, 1))
        self.actor = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                                   nn.Linear(hidden, num_actions))

    def value(self, x):
        return self.critic(x).squeeze(-1)

    def act(self, x, mask, action=None):
        logits = self.actor(x).masked_fill(~mask, MASKED)
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(x)


# ---------------------------------------------------------------------------------- the two views
class TurnBased:
    """``num_envs`` self-play Gymnasium envs; column i is env i (the learner's seat in it)."""

    def __init__(self, game, num_envs, seed, num_players, max_steps):
        self.envs = [gymnasium.make(f"frontierzoo/{game}", opponents=("random",), num_players=num_players,
                                    illegal_action="raise", max_steps=max_steps).unwrapped
                     for _ in range(num_envs)]
        self.columns = num_envs
        self.obs = np.stack([e.reset(seed=seed * 1000 + i)[0] for i, e in enumerate(self.envs)])
        self.returns = np.zeros(num_envs, np.float32)

    def masks(self):
        return np.stack([e.action_masks() for e in self.envs]).astype(bool)

    def step(self, actions):
        """-> next observations, rewards, dones, [returns of the games that ended]"""
        rewards, dones, finished = np.zeros(self.columns, np.float32), np.zeros(self.columns, bool), []
        for i, (env, a) in enumerate(zip(self.envs, actions)):
            obs, rewards[i], term, trunc, _ = env.step(int(a))
            self.returns[i] += rewards[i]
            if term or trunc:
                dones[i] = True
                finished.append(float(self.returns[i]))
                self.returns[i] = 0.0
                obs, _ = env.reset()   # the env's own generator, seeded at the first reset, goes on
            self.obs[i] = obs
        return self.obs, rewards, dones, finished


class Simultaneous:
    """``num_envs`` parallel envs; column ``g * seats + s`` is seat s of game g."""

    def __init__(self, game, num_envs, seed, num_players, max_steps):
        self.envs = [game_module(game).parallel_env(num_players=num_players, illegal_action="raise",
                                                    max_steps=max_steps) for _ in range(num_envs)]
        self.agents = self.envs[0].possible_agents
        self.columns = num_envs * len(self.agents)
        self.seed = seed
        self.games = 0
        self.returns = np.zeros(self.columns, np.float32)
        self._observed = [self._reset(e) for e in self.envs]

    def _reset(self, env):
        self.games += 1
        obs, _ = env.reset(seed=self.seed * 100_003 + self.games)
        return obs

    def _stack(self, key):
        return np.stack([o[a][key] for o in self._observed for a in self.agents])

    @property
    def obs(self):
        return self._stack("observation")

    def masks(self):
        return self._stack("action_mask").astype(bool)

    def step(self, actions):
        n = len(self.agents)
        rewards, dones, finished = np.zeros(self.columns, np.float32), np.zeros(self.columns, bool), []
        for g, env in enumerate(self.envs):
            cols = slice(g * n, (g + 1) * n)
            obs, rew, term, trunc, _ = env.step({a: int(x) for a, x in zip(self.agents, actions[cols])})
            rewards[cols] = [rew[a] for a in self.agents]
            self.returns[cols] += rewards[cols]
            if any(term.values()) or any(trunc.values()):
                dones[cols] = True
                finished += [float(r) for r in self.returns[cols]]
                self.returns[cols] = 0.0
                obs = self._reset(env)
            self._observed[g] = obs
        return self.obs, rewards, dones, finished


# ---------------------------------------------------------------------------------- training
def run(log=print, **options):
    """Train with the command line's options (as keywords; defaults as there); returns
    ``{"steps", "updates", "episodes", "mean_return", "loss"}``."""
    args = parse_args([])   # the command line's defaults, then the keywords (as in every recipe)
    for k, v in options.items():
        if not hasattr(args, k):
            raise TypeError(f"unknown option {k!r}")
        setattr(args, k, v)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    info = get_game(args.game)
    view_cls = Simultaneous if info.no_parallel_reason is None else TurnBased
    view = view_cls(args.game, args.num_envs, args.seed, args.num_players, args.max_steps)
    agent = Agent(info.obs_size, info.num_actions, args.hidden)
    optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    C, T, timesteps = view.columns, args.num_steps, args.timesteps
    obs_b = torch.zeros((T, C, info.obs_size))
    mask_b = torch.zeros((T, C, info.num_actions), dtype=torch.bool)
    act_b, logp_b, rew_b, done_b, val_b = (torch.zeros((T, C)) for _ in range(5))
    next_obs, next_done = torch.as_tensor(view.obs, dtype=torch.float32), torch.zeros(C)
    steps, updates, finished, loss = 0, 0, [], torch.tensor(float("nan"))
    start = time.time()
    while steps < timesteps:
        for t in range(T):   # --- the rollout
            mask = torch.as_tensor(view.masks())
            obs_b[t], done_b[t], mask_b[t] = next_obs, next_done, mask
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, mask)
            act_b[t], logp_b[t], val_b[t] = action, logp, value
            o, r, d, ended = view.step(action.numpy())
            rew_b[t] = torch.as_tensor(r)
            next_obs, next_done = torch.tensor(o, dtype=torch.float32), torch.tensor(d, dtype=torch.float32)
            finished += ended
        steps += T * C
        with torch.no_grad():   # --- generalised advantage estimation
            next_value = agent.value(next_obs)
            adv = torch.zeros_like(rew_b)
            last = 0
            for t in reversed(range(T)):
                nonterminal = 1.0 - (next_done if t == T - 1 else done_b[t + 1])
                nv = next_value if t == T - 1 else val_b[t + 1]
                delta = rew_b[t] + args.gamma * nv * nonterminal - val_b[t]
                adv[t] = last = delta + args.gamma * args.gae_lambda * nonterminal * last
            ret = adv + val_b
        b_obs, b_mask = obs_b.reshape(T * C, -1), mask_b.reshape(T * C, -1)
        b_act, b_logp, b_adv, b_ret = act_b.reshape(-1), logp_b.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = T * C // args.minibatches
        for _ in range(args.epochs):   # --- the clipped PPO update
            order = torch.randperm(T * C)   # seeded by torch.manual_seed above
            for k in range(args.minibatches):
                i = order[k * size:(k + 1) * size]
                _, logp, entropy, value = agent.act(b_obs[i], b_mask[i], b_act[i].long())
                ratio = (logp - b_logp[i]).exp()
                a = b_adv[i]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = 0.5 * ((value - b_ret[i]) ** 2).mean()
                loss = pg - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
                optim.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optim.step()
        updates += 1
        recent = finished[-50:]
        log(f"update {updates}: {steps} steps, {len(finished)} games, mean return (last 50) "
            f"{np.mean(recent) if recent else float('nan'):+.3f}, loss {loss.item():.4f}, {time.time() - start:.1f}s")
    return {"steps": steps, "updates": updates, "episodes": len(finished),
            "mean_return": float(np.mean(finished)) if finished else float("nan"), "loss": float(loss.item())}


def main(argv=None):
    return run(**vars(parse_args(argv)))


if __name__ == "__main__":
    main()
