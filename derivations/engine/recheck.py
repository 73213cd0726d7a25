"""The independent re-checker: certificates checked again with expansion and exact arithmetic only.

De Bruijn's criterion, as in LCF-style provers: a verdict is trusted because a second, much
smaller program confirms the evidence the kernel recorded. This module imports neither the
kernel nor the checks, the rewriting or the reduction it uses, and calls no ``simplify``,
``limit``, Gröbner basis or assumption inference: only :func:`sympy.expand`, exact
rational arithmetic, and evaluation of closed numbers to many digits.

What it re-checks, by obligation kind (see :mod:`derivations.engine.certificates`):

- ``zero``: ``entry − Σ cᵢ·gᵢ`` expands to 0, and each ``gᵢ`` is a generator the claim's own
  facts give (recomputed here from the facts, not read from the certificate);
- ``nonzero``: ``1 − c·v − Σ cᵢ·gᵢ`` expands to 0, or ``v`` is a number whose value is not 0,
  or ``v`` is ± the difference of a fact ``a ≠ b`` the claim lists;
- ``sign``: a closed number with the claimed sign, or a quotient whose numerator's and
  denominator's coefficients all have one sign over atoms declared positive;
- ``limit``: the sequence, evaluated here with mpmath at two large indices for values of its
  other symbols chosen here, moves to the recorded value;
- ``extended``: a comparison with ±∞, decided here among the extended reals;
- ``kernel``: cannot be re-checked here; counted as such.

Definitions it applies itself, never SymPy's closed forms: a power with a symbolic exponent
stays a power (``Aⁿ⁺¹ = Aⁿ·A``), an inverse cancels only with a fact ``det B ≠ 0``, Fibonacci
numbers reduce by their recurrence, ``|z|²ᵏ = (z·z̄)ᵏ``, a rational's powers go over primes, a
sum of Kronecker's delta over a whole index range picks its term, and 1×1 products of matrices
are scalars under the names the kernel recorded (checked: fresh, one meaning each). Within one
claim, an entry once shown to vanish may serve the entries after it.

Valid obligations are not enough: they must be *about the claim* (a certificate for
``x − 2 = 0`` proves nothing about ``x = 1``). So the claim is followed here, from its own
sides, to what was decided: each bound's parametrisation is checked against the fact it
comes from, the sides are evaluated (:meth:`~sympy.Basic.doit`), limits replaced by their
certified values, and every entry of the difference must be matched by an obligation (each
denominator too, by a proof that it is not 0). An instance is the claim at its value; an
induction's parts are the claim at its base cases and the recurrence, applied here to the
claim's sides, that both sides obey; a chain's links are the facts it cites, which must meet
end to end and compose to the claimed relation; an induction in step form cites the claim at
``n`` and at ``n + 1``. What cannot be followed here (SymPy's closed form of a matrix power,
real and imaginary parts, a reduction beyond one fact) leaves the step the kernel's alone:
valid, never trusted from a cache.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

import mpmath
import sympy

from derivations.engine import certificates

# What a chain of these relations proves: both directions, equalities passing through.
_DIRECTION = {"=": 0, "<": -1, "≤": -1, ">": 1, "≥": 1}
_IMPLIED = {"=": {"=", "≤", "≥"}, "<": {"<", "≤", "≠"}, ">": {">", "≥", "≠"},
            "≤": {"≤"}, "≥": {"≥"}, "≠": {"≠"}}


class Rejected(Exception):
    """A certificate that does not re-check: the message says which obligation and why."""


@dataclass(frozen=True)
class Outcome:
    """How one step's certificate fared: ``rechecked`` (every obligation re-checked here),
    ``kernel`` (valid, but some obligation only the kernel can vouch for)."""

    label: str
    rechecked: bool
    kernel_only: tuple[str, ...]


def _fact_generators(claim: dict) -> set[sympy.Basic]:
    """The polynomials the claim's equations make vanish, expanded (numerators of scalars)."""
    return _generators_of(_loaded_facts(claim))


def _generators_of(facts: list[list], names: Names | None = None) -> set[sympy.Basic]:
    found: set[sympy.Basic] = set()
    for lhs, relation, rhs, _ in facts:
        if relation != "=":
            continue
        for entry in _difference(lhs, rhs, names):
            found.add(sympy.expand(sympy.fraction(sympy.together(sympy.expand(entry)))[0]))
    return found


@dataclass(frozen=True)
class Names:
    """The scalar the kernel named each 1×1 product, determinant or trace by (recorded with
    the step), checked here: each name a fresh variable standing for one thing only."""

    words: dict
    scalars: dict

    @classmethod
    def read(cls, structure: dict, taken: set[sympy.Basic], meaning: dict) -> Names:
        """The names one decision recorded; ``meaning`` (shared by every part of a step)
        holds what each name stood for, so no name means two things anywhere."""
        words: dict[tuple, sympy.Basic] = {}
        scalars: dict[sympy.Basic, sympy.Basic] = {}
        for name, written in structure.get("words", []):
            name, written = certificates.load(name), certificates.load(written)
            if not isinstance(name, sympy.Dummy) or name in taken:
                raise Rejected(f"{name} names {written} but is not a fresh variable")
            if isinstance(written, sympy.MatrixExpr):
                found = _words(_evaluated(written))
                if written.shape != (1, 1) or not found or len(found) != 1 \
                        or next(iter(found.values())) != 1:
                    continue  # not one 1×1 word: facts about it stay the kernel's
                word = next(iter(found))
                turned = _transposed({word: 1}, False)  # a 1×1 matrix is its transpose
                spellings = {word} | (set(turned) if turned else set())
                key: object = frozenset(spellings)
                for spelling in spellings:
                    if words.setdefault(spelling, name) != name:
                        raise Rejected(f"{written} has two names")
            else:
                key = written
                if scalars.setdefault(written, name) != name:
                    raise Rejected(f"{written} has two names")
            if meaning.setdefault(name, key) != key:
                raise Rejected(f"{name} names two different things")
        return cls(words, scalars)

    def scalar(self, words: dict[tuple, sympy.Basic]) -> sympy.Basic | None:
        """A sum of 1×1 words as a polynomial in their names (None if one has none)."""
        if any(word and word not in self.words for word in words):
            return None
        return sympy.Add(*(c * (self.words[w] if w else 1) for w, c in words.items()))

    def named(self, expression: sympy.Basic) -> sympy.Basic:
        return expression.xreplace(self.scalars) if self.scalars else expression


def _difference(lhs: sympy.Basic, rhs: sympy.Basic, names: Names | None = None
                ) -> list[sympy.Basic]:
    if isinstance(lhs, sympy.MatrixBase) and isinstance(rhs, sympy.MatrixBase):
        return list(lhs - rhs)
    if isinstance(lhs, sympy.MatrixBase | sympy.MatrixExpr) or isinstance(
            rhs, sympy.MatrixBase | sympy.MatrixExpr):
        scalar = _named_one_by_one(lhs, rhs, names) if names else None
        return [scalar] if scalar is not None else []  # otherwise: rules, the kernel's
    return [names.named(lhs - rhs) if names else lhs - rhs]


