"""The chapters' tables and figures, computed once per version of their sources.

Each chapter names its table modules (:mod:`derivations.book`); a module maps names to
builders (``TABLES``) that return Markdown (a table) or a :class:`sitebuild.figure.Figure`.
A module's values are kept (:mod:`sitebuild.cache`) until it, or a project module it
imports, changes: its sources are found by reading imports as the renders find theirs
(:mod:`animations.catalogue`), so an edit to one chapter's derivation does not recompute
another chapter's tables. The site's pages include these values
(:func:`sitebuild.fragments.table_fragments`) and a lecture kit prints the same figures
(:mod:`lectures.figures`). Pages first (:func:`sitebuild.mode.pages_first`), only kept
values are shown; each other table or figure says it is being computed
(:mod:`sitebuild.pending`), until ``python -m sitebuild tables`` has computed them.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable

from animations import catalogue
from derivations.book import CHAPTERS, chapter
from sitebuild import pending
from sitebuild.cache import load, load_or_compute, sources_digest
from sitebuild.figure import Figure
from sitebuild.mode import authoring, pages_first
from sitebuild.paths import ROOT

Value = str | Figure
_THIS = "sitebuild/chapter_tables.py"  # how values are kept is an input of what is kept


def _kept_as(module: str) -> tuple[str, str]:
    """The name ``module``'s values are kept under, and the digest of their sources."""
    sources = catalogue.dependencies(module)
    digest = sources_digest(*(path.relative_to(ROOT).as_posix() for path in sorted(sources)),
                            _THIS)
    return f"tables-{module.rsplit('.', 1)[1]}", digest


def _decoded(kept: dict) -> dict[str, Value]:
    return {name: Figure.from_json(value) if Figure.is_json(value) else value
            for name, value in kept.items()}


def module_values(module: str) -> dict[str, Value]:
    """The tables and figures of the table module ``module``, by name: kept ones while its
    sources are unchanged, else computed (and kept)."""
    return _decoded(load_or_compute(*_kept_as(module),
                                    lambda: {name: value.to_json() if isinstance(value, Figure)
                                             else value
                                             for name, value in _compute(module).items()}))


def _shown_first(module: str) -> dict[str, Value]:
    """Pages first: ``module``'s kept values, or for each of its tables and figures that it
    is being computed."""
    kept = load(*_kept_as(module))
    if kept is not None:
        return _decoded(kept)
    return {name: pending.table() for name in importlib.import_module(module).TABLES}


def values() -> dict[str, Value]:
    """Every chapter's tables and figures by name; a name defined twice is an error. Pages
    first, those not kept yet say they are being computed."""
    found: dict[str, Value] = {}
    for module in [module for book_chapter in CHAPTERS for module in book_chapter.tables]:
        computed = _shown_first(module) if pages_first() else module_values(module)
        for name in computed.keys() & found.keys():
            raise RuntimeError(f"table {name!r} is defined twice")
        found |= computed
    return found


def figures(number: int) -> dict[str, Figure]:
    """Chapter ``number``'s figures, by name."""
    return {name: value for module in chapter(number).tables
            for name, value in module_values(module).items() if isinstance(value, Figure)}


def _compute(module_name: str) -> dict[str, Value]:
    """Run every builder of ``module_name``; while authoring, one that fails is shown as a
    failure box in its place instead of stopping the build."""
    computed: dict[str, Value] = {}
    tables: dict[str, Callable[[], Value]] = importlib.import_module(module_name).TABLES
    for name, build in tables.items():
        try:
            computed[name] = build()
        except Exception as error:
            if not authoring():
                raise
            computed[name] = (f'!!! failure "table {name} failed"\n\n'
                              f"    `{html.escape(f'{type(error).__name__}: {error}')}`\n")
    return computed
