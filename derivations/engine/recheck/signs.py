"""What the re-checker can tell about a sign, by declaration or definition alone.

An order is trusted only where every term of an expansion has the claimed sign over factors
whose sign is declared (a positive symbol) or defined (``eˣ``, ``cosh x``, ``|z|``, an even power
of a real), and a closed number is told from 0 by its value at 60 digits; no assumption is
inferred. Sign and non-zero obligations, a followed claim's denominators and the moduli the
normal forms resolve all read signs this one way.
"""

from __future__ import annotations

import sympy

# The sign each relation claims for ``lhs − rhs`` (0: equal); a chain composes them.
_DIRECTION = {"=": 0, "<": -1, "≤": -1, ">": 1, "≥": 1}


def _is_nonzero_number(value: sympy.Basic) -> bool:
    number = sympy.N(value, 60)
    return bool(number.is_number and abs(number) > sympy.Float(10) ** -40)


def _one_signed(polynomial: sympy.Basic, sign: int, strict: bool = True,
                expand: bool = True) -> bool:
    """Every term (of the expansion, or as written) is a rational of ``sign`` times factors
    each ≥ 0 by declaration or definition, and (if ``strict``) some term's factors are all
    > 0."""
    terms = _closed_numbers_summed(
        sympy.Add.make_args(sympy.expand(polynomial) if expand else polynomial))
    if not terms:
        return False
    some_positive = False
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if not (coefficient.is_Rational and coefficient * sign > 0):
            return False
        signs = [_factor_sign(factor) for factor in sympy.Mul.make_args(rest) if factor != 1]
        if 0 in signs:
            return False
        some_positive = some_positive or all(value == 2 for value in signs)
    return some_positive or not strict


def _closed_numbers_summed(terms: tuple) -> list:
    """The terms, with the closed numbers among them replaced by ±1 where their sum's value,
    at 60 digits, is far from 0 (``√401/2 − 10`` is positive); all of them dropped if it is
    exactly 0; the terms unchanged if the sum cannot be told from 0."""
    numbers = [term for term in terms if term.is_number]
    if len(numbers) < 2:
        return list(terms)
    others = [term for term in terms if not term.is_number]
    total = sympy.Add(*numbers)
    if total == 0:
        return others
    if total.is_Rational:
        return [*others, total]
    value = sympy.N(total, 60)
    if not value.is_real or abs(value) < sympy.Float(10) ** -40:
        return list(terms)
    return [*others, sympy.Integer(1 if value > 0 else -1)]


def _factor_sign(factor: sympy.Basic) -> int:
    """2 if ``factor`` is > 0, 1 if it is ≥ 0, 0 if this module cannot tell."""
    base, exponent = (factor.base, factor.exp) if factor.is_Pow else (factor, sympy.Integer(1))
    known = _atom_sign(base)
    if not exponent.is_Integer:
        return 2 if known == 2 and exponent.is_real else 0
    if known == 2 or (known == 1 and exponent > 0):
        return known
    even = exponent > 0 and int(exponent) % 2 == 0
    return 1 if even and base.is_extended_real else 0


def _atom_sign(atom: sympy.Basic) -> int:
    """2 (> 0), 1 (≥ 0) or 0 (unknown), by declaration or definition only."""
    declared = getattr(atom, "assumptions0", {})
    if isinstance(atom, sympy.Symbol):
        return 2 if declared.get("positive") else 1 if declared.get("nonnegative") else 0
    if atom.is_Rational or atom.is_Integer:
        return 2 if atom > 0 else 0
    if isinstance(atom, sympy.exp | sympy.cosh):
        return 2 if atom.args[0].is_extended_real else 0
    if isinstance(atom, sympy.fibonacci):
        index = atom.args[0]
        return 2 if index.is_integer and index.is_positive else (
            1 if index.is_integer and index.is_nonnegative else 0)
    if isinstance(atom, sympy.Abs) or vars(type(atom)).get("is_nonnegative") is True:
        return 1
    if isinstance(atom, sympy.Min | sympy.Max):
        return 2 if all(_one_signed(argument, 1) for argument in atom.args) else 0
    if isinstance(atom, sympy.RisingFactorial):
        first, count = atom.args
        return 2 if count.is_integer and count.is_nonnegative and _one_signed(first, 1) else 0
    if isinstance(atom, sympy.Add):
        return 2 if _one_signed(atom, 1) else 1 if _one_signed(atom, 1, strict=False) else 0
    return 0
