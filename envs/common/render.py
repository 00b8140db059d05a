"""What every game's pictures share: the seat colours, the figure (drawn off-screen, whatever
matplotlib backend the user has: a :class:`matplotlib.figure.Figure` on its own Agg canvas, never
pyplot and never ``matplotlib.use``), the banner on top (the game's line, whose view this is, the
decision being taken, the last decision and what followed it), the key below, RGB arrays, SVG
text, and the animation writer (GIF, or MP4 with imageio-ffmpeg) behind
:func:`frontierzoo.agents.animate`.

matplotlib is imported only when a picture is asked for (inside the functions), imageio only when
an animation is written. The pictures draw in :class:`Area` s (a rectangle of the figure with its
own coordinates), not matplotlib Axes, which cost most of a frame's time; what stays the same for
many frames (a board's terrain) goes in a :meth:`Area.layer`, whose SVG is kept.

A game's ``render.py`` provides ``render_text(s, seat=None)`` and ``render_figure(s, seat=None,
last=())`` (a matplotlib Figure from :func:`new_figure`): ``seat`` None is the full view (every hand shown, and the picture says so),
a seat number that seat's view (its own hidden cards, nobody else's); ``last`` holds the lines
:func:`last_words` makes.
"""
from __future__ import annotations

import copy
import functools
import os
import textwrap
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.figure import Figure

    from .game import Game

# One colour per seat, used by every game's pictures (colour-blind safe: Okabe–Ito).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442")
FULL_VIEW_COLOUR = "#b00000"
FULL_VIEW = "full view: every hand shown"
BANNER_H = 1.45                 # inches: the banner's height (title, view, decision, last decision)
CHARS_PER_INCH = 12             # the banner's words wrap at this many characters an inch (9-11 pt)


def view_title(seat: int | None = None) -> str:
    """Whose view a drawing is: the full view (every hand shown) or one seat's."""
    if seat is None:
        return FULL_VIEW
    return f"player_{seat}'s view: player_{seat}'s own hidden cards shown, nobody else's"


def last_words(game: Game, before: np.void, action: int, after: np.void, viewer: int | None = None) -> list[str]:
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


def wrap(text: str, chars: float, lines: int | None = None) -> str:
    """``text`` wrapped at ``chars`` characters, cut to ``lines`` lines (the last ending '...')."""
    out = textwrap.wrap(text, max(int(chars), 10)) or [""]
    if lines is not None and len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:max(int(chars) - 3, 1)] + "..."
    return "\n".join(out)


def new_figure(width: float, height: float, dpi: float = 100, facecolor: str = "white") -> Figure:
    """A figure drawn off-screen on its own Agg canvas, whatever backend the user has."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=dpi, facecolor=facecolor)
    FigureCanvasAgg(fig)
    return fig


def figure_to_rgb(fig: Figure) -> np.ndarray:
    """The figure as an (H, W, 3) uint8 array."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()


# The SVG is written straight from the figure's artists (patches, lines, markers and texts: all the
# games' pictures use), not through matplotlib's SVG backend: that one lays out every text and
# draws each glyph as a path, which took 110-450 ms a frame; here a text is a <text> element that
# the browser lays out, and a frame takes a few milliseconds more than building its figure. The
# text metrics below (DejaVu Sans, matplotlib's font, as fractions of the font size, read off
# matplotlib's own layout) place multi-line texts as matplotlib does, within a pixel or two.
SVG_FONTS = {"sans-serif": "DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif",
             "monospace": "DejaVu Sans Mono, Menlo, Consolas, monospace"}
TEXT_ASCENT, TEXT_DESCENT = 0.79, 0.24      # a line of text above and below its baseline
FONT_HEIGHT, NORMAL_LINE = 1.164, 1.332     # the font's height; a line's step at linespacing 'normal'
MULTI_LINE_ASCENT = 0.345                   # a multi-line text's first ascent: half a step and this
SVG_CAPS = {"butt": "butt", "projecting": "square", "round": "round"}
SVG_JOINS = {"miter": "miter", "round": "round", "bevel": "bevel"}
DASHES = {"--": "lines.dashed_pattern", ":": "lines.dotted_pattern", "-.": "lines.dashdot_pattern"}


