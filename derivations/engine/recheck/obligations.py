"""Re-checking one leaf obligation of a certificate, as the evidence it is on its own.

Each obligation (``zero``, ``nonzero``, ``sign``, ``limit``, ``extended``, ``kernel``) is a
self-contained piece of evidence: cofactors that combine the facts into the entry, a
Nullstellensatz certificate that sums to 1, terms of one sign, a limit seen numerically. Checking
it needs expansion and exact arithmetic only; whether the evidence is *about the claim* is
:mod:`~derivations.engine.recheck.following`'s question.
"""

from __future__ import annotations

from collections.abc import Iterable

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.forms import _identities
from derivations.engine.recheck.limits import _limit_confirmed
from derivations.engine.recheck.outcome import Rejected
from derivations.engine.recheck.signs import _DIRECTION, _is_nonzero_number, _one_signed


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


def _stated_nonzero(claim: dict) -> list[sympy.Basic]:
    return [certificates.load(lhs) - certificates.load(rhs)
            for lhs, relation, rhs, *_ in claim.get("facts", []) if relation == "≠"]


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
