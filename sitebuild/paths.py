"""Where the site build reads and writes: one place, so pages and tests agree."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "site"
BUILD = ROOT / "build"
GENERATED = BUILD / "generated"
MEDIA = BUILD / "media" / "draft"
DECKS = BUILD / "decks"
KATEX = Path("/usr/share/javascript/katex")
