"""Words with named values, and their translations kept as units keyed by the English's hash.

A scene says what it shows as a *template with named values*: ``"The {size} by {size} matrix W
has spectral radius {rho}."`` with ``size="3"``, ``rho="0.9"``. The values are computed once, as
text (numbers formatted by the scene), and every language fills its own template with the same
values: a number is spoken identically in every language because it is never translated.

A translation is a *unit*, as a page's is (``translations/README.md``): a marker line that
records the id and the first 12 hex digits of the SHA-256 of the English template it
translates, then the translated template::

    <!-- unit: powers.radius source: 1a2b3c4d5e6f -->
    {size}×{size} 행렬 W의 스펙트럼 반지름은 {rho}입니다.

The digest is the site's (:func:`sitebuild.translation.units.source_digest` computes it the same
way), so a changed English template makes its translation *stale*, computed and never guessed.
:func:`findings` says what is wrong with a set of translations: stale, missing and orphan units,
placeholders that differ from the English template's, numbers written in a template that the
English does not write, and a "translation" with no word of the language in it.

Imports nothing of the project but :mod:`foundation`, so scenes (which know no site) and the
site build (which reads what scenes said) share it.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from foundation.provenance import digest

SOURCE_DIGITS = 12
MARKER = re.compile(r"^<!--\s*unit:\s*(?P<id>\S+)\s+source:\s*(?P<source>[0-9a-f]{12})\s*-->\s*$")
_ID = re.compile(r"^[\w-]+(\.[\w-]+)+$")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")
_WORDS = re.compile(r"[A-Za-z]{2,}")  # a template with no word outside formulas has none to say
_MATH = re.compile(r"\$[^$]*\$")
# A word of the language a translation is in: one Hangul syllable is a word.
SCRIPTS = {"ko": re.compile(r"[\uac00-\ud7a3]")}

# The kinds of finding, in the order a report lists them.
STALE, MISSING, ORPHAN, PLACEHOLDERS, NUMBERS, UNTRANSLATED, FORMAT = (
    "stale", "missing", "orphan", "placeholders", "numbers", "untranslated", "format")


class TemplateError(ValueError):
    """A template or its values that cannot make a sentence (the message names the id)."""


def normalised(text: str) -> str:
    """``text`` with every run of white space one space: re-wrapping changes nothing."""
    return " ".join(text.split())


def source_digest(text: str) -> str:
    """The digest a translation records of the English ``text`` it translates."""
    return digest((), normalised(text))[:SOURCE_DIGITS]


def placeholders(template: str) -> frozenset[str]:
    """The names of ``template``'s ``{name}`` fields (``{{`` is a brace); TemplateError for a
    field with a format spec, a conversion or no name, which would format values differently
    from one language to another."""
    names = set()
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as error:
        raise TemplateError(f"template {template!r}: {error}") from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise TemplateError(f"template {template!r}: write a field as {{name}}, with the "
                                f"value formatted by the scene, not {{{name}!{conversion}:{spec}}}")
        names.add(name)
    return frozenset(names)


def numbers(text: str) -> list[float]:
    """Every number written in ``text``, in order (a leading hyphen is a minus sign)."""
    return [float(token) for token in _NUMBER.findall(text.replace("\u2212", "-"))]


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each field replaced by its value (exactly the template's names)."""
    names = placeholders(template)
    if names != set(values):
        raise TemplateError(f"template {template!r}: expected values for "
                            f"{sorted(names)}, got {sorted(values)}")
    return template.format_map(values)


@dataclass(frozen=True)
class Entry:
    """One translated unit as a file holds it; ``line`` is its marker's line number."""

    id: str
    source: str
    text: str
    line: int = 0


@dataclass(frozen=True)
class Finding:
    """One problem of one unit, in the words that say what to do."""

    where: str  # the translation file, as the user would type it
    unit: str | None
    check: str
    message: str

    def __str__(self) -> str:
        return f"{self.where} {self.unit or ''}: {self.check}: {self.message}".replace(" :", ":")


