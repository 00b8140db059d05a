"""`frontierzoo serve`: the web application's interface (through Flask's test client) and the page
itself in a real browser (headless Chromium driven by Selenium, the system's browser and driver:
Debian's chromium and chromium-driver; nothing is downloaded). Where no browser is installed the
browser tests skip, saying what to install."""
import base64
import json
import os
import shutil
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("flask", reason="frontierzoo serve needs Flask: pip install 'frontierzoo[serve]'")

from frontierzoo.envs import all_games, get_game                  # noqa: E402
from frontierzoo.envs.common.render import last_words             # noqa: E402
from frontierzoo.cli.serve import app as serve_app                # noqa: E402
from frontierzoo.cli.serve.tables import GAME_FILE_KIND           # noqa: E402

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture()
def client(tmp_path):
    app = serve_app.create_app(arena_path=tmp_path / "arena.md", golden_dir=GOLDEN)
    return app.test_client()


def new_table(client, game="forfort_v0", players=2, seed=3, seats=(None, "random")):
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": seed, "seats": list(seats)})
    assert r.status_code == 200, r.json
    return r.json


# --------------------------------------------------------------------------- the interface
def test_a_person_sees_only_their_seat(client):
    """At a table with a person every frame is drawn from that seat's view, the last decision is
    told in that seat's words, and asking for another view is refused."""
    state = new_table(client, seats=(None, "random"))
    table = serve_app_table(client, state["id"])
    env = table.env
    assert state["view"] == 0 and state["svg"] == env.game.render_svg(env.record.copy(), 0, ())
    assert state["svg"] != env.game.render_svg(env.record.copy(), None, ())
    for view in ("full", "1", 1):
        r = client.get(f"/api/tables/{state['id']}?view={view}")
        assert r.status_code == 400 and "player_0's view only" in r.json["error"]
    while state["to_act"] == 1:
        state = client.post(f"/api/tables/{state['id']}/forward", json={}).json
    state = client.post(f"/api/tables/{state['id']}/move", json={"action": state["moves"][0]["action"]}).json
    while state["to_act"] == 1:
        state = client.post(f"/api/tables/{state['id']}/forward", json={}).json
    before, after = table.records[-2], table.records[-1]
    assert state["last"] == last_words(env.game, before, table.actions[-1], after, 0)
    assert client.post(f"/api/tables/{state['id']}/back", json={}).status_code == 400
    r = client.get(f"/api/tables/{state['id']}/game")
    assert r.status_code == 400 and "when the game is over" in r.json["error"]


def serve_app_table(client, tid):
    """The server's own table behind an id (the test looks behind the page)."""
    return client.application.extensions["frontierzoo.tables"][tid]


@pytest.mark.parametrize("bad, error", [
    ({"action": 10**6}, "a move must be in"),
    ({"action": "castle"}, "a move must be a whole number"),
    ({"action": None}, "a move must be a whole number"),
])
def test_a_bad_move_is_refused_and_the_game_unchanged(client, bad, error):
    state = new_table(client)
    table = serve_app_table(client, state["id"])
    before = table.env.save()
    r = client.post(f"/api/tables/{state['id']}/move", json=bad)
    assert r.status_code == 400 and error in r.json["error"]
    assert table.env.save() == before and len(table.actions) == 0


def test_an_illegal_move_is_refused_as_step_refuses_it(client):
    state = new_table(client)
    while state["to_act"] != state["human"]:
        state = client.post(f"/api/tables/{state['id']}/forward", json={}).json
    table = serve_app_table(client, state["id"])
    legal = {m["action"] for m in state["moves"]}
    illegal = next(a for a in range(table.game.num_actions) if a not in legal)
    before = table.env.save()
    r = client.post(f"/api/tables/{state['id']}/move", json={"action": illegal})
    assert r.status_code == 400 and f"action {illegal}" in r.json["error"] and "illegal" in r.json["error"]
    assert table.env.save() == before


