"""The documents stay true: every test a RULES.md names exists, and the README's example runs."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def all_test_names():
    names = set()
    for f in (ROOT / "tests").glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
    return names


@pytest.mark.parametrize("rules", sorted(ROOT.glob("envs/*/RULES.md")), ids=lambda p: p.parent.name)
def test_rules_md_names_only_real_tests(rules):
    named = set(re.findall(r"`(?:[\w/.]+::)?(test_\w+)`", rules.read_text()))
    assert named, f"{rules} names no tests"
    missing = sorted(named - all_test_names())
    assert not missing, f"{rules} names tests that do not exist: {missing}"


def test_readme_example_runs():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block, "README has no python example"
    exec(compile(block.group(1), "README example", "exec"), {})


# --------------------------------------------------------------------------- the rule -> code table
# What RULES.md names as code: `module.name` (or `module.Class.attr`) of a module in the game's folder.
CODE_NAME = re.compile(r"`((\w+)\.(\w+(?:\.\w+)*))(?:\([^`]*\))?`")
# The Python face of a game (the descriptor, words, pictures): what RULES.md names there need only
# exist. Every other module is compiled rules and their data, reached from the kernels or the face.
PYTHON_FACE = {"env", "words", "render"}
# Readable one-at-a-time forms of rules the kernels ask for a whole board at once (bit sets): the
# rule tests check the masks against them, and RULES.md names them as the rule read plainly.
READABLE_FORMS = {"forfort": {"fort.can_build_at", "fort.arrows_point_at"}}


def reached_from_kernels(folder: Path) -> set:
    """Every top-level name of the game's modules that its ``@kernel`` functions, or its Python
    face (the options, ranges and hidden fields env.py reads, the names words and pictures use),
    reach by name, through any chain of calls and constants."""
    import ast

    defs, roots = {}, set()
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                defs.setdefault(node.name, []).append(node)
                if any(getattr(d, "id", getattr(d, "attr", None)) == "kernel" for d in node.decorator_list):
                    roots.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    for n in ast.walk(target):
                        if isinstance(n, ast.Name):
                            defs.setdefault(n.id, []).append(node)
            if path.stem in PYTHON_FACE:
                roots |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    reached, todo = set(), [r for r in roots if r in defs]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo += [ident for node in defs[name] for n in ast.walk(node)
                     if (ident := getattr(n, "id", None) or getattr(n, "attr", None)) in defs]
    return reached


def rules_table_faults(folder: Path, text: str) -> list:
    """The code names ``text`` gives that do not exist, or that no kernel reaches."""
    import importlib

    modules = {p.stem for p in folder.glob("*.py")}
    reached = reached_from_kernels(folder)
    faults = []
    for name, module, path in sorted(set(CODE_NAME.findall(text))):
        if module not in modules or path == "py":      # another folder's code, or a file's name
            continue
        thing = importlib.import_module(f"frontierzoo.envs.{folder.name}.{module}")
        for part in path.split("."):
            thing = getattr(thing, part, None)
        if thing is None:
            faults.append(f"{name} does not exist")
        elif (module not in PYTHON_FACE and path.split(".")[0] not in reached
              and name not in READABLE_FORMS.get(folder.name, ())):
            faults.append(f"{name} is reached from no kernel")
    return faults


@pytest.mark.parametrize("rules", sorted(ROOT.glob("envs/*/RULES.md")), ids=lambda p: p.parent.name)
def test_every_code_name_in_rules_md_exists_and_the_kernels_reach_it(rules):
    assert rules_table_faults(rules.parent, rules.read_text()) == []


def test_the_rules_table_check_finds_a_missing_and_an_unreached_name():
    text = "`fort.no_such_rule`, `fort.can_build_at`, `turn.apply_play_card`, `words.describe_action`"
    assert rules_table_faults(ROOT / "envs" / "forfort", text) == ["fort.no_such_rule does not exist"]
    assert rules_table_faults(ROOT / "envs" / "frontier", "`trade.bank_rate`, `dice.throw_dice`") == []
    READABLE_FORMS["forfort"] = set()
    try:
        assert rules_table_faults(ROOT / "envs" / "forfort", text) == [
            "fort.can_build_at is reached from no kernel", "fort.no_such_rule does not exist"]
    finally:
        READABLE_FORMS["forfort"] = {"fort.can_build_at", "fort.arrows_point_at"}


# --------------------------------------------------------------------------- the documentation site
DOCS = ROOT / "docs"


def docs_extension():
    """The site's generator (docs/_ext/frontierzoo_docs.py), imported as Sphinx imports it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("frontierzoo_docs", DOCS / "_ext" / "frontierzoo_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_site_builds_with_warnings_as_errors_and_every_game_page_shows_its_animation(tmp_path):
    """The README's build, into a folder of its own (the animations' cache is shared, in docs/_build)."""
    import subprocess
    import sys

    out = tmp_path / "html"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                          "-d", str(tmp_path / "doctrees"), str(DOCS), str(out)],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-4000:]
    from frontierzoo.envs import all_games

    for game in all_games():
        page = (out / "games" / f"{game.name}.html").read_text()
        gif = re.search(rf'<img [^>]*src="(\.\./_images/{game.name}\.gif)"', page)
        assert gif, f"{game.name}'s page shows no animation"
        assert (out / "games" / gif.group(1)).read_bytes()[:6] == b"GIF89a"
    assert (out / "api" / "envs.html").read_text().count('class="py class"') > 3


