"""The ``frontierzoo`` command: arena, bench, play, the statistics behind the tables, and the
argument errors that name their flag."""
from __future__ import annotations

import io
import os
import pathlib
import re

import pytest

from frontierzoo.agents import available_agents
from frontierzoo.cli import arena
from frontierzoo.cli.arena import SLOW_GAMES_PER_PAIRING, lineups, plan, run_arena
from frontierzoo.agents import match
from frontierzoo.agents.match import MatchResult, wilson_interval
from frontierzoo.cli.ratings import LOSER, MODEL, WINNER, Z, rate
from frontierzoo.benchmarks import throughput
from frontierzoo.cli import bench, main
from frontierzoo.envs import all_games, get_game


# --------------------------------------------------------------------------- Wilson interval
@pytest.mark.parametrize("wins, n, lo, hi", [
    (0, 10, 0.0, 0.27753),        # upper end z^2 / (n + z^2)
    (10, 10, 0.72247, 1.0),
    (5, 10, 0.23659, 0.76341),
    (81, 263, 0.25529, 0.36621),
])
def test_wilson_interval_exact_values(wins, n, lo, hi):
    got = wilson_interval(wins, n)
    assert got[0] == pytest.approx(lo, abs=1e-5)
    assert got[1] == pytest.approx(hi, abs=1e-5)


def test_wilson_interval_of_nothing_is_everything():
    assert wilson_interval(0, 0) == (0.0, 1.0)


# --------------------------------------------------------------------------- ratings
def test_a_shared_win_rates_as_a_draw_and_self_play_not_at_all():
    ratings = rate(["a", "b", "c"], [(("a", "b"), (WINNER, WINNER)), (("c", "c"), (WINNER, LOSER))])
    (a,), (b,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[0, 0])
    assert (ratings["a"].mu, ratings["a"].sigma) == (ratings["b"].mu, ratings["b"].sigma) == (a.mu, a.sigma)
    assert a.mu == pytest.approx(MODEL.mu) and a.sigma < MODEL.sigma  # a draw: no one moves, both firm up
    assert (ratings["c"].mu, ratings["c"].sigma) == (MODEL.mu, MODEL.sigma)


def test_an_agent_in_several_seats_takes_the_mean_of_its_seats():
    ratings = rate(["a", "b"], [(("a", "b", "b"), (LOSER, WINNER, LOSER))])
    seated = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[LOSER, WINNER, LOSER])
    assert ratings["b"].mu == (seated[1][0].mu + seated[2][0].mu) / 2
    assert ratings["b"].sigma == (seated[1][0].sigma + seated[2][0].sigma) / 2
    assert ratings["a"].mu == seated[0][0].mu < MODEL.mu < ratings["b"].mu  # one of b's seats beat a


# --------------------------------------------------------------------------- arena
def test_lineups():
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b"], 3) == [("a", "b", "b"), ("b", "a", "a")]
    assert lineups(["a"], 4) == [("a",) * 4]


def _agents():
    return [a for a in ("random", "heuristic") if a in available_agents("forfort_v0")]


def _ladders(res):
    """Every section's ladder, to the last bit."""
    return [[(name, r.mu, r.sigma) for name, r in res.ladder(results)] for _, _, results in res.sections]


def test_arena_reproduces_with_the_same_seed_and_rotates_seats():
    kw = dict(games=["forfort_v0"], agents=_agents(), games_per_pairing=4, players=[2, 3], progress=False)
    first = run_arena(seed=11, processes=1, **kw)
    again = run_arena(seed=11, processes=1, **kw)
    split = run_arena(seed=11, processes=2, **kw)  # batches in worker processes, finished in any order
    assert first.table() == again.table() == split.table()
    assert _ladders(first) == _ladders(again) == _ladders(split)
    assert any(mu != MODEL.mu for ladder in _ladders(first) for _, mu, _ in ladder)
    for _, n, results in first.sections:
        for r in results:
            assert r.games % n == 0 and len(set(r.seats_played)) == 1  # every slot in every seat equally
    other = run_arena(seed=12, processes=1, **kw)
    assert first.decisions > 0 and (other.table() != first.table() or len(_agents()) == 1)


