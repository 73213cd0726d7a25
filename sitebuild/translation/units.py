"""An English page cut into translation units, and a page put back together from them.

A *unit* is the smallest piece a translator rewrites as a whole: a heading, a paragraph, a list
item, an admonition's title, a table row. Everything else on a page is *verbatim* and is copied
into every translation unchanged: front matter, fenced and indented code, ``--8<--`` includes
(generated fragments are translated where they are generated, not here), raw HTML block lines,
display-math blocks, table separator rows, rules and blank lines. A translation therefore
cannot drop an include, reorder a section or edit code: it supplies text for units and nothing
else, and the English page decides the layout.

Ids are ``<scope>.<kind><n>``: the scope is the section (its heading's anchor, the same slug
Python-Markdown's ``toc`` gives the heading) or, inside ``<div id="ex-1-3" markdown="1">``, that
element's id; admonitions and list items with blocks of their own open nested scopes
(``exercises.ad1.title``, ``using-it.li4.p1``). A number counts only within its scope and kind,
so adding a paragraph to one section renumbers that section's later paragraphs and nothing
else, and a renumbered unit is never silently matched to the wrong text: its recorded source
digest no longer agrees (see :mod:`sitebuild.translation.report`). Anchors of headings are kept
in every language (an assembled translated heading carries ``{#english-slug}``), so links such
as ``appendix-1.md#errata-checked`` and a language switch land on the same place.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from foundation.provenance import digest

SOURCE_DIGITS = 12  # 48 bits of SHA-256: a changed unit goes unnoticed with odds 2**-48

# Kinds of units, in the id: the heading of a section is ``<slug>.h``.
HEADING, PARAGRAPH, ITEM, TITLE, ROW = "h", "p", "li", "title", "row"
SINGLE_LINE = frozenset({HEADING, TITLE, ROW})
# A run of text inside a generated fragment's ``<pre>`` (:mod:`sitebuild.translation.fragments`):
# not Markdown, so nothing in it starts a block, and its lines keep their indentation.
PREFORMATTED = "pre"
HEADING_LIKE = frozenset({HEADING, TITLE})

_BLOCK_TAGS = frozenset((
    "address", "article", "aside", "audio", "blockquote", "canvas", "details", "dialog", "div",
    "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5",
    "h6", "header", "hr", "iframe", "main", "nav", "noscript", "ol", "p", "picture", "pre",
    "script", "section", "style", "summary", "svg", "table", "template", "ul", "video"))
_HTML_BLOCK = re.compile(r"<(/?)([A-Za-z][\w-]*)(?=[\s/>]|$)|<!--")
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})")
_HEADING = re.compile(r"^(#{1,6})([ \t]+)(.*?)(?:[ \t]+#+)?[ \t]*$")
_ATTRIBUTES = re.compile(r"[ \t]*\{:?[ \t]*[#.][^{}]*\}[ \t]*$")
_EXPLICIT_ID = re.compile(r"#([\w-]+)")
_CONTAINER = re.compile(r'^((?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*[ \t]*)'
                        r'(?:"(.*)")?[ \t]*$|^(===\+?[ \t]+)"(.*)"[ \t]*$')
_ITEM = re.compile(r"^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+)(\S.*)$")
_SEPARATOR_ROW = re.compile(r"^\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_RULE = re.compile(r"^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$")
_LINK_DEFINITION = re.compile(r"^ {0,3}(\[[^\]]+\]:|\*\[[^\]]+\]:)")
_ATTRIBUTE_LINE = re.compile(r"^ {0,3}\{:?[^{}]*\}[ \t]*$")
_MARKDOWN_DIV = re.compile(r'<div\b[^>]*\bmarkdown="?(?:1|block)"?[^>]*>')
ELEMENT_ID = re.compile(r'\bid="([^"]+)"')


@dataclass(frozen=True)
class Verbatim:
    """Lines every translation copies as they are. ``html``: raw HTML block lines, whose text
    nodes a generated fragment translates (:mod:`sitebuild.translation.fragments`)."""

    lines: tuple[str, ...]
    html: bool = False


@dataclass(frozen=True)
class Unit:
    """One translatable block of an English page.

    ``lines`` are its English lines as written; ``first`` and ``rest`` are what a translated
    text's first and later lines are prefixed with (indentation, a list marker, ``## ``), and
    ``end`` what follows its last line (a title's closing quote, a heading's attribute list).
    """

    id: str
    kind: str
    lines: tuple[str, ...]
    first: str
    rest: str
    end: str = ""
    anchor: str | None = None  # a heading's id, kept by its translations

    @property
    def text(self) -> str:
        """The English text a translator translates: without prefixes or the ``end``."""
        body = [self.lines[0][len(self.first):]] + [line.strip() for line in self.lines[1:]]
        if self.end and body[-1].endswith(self.end.strip()):
            body[-1] = body[-1][:len(body[-1]) - len(self.end.strip())]
        return "\n".join(part.strip() for part in body)

    @property
    def source(self) -> str:
        """What a translation records to say which English it translated: the SHA-256 prefix
        of :func:`normalised` text, so re-wrapping the English does not make translations
        stale while any change of a word, a formula or a number does."""
        return source_digest(self.text)


def normalised(text: str) -> str:
    """``text`` as Markdown reads it within a block: every run of white space one space."""
    return " ".join(text.split())


def source_digest(text: str) -> str:
    """The recorded digest of an English unit's text (see :attr:`Unit.source`)."""
    return digest((), normalised(text))[:SOURCE_DIGITS]


