"""A translated page checked against its English page, and assembled only when it passes.

For each page ``site/<page>.md`` with a translation ``translations/<lang>/<page>.md``:

* **stale**: a translated unit whose recorded ``source`` is not the digest of the English unit
  it names: the English changed (or was renumbered) since it was translated. The report shows
  the English as it is now; ``accept`` records the new digest once the translation is revised;
* **missing**: an English unit with no translation; **orphan**: a translation of a unit the
  English page no longer has. Where an orphan's recorded digest is the digest of a current
  English unit, the report says which one: the text moved (a paragraph inserted above it);
* **math**, **number**, **markup**, **untranslated**: :mod:`sitebuild.translation.invariants`;
* **glossary**: :mod:`sitebuild.translation.glossary`;
* **structure**: the assembled page, split again, must have the English page's units and
  verbatim lines in the same order (a translated paragraph that begins ``1. `` would become a
  list item; a heading given two lines would become a heading and a paragraph).

:func:`assemble` refuses (``strict``) to write a page with any finding. Not strict, as while
authoring, it writes the English text for missing and stale units and returns the findings
for the caller to show: never the stale translation, never silently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from foundation.paths import ROOT
from sitebuild.translation import glossary as glossary_module
from sitebuild.translation import invariants, translated
from sitebuild.translation.findings import (
    CHECKS,
    MISSING,
    ORPHAN,
    STALE,
    STRUCTURE,
    UNTRANSLATED,
    Finding,
    TranslationError,
)
from sitebuild.translation.glossary import Glossary
from sitebuild.translation.units import PAGE, Layout, Piece, Unit, outline, starts_a_block, units

PAGES = ROOT / "site"
TRANSLATIONS = ROOT / "translations"
GLOSSARY = "glossary.toml"


@dataclass(frozen=True)
class PageReport:
    """One page's state in one language. ``started``: a translation file exists."""

    page: str
    total: int
    translated: int
    findings: tuple[Finding, ...]
    started: bool

    def count(self, check: str) -> int:
        return sum(1 for finding in self.findings if finding.check == check)

    @property
    def passes(self) -> bool:
        return not self.findings

    def summary(self) -> str:
        counts = Counter(finding.check for finding in self.findings)
        if not self.started:
            return f"{self.page}: not started (0/{self.total} units)"
        parts = [f"{self.translated}/{self.total} units translated"]
        parts += [f"{counts[check]} {check}" for check in CHECKS if counts[check]]
        verdict = "ok" if self.passes else "FAILS"
        return f"{self.page}: {verdict}: " + ", ".join(parts)


@dataclass(frozen=True)
class Paths:
    """Where the English files and the translations are (tests point these at copies), and
    how the English files are cut into units: the hand-written pages by default; the
    generated fragments with :func:`sitebuild.translation.generated.paths`, whose
    translations are ``translations/<lang>/<within>/<fragment>``."""

    pages: Path = PAGES
    translations: Path = TRANSLATIONS
    layout: Layout = PAGE
    within: str = ""
    suffix: str = ""  # the translation file's, where it is not the English file's (``.md``)

    def english(self, page: str) -> Path:
        return self.pages / page

    def translation(self, lang: str, page: str) -> Path:
        path = self.translations / lang / self.within / page
        return path.with_suffix(self.suffix) if self.suffix else path

    def glossary(self, lang: str) -> Path:
        return self.translations / lang / GLOSSARY


def _classify(page: str, english: list[Unit], file: translated.TranslationFile,
              ) -> tuple[dict[str, str], list[Finding]]:
    """The translations that are current, and the stale, missing and orphan findings."""
    by_id = file.by_id()
    current: dict[str, str] = {}
    findings: list[Finding] = list(file.findings)
    digests = {unit.source: unit.id for unit in english}
    for unit in english:
        entry = by_id.get(unit.id)
        if entry is None:
            findings.append(Finding(page, unit.id, MISSING, "not translated; the English: "
                                    + _excerpt(unit.text)))
        elif entry.source != unit.source:
            findings.append(Finding(page, unit.id, STALE,
                                    f"the English changed since it was translated (line "
                                    f"{entry.line} records {entry.source}, the English is now "
                                    f"{unit.source}); revise it, then `accept` it. The English "
                                    "now: " + _excerpt(unit.text)))
        else:
            current[unit.id] = entry.text
    names = {unit.id for unit in english}
    for entry in file.entries:
        if entry.id not in names:
            moved = digests.get(entry.source)
            hint = (f"; its English is now unit {moved}: rename the marker" if moved
                    else "; delete it, or rename its marker to the unit it now translates")
            findings.append(Finding(page, entry.id, ORPHAN,
                                    f"line {entry.line}: the English page has no such unit"
                                    + hint))
    return current, findings


def _excerpt(text: str, length: int = 100) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= length else flat[:length - 1] + "…")


def distinct(found: Iterable[Unit]) -> list[Unit]:
    """Units with one of each id, in order: a text a fragment repeats is translated once."""
    return list({unit.id: unit for unit in found}.values())


