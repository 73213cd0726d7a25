"""The companion's theme colours and contrast arithmetic, importable without Manim.

:mod:`animations.style` picks one theme for the videos; the site's inline
plots (``sitebuild/tables``) draw on the same themes, so a figure on a page and
the video next to it use the same background, ink and grid.

The companion has one palette for everything drawn in colour, the videos and the
site's figures alike: the seven hues of :data:`SERIES`, after Okabe and Ito's
colour-blind-safe set, each with one shade for light backgrounds and one for dark
ones (:class:`Hue`). Every shade has a WCAG contrast of at least 3:1 (lines, dots,
arrows) against both backgrounds of its scheme, the video's and the site plot's
(:func:`backgrounds`), and any two hues of a scheme stay apart for readers with
normal colour vision and, simulated, for protanopia, deuteranopia and tritanopia
(:func:`distance`, at least :data:`APART` and :data:`APART_DEFICIENT`). Okabe and
Ito's orange, sky blue and reddish purple are too light for a line on white at 3:1,
so their light shades are darker; then vermillion is darkened further to stay apart
from that orange under deuteranopia, blue to stay apart from that sky blue, and the
purple turns pinker to stay apart from blue under protanopia. A figure with more
series than hues tells them apart by line style (:data:`DASHES`) or marker
(:data:`MARKERS`) as well.

The notation's colours (:mod:`derivations.notation`) are these hues, one meaning each:
growth (:data:`EXPLODING`), decay (:data:`VANISHING`), norm kept (:data:`PRESERVING`), a
highlight (:data:`ACCENT`), no meaning (:data:`NEUTRAL`), and :data:`INK`, the text
colour of each scheme, for a symbol drawn like the words around it. The notation
imports them from here, so its page, the videos and the figures cannot disagree on a
shade. Any other colour is drawn at a lightness that can be read on its
background: :func:`readable` darkens it on light backgrounds and lightens it on
dark ones until its WCAG contrast ratio reaches the minimum asked for.
"""

from __future__ import annotations

import colorsys
import itertools
import math
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
# The site draws its plots on Material's code background: a little off the videos' white and
# black. Every series colour must read on both backgrounds of its scheme.
SITE_BACKGROUNDS = {"light": "#F5F5F5", "dark": "#272935"}


def backgrounds(theme: str) -> tuple[str, str]:
    """The backgrounds a colour of ``theme`` is drawn on: the videos' and the site plots'."""
    return THEMES[theme].background, SITE_BACKGROUNDS[theme]


class Hue(NamedTuple):
    """One colour of the palette: its name in words and its shade on each scheme."""

    name: str
    light: str
    dark: str

    def on(self, theme: str) -> str:
        """The shade drawn on ``theme``'s backgrounds."""
        if theme not in THEMES:
            raise ValueError(f"theme: expected one of {', '.join(THEMES)}, got {theme!r}")
        return self.light if theme == "light" else self.dark


# Okabe & Ito (2008), "Color Universal Design": the dark shades are theirs (blue lightened to
# reach 3:1 on the site's dark plots); the light shades were chosen, by a search over lightness,
# chroma and a little hue near theirs, to keep 3:1 on white and stay apart (see above).
BLUE = Hue("blue", "#005A9C", "#2F7FD0")
VERMILLION = Hue("vermillion", "#A83C0C", "#D55E00")
GREEN = Hue("bluish green", "#3A8256", "#009E73")
ORANGE = Hue("orange", "#B07C1E", "#E69F00")
PURPLE = Hue("reddish purple", "#DC508C", "#CC79A7")
SKY = Hue("sky blue", "#0793C2", "#56B4E9")
GREY = Hue("grey", "#6E6E6E", "#B4B4B4")
SERIES: tuple[Hue, ...] = (BLUE, VERMILLION, GREEN, ORANGE, PURPLE, SKY, GREY)

# The notation's meanings (derivations.notation's colour language), each one hue of SERIES.
EXPLODING, VANISHING, PRESERVING, ACCENT, NEUTRAL = VERMILLION, BLUE, GREEN, ORANGE, GREY
# Not a series colour: the ink of each scheme, for a symbol that carries no colour meaning.
INK = Hue("ink", THEMES["light"].foreground, THEMES["dark"].foreground)

# Line styles beyond colour, as SVG dash arrays (None is solid; the videos draw the same
# patterns as Manim dashes), and marker shapes for dots: used where a figure has more series
# than hues, or where two series share a hue on purpose (a curve and its bound).
SOLID, DASHED, DASH_DOT, DOTTED = None, "8 4", "9 3 2 3", "2 3"
DASHES: tuple[str | None, ...] = (SOLID, DASHED, DASH_DOT, DOTTED)
MARKERS = ("circle", "square", "diamond", "triangle")


# -- telling colours apart ---------------------------------------------------------------------

# Machado, Oliveira & Fernandes (2009), severity 1: linear-RGB matrices simulating dichromacy.
DEFICIENCIES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
# CIEDE2000 differences any two hues of a scheme keep: with normal vision, and simulated for
# each deficiency. Okabe and Ito's own set, on white, keeps 21 and 7.9 (but three of its colours
# are too light there for a line); this one keeps 17.4 and 9.8.
APART = 15.0
APART_DEFICIENT = 9.0


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _lab(colour: str, vision: str = "normal") -> tuple[float, float, float]:
    """CIELAB (D65) of ``colour`` as a reader with ``vision`` ("normal" or a deficiency) sees it."""
    linear = [_linear(c) for c in rgb(colour)]
    if vision != "normal":
        linear = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
                  for row in DEFICIENCIES[vision]]
    red, green, blue = linear
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _ciede2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    (l1, a1, b1), (l2, a2, b2) = first, second
    mean_chroma = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_chroma**7 / (mean_chroma**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    turn = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    delta_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(turn / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6))
         - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    rotation = -math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2)))) * 2 * \
        math.sqrt(mean_c**7 / (mean_c**7 + 25**7))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c, s_h = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    return math.sqrt(((l2 - l1) / s_l) ** 2 + ((c2 - c1) / s_c) ** 2 + (delta_h / s_h) ** 2
                     + rotation * (c2 - c1) / s_c * delta_h / s_h)


def distance(first: str, second: str, vision: str = "normal") -> float:
    """How far apart two colours look (CIEDE2000) to a reader with ``vision``: "normal",
    "protanopia", "deuteranopia" or "tritanopia" (simulated)."""
    return _ciede2000(_lab(first, vision), _lab(second, vision))


def closest(theme: str, hues: tuple[Hue, ...] = SERIES
            ) -> dict[str, tuple[float, str, str]]:
    """Per vision, the two hues of ``hues`` that look closest on ``theme``, and how far apart."""
    found = {}
    for vision in ("normal", *DEFICIENCIES):
        found[vision] = min((distance(a.on(theme), b.on(theme), vision), a.name, b.name)
                            for a, b in itertools.combinations(hues, 2))
    return found


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
