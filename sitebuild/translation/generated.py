"""The generated fragments in another language: the seam the translated site's build calls.

``python -m sitebuild generate`` writes the English fragments (theorem boxes, solutions,
answer boxes, tables, widget fallbacks) to ``build/generated``; a translated page includes
them by ``--8<--`` like the English page does. Their words are translated as a page's are,
one translation file per fragment, ``translations/<lang>/generated/<fragment>`` (for example
``translations/ko/generated/derivations/exercise-1-1.md``), cut into units by
:mod:`sitebuild.translation.fragments` and checked by :func:`sitebuild.translation.report.
check_page`: stale, missing, orphan, formulas, numbers, markup and glossary alike.

A fragment is re-generated from the derivations on every build, so its translation is
checked against the English the build has just written, not against a stored copy: a changed
step reason makes its Korean twin stale in the next build.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from foundation.files import write_atomically
from sitebuild.paths import GENERATED
from sitebuild.translation import report
from sitebuild.translation.findings import MISSING, STALE, Finding, TranslationError
from sitebuild.translation.fragments import FRAGMENT

WITHIN = "generated"  # translations/<lang>/generated/ holds the fragments' translations

# What a draft fragment shows above itself when some of it is still the English.
NOTICE = {"ko": "이 부분은 아직 번역되지 않아 영어 원문을 그대로 보여 줍니다."}
_NOTICE_DEFAULT = "Not yet translated: the English is shown."


def paths(english_dir: Path = GENERATED, translations: Path = report.TRANSLATIONS,
          ) -> report.Paths:
    """Where the English fragments and their translations are, cut as fragments."""
    return report.Paths(english_dir, translations, FRAGMENT, WITHIN)


def notice(lang: str) -> str:
    """The raw HTML line (and the blank line that ends it as a block) put above a fragment
    shown in English, so nothing untranslated is published silently."""
    words = NOTICE.get(lang, _NOTICE_DEFAULT)
    return f'<p class="translation-pending" lang="{lang}">{words}</p>\n\n'


@dataclass(frozen=True)
class Localised:
    """What :func:`localise` did: every fragment's report, and which fragments were written
    with English standing in (``pending``)."""

    reports: tuple[report.PageReport, ...]
    pending: tuple[str, ...]

    @property
    def findings(self) -> list[Finding]:
        return [finding for page in self.reports for finding in page.findings]

    def summary(self, lang: str) -> str:
        done = sum(page.translated for page in self.reports)
        total = sum(page.total for page in self.reports)
        return (f"{lang}: generated text: {done}/{total} units translated; "
                f"{len(self.pending)} of {len(self.reports)} fragment(s) shown with English")


def _shows_english(page: report.PageReport) -> bool:
    return page.total > 0 and (not page.started or any(
        finding.check in (MISSING, STALE) for finding in page.findings))


def localise(lang: str, english_dir: Path, out_dir: Path, *, draft: bool,
             translations: Path = report.TRANSLATIONS,
             only: Iterable[str] | None = None) -> Localised:
    """Write ``lang``'s version of every English fragment under ``english_dir`` (``*.md``,
    any depth), or of the fragments named in ``only`` (paths relative to it, as pages include
    them: a build that knows its pages' includes leaves out a stale file nothing includes),
    to the same relative path under ``out_dir`` (which may be ``english_dir``).

    Strict (``draft`` False), any finding in any fragment (a fragment with words and no
    translation file, a missing or stale unit, a changed formula or number) raises
    :class:`TranslationError` listing them all, and nothing is written. In draft, every
    fragment is written: translated units translated, the English standing in for the rest,
    under a visible notice (:func:`notice`). A fragment with no words (a formula) is copied."""
    where = paths(english_dir, translations)
    checked = []
    glossary = report.load_glossary(lang, where)
    for page in sorted(only) if only is not None else report.english_pages(where):
        page_report, text = report.check_page(page, lang, glossary, where)
        if page_report.total and not page_report.started:
            page_report = report.PageReport(page, page_report.total, 0, (Finding(
                page, None, MISSING, f"no translation file {where.translation(lang, page)}"),),
                False)
        checked.append((page_report, text))
    result = Localised(tuple(page for page, _ in checked),
                       tuple(page.page for page, _ in checked if _shows_english(page)))
    if not draft and result.findings:
        raise TranslationError(result.findings)
    for page_report, text in checked:
        pending = notice(lang) if page_report.page in result.pending else ""
        write_atomically(out_dir / page_report.page, pending + text)
    return result