def _named_one_by_one(lhs: sympy.Basic, rhs: sympy.Basic, names: Names) -> sympy.Basic | None:
    """``lhs − rhs`` for 1×1 sides (a product of symbolic matrices, or a number), as a
    polynomial in the names of their words; None where a side is not one."""
    found = []
    for side in (lhs, rhs):
        side = _evaluated(side)
        if isinstance(side, sympy.MatrixExpr) and not isinstance(side, sympy.MatrixBase):
            words = _words(side) if side.shape == (1, 1) else None
        else:
            words = {(): names.named(_one_by_one_as_scalar(side))}
        if words is None or (isinstance(side, sympy.MatrixBase) and side.shape != (1, 1)):
            return None
        found.append(words)
    return names.scalar(_plus(found[0], found[1], -1))


def _stated_nonzero(claim: dict) -> list[sympy.Basic]:
    return [certificates.load(lhs) - certificates.load(rhs)
            for lhs, relation, rhs, *_ in claim.get("facts", []) if relation == "≠"]


def _named_nonzero(facts: list[list], names: Names) -> set[sympy.Basic]:
    """The facts' differences ``a − b`` of ``a ≠ b``, with products of matrices named."""
    found = set()
    for lhs, relation, rhs, _ in facts:
        if relation == "≠":
            found.update(sympy.expand(entry) for entry in _difference(lhs, rhs, names))
    return found


def _rabinowitsch(generator: sympy.Basic, entry: sympy.Basic, generators: list[sympy.Basic],
                  nonzero: set[sympy.Basic]) -> bool:
    """Whether ``generator`` is ``a·z − 1`` for a fact ``a ≠ 0`` and a variable ``z`` of its
    own (in no other generator, not in the entry): such a ``z`` exists wherever ``a ≠ 0``."""
    for z in generator.free_symbols:
        if not isinstance(z, sympy.Dummy) or z in entry.free_symbols \
                or sum(z in g.free_symbols for g in generators) != 1:
            continue
        a = sympy.expand((generator + 1) / z)
        if z not in a.free_symbols and any(sympy.expand(a - sign * value) == 0
                                           for value in nonzero for sign in (1, -1)):
            return True
    return False


def _sum(cofactors: Iterable[str], generators: Iterable[str]) -> sympy.Basic:
    return sympy.Add(*(certificates.load(c) * certificates.load(g)
                       for c, g in zip(cofactors, generators, strict=True)))


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


def obligation(item: dict, claim: dict, facts: set[sympy.Basic],
               nonzero: set[sympy.Basic] = frozenset()) -> bool:
    """Re-check one obligation: True if re-checked here, False if it is the kernel's alone;
    :class:`Rejected` if it is wrong. ``facts`` are the polynomials the claim's equations
    make vanish, ``nonzero`` the differences its inequations say are not 0."""
    kind = item.get("kind")
    if kind == "kernel":
        return False
    if kind == "zero":
        generators = item.get("generators", [])
        entry = certificates.load(item["entry"])
        allowed = facts | (_identities(entry) if item.get("identities") else set())
        loaded = [sympy.expand(certificates.load(g)) for g in generators]
        if any(g not in allowed and not _rabinowitsch(g, entry, loaded, nonzero)
               for g in loaded):
            return False  # a generator this module cannot trace to a fact
        remainder = certificates.load(item["entry"]) - _sum(item.get("cofactors", []), generators)
        if sympy.expand(remainder) != 0:
            raise Rejected("an entry is not the combination of the facts its cofactors say")
        return True
    if kind == "nonzero":
        value = certificates.load(item["value"])
        if "fact" in item:
            stated = _stated_nonzero(claim)
            index, sign = item["fact"], item["sign"]
            if not 0 <= index < len(stated) or sympy.expand(value - sign * stated[index]) != 0:
                raise Rejected("a non-zero value is not the fact it cites")
            return True
        if item.get("roots"):
            if not _positive_plus_roots(value):
                raise Rejected(f"{value} is not a positive number plus square roots")
            return True
        if not item.get("cofactor"):
            if not value.is_number or not _is_nonzero_number(value):
                raise Rejected(f"{value} is not a non-zero number")
            return True
        generators = item.get("generators", [])
        if not generators:
            raise Rejected("a Nullstellensatz certificate without facts")
        loaded = [sympy.expand(certificates.load(g)) for g in generators]
        if any(g not in facts and not _rabinowitsch(g, value, loaded, nonzero)
               for g in loaded):
            return False  # a generator this module cannot trace to a fact
        one = certificates.load(item["cofactor"]) * value + _sum(item["cofactors"], generators)
        if sympy.expand(one - 1) != 0:
            raise Rejected("the Nullstellensatz certificate does not sum to 1")
        return True
    if kind == "sign":
        value, relation = certificates.load(item["value"]), item["relation"]
        wanted = _DIRECTION.get(relation)
        if not wanted:
            raise Rejected(f"a sign certificate for {relation!r}")
        if value.is_number:
            number = sympy.N(value, 60)
            if not number.is_real:
                raise Rejected(f"{value} is not real")
            if relation in ("≤", "≥") and sympy.expand(value) == 0:
                return True
            if (number > 0) != (wanted > 0) or not _is_nonzero_number(value):
                raise Rejected(f"{value} does not have the sign {relation} 0 claims")
            return True
        numerator, denominator = sympy.fraction(sympy.together(sympy.expand(value)))
        strict = relation in ("<", ">")
        written = numerator
        if "numerator" in item:  # the numerator in a form whose terms show its sign
            written = certificates.load(item["numerator"])
            if sympy.expand(written - numerator) != 0:
                raise Rejected(f"{written} is not the numerator of {value}")
        for sign in (wanted, -wanted):
            if _one_signed(written, sign, strict, expand="numerator" not in item) \
                    and _one_signed(denominator, sign * wanted):
                return True
        return False
    if kind == "limit":
        return _limit_confirmed(certificates.load(item["limit"]), certificates.load(item["value"]))
    if kind == "extended":
        if not _extended_holds(certificates.load(item["lhs"]), item["relation"],
                               certificates.load(item["rhs"])):
            raise Rejected(f"{item['lhs']} {item['relation']} {item['rhs']} is false")
        return True
    raise Rejected(f"unknown obligation kind {kind!r}")


def _positive_plus_roots(value: sympy.Basic) -> bool:
    """``c + Σ aᵢ·√uᵢ``, ``c > 0`` and each ``aᵢ > 0`` rational: a principal square root has a
    real part ≥ 0, so the real part is at least ``c`` and the value is not 0."""
    constant = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(value)):
        coefficient, rest = term.as_coeff_Mul()
        if rest == 1:
            constant += coefficient
        elif not (coefficient.is_Rational and coefficient > 0
                  and isinstance(rest, sympy.Pow) and rest.exp == sympy.Rational(1, 2)):
            return False
    return bool(constant.is_Rational and constant > 0)


