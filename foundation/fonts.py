"""The fonts the project draws words in, named once: every layer uses them (renders, decks,
handouts, a kit's figures, the site), and importing this module has no side effects, unlike
``animations.style``, which reads the render request when imported."""

from __future__ import annotations

HANGUL_FONT = "NanumGothic"  # Debian's fonts-nanum, the font the Korean site serves (subset)
