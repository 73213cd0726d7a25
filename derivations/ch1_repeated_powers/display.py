"""Display forms: formulas kept in the order a textbook writes them.

SymPy reorders sums (``-φF_n + F_{n+1}``) and evaluates known values (``F_7`` is
13); a step shows these forms instead, and the verifier proves each equal to
the side it stands for.
"""

from __future__ import annotations

import sympy


def written(*terms: sympy.Basic) -> sympy.Basic:
    """The sum of ``terms`` in the order given."""
    return sympy.Add(*terms, evaluate=False)


def minus(term: sympy.Basic) -> sympy.Basic:
    """``-term`` kept as a subtraction of ``term`` (not multiplied into it)."""
    return sympy.Mul(-1, term, evaluate=False)


def unevaluated(function: type[sympy.Function], *arguments: sympy.Basic) -> sympy.Basic:
    """``function(arguments)`` as written, e.g. F₇ rather than 13."""
    return function(*arguments, evaluate=False)


def product(*factors: sympy.Basic) -> sympy.Basic:
    """The product of ``factors`` in the order given, none multiplied out."""
    return sympy.Mul(*factors, evaluate=False)


def power(base: sympy.Basic, exponent: sympy.Basic) -> sympy.Basic:
    """``base ** exponent`` not evaluated: (9/10)⁸ rather than 43046721/100000000."""
    return sympy.Pow(base, exponent, evaluate=False)


def modulus(value: sympy.Basic) -> sympy.Basic:
    """``|value|`` as written: |ψ| rather than SymPy's −ψ for a negative ψ."""
    return sympy.Abs(value, evaluate=False)