def _extended_holds(lhs: sympy.Basic, relation: str, rhs: sympy.Basic) -> bool:
    """``lhs relation rhs`` among the extended reals, one side ±∞ and the other ±∞ or a
    closed real number: −∞ < every number < ∞."""
    def rank(side: sympy.Basic) -> int:
        if side in (sympy.oo, -sympy.oo):
            return 1 if side is sympy.oo else -1
        if side.is_number and sympy.N(side, 30).is_real:
            return 0
        raise Rejected(f"{side} is neither ±∞ nor a real number")

    a, b = rank(lhs), rank(rhs)
    if a == b == 0:
        raise Rejected("a comparison of two finite numbers is not one with infinity")
    order = (a > b) - (a < b)
    return {"=": order == 0, "≠": order != 0, "<": order < 0, "≤": order <= 0,
            ">": order > 0, "≥": order >= 0}.get(relation, False)


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


def _shift(expression: sympy.Basic) -> tuple[sympy.Basic, sympy.Basic]:
    """``m + k`` as ``(k, m)``, ``k`` its number part, whether or not it was written
    evaluated (a claim is read as written: ``l + 1`` may be stored ``Add(l, 1)``)."""
    return sympy.Add(*sympy.Add.make_args(expression)).as_coeff_Add()


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


# -- limits ----------------------------------------------------------------------------------

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


def step(certificate: dict) -> Outcome:
    """Re-check one step's certificate; :class:`Rejected` if any part of it is wrong or
    unreadable. A certificate with the same content is re-checked once per process (``verify``
    re-checks a kept verdict before reusing it, then counts it in its summary)."""
    try:
        return _remembered(json.dumps(certificate, sort_keys=True))
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise Rejected(f"unreadable certificate ({error})") from error


@functools.lru_cache(maxsize=4096)
def _remembered(content: str) -> Outcome:
    return _step(json.loads(content))


def _step(certificate: dict) -> Outcome:
    if not isinstance(certificate, dict) or not isinstance(certificate.get("claim"), dict):
        raise Rejected("not a certificate: no claim")
    label = str(certificate.get("label", "?"))
    claim = certificate["claim"]
    if not isinstance(certificate.get("obligations"), list):
        raise Rejected(f"{label}: no list of obligations")
    structure = certificate.get("structure") or {}
    if certificate.get("mechanism") == "chain":
        relations = structure.get("relations", [])
        if not _chain_gives(relations, claim.get("relation", "")):
            raise Rejected(f"{label}: the chain's relations {relations} do not give "
                           f"{claim.get('relation')}")
    parts = _parts(certificate)
    facts = set().union(_fact_generators(claim), *(part.generators for part in parts or ()))
    nonzero = set().union(*(part.nonzero for part in parts or ()))
    kernel_only, confirmed = [], set()
    for item in certificate["obligations"]:
        if not obligation(item, claim, facts, nonzero):
            kernel_only.append(item.get("what", item.get("kind", "?")))
            continue
        confirmed.add(json.dumps(item, sort_keys=True))
        if item.get("kind") == "zero" and certificate.get("mechanism") == "symbolic":
            # an entry shown to vanish on the facts may serve the step's later entries (within
            # one claim: an instance's or a base case's facts are not another's)
            facts = facts | {sympy.expand(certificates.load(item["entry"]))}
    if kernel_only and parts is not None and certificate.get("mechanism") != "chain":
        # what the kernel could only settle with its own tools may still be settled here: each
        # part followed to 0 by this module's evaluation and the obligations confirmed above
        if _follows(certificate, _confirmed_only(parts, confirmed)):
            return Outcome(label, True, ())
        return Outcome(label, False, tuple(kernel_only))
    if not kernel_only and not _follows(certificate, parts):
        kernel_only.append("the claim is not followed to its obligations here")
    return Outcome(label, not kernel_only, tuple(kernel_only))


def _confirmed_only(parts: list[Part], confirmed: set[str]) -> list[Part]:
    """The parts with only the obligations re-checked here: a kernel-only one proves nothing."""
    return [replace(part, obligations=[
        item for item in part.obligations if json.dumps(item, sort_keys=True) in confirmed])
        for part in parts]


# -- following the claim to what was decided ----------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One claim a step's mechanism decided (the step's own, an instance, a base case, a side
    obeying a recurrence), derived here from the step's claim, with the obligations recorded
    for it and the facts it may use."""

    lhs: sympy.Basic
    relation: str
    rhs: sympy.Basic
    structure: dict
    obligations: list
    facts: list
    generators: frozenset
    names: Names
    nonzero: frozenset


def _loaded_facts(claim: dict, at: dict | None = None) -> list[list]:
    """The claim's facts with ``at`` substituted, as ``[lhs, relation, rhs, every]``."""
    facts = []
    for lhs, relation, rhs, *every in claim.get("facts", []):
        a, b = certificates.load(lhs), certificates.load(rhs)
        if at:
            a, b = a.subs(at), b.subs(at)
        facts.append([a, relation, b, [certificates.load(s) for s in (every[0] if every else [])]])
    return facts


def _make_part(lhs: sympy.Basic, relation: str, rhs: sympy.Basic, recorded: dict,
               facts: list[list], naming: Callable[[dict], Names]) -> Part:
    names = naming(recorded.get("structure") or {})
    return Part(lhs, relation, rhs, recorded.get("structure") or {},
                list(recorded.get("obligations", [])), facts,
                frozenset(_generators_of(facts, names)), names,
                frozenset(_named_nonzero(facts, names)))


def _with_shifts(facts: list[list], variable: sympy.Basic, most: int) -> list[list]:
    """The facts, and each one stated for every ``variable`` at ``variable + 1 … + most``."""
    shifted = [[a.subs(variable, variable + k), r, b.subs(variable, variable + k), every]
               for a, r, b, every in facts if variable in every for k in range(1, most + 1)]
    return facts + shifted


def _parts(certificate: dict) -> list[Part] | None:
    """The claims the mechanism decided, derived here from the step's claim; None where the
    mechanism's structure cannot be followed here."""
    claim, structure = certificate["claim"], certificate.get("structure") or {}
    lhs, rhs = (certificates.load(claim[side], as_written=True) for side in ("lhs", "rhs"))
    relation, mechanism = claim["relation"], certificate.get("mechanism")
    names = _naming(certificate, lhs, rhs)
    if mechanism == "symbolic":
        recorded = {"structure": structure, "obligations": certificate["obligations"]}
        return [_make_part(lhs, relation, rhs, recorded, _loaded_facts(claim), names)]
    if mechanism == "instances":
        variable = certificates.load(structure["variable"])
        found = []
        for recorded in structure.get("parts", []):
            at = {certificates.load(k): certificates.load(v) for k, v in recorded["at"]}
            if set(at) != {variable}:
                raise Rejected("an instance is not taken at the step's variable")
            found.append(_make_part(lhs.subs(at), relation, rhs.subs(at), recorded,
                                    _loaded_facts(claim, at), names))
        return found
    if mechanism == "induction" and structure.get("form") == "recurrence":
        return _induction_parts(claim, structure, lhs, relation, rhs, names)
    if mechanism == "induction" and structure.get("form") == "step":
        return _step_form_parts(claim, structure, lhs, relation, rhs, names)
    return None


