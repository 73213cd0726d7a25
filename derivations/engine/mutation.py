"""Perturb every step and require the checker to notice: a step that cannot fail proves nothing.

For each step, four perturbations of its claim: ``rhs + 1``, ``rhs × 2`` (when
``rhs ≠ 0``), the negated relation, and the first non-zero constant of ``rhs``
moved to a nearby value. Each must be *rejected*, unless the perturbed claim is
still true: automatically when it is a weakening of the original (``a ≤ b`` to
``a ≤ b + 1``, decided exactly), or when the step says why in its ``still_true``.
A perturbation that passes with neither is a *false pass*: either the check
cannot fail, or the step must explain.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

import sympy

from derivations.engine.algebra import is_symbolic_matrix
from derivations.engine.derivation import Derivation, Step
from derivations.engine.kernel import decide
from derivations.engine.relation import Relation
from derivations.engine.verify import verify_step

MUTANT_SECONDS = 10.0
KINDS = ("rhs+1", "rhs*2", "negated", "constant")


@dataclass(frozen=True)
class MutantResult:
    """What became of one perturbation: ``killed``, ``still-true``, ``false-pass``, or ``stale``
    (declared still true, yet rejected: the declaration is wrong)."""

    slug: str
    label: str
    kind: str
    outcome: str
    detail: str


def _plus_one(side: sympy.Basic) -> sympy.Basic:
    if isinstance(side, sympy.MatrixBase):
        return side + sympy.ones(*side.shape)
    if is_symbolic_matrix(side):
        rows, cols = side.shape
        extra = sympy.Identity(rows) if rows == cols else sympy.OneMatrix(rows, cols)
        return side + extra
    return side + 1


def _is_zero(side: sympy.Basic) -> bool:
    if isinstance(side, sympy.MatrixBase):
        return all(entry == 0 for entry in side)
    return isinstance(side, sympy.ZeroMatrix) or side == 0


def _constants(expression: sympy.Basic) -> list[sympy.Rational]:
    """The rational constants of ``expression`` in reading order, not counting the sizes of
    matrix symbols or identities (a shape is not a value)."""
    if isinstance(expression, sympy.MatrixSymbol | sympy.Identity | sympy.ZeroMatrix
                  | sympy.OneMatrix):
        return []
    if isinstance(expression, sympy.Rational):
        return [expression]
    if isinstance(expression, sympy.MatrixBase):
        return [c for entry in expression for c in _constants(entry)]
    return [c for argument in expression.args for c in _constants(argument)]


def _nearby_constant(side: sympy.Basic) -> sympy.Basic | None:
    """``side`` with its first non-zero constant moved: ``c ↦ c + 1``, ``p/q ↦ (p+1)/q``."""
    constants = [c for c in _constants(side) if c != 0]
    preferred = [c for c in constants if c not in (1, -1)]
    if preferred:
        node = preferred[0]
        moved = node + 1 if node.is_Integer else sympy.Rational(node.p + 1, node.q)
        return side.xreplace({node: moved})
    if constants:
        return side.xreplace({constants[0]: constants[0] * 2 + 1})
    return None


def mutants(step: Step) -> Iterator[tuple[str, Step | str]]:
    """``(kind, perturbed step)``, or ``(kind, why not)`` when registration refuses the step.

    Display forms are dropped: a perturbed claim is judged on its logic, not on
    its display no longer matching.
    """
    plain = dataclasses.replace
    candidates: list[tuple[str, dict]] = [("rhs+1", {"rhs": _plus_one(step.rhs)})]
    if not _is_zero(step.rhs):
        candidates.append(("rhs*2", {"rhs": 2 * step.rhs}))
    candidates.append(("negated", {"relation": step.relation.negated}))
    moved = _nearby_constant(step.rhs) if not isinstance(step.rhs, sympy.MatrixBase) else None
    if isinstance(step.rhs, sympy.MatrixBase):
        entries = [(i, _nearby_constant(e)) for i, e in enumerate(step.rhs)]
        entries = [(i, e) for i, e in entries if e is not None]
        if entries:
            index, value = entries[0]
            flat = list(step.rhs)
            flat[index] = value
            moved = sympy.ImmutableMatrix(*step.rhs.shape, flat)
    if moved is not None and moved != step.rhs:
        candidates.append(("constant", {"rhs": moved}))
    for kind, change in candidates:
        try:
            yield kind, plain(step, display_lhs=None, display_rhs=None, **change)
        except Exception as refused:  # a perturbation SymPy cannot even build is not a claim
            yield kind, f"refused at registration: {type(refused).__name__}: {refused}"


def _weakening(original: Step, mutant: Step, derivation: Derivation) -> bool:
    """Whether ``mutant`` follows from ``original`` by loosening its bound, decided exactly."""
    if mutant.relation is not original.relation or not original.relation.direction:
        return False
    wanted = Relation.GE if original.relation.direction < 0 else Relation.LE
    try:
        return decide(derivation.concrete(mutant.rhs), wanted,
                      derivation.concrete(original.rhs)).passed
    except Exception:
        return False


def run(derivation: Derivation, seconds: float = MUTANT_SECONDS) -> list[MutantResult]:
    """Every perturbation of every step of ``derivation``, judged."""
    found = []
    for step in derivation.steps:
        for kind, mutant in mutants(step):
            if isinstance(mutant, str):
                found.append(MutantResult(derivation.slug, step.label, kind, "killed", mutant))
                continue
            verdict = verify_step(mutant, derivation, seconds)
            if not verdict.passed and kind in step.still_true:
                outcome, detail = "stale", "still_true says this stays true, but it is rejected"
            elif not verdict.passed:
                outcome, detail = "killed", verdict.detail
            elif kind in step.still_true:
                outcome, detail = "still-true", step.still_true[kind]
            elif _weakening(step, mutant, derivation):
                outcome, detail = "still-true", "a weaker bound than the claim (decided)"
            else:
                outcome, detail = "false-pass", f"the perturbed claim passed: {mutant.latex()}"
            found.append(MutantResult(derivation.slug, step.label, kind, outcome, detail))
    undeclared = set()
    for step in derivation.steps:
        undeclared |= {(step.label, k) for k in step.still_true if k not in KINDS}
    if undeclared:
        raise ValueError(f"still_true of {derivation.slug!r} names unknown perturbations "
                         f"{sorted(undeclared)}; known: {KINDS}")
    return found
