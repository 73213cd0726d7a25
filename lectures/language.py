"""A lecture's words in the language of its deck: English, or a checked translation.

``python -m lectures.decks --lang ko`` and ``python -m lectures.kit --lang ko`` say nothing
that no translator checked. Every word comes from a translation the site already checks:

* a result's kind, title, statement, hypotheses' glosses, assumptions and step reasons: the
  units of its theorem box's translation (``translations/<lang>/generated/derivations/
  <slug>.md``), found by cutting the theorem box the site generates for it now
  (:func:`sitebuild.fragments.published`) and checked as the site checks them
  (:func:`sitebuild.translation.report.check_page`: stale, missing, formulas, numbers,
  glossary), its scope badge as the theorem boxes translate it;
* a chapter's title: the heading unit of ``translations/<lang>/chapter-N.md``;
* a scene's title and narration: the scenes' templates (:mod:`animations.narration`);
* the slides' own labels, the notes' headings and the kit's README: the templates of
  ``sitebuild/lectures.toml``, translated in ``translations/<lang>/interface/lectures.md``.

A unit that is missing, stale or fails a check raises :class:`TranslationMissing`, naming it:
English never stands in. The formulas are the English ones: a result's conclusion and
hypotheses are typeset from the derivation itself, and a hypothesis's translated formula differs
from it only in the words of its ``\\text{…}`` (the site's formula check).
"""

from __future__ import annotations

import dataclasses
import functools
import html
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from foundation.paths import ROOT

if TYPE_CHECKING:
    from sitebuild.figure import Figure

LANGUAGES = ("en", "ko")
CATALOGUE = ROOT / "sitebuild" / "lectures.toml"
TRANSLATIONS = ROOT / "translations"
_TAG = re.compile(r"<[^>]+>")
_MATH = re.compile(r"\$[^$]+\$")
_MATH_SPLIT = re.compile(r"(\$[^$]+\$)")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_RUN = re.compile(r"(?<=>)[^<>]*[^\W\d_][^<>]*(?=<)")  # letters between two tags of an SVG
_SPACING = re.compile(r"^(?:\\q?quad|\\[,;: ]|\s)+|(?:\\q?quad|\\[,;: ]|\s)+$")


class TranslationMissing(RuntimeError):
    """A deck's word has no current, checked translation: ``problems`` names each unit, one
    line each (the message is all of them)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = problems or [message]
        super().__init__(message)


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _refuse(problems: list[str], what: str) -> None:
    if problems:
        raise TranslationMissing(f"{what}:\n" + "\n".join(problems), problems)


@functools.cache
def templates(lang: str):
    """The deck's and kit's templates in ``lang``, as :class:`sitebuild.translation.templates.
    Words` (call it with a key and values); every template translated and passing its checks."""
    from sitebuild.translation import messages, report
    from sitebuild.translation import templates as reports

    where = messages.paths(CATALOGUE, TRANSLATIONS)
    english = messages.messages(CATALOGUE.read_text(encoding="utf-8"))
    if lang == "en":
        return reports.Words("en", english)
    page_report, text = report.check_page(CATALOGUE.name, lang,
                                          report.load_glossary(lang, where), where)
    problems = [f"{_shown(where.translation(lang, CATALOGUE.name))}: {finding}"
                for finding in page_report.findings]
    if not page_report.started:
        problems.append(f"no translation file {where.translation(lang, CATALOGUE.name)}")
    _refuse(problems, f"the {lang} deck templates are not all translated and current")
    memory_folder = TRANSLATIONS / lang / "generated"  # the theorem boxes' scope badges
    from sitebuild.translation import translated

    return reports.Words(lang, messages.messages(text), translated.memory(memory_folder))


def say(lang: str, key: str, /, **values: object) -> str:
    """The template ``key`` of :data:`CATALOGUE` in ``lang``, filled with ``values``."""
    return templates(lang)(key, **values)


def plain(text: str) -> str:
    """A translated unit's Markdown as a slide says it: tags dropped, entities decoded, the
    ``$…$`` formulas as they are."""
    parts = _MATH_SPLIT.split(" ".join(text.split()))
    return "".join(part if index % 2 else html.unescape(_TAG.sub("", part))
                   for index, part in enumerate(parts))


@dataclass(frozen=True)
class Hypothesis:
    """A checked hypothesis: its number, its English formula (typeset on every slide), the
    same formula as the language writes it (words in ``\\text{…}`` translated) and its gloss."""

    number: str
    latex: str
    said_latex: str
    gloss: str


@dataclass(frozen=True)
class ResultWords:
    """Everything a result slide and its notes say, in one language."""

    kind: str
    title: str
    statement: str  # Markdown with $…$ math
    hypotheses: tuple[Hypothesis, ...]
    assumptions: tuple[str, ...]
    reasons: tuple[str, ...]  # one per step
    source: str


def result_words(slug: str, lang: str) -> ResultWords:
    """The words of the result ``slug`` in ``lang`` (cached per process)."""
    return _result_words(slug, lang, _version(lang))


def _version(lang: str) -> str:
    """The translations' state: a cache of words is kept only while they are unchanged."""
    if lang == "en":
        return ""
    folder = TRANSLATIONS / lang
    return "".join(f"{path.name}{path.stat().st_mtime_ns}"
                   for path in sorted((folder / "generated" / "derivations").glob("*.md")))