def _step_form_parts(claim: dict, structure: dict, lhs: sympy.Basic, relation: str,
                     rhs: sympy.Basic, names: Callable[[dict], Names]) -> list[Part] | None:
    """An induction in step form: its base case, decided here like any claim, and two cited
    facts that must be the claim at ``n`` (the hypothesis) and at ``n + 1`` (the step proved
    from it). Like a chain's links, the cited step is trusted as verified in its own right;
    that it rests on no other fact about one ``n`` is the kernel's structural check."""
    n = certificates.load(structure["variable"])
    start = int(structure["start"])
    bases = [r for r in structure.get("parts", []) if r.get("role") == "base"]
    if [int(certificates.load(r["at"][0][1])) for r in bases] != [start]:
        raise Rejected("an induction's parts are not its base case")
    facts = _loaded_facts(claim)
    for offset in (n, n + 1):
        wanted = (lhs.subs(n, offset), rhs.subs(n, offset))
        if not any(r == relation and _same(a, wanted[0]) and _same(b, wanted[1])
                   for a, r, b, _ in facts):
            return None
    return [_make_part(lhs.subs(n, start), relation, rhs.subs(n, start), bases[0], facts, names)]


def _naming(certificate: dict, lhs: sympy.Basic, rhs: sympy.Basic
            ) -> Callable[[dict], Names]:
    """How each part's recorded names are read: none may be a symbol of the claim, and one
    name has one meaning throughout the step (a meaning may have a name in each part)."""
    facts = _loaded_facts(certificate["claim"])
    taken = _all_free([lhs, rhs] + [side for a, _, b, _ in facts for side in (a, b)])
    meaning: dict = {}
    return lambda structure: Names.read(structure, taken, meaning)


def _all_free(expressions: Iterable[sympy.Basic]) -> set[sympy.Basic]:
    """The free symbols of scalars, explicit matrices and matrix expressions."""
    found: set[sympy.Basic] = set()
    for expression in expressions:
        if isinstance(expression, sympy.MatrixBase):
            found |= set().union(*(entry.free_symbols for entry in expression))
        elif isinstance(expression, sympy.Basic):
            found |= expression.free_symbols
    return found


def _induction_parts(claim: dict, structure: dict, lhs: sympy.Basic, relation: str,
                     rhs: sympy.Basic, names: Callable[[dict], Names]) -> list[Part]:
    """The base cases at ``start … start + order − 1`` and both sides obeying the recurrence,
    which is applied here to the claim's own sides."""
    n = certificates.load(structure["variable"])
    start, order = int(structure["start"]), int(structure["order"])
    facts = _with_shifts(_loaded_facts(claim), n, order)
    template = certificates.load(structure["template"])
    holes = [certificates.load(h) for h in structure["holes"]]
    recorded = structure.get("parts", [])
    bases = [r for r in recorded if r.get("role") == "base"]
    steps = {r.get("side"): r for r in recorded if r.get("role") == "recurrence"}
    if [int(certificates.load(r["at"][0][1])) for r in bases] != list(range(start, start + order)) \
            or set(steps) != {"left", "right"} or len(holes) != order:
        raise Rejected("an induction's parts are not its base cases and both sides' steps")
    found = [_make_part(lhs.subs(n, b), relation, rhs.subs(n, b), r, facts, names)
             for b, r in zip(range(start, start + order), bases, strict=True)]
    for name, side in (("left", lhs), ("right", rhs)):
        previous = {hole: side.subs(n, n + k) for k, hole in enumerate(holes)}
        filled = _evaluated(template.xreplace(previous))
        found.append(_make_part(side.subs(n, n + order), "=", filled, steps[name], facts,
                                names))
    return found


def _follows(certificate: dict, parts: list[Part] | None) -> bool:
    """Whether every part's obligations are about that part's claim, or the chain's links meet
    the claim end to end."""
    if certificate.get("mechanism") == "chain":
        return _links_meet(certificate)
    return parts is not None and all(_part_follows(part) for part in parts)


def _links_meet(certificate: dict) -> bool:
    claim, structure = certificate["claim"], certificate.get("structure") or {}
    count = int(structure.get("links", 0))
    facts = _loaded_facts(claim)
    if count < 2 or len(facts) < count:
        return False
    links = facts[-count:]
    if [relation for _, relation, _, _ in links] != structure.get("relations"):
        raise Rejected("a chain's relations are not its links'")
    ends = [certificates.load(claim["lhs"])]
    for a, _, b, _ in links:
        ends += [a, b]
    ends.append(certificates.load(claim["rhs"]))
    return all(_same(ends[k], ends[k + 1]) for k in range(0, len(ends), 2))


def _same(a: sympy.Basic, b: sympy.Basic) -> bool:
    """Equal as written, or after evaluation and expansion (entry by entry)."""
    if a == b:
        return True
    entries = _entries(_evaluated(a), _evaluated(b))
    return entries is not None and all(sympy.expand(e) == 0 for e in entries)


def _evaluated(side: sympy.Basic) -> sympy.Basic:
    """``side`` evaluated, except that a power of a matrix with a symbolic exponent stays a
    power: ``Aⁿ⁺¹`` is ``Aⁿ·A`` by the definition of a power, not SymPy's closed form of it
    (a diagonal matrix's power is evaluated: its entries' powers, also by definition); the
    determinant of such a power is the power of the determinant."""
    if not isinstance(side, sympy.Basic):
        return side
    side = side.replace(  # det(Bⁿ) = (det B)ⁿ: the determinant is multiplicative
        lambda node: isinstance(node, sympy.Determinant) and isinstance(node.args[0], sympy.MatPow)
        and _held(node.args[0]) and not node.args[0].exp.is_Integer,
        lambda node: sympy.Determinant(node.args[0].base) ** node.args[0].exp)
    held = {node: sympy.MatrixSymbol(sympy.Dummy("power"), *node.shape)
            for node in sympy.preorder_traversal(side)
            if isinstance(node, sympy.MatPow) and _held(node)}
    if not held:
        return side.doit()
    restored = {placeholder: type(power)(_evaluated(power.base), *power.args[1:])
                for power, placeholder in held.items()}
    return side.xreplace(held).doit().xreplace(restored)


def _held(power: sympy.MatPow) -> bool:
    """Whether evaluation must leave ``power`` as written: a symbolic exponent (unless the
    base is an explicit diagonal matrix), or the inverse of a matrix that is not explicit
    (``B⁻¹B`` is ``I`` only with a fact that ``B`` is invertible)."""
    if isinstance(power.base, sympy.MatrixBase):
        return not power.exp.is_Integer and not power.base.is_diagonal()
    return not power.exp.is_Integer or power.exp < 0


def _entries(lhs: sympy.Basic, rhs: sympy.Basic, rules: list | None = None,
             names: Names | None = None) -> list[sympy.Basic] | None:
    """The scalars whose vanishing is ``lhs = rhs``: the entries of the difference of scalars
    or explicit matrices, or the coefficients of the distinct words of a difference of
    matrices of symbolic size once ``rules`` (pairs of a word and the sum of words it equals)
    have rewritten it; None where that cannot be read here."""
    lhs, rhs = (_one_by_one_as_scalar(_explicit(side)) for side in (lhs, rhs))
    if isinstance(lhs, sympy.MatrixBase) and isinstance(rhs, sympy.MatrixBase):
        return list(sympy.ImmutableMatrix(lhs) - sympy.ImmutableMatrix(rhs)) \
            if lhs.shape == rhs.shape else None
    matrices = [isinstance(side, sympy.MatrixBase | sympy.MatrixExpr) for side in (lhs, rhs)]
    if not any(matrices):
        return [names.named(lhs - rhs) if names else lhs - rhs]
    one_by_one = all(not m or side.shape == (1, 1)
                     for m, side in zip(matrices, (lhs, rhs), strict=True))
    if (not all(matrices) or lhs.shape != rhs.shape) and not (one_by_one and names):
        return None
    left, right = (_words(side) if m else {(): side}
                   for m, side in zip(matrices, (lhs, rhs), strict=True))
    if left is None or right is None:
        return None
    gap = _rewritten(_plus(left, right, -1), rules or [])
    if gap is None and one_by_one and names:
        gap = _plus(left, right, -1)  # the facts enter as polynomials in the names instead
    if gap is None:
        return None
    if one_by_one and names and any(gap):  # a scalar: its words by their names
        scalar = names.scalar(gap)
        return None if scalar is None else [names.named(scalar)]
    return list(gap.values())


