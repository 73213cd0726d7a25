"""Derivations that exist only to show every part of a theorem box on the specimen page.

They are built like a chapter's derivations and verified the same way, so the
specimen page shows real output of :mod:`sitebuild.theorems`: a proof
for every size, an induction with a supposition, an assumed hypothesis, a
fixed-size check, an erratum, an exercise with a numeric answer and a formula
too long for a phone.
"""

from __future__ import annotations

import sympy

from derivations.engine import (
    Assumption,
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
)
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

Q, x = symbol("Q"), symbol("x")
n = sympy.Symbol("n", integer=True, nonnegative=True)
q = sympy.Symbol("q", positive=True)
a, b = sympy.symbols("a b", real=True)


def orthogonal_preserves_norm() -> Derivation:
    """The example of CONTRIBUTING.md: a proof at symbolic size with checked hypotheses."""
    return Derivation(
        slug="specimen-orthogonal-preserves-norm",
        title="An orthogonal matrix preserves every length",
        chapter=2,
        source="Merity (2016)",
        statement=r"If $Q^\top Q = I$ then $\lVert Qx\rVert = \lVert x\rVert$ for every $x$.",
        hypotheses=(
            Hypothesis("real", sympy.adjoint(Q), Q.T, text="$Q$ is real"),
            Hypothesis("real-vector", sympy.adjoint(x), x.T, text="$x$ is real"),
            Hypothesis("orthogonal", Q.T * Q, sympy.Identity(DIMENSION)),
        ),
        steps=(
            Step("expand", NormSquared(Q * x), x.T * Q.T * Q * x,
                 r"For real $Q$ and $x$, $(Qx)^* = x^\top Q^\top$.", Symbolic(),
                 given=("real", "real-vector")),
            Step("preserved", x.T * Q.T * Q * x, NormSquared(x),
                 r"Replace $Q^\top Q$ by $I$.", Symbolic(), given=("orthogonal", "real-vector")),
        ),
        claims_every_size=True,
    )


def geometric_bound() -> Derivation:
    """A bound for every n by step-form induction, resting on an assumption no check reads."""
    p = sympy.Function("p", nonnegative=True)
    return Derivation(
        slug="specimen-geometric-bound",
        title="A sequence that shrinks by a factor each step is bounded by a power",
        chapter=3,
        source="a specimen",
        statement=r"If $p(0) = 1$ and $p(n + 1) \leq q\,p(n)$ for every $n$, then "
                  r"$p(n) \leq q^n$ for every $n \geq 0$.",
        hypotheses=(
            Hypothesis("growth", p(n + 1), q * p(n), Relation.LE, text="one step",
                       every=(n,)),
            Hypothesis("start", p(0), sympy.Integer(1)),
            Hypothesis("supposed", p(n), q**n, Relation.LE, local=True,
                       text="the induction hypothesis"),
            Assumption("the sequence comes from a network whose weights stay fixed"),
        ),
        steps=(
            Step("next", p(n + 1), q * p(n), "One more factor.", Symbolic(), Relation.LE,
                 given=("growth",)),
            Step("apply", q * p(n), q * q**n, "The induction hypothesis, times $q > 0$.",
                 Symbolic(), Relation.LE, given=("supposed",)),
            Step("simplify", q * q**n, q ** (n + 1), "Add the exponents.", Symbolic()),
            Step("successor", p(n + 1), q ** (n + 1), "Steps (1) to (3).",
                 Chain(("next", "apply", "simplify")), Relation.LE),
            Step("bound", p(n), q**n, "Induction on $n$.",
                 Induction(n, step="successor", hypothesis="supposed"), Relation.LE,
                 given=("start",)),
        ),
    )


def long_expansion() -> Derivation:
    """A formula wider than a phone and nearly as wide as the column: it must scroll in its box."""
    power = 9
    return Derivation(
        slug="specimen-long-expansion",
        title="A binomial expansion too long for one line",
        chapter=1,
        source="a specimen",
        statement=f"The ${power}$-th power of $a + b$ has ${power + 1}$ terms.",
        hypotheses=(),
        steps=(
            Step("expand", (a + b) ** power, sympy.expand((a + b) ** power),
                 "Expand with the binomial theorem.", Symbolic()),
        ),
    )


def erratum_sign() -> Derivation:
    """An erratum: the box is titled as one and the sign claim is checked."""
    return Derivation(
        slug="erratum-specimen-square",
        title="A square is never negative, whatever a source says",
        chapter=1,
        source="a specimen source",
        statement="A specimen source claims a real square can be negative; it cannot.",
        hypotheses=(),
        steps=(Step("square", a**2, sympy.Integer(0), "A real square.", Symbolic(),
                    Relation.GE),),
    )


def exercise_quarter() -> Derivation:
    """An exercise whose conclusion is a number, so the page offers an answer box."""
    half = sympy.Symbol("r", positive=True)
    return Derivation(
        slug="exercise-9-1",
        title="A quarter",
        chapter=1,
        source="a specimen",
        statement="The square of $r = 1/2$ is $1/4$.",
        hypotheses=(),
        steps=(Step("square", half**2, sympy.Rational(1, 4), "Multiply it out.", Symbolic()),),
        definitions={half: sympy.Rational(1, 2)},
    )


SPECIMENS = (orthogonal_preserves_norm, geometric_bound, long_expansion, erratum_sign,
             exercise_quarter)
