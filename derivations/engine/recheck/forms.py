"""The normal forms the re-checker reaches by definitions alone, never by SymPy's closed forms.

An entry that does not expand to 0 as it stands may do so once a definition is applied:
Fibonacci numbers and factorials by their recurrences, ``|z|²ᵏ = (z·z̄)ᵏ``, a rational's powers
over its primes, Euler's formula, ``sin² + cos² = 1``, powers of one base merged, Kronecker's
delta summed over a whole index range. Each is a rewriting a reader can check by hand, which is
why the re-checker may apply it while trusting none of the kernel's simplification.
"""

from __future__ import annotations

from collections.abc import Iterator

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.signs import _one_signed
from derivations.engine.recheck.words import _shift


def _numerator(entry: sympy.Basic) -> sympy.Basic:
    """``entry`` over one denominator, its numerator expanded: the form entries compare in."""
    return sympy.expand(sympy.fraction(sympy.together(sympy.expand(entry)))[0])


def _rebuilt(expression: sympy.Basic) -> sympy.Basic:
    """``expression`` built again from its written form, evaluated: a side read as written may
    hold parts equal in print but not in SymPy's comparison (an unevaluated ``d − 1``)."""
    return certificates.load(certificates.dump(expression))


def _identities(entry: sympy.Basic) -> set[sympy.Basic]:
    """sin²u + cos²u − 1 and cosh²u − sinh²u − 1, expanded, for the arguments in ``entry``:
    polynomials that vanish everywhere, usable like facts."""
    found = set()
    for circular in (True, False):
        names = (sympy.sin, sympy.cos) if circular else (sympy.sinh, sympy.cosh)
        for u in {node.args[0] for node in entry.atoms(*names)}:
            square = sympy.sin(u) ** 2 + sympy.cos(u) ** 2 if circular else \
                sympy.cosh(u) ** 2 - sympy.sinh(u) ** 2
            found.add(sympy.expand(square - 1))
    return found


def _forms(numerator: sympy.Basic, nonzero: frozenset = frozenset()) -> Iterator[sympy.Basic]:
    """The numerator, then normal forms of it, each by definitions alone, cheapest first (a
    caller stops at the first that vanishes): sines and cosines of sums expanded and each tanh
    of an argument that is real, or whose cosh a fact in ``nonzero`` declares non-zero,
    written sinh/cosh (the definition, where cosh ≠ 0); Fibonacci
    numbers and factorials reduced by their recurrences; a modulus whose sign the hyperbolic
    identity decides, resolved; powers of one base merged
    (λ·λⁿ⁻¹ = λⁿ); unit exponentials by Euler's formula; where a real or imaginary part or a
    conjugate occurs, every letter as its real and imaginary parts. The last two are reduced
    modulo sin² + cos² = 1."""
    yield numerator
    expanded = sympy.expand(numerator, trig=True)
    declared = {_rebuilt(value) for value in nonzero}
    expanded = expanded.replace(
        lambda node: isinstance(node, sympy.tanh) and (
            node.args[0].is_extended_real or _rebuilt(sympy.cosh(node.args[0])) in declared),
        lambda node: sympy.sinh(node.args[0]) / sympy.cosh(node.args[0]))
    yield _numerator(expanded)
    normal = _factorials_reduced(_by_recurrence(_squares_of_moduli(_over_primes(_exp_of_logs(
        numerator.xreplace({sympy.GoldenRatio: (1 + sympy.sqrt(5)) / 2}))))))  # its definition
    yield _numerator(sympy.expand(normal, trig=True))
    if numerator.has(sympy.Abs):
        yield _numerator(sympy.expand(_moduli_resolved(numerator)))
    yield _numerator(sympy.expand(sympy.powsimp(expanded, combine="exp")))
    yield _numerator(_pythagoras(sympy.expand(_euler(expanded), trig=True)))
    if numerator.has(sympy.conjugate, sympy.re, sympy.im):  # only these tell the parts apart
        parts = sympy.powsimp(sympy.expand(numerator, complex=True), combine="exp")
        yield _numerator(_pythagoras(sympy.expand(parts, trig=True)))


