"""Where the Chapter 1 sources are wrong as written, each with the check that shows it."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.fibonacci_matrix import (
    FIBONACCI_MATRIX,
    MERITY,
    OTHER_FIBONACCI_MATRIX,
)
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

F, F_OTHER, A = symbol("F"), symbol("F'"), symbol("A")
KOREAN_SUMMARY = "Korean summary of Merity's article (2021)"


@register
def erratum_mixed_fibonacci_conventions() -> Derivation:
    return Derivation(
        slug="erratum-mixed-fibonacci-conventions",
        title="Erratum: the worked F⁴ example mixes two matrices",
        chapter=1,
        source=MERITY,
        summary=(
            "The article defines $F = [[0,1],[1,1]]$, but the middle lines of its worked "
            "$F^4$ example multiply by $F' = [[1,1],[1,0]]$. Either matrix alone yields "
            "Fibonacci numbers; a chain that mixes them does not give $F^4$."
        ),
        hypotheses=(
            r"$F = \begin{bmatrix}0 & 1\\ 1 & 1\end{bmatrix}$, "
            r"$F' = \begin{bmatrix}1 & 1\\ 1 & 0\end{bmatrix}$.",
        ),
        definitions={F: FIBONACCI_MATRIX, F_OTHER: OTHER_FIBONACCI_MATRIX},
        steps=(
            Step("first-mixed-product", F * F_OTHER, F**2,
                 "Already the second line is off: F F' is not F².", Symbolic(),
                 relation=Relation.NE),
            Step("mixed-chain", F * F_OTHER * F_OTHER * F, F**4,
                 "The mixed chain F F' F' F is not F⁴ …", Symbolic(), relation=Relation.NE),
            Step("mixed-chain-value", F * F_OTHER * F_OTHER * F,
                 sympy.ImmutableMatrix([[1, 2], [2, 5]]),
                 "… it is [[1, 2], [2, 5]], not even of the form [[F(k−1), F(k)], [F(k), F(k+1)]] "
                 "(1 + 2 ≠ 5).", Symbolic()),
            Step("consistent-chain", F * F * F * F, sympy.ImmutableMatrix([[2, 3], [3, 5]]),
                 "With F throughout, the chain gives the article's stated F⁴.", Symbolic()),
        ),
    )


@register
def erratum_normal_is_not_orthogonal() -> Derivation:
    two_identity = sympy.ImmutableMatrix(2 * sympy.eye(2))
    return Derivation(
        slug="erratum-normal-is-not-orthogonal",
        title="Erratum: AAᵀ = AᵀA does not define an orthogonal matrix",
        chapter=1,
        source=KOREAN_SUMMARY,
        summary=(
            "The Korean summary defines an orthogonal matrix by "
            "\"$A^{-1} = A^\\top$ or $AA^\\top = A^\\top A$\". The first is the definition; "
            "the second says only that $A$ is *normal*. $A = 2I$ is normal and not orthogonal."
        ),
        hypotheses=(r"$A = 2I$, a 2×2 real matrix.",),
        definitions={A: two_identity},
        steps=(
            Step("two-identity-is-normal", A * A.T, A.T * A,
                 "Every multiple of the identity commutes with its transpose: A is normal.",
                 Symbolic()),
            Step("two-identity-is-not-orthogonal", A.T * A, sympy.Identity(2),
                 "AᵀA = 4I ≠ I: A doubles every length, so A⁻¹ ≠ Aᵀ.",
                 Symbolic(), relation=Relation.NE),
            Step("doubles-lengths", A.T * A, 4 * sympy.Identity(2),
                 "Its powers explode like 2ⁿ — the opposite of what orthogonality buys.",
                 Symbolic()),
        ),
    )