def figure_to_svg(fig: Figure) -> str:
    """The figure as SVG text (vector: sharp at any size), written directly from its artists; every
    axes must have its axis off (the pictures' axes are drawing areas, not plots)."""
    return _SvgWriter(fig).write()


SVG_COMMANDS = {1: "M", 2: "L", 3: "Q", 4: "C"}    # matplotlib's path codes: MOVETO, LINETO, CURVE3, CURVE4
CLOSEPOLY, STOP = 79, 0


@functools.lru_cache(maxsize=256)
def path_format(codes: bytes) -> tuple[str, np.ndarray]:
    """The SVG path data of a path with these codes (uint8 bytes) as a %-format string over its
    used vertices' (x, y), and which vertices it uses (a close and a stop use none): every circle,
    or every rectangle, is written with one format call."""
    parts, used, left = [], [], 0          # left: the points still to come of the segment begun
    for code in codes:
        if code in (CLOSEPOLY, STOP):
            parts.append("Z" if code == CLOSEPOLY else "")
            used.append(False)
            continue
        if left:                            # a curve's control points and end point share its code
            parts.append(" %.1f,%.1f")
            left -= 1
        else:
            parts.append(SVG_COMMANDS[code] + "%.1f,%.1f")
            left = {3: 1, 4: 2}.get(code, 0)
        used.append(True)
    return "".join(parts), np.array(used, bool)


@functools.lru_cache(maxsize=1024)
def paint_words(rgba: tuple[float, float, float, float], what: str) -> str:
    """A fill or stroke attribute for a colour (kept: a picture has few colours, and many shapes)."""
    from matplotlib.colors import to_hex

    if rgba[3] == 0:
        return f' {what}="none"'
    alpha = f' {what}-opacity="{rgba[3]:.3g}"' if rgba[3] < 1 else ""
    return f' {what}="{to_hex(rgba)}"{alpha}'


