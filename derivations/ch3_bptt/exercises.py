"""Chapter 3's exercises, each solution a derivation checked like every other (``exercise-3-k``).

Numeric answers are the right side of the solution's conclusion, so the page can
check a reader's typed answer against the value the solution proves.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.derivative_bounds import cosh_form, sech_to_tanh, x
from derivations.ch3_bptt.symbols import JacobianAcross, Length
from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

SOURCE = "Exercise for this chapter"
ell = symbol("l")


@register
def exercise_3_1() -> Derivation:
    slope = sympy.Derivative(sympy.tanh(x), x)
    rational = 1 - sympy.tanh(x) ** 2
    return Derivation(
        slug="exercise-3-1",
        title="The slope of tanh is at most one",
        chapter=3,
        source=SOURCE,
        statement=(r"For every real $x$, $0 < \tanh'(x) \leq 1$, with equality at $x = 0$: "
                   r"the least slope bound for $\tanh$ is $\beta = 1$."),
        hypotheses=(),
        steps=(
            Step("slope", slope, rational, r"$\tanh' = \operatorname{sech}^2 = 1 - \tanh^2$.",
                 Symbolic(rewrite=sech_to_tanh)),
            Step("positive", rational, sympy.Integer(0),
                 r"$1 - \tanh^2 x = 1/\cosh^2 x > 0$ …",
                 Symbolic(rewrite=cosh_form), Relation.GT),
            Step("absolute-value", sympy.Abs(slope), slope, r"… so $|\tanh'| = \tanh'$.",
                 Symbolic(rewrite=cosh_form)),
            Step("at-most-one", rational, sympy.Integer(1), r"$\tanh^2 x \geq 0$.",
                 Symbolic(rewrite=sech_to_tanh), Relation.LE),
            Step("slope-bound", sympy.Abs(slope), sympy.Integer(1), "Steps (3), (1) and (4).",
                 Chain(("absolute-value", "slope", "at-most-one")), Relation.LE),
            Step("attained", sympy.Subs(rational, x, 0), sympy.Integer(1),
                 r"At $x = 0$ the slope is $1$: $\beta$ cannot be lowered.", Symbolic()),
        ),
        conclusion="slope-bound",
    )


@register
def exercise_3_2() -> Derivation:
    t, k = sympy.symbols("t k", integer=True, positive=True)
    horizon = sympy.Symbol("T", integer=True, positive=True)
    return Derivation(
        slug="exercise-3-2",
        title="How many paths the gradient sums over",
        chapter=3,
        source=SOURCE,
        statement=(r"Over $T$ steps the sum has one term for each pair $1 \leq k \leq t \leq T$: "
                   r"$T(T + 1)/2$ terms, which for $T = 100$ is $5050$."),
        hypotheses=(),
        steps=(
            Step("pairs", sympy.Sum(sympy.Sum(1, (k, 1, t)), (t, 1, horizon)),
                 horizon * (horizon + 1) / 2,
                 r"For each $t$ there are $t$ choices of $k$; add $1 + 2 + \dots + T$.",
                 Symbolic()),
            Step("hundred-steps", sympy.Sum(sympy.Sum(1, (k, 1, t)), (t, 1, 100)),
                 sympy.Integer(5050), r"$T = 100$.", Symbolic()),
        ),
    )


@register
def exercise_3_3() -> Derivation:
    gradient = sympy.MatrixSymbol("G", 2, 1)
    clipped = sympy.MatrixSymbol(r"\operatorname{clip}(G)", 2, 1)
    tau = symbol("tau")
    factor = sympy.Min(Length(gradient), tau) / Length(gradient)
    return Derivation(
        slug="exercise-3-3",
        title="Clipping one gradient",
        chapter=3,
        source=SOURCE,
        statement=(r"For $G = (30, 40)^\top$ and $\tau = 5$, clipping multiplies $G$ by "
                   r"$1/10$: $\operatorname{clip}(G) = (3, 4)^\top$, of length exactly $\tau$."),
        hypotheses=(),
        definitions={gradient: sympy.ImmutableMatrix([30, 40]), tau: sympy.Integer(5),
                     clipped: factor * gradient},
        steps=(
            Step("length", Length(gradient), sympy.Integer(50), r"$\sqrt{900 + 1600}$.",
                 Symbolic()),
            Step("factor", factor, sympy.Rational(1, 10),
                 r"$\lVert G\rVert = 50 \geq \tau$: the rescaling branch, factor $\tau/50$.",
                 Symbolic()),
            Step("clipped", clipped, sympy.ImmutableMatrix([3, 4]), "Multiply.", Symbolic()),
            Step("clipped-length", Length(clipped), tau, r"Its length is $5 = \tau$.",
                 Symbolic()),
        ),
        conclusion="factor",
    )


@register
def exercise_3_4() -> Derivation:
    beta, s_1, eta = symbol("beta"), symbol("s_1"), symbol("eta")
    tolerance = sympy.Rational(1, 10**6)
    return Derivation(
        slug="exercise-3-4",
        title="How far back the bound reaches",
        chapter=3,
        source=SOURCE,
        statement=(r"For a sigmoid network ($\beta = 1/4$) with $s_1 = 3$, $\eta = 3/4$, and "
                   r"the bound $\eta^l$ first falls below $10^{-6}$ at $l = 49$."),
        hypotheses=(),
        definitions={beta: sympy.Rational(1, 4), s_1: sympy.Integer(3), eta: beta * s_1},
        steps=(
            Step("eta", eta, sympy.Rational(3, 4), r"$\eta = \beta s_1$.", Symbolic()),
            Step("not-yet", eta**48, tolerance, r"At $l = 48$ the bound is still above …",
                 Symbolic(), Relation.GT),
            Step("below", eta**49, tolerance, r"… at $l = 49$ it is below.", Symbolic(),
                 Relation.LT),
            Step("first-step-below", sympy.ceiling(sympy.log(1 / tolerance) / sympy.log(1 / eta)),
                 sympy.Integer(49),
                 r"$\eta^l < 10^{-6}$ exactly when $l > \log 10^6/\log(1/\eta) \approx 48.02$.",
                 Symbolic()),
        ),
        conclusion="first-step-below",
    )


@register
def exercise_3_5() -> Derivation:
    i = sympy.Symbol("i", integer=True, positive=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    return Derivation(
        slug="exercise-3-5",
        title="Vanishing without a uniform bound",
        chapter=3,
        source=SOURCE,
        statement=(r"The factors $1 - 1/i$, $i \geq 2$, are each below $1$ but approach $1$, so "
                   r"no single $\eta < 1$ bounds them all; their product over "
                   r"$i = 2, \dots, n$ is $1/n$ and still tends to $0$. A uniform $\eta < 1$ is "
                   r"sufficient for vanishing, not necessary."),
        hypotheses=(),
        steps=(
            Step("no-uniform-bound", sympy.Limit(1 - 1 / i, i, sympy.oo), sympy.Integer(1),
                 r"The factors come arbitrarily close to $1$.", Symbolic()),
            Step("telescopes", sympy.Product(1 - 1 / i, (i, 2, n)), 1 / n,
                 r"$\frac{1}{2}\cdot\frac{2}{3}\cdots\frac{n-1}{n}$ telescopes.", Symbolic()),
            Step("vanishes", sympy.Limit(1 / n, n, sympy.oo), sympy.Integer(0),
                 r"And $1/n \to 0$.", Symbolic()),
        ),
    )


@register
def exercise_3_6() -> Derivation:
    q, vector = symbol("Q"), symbol("x")
    across = JacobianAcross(ell)
    return Derivation(
        slug="exercise-3-6",
        title="An orthogonal linear network neither vanishes nor explodes",
        chapter=3,
        source=SOURCE,
        statement=(r"With $\sigma$ the identity and $W = Q$ orthogonal, "
                   r"$\lVert (\partial h_{k+l}/\partial h_k)\,x\rVert = \lVert x\rVert$ for every "
                   r"vector $x$, every $l \geq 0$ and every size $d$."),
        hypotheses=(
            Hypothesis("real", sympy.adjoint(q), q.T, text="$Q$ is real"),
            Hypothesis("real-vector", sympy.adjoint(vector), vector.T, text="$x$ is real"),
            Hypothesis("orthogonal", q.T * q, sympy.Identity(DIMENSION)),
            Hypothesis("linear-case", across, q**ell,
                       text="the linear case: the Jacobian across $l$ steps is $W^l$"),
        ),
        steps=(
            Step("powers-orthogonal", (q**ell).T * q**ell, sympy.Identity(DIMENSION),
                 r"Induction on $l$: $(Q^{l+1})^\top Q^{l+1} = Q^\top\big((Q^l)^\top Q^l\big)Q$.",
                 Induction(ell, recurrence=lambda gram: q.T * gram * q), given=("orthogonal",)),
            Step("length-kept", NormSquared(across * vector), NormSquared(vector),
                 r"$\lVert Q^l x\rVert^2 = x^\top (Q^l)^\top Q^l x = x^\top x$.", Symbolic(),
                 given=("linear-case", "real", "real-vector", "powers-orthogonal")),
        ),
        claims_every_size=True,
    )


@register
def exercise_3_7() -> Derivation:
    a = sympy.Symbol("a", real=True)
    half = sympy.Rational(1, 2)
    matrix = sympy.MatrixSymbol("A", 2, 2)
    value = sympy.ImmutableMatrix([[half, a], [0, half]])
    return Derivation(
        slug="exercise-3-7",
        title="Transient growth, then decay",
        chapter=3,
        source=SOURCE,
        statement=(r"For every real $a$, the matrix $A$ below has "
                   r"$A^l = 2^{-l}\begin{bmatrix}1 & 2al\\ 0 & 1\end{bmatrix}$, so however large "
                   r"$a$ (and so $s_1 \geq |a|$) is, $A^l \to 0$."),
        hypotheses=(),
        definitions={matrix: value},
        steps=(
            Step("powers", matrix**ell,
                 sympy.ImmutableMatrix([[1, 2 * a * ell], [0, 1]]) / 2**ell,
                 r"Induction on $l$: multiply by $A$ once more.",
                 Induction(ell, recurrence=lambda previous: previous * value)),
            Step("corner-vanishes", sympy.Limit(2 * a * ell / 2**ell, ell, sympy.oo),
                 sympy.Integer(0), r"$l/2^l \to 0$, whatever $a$.", Symbolic()),
        ),
    )
