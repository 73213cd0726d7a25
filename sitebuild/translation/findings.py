"""One shape for everything a translation check finds, so every check reports alike.

A finding names the page and the unit (the id a translator searches for in the translation
file), which check found it, and what is wrong in words that say what to do.
"""

from __future__ import annotations

from dataclasses import dataclass

# The checks, in the order a report lists them.
FORMAT = "format"              # the translation file itself: markers, duplicates, stray text
STALE = "stale"                # the English unit changed since it was translated
MISSING = "missing"            # an English unit with no translation
ORPHAN = "orphan"              # a translated unit the English page no longer has
UNTRANSLATED = "untranslated"  # a "translation" that is still the English
STRUCTURE = "structure"        # the translated page's blocks differ from the English page's
MATH = "math"                  # a formula differs
NUMBER = "number"              # a number in the prose differs
MARKUP = "markup"              # code, a link target or an HTML tag differs
GLOSSARY = "glossary"          # a rejected term, or a first use without its English
CHECKS = (FORMAT, STALE, MISSING, ORPHAN, UNTRANSLATED, STRUCTURE, MATH, NUMBER, MARKUP,
          GLOSSARY)


@dataclass(frozen=True)
class Finding:
    """One problem of one unit (``unit`` None: of the page or file as a whole)."""

    page: str
    unit: str | None
    check: str
    message: str

    def __str__(self) -> str:
        where = f"{self.page} {self.unit}" if self.unit else self.page
        return f"{where}: {self.check}: {self.message}"


class TranslationError(Exception):
    """A translated page that must not be published as it is; the message lists why."""

    def __init__(self, findings: list[Finding]):
        self.findings = findings
        shown = "\n  ".join(str(finding) for finding in findings[:40])
        more = f"\n  … and {len(findings) - 40} more" if len(findings) > 40 else ""
        super().__init__(f"{len(findings)} translation problem(s):\n  {shown}{more}")
