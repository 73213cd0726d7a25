"""The pieces of the site's inline SVG plots, in the page's colour scheme, light or dark.

The chapter modules compute what to draw; this module owns how an element
is spelled, so every figure shares one frame, one font and one palette. An element is
:class:`sitebuild.figure.Markup` and a plot a :class:`sitebuild.figure.Figure`: its colours
and formulas stay data, so a lecture kit draws the same figure in print colours
(:mod:`lectures.figures`) without reading the site's SVG back.

Colours follow the reader's scheme. The neutral colours of :data:`THEME` are
CSS variables (``var(--plot-muted)``, set per scheme in ``companion.css``). A
colour is a hue of the project's palette (:class:`foundation.palette.Hue`; the
notation's colours are such hues), drawn in its
light shade on the light page, its dark shade on the dark one, each made darker
(lighter) here where text needs 4.5:1 against the plot's background (lines have
their 3:1 already). Any other hex colour is drawn as itself where it is
legible, else as the nearest darker or lighter shade that is.

A plot marks what it draws, so tests can read it: a curve is a *series*
(``series="name"`` on :func:`polyline` and :func:`dot`), its words a *label*
(``label_for="name"`` on :func:`text` and :func:`math`) at the curve's end, or
joined to that end by a leader line (:func:`end_labels` places them). Every
painted element names its palette hue (``data-hue``).

Labels stay legible: every text is at least :data:`MIN_FONT` px in the figure's
own units, and the figure is never drawn narrower than its own width times
``MIN_FONT`` over its smallest font, so no label renders below that size; on a
narrower screen the figure scrolls sideways inside its box. Formulas in a
figure are typeset by KaTeX like the page's (:func:`math`), never spelt in
Unicode.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from foundation import palette
from foundation.palette import Hue, Theme
from sitebuild.figure import MIN_FONT, Figure, Formula, Markup, Paint, markup

THEME = Theme(
    background="var(--plot-background)",
    foreground="var(--plot-foreground)",
    muted="var(--plot-muted)",
    grid="var(--plot-grid)",
    zero="var(--plot-grid)",
)
# The backgrounds a plot is drawn on: Material's code background (light) and slate's (dark).
BACKGROUNDS = palette.SITE_BACKGROUNDS
TEXT_CONTRAST = 4.5
LINE_CONTRAST = 3.0
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two hex colours."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _mix(colour: str, toward: str, share: float) -> str:
    mixed = [round(int(colour[i:i + 2], 16) * (1 - share) + int(toward[i:i + 2], 16) * share)
             for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def legible(colour: str, scheme: str, ratio: float) -> str:
    """``colour``, or the least darkened (light scheme) or lightened (dark scheme) shade of it
    that has ``ratio`` contrast against that scheme's plot background."""
    background = BACKGROUNDS[scheme]
    toward = "#000000" if scheme == "light" else "#ffffff"
    for step in range(21):  # 5 % more black (or white) each time; pure black/white always passes
        shade = _mix(colour, toward, step / 20)
        if contrast(shade, background) >= ratio:
            return shade
    return toward


Colour = str | Hue


def hue_of(colour: Colour) -> Hue | None:
    """The palette hue ``colour`` is drawn in, or None for a plain colour."""
    return colour if isinstance(colour, Hue) else None


def _paint(colour: Colour, prop: str, ratio: float) -> Paint:
    """How ``prop`` (fill, stroke or color) is painted in ``colour``: each scheme's shade with
    ``ratio`` contrast, or a CSS colour (a neutral of :data:`THEME`) as it is."""
    hue = hue_of(colour)
    if hue is None and not _HEX.match(colour):
        return Paint(prop, colour)
    light, dark = (hue.light, hue.dark) if hue is not None else (colour, colour)
    return Paint(prop, legible(light, "light", ratio), legible(dark, "dark", ratio),
                 hue.name if hue is not None else None)


def _marks(series: str | None = None, label_for: str | None = None,
           anchor: tuple[float, float] | None = None) -> str:
    """The attributes that say what an element is: a series, or the label of one."""
    marks = ""
    if series is not None:
        marks += f' data-series="{series}"'
    if label_for is not None:
        marks += f' data-label-for="{label_for}"'
    if anchor is not None:
        marks += f' data-anchor="{anchor[0]:.1f},{anchor[1]:.1f}"'
    return marks


