"""Sphinx configuration of frontierzoo's documentation site.

Build it with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` (the ``docs`` extra).
The games', the command's, the guide's and the notebooks' pages are generated at every build by
``_ext/frontierzoo_docs.py`` from the code and the repository's documents; the rest is written here.
"""
import sys
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "frontierzoo"
author = "the frontierzoo authors"
copyright = "frontierzoo authors, MIT licence"
release = metadata.version("frontierzoo")

# napoleon: the classes' docstrings list their arguments under "Args:"
extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "frontierzoo_docs"]
exclude_patterns = ["_build", "_ext", "**/.ipynb_checkpoints"]

# The notebooks are shown as written: running them all would take the build many minutes.
nb_execution_mode = "off"
myst_heading_anchors = 3
# The repository's markdown (RULES.md, RESULTS.md, the README) is written to read on its own, not
# as one Sphinx hierarchy: a heading may skip a level there.
suppress_warnings = ["myst.header"]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# ray is the rllib extra's, half a gigabyte: its module is documented without it
autodoc_mock_imports = ["ray"]

html_theme = "furo"
html_title = f"frontierzoo {release}"
html_static_path = ["_static"]
html_css_files = ["tables.css"]
