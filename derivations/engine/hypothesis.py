"""What a derivation supposes: hypotheses a check can use, and assumptions that stay prose.

A :class:`Hypothesis` is a SymPy relation (``QᵀQ = I``, ``Qv = λv``, ``s₁ < 1/β``)
that a step may cite in its ``given``; the check then decides the step *under* it
(see :mod:`derivations.engine.givens`). An :class:`Assumption` is a sentence no
check reads; the site shows it visibly as assumed, so a reader can tell what the
machine proved from what it was told.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from derivations.engine.relation import Relation
from derivations.engine.text import check_label, check_prose


@dataclass(frozen=True)
class Hypothesis:
    """A supposed relation ``lhs <relation> rhs`` with a label steps cite it by.

    ``local`` marks a supposition that holds only inside an argument (an
    induction hypothesis): a derivation's conclusion may rest on it only through
    the :class:`~derivations.engine.checks.Induction` that discharges it. ``every``
    names symbols the relation holds for at *every* value (a recurrence
    ``f(n + 1) = 2f(n)``), so an induction on one of them may use it at each step; a
    hypothesis without it is about one value, and an induction refuses it.
    """

    label: str
    lhs: sympy.Basic
    rhs: sympy.Basic
    relation: Relation = Relation.EQ
    text: str = ""
    local: bool = False
    every: tuple[sympy.Symbol, ...] = ()

    def __post_init__(self) -> None:
        check_label(self.label, "label of a hypothesis")
        for side in ("lhs", "rhs"):
            if not isinstance(getattr(self, side), sympy.Basic | sympy.MatrixBase):
                raise TypeError(
                    f"{side} of hypothesis {self.label!r}: expected a SymPy expression or "
                    f"matrix, got {type(getattr(self, side)).__name__}"
                )
        if self.text:
            check_prose(self.text, f"text of hypothesis {self.label!r}")
        if isinstance(self.every, sympy.Basic) or not isinstance(self.every, tuple):
            raise TypeError(f"every of hypothesis {self.label!r}: expected a tuple of symbols, "
                            f"got {self.every!r}")
        mentioned = _free(self.lhs) | _free(self.rhs)
        for symbol in self.every:
            if not isinstance(symbol, sympy.Symbol):
                raise TypeError(f"every of hypothesis {self.label!r}: expected symbols, got "
                                f"{symbol!r}")
            if symbol not in mentioned:
                raise ValueError(f"every of hypothesis {self.label!r}: {symbol} does not occur "
                                 "in the hypothesis")


def _free(side: sympy.Basic) -> set[sympy.Basic]:
    if isinstance(side, sympy.MatrixBase):
        return set().union(*(entry.free_symbols for entry in side))
    return set(side.free_symbols)


@dataclass(frozen=True)
class Assumption:
    """A hypothesis in words only: no check uses it, and every page marks it *assumed*."""

    text: str

    def __post_init__(self) -> None:
        if not self.text.strip():
            raise ValueError("text of an assumption: expected a non-empty sentence")
        check_prose(self.text, "text of an assumption")