class _SvgWriter:
    """One figure written as SVG in display units (pixels at the figure's dpi, y down), sized in
    points like matplotlib's own SVG."""

    def __init__(self, fig):
        self.fig = fig
        self.px = fig.dpi / 72                      # pixels a point
        self.width, self.height = fig.get_size_inches() * fig.dpi
        self.clips = {}                             # a clip box's bounds -> its id
        # An axes' artists share its clip box and its data transform: each is worked out once (a
        # data transform is a chain of several; composing it for every shape took half the time)
        self.clip_of = {}                           # id(clip box) -> its clip-path attribute
        self.fixed = {}                             # id(transform) -> (it, its frozen copy)
        self.out = []

    def write(self) -> str:
        from xml.sax.saxutils import quoteattr

        fig = self.fig
        self.patch(fig.patch)
        for artist in sorted((a for a in fig.get_children() if a is not fig.patch), key=lambda a: a.get_zorder()):
            self.artist(artist)
        clips = "".join(f'<clipPath id="c{i}"><rect x="{x:.2f}" y="{self.height - y - h:.2f}" width="{w:.2f}" '
                        f'height="{h:.2f}"/></clipPath>' for (x, y, w, h), i in self.clips.items())
        w, h = self.width / self.px, self.height / self.px
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.1f}pt" height="{h:.1f}pt" '
                f'viewBox="0 0 {self.width:.1f} {self.height:.1f}" font-family={quoteattr(SVG_FONTS["sans-serif"])}>'
                f"<defs>{clips}</defs>" + "".join(self.out) + "</svg>\n")

    def artist(self, a):
        from matplotlib.axes import Axes
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch
        from matplotlib.text import Text

        if not a.get_visible():
            return
        if isinstance(a, Axes):
            self.axes(a)
        elif isinstance(a, layer_class()):
            self.layer(a)
        elif isinstance(a, Patch):
            self.patch(a)
        elif isinstance(a, Line2D):
            self.line(a)
        elif isinstance(a, Text):
            self.text(a)
        else:
            raise TypeError(f"figure_to_svg cannot write a {type(a).__name__}: draw with patches, lines and texts")

    def axes(self, ax):
        if ax.axison:
            raise ValueError("figure_to_svg writes drawing areas, not plots: call ax.axis('off')")
        ax.apply_aspect()                           # an 'equal' aspect moves the axes, as drawing would
        spines = set(ax.spines.values())
        skip = spines | {ax.patch, ax.xaxis, ax.yaxis}
        for a in sorted((a for a in ax.get_children() if a not in skip), key=lambda a: a.get_zorder()):
            self.artist(a)

    def layer(self, a):
        """A layer's SVG: kept from the first writing of its key at this place and size (a layer
        is an Area's, and nothing an Area draws is clipped, so the text stands on its own)."""
        key = (a.key, self.frozen(a.area.transData).get_matrix().tobytes(), self.width, self.height)
        with _layer_lock:
            words = _layer_svg.get(key)
            if words is not None:
                _layer_svg.move_to_end(key)
        if words is None:
            start = len(self.out)
            for artist in a.artists():
                self.artist(artist)
            words = "".join(self.out[start:])
            del self.out[start:]
            with _layer_lock:
                _layer_svg[key] = words
                while len(_layer_svg) > LAYERS_KEPT:
                    _layer_svg.popitem(last=False)
        self.out.append(words)

    # ------------------------------------------------------------------ pieces
    def y(self, y):
        return self.height - y

    def clip(self, a) -> str:
        box = a.get_clip_box() if a.get_clip_on() else None
        if box is None:
            return ""
        if id(box) not in self.clip_of:
            key = tuple(round(v, 2) for v in box.bounds)
            self.clip_of[id(box)] = f' clip-path="url(#c{self.clips.setdefault(key, len(self.clips))})"'
        return self.clip_of[id(box)]

    def frozen(self, transform):
        """``transform`` fixed as it is now, worked out once a writing (the artist keeps it alive)."""
        kept = self.fixed.get(id(transform))
        if kept is None or kept[0] is not transform:
            kept = self.fixed[id(transform)] = (transform, transform.frozen())
        return kept[1]

    @staticmethod
    def paint(rgba, what) -> str:
        return f' {what}="none"' if rgba is None else paint_words(tuple(rgba), what)

    def stroke(self, rgba, lw, style="-", cap="butt", join="miter") -> str:
        import matplotlib

        if lw <= 0:
            return ' stroke="none"'
        if rgba is None or rgba[3] == 0:        # unseen, but its width is where a click finds it
            return f' stroke="none" stroke-width="{lw * self.px:.2f}"'
        out = self.paint(rgba, "stroke") + f' stroke-width="{lw * self.px:.2f}"'
        if style in DASHES:                        # matplotlib scales its dash patterns by the line width
            dashes = matplotlib.rcParams[DASHES[style]]
            out += ' stroke-dasharray="' + ",".join(f"{d * lw * self.px:.2f}" for d in dashes) + '"'
        return out + f' stroke-linecap="{SVG_CAPS.get(str(cap), "butt")}" stroke-linejoin="{SVG_JOINS.get(str(join), "miter")}"'

    def d(self, path, transform) -> str:
        """A path's SVG data in display units (one format string a kind of path: see path_format)."""
        path = transform.transform_path(path)
        xy = path.vertices.copy()
        xy[:, 1] = self.height - xy[:, 1]
        if path.codes is None:
            return "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in xy.tolist())
        fmt, used = path_format(path.codes.tobytes())
        return fmt % tuple(xy[used].ravel().tolist())

    @staticmethod
    def place(a) -> str:
        """A named artist (its gid: a place on the board a click picks a move by) says its name, and
        takes clicks where it is drawn even when it is not painted."""
        gid = a.get_gid()
        return f' data-place="{gid}" pointer-events="all"' if gid else ""

    def patch(self, p):
        fill = p.get_facecolor() if p.get_fill() else None
        where = p.get_patch_transform() + self.frozen(p.get_data_transform())
        self.out.append(f'<path d="{self.d(p.get_path(), where)}"{self.paint(fill, "fill")}'
                        f'{self.stroke(p.get_edgecolor(), p.get_linewidth(), p.get_linestyle(), p.get_capstyle(), p.get_joinstyle())}'
                        f'{self.clip(p)}{self.place(p)}/>')

    def line(self, line):
        from matplotlib.colors import to_rgba
        from matplotlib.markers import MarkerStyle
        from matplotlib.transforms import Affine2D

        xy = self.frozen(line.get_transform()).transform(line.get_xydata())
        clip = self.clip(line)
        style = line.get_linestyle()
        if style not in ("None", " ", "") and len(xy) > 1:
            points = "".join(("M" if i == 0 else "L") + f"{x:.2f},{self.y(y):.2f}" for i, (x, y) in enumerate(xy))
            self.out.append(f'<path d="{points}" fill="none"'
                            f'{self.stroke(to_rgba(line.get_color(), line.get_alpha()), line.get_linewidth(), style, line.get_solid_capstyle(), line.get_solid_joinstyle())}{clip}{self.place(line)}/>')
        marker = MarkerStyle(line.get_marker(), line.get_fillstyle())
        if marker.get_marker() in ("None", " ", "", None):
            return
        face, edge = to_rgba(line.get_markerfacecolor()), to_rgba(line.get_markeredgecolor())
        for x, y in xy:
            where = marker.get_transform() + Affine2D().scale(line.get_markersize() * self.px).translate(x, y)
            self.out.append(f'<path d="{self.d(marker.get_path(), where)}"{self.paint(face, "fill")}'
                            f'{self.stroke(edge, line.get_markeredgewidth(), "-", "butt", marker.get_joinstyle())}{clip}/>')

    def text(self, t):
        from xml.sax.saxutils import escape

        from matplotlib.colors import to_rgba

        words = t.get_text()
        if not words:
            return
        if t.get_bbox_patch() is not None:          # its box fits the text: matplotlib measures it
            t.update_bbox_position_size(self.fig.canvas.get_renderer())
            self.patch(t.get_bbox_patch())
        x, y = self.frozen(t.get_transform()).transform(t.get_unitless_position())
        y = self.y(y)
        size = t.get_fontsize() * self.px
        lines = words.split("\n")
        spacing = t.get_linespacing()
        step = size * (NORMAL_LINE if spacing == "normal" else FONT_HEIGHT * spacing)
        ascent, descent = size * TEXT_ASCENT, size * TEXT_DESCENT
        if len(lines) > 1:              # matplotlib spreads the step's leading above and below each line
            ascent = step / 2 + size * MULTI_LINE_ASCENT
            descent = step - ascent
        block = ascent + step * (len(lines) - 1) + descent
        top = {"top": y, "bottom": y - block, "center": y - block / 2, "baseline": y - block + descent,
               "center_baseline": y - block / 2}[t.get_verticalalignment()]
        first = top + ascent
        anchor = {"left": "start", "center": "middle", "right": "end"}[t.get_horizontalalignment()]
        family = t.get_fontfamily()[0]
        font = f' font-family="{SVG_FONTS["monospace"]}"' if family == "monospace" else ""
        weight = t.get_fontweight()
        if weight not in ("normal", 400, "regular"):
            font += f' font-weight="{"bold" if weight in ("bold", "heavy", "black", "semibold", "demibold") or (isinstance(weight, int) and weight >= 600) else weight}"'
        if t.get_fontstyle() != "normal":
            font += f' font-style="{t.get_fontstyle()}"'
        turn = f' transform="rotate({-t.get_rotation():.1f},{x:.2f},{y:.2f})"' if t.get_rotation() else ""
        spans = "".join(f'<tspan x="{x:.2f}" y="{first + i * step:.2f}">{escape(line)}</tspan>'
                        for i, line in enumerate(lines))
        self.out.append(f'<text font-size="{size:.2f}" text-anchor="{anchor}" xml:space="preserve"{font}'
                        f'{self.paint(to_rgba(t.get_color(), t.get_alpha()), "fill")}{turn}{self.clip(t)}>{spans}</text>')


