"""The documentation site's generated pages: a Sphinx extension that ``docs/conf.py`` loads.

Everything here is made from what the repository declares, at every build, so that no page drifts
from the code:

- ``games/<name>.md``: one page per registered game: PettingZoo's spec table
  (:meth:`Game.spec_rows`), the options, the observation and action layouts, the rewards, the
  agents that play it, its version history with CHANGELOG.md's entries that name it, an animation
  of a seeded game (:func:`frontierzoo.agents.animate`) and its ``RULES.md``;
- ``cli/<tool>.md``: each ``frontierzoo`` subcommand's ``--help`` (and each ``train`` method's),
  formatted from the parsers themselves;
- ``guide/<section>.md``: the README's sections; ``notebooks/``: the notebooks, rendered by myst-nb
  without running them; ``changelog.md``, ``results.md``, ``adding_a_game.md``: the repository's
  other documents.

Links between repository files are rewritten to the pages made from them (or to the file's name
where no page is). Pages are written only when their text changes, so Sphinx rereads only those;
the animations are kept in ``docs/_build/animations`` under a hash of the code that draws them.
When the HTML is written, every relative link and anchor in it is checked: a broken one is a
warning, which ``-W`` makes an error.
"""
from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
from concurrent.futures import ProcessPoolExecutor
from html.parser import HTMLParser
from multiprocessing import get_context
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sphinx.util import logging

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parents[1]
ROOT = DOCS.parent
# The folders and files this extension writes (.gitignore lists them): they are never edited by hand.
GENERATED = ("games", "cli", "guide", "notebooks", "changelog.md", "results.md", "adding_a_game.md")
ANIMATION_CACHE = DOCS / "_build" / "animations"
# A short seeded game, small: five of them are drawn in about a minute on two quiet cores.
ANIMATION = {"seed": 0, "max_frames": 40, "fps": 3, "dpi": 50}
# The repository's documents that become pages, by their path in the repository.
DOCUMENTS = {"CHANGELOG.md": "changelog", "benchmarks/RESULTS.md": "results",
             "envs/ADDING_A_GAME.md": "adding_a_game"}
MD_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


# --------------------------------------------------------------------------- repository links
def page_of(repo_path: str):
    """The page (its docname) made from the repository file ``repo_path``, or None."""
    from frontierzoo.envs import all_games

    if repo_path in DOCUMENTS:
        return DOCUMENTS[repo_path]
    if repo_path == "README.md":
        return "guide/index"
    if repo_path.startswith("notebooks/") and repo_path.endswith(".ipynb"):
        return "notebooks/" + Path(repo_path).stem
    for game in all_games():
        if repo_path == f"envs/{game.folder}/RULES.md":
            return f"games/{game.name}"
    return None


def suffix(docname: str) -> str:
    """The file suffix of a generated page: the notebooks stay notebooks."""
    return ".ipynb" if docname.startswith("notebooks/") and docname != "notebooks/index" else ".md"


def rewrite_links(text: str, source: str, docname: str) -> str:
    """``text`` (markdown of the repository file ``source``) with its links to other repository
    files pointing at their pages from the page ``docname``, or, for a file with no page, its path
    as code; web links are kept."""
    def one(m):
        bang, label, target = m.groups()
        if urlsplit(target).scheme or target.startswith("#"):
            return m.group(0)
        path = posixpath.normpath(posixpath.join(posixpath.dirname(source), unquote(target.split("#")[0])))
        page = page_of(path)
        if page is not None:
            rel = posixpath.relpath(page, posixpath.dirname(docname) or ".")
            return f"{bang}[{label}]({rel}{suffix(page)})" if label else f"{{doc}}`{rel}`"
        if label.strip("`") == path or label.strip("`") == target:
            return f"`{path}`"
        return f"{label} (`{path}`)"
    return "\n".join(line if in_code else MD_LINK.sub(one, line)
                     for line, in_code in fenced(text))


def fenced(text: str):
    """Each line of markdown ``text`` with whether it is inside a fenced code block."""
    fence = None
    for line in text.splitlines():
        mark = re.match(r"\s*(```+|~~~+)", line)
        if fence is None and mark:
            fence = mark.group(1)
            yield line, True
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            yield line, True
        else:
            yield line, False


