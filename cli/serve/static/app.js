// The page of `frontierzoo serve`: plain JavaScript over the server's JSON (cli/serve/app.py). The
// server keeps every game and checks every request; this only shows what it is told and sends
// what the person picks. Text from the server goes in as text (textContent), never as HTML; the
// board is the server's own SVG.
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];             // what the server offers: [{name, players, agents}]
let tab = "watch";
let table = null;           // the open table's id and its last state
let running = false;        // playing on, a decision every `pace` ms
let timer = null;

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let doc;
  try {
    doc = await response.json();
  } catch (e) {
    doc = { error: `the server answered ${response.status} ${response.statusText}` };
  }
  if (!response.ok) throw new Error(doc.error || `the server answered ${response.status}`);
  return doc;
}

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function attempt(work) {
  try {
    showError("");
    await work();
  } catch (e) {
    stop();
    showError(e.message);
  }
}

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.append(o);
  return o;
}

// ------------------------------------------------------------------ setting a game up
function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function fillPlayers() {
  const game = currentGame();
  $("players").replaceChildren();
  for (const n of game.players) option($("players"), n, n);
  fillSeats();
}

function fillSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const human = $("human");
  const keep = Number(human.value) || 0;
  human.replaceChildren();
  for (let i = 0; i < n; i++) option(human, i, `player_${i}`);
  human.value = String(Math.min(keep, n - 1));
  const seats = $("seats");
  seats.replaceChildren();
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    label.className = "seat";
    label.dataset.seat = i;
    label.append(`player_${i}`);
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    for (const a of game.agents) option(select, a, a);
    select.value = game.agents.includes("heuristic") ? "heuristic" : "random";
    label.append(select);
    seats.append(label);
  }
  markHumanSeat();
}

function markHumanSeat() {
  for (const label of document.querySelectorAll("#seats .seat")) {
    label.hidden = tab === "play" && label.dataset.seat === $("human").value;
  }
}

function setTab(name) {
  tab = name;
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  $("new-game").hidden = !(name === "watch" || name === "play");
  $("replay-form").hidden = name !== "replay";
  $("ratings").hidden = name !== "ratings";
  $("table").hidden = name === "ratings" || table === null;   // the open game stays open beneath
  for (const el of document.querySelectorAll(".play-only")) el.hidden = name !== "play";
  markHumanSeat();
  showError("");
  if (name === "ratings") attempt(showRatings);
}

async function startGame(event) {
  event.preventDefault();
  await attempt(async () => {
    const n = Number($("players").value);
    const seats = [];
    for (let i = 0; i < n; i++) {
      seats.push(tab === "play" && String(i) === $("human").value ? null : $(`seat-${i}`).value);
    }
    const seed = $("seed").value === "" ? 0 : Number($("seed").value);
    open(await api("POST", "/api/tables", { game: $("game").value, players: n, seed, seats }));
  });
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result);
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      resolve(btoa(binary));
    };
    reader.onerror = () => reject(new Error(`could not read ${file.name}`));
    reader.readAsArrayBuffer(file);
  });
}

// ------------------------------------------------------------------ a table
function open(state) {
  stop();
  table = state;
  $("table").hidden = false;
  const view = $("view");
  view.replaceChildren();
  if (state.human === null) {
    option(view, "full", "full view (every hand)");
    for (let i = 0; i < state.players; i++) option(view, i, `player_${i}'s view`);
  } else {
    option(view, state.human, `player_${state.human}'s view (yours)`);
  }
  $("view-label").hidden = state.human !== null;
  show(state);
  if (state.mode === "play") schedule();
}

function viewAsked() {
  return table.human === null ? $("view").value : String(table.human);
}

