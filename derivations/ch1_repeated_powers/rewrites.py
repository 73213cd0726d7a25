"""Rewrites that let SymPy decide Chapter 1's identities exactly, each a definition applied."""

from __future__ import annotations

import sympy

SQRT5 = sympy.sqrt(5)
PHI_VALUE = (1 + SQRT5) / 2
PSI_VALUE = (1 - SQRT5) / 2


def binet_value(index: sympy.Basic) -> sympy.Basic:
    """(φᵏ − ψᵏ)/√5 with φ, ψ as radicals: Binet's closed form of F(k)."""
    return (PHI_VALUE**index - PSI_VALUE**index) / SQRT5


def fibonacci_recurrence(variable: sympy.Symbol):
    """A rewrite expressing every F(variable + c) in F(variable) and F(variable + 1).

    Only the defining recurrence F(k+2) = F(k+1) + F(k) is applied, forwards
    for c > 1 and backwards for c < 0, so the rewrite assumes nothing the
    chapter has not defined.
    """

    def reduce(argument: sympy.Basic) -> sympy.Basic:
        offset = sympy.simplify(argument - variable)
        if not offset.is_Integer:
            return sympy.fibonacci(argument)
        low, high = sympy.fibonacci(variable), sympy.fibonacci(variable + 1)
        for _ in range(int(offset)):  # F(k+1), F(k+2) from F(k), F(k+1)
            low, high = high, low + high
        for _ in range(-int(offset)):  # F(k−1), F(k) from F(k), F(k+1)
            low, high = high - low, low
        return low

    def rewrite(expression: sympy.Basic) -> sympy.Basic:
        return sympy.expand(expression.replace(sympy.fibonacci, reduce))

    return rewrite


def substitute_binet(expression: sympy.Basic) -> sympy.Basic:
    """Replace every F(k) by Binet's formula (proved in ``fibonacci-eigendecomposition``)."""
    return sympy.simplify(expression.replace(sympy.fibonacci, binet_value))

