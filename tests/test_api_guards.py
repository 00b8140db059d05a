"""What a user hands the API is checked, and what it hands back cannot corrupt the env (issue 7)."""
import numpy as np
import pytest

from frontierzoo.envs import all_games, game_module, make

GAMES = [g.name for g in all_games()]


@pytest.mark.parametrize("name", GAMES)
def test_writing_into_the_returned_mask_does_not_make_a_move_legal(name):
    env = make(name)
    env.reset(seed=3)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs["action_mask"][:] = 1
    obs["observation"][:] = 99.0
    assert env.observe(env.agent_selection)["action_mask"][illegal] == 0
    assert not (env.observe(env.agent_selection)["observation"] == 99.0).all()
    with pytest.raises(ValueError, match="illegal"):
        env.step(illegal)
    env.action_masks()[:] = True
    with pytest.raises(ValueError, match="illegal"):
        env.step(illegal)


@pytest.mark.parametrize("name", GAMES)
def test_a_handed_out_observation_stays_the_users(name):
    """The step's observation buffer is handed out without a copy: later steps write into a fresh
    one, and a second view of the same position (or a clone) is observed afresh from the record."""
    env = make(name)
    env.reset(seed=3)
    first, *_ = env.last()
    kept = first["observation"].copy()
    first["observation"][:] = 99.0
    again = env.observe(env.agent_selection)["observation"]
    assert again is not first["observation"]
    np.testing.assert_array_equal(again, kept)
    np.testing.assert_array_equal(env.clone().last()[0]["observation"], kept)
    first["observation"][:] = kept
    twin = make(name)
    twin.reset(seed=3)
    for _ in range(5):
        action = int(env.legal_actions()[0])
        env.step(action)
        twin.step(action)
        assert env.agents
        np.testing.assert_array_equal(first["observation"], kept)   # no step wrote into the user's array
        np.testing.assert_array_equal(env.last()[0]["observation"], twin.observe(twin.agent_selection)["observation"])


@pytest.mark.parametrize("name", GAMES)
def test_vector_env_hands_out_read_only_buffers(name):
    venv = game_module(name).vector_env(4)
    obs, masks, seats = venv.reset(seed=1)
    for arr in (obs, masks, seats, venv.states, venv.rewards):
        with pytest.raises(ValueError, match="read-only"):
            arr.flat[0] = 1
    illegal = np.argmin(masks, axis=1)
    with pytest.raises(ValueError, match="illegal"):
        venv.step(illegal)


@pytest.mark.parametrize("name", GAMES)
def test_calls_out_of_order_say_what_to_do(name):
    env = make(name)
    for call in (lambda: env.last(), lambda: next(iter(env.agent_iter())), lambda: env.step(0),
                 lambda: env.observe("player_0")):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    env = make(name, max_steps=3)
    env.reset(seed=0)
    for agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(env.legal_actions()[0]))
    for call in (lambda: env.last(), lambda: env.step(0)):
        with pytest.raises(RuntimeError, match="game is over.*reset"):
            call()
    with pytest.raises(ValueError, match="no agent"):
        env.observe("player_9")


@pytest.mark.parametrize("seed", [2**64, -1, 1.5, True, "7", np.float64(3.0)])
def test_bad_seeds_are_refused(seed):
    env = make(GAMES[0])
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=seed)


def test_integer_seeds_of_every_kind_play_the_same_game():
    env = make(GAMES[0])
    views = []
    for seed in (7, np.int64(7), np.uint64(7), np.array(7)):
        env.reset(seed=seed)
        views.append(env.last()[0]["observation"].tobytes())
    assert len(set(views)) == 1
    env.reset(seed=2**64 - 1)


@pytest.mark.parametrize("action", [75.0, np.float32(3), True, "3", None, [3], np.array([3])])
def test_actions_must_be_integers(action):
    env = make(GAMES[0])
    env.reset(seed=1)
    with pytest.raises(ValueError, match="action must be an int"):
        env.step(action)


def test_integer_actions_of_every_kind_are_taken():
    for conv in (int, np.int64, np.int32, np.uint16, np.array):
        env = make(GAMES[0])
        env.reset(seed=1)
        env.step(conv(int(env.legal_actions()[0])))


@pytest.mark.parametrize("kwargs", [{"max_steps": True}, {"max_steps": 0}, {"max_steps": 2.0},
                                    {"reward": "bogus"}, {"reward": ["win"]}, {"illegal_action": None},
                                    {"num_players": True}, {"num_players": 2.0}])
def test_constructor_refuses_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        make(GAMES[0], **kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_describe_action_takes_what_step_takes(name):
    """Integers only, on the board, as ``step`` checks them: ``1.7``, ``True`` and ``"1"`` were
    described as action 1, and out of range three games answered with text, two with an error."""
    env = make(name)
    env.reset(seed=1)
    a = int(env.legal_actions()[0])
    words = env.describe_action(a)
    assert env.describe_action(np.int64(a)) == env.describe_action(np.array(a)) == words
    for bad in (a + 0.7, float(a), True, str(a), None, [a], -1, env.game.num_actions):
        with pytest.raises(ValueError, match=r"action must be an int in \[0, "):
            env.describe_action(bad)


@pytest.mark.parametrize("name", GAMES)
def test_last_hands_out_a_copy_of_the_info_dict(name):
    """A key a user adds to the info ``last()`` returns stays in the user's dict (it persisted in
    ``env.infos`` and went on into clones)."""
    env = make(name)
    env.reset(seed=1)
    info = env.last()[4]
    info["mine"] = 1
    assert "mine" not in env.infos[env.agent_selection] and "mine" not in env.last()[4]
    assert "mine" not in env.clone().infos[env.agent_selection]


def test_an_earlier_versions_name_says_what_changed_and_names_the_version_now():
    import importlib
    import json
    import struct

    from frontierzoo.envs import RetiredGameError, make
    from frontierzoo.envs.common.saves import MAGIC
    with pytest.raises(RetiredGameError, match=r"frantic_v0 is retired: reaction windows .* Use frantic_v1"):
        make("frantic_v0")
    from frontierzoo.envs import frantic_v0                  # imports, as PettingZoo's retired envs do...
    with pytest.raises(RetiredGameError, match="Use frantic_v1"):
        frantic_v0.env()                                     # ...and every use says what to use instead
    old = importlib.import_module("frontierzoo.envs.fantasy_frontier_v0")
    with pytest.raises(RetiredGameError, match=r"the scout .* Use fantasy_frontier_v1"):
        old.vector_env(4)
    with pytest.raises(RetiredGameError, match=r"legends_v0 is retired: the action space grew by one action, wait.* "
                                               r"Use legends_v1"):
        make("legends_v0")
    assert issubclass(RetiredGameError, ValueError)
    env = make("frantic_v1")
    env.reset(seed=1)
    data = env.save()
    n = struct.unpack_from("<I", data, len(MAGIC))[0]
    header = json.loads(data[len(MAGIC) + 4:len(MAGIC) + 4 + n])
    header["game"] = "frantic_v0"
    body = json.dumps(header).encode()
    with pytest.raises(ValueError, match="save is of frantic_v0, retired: reaction windows"):
        make("frantic_v1").load(MAGIC + struct.pack("<I", len(body)) + body + data[len(MAGIC) + 4 + n:])
