"""The companion's theme colours and contrast arithmetic, importable without Manim.

:mod:`animations.style` picks one theme for the videos; the site's inline
plots (``sitebuild/tables``) draw on the same themes, so a figure on a page and
the video next to it use the same background, ink and grid.

The notation's colours (:mod:`derivations.notation`) are one hue per meaning in
every theme. On a given background a hue is drawn at a lightness that can be
read there: :func:`readable` darkens it on light backgrounds and lightens it on
dark ones until its WCAG contrast ratio reaches the minimum asked for.
"""

from __future__ import annotations

import colorsys
import os
from typing import NamedTuple

# WCAG 2.x minimum contrast ratios: body text, and graphics (curves, dots, arrows).
TEXT_CONTRAST = 4.5
GRAPHIC_CONTRAST = 3.0


class Theme(NamedTuple):
    """The neutral colours of one theme; the notation's hues are shared by every theme."""

    background: str
    foreground: str
    muted: str
    grid: str
    zero: str  # the centre of the diverging scale for matrix entries


# The diverging scale for matrix entries, shared by the videos and the site's figures: the sign
# of an entry is its hue, its magnitude the saturation (towards the theme's ``zero``).
DIVERGING_NEGATIVE = "#6C63FF"
DIVERGING_POSITIVE = "#F3A712"

THEMES: dict[str, Theme] = {
    "dark": Theme("#15171C", "#ECEFF4", "#7B8494", "#2E3440", "#2A2F3A"),
    "light": Theme("#FFFFFF", "#1B1E24", "#5C6370", "#D0D4DA", "#E6E8EC"),  # for projectors
}


def rgb(colour: str) -> tuple[float, float, float]:
    """``#RRGGBB`` as three channels in [0, 1]; anything else is refused."""
    digits = colour.removeprefix("#")
    if len(digits) != 6 or not colour.startswith("#"):
        raise ValueError(f"colour: expected '#RRGGBB', got {colour!r}")
    try:
        red, green, blue = (int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        raise ValueError(f"colour: expected '#RRGGBB', got {colour!r}") from None
    return red, green, blue


def hex_colour(channels: tuple[float, float, float]) -> str:
    """Three channels in [0, 1] as ``#RRGGBB``."""
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02X}" for c in channels)


def relative_luminance(channels: tuple[float, float, float]) -> float:
    """WCAG 2.x relative luminance of sRGB channels in [0, 1]."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in channels)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio of two ``#RRGGBB`` colours, from 1 (same) to 21."""
    light, dark = sorted((relative_luminance(rgb(first)), relative_luminance(rgb(second))),
                         reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(colour: str, background: str, minimum: float = TEXT_CONTRAST) -> str:
    """``colour``'s hue at the lightness nearest its own whose contrast on ``background`` is
    at least ``minimum`` (``colour`` itself if it already is).

    Lightness moves away from the background's (darker on light, lighter on dark);
    bisection on a monotone function, 40 halvings, so the loop is bounded.
    """
    if not 1.0 <= minimum <= 21.0:
        raise ValueError(f"minimum: expected a contrast ratio in [1, 21], got {minimum!r}")
    if contrast_ratio(colour, background) >= minimum:
        return colour
    hue, lightness, saturation = colorsys.rgb_to_hls(*rgb(colour))
    darken = relative_luminance(rgb(background)) > 0.18  # the middle grey's luminance

    def at(level: float) -> str:
        return hex_colour(colorsys.hls_to_rgb(hue, level, saturation))

    near, far = lightness, (0.0 if darken else 1.0)  # far end: black or white, the most contrast
    for _ in range(40):
        middle = (near + far) / 2
        if contrast_ratio(at(middle), background) >= minimum:
            far = middle
        else:
            near = middle
    return at(far)


ENVIRONMENT_THEME = "COMPANION_THEME"


def environment_theme() -> str:
    """The theme named by ``$COMPANION_THEME`` (default ``dark``), checked like a flag would be."""
    theme = os.environ.get(ENVIRONMENT_THEME, "dark")
    if theme not in THEMES:
        raise ValueError(f"{ENVIRONMENT_THEME}: expected one of {', '.join(THEMES)}, "
                         f"got {theme!r}")
    return theme
