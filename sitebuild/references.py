"""Every link, source and id reference in the built pages lands somewhere that exists.

MkDocs validates the links it writes from Markdown (``validation:`` in
``mkdocs.yml``), but not the raw HTML a page or a generated fragment carries: a
theorem box's step links, a video's ``src`` and ``poster``, a label's ``for``.
This check reads the built HTML, so it sees every reference whatever wrote it:
the file must exist in the site, the ``#fragment`` must be an ``id`` (or ``name``)
on the target page, and an ``aria-*``/``for`` reference must name an id on the
same page. A language switch's link (``hreflang``) leads to another edition, a site built on its
own after this one is checked (:mod:`sitebuild.edition`): the browser tests follow it.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitebuild.edition import LANGUAGES
from sitebuild.htmltree import Element, parse

URL_ATTRIBUTES = {
    "a": ("href",), "link": ("href",), "img": ("src",), "script": ("src",),
    "source": ("src",), "video": ("poster", "src"), "audio": ("src",), "iframe": ("src",),
    "track": ("src",), "embed": ("src",), "object": ("data",), "form": ("action",),
}
ID_REFERENCES = ("for", "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns")
# Folders of the site that MkDocs did not write from pages: their HTML is not checked. A
# translated edition inside the site (ko/) is a site of its own, checked on its own.
NOT_PAGES = ("assets/", "decks/", "media/", "search/", *(f"{lang}/" for lang in LANGUAGES))


@dataclass
class _Page:
    ids: set[str]
    tree: Element


def _pages(site: Path) -> dict[str, _Page]:
    pages = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if relative.startswith(NOT_PAGES):
            continue
        tree = parse(path.read_text(encoding="utf-8"))
        ids = {e.attrs[key] for e in tree.iter() for key in ("id", "name")
               if e.attrs.get(key) and (key == "id" or e.tag == "a")}
        pages[relative] = _Page(ids, tree)
    return pages


def _ids_of(site: Path, relative: str, pages: dict[str, _Page]) -> set[str] | None:
    """The ids of the HTML page at ``relative`` (parsing it if it is not a checked page)."""
    if relative not in pages:
        pages[relative] = _Page({e.attrs["id"] for e in parse(
            (site / relative).read_text(encoding="utf-8", errors="replace")).iter()
            if e.attrs.get("id")}, Element("#document", {}))
    return pages[relative].ids


def broken_references(site: Path) -> list[str]:
    """One line per reference in the built site at ``site`` that leads nowhere."""
    pages = _pages(site)
    problems = []
    for relative, page in list(pages.items()):
        for element in page.tree.iter():
            if "hreflang" in element.attrs:
                continue
            for attribute in URL_ATTRIBUTES.get(element.tag, ()):
                value = element.attrs.get(attribute)
                if value is not None:
                    problem = _url_problem(site, relative, value, pages)
                    if problem:
                        problems.append(f"{relative} {element.describe()} {attribute}="
                                        f"{value!r}: {problem}")
            for attribute in ID_REFERENCES:
                for target in element.attrs.get(attribute, "").split():
                    if target not in page.ids:
                        problems.append(f"{relative} {element.describe()} {attribute}="
                                        f"{target!r}: no element with that id on the page")
    return problems


def _url_problem(site: Path, page: str, value: str, pages: dict[str, _Page]) -> str | None:
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return None  # another site or a data: URL; the browser tests refuse outside requests
    path = unquote(parts.path)
    if path:
        # A root-absolute path (Material's 404 page writes them) is relative to the site root.
        start = "" if path.startswith("/") else posixpath.dirname(page)
        target = posixpath.normpath(posixpath.join(start, path.lstrip("/")))
        if target.startswith("../") or target == "..":
            return "points outside the site"
        if (site / target).is_dir():
            target = posixpath.join(target, "index.html")
        if not (site / target).is_file():
            return "no such file in the built site"
    else:
        target = page
    fragment = unquote(parts.fragment)
    if fragment and target.endswith(".html"):
        ids = _ids_of(site, target, pages)
        if ids is not None and fragment not in ids:
            return f"{target} has no element with id {fragment!r}"
    return None