def shift_headings(text: str, by: int) -> str:
    """Markdown ``text`` with every heading ``by`` levels deeper (negative: shallower)."""
    out = []
    for line, in_code in fenced(text):
        m = None if in_code else re.match(r"(#+)( .*)", line)
        out.append(line if m is None else "#" * max(1, len(m.group(1)) + by) + m.group(2))
    return "\n".join(out)


# --------------------------------------------------------------------------- pages
def rst_block(text: str) -> str:
    """reStructuredText (the docstrings' markup) embedded in a MyST page."""
    return "```{eval-rst}\n" + text.strip() + "\n```\n"


def changelog_entries(game) -> str:
    """CHANGELOG.md's sections (``### ...``) that name this game or one of its earlier versions,
    and those about every game, under their release's name."""
    base = game.name.rsplit("_v", 1)[0]
    names = re.compile(rf"`{re.escape(base)}_v\d+`|^### Every game")
    out, release, keep = [], None, False
    for line, in_code in fenced((ROOT / "CHANGELOG.md").read_text(encoding="utf-8")):
        if not in_code and line.startswith("## "):
            release, keep = line[3:].strip(), False
        elif not in_code and line.startswith("### "):
            keep = bool(names.search(line))
            if keep:
                out += ["", f"#### {release}: {line[4:].strip()}"]
        elif keep:
            out.append(line)
    return "\n".join(out).strip()


def animation_caption(game) -> str:
    a = ANIMATION
    return (f"A seeded game: `frontierzoo.agents.animate(\"{game.name}\", seed={a['seed']}, "
            f"max_frames={a['max_frames']})`, the random agent at each of the {game.default_players} "
            f"seats, the full view (every hand shown), a frame a decision, cut off after "
            f"{a['max_frames'] - 1} decisions.")


def game_page(game) -> str:
    from frontierzoo.agents import available_agents
    from frontierzoo.envs import game_module

    docname = f"games/{game.name}"
    intro = game_module(game.name).__doc__.split("\n\n")[0]     # the module's own first paragraph
    spec = "\n".join([".. list-table::", "   :stub-columns: 1", ""]
                     + [f"   * - {k}\n     - {v}" for k, v in game.spec_rows()])
    parts = [f"# {intro.split(':')[0]}: `{game.name}`", "", rst_block(intro),
             f"![A seeded game of {game.name}]({game.name}.gif)", "", f"*{animation_caption(game)}*", "",
             rst_block(spec)]
    if game.options_doc:
        parts += ["## Options", "", rst_block(f"``{game.name}.env(...)``: " + game.options_doc)]
    parts += ["## Observation", "", rst_block(
        f"A dict ``{{\"observation\": float32[{game.obs_size}], \"action_mask\": int8[{game.num_actions}]}}``. "
        "The vector is seat-relative (the observer first, then the others in turn order) and holds only "
        "what that seat may know; its blocks:\n\n" + game.observation.table())]
    parts += ["## Actions", "", rst_block(
        "``action_mask[a] == 1`` for the legal actions of the agent to act, all zeros for the others; "
        "``env.action_masks()`` gives it as bool for sb3-contrib; ``env.describe_action(a)`` says a "
        "move in words. The ranges:\n\n" + game.actions.table())]
    parts += ["## Rewards", "", rst_block(game.rewards_doc)]
    parts += ["## Parallel API", "", rst_block(
        f"No ``parallel_env()``: {game.no_parallel_reason}." if game.no_parallel_reason
        else f"``{game.name}.parallel_env(...)`` takes the same options (PettingZoo's Parallel API).")]
    agents = ", ".join(f"`\"{a}\"`" for a in available_agents(game.name))
    parts += ["## Agents", "",
              f"`frontierzoo.agents.make_agent(name, \"{game.name}\", seed=0)` builds any of {agents} "
              f"(see {{doc}}`../tutorials/arena` to pit them against each other); "
              f"`frontierzoo play {game.name}` plays it against them in the terminal.", ""]
    parts += ["## Version history", ""] + [f"- {v}" for v in game.version_history]
    entries = changelog_entries(game)
    if entries:
        parts += ["", "From {doc}`../changelog`:", "", shift_headings(entries, -1)]
    rules = ROOT / "envs" / game.folder / "RULES.md"
    parts += ["", shift_headings(rewrite_links(rules.read_text(encoding="utf-8"),
                                               f"envs/{game.folder}/RULES.md", docname), 1)]
    return "\n".join(parts) + "\n"