def draw_banner(fig: Figure, title: str, decision: str, colour: str, seat: int | None = None,
                last: Sequence[str] = (), height: float = BANNER_H, colours: Sequence[str] = SEAT_COLOURS) -> None:
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


class Area:
    """A drawing area: the rectangle ``rect`` of a figure (left, bottom, width, height as figure
    fractions) with its own data coordinates, ``xlim`` by ``ylim``; ``equal``: a data unit as long
    across as up, the drawing centred in the rectangle (as an Axes with an 'equal' aspect).

    What is drawn here goes straight onto the figure, through one transform. The pictures used a
    matplotlib Axes for each area: making one costs ~5 ms, and an Axes clips every artist added to
    it (a shape ~0.25 ms, a text ~0.12 ms, against ~0.03 ms here), most of a frame's time. Nothing
    here is clipped: the pictures keep their drawing inside their areas."""

    def __init__(self, fig: Figure, rect: Sequence[float], xlim: tuple[float, float] = (0, 1),
                 ylim: tuple[float, float] = (0, 1), equal: bool = False) -> None:
        from matplotlib.transforms import Affine2D

        self.fig, self.rect, self.equal = fig, tuple(rect), equal
        self.to_figure = Affine2D()                 # data -> figure fractions, set by set_limits
        self.transData = self.to_figure + fig.transFigure
        self.made = None                            # where a Layer's drawing collects its artists
        self.set_limits(xlim, ylim)

    def set_limits(self, xlim: tuple[float, float], ylim: tuple[float, float]) -> None:
        """The data coordinates at the area's edges (what is drawn already follows them)."""
        (x0, x1), (y0, y1) = xlim, ylim
        left, bottom, w, h = self.rect
        sx, sy = w / (x1 - x0), h / (y1 - y0)       # figure fractions a data unit
        if self.equal:
            fig_w, fig_h = self.fig.get_size_inches()
            inches = min(sx * fig_w, sy * fig_h)    # a data unit's length, either way
            sx, sy = inches / fig_w, inches / fig_h
            left += (w - sx * (x1 - x0)) / 2
            bottom += (h - sy * (y1 - y0)) / 2
        self.to_figure.clear().translate(-x0, -y0).scale(sx, sy).translate(left, bottom)

    def add_artist(self, artist: Artist) -> Artist:
        """A shape, a line or a text, in the area's data coordinates unless it has a transform of
        its own."""
        if not artist.is_transform_set():
            artist.set_transform(self.transData)
        if self.made is None:
            return self.fig.add_artist(artist)
        artist.set_figure(self.fig)
        self.made.append(artist)
        return artist

    def text(self, x: float, y: float, words: str, **kwargs: Any) -> Artist:
        """Words at (x, y) in the area's data coordinates (``matplotlib.text.Text``'s keywords)."""
        from matplotlib.text import Text

        return self.add_artist(Text(x, y, words, transform=self.transData, **kwargs))

    def layer(self, key: Hashable, draw: Callable[[Area], object], zorder: float = 0.5) -> Artist:
        """A :class:`Layer` of this area: what ``draw(area)`` draws, below the area's other
        drawing (``zorder``: shapes are 1 and up), its SVG kept for ``key``."""
        return self.fig.add_artist(layer_class()(self, key, draw, zorder))