@functools.lru_cache(maxsize=64)
def _result_words(slug: str, lang: str, _state: str) -> ResultWords:
    from derivations.engine import get
    from derivations.engine.latex import hypothesis_latex
    from sitebuild.theorems import kind_of
    from sitebuild.translation.fragments import has_words

    derivation = get(slug)
    hypotheses = [(derivation.number(h.label), hypothesis_latex(h), h.text)
                  for h in derivation.checked_hypotheses if not h.local]
    if lang == "en":
        return ResultWords(kind_of(derivation), derivation.title, derivation.statement,
                           tuple(Hypothesis(n, latex, latex, gloss)
                                 for n, latex, gloss in hypotheses),
                           tuple(a.text for a in derivation.assumptions),
                           tuple(step.reason for step in derivation.steps), derivation.source)
    units = _box_units(slug, lang)
    said_hypotheses = []
    for number, latex, gloss in hypotheses:
        if not gloss:  # a bare formula is no unit: every language writes it alike
            said_hypotheses.append(Hypothesis(number, latex, latex, ""))
            continue
        unit_id, text = units.find(f"<strong>{number}</strong> ${latex}$ ({gloss})")
        found = re.fullmatch(r"\s*<strong>[^<]*</strong>\s*(\$[^$]+\$)\s*\((.*)\)\s*", text,
                             re.DOTALL)
        if found is None:
            raise TranslationMissing(f"{units.page}: {unit_id}: a hypothesis is written "
                                     f"<strong>{number}</strong> $formula$ (gloss)")
        said_hypotheses.append(Hypothesis(number, latex, found.group(1)[1:-1],
                                          plain(found.group(2))))
    statement = " ".join(plain(units.find(paragraph)[1])
                         for paragraph in re.split(r"\n\s*\n", derivation.statement.strip()))
    reasons = []
    for step in derivation.steps:
        cited = [derivation.number(label) for label in step.given]
        using = f" Using {', '.join(cited)}." if cited else ""
        if not has_words(f"{step.reason}{using}"):  # a formula only: no unit, said alike
            reasons.append(f"{step.reason}{using}")
            continue
        reasons.append(plain(units.find(None, f"{slug}--{step.label}", unit=".t1")[1]))
    source = units.find(None, slug, r"\[✓ checked\]")[1]
    said_source = re.search(r"</em>\s*(.*?)\.?\s*$", source)
    return ResultWords(
        plain(units.find(kind_of(derivation))[1]), plain(units.find(html.escape(
            derivation.title))[1]), statement, tuple(said_hypotheses),
        tuple(plain(units.find(a.text)[1]) for a in derivation.assumptions), tuple(reasons),
        plain(said_source.group(1)) if said_source else derivation.source)