def games_index(games) -> str:
    rows = "\n".join(f"| {{doc}}`{g.name}` | {g.title} | {', '.join(map(str, g.player_counts))} |"
                     for g in games)
    return (f"# The games\n\nEach page: PettingZoo's spec table, the options, the observation and action "
            f"layouts, the rewards, the version history, an animation of a seeded game and the rules as "
            f"implemented (the game's `RULES.md`: each rule, the code that does it and the test that "
            f"checks it). All of it is generated from the game's registered description at every build."
            f"\n\n| environment | game | seats |\n|---|---|---|\n{rows}\n\n"
            "```{toctree}\n:hidden:\n\n" + "\n".join(g.name for g in games) + "\n```\n")


def cli_pages() -> dict:
    """``cli/<tool>.md`` for every subcommand, and one for each ``train`` method: its help as
    ``--help`` prints it (at 100 columns, whatever the terminal building the site)."""
    from frontierzoo.cli import TOOLS, build_parser, tool_parser
    from frontierzoo.cli.train import METHODS, method_parser

    def page(title, parser, intro=""):
        return f"# `{title}`\n\n{intro}```text\n{parser.format_help().rstrip()}\n```\n"

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"     # argparse wraps to the terminal's width
    try:
        pages = {"cli/index": "# The `frontierzoo` command\n\nEach subcommand's page is its `--help`, "
                              "made from its parser at every build.\n\n```text\n"
                              f"{build_parser().format_help().rstrip()}\n```\n\n```{{toctree}}\n"
                              + "\n".join(TOOLS) + "\n" + "\n".join(f"train_{m}" for m in METHODS) + "\n```\n"}
        for name in TOOLS:
            pages[f"cli/{name}"] = page(f"frontierzoo {name}", tool_parser(name))
        for m in METHODS:
            pages[f"cli/train_{m}"] = page(f"frontierzoo train {m}", method_parser(m),
                                           f"Needs the `{METHODS[m][1]}` extra.\n\n")
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return pages


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def guide_pages() -> dict:
    """The README's ``## `` sections, a page each, and an index with its opening."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sections, current = {None: []}, None
    for line, in_code in fenced(text):
        if not in_code and line.startswith("## "):
            current = line[3:].strip()
            sections[current] = []
        elif not (current is None and line.startswith("# ")):
            sections[current].append(line)
    pages = {}
    for title, lines in sections.items():
        if title is not None:
            body = shift_headings("\n".join(lines), -1)
            pages[f"guide/{slug(title)}"] = f"# {title}\n" + rewrite_links(body, "README.md", f"guide/{slug(title)}") + "\n"
    opening = rewrite_links("\n".join(sections[None]), "README.md", "guide/index")
    pages["guide/index"] = ("# The guide (the README)\n" + opening + "\n\nThe repository's README, a page a "
                            "section, made from it at every build.\n\n```{toctree}\n"
                            + "\n".join(slug(t) for t in sections if t is not None) + "\n```\n")
    return pages


def document_pages() -> dict:
    return {page: rewrite_links((ROOT / path).read_text(encoding="utf-8"), path, page) + "\n"
            for path, page in DOCUMENTS.items()}


def notebook_pages() -> dict:
    """Each notebook as JSON text, its links rewritten, with a note that it is shown unexecuted."""
    pages = {}
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        docname = f"notebooks/{path.stem}"
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                source = rewrite_links("".join(cell["source"]), f"notebooks/{path.name}", docname)
                cell["source"] = source.splitlines(keepends=True)
        note = {"cell_type": "markdown", "metadata": {}, "source": [
            f"*Shown as written, not run (running every notebook would take the docs build many minutes): "
            f"run it to see its outputs, in Jupyter or with `jupyter nbconvert --to notebook --execute "
            f"notebooks/{path.name}` (the `notebooks` extra).*"]}
        nb["cells"].insert(1 if nb["cells"] and "".join(nb["cells"][0]["source"]).startswith("# ") else 0, note)
        pages[docname] = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    pages["notebooks/index"] = (
        "# Notebooks\n\nThe repository's notebooks (`notebooks/`), shown without their outputs: the site's "
        "build does not run them. Each runs in a few minutes with the `notebooks` extra installed.\n\n"
        "```{toctree}\n" + "\n".join(p.stem for p in paths) + "\n```\n")
    return pages


def write_if_changed(path: Path, text) -> None:
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


# --------------------------------------------------------------------------- animations
def animation_key(game) -> str:
    """A hash of everything that decides the animation: the drawing and playing code, the game's
    code and the settings."""
    h = hashlib.sha256(json.dumps(ANIMATION, sort_keys=True).encode())
    files = sorted((ROOT / "envs" / "common").glob("*.py")) + sorted((ROOT / "envs" / game.folder).glob("*.py"))
    files += [ROOT / "agents" / f for f in ("animation.py", "base.py", "match.py")]
    for f in files:
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def draw_animation(name: str, path: str) -> int:
    """Write one game's animation (run in a worker process)."""
    from frontierzoo.agents import animate

    tmp = path + ".part.gif"
    frames = animate(name, path=tmp, **ANIMATION)
    os.replace(tmp, path)
    return frames