def parse(text: str, where: str) -> tuple[list[Entry], list[Finding]]:
    """The units of a translation file's ``text`` (``where`` names it in findings): text
    before the first marker may only be comments; a unit is one block of text."""
    entries: list[Entry] = []
    found: list[Finding] = []
    current: tuple[str, str, int] | None = None
    body: list[str] = []
    outside = re.sub(r"<!--(?!\s*unit:).*?-->", "", text, flags=re.DOTALL)

    def close() -> None:
        if current is None:
            return
        name, source, line = current
        content = normalised("\n".join(body))
        if not content:
            found.append(Finding(where, name, FORMAT, f"line {line}: the unit has no text"))
        elif any(entry.id == name for entry in entries):
            found.append(Finding(where, name, FORMAT, f"line {line}: translated twice"))
        else:
            entries.append(Entry(name, source, content, line))

    for number, line in enumerate(outside.split("\n"), start=1):
        if line.lstrip().startswith("<!--") and "unit:" in line:
            close()
            body = []
            marker = MARKER.match(line.strip())
            if marker is None or not _ID.match(marker.group("id")):
                found.append(Finding(where, None, FORMAT, f"line {number}: a marker reads "
                                     f"`<!-- unit: ID source: DIGEST -->`, not {line.strip()!r}"))
                current = None
                continue
            current = (marker.group("id"), marker.group("source"), number)
        elif current is None:
            if line.strip():
                found.append(Finding(where, None, FORMAT, f"line {number}: text outside any "
                                     "unit (put it under a marker or in a comment)"))
        else:
            body.append(line)
    close()
    return entries, found


def render(header: str, entries: Sequence[Entry]) -> str:
    """A translation file's text: the header comment, then each unit."""
    blocks = [header] if header else []
    blocks += [f"<!-- unit: {entry.id} source: {entry.source} -->\n{entry.text}"
               for entry in entries]
    return "\n\n".join(blocks) + "\n"


def load(path: Path, where: str) -> tuple[list[Entry], list[Finding]]:
    """The units of the translation file at ``path``, none if there is no such file."""
    if not path.is_file():
        return [], []
    return parse(path.read_text(encoding="utf-8"), where)


def unit_findings(where: str, unit: str, english: str, entry: Entry | None,
                  lang: str) -> list[Finding]:
    """What is wrong with the translation ``entry`` of the English template ``english``."""
    if entry is None:
        return [Finding(where, unit, MISSING, f"no {lang} translation; add "
                        f"`<!-- unit: {unit} source: {source_digest(english)} -->` and the "
                        f"translated template of {english!r}")]
    found = []
    if entry.source != source_digest(english):
        found.append(Finding(where, unit, STALE, f"the English changed since it was translated "
                             f"(now {english!r}); revise it and record source "
                             f"{source_digest(english)}"))
    try:
        mine, theirs = placeholders(entry.text), placeholders(english)
    except TemplateError as error:
        return [*found, Finding(where, unit, PLACEHOLDERS, str(error))]
    if mine != theirs:
        found.append(Finding(where, unit, PLACEHOLDERS, f"fields {sorted(mine)} differ from the "
                             f"English's {sorted(theirs)}"))
    written = Counter(numbers(string_part(entry.text)))
    if not written <= Counter(numbers(string_part(english))):
        extra = sorted((written - Counter(numbers(string_part(english)))).elements())
        found.append(Finding(where, unit, NUMBERS, f"writes {', '.join(f'{n:g}' for n in extra)}"
                             " where the English does not (a number comes from a value or is "
                             "the English's)"))
    script = SCRIPTS.get(lang)
    if script is not None and _WORDS.search(_MATH.sub("", string_part(english))) \
            and not script.search(string_part(entry.text)):
        found.append(Finding(where, unit, UNTRANSLATED, "no word of the language: still the "
                             "English?"))
    return found


def string_part(template: str) -> str:
    """``template`` without its fields: the words a translator wrote."""
    return "".join(literal for literal, *_ in string.Formatter().parse(template))


def findings(where: Mapping[str, str], english: Mapping[str, str],
             translated: Mapping[str, Sequence[Entry]], lang: str) -> list[Finding]:
    """Every problem of the translations ``translated`` (file → its units) of the English
    templates ``english`` (id → template), where ``where`` names each id's expected file."""
    found = []
    by_file = {name: {entry.id: entry for entry in entries}
               for name, entries in translated.items()}
    for unit, template in english.items():
        entry = by_file.get(where[unit], {}).get(unit)
        found += unit_findings(where[unit], unit, template, entry, lang)
    for name, entries in by_file.items():
        for unit, entry in entries.items():
            if where.get(unit) != name:
                moved = f" (its English is in {where[unit]}'s scene)" if unit in where else ""
                found.append(Finding(name, unit, ORPHAN, f"line {entry.line}: no English "
                                     f"template has this id{moved}; delete it"))
    return found
