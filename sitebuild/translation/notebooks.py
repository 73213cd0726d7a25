"""The chapters' notebooks in another language: the markdown cells translated and checked like
the pages, the code cells the English ones.

A notebook's English source is its jupytext "percent" script, ``notebooks/chapter-N.py``. Its
markdown cells are cut into units as a page is (:func:`sitebuild.translation.units.split_page`:
a heading, a paragraph, a list item, …) and translated in ``translations/<lang>/notebooks/
chapter-N.md`` with the marker of every translation file, so the checks are the pages': a
changed English cell makes its translation **stale** (the source digest), formulas, numbers,
code and link targets must be the English ones, the glossary's rejected terms are refused and
a term's first use in a notebook carries its English (headings exempt). A unit is named by its
cell, ``cell<I>.<kind><n>`` (``cell4.p1``: the first paragraph of the fifth cell, whose id in
the built notebook is ``chapter-N-cell-4``), not by a heading's anchor: a translated heading has
no English anchor a notebook could carry (Jupyter would show ``{#…}``). Code cells, the
header and the ``# %%`` lines are copied into every translation as they are (:class:`Raw`), so
a translation cannot change a line of code; comments in code stay English.

**Run once.** The translated notebook is never run. It is the English notebook as the build
wrote it (:mod:`sitebuild.notebooks`, run from top to bottom before it is published), with only
the sources of its markdown cells replaced (:func:`translated_notebook`): every code cell, its
id, metadata and any outputs are the English cell's, so the mathematics and numbers are the
English run's by construction. If the translated script's code cells were not the English
ones (which the layout makes impossible unless it has a bug), that is an error, never a second
run. Printed output is what the code prints, in English.

A stale or mismatched unit stops a publishing build (a warning while authoring, the translation
as it is standing in); a cell not yet translated shows its English.

    python -m sitebuild.translation status --notebooks
    python -m sitebuild.translation accept --notebooks chapter-1.py cell4.p1
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, replace
from pathlib import Path

from foundation.paths import ROOT
from sitebuild.problems import LOG, refuse
from sitebuild.translation import report
from sitebuild.translation.findings import MISSING, UNTRANSLATED
from sitebuild.translation.units import Layout, Piece, Unit, Verbatim, split_page, translated_lines

SOURCES = ROOT / "notebooks"  # the English scripts (sitebuild.notebooks reads the same folder)
WITHIN = "notebooks"  # translations/<lang>/notebooks/chapter-N.md
NOT_YET = frozenset({MISSING, UNTRANSLATED})  # the English stands in; the build goes on
_CELL = re.compile(r"^# %%(?:[ \t]|$)")
_MARKDOWN = re.compile(r"^# %%[ \t]+(?:.*[ \t])?\[(?:markdown|md)\]")


class CodeDiffers(ValueError):
    """A translated notebook whose cells are not the English notebook's code cells."""


@dataclass(frozen=True)
class Raw(Verbatim):
    """Lines of the script copied as they are: the header, a cell's ``# %%`` line, a code
    cell, the blank lines between cells. (Other verbatim pieces lie inside a markdown cell
    and are commented again with it.)"""


def _uncommented(line: str, number: int) -> str:
    if line == "#":
        return ""
    if line.startswith("# "):
        return line[2:]
    raise ValueError(f"line {number}: a markdown cell's line must start with '# ', "
                     f"not {line[:30]!r}")


def _cell_units(pieces: list[Piece], cell: int) -> list[Piece]:
    """A markdown cell's pieces with units named by the cell (its first scope ``cell<I>``, a
    later one ``cell<I>-<k>``) and headings without the anchor a page's heading keeps."""
    scopes: dict[str, str] = {}
    named: list[Piece] = []
    for piece in pieces:
        if isinstance(piece, Unit):
            scope, rest = piece.id.split(".", 1)
            if scope not in scopes:
                scopes[scope] = f"cell{cell}" + (f"-{len(scopes) + 1}" if scopes else "")
            piece = replace(piece, id=f"{scopes[scope]}.{rest}", anchor=None)
        named.append(piece)
    return named