LAYERS_KEPT = 64                # layers' SVG kept: one a game being served, and some to spare
_layer_svg = OrderedDict()      # (key, where the layer lands) -> its SVG
_layer_lock = threading.Lock()


@functools.lru_cache(maxsize=None)
def layer_class() -> type[Artist]:
    """The Layer artist (a class made when first asked for: matplotlib is imported only then)."""
    from matplotlib.artist import Artist

    class Layer(Artist):
        """A part of a picture that stays the same frame after frame (a board's terrain), drawn
        into its area by ``draw(area)`` only when needed: each time the picture is rasterised, but
        as SVG once a ``key`` (which must name everything the drawing depends on), its SVG text
        kept for the frames after (the terrain of Frontier's island was a third of a frame)."""

        def __init__(self, area, key, draw, zorder):
            super().__init__()
            self.area, self.key, self.draw_into = area, key, draw
            self.set_zorder(zorder)

        def artists(self) -> list:
            """The layer's artists, drawn now, in the order they are painted."""
            area = copy.copy(self.area)
            area.made = []
            self.draw_into(area)
            return sorted(area.made, key=lambda a: a.get_zorder())

        def draw(self, renderer):
            for artist in self.artists():
                artist.draw(renderer)

    return Layer


def key_area(fig: Figure, height: float) -> Area:
    """The bottom ``height`` inches of ``fig`` as an area laid out in inches (x from the left, y up)."""
    width, fig_h = fig.get_size_inches()
    return Area(fig, (0, 0, 1, height / fig_h), (0, width), (0, height))


