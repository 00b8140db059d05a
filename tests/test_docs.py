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