Piece = Verbatim | Unit


def units(pieces: Iterable[Piece]) -> list[Unit]:
    """The units of a split page, in page order."""
    return [piece for piece in pieces if isinstance(piece, Unit)]


def anchor_of(heading: str) -> str:
    """The id Python-Markdown's ``toc`` gives a heading with this text (before ``_1``
    suffixes for repeats), with the same function, so a unit's scope is its section's anchor."""
    from markdown.extensions.toc import slugify

    plain = re.sub(r"[`*$]", "", heading)
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", plain)
    return slugify(plain, "-") or "section"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _html_block_start(body: str) -> bool:
    match = _HTML_BLOCK.match(body)
    return bool(match) and (match.group(0) == "<!--" or match.group(2).lower() in _BLOCK_TAGS)


def _starts_block(body: str) -> bool:
    """Whether a line ends the paragraph above it (Python-Markdown's blocks that need no blank
    line before them)."""
    return bool(_FENCE.match(body) or _HEADING.match(body) or _CONTAINER.match(body)
                or body.startswith(("--8<--", "$$")) or _html_block_start(body))


@dataclass
class _Splitter:
    pieces: list[Piece] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    anchors: Counter = field(default_factory=Counter)
    section: str = "top"
    divs: list[str] = field(default_factory=list)

    def number(self, scope: str, kind: str) -> int:
        self.counts[scope, kind] += 1
        return self.counts[scope, kind]

    def unit(self, scope: str, kind: str, lines: Sequence[str], first: str, rest: str,
             end: str = "", anchor: str | None = None, name: str | None = None) -> None:
        name = name or f"{scope}.{kind}{self.number(scope, kind)}"
        self.pieces.append(Unit(name, kind, tuple(lines), first, rest, end, anchor))

    def verbatim(self, lines: Sequence[str], html: bool = False) -> None:
        last = self.pieces[-1] if self.pieces else None
        if isinstance(last, Verbatim) and last.html == html:
            lines = self.pieces.pop().lines + tuple(lines)
        self.pieces.append(Verbatim(tuple(lines), html))

    def scope(self, nested: str | None) -> str:
        return nested or (self.divs[-1] if self.divs else self.section)

    def html(self, lines: Sequence[str]) -> None:
        """Raw HTML is copied; a ``<div markdown="1">`` opens a scope named by its id."""
        for line in lines:
            for opened in _MARKDOWN_DIV.finditer(line):
                named = ELEMENT_ID.search(opened.group(0))
                self.divs.append(named.group(1) if named else self.scope(None))
            for _ in re.finditer(r"</div>", line):
                if self.divs:
                    self.divs.pop()
        self.verbatim(lines, html=True)

    def blocks(self, lines: Sequence[str], base: int, nested: str | None) -> None:
        """Split ``lines``, whose blocks start at column ``base``, into pieces; ``nested`` is
        the scope of a container (an admonition, a list item), None at the page's top level."""
        i = 0
        while i < len(lines):
            line = lines[i]
            body = line[base:] if _indent(line) >= base else line.lstrip(" ")
            scope = self.scope(nested)
            if not line.strip():
                self.verbatim([line])
                i += 1
            elif nested is None and i == 0 and not self.pieces and line.rstrip() == "---":
                end = next((j for j in range(1, len(lines)) if lines[j].rstrip() == "---"),
                           len(lines) - 1)
                self.verbatim(lines[:end + 1])
                i = end + 1
            elif fence := _FENCE.match(body):
                mark = fence.group(2)
                end = next((j for j in range(i + 1, len(lines))
                            if lines[j].strip().startswith(mark[0] * len(mark))
                            and not lines[j].strip().strip(mark[0])), len(lines) - 1)
                self.verbatim(lines[i:end + 1])
                i = end + 1
            elif body.startswith("--8<--"):
                end = i
                if body.strip() == "--8<--":  # the block form: file names until the next mark
                    end = next((j for j in range(i + 1, len(lines))
                                if lines[j].strip() == "--8<--"), len(lines) - 1)
                self.verbatim(lines[i:end + 1])
                i = end + 1
            elif body.startswith("$$"):
                end = i
                if not (len(body.strip()) > 4 and body.strip().endswith("$$")):
                    end = next((j for j in range(i + 1, len(lines))
                                if lines[j].strip().endswith("$$")), len(lines) - 1)
                self.verbatim(lines[i:end + 1])
                i = end + 1
            elif _html_block_start(body):
                end = i
                closing = "-->" if body.startswith("<!--") else None
                while end + 1 < len(lines) and (
                        lines[end + 1].strip() if closing is None else closing not in lines[end]):
                    end += 1
                self.html(lines[i:end + 1])
                i = end + 1
            elif heading := _HEADING.match(body):
                self.heading(line, heading, nested, scope)
                i += 1
            elif container := _CONTAINER.match(body):
                i = self.container(lines, i, base, container, scope)
            elif body.startswith("|") and i + 1 < len(lines) \
                    and _SEPARATOR_ROW.match(lines[i + 1].strip()):
                i = self.table(lines, i, scope)
            elif item := _ITEM.match(body):
                i = self.item(lines, i, base, item, scope)
            elif _RULE.match(body) or _LINK_DEFINITION.match(body) \
                    or _ATTRIBUTE_LINE.match(body):
                self.verbatim([line])
                i += 1
            elif _indent(body) >= 4 and (i == 0 or not lines[i - 1].strip()):
                end = i
                while end + 1 < len(lines) and (
                        not lines[end + 1].strip() or _indent(lines[end + 1]) >= base + 4):
                    end += 1
                while not lines[end].strip():
                    end -= 1
                self.verbatim(lines[i:end + 1])  # indented code
                i = end + 1
            else:
                i = self.paragraph(lines, i, base, scope)

    def heading(self, line: str, match: re.Match[str], nested: str | None, scope: str) -> None:
        text = match.group(3)
        end = ""
        if attributes := _ATTRIBUTES.search(text):
            end, text = attributes.group(0), text[:attributes.start()]
        explicit = _EXPLICIT_ID.search(end)
        anchor = explicit.group(1) if explicit else anchor_of(text)
        if not explicit:  # toc's rule for repeated headings: ``errata``, ``errata_1``, …
            self.anchors[anchor] += 1
            if self.anchors[anchor] > 1:
                anchor = f"{anchor}_{self.anchors[anchor] - 1}"
        first = line[:len(line) - len(line.lstrip())] + match.group(1) + match.group(2)
        if nested is None and not self.divs:
            self.section = anchor
            self.unit(anchor, HEADING, [line], first, first, end, anchor, name=f"{anchor}.h")
        else:
            self.unit(scope, HEADING, [line], first, first, end, anchor)

    def container(self, lines: Sequence[str], i: int, base: int, match: re.Match[str],
                  scope: str) -> int:
        inner = f"{scope}.ad{self.number(scope, 'ad')}"
        title = match.group(2) if match.group(1) else match.group(4)
        if title:
            mark = match.group(1) or match.group(3)
            first = lines[i][:base] + mark + '"'
            self.unit(inner, TITLE, [lines[i]], first, first, '"', name=f"{inner}.title")
        else:
            self.verbatim([lines[i]])
        end = i
        while end + 1 < len(lines) and (
                not lines[end + 1].strip() or _indent(lines[end + 1]) >= base + 4):
            end += 1
        while end > i and not lines[end].strip():
            end -= 1
        self.blocks(lines[i + 1:end + 1], base + 4, inner)
        return end + 1

    def table(self, lines: Sequence[str], i: int, scope: str) -> int:
        while i < len(lines) and lines[i].lstrip().startswith("|"):
            line = lines[i]
            if _SEPARATOR_ROW.match(line.strip()):
                self.verbatim([line])
            else:
                first = line[:len(line) - len(line.lstrip())]
                self.unit(scope, ROW, [line], first, first)
            i += 1
        return i

    def item(self, lines: Sequence[str], i: int, base: int, match: re.Match[str],
             scope: str) -> int:
        first = lines[i][:base] + match.group(1) + match.group(2) + match.group(3)
        content = len(first)
        end = i
        while end + 1 < len(lines):
            following = lines[end + 1].lstrip(" ")
            # a blank line, another block or another item (nested or not) ends the item's text
            if not following or _starts_block(following) or _ITEM.match(following):
                break
            end += 1
        rest = lines[i + 1][:_indent(lines[i + 1])] if end > i else " " * content
        self.unit(scope, ITEM, lines[i:end + 1], first, rest)
        number = self.counts[scope, ITEM]
        children = end
        while children + 1 < len(lines) and (
                not lines[children + 1].strip() or _indent(lines[children + 1]) >= content):
            children += 1
        while children > end and not lines[children].strip():
            children -= 1
        if children > end:
            inner = lines[end + 1:children + 1]
            indent = min(_indent(line) for line in inner if line.strip())
            self.blocks(inner, indent, f"{scope}.{ITEM}{number}")
        return children + 1

    def paragraph(self, lines: Sequence[str], i: int, base: int, scope: str) -> int:
        end = i
        while end + 1 < len(lines) and lines[end + 1].strip() \
                and not _starts_block(lines[end + 1].lstrip(" ")):
            end += 1
        first = lines[i][:_indent(lines[i])]
        rest = lines[i + 1][:_indent(lines[i + 1])] if end > i else first
        self.unit(scope, PARAGRAPH, lines[i:end + 1], first, rest)
        return end + 1


