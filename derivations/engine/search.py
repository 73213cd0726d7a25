"""Searches that propose certificates: untrusted, every answer confirmed by the kernel.

Cofactors found by division or by solving for them, a square completed to show a sign, a
point where SymPy's ``simplify`` was wrong: none of these is believed. The kernel accepts
cofactors only when ``entry − Σ cᵢ·gᵢ`` expands to 0 under its own eyes, a completed square
only when it expands back to the value, and a counterexample only ever refuses.
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy.polys.polyerrors import BasePolynomialError

from derivations.engine.givens import bounded_cofactors
from derivations.engine.sampling import parameter_samples
from derivations.engine.wellformed import in_domain

__all__ = ["bounded_cofactors", "cofactors_by_division", "completed_square", "counterexample"]


def counterexample(entry: sympy.Basic) -> dict | None:
    """A point of the symbols' declared domains where ``entry`` is a non-zero number, or None.

    ``simplify`` rewrites by identities that can hold only on part of a domain
    (``binomial(n − 1, n) = 0`` for n ≥ 1, not at n = 0): before the kernel accepts a zero on
    its word, the entry is evaluated exactly at a few points, edges of the domains included.
    """
    symbols = {s for s in entry.free_symbols if isinstance(s, sympy.Symbol)}
    if symbols != entry.free_symbols:
        return None  # matrix entries or other atoms: nothing to evaluate at
    edge = {s: sympy.Integer(0) for s in symbols if in_domain(s, sympy.Integer(0))}
    for point in [*parameter_samples(symbols), edge]:
        if set(point) != symbols:
            continue
        try:
            value = sympy.expand_func(entry.xreplace(point)).doit()
        except (ValueError, TypeError, ZeroDivisionError, NotImplementedError):
            continue
        if value.is_number and value.is_finite and sympy.N(value, 30) != 0 \
                and abs(sympy.N(value, 30)) > sympy.Float(10) ** -25:
            return point
    return None


def cofactors_by_division(numerator: sympy.Basic, generators: Sequence[sympy.Basic]
               ) -> list[sympy.Basic] | None:
    """Cofactors by division by the generators themselves (not a Gröbner basis), when that
    leaves no remainder: the certificate names the facts, not an intermediate basis."""
    symbols = sorted(set().union(*(g.free_symbols for g in generators))
                     | numerator.free_symbols, key=str)
    if not symbols:
        return None
    try:
        quotients, remainder = sympy.reduced(numerator, list(generators), *symbols,
                                             order="grevlex")
    except (BasePolynomialError, ValueError, TypeError):
        return None
    if sympy.expand(remainder) != 0:
        return None
    return [sympy.expand(q) for q in quotients]


def completed_square(value: sympy.Basic) -> sympy.Basic | None:
    """``a·x² + b·x + c``, for one real atom ``x``, written ``a·(x + b/2a)² + (c − b²/4a)``:
    a form whose terms show the sign (a square is ≥ 0); None for other shapes."""
    atoms = [a for a in value.free_symbols | value.atoms(sympy.Function)
             if a.is_extended_real and not any(a in o.args for o in value.atoms(sympy.Function))]
    for x in atoms:
        try:
            polynomial = sympy.Poly(value, x)
        except sympy.PolynomialError:
            continue
        if polynomial.degree() != 2:
            continue
        a, b, c = polynomial.all_coeffs()
        if not all(sympy.sympify(k).is_Rational for k in (a, b, c)):
            continue
        return sympy.Add(a * (x + b / (2 * a)) ** 2, c - b**2 / (4 * a), evaluate=False)
    return None
