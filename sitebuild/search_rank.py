"""Search ranks the chapters above the reference pages, whichever generator built the site.

Material for MkDocs multiplies a page's score by the ``search: boost`` of its front
matter: the chapters have 3, their appendices 2, the API reference and the verification
report 0.001, because their headings are function names and theorem titles, which would
otherwise outrank the chapters that teach them ("eigenvalue", "Binet", "orthogonal_").

Zensical (0.0.73) offers no ranking control. Its index entries carry no weight and it
ignores ``boost``; its search worker ranks a result by the field that matched (title 3,
path 2, text 1), then by how early in it the match comes, equal results in index order.
What it honours is exclusion: ``search: exclude: true`` in a page's front matter, and
``data-search-exclude`` on a heading (its whole section) or on a block. Front matter and
markup are shared with the MkDocs build, where the reference pages must stay searchable, so
the Zensical build applies the boost the one way its search allows, after the build
(:func:`demote`): a page boosted below 1 keeps only its first entry, its title and
introduction, so a search still finds the page, and its sections no longer outrank the
chapters.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from foundation.files import write_atomically
from sitebuild.paths import PAGES

ZENSICAL_INDEX = Path("search.json")  # Zensical's search index, relative to the built site


def boost(page: Path) -> float:
    """The ``search: boost`` of a page's front matter (1 without one)."""
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return 1.0
    matter = yaml.safe_load(text.split("\n---\n", 1)[0].removeprefix("---\n")) or {}
    return float((matter.get("search") or {}).get("boost", 1))


def _page(location: str) -> str:
    """The page an index entry belongs to: ``api.html#derivations-init`` → ``api``."""
    return location.split("#", 1)[0].removesuffix(".html").rstrip("/") or "index"


def demote(site: Path, pages: Path = PAGES) -> list[str]:
    """In Zensical's index of ``site``, leave out every entry but the first of each page whose
    source in ``pages`` is boosted below 1; return the locations left out.

    An MkDocs build (no ``search.json``) is left alone: Material honours the boost itself.
    """
    path = site / ZENSICAL_INDEX
    if not path.is_file():
        return []
    lowered = {page.stem for page in pages.glob("*.md") if boost(page) < 1}
    index = json.loads(path.read_text(encoding="utf-8"))
    kept, left_out, seen = [], [], set()
    for entry in index.get("items", []):
        page = _page(entry.get("location") or "")
        if page in lowered and page in seen:
            left_out.append(entry["location"])
            continue
        seen.add(page)
        kept.append(entry)
    if left_out:
        index["items"] = kept
        write_atomically(path, json.dumps(index, ensure_ascii=False, separators=(",", ":")))
    return left_out
