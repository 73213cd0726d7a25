"""A chapter's figures as standalone SVG files, for slides and print.

The site draws its plots inline with colours that follow the reader's scheme (CSS
variables) and formulas that KaTeX typesets in the browser. A file dropped into
PowerPoint, Keynote or Inkscape has neither, so here each figure is drawn from the same
data the site draws it from (:class:`sitebuild.figure.Figure`, kept with the chapter's
tables by :mod:`sitebuild.chapter_tables`) in the light theme's colours, each formula
typeset by LaTeX (as the animations' are) and embedded as vector paths.
"""

from __future__ import annotations

import re
from itertools import count
from pathlib import Path

import manim
from manim.utils.tex_file_writing import tex_to_svg_file

from animations import texcache
from foundation.fonts import HANGUL_FONT
from foundation.palette import THEMES
from lectures import language
from sitebuild import chapter_tables, svg
from sitebuild.figure import Figure, Formula, Paint

THEME = THEMES["light"]
# The site's neutral colours are CSS variables; in print, the light theme's own.
PRINTED = {svg.THEME.background: THEME.background, svg.THEME.foreground: THEME.foreground,
           svg.THEME.muted: THEME.muted, svg.THEME.grid: THEME.grid}
_VIEWBOX = re.compile(r"viewBox=['\"]([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)['\"]")


def colour(paint: Paint) -> str:
    """The one colour ``paint`` is printed in: its light shade, a neutral as the light
    theme has it."""
    return PRINTED.get(paint.light, paint.light)


def painted(paint: Paint) -> str:
    """The attributes that print ``paint``'s property in its colour."""
    named = f' data-hue="{paint.hue}"' if paint.hue is not None else ""
    return f'style="{paint.prop}:{colour(paint)}"{named}'


def typeset(formula: Formula, index: int) -> str:
    """``formula`` as vector paths typeset by LaTeX, on its baseline and with its alignment;
    ``index`` keeps the glyph ids of the figure's formulas apart."""
    with (texcache.private_folder() as tex,
          manim.tempconfig({"tex_dir": str(tex), "verbosity": "WARNING"})):
        path = tex_to_svg_file(f"${formula.latex}$")
        source = Path(path).read_text(encoding="utf-8")
    box = _VIEWBOX.search(source)
    if box is None:
        raise RuntimeError(f"{path}: the typeset formula has no viewBox")
    left, top, width, height = (float(v) for v in box.groups())
    body = source[source.index(">", source.index("<svg")) + 1:source.rindex("</svg>")]
    body = re.sub(r"""id=(['"])([^'"]+)\1""", rf'id="f{index}-\2"', body)
    body = re.sub(r"""href=(['"])#([^'"]+)\1""", rf'href="#f{index}-\2"', body)
    scale = formula.size / 10  # TeX's 10 pt type drawn at the figure's font size
    shown_width, shown_height = width * scale, height * scale
    start = formula.x - {"start": 0.0, "middle": shown_width / 2, "end": shown_width}[
        formula.anchor]
    # dvisvgm puts the baseline at y = 0 of the formula's own box.
    return (f'<svg x="{start:.2f}" y="{formula.y + top * scale:.2f}" '
            f'width="{shown_width:.2f}" height="{shown_height:.2f}" '
            f'viewBox="{left} {top} {width} {height}" overflow="visible" '
            f'style="fill:{colour(formula.paint)}">{body}</svg>')


def standalone(figure: Figure, lang: str = "en") -> str:
    """``figure`` as a self-contained SVG file in the light theme's colours; its words in
    ``lang``'s letters: Korean names NanumGothic first, which the site and the renders use."""
    numbers = count()
    drawn = figure.svg(painted, lambda formula: typeset(formula, next(numbers)),
                       attributes=f'xmlns:xlink="http://www.w3.org/1999/xlink" '
                                  f'width="{figure.width}" height="{figure.height}" '
                                  + (f'xml:lang="{lang}" ' if lang != "en" else ""),
                       font=f"'{HANGUL_FONT}',sans-serif" if lang == "ko" else "sans-serif")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + drawn + "\n"


def chapter_figures(chapter: int, lang: str = "en") -> dict[str, str]:
    """``{name}.svg`` → standalone SVG text for every figure of ``chapter``, its words in
    ``lang`` (:func:`lectures.language.figure`: the checked translation the site shows)."""
    return {f"{name}.svg": standalone(language.figure(name, figure, lang), lang)
            for name, figure in sorted(chapter_tables.figures(chapter).items())}
