"""Definitions the kernel applies before it compares: equal things made to compare equal.

Each rewrite here is a definition or an identity true everywhere on its domain, stated in its
docstring (the Fibonacci recurrence, ``|z|²ᵐ = (z·z̄)ᵐ``, a real power of a positive rational,
a bound index renamed, the Pythagorean identities). They are trusted: the kernel compares
what they return. The re-checker (:mod:`derivations.engine.recheck`) applies its own,
separately written definitions, so an error here shows up as a certificate that does not
re-check.
"""

from __future__ import annotations

import sympy

from derivations.engine.wellformed import nodes


def numerator_and_denominator(entry: sympy.Basic) -> tuple[sympy.Basic, sympy.Basic]:
    """``entry`` over one denominator, its numerator expanded."""
    numerator, denominator = sympy.fraction(sympy.together(sympy.expand(entry)))
    return sympy.expand(numerator), denominator


def normal_form(entry: sympy.Basic) -> sympy.Basic:
    """Evaluation and two definitions applied, so that equal things compare equal after
    expansion.

    |z|^(2m) as (z·z̄)^m, true for every complex z and real m since z·z̄ = |z|² ≥ 0; and every
    F(k + c) written with F(k) and F(k + 1) by the recurrence that defines Fibonacci numbers,
    F(j + 2) = F(j + 1) + F(j), read forwards and backwards.
    """
    if entry.has(sympy.Sum, sympy.Derivative) and not entry.has(sympy.Limit):
        entry = entry.doit()  # sums of Kronecker deltas left by differentiation collapse
    entry = entry.replace(
        lambda node: (node.is_Pow and isinstance(node.base, sympy.Abs)
                      and (node.exp / 2).is_integer),
        lambda node: (node.base.args[0] * sympy.conjugate(node.base.args[0])) ** (node.exp / 2),
    )
    entry = entry.xreplace(NAMED_NUMBERS)
    return _fibonacci_by_recurrence(_canonical_bound(prime_bases(powers_of_rationals(entry))))


def powers_of_rationals(expression: sympy.Basic) -> sympy.Basic:
    """``exp(x·log r)`` for a positive rational ``r`` written ``rˣ``: the definition of a real
    power of a positive number."""
    def power(node: sympy.exp) -> sympy.Basic:
        factors = sympy.Mul.make_args(node.args[0])
        logs = [f for f in factors if isinstance(f, sympy.log) and f.args[0].is_Rational
                and f.args[0] > 0]
        if len(logs) != 1:
            return node
        return logs[0].args[0] ** sympy.Mul(*(f for f in factors if f is not logs[0]))

    return expression.replace(lambda node: isinstance(node, sympy.exp), power)


# Constants SymPy names that have a closed form: compared by their definition.
NAMED_NUMBERS = {sympy.GoldenRatio: (1 + sympy.sqrt(5)) / 2}


def prime_bases(expression: sympy.Basic) -> sympy.Basic:
    """Each power of a positive rational with a symbolic exponent written over primes,
    ``4ⁿ = 2²ⁿ``, ``(3/2)ⁿ = 3ⁿ·2⁻ⁿ``: equal powers then compare by expansion."""
    def over_primes(node: sympy.Pow) -> sympy.Basic:
        numerator, denominator = node.base.as_numer_denom()
        factors = [(p, k) for p, k in sympy.factorint(int(numerator)).items()]
        factors += [(p, -k) for p, k in sympy.factorint(int(denominator)).items()]
        return sympy.Mul(*(sympy.Pow(p, k * node.exp) for p, k in factors))

    return expression.replace(
        lambda node: node.is_Pow and node.base.is_Rational and node.base > 0
        and node.base != 1 and not node.exp.is_Integer and node.base.q * node.base.p < 10**12,
        over_primes)


_BOUND = tuple(sympy.Dummy(f"k{depth}", integer=True) for depth in range(6))


def _canonical_bound(expression: sympy.Basic, depth: int = 0) -> sympy.Basic:
    """Every index bound by a sum or product renamed by its depth (a fresh ``Dummy``): renaming
    a bound index changes nothing, and SymPy names them afresh when it differentiates."""
    if isinstance(expression, sympy.Sum | sympy.Product) and len(expression.limits) == 1 \
            and depth < len(_BOUND):
        variable, low, high = expression.limits[0]
        body = expression.function.xreplace({variable: _BOUND[depth]})
        return expression.func(_canonical_bound(body, depth + 1), (_BOUND[depth], low, high))
    if not isinstance(expression, sympy.Basic) or not expression.args:
        return expression
    return expression.func(*(_canonical_bound(argument, depth) for argument in expression.args))


def _fibonacci_by_recurrence(entry: sympy.Basic) -> sympy.Basic:
    """Every F(k + c), c an integer, as a combination of F(k) and F(k + 1), where F(k) is the
    Fibonacci number of least offset in ``entry`` for each symbolic argument."""
    calls = [node for node in nodes(entry) if isinstance(node, sympy.fibonacci)
             and len(node.args) == 1 and not node.args[0].is_Integer]
    if not calls:
        return entry
    bases: dict[sympy.Basic, int] = {}
    for call in calls:
        constant, rest = call.args[0].as_coeff_Add()
        if constant.is_Integer:
            bases[rest] = min(bases.get(rest, int(constant)), int(constant))

    def reduce(argument: sympy.Basic) -> sympy.Basic:
        constant, rest = argument.as_coeff_Add()
        if rest not in bases or not constant.is_Integer:
            return sympy.fibonacci(argument)
        low_offset = bases[rest]
        low, high = sympy.fibonacci(rest + low_offset), sympy.fibonacci(rest + low_offset + 1)
        for _ in range(int(constant) - low_offset):
            low, high = high, low + high
        return low

    return entry.replace(sympy.fibonacci, reduce)


def trigonometric_form(entry: sympy.Basic) -> sympy.Basic:
    """``entry`` with sines and cosines of sums expanded (``sin(a − b) = sin a cos b − …``) and
    ``tanh u`` written ``sinh u / cosh u`` for real ``u``, then the numerator: a polynomial
    in sines, cosines and their hyperbolic cousins of single arguments."""
    expanded = sympy.expand(entry, trig=True)
    expanded = expanded.replace(
        lambda node: isinstance(node, sympy.tanh) and node.args[0].is_extended_real,
        lambda node: sympy.sinh(node.args[0]) / sympy.cosh(node.args[0]))
    # cosh u > 0 for real u: the numerator vanishes exactly where the whole does
    return numerator_and_denominator(expanded)[0]



def pythagorean_identities(entry: sympy.Basic) -> list[sympy.Basic]:
    """``sin²u + cos²u − 1`` and ``cosh²u − sinh²u − 1`` for each argument ``u`` in ``entry``."""
    found = []
    for first, second, sign in ((sympy.sin, sympy.cos, 1), (sympy.sinh, sympy.cosh, -1)):
        arguments = {node.args[0] for node in entry.atoms(first, second)}
        found += [second(u) ** 2 + sign * first(u) ** 2 - 1 for u in sorted(arguments, key=str)]
    return found
