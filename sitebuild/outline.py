"""A page's outline: its heading, and the derivations and videos it includes, in its order.

A chapter page (``site/chapter-N.md``) fixes the order of a lesson: it includes each
result as ``--8<-- "derivations/SLUG.md"`` and each scene as ``--8<-- "videos/SCENE.md"``
under its ``# N. Title`` heading. The site (which page publishes a result, the gallery's
order, the reports' chapter names) and the lectures (a deck's order and title) read the
page through this one parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from derivations.book import CHAPTERS
from sitebuild.paths import PAGES

_DERIVATION = re.compile(r'^--8<-- "derivations/([a-z0-9-]+)\.md"\s*$', re.MULTILINE)
_VIDEO = re.compile(r'^--8<-- "videos/([A-Za-z0-9]+)\.md"\s*$', re.MULTILINE)
_HEADING = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)
_NUMBER = re.compile(r"^\d+\.\s*")


@dataclass(frozen=True)
class Outline:
    """What a page shows, in its order: ``heading`` is its first ``# `` heading as written
    (``1. Fibonacci and repeated matrix powers``), None if it has none."""

    heading: str | None
    derivations: tuple[str, ...]  # slugs, as often as the page includes them
    videos: tuple[str, ...]  # scene names

    @property
    def title(self) -> str | None:
        """The heading without its chapter number: ``Fibonacci and repeated matrix powers``."""
        return None if self.heading is None else _NUMBER.sub("", self.heading)


def outline(path: Path) -> Outline:
    """The outline of the Markdown page at ``path``."""
    text = path.read_text(encoding="utf-8")
    heading = _HEADING.search(text)
    return Outline(heading.group(1) if heading else None, tuple(_DERIVATION.findall(text)),
                   tuple(_VIDEO.findall(text)))


def chapter_pages() -> dict[int, Path]:
    """Each chapter's page by its number, as the book names it (:mod:`derivations.book`)."""
    return {chapter.number: PAGES / chapter.page for chapter in CHAPTERS}
