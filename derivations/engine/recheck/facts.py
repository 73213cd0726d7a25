"""Relations read as scalars: a claim's facts, and any two sides, as the entries they make vanish.

Every check of the re-checker ends in polynomials that must expand to 0, so relations become
such entries in one place: the polynomials a claim's equations make vanish, the differences its
inequations keep from 0, and the entries of ``lhs − rhs`` (explicit matrices entry by entry,
matrices of symbolic size word by word, 1×1 products under the scalar names the kernel recorded,
checked here to be fresh and to mean one thing each).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from derivations.engine import certificates
from derivations.engine.recheck.forms import _numerator
from derivations.engine.recheck.outcome import Rejected
from derivations.engine.recheck.words import (
    _evaluated,
    _explicit,
    _one_by_one_as_scalar,
    _plus,
    _rewritten,
    _transposed,
    _words,
)


def _loaded_facts(claim: dict, at: dict | None = None) -> list[list]:
    """The claim's facts with ``at`` substituted, as ``[lhs, relation, rhs, every]``."""
    facts = []
    for lhs, relation, rhs, *every in claim.get("facts", []):
        a, b = certificates.load(lhs), certificates.load(rhs)
        if at:
            a, b = a.subs(at), b.subs(at)
        facts.append([a, relation, b, [certificates.load(s) for s in (every[0] if every else [])]])
    return facts


def _fact_generators(claim: dict) -> set[sympy.Basic]:
    """The polynomials the claim's equations make vanish, expanded (numerators of scalars)."""
    return _generators_of(_loaded_facts(claim))


def _generators_of(facts: list[list], names: Names | None = None) -> set[sympy.Basic]:
    found: set[sympy.Basic] = set()
    for lhs, relation, rhs, _ in facts:
        if relation != "=":
            continue
        for entry in _difference(lhs, rhs, names):
            found.add(_numerator(entry))
    return found


def _named_nonzero(facts: list[list], names: Names) -> set[sympy.Basic]:
    """The facts' differences ``a − b`` of ``a ≠ b``, with products of matrices named."""
    found = set()
    for lhs, relation, rhs, _ in facts:
        if relation == "≠":
            found.update(sympy.expand(entry) for entry in _difference(lhs, rhs, names))
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


def _same(a: sympy.Basic, b: sympy.Basic) -> bool:
    """Equal as written, or after evaluation and expansion (entry by entry)."""
    if a == b:
        return True
    entries = _entries(_evaluated(a), _evaluated(b))
    return entries is not None and all(sympy.expand(e) == 0 for e in entries)