@dataclass
class _FragmentUnits:
    """A generated fragment's English units (a theorem box's, a figure's) and their checked
    translations."""

    page: str
    english: dict[str, str]  # unit id → English text
    said: dict[str, str]  # unit id → translation, only the current and passing ones
    problems: dict[str, list[str]]  # unit id → what is wrong with it

    def find(self, english: str | None, scope: str | None = None,
             pattern: str | None = None, unit: str | None = None) -> tuple[str, str]:
        """The unit whose English is ``english`` (or, within ``scope``, whose English matches
        ``pattern``, or whose id ends in ``unit``), and its translation; TranslationMissing
        naming it if it has none."""
        from sitebuild.translation.fragments import has_words

        if english is not None and not has_words(english):  # formulas only: no unit
            return "", english
        wanted = " ".join(english.split()) if english is not None else None
        for unit_id, text in self.english.items():
            if scope is not None and not unit_id.startswith(f"{scope}."):
                continue
            flat = " ".join(text.split())
            if (wanted is not None and flat == wanted) or (
                    pattern is not None and re.search(pattern, flat)) or (
                    unit is not None and unit_id.endswith(unit)):
                if unit_id not in self.said and unit_id not in self.problems:
                    self.problems[unit_id] = ["missing: not translated"]
                if unit_id in self.problems:
                    raise TranslationMissing(f"translations/{self.lang_folder}/"
                                             f"{self.page}: {unit_id}: "
                                             + "; ".join(self.problems[unit_id]))
                return unit_id, self.said[unit_id]
        raise TranslationMissing(f"{self.page}: no unit of the fragment says "
                                 f"{(english or pattern or '')[:80]!r}")

    lang_folder: str = ""


def _box_units(slug: str, lang: str) -> _FragmentUnits:
    """The theorem box of ``slug`` as the site generates it now, cut into units, with the
    translation's current, passing units and every problem, by unit."""
    from derivations.engine import get
    from derivations.engine.records import records
    from sitebuild.fragments import pages_including, published

    [record] = records([slug], jobs=1)
    return _fragment_units(f"derivations/{slug}.md",
                           published(get(slug), pages_including(), record), lang,
                           f"the result {slug}")


def _fragment_units(page: str, english_text: str, lang: str, what: str) -> _FragmentUnits:
    """The generated fragment ``page`` whose English is ``english_text``, cut into units as the
    site cuts it, with its translation's current, passing units and every problem, by unit."""
    from sitebuild.translation import generated, report, translated

    with tempfile.TemporaryDirectory() as folder:
        where = generated.paths(Path(folder), TRANSLATIONS)
        where.english(page).parent.mkdir(parents=True)
        where.english(page).write_text(english_text, encoding="utf-8")
        page_report, _ = report.check_page(page, lang, report.load_glossary(lang, where),
                                           where)
        english = {unit.id: unit.text for unit in report.english_units(page, where)}
    path = where.translation(lang, page)
    if not path.is_file():
        raise TranslationMissing(f"no translation file {_shown(path)} for {what}")
    entries = translated.load(path, page).by_id()
    problems: dict[str, list[str]] = {}
    for finding in page_report.findings:
        problems.setdefault(finding.unit or "", []).append(f"{finding.check}: "
                                                           f"{finding.message}")
    return _FragmentUnits(f"generated/{page}", english,
                     {unit: entry.text for unit, entry in entries.items()}, problems,
                     lang_folder=lang)


