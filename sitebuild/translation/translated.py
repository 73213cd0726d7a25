"""The file a translator edits: ``translations/<lang>/<page>.md``, one unit per block.

Each unit is a marker line, then its translated text, up to the next marker::

    <!-- unit: who-it-is-for.li1 source: 12708bf1c856 -->
    **학생**: 고윳값(eigenvalue)을 배웠고 …

Why Markdown with HTML-comment markers rather than TOML, YAML or PO:

* the text is Markdown full of TeX; in TOML or YAML strings every backslash of ``\\lVert`` or
  ``\\frac`` would need escaping or a block-scalar indentation rule, and a slip there changes
  a formula silently. Here a formula is typed exactly as on the English page;
* a translator edits in any Markdown editor, with preview, wrapping lines freely; a reviewer
  reads the diff line by line, and a changed ``source:`` in a diff says "re-translated because
  the English changed";
* the marker is an HTML comment, so a stray one never shows on a page, and one regular
  expression reads it.

``source`` is the first 12 hex digits of the SHA-256 of the English unit the text translates
(:attr:`sitebuild.translation.units.Unit.source`). Text before the first marker may only be
comments (a header for translators). Files are written whole (:func:`foundation.files.
write_atomically`), so an interrupted ``scaffold`` or ``accept`` never leaves half a file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from foundation.files import write_atomically
from sitebuild.translation.findings import FORMAT, Finding
from sitebuild.translation.units import SOURCE_DIGITS

MARKER = re.compile(r"^<!--\s*unit:\s*(?P<id>\S+)\s+source:\s*(?P<source>\S+)\s*-->\s*$")
_UNIT_ID = re.compile(r"^[\w-]+(\.[\w-]+)+$")
_SOURCE = re.compile(rf"^[0-9a-f]{{{SOURCE_DIGITS}}}$")


@dataclass(frozen=True)
class Entry:
    """One translated unit as the file holds it; ``line`` is its marker's line number."""

    id: str
    source: str
    text: str
    line: int


@dataclass(frozen=True)
class TranslationFile:
    """A parsed translation file: its header, its entries in file order, and what is wrong
    with the file itself (an entry that cannot be trusted is left out and reported)."""

    header: str
    entries: tuple[Entry, ...]
    findings: tuple[Finding, ...]

    def by_id(self) -> dict[str, Entry]:
        return {entry.id: entry for entry in self.entries}


def parse(text: str, page: str) -> TranslationFile:
    """The entries of a translation file's ``text`` (``page`` names it in findings)."""
    findings: list[Finding] = []
    entries: list[Entry] = []
    header: list[str] = []
    current: tuple[str, str, int] | None = None
    body: list[str] = []
    seen: dict[str, int] = {}

    def close() -> None:
        if current is None:
            return
        name, source, line = current
        content = "\n".join(body).strip("\n")
        content = "\n".join(part.rstrip() for part in content.split("\n"))
        if not content.strip():
            findings.append(Finding(page, name, FORMAT,
                                    f"line {line}: the unit has no text (delete the marker "
                                    "to leave it untranslated)"))
        elif re.search(r"\n[ \t]*\n", content):
            findings.append(Finding(page, name, FORMAT,
                                    f"line {line}: a unit is one block; its text has a blank "
                                    "line (a second paragraph needs its own English unit)"))
        elif name in seen:
            findings.append(Finding(page, name, FORMAT,
                                    f"line {line}: the unit is translated twice (also at line "
                                    f"{seen[name]})"))
        else:
            seen[name] = line
            entries.append(Entry(name, source, content, line))

    for number, line in enumerate(text.split("\n"), start=1):
        if line.lstrip().startswith("<!--") and "unit:" in line:
            marker = MARKER.match(line.strip())
            problem = None
            if marker is None:
                problem = ("a marker must read `<!-- unit: ID source: DIGEST -->`, "
                           f"not {line.strip()!r}")
            elif not _UNIT_ID.match(marker.group("id")):
                problem = f"{marker.group('id')!r} is not a unit id (scope.kindN)"
            elif not _SOURCE.match(marker.group("source")):
                problem = (f"source {marker.group('source')!r} is not {SOURCE_DIGITS} "
                           "lower-case hex digits")
            close()
            body = []
            if problem:
                findings.append(Finding(page, None, FORMAT, f"line {number}: {problem}"))
                current = None
                continue
            current = (marker.group("id"), marker.group("source"), number)
        elif current is None:
            if line.strip() and not header_is_comment("\n".join([*header, line])):
                findings.append(Finding(page, None, FORMAT,
                                        f"line {number}: text outside any unit (put it under "
                                        "a `<!-- unit: … -->` marker or in a comment)"))
            else:
                header.append(line)
        else:
            body.append(line)
    close()
    return TranslationFile("\n".join(header).strip(), tuple(entries), tuple(findings))


def header_is_comment(text: str) -> bool:
    """Whether ``text`` (the start of a file, so far) is only HTML comments, the last one
    possibly still open."""
    rest = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    return not rest.strip() or rest.lstrip().startswith("<!--")


def load(path: Path, page: str) -> TranslationFile:
    """The translation file at ``path`` (which must exist)."""
    return parse(path.read_text(encoding="utf-8"), page)


def render(header: str, entries: list[Entry]) -> str:
    """A translation file's text: the header, then each entry's marker and text."""
    blocks = [header] if header else []
    blocks += [f"<!-- unit: {entry.id} source: {entry.source} -->\n{entry.text}"
               for entry in entries]
    return "\n\n".join(blocks) + "\n"


def save(path: Path, header: str, entries: list[Entry]) -> None:
    """Write a translation file whole (never half of one)."""
    write_atomically(path, render(header, entries))


def memory(folder: Path) -> dict[str, str]:
    """Every translated text in the translation files below ``folder``, by the digest of the
    English it translates: a text the generated fragments repeat (a proof's label, a check
    badge) is translated once and offered for every other place it occurs. The first file in
    path order wins, so the offer is the same on every machine."""
    offers: dict[str, str] = {}
    for path in sorted(folder.rglob("*.md")):
        for entry in load(path, path.name).entries:
            offers.setdefault(entry.source, entry.text)
    return offers
