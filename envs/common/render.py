"""Shared picture helpers: matplotlib is imported here, and only when a picture is asked for."""
from __future__ import annotations

import numpy as np

# One colour per seat, used by every game's pictures (colour-blind safe: Okabe–Ito).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442")


def new_figure(width, height, dpi=100):
    """A figure drawn off-screen (Agg), whatever backend the user has."""
    from matplotlib.figure import Figure
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = Figure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(fig)
    return fig


def figure_to_rgb(fig) -> np.ndarray:
    """The figure as an (H, W, 3) uint8 array."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()