def test_the_sites_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text('<a href="sub/a.html#here">a</a> <a href="gone.html">x</a> '
                                         '<img src="sub/pic.gif"> <a href="https://example.org/no">web</a>')
    (tmp_path / "sub" / "a.html").write_text('<h1 id="here"></h1><a href="../index.html#nowhere">back</a>'
                                             '<a href="#here">up</a>')
    assert docs_extension().broken_links(tmp_path) == [
        "index.html: gone.html", "index.html: sub/pic.gif", "sub/a.html: ../index.html#nowhere (no such anchor)"]


def test_repository_links_point_at_the_pages_made_from_them():
    ext = docs_extension()
    text = ("[RULES.md](envs/forfort/RULES.md), [the notebook](notebooks/train_forfort.ipynb), "
            "[training/expert.py](training/expert.py), [code](agents/netsearch.py), [web](https://x.org/a)\n"
            "```\n[kept](envs/forfort/RULES.md)\n```")
    assert ext.rewrite_links(text, "README.md", "guide/training") == (
        "[RULES.md](../games/forfort_v0.md), [the notebook](../notebooks/train_forfort.ipynb), "
        "`training/expert.py`, code (`agents/netsearch.py`), [web](https://x.org/a)\n"
        "```\n[kept](envs/forfort/RULES.md)\n```")


def documented_commands():
    """Every ``frontierzoo ...`` command the site's written pages give (not the generated ones)."""
    generated = docs_extension().GENERATED
    commands = []
    for page in sorted(DOCS.rglob("*.md")):
        if page.relative_to(DOCS).parts[0] in generated + ("_build",):
            continue
        text = page.read_text()
        # a code block's command lines, and the inline commands that give options (an inline
        # `frontierzoo train expert` names the command)
        lines = re.findall(r"^(frontierzoo [^#\n]*)", text, re.M) + re.findall(r"`(frontierzoo [^`]* --[^`]*)`", text)
        commands += [(str(page.relative_to(DOCS)), line.strip()) for line in lines]
    return commands


def test_every_command_the_tutorials_give_parses_with_the_commands_own_options():
    import shlex

    from frontierzoo.cli import tool_parser
    from frontierzoo.cli.train import method_parser

    commands = documented_commands()
    assert any("train ppo" in c for _, c in commands) and any("arena" in c for _, c in commands)
    for page, command in commands:
        _, tool, *argv = shlex.split(command)
        try:
            args = tool_parser(tool).parse_args(argv)
            if tool == "train":
                method_parser(args.method).parse_args(args.options)
        except SystemExit:
            pytest.fail(f"{page}: `{command}` does not parse")