def english_units(page: str, paths: Paths = Paths()) -> list[Unit]:
    """The units of one English file, as its layout cuts it."""
    return distinct(units(paths.layout.split(paths.english(page).read_text(encoding="utf-8"))))


def check_page(page: str, lang: str, glossary: Glossary | None,
               paths: Paths = Paths()) -> tuple[PageReport, str]:
    """The report on one page, and the page assembled from current translations with the
    English for every unit that has none (what a draft build shows)."""
    english_text = paths.english(page).read_text(encoding="utf-8")
    try:
        pieces = paths.layout.split(english_text)
    except ValueError as error:  # the English itself is at fault: say so, as a finding
        return PageReport(page, 0, 0, (Finding(page, None, STRUCTURE, "the English cannot be "
                                               f"cut into units: {error}"),), True), english_text
    english = distinct(units(pieces))
    path = paths.translation(lang, page)
    if not path.is_file():
        return PageReport(page, len(english), 0, (), False), english_text
    file = translated.load(path, page)
    current, findings = _classify(page, english, file)
    for unit in english:
        if unit.id in current:
            findings += invariants.compare(page, unit.id, unit.kind, unit.text,
                                           current[unit.id], lang)
            if block := starts_a_block(current[unit.id], unit.kind):
                findings.append(Finding(page, unit.id, STRUCTURE, f"{block} would start a "
                                        "block of its own: reword or move it within the line"))
            if paths.layout.check is not None:
                findings += paths.layout.check(page, unit.id, unit.text, current[unit.id])
    if glossary is not None:
        findings += glossary_module.lint(
            page, [(unit.id, unit.kind, current[unit.id]) for unit in english
                   if unit.id in current], glossary)
    assembled = paths.layout.join(pieces, current)
    findings += _structure(page, pieces, assembled, paths.layout)
    order = {check: n for n, check in enumerate(CHECKS)}
    position = {unit.id: n for n, unit in enumerate(english)}
    findings.sort(key=lambda finding: (order[finding.check],
                                       position.get(finding.unit or "", -1)))
    untranslated = sum(1 for finding in findings if finding.check == UNTRANSLATED)
    return (PageReport(page, len(english), len(current) - untranslated, tuple(findings), True),
            assembled)


def _structure(page: str, pieces: list[Piece], assembled: str, layout: Layout) -> list[Finding]:
    """Where the assembled page's blocks first part from the English page's, if they do."""
    try:
        again = layout.split(assembled)
    except ValueError as error:
        return [Finding(page, None, STRUCTURE, str(error))]
    expected, found = list(outline(pieces)), list(outline(again))
    for (name, kind), (other, other_kind) in zip(expected, found, strict=False):
        if (name, kind) != (other, other_kind):
            what = f"{other_kind} {other}" if other != "verbatim" else f"the line {other_kind!r}"
            return [Finding(page, name if name != "verbatim" else None, STRUCTURE,
                            f"the translated page has {what} where the English has "
                            f"{'the line ' + repr(kind) if name == 'verbatim' else kind} here: "
                            "a unit's text must not start or split a block (a heading, list "
                            "marker, fence, table pipe or blank line)")]
    if len(expected) != len(found):
        return [Finding(page, None, STRUCTURE, f"the translated page has {len(found)} blocks, "
                        f"the English {len(expected)}")]
    return []


def load_glossary(lang: str, paths: Paths = Paths()) -> Glossary | None:
    """The language's glossary, None if it has none (raises GlossaryError if malformed)."""
    path = paths.glossary(lang)
    return glossary_module.load(path) if path.is_file() else None


def english_pages(paths: Paths = Paths()) -> list[str]:
    """The English files, as paths relative to their folder (``derivations/x.md``)."""
    return sorted(path.relative_to(paths.pages).as_posix()
                  for path in paths.pages.glob(paths.layout.pattern))


def status(lang: str, pages: Iterable[str] | None = None,
           paths: Paths = Paths()) -> Iterable[PageReport]:
    """Each page's report, one at a time (a caller prints progress as they come)."""
    glossary = load_glossary(lang, paths)
    for page in (pages if pages is not None else english_pages(paths)):
        yield check_page(page, lang, glossary, paths)[0]


def assemble(page: str, lang: str, strict: bool = True,
             paths: Paths = Paths()) -> tuple[str, list[Finding]]:
    """The translated page and its findings. ``strict`` raises :class:`TranslationError`
    on any finding, so nothing stale, missing or mistranslated is published; otherwise the
    English stands in for missing and stale units and the findings say which."""
    report, text = check_page(page, lang, load_glossary(lang, paths), paths)
    findings = list(report.findings)
    if not report.started:
        findings = [Finding(page, None, MISSING, f"no translation file "
                            f"{paths.translation(lang, page)}")]
    if strict and findings:
        raise TranslationError(findings)
    return text, findings


def stale_or_missing(report: PageReport) -> list[str]:
    """The unit ids a translator has to (re)translate on a page."""
    return [finding.unit for finding in report.findings
            if finding.check in (STALE, MISSING) and finding.unit]