function show(state) {
  table = { ...table, ...state };
  const parsed = new DOMParser().parseFromString(state.svg, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  svg.removeAttribute("width");       // the page scales it to its width
  svg.removeAttribute("height");
  const board = $("board");
  board.replaceChildren(svg);
  board.dataset.table = table.id;
  board.dataset.position = state.position;
  board.dataset.toAct = state.to_act === null ? "" : state.to_act;
  const seats = state.mode === "replay" ? "moves from the file" : state.seats.map((a, i) => `player_${i} ${a}`).join(", ");
  const where = state.mode === "replay" ? `move ${state.position} of ${state.replay_length}` : `decision ${state.position}`;
  const who = state.over ? `over: ${state.result}` : state.to_act === null ? "" :
    state.to_act === state.human ? `your move, player_${state.human}` : `player_${state.to_act} to act`;
  $("status").textContent = `${state.game} (${state.mode}; ${seats}): ${where}; ${who}`;
  $("last").replaceChildren(...state.last.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  $("back").disabled = !state.can_back;
  $("forward").disabled = !state.can_forward || running;
  $("run").hidden = state.mode === "play";
  $("run").textContent = running ? "Pause" : "Play on";
  $("download").hidden = !state.can_download;
  $("download").href = `/api/tables/${table.id}/game`;
  showMoves(state, svg);
}

function showMoves(state, svg) {
  const moves = $("moves");
  moves.replaceChildren();
  if (!state.moves.length) return;
  const places = new Map();
  let kind = null;
  let row = null;
  for (const m of state.moves) {
    if (m.kind !== kind) {
      kind = m.kind;
      const h = document.createElement("h3");
      h.textContent = kind;
      row = document.createElement("div");
      row.className = "kind";
      moves.append(h, row);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.action = m.action;
    b.textContent = m.words;
    b.addEventListener("click", () => move(m.action));
    row.append(b);
    if (m.place) {
      if (!places.has(m.place)) places.set(m.place, []);
      places.get(m.place).push(m);
    }
  }
  // the board: a place with one move plays it; with several, they are picked out in the list
  for (const el of svg.querySelectorAll("[data-place]")) {
    const here = places.get(el.dataset.place);
    if (!here) continue;
    el.classList.add("target");
    el.addEventListener("click", () => {
      if (here.length === 1) return move(here[0].action);
      for (const b of moves.querySelectorAll("button.move")) {
        b.classList.toggle("chosen", here.some((m) => String(m.action) === b.dataset.action));
      }
    });
  }
}

async function move(action) {
  await attempt(async () => {
    show(await api("POST", `/api/tables/${table.id}/move`, { action, view: viewAsked() }));
    schedule();
  });
}

async function step(direction) {
  await attempt(async () => {
    show(await api("POST", `/api/tables/${table.id}/${direction}`, { view: viewAsked() }));
  });
}

// playing on: in a watched or replayed game while running; at a person's table, the bots' turns
function schedule() {
  clearTimeout(timer);
  const bots = table.mode === "play" && table.can_forward;
  if (!(running || bots) || !table.can_forward) {
    if (running) stop();
    return;
  }
  timer = setTimeout(async () => {
    await step("forward");
    schedule();
  }, Number($("pace").value));
}

function stop() {
  running = false;
  clearTimeout(timer);
  if (table) {
    $("run").textContent = "Play on";
    $("forward").disabled = !table.can_forward;
  }
}

async function showRatings() {
  const doc = await api("GET", "/api/ratings");
  const box = $("ratings");
  box.replaceChildren();
  const p = document.createElement("p");
  if (doc.missing) {
    p.textContent = `${doc.missing} (${doc.path})`;
    box.append(p);
    return;
  }
  p.textContent = `${doc.title} — ${doc.path}`;
  box.append(p);
  for (const section of doc.sections) {
    const h = document.createElement("h3");
    h.textContent = section.title;
    const t = document.createElement("table");
    t.className = "ratings";
    const head = t.createTHead().insertRow();
    for (const c of section.header) {
      const th = document.createElement("th");
      th.textContent = c;
      head.append(th);
    }
    const body = t.createTBody();
    for (const r of section.rows) {
      const tr = body.insertRow();
      for (const c of r) tr.insertCell().textContent = c;
    }
    box.append(h, t);
    for (const note of section.notes) {
      const n = document.createElement("p");
      n.textContent = note;
      box.append(n);
    }
  }
  for (const note of doc.notes) {
    const n = document.createElement("p");
    n.textContent = note;
    box.append(n);
  }
}

async function init() {
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => setTab(b.dataset.tab));
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("human").addEventListener("change", markHumanSeat);
  $("new-game").addEventListener("submit", startGame);
  $("back").addEventListener("click", () => { stop(); step("back"); });
  $("forward").addEventListener("click", () => step("forward"));
  $("run").addEventListener("click", () => {
    if (running) return stop();
    running = true;
    $("run").textContent = "Pause";
    schedule();
  });
  $("view").addEventListener("change", () => attempt(async () => {
    show(await api("GET", `/api/tables/${table.id}?view=${encodeURIComponent(viewAsked())}`));
  }));
  $("open-golden").addEventListener("click", () => attempt(async () => {
    open(await api("POST", "/api/replays", { golden: $("golden").value }));
  }));
  $("open-file").addEventListener("click", () => attempt(async () => {
    const file = $("file").files[0];
    if (!file) throw new Error("choose a file first");
    open(await api("POST", "/api/replays", { name: file.name, data: await readFile(file) }));
  }));
  await attempt(async () => {
    const doc = await api("GET", "/api/games");
    games = doc.games;
    for (const g of games) option($("game"), g.name, g.name);
    for (const name of doc.goldens) option($("golden"), name, name);
    if (!doc.goldens.length) option($("golden"), "", "(none here)");
    fillPlayers();
    setTab("watch");
  });
  document.body.dataset.ready = "yes";
}

init();
