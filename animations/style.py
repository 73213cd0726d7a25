"""The one visual style every scene shares: palette, fonts, the notation's colours, seeding.

Colours come from :mod:`derivations.notation`, so φ is drawn in the colour the
notation page shows for φ, in every video. ``COMPANION_THEME=light`` switches
background and ink for slides (``python -m animations.render --theme light``).
"""

from __future__ import annotations

import os
import random
import shutil

import manim
import numpy

from animations.palette import THEMES
from derivations import notation

THEME = os.environ.get("COMPANION_THEME", "dark")
if THEME not in THEMES:
    raise ValueError(f"COMPANION_THEME: expected one of {sorted(THEMES)}, got {THEME!r}")
BACKGROUND, FOREGROUND, MUTED, GRID, ZERO = THEMES[THEME]
EXPLODING = notation.EXPLODING
VANISHING = notation.VANISHING
PRESERVING = notation.PRESERVING
ACCENT = notation.ACCENT
# Diverging scale for matrix entries: sign is hue, magnitude is saturation.
NEGATIVE = "#6C63FF"
POSITIVE = "#F3A712"
FONT = "DejaVu Sans"
SEED = 2016

LATEX_PACKAGES = (
    "texlive-latex-base texlive-latex-recommended texlive-latex-extra "
    "texlive-fonts-recommended dvisvgm"
)


def symbol_colour(key: str) -> str:
    """The colour of notation entry ``key`` (e.g. ``"phi"``)."""
    return notation.colour(key)


def require_latex() -> None:
    """Fail with the Debian packages to install, instead of a traceback deep inside Manim."""
    missing = [tool for tool in ("latex", "dvisvgm") if shutil.which(tool) is None]
    if missing:
        raise RuntimeError(
            f"{' and '.join(missing)} not found: MathTex needs LaTeX. Install the Debian packages "
            f"{LATEX_PACKAGES} (or run `make setup`)."
        )


def diverging_colour(value: float, limit: float = 1.0) -> manim.ManimColor:
    """A fixed diverging scale: ``-limit`` → NEGATIVE, 0 → ZERO, ``+limit`` → POSITIVE, clipped."""
    share = float(numpy.clip(abs(value) / limit, 0.0, 1.0))
    end = POSITIVE if value >= 0 else NEGATIVE
    return manim.interpolate_color(manim.ManimColor(ZERO), manim.ManimColor(end), share)


def label(text: str, size: float = 28, colour: str = FOREGROUND) -> manim.Text:
    """Body text in the companion's font."""
    return manim.Text(text, font=FONT, font_size=size, color=colour)


class CompanionScene(manim.Scene):
    """Base scene: the companion's background, a seeded RNG, LaTeX checked before any MathTex."""

    def setup(self) -> None:
        require_latex()
        random.seed(SEED)
        numpy.random.seed(SEED)
        self.camera.background_color = manim.ManimColor(BACKGROUND)
        manim.MathTex.set_default(color=FOREGROUND)
        manim.Tex.set_default(color=FOREGROUND)
