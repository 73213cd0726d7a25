"""The norm bound ‖∂h_{k+l}/∂h_k‖₂ ≤ η^l, for every size d and every l, and what it does and does
not say about vanishing and exploding gradients.

The Jacobian across l steps is an opaque d×d matrix (:class:`JacobianAcross`); the
proof uses only facts stated as hypotheses — the chain rule, sub-multiplicativity
of the operator norm, the slope bound — and proves the bound by induction on l.
Strict bounds such as s₁ < 1/β enter through the engine's slack variables.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.ch3_bptt.symbols import JacobianAcross, Length, Slopes
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
from derivations.engine.expressions import OperatorNorm
from derivations.notation import DIMENSION, symbol

beta, s_1, eta, ell = (symbol(key) for key in ("beta", "s_1", "eta", "l"))
W, D = symbol("W"), symbol("D")
# A large singular value, yet both eigenvalues 1/2: s₁ > 1/β does not force explosion.
TRANSIENT = sympy.ImmutableMatrix([[sympy.Rational(1, 2), 10], [0, sympy.Rational(1, 2)]])
SUBMULTIPLICATIVE = (r"sub-multiplicativity of the operator norm, "
                     r"$\lVert AB\rVert_2 \leq \lVert A\rVert_2\lVert B\rVert_2$, a standard "
                     r"property: $\lVert ABv\rVert \leq \lVert A\rVert_2\lVert Bv\rVert \leq "
                     r"\lVert A\rVert_2\lVert B\rVert_2\lVert v\rVert$ for every $v$")
SLOPE_BOUND = (r"$D_{k+l} = \operatorname{diag}(\sigma'(h_{k+l}))$ is diagonal, so its norm is "
               r"its largest $|\sigma'|$, at most $\beta$")


def _norm(matrix: sympy.Basic) -> sympy.Basic:
    return OperatorNorm(matrix)


@register
def vanishing_sufficient_condition() -> Derivation:
    across, slopes = JacobianAcross(ell), Slopes(ell)
    factor = W * slopes
    return Derivation(
        slug="vanishing-sufficient-condition",
        title="A small largest singular value makes gradients vanish",
        chapter=3,
        source=PASCANU,
        statement=(
            r"For every size $d$, every $l \geq 0$ and whatever the states, the Jacobian across "
            r"$l$ steps obeys $\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq \eta^l$ with "
            r"$\eta = \beta s_1$. If moreover $s_1 < 1/\beta$, then $\eta < 1$ and the bound "
            r"tends to $0$ as $l \to \infty$: gradients from far back vanish, with or without "
            r"the nonlinearity. The condition is sufficient, not necessary."
        ),
        hypotheses=(
            Hypothesis("slope-bound", _norm(slopes), beta, Relation.LE, text=SLOPE_BOUND),
            Hypothesis("factor-split", _norm(factor), _norm(W) * _norm(slopes), Relation.LE,
                       text=SUBMULTIPLICATIVE),
            Hypothesis("product-split", _norm(factor * across),
                       _norm(factor) * _norm(across), Relation.LE,
                       text="sub-multiplicativity again"),
            Hypothesis("chain-rule", JacobianAcross(ell + 1), factor * across,
                       text="the chain rule: one more step multiplies by its factor "
                            "$W D_{k+l}$ on the left"),
            Hypothesis("no-steps", JacobianAcross(0), sympy.Identity(DIMENSION),
                       text=r"no step: the Jacobian of $h_k$ with respect to itself"),
            Hypothesis("identity-norm", _norm(sympy.Identity(DIMENSION)), sympy.Integer(1),
                       text=r"$\lVert Iv\rVert = \lVert v\rVert$"),
            Hypothesis("nonzero", s_1, sympy.Integer(0), Relation.GT,
                       text=r"$W \neq 0$; for $W = 0$ every gradient vanishes after one step"),
            Hypothesis("small", s_1, 1 / beta, Relation.LT,
                       text="the condition of the theorem"),
            Hypothesis("case-l", _norm(across), eta**ell, Relation.LE, local=True,
                       text="the case $l$, for the induction"),
        ),
        definitions={s_1: _norm(W), eta: beta * s_1},
        steps=(
            Step("factor-sub", _norm(factor), _norm(W) * _norm(slopes),
                 "Sub-multiplicativity.", Symbolic(), Relation.LE, given=("factor-split",)),
            Step("factor-slopes", _norm(W) * _norm(slopes), beta * s_1,
                 r"Every slope is at most $\beta$, and $s_1 = \lVert W\rVert_2$.", Symbolic(),
                 Relation.LE, given=("slope-bound",)),
            Step("factor-bound", _norm(factor), eta,
                 r"So each factor has norm at most $\eta$, whatever the state.",
                 Chain(("factor-sub", "factor-slopes")), Relation.LE),
            Step("one-more-step", _norm(JacobianAcross(ell + 1)), _norm(factor * across),
                 "The chain rule.", Symbolic(), given=("chain-rule",)),
            Step("split-off-factor", _norm(factor * across), _norm(factor) * _norm(across),
                 "Sub-multiplicativity.", Symbolic(), Relation.LE, given=("product-split",)),
            Step("bound-factor", _norm(factor) * _norm(across), eta * _norm(across),
                 "Each factor's bound.", Symbolic(), Relation.LE,
                 given=("factor-bound",)),
            Step("bound-rest", eta * _norm(across), eta ** (ell + 1),
                 r"The case $l$.", Symbolic(), Relation.LE, given=("case-l",)),
            Step("case-l-plus-one", _norm(JacobianAcross(ell + 1)), eta ** (ell + 1),
                 r"Steps (4) to (7): the case $l + 1$ follows from the case $l$.",
                 Chain(("one-more-step", "split-off-factor", "bound-factor", "bound-rest")),
                 Relation.LE),
            Step("norm-bound", _norm(across), eta**ell,
                 r"Induction on $l$; the case $l = 0$ is $\lVert I\rVert_2 = 1 = \eta^0$.",
                 Induction(ell, step="case-l-plus-one", hypothesis="case-l"), Relation.LE,
                 given=("no-steps", "identity-norm")),
            Step("eta-below-one", eta, sympy.Integer(1),
                 r"$\eta = \beta s_1 < \beta \cdot 1/\beta = 1$.", Symbolic(), Relation.LT,
                 given=("small",)),
            Step("bound-vanishes", sympy.Limit(eta**ell, ell, sympy.oo), sympy.Integer(0),
                 r"A power of a number in $(0, 1)$ tends to $0$.", Symbolic(),
                 given=("nonzero", "small")),
        ),
        conclusion="norm-bound",
        claims_every_size=True,
    )


@register
def exploding_necessary_condition() -> Derivation:
    across = JacobianAcross(ell)
    a = sympy.MatrixSymbol("A", 2, 2)
    e_2 = sympy.MatrixSymbol("e_2", 2, 1)
    lam = symbol("lambda")
    closed_form = sympy.ImmutableMatrix([[1, 20 * ell], [0, 1]]) / 2**ell
    return Derivation(
        slug="exploding-necessary-condition",
        title="Exploding gradients need a large singular value, which is not enough",
        chapter=3,
        source=PASCANU,
        statement=(
            r"If $s_1 \leq 1/\beta$, that is $\eta = \beta s_1 \leq 1$, then "
            r"$\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq 1$ for every $l$ and every "
            r"size $d$: nothing can explode. So an exploding Jacobian needs $s_1 > 1/\beta$. "
            r"The converse fails: with $\sigma$ the identity ($\beta = 1$), the matrix $A$ "
            r"below has $s_1 > 10$, both eigenvalues $1/2$, and $A^l \to 0$. A large "
            r"singular value with small eigenvalues gives growth for a few steps, then decay."
        ),
        hypotheses=(
            Hypothesis("norm-bound", _norm(across), eta**ell, Relation.LE,
                       text="the bound of the theorem above, for every $l$"),
            Hypothesis("nonzero", eta, sympy.Integer(0), Relation.GT, text=r"$W \neq 0$"),
            Hypothesis("not-large", eta, sympy.Integer(1), Relation.LE,
                       text=r"$s_1 \leq 1/\beta$, that is $\eta = \beta s_1 \leq 1$"),
            Hypothesis("largest-stretch", _norm(a), Length(a * e_2), Relation.GE,
                       text=r"$\lVert A\rVert_2$ is the largest $\lVert Av\rVert$ over unit "
                            r"vectors $v$"),
            Hypothesis("case-l", eta**ell, sympy.Integer(1), Relation.LE, local=True,
                       text="the case $l$, for the induction"),
        ),
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
            Step("jacobian-below-power", _norm(across), eta**ell, "The bound above.",
                 Symbolic(), Relation.LE, given=("norm-bound",)),
            Step("never-explodes", _norm(across), sympy.Integer(1),
                 r"Steps (5) and (4).", Chain(("jacobian-below-power", "powers-at-most-one")),
                 Relation.LE),
            Step("large-singular-value", _norm(a), sympy.Integer(10),
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


@register
def erratum_vanishing_chain() -> Derivation:
    i = sympy.Symbol("i", integer=True, positive=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    reciprocal_times_beta = sympy.UnevaluatedExpr(1 / beta) * beta
    return Derivation(
        slug="erratum-vanishing-chain",
        title="Erratum: the inequality chain for one factor, and the maximum eta",
        chapter=3,
        source=PASCANU,
        statement=(
            r"The notes bound one factor by "
            r"$\lVert W\rVert\,\lVert\operatorname{diag}(\sigma')\rVert < \frac{1}{\gamma}"
            r" \cdot \gamma < 1$. The first $<$ is right; the second would say $1 < 1$: it "
            r"is an equality, and the corrected chain (below, in this companion's letters) "
            r"still ends below $1$. The notes then choose “the maximum value $\eta$” with "
            r"$\lVert \partial x_{k+1}/\partial x_k\rVert \leq \eta < 1$ for all $k$; what is "
            r"needed is that *some* $\eta < 1$ bounds every factor at once. Factors that are "
            r"each below $1$ are not enough: the product of $1 - 1/i^2$ over $i = 2, \dots, n$ "
            r"tends to $1/2$, not $0$."
        ),
        hypotheses=(
            Hypothesis("factor-split", _norm(W * D), _norm(W) * _norm(D), Relation.LE,
                       text=SUBMULTIPLICATIVE),
            Hypothesis("slope-bound", _norm(D), beta, Relation.LE,
                       text=r"$D = \operatorname{diag}(\sigma'(h))$ has norm at most $\beta$"),
            Hypothesis("small", s_1, 1 / beta, Relation.LT),
        ),
        definitions={s_1: _norm(W)},
        steps=(
            Step("sub-multiplicative", _norm(W * D), _norm(W) * _norm(D),
                 "Sub-multiplicativity.", Symbolic(), Relation.LE, given=("factor-split",)),
            Step("slopes", _norm(W) * _norm(D), beta * s_1, r"Every slope is at most $\beta$.",
                 Symbolic(), Relation.LE, given=("slope-bound",)),
            Step("strict", beta * s_1, reciprocal_times_beta,
                 r"$s_1 < 1/\beta$: the strict step.", Symbolic(), Relation.LT,
                 given=("small",)),
            Step("equality", reciprocal_times_beta, sympy.Integer(1),
                 r"An equality, where the notes write $<$.", Symbolic()),
            Step("corrected-chain", _norm(W * D), sympy.Integer(1),
                 "Steps (1) to (4): one strict link makes the chain strict.",
                 Chain(("sub-multiplicative", "slopes", "strict", "equality")), Relation.LT),
            Step("factor-below-one", 1 - 1 / i**2, sympy.Integer(1),
                 r"Each factor $1 - 1/i^2$ is below $1$ …", Symbolic(), Relation.LT),
            Step("product-closed-form", sympy.Product(1 - 1 / i**2, (i, 2, n)),
                 (n + 1) / (2 * n), r"… the product telescopes …", Symbolic()),
            Step("product-does-not-vanish", sympy.Limit((n + 1) / (2 * n), n, sympy.oo),
                 sympy.Rational(1, 2), r"… and tends to $1/2$, not $0$.", Symbolic()),
        ),
        conclusion="corrected-chain",
    )
