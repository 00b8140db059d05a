"""The conformance kit (DESIGN.md §5): every registered game, every seat count and option set.

A new game gets all of this by registering itself and listing its configurations.
"""
import glob
import os
import random
import re
import subprocess
import sys
import tempfile
from xml.etree import ElementTree

import numpy as np
import pytest
from pettingzoo.test import api_test
# aliased: pytest would collect PettingZoo's test_* functions as tests of this module
from pettingzoo.test.state_test import test_state as pz_state_test, test_state_space as pz_state_space_test

from frontierzoo import envs
from frontierzoo.envs import all_games, get_game, make
from frontierzoo.envs.common.render import view_title
from frontierzoo.envs.common.engine import FUZZ_CODES, kernels
from frontierzoo.envs.common.vector import VectorEnv

from helpers import play_random


def new_env(game, cfg, **kw):
    return make(game.name, **cfg, **kw)


def test_pettingzoo_api(game_config):
    game, cfg = game_config
    api_test(new_env(game, cfg), num_cycles=300)


def test_pettingzoo_state_test(game_config):
    """PettingZoo's state_test: ``state_space`` exists and every ``state()`` lies in it (its random
    actions are mostly illegal, so the game ends on one as PettingZoo's classic games do)."""
    game, cfg = game_config
    env = new_env(game, cfg, illegal_action="lose")
    pz_state_space_test(env)
    pz_state_test(env, num_cycles=200)
    assert env.state_space.shape == (game.state_size,) and env.state_space.dtype == np.float32


def transcript(game, cfg, seed, policy_seed, disturb=False):
    """Observations, masks and rewards of one seeded random game, bit for bit."""
    env = new_env(game, cfg)
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    out = []
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), rew, term, trunc))
        if term or trunc:
            env.step(None)
            continue
        if disturb:   # a game with hidden global randomness would change under this
            random.seed(len(out))
            np.random.seed(len(out) % 1000)
            random.random()
            np.random.random(7)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


def test_seeded_determinism(game_config):
    game, cfg = game_config
    a = transcript(game, cfg, seed=11, policy_seed=5)
    b = transcript(game, cfg, seed=11, policy_seed=5)
    assert a == b
    c = transcript(game, cfg, seed=12, policy_seed=5)
    assert a != c, "a different seed must deal a different game"


def test_global_random_state_does_not_matter(game_config):
    game, cfg = game_config
    random.seed(1)
    np.random.seed(1)
    a = transcript(game, cfg, seed=3, policy_seed=9)
    b = transcript(game, cfg, seed=3, policy_seed=9, disturb=True)
    assert a == b


def _observations(game, s, n):
    out = []
    for seat in range(n):
        o = np.zeros(game.obs_size, np.float32)
        game.core.observe(s, seat, o)
        out.append(o)
    return out


def _full(game, s):
    o = np.zeros(game.state_size, np.float32)
    game.core.state_vector(s, o)
    return o


def test_hidden_information(game_config):
    """determinize(s, seat) re-deals what seat cannot see and leaves its observation identical;
    perturbing seat's private information shows in its observation and in nobody else's."""
    game, cfg = game_config
    n = cfg["num_players"]
    rng = np.random.default_rng(0)
    redealt = 0
    private_seen = 0
    for g in range(12):
        env = new_env(game, cfg)
        env.reset(seed=100 + g)
        checks = []

        def on_step(env, agent, a):
            if rng.random() < 0.15:
                checks.append(env.record.copy())

        play_random(env, rng, on_step=on_step)
        for s in checks:
            before = _observations(game, s, n)
            for seat in range(n):
                t = s.copy()
                game.core.determinize(t, seat)
                assert np.array_equal(_observations(game, t, n)[seat], before[seat]), \
                    f"determinize({seat}) changed what seat {seat} observes"
                changed = {f for f in game.dtype.names if not np.array_equal(t[f], s[f])} - {"rng"}
                assert changed <= set(game.hidden_fields), \
                    f"determinize changed {sorted(changed - set(game.hidden_fields))}, not in HIDDEN_FIELDS"
                if not np.array_equal(_full(game, t), _full(game, s)):
                    redealt += 1
                p = s.copy()
                if game.perturb_private(p, seat, rng):
                    after = _observations(game, p, n)
                    assert not np.array_equal(after[seat], before[seat]), \
                        f"seat {seat}'s own private information is not in its observation"
                    for other in range(n):
                        if other != seat:
                            assert np.array_equal(after[other], before[other]), \
                                f"seat {seat}'s private information leaks to seat {other}"
                    private_seen += 1
    assert redealt > 10, "determinize never changed the hidden state"
    assert private_seen > 10