def document(width: int, height: int, label: str, body: Iterable[Markup | str], *,
             font_size: int = 12, background: bool = True, caption: str = "") -> Figure:
    """A responsive plot with an accessible ``label``, on the scheme's plot background, and
    ``caption`` (Markdown) under it on the page; a literal string in ``body`` is SVG text
    (a group's tag).

    It fills the column, but never renders narrower than the width at which its
    smallest text is :data:`MIN_FONT` px; below that its box scrolls sideways.
    """
    if font_size < MIN_FONT:
        raise ValueError(f"font_size: expected at least {MIN_FONT} px for legible labels, "
                         f"got {font_size}")
    parts = tuple(part if isinstance(part, Markup) else markup(part) for part in body)
    return Figure(width, height, label, parts, font_size,
                  Paint("fill", THEME.background) if background else None, caption)


def points(coordinates: Iterable[tuple[float, float]]) -> str:
    """SVG's ``points`` attribute, to 0.1 px."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)


def polyline(coordinates: Iterable[tuple[float, float]], colour: Colour, *, width: float = 2,
             dash: str | None = None, series: str | None = None, offset: float = 0) -> Markup:
    """A line through ``coordinates``; ``series`` names the curve it draws (its label's
    ``label_for``). ``offset`` shifts the dashes along the line: two dashed curves that lie on
    each other then show both colours in turn."""
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    if dash and offset:
        dashing += f' stroke-dashoffset="{offset:g}"'
    return markup('<polyline fill="none" ', _paint(colour, "stroke", LINE_CONTRAST),
                  f' stroke-width="{width:g}"{dashing}{_marks(series)} '
                  f'points="{points(coordinates)}"/>')


def dot(x: float, y: float, colour: Colour, *, marker: str = "circle", size: float = 5,
        series: str | None = None) -> Markup:
    """A marker centred at (``x``, ``y``), ``size`` its half-width: one of
    :data:`foundation.palette.MARKERS`."""
    paint = _paint(colour, "fill", LINE_CONTRAST)
    if marker == "circle":
        return markup(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size:g}" ', paint,
                      f"{_marks(series)}/>")
    shapes = {
        "square": [(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)],
        "diamond": [(0, -1.25), (1.25, 0), (0, 1.25), (-1.25, 0)],
        "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
    }
    if marker not in shapes:
        raise ValueError(f"marker: expected one of {', '.join(palette.MARKERS)}, got {marker!r}")
    corners = [(x + size * dx, y + size * dy) for dx, dy in shapes[marker]]
    return markup("<polygon ", paint, f' data-marker="{marker}"{_marks(series)} '
                                      f'points="{points(corners)}"/>')


def line(start: tuple[float, float], end: tuple[float, float], colour: Colour = THEME.grid, *,
         width: float = 1, dash: str | None = None, leader_for: str | None = None) -> Markup:
    """A straight line; ``leader_for`` marks it as the leader from a series' end to its label."""
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    leading = f' data-leader-for="{leader_for}"' if leader_for is not None else ""
    return markup(f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" '
                  f'y2="{end[1]:.1f}" ', _paint(colour, "stroke", LINE_CONTRAST),
                  f' stroke-width="{width:g}"{dashing}{leading}/>')


def _check_size(size: int | None) -> None:
    if size is not None and size < MIN_FONT:
        raise ValueError(f"size: expected at least {MIN_FONT} px for a legible label, got {size}")


def text(x: float, y: float, content: str, colour: Colour = THEME.muted, *,
         anchor: str = "start", size: int | None = None, label_for: str | None = None
         ) -> Markup:
    """A label in words (escape ``<`` and ``&`` yourself); a formula belongs in :func:`math`.
    ``label_for`` names the series it labels."""
    _check_size(size)
    sizing = f' font-size="{size}"' if size else ""
    marks = _marks(label_for=label_for, anchor=(x, y)) if label_for is not None else ""
    return markup(f'<text x="{x:.1f}" y="{y:.1f}" ', _paint(colour, "fill", TEXT_CONTRAST),
                  f' text-anchor="{anchor}"{sizing}{marks}>{content}</text>')


def math(x: float, y: float, latex: str, colour: Colour = THEME.muted, *,
         anchor: str = "start", size: int = MIN_FONT, box: float = 240,
         label_for: str | None = None) -> Markup:
    """A formula at (``x``, ``y``), ``y`` being its baseline as for :func:`text`: typeset by
    KaTeX on the page (:meth:`sitebuild.figure.Formula.site`), by LaTeX in print.

    ``box`` is the width (in the figure's units) the formula may take; ``anchor``
    aligns it as ``text-anchor`` aligns a text.
    """
    _check_size(size)
    if anchor not in ("start", "middle", "end"):
        raise ValueError(f"anchor: expected start, middle or end, got {anchor!r}")
    marks = _marks(label_for=label_for, anchor=(x, y)) if label_for is not None else ""
    return markup(Formula(x, y, latex, _paint(colour, "color", TEXT_CONTRAST), anchor, size,
                          box, marks))


