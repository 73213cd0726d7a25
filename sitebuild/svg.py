"""The pieces of the site's inline SVG plots, in the animations' dark theme.

The chapter modules compute what to draw; this module owns how an element
is spelled, so every figure shares one frame, one font and one palette.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from animations.palette import THEMES

THEME = THEMES["dark"]


def document(width: int, height: int, label: str, body: Iterable[str], *,
             font_size: int = 12, background: bool = True) -> str:
    """A responsive ``<svg>`` with an accessible ``label``, on the theme's background."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}" style="max-width:100%;height:auto;font-family:sans-serif;'
        f'font-size:{font_size}px">',
    ]
    if background:
        parts.append(f'<rect width="{width}" height="{height}" fill="{THEME.background}"/>')
    return "\n".join([*parts, *body, "</svg>"])


def points(coordinates: Iterable[tuple[float, float]]) -> str:
    """SVG's ``points`` attribute, to 0.1 px."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)


def polyline(coordinates: Iterable[tuple[float, float]], colour: str, *, width: float = 2,
             dash: str | None = None) -> str:
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline fill="none" stroke="{colour}" stroke-width="{width:g}"{dashing} '
            f'points="{points(coordinates)}"/>')


def line(start: tuple[float, float], end: tuple[float, float], colour: str = THEME.grid, *,
         width: float = 1, dash: str | None = None) -> str:
    dashing = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" '
            f'stroke="{colour}" stroke-width="{width:g}"{dashing}/>')


def text(x: float, y: float, content: str, colour: str = THEME.muted, *,
         anchor: str = "start", size: int | None = None) -> str:
    sizing = f' font-size="{size}"' if size else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" fill="{colour}" text-anchor="{anchor}"{sizing}>'
            f"{content}</text>")


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
