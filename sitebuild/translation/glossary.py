"""One translated term per English term, and the lint that holds every page to it.

``translations/<lang>/glossary.toml`` lists, for each English term, the chosen translation,
the variants a translator might reach for and must not use, and why the choice was made. TOML
because a glossary is a table of short strings (no TeX, so no escaping), edited by hand and
reviewed in diffs; each ``[[term]]`` is a block a reviewer reads on its own.

The lint, on each translated page, in page order:

* a rejected variant anywhere (outside code and formulas) is an error naming the unit, the
  variant and the chosen term: d2l-ko spelled "gradient" three ways because nothing refused
  the second;
* the first use of a term in the running text of a page carries its English in parentheses,
  ``고윳값(eigenvalue)``: a reader who meets the term in English elsewhere can match them.
  Headings and admonition titles neither need nor satisfy this (a gloss in a heading would
  fill the table of contents);
* an English gloss after a term must be that term's English: ``고윳값(singular value)`` is
  an error.

A term is found only where a word starts (not after a letter), longest term first, so
``기울기 소실`` is one term, not ``기울기`` and more, and particles may follow
(``고윳값은``, ``고윳값(eigenvalue)을``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from sitebuild.translation.findings import GLOSSARY, Finding
from sitebuild.translation.invariants import prose
from sitebuild.translation.units import HEADING_LIKE

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

_WORD_START = r"(?<![0-9A-Za-z\uac00-\ud7a3])"
_GLOSS = re.compile(r"[*_]{0,3}들?\s?\(([^()]*)\)")


class GlossaryError(ValueError):
    """A glossary file that cannot be used as it is (the message names the entry)."""


@dataclass(frozen=True)
class Term:
    """One entry: ``en`` and the other English forms a gloss may use (plural, abbreviation),
    the chosen ``ko``, the ``rejected`` variants, ``why``, and ``review`` for a choice that
    a Korean-speaking reviewer should still confirm (the lint enforces it all the same)."""

    en: str
    ko: str
    rejected: tuple[str, ...]
    why: str
    en_forms: tuple[str, ...] = ()
    review: str = ""

    def names(self, gloss: str) -> bool:
        """Whether the parenthesised ``gloss`` names this term in English."""
        return any(re.search(rf"(?<![A-Za-z]){re.escape(form)}(?![A-Za-z])", gloss, re.I)
                   for form in (self.en, *self.en_forms))


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    _pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _variants: re.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        chosen = sorted((term.ko for term in self.terms), key=len, reverse=True)
        variants = sorted((v for term in self.terms for v in term.rejected), key=len,
                          reverse=True)
        object.__setattr__(self, "_pattern", re.compile(
            _WORD_START + "(" + "|".join(map(re.escape, chosen)) + ")"))
        object.__setattr__(self, "_variants", re.compile(
            _WORD_START + "(" + "|".join(map(re.escape, variants)) + ")") if variants else None)

    def by_ko(self) -> dict[str, Term]:
        return {term.ko: term for term in self.terms}

    def chosen_for(self, variant: str) -> Term:
        return next(term for term in self.terms if variant in term.rejected)

    def uses(self, text: str) -> Iterable[tuple[Term, str | None]]:
        """Each use of a term in ``text`` (prose already), with its parenthesised gloss."""
        terms = self.by_ko()
        for match in self._pattern.finditer(text):
            gloss = _GLOSS.match(text, match.end())
            yield terms[match.group(1)], gloss.group(1) if gloss else None

    def variants(self, text: str) -> list[str]:
        return self._variants.findall(text) if self._variants else []


def _strings(entry: dict, key: str, where: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise GlossaryError(f"{where}: {key} must be a list of non-empty strings")
    return tuple(value)


def parse(text: str, where: str = "glossary") -> Glossary:
    """A glossary from TOML ``text``, refused with a one-line reason if it contradicts
    itself: a term twice, a variant that is also a chosen term (or part of one, which would
    flag every correct use), a variant rejected for two terms."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GlossaryError(f"{where}: not TOML: {error}") from None
    entries = data.get("term")
    if not isinstance(entries, list) or not entries:
        raise GlossaryError(f"{where}: no [[term]] entries")
    terms = []
    for number, entry in enumerate(entries, start=1):
        label = f"{where}: term {number} ({entry.get('en', '?')})"
        for key in ("en", "ko", "why"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise GlossaryError(f"{label}: {key} must be a non-empty string")
        unknown = set(entry) - {"en", "ko", "why", "rejected", "en_forms", "review"}
        if unknown:
            raise GlossaryError(f"{label}: unknown key(s) {', '.join(sorted(unknown))}")
        terms.append(Term(entry["en"].strip(), entry["ko"].strip(),
                          _strings(entry, "rejected", label), " ".join(entry["why"].split()),
                          _strings(entry, "en_forms", label), entry.get("review", "")))
    _consistent(terms, where)
    return Glossary(tuple(terms))


def _consistent(terms: list[Term], where: str) -> None:
    for key in ("en", "ko"):
        seen: set[str] = set()
        for term in terms:
            value = getattr(term, key).lower()
            if value in seen:
                raise GlossaryError(f"{where}: {key} {getattr(term, key)!r} has two entries")
            seen.add(value)
    owner: dict[str, str] = {}
    for term in terms:
        for variant in term.rejected:
            if variant in owner:
                raise GlossaryError(f"{where}: {variant!r} is rejected for both "
                                    f"{owner[variant]!r} and {term.en!r}")
            owner[variant] = term.en
            inside = [other.ko for other in terms if variant in other.ko]
            if inside:
                raise GlossaryError(f"{where}: {term.en}: the rejected {variant!r} is part of "
                                    f"the chosen {inside[0]!r}, so every correct use would be "
                                    "flagged")


def load(path: Path) -> Glossary:
    return parse(path.read_text(encoding="utf-8"), str(path.name))


def lint(page: str, units: Iterable[tuple[str, str, str]], glossary: Glossary) -> list[Finding]:
    """The glossary's findings on one translated page; ``units`` are (id, kind, translated
    text) in page order."""
    findings = []
    introduced: set[str] = set()
    for unit, kind, text in units:
        words = prose(text)
        for variant in glossary.variants(words):
            term = glossary.chosen_for(variant)
            findings.append(Finding(page, unit, GLOSSARY, f"{variant!r} is a rejected variant: "
                                    f"write {term.ko!r} ({term.en})"))
        for term, gloss in glossary.uses(words):
            if gloss is not None and re.search(r"[A-Za-z]", gloss) and not term.names(gloss):
                findings.append(Finding(page, unit, GLOSSARY,
                                        f"{term.ko}({gloss}): the English of {term.ko!r} is "
                                        f"{term.en!r}"))
                introduced.add(term.ko)  # said once: the gloss is there, but wrong
            if kind in HEADING_LIKE or term.ko in introduced:
                continue
            introduced.add(term.ko)
            if gloss is None or not term.names(gloss):
                findings.append(Finding(page, unit, GLOSSARY,
                                        f"the first use of {term.ko!r} on the page needs its "
                                        f"English: write {term.ko}({term.en})"))
    return findings


def page(glossary: Glossary) -> str:
    """The glossary as a Markdown page of the translated site (a table in Korean)."""
    rows = ["# 용어집", "",
            "이 책의 한국어판은 영어 용어 하나에 한국어 용어 하나를 씁니다. 각 장에서 처음 "
            "나올 때는 괄호 안에 영어를 함께 적습니다. 아래의 다른 표기는 쓰지 않으며, "
            "빌드가 이를 검사합니다.", "",
            "| 영어 | 한국어 | 쓰지 않는 표기 | 까닭 |", "|---|---|---|---|"]
    for term in sorted(glossary.terms, key=lambda term: term.en.lower()):
        rejected = ", ".join(term.rejected) or "—"
        rows.append(f"| {term.en} | {term.ko} | {rejected} | {term.why} |")
    return "\n".join(rows) + "\n"