def _moduli_resolved(expression: sympy.Basic) -> sympy.Basic:
    """``|u|`` as ``u`` or ``−u`` where ``u``, its tanh of real arguments written sinh/cosh,
    is a fraction whose numerator ``cosh² − sinh² = 1`` reduces to a non-zero number and whose
    denominator is positive by definition (``1 − tanh²a = 1/cosh²a > 0``)."""
    def resolved(node: sympy.Abs) -> sympy.Basic:
        inside = node.args[0].replace(
            lambda f: isinstance(f, sympy.tanh) and f.args[0].is_extended_real,
            lambda f: sympy.sinh(f.args[0]) / sympy.cosh(f.args[0]))
        top, bottom = sympy.fraction(sympy.together(sympy.expand(inside)))
        top = sympy.expand(top.replace(
            lambda f: isinstance(f, sympy.Pow) and isinstance(f.base, sympy.sinh)
            and f.base.args[0].is_extended_real and f.exp.is_Integer and f.exp >= 2,
            lambda f: sympy.sinh(f.base.args[0]) ** (f.exp % 2)
            * (sympy.cosh(f.base.args[0]) ** 2 - 1) ** (f.exp // 2)))
        if not top.is_Rational or top == 0 or not _one_signed(bottom, 1):
            return node
        return node.args[0] if top > 0 else -node.args[0]
    return expression.replace(lambda node: isinstance(node, sympy.Abs), resolved)


def _euler(expression: sympy.Basic) -> sympy.Basic:
    """``exp(i·y)``, ``y`` real, as ``cos y + i·sin y``: Euler's formula, the definition of a
    unit complex number's exponential."""
    def unit(node: sympy.exp) -> sympy.Basic:
        y = sympy.expand(node.args[0] / sympy.I)
        return sympy.cos(y) + sympy.I * sympy.sin(y)
    return expression.replace(
        lambda node: isinstance(node, sympy.exp)
        and sympy.expand(node.args[0] / sympy.I).is_extended_real is True, unit)


def _pythagoras(expression: sympy.Basic) -> sympy.Basic:
    """Every ``sin(u)**k`` (``k ≥ 2``) as ``sin(u)**(k % 2)·(1 − cos(u)**2)**(k // 2)``,
    expanded: the remainder of a polynomial in sines and cosines modulo
    ``sin²u + cos²u − 1``, which is 0 when that identity makes the polynomial vanish."""
    def reduced(power: sympy.Pow) -> sympy.Basic:
        u, k = power.base.args[0], int(power.exp)
        return sympy.sin(u) ** (k % 2) * (1 - sympy.cos(u) ** 2) ** (k // 2)
    return sympy.expand(expression.replace(
        lambda node: isinstance(node, sympy.Pow) and isinstance(node.base, sympy.sin)
        and node.exp.is_Integer and node.exp >= 2, reduced))


def _exp_of_logs(expression: sympy.Basic) -> sympy.Basic:
    """``exp(x·log r)``, ``r`` a positive rational, as ``rˣ`` (how a real power is defined)."""
    def power(node: sympy.exp) -> sympy.Basic:
        inside = sympy.Mul.make_args(node.args[0])
        logs = [f for f in inside if isinstance(f, sympy.log) and f.args[0].is_Rational
                and f.args[0] > 0]
        return node if len(logs) != 1 else logs[0].args[0] ** sympy.Mul(
            *(f for f in inside if f is not logs[0]))

    return expression.replace(lambda node: isinstance(node, sympy.exp), power)


def _over_primes(expression: sympy.Basic) -> sympy.Basic:
    """``bᵉ`` for a positive rational ``b`` and a symbolic ``e`` as a product of prime powers
    (``4ⁿ = 2²ⁿ``), so that one number's powers written two ways meet."""
    def split(node: sympy.Pow) -> sympy.Basic:
        primes = {**sympy.factorint(node.base.p),
                  **{p: -k for p, k in sympy.factorint(node.base.q).items()}}
        return sympy.Mul(*(p ** (k * node.exp) for p, k in primes.items()))

    return expression.replace(
        lambda node: isinstance(node, sympy.Pow) and node.base.is_Rational
        and node.base > 0 and node.base != 1 and not node.exp.is_Integer
        and max(node.base.p, node.base.q) < 10**12, split)


def _squares_of_moduli(expression: sympy.Basic) -> sympy.Basic:
    """Each even power of a modulus, ``|z|²ᵏ``, written ``(z·z̄)ᵏ`` (the definition of the
    modulus), so that it meets the conjugates a product of adjoints leaves."""
    return expression.replace(
        lambda node: isinstance(node, sympy.Pow) and isinstance(node.base, sympy.Abs)
        and (node.exp / 2).is_integer,
        lambda node: (node.base.args[0] * sympy.conjugate(node.base.args[0])) ** (node.exp / 2))


_FARTHEST_SHIFT = 1000


def _by_recurrence(expression: sympy.Basic) -> sympy.Basic:
    """Each Fibonacci number ``F(m + k)``, ``k`` a whole number, written ``a·F(m) + b·F(m+1)``
    by the definition ``F(j + 2) = F(j + 1) + F(j)`` (read backwards for ``k < 0``), so that
    sums of Fibonacci numbers compare by expansion."""
    def reduced(node: sympy.Basic) -> sympy.Basic:
        shift, m = _shift(node.args[0])
        if not shift.is_Integer or m == 0 or abs(shift) > _FARTHEST_SHIFT:
            return node
        here, after = (1, 0), (0, 1)
        for _ in range(abs(int(shift))):
            if shift > 0:
                here, after = after, (here[0] + after[0], here[1] + after[1])
            else:
                here, after = (after[0] - here[0], after[1] - here[1]), here
        return here[0] * sympy.fibonacci(m) + here[1] * sympy.fibonacci(m + 1)

    return expression.replace(
        lambda node: isinstance(node, sympy.fibonacci) and len(node.args) == 1, reduced)


def _factorials_reduced(expression: sympy.Basic) -> sympy.Basic:
    """Each rising factorial ``(a)ₘ``, ``a`` a positive whole number, as ``(m + a − 1)!/(a − 1)!``,
    then each ``(m + k)!`` as ``m!`` times or divided by the ``|k|`` numbers between: the
    definitions of the rising factorial and of ``x! = x·(x − 1)!``."""
    def rising(node: sympy.RisingFactorial) -> sympy.Basic:
        a, m = node.args
        if not (a.is_Integer and a > 0):
            return node
        return sympy.factorial(m + a - 1) / sympy.factorial(a - 1)

    def reduced(node: sympy.factorial) -> sympy.Basic:
        shift, m = _shift(node.args[0])
        if not shift.is_Integer or m == 0 or abs(shift) > _FARTHEST_SHIFT:
            return node
        between = sympy.Mul(*(m + j for j in range(1, int(shift) + 1))) if shift > 0 else \
            1 / sympy.Mul(*(m - j for j in range(0, -int(shift))))
        return sympy.factorial(m) * between

    expression = expression.replace(lambda node: isinstance(node, sympy.RisingFactorial), rising)
    return expression.replace(lambda node: isinstance(node, sympy.factorial), reduced)


def _delta_sums_done(sides: list[sympy.Basic]) -> list[sympy.Basic]:
    """Each ``Σₖ δ(j, k)·g(k)`` over ``k = 0 … d − 1`` as ``g(j)``, where ``j`` is a row or
    column index of a d-sized matrix entry the claim writes (writing ``M[i, j]`` presupposes
    ``0 ≤ j ≤ d − 1``): the definition of Kronecker's delta."""
    scalars = [side for side in sides if isinstance(side, sympy.Expr)
               and not isinstance(side, sympy.MatrixExpr)]
    if len(scalars) != len(sides):
        return sides
    ranges: dict[sympy.Basic, set] = {}
    for side in sides:
        for element in side.atoms(sympy.matrices.expressions.matexpr.MatrixElement):
            parent, row, column = element.args
            ranges.setdefault(row, set()).add(parent.shape[0])
            ranges.setdefault(column, set()).add(parent.shape[1])

    def done(node: sympy.Sum) -> sympy.Basic:
        if len(node.limits) != 1:
            return node
        k, low, high = node.limits[0]
        deltas = [f for f in sympy.Mul.make_args(node.function)
                  if isinstance(f, sympy.KroneckerDelta) and k in f.args[:2]]
        if len(deltas) != 1 or low != 0:
            return node
        first, second = deltas[0].args[:2]
        index = second if first == k else first
        if k in index.free_symbols or sympy.expand(high + 1) not in ranges.get(index, ()):
            return node
        return (node.function / deltas[0]).xreplace({k: index})

    return [side.replace(lambda node: isinstance(node, sympy.Sum), done) for side in sides]
