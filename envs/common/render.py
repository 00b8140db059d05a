"""What every game's pictures share: the seat colours, the figure (drawn off-screen, whatever
matplotlib backend the user has: a :class:`matplotlib.figure.Figure` on its own Agg canvas, never
pyplot and never ``matplotlib.use``), the banner on top (the game's line, whose view this is, the
decision being taken, the last decision and what followed it), the key below, RGB arrays, SVG
text, and the animation writer (GIF, or MP4 with imageio-ffmpeg) behind
:func:`frontierzoo.agents.animate`.

matplotlib is imported only when a picture is asked for (inside the functions), imageio only when
an animation is written.

A game's ``render.py`` provides ``render_text(s, seat=None)`` and ``render_figure(s, seat=None,
last=())`` (a matplotlib Figure from :func:`new_figure`): ``seat`` None is the full view (every hand shown, and the picture says so),
a seat number that seat's view (its own hidden cards, nobody else's); ``last`` holds the lines
:func:`last_words` makes.
"""
from __future__ import annotations

import textwrap

import numpy as np

# One colour per seat, used by every game's pictures (colour-blind safe: Okabe–Ito).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442")
FULL_VIEW_COLOUR = "#b00000"
FULL_VIEW = "full view: every hand shown"
BANNER_H = 1.45                 # inches: the banner's height (title, view, decision, last decision)
CHARS_PER_INCH = 12             # the banner's words wrap at this many characters an inch (9-11 pt)


def view_title(seat=None) -> str:
    """Whose view a drawing is: the full view (every hand shown) or one seat's."""
    if seat is None:
        return FULL_VIEW
    return f"player_{seat}'s view: player_{seat}'s own hidden cards shown, nobody else's"


def last_words(game, before, action, after, viewer=None) -> list:
    """The last decision (taken in the record ``before``) and what followed it up to ``after``, in
    words ``viewer`` may hear (None: the neutral narrator, the mover speaking of the move): the
    first line the decision, one line for each event after it."""
    mover = int(before["actor"])
    if viewer is None or viewer == mover:
        words = f"player_{mover}{' (you)' if viewer == mover else ''}: {game.describe_action(before, action)}"
    else:
        words = game.describe_action(before, action, viewer=viewer)
        if not words.lower().startswith(f"player_{mover}"):
            words = f"player_{mover}: {words}"
    return [words] + list(game.events(before, after, viewer=viewer))


def wrap(text, chars, lines=None) -> str:
    """``text`` wrapped at ``chars`` characters, cut to ``lines`` lines (the last ending '...')."""
    out = textwrap.wrap(text, max(int(chars), 10)) or [""]
    if lines is not None and len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:max(int(chars) - 3, 1)] + "..."
    return "\n".join(out)


def new_figure(width, height, dpi=100, facecolor="white"):
    """A figure drawn off-screen on its own Agg canvas, whatever backend the user has."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=dpi, facecolor=facecolor)
    FigureCanvasAgg(fig)
    return fig


def figure_to_rgb(fig) -> np.ndarray:
    """The figure as an (H, W, 3) uint8 array."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()


def figure_to_svg(fig) -> str:
    """The figure as SVG text (vector: sharp at any size)."""
    import io

    out = io.StringIO()
    fig.savefig(out, format="svg", facecolor=fig.get_facecolor())
    return out.getvalue()


def draw_banner(fig, title, decision, colour, seat=None, last=(), height=BANNER_H, colours=SEAT_COLOURS):
    """The top ``height`` inches of ``fig``: the game's line (grey), whose view this is (red for the
    full view, else the seat's colour), the decision being taken (bold, in ``colour``: the deciding
    seat's), and the last decision and what followed it (``last``: :func:`last_words`' lines);
    ``colours``: the seats' colours where the game has its own."""
    width, fig_h = fig.get_size_inches()
    chars = width * CHARS_PER_INCH

    def at(inches):                       # inches down from the top, as a figure fraction
        return 1 - inches / fig_h

    fig.text(0.5, at(0.16), wrap(title, chars, 1), ha="center", va="center", fontsize=9, color="#444444")
    fig.text(0.5, at(0.36), view_title(seat), ha="center", va="center", fontsize=8, style="italic",
             color=FULL_VIEW_COLOUR if seat is None else colours[seat], weight="bold")
    said = wrap(decision, chars * 0.9, 2)
    fig.text(0.5, at(0.48), said, ha="center", va="top", fontsize=11, weight="bold", color=colour)
    if last:
        then = "; ".join(last[1:])
        text = wrap("last: " + last[0], chars * 1.1, 1) + ("\n" + wrap("then: " + then, chars * 1.1, 2) if then else "")
        fig.text(0.5, at(0.56 + 0.2 * (said.count("\n") + 1)), text, ha="center", va="top", fontsize=8,
                 color="#333333", linespacing=1.3)


def key_axes(fig, height):
    """The bottom ``height`` inches of ``fig`` as an axes laid out in inches (x from the left, y up)."""
    width, fig_h = fig.get_size_inches()
    ax = fig.add_axes([0, 0, 1, height / fig_h])
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.axis("off")
    return ax


def draw_swatches(ax, x, y, entries, fontsize=7, size=0.22, gap=0.25):
    """A row of coloured squares with their labels from (x, y) in inches: ``entries`` is
    ``(colour, label)`` pairs (a colour None: the label alone); returns the x where it ended."""
    from matplotlib.patches import Rectangle

    for colour, label in entries:
        if colour is not None:
            ax.add_patch(Rectangle((x, y - size / 2), size, size, facecolor=colour, edgecolor="black", lw=0.6))
            x += size + 0.06
        ax.text(x, y, label, va="center", fontsize=fontsize)
        x += len(label) * fontsize * 0.0078 + gap
    return x


def seat_swatches(n, names=None):
    """The key's entries for the seats' colours."""
    return [(SEAT_COLOURS[j], f"player_{j}" + (f" {names[j]}" if names else "")) for j in range(n)]


ANIMATION_EXTENSIONS = (".gif", ".mp4")


def check_animation_path(path) -> str:
    """The animation's file type from ``path``'s ending: ".gif", or ".mp4" where the imageio-ffmpeg
    package is installed; anything else is refused before a game is played."""
    import os

    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in ANIMATION_EXTENSIONS:
        raise ValueError(f"an animation's path must end in .gif or .mp4, got {os.fspath(path)!r}")
    if ext == ".mp4":
        from importlib.util import find_spec

        if find_spec("imageio_ffmpeg") is None:
            raise ValueError("an MP4 needs the imageio-ffmpeg package (pip install imageio-ffmpeg); or write a .gif")
    return ext


def write_animation(frames, path, fps=2) -> int:
    """Write RGB frames (each (H, W, 3) uint8; smaller ones padded white to the largest) to ``path``:
    a looping GIF, or an MP4 (:func:`check_animation_path`); returns the number of frames."""
    import imageio.v3 as iio

    ext = check_animation_path(path)
    h = max(f.shape[0] for f in frames)
    w = max(f.shape[1] for f in frames)
    if ext == ".mp4":               # the codec wants sides in whole macro blocks of 16 pixels
        h, w = -(-h // 16) * 16, -(-w // 16) * 16
    stack = np.stack([np.pad(f, ((0, h - f.shape[0]), (0, w - f.shape[1]), (0, 0)), constant_values=255)
                      for f in frames])
    if ext == ".gif":
        iio.imwrite(path, stack, extension=".gif", duration=int(1000 / fps), loop=0)
    else:
        iio.imwrite(path, stack, extension=".mp4", fps=fps)
    return len(frames)
