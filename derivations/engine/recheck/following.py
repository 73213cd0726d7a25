"""Following a part's claim from its own sides to the entries its obligations decide.

Valid obligations prove nothing unless they are about the claim (a certificate for ``x − 2 = 0``
proves nothing about ``x = 1``): the sides are evaluated here, bounds replaced by
parametrisations checked against their facts, limits by their certified values, words rewritten
by rules checked to follow from a fact, and then every entry of the difference, and every
denominator, must be matched by an obligation. A claim that cannot be followed is left to the
kernel, never wrongly trusted.
"""

from __future__ import annotations

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.facts import _entries, _same
from derivations.engine.recheck.forms import (
    _delta_sums_done,
    _forms,
    _numerator,
    _over_primes,
    _rebuilt,
)
from derivations.engine.recheck.outcome import Rejected
from derivations.engine.recheck.parts import Part, _all_free, _links_meet
from derivations.engine.recheck.rules import _rules
from derivations.engine.recheck.signs import _is_nonzero_number, _one_signed
from derivations.engine.recheck.words import (
    _evaluated,
    _explicit,
    _held,
    _one_by_one_as_scalar,
    _rewritten,
    _words,
    _written,
)


def _follows(certificate: dict, parts: list[Part] | None) -> bool:
    """Whether every part's obligations are about that part's claim, or the chain's links meet
    the claim end to end."""
    if certificate.get("mechanism") == "chain":
        return _links_meet(certificate)
    return parts is not None and all(_part_follows(part) for part in parts)


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
