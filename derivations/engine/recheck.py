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
- ``kernel``: cannot be re-checked here; counted as such.

A step's certificate is re-checked only if every obligation is; a chain's relations must also
compose to the claimed one, by this module's own table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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
    found: set[sympy.Basic] = set()
    for lhs, relation, rhs in claim.get("facts", []):
        if relation != "=":
            continue
        gap = _difference(certificates.load(lhs), certificates.load(rhs))
        for entry in gap:
            found.add(sympy.expand(sympy.fraction(sympy.together(sympy.expand(entry)))[0]))
    return found


def _difference(lhs: sympy.Basic, rhs: sympy.Basic) -> list[sympy.Basic]:
    if isinstance(lhs, sympy.MatrixBase) and isinstance(rhs, sympy.MatrixBase):
        return list(lhs - rhs)
    if isinstance(lhs, sympy.MatrixBase | sympy.MatrixExpr) or isinstance(
            rhs, sympy.MatrixBase | sympy.MatrixExpr):
        return []  # matrices of symbolic size: their rules are the kernel's to apply
    return [lhs - rhs]


def _stated_nonzero(claim: dict) -> list[sympy.Basic]:
    return [certificates.load(lhs) - certificates.load(rhs)
            for lhs, relation, rhs in claim.get("facts", []) if relation == "≠"]


def _sum(cofactors: Iterable[str], generators: Iterable[str]) -> sympy.Basic:
    return sympy.Add(*(certificates.load(c) * certificates.load(g)
                       for c, g in zip(cofactors, generators, strict=True)))


def _is_nonzero_number(value: sympy.Basic) -> bool:
    number = sympy.N(value, 60)
    return bool(number.is_number and abs(number) > sympy.Float(10) ** -40)


def _one_signed(polynomial: sympy.Basic, sign: int) -> bool:
    """Every term is a number of ``sign`` times a product of atoms declared positive."""
    terms = sympy.Add.make_args(sympy.expand(polynomial))
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if not coefficient.is_Rational or sympy.sign(coefficient) != sign:
            return False
        for factor in sympy.Mul.make_args(rest):
            base = factor.base if factor.is_Pow and factor.exp.is_Integer else factor
            if base != 1 and not (base.is_Symbol and base.assumptions0.get("positive")):
                return False
    return bool(terms)


def obligation(item: dict, claim: dict, facts: set[sympy.Basic]) -> bool:
    """Re-check one obligation: True if re-checked here, False if it is the kernel's alone;
    :class:`Rejected` if it is wrong."""
    kind = item.get("kind")
    if kind == "kernel":
        return False
    if kind == "zero":
        generators = item.get("generators", [])
        if any(sympy.expand(certificates.load(g)) not in facts for g in generators):
            return False  # generators of words or inequations: the kernel's to pair with facts
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
        if not item.get("cofactor"):
            if not value.is_number or not _is_nonzero_number(value):
                raise Rejected(f"{value} is not a non-zero number")
            return True
        generators = item.get("generators", [])
        if not generators:
            raise Rejected("a Nullstellensatz certificate without facts")
        rabinowitsch = {g for g in generators if "Dummy('inverse'" in g}
        if rabinowitsch or any(sympy.expand(certificates.load(g)) not in facts
                               for g in generators):
            return False  # a fact a ≠ b entered as (a − b)·z − 1: the kernel pairs them
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
            if relation in ("≤", "≥") and value == 0:
                return True
            if (number > 0) != (wanted > 0) or not _is_nonzero_number(value):
                raise Rejected(f"{value} does not have the sign {relation} 0 claims")
            return True
        numerator, denominator = sympy.fraction(sympy.together(sympy.expand(value)))
        for sign in (wanted, -wanted):
            if _one_signed(numerator, sign) and _one_signed(denominator, sign * wanted):
                return True
        return False
    raise Rejected(f"unknown obligation kind {kind!r}")


def step(certificate: dict) -> Outcome:
    """Re-check one step's certificate; :class:`Rejected` if any part of it is wrong or
    unreadable."""
    try:
        return _step(certificate)
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise Rejected(f"unreadable certificate ({error})") from error


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
    facts = _fact_generators(claim)
    kernel_only = []
    for item in certificate["obligations"]:
        if not obligation(item, claim, facts):
            kernel_only.append(item.get("what", item.get("kind", "?")))
    return Outcome(label, not kernel_only, tuple(kernel_only))


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
