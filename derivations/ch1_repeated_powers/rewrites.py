"""Binet's closed form, written as the chapter prints it, and the rewrite that substitutes it.

The Fibonacci recurrence and |z|^(2m) = (z z̄)^m are definitions the kernel applies itself
(:func:`derivations.engine.kernel._normalise`), so no chapter rewrite repeats them."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.display import minus, power, product, written

SQRT5 = sympy.sqrt(5)


# Written (1 ± √5)/2, so a page shows that and not 1/2 ± √5/2; .doit() gives the number.
PHI_VALUE = product(written(1, SQRT5), power(2, -1))
PSI_VALUE = product(written(1, minus(SQRT5)), power(2, -1))


def binet_value(index: sympy.Basic) -> sympy.Basic:
    """(φᵏ − ψᵏ)/√5 with φ, ψ as radicals: Binet's closed form of F(k)."""
    return (PHI_VALUE.doit() ** index - PSI_VALUE.doit() ** index) / SQRT5


def substitute_binet(expression: sympy.Basic) -> sympy.Basic:
    """Replace every F(k) by Binet's formula (proved in ``fibonacci-eigendecomposition``)."""
    return sympy.simplify(expression.replace(sympy.fibonacci, binet_value))
