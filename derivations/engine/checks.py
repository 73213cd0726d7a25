"""How a step is verified: four kinds of mechanical check, each returning a verdict.

The rule every check follows: SymPy answering "undecided" (``None``) is a
failure, never a pass. A check that cannot prove its step says why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import mpmath
import sympy

from derivations.engine.derivation import Relation

if TYPE_CHECKING:
    from derivations.engine.derivation import Derivation, Step

Rewrite = Callable[[sympy.Basic], sympy.Basic]

# The sign of lhs − rhs that each order relation claims, as a SymPy assumption.
SIGN_ASSUMPTION = {
    Relation.LT: "is_negative",
    Relation.LE: "is_nonpositive",
    Relation.GT: "is_positive",
    Relation.GE: "is_nonnegative",
}
MIN_NUMERIC_DIGITS = 50
MIN_NUMERIC_POINTS = 3


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one step; ``detail`` says what was shown or why it failed."""

    passed: bool
    detail: str


def default_rewrite(expression: sympy.Basic) -> sympy.Basic:
    """Expand first (fast, decides polynomial identities); fall back on ``simplify``."""
    expanded = sympy.expand(expression)
    if _zero_status(expanded) is True:
        return expanded
    return sympy.simplify(expanded)


def _as_entries(expression: sympy.Basic) -> list[sympy.Basic]:
    if isinstance(expression, sympy.MatrixBase):
        return list(expression)
    if isinstance(expression, sympy.MatrixExpr):
        return list(expression.as_explicit())
    return [expression]


def _zero_status(expression: sympy.Basic) -> bool | None:
    """True if every entry is zero, False if some entry is certainly non-zero, else None."""
    statuses = [entry.is_zero for entry in _as_entries(expression)]
    if any(status is False for status in statuses):
        return False
    if all(status is True for status in statuses):
        return True
    return None


def _explicit(side: sympy.Basic) -> sympy.Basic:
    """Matrix expressions as explicit immutable matrices; scalars unchanged."""
    if isinstance(side, sympy.MatrixExpr):
        return sympy.ImmutableMatrix(side.as_explicit())
    if isinstance(side, sympy.MatrixBase):
        return sympy.ImmutableMatrix(side)
    return side


def _difference(lhs: sympy.Basic, rhs: sympy.Basic) -> sympy.Basic:
    lhs, rhs = _explicit(lhs), _explicit(rhs)
    if isinstance(lhs, sympy.MatrixBase) != isinstance(rhs, sympy.MatrixBase):
        raise TypeError("cannot compare a matrix with a scalar")
    if isinstance(lhs, sympy.MatrixBase) and lhs.shape != rhs.shape:
        raise TypeError(f"shapes differ: {lhs.shape} and {rhs.shape}")
    return lhs - rhs


def decide(
    lhs: sympy.Basic, relation: Relation, rhs: sympy.Basic, rewrite: Rewrite = default_rewrite
) -> Verdict:
    """Decide ``lhs relation rhs`` exactly, for concrete or symbolic sides."""
    try:
        difference = rewrite(_difference(lhs, rhs))
    except TypeError as error:
        return Verdict(False, f"sides are not comparable: {error}")
    if relation in (Relation.EQ, Relation.NE):
        status = _zero_status(difference)
        if status is None:
            return Verdict(False, f"undecided: SymPy cannot tell whether {difference} is zero")
        wanted = relation is Relation.EQ
        if status is wanted:
            return Verdict(True, "difference is zero" if wanted else "difference is non-zero")
        return Verdict(False, "difference is non-zero" if wanted else "difference is zero")
    if isinstance(difference, sympy.MatrixBase):
        return Verdict(False, f"an order relation {relation.symbol} needs scalar sides")
    status = getattr(difference, SIGN_ASSUMPTION[relation])
    if status is None:
        return Verdict(False, f"undecided: SymPy cannot tell the sign of {difference}")
    return Verdict(bool(status), f"lhs − rhs = {difference}")


class Check:
    """Base of the four kinds; ``kind`` is the label shown on the site and in reports."""

    kind: str = ""

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        raise NotImplementedError

    def describe(self) -> str:
        """A short human label, e.g. ``symbolic`` or ``numeric (mpmath, 60 digits, 4 points)``."""
        return self.kind


@dataclass(frozen=True)
class Symbolic(Check):
    """Exact proof: substitute the definitions, rewrite the difference, decide it."""

    rewrite: Rewrite = default_rewrite
    kind: str = field(default="symbolic", init=False)

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        lhs = derivation.concrete(step.lhs)
        rhs = derivation.concrete(step.rhs)
        return decide(lhs, step.relation, rhs, self.rewrite)


@dataclass(frozen=True)
class Instances(Check):
    """Exact check at each listed value of ``variable``: for claims about particular cases."""

    variable: sympy.Symbol
    values: Sequence[sympy.Basic]
    rewrite: Rewrite = default_rewrite
    kind: str = field(default="instances", init=False)

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError("values: expected at least one instance")

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        for value in self.values:
            lhs = derivation.concrete(step.lhs.subs(self.variable, value))
            rhs = derivation.concrete(step.rhs.subs(self.variable, value))
            verdict = decide(lhs, step.relation, rhs, self.rewrite)
            if not verdict.passed:
                return Verdict(False, f"fails at {self.variable} = {value}: {verdict.detail}")
        shown = ", ".join(str(value) for value in self.values)
        return Verdict(True, f"holds exactly at {self.variable} = {shown}")

    def describe(self) -> str:
        return f"instances ({self.variable} = {', '.join(str(v) for v in self.values)})"