def figure(name: str, drawn: Figure, lang: str) -> Figure:
    """The figure ``name`` with its words in ``lang``: its accessible label and every run of
    words between its tags replaced by the checked unit of the figure's translated fragment
    (``translations/<lang>/generated/tables/<name>.md``, the one the site shows), so a kit's
    SVG says what the Korean page's plot says. Runs without words (tick values) and formulas
    stay as they are."""
    if lang == "en":
        return drawn
    from sitebuild.edition import spoken
    from sitebuild.figure import Markup

    page = f"tables/{name}.md"
    if page in spoken.FIGURES:  # drawn from values that change every build: by templates
        return spoken.FIGURES[page](_report_words(lang, page))
    units = _fragment_units(page, drawn.site(), lang, f"the figure {name}")

    def said(piece: object) -> object:
        if not isinstance(piece, str):
            return piece
        return _RUN.sub(lambda run: _kept_spaces(run.group(), units.find(run.group())[1]),
                        piece)

    parts = tuple(Markup(tuple(said(piece) for piece in part.pieces)) for part in drawn.parts)
    return dataclasses.replace(drawn, parts=parts, label=units.find(drawn.label)[1].strip())


def _report_words(lang: str, page: str):
    """The report templates in ``lang`` for the spoken fragment ``page``, every one translated
    and current (:mod:`sitebuild.translation.templates`), else TranslationMissing."""
    from sitebuild.problems import BuildError
    from sitebuild.translation import templates as reports

    untranslated = reports.untranslated(lang)
    if untranslated:
        raise TranslationMissing(f"{page}: the {lang} report templates "
                                 f"{', '.join(untranslated)} are not translated")
    try:
        return reports.words(lang)
    except BuildError as error:
        raise TranslationMissing(f"{page}: {error}") from None


def _kept_spaces(run: str, said: str) -> str:
    """``said`` with ``run``'s leading and trailing white space (the layout around a label)."""
    return run[:len(run) - len(run.lstrip())] + said.strip() + run[len(run.rstrip()):]


def chapter_title(chapter: int, lang: str) -> str:
    """The chapter's title without its number, in ``lang``: the Korean page's heading."""
    from lectures import plan

    english = plan.chapter_title(chapter)
    if lang == "en":
        return english
    from sitebuild.translation import report, translated
    from sitebuild.translation.units import HEADING

    page = plan.page(chapter).name
    where = report.Paths(translations=TRANSLATIONS)
    page_report, _ = report.check_page(page, lang, report.load_glossary(lang, where), where)
    heading = next(unit for unit in report.english_units(page, where)
                   if unit.kind == HEADING and unit.text.endswith(english))
    bad = [f"{finding.check}: {finding.message}" for finding in page_report.findings
           if finding.unit == heading.id]
    path = where.translation(lang, page)
    entry = translated.load(path, page).by_id().get(heading.id) if path.is_file() else None
    if entry is None and not bad:
        bad = ["missing: not translated"]
    _refuse([f"{_shown(path)}: {heading.id}: {problem}" for problem in bad],
            f"the {lang} title of chapter {chapter}")
    return re.sub(r"^\d+\.\s*", "", plain(entry.text))


def scene_title(name: str, title: str, lang: str) -> str:
    """A scene's title in ``lang`` (its ``<Scene>.title`` template)."""
    from animations import narration

    if lang == "en":
        return title
    try:
        return narration.words(f"{name}.title", title).text(lang, TRANSLATIONS)
    except narration.NarrationError as error:
        raise TranslationMissing(f"translations/{lang}/scenes: {error}") from None


def scope(label: str, lang: str) -> str:
    """A check's scope badge (``exact``, ``for all real $\\theta$``) as the language's theorem
    boxes translate it."""
    if lang == "en":
        return label
    said = templates(lang).text(label)
    if said == label and _words(label):
        raise TranslationMissing(f"translations/{lang}/generated/derivations: no theorem box "
                                 f"translates the scope badge {label!r}")
    return said


