"""The words of the generated reports, as templates translated like the interface messages.

The verification report, the map of results, chapter 2's cost plot and the checked formulas'
links are written by code from values (counts, slugs, step labels, timings, formulas) that
change with every build. Their words are one English catalogue, :data:`REPORTS` (TOML, the
format of :data:`sitebuild.translation.messages.CATALOGUE`: one line per template,
``{placeholders}`` for the values), so a translation translates the templates once, not each
build's output. ``translations/<lang>/interface/reports.md`` holds the translation, checked by
:mod:`sitebuild.translation.messages` as the messages are: stale by the English template's
digest, the same placeholders, formulas, numbers and code, the glossary.

A generator takes :class:`Words` (:func:`english` by default) and says everything through it;
the edition's build calls it again with :func:`words` of its language and the same values
(:mod:`sitebuild.edition.spoken`). A stale or mismatched translated template stops a
publishing build, naming it (a warning while authoring, the English standing in); a template
not yet translated is said in English.
"""

from __future__ import annotations

import html
import logging
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from foundation.paths import ROOT
from sitebuild.problems import LOG, refuse
from sitebuild.translation import messages, report, translated
from sitebuild.translation.units import source_digest

REPORTS = ROOT / "sitebuild" / "reports.toml"
GENERATED_WITHIN = "generated"  # the fragments' translations: sitebuild.translation.generated
CATALOGUES = "*.toml"  # every catalogue of sitebuild/: the messages and these templates


# The generated fragments an edition writes from these templates (not translated unit by unit):
# the verification report, the map's figure, chapter 2's cost plot and every checked formula.
SPOKEN = ("verification-report.md", "results-map.md", "tables/ch2-cost-plot.md")
SPOKEN_FOLDERS = ("formulas/",)


def is_spoken(fragment: str) -> bool:
    """Whether an edition writes ``fragment`` (a path below ``build/generated``) from the
    templates in its language, rather than from a translation file of its own."""
    return fragment in SPOKEN or fragment.startswith(SPOKEN_FOLDERS)


# How a language's theorem boxes end a step's reason with what it uses ("Using (H1)."): a
# pattern around the cited numbers, as its translations of the derivations write it.
CITING = {"ko": r"\s*{cited}(?:을|를) 씁니다\.$"}


@dataclass(frozen=True)
class Words:
    """One language's templates by key (``report.counts``), filled in by calling it."""

    lang: str
    templates: dict[str, str]
    # The language's translations of the derivations' own words (titles, step reasons, scope
    # badges) by the digest of their English, as the theorem boxes' translations hold them.
    memory: dict[str, str] = field(default_factory=dict)

    def __call__(self, key: str, /, **values: object) -> str:
        """The template ``key`` with each ``{name}`` replaced by ``values[name]``; a
        KeyError if the template has other placeholders than the values given (a generator
        and its catalogue out of step)."""
        template = self.templates[key]
        wanted = set(messages.placeholders(template))
        if wanted != set(values):
            raise KeyError(f"{REPORTS.name}: {key} takes {sorted(wanted)}, given "
                           f"{sorted(values)}")
        return messages.PLACEHOLDER.sub(
            lambda match: str(values[match.group(1)]) if match.group(1) in values
            else match.group(0), template)

    def text(self, english: str) -> str:
        """A derivation's words (a title, a step's reason, a scope badge) in the language,
        where a translated fragment translates exactly this English; else the English."""
        if not self.memory:
            return english
        found = self.memory.get(source_digest(english)) or \
            self.memory.get(source_digest(html.escape(english)))  # as a theorem box writes it
        return html.unescape(" ".join(found.split())) if found else english

    def badge(self, label: str, kind: str) -> str:
        """A step's scope badge in the language: a theorem box says it after the step's kind
        of check, ``symbolic · for all real $\\theta$``, so it is also found that way."""
        said = self.text(label)
        if said != label or not self.memory:
            return said
        both = self.text(f"{kind} · {label}")
        return both.split(" · ", 1)[1] if both.count(" · ") == 1 else label

    def reason(self, english: str, cited: str) -> str:
        """A step's reason in the language: a theorem box says it with the hypotheses and
        steps it uses (``cited``: ``(1), (H2)``) after it, ``… Using (1), (H2).``, so its
        translation is found with them, and they are cut off again as that language's
        theorem boxes say them (:data:`CITING`); else the English."""
        if not cited or self.text(english) != english or self.lang not in CITING:
            return self.text(english)
        said = self.text(f"{english} Using {cited}.")
        ending = re.compile(CITING[self.lang].format(cited=re.escape(cited)))
        cut = ending.sub("", said)
        return cut if cut != said and cut else english


def paths(catalogue: Path = REPORTS, translations: Path = report.TRANSLATIONS) -> report.Paths:
    """Where the templates and their translations are: ``translations/<lang>/interface/``."""
    return messages.paths(catalogue, translations)


@cache
def _english(catalogue: Path) -> dict[str, str]:
    return messages.messages(catalogue.read_text(encoding="utf-8"))


def english(catalogue: Path = REPORTS) -> Words:
    """The English templates."""
    return Words("en", _english(catalogue))


def words(lang: str, where: report.Paths | None = None, log: logging.Logger = LOG) -> Words:
    """``lang``'s templates, the English standing in for any not translated yet;
    :class:`~sitebuild.problems.BuildError` (a warning while authoring, the English standing
    in) listing every translated template that is stale or does not match its English."""
    if lang == "en":
        return english()
    where = where or paths()
    page = where.layout.pattern
    found, blocking = messages.localised(lang, where, page)
    refuse([str(finding) for finding in blocking],
           f"{lang} report templates stale or not matching their English",
           f"revise each, then `python -m sitebuild.translation accept --messages {page} KEY`; "
           "`python -m sitebuild.translation status --messages` lists them", log)
    return Words(lang, found, translated.memory(where.translations / lang / GENERATED_WITHIN))


def untranslated(lang: str, where: report.Paths | None = None) -> list[str]:
    """The keys whose template ``lang`` says in English (none translated, or not passing)."""
    where = where or paths()
    found, _ = messages.localised(lang, where, where.layout.pattern)
    english_words = messages.messages(where.english(where.layout.pattern).read_text(
        encoding="utf-8"))
    return [key for key, text in english_words.items() if found.get(key) == text]