class EndLabel(NamedTuple):
    """The label of one series: its words (``$…$``-free text, or LaTeX if ``formula``), drawn
    in its colour beside the point ``end`` where its curve ends."""

    series: str
    end: tuple[float, float]
    words: str
    colour: Colour
    formula: bool = False


LEADER_SLACK = 3.0  # a label moved further than this from its curve's end gets a leader line


def end_labels(labels: Sequence[EndLabel], x: float, *, top: float, bottom: float,
               spacing: float = 16, size: int | None = None, box: float = 200) -> list[Markup]:
    """Direct labels in a column starting at ``x``, each at the height of its curve's end where
    it can be, else moved apart (``spacing`` between baselines, all between ``top`` and
    ``bottom``) and joined to its curve's end by a thin leader line.

    Curves that end close together get labels in their order from top to bottom, so a reader
    follows the leaders without crossing them. ValueError if they cannot fit.
    """
    if not labels:
        return []
    order = sorted(labels, key=lambda label: label.end[1])
    wanted = [label.end[1] + 4 for label in order]  # a baseline 4 px under the end centres it
    if (len(order) - 1) * spacing > bottom - top:
        raise ValueError(f"labels: {len(order)} labels {spacing:g} px apart do not fit between "
                         f"{top:g} and {bottom:g}")
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, top, placed[-1] + spacing if placed else top))
    for index in range(len(placed) - 1, -1, -1):
        limit = bottom if index == len(placed) - 1 else placed[index + 1] - spacing
        placed[index] = min(placed[index], limit)
    parts: list[Markup] = []
    for label, y in zip(order, placed, strict=True):
        (end_x, end_y), gap = label.end, 6
        if abs(y - 4 - end_y) > LEADER_SLACK or x - end_x > 14:
            parts.append(line((end_x + 2, end_y), (x - 3, y - 4), label.colour, width=1,
                              leader_for=label.series))
        else:
            gap = 0
        if label.formula:
            parts.append(math(x + gap, y + 1, label.words, label.colour, size=size or MIN_FONT,
                              box=box, label_for=label.series))
        else:
            parts.append(text(x + gap, y, label.words, label.colour, size=size,
                              label_for=label.series))
    return parts


def log_axes(left: float, right: float, bottom: float, *,
             rows: Sequence[tuple[float, str]], columns: Sequence[tuple[float, str]],
             title: tuple[float, float, str]) -> list[Markup]:
    """Horizontal grid lines with labels at the left, tick labels under the plot, an axis title.

    ``rows`` are (y, label) pairs, ``columns`` (x, label) pairs and ``title``
    (x, y, text), all in SVG coordinates: the caller owns the scales.
    """
    parts: list[Markup] = []
    for y, label in rows:
        parts += [line((left, y), (right, y)), text(left - 6, y + 4, label, anchor="end")]
    parts += [text(x, bottom + 16, label, anchor="middle") for x, label in columns]
    parts.append(text(title[0], title[1], title[2], THEME.foreground, anchor="middle"))
    return parts


def arrow(start: tuple[float, float], end: tuple[float, float], colour: Colour = THEME.muted, *,
          width: float = 2, dash: str | None = None, head: float = 9) -> Markup:
    """A straight arrow from ``start`` to ``end``, its filled head at ``end``."""
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    if length <= head:
        raise ValueError(f"arrow: expected a length above its head ({head:g}), got {length:.1f}")
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    base = (x1 - head * ux, y1 - head * uy)
    corners = [(x1, y1), (base[0] - 0.45 * head * uy, base[1] + 0.45 * head * ux),
               (base[0] + 0.45 * head * uy, base[1] - 0.45 * head * ux)]
    return (line(start, base, colour, width=width, dash=dash)
            + markup("<polygon ", _paint(colour, "fill", LINE_CONTRAST),
                     f' points="{points(corners)}"/>'))


def box(x: float, y: float, width: float, height: float, colour: Colour = THEME.foreground, *,
        radius: float = 8, stroke: float = 1.5) -> Markup:
    """An unfilled rounded rectangle with its top left corner at (``x``, ``y``)."""
    return markup(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:g}" height="{height:g}" '
                  f'rx="{radius:g}" fill="none" ', _paint(colour, "stroke", LINE_CONTRAST),
                  f' stroke-width="{stroke:g}"/>')


def area(coordinates: Iterable[tuple[float, float]], colour: Colour, opacity: float) -> Markup:
    """A filled polygon through ``coordinates``, ``opacity`` opaque, without an outline."""
    return markup(f'<polygon points="{points(coordinates)}" ',
                  _paint(colour, "fill", LINE_CONTRAST),
                  f' fill-opacity="{opacity:g}" stroke="none"/>')