def _random_positions(game, cfg, games, rate, rng):
    """Records copied at random decisions of seeded random games."""
    out = []
    for g in range(games):
        env = new_env(game, cfg)
        env.reset(seed=500 + g)
        play_random(env, rng, on_step=lambda env, agent, a: rng.random() < rate and out.append(env.record.copy()))
    return out


def _step_both(game, a, b, rng, mask_a, mask_b):
    """The same legal decision in two worlds (it must be legal in both)."""
    game.core.legal_mask(a, mask_a)
    game.core.legal_mask(b, mask_b)
    assert np.array_equal(mask_a, mask_b), "the seat to act has different legal moves in the two worlds"
    action = int(rng.choice(np.flatnonzero(mask_a)))
    for s in (a, b):
        s["steps"] += 1
        s["last_rewards"][:] = 0
        game.core.apply(s, action)


def test_hidden_facts_do_not_show_along_the_play_that_follows(game_config):
    """Worlds that differ only in one seat's private facts look the same to every other seat, not
    only now but through the automatic steps and the others' decisions that follow (a skipped
    decision or an automatic throw must not depend on them), until that seat itself decides. And
    every world ``determinize`` makes is a possible one: it passes the game's invariants."""
    game, cfg = game_config
    n = cfg["num_players"]
    rng = np.random.default_rng(11)
    mask_a = np.zeros(game.num_actions, np.bool_)
    mask_b = np.zeros(game.num_actions, np.bool_)
    followed = 0
    for s in _random_positions(game, cfg, 10, 0.1, rng):
        for seat in range(n):
            a, b = s.copy(), s.copy()
            if game.perturb_private(b, seat, rng):
                for _ in range(300):
                    views = _observations(game, a, n), _observations(game, b, n)
                    for other in range(n):
                        if other != seat:
                            assert np.array_equal(views[0][other], views[1][other]), \
                                f"seat {seat}'s private facts show to seat {other} after {_} steps"
                    if a["actor"] < 0 or a["actor"] == seat:
                        break
                    _step_both(game, a, b, rng, mask_a, mask_b)
                    followed += 1
            b = s.copy()
            game.core.determinize(b, seat)
            code = game.core.check_invariants(b)
            assert code == 0, f"determinize({seat}) made an impossible world: {game.invariant_names.get(code, code)}"
    assert followed > 50


@pytest.mark.parametrize("games", [400])
def test_random_play_fuzz_with_invariants(game_config, games):
    game, cfg = game_config
    env = new_env(game, cfg)   # validates and encodes the options
    states = np.zeros(games, game.dtype)
    i, step, code = kernels(game).fuzz(states.view(np.uint8), cfg["num_players"], env._opts, np.uint64(2024), 20000)
    if i >= 0:
        pytest.fail(f"game {i}, step {step}: {FUZZ_CODES.get(code) or game.invariant_names.get(code, code)}")
    assert code == games, "every fuzzed game must reach the rules' end"


@pytest.mark.slow
@pytest.mark.parametrize("games", [5000])
def test_random_play_fuzz_long(game_config, games):
    test_random_play_fuzz_with_invariants(game_config, games)


FUZZ_SCRIPT = """
import numpy as np, sys
from frontierzoo.envs import get_game, make
from frontierzoo.envs.common.engine import kernels
game = get_game(sys.argv[1])
for cfg in game.configs():
    env = make(game.name, **cfg)
    st = np.zeros(GAMES, game.dtype)
    r = kernels(game).fuzz(st.view(np.uint8), cfg["num_players"], env._opts, np.uint64(7), 20000)
    print(game.name, cfg, r)
    if r[0] >= 0:
        sys.exit(1)
"""