def animations(games) -> None:
    """Each game's animation beside its page, drawn where the cache has none for its code (in
    parallel: drawing is matplotlib, a core a game)."""
    ANIMATION_CACHE.mkdir(parents=True, exist_ok=True)
    cached = {g.name: ANIMATION_CACHE / f"{g.name}-{animation_key(g)}.gif" for g in games}
    todo = [name for name, path in cached.items() if not path.exists()]
    if todo:
        logger.info(f"drawing the animations of {', '.join(todo)} (about a minute on two cores)")
        workers = max(1, min(len(todo), len(os.sched_getaffinity(0))))
        with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
            for name, frames in zip(todo, pool.map(draw_animation, todo, [str(cached[n]) for n in todo])):
                logger.info(f"  {name}: {frames} frames")
    for name, path in cached.items():
        for old in ANIMATION_CACHE.glob(f"{name}-*.gif"):
            if old != path:
                old.unlink()
        write_if_changed(DOCS / "games" / f"{name}.gif", path.read_bytes())


def generate(app) -> None:
    from frontierzoo.envs import all_games

    games = all_games()
    pages = {f"games/{g.name}": game_page(g) for g in games}
    pages["games/index"] = games_index(games)
    pages.update(cli_pages())
    pages.update(guide_pages())
    pages.update(document_pages())
    pages.update(notebook_pages())
    for docname, text in pages.items():
        write_if_changed(DOCS / (docname + suffix(docname)), text)
    for folder in (g for g in GENERATED if "." not in g):    # pages of a game, tool or section now gone
        for f in (DOCS / folder).iterdir():
            if f"{folder}/{f.stem}" not in pages:      # a page, or a game's animation beside its page
                f.unlink()
    animations(games)


# --------------------------------------------------------------------------- the built site's links
class Links(HTMLParser):
    """A page's ids and its relative links (href and src)."""

    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("id", "name") and v:
                self.ids.add(v)
            elif k in ("href", "src") and v and not urlsplit(v).scheme and not v.startswith("//"):
                self.links.append(v)


def broken_links(outdir: Path) -> list:
    """Every relative link of the HTML under ``outdir`` whose file or anchor does not exist, as
    ``page: link``."""
    pages = {}
    for f in outdir.rglob("*.html"):
        p = Links()
        p.feed(f.read_text(encoding="utf-8", errors="replace"))
        pages[f.resolve()] = p
    broken = []
    for f, p in sorted(pages.items()):
        for link in p.links:
            parts = urlsplit(link)
            target = (f.parent / unquote(parts.path)).resolve() if parts.path else f
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{f.relative_to(outdir.resolve())}: {link}")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{f.relative_to(outdir.resolve())}: {link} (no such anchor)")
    return broken


def check_links(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        for b in broken_links(Path(app.outdir)):
            logger.warning(f"broken internal link: {b}")


def setup(app):
    app.connect("builder-inited", generate)
    app.connect("build-finished", check_links)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
