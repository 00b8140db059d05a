"""The web application behind ``frontierzoo serve``: one small page (``static/``: HTML, plain
JavaScript, CSS) and a JSON interface over the tables of ``tables.py``.

Every answer to a bad request is a 4xx with ``{"error": "what was wrong"}``, and the table it
named is left as it was. Requests that change anything must be JSON (``Content-Type:
application/json``), which a page of another site cannot send here without the browser asking
first (and this server never says yes); and while it serves on a loopback address it answers only
to a loopback host name, so a site that re-points its own name at 127.0.0.1 reaches nothing.
"""
from __future__ import annotations

import base64
import binascii
import itertools
import threading
from collections import OrderedDict
from pathlib import Path

from flask import Flask, abort, jsonify, request, send_from_directory
from werkzeug.exceptions import HTTPException

from .ratings import read_ratings
from .tables import Table, TableError, check_int, games_offered, golden_files

STATIC = Path(__file__).parent / "static"
MAX_TABLES = 32                     # the oldest goes when a new one would pass this
MAX_UPLOAD = 8 * 1024 * 1024        # a replayed file, as base64 in a JSON body
LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}


def create_app(arena_path=None, golden_dir=None, loopback_only=True) -> Flask:
    """The app. ``arena_path``: the markdown table of the last arena run (``frontierzoo arena``
    writes one); ``golden_dir``: a folder of golden transcripts to offer for replay;
    ``loopback_only``: answer only requests addressed to a loopback host name."""
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD + 1024
    tables = OrderedDict()
    app.extensions["frontierzoo.tables"] = tables      # id -> Table, for whoever looks behind the page
    lock = threading.Lock()
    ids = itertools.count(1)

    def table(tid) -> Table:
        with lock:
            t = tables.get(tid)
        if t is None:
            abort(404, description=f"no table {tid}: it was never opened, or it closed (the server keeps "
                                   f"the {MAX_TABLES} newest)")
        return t

    def add(t: Table):
        with lock:
            tid = str(next(ids))
            tables[tid] = t
            while len(tables) > MAX_TABLES:
                tables.popitem(last=False)
        with t.lock:
            return jsonify({"id": tid, **t.state()})

    def body() -> dict:
        if not request.is_json:
            abort(415, description="send JSON (Content-Type: application/json)")
        doc = request.get_json(silent=True)
        if not isinstance(doc, dict):
            abort(400, description="the request's body must be a JSON object")
        return doc

    @app.before_request
    def loopback_host():
        if loopback_only and request.host.rsplit(":", 1)[0].lower() not in LOOPBACK_HOSTS:
            abort(403, description=f"this server answers only to localhost, not {request.host[:60]!r}")

    @app.errorhandler(TableError)
    def refused(e):
        return jsonify({"error": str(e)}), 400

    @app.errorhandler(HTTPException)
    def http_error(e):
        return jsonify({"error": e.description}), e.code

    @app.after_request
    def no_framing(resp):
        resp.headers["X-Frame-Options"] = "DENY"
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Content-Security-Policy"] = ("default-src 'self'; img-src 'self' data:; "
                                                   "style-src 'self'; script-src 'self'")
        return resp

    # ------------------------------------------------------------------ the page
    @app.get("/")
    def page():
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static_file(name):
        return send_from_directory(STATIC, name)

    # ------------------------------------------------------------------ what there is
    @app.get("/api/games")
    def games():
        return jsonify({"games": games_offered(), "goldens": golden_files(golden_dir)})

    @app.get("/api/ratings")
    def ratings():
        return jsonify(read_ratings(arena_path))

    # ------------------------------------------------------------------ tables
    @app.post("/api/tables")
    def new_table():
        doc = body()
        return add(Table.new(doc.get("game"), doc.get("players"), doc.get("seed", 0), doc.get("seats")))

    @app.post("/api/replays")
    def new_replay():
        doc = body()
        name = doc.get("name", "the file")
        name = name[:80] if isinstance(name, str) else "the file"
        if "golden" in doc:
            golden = doc["golden"]
            if golden not in golden_files(golden_dir):
                raise TableError(f"no golden transcript {str(golden)[:80]!r}; there are {golden_files(golden_dir)}")
            return add(Table.from_file(golden, (Path(golden_dir) / golden).read_bytes()))
        data = doc.get("data")
        if not isinstance(data, str) or len(data) > MAX_UPLOAD:
            raise TableError(f"'data' must be the file in base64, at most {MAX_UPLOAD // 1024 // 1024} MiB")
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise TableError("'data' is not base64") from None
        return add(Table.from_file(name, raw))

    @app.get("/api/tables/<tid>")
    def show(tid):
        t = table(tid)
        with t.lock:
            return jsonify({"id": tid, **t.state(request.args.get("view"))})

    @app.post("/api/tables/<tid>/<what>")
    def change(tid, what):
        t = table(tid)
        doc = body()
        with t.lock:
            if what == "move":
                t.move(doc.get("action"))
            elif what == "forward":
                t.forward()         # the first step must be possible: else the page is told why
                for _ in range(check_int(doc.get("steps", 1), "steps", 1, 1000) - 1):
                    if not t.can_forward():
                        break
                    t.forward()
            elif what == "back":
                t.back()
            else:
                abort(404, description=f"a table has no {what[:40]!r}: move, forward, back")
            return jsonify({"id": tid, **t.state(doc.get("view"))})

    @app.get("/api/tables/<tid>/game")
    def download(tid):
        t = table(tid)
        with t.lock:
            text = t.game_file()
        return app.response_class(text, mimetype="application/json", headers={
            "Content-Disposition": f'attachment; filename="{t.game.name}-game.json"'})

    return app
