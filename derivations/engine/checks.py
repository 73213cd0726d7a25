"""The five kinds of check a step can name: tactics that gather what the kernel decides.

Nothing here decides a verdict. Each check assembles the claims its mechanism needs
(sides with definitions substituted, facts sorted by use, base cases, instances) and
hands them to :mod:`derivations.engine.kernel`, whose verdict and certificate it returns;
a passing verdict is made only there (:func:`~derivations.engine.kernel.conclude` joins
the parts of an induction). What is assembled here is re-derived from the claim by the
re-checker, so a tactic that gathered the wrong parts leaves a certificate that fails.

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

import sympy

from derivations.engine import certificates, kernel
from derivations.engine.derivation import Fact
from derivations.engine.givens import Givens
from derivations.engine.kernel import Verdict, decide
from derivations.engine.relation import Relation
from derivations.engine.scope import Scope, ScopeKind, structural_scope

if TYPE_CHECKING:
    from derivations.engine.derivation import Derivation, Step

__all__ = ["Chain", "Check", "Induction", "Instances", "Numeric", "Symbolic", "Verdict"]

Rewrite = Callable[[sympy.Basic], sympy.Basic]
MIN_NUMERIC_DIGITS = 50
MIN_NUMERIC_POINTS = 3
MAX_INDUCTION_ORDER = 4


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
                   at: Mapping[sympy.Basic, sympy.Basic] | None = None,
                   shifts: tuple[sympy.Symbol, int] | None = None) -> Givens:
    """The step's ``given`` facts, concrete, sorted by how they are used; ``at`` substitutes
    values into them as into the claim (an instance of a claim is an instance of its facts).
    ``shifts = (n, k)`` adds each fact stated for every ``n`` at ``n + 1, …, n + k`` too."""
    facts = []
    for label in step.given:
        fact = derivation.fact(label)
        lhs, rhs = fact.lhs, fact.rhs
        if at:
            lhs, rhs = lhs.subs(at), rhs.subs(at)
        facts.append(Fact(label, derivation.concrete(lhs), fact.relation,
                          derivation.concrete(rhs), fact.every))
        if shifts and shifts[0] in fact.every:
            variable, most = shifts
            facts += [Fact(f"{label}@{variable}+{k}",
                           derivation.concrete(lhs.subs(variable, variable + k)), fact.relation,
                           derivation.concrete(rhs.subs(variable, variable + k)), fact.every)
                      for k in range(1, most + 1)]
    return Givens.from_facts(facts)


def _concrete_fact(derivation: Derivation, label: str) -> Fact:
    fact = derivation.fact(label)
    return Fact(label, derivation.concrete(fact.lhs), fact.relation,
                derivation.concrete(fact.rhs), fact.every)


def _scoped_sides(step: Step, derivation: Derivation) -> list[sympy.Basic]:
    """The step's sides and its facts' with the definitions substituted but not evaluated:
    what a scope ranges over (``det R_θ`` still shows the matrix in θ it is computed from)."""
    sides = [derivation.substitute(step.lhs), derivation.substitute(step.rhs)]
    for label in step.given:
        fact = derivation.fact(label)
        sides += [derivation.substitute(fact.lhs), derivation.substitute(fact.rhs)]
    return sides


@dataclass(frozen=True)
class Symbolic(Check):
    """Exact proof: substitute the definitions, apply the given facts, decide the difference."""

    rewrite: Rewrite | None = None
    kind: str = field(default="symbolic", init=False)

    def verify(self, step: Step, derivation: Derivation) -> Verdict:
        return decide(derivation.substitute(step.lhs), step.relation,
                      derivation.substitute(step.rhs), concrete_facts(step, derivation),
                      self.rewrite)

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        return structural_scope(_scoped_sides(step, derivation), set(), "exact")


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
        def at(value: sympy.Basic) -> tuple[sympy.Basic, sympy.Basic, Givens]:
            return (derivation.substitute(step.lhs.subs(self.variable, value)),
                    derivation.substitute(step.rhs.subs(self.variable, value)),
                    concrete_facts(step, derivation, {self.variable: value}))

        return kernel.instances(at, self.variable, self.values, step.relation, self.rewrite)

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
    definition (``F^{n+1} = F^n F``); the check proves the base cases and that both
    sides obey the same recurrence with ``n`` free. The recurrence is applied to fresh
    placeholders, so it is a function of values. Only equations.

    *Step form* (``step=``, ``hypothesis=``): an earlier step proves the claim at
    ``n + 1`` and may cite the local hypothesis that states it at ``n``; the check
    proves the base case (without any local hypothesis), that the step and the
    hypothesis say exactly that, and discharges the hypothesis. Any relation.
    """

    variable: sympy.Symbol
    recurrence: Callable[..., sympy.Basic] | None = None
    start: int = 0
    order: int = 1
    rewrite: Rewrite | None = None
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
        problem = kernel.induction_start(n, self.start)
        if problem:
            return Verdict(False, problem)
        local = [label for label in step.given
                 if label in {h.label for h in derivation.checked_hypotheses if h.local}]
        if local:
            return Verdict(False, f"an induction's own facts may not include the local "
                                  f"hypotheses {local}: its base case would assume itself")
        givens = concrete_facts(step, derivation, shifts=(n, self.order))
        universal = {label for label in step.given if n in derivation.fact(label).every}
        problem = kernel.facts_free_of(n, givens, universal)
        if problem:
            return Verdict(False, problem)
        bases, parts = [], []
        for base in range(self.start, self.start + self.order):
            verdict = decide(derivation.concrete(self._at(step.lhs, base)), step.relation,
                             derivation.concrete(self._at(step.rhs, base)), givens, self.rewrite)
            if not verdict.passed:
                return Verdict(False, f"base case {n} = {base} fails: {verdict.detail}")
            bases.append(verdict)
            parts.append(kernel.part({n: sympy.Integer(base)}, verdict, role="base"))
        if self.step:
            verdict = self._verify_step_form(step, derivation)
        else:
            verdict = self._verify_recurrence(step, derivation, givens)
        return kernel.conclude(verdict.detail, [*bases, verdict],
                               {"variable": certificates.dump(n), "start": self.start,
                                "order": self.order, "form": "step" if self.step else "recurrence",
                                "parts": [*parts, *verdict.structure.get("parts", [])],
                                **{k: v for k, v in verdict.structure.items() if k != "parts"}})

    def _verify_step_form(self, step: Step, derivation: Derivation) -> Verdict:
        n = self.variable
        successor, supposed = derivation.step(self.step), derivation.fact(self.hypothesis)
        if not derivation.hypothesis(self.hypothesis).local:
            return Verdict(False, f"{self.hypothesis!r} is not a local hypothesis")
        beneath = derivation.hypotheses_beneath(self.step) - {self.hypothesis}
        problem = kernel.facts_free_of(
            n, Givens.from_facts([_concrete_fact(derivation, label) for label in beneath]),
            {label for label in beneath if n in derivation.fact(label).every})
        if problem:
            return Verdict(False, f"step {self.step!r} rests on a fact about one {n}: {problem}")
        pairs = [
            (f"step {self.step!r}", successor.relation, successor.lhs, successor.rhs,
             self._at(step.lhs, n + 1), self._at(step.rhs, n + 1)),
            (f"hypothesis {self.hypothesis!r}", supposed.relation, supposed.lhs, supposed.rhs,
             step.lhs, step.rhs),
        ]
        shown = []
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
                shown.append(verdict)
        return kernel.conclude(f"base case {n} = {self.start}, and step {self.step!r} proves "
                               f"{n} + 1 from {n}", shown)

    def _verify_recurrence(self, step: Step, derivation: Derivation, givens: Givens) -> Verdict:
        if step.relation is not Relation.EQ:
            return Verdict(False, "the recurrence form proves equations only")
        n = self.variable
        template, holes = kernel.recurrence_template(
            self.recurrence, self.order, derivation.concrete(step.lhs))
        obeyed, parts = [], []
        for name, side in (("left", step.lhs), ("right", step.rhs)):
            previous = [derivation.concrete(self._at(side, n + k)) for k in range(self.order)]
            verdict = decide(derivation.concrete(self._at(side, n + self.order)), Relation.EQ,
                             derivation.concrete(kernel.fill(template, holes, previous)),
                             givens, self.rewrite)
            if not verdict.passed:
                return Verdict(False, f"the {name} side does not obey the recurrence: "
                                      f"{verdict.detail}")
            obeyed.append(verdict)
            parts.append(kernel.part({}, verdict, role="recurrence", side=name))
        bases = ", ".join(str(b) for b in range(self.start, self.start + self.order))
        return kernel.conclude(f"base cases {n} = {bases} and the inductive step hold", obeyed,
                               {"template": certificates.dump(derivation.substitute(template)),
                                "holes": [certificates.dump(h) for h in holes], "parts": parts})

    def describe(self) -> str:
        return f"induction on ${sympy.latex(self.variable)} \\geq {self.start}$"

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        label = f"for all ${sympy.latex(self.variable)} \\geq {self.start}$"
        return structural_scope(_scoped_sides(step, derivation), {self.variable}, label)


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
        concrete = [(derivation.concrete(a), derivation.concrete(b), where)
                    for a, b, where in ends]
        return kernel.chain(concrete, [link.relation for link in links], step.relation)

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
        return kernel.numeric(derivation.concrete(step.lhs), derivation.concrete(step.rhs),
                              [dict(point) for point in self.points], step.relation, self.digits)

    def describe(self) -> str:
        return f"numeric (mpmath, {self.digits} digits, {len(self.points)} points)"

    def scope(self, step: Step, derivation: Derivation) -> Scope:
        return Scope(ScopeKind.NUMERIC, f"numeric, {self.digits} digits at {len(self.points)} "
                                        "points")