def starts_a_block(text: str, kind: str) -> str | None:
    """What in a translated ``text`` would begin a block of its own, if anything: a heading,
    list marker, fence, include, admonition, raw HTML or table pipe at the start of a line.
    Inside a list item or a table the page's re-split cannot see it, so it is looked for
    here. (A heading, title or row is one line after its own prefix: nothing in it starts a
    block, and a second line is found by the re-split. Preformatted text is no Markdown.)"""
    if kind in SINGLE_LINE or kind == PREFORMATTED:
        return None
    for number, line in enumerate(text.strip().split("\n")):
        body = line.strip()
        if _starts_block(body) or body.startswith(">") or (
                number == 0 and (_ITEM.match(body) or body.startswith("|"))):
            return f"line {number + 1} ({body[:30]!r})"
    return None


def split_page(markdown: str) -> list[Piece]:
    """``markdown`` (an English page) as verbatim pieces and units, in order: joining them
    back (:func:`assemble`) without translations gives ``markdown`` exactly."""
    splitter = _Splitter()
    splitter.blocks(markdown.split("\n"), 0, None)
    names = Counter(unit.id for unit in units(splitter.pieces))
    if repeated := sorted(name for name, count in names.items() if count > 1):
        raise ValueError(f"unit ids repeat: {', '.join(repeated)} (an element id equal to a "
                         "heading's anchor?)")
    return splitter.pieces