def _plus(left: dict, right: dict, sign: int = 1) -> dict:
    total = dict(left)
    for word, coefficient in right.items():
        total[word] = total.get(word, 0) + sign * coefficient
    return total


def _rules(part: Part) -> list[tuple[tuple, dict]]:
    """The part's word rules, each checked here to follow from an equation among its facts
    (the fact itself, its transpose or its conjugate transpose, up to a scalar the facts
    declare non-zero); :class:`Rejected` for one that does not. A rule that is not a
    polynomial in matrix symbols this module reads (an inverse, a conjugate) is left out: the
    claim may then not be followed, never wrongly followed."""
    found = []
    for pattern, replacement in part.structure.get("rules", []):
        pattern, replacement = certificates.load(pattern), certificates.load(replacement)
        word, other = _words(pattern), _words(_as_matrix(replacement, pattern))
        if word is None or other is None or len(word) != 1 or next(iter(word.values())) != 1:
            continue
        if not _rule_follows(_plus(word, other, -1), part.facts):
            raise Rejected(f"the rule {pattern} → {replacement} follows from no fact")
        found.append((next(iter(word)), other))
    return found + _inverse_rules(part.facts)


def _inverse_rules(facts: list[list]) -> list[tuple[tuple, dict]]:
    """``X⁻¹X = I`` and ``XX⁻¹ = I`` for each matrix symbol ``X`` a fact declares invertible
    (``det X ≠ 0``): the definition of the inverse."""
    found = []
    for lhs, relation, rhs, _ in facts:
        if relation == "≠" and rhs == 0 and isinstance(lhs, sympy.Determinant) \
                and isinstance(lhs.arg, sympy.MatrixSymbol):
            matrix = lhs.arg
            found += [((sympy.Inverse(matrix), matrix), {(): sympy.Integer(1)}),
                      ((matrix, sympy.Inverse(matrix)), {(): sympy.Integer(1)})]
    return found


def _as_matrix(side: sympy.Basic, like: sympy.Basic) -> sympy.Basic:
    """A scalar as that multiple of the identity (a rule may replace a word by a number)."""
    if isinstance(side, sympy.MatrixExpr | sympy.MatrixBase):
        return side
    return sympy.MatMul(side, sympy.Identity(like.shape[0]))


def _rule_follows(difference: dict, facts: list[list]) -> bool:
    """Whether ``difference`` (pattern − replacement, as words) is a non-zero multiple of an
    equation among ``facts``, of its transpose or of its conjugate transpose."""
    for lhs, relation, rhs, _ in facts:
        if relation != "=" or not isinstance(lhs, sympy.MatrixExpr | sympy.MatrixBase):
            continue
        left, right = _words(_evaluated(lhs)), _words(_evaluated(_as_matrix(rhs, lhs)))
        if left is None or right is None:
            continue
        fact = _plus(left, right, -1)
        for candidate in (fact, _transposed(fact, False), _transposed(fact, True)):
            if candidate is not None and _multiple(difference, candidate):
                return True
    return False


def _transposed(words: dict, conjugate: bool) -> dict | None:
    """The (conjugate) transpose of a sum of words: each word reversed, each letter
    transposed, and for the conjugate transpose each coefficient conjugated."""
    operation = sympy.Adjoint if conjugate else sympy.Transpose
    result = {}
    for word, coefficient in words.items():
        letters = tuple(operation(letter).doit() for letter in reversed(word))
        if any(_words(letter) is None for letter in letters):
            return None
        result[letters] = sympy.conjugate(coefficient) if conjugate else coefficient
    return result


def _multiple(difference: dict, fact: dict) -> bool:
    """``difference = k·fact`` for a number or declared non-zero ``k`` (k ≠ 0)."""
    words = {w for w, c in difference.items() if sympy.expand(c) != 0}
    if words != {w for w, c in fact.items() if sympy.expand(c) != 0} or not words:
        return False
    anchor = next(iter(words))
    ratio = sympy.together(difference[anchor] / fact[anchor])
    if ratio.is_zero is not False and not (ratio.is_number and ratio != 0):
        return False
    return all(sympy.expand(difference[w] - ratio * fact[w]) == 0 for w in words)


def _rewritten(words: dict, rules: list[tuple[tuple, dict]], rounds: int = 25) -> dict | None:
    """``words`` with each occurrence of a rule's word, as a run of consecutive letters,
    replaced by what it equals, until none is left (None if that does not settle)."""
    for _ in range(rounds):
        changed, result = False, {}
        for word, coefficient in words.items():
            replaced = _replace_once(word, rules)
            if replaced is None:
                result = _plus(result, {word: coefficient})
                continue
            changed = True
            result = _plus(result, {w: coefficient * c for w, c in replaced.items()})
        words = {w: c for w, c in result.items() if sympy.expand(c) != 0}
        if not changed:
            return words
    return None


def _replace_once(word: tuple, rules: list[tuple[tuple, dict]]) -> dict | None:
    for pattern, value in rules:
        inside = _inside_power(word, pattern, value)
        if inside is not None:
            return inside
        size = len(pattern)
        for start in range(len(word) - size + 1):
            if word[start:start + size] == pattern:
                before, after = word[:start], word[start + size:]
                return _collected((before + w + after, c) for w, c in value.items())
    return None


def _inside_power(word: tuple, pattern: tuple, value: dict) -> dict | None:
    """A rule ``X = c·Y`` between single letters applied to a power's base: ``Xᵗ = cᵗ·Yᵗ``."""
    if len(pattern) != 1 or len(value) != 1 or len(next(iter(value))) != 1:
        return None
    (letter,), ((replacement,), scalar) = pattern, next(iter(value.items()))
    for index, found in enumerate(word):
        if isinstance(found, sympy.MatPow) and found.base == letter:
            powered = (sympy.MatPow(replacement, found.exp),)
            return _collected([(word[:index] + powered + word[index + 1:], scalar ** found.exp)])
    return None


def _one_by_one_as_scalar(side: sympy.Basic) -> sympy.Basic:
    """An explicit 1×1 matrix is the number it holds (``xᵀx`` compares with ``r²``)."""
    return side[0, 0] if isinstance(side, sympy.MatrixBase) and side.shape == (1, 1) else side


