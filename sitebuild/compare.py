"""Two builds of the site, by two generators, compared page by page: the same pages, the same
number of formulas and of videos on each, the same published files.

Counted in the built HTML, before any script runs: a formula is an element of class
``arithmatex`` (``pymdownx.arithmatex`` with ``generic: true`` writes ``\\(…\\)`` or
``\\[…\\]`` in one; KaTeX typesets it in the browser), a video a ``<video>`` element.
Both generators run the same extension, so one selector serves both; a generator
that typeset math itself would need its own. Theme files (search index, scripts,
fonts of the theme) differ by design and are not compared; what generation
publishes (:data:`sitebuild.assets.OWNED`) is.

    python -m sitebuild compare build/site build/zensical-site
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sitebuild.assets import OWNED
from sitebuild.htmltree import parse

FORMULA_CLASS = "arithmatex"


@dataclass(frozen=True)
class PageCounts:
    """What one built page shows a reader, counted."""

    formulas: int
    videos: int
    theorem_boxes: int


def page_counts(html: str) -> PageCounts:
    """The formulas, videos and theorem boxes of one page's HTML."""
    elements = list(parse(html).iter())
    return PageCounts(
        formulas=sum(FORMULA_CLASS in element.classes for element in elements),
        videos=sum(element.tag == "video" for element in elements),
        theorem_boxes=sum(element.tag == "div" and "theorem" in element.classes
                          for element in elements),
    )


def site_pages(site: Path) -> dict[str, PageCounts]:
    """Every HTML page of a built site (theme partials and the 404 page left out), counted."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"site: no built site in {site} (no index.html)")
    return {path.relative_to(site).as_posix(): page_counts(path.read_text(encoding="utf-8"))
            for path in sorted(site.glob("*.html")) if path.name != "404.html"}


def published_files(site: Path) -> set[str]:
    """The files generation published into a built site (media, decks, KaTeX, …)."""
    return {path.relative_to(site).as_posix() for folder in OWNED
            for path in (site / folder).rglob("*") if path.is_file()}


@dataclass(frozen=True)
class Comparison:
    """Where two builds differ; empty lists mean they show a reader the same things."""

    only_first: list[str]
    only_second: list[str]
    differing: list[str]  # "page: formulas 12 ≠ 11" lines
    files_only_first: list[str]
    files_only_second: list[str]
    pages: int
    formulas: int
    videos: int

    @property
    def same(self) -> bool:
        return not (self.only_first or self.only_second or self.differing
                    or self.files_only_first or self.files_only_second)

    def lines(self, first: str, second: str) -> Iterable[str]:
        yield (f"{self.pages} pages in both; {self.formulas} formulas and {self.videos} videos "
               f"in {first}")
        for label, items in ((f"pages only in {first}", self.only_first),
                             (f"pages only in {second}", self.only_second),
                             ("pages whose counts differ", self.differing),
                             (f"published files only in {first}", self.files_only_first),
                             (f"published files only in {second}", self.files_only_second)):
            if items:
                yield f"{len(items)} {label}:"
                yield from (f"  {item}" for item in items[:40])
        yield "same pages, formulas, videos and files" if self.same else "the builds differ"


def compare(first: Path, second: Path) -> Comparison:
    """Compare the built sites ``first`` and ``second``."""
    a, b = site_pages(first), site_pages(second)
    differing = []
    for name in sorted(set(a) & set(b)):
        for field in ("formulas", "videos", "theorem_boxes"):
            left, right = getattr(a[name], field), getattr(b[name], field)
            if left != right:
                differing.append(f"{name}: {field.replace('_', ' ')} {left} ≠ {right}")
    files_a, files_b = published_files(first), published_files(second)
    return Comparison(
        only_first=sorted(set(a) - set(b)), only_second=sorted(set(b) - set(a)),
        differing=differing,
        files_only_first=sorted(files_a - files_b), files_only_second=sorted(files_b - files_a),
        pages=len(set(a) & set(b)), formulas=sum(c.formulas for c in a.values()),
        videos=sum(c.videos for c in a.values()),
    )
