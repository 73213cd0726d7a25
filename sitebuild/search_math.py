"""Math in the search index as typeset formulas.

Material's search shows a section's text under each result. Left alone, its
math would show as TeX source (``\\(W^t\\)``), and a highlighted search term
could split a formula in two. Each formula is therefore stored as an empty
``<span class="search-math" data-tex="…">``: the search worker neither indexes
nor highlights inside a tag, and ``site/javascripts/search-math.js`` typesets
the span with KaTeX when a result is shown. Formulas are not searchable; the
words around them are.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from foundation.files import write_atomically

MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
# Each generator's index and the key of its list of entries: MkDocs' search plugin, Zensical.
INDEXES = ((Path("search") / "search_index.json", "docs"), (Path("search.json"), "items"))


def _span(match: re.Match[str]) -> str:
    inline, display = match.groups()
    tex = html.unescape(inline if inline is not None else display).strip()
    mode = "" if inline is not None else ' data-display="1"'
    return f'<span class="search-math" data-tex="{html.escape(tex, quote=True)}"{mode}></span>'


def math_as_spans(text: str) -> str:
    """``text`` (HTML from the index) with every ``\\(…\\)`` and ``\\[…\\]`` made a span."""
    return MATH.sub(_span, text)


def search_entries(site: Path) -> tuple[Path, list[dict], dict] | None:
    """The site's search index (MkDocs' or Zensical's): its path, its entries (each with a
    ``location``, a ``title`` and a ``text``) and the whole index; None if there is none."""
    for relative, entries in INDEXES:
        path = site / relative
        if path.is_file():
            index = json.loads(path.read_text(encoding="utf-8"))
            return path, index.get(entries, []), index
    return None


def rewrite_index(site: Path) -> dict | None:
    """Rewrite the site's search index in place; return it.

    None if the site has no search index (the search plugin is off).
    """
    found = search_entries(site)
    if found is None:
        return None
    path, entries, index = found
    for document in entries:
        for part in ("title", "text"):
            if document.get(part):
                document[part] = math_as_spans(document[part])
    write_atomically(path, json.dumps(index, ensure_ascii=False, separators=(",", ":")))
    return index
