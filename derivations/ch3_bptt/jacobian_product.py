"""One step back in time multiplies by W diag(σ′): the one-step Jacobian, entry by entry, any d.

The state update is written with indexed sums of symbolic length d, so SymPy's own
derivative of entry i of h_t with respect to entry m of h_{t−1} is the oracle, and
the claim W_{im} σ′(h_{t−1,m}) is checked for every size d and every pair (i, m).
W_{im}, not W_{mi}: the factor is W D, not the paper's Wᵀ D (see the erratum).
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.ch3_bptt.symbols import SIGMA, SlopeAt
from derivations.engine import (
    Assumption,
    Derivation,
    Hypothesis,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.notation import DIMENSION


@register
def jacobian_product() -> Derivation:
    i, j, m = sympy.symbols("i j m", integer=True, positive=True)
    weights, previous = sympy.IndexedBase("W"), sympy.IndexedBase("h_{t-1}")
    drive = sympy.IndexedBase(r"(W_{\mathrm{in}}u_t + b)")
    update = sympy.Sum(weights[i, j] * SIGMA(previous[j]), (j, 1, DIMENSION)) + drive[i]
    entry = sympy.Symbol(r"\frac{\partial h_{t,i}}{\partial h_{t-1,m}}")
    return Derivation(
        slug="jacobian-product",
        title="One step back in time multiplies by the weights times the slopes",
        chapter=3,
        source=PASCANU,
        statement=(
            r"For every size $d$, entry $(i, m)$ of the one-step Jacobian "
            r"$\partial h_t/\partial h_{t-1}$ is $W_{im}\,\sigma'(h_{t-1,m})$, so "
            r"$J_t = W D_{t-1}$ with $D_{t-1} = \operatorname{diag}(\sigma'(h_{t-1}))$: $W$, "
            r"not $W^\top$. Assuming the chain rule (stated below, not checked), "
            r"$l = t - k$ steps multiply $l$ such factors, the latest on the left: "
            r"$\partial h_t/\partial h_k = W D_{t-1}\, W D_{t-2} \cdots W D_k$."
        ),
        hypotheses=(
            Hypothesis("index-in-range", m, DIMENSION, Relation.LE,
                       text="$m$ is the index of an entry of $h_{t-1}$"),
            Assumption("The chain rule: the Jacobian of a composition of maps is the product "
                       "of their Jacobians, the later map's on the left."),
        ),
        definitions={entry: sympy.Derivative(update, previous[m])},
        steps=(
            Step("one-step-entry", entry, weights[i, m] * SlopeAt(previous[m]),
                 r"Differentiate the sum over $j$: only $j = m$ depends on "
                 r"$h_{t-1,m}$.", Symbolic(), given=("index-in-range",),
                 display_rhs=sympy.Mul(weights[i, m], SlopeAt(previous[m]), evaluate=False)),
        ),
        claims_every_size=True,
    )
