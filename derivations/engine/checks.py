"""How a step is verified: five kinds of mechanical check, each returning a verdict and a scope.

The rule every check follows: SymPy answering "undecided" (``None``) is a
failure, never a pass. A check that cannot prove its step says why.

- :class:`Symbolic` decides the claim exactly, under the facts the step cites.
- :class:`Induction` proves a claim for every integer from a start, either from a
  recurrence both sides obey or from an earlier step that derives the case
  ``n + 1`` from the case ``n``.
- :class:`Chain` concludes ``a R b`` from consecutive steps ``a R₁ x``, ``x R₂ y``, …
- :class:`Instances` decides the claim exactly at listed values.
- :class:`Numeric` compares both sides to 50 or more digits: evidence, labelled so.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import mpmath
import sympy

from derivations.engine.algebra import (
    Words,
    difference,
    is_symbolic_matrix,
    sign_status,
    zero_status,
)
from derivations.engine.derivation import Fact, evaluate_holding_limits
from derivations.engine.givens import Givens
from derivations.engine.relation import Relation, compose, implies
from derivations.engine.scope import Scope, ScopeKind, structural_scope

if TYPE_CHECKING:
    from derivations.engine.derivation import Derivation, Step

Rewrite = Callable[[sympy.Basic], sympy.Basic]
MIN_NUMERIC_DIGITS = 50
MIN_NUMERIC_POINTS = 3
MAX_INDUCTION_ORDER = 4


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one step; ``detail`` says what was shown or why it failed."""

    passed: bool
    detail: str


def _normalise(entry: sympy.Basic) -> sympy.Basic:
    """|z|² as z·z̄, which holds for every complex z, so moduli cancel against products."""
    return entry.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.Abs) and node.exp == 2,
        lambda node: node.base.args[0] * sympy.conjugate(node.base.args[0]),
    )


def decide(lhs: sympy.Basic, relation: Relation, rhs: sympy.Basic,
           rewrite: Rewrite | None = None, givens: Givens | None = None) -> Verdict:
    """Decide ``lhs relation rhs`` exactly, for scalars, explicit or symbolic-size matrices.

    ``givens`` are applied first (rewrite rules, slack, then reduction modulo the
    ideal of the equations), then ``rewrite``, then SymPy's ``expand`` and, only if
    that leaves the answer open, ``simplify``.
    """
    givens = givens or Givens()
    # Equations between matrices rewrite before evaluation (QᵀQ inside det(QᵀQ)) and after
    # it (new products); bounds enter once everything is evaluated, so a bounded symbol keeps
    # its own assumptions while SymPy works (an index m ≤ d stays a positive integer).
    lhs, rhs = (evaluate_limits(givens.substitute_bounds(givens.rewrite_words(
        evaluate_holding_limits(givens.rewrite_words(side))))) for side in (lhs, rhs))
    if _infinite(lhs) or _infinite(rhs):
        return _decide_infinite(lhs, relation, rhs)
    try:
        gap = difference(lhs, rhs)
    except TypeError as error:
        return Verdict(False, f"sides are not comparable: {error}")
    if rewrite is not None:
        gap = rewrite(gap)
    words = Words()
    entries = [_normalise(words.scalarise(e)) for e in words.coefficients(gap)]
    if givens.has_ideal:
        entries = givens.reduce(entries, words, relation in (Relation.EQ, Relation.NE))
    if relation in (Relation.EQ, Relation.NE):
        status = _decided_zero(entries)
        if status is None:
            shown = entries[0] if len(entries) == 1 else entries
            return Verdict(False, f"undecided: SymPy cannot tell whether {shown} is zero")
        wanted = relation is Relation.EQ
        if status is wanted:
            return Verdict(True, "difference is zero" if wanted else "difference is non-zero")
        return Verdict(False, "difference is non-zero" if wanted else "difference is zero")
    if len(entries) != 1 or isinstance(gap, sympy.MatrixBase) or is_symbolic_matrix(gap):
        return Verdict(False, f"an order relation {relation.symbol} needs scalar sides")
    value = sympy.expand(entries[0])
    status = sign_status(value, relation.symbol)
    if status is None:
        value = sympy.simplify(value)
        status = sign_status(value, relation.symbol)
    if status is None:
        return Verdict(False, f"undecided: SymPy cannot tell the sign of {value}")
    return Verdict(bool(status), f"lhs − rhs = {value}")