def _explicit(side: sympy.Basic) -> sympy.Basic:
    """A matrix expression of whole-number shape as an explicit matrix, where it evaluates
    without a power of symbolic exponent (which stays a word: ``Fⁿ⁺¹`` is ``Fⁿ·F`` by the
    definition of a power, not by SymPy's closed form)."""
    if isinstance(side, sympy.MatrixExpr) and not isinstance(side, sympy.MatrixBase) \
            and all(sympy.sympify(d).is_Integer for d in side.shape) \
            and not any(isinstance(node, sympy.MatPow) and not node.exp.is_Integer
                        for node in sympy.preorder_traversal(side)) \
            and all(sympy.sympify(d).is_Integer for symbol in side.atoms(sympy.MatrixSymbol)
                    for d in symbol.shape):  # xᵀx of a d-vector stays a word, not a sum
        try:
            return sympy.ImmutableMatrix(side.as_explicit())
        except (ValueError, TypeError, NotImplementedError, AttributeError):
            return side
    return side


def _words(side: sympy.Basic) -> dict[tuple, sympy.Basic] | None:
    """A matrix expression as {word: coefficient}, a word being the tuple of its matrix
    factors (the identity is the empty word; the inverse of a matrix symbol is a letter of
    its own, and a scalar function of matrices in a coefficient an opaque number); None for
    what is not a polynomial in such letters."""
    if isinstance(side, sympy.MatAdd):
        total: dict[tuple, sympy.Basic] = {}
        for term in side.args:
            found = _words(term)
            if found is None:
                return None
            for word, coefficient in found.items():
                total[word] = total.get(word, 0) + coefficient
        return total
    if isinstance(side, sympy.ZeroMatrix):
        return {}
    if isinstance(side, sympy.Identity):
        return {(): sympy.Integer(1)}
    if isinstance(side, sympy.MatMul):
        product: dict[tuple, sympy.Basic] = {(): sympy.Integer(1)}
        for factor in _powers_merged(side.args):
            found = {(): factor} if not isinstance(factor, sympy.MatrixExpr) else _words(factor)
            if found is None:
                return None
            product = _times(product, found)
        return product
    if isinstance(side, sympy.Inverse | sympy.MatPow) and side.exp == -1 \
            and isinstance(side.base, sympy.MatrixSymbol):
        return {(sympy.Inverse(side.base),): sympy.Integer(1)}  # a letter of its own
    if isinstance(side, sympy.MatPow) and side.exp.is_Integer and side.exp >= 0:
        return _words(sympy.MatMul(*([side.base] * int(side.exp)))) if side.exp else \
            {(): sympy.Integer(1)}
    if isinstance(side, sympy.MatPow):
        return _symbolic_power(side)
    if isinstance(side, sympy.MatrixBase) and side.shape == (1, 1):
        return {(): side[0, 0]}  # a 1×1 matrix multiplies as the number it holds
    if isinstance(side, sympy.Transpose | sympy.Adjoint) and isinstance(side.arg, sympy.MatPow) \
            and not isinstance(side.arg, sympy.Inverse) and side.arg.exp.is_nonnegative:
        # (Aᵗ)ᵀ = (Aᵀ)ᵗ: a power's transpose is the transpose's power, by definition
        return _words(sympy.MatPow(type(side)(side.arg.base).doit(), side.arg.exp))
    if _is_letter(side) or (isinstance(side, sympy.Transpose | sympy.Adjoint)
                            and _is_letter(side.arg)) or (
            isinstance(side, sympy.Adjoint) and isinstance(side.arg, sympy.Transpose)
            and _is_letter(side.arg.arg)):  # (Aᵀ)* = Ā, the entrywise conjugate: a letter
        return {(side,): sympy.Integer(1)}
    return None


def _is_letter(side: sympy.Basic) -> bool:
    """A matrix symbol, an explicit matrix, or a matrix the project names and nothing here
    evaluates (chapter 3's Jacobian across l steps): compared as written."""
    return isinstance(side, sympy.MatrixSymbol | sympy.MatrixBase) or (
        isinstance(side, sympy.MatrixExpr)
        and type(side).__module__.startswith("derivations."))


def _powers_merged(factors: tuple) -> list:
    """Neighbouring factors of one base as one power (``B·Bᵗ`` is ``Bᵗ⁺¹``, the definition
    of a power; never an inverse, which needs a fact), before a base that is a sum is
    multiplied out into words."""
    merged: list = []
    for factor in factors:
        if merged and isinstance(factor, sympy.MatrixExpr) \
                and isinstance(merged[-1], sympy.MatrixExpr) \
                and _base(factor) == _base(merged[-1]) \
                and (isinstance(factor, sympy.MatPow) or isinstance(merged[-1], sympy.MatPow)) \
                and all(_exponent(f).is_integer and _exponent(f).is_nonnegative
                        for f in (factor, merged[-1])):
            merged[-1] = sympy.MatPow(_base(factor), _exponent(merged[-1]) + _exponent(factor))
        else:
            merged.append(factor)
    return merged


def _exponent(factor: sympy.Basic) -> sympy.Basic:
    return factor.exp if isinstance(factor, sympy.MatPow) else sympy.Integer(1)


def _symbolic_power(power: sympy.MatPow) -> dict[tuple, sympy.Basic] | None:
    """``A^(t + k)``, ``t`` a non-negative integer symbol and ``k`` a whole number, as the
    word ``A^t·A·…·A``: the definition of a power."""
    constant, rest = _shift(power.exp)
    if not (constant.is_Integer and constant >= 0 and rest.is_integer and rest.is_nonnegative):
        return None
    scalar, matrix = sympy.Integer(1), power.base
    if isinstance(matrix, sympy.MatMul):  # (cA)^t = c^t·A^t: a number commutes with A
        scalars = [f for f in matrix.args if not isinstance(f, sympy.MatrixExpr)]
        matrices = [f for f in matrix.args if isinstance(f, sympy.MatrixExpr)]
        if len(matrices) == 1:
            scalar, matrix = sympy.Mul(*scalars), matrices[0]
    base = _words(matrix)
    if base is None:
        return None
    word = {(sympy.MatPow(matrix, rest),): scalar ** power.exp}
    for _ in range(int(constant)):
        word = _times(word, base)
    return word


def _times(left: dict[tuple, sympy.Basic], right: dict[tuple, sympy.Basic]
           ) -> dict[tuple, sympy.Basic]:
    """The product of two sums of words, words concatenated in order."""
    return _collected((w1 + w2, c1 * c2) for w1, c1 in left.items() for w2, c2 in right.items())


def _collected(pairs: Iterable[tuple[tuple, sympy.Basic]]) -> dict[tuple, sympy.Basic]:
    """Words in their canonical form, summed by word."""
    total: dict[tuple, sympy.Basic] = {}
    for word, coefficient in pairs:
        word, number = _canonical(word)
        total[word] = total.get(word, 0) + coefficient * number
    return total