@dataclass(frozen=True)
class Induction(Check):
    """Proof for all integers ``variable ≥ start`` of an equation ``lhs(n) = rhs(n)``.

    ``recurrence`` takes the values at ``n, …, n+order−1`` and returns the value
    at ``n+order``; ``lhs`` must satisfy it by definition (``F^{n+1} = F^n F``,
    ``F(n+2) = F(n+1) + F(n)``). The check proves the base cases exactly, the
    inductive step ``rhs(n+order) = recurrence(rhs(n), …)`` symbolically with
    ``n`` free, and confirms on a few concrete ``n`` that ``lhs`` really obeys
    the recurrence (a guard against a mistyped definition).
    """

    variable: sympy.Symbol
    recurrence: Callable[..., sympy.Basic]
    start: int = 0
    order: int = 1
    rewrite: Rewrite = default_rewrite
    definition_samples: int = 4
    kind: str = field(default="induction", init=False)

    def __post_init__(self) -> None:
        if self.order < 1:
            raise ValueError(f"order: expected a positive integer, got {self.order}")
        if not self.variable.is_integer:
            raise ValueError(f"variable: expected an integer symbol, got {self.variable!r}")

    def _at(self, expression: sympy.Basic, offset: sympy.Basic) -> sympy.Basic:
        return expression.subs(self.variable, offset)

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        if step.relation is not Relation.EQ:
            return Verdict(False, "induction proves equations only")
        n = self.variable
        for base in range(self.start, self.start + self.order):
            verdict = decide(
                derivation.concrete(self._at(step.lhs, base)),
                Relation.EQ,
                derivation.concrete(self._at(step.rhs, base)),
            )
            if not verdict.passed:
                return Verdict(False, f"base case {n} = {base} fails: {verdict.detail}")
        for first in range(self.start, self.start + self.definition_samples):
            previous = [
                derivation.concrete(self._at(step.lhs, first + k)) for k in range(self.order)
            ]
            verdict = decide(
                derivation.concrete(self._at(step.lhs, first + self.order)),
                Relation.EQ,
                derivation.concrete(self.recurrence(*previous)),
            )
            if not verdict.passed:
                return Verdict(
                    False, f"the left side does not obey the recurrence at {n} = {first}"
                )
        previous = [derivation.concrete(self._at(step.rhs, n + k)) for k in range(self.order)]
        verdict = decide(
            derivation.concrete(self._at(step.rhs, n + self.order)),
            Relation.EQ,
            derivation.concrete(self.recurrence(*previous)),
            self.rewrite,
        )
        if not verdict.passed:
            return Verdict(False, f"inductive step fails: {verdict.detail}")
        bases = ", ".join(str(b) for b in range(self.start, self.start + self.order))
        return Verdict(True, f"base cases {n} = {bases} and the inductive step hold")

    def describe(self) -> str:
        return f"induction on {self.variable} ≥ {self.start}"


@dataclass(frozen=True)
class Numeric(Check):
    """High-precision evidence, not proof: both sides agree to ``digits`` at several points.

    Only for steps where symbolic proof is out of reach; every place that shows
    the step labels it numeric.
    """

    points: Sequence[Mapping[sympy.Symbol, sympy.Basic]]
    digits: int = 60
    kind: str = field(default="numeric", init=False)

    def __post_init__(self) -> None:
        if self.digits < MIN_NUMERIC_DIGITS:
            raise ValueError(f"digits: expected at least {MIN_NUMERIC_DIGITS}, got {self.digits}")
        if len(self.points) < MIN_NUMERIC_POINTS:
            raise ValueError(
                f"points: expected at least {MIN_NUMERIC_POINTS} points, got {len(self.points)}"
            )

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        tolerance = mpmath.mpf(10) ** (-(self.digits - 10))
        with mpmath.workdps(self.digits):
            for point in self.points:
                lhs = _evaluate(derivation.concrete(step.lhs).subs(point), self.digits)
                rhs = _evaluate(derivation.concrete(step.rhs).subs(point), self.digits)
                if lhs is None or rhs is None:
                    return Verdict(False, f"does not evaluate to numbers at {dict(point)}")
                gap = max(abs(a - b) for a, b in zip(lhs, rhs, strict=True))
                scale = max(1, *(abs(v) for v in lhs))
                holds = {
                    Relation.EQ: gap <= tolerance * scale,
                    Relation.NE: gap > tolerance * scale,
                }.get(step.relation)
                if holds is None:
                    return Verdict(False, "numeric checks are for = and ≠ only")
                if not holds:
                    return Verdict(
                        False,
                        f"at {dict(point)} the sides differ by {mpmath.nstr(gap, 5)}",
                    )
        return Verdict(True, f"agrees to {self.digits - 10} digits at {len(self.points)} points")

    def describe(self) -> str:
        return f"numeric (mpmath, {self.digits} digits, {len(self.points)} points)"


def _evaluate(expression: sympy.Basic, digits: int) -> list[mpmath.mpc] | None:
    """Each entry of ``expression`` as an mpmath complex, or None if it is not a number."""
    values = []
    for entry in _as_entries(expression):
        number = sympy.N(entry, digits)
        if not number.is_number:
            return None
        real, imaginary = number.as_real_imag()
        values.append(mpmath.mpc(mpmath.mpf(str(real)), mpmath.mpf(str(imaginary))))
    return values