@pytest.mark.parametrize("path, kwargs, status, error", [
    ("/api/tables", {"data": "x"}, 415, "send JSON"),
    ("/api/tables", {"json": [1]}, 400, "a JSON object"),
    ("/api/tables", {"json": {"game": "chess_v0", "players": 2, "seats": [None, "random"]}}, 400, "unknown game"),
    ("/api/tables", {"json": {"game": "forfort_v0", "players": 9, "seats": []}}, 400, "plays with"),
    ("/api/tables", {"json": {"game": "forfort_v0", "players": 2, "seats": [None, None]}}, 400, "one person"),
    ("/api/tables", {"json": {"game": "forfort_v0", "players": 2, "seats": ["random", "alphago"]}}, 400, "no agent"),
    ("/api/tables", {"json": {"game": "forfort_v0", "players": 2, "seed": -1, "seats": ["random"] * 2}}, 400, "seed"),
    ("/api/tables/77", {}, 404, "no table 77"),
    ("/api/replays", {"json": {"data": "%%%"}}, 400, "not base64"),
    ("/api/replays", {"json": {"name": "x.bin", "data": base64.b64encode(b"\x00\xff junk").decode()}}, 400, "x.bin"),
    ("/api/replays", {"json": {"name": "g.json", "data": base64.b64encode(b'{"kind": "chess"}').decode()}}, 400, "not a game file"),
    ("/api/replays", {"json": {"golden": "../README.md"}}, 400, "no golden transcript"),
])
def test_bad_requests_get_a_clear_error(client, path, kwargs, status, error):
    r = client.post(path, **kwargs) if kwargs or path != "/api/tables/77" else client.get(path)
    assert r.status_code == status and error in r.json["error"], r.json


def test_only_loopback_names_are_answered(client):
    r = client.get("/api/games", headers={"Host": "attacker.example:8000"})
    assert r.status_code == 403 and "localhost" in r.json["error"]


def test_a_watched_game_goes_back_and_forth_and_its_file_replays(client):
    state = new_table(client, game="frantic_v1", players=2, seed=5, seats=("heuristic", "random"))
    tid = state["id"]
    frames = [state["svg"]]
    for _ in range(6):
        state = client.post(f"/api/tables/{tid}/forward", json={}).json
        frames.append(state["svg"])
    assert state["position"] == 6 and state["can_back"]
    state = client.post(f"/api/tables/{tid}/back", json={}).json
    assert state["position"] == 5 and state["svg"] == frames[5]
    state = client.post(f"/api/tables/{tid}/forward", json={"view": "1"}).json
    assert state["position"] == 6 and state["view"] == 1
    game_file = client.get(f"/api/tables/{tid}/game")
    assert game_file.status_code == 200 and json.loads(game_file.data)["kind"] == GAME_FILE_KIND
    replay = client.post("/api/replays", json={"name": "g.json", "data": base64.b64encode(game_file.data).decode()}).json
    assert replay["mode"] == "replay" and replay["replay_length"] == 6
    replay = client.post(f"/api/tables/{replay['id']}/forward", json={"steps": 6}).json
    assert replay["position"] == 6 and replay["svg"] == frames[6]
    r = client.post(f"/api/tables/{replay['id']}/forward", json={})
    assert r.status_code == 400 and "end of the replay" in r.json["error"]


def test_a_tampered_game_file_is_refused_as_load_and_step_refuse_it(client):
    state = new_table(client, seats=("random", "random"))
    client.post(f"/api/tables/{state['id']}/forward", json={"steps": 3})
    doc = json.loads(client.get(f"/api/tables/{state['id']}/game").data)
    bad_move = dict(doc, actions=doc["actions"][:2] + [10**5])
    save = bytearray(base64.b64decode(doc["start"]))
    save[-8:] = b"\xff" * 8                     # a record field out of its range
    bad_start = dict(doc, start=base64.b64encode(bytes(save)).decode())
    for bad, error in ((bad_move, "move 3: forfort_v0: action must be"), (bad_start, "does not load")):
        data = base64.b64encode(json.dumps(bad).encode()).decode()
        r = client.post("/api/replays", json={"name": "g.json", "data": data})
        assert r.status_code == 400 and error in r.json["error"], r.json


