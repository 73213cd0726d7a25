"""What a translation may not change: the mathematics, the numbers, and the markup around them.

A translated unit says the English unit's content in other words, so its formulas are the
English formulas (compared as a multiset: word order differs between languages, the formulas do
not), except that ``\\text{…}`` may hold the translated words; its numbers outside formulas
are the English numbers (``1,000`` and ``1000`` are one number); its inline code, link targets
and inline HTML tags are the English ones (a translated ``[그림](chapter-2.md)`` still goes to
chapter 2). This is where QuantEcon's ``/`` for ``-`` would have been caught: the formula
``$a-b$`` is not in the translated unit, ``$a/b$`` is not in the English one.

Formulas are found as Python-Markdown's ``pymdownx.arithmatex`` finds them (``$…$``,
``$$…$$``, ``\\(…\\)``, ``\\[…\\]``), after inline code is set aside, and compared after
removing the white space TeX ignores (:func:`formula_key`). Preformatted text (a docstring in
the API reference) writes its formulas in Unicode, not TeX (``F(k+2) = F(k+1) + F(k)``): there
the mathematical symbols are compared instead (:func:`symbols`).
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter

from sitebuild.display_math import normalise as normalise_tex
from sitebuild.translation.findings import MARKUP, MATH, NUMBER, UNTRANSLATED, Finding
from sitebuild.translation.units import PREFORMATTED, ROW

HIDDEN = "\ue000"  # stands in for what prose checks must not read (private use: no language)

_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
_MATH = re.compile(
    r"(?<!\\)\$\$(?P<display>.+?)(?<!\\)\$\$"
    r"|(?<![\\$])\$(?![\s$])(?P<inline>(?:\\.|[^\\$])+?)(?<![\s\\])\$(?!\$)"
    r"|\\\((?P<paren>.+?)\\\)"
    r"|\\\[(?P<bracket>.+?)\\\]", re.DOTALL)
_TEXT_COMMAND = re.compile(r"\\(?:text|textrm|textit|textbf|textsf|mbox)\s*\{")
_CONTROL_WORD_SPACE = re.compile(r"(\\[A-Za-z]+)\s+(?=[A-Za-z])")
_LINK_TARGET = re.compile(r"\]\(([^()\s]*(?:\([^()\s]*\))?[^()\s]*)(?:\s+\"[^\"]*\")?\)"
                          r"|\]\[([^\]]*)\]")
_AUTOLINK = re.compile(r"<((?:https?|mailto|ftp):[^>\s]+)>")
HTML_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s+[^<>]*?)?/?>")
_ATTRIBUTE_LIST = re.compile(r"\{:?\s*[#.][^{}]*\}")
_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
# Operators of a Unicode formula that Unicode files as punctuation or modifiers, not as maths.
_SYMBOL_MARKS = frozenset("^/|·‖⌊⌋…")
_SYMBOL_CATEGORIES = frozenset(("Sm", "No", "Lm"))  # + − = ≤ √ ∂; ² ₂ ⁻; ⁿ ᵀ ᵢ
# The letters a translation into each language is written in: a unit without any is untranslated.
SCRIPTS = {"ko": ("Hangul", re.compile(r"[\uac00-\ud7a3]"))}


def _blank_text_arguments(tex: str) -> str:
    """``tex`` with the argument of every ``\\text{…}`` (and its kin) emptied: the words in a
    formula may be translated, the formula may not."""
    out, i = [], 0
    for match in _TEXT_COMMAND.finditer(tex):
        if match.start() < i:
            continue
        depth, j = 1, match.end()
        while j < len(tex) and depth:
            depth += {"{": 1, "}": -1}.get(tex[j], 0) if tex[j - 1] != "\\" else 0
            j += 1
        out.append(tex[i:match.end()] + "…}")
        i = j
    out.append(tex[i:])
    return "".join(out)


def formula_key(tex: str) -> str:
    """A formula as compared: ``\\text`` arguments emptied, and every space TeX ignores gone
    (a space is kept only where it ends a control word before a letter, ``\\lambda x``)."""
    body = normalise_tex(_blank_text_arguments(tex))
    body = body.replace("\\ ", "\\\x00")  # a control space is a space TeX prints
    body = _CONTROL_WORD_SPACE.sub(lambda match: match.group(1) + "\x01", body)
    return re.sub(r"\s+", "", body).replace("\x01", " ").replace("\x00", " ")


def _without_code(text: str) -> tuple[str, list[str]]:
    codes: list[str] = []

    def hide(match: re.Match[str]) -> str:
        codes.append(" ".join(match.group(2).split()))
        return HIDDEN
    return _CODE.sub(hide, text), codes


def masked(text: str) -> str:
    """``text`` with its inline code and formulas overwritten by :data:`HIDDEN`, character for
    character, so a position found in it is the same position in ``text``: the ``<`` of
    ``$a < b$`` is not the start of a tag."""
    def blank(match: re.Match[str]) -> str:
        return HIDDEN * len(match.group(0))
    return _MATH.sub(blank, _CODE.sub(blank, text))


def formulas(text: str) -> list[str]:
    """The formulas of a unit's text, each as ``$key$`` or ``$$key$$`` (:func:`formula_key`)."""
    return [key for key, _ in _formulas(text)]


def _formulas(text: str) -> list[tuple[str, str]]:
    """Each formula as (key, as written)."""
    prose, _ = _without_code(text)
    found = []
    for match in _MATH.finditer(prose):
        display = match.group("display") is not None or match.group("bracket") is not None
        tex = next(group for group in match.groups() if group is not None)
        mark = "$$" if display else "$"
        found.append((f"{mark}{formula_key(tex)}{mark}", " ".join(match.group(0).split())))
    return found


