"""Where the project lives and where builds go: one root, one ``build/`` layout."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
CACHE = BUILD / "cache"
TEX_CACHE = BUILD / "tex-cache"
