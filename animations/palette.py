"""The companion's theme colours, importable without Manim: scenes and the site's plots share them.

:mod:`animations.style` picks one theme for the videos; the site's inline
plots (``sitebuild/tables``) draw on the dark one, so a figure on a page and
the video next to it use the same background, ink and grid.
"""

from __future__ import annotations

from typing import NamedTuple


class Theme(NamedTuple):
    """The neutral colours of one theme; the notation's colours are the same in every theme."""

    background: str
    foreground: str
    muted: str
    grid: str
    zero: str  # the centre of the diverging scale for matrix entries


THEMES: dict[str, Theme] = {
    "dark": Theme("#15171C", "#ECEFF4", "#7B8494", "#2E3440", "#2A2F3A"),
    "light": Theme("#FFFFFF", "#1B1E24", "#5C6370", "#D0D4DA", "#E6E8EC"),  # for projectors
}
