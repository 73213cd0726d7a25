"""A generated fragment cut into translation units, and put back together from them.

The fragments ``python -m sitebuild generate`` writes (theorem boxes, solutions, answer boxes,
tables, widget fallbacks) are Markdown whose words mostly sit inside raw HTML:
``<div class="step-why" markdown="span">Multiply by $\\lambda^k$ … <span …>symbolic ·
exact</span></div>``. A page's splitter (:func:`sitebuild.translation.units.split_page`)
copies raw HTML verbatim, so here each raw HTML line is cut further, at its tags, and every run
of text between two tags that has words in it is a unit; the tags, and runs with no words (a
step's ``(1)``, a hypothesis's ``(H1)``), stay verbatim, and so does a video's transcript
list, which an edition says from the scene's own translated templates. The fragment's
Markdown blocks (a table's rows, a paragraph between ``<div>``s) are units as on a page. So
the same checks apply to both: a translated run keeps its formulas, numbers, code and link
targets, and a tag can be neither added nor dropped (re-splitting the assembled fragment must
give the same outline).

Ids are ``<scope>.t<n>`` (running text) or ``<scope>.title<n>`` (a label, summary, button,
table header, plot label or an element whose class names a title, label or kind: exempt, as a
heading is, from the glossary's first-use rule), the scope being the innermost enclosing
element with an ``id`` (a theorem, one of its proof steps), else ``top``. The words of an
``aria-label``, ``title`` or ``alt`` attribute (a plot's description, a tooltip) are units
too, ``<scope>.label<n>``, numbered apart so that they renumber nothing else. A text repeated in
one fragment (a check badge on every step) is one unit, translated once and used everywhere it
occurs.

Text inside a ``<pre>`` (the API reference's docstrings, :mod:`sitebuild.api_reference`) is
not Markdown, blank lines and all: every line of it is cut as raw HTML, whatever the page's
splitter took it for, and a run of it goes on across line breaks to the next tag or blank line,
so one paragraph of a docstring is one unit, named by the ``<pre>``'s id (``doc-….t2``), of
the kind :data:`~sitebuild.translation.units.PREFORMATTED`.

Pieces here are joined with nothing between them: a :class:`Verbatim` holds one chunk of text,
newlines included, so text between two tags of one line can be replaced in place.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from sitebuild.translation.invariants import HTML_TAG, masked, prose
from sitebuild.translation.units import (
    ELEMENT_ID,
    PREFORMATTED,
    TITLE,
    Layout,
    Piece,
    Unit,
    Verbatim,
    normalised,
    split_page,
    translated_lines,
)

TEXT = "t"  # a run of text between tags of a raw HTML line
SPOKEN = "label"  # the id stem of an attribute's words, numbered apart from the text's

_TAG = re.compile(rf"<!--.*?-->|{HTML_TAG.pattern}")
_NAME = re.compile(r"^</?([A-Za-z][\w-]*)")
_CLASS = re.compile(r'\bclass="([^"]*)"')
_SPOKEN = re.compile(r'\s(?:aria-label|title|alt)="([^"]*)"')
# A word: two letters in a row (not the H of (H1)), or one letter of a script other than
# Latin (a Korean syllable such as 답 is a word on its own).
_WORDS = re.compile(r"[^\W\d_]{2,}|[^\W\d_A-Za-z]")
_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"))
# Tags that mark words within a sentence: kept inside a run (the markup check keeps them
# there), so a sentence with a <code> or an <em> in it is one unit, not three.
_PHRASING = frozenset(("a", "abbr", "b", "cite", "code", "em", "i", "kbd", "mark", "q", "s",
                       "samp", "strong", "sub", "sup", "u", "var"))
_RAW = frozenset(("script", "style"))  # their content is code, not text
_PREFORMATTED = "pre"  # the element whose text is not Markdown and goes on across lines
# A video's transcript, the list of what it says beat by beat: an edition says it from the
# scene's translated templates (sitebuild/edition/scenes.py, animations/narration.py), the
# words of its caption track, so it is no fragment unit (its summary and downloads are).
_SAID_BY_THE_SCENE = re.compile(r"^scene-.+-transcript$")
_TITLE_ELEMENTS = frozenset(("summary", "label", "button", "th", "caption", "legend",
                             "figcaption", "h1", "h2", "h3", "h4", "h5", "h6",
                             "text"))  # an SVG plot's axis and legend labels
_TITLE_CLASS = re.compile(r"(?:^|-)(?:title|label|kind)$")


def has_words(text: str) -> bool:
    """Whether ``text`` has words to translate: not only formulas, code, tags and labels such
    as ``(H1)`` or ``(2)``, which every language writes alike."""
    return bool(_WORDS.search(prose(text)))


@dataclass(frozen=True)
class _Element:
    name: str
    id: str | None
    title: bool


@dataclass
class _Cutter:
    """Cuts raw HTML lines into tags and text runs, keeping the open elements across lines."""

    pieces: list[Piece] = field(default_factory=list)
    open: list[_Element] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    seen: dict[str, tuple[str, str]] = field(default_factory=dict)  # text -> (id, kind)
    comment: bool = False  # inside a comment that spans lines
    held: str = ""  # the run of a <pre> so far, going on on the next line

    @property
    def preformatted(self) -> bool:
        """Whether the cut is inside a ``<pre>``: every line is text, not Markdown."""
        return any(element.name == _PREFORMATTED for element in self.open)

    def newline(self) -> None:
        """The line break before the next line: inside a held run, part of it."""
        if self.held:
            self.held += "\n"
        else:
            self.chunk("\n")

    def flush(self) -> None:
        """End the held run (at a tag, a blank line or the end): it is a unit if it has words."""
        held, self.held = self.held, ""
        self.text(held)

    def chunk(self, text: str) -> None:
        if not text:
            return
        last = self.pieces[-1] if self.pieces else None
        if isinstance(last, Verbatim):
            text = self.pieces.pop().lines[0] + text
        self.pieces.append(Verbatim((text,)))

    def line(self, line: str) -> None:
        if self.comment:
            end = line.find("-->")
            if end < 0:
                self.chunk(line)
                return
            self.comment = False
            self.chunk(line[:end + 3])
            line = line[end + 3:]
        position = 0
        hidden = masked(line)
        for tag in _TAG.finditer(hidden):
            name = _NAME.match(tag.group(0))
            if name and name.group(1).lower() in _PHRASING:
                continue
            self.held += line[position:tag.start()]
            self.flush()
            self.tag(line[tag.start():tag.end()])
            self.element(tag.group(0))
            position = tag.end()
        rest = line[position:]
        if "<!--" in hidden[position:]:  # a comment opened and not closed on this line
            self.flush()
            self.comment = True
            self.chunk(rest)
        elif self.preformatted:
            self.held += rest
        else:
            self.text(rest)

    def element(self, tag: str) -> None:
        name = _NAME.match(tag)
        if name is None:  # a comment
            return
        name_ = name.group(1).lower()
        if tag.startswith("</"):
            for depth in range(len(self.open) - 1, -1, -1):
                if self.open[depth].name == name_:
                    del self.open[depth:]
                    break
        elif name_ not in _VOID and not tag.endswith("/>"):
            classes = (_CLASS.search(tag).group(1) if _CLASS.search(tag) else "").split()
            named = ELEMENT_ID.search(tag)
            title = name_ in _TITLE_ELEMENTS or any(_TITLE_CLASS.search(c) for c in classes)
            self.open.append(_Element(name_, named.group(1) if named else None, title))

    def text(self, run: str, title: bool | None = None, stem: str | None = None) -> None:
        """A run of text: a unit if it has words (``title``: whether it is heading-like,
        by default as its element is; ``stem``: what its id numbers, by default its kind),
        else copied."""
        inside_code = bool(self.open) and self.open[-1].name in _RAW
        if inside_code or not has_words(run) or self.transcript():
            self.chunk(run)
            return
        key = normalised(run)
        if key not in self.seen:
            scope = next((element.id for element in reversed(self.open) if element.id), "top")
            heading_like = title if title is not None else bool(self.open) and self.open[-1].title
            stem = stem or (TITLE if heading_like else TEXT)
            kind = TITLE if heading_like else PREFORMATTED if self.preformatted else TEXT
            self.counts[scope, stem] += 1
            self.seen[key] = f"{scope}.{stem}{self.counts[scope, stem]}", kind
        name, kind = self.seen[key]  # a repeat shares the id, so the translation
        first, end = run[:len(run) - len(run.lstrip())], run[len(run.rstrip()):]
        self.pieces.append(Unit(name, kind, (run,), first, "", end))

    def transcript(self) -> bool:
        """Whether the cut is inside a video's transcript list (:data:`_SAID_BY_THE_SCENE`)."""
        return any(element.id and _SAID_BY_THE_SCENE.match(element.id)
                   for element in self.open)

    def tag(self, tag: str) -> None:
        """A tag, copied but for the words of its ``aria-label``, ``title`` or ``alt``: what a
        screen reader says for a plot, or a tooltip, is text like any other (and its numbers
        are checked like any other)."""
        position = 0
        for value in _SPOKEN.finditer(tag):
            self.chunk(tag[position:value.start(1)])
            self.text(value.group(1), title=True, stem=SPOKEN)
            position = value.end(1)
        self.chunk(tag[position:])


