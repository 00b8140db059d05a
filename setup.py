"""Packaging: the metadata lives in pyproject.toml; only the package list is computed here.

The top-level folders are installed under the ``frontierzoo`` namespace (``envs`` as
``frontierzoo.envs``, ...). Every package below them is found on disk, so a new game folder is
installed without editing any list (``tests/test_packaging.py`` checks that a built wheel holds
every game folder).
"""
from pathlib import Path

from setuptools import find_packages, setup

TOP = {"envs": "frontierzoo.envs", "agents": "frontierzoo.agents",
       "training": "frontierzoo.training", "benchmarks": "frontierzoo.benchmarks", "cli": "frontierzoo.cli"}
ROOT = Path(__file__).parent


def packages() -> list:
    """Every package of the distribution: the top-level folders and all packages below them."""
    out = []
    for folder, name in TOP.items():
        out.append(name)
        out += [f"{name}.{sub}" for sub in find_packages(str(ROOT / folder))]
    return sorted(out)


setup(packages=packages(), package_dir={name: folder for folder, name in TOP.items()})
