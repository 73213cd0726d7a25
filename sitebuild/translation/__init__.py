"""Translations of the companion's pages, checked like its mathematics.

An English page (``site/*.md``) is cut into units (:mod:`.units`); a translation is one file per
page and language, ``translations/<lang>/<page>.md``, holding each unit's translated text under
a marker that records the SHA-256 prefix of the English it translates (:mod:`.translated`).
Checks (:mod:`.report`) find stale, missing and orphan units; the formulas, numbers, code, link
targets and tags a translation may not change (:mod:`.invariants`); and the terms the glossary
rejects or that a page uses first without their English (:mod:`.glossary`). A page is assembled
from its units only when it passes, or, while authoring, with the English standing in for what
is missing or stale and the findings said.

The generated fragments a page includes (theorem boxes, solutions, answer boxes, tables) are
translated the same way, one file per fragment under ``translations/<lang>/generated/``: they
are cut at their HTML tags (:mod:`.fragments`) and written in the language by
:func:`sitebuild.translation.generated.localise`, the seam the translated site's build calls.
The scripts' interface messages (:mod:`.messages`) and the notebooks' markdown cells
(:mod:`.notebooks`, whose code cells are the English notebook's) are checked the same way.

    python -m sitebuild.translation status --lang ko
"""

from sitebuild.translation.findings import Finding, TranslationError
from sitebuild.translation.report import PageReport, Paths, assemble, check_page, status
from sitebuild.translation.units import Unit, Verbatim, split_page, units

__all__ = ["Finding", "PageReport", "Paths", "TranslationError", "Unit", "Verbatim",
           "assemble", "check_page", "split_page", "status", "units"]
