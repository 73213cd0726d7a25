"""Chapter 3's exercises, each solution a derivation checked like every other (``exercise-3-k``).

Numeric answers are the right side of the solution's conclusion, so the page can
check a reader's typed answer against the value the solution proves.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.slopes import Sigmoid, a, cosh_form, sech_to_tanh
from derivations.ch3_bptt.symbols import JacobianAcross, Length
from derivations.engine import (
    Assumption,
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared, OperatorNorm
from derivations.notation import DIMENSION, symbol

SOURCE = "Exercise for this chapter"
# A large singular value, yet both eigenvalues 1/2: s₁ > 1/β does not force explosion.
TRANSIENT = sympy.ImmutableMatrix([[sympy.Rational(1, 2), 10], [0, sympy.Rational(1, 2)]])
ell, eta = symbol("l"), symbol("eta")


@register
def exercise_3_1() -> Derivation:
    slope = sympy.Derivative(sympy.tanh(a), a)
    rational = 1 - sympy.tanh(a) ** 2
    return Derivation(
        title="The slope of tanh is at most one",
        source=SOURCE,
        statement=(r"For every real $a$, $0 < \tanh'(a) \leq 1$, with equality at $a = 0$: "
                   r"the least slope bound for $\tanh$ is $\beta = 1$."),
        hypotheses=(),
        steps=(
            Step("slope", slope, rational, r"$\tanh' = \operatorname{sech}^2 = 1 - \tanh^2$.",
                 Symbolic(rewrite=sech_to_tanh)),
            Step("positive", rational, sympy.Integer(0),
                 r"$1 - \tanh^2 a = 1/\cosh^2 a > 0$ …",
                 Symbolic(rewrite=cosh_form), Relation.GT),
            Step("absolute-value", sympy.Abs(slope), slope, r"… so $|\tanh'| = \tanh'$.",
                 Symbolic(rewrite=cosh_form)),
            Step("at-most-one", rational, sympy.Integer(1), r"$\tanh^2 a \geq 0$.",
                 Symbolic(rewrite=sech_to_tanh), Relation.LE),
            Step("slope-bound", sympy.Abs(slope), sympy.Integer(1), "Steps (3), (1) and (4).",
                 Chain(("absolute-value", "slope", "at-most-one")), Relation.LE),
            Step("attained", sympy.Subs(rational, a, 0), sympy.Integer(1),
                 r"At $a = 0$ the slope is $1$: $\beta$ cannot be lowered.", Symbolic()),
        ),
        conclusion="slope-bound",
    )


@register
def exercise_3_2() -> Derivation:
    sigma = Sigmoid(a)
    slope = sympy.Derivative(sigma, a)
    product = sigma * (1 - sigma)
    quarter = sympy.Rational(1, 4)
    return Derivation(
        title="The slope of the sigmoid is at most a quarter",
        source=SOURCE,
        statement=(r"For the logistic sigmoid $\operatorname{sigm}(a) = 1/(1 + e^{-a})$ and every "
                   r"real $a$, $0 < \operatorname{sigm}'(a) \leq 1/4$, with equality at $a = 0$: "
                   r"the least slope bound for a network whose nonlinearity $\sigma$ is the "
                   r"sigmoid is $\beta = 1/4$."),
        hypotheses=(),
        steps=(
            Step("slope-positive", slope, sympy.Integer(0),
                 r"$\operatorname{sigm}'(a) = e^{-a}/(1 + e^{-a})^2 > 0$ …", Symbolic(),
                 Relation.GT),
            Step("absolute-value", sympy.Abs(slope), slope,
                 r"… so $|\operatorname{sigm}'(a)| = \operatorname{sigm}'(a)$.", Symbolic()),
            Step("slope-from-value", slope, product,
                 r"Differentiate $1/(1 + e^{-a})$.", Symbolic(rewrite=sympy.together)),
            Step("complete-the-square", quarter - product, (sigma - sympy.Rational(1, 2))**2,
                 "Complete the square.", Symbolic()),
            Step("at-most-a-quarter", product, quarter,
                 "A square is never negative.", Symbolic(), Relation.LE),
            Step("slope-bound", sympy.Abs(slope), quarter,
                 "Steps (2), (3) and (5).",
                 Chain(("absolute-value", "slope-from-value", "at-most-a-quarter")),
                 Relation.LE),
            Step("attained", product.subs(a, 0), quarter,
                 r"At $a = 0$, by step (3), $\operatorname{sigm}'(0) = 1/4$: the bound cannot be "
                 r"lowered.",
                 Symbolic()),
        ),
        conclusion="slope-bound",
    )


@register
def exercise_3_3() -> Derivation:
    t, k = sympy.symbols("t k", integer=True, positive=True)
    horizon = sympy.Symbol("T", integer=True, positive=True)
    return Derivation(
        title="How many paths the gradient sums over",
        source=SOURCE,
        statement=(r"Assuming that over $T$ steps the gradient has one term for each pair "
                   r"$1 \leq k \leq t \leq T$, as the theorem on backpropagation through time "
                   r"checks for $T = 3$ (stated below; not checked for other $T$), it has "
                   r"$T(T + 1)/2$ terms, which for $T = 100$ is $5050$."),
        hypotheses=(
            Assumption(r"Over $T$ steps the gradient has one term for each pair "
                       r"$1 \leq k \leq t \leq T$, as over the three steps of the theorem on "
                       r"backpropagation through time."),
        ),
        uses=("bptt-gradient-sum",),
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
def exercise_3_4() -> Derivation:
    beta, s_1, eta = symbol("beta"), symbol("s_1"), symbol("eta")
    tolerance = sympy.Rational(1, 10**6)
    return Derivation(
        title="How far back the bound reaches",
        source=SOURCE,
        statement=(r"For a sigmoid network ($\beta = 1/4$) with $s_1 = 3$, $\eta = 3/4$, and "
                   r"the bound $\eta^l$ first falls below $10^{-6}$ at $l = 49$."),
        hypotheses=(),
        definitions={beta: sympy.Rational(1, 4), s_1: sympy.Integer(3), eta: beta * s_1},
        uses=("vanishing-sufficient-condition", "exercise-3-2"),
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
    q, vector = symbol("Q"), symbol("x")
    across = JacobianAcross(ell)
    return Derivation(
        title="An orthogonal linear network neither vanishes nor explodes",
        source=SOURCE,
        statement=(r"With $\sigma$ the identity and $W = Q$ orthogonal, "
                   r"$\lVert (\partial h_{k+l}/\partial h_k)\,x\rVert = \lVert x\rVert$ for every "
                   r"vector $x$, every $l \geq 0$ and every size $d$."),
        hypotheses=(
            Hypothesis("real", sympy.adjoint(q), q.T, text="$Q$ is real"),
            Hypothesis("real-vector", sympy.adjoint(vector), vector.T, text="$x$ is real"),
            Hypothesis("orthogonal", q.T * q, sympy.Identity(DIMENSION),
                       text="$Q$ is orthogonal: its columns are orthonormal"),
            Hypothesis("linear-case", across, q**ell,
                       text="the linear case: the Jacobian across $l$ steps is $W^l$"),
        ),
        uses=("linear-jacobian-powers",),
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
def exercise_3_6() -> Derivation:
    across = JacobianAcross(ell)
    a = sympy.MatrixSymbol("A", 2, 2)
    e_2 = sympy.MatrixSymbol("e_2", 2, 1)
    lam = symbol("lambda")
    closed_form = sympy.ImmutableMatrix([[1, 20 * ell], [0, 1]]) / 2**ell
    return Derivation(
        title="Exploding gradients need a large singular value, which is not enough",
        source=SOURCE,
        statement=(
            r"Taking the vanishing-gradient theorem's bound "
            r"$\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq \eta^l$ as a hypothesis: if "
            r"$W \neq 0$ and $s_1 \leq 1/\beta$, that is $0 < \eta = \beta s_1 \leq 1$, then "
            r"$\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq 1$ for every $l$ and every "
            r"size $d$: nothing can explode. So an exploding Jacobian needs $s_1 > 1/\beta$. "
            r"The converse fails: with $\sigma$ the identity ($\beta = 1$), the Jacobian "
            r"across $l$ steps is $A^l$ (the linear case), and the matrix $A$ "
            r"below has $s_1 > 10$ and both eigenvalues $1/2$, and "
            r"$A^l = 2^{-l}\begin{bmatrix}1 & 20l\\ 0 & 1\end{bmatrix}$, whose largest entry "
            r"$20l/2^l$ tends to 0. A large singular value may stretch a vector at first, and "
            r"still small eigenvalues make the powers decay."
        ),
        hypotheses=(
            Hypothesis("norm-bound", OperatorNorm(across), eta**ell, Relation.LE,
                       text="the vanishing-gradient theorem's bound", every=(ell,)),
            Hypothesis("nonzero", eta, sympy.Integer(0), Relation.GT, text=r"$W \neq 0$"),
            Hypothesis("not-large", eta, sympy.Integer(1), Relation.LE,
                       text=r"$s_1 \leq 1/\beta$, that is $\eta = \beta s_1 \leq 1$"),
            Hypothesis("largest-stretch", OperatorNorm(a), Length(a * e_2), Relation.GE,
                       text=r"$\lVert A\rVert_2$ is the largest $\lVert Av\rVert$ over unit "
                            r"vectors $v$"),
            Hypothesis("case-l", eta**ell, sympy.Integer(1), Relation.LE, local=True,
                       text="the case $l$"),
        ),
        uses=("vanishing-sufficient-condition", "linear-jacobian-powers"),
        definitions={a: TRANSIENT, e_2: sympy.ImmutableMatrix([0, 1])},
        steps=(
            Step("power-shrinks", eta ** (ell + 1), eta**ell,
                 r"Multiplying by $\eta \in (0, 1]$ never increases.", Symbolic(), Relation.LE,
                 given=("nonzero", "not-large")),
            Step("power-bounded", eta**ell, sympy.Integer(1), r"The case $l$.", Symbolic(),
                 Relation.LE, given=("case-l",)),
            Step("case-l-plus-one", eta ** (ell + 1), sympy.Integer(1),
                 r"Steps (1) and (2).", Chain(("power-shrinks", "power-bounded")),
                 Relation.LE),
            Step("powers-at-most-one", eta**ell, sympy.Integer(1),
                 r"Induction on $l$, from $\eta^0 = 1$.",
                 Induction(ell, step="case-l-plus-one", hypothesis="case-l"), Relation.LE),
            Step("jacobian-below-power", OperatorNorm(across), eta**ell,
                 "The vanishing-gradient theorem's bound.",
                 Symbolic(), Relation.LE, given=("norm-bound",)),
            Step("never-explodes", OperatorNorm(across), sympy.Integer(1),
                 r"Steps (5) and (4).", Chain(("jacobian-below-power", "powers-at-most-one")),
                 Relation.LE),
            Step("large-singular-value", OperatorNorm(a), sympy.Integer(10),
                 r"$\lVert Ae_2\rVert = \sqrt{401}/2 > 10$: far above $1/\beta = 1$ …",
                 Symbolic(), Relation.GT, given=("largest-stretch",)),
            Step("small-eigenvalues",
                 sympy.Determinant(lam * sympy.Identity(2) - a), (lam - sympy.Rational(1, 2))**2,
                 r"… yet both eigenvalues are $1/2$ …", Symbolic(rewrite=sympy.expand)),
            Step("powers-closed-form", a**ell, closed_form,
                 r"… its powers are $2^{-l}$ times a matrix growing only linearly in $l$ …",
                 Induction(ell, recurrence=lambda previous: previous * TRANSIENT)),
            Step("powers-vanish", sympy.Limit(20 * ell / 2**ell, ell, sympy.oo),
                 sympy.Integer(0),
                 r"… so every entry tends to $0$, the largest, $20l/2^l$, too.", Symbolic()),
        ),
        conclusion="never-explodes",
        claims_every_size=True,
    )
