"""The checker against the red-team corpus: every false claim is rejected, every control passes.

A false case is rejected when its derivation is refused at construction (``ValueError`` or
``TypeError``), or when verification fails at its conclusion or at a step the conclusion rests
on (a failure elsewhere would not say anything about the false claim), or when the derivation as
a whole is reported with a problem.
"""

from __future__ import annotations

from collections import Counter

import pytest

from derivations.engine import Derivation, DerivationResult, verify
from tests.derivations.redteam.corpus import CASES, CONTROLS, MECHANISMS, Case

STEP_SECONDS = 10.0
MIN_PER_MECHANISM = 5
MIN_CASES = 80


def _cited(step) -> tuple[str, ...]:
    return tuple(step.given) + tuple(step.check.cites())


def _rests_on(built: Derivation) -> set[str]:
    """The conclusion's label and the labels of every step it rests on, through citations."""
    steps = {s.label: s for s in built.steps}
    found: set[str] = set()
    frontier = [built.conclusion_step.label]
    while frontier:
        label = frontier.pop()
        if label in found or label not in steps:
            continue
        found.add(label)
        frontier.extend(_cited(steps[label]))
    return found


def _report(result: DerivationResult) -> str:
    return "; ".join(f"{r.step.label}: {'pass' if r.verdict.passed else 'FAIL'} "
                     f"({r.verdict.detail})" for r in result.steps)


# Holes the kernel does not close yet. Strict: a case that starts being rejected fails here
# until it leaves this list.
STILL_ACCEPTED: set[str] = set()
# True claims the kernel refuses.
STILL_REFUSED: set[str] = set()


def _marked(cases: list[Case], known: set[str], reason: str) -> list:
    return [pytest.param(case, id=f"{case.mechanism}:{case.id}",
                         marks=[pytest.mark.xfail(strict=True, reason=reason)]
                         if case.id in known else [])
            for case in cases]


@pytest.mark.parametrize("case", _marked(CASES, STILL_ACCEPTED, "a hole the kernel still has"))
def test_false_claim_is_rejected(case: Case) -> None:
    try:
        built = case.build()
    except (ValueError, TypeError):
        return  # refused at construction
    result = verify(built, seconds=STEP_SECONDS)
    failed = {r.step.label for r in result.steps if not r.verdict.passed}
    rejected = bool(result.problems) or bool(failed & _rests_on(built))
    assert rejected, (f"false claim accepted [{case.mechanism}] {case.id}: {case.why} "
                      f"Verdicts: {_report(result)}")


@pytest.mark.parametrize("case", _marked(CONTROLS, STILL_REFUSED, "refused by the kernel"))
def test_true_control_passes(case: Case) -> None:
    result = verify(case.build(), seconds=STEP_SECONDS)
    assert result.passed, f"true control rejected [{case.mechanism}] {case.id}: {result.failures()}"


def test_corpus_shape() -> None:
    ids = [case.id for case in CASES + CONTROLS]
    duplicates = sorted(i for i, count in Counter(ids).items() if count > 1)
    assert not duplicates, f"duplicate ids: {duplicates}"
    unknown = sorted({case.mechanism for case in CASES + CONTROLS} - set(MECHANISMS))
    assert not unknown, f"unknown mechanisms: {unknown}"
    per_mechanism = Counter(case.mechanism for case in CASES)
    thin = {name: per_mechanism[name] for name in MECHANISMS
            if per_mechanism[name] < MIN_PER_MECHANISM}
    assert not thin, f"mechanisms with fewer than {MIN_PER_MECHANISM} false claims: {thin}"
    assert len(CASES) >= MIN_CASES, f"{len(CASES)} false claims, expected at least {MIN_CASES}"
    controlled = {case.mechanism for case in CONTROLS}
    assert controlled == set(MECHANISMS), f"mechanisms without a control: " \
                                          f"{sorted(set(MECHANISMS) - controlled)}"
    for case in CASES + CONTROLS:
        assert case.why.strip() and "\n" not in case.why, f"{case.id}: why must be one line"