def _canonical(word: tuple) -> tuple[tuple, sympy.Basic]:
    """``word`` with each run of letters of one base written powers first (``A·Aᵗ`` is
    ``Aᵗ·A``: both are ``Aᵗ⁺¹`` by the definition of a power) and neighbouring explicit
    matrices multiplied out, a 1×1 product leaving as a number: equal products, equal words.
    Returns the word and that number."""
    result: list = []
    run: list = []
    for letter in (*word, None):
        if run and (letter is None or _base(letter) != _base(run[0])):
            result += sorted(run, key=lambda item: (not isinstance(item, sympy.MatPow),
                                                    sympy.srepr(item)))
            run = []
        if letter is not None:
            run.append(letter)
    merged: list = []
    number = sympy.Integer(1)
    for letter in result:
        if merged and isinstance(letter, sympy.MatrixBase) \
                and isinstance(merged[-1], sympy.MatrixBase):
            letter = sympy.ImmutableMatrix(merged.pop() * letter)
        if isinstance(letter, sympy.MatrixBase) and letter.shape == (1, 1):
            number *= letter[0, 0]
            continue
        merged.append(letter)
    return tuple(merged), number


def _base(letter: sympy.Basic) -> sympy.Basic:
    """What a letter is a power of (an inverse is a letter of its own: it needs a fact)."""
    if isinstance(letter, sympy.MatPow) and not isinstance(letter, sympy.Inverse) \
            and letter.exp.is_nonnegative:
        return letter.base
    return letter


def _numerator(entry: sympy.Basic) -> sympy.Basic:
    return sympy.expand(sympy.fraction(sympy.together(sympy.expand(entry)))[0])


def _part_follows(part: Part) -> bool:
    """Whether the part's claim, followed here, lands on what its obligations prove."""
    if part.structure.get("rewritten"):
        return False  # a proposal changed the difference: the kernel vouches for it
    infinite = part.structure.get("infinite")
    substitutions = {}
    for atom, replacement in part.structure.get("substitutions", []):
        atom, replacement = certificates.load(atom), certificates.load(replacement)
        if not _parametrises(atom, replacement, part):
            raise Rejected(f"{atom} is replaced by {replacement}, which no fact gives")
        substitutions[atom] = replacement
    limits = {}
    for limit, value in part.structure.get("limits", []):
        if not any(item.get("kind") == "limit" and item.get("limit") == limit
                   and item.get("value") == value for item in part.obligations):
            raise Rejected("a limit's value is used without its certificate")
        limits[certificates.load(limit)] = certificates.load(value)
    powers = {a: b for a, relation, b, _ in part.facts  # a fact giving a power's value
              if relation == "=" and isinstance(a, sympy.MatPow) and _held(a)}
    sides = []
    for side in (part.lhs, part.rhs):
        if powers:
            side = side.xreplace(powers)
        held = {limit: sympy.Dummy("limit") for limit in _limits_in(side)}
        evaluated = _evaluated(side.xreplace(held) if held else side)
        restored = {d: sympy.Limit(limit.args[0].doit(), *limit.args[1:])
                    for limit, d in held.items()}
        side = evaluated.xreplace(restored).xreplace(substitutions) if isinstance(
            evaluated, sympy.Basic) else evaluated
        if _limits_in(side) - set(limits):
            return False
        sides.append(side.xreplace(limits) if limits else side)
    if infinite:  # ±∞ on a side: the comparison certified among the extended reals
        return any(item.get("kind") == "extended" and item.get("relation") == part.relation
                   and _same(certificates.load(item["lhs"]), sides[0])
                   and _same(certificates.load(item["rhs"]), sides[1])
                   for item in part.obligations)
    rules = _rules(part)
    sides = _delta_sums_done([_arguments_rewritten(side, rules) for side in sides])
    if "proposed" in part.structure:  # the difference was replaced by a proposal, proved equal
        proposed = certificates.load(part.structure["proposed"])
        try:
            replaced = _entries(sides[0], _added(sides[1], proposed), rules=rules,
                                names=part.names)
        except (TypeError, ValueError):
            return False  # a 1×1 matrix beside a scalar: the kernel's to compare
        if replaced is None or not all(_vanishes(_numerator(e), part) for e in replaced):
            return False
        sides = [proposed, _zero_like(proposed)]
    entries = _entries(*sides, rules=rules, names=part.names)
    if entries is None:
        return False
    denominators = _denominators(part.lhs) | _denominators(part.rhs)
    for side in sides:
        denominators |= _denominators(side)
    if not all(_proved_nonzero(d, part, substitutions) for d in denominators):
        return False
    numerators = [_numerator(e) for e in entries]
    if part.relation == "=":
        return all(_vanishes(n, part) for n in numerators)
    if part.relation == "≠":
        return any(_matches(n, part.obligations, ("nonzero", "sign")) for n in numerators)
    if len(entries) != 1:
        return False
    difference = sympy.expand(entries[0])
    return any(item.get("kind") == "sign" and item.get("relation") == part.relation
               and _equal_on_facts(certificates.load(item["value"]), difference, part)
               for item in part.obligations)


def _equal_on_facts(value: sympy.Basic, difference: sympy.Basic, part: Part) -> bool:
    """``value = difference`` as polynomials, or up to a number times one of the part's fact
    polynomials (which vanishes wherever the facts hold)."""
    gap = _numerator(_over_primes(difference - value))
    if gap == 0:
        return True
    return any(sympy.expand(gap - sympy.expand(gap / g).together() * g) == 0
               and sympy.expand(gap / g).together().is_Rational for g in part.generators)


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


def _arguments_rewritten(side: sympy.Basic, rules: list[tuple[tuple, dict]]) -> sympy.Basic:
    """``side`` with each matrix a scalar function is applied to (``‖J(l + 1)‖``) rewritten
    by the rules and written in one form: equal arguments, equal values."""
    if not rules or not isinstance(side, sympy.Basic) or isinstance(side, sympy.MatrixBase):
        return side

    def rewritten(node: sympy.Basic) -> sympy.Basic:
        arguments = []
        for argument in node.args:
            words = _words(argument) if isinstance(argument, sympy.MatrixExpr) else None
            settled = _rewritten(words, rules) if words is not None else None
            changed = settled is not None and settled != words
            arguments.append(_written(settled, argument) if changed else argument)
        return node.func(*arguments)

    return side.replace(
        lambda node: isinstance(node, sympy.Function)
        and any(isinstance(a, sympy.MatrixExpr) for a in node.args), rewritten)


def _written(words: dict[tuple, sympy.Basic], like: sympy.MatrixExpr) -> sympy.MatrixExpr:
    """A sum of words as one matrix expression, words in a fixed order."""
    terms = []
    for word, coefficient in sorted(words.items(), key=lambda item: sympy.srepr(item[0])):
        product = sympy.MatMul(*word) if len(word) > 1 else (
            word[0] if word else sympy.Identity(like.shape[0]))
        terms.append(product if coefficient == 1 else sympy.expand(coefficient) * product)
    if not terms:
        return sympy.ZeroMatrix(*like.shape)
    return terms[0] if len(terms) == 1 else sympy.MatAdd(*terms)


def _vanishes(numerator: sympy.Basic, part: Part) -> bool:
    """Whether ``numerator`` is 0, or an obligation of the part proves it is (as it stands or
    in one of its normal forms)."""
    return any(form == 0 or _matches(form, part.obligations, ("zero",))
               for form in _forms(numerator, part.nonzero))


def _added(side: sympy.Basic, other: sympy.Basic) -> sympy.Basic:
    side, other = (_one_by_one_as_scalar(_explicit(x)) for x in (side, other))
    if isinstance(side, sympy.MatrixExpr) or isinstance(other, sympy.MatrixExpr):
        return sympy.MatAdd(side, other)
    return side + other


