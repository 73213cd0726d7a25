"""Rules for the words of a derivation: math is typeset, never approximated in Unicode or raw TeX.

Titles, statements, reasons and hypotheses are Markdown that the site renders;
formulas belong between ``$…$``. A character such as ``λ``, ``ᵀ`` or ``≤`` outside
math, or TeX such as ``W^l`` or ``\\eta``, would reach the reader as a stand-in
(or as source), so it is refused when the derivation is built, naming the text.
"""

from __future__ import annotations

import re

LABEL_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# Inline code and math are exempt: code is shown as code, math is typeset.
_EXEMPT = re.compile(r"`[^`]*`|\$\$.+?\$\$|\$[^$]+\$", re.DOTALL)
# Letters and signs that only ever stand in for a formula.
STAND_INS = re.compile(
    "[\u0370-\u03ff"          # Greek letters
    "\u00b2\u00b3\u00b9"       # ² ³ ¹
    "\u2070-\u209f"           # superscript and subscript digits and letters
    "\u1d2c-\u1d6a\u1d9c-\u1dbf"  # modifier letters: ᵀ ᵗ ᵏ …
    "\u2016\u22a4\u221a\u2264\u2265\u2260\u221e\u2208\u2211\u220f\u2202"  # ‖ ⊤ √ ≤ ≥ ≠ ∞ ∈ ∑ ∏ ∂
    "\u2032\u2033\u211d\u2102\u2124\u2115"  # ′ ″ ℝ ℂ ℤ ℕ
    "\u2212\u00d7\u2192\u21d2\u2248\u2213\u00b1"  # − × → ⇒ ≈ ∓ ±
    "]"
)
RAW_TEX = re.compile(r"\\[A-Za-z]+|\\[()\[\]]|[A-Za-z0-9)}\]]\^|\b[A-Za-z]_[A-Za-z0-9{(]")


def outside_math(text: str) -> str:
    """``text`` with its inline code and ``$…$``/``$$…$$`` math removed."""
    return _EXEMPT.sub(" ", text)


def prose_problem(text: str) -> str | None:
    """Why ``text`` would show a reader a formula badly, or None if it would not."""
    if text.count("$") % 2:
        return "an unmatched $ (math is written between $…$)"
    plain = outside_math(text)
    if (found := STAND_INS.search(plain)) is not None:
        return f"{found.group()!r} outside math: write the formula between $…$"
    if (found := RAW_TEX.search(plain)) is not None:
        return f"TeX {found.group()!r} outside math: write the formula between $…$"
    return None


def check_prose(text: str, where: str) -> None:
    """Refuse ``text`` (described by ``where``) if it shows math as Unicode or raw TeX."""
    problem = prose_problem(text)
    if problem is not None:
        raise ValueError(f"{where}: {problem}; in {text!r}")


def check_label(label: str, where: str) -> None:
    """Refuse a label or slug that is not lower-case words joined by hyphens."""
    if not LABEL_PATTERN.match(label):
        raise ValueError(f"{where}: expected a lower-case-hyphenated name, got {label!r}")
