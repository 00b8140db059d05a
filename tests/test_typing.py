"""The public API carries type hints (the package ships ``py.typed``; CI runs mypy over it, README).

What counts as the public API, enumerated here from the source (``ast``: no game is compiled):

* ``envs/common``: the modules a user calls — the registry (``make``, ``get_game``, ...), the
  module functions every game gets (``api.py``'s, ``forfort_v0.env()`` and the rest), the AEC, parallel and vector envs, saves, the
  ``Game`` base class and the render helpers (``PUBLIC_COMMON``);
* every game's ``env.py`` (its ``Game`` subclass);
* ``agents/`` and ``agents/heuristics/``; in a heuristic's module, its module functions and the
  agent protocol of ``agents/base.py`` (``__init__``, ``reset``, ``act``, ``act_batch``): the other
  methods of a heuristic class are its strategy's steps over the game's record, not API;
* ``training/``.

In those modules: every module-level function and every method of a module-level class whose
name does not start with ``_`` (``__init__`` and ``__call__`` count), less the compiled ones
(decorated ``@rule``, ``@kernel``, ``@jit``, ``@common_jit``...: Numba reads no annotation, and
the rule modules of a game folder are left alone, their source being the rules' fingerprint).
Each parameter (``self``/``cls`` aside) and each return (``__init__``'s aside) must be annotated.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PUBLIC_COMMON = ("aec", "api", "game", "parallel", "registry", "render", "saves", "vector")
AGENT_PROTOCOL = {"__init__", "reset", "act", "act_batch"}
COMPILED = re.compile(r"(^|\.)(\w*jit|rule|kernel|register_jitable)$")


def public_modules() -> list[Path]:
    files = [ROOT / "envs" / "common" / f"{m}.py" for m in PUBLIC_COMMON]
    files += sorted((ROOT / "envs").glob("*/env.py"))
    files += sorted((ROOT / "agents").glob("*.py")) + sorted((ROOT / "agents" / "heuristics").glob("*.py"))
    files += sorted((ROOT / "training").glob("*.py"))
    return files


def _is_public(name: str) -> bool:
    return not name.startswith("_") or name in ("__init__", "__call__")


def _compiled(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(COMPILED.search(ast.unparse(d.func if isinstance(d, ast.Call) else d)) for d in fn.decorator_list)


def public_functions(path: Path):
    """``(qualified name, function node, is a method)`` for each public function of ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    heuristic = path.parent.name == "heuristics" and path.name != "__init__.py"
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_public(node.name):
            if not _compiled(node):
                yield node.name, node, False
            if path.name == "api.py" and node.name == "module_api":   # every game's env(), vector_env(), ...
                for inner in ast.walk(node):
                    if isinstance(inner, ast.FunctionDef) and inner is not node and _is_public(inner.name):
                        yield f"{node.name}.{inner.name}", inner, False
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for item in node.body:
                if (isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_public(item.name)
                        and not _compiled(item) and (not heuristic or item.name in AGENT_PROTOCOL)):
                    yield f"{node.name}.{item.name}", item, True


def unannotated(fn: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    """What of ``fn``'s signature lacks an annotation: parameter names, and ``return``."""
    a = fn.args
    params = a.posonlyargs + a.args
    static = any(ast.unparse(d) == "staticmethod" for d in fn.decorator_list)
    if method and not static and params and params[0].arg in ("self", "cls"):
        params = params[1:]
    params = params + a.kwonlyargs + [p for p in (a.vararg, a.kwarg) if p is not None]
    missing = [p.arg for p in params if p.annotation is None]
    if fn.returns is None and fn.name != "__init__":
        missing.append("return")
    return missing


def survey() -> tuple[int, list[str]]:
    total, lacking = 0, []
    for path in public_modules():
        for name, fn, method in public_functions(path):
            total += 1
            missing = unannotated(fn, method)
            if missing:
                rel = path.relative_to(ROOT).as_posix()
                lacking.append(f"{rel}:{fn.lineno} {name} ({', '.join(missing)})")
    return total, lacking


def test_the_public_api_is_found():
    total, _ = survey()
    assert total > 200, f"only {total} public functions found: has the layout moved?"


def test_every_public_function_is_annotated():
    total, lacking = survey()
    assert not lacking, (f"{len(lacking)} of {total} public functions lack annotations:\n  "
                         + "\n  ".join(lacking))


def test_the_typed_packages_carry_py_typed():
    for top in ("envs", "agents", "training", "benchmarks", "cli"):
        assert (ROOT / top / "py.typed").is_file(), f"{top}/py.typed missing"


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(("frontierzoo",) + parts)


def test_the_checker_is_configured_and_run_by_ci():
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "mypy" in project["tool"], "no [tool.mypy] in pyproject.toml"
    # the modules whose errors mypy reports are the public API's, every one of them
    checked = [o for o in project["tool"]["mypy"]["overrides"] if o.get("ignore_errors") is False]
    assert len(checked) == 1
    assert sorted(checked[0]["module"]) == sorted(module_name(p) for p in public_modules() + [ROOT / "envs" / "__init__.py"])
    dev = {req.split(">")[0].split("=")[0] for req in project["project"]["optional-dependencies"]["dev"]}
    assert "mypy" in dev, "the dev extra lacks mypy"
    assert "mypy" in (ROOT / ".ci" / "run").read_text(), ".ci/run does not run mypy"
