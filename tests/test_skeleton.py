"""Every game keeps the one skeleton ``envs/ADDING_A_GAME.md`` describes, read from the source
(``ast``: nothing is imported or compiled, so this runs in a second):

- the files the guide lists exist;
- the seat bound is ``MIN_SEATS``/``MAX_SEATS``, defined in state.py (no other spelling anywhere);
- content.py is data: it imports nothing of the game (state.py imports it);
- core.py holds the contract kernels only (each ``@kernel``, no ``@rule``) and re-exports the four
  that live elsewhere, its ``__all__`` the eight;
- ``legal_mask`` calls only ``mask_*`` rules and ``apply`` only ``apply_*`` rules, picked by the
  stage (no span decoded there: no ``.has``/``.split``), and ``apply``'s last step is
  ``settle(s)``, the automatic steps up to the next decision, a ``@rule`` of a rules file;
- no ``njit`` or ``register_jitable`` in a game folder (``@rule`` and ``@kernel`` only).
"""
import ast
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent for p in (ROOT / "envs").glob("*/env.py") if p.parent.name != "common")

FILES = ("__init__.py", "RULES.md", "state.py", "content.py", "core.py", "view.py", "invariants.py",
         "words.py", "render.py", "env.py")
KERNELS = ("init", "legal_mask", "apply", "scores", "observe", "state_vector", "determinize",
           "check_invariants")
REEXPORTED = {"observe": "view", "state_vector": "view", "determinize": "view",
              "check_invariants": "invariants"}
OLD_SEAT_NAMES = {"MAX_PLAYERS", "MIN_PLAYERS"}


def decorators(fn):
    return {getattr(d, "id", getattr(d, "attr", None)) for d in fn.decorator_list}


def top_functions(tree):
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


def assigned_names(tree):
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def imported_from(tree):
    """{name: module} of the ``from .module import name`` lines (module '' for ``from . import``)."""
    return {alias.asname or alias.name: node.module or ""
            for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1
            for alias in node.names}


def called_names(fn):
    """The callees of a function: a plain name, or ``object.attr`` written out."""
    out = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            f = node.func
            out.append(f.id if isinstance(f, ast.Name) else
                       f"{getattr(f.value, 'id', '?')}.{f.attr}" if isinstance(f, ast.Attribute) else "?")
    return out


def skeleton_faults(folder: Path) -> list:
    """Every way the game in ``folder`` departs from the guide's skeleton, in words."""
    faults = [f"{name} is missing" for name in FILES if not (folder / name).exists()]
    trees = {p.stem: ast.parse(p.read_text()) for p in sorted(folder.glob("*.py"))}

    # the seat bound
    state = trees.get("state")
    if state is not None:
        faults += [f"state.py does not define {n}" for n in ("MIN_SEATS", "MAX_SEATS")
                   if n not in assigned_names(state)]
    for mod, tree in trees.items():
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        used |= {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        faults += [f"{mod}.py names the seat bound {n}" for n in sorted(used & OLD_SEAT_NAMES)]

    # content.py is data
    content = trees.get("content")
    if content is not None:
        faults += [f"content.py imports .{node.module or ''}" for node in ast.walk(content)
                   if isinstance(node, ast.ImportFrom) and node.level == 1]

    # core.py: the kernels only, the rest re-exported
    core = trees.get("core")
    if core is not None:
        fns = top_functions(core)
        faults += [f"core.{name} is not a @kernel" for name, fn in fns.items() if "kernel" not in decorators(fn)]
        faults += [f"core.py does not define the kernel {k}" for k in KERNELS
                   if k not in fns and k not in REEXPORTED]
        imports = imported_from(core)
        faults += [f"core.py does not re-export {k} from {m}.py" for k, m in REEXPORTED.items()
                   if k not in fns and imports.get(k) != m]
        all_ = next((node.value for node in core.body if isinstance(node, ast.Assign)
                     and any(getattr(t, "id", None) == "__all__" for t in node.targets)), None)
        if all_ is None or sorted(ast.literal_eval(all_)) != sorted(KERNELS):
            faults.append("core.__all__ is not the eight kernels")

        # legal_mask and apply pick the stage's pair; apply ends with settle(s)
        defined = {name: (mod, fn) for mod, tree in trees.items() if mod != "core"
                   for name, fn in top_functions(tree).items()}
        for kernel, prefix, what in (("legal_mask", "mask", "a mask_* rule"), ("apply", "apply_", "an apply_* rule")):
            if kernel not in fns:
                continue
            for callee in called_names(fns[kernel]):
                if kernel == "apply" and callee == "settle":
                    continue
                if prefix not in callee or "." in callee:
                    faults.append(f"core.{kernel} calls {callee}, not {what} of the stage")
                elif callee not in defined or "rule" not in decorators(defined[callee][1]):
                    faults.append(f"core.{kernel} calls {callee}, which is no @rule of a rules file")
        if "apply" in fns:
            last = fns["apply"].body[-1]
            if not (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
                    and getattr(last.value.func, "id", None) == "settle"):
                faults.append("core.apply does not end with settle(s)")
            elif "settle" not in defined or "rule" not in decorators(defined["settle"][1]):
                faults.append("settle is no @rule of a rules file")

    # the two decorators only
    for mod, tree in trees.items():
        names = {getattr(n, "id", None) or getattr(n, "attr", None) for n in ast.walk(tree)}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        faults += [f"{mod}.py uses {n}" for n in sorted(names & {"njit", "register_jitable"})]
    return faults


def test_there_are_five_games():
    assert [g.name for g in GAMES] == ["fantasy_frontier", "forfort", "frantic", "frontier", "legends"]


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_every_game_keeps_the_skeleton(folder):
    assert skeleton_faults(folder) == []


def test_the_skeleton_check_finds_each_departure(tmp_path):
    """On a copy of Forfort broken in every way the check knows, it names each break."""
    game = tmp_path / "forfort"
    shutil.copytree(ROOT / "envs" / "forfort", game, ignore=shutil.ignore_patterns("__pycache__"))
    (game / "words.py").unlink()
    state = (game / "state.py").read_text()
    (game / "state.py").write_text(state.replace("MIN_SEATS, MAX_SEATS = 2, 4", "MIN_SEATS, MAX_PLAYERS = 2, 4"))
    (game / "content.py").write_text((game / "content.py").read_text() + "\nfrom .state import SPACES\n")
    core = (game / "core.py").read_text()
    core = core.replace("from ..common.jit import kernel", "from ..common.jit import kernel, rule")
    core = core.replace("    elif stage == ST_PAIR:\n        apply_pair(s, seat, action)\n",
                        "    elif stage == ST_PAIR:\n        apply_pair(s, seat, PAIR.split(action))\n")
    core = core.replace("    settle(s)   # a decision", "    pass   # a decision")
    core += "\n\n@rule\ndef helper(s):\n    return 0\n"
    (game / "core.py").write_text(core)
    assert skeleton_faults(game) == [
        "words.py is missing",
        "state.py does not define MAX_SEATS",
        "state.py names the seat bound MAX_PLAYERS",
        "content.py imports .state",
        "core.helper is not a @kernel",
        "core.apply calls PAIR.split, not an apply_* rule of the stage",
        "core.apply does not end with settle(s)",
    ]
