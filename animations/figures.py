"""A chapter's figures as standalone SVG files, for slides and print.

The site draws its plots inline (``sitebuild/tables``) with colours that follow
the reader's scheme (CSS variables) and formulas that KaTeX typesets in the
browser. A file dropped into PowerPoint, Keynote or Inkscape has neither, so
here each figure gets the light theme's colours written in, and each formula is
typeset by LaTeX (as the animations' are) and embedded as vector paths.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import manim
from manim.utils.tex_file_writing import tex_to_svg_file

from animations import catalogue
from foundation.palette import THEMES

_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_FOREIGN = re.compile(
    r'<foreignObject x="(?P<x>[-\d.]+)" y="(?P<y>[-\d.]+)" width="(?P<width>[\d.]+)" '
    r'height="[\d.]+"[^>]*><div xmlns="[^"]*" (?:class="ink-color" style="--ink-light:'
    r'(?P<ink>#[0-9a-fA-F]{6});--ink-dark:#[0-9a-fA-F]{6}"(?: data-hue="[^"]*")?'
    r'|style="color:(?P<plain>[^"]+)")>'
    r'<div class="plot-math" style="text-align:(?P<align>\w+);font-size:(?P<size>[\d.]+)px">'
    r'<span class="arithmatex">\\\((?P<latex>.*?)\\\)</span></div></div></foreignObject>',
    re.DOTALL)
_INK = re.compile(r'class="ink-(fill|stroke|color)" style="--ink-light:(#[0-9a-fA-F]{6});'
                  r'--ink-dark:#[0-9a-fA-F]{6}"')
_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')
_INNER_VIEWBOX = re.compile(r"viewBox=['\"]([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)['\"]")
_MIN_WIDTH = re.compile(r"min-width:[\d.]+px;")
TEX_CACHE = catalogue.ROOT / "build" / "tex-cache" / "figures"


def figure_svgs(fragments: dict[str, str], chapter: int) -> dict[str, str]:
    """The inline SVG figures of ``chapter`` among the site's table fragments, by name."""
    prefix = f"tables/ch{chapter}-"
    found = {}
    for key, text in sorted(fragments.items()):
        if key.startswith(prefix) and (svg := _SVG.search(text)) is not None:
            found[key.removeprefix("tables/").removesuffix(".md")] = svg.group()
    return found


def _formula(latex: str, index: int, x: float, baseline: float, size: float, align: str,
             colour: str) -> str:
    """``latex`` as vector paths, on the baseline and with the alignment of the KaTeX formula
    it replaces."""
    with manim.tempconfig({"tex_dir": str(TEX_CACHE), "verbosity": "WARNING"}):
        path = tex_to_svg_file(f"${latex}$")
    source = Path(path).read_text(encoding="utf-8")
    box = _INNER_VIEWBOX.search(source)
    if box is None:
        raise RuntimeError(f"{path}: the typeset formula has no viewBox")
    left, top, width, height = (float(v) for v in box.groups())
    body = source[source.index(">", source.index("<svg")) + 1:source.rindex("</svg>")]
    body = re.sub(r"""id=(['"])([^'"]+)\1""", rf'id="f{index}-\2"', body)
    body = re.sub(r"""href=(['"])#([^'"]+)\1""", rf'href="#f{index}-\2"', body)
    scale = size / 10  # TeX's 10 pt type drawn at the figure's font size
    shown_width, shown_height = width * scale, height * scale
    start = {"left": x, "center": x - shown_width / 2, "right": x - shown_width}[align]
    # dvisvgm puts the baseline at y = 0 of the formula's own box.
    return (f'<svg x="{start:.2f}" y="{baseline + top * scale:.2f}" '
            f'width="{shown_width:.2f}" height="{shown_height:.2f}" '
            f'viewBox="{left} {top} {width} {height}" overflow="visible" '
            f'style="fill:{colour}">{body}</svg>')


def standalone(svg: str) -> str:
    """A site figure (its ``<svg>``, or the fragment holding it) as a self-contained SVG file
    in the light theme's colours."""
    found = _SVG.search(svg)
    if found is None:
        raise ValueError("svg: no <svg> element in the figure")
    theme = THEMES["light"]
    shown = found.group().replace("var(--plot-background)", theme.background)
    for name, colour in (("foreground", theme.foreground), ("muted", theme.muted),
                         ("grid", theme.grid)):
        shown = shown.replace(f"var(--plot-{name})", colour)
    counter = iter(range(1_000_000))

    def typeset(match: re.Match[str]) -> str:
        size = float(match["size"])
        width = float(match["width"])
        x = float(match["x"]) + {"left": 0.0, "center": width / 2, "right": width}[
            match["align"]]
        return _formula(html.unescape(match["latex"]), next(counter), x,
                        float(match["y"]) + 1.5 * size, size, match["align"],
                        match["ink"] or match["plain"])

    shown = _FOREIGN.sub(typeset, shown)
    if "<foreignObject" in shown:
        raise ValueError("svg: a foreignObject that is not a typeset formula is left")
    shown = _INK.sub(lambda m: f'style="{"color" if m[1] == "color" else m[1]}:{m[2]}"', shown)
    shown = _MIN_WIDTH.sub("", shown)
    size = _VIEWBOX.search(shown)
    dimensions = f' width="{size[1]}" height="{size[2]}"' if size else ""
    shown = shown.replace("<svg ", f'<svg xmlns:xlink="http://www.w3.org/1999/xlink"'
                                   f'{dimensions} ', 1)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + shown + "\n"


def chapter_figures(chapter: int) -> dict[str, str]:
    """``{name}.svg`` → standalone SVG text for every figure of ``chapter``'s page."""
    from sitebuild.fragments import table_fragments  # the figures are the site's, cached

    return {f"{name}.svg": standalone(svg)
            for name, svg in figure_svgs(table_fragments(), chapter).items()}