def split_fragment(markdown: str) -> list[Piece]:
    """``markdown`` (a generated fragment) as pieces: its Markdown blocks' units as a page's,
    and its raw HTML lines cut into tags and text runs. Joining them (:func:`join_fragment`)
    without translations gives ``markdown`` exactly."""
    cutter = _Cutter()
    lines = 0  # lines cut so far: a newline goes before every line but the first
    for piece in split_page(markdown):
        if isinstance(piece, Unit) and has_words(piece.text) and not cutter.preformatted:
            cutter.chunk("\n" if lines else "")  # a Markdown block
            cutter.pieces.append(piece)
            lines += len(piece.lines)
            continue
        html = isinstance(piece, Verbatim) and piece.html
        for line in piece.lines:  # raw HTML is cut at its tags; the rest is copied
            preformatted = cutter.preformatted  # a <pre>'s lines are HTML, whatever they look like
            if preformatted and not line.strip():
                cutter.flush()  # a blank line ends a paragraph of preformatted text
            if lines:
                cutter.newline()
            if html or preformatted:
                cutter.line(line)
            else:
                cutter.chunk(line)
            lines += 1
    cutter.flush()
    return cutter.pieces


def join_fragment(pieces: list[Piece], texts: dict[str, str]) -> str:
    """The fragment the pieces make, each unit named in ``texts`` in that translation."""
    out: list[str] = []
    for piece in pieces:
        if isinstance(piece, Verbatim):
            out.append(piece.lines[0])
        elif piece.id in texts:
            out.append("\n".join(translated_lines(piece, texts[piece.id])))
        else:
            out.append("\n".join(piece.lines))
    return "".join(out)


FRAGMENT = Layout(split_fragment, join_fragment, "**/*.md")
