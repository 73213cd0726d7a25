"""Evaluation at points: the second computation that confirms or refutes SymPy's answer.

A limit SymPy computes is confirmed by the sequence itself at large indices, for values of
the other symbols inside their declared domains (edges included); numeric evidence is read
at points no author chose. These functions only refute: a disagreement they find fails the
claim, and agreement adds nothing the kernel would not otherwise require.
"""

from __future__ import annotations

from collections.abc import Sequence

import mpmath
import sympy

from derivations.engine.wellformed import in_domain

LIMIT_SAMPLE_POINTS = (10**12, 10**15)
SAMPLE_VALUES = (sympy.Integer(1), sympy.Integer(2), sympy.Rational(1, 3), sympy.Integer(0),
                 sympy.Integer(3), sympy.Rational(1, 2), sympy.Integer(-1), sympy.Rational(-1, 2))


def parameter_samples(symbols: set[sympy.Basic]) -> list[dict]:
    """Values of the other symbols, inside their declared domains and including the domain's
    edge 0 where it belongs to it (``r ≥ 1`` becomes ``1 + s`` with ``s ≥ 0``: ``s = 0`` is the
    case a limit formula is most often wrong at); none if a symbol has no value that fits."""
    ordered = sorted(symbols, key=str)
    choices = []
    for symbol in ordered:
        fitting = [v for v in SAMPLE_VALUES
                   if isinstance(symbol, sympy.Symbol) and in_domain(symbol, v)]
        if not fitting:
            return []
        choices.append(fitting)
    rows = max((len(fitting) for fitting in choices), default=1)
    return [{symbol: fitting[(row + index) % len(fitting)]
             for index, (symbol, fitting) in enumerate(zip(ordered, choices, strict=True))}
            for row in range(min(rows, 4))]


def sampled_disagreement(expression: sympy.Basic, variable: sympy.Symbol,
                          value: sympy.Basic) -> str | None:
    """Why the sequence at large indices contradicts ``value`` (moves away from it, or does not
    grow towards an infinite one), or None.

    The sequence is evaluated in floating point at 50 digits (mpmath), never exactly: an
    exact ``F(10¹⁵)`` would not finish.
    """
    value = sympy.simplify(value) if value.has(sympy.oo, sympy.zoo, sympy.nan) else value
    if not (value.is_number and (value.is_finite or value in (sympy.oo, -sympy.oo))):
        return f"the computed limit is {value} here, not a number"
    with mpmath.workdps(50):
        try:
            function = sympy.lambdify(variable, expression, modules="mpmath", dummify=True)
            samples = [function(mpmath.mpf(point)) for point in LIMIT_SAMPLE_POINTS]
            if value in (sympy.oo, -sympy.oo):
                return not_diverging(samples, int(sympy.sign(value)), variable)
            target = mpmath.mpmathify(sympy.N(value, 50))
            gaps = [abs(sample - target) for sample in samples]
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, NameError):
            return f"undecided: the sequence {expression} cannot be evaluated to confirm its limit"
        if gaps[-1] > mpmath.mpf("1e-3") and gaps[-1] >= gaps[0]:
            return (f"the sequence at {variable} = {LIMIT_SAMPLE_POINTS[-1]} is "
                    f"{mpmath.nstr(samples[-1], 8)}, not near the computed limit {value}")
    return None


def not_diverging(samples: list, sign: int, variable: sympy.Symbol) -> str | None:
    """Why real samples at growing indices do not move towards ``sign``·∞, or None."""
    if any(mpmath.im(s) != 0 for s in samples):
        return "undecided: the sequence is not real, so it cannot tend to ±∞"
    first, last = (sign * mpmath.re(s) for s in samples)
    if last > first and last > 1:
        return None
    return (f"the sequence at {variable} = {LIMIT_SAMPLE_POINTS[-1]} is "
            f"{mpmath.nstr(samples[-1], 8)}, not moving towards {'' if sign > 0 else '-'}∞")




NUMERIC_EXTRA_VALUES = (sympy.Rational(7, 19), sympy.Rational(-11, 23), sympy.Rational(29, 13),
                        sympy.Integer(7), sympy.Integer(-4), sympy.Integer(11))


def kernel_points(symbols: Sequence[sympy.Basic]) -> list[dict]:
    """Two points no author chose: values in each symbol's declared domain."""
    choices = []
    for symbol in symbols:
        fitting = [v for v in NUMERIC_EXTRA_VALUES
                   if isinstance(symbol, sympy.Symbol) and in_domain(symbol, v)]
        choices.append(fitting or [sympy.Integer(1)])
    if not symbols:
        return []
    return [{symbol: fitting[(row + index) % len(fitting)]
             for index, (symbol, fitting) in enumerate(zip(symbols, choices, strict=True))}
            for row in range(2)]


def evaluate_entries(expression: sympy.Basic, digits: int) -> list[mpmath.mpc] | None:
    """Each entry of ``expression`` as an mpmath complex at ``digits``, or None if one is not a
    finite number."""
    values = []
    entries = list(expression) if isinstance(expression, sympy.MatrixBase) else [expression]
    with mpmath.workdps(digits):
        for entry in entries:
            number = sympy.N(entry, digits)
            if not number.is_number or number.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
                return None
            real, imaginary = number.as_real_imag()
            values.append(mpmath.mpc(mpmath.mpf(str(real)), mpmath.mpf(str(imaginary))))
    return values