def test_arena_command_prints_table_with_intervals_and_throughput(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert main(["arena", "--game", "forfort_v0", "--agents", *_agents(), "--games", "2",
                 "--players", "2", "--seed", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "### forfort_v0, 2 players" in out
    assert "| # | agent | rating (mu - 3 sigma) | mu | sigma | seats played | wins | win rate | 95% CI (Wilson) |" in out
    assert re.search(r"\| [12] \| random \| -?[\d.]+ \| [\d.]+ \| [\d.]+ \| \d+ \| \d+ \| [\d.]+% \| "
                     r"\[[\d.]+%, [\d.]+%\] \|", out)
    assert "shared win counts as a win for each winner" in out
    assert "a shared win rates as a draw between the winners" in out
    assert re.search(r"throughput: .* decisions/s, .* games/s", out)
    kept = (tmp_path / "frontierzoo" / "arena.md").read_text()   # for the web page's ratings
    assert kept.startswith("## frontierzoo arena (seed 3)") and "### forfort_v0, 2 players" in kept


def test_arena_prints_json_and_csv_rows_and_seats_a_model_file(capsys, monkeypatch, tmp_path):
    """``--json``/``--csv`` print the ladder as records; a trained model's path is an agent like a
    name (the bundled network's file as ``net``, played as what its description holds)."""
    import csv
    import json
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    from frontierzoo.agents.network import bundled_network
    model = str(bundled_network("forfort_v0"))
    args = ["arena", "--game", "forfort_v0", "--agents", "random", model, "--games", "2", "--players", "2",
            "--seed", "3", "--no-progress", "--processes", "1"]
    assert main(args + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == 3 and out["games"] == 2
    assert sorted(r["agent"] for r in out["rows"]) == sorted(["random", model])
    assert {r["seats_played"] for r in out["rows"]} == {2} and sorted(r["place"] for r in out["rows"]) == [1, 2]
    assert main(args + ["--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["agent"], r["wins"]) for r in rows] == [(r["agent"], str(r["wins"])) for r in out["rows"]]
    with pytest.raises(SystemExit):
        main(args + ["--json", "--csv"])


def test_a_model_file_plays_only_its_own_game_and_a_missing_one_is_named():
    from frontierzoo.agents import can_play, make_agent, model_spec
    from frontierzoo.agents.network import NetworkAgent, NetworkSearchAgent, bundled_network
    model = str(bundled_network("forfort_v0"))
    assert model_spec(model) == ("net", model) and model_spec("heuristic") is None
    assert isinstance(make_agent(model, "forfort_v0"), NetworkAgent)
    assert isinstance(make_agent("net_search:" + model, "forfort_v0"), NetworkSearchAgent)
    assert can_play(model, "forfort_v0") and not can_play(model, "frantic_v1")
    with pytest.raises(ValueError, match="plays forfort_v0, not frantic_v1"):
        make_agent(model, "frantic_v1")
    with pytest.raises(ValueError, match="no model file 'nowhere.json'"):
        make_agent("nowhere.json", "forfort_v0")
    tasks, skipped = plan(games=["frantic_v1"], agents=["random", model], players=[2])
    assert any(model in s and "frantic_v1" in s for s in skipped)


def test_evaluate_names_a_model_file_by_its_path(capsys):
    """``evaluate --agent PATH`` plays the file and labels it with the path (``--path`` without
    ``--agent`` used to label a policy "heuristic")."""
    from frontierzoo.agents.learned import bundled_model
    model = str(bundled_model("forfort_v0"))
    assert main(["evaluate", "--game", "forfort_v0", "--agent", model, "--opponent", "random", "--games", "2"]) == 0
    assert capsys.readouterr().out.startswith(f"{model} v random on forfort_v0 (2 players, seats rotating): won ")
    with pytest.raises(SystemExit, match="no model file 'missing.zip'"):
        main(["evaluate", "--game", "forfort_v0", "--agent", "missing.zip", "--games", "2"])


def test_arena_ladder_puts_the_heuristic_above_random():
    res = run_arena(games=["forfort_v0"], agents=["random", "heuristic"], games_per_pairing=24, players=[2],
                    processes=1, seed=5, progress=False)
    (_, _, results), = res.sections
    (top, best), (bottom, worst) = res.ladder(results)
    assert (top, bottom) == ("heuristic", "random")
    assert best.ordinal(z=Z) > MODEL.mu - Z * MODEL.sigma > worst.ordinal(z=Z)
    assert res.table().index("| 1 | heuristic |") < res.table().index("| 2 | random |")


@pytest.mark.parametrize("result, moved", [
    (MatchResult(1, (1.0, 1.0), (0, 1), False), True),   # both seats win: a draw
    (MatchResult(1, (0.0, 0.0), (), True), False),       # cut off: no ranking
], ids=["shared-win", "cut-off"])
def test_arena_rates_a_shared_win_as_a_draw_and_a_cut_off_game_not_at_all(monkeypatch, result, moved):
    monkeypatch.setattr(match, "play_batch", lambda game, tables, seeds, **k: [result] * len(seeds))
    res = run_arena(games=["forfort_v0"], agents=["random", "heuristic"], games_per_pairing=6, players=[2],
                    processes=1, progress=False)
    (_, _, results), = res.sections
    (_, a), (_, b) = res.ladder(results)
    assert (a.mu, a.sigma) == (b.mu, b.sigma)
    assert a.mu == pytest.approx(MODEL.mu) and (a.sigma < MODEL.sigma) == moved


def test_arena_rejects_unknown_game():
    with pytest.raises(SystemExit, match="unknown game"):
        main(["arena", "--game", "no_such_game_v0", "--no-progress"])


def test_arena_reads_each_games_own_settings():
    """Games per lineup and where a slow agent plays come from the Game, not from the arena."""
    tasks, skipped = plan()
    for game in all_games():
        mine = [t for t in tasks if t.game == game.name]
        for t in mine:
            limited = [a for a in t.lineup if a in game.arena_limits]
            assert all(t.num_players in game.arena_limits[a] for a in limited)
            expected = min(game.arena_games, SLOW_GAMES_PER_PAIRING) if limited else game.arena_games
            assert t.games == max(t.num_players, -(-expected // t.num_players) * t.num_players)
        for agent, counts in game.arena_limits.items():
            if agent in available_agents(game.name) and set(game.player_counts) - set(counts):
                assert any(agent in s and game.name in s for s in skipped)


# --------------------------------------------------------------------------- bench
def test_bench_quick_prints_the_table(capsys, monkeypatch):
    def missing(*a, **k):
        raise throughput.NotInstalled("open_spiel")

    monkeypatch.setattr(throughput, "openspiel_loop", missing)  # a missing peer is reported, not a crash
    assert main(["bench", "--quick", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "| what | steps/s | games/s | steps/game |" in out
    for row in ("forfort_v0 (2p): AEC loop, random agent", "forfort_v0 (2p): vector env",
                "forfort_v0 (2p): jitted random_rollouts"):
        assert row in out
    assert "OpenSpiel connect_four | not installed: open_spiel" in out
    assert "Targets" in out and "forfort_v0 (2p) AEC loop decisions/s >= 2x PettingZoo connect_four_v3" in out


def test_bench_prints_json_and_csv_rows(capsys, monkeypatch):
    """``frontierzoo bench --json``/``--csv``: the same measurements as records, no markdown."""
    import csv
    import json
    for key in throughput.ALWAYS:
        monkeypatch.setitem(throughput.PEERS, key, (key, lambda: lambda seconds: (10.0, 1.0, 10.0)))
    args = ["bench", "--quick", "--seconds", "0.05", "--game", "frantic_v1", "--no-startup"]
    assert main(args + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ours = [r for r in out["rows"] if r["what"] == "ours"]
    assert [r["name"] for r in ours] == ["frantic_v1"] * 3 and all(r["steps_per_s"] > 0 for r in ours)
    assert [r["steps_per_s"] for r in out["rows"] if r["what"] == "peer"] == [10.0] * len(throughput.ALWAYS)
    assert out["command"].startswith("frontierzoo bench")
    assert main(args + ["--csv"]) == 0
    text = capsys.readouterr().out
    assert "|" not in text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["loop"] for r in rows if r["what"] == "ours"] == [r["loop"] for r in ours]


def test_bench_shows_a_games_own_peers_beside_it(monkeypatch):
    """A game's bench_peers are measured and tabled beside it, with both ratios."""
    monkeypatch.setitem(throughput.PEERS, "catanatron", ("Fake peer", lambda: lambda seconds: (100.0, 2.0, 50.0)))
    for key in throughput.ALWAYS:
        monkeypatch.setitem(throughput.PEERS, key, (key, lambda: lambda seconds: (10.0, 1.0, 10.0)))
    game = next(g for g in all_games() if "catanatron" in g.bench_peers)
    res = throughput.run_bench([game.name], quick=True, seconds=0.01, startup=False, log=lambda m: None)
    text = throughput.report(res, "test")
    assert f"{game.name} ({game.default_players}p) beside Fake peer:" in text
    assert "| Fake peer | 100 | 2.0 | 50.0 | 1.0x | 1.0x |" in text



def test_bench_checks_each_target_against_its_figure():
    """Rollouts and the vector env against a game's own targets, and the start-up targets every
    game shares: the cold start counts import to the first step (the rollout's compile is not in
    it), the cached start launching the interpreter to the first step."""
    rows = [("AEC loop", (9.0, 1.0, 9.0)), ("vector env", (999_999.0, 1.0, 9.0)), ("rollouts", (5e6, 1.0, 9.0))]
    ours = {"game": "g_v0", "players": 2, "rows": rows,
            "targets": {"rollout_steps_per_s": 5_000_000, "vector_steps_per_s": 1_000_000}}
    cold = {"import": 1.0, "reset": 8.5, "step": 0.5, "rollout": 3.0}
    cached = {"to_first_step": 1.0}
    text = "\n".join(throughput._targets({"ours": [ours], "peers": [], "startup": [("g_v0", 2, cold, cached, [])]}))
    assert "- g_v0 (2p) jitted rollouts >= 5,000,000 steps/s: 5,000,000 PASS" in text
    assert "- g_v0 (2p) vector env >= 1,000,000 steps/s: 999,999 MISS" in text
    assert "- g_v0 (2p) cold start <= 10 s, import to the first step with an empty cache: 10.0 s PASS" in text
    assert "- g_v0 (2p) cached start < 1 s to the first step: 1.00 s MISS" in text

def test_bench_output_replaces_only_its_own_part_of_the_file(tmp_path):
    path = tmp_path / "RESULTS.md"
    bench.write_report(path, "first table")
    assert path.read_text().startswith("# frontierzoo throughput") and "first table" in path.read_text()
    path.write_text(path.read_text().replace("# frontierzoo throughput", "# Mine\n\nnotes above")
                    + "\n## Kept\n\nnotes below\n")
    bench.write_report(path, "second table")
    text = path.read_text()
    assert "second table" in text and "first table" not in text
    assert text.index("notes above") < text.index("second table") < text.index("notes below")
    path.write_text("no markers here\n")
    with pytest.raises(SystemExit, match="no markers"):
        bench.write_report(path, "third table")
    assert path.read_text() == "no markers here\n"


def test_bench_rejects_an_unknown_game_before_measuring_anything(capsys, monkeypatch):
    def measured(*a, **k):
        raise AssertionError("a peer was measured")

    monkeypatch.setattr(throughput, "aec_loop", measured)
    monkeypatch.setattr(throughput, "openspiel_loop", measured)
    with pytest.raises(SystemExit, match="unknown game 'nosuchgame'"):
        main(["bench", "--quick", "--game", "nosuchgame"])
    assert "measuring" not in capsys.readouterr().err


@pytest.mark.parametrize("argv, flag", [
    (["arena", "--seed", "-5"], "--seed"),
    (["arena", "--games", "0"], "--games"),
    (["arena", "--games", "forfort_v0"], "--games"),
    (["arena", "--processes", "0"], "--processes"),
    (["bench", "--seconds", "-1"], "--seconds"),
    (["bench", "--repeats", "0"], "--repeats"),
    (["play", "forfort_v0", "--seed", "-5"], "--seed"),
    (["play", "forfort_v0", "--seat", "x"], "--seat"),
    (["evaluate", "--games", "0"], "--games"),
    (["tune", "--population", "1"], "--population"),
    (["tune", "--game", "legends_v1"], "--game"),
    (["train", "ppo", "--timesteps", "0"], "--timesteps"),
    (["train", "rllib", "--iterations", "0"], "--iterations"),
    (["train", "nosuch"], "METHOD"),
])
def test_bad_numbers_are_argument_errors_naming_the_flag(argv, flag, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert f"error: argument {flag}: " in capsys.readouterr().err


def test_evaluate_prints_the_win_rate_with_its_interval(capsys):
    assert main(["evaluate", "--game", "forfort_v0", "--agent", "random", "--opponent", "random",
                 "--games", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"random v random on forfort_v0 \(2 players, seats rotating\): won \d(\.\d+)?/4 = \d+\.\d%"
                        r" \(95% Wilson interval \d+\.\d%-\d+\.\d%\), \d+\.\d\d s a game; .* over \d+ decisions "
                        r"with a choice\n", out), out
    with pytest.raises(SystemExit, match="^frontierzoo evaluate: no agent 'nosuch' for forfort_v0"):
        main(["evaluate", "--agent", "nosuch"])
    # a search's budget for an agent that does not search is refused, before any game or training
    for tool in ("evaluate", "exploit"):
        with pytest.raises(SystemExit, match=f"^frontierzoo {tool}: heuristic takes no ms, simulations "):
            main([tool, "--game", "forfort_v0", "--agent", "heuristic", "--ms", "20", "--simulations", "4"])


def test_train_lists_its_methods_without_building_them(capsys, monkeypatch):
    from frontierzoo.cli import train

    def built(p):
        raise AssertionError("a method's options were built")

    monkeypatch.setattr(train, "METHODS", {name: (line, extra, built, run)
                                           for name, (line, extra, _, run) in train.METHODS.items()})
    with pytest.raises(SystemExit) as e:
        main(["train", "--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0
    assert "  ppo      MaskablePPO self-play in a league of past snapshots and heuristics (the train extra)\n" in out
    assert "  rllib    multi-agent PPO with one shared policy on Ray RLlib" in out


# --------------------------------------------------------------------------- play
def _play(monkeypatch, capsys, script, *extra):
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = main(["play", "forfort_v0", "--seed", "5", *extra])
    return code, capsys.readouterr().out


def _words_to_seats(monkeypatch):
    """[(seat, words)] of every move the game puts into a seat's words, as play asks it to."""
    game = get_game("forfort_v0")
    real = game.describe_action
    told = []

    def describe(s, a, viewer=None):
        words = real(s, a, viewer=viewer)
        if viewer is not None:
            told.append((viewer, words))
        return words

    monkeypatch.setattr(game, "describe_action", describe)
    return told


def test_play_answers_bad_input_then_plays_then_quits(monkeypatch, capsys):
    told = _words_to_seats(monkeypatch)
    code, out = _play(monkeypatch, capsys, "castle\n0\n\n1\n1\nq\n")
    assert code == 0
    assert "'castle' is not a move: type a number from 1 to" in out
    assert "0 is not on the list" in out
    assert "Please type a number" in out
    assert "Your legal moves:" in out and " 1. " in out
    assert out.count("Forfort, 2 players") == 3   # the board at each of my three decisions
    # every move (the bot's and my two) in my words, in order, each on its line
    assert len(told) >= 3 and {seat for seat, _ in told} == {0}
    at = 0
    for _, words in told:
        at = out.index(words + "\n", at) + len(words)
    assert out.rstrip().endswith("You left the game.")


def test_play_hides_the_opponents_hand_and_quits_on_end_of_input(monkeypatch, capsys):
    code, out = _play(monkeypatch, capsys, "1\n", "--opponent", "random")
    assert code == 0 and out.rstrip().endswith("You left the game.")
    first_board = out.split("Your legal moves:")[0]
    assert first_board.count("hand: ") == 1      # only my own hand is shown
    assert "player_0's view: player_0's own hidden cards shown, nobody else's" in first_board


def test_play_to_the_end(monkeypatch, capsys):
    code, out = _play(monkeypatch, capsys, "1\n" * 2000)
    assert code == 0
    assert "You won" in out or "You lost" in out


def test_play_rejects_a_bad_seat(monkeypatch, capsys):
    with pytest.raises(SystemExit, match="--seat must be in"):
        _play(monkeypatch, capsys, "q\n", "--seat", "5")


@pytest.mark.parametrize("stdin", ["closed", "empty"])
def test_play_with_no_input_says_so_in_one_line(stdin):
    """``frontierzoo play GAME 0<&-`` (stdin closed) ended in an AttributeError traceback; it says
    what is wrong instead. An empty stdin is the end of input: the person left."""
    import os
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "frontierzoo.cli", "play", "forfort_v0", "--seed", "1"],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300,
                         preexec_fn=(lambda: os.close(0)) if stdin == "closed" else None)
    if stdin == "closed":
        assert run.returncode == 1 and "Traceback" not in run.stderr
        assert run.stderr.strip() == "frontierzoo play: no input to read your moves from: stdin is closed"
    else:
        assert run.returncode == 0 and run.stdout.rstrip().endswith("You left the game.")


@pytest.mark.parametrize("argv, says", [
    (["play", "nosuchgame"], "frontierzoo play: unknown game 'nosuchgame'; registered games: ['fantasy_frontier_v1'"),
    (["play", "forfort_v0", "--opponent", "nosuch"], "frontierzoo play: no agent 'nosuch' for forfort_v0; choose from"),
    (["play", "forfort_v0", "--players", "9"], "frontierzoo play: forfort_v0: num_players must be one of [2, 3, 4], got 9"),
    (["bench", "--game", "nosuchgame"], "frontierzoo bench: unknown game 'nosuchgame'"),
    (["tune", "--games", "3"], "frontierzoo tune: games must be a positive multiple of the 2 seats"),
    (["tune", "--minutes", "nan"], "frontierzoo tune: --minutes must be a positive number, got nan"),
    (["serve", "--goldens", "/no/such/folder"], "frontierzoo serve: --goldens '/no/such/folder' is not a folder"),
])
def test_what_is_wrong_is_said_in_one_line(argv, says, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert isinstance(e.value.code, str) and e.value.code.startswith(says) and "\n" not in e.value.code


def test_help_lists_the_subcommands(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    from frontierzoo.cli import TOOLS

    assert list(TOOLS) == ["arena", "bench", "play", "train", "tune", "evaluate", "exploit", "serve"]
    for cmd, (_, help_line) in TOOLS.items():
        assert f"    {cmd:20}{help_line.replace('%%', '%')[:30]}" in out
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    assert "--games N" in capsys.readouterr().out


# --------------------------------------------------------------------------- alternate
def test_alternate_runs_turn_about_and_unpacks_the_working_tree(tmp_path):
    from frontierzoo.benchmarks import alternate

    assert alternate.alternation(3) == ["A", "B", "B", "A", "A", "B"]
    if not (pathlib.Path(alternate.ROOT) / ".git").exists():      # a tree without its history
        with pytest.raises(SystemExit, match="is not a git checkout"):
            alternate.unpack(".", str(tmp_path / "B"))
        return
    folder = alternate.unpack(".", str(tmp_path / "B"))
    assert (tmp_path / "B" / "frontierzoo" / "envs" / "common" / "jit.py").read_text() == \
        (pathlib.Path(alternate.ROOT) / "envs" / "common" / "jit.py").read_text()
    assert folder == str(tmp_path / "B")
    with pytest.raises(SystemExit, match="not a revision of this checkout: 'no-such-revision'"):
        alternate.unpack("no-such-revision", str(tmp_path / "A"))


@pytest.mark.parametrize("argv, message", [
    (["HEAD", "--measure", "speed"], "invalid choice: 'speed'"),
    (["HEAD", "--measure", "cold", "--runs", "0"], "--runs"),
    (["HEAD", "--measure", "cold", "--game", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["HEAD", "--measure", "cold", "--env-b", "FRONTIERZOO_STOCK_NUMBA"], "expected NAME=VALUE"),
])
def test_alternate_rejects_bad_options_before_unpacking_anything(argv, message, capsys):
    from frontierzoo.benchmarks import alternate

    with pytest.raises(SystemExit):
        alternate.main(argv)
    assert message in capsys.readouterr().err


def test_every_tool_but_train_runs_its_math_on_one_thread_unless_told_otherwise(monkeypatch):
    """Two evaluations side by side at torch's default threads ran 18x slower on 2 cores; a tool
    now takes one math thread, a user's OMP_NUM_THREADS stands, and train keeps its --threads."""
    import torch

    from frontierzoo.cli import one_math_thread

    monkeypatch.setattr(torch, "set_num_threads", lambda n: told.append(n))
    for tool, preset, env_after, threads in (("evaluate", None, "1", [1]), ("arena", None, "1", [1]),
                                             ("evaluate", "2", "2", []), ("train", None, None, [])):
        told = []
        if preset is None:
            monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
        else:
            monkeypatch.setenv("OMP_NUM_THREADS", preset)
        one_math_thread(tool)
        assert os.environ.get("OMP_NUM_THREADS") == env_after, tool
        assert told == threads, tool