def translated_end(unit: Unit) -> str:
    """What a translated unit's last line ends with: a heading keeps its English anchor, by
    an attribute list (``{#errata}``), so links into the page work in every language."""
    if unit.kind != HEADING or unit.anchor is None or "#" in unit.end:
        return unit.end
    if unit.end:  # an attribute list without an id (``{ .class }``) gets the anchor first
        return re.sub(r"\{:?[ \t]*", lambda opened: f"{opened.group(0)}#{unit.anchor} ",
                      unit.end, count=1)
    return " {#" + unit.anchor + "}"


def translated_lines(unit: Unit, text: str) -> list[str]:
    """A translation of ``unit`` laid out as the English is: its prefixes and end (and, in
    preformatted text, the indentation the translation gives its later lines)."""
    lines = text.strip().split("\n")
    body = [lines[0].strip()] + [line.rstrip() if unit.kind == PREFORMATTED else line.strip()
                         for line in lines[1:]]
    laid = [unit.first + body[0]] + [unit.rest + line if line else line for line in body[1:]]
    laid[-1] += translated_end(unit)
    return laid


def assemble(pieces: Iterable[Piece], texts: dict[str, str] | None = None) -> str:
    """The page the pieces make, with the text of each unit named in ``texts`` replaced by
    that translation and every other unit in its English."""
    texts = texts or {}
    lines: list[str] = []
    for piece in pieces:
        if isinstance(piece, Verbatim):
            lines += piece.lines
        elif piece.id in texts:
            lines += translated_lines(piece, texts[piece.id])
        else:
            lines += piece.lines
    return "\n".join(lines)


def outline(pieces: Iterable[Piece]) -> Iterator[tuple[str, str]]:
    """Each piece as (id, kind), verbatim pieces by their text: what a translated page must
    share with its English page, block for block."""
    for piece in pieces:
        if isinstance(piece, Unit):
            yield piece.id, piece.kind
        else:
            for line in piece.lines:
                if line.strip():
                    yield "verbatim", line.strip()


@dataclass(frozen=True)
class Layout:
    """How one kind of English file is cut into pieces and put back together, and which files
    are of that kind: a hand-written page (:data:`PAGE`), or a generated fragment
    (:data:`sitebuild.translation.fragments.FRAGMENT`). The checks and tools take a layout, so
    both kinds are checked by the same code."""

    split: Callable[[str], list[Piece]]
    join: Callable[[list[Piece], dict[str, str]], str]
    pattern: str  # the English files, as a glob below their folder
    # A check of this kind's own, on each current unit: (page, unit id, English, translation)
    # → findings (the interface messages' placeholders, :mod:`sitebuild.translation.messages`).
    check: Callable[[str, str, str, str], list] | None = None


PAGE = Layout(split_page, assemble, "*.md")
