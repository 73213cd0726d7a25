"""The scripts' interface messages in every language, checked like the pages.

The answer boxes and the interactive figures name what they say by a key
(``answers.too-large``); the English is one catalogue, :data:`CATALOGUE` (TOML, one table per
script, one line per message, ``{placeholders}`` for what the script computes). Each message is
a unit, id ``<table>.<name>``, translated in ``translations/<lang>/interface/messages.md``
with the marker of every translation file (:mod:`sitebuild.translation.translated`), so the
checks are the pages': a changed English message makes its translation **stale**, formulas,
numbers and code must be the English ones, the glossary's rejected terms are refused. Every
message is a label read on its own (a heading, for the glossary: no first-use gloss), and a
translation must keep the English message's placeholders, no more and no fewer
(:func:`placeholder_findings`).

Generation (:func:`write`) bundles the catalogues into one script, ``catalogues.js``, which
every page loads before ``javascripts/messages.js`` picks a message in the page's language.
A stale or mismatched translation stops the build (a warning while authoring, the English
standing in); a message not yet translated shows in English.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from foundation.paths import ROOT
from sitebuild.paths import BUILD
from sitebuild.problems import LOG, refuse
from sitebuild.translation import report
from sitebuild.translation.findings import MARKUP, MISSING, UNTRANSLATED, Finding
from sitebuild.translation.invariants import masked
from sitebuild.translation.units import TITLE, Layout, Piece, Unit, normalised, units
from sitebuild.written import write_if_changed

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

CATALOGUE = ROOT / "sitebuild" / "messages.toml"
WITHIN = "interface"  # translations/<lang>/interface/messages.md
SCRIPT = BUILD / "scripts" / "catalogues.js"
SERVED_AT = "assets/messages/catalogues.js"  # mkdocs.yml loads it before messages.js
PLACEHOLDER = re.compile(r"\{([A-Za-z][A-Za-z0-9_]*)\}")
_NAME = re.compile(r"^[A-Za-z][\w-]*$")
NOT_YET = frozenset({MISSING, UNTRANSLATED})  # the English stands in; the build goes on


def split_catalogue(text: str) -> list[Piece]:
    """The messages of a catalogue's TOML ``text``, as units in file order (ValueError if it
    is not a catalogue: tables of one-line strings)."""
    data = tomllib.loads(text)
    pieces: list[Piece] = []
    for table, messages in data.items():
        if not isinstance(messages, dict) or not _NAME.match(table):
            raise ValueError(f"{table!r}: the catalogue holds tables of messages only")
        for name, message in messages.items():
            where = f"{table}.{name}"
            if not _NAME.match(name) or not isinstance(message, str):
                raise ValueError(f"{where}: a message is a name and a string")
            if "\n" in message or message != message.strip() or not message:
                raise ValueError(f"{where}: a message is one line, without outer spaces")
            pieces.append(Unit(where, TITLE, (message,), "", ""))
    return pieces


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON's escapes are TOML's basic string's


def join_catalogue(pieces: list[Piece], texts: dict[str, str]) -> str:
    """The catalogue the pieces make, each message named in ``texts`` in that translation."""
    lines: list[str] = []
    table = None
    for unit in units(pieces):
        scope, name = unit.id.split(".", 1)
        if scope != table:
            lines += ([""] if lines else []) + [f"[{scope}]"]
            table = scope
        text = normalised(texts[unit.id]) if unit.id in texts else unit.text
        lines.append(f"{name} = {_toml_string(text)}")
    return "\n".join(lines) + "\n"


def placeholders(text: str) -> list[str]:
    """The ``{placeholders}`` of a message, outside its formulas and code."""
    return PLACEHOLDER.findall(masked(text))


def placeholder_findings(page: str, unit: str, english: str, translated: str) -> list[Finding]:
    """A translated message must have the English message's placeholders, each as often."""
    lacking = Counter(placeholders(english)) - Counter(placeholders(translated))
    added = Counter(placeholders(translated)) - Counter(placeholders(english))
    parts = ([f"lacks {', '.join('{' + p + '}' for p in sorted(lacking.elements()))}"]
             if lacking else [])
    parts += ([f"adds {', '.join('{' + p + '}' for p in sorted(added.elements()))}"]
              if added else [])
    if not parts:
        return []
    return [Finding(page, unit, MARKUP, "the translation " + "; ".join(parts) + " (a "
                    "placeholder is filled in by the script: copy it, do not translate it)")]


MESSAGES = Layout(split_catalogue, join_catalogue, CATALOGUE.name, placeholder_findings)


def paths(catalogue: Path = CATALOGUE, translations: Path = report.TRANSLATIONS,
          pattern: str | None = None) -> report.Paths:
    """Where the English catalogue and its translations are, cut as messages; ``pattern``
    (a glob in the catalogue's folder) for every catalogue there at once, as the command line
    checks them (:mod:`sitebuild.translation.templates` keeps a second one)."""
    return report.Paths(catalogue.parent, translations,
                        Layout(MESSAGES.split, MESSAGES.join, pattern or catalogue.name,
                               MESSAGES.check),
                        WITHIN, ".md")


def messages(text: str) -> dict[str, str]:
    """A catalogue's messages by key."""
    return {unit.id: unit.text for unit in units(split_catalogue(text))}


def localised(lang: str, where: report.Paths | None = None, page: str | None = None
              ) -> tuple[dict[str, str], list[Finding]]:
    """``lang``'s messages (the English standing in for any not translated, or stale, or not
    passing a check) and what must stop a publishing build: every finding but those that only
    say "not translated yet". ``page``: the catalogue, where ``where`` names several."""
    where = where or paths()
    page = page or where.layout.pattern
    page_report, text = report.check_page(page, lang, report.load_glossary(lang, where), where)
    blocking = [finding for finding in page_report.findings if finding.check not in NOT_YET]
    return messages(text), blocking


def script(languages: Iterable[str], where: report.Paths | None = None, log=LOG) -> str:
    """The catalogues as a script, ``window.companionCatalogues = {"en": {…}, "ko": {…}}``;
    :class:`~sitebuild.problems.BuildError` (a warning while authoring) listing every stale or
    mismatched translated message."""
    where = where or paths()
    english = where.english(where.layout.pattern).read_text(encoding="utf-8")
    catalogues = {"en": messages(english)}
    for lang in languages:
        catalogues[lang], blocking = localised(lang, where)
        refuse([str(finding) for finding in blocking],
               f"{lang} interface messages stale or not matching their English",
               "revise each, then `python -m sitebuild.translation accept --messages "
               "messages.toml KEY`; `python -m sitebuild.translation status --messages` lists "
               "them", log)
    data = json.dumps(catalogues, ensure_ascii=False, indent=1, sort_keys=True)
    return ("// Written by `python -m sitebuild generate` from sitebuild/messages.toml and its "
            "translations: never by hand.\nwindow.companionCatalogues = " + data + ";\n")


def translation_files(languages: Iterable[str], where: report.Paths | None = None
                      ) -> list[Path]:
    """The translated catalogues that exist (their Hangul goes into the served font)."""
    where = where or paths()
    found = [where.translation(lang, where.layout.pattern) for lang in languages]
    return [path for path in found if path.is_file()]


def write(languages: Iterable[str], target: Path = SCRIPT, log=LOG) -> bool:
    """Write :data:`SCRIPT` for the English and ``languages``: True if it changed."""
    return write_if_changed(target, script(languages, log=log))
