"""Signs read from declarations and definitions, never from SymPy's inference.

A term's sign is known when it is a rational times factors whose sign a symbol's declared
assumptions or a function's definition fix (``eˣ`` and ``cosh x`` of reals are positive,
``|z|`` is not negative, an even power of a real is not negative). The kernel trusts these
readings for order relations and ``≠``; the re-checker reads signs again with its own code.
"""

from __future__ import annotations

import sympy


def signed(value: sympy.Basic, sign: int, strict: bool, expand: bool = True) -> bool:
    """Every term of the expanded ``value`` (or of ``value`` as written) is a rational of
    ``sign`` (±1) times factors of known sign (:func:`_factor_kind`), and if ``strict`` one
    term has only positive factors: then the whole has that sign (strictly). Nothing is read
    from SymPy's inference."""
    terms = _numbers_gathered(sympy.Add.make_args(sympy.expand(value) if expand else value))
    if terms is None:
        return False
    found_strict = False
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if not coefficient.is_Rational or coefficient == 0 or sympy.sign(coefficient) != sign:
            return False
        kinds = [_factor_kind(factor) for factor in sympy.Mul.make_args(rest) if factor != 1]
        if None in kinds:
            return False
        found_strict = found_strict or all(kind == "positive" for kind in kinds)
    return bool(terms) and (found_strict or not strict)


def _numbers_gathered(terms: tuple) -> list | None:
    """The terms with every closed number among them summed into one rational of the same
    sign (``√401/2 − 10`` counts as a positive number: its value, to 60 digits, is far from
    0); None if that sum is too close to 0 to tell."""
    numbers = [term for term in terms if term.is_number]
    others = [term for term in terms if not term.is_number]
    total = sympy.Add(*numbers)
    if len(numbers) < 2 or total.is_Rational:
        return [*others, total] if numbers and total != 0 else others
    value = sympy.N(total, 60)
    if not value.is_real or abs(value) < sympy.Float(10) ** -40:
        return None
    return [*others, sympy.Integer(1 if value > 0 else -1)]


def _factor_kind(factor: sympy.Basic) -> str | None:
    """``"positive"``, ``"nonnegative"`` or None (unknown) for one factor of a term.

    An even whole power of a real is non-negative; a whole power of a known-sign atom keeps its
    kind (a negative power only of a positive one); any real power of a positive quantity is
    positive (the principal power)."""
    base, exponent = (factor.base, factor.exp) if factor.is_Pow else (factor, sympy.Integer(1))
    kind = _atom_kind(base)
    if exponent.is_Integer:
        if kind == "positive" or (kind == "nonnegative" and exponent > 0):
            return kind
        if int(exponent) % 2 == 0 and exponent > 0 and base.is_extended_real:
            return "nonnegative"
        return None
    return "positive" if kind == "positive" and exponent.is_real else None


def _atom_kind(atom: sympy.Basic) -> str | None:
    """The sign an atom has by declaration or definition: symbols by their assumptions,
    positive numbers, F(m) for whole m ≥ 1, e^x and cosh x for real x, |z| and norms, a
    minimum or maximum of positives, a rising factorial of a positive, and a sum with
    coefficients of one sign over such atoms."""
    if atom.is_Symbol:
        return "positive" if atom.is_positive else "nonnegative" if atom.is_nonnegative else None
    if atom.is_Number:
        return "positive" if atom > 0 else None
    if isinstance(atom, sympy.fibonacci) and len(atom.args) == 1 and atom.args[0].is_integer:
        return "positive" if atom.args[0].is_positive else (
            "nonnegative" if atom.args[0].is_nonnegative else None)
    if isinstance(atom, sympy.exp | sympy.cosh) and atom.args[0].is_extended_real:
        return "positive"
    if isinstance(atom, sympy.Abs) or type(atom).__dict__.get("is_nonnegative") is True:
        return "nonnegative"
    if isinstance(atom, sympy.Min | sympy.Max) and all(
            _atom_kind(argument) == "positive" or signed(argument, 1, True)
            for argument in atom.args):
        return "positive"
    if isinstance(atom, sympy.RisingFactorial) and atom.args[1].is_integer \
            and atom.args[1].is_nonnegative and signed(atom.args[0], 1, True):
        return "positive"
    if isinstance(atom, sympy.Add):
        return "positive" if signed(atom, 1, True) else (
            "nonnegative" if signed(atom, 1, False) else None)
    return None


def positive_real_part(value: sympy.Basic) -> bool:
    """``c + Σ aᵢ·√uᵢ`` with ``c > 0`` and every ``aᵢ ≥ 0`` rational: a principal square root
    has a non-negative real part, so the whole has a positive real part and is not 0."""
    constant, terms = sympy.S.Zero, sympy.Add.make_args(sympy.expand(value))
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if rest == 1:
            constant += coefficient
        elif not (coefficient.is_Rational and coefficient > 0 and rest.is_Pow
                  and rest.exp == sympy.Rational(1, 2)):
            return False
    return bool(constant.is_Rational and constant > 0)
