"""Powers of the Fibonacci matrix hold Fibonacci numbers; the two conventions in use."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.rewrites import fibonacci_recurrence
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

MERITY = (
    "Merity, *Explaining and illustrating orthogonal initialization for recurrent neural "
    "networks* (2016)"
)

F = symbol("F")
F_OTHER = symbol("F'")
n = symbol("n")
SWAP = sympy.ImmutableMatrix([[0, 1], [1, 0]])
FIBONACCI_MATRIX = sympy.ImmutableMatrix([[0, 1], [1, 1]])
OTHER_FIBONACCI_MATRIX = sympy.ImmutableMatrix([[1, 1], [1, 0]])


def fibonacci_block(k: sympy.Basic) -> sympy.ImmutableMatrix:
    """[[F(k−1), F(k)], [F(k), F(k+1)]], what F^k is claimed to be."""
    return sympy.ImmutableMatrix(
        [[sympy.fibonacci(k - 1), sympy.fibonacci(k)], [sympy.fibonacci(k), sympy.fibonacci(k + 1)]]
    )


def swapped_block(k: sympy.Basic) -> sympy.ImmutableMatrix:
    """[[F(k+1), F(k)], [F(k), F(k−1)]], what F'^k is claimed to be."""
    return sympy.ImmutableMatrix(
        [[sympy.fibonacci(k + 1), sympy.fibonacci(k)], [sympy.fibonacci(k), sympy.fibonacci(k - 1)]]
    )


@register
def fibonacci_matrix_powers() -> Derivation:
    return Derivation(
        slug="fibonacci-matrix-powers",
        title="Powers of the Fibonacci matrix",
        chapter=1,
        source=MERITY,
        summary=(
            "Multiplying by $F$ once more shifts every entry one place along the sequence, "
            "so the powers of $F$ carry the Fibonacci numbers."
        ),
        hypotheses=(
            r"$F = \begin{bmatrix}0 & 1\\ 1 & 1\end{bmatrix}$ (Merity's convention), "
            r"$F' = \begin{bmatrix}1 & 1\\ 1 & 0\end{bmatrix}$ (the other common one).",
            r"$F_0 = 0$, $F_1 = 1$, $F_{k+2} = F_{k+1} + F_k$ for every integer $k$ "
            r"(so $F_{-1} = 1$).",
            r"$n$ is an integer, $n \geq 0$; $F^0 = I$.",
        ),
        definitions={F: FIBONACCI_MATRIX, F_OTHER: OTHER_FIBONACCI_MATRIX},
        steps=(
            Step(
                "powers-hold-fibonacci",
                F**n,
                fibonacci_block(n),
                "Induction on n: F⁰ = I, and multiplying by F adds the columns (Fⁿ⁺¹ = Fⁿ F).",
                Induction(n, recurrence=lambda power: power * F,
                          rewrite=fibonacci_recurrence(n)),
            ),
            Step(
                "fourth-power",
                F**4,
                sympy.ImmutableMatrix([[2, 3], [3, 5]]),
                "The article's worked example: the diagonals pass through 0, 1, 1, 2, 3.",
                Symbolic(),
            ),
            Step(
                "other-convention-is-a-swap",
                F_OTHER,
                SWAP * F * SWAP,
                "Reversing the order of both basis vectors turns one convention into the other.",
                Symbolic(),
            ),
            Step(
                "other-convention-powers",
                F_OTHER**n,
                swapped_block(n),
                "Induction on n with F′ⁿ⁺¹ = F′ⁿ F′: the same numbers, mirrored.",
                Induction(n, recurrence=lambda power: power * F_OTHER,
                          rewrite=fibonacci_recurrence(n)),
            ),
            Step(
                "conventions-differ-as-matrices",
                F_OTHER**4,
                F**4,
                "Equal entries, different places: formulas from one convention cannot be "
                "reused in the other unchanged.",
                Symbolic(),
                relation=Relation.NE,
            ),
        ),
    )