def test_a_golden_transcript_replays_its_moves():
    name = "forfort_v0-num_players2-seed1.txt"
    app = serve_app.create_app(golden_dir=GOLDEN)
    client = app.test_client()
    state = client.post("/api/replays", json={"golden": name}).json
    said = [line.split(": ", 1)[1] for line in (GOLDEN / name).read_text().splitlines()[1:]
            if line[:5].strip().isdigit()]
    assert state["replay_length"] == len(said)
    for words in said[:12]:
        state = client.post(f"/api/tables/{state['id']}/forward", json={}).json
        assert state["last"][0].split(": ", 1)[1] == words


def test_the_ratings_of_the_last_arena_run(client, tmp_path):
    assert "no arena run yet" in client.get("/api/ratings").json["missing"]
    (tmp_path / "arena.md").write_text(
        "## frontierzoo arena (seed 0)\n\n### forfort_v0, 2 players — 1 lineup(s), 2 games\n\n"
        "| # | agent | rating |\n|---:|---|---:|\n| 1 | heuristic | 20.1 |\n| 2 | random | 10.0 |\n\n"
        "- heuristic v random: seats won heuristic 2/2\n\nWin rate = seats won / seats played\n")
    doc = client.get("/api/ratings").json
    assert doc["title"] == "frontierzoo arena (seed 0)"
    (section,) = doc["sections"]
    assert section["header"] == ["#", "agent", "rating"] and section["rows"][0] == ["1", "heuristic", "20.1"]
    assert section["notes"] == ["heuristic v random: seats won heuristic 2/2"]


def test_frontier_moves_name_their_places_on_the_board(client):
    state = new_table(client, game="frontier_v0", players=3, seats=(None, "random", "random"))
    places = {m["place"] for m in state["moves"]}
    assert places == {f"corner-{c}" for c in range(54)}
    for place in places:
        assert f'data-place="{place}"' in state["svg"]


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_named_place_is_drawn_where_a_click_finds_it(game):
    """A move's place (``Game.action_place``) is on the person's own picture, along a game."""
    from frontierzoo.cli.serve.tables import skip_finished
    from frontierzoo.envs import make

    env = make(game, render_mode="ansi")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for k in range(60):
        skip_finished(env)
        if not env.agents:
            break
        if k % 20 == 0:
            seat = env.agent_name_mapping[env.agent_selection]
            svg = env.render_svg(seat)
            for a in env.legal_actions():
                place = env.game.action_place(env.record, int(a))
                assert place is None or f'data-place="{place}"' in svg, (game, env.describe_action(a), place)
        env.step(int(rng.choice(env.legal_actions())))


# --------------------------------------------------------------------------- in a browser
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def browser_missing():
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium; it is in the dev extra)"
    if not CHROMIUM or not DRIVER:
        return "no Chromium here: apt-get install chromium chromium-driver (.ci/run installs them)"
    return None


@pytest.fixture(scope="module")
def server():
    from werkzeug.serving import make_server

    app = serve_app.create_app(golden_dir=GOLDEN)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://localhost:{httpd.server_port}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    why = browser_missing()
    if why:
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1300,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # the browser's profile and singleton socket go in a folder of the test's own, removed after,
    # not in /tmp's org.chromium.Chromium.* that would pile up over CI runs
    scratch = tempfile.TemporaryDirectory(prefix="frontierzoo-chromium-")
    options.add_argument(f"--user-data-dir={scratch.name}/profile")
    service = Service(DRIVER, env={**os.environ, "TMPDIR": scratch.name})
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()
    scratch.cleanup()


