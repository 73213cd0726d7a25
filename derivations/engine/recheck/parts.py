"""The claims a step's mechanism decided, derived here from the step's own claim.

An obligation is evidence only about the claim it was recorded for, so the re-checker does not
take a part's claim from what the kernel recorded for it: it derives each part from the step's
claim (the claim itself, an instance at its value, an induction's base cases and the recurrence
applied to both sides, the claim at ``n`` and ``n + 1`` an induction in step form must cite), and
checks that a chain's links meet end to end and compose to the claimed relation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.facts import (
    Names,
    _generators_of,
    _loaded_facts,
    _named_nonzero,
    _same,
)
from derivations.engine.recheck.outcome import Rejected
from derivations.engine.recheck.signs import _DIRECTION
from derivations.engine.recheck.words import _evaluated


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


def _make_part(lhs: sympy.Basic, relation: str, rhs: sympy.Basic, recorded: dict,
               facts: list[list], naming: Callable[[dict], Names]) -> Part:
    names = naming(recorded.get("structure") or {})
    return Part(lhs, relation, rhs, recorded.get("structure") or {},
                list(recorded.get("obligations", [])), facts,
                frozenset(_generators_of(facts, names)), names,
                frozenset(_named_nonzero(facts, names)))


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


def _with_shifts(facts: list[list], variable: sympy.Basic, most: int) -> list[list]:
    """The facts, and each one stated for every ``variable`` at ``variable + 1 … + most``."""
    shifted = [[a.subs(variable, variable + k), r, b.subs(variable, variable + k), every]
               for a, r, b, every in facts if variable in every for k in range(1, most + 1)]
    return facts + shifted


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


# What a chain proves, by the relation its links compose to: equalities pass through.
_IMPLIED = {"=": {"=", "≤", "≥"}, "<": {"<", "≤", "≠"}, ">": {">", "≥", "≠"},
            "≤": {"≤"}, "≥": {"≥"}, "≠": {"≠"}}


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