@pytest.mark.slow   # a bounds-checked build of every game (30-60 s each): .ci/run runs it as a step of its own
@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_fuzz_under_boundscheck(name):
    """The same fuzz compiled with NUMBA_BOUNDSCHECK=1: any out-of-range index raises. One game a
    test, so that the games' builds spread over the test workers. The builds go to the usual
    compile cache, where the cache key (envs/common/cache.py) keeps them apart from the unchecked
    ones by Numba's bounds-check setting: a second run loads them."""
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1")
    r = subprocess.run([sys.executable, "-c", FUZZ_SCRIPT.replace("GAMES", "150"), name],
                       env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr


def test_masks_have_a_legal_action_and_others_see_zeros(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=5)
    rng = np.random.default_rng(1)

    def on_step(env, agent, a):
        assert env.observe(agent)["action_mask"].sum() >= 1
        assert env.action_masks().dtype == bool and env.action_masks()[a]
        for other in env.agents:
            if other != agent:
                assert env.observe(other)["action_mask"].sum() == 0

    play_random(env, rng, on_step=on_step)


def test_save_load_round_trip(game_config, tmp_path):
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=21)
    rng = np.random.default_rng(3)
    play_random(env, rng, max_decisions=25)
    data = env.save(tmp_path / "game.fz")
    other = new_env(game, cfg)
    other.load(tmp_path / "game.fz")
    assert other.save() == data
    a = transcript_from(env, 7)
    b = transcript_from(other, 7)
    assert a == b


def transcript_from(env, policy_seed):
    rng = np.random.default_rng(policy_seed)
    out = []
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        out.append((agent, obs["observation"].tobytes(), rew, term))
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


