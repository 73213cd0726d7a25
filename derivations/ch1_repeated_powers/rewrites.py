"""Rewrites that let SymPy decide chapter 1's identities exactly, each a definition applied."""

from __future__ import annotations

from collections.abc import Callable

import sympy

from derivations.ch1_repeated_powers.display import minus, power, product, written

SQRT5 = sympy.sqrt(5)


# Written (1 ± √5)/2, so a page shows that and not 1/2 ± √5/2; .doit() gives the number.
PHI_VALUE = product(written(1, SQRT5), power(2, -1))
PSI_VALUE = product(written(1, minus(SQRT5)), power(2, -1))


def binet_value(index: sympy.Basic) -> sympy.Basic:
    """(φᵏ − ψᵏ)/√5 with φ, ψ as radicals: Binet's closed form of F(k)."""
    return (PHI_VALUE.doit() ** index - PSI_VALUE.doit() ** index) / SQRT5


def fibonacci_recurrence(variable: sympy.Symbol) -> Callable[[sympy.Basic], sympy.Basic]:
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


def moduli_as_products(expression: sympy.Basic) -> sympy.Basic:
    """Write every |z|^(2m) as (z·z̄)^m, true for every complex z and real m since z·z̄ = |z|² ≥ 0.

    SymPy compares ``λⁿ·conj(λ)ⁿ`` with ``|λ|^(2n)`` only in this form.
    """
    return expression.replace(
        lambda node: (node.is_Pow and isinstance(node.base, sympy.Abs)
                      and (node.exp / 2).is_integer),
        lambda node: (node.base.args[0] * sympy.conjugate(node.base.args[0])) ** (node.exp / 2),
    )
