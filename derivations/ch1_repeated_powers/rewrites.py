"""Binet's closed form, written as the chapter prints it, and the fact that cites it.

The Fibonacci recurrence and |z|^(2m) = (z z̄)^m are definitions the kernel applies itself
(:func:`derivations.engine.normal.normal_form`), so no chapter rewrite repeats them."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.display import minus, power, product, written
from derivations.engine import Hypothesis
from derivations.notation import symbol

SQRT5 = sympy.sqrt(5)


# Written (1 ± √5)/2, so a page shows that and not 1/2 ± √5/2; .doit() gives the number.
PHI_VALUE = product(written(1, SQRT5), power(2, -1))
PSI_VALUE = product(written(1, minus(SQRT5)), power(2, -1))
PHI, PSI = symbol("phi"), symbol("psi")


def binet_value(index: sympy.Basic) -> sympy.Basic:
    """(φᵏ − ψᵏ)/√5 with φ, ψ as radicals: Binet's closed form of F(k)."""
    return (PHI_VALUE.doit() ** index - PSI_VALUE.doit() ** index) / SQRT5


def binet(label: str, index: sympy.Basic) -> Hypothesis:
    """Binet's formula ``F_k = (φᵏ − ψᵏ)/√5`` at ``index``, for every value of its symbols: the
    result of ``fibonacci-eigendecomposition``, cited as a fact so that a step using it is
    decided (and re-checked) from it, not from SymPy's own rewriting of Fibonacci numbers."""
    symbols = tuple(sorted(index.free_symbols, key=str))
    shown = product(written(PHI**index, minus(PSI**index)), power(SQRT5, -1))
    return Hypothesis(label, sympy.fibonacci(index), shown, every=symbols,
                      text="Binet's formula")
