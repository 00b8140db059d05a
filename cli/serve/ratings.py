"""The ratings table of the last arena run, for the page: ``frontierzoo arena`` keeps its table as
markdown (``cli.arena.last_run_path``), and this reads it back as sections of rows, which the
page builds as tables of text (never as HTML: the file is only read, not trusted)."""
from __future__ import annotations

from pathlib import Path

from frontierzoo.cli.arena import last_run_path

MAX_BYTES = 4 * 1024 * 1024


def cells(line) -> list:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def read_ratings(path=None) -> dict:
    """``{"path", "title", "sections": [{"title", "header", "rows", "notes"}], "notes"}``, or
    ``{"path", "missing": why}`` when there is no table to read."""
    path = Path(path) if path is not None else last_run_path()
    if not path.is_file():
        return {"path": str(path), "missing": "no arena run yet: `frontierzoo arena` keeps its table here"}
    if path.stat().st_size > MAX_BYTES:
        return {"path": str(path), "missing": f"the file is over {MAX_BYTES // 1024 // 1024} MiB: not an arena table"}
    out = {"path": str(path), "title": "", "sections": [], "notes": []}
    section = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("## "):
            out["title"] = line[3:].strip()
        elif line.startswith("### "):
            section = {"title": line[4:].strip(), "header": [], "rows": [], "notes": []}
            out["sections"].append(section)
        elif line.startswith("|") and section is not None:
            row = cells(line)
            if all(c and set(c) <= set(":-") for c in row):
                continue                            # the rule under the header
            if section["header"]:
                section["rows"].append(row)
            else:
                section["header"] = row
        elif line.startswith("- ") and section is not None:
            section["notes"].append(line[2:].strip())   # a lineup's seats won
        elif line.strip():
            out["notes"].append(line.strip())
    return out