def evaluate_limits(expression: sympy.Basic) -> sympy.Basic:
    """Every limit in ``expression`` evaluated by SymPy; one it cannot find stays unevaluated
    (and leaves the claim undecided, never guessed)."""
    if not isinstance(expression, sympy.Basic) or not expression.has(sympy.Limit):
        return expression

    def evaluate(limit: sympy.Limit) -> sympy.Basic:
        try:
            return limit.doit()
        except (NotImplementedError, ValueError):
            return limit

    return expression.replace(lambda node: isinstance(node, sympy.Limit), evaluate)


def _infinite(side: sympy.Basic) -> bool:
    return isinstance(side, sympy.Basic) and side in (sympy.oo, -sympy.oo, sympy.zoo)


def _decide_infinite(lhs: sympy.Basic, relation: Relation, rhs: sympy.Basic) -> Verdict:
    """A claim with ±∞ on one side: decided by comparing the extended reals, not by ∞ − ∞."""
    claims = {Relation.EQ: sympy.Eq, Relation.NE: sympy.Ne, Relation.LT: sympy.Lt,
              Relation.LE: sympy.Le, Relation.GT: sympy.Gt, Relation.GE: sympy.Ge}
    outcome = claims[relation](lhs, rhs)
    if outcome not in (sympy.true, sympy.false):
        return Verdict(False, f"undecided: SymPy cannot compare {lhs} with {rhs}")
    return Verdict(bool(outcome), f"{lhs} {relation.symbol} {rhs} is {bool(outcome)}")


def _decided_zero(entries: list[sympy.Basic]) -> bool | None:
    expanded = [sympy.expand(e) for e in entries]
    status = zero_status(expanded)
    if status is None:
        status = zero_status([sympy.simplify(e) for e in expanded])
    return status


class Check:
    """Base of the kinds; ``kind`` is the label shown on the site and in reports."""

    kind: str = ""

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        raise NotImplementedError

    def describe(self) -> str:
        """A short human label, e.g. ``symbolic`` or ``numeric (mpmath, 60 digits, 4 points)``."""
        return self.kind

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        """What this check proves of ``step``, before the steps it cites narrow it."""
        raise NotImplementedError

    def cites(self) -> tuple[str, ...]:
        """Labels of steps or hypotheses this check relies on beyond the step's ``given``."""
        return ()

    def discharges(self) -> tuple[str, ...]:
        """Local hypotheses this check discharges (an induction's hypothesis)."""
        return ()

    def reads(self) -> tuple[sympy.Basic, ...]:
        """Expressions this check reads beyond the step's sides (instance points, variables)."""
        return ()


def concrete_facts(step: Step, derivation: Derivation,
                   exclude: tuple[str, ...] = ()) -> Givens:
    """The step's ``given`` facts, concrete, sorted by how they are used."""
    facts = []
    for label in step.given:
        if label in exclude:
            continue
        fact = derivation.fact(label)
        facts.append(Fact(label, derivation.concrete(fact.lhs), fact.relation,
                          derivation.concrete(fact.rhs)))
    return Givens.from_facts(facts)


def _concrete_sides(step: Step, derivation: Derivation) -> list[sympy.Basic]:
    sides = [derivation.concrete(step.lhs), derivation.concrete(step.rhs)]
    for label in step.given:
        fact = derivation.fact(label)
        sides += [derivation.concrete(fact.lhs), derivation.concrete(fact.rhs)]
    return sides


@dataclass(frozen=True)
class Symbolic(Check):
    """Exact proof: substitute the definitions, apply the given facts, decide the difference."""

    rewrite: Rewrite | None = None
    kind: str = field(default="symbolic", init=False)

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        return decide(derivation.substitute(step.lhs), step.relation,
                      derivation.substitute(step.rhs), self.rewrite,
                      concrete_facts(step, derivation))

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        return structural_scope(_concrete_sides(step, derivation), set(), "exact")


@dataclass(frozen=True)
class Instances(Check):
    """Exact check at each listed value of ``variable``: for claims about particular cases."""

    variable: sympy.Symbol
    values: Sequence[sympy.Basic]
    rewrite: Rewrite | None = None
    kind: str = field(default="instances", init=False)

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError("values: expected at least one instance")

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        givens = concrete_facts(step, derivation)
        for value in self.values:
            lhs = derivation.substitute(step.lhs.subs(self.variable, value))
            rhs = derivation.substitute(step.rhs.subs(self.variable, value))
            verdict = decide(lhs, step.relation, rhs, self.rewrite, givens)
            if not verdict.passed:
                return Verdict(False, f"fails at {self.variable} = {value}: {verdict.detail}")
        return Verdict(True, f"holds exactly at {self.variable} = {self._shown()}")

    def _shown(self) -> str:
        return ", ".join(str(value) for value in self.values)

    def describe(self) -> str:
        return f"instances ({self.variable} = {self._shown()})"

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        values = ", ".join(sympy.latex(value) for value in self.values)
        return Scope(ScopeKind.INSTANCES, f"at ${sympy.latex(self.variable)} = {values}$")

    def reads(self) -> tuple[sympy.Basic, ...]:
        return (self.variable,)


