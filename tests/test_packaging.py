"""A game lives in its folder: a built wheel must hold every game folder, found without a list."""
import subprocess
import sys
import zipfile
from pathlib import Path

import frontierzoo.envs
from frontierzoo.envs import all_games

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_holds_every_game_folder_and_its_rules(tmp_path):
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                        "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    (wheel,) = tmp_path.glob("frontierzoo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    folders = sorted(p.parent.name for p in (ROOT / "envs").glob("*/__init__.py") if p.parent.name != "common")
    assert folders, "no game folders found"
    for folder in folders:
        assert f"frontierzoo/envs/{folder}/__init__.py" in names, f"game folder {folder} missing from the wheel"
        for py in (ROOT / "envs" / folder).rglob("*.py"):
            rel = py.relative_to(ROOT / "envs").as_posix()
            assert f"frontierzoo/envs/{rel}" in names, f"{rel} missing from the wheel"
        assert f"frontierzoo/envs/{folder}/RULES.md" in names
    for game in all_games():
        assert f"frontierzoo/envs/{game.folder}/__init__.py" in names
    for top in ("envs", "agents", "training", "benchmarks", "cli"):   # PEP 561: the type hints are the API's
        assert f"frontierzoo/{top}/py.typed" in names, f"frontierzoo/{top}/py.typed missing from the wheel"
    for model in (ROOT / "agents" / "models").iterdir():      # the bundled policies, networks and weights
        assert f"frontierzoo/agents/models/{model.name}" in names, f"{model.name} missing from the wheel"
    for page in ("index.html", "app.js", "style.css"):   # the web page of `frontierzoo serve`
        assert f"frontierzoo/cli/serve/static/{page}" in names
    # the licence the metadata names travels with the wheel
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names), \
        "LICENSE missing from the wheel"
    assert "MIT License" in (ROOT / "LICENSE").read_text()


def test_the_distribution_has_one_version():
    import tomllib
    from importlib.metadata import version
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert frontierzoo.envs.__version__ == version("frontierzoo") == declared


def test_the_notebooks_extra_runs_jupyter_nbconvert():
    """``jupyter nbconvert --execute`` (how a reader runs a notebook whole) needs nbconvert and a
    kernel: the ``notebooks`` extra brings both, and the dev install (which has it) runs it."""
    import tomllib
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra in ("notebooks", "dev"):
        names = {req.split(">")[0].split("=")[0].split("[")[0] for req in extras[extra]}
        assert {"nbconvert", "nbclient", "ipykernel"} <= names, f"the {extra} extra lacks what nbconvert needs"
    r = subprocess.run([sys.executable, "-m", "nbconvert", "--version"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr


def test_every_game_folder_is_registered_and_importable_by_its_env_name():
    import importlib

    folders = {p.parent.name for p in Path(frontierzoo.envs.__file__).parent.glob("*/__init__.py")} - {"common"}
    assert {g.folder for g in all_games()} == folders
    for game in all_games():
        by_attr = getattr(frontierzoo.envs, game.name)
        by_import = importlib.import_module(f"frontierzoo.envs.{game.name}")
        assert by_attr is by_import and by_attr.GAME is game
        doc = by_attr.__doc__
        for part in ("| Import", "Observation", "Action mask", "Rewards", "Version History",
                     f"Discrete({game.num_actions})", f"float32[{game.obs_size}]"):
            assert part in doc, f"{game.name}'s docstring lacks {part!r}"
