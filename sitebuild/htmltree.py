"""Built HTML as a small element tree, for the build's checks (standard library only).

The checks ask questions a regular expression cannot answer reliably: is this
text inside math or code, is this formula inside a theorem box. MkDocs writes
well-formed HTML, so a forgiving tree builder over :class:`html.parser.HTMLParser`
is enough: void elements close themselves, and an end tag closes every element
opened after its start tag.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "param", "source", "track", "wbr"})


@dataclass
class Element:
    """One element: its tag, attributes, parent and children (elements and text strings)."""

    tag: str
    attrs: dict[str, str]
    parent: Element | None = None
    children: list[Element | str] = field(default_factory=list)
    line: int = 0

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def ancestors(self) -> Iterator[Element]:
        """This element and every element around it, innermost first."""
        node: Element | None = self
        while node is not None:
            yield node
            node = node.parent

    def iter(self) -> Iterator[Element]:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def text(self) -> str:
        """All text inside this element, as one string."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def describe(self) -> str:
        """A short name for messages: ``div#id.class`` and the source line."""
        ident = f"#{self.attrs['id']}" if self.attrs.get("id") else ""
        classes = "".join(f".{c}" for c in sorted(self.classes))
        return f"<{self.tag}{ident}{classes}> (line {self.line})"


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.open[-1],
                          line=self.getpos()[0])
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.open[-1],
                          line=self.getpos()[0])
        self.open[-1].children.append(element)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def parse(markup: str) -> Element:
    """The document tree of ``markup``."""
    builder = _Builder()
    builder.feed(markup)
    builder.close()
    return builder.root


def text_nodes(root: Element, skip: set[str] | None = None,
               skip_classes: set[str] | None = None) -> Iterator[tuple[str, Element]]:
    """Every text string under ``root`` with its element, leaving out elements whose tag is in
    ``skip`` or that carry a class in ``skip_classes`` (and everything inside them)."""
    skip = skip or set()
    skip_classes = skip_classes or set()

    def walk(element: Element) -> Iterator[tuple[str, Element]]:
        if element.tag in skip or element.classes & skip_classes:
            return
        for child in element.children:
            if isinstance(child, str):
                yield child, element
            else:
                yield from walk(child)

    yield from walk(root)
