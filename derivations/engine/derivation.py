"""What a derivation is: frozen data that the checker, the site and the animations all read.

A derivation never computes anything on construction; it only records claims.
Deciding them is the job of :mod:`derivations.engine.checks`, so that a page can
be rendered without paying for verification and a test can verify without
rendering.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

import sympy

if TYPE_CHECKING:
    from derivations.engine.checks import Check

SLUG_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Relation(Enum):
    """The relation a step claims between its two sides."""

    EQ = ("=", "=")
    NE = ("≠", r"\neq")
    LT = ("<", "<")
    LE = ("≤", r"\leq")
    GT = (">", ">")
    GE = ("≥", r"\geq")

    def __init__(self, symbol: str, latex: str) -> None:
        self.symbol = symbol
        self.latex = latex


@dataclass(frozen=True)
class Step:
    """One claim ``lhs <relation> rhs``, the reason a reader should believe it, and its check.

    ``label`` is unique inside the derivation; with the derivation's slug it
    forms the anchor on the site and the name in a failure message.
    """

    label: str
    lhs: sympy.Basic
    rhs: sympy.Basic
    reason: str
    check: Check
    relation: Relation = Relation.EQ

    def __post_init__(self) -> None:
        if not SLUG_PATTERN.match(self.label):
            raise ValueError(f"label: expected a lower-case-hyphenated name, got {self.label!r}")
        if not self.reason.strip() or "\n" in self.reason.strip():
            raise ValueError(f"reason of step {self.label!r}: expected one non-empty line")
        for side in ("lhs", "rhs"):
            if not isinstance(getattr(self, side), sympy.Basic | sympy.MatrixBase):
                raise TypeError(
                    f"{side} of step {self.label!r}: expected a SymPy expression or matrix, "
                    f"got {type(getattr(self, side)).__name__}"
                )


@dataclass(frozen=True)
class Derivation:
    """A titled sequence of verified steps under stated hypotheses, citing its source.

    ``definitions`` maps the symbols the steps are written in (``F``, ``φ``) to
    their concrete meaning (a matrix, a number). Steps display the symbols;
    checks substitute the definitions before deciding, and animations read
    numbers from them, so all three use one value.
    """

    slug: str
    title: str
    chapter: int
    source: str
    hypotheses: tuple[str, ...]
    steps: tuple[Step, ...]
    summary: str = ""
    definitions: Mapping[sympy.Basic, sympy.Basic] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not SLUG_PATTERN.match(self.slug):
            raise ValueError(f"slug: expected a lower-case-hyphenated name, got {self.slug!r}")
        if not self.steps:
            raise ValueError(f"steps of {self.slug!r}: a derivation needs at least one step")
        labels = [step.label for step in self.steps]
        duplicates = sorted({label for label in labels if labels.count(label) > 1})
        if duplicates:
            raise ValueError(f"steps of {self.slug!r}: duplicate labels {duplicates}")

    def step(self, label: str) -> Step:
        """The step called ``label``; a KeyError lists the labels that exist."""
        for candidate in self.steps:
            if candidate.label == label:
                return candidate
        labels = [s.label for s in self.steps]
        raise KeyError(f"{self.slug!r} has no step {label!r}; steps: {labels}")

    def value(self, name: str) -> sympy.Basic:
        """The exact value defined for the symbol called ``name`` (for animations and pages)."""
        for symbol, value in self.definitions.items():
            if str(symbol) == name:
                return value
        known = sorted(str(symbol) for symbol in self.definitions)
        raise KeyError(f"{self.slug!r} defines no symbol {name!r}; defined: {known}")

    def concrete(self, expression: sympy.Basic) -> sympy.Basic:
        """``expression`` with defined symbols replaced by their values and matrix algebra done.

        Values may mention other defined symbols (Q is written with φ and ψ), so
        substitution repeats until nothing defined is left; symbolic identities
        become explicit so that determinants and products evaluate.
        """
        for _ in range(len(self.definitions) + 1):
            replaced = expression.xreplace(dict(self.definitions))
            if replaced == expression:
                break
            expression = replaced
        else:
            raise ValueError(f"definitions of {self.slug!r} refer to each other in a cycle")
        expression = expression.replace(
            lambda node: isinstance(node, sympy.Identity),
            lambda node: sympy.ImmutableMatrix.eye(node.rows),
        )
        return expression.doit() if isinstance(expression, sympy.Basic) else expression
