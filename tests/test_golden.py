"""Golden playthroughs: seeded games written as readable transcripts, checked in and replayed.

Any change of behaviour shows as a diff of a transcript. After an intended change, regenerate
them with ``FRONTIERZOO_REGEN_GOLDEN=1 pytest tests/test_golden.py`` and review the diff.
"""
import json
import os
from pathlib import Path

import numpy as np
import pytest

from frontierzoo.envs import all_games, make

GOLDEN = Path(__file__).parent / "golden"


def transcript(game_name, cfg, seed, policy_seed):
    env = make(game_name, **cfg)
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    lines = [f"# {game_name} {json.dumps(cfg, sort_keys=True)} seed={seed} policy_seed={policy_seed}"]
    totals = {a: 0.0 for a in env.possible_agents}
    n = 0
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        totals[agent] += rew
        if term or trunc:
            env.step(None)
            continue
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        n += 1
        lines.append(f"{n:4d} {agent}: {env.describe_action(a)}")
        before = env.record.copy()
        env.step(a)
        lines.extend(f"       . {e}" for e in env.game.events(before, env.record))
    scores = np.zeros(env.num_players, np.float32)
    env.game.core.scores(env.record, scores)
    lines.append("scores: " + ", ".join(f"player_{i} {scores[i]:g}" for i in range(env.num_players)))
    lines.append("rewards: " + ", ".join(f"{a} {totals[a]:+g}" for a in env.possible_agents))
    return "\n".join(lines) + "\n"


def cases():
    """(game, config, env seed, policy seed) of every golden playthrough each game declares."""
    return [(g.name, cfg, s, p) for g in all_games() for cfg, s, p in g.golden_cases]


def golden_path(game_name, cfg, seed):
    tag = "-".join(f"{k}{v}" for k, v in sorted(cfg.items()))
    return GOLDEN / f"{game_name}-{tag}-seed{seed}.txt"


@pytest.mark.parametrize("game_name,cfg,seed,policy_seed", cases(),
                         ids=[f"{g}-{json.dumps(c, sort_keys=True)}" for g, c, _, _ in cases()])
def test_golden_playthrough(game_name, cfg, seed, policy_seed):
    path = golden_path(game_name, cfg, seed)
    got = transcript(game_name, cfg, seed, policy_seed)
    if os.environ.get("FRONTIERZOO_REGEN_GOLDEN") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(got)
        if not os.environ.get("FRONTIERZOO_REGEN_GOLDEN"):
            pytest.fail(f"{path.name} did not exist and was written: review and commit it")
    assert got == path.read_text(), f"{path.name} changed; if intended, regenerate and review the diff"


def test_every_registered_game_has_golden_playthroughs():
    for g in all_games():
        assert g.golden_cases, f"{g.name} declares no golden playthroughs (Game.golden_cases)"