def _words(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2,}", _MATH.sub("", text)))


def check(chapter: int, lang: str) -> None:
    """Everything ``chapter``'s deck says in ``lang`` is translated, current and checked;
    :class:`TranslationMissing` naming every unit that is not."""
    if lang == "en":
        return
    from animations import narration
    from derivations.engine.records import records
    from lectures import plan

    problems: list[str] = []

    def attempt(function, *arguments) -> None:
        try:
            function(*arguments)
        except TranslationMissing as error:
            problems.extend(error.problems)

    attempt(templates, lang)
    attempt(chapter_title, chapter, lang)
    modules = {entry.module.rsplit(".", 1)[-1] for entry in plan.scenes(chapter)}
    problems += [f"translations/{lang}/scenes: {finding}"
                 for finding in narration.findings(lang, modules | {"style"}, TRANSLATIONS)]
    for entry in plan.scenes(chapter):
        attempt(scene_title, entry.name, entry.title, lang)
    slugs = plan.results(chapter)
    for slug in slugs:
        attempt(result_words, slug, lang)
    for record in records(slugs) if slugs else []:
        attempt(scope, record.scope_label, lang)
    _refuse(problems, f"chapter {chapter}: the {lang} deck cannot be said")


def translation_files(lang: str) -> list[Path]:
    """The translation files a deck in ``lang`` says its words from (its inputs)."""
    if lang == "en":
        return []
    folder = TRANSLATIONS / lang
    found = [*folder.glob("chapter-*.md"), *(folder / "scenes").glob("*.md"),
             *(folder / "generated" / "derivations").glob("*.md"),
             folder / "interface" / "lectures.md", folder / "glossary.toml", CATALOGUE]
    return sorted(path for path in found if path.is_file())  # a missing one: check() says so


def wrapped_lines(words: str, width: float, size: float) -> list[str]:
    """``words`` (with ``$…$`` math) broken into lines about ``width`` scene units wide when
    its words are set at ``size`` in the Hangul font (Hangul about 0.0093 × size a syllable,
    other characters and formulas about half that), never inside a formula."""
    held = _MATH.sub(lambda found: found.group().replace(" ", "\0"), words)
    tokens = [token.replace("\0", " ") for token in held.split()]
    lines: list[str] = []
    line, used = "", 0.0
    for token in tokens:
        wide = sum(0.0093 if _HANGUL.match(c) else 0.005 for c in token) * size
        space = 0.0035 * size if line else 0.0
        if line and used + space + wide > width:
            lines.append(line)
            line, used = token, wide
        else:
            line, used = f"{line} {token}" if line else token, used + space + wide
    return [*lines, line] if line else lines


def text_outside_math(latex: str) -> str:
    """A formula whose ``\\text{…}`` holds Hangul as words with ``$…$`` math around them (LaTeX
    here has no Hangul font: the words are set by Pango), ``\\quad\\text{모든 }n`` →
    ``$\\quad$ 모든 $n$``; ValueError for such a text inside a group."""
    parts: list[str] = []
    at, depth, index = 0, 0, 0

    def math(part: str) -> None:
        part = _SPACING.sub("", part.strip())
        if part:
            parts.append(f"${part}$")

    while index < len(latex):
        character = latex[index]
        if character == "{":
            depth += 1
        elif character == "}":
            depth -= 1
        elif latex.startswith(r"\text{", index):
            end, inner = index + 6, 1
            while end < len(latex) and inner:
                inner += {"{": 1, "}": -1}.get(latex[end], 0)
                end += 1
            words = latex[index + 6:end - 1]
            if _HANGUL.search(words):
                if depth:
                    raise ValueError(f"Hangul inside a group of a formula: {latex!r}")
                math(latex[at:index])
                parts.append(words.strip())
                at = index = end
                continue
            index = end
            continue
        index += 1
    math(latex[at:])
    return " ".join(parts)