def tables_of(app):
    return app.extensions["frontierzoo.tables"]


def wait(driver, test, timeout=30):
    """Until ``test(driver)`` holds; an element found there may be replaced before it is read (the
    board is redrawn with each answer), and the test is then asked again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: test(d))


def open_page(driver, url):
    driver.get(url)
    wait(driver, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "yes")


def start(driver, tab, game, seats=None, human=None):
    from selenium.webdriver.support.ui import Select

    driver.find_element("css selector", f'#tabs button[data-tab="{tab}"]').click()
    Select(driver.find_element("id", "game")).select_by_value(game)
    if human is not None:
        Select(driver.find_element("id", "human")).select_by_value(str(human))
    for i, agent in (seats or {}).items():
        Select(driver.find_element("id", f"seat-{i}")).select_by_value(agent)
    Select(driver.find_element("id", "pace")).select_by_value("0")
    before = driver.find_element("id", "board").get_attribute("data-table")
    driver.find_element("id", "start").click()
    # the new table is on the board once its id is; its position may already be past 0, since at
    # pace 0 the bots play on at once when a bot is first to act
    wait(driver, lambda d: d.find_element("id", "board").get_attribute("data-table") not in (None, "", before))


def position(driver):
    return int(driver.find_element("id", "board").get_attribute("data-position") or -1)


def severe_logs(driver, refused=False):
    """The console's errors; ``refused``: leave out the 400 answers the test asked for (the browser
    logs every 4xx answer as a failed load)."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
            and not (refused and e["source"] == "network" and "status of 400" in e["message"])]


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_the_page_watches_each_game_step_by_step(browser, server, game):
    """Watch a game: each Step shows the next decision; the page's board and status follow the
    server's game, and Back returns to the frame before."""
    app, url = server
    open_page(browser, url)
    start(browser, "watch", game, seats={i: "random" for i in range(get_game(game).default_players)})
    table = list(tables_of(app).values())[-1]
    assert position(browser) == 0, "a watched game waits for Step"
    first = browser.find_element("css selector", "#board svg").get_attribute("outerHTML")
    for k in (1, 2):
        browser.find_element("id", "forward").click()
        wait(browser, lambda d: position(d) == k)
    assert len(table.actions) == 2
    svg = browser.find_element("css selector", "#board svg").get_attribute("outerHTML")
    assert svg != first
    to_act = table.to_act()
    assert browser.find_element("id", "status").text.endswith(f"player_{to_act} to act")
    words = [li.text for li in browser.find_elements("css selector", "#last li")]
    assert words == last_words(table.game, table.records[1], table.actions[1], table.records[2], None)
    browser.find_element("id", "back").click()
    wait(browser, lambda d: position(d) == 1)
    assert severe_logs(browser) == []


def test_the_page_plays_frontier_by_clicking_the_board(browser, server, tmp_path):
    """A person at Frontier clicks a highlighted corner for their village, then an edge for its
    road: the server's game has them (the bots playing between the person's turns)."""
    app, url = server
    open_page(browser, url)
    start(browser, "play", "frontier_v0", human=0, seats={i: "random" for i in (1, 2, 3)})
    table = list(tables_of(app).values())[-1]
    wait(browser, lambda d: d.find_element("id", "board").get_attribute("data-to-act") == "0")
    at = position(browser)
    corner = browser.find_element("css selector", "#board [data-place^='corner-'].target")
    c = int(corner.get_attribute("data-place").split("-")[1])
    corner.click()
    wait(browser, lambda d: position(d) == at + 1)
    assert table.env.record["corner_owner"][c] == 0
    edges = browser.find_elements("css selector", "#board [data-place^='edge-'].target")
    assert edges, "the roads from the new village are offered on the board"
    e = int(edges[0].get_attribute("data-place").split("-")[1])
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", edges[0])
    wait(browser, lambda d: position(d) >= at + 2 and d.find_element("id", "board").get_attribute("data-to-act") == "0")
    assert table.env.record["edge_owner"][e] == 0
    assert table.to_act() == 0 and len(table.actions) >= at + 2
    assert browser.find_elements("css selector", "#board [data-place^='corner-'].target")
    # the page as a person sees it, for a look when this test is run by hand (-s prints where)
    shot = os.environ.get("FRONTIERZOO_SCREENSHOT", str(tmp_path / "frontier.png"))
    browser.save_screenshot(shot)
    print(f"screenshot: {shot}")
    assert severe_logs(browser) == []



