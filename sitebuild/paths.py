"""Where the site build reads and writes: one place, so pages and tests agree."""

from __future__ import annotations

from pathlib import Path

from foundation.paths import BUILD, ROOT

__all__ = ["BUILD", "DECKS", "EDITIONS", "GENERATED", "KATEX", "MEDIA", "PAGES", "ROOT"]

PAGES = ROOT / "site"
GENERATED = BUILD / "generated"
MEDIA = BUILD / "media" / "draft"
DECKS = BUILD / "decks"
KATEX = Path("/usr/share/javascript/katex")
# One folder per translated edition: build/editions/<lang>/docs (its pages) and /generated
# (its fragments), which mkdocs.<lang>.yml names as docs_dir and snippet base.
EDITIONS = BUILD / "editions"