@dataclass(frozen=True)
class Induction(Check):
    """Proof for every integer ``variable ≥ start``, in one of two forms.

    *Recurrence form* (``recurrence=``): the left side obeys a recurrence by its
    definition (``F^{n+1} = F^n F``); the check proves the base cases, that the
    right side obeys the same recurrence with ``n`` free, and that the left side
    does (symbolically where SymPy can, else at ``definition_samples`` values,
    which the verdict says). Only equations.

    *Step form* (``step=``, ``hypothesis=``): an earlier step proves the claim at
    ``n + 1`` and may cite the local hypothesis that states it at ``n``; the check
    proves the base case, that the step and the hypothesis say exactly that, and
    discharges the hypothesis. Any relation.
    """

    variable: sympy.Symbol
    recurrence: Callable[..., sympy.Basic] | None = None
    start: int = 0
    order: int = 1
    rewrite: Rewrite | None = None
    definition_samples: int = 4
    step: str = ""
    hypothesis: str = ""
    kind: str = field(default="induction", init=False)

    def __post_init__(self) -> None:
        if not 1 <= self.order <= MAX_INDUCTION_ORDER:
            raise ValueError(f"order: expected an integer from 1 to {MAX_INDUCTION_ORDER}, "
                             f"got {self.order}")
        if not self.variable.is_integer:
            raise ValueError(f"variable: expected an integer symbol, got {self.variable!r}")
        if (self.recurrence is None) == (not self.step):
            raise ValueError("induction: give either recurrence= or step= (with hypothesis=)")
        if self.step and not self.hypothesis:
            raise ValueError("hypothesis: the step form needs the label of the local hypothesis")
        if self.step and self.order != 1:
            raise ValueError("order: the step form proves n + 1 from n (order 1)")

    def cites(self) -> tuple[str, ...]:
        return (self.step, self.hypothesis) if self.step else ()

    def discharges(self) -> tuple[str, ...]:
        return (self.hypothesis,) if self.hypothesis else ()

    def reads(self) -> tuple[sympy.Basic, ...]:
        return (self.variable,)

    def _at(self, expression: sympy.Basic, offset: sympy.Basic) -> sympy.Basic:
        return expression.subs(self.variable, offset)

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        n = self.variable
        start_ok = (n - self.start).is_nonnegative
        if start_ok is not True:
            return Verdict(False, f"{n} must be declared so that {n} ≥ {self.start} "
                                  "(an integer symbol with matching assumptions)")
        givens = concrete_facts(step, derivation)
        for base in range(self.start, self.start + self.order):
            verdict = decide(derivation.concrete(self._at(step.lhs, base)), step.relation,
                             derivation.concrete(self._at(step.rhs, base)), self.rewrite, givens)
            if not verdict.passed:
                return Verdict(False, f"base case {n} = {base} fails: {verdict.detail}")
        if self.step:
            return self._verify_step_form(step, derivation)
        return self._verify_recurrence(step, derivation, givens)

    def _verify_step_form(self, step: Step, derivation: Derivation) -> Verdict:
        n = self.variable
        successor, supposed = derivation.step(self.step), derivation.fact(self.hypothesis)
        if not derivation.hypothesis(self.hypothesis).local:
            return Verdict(False, f"{self.hypothesis!r} is not a local hypothesis")
        pairs = [
            (f"step {self.step!r}", successor.relation, successor.lhs, successor.rhs,
             self._at(step.lhs, n + 1), self._at(step.rhs, n + 1)),
            (f"hypothesis {self.hypothesis!r}", supposed.relation, supposed.lhs, supposed.rhs,
             step.lhs, step.rhs),
        ]
        for name, relation, lhs, rhs, wanted_lhs, wanted_rhs in pairs:
            if relation is not step.relation:
                return Verdict(False, f"{name} claims {relation.symbol}, "
                                      f"not {step.relation.symbol}")
            for side, wanted in ((lhs, wanted_lhs), (rhs, wanted_rhs)):
                verdict = decide(derivation.concrete(side), Relation.EQ,
                                 derivation.concrete(wanted))
                if not verdict.passed:
                    return Verdict(False, f"{name} is not the claim at the right {n}: "
                                          f"{verdict.detail}")
        return Verdict(True, f"base case {n} = {self.start}, and step {self.step!r} proves "
                             f"{n} + 1 from {n}")

    def _verify_recurrence(self, step: Step, derivation: Derivation, givens: Givens) -> Verdict:
        if step.relation is not Relation.EQ:
            return Verdict(False, "the recurrence form proves equations only")
        n = self.variable
        guard = self._left_side_obeys(step, derivation, givens)
        if guard is not None:
            return guard
        previous = [derivation.concrete(self._at(step.rhs, n + k)) for k in range(self.order)]
        verdict = decide(derivation.concrete(self._at(step.rhs, n + self.order)), Relation.EQ,
                         derivation.concrete(self.recurrence(*previous)), self.rewrite, givens)
        if not verdict.passed:
            return Verdict(False, f"inductive step fails: {verdict.detail}")
        bases = ", ".join(str(b) for b in range(self.start, self.start + self.order))
        return Verdict(True, f"base cases {n} = {bases} and the inductive step hold")

    def _left_side_obeys(self, step: Step, derivation: Derivation,
                         givens: Givens) -> Verdict | None:
        """None if the left side obeys the recurrence, else the failing verdict."""
        n = self.variable
        previous = [derivation.concrete(self._at(step.lhs, n + k)) for k in range(self.order)]
        symbolic = decide(derivation.concrete(self._at(step.lhs, n + self.order)), Relation.EQ,
                          derivation.concrete(self.recurrence(*previous)), self.rewrite, givens)
        if symbolic.passed:
            return None
        for first in range(self.start, self.start + self.definition_samples):
            previous = [derivation.concrete(self._at(step.lhs, first + k))
                        for k in range(self.order)]
            verdict = decide(derivation.concrete(self._at(step.lhs, first + self.order)),
                             Relation.EQ, derivation.concrete(self.recurrence(*previous)),
                             self.rewrite, givens)
            if not verdict.passed:
                return Verdict(False, f"the left side does not obey the recurrence at {n} = "
                                      f"{first}")
        return None

    def describe(self) -> str:
        return f"induction on ${sympy.latex(self.variable)} \\geq {self.start}$"

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        label = f"for all ${sympy.latex(self.variable)} \\geq {self.start}$"
        return structural_scope(_concrete_sides(step, derivation), {self.variable}, label)