HIDDEN_PLACES = r'data-place="(?:hand|draft|map-card)-(\d+)-'     # a seat's own cards on the board


@pytest.mark.parametrize("game", ["fantasy_frontier_v1", "frantic_v1", "legends_v1"])
def test_a_persons_board_names_only_their_own_cards(client, game):
    """At a table with a person the cards a click can pick are the person's own: no other seat's
    hidden card is drawn, nor named by a place, along a game; a watched table's full view names
    every seat's."""
    import re

    n = get_game(game).default_players
    state = new_table(client, game=game, players=n, seed=5, seats=[None] + ["random"] * (n - 1))
    tid, seen = state["id"], set()
    for _ in range(40):
        seen |= {int(j) for j in re.findall(HIDDEN_PLACES, state["svg"])}
        if state["over"]:
            break
        if state["moves"]:
            state = client.post(f"/api/tables/{tid}/move", json={"action": state["moves"][-1]["action"]}).json
        else:
            state = client.post(f"/api/tables/{tid}/forward", json={}).json
        assert "error" not in state, state
    assert seen == {0}
    watched = new_table(client, game=game, players=n, seed=5, seats=["random"] * n)
    for _ in range(30):
        watched = client.post(f"/api/tables/{watched['id']}/forward", json={}).json
    assert {int(j) for j in re.findall(HIDDEN_PLACES, watched["svg"])} == set(range(n))


@pytest.mark.parametrize("game", ["fantasy_frontier_v1", "frantic_v1", "legends_v1"])
def test_the_page_plays_each_game_by_clicking_the_board(browser, server, game):
    """A person plays from the list until a move of theirs has a place on the board, then clicks
    that highlighted place: a place of one move plays it, one of several picks them out in the
    list to choose from; either way the server's game has the move the place names."""
    app, url = server
    open_page(browser, url)
    n = get_game(game).default_players
    start(browser, "play", game, human=0, seats={i: "random" for i in range(1, n)})
    table = list(tables_of(app).values())[-1]
    click = "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))"
    for _ in range(30):
        wait(browser, lambda d: d.find_element("id", "board").get_attribute("data-to-act") == "0")
        at = position(browser)
        targets = browser.find_elements("css selector", "#board [data-place].target")
        if not targets:
            browser.find_element("css selector", "#moves button.move").click()
            wait(browser, lambda d: position(d) > at)
            continue
        record = table.records[at]
        moves = {}
        for a in table.env.legal_actions():
            moves.setdefault(table.game.action_place(record, int(a)), []).append(int(a))
        place = targets[0].get_attribute("data-place")
        browser.execute_script(click, targets[0])
        if len(moves[place]) > 1:
            chosen = browser.find_elements("css selector", "#moves button.move.chosen")
            assert sorted(int(b.get_attribute("data-action")) for b in chosen) == sorted(moves[place])
            chosen[0].click()
        wait(browser, lambda d: position(d) > at)
        assert table.actions[at] in moves[place] and table.game.action_place(record, table.actions[at]) == place
        break
    else:
        pytest.fail(f"no move of player_0 had a place on the board in 30 turns of {game}")
    assert severe_logs(browser) == []

