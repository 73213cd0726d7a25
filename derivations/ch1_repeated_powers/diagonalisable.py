"""A = VΛV⁻¹ gives Aⁿ = VΛⁿV⁻¹ for every size: only the eigenvalues are raised to the power."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.sources import BOTH
from derivations.engine import Derivation, Hypothesis, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

A, V, LAMBDA, n = symbol("A"), symbol("V"), symbol("Lambda"), symbol("n")


@register
def diagonalisable_powers() -> Derivation:
    one_factor = V * LAMBDA * V.I
    return Derivation(
        title="Powers of a diagonalisable matrix",
        source=BOTH,
        statement=(
            r"If a $d \times d$ matrix is $A = V\Lambda V^{-1}$ with $\Lambda$ diagonal, its "
            r"powers raise only the eigenvalues on the diagonal of $\Lambda$: for every "
            r"$n \geq 0$ and every size $d$,"
        ),
        hypotheses=(
            Hypothesis("diagonalisable", A, one_factor,
                       text=r"the columns of $V$ are eigenvectors, $\Lambda$ holds the "
                            r"eigenvalues"),
            Hypothesis("invertible", sympy.Determinant(V), sympy.Integer(0), Relation.NE,
                       text=r"$V$ is invertible, so $V^{-1}V = I$"),
        ),
        steps=(
            Step("square", A**2, sympy.MatMul(one_factor, one_factor, evaluate=False),
                 r"Two factors side by side; the middle $V^{-1}V$ is $I$ (the Korean summary "
                 r"computes $F^2$ this way).",
                 Symbolic(), given=("diagonalisable", "invertible")),
            Step("powers", A**n, V * LAMBDA**n * V.I,
                 r"Induction on $n$: $A^0 = I = VV^{-1}$, and $A^{n+1} = A^n A$ multiplies "
                 r"$V\Lambda^n V^{-1}$ by $V\Lambda V^{-1}$, where again $V^{-1}V = I$.",
                 Induction(n, recurrence=lambda power: power * A),
                 given=("diagonalisable", "invertible")),
        ),
        claims_every_size=True,
    )
