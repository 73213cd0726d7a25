"""An edition's generated reports, written by their generators in its language.

The verification report, the map of results, chapter 2's cost plot and the checked formulas are
made by code from values that change with every build (timings, counts, formulas); their
words are templates (:mod:`sitebuild.translation.templates`). An edition does not translate
their output: :func:`fragments` calls the same generators with the language's templates and
the same values, and :func:`sitebuild.edition.fragments.mirror` writes these in place of the
English fragments (:func:`~sitebuild.translation.templates.is_spoken` names them). Titles,
step reasons and scope badges are the derivations' words: each is said as the language's
theorem boxes translate it, the English where they do not.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from derivations.engine.records import DerivationRecord
from sitebuild import results_map
from sitebuild.fragments import formula_in
from sitebuild.mode import pages_first
from sitebuild.paths import GENERATED
from sitebuild.problems import LOG
from sitebuild.tables import ch2
from sitebuild.translation import generated, templates
from sitebuild.verification import verification_fragment

COST_PLOT = "tables/ch2-cost-plot.md"
# The figures among them, by fragment: each drawn by its generator with a language's templates
# (a lecture kit's figures are drawn from these too, :func:`lectures.language.figure`).
FIGURES = {COST_PLOT: ch2.cost_plot}


def fragments(lang: str, records: Sequence[DerivationRecord], pages: dict[str, str],
              docs: Path | None = None, english: Path = GENERATED,
              log: logging.Logger = LOG) -> dict[str, str]:
    """Every spoken fragment in ``lang``, by its path below ``english`` (the English
    fragments, whose formulas it re-words); ``docs``: the edition's pages, whose chapter
    headings the report and the map show. A stale or mismatched template stops a publishing
    build (:func:`~sitebuild.translation.templates.words`); where a template is not translated
    yet, its English stands in and each fragment carries the "not yet translated" notice."""
    words = templates.words(lang, log=log)
    notice = generated.notice(lang) if templates.untranslated(lang) else ""
    found = {"verification-report.md": verification_fragment(list(records), pages, words, docs),
             results_map.FIGURE: results_map.figure_in(records, pages, words, docs)}
    if not pages_first():  # pages first, the English says it is being computed: so does this
        found |= {path: draw(words).site() for path, draw in FIGURES.items()}
    for path in sorted((english / "formulas").rglob("*.md")):
        found[path.relative_to(english).as_posix()] = formula_in(
            path.read_text(encoding="utf-8"), words)
    return {name: notice + text for name, text in found.items()}