def split_notebook(text: str) -> list[Piece]:
    """A percent script's pieces: :class:`Raw` lines, and each markdown cell's pieces as a
    page's (ValueError if a markdown cell is not commented as jupytext writes it).
    :func:`join_notebook` without translations gives ``text`` exactly."""
    lines = text.split("\n")
    starts = [number for number, line in enumerate(lines) if _CELL.match(line)]
    pieces: list[Piece] = [Raw(tuple(lines[:starts[0] if starts else len(lines)]))]
    for cell, (start, end) in enumerate(zip(starts, [*starts[1:], len(lines)], strict=True)):
        block = lines[start:end]
        if not _MARKDOWN.match(block[0]):
            pieces.append(Raw(tuple(block)))
            continue
        last = len(block)
        while last > 1 and block[last - 1] == "":
            last -= 1
        body = [_uncommented(line, start + offset + 2)
                for offset, line in enumerate(block[1:last])]
        pieces.append(Raw((block[0],)))
        pieces += _cell_units(split_page("\n".join(body)), cell)
        pieces.append(Raw(tuple(block[last:])))
    return [piece for piece in pieces if piece.lines]


def join_notebook(pieces: list[Piece], texts: dict[str, str]) -> str:
    """The percent script the pieces make, each unit named in ``texts`` in that translation."""
    lines: list[str] = []
    markdown: list[str] = []

    def flush() -> None:
        lines.extend("# " + line if line else "#" for line in markdown)
        markdown.clear()

    for piece in pieces:
        if isinstance(piece, Raw):
            flush()
            lines += piece.lines
        elif isinstance(piece, Verbatim):
            markdown += piece.lines
        elif piece.id in texts:
            markdown += translated_lines(piece, texts[piece.id])
        else:
            markdown += piece.lines
    flush()
    return "\n".join(lines)


NOTEBOOK = Layout(split_notebook, join_notebook, "*.py")


def paths(sources: Path = SOURCES, translations: Path = report.TRANSLATIONS) -> report.Paths:
    """Where the English scripts and their translations are, cut as notebooks."""
    return report.Paths(sources, translations, NOTEBOOK, WITHIN, ".md")


def name(chapter: int, lang: str | None = None) -> str:
    """The built notebook's file name: ``chapter-N.ipynb``, or ``chapter-N.<lang>.ipynb``."""
    return f"chapter-{chapter}.{lang}.ipynb" if lang else f"chapter-{chapter}.ipynb"


def translated_notebook(english, script: str):
    """The English notebook (as built: ids, metadata, outputs) with its markdown cells'
    sources taken from the translated percent ``script``; :class:`CodeDiffers` if the script's
    cells are not the English cells in number, kind and code."""
    import jupytext

    cells = jupytext.reads(script, fmt="py:percent").cells
    kinds = [cell.cell_type for cell in english.cells]
    if [cell.cell_type for cell in cells] != kinds:
        raise CodeDiffers(f"the translated notebook's cells are {[c.cell_type for c in cells]}"
                          f", the English notebook's {kinds}")
    for index, (ours, theirs) in enumerate(zip(english.cells, cells, strict=True)):
        if ours.cell_type == "code" and ours.source != theirs.source:
            raise CodeDiffers(f"cell {index}: its code is not the English cell's (a translated "
                              "notebook is not run: its code must be the English code)")
    result = copy.deepcopy(english)
    for ours, theirs in zip(result.cells, cells, strict=True):
        if ours.cell_type == "markdown":
            ours.source = theirs.source
    return result


def write(lang: str, chapter: int, source: Path, english: Path,
          where: report.Paths | None = None, log=LOG) -> Path | None:
    """Write ``lang``'s notebook of ``chapter`` beside the built English one (``english``), if
    ``lang`` translates its script (``source``): the path written, else None.
    :class:`~sitebuild.problems.BuildError` (a warning while authoring) lists every stale or
    mismatched unit; a unit not yet translated shows its English."""
    import jupytext
    import nbformat

    from sitebuild.written import write_if_changed

    where = where or paths(source.parent)
    page = source.name
    if not where.translation(lang, page).is_file():
        return None
    page_report, script = report.check_page(page, lang, report.load_glossary(lang, where),
                                            where)
    refuse([str(finding) for finding in page_report.findings if finding.check not in NOT_YET],
           f"{lang} notebook units stale or not matching their English",
           "revise each, then `python -m sitebuild.translation accept --notebooks "
           f"{page} UNIT`; `python -m sitebuild.translation status --notebooks` lists them",
           log)
    built = nbformat.reads(english.read_text(encoding="utf-8"), as_version=4)
    notebook = translated_notebook(built, script)
    target = english.with_name(name(chapter, lang))
    write_if_changed(target, jupytext.writes(notebook, fmt="ipynb"))  # as the English is
    return target
