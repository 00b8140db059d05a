"""One game between agents, and the interval every win rate is quoted with.

:func:`play_game` is the one match loop of the library: the arena, head-to-head evaluation, human
play, the notebooks and the tests all play through it (the bench times the env with a bare copy,
for the reason ``benchmarks/throughput.py`` gives). It is PettingZoo's
canonical ``agent_iter`` / ``last`` / ``step`` loop, so it plays any AEC env whose observations are
``{"observation", "action_mask"}`` dicts (PettingZoo's classic games too). Each agent keeps the
protocol of :mod:`frontierzoo.agents.base`; one that sets ``needs_env`` gets the live env as
``info["env"]``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal: a two-sided 95% interval


@dataclass(frozen=True)
class MatchResult:
    """What one game came to.

    ``rewards`` holds each seat's rewards as ``last()`` reported them, summed over the game;
    ``winners`` the seats with a positive total in a game the rules ended (none in a game cut
    off); ``truncated`` whether it was cut off (the env's ``max_steps``, or ``max_decisions``)."""
    decisions: int
    rewards: tuple
    winners: tuple
    truncated: bool


def play_game(env, agents, seed=None, agent_seeds=None, on_decision=None, max_decisions=None,
              reset=True) -> MatchResult:
    """Play one game of ``env``: ``agents[seat]`` decides for ``env.possible_agents[seat]``.

    ``seed`` seeds the deal (``reset=False`` plays on from the env's current position instead, a
    loaded or cloned game); each agent is reset first, with ``agent_seeds[seat]`` when given (one
    agent object may fill several seats). ``on_decision(env, agent_name, action)`` is called with
    each decision before it is played. ``max_decisions`` stops the game, as cut off, when that
    many decisions are made. A dead agent's ``None`` step is not a decision.
    """
    names = env.possible_agents
    if len(agents) != len(names):
        raise ValueError(f"{len(agents)} agents for {len(names)} seats")
    if reset:
        env.reset(seed=seed)
    for seat, agent in enumerate(agents):
        agent.reset(seed=None if agent_seeds is None else agent_seeds[seat])
    # name -> (its agent's act, the info it gets): one lookup a decision
    deciders = {name: (agent.act, {"env": env} if getattr(agent, "needs_env", False) else None)
                for name, agent in zip(names, agents)}
    totals = dict.fromkeys(names, 0.0)
    limit = -1 if max_decisions is None else max_decisions
    decisions = 0
    cut = False
    # Lean on purpose: each line below is paid once a decision, in every tool.
    for name in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if reward:
            totals[name] += reward
        if termination or truncation:
            cut = cut or not termination
            env.step(None)
            continue
        if decisions == limit:
            cut = True
            break
        act, info = deciders[name]
        action = act(observation["observation"], observation["action_mask"], info)
        if on_decision is not None:
            on_decision(env, name, action)
        env.step(action)
        decisions += 1
    rewards = tuple(totals[name] for name in names)
    winners = () if cut else tuple(seat for seat, r in enumerate(rewards) if r > 0)
    return MatchResult(decisions, rewards, winners, cut)


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple:
    """The Wilson score interval (Wilson, 1927) of ``wins`` successes in ``n`` trials; ``wins``
    may be fractional (a shared win counted in part). ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