def _zero_like(side: sympy.Basic) -> sympy.Basic:
    if isinstance(side, sympy.MatrixBase):
        return sympy.zeros(*side.shape)
    if isinstance(side, sympy.MatrixExpr):
        return sympy.ZeroMatrix(*side.shape)
    return sympy.Integer(0)


def _limits_in(side: sympy.Basic) -> set[sympy.Basic]:
    if isinstance(side, sympy.MatrixBase):
        return set().union(*(entry.atoms(sympy.Limit) for entry in side))
    return set(side.atoms(sympy.Limit)) if isinstance(side, sympy.Basic) else set()


def _denominators(side: sympy.Basic) -> set[sympy.Basic]:
    """Bases of negative powers, outside piecewise branches and not in a bound variable."""
    if isinstance(side, sympy.MatrixBase):
        return set().union(*(_denominators(entry) for entry in side))
    if not isinstance(side, sympy.Basic):
        return set()
    bound = set()
    for node in sympy.preorder_traversal(side):
        if isinstance(node, sympy.Sum | sympy.Product):
            bound |= set(node.variables)
        elif isinstance(node, sympy.Limit):
            bound.add(node.args[1])
    branches = {node: sympy.Dummy("branch") for node in side.atoms(sympy.Piecewise)}
    plain = side.xreplace(branches) if branches else side
    return {node.base for node in sympy.preorder_traversal(plain)
            if isinstance(node, sympy.Pow) and node.exp.is_negative
            and not node.base.is_Number and not node.base.free_symbols & bound}


def _proved_nonzero(denominator: sympy.Basic, part: Part, substitutions: dict) -> bool:
    """Whether an obligation of the part proves ``denominator`` is not 0 (as written, or with
    the bounds' parametrisations)."""
    evaluated = _evaluated(denominator)  # a side as written may hold 1·x unevaluated
    candidates = {sympy.expand(form) for form in (denominator, evaluated)} | {
        sympy.expand(form.xreplace(substitutions)) for form in (denominator, evaluated)}
    if any(c.is_number and c != 0 and _is_nonzero_number(c) for c in candidates):
        return True
    if any(_one_signed(c, 1) or _one_signed(c, -1) for c in candidates):
        return True  # every term of one sign, one of them strictly: never 0
    return any(_matches(c, part.obligations, ("nonzero", "sign")) for c in candidates)


def _matches(value: sympy.Basic, obligations: list, kinds: tuple[str, ...]) -> bool:
    """Whether an obligation of one of ``kinds`` is about ``value``, up to sign (a sign
    obligation only if strict: ``v > 0`` or ``v < 0`` proves ``v ≠ 0``)."""
    value = _rebuilt(sympy.expand(_bound_renamed(value)))
    for item in obligations:
        kind = item.get("kind")
        if kind not in kinds or (kind == "sign" and item.get("relation") not in ("<", ">")):
            continue
        recorded = certificates.load(item["value"] if kind == "nonzero"
                                     else item.get("entry", item.get("value", "0")))
        recorded = _rebuilt(sympy.expand(_bound_renamed(recorded)))
        if sympy.expand(recorded - value) == 0 or sympy.expand(recorded + value) == 0:
            return True
        if kind != "zero" and _numerator(recorded) in (_numerator(value), -_numerator(value)):
            return True
    return False


def _rebuilt(expression: sympy.Basic) -> sympy.Basic:
    """``expression`` built again from its written form, evaluated: a side read as written may
    hold parts equal in print but not in SymPy's comparison (an unevaluated ``d − 1``)."""
    return certificates.load(certificates.dump(expression))


_BOUND_NAMES = tuple(sympy.Symbol(f"bound{depth}", integer=True) for depth in range(6))


def _bound_renamed(expression: sympy.Basic, depth: int = 0) -> sympy.Basic:
    """Each index a sum or product binds renamed by its depth: the name of a bound index
    changes nothing, and the kernel records its own."""
    if not isinstance(expression, sympy.Basic) or depth >= len(_BOUND_NAMES):
        return expression
    if isinstance(expression, sympy.Sum | sympy.Product) and len(expression.limits) == 1:
        index, low, high = expression.limits[0]
        name = _BOUND_NAMES[depth]
        inner = _bound_renamed(expression.function.xreplace({index: name}), depth + 1)
        return type(expression)(inner, (name, low, high))
    if not expression.args:
        return expression
    return expression.func(*(_bound_renamed(a, depth) for a in expression.args))


def _parametrises(atom: sympy.Basic, replacement: sympy.Basic, part: Part) -> bool:
    """Whether a fact bounding ``atom`` gives ``replacement``: ``a ≤ b`` as ``b − s`` with
    ``s ≥ 0`` (``s > 0`` for ``<``), ``a ≥ b`` as ``b + s``; two bounds ``lo < a < hi`` as
    ``lo + (hi − lo)/(1 + s)``, ``lo < a ≤ hi`` the same with ``s ≥ 0``, ``lo ≤ a < hi`` as
    ``lo + (hi − lo)·t/(1 + t)``. The slack is a fresh symbol, not in the claim."""
    slack = replacement.free_symbols - _symbols(part)
    if len(slack) != 1:
        return False
    (s,) = slack
    upper, lower = [], []
    for a, relation, b, _ in part.facts:
        for x, r, y in ((a, relation, b), (b, _FLIPPED.get(relation, ""), a)):
            if x == atom and r in ("<", "≤"):
                upper.append((r, y))
            elif x == atom and r in (">", "≥"):
                lower.append((r, y))
    positive, nonnegative = bool(s.is_positive), bool(s.is_nonnegative)
    forms = []
    for r, y in upper:
        forms.append((y - s, positive if r == "<" else nonnegative))
    for r, y in lower:
        forms.append((y + s, positive if r == ">" else nonnegative))
    for (ru, hi), (rl, lo) in ((u, low) for u in upper for low in lower):
        if rl == ">":
            forms.append((lo + (hi - lo) / (1 + s), positive if ru == "<" else nonnegative))
        elif ru == "<":
            forms.append((lo + (hi - lo) * s / (1 + s), nonnegative))
    return any(ok and sympy.expand(form - replacement) == 0 for form, ok in forms)


_FLIPPED = {"<": ">", "≤": "≥", ">": "<", "≥": "≤", "=": "=", "≠": "≠"}


def _symbols(part: Part) -> set[sympy.Basic]:
    return _all_free([part.lhs, part.rhs] + [side for a, _, b, _ in part.facts for side in (a, b)])


def _chain_gives(relations: list[str], claimed: str) -> bool:
    if not relations or any(r not in _DIRECTION and r != "≠" for r in relations):
        return False
    if "≠" in relations:
        return relations == ["≠"] and claimed == "≠"
    directions = {_DIRECTION[r] for r in relations} - {0}
    if len(directions) > 1:
        return False
    if not directions:
        composed = "="
    else:
        strict = any(r in ("<", ">") for r in relations)
        composed = {(-1, True): "<", (-1, False): "≤", (1, True): ">", (1, False): "≥"}[
            (directions.pop(), strict)]
    return claimed in _IMPLIED[composed]