def text_inches(words: str, fontsize: float, bold: bool = False) -> float:
    """About how wide ``words`` are at ``fontsize`` points, in inches (DejaVu Sans' mean letter,
    0.56 of the size, 0.62 bold): to lay out a row of words and boxes before anything is drawn
    (matplotlib's own measure takes milliseconds a text)."""
    return len(words) * fontsize * (0.0086 if bold else 0.0078)


def draw_chips(ax: Area, x: float, y: float, entries: Iterable[tuple[str, str, str, str]], fontsize: float = 7,
               height: float = 0.21, gap: float = 0.06) -> float:
    """A row of labelled boxes from (x, y) in inches (y the row's middle): a seat's cards or the
    pieces on offer, each a place a click finds; ``entries`` are ``(label, gid, face colour, ink)``;
    returns the x where the row ended."""
    from matplotlib.patches import Rectangle

    for label, gid, face, ink in entries:
        width = text_inches(label, fontsize) + 0.14
        ax.add_artist(Rectangle((x, y - height / 2), width, height, facecolor=face, edgecolor="#555555", lw=0.6,
                                gid=gid))
        ax.text(x + width / 2, y, label, ha="center", va="center", fontsize=fontsize, color=ink)
        x += width + gap
    return x


def draw_swatches(ax: Area, x: float, y: float, entries: Iterable[tuple[str | None, str]], fontsize: float = 7,
                  size: float = 0.22, gap: float = 0.25) -> float:
    """A row of coloured squares with their labels from (x, y) in inches: ``entries`` is
    ``(colour, label)`` pairs (a colour None: the label alone); returns the x where it ended."""
    from matplotlib.patches import Rectangle

    for colour, label in entries:
        if colour is not None:
            ax.add_artist(Rectangle((x, y - size / 2), size, size, facecolor=colour, edgecolor="black", lw=0.6))
            x += size + 0.06
        ax.text(x, y, label, va="center", fontsize=fontsize)
        x += text_inches(label, fontsize) + gap
    return x


def seat_swatches(n: int, names: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The key's entries for the seats' colours."""
    return [(SEAT_COLOURS[j], f"player_{j}" + (f" {names[j]}" if names else "")) for j in range(n)]


ANIMATION_EXTENSIONS = (".gif", ".mp4")


def check_animation_path(path: str | os.PathLike) -> str:
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


def write_animation(frames: Sequence[np.ndarray], path: str | os.PathLike, fps: float = 2) -> int:
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
        iio.imwrite(path, stack, extension=".gif", duration=int(1000 / fps), loop=0)  # type: ignore[arg-type]
    else:
        iio.imwrite(path, stack, extension=".mp4", fps=fps)  # type: ignore[arg-type]
    return len(frames)
