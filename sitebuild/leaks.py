"""LaTeX source and Unicode stand-ins for math in what a reader sees of the built site.

A formula belongs in typeset math. Text that shows ``W^t``, ``x_{t-1}``,
``\\eta`` or a ``\\(`` delimiter is TeX a reader was not meant to see; text that
shows ``λ``, ``ᵀ``, ``‖`` or ``≤`` is a formula spelt in Unicode, which neither
looks like the typeset one nor reads out correctly. The build looks for both in
every visible text of every page (prose, headings, table of contents, captions,
figure text, the names that assistive technology reads) and in the search index,
and refuses the site if it finds any. Math (``.arithmatex``, typeset by KaTeX in
the browser) and code are not text in this sense and are skipped.

The character classes are the ones the derivations' own texts are held to
(:mod:`derivations.engine.text`), so a title refused there is refused here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from derivations.engine.text import RAW_TEX, STAND_INS
from sitebuild.htmltree import Element, parse, text_nodes

# Visible ``$…$``: math that arithmatex did not pick up.
DOLLARS = re.compile(r"\$\$|\$[^$\s](?:[^$]*[^$\s])?\$")
# Elements whose text is not prose: code, scripts, styles, and math before typesetting.
NOT_TEXT_TAGS = {"script", "style", "code", "pre", "kbd", "samp", "template", "noscript"}
NOT_TEXT_CLASSES = {"arithmatex", "katex", "search-math"}
# Attributes a reader sees (a tooltip) or hears (an accessible name or description).
READ_ATTRIBUTES = ("alt", "title", "aria-label", "aria-description", "placeholder")
_CONTEXT = 30


@dataclass(frozen=True)
class Leak:
    """One leak: where it is, what it is, and the text around it."""

    where: str
    kind: str
    found: str
    context: str

    def __str__(self) -> str:
        return f"{self.where}: {self.kind} {self.found!r} in …{self.context}…"


def text_leaks(text: str, where: str) -> list[Leak]:
    """Every raw-TeX fragment and Unicode stand-in in one visible ``text``."""
    found = []
    for kind, pattern in (("Unicode stand-in", STAND_INS), ("raw TeX", RAW_TEX),
                          ("math delimiters", DOLLARS)):
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - _CONTEXT), match.end() + _CONTEXT
            context = " ".join(text[start:end].split())
            found.append(Leak(where, kind, match.group(), context))
    return found


def _visible_texts(root: Element) -> Iterator[tuple[str, Element]]:
    """Text nodes a reader sees, and the attributes a reader sees or hears."""
    body = next((e for e in root.iter() if e.tag == "body"), root)
    title = next((e for e in root.iter() if e.tag == "title"), None)
    if title is not None:
        yield title.text(), title
    yield from text_nodes(body, NOT_TEXT_TAGS, NOT_TEXT_CLASSES)
    for element in body.iter():
        if any(a.tag in NOT_TEXT_TAGS or a.classes & NOT_TEXT_CLASSES
               for a in element.ancestors()):
            continue
        for attribute in READ_ATTRIBUTES:
            if element.attrs.get(attribute):
                yield element.attrs[attribute], element


def page_leaks(markup: str, page: str) -> list[Leak]:
    """Every leak in the HTML page ``markup`` (named ``page`` in messages)."""
    leaks = []
    for text, element in _visible_texts(parse(markup)):
        leaks += text_leaks(text, f"{page} {element.describe()}")
    return leaks


def search_index_leaks(entries: list[dict]) -> list[Leak]:
    """Every leak in the titles and text snippets of the search index's ``entries``."""
    leaks = []
    for document in entries:
        where = f"search index {document.get('location', '?')!r}"
        for part in ("title", "text"):
            for text, _ in text_nodes(parse(document.get(part, "")), NOT_TEXT_TAGS,
                                      NOT_TEXT_CLASSES):
                leaks += text_leaks(text, f"{where} {part}")
    return leaks
