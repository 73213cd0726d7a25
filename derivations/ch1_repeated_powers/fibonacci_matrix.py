"""Powers of the Fibonacci matrix hold Fibonacci numbers; the mirrored convention does too."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.sources import MERITY
from derivations.engine import Derivation, Induction, Step, Symbolic, register
from derivations.notation import symbol

F, F_OTHER, SWAP, n = symbol("F"), symbol("F'"), symbol("P"), symbol("n")
SWAP_MATRIX = sympy.ImmutableMatrix([[0, 1], [1, 0]])
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
        title="Powers of the Fibonacci matrix",
        source=MERITY,
        statement=(
            r"For every $n \geq 0$, $F^n$ holds three consecutive Fibonacci numbers ($F_0 = 0$, "
            r"$F_1 = 1$, $F_{k+2} = F_{k+1} + F_k$, so $F_{-1} = 1$); $F'^{\,n}$ holds them "
            r"mirrored."
        ),
        hypotheses=(),
        definitions={F: FIBONACCI_MATRIX, F_OTHER: OTHER_FIBONACCI_MATRIX, SWAP: SWAP_MATRIX},
        steps=(
            Step(
                "powers-hold-fibonacci",
                F**n,
                fibonacci_block(n),
                r"Induction on $n$: $F^0 = I$, and multiplying by $F$ on the right moves every "
                r"entry one place along the sequence, $F^{n+1} = F^n F$.",
                Induction(n, recurrence=lambda power: power * F),
            ),
            Step(
                "fourth-power",
                F**4,
                sympy.ImmutableMatrix([[2, 3], [3, 5]]),
                r"Merity's example, the fourth entry: $F_4 = 3$ sits off the diagonal of $F^4$.",
                Symbolic(),
            ),
            Step(
                "other-convention-is-a-swap",
                F_OTHER,
                SWAP * F * SWAP,
                r"Swapping the two coordinates, before and after, turns one convention into "
                r"the other: the same map, written in mirrored order.",
                Symbolic(),
            ),
            Step(
                "other-convention-powers",
                F_OTHER**n,
                swapped_block(n),
                r"Induction on $n$ with $F'^{\,n+1} = F'^{\,n} F'$: the same numbers, mirrored.",
                Induction(n, recurrence=lambda power: power * F_OTHER),
            ),
        ),
        conclusion="powers-hold-fibonacci",
    )