def test_the_page_plays_forfort_from_the_move_list_and_shows_a_bad_request(browser, server, tmp_path):
    """A person at Forfort places the first camp by clicking a space of their fort, then picks moves
    from the list in the game's words; a bad request (an illegal move sent by hand) is answered with
    a clear error on the page, the game unchanged."""
    app, url = server
    open_page(browser, url)
    start(browser, "play", "forfort_v0", human=1, seats={0: "random"})
    table = list(tables_of(app).values())[-1]
    wait(browser, lambda d: d.find_element("id", "board").get_attribute("data-to-act") == "1")
    # the first camp goes on a space of the person's fort: a click on the board places it
    at = position(browser)
    space = browser.find_element("css selector", "#board [data-place^='fort-1-'].target")
    place = space.get_attribute("data-place")      # the board is redrawn after the click
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", space)
    wait(browser, lambda d: position(d) > at)
    assert table.game.action_place(table.records[at], table.actions[at]) == place
    wait(browser, lambda d: d.find_element("id", "board").get_attribute("data-to-act") in ("1", ""))
    for _ in range(3):
        at = position(browser)
        buttons = browser.find_elements("css selector", "#moves button.move")
        legal = [int(a) for a in table.env.legal_actions()]
        assert sorted(int(b.get_attribute("data-action")) for b in buttons) == sorted(legal)
        assert [b.text for b in buttons] == [table.env.describe_action(a) for a in legal]
        buttons[-1].click()
        wait(browser, lambda d: position(d) > at and d.find_element("id", "board").get_attribute("data-to-act") in ("1", ""))
        if table.to_act() is None:
            break
    before = table.env.save()
    answer = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(`/api/tables/${arguments[0]}/move`, {method: "POST", headers: {"Content-Type": "application/json"},
              body: JSON.stringify({action: 999999})}).then(async r => done([r.status, (await r.json()).error]));
    """, list(tables_of(app))[-1])
    assert answer[0] == 400 and "a move must be in" in answer[1]
    assert table.env.save() == before
    # and the page itself tells of a refusal: a file that is no game
    bad = tmp_path / "not-a-game.txt"
    bad.write_text("hello\n")
    browser.find_element("css selector", '#tabs button[data-tab="replay"]').click()
    browser.find_element("id", "file").send_keys(str(bad))
    browser.find_element("id", "open-file").click()
    wait(browser, lambda d: d.find_element("id", "error").is_displayed())
    assert "neither a saved game" in browser.find_element("id", "error").text
    assert table.env.save() == before
    assert severe_logs(browser, refused=True) == []


def test_the_page_replays_a_golden_transcript_back_and_forth(browser, server):
    from selenium.webdriver.support.ui import Select

    app, url = server
    open_page(browser, url)
    browser.find_element("css selector", '#tabs button[data-tab="replay"]').click()
    Select(browser.find_element("id", "golden")).select_by_value("legends_v1-num_players3-seed1.txt")
    browser.find_element("id", "open-golden").click()
    wait(browser, lambda d: position(d) == 0)
    Select(browser.find_element("id", "pace")).select_by_value("0")
    browser.find_element("id", "run").click()
    wait(browser, lambda d: position(d) >= 8)
    browser.find_element("id", "run").click()             # pause
    at = position(browser)
    browser.find_element("id", "back").click()
    wait(browser, lambda d: position(d) == at - 1 or position(d) == at)   # a step in flight may land first
    Select(browser.find_element("id", "view")).select_by_value("2")
    wait(browser, lambda d: "player_2's view" in d.find_element("css selector", "#board svg").get_attribute("outerHTML"))
    assert severe_logs(browser) == []


def test_the_pictures_benchmark_measures_every_figure(capsys):
    from frontierzoo.benchmarks.pictures import main

    assert main(["--frames", "1", "--game", "frantic_v1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| frantic_v1"))
    assert len(row.split("|")) == 8 and all(float(c) > 0 for c in row.split("|")[2:-1])
