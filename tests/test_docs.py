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