def markup(text: str) -> list[str]:
    """What a translation copies from the English unit exactly: inline code, link targets,
    autolinks and inline HTML tags (formulas aside)."""
    prose, codes = _without_code(text)
    prose = _MATH.sub(HIDDEN, prose)
    found = [f"code `{code}`" for code in codes]
    found += [f"link target ({target or reference})"
              for target, reference in _LINK_TARGET.findall(prose)]
    found += [f"autolink <{url}>" for url in _AUTOLINK.findall(prose)]
    prose = _AUTOLINK.sub(HIDDEN, prose)
    found += [f"HTML tag {' '.join(tag.split())}" for tag in HTML_TAG.findall(prose)]
    found += [f"attribute list {' '.join(attributes.split())}"
              for attributes in _ATTRIBUTE_LIST.findall(prose)]
    return found


def prose(text: str) -> str:
    """A unit's text with code, formulas, link targets, URLs, HTML tags and attribute lists
    replaced by :data:`HIDDEN`, character references read as the characters they stand for
    (the ``27`` of ``Binet&#x27;s`` is an apostrophe, not a number), and white space runs made
    one space: what a reader reads as words and numbers."""
    body, _ = _without_code(text)
    body = _MATH.sub(HIDDEN, body)
    body = _LINK_TARGET.sub("]" + HIDDEN, body)
    body = _AUTOLINK.sub(HIDDEN, body)
    body = HTML_TAG.sub(HIDDEN, body)
    body = _ATTRIBUTE_LIST.sub(HIDDEN, body)
    body = re.sub(r"https?://\S+", HIDDEN, body)
    return " ".join(html.unescape(body).split())


def numbers(text: str) -> list[str]:
    """The numbers of a unit's prose (not in formulas, code or URLs), thousands separators
    removed: ``1,000`` → ``1000``, ``0.15`` → ``0.15``."""
    return [number.replace(",", "") for number in _NUMBER.findall(prose(text))]


def symbols(text: str) -> list[str]:
    """The mathematical symbols of a text whose formulas are written in Unicode (outside code):
    operators and relations, Greek letters, superscripts, subscripts, bars. A translation of
    such a text says its formulas with the same symbols, so a ``+`` turned ``−`` is found."""
    return sorted(character for character in prose(text)
                  if character in _SYMBOL_MARKS
                  or unicodedata.category(character) in _SYMBOL_CATEGORIES
                  or unicodedata.name(character, "").startswith("GREEK"))


def _departs(lacking: list[str], added: list[str]) -> str:
    """``lacks …; adds …``: what a translation dropped from its English and what it added."""
    return "; ".join(([f"lacks {_say(lacking)}"] if lacking else [])
                     + ([f"adds {_say(added)}"] if added else []))


def cells(row: str) -> int:
    """How many cells a table row has: pipes outside code and formulas, less the outer two."""
    body, _ = _without_code(row)
    body = _MATH.sub(HIDDEN, body).replace("\\|", HIDDEN).strip()
    return body.count("|") - (body.startswith("|") and body.endswith("|") and 1)


def _difference(english: list[str], translated: list[str]) -> tuple[list[str], list[str]]:
    """What the English has that the translation lacks, and what the translation adds."""
    lacking = Counter(english) - Counter(translated)
    added = Counter(translated) - Counter(english)
    return sorted(lacking.elements()), sorted(added.elements())


def _say(items: list[str]) -> str:
    return ", ".join(items)


def compare(page: str, unit: str, kind: str, english: str, translated: str,
            lang: str = "ko") -> list[Finding]:
    """Every way the translated text of a unit departs from its English text in what it
    may not change; empty if none."""
    findings = []
    written = dict(_formulas(translated) + _formulas(english))  # the English's way first
    lacking, added = _difference(formulas(english), formulas(translated))
    if lacking:
        findings.append(Finding(page, unit, MATH, "the English formula(s) "
                                f"{_say([written[k] for k in lacking])} are not in the "
                                "translation"))
    if added:
        findings.append(Finding(page, unit, MATH, "the translation's formula(s) "
                                f"{_say([written[k] for k in added])} are not in the English"))
    if kind == PREFORMATTED:  # formulas in Unicode, not TeX: compare their symbols
        lacking, added = _difference(symbols(english), symbols(translated))
        if lacking or added:
            findings.append(Finding(page, unit, MATH, f"the translation {_departs(lacking, added)}"
                                    " of the English's mathematical symbols"))
    lacking, added = _difference(numbers(english), numbers(translated))
    if lacking:
        findings.append(Finding(page, unit, NUMBER, f"the English number(s) {_say(lacking)} "
                                "are not in the translation's prose"))
    if added:
        findings.append(Finding(page, unit, NUMBER, f"the translation's number(s) "
                                f"{_say(added)} are not in the English prose"))
    lacking, added = _difference(markup(english), markup(translated))
    if lacking or added:
        findings.append(Finding(page, unit, MARKUP, f"the translation {_departs(lacking, added)}"
                                " (code, link targets and tags are copied, not translated)"))
    if kind == ROW and cells(english) != cells(translated):
        findings.append(Finding(page, unit, MARKUP, f"the row has {cells(translated)} cells; "
                                f"the English row has {cells(english)}"))
    name, letters = SCRIPTS.get(lang, ("", None))
    if letters and _LATIN_WORD.search(prose(english)) and not letters.search(prose(translated)):
        findings.append(Finding(page, unit, UNTRANSLATED, f"no {name} outside code and "
                                "formulas: the text is still the English"))
    return findings
