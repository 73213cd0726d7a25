"""The pieces of the site's inline SVG plots, in the page's colour scheme, light or dark.

The chapter modules compute what to draw; this module owns how an element
is spelled, so every figure shares one frame, one font and one palette.

Colours follow the reader's scheme. The neutral colours of :data:`THEME` are
CSS variables (``var(--plot-muted)``, set per scheme in ``companion.css``). A
colour given as hex (the notation's warm, cool and green) is drawn as itself
where it is legible, and otherwise as the nearest darker shade on the light
page or lighter shade on the dark one, chosen here so that text has a contrast
of at least 4.5:1 and lines 3:1 against the plot's background in each scheme.

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

from animations.palette import Theme

THEME = Theme(
    background="var(--plot-background)",
    foreground="var(--plot-foreground)",
    muted="var(--plot-muted)",
    grid="var(--plot-grid)",
    zero="var(--plot-grid)",
)
MIN_FONT = 12
# The backgrounds a plot is drawn on: Material's code background (light) and slate's (dark).
BACKGROUNDS = {"light": "#f5f5f5", "dark": "#272935"}
TEXT_CONTRAST = 4.5
LINE_CONTRAST = 3.0
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_FONT_SIZES = re.compile(r'font-size="(\d+(?:\.\d+)?)"')


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


def _paint(colour: str, prop: str, ratio: float) -> str:
    """``class`` and ``style`` attributes that paint ``prop`` (fill, stroke or color)."""
    if not _HEX.match(colour):
        return f'style="{prop}:{colour}"'
    return (f'class="ink-{prop}" style="--ink-light:{legible(colour, "light", ratio)};'
            f'--ink-dark:{legible(colour, "dark", ratio)}"')


def document(width: int, height: int, label: str, body: Iterable[str], *,
             font_size: int = 12, background: bool = True) -> str:
    """A responsive ``<svg>`` with an accessible ``label``, on the scheme's plot background.

    It fills the column, but never renders narrower than the width at which its
    smallest text is :data:`MIN_FONT` px; below that its box scrolls sideways.
    """
    if font_size < MIN_FONT:
        raise ValueError(f"font_size: expected at least {MIN_FONT} px for legible labels, "
                         f"got {font_size}")
    parts = list(body)
    sizes = [float(size) for part in parts for size in _FONT_SIZES.findall(part)]
    smallest = min([float(font_size), *sizes])
    narrowest = round(width * MIN_FONT / smallest)
    frame = ([f'<rect width="{width}" height="{height}" style="fill:{THEME.background}"/>']
             if background else [])
    return "\n".join([
        '<div class="figure-scroll">',
        f'<svg xmlns="http://www.w3.org/2000/svg" class="companion-plot" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        f'style="min-width:{narrowest}px;font-family:sans-serif;font-size:{font_size}px">',
        *frame, *parts, "</svg>", "</div>",
    ])


def points(coordinates: Iterable[tuple[float, float]]) -> str:
    """SVG's ``points`` attribute, to 0.1 px."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)


def polyline(coordinates: Iterable[tuple[float, float]], colour: str, *, width: float = 2,
             dash: str | None = None) -> str:
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline fill="none" {_paint(colour, "stroke", LINE_CONTRAST)} '
            f'stroke-width="{width:g}"{dashing} points="{points(coordinates)}"/>')


def line(start: tuple[float, float], end: tuple[float, float], colour: str = THEME.grid, *,
         width: float = 1, dash: str | None = None) -> str:
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" '
            f'{_paint(colour, "stroke", LINE_CONTRAST)} stroke-width="{width:g}"{dashing}/>')


def _check_size(size: int | None) -> None:
    if size is not None and size < MIN_FONT:
        raise ValueError(f"size: expected at least {MIN_FONT} px for a legible label, got {size}")


def text(x: float, y: float, content: str, colour: str = THEME.muted, *,
         anchor: str = "start", size: int | None = None) -> str:
    """A label in words (escape ``<`` and ``&`` yourself); a formula belongs in :func:`math`."""
    _check_size(size)
    sizing = f' font-size="{size}"' if size else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" {_paint(colour, "fill", TEXT_CONTRAST)} '
            f'text-anchor="{anchor}"{sizing}>{content}</text>')


def math(x: float, y: float, latex: str, colour: str = THEME.muted, *,
         anchor: str = "start", size: int = MIN_FONT, box: float = 240) -> str:
    """A formula typeset by KaTeX at (``x``, ``y``), ``y`` being its baseline as for :func:`text`.

    ``box`` is the width (in the figure's units) the formula may take; ``anchor``
    aligns it as ``text-anchor`` aligns a text.
    """
    _check_size(size)
    shift = {"start": 0.0, "middle": box / 2, "end": box}
    if anchor not in shift:
        raise ValueError(f"anchor: expected start, middle or end, got {anchor!r}")
    align = {"start": "left", "middle": "center", "end": "right"}[anchor]
    escaped = latex.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return (f'<foreignObject x="{x - shift[anchor]:.1f}" y="{y - 1.5 * size:.1f}" '
            f'width="{box:g}" height="{2.2 * size:g}" style="overflow:visible">'
            f'<div xmlns="http://www.w3.org/1999/xhtml" {_paint(colour, "color", TEXT_CONTRAST)}'
            f'><div class="plot-math" style="text-align:{align};font-size:{size}px">'
            f'<span class="arithmatex">\\({escaped}\\)</span></div></div></foreignObject>')


def log_axes(left: float, right: float, bottom: float, *,
             rows: Sequence[tuple[float, str]], columns: Sequence[tuple[float, str]],
             title: tuple[float, float, str]) -> list[str]:
    """Horizontal grid lines with labels at the left, tick labels under the plot, an axis title.

    ``rows`` are (y, label) pairs, ``columns`` (x, label) pairs and ``title``
    (x, y, text), all in SVG coordinates: the caller owns the scales.
    """
    parts: list[str] = []
    for y, label in rows:
        parts += [line((left, y), (right, y)), text(left - 6, y + 4, label, anchor="end")]
    parts += [text(x, bottom + 16, label, anchor="middle") for x, label in columns]
    parts.append(text(title[0], title[1], title[2], THEME.foreground, anchor="middle"))
    return parts