@dataclass(frozen=True)
class Chain(Check):
    """``a R b`` from consecutive verified steps whose sides link up: ``a R₁ x``, ``x R₂ b``.

    Each link's left side must equal the previous link's right side; the
    relations compose (``=`` passes through, one ``<`` makes ``≤`` strict) and
    must imply the claimed one.
    """

    links: tuple[str, ...]
    kind: str = field(default="chain", init=False)

    def __post_init__(self) -> None:
        if isinstance(self.links, str) or len(self.links) < 2:
            raise ValueError("links: expected the labels of two or more consecutive steps")

    def cites(self) -> tuple[str, ...]:
        return tuple(self.links)

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        links = [derivation.step(label) for label in self.links]
        ends = [(step.lhs, links[0].lhs, "its left side and the first link's")]
        ends += [(a.rhs, b.lhs, f"links {a.label!r} and {b.label!r}")
                 for a, b in itertools.pairwise(links)]
        ends.append((links[-1].rhs, step.rhs, "the last link's right side and its own"))
        for left, right, where in ends:
            verdict = decide(derivation.concrete(left), Relation.EQ, derivation.concrete(right))
            if not verdict.passed:
                return Verdict(False, f"the chain does not link up: {where} differ")
        composed = compose([link.relation for link in links])
        if composed is None or not implies(composed, step.relation):
            shown = composed.symbol if composed else "nothing"
            return Verdict(False, f"the links compose to {shown}, which does not give "
                                  f"{step.relation.symbol}")
        return Verdict(True, f"chain of {len(links)} verified steps gives {composed.symbol}")

    def describe(self) -> str:
        return f"chain of {len(self.links)} steps"

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        return Scope(ScopeKind.GENERAL, "exact")


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

    def reads(self) -> tuple[sympy.Basic, ...]:
        return tuple(symbol for point in self.points for symbol in point)

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

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        return Scope(ScopeKind.NUMERIC, f"numeric, {self.digits} digits at {len(self.points)} "
                                        "points")


def _evaluate(expression: sympy.Basic, digits: int) -> list[mpmath.mpc] | None:
    """Each entry of ``expression`` as an mpmath complex, or None if it is not a number."""
    values = []
    entries = list(expression) if isinstance(expression, sympy.MatrixBase) else [expression]
    for entry in entries:
        number = sympy.N(entry, digits)
        if not number.is_number:
            return None
        real, imaginary = number.as_real_imag()
        values.append(mpmath.mpc(mpmath.mpf(str(real)), mpmath.mpf(str(imaginary))))
    return values
