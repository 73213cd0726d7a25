"""Which rules between matrices a part may rewrite its words by: only those its facts give.

The kernel records the rules it rewrote a difference of matrices of symbolic size with (such as
``QᵀQ → I``). A rule that held nowhere would let any claim follow, so each is checked here to be
a non-zero multiple of an equation among the part's facts, of its transpose or of its conjugate
transpose; the only rules added are the inverse's definition, for a matrix a fact declares
invertible.
"""

from __future__ import annotations

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.outcome import Rejected
from derivations.engine.recheck.parts import Part
from derivations.engine.recheck.words import _evaluated, _plus, _transposed, _words


def _rules(part: Part) -> list[tuple[tuple, dict]]:
    """The part's word rules, each checked here to follow from an equation among its facts
    (the fact itself, its transpose or its conjugate transpose, up to a scalar the facts
    declare non-zero); :class:`Rejected` for one that does not. A rule that is not a
    polynomial in matrix symbols the re-checker reads (an inverse, a conjugate) is left out: the
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
