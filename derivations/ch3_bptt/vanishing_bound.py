"""The norm bound ‖∂h_{k+l}/∂h_k‖₂ ≤ η^l, for every size d and every l: with s₁ < 1/β, gradients
vanish; and the erratum on the notes' inequality chain for one factor.

The Jacobian across l steps is an opaque d×d matrix (:class:`JacobianAcross`); the
proof uses only facts stated as hypotheses — the chain rule, sub-multiplicativity
of the operator norm, the slope bound — and proves the bound by induction on l.
Strict bounds such as s₁ < 1/β enter through the engine's slack variables.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.ch3_bptt.symbols import JacobianAcross, Slopes
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
from derivations.notation import symbol

beta, s_1, eta, ell = (symbol(key) for key in ("beta", "s_1", "eta", "l"))
W, D = symbol("W"), symbol("D")
SUBMULTIPLICATIVE = ("sub-multiplicativity of the operator norm, "
                     r"$\lVert AB\rVert_2 \leq \lVert A\rVert_2\lVert B\rVert_2$")
SLOPE_BOUND = r"the slope bound: $D_{k+l}$ is diagonal with entries of size at most $\beta$"


def _norm(matrix: sympy.Basic) -> sympy.Basic:
    return OperatorNorm(matrix)


@register
def vanishing_sufficient_condition() -> Derivation:
    across, slopes = JacobianAcross(ell), Slopes(ell)
    factor = W * slopes
    return Derivation(
        title="A small largest singular value makes gradients vanish",
        source=PASCANU,
        statement=(
            r"Assuming the chain rule and the sub-multiplicativity "
            r"$\lVert AB\rVert_2 \leq \lVert A\rVert_2\lVert B\rVert_2$ of the operator norm "
            r"(both among the hypotheses below): for every size $d$, every $l \geq 0$ and "
            r"whatever the states, $\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq \eta^l$ "
            r"with $\eta = \beta s_1$. If $W \neq 0$ and $s_1 < 1/\beta$, then "
            r"$0 < \eta < 1$ and the bound tends to $0$: gradients from far back vanish. This "
            r"is a sufficient condition, not a necessary one (exercise 3.6 has vanishing powers "
            r"with $s_1 > 1/\beta$)."
        ),
        hypotheses=(
            Hypothesis("slope-bound", _norm(slopes), beta, Relation.LE, text=SLOPE_BOUND,
                       every=(ell,)),
            Hypothesis("factor-split", _norm(factor), _norm(W) * _norm(slopes), Relation.LE,
                       text=SUBMULTIPLICATIVE, every=(ell,)),
            Hypothesis("product-split", _norm(factor * across),
                       _norm(factor) * _norm(across), Relation.LE,
                       text="sub-multiplicativity again", every=(ell,)),
            Hypothesis("chain-rule", JacobianAcross(ell + 1), factor * across,
                       text="the chain rule: one more factor, on the left", every=(ell,)),
            Hypothesis("no-steps", _norm(JacobianAcross(0)), sympy.Integer(1),
                       text=r"no step at all: the Jacobian is $I$, which stretches nothing"),
            Hypothesis("nonzero", s_1, sympy.Integer(0), Relation.GT,
                       text=r"$W \neq 0$"),
            Hypothesis("small", s_1, 1 / beta, Relation.LT,
                       text="the largest singular value is below the reciprocal slope bound"),
            Hypothesis("case-l", _norm(across), eta**ell, Relation.LE, local=True,
                       text="the case $l$"),
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
                 given=("no-steps",)),
            Step("eta-below-one", eta, sympy.Integer(1),
                 r"$\eta = \beta s_1 < \beta \cdot 1/\beta = 1$.", Symbolic(), Relation.LT,
                 given=("small",)),
            Step("bound-vanishes", sympy.Limit(eta**ell, ell, sympy.oo), sympy.Integer(0),
                 r"A power of a number in $(0, 1)$ tends to $0$.", Symbolic(),
                 given=("nonzero", "small")),
        ),
        conclusion="norm-bound",
        claims_every_size=True,
        uses=("jacobian-product",),
    )


@register
def erratum_vanishing_chain() -> Derivation:
    i = sympy.Symbol("i", integer=True, positive=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    reciprocal_times_beta = sympy.UnevaluatedExpr(1 / beta) * beta
    return Derivation(
        title="The inequality chain for one factor, and one bound for all factors",
        source=PASCANU,
        statement=(
            r"The notes bound one factor by "
            r"$\lVert W\rVert\,\lVert\operatorname{diag}(\sigma')\rVert < \frac{1}{\gamma}"
            r" * \gamma < 1$. The first $<$ is right; the second would say $1 < 1$: it "
            r"is an equality, and the corrected chain (below, in this companion's letters) "
            r"still ends below $1$, given the sub-multiplicativity "
            r"$\lVert AB\rVert_2 \leq \lVert A\rVert_2\lVert B\rVert_2$ of the operator norm "
            r"(a hypothesis below). The notes then choose “the maximum value $\eta$” with "
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
            Hypothesis("small", s_1, 1 / beta, Relation.LT,
                       text="the largest singular value is below the reciprocal slope bound"),
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
