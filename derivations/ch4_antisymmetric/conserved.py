"""The continuous system h′ = tanh(Mh) with antisymmetric M conserves a quantity, for every size.

Not in the slides, but it explains their antisymmetric phase portrait: with
C(h) = Σᵢ log cosh((Mh)ᵢ) the chain rule gives ∇C = Mᵀ tanh(Mh), and along a
solution dC/dt = ∇Cᵀ h′ = h′ᵀMh′ with h′ = tanh(Mh), which is 0 for every real h′
because M is antisymmetric. Exact trajectories therefore stay on level sets of
C; the outward spiral of the W₀ portrait is made by forward Euler, not by the ODE.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import SOURCE, M, h, i, j, k
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


def _entries_with_tanh(expression: sympy.Basic) -> sympy.Basic:
    """Entry derivatives evaluated, then ``sinh x = tanh x · cosh x``: SymPy differentiates
    ``log cosh x`` to ``sinh x/cosh x``, which then cancels to ``tanh x``."""
    return expression.doit().replace(
        lambda node: isinstance(node, sympy.sinh),
        lambda node: sympy.tanh(node.args[0]) * sympy.cosh(node.args[0]))


@register
def tanh_ode_conserved_quantity() -> Derivation:
    d = DIMENSION
    a_i = sympy.Symbol("a_i", real=True)
    # h' itself, not a new letter: the notation's y is a vector a wide matrix sends to zero.
    velocity = sympy.MatrixSymbol("h'", d, 1)
    form = velocity.T * M * velocity
    return Derivation(
        title="The continuous tanh system with an antisymmetric matrix conserves a quantity",
        source=SOURCE,
        statement=(
            r"For every antisymmetric $M$, and assuming the chain rule along a solution "
            r"(stated below), the ODE $h' = \tanh(Mh)$ conserves "
            r"$C(h) = \sum_i \log\cosh a_i$, $a = Mh$: with $h' = \tanh(Mh)$, "
            r"$\frac{dC}{dt} = (M^\top h')^\top h' = 0$. (For the slides' $W_0$, "
            r"$C = \log\cosh 2h_1 + \log\cosh 2h_2$, whose level sets are closed curves, so "
            "every exact trajectory is a closed orbit; that picture is not checked here.)"
        ),
        hypotheses=(
            Hypothesis("antisymmetric", M.T, -M, text="$M$ is antisymmetric"),
            Hypothesis("defined", sympy.cosh(a_i), sympy.Integer(0), Relation.NE,
                       text=r"true for every real $a_i$: $\log\cosh a_i$ is defined"),
            Assumption(r"the chain rule: along a solution, $\frac{dC}{dt} = \nabla C^\top h'$, "
                       r"and $\nabla C = M^\top h'$ with $h' = \tanh(Mh)$ by step (1)"),
        ),
        definitions={a_i: sympy.Sum(M[i, k] * h[k, 0], (k, 0, d - 1))},
        steps=(
            Step("gradient", sympy.Derivative(sympy.log(sympy.cosh(a_i)), h[j, 0]),
                 sympy.tanh(a_i) * M[i, j],
                 r"$(\log\cosh a)' = \tanh a$ and $\partial a_i/\partial h_j = M_{ij}$; summed "
                 r"over $i$: $\partial C/\partial h_j = (M^\top \tanh(Mh))_j$.",
                 Symbolic(rewrite=_entries_with_tanh), given=("defined",)),
            Step("antisymmetric-form", sympy.Transpose(form), -form,
                 r"Transpose, then use $M^\top = -M$.", Symbolic(), given=("antisymmetric",)),
            Step("conserved",
                 sympy.MatMul(sympy.Transpose(sympy.MatMul(M.T, velocity)), velocity,
                              evaluate=False),
                 sympy.ZeroMatrix(1, 1),
                 r"$(M^\top h')^\top h' = h'^\top M h'$ equals its own negative, so it is $0$: "
                 r"$\frac{dC}{dt} = 0$ (a $1 \times 1$ matrix is its own transpose).",
                 Symbolic(), given=("antisymmetric-form",)),
        ),
        claims_every_size=True,
    )
