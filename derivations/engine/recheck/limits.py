"""Confirming a recorded limit without computing one: the sequence is evaluated with mpmath.

The kernel finds limits with SymPy's ``limit``, which this re-checker must not call; instead the
sequence is seen at 10¹² and 10¹⁵, for values of its other symbols chosen here inside their
declared domains, at the recorded value (or growing towards ±∞). Sampling is weaker evidence
than expansion, so it is kept in a module of its own, easy to find and to judge.
"""

from __future__ import annotations

from collections.abc import Iterable

import mpmath
import sympy

from derivations.engine.recheck.outcome import Rejected

LIMIT_POINTS = (10**12, 10**15)
_TRIAL_VALUES = (sympy.Integer(2), sympy.Rational(1, 3), sympy.Integer(1), sympy.Integer(0),
                 sympy.Rational(1, 2), sympy.Integer(3), sympy.Integer(-1))


def _fits(symbol: sympy.Basic, value: sympy.Basic) -> bool:
    """Whether the number ``value`` has every property ``symbol`` was declared with."""
    declared = getattr(symbol, "assumptions0", {})
    return all(getattr(value, f"is_{key}", None) is held for key, held in declared.items()
               if held is not None and key not in ("commutative", "finite", "infinite"))


def _trials(symbols: Iterable[sympy.Basic]) -> list[dict]:
    """Up to three assignments of numbers to ``symbols``, each inside its declared domain;
    none if some symbol takes none of the trial values."""
    ordered = sorted(symbols, key=str)
    choices = [[v for v in _TRIAL_VALUES if _fits(symbol, v)] for symbol in ordered]
    if any(not fitting for fitting in choices):
        return []
    return [{symbol: fitting[(row + index) % len(fitting)]
             for index, (symbol, fitting) in enumerate(zip(ordered, choices, strict=True))}
            for row in range(3)]


def _limit_confirmed(limit: sympy.Basic, value: sympy.Basic) -> bool:
    """Whether the sequence under ``limit`` is seen, at 10¹² and 10¹⁵, going to ``value``
    (:class:`Rejected` if it is seen going elsewhere; False if it cannot be evaluated)."""
    if not isinstance(limit, sympy.Limit) or limit.args[2] is not sympy.oo:
        raise Rejected(f"{limit} is not a limit at infinity")
    expression, variable = limit.args[0], limit.args[1]
    others = expression.free_symbols - {variable}
    trials = _trials(others) if others else [{}]
    if not trials:
        return False
    for trial in trials:
        target = value.xreplace(trial)
        with mpmath.workdps(50):
            try:
                function = sympy.lambdify(variable, expression.xreplace(trial), "mpmath",
                                          dummify=True)
                samples = [function(mpmath.mpf(point)) for point in LIMIT_POINTS]
            except (TypeError, ValueError, ZeroDivisionError, OverflowError, NameError):
                return False
            if target in (sympy.oo, -sympy.oo):
                sign = 1 if target is sympy.oo else -1
                if any(mpmath.im(v) != 0 for v in samples) or not (
                        sign * mpmath.re(samples[1]) > max(1, sign * mpmath.re(samples[0]))):
                    raise Rejected(f"{limit} is not seen tending to {target}")
                continue
            if not (target.is_number and target.is_finite):
                raise Rejected(f"the limit {limit} is recorded as {target}, not a number")
            gap = abs(samples[1] - mpmath.mpmathify(sympy.N(target, 50)))
            if gap > mpmath.mpf("1e-6") * max(1, abs(samples[1])):
                raise Rejected(f"{limit} is seen at {mpmath.nstr(samples[1], 8)}, not {target}")
    return True
