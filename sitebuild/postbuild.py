"""The checks of a built site, whichever generator built it: search index made typeset-ready
(and, for Zensical, which ignores the pages' search boost, without the reference pages'
sections: :mod:`sitebuild.search_rank`), Korean quoted on English pages marked as Korean
(:mod:`sitebuild.edition.marks`), then every check of :mod:`sitebuild.sitecheck`
(LaTeX leaks, unchecked display formulas, references that lead nowhere).

MkDocs runs them after its build (:mod:`sitebuild.hooks`); Zensical runs no hooks,
so ``python -m sitebuild check SITE`` runs them after ``zensical build``.
"""

from __future__ import annotations

import logging
from pathlib import Path

from sitebuild.display_math import generated_formulas
from sitebuild.edition.marks import mark_site
from sitebuild.problems import LOG, refuse
from sitebuild.search_math import rewrite_index
from sitebuild.search_rank import demote
from sitebuild.sitecheck import check_site


def check_built_site(site: Path, generated: Path | None, log: logging.Logger = LOG) -> None:
    """Typeset-ready search index, ranked as the pages ask, then every check of
    :mod:`sitebuild.sitecheck`.

    ``generated`` is the folder of generated fragments whose display formulas
    count as checked; None accepts any formula in a theorem box.
    """
    rewrite_index(site)
    marked = mark_site(site)
    if marked:
        log.info("Korean quoted on %d English pages marked lang=\"ko\"", len(marked))
    left_out = demote(site)
    if left_out:
        log.info("search: %d sections of pages boosted below 1 left out of Zensical's index, "
                 "which ignores the boost", len(left_out))
    report = check_site(site, generated_formulas(generated) if generated else None)
    log.info("site checks: %s", report.summary())
    refuse([str(leak) for leak in report.leaks], "places where a reader sees LaTeX source or a "
           "Unicode stand-in for math", "write the formula between $…$ (in a heading or caption, "
           "say it in words)", log)
    refuse(report.display, "display formulas that are not checked",
           'include the checked step (`--8<-- "formulas/SLUG/LABEL.md"`) or mark the block '
           '`!!! unchecked "Not checked by machine"`', log)
    refuse(report.references, "references that lead nowhere", "fix the link or the id", log)
