"""The relations a step or hypothesis can claim, and how they compose along a chain."""

from __future__ import annotations

from enum import Enum


class Relation(Enum):
    """The relation between two sides: its symbol, its LaTeX and its direction."""

    EQ = ("=", "=")
    NE = ("≠", r"\neq")
    LT = ("<", "<")
    LE = ("≤", r"\leq")
    GT = (">", ">")
    GE = ("≥", r"\geq")

    def __init__(self, symbol: str, latex: str) -> None:
        self.symbol = symbol
        self.latex = latex

    @property
    def negated(self) -> Relation:
        """The relation that holds exactly when this one fails."""
        return _NEGATION[self]

    @property
    def direction(self) -> int:
        """+1 for ≥ and >, −1 for ≤ and <, 0 for = and ≠."""
        return {Relation.LT: -1, Relation.LE: -1, Relation.GT: 1, Relation.GE: 1}.get(self, 0)

    @property
    def strict(self) -> bool:
        return self in (Relation.LT, Relation.GT)


_NEGATION = {
    Relation.EQ: Relation.NE, Relation.NE: Relation.EQ,
    Relation.LT: Relation.GE, Relation.GE: Relation.LT,
    Relation.GT: Relation.LE, Relation.LE: Relation.GT,
}


def compose(relations: list[Relation]) -> Relation | None:
    """The relation ``a R b`` that a chain ``a R₁ x R₂ … Rₖ b`` proves, or None if it proves none.

    Equalities pass through; order relations must all point one way; one strict
    link makes the whole chain strict. ``≠`` does not compose.
    """
    if Relation.NE in relations:
        return None if len(relations) > 1 else Relation.NE
    directions = {r.direction for r in relations} - {0}
    if not directions:
        return Relation.EQ
    if len(directions) > 1:
        return None
    strict = any(r.strict for r in relations)
    if directions == {-1}:
        return Relation.LT if strict else Relation.LE
    return Relation.GT if strict else Relation.GE


def implies(proved: Relation, claimed: Relation) -> bool:
    """Whether ``a proved b`` implies ``a claimed b`` (``<`` implies ``≤`` and ``≠``)."""
    weaker = {
        Relation.EQ: {Relation.EQ, Relation.LE, Relation.GE},
        Relation.LT: {Relation.LT, Relation.LE, Relation.NE},
        Relation.GT: {Relation.GT, Relation.GE, Relation.NE},
        Relation.LE: {Relation.LE},
        Relation.GE: {Relation.GE},
        Relation.NE: {Relation.NE},
    }
    return claimed in weaker[proved]
