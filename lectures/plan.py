"""A chapter as a lecture: its title, each result it proves in the page's order, and after each
result the animations that show it.

The order is the chapter page's (``site/chapter-N.md`` includes its theorem boxes
as ``--8<-- "derivations/SLUG.md"``; :mod:`sitebuild.outline` reads it), so a deck
follows the lesson. Errata and exercises stay on the page. A scene says which result
it shows in ``ILLUSTRATES`` (a slug); a scene whose result the page does not include
comes last, and :func:`orphans` lists such scenes (a test requires none).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from animations import catalogue
from foundation.paths import ROOT
from sitebuild.outline import chapter_pages, outline
from sitebuild.theorems import ERRATUM_PREFIX, EXERCISE_PREFIX


@dataclass(frozen=True)
class Item:
    """One part of a lecture: ``kind`` is "title", "result" (``key`` a slug) or "scene"
    (``key`` a scene name)."""

    kind: str
    key: str


def page(chapter: int) -> Path:
    """The chapter's page, which fixes the lecture's order."""
    pages = chapter_pages()
    if chapter not in pages:
        raise ValueError(f"chapter: no page site/chapter-{chapter}.md")
    return pages[chapter]


def chapter_title(chapter: int) -> str:
    """The chapter's title, from its page's heading (without the number)."""
    title = outline(page(chapter)).title
    if not title:
        raise ValueError(f"{page(chapter).relative_to(ROOT)}: no '# ' heading to title the "
                         f"chapter")
    return title


def results(chapter: int) -> list[str]:
    """The slugs of the results the chapter page states, in its order (no errata, exercises)."""
    kept = [s for s in outline(page(chapter)).derivations
            if not s.startswith((ERRATUM_PREFIX, EXERCISE_PREFIX))]
    return list(dict.fromkeys(kept))


def scenes(chapter: int) -> list[catalogue.SceneEntry]:
    return [entry for entry in catalogue.scenes().values() if entry.chapter == chapter]


def illustrates(entry: catalogue.SceneEntry) -> str:
    """The slug of the result a scene shows; "" in a chapter that states no checked result
    (chapter 5 measures rather than proves), where its scenes follow the title slide."""
    slug = getattr(entry.scene_class, "ILLUSTRATES", "")
    if not slug and results(entry.chapter):
        raise ValueError(f"scene {entry.name}: ILLUSTRATES must name the result it shows")
    return slug


def orphans(chapter: int) -> list[str]:
    """Scenes of ``chapter`` whose result its page does not state."""
    stated = set(results(chapter)) | {""}
    return [entry.name for entry in scenes(chapter) if illustrates(entry) not in stated]


def plan(chapter: int) -> list[Item]:
    """The lecture: title, then each result followed by its scenes (in the catalogue's order)."""
    items = [Item("title", str(chapter))]
    placed: set[str] = set()
    for slug in results(chapter):
        items.append(Item("result", slug))
        for entry in scenes(chapter):
            if illustrates(entry) == slug:
                items.append(Item("scene", entry.name))
                placed.add(entry.name)
    items += [Item("scene", entry.name) for entry in scenes(chapter) if entry.name not in placed]
    return items
