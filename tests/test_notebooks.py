"""Every notebook runs top to bottom (small settings), as a user would run it.

A notebook whose work takes minutes at a user's settings (training) reads
``FRONTIERZOO_NOTEBOOK_SMALL=1`` and runs with tiny ones here."""
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.full   # a kernel each, ~10-20 s: CI's -m full step runs them all
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path, monkeypatch):
    monkeypatch.setenv("FRONTIERZOO_NOTEBOOK_SMALL", "1")   # the kernel inherits this environment
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_valid(path):
    """Each notebook passes nbformat's schema without a warning (every cell has its id, which
    nbformat will soon require)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        nbformat.validate(nbformat.read(path, as_version=4))
