"""One step back in time multiplies by W diag(σ′): the one-step Jacobian, entry by entry, any d.

The state update is written with indexed sums of symbolic length d, so SymPy's own
derivative of entry i of h_t with respect to entry j of h_{t−1} is the oracle, and
the claim W_{ij} σ′(h_{t−1,j}) is checked for every size d and every pair (i, j).
W_{ij}, not W_{ji}: the factor is W D, not the paper's Wᵀ D (see the erratum). The sum
runs over the column c: the notation keeps m for the rows of a tall matrix.
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

# Cited as an assumption wherever a Jacobian across several steps is a product of one-step ones.
CHAIN_RULE = Assumption("The chain rule: the Jacobian of a composition of maps is the product of "
                        "their Jacobians, the later map's on the left.")


@register
def jacobian_product() -> Derivation:
    i, j, c = sympy.symbols("i j c", integer=True, nonnegative=True)  # entries 0 … d − 1
    weights, previous = sympy.IndexedBase("W"), sympy.IndexedBase("h_{t-1}")
    drive = sympy.IndexedBase(r"(W_{\mathrm{in}}u_t + b)")
    update = sympy.Sum(weights[i, c] * SIGMA(previous[c]), (c, 0, DIMENSION - 1)) + drive[i]
    entry = sympy.Symbol(r"\frac{\partial h_{t,i}}{\partial h_{t-1,j}}")
    return Derivation(
        title="One step back in time multiplies by the weights times the slopes",
        source=PASCANU,
        statement=(
            r"For every size $d$, entry $(i, j)$ of the one-step Jacobian "
            r"$\partial h_t/\partial h_{t-1}$ is $W_{ij}\,\sigma'(h_{t-1,j})$, so "
            r"$J_t = W D_{t-1}$ with $D_{t-1} = \operatorname{diag}(\sigma'(h_{t-1}))$: $W$, "
            r"not $W^\top$. Assuming the chain rule (stated below, not checked), "
            r"$l = t - k$ steps multiply $l$ such factors, the latest on the left: "
            r"$\partial h_t/\partial h_k = W D_{t-1}\, W D_{t-2} \cdots W D_k$."
        ),
        hypotheses=(
            Hypothesis("index-in-range", j, DIMENSION - 1, Relation.LE,
                       text="$j$ is the index of an entry of $h_{t-1}$"),
            CHAIN_RULE,
        ),
        definitions={entry: sympy.Derivative(update, previous[j])},
        steps=(
            Step("one-step-entry", entry, weights[i, j] * SlopeAt(previous[j]),
                 r"Differentiate the sum over the column $c$: only $c = j$ depends on "
                 r"$h_{t-1,j}$.", Symbolic(), given=("index-in-range",),
                 display_rhs=sympy.Mul(weights[i, j], SlopeAt(previous[j]), evaluate=False)),
        ),
        claims_every_size=True,
    )
