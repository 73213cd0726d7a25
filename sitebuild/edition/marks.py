"""Korean quoted on an English page marked as Korean: ``<span lang="ko">`` around each run.

Chapter 2 quotes source 003, a Korean summary, in Korean. Without ``lang="ko"`` a screen reader
reads it with English rules and a browser picks a font for English text, which where no CJK
font is installed draws empty boxes. The served Hangul font (:mod:`sitebuild.edition.font`)
supplies the glyphs; this pass supplies the language, after the build so that every generator
and every source of text (pages, fragments) is covered. Pages whose ``<html lang>`` is not
English (the Korean edition) are left alone, and text inside scripts, styles and elements
already marked is not touched.
"""

from __future__ import annotations

import re
from pathlib import Path

from sitebuild.written import write_if_changed

_SYLLABLES = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3"
# A run of Korean: from the first Hangul letter to the last, spaces and punctuation between.
RUN = re.compile(f"[{_SYLLABLES}](?:[{_SYLLABLES}\\s.,!?·…]*[{_SYLLABLES}])?")
_TAG = re.compile(r"(<[^>]*>)")
_RAW = re.compile(r"<(script|style|textarea)\b", re.IGNORECASE)
_ENGLISH = re.compile(r'<html[^>]*\slang="en', re.IGNORECASE)
MARK = '<span lang="ko">'


def mark(html: str) -> str:
    """``html`` with every run of Hangul in its text wrapped in :data:`MARK`, unless it already
    is (so marking twice changes nothing)."""
    parts = _TAG.split(html)
    raw: str | None = None
    previous = ""
    for number in range(0, len(parts), 2):
        if number:
            tag = parts[number - 1]
            if raw is not None:
                raw = None if tag.lower().startswith(f"</{raw}") else raw
            elif opened := _RAW.match(tag):
                raw = opened.group(1).lower()
            previous = tag
        if raw is None and previous != MARK and RUN.search(parts[number]):
            parts[number] = RUN.sub(lambda run: f"{MARK}{run.group(0)}</span>", parts[number])
    return "".join(parts)


def mark_site(site: Path) -> list[Path]:
    """Mark the Korean runs of every English page under ``site``: the pages changed."""
    changed = []
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        if _ENGLISH.search(html[:2000]) and RUN.search(html) \
                and write_if_changed(page, mark(html)):
            changed.append(page)
    return changed
