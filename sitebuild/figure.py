"""A figure as data: SVG markup whose colours and formulas stay open until it is drawn.

The chapters' figures (``sitebuild/tables``) are drawn in two places: inline on the
site, where colours follow the reader's scheme (CSS) and KaTeX typesets formulas in the
browser, and as standalone files in a lecture kit, in one theme's colours with formulas
typeset by LaTeX (:mod:`lectures.figures`). So a figure keeps what differs between the
two as data, never as text to be parsed back: its SVG elements are :class:`Markup`, text
with holes, each hole a :class:`Paint` (the shades a property is drawn in) or a
:class:`Formula` (LaTeX and where it stands). :meth:`Figure.site` fills them for the
page; a :class:`Figure` travels to the kit through the tables' cache as JSON
(:meth:`Figure.to_json`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

_FONT_SIZES = re.compile(r'font-size="(\d+(?:\.\d+)?)"')
MIN_FONT = 12  # px: no label of a figure is drawn smaller


@dataclass(frozen=True)
class Paint:
    """How one property (``fill``, ``stroke`` or ``color``) of an element is drawn: in
    ``light`` on the light scheme and ``dark`` on the dark one, shades of the palette hue
    ``hue`` if it has one; with ``dark`` None, in the one CSS colour ``light``
    (``var(--plot-muted)``) on both."""

    prop: str
    light: str
    dark: str | None = None
    hue: str | None = None

    def site(self) -> str:
        """The attributes that paint the property per scheme (``companion.css`` picks)."""
        if self.dark is None:
            return f'style="{self.prop}:{self.light}"'
        named = f' data-hue="{self.hue}"' if self.hue is not None else ""
        return (f'class="ink-{self.prop}" style="--ink-light:{self.light};'
                f'--ink-dark:{self.dark}"{named}')


@dataclass(frozen=True)
class Formula:
    """LaTeX drawn in ``paint`` (a ``color``) with its baseline at (``x``, ``y``), aligned
    there as ``anchor`` says (``start``, ``middle``, ``end``) within ``box`` units;
    ``marks`` are the attributes that tell tests what it labels."""

    x: float
    y: float
    latex: str
    paint: Paint
    anchor: str
    size: int
    box: float
    marks: str = ""

    @property
    def align(self) -> str:
        """The CSS ``text-align`` of the anchor."""
        return {"start": "left", "middle": "center", "end": "right"}[self.anchor]

    def site(self) -> str:
        """The formula for KaTeX to typeset in the page, in a ``foreignObject``."""
        left = self.x - {"start": 0.0, "middle": self.box / 2, "end": self.box}[self.anchor]
        escaped = self.latex.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return (f'<foreignObject x="{left:.1f}" y="{self.y - 1.5 * self.size:.1f}" '
                f'width="{self.box:g}" height="{2.2 * self.size:g}" '
                f'style="overflow:visible"{self.marks}>'
                f'<div xmlns="http://www.w3.org/1999/xhtml" {self.paint.site()}>'
                f'<div class="plot-math" style="text-align:{self.align};'
                f'font-size:{self.size}px"><span class="arithmatex">\\({escaped}\\)</span>'
                f'</div></div></foreignObject>')


Piece = str | Paint | Formula


@dataclass(frozen=True)
class Markup:
    """SVG text with holes: ``pieces`` are literal text, :class:`Paint` s and
    :class:`Formula` s, in order. Joined with ``+``; it is not text until drawn
    (:meth:`render`), so an f-string cannot lose its holes by accident."""

    pieces: tuple[Piece, ...]

    def __add__(self, other: Markup | str) -> Markup:
        return Markup(self.pieces + (other.pieces if isinstance(other, Markup) else (other,)))

    def __radd__(self, other: str) -> Markup:
        return Markup((other, *self.pieces))

    def __str__(self) -> str:
        raise TypeError("Markup is drawn with .render() or Figure.site(), not str()")

    def render(self, paint: Callable[[Paint], str], formula: Callable[[Formula], str]) -> str:
        """The SVG text, each paint and formula drawn by the functions given."""
        return "".join(piece if isinstance(piece, str) else paint(piece)
                       if isinstance(piece, Paint) else formula(piece) for piece in self.pieces)

    def literal(self) -> str:
        """The literal text alone (what it says of sizes and shapes)."""
        return "".join(piece for piece in self.pieces if isinstance(piece, str))


def markup(*pieces: Piece) -> Markup:
    """A :class:`Markup` of ``pieces``."""
    return Markup(pieces)


@dataclass(frozen=True)
class Figure:
    """A responsive SVG plot ``width`` × ``height`` units with an accessible ``label``, its
    elements ``parts``, on a background painted by ``background_paint`` (None: transparent);
    ``caption`` is Markdown under it on its page, not part of the picture."""

    width: float
    height: float
    label: str
    parts: tuple[Markup, ...]
    font_size: int = MIN_FONT
    background_paint: Paint | None = None
    caption: str = ""

    def narrowest(self) -> int:
        """The width below which its smallest text would render under :data:`MIN_FONT` px."""
        sizes = [float(size) for part in self.parts
                 for size in _FONT_SIZES.findall(part.literal())]
        return round(self.width * MIN_FONT / min([float(self.font_size), *sizes]))

    def svg(self, paint: Callable[[Paint], str], formula: Callable[[Formula], str], *,
            attributes: str = "", style: str = "", font: str = "sans-serif") -> str:
        """The ``<svg>`` element, its paints and formulas drawn by the functions given;
        ``attributes`` go first on it, ``style`` first in its style; ``font``: its text's
        font family (a file outside the site names one that has the language's letters)."""
        frame = ([markup(f'<rect width="{self.width}" height="{self.height}" ',
                         self.background_paint, "/>")]
                 if self.background_paint is not None else [])
        return "\n".join([
            f'<svg {attributes}xmlns="http://www.w3.org/2000/svg" class="companion-plot" '
            f'viewBox="0 0 {self.width} {self.height}" role="img" aria-label="{self.label}" '
            f'style="{style}font-family:{font};font-size:{self.font_size}px">',
            *(part.render(paint, formula) for part in (*frame, *self.parts)), "</svg>"])

    def site(self) -> str:
        """The figure as the page shows it: colours per scheme, formulas for KaTeX, never
        narrower than its labels allow (it scrolls sideways instead), then its caption."""
        drawn = self.svg(Paint.site, Formula.site, style=f"min-width:{self.narrowest()}px;")
        return "\n".join(['<div class="figure-scroll">', drawn, "</div>"]) + self.caption

    def to_json(self) -> dict[str, Any]:
        """The figure as JSON data (:meth:`from_json` reads it back)."""
        return {"figure": {
            "width": self.width, "height": self.height, "label": self.label,
            "font_size": self.font_size, "caption": self.caption,
            "background_paint": _piece_json(self.background_paint),
            "parts": [[_piece_json(piece) for piece in part.pieces] for part in self.parts]}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Figure:
        """The figure that :meth:`to_json` wrote."""
        fields = data["figure"]
        return cls(**{**fields, "background_paint": _piece(fields["background_paint"]),
                      "parts": tuple(Markup(tuple(_piece(p) for p in part))
                                     for part in fields["parts"])})

    @staticmethod
    def is_json(data: Any) -> bool:
        """Whether JSON ``data`` is a figure (:meth:`to_json`) rather than Markdown."""
        return isinstance(data, Mapping) and "figure" in data


def _piece_json(piece: Piece | None) -> Any:
    if isinstance(piece, Paint):
        return {"paint": asdict(piece)}
    if isinstance(piece, Formula):
        return {"formula": asdict(piece)}  # its paint nested as a dict
    return piece


def _piece(data: Any) -> Piece | None:
    if isinstance(data, Mapping) and "paint" in data:
        return Paint(**data["paint"])
    if isinstance(data, Mapping) and "formula" in data:
        return Formula(**{**data["formula"], "paint": Paint(**data["formula"]["paint"])})
    return data