def test_load_rejects_another_game(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not a frontierzoo save"):
        env.load(b"garbage")


def test_clone_is_independent(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=8)
    play_random(env, np.random.default_rng(0), max_decisions=10)
    twin = env.clone()
    assert twin._states.tobytes() == env._states.tobytes(), "the clone's record is not the original's, byte for byte"
    snapshot = env.save()
    play_random(twin, np.random.default_rng(1))
    assert env.save() == snapshot, "playing the clone changed the original"
    assert transcript_from(env.clone(), 4) == transcript_from(env, 4)


def test_errors_are_clear(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=2)
    mask = env.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    with pytest.raises(ValueError, match=f"action {illegal} .* illegal for {env.agent_selection}"):
        env.step(illegal)
    with pytest.raises(ValueError, match="must be an int"):
        env.step(game.num_actions)
    with pytest.raises(ValueError, match="must be an int"):
        env.step("north")
    with pytest.raises(ValueError, match="num_players"):
        make(game.name, num_players=99)


def test_illegal_move_loses_in_classic_mode(game_config):
    game, cfg = game_config
    env = new_env(game, cfg, illegal_action="lose")
    env.reset(seed=2)
    mover = env.agent_selection
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[mover] == -1
    assert all(env._cumulative_rewards[a] == 0 for a in env.agents if a != mover)


def test_max_steps_truncates(game_config):
    game, cfg = game_config
    env = new_env(game, cfg, max_steps=7)
    env.reset(seed=3)
    n = play_random(env, np.random.default_rng(0))
    assert n == 7 and all(env.truncations.values()) and not any(env.terminations.values())


def test_terminal_rewards_are_win_loss(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=4)
    totals = {}
    play_random(env, np.random.default_rng(2), totals=totals)
    rew = np.array([totals[a] for a in env.possible_agents])
    assert set(rew.tolist()) <= {-1.0, 1.0} and (rew == 1).any()


def test_vp_reward_mode_sums_margins(game_config):
    """reward="vp": rewards before the end are the changes of each seat's score margin."""
    game, cfg = game_config
    env = new_env(game, cfg, reward="vp")
    env.reset(seed=6)
    totals = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(6)
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        totals[agent] += rew
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert any(abs(v) > 1.0 for v in totals.values()), "vp shaping never paid anything"


def test_vector_env_matches_single_games(game_config):
    """A seeded batch replays exactly, restarts finished games, and obeys the masks."""
    game, cfg = game_config
    runs = []
    for _ in range(2):
        venv = VectorEnv(game, 8, **cfg)
        obs, masks, seats = venv.reset(seed=9)
        rng = np.random.default_rng(0)
        ended = 0
        log = []
        for _ in range(400):
            obs, masks, rew, term, trunc, seats = venv.step(venv.random_actions(rng))
            ended += int(term.sum())
            assert masks.any(axis=1).all()
            assert (rew[~term] == 0).all()
            log.append(obs.tobytes() + rew.tobytes())
        runs.append((ended, log))
    assert runs[0] == runs[1]
    with pytest.raises(ValueError, match="illegal"):
        venv.step(np.where(masks, -1, np.arange(game.num_actions)).argmax(axis=1) * 0 + np.argmin(masks, axis=1))


def test_vector_env_hands_out_each_seats_final_view_on_auto_reset(game_config):
    """Gymnasium's vector convention: a game that ends in a step (by the rules or by ``max_steps``)
    is restarted at once, and ``final_obs[i, p]`` is seat p's view of its last position, exactly
    what an AEC env that played the same decision from the same position shows that seat."""
    game, cfg = game_config
    venv = VectorEnv(game, 6, max_steps=7, **cfg)
    venv.reset(seed=3)
    rng = np.random.default_rng(3)
    single = new_env(game, cfg)
    single.reset(seed=0)
    checked = {"terminated": 0, "truncated": 0}
    for _ in range(60):
        before = venv.states.copy()
        actions = venv.random_actions(rng)
        venv.step(actions)
        infos = venv.infos
        assert (infos["_final_obs"] == (venv.terminated | venv.truncated)).all()
        for i in np.flatnonzero(infos["_final_obs"]):
            single.set_record(before[i])
            single.step(int(actions[i]))
            for p, agent in enumerate(single.possible_agents):
                assert infos["final_obs"][i, p].tobytes() == single.observe(agent)["observation"].tobytes()
            checked["terminated" if venv.terminated[i] else "truncated"] += 1
    assert checked["truncated"] > 0
    with pytest.raises(ValueError, match="read-only"):
        venv.final_obs[0, 0, 0] = 1.0


def test_vector_env_decides_legality_from_masks_no_user_can_write(game_config):
    """The arrays the vector env hands out cannot be made writable again, and the masks it hands
    out are a copy: even all ones written into that copy, an illegal action is refused with a
    clear error and no game moves (it crashed Frontier and broke Legends' and Frantic's
    invariants when legality was read from the buffer handed out)."""
    game, cfg = game_config
    venv = VectorEnv(game, 4, **cfg)
    venv.reset(seed=5)
    venv.step(venv.random_actions(np.random.default_rng(5)))
    illegal = int(np.flatnonzero(~venv.masks[0])[-1])
    for name in ("states", "obs", "masks", "seats", "rewards", "terminated", "truncated", "steps"):
        with pytest.raises(ValueError, match="WRITEABLE"):
            getattr(venv, name).flags.writeable = True
        with pytest.raises(ValueError, match="read-only"):
            getattr(venv, name)[0] = getattr(venv, name)[0]
    venv._masks_out[:] = True              # the copy handed out, written behind its read-only view
    assert venv.masks.all()
    actions = venv.random_actions(np.random.default_rng(6))
    actions[0] = illegal
    before = venv.states.tobytes()
    with pytest.raises(ValueError, match=f"game 0: action {illegal} is illegal"):
        venv.step(actions)
    assert venv.states.tobytes() == before
    venv.step(venv.random_actions(np.random.default_rng(7)))
    assert not venv.masks[np.arange(4), np.argmin(venv._masks, axis=1)].any(), "the copy is fresh again"


def test_the_record_is_read_only_and_set_record_checks_like_load(game_config):
    """``env.record`` follows the game but cannot be written into (a field set to 10**6 and a step
    crashed the process); ``set_record`` takes an edited copy, checked as ``load`` checks a save,
    and the game goes on from it exactly as from the same position reached by play."""
    game, cfg = game_config
    env, ahead = new_env(game, cfg), new_env(game, cfg)
    env.reset(seed=8)
    ahead.reset(seed=8)
    play_random(ahead, np.random.default_rng(8), max_decisions=30)
    field = next(f for f in game.field_ranges if game.dtype[f].base.kind == "i"
                 and game.field_ranges[f][1] < np.iinfo(game.dtype[f].base).max)
    past = game.field_ranges[field][1] + 1      # just past its declared range
    with pytest.raises(ValueError, match="read-only"):
        env.record[field] = past
    if env.record[field].ndim:
        with pytest.raises(ValueError, match="WRITEABLE"):
            env.record[field].flags.writeable = True
    before = env.save()
    broken = env.record.copy()
    broken[field] = past
    with pytest.raises(ValueError, match=f"field {field!r} holds"):
        env.set_record(broken)
    with pytest.raises(ValueError, match="one record of this game"):
        env.set_record(np.zeros(1, np.int64))
    assert env.save() == before, "a refused record leaves the env as it was"
    env.set_record(ahead.record.copy())
    assert env.agent_selection == ahead.agent_selection and env.record.tobytes() == ahead.record.tobytes()
    for agent in env.possible_agents:
        assert np.array_equal(env.observe(agent)["observation"], ahead.observe(agent)["observation"])
    assert np.array_equal(env.action_masks(), ahead.action_masks())
    rng = np.random.default_rng(9)
    play_random(env, np.random.default_rng(9), max_decisions=20)
    play_random(ahead, rng, max_decisions=20)
    assert env.record.tobytes() == ahead.record.tobytes()


def test_kernels_write_every_entry_of_the_view(game_config):
    """``observe`` and ``legal_mask`` write the whole vector and mask (the contract): the vector
    env hands them its rows as the last step left them, without clearing them first."""
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    core = game.core
    for _ in range(60):
        if env.agent_selection is None or not env.agents:
            break
        s = env.record
        seat = env.agent_name_mapping[env.agent_selection]
        clean, stale = np.zeros(game.obs_size, np.float32), np.full(game.obs_size, np.nan, np.float32)
        core.observe(s, seat, clean)
        core.observe(s, seat, stale)
        assert clean.tobytes() == stale.tobytes()
        clean_mask, stale_mask = np.zeros(game.num_actions, np.bool_), np.ones(game.num_actions, np.bool_)
        assert core.legal_mask(s, clean_mask) == core.legal_mask(s, stale_mask)
        assert np.array_equal(clean_mask, stale_mask)
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_random_rollouts_finish_games(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    steps, finished, cut = kernels(game).random_rollouts(
        np.zeros(50, game.dtype).view(np.uint8), cfg["num_players"], env._opts, np.uint64(1), 0)
    assert finished == 50 and cut == 0 and steps > 50


def test_render_modes(game_config):
    game, cfg = game_config
    env = new_env(game, cfg, render_mode="ansi")
    env.reset(seed=1)
    play_random(env, np.random.default_rng(0), max_decisions=15)
    text = env.render()
    assert isinstance(text, str) and "player_0" in text
    assert text.splitlines()[0] == view_title(None), "the full view says that it shows every hand"
    assert "\nlast: player_" in text, "an env with a render mode tells the last decision"
    pic = new_env(game, cfg, render_mode="rgb_array")
    pic.load(env.save())
    img = pic.render()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3 and img.std() > 0
    before = pic.save()
    svg = pic.render_svg(0)     # vector output: well-formed, the table's shapes, its words as text
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg") and len(svg) > 5_000
    assert sum(1 for el in root.iter() if el.tag.endswith("path")) > 30
    assert view_title(0) in "".join(root.itertext())
    assert pic.save() == before, "drawing does not change the game"
    seat = new_env(game, cfg, render_mode="ansi", render_seat="player_1")
    seat.load(env.save())
    assert seat.render() == seat.render_view(1) != seat.render_view(None)
    assert seat.render().splitlines()[0] == view_title(1)
    with pytest.raises(ValueError, match="seat"):
        env.render_view(cfg["num_players"])
    with pytest.raises(ValueError, match="mode"):
        env.render_view(0, "png")


def _views(game, s, seat, pictures):
    """What ``seat`` sees of ``s``: its text view and, with ``pictures``, its picture (small)."""
    return game.render_text(s, seat), game.render_rgb(s, seat, dpi=25) if pictures else None


def _same(a, b):
    return a[0] == b[0] and (a[1] is None or np.array_equal(a[1], b[1]))


def _check_views_per_seat(game, positions, n, rng, pictures, enough):
    """Two worlds that differ only in seat ``other``'s hidden facts draw the same for every other
    viewer, in words and in pictures; a change in a seat's own hidden facts shows in its own view
    (and in the full view), so the test cannot pass by hiding everything."""
    hidden, own = 0, 0
    for s in positions:
        for other in range(n):
            b = s.copy()
            if not game.perturb_private(b, other, rng):
                continue
            for seat in range(n):
                va, vb = _views(game, s, seat, pictures), _views(game, b, seat, pictures)
                if seat == other:
                    assert not _same(va, vb), f"seat {seat}'s own hidden facts are not in its view"
                    own += 1
                else:
                    assert _same(va, vb), f"seat {other}'s hidden facts show in seat {seat}'s view"
                    hidden += 1
            assert game.render_text(s) != game.render_text(b), "the full view shows every hidden hand"
            if hidden >= enough and own >= enough:
                return
    assert hidden >= enough and own >= enough, (hidden, own)


def test_text_views_per_seat(game_config):
    """``render_text(s, seat)``: each seat's own hidden cards and nobody else's."""
    game, cfg = game_config
    rng = np.random.default_rng(5)
    _check_views_per_seat(game, _random_positions(game, cfg, 3, 0.05, rng), cfg["num_players"], rng, False, 10)


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_picture_views_per_seat(name):
    """The pictures likewise (rgb; the SVG is the same figure), at the default seat count."""
    game = get_game(name)
    cfg = {"num_players": game.default_players}
    rng = np.random.default_rng(6)
    _check_views_per_seat(game, _random_positions(game, cfg, 1, 0.05, rng), cfg["num_players"], rng, True, 1)


@pytest.mark.parametrize("ha", ["left", "center", "right"])
@pytest.mark.parametrize("va", ["top", "center", "bottom", "baseline"])
def test_svg_places_shapes_and_texts_as_matplotlib_draws_them(ha, va):
    """The SVG is written from the figure's artists, its texts laid out by the viewer: a shape's
    corners and a text's box (one line and three) come within a few pixels of matplotlib's own."""
    from matplotlib.patches import Rectangle

    from frontierzoo.envs.common.render import TEXT_ASCENT, figure_to_svg, new_figure

    fig = new_figure(4, 3)
    ax = fig.add_axes([0.1, 0.1, 0.8, 0.8])
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.axis("off")
    ax.add_artist(Rectangle((2, 3), 4, 5, facecolor="#123456"))
    texts = [ax.text(5, 5, "one line", ha=ha, va=va, fontsize=12), fig.text(0.3, 0.6, "a\nthree\nlines", ha=ha, va=va)]
    root = ElementTree.fromstring(figure_to_svg(fig))
    height = 3 * fig.dpi
    path = next(el for el in root.iter() if el.get("fill") == "#123456")
    corners = np.array(re.findall(r"([-\d.]+),([-\d.]+)", path.get("d")), float)
    want = ax.transData.transform([(2, 3), (6, 3), (6, 8), (2, 8)])
    assert np.abs(corners[:4] - np.c_[want[:, 0], height - want[:, 1]]).max() < 0.1
    renderer = fig.canvas.get_renderer()
    for t, el in zip(texts, [el for el in root.iter() if el.tag.endswith("text")]):
        box = t.get_window_extent(renderer)
        spans = [sp for sp in el if sp.tag.endswith("tspan")]
        assert len(spans) == t.get_text().count("\n") + 1
        first, last = float(spans[0].get("y")), float(spans[-1].get("y"))
        size = float(el.get("font-size"))
        # the first line's cap height and the last line's baseline, against matplotlib's box
        assert abs((height - box.y1) - (first - TEXT_ASCENT * size)) < size * 0.3, (t.get_text(), ha, va)
        assert abs((height - box.y0) - last) < size * 0.35, (t.get_text(), ha, va)
        x = float(spans[0].get("x"))
        assert {"left": box.x0, "center": (box.x0 + box.x1) / 2, "right": box.x1}[ha] == pytest.approx(x, abs=1)


def test_pictures_leave_the_matplotlib_backend_alone():
    """The pictures are drawn on their own Agg canvas: the user's backend is never switched (a
    notebook's figures would stop showing) and pyplot is never imported."""
    import matplotlib

    backend = matplotlib.get_backend()
    pyplot = "matplotlib.pyplot" in sys.modules
    for game in all_games():
        env = make(game.name, render_mode="rgb_array")
        env.reset(seed=1)
        env.render()
        env.render_svg(0)
    assert matplotlib.get_backend() == backend
    assert pyplot or "matplotlib.pyplot" not in sys.modules
    from frontierzoo.training.league import plot_curve

    with tempfile.TemporaryDirectory() as tmp:
        plot_curve([(0, 1.0, "random", 10, 0.5, 0.2, 0.8), (100, 2.0, "random", 10, 0.7, 0.4, 0.9)],
                   os.path.join(tmp, "curve.png"), "forfort_v0", 2)
        assert os.path.getsize(os.path.join(tmp, "curve.png")) > 0
    assert matplotlib.get_backend() == backend
    assert pyplot or "matplotlib.pyplot" not in sys.modules
    root = os.path.dirname(os.path.dirname(envs.__file__))
    for folder in ("envs", "agents", "training", "benchmarks"):
        for path in glob.glob(os.path.join(root, folder, "**", "*.py"), recursive=True):
            with open(path) as f:
                text = f.read()
            assert not re.search(r"matplotlib\.use\(|import matplotlib\.pyplot|from matplotlib import pyplot", text), path


def test_describe_every_legal_action(game_config):
    game, cfg = game_config
    env = new_env(game, cfg)
    env.reset(seed=12)

    def on_step(env, agent, a):
        for x in env.legal_actions():
            words = env.describe_action(x)
            assert isinstance(words, str) and words and "no such" not in words

    play_random(env, np.random.default_rng(4), max_decisions=60, on_step=on_step)
