"""Verification results as plain records, computed across processes.

A derivation holds lambdas and SymPy objects that do not cross a process
boundary, so workers send back these records instead. The command line, the
site's verification report and its cache all read them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass

from derivations.engine import verdicts
from derivations.engine.registry import get
from derivations.engine.scope import ScopeKind
from derivations.engine.verify import verify


@dataclass(frozen=True)
class StepRecord:
    """One step's verdict and scope as the report shows it."""

    label: str
    kind: str
    check: str
    passed: bool
    detail: str
    scope: str
    scope_label: str
    milliseconds: float
    certificate: dict | None = None


@dataclass(frozen=True)
class DerivationRecord:
    """One derivation's verdicts; it is published only if it passed."""

    slug: str
    title: str
    chapter: int
    conclusion: str
    scope: str
    scope_label: str
    claims_every_size: bool
    fixed_size_because: str
    problems: tuple[str, ...]
    steps: tuple[StepRecord, ...]

    @property
    def passed(self) -> bool:
        return not self.problems and all(step.passed for step in self.steps)

    def failures(self) -> list[str]:
        lines = [f"{self.slug} › {s.label}: {s.detail}" for s in self.steps if not s.passed]
        return lines + [f"{self.slug}: {problem}" for problem in self.problems]

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> DerivationRecord:
        steps = tuple(StepRecord(**step) for step in data["steps"])
        return cls(**{**data, "steps": steps, "problems": tuple(data["problems"])})


def record(slug: str, seconds: float | None = None) -> DerivationRecord:
    """Verify the derivation ``slug`` and describe the outcome as a record.

    A derivation that its builder cannot construct (registration refuses it) is a
    failed record that says why, so one malformed derivation does not hide the rest.
    """
    try:
        derivation = get(slug)
    except (ValueError, TypeError, KeyError) as refused:
        return DerivationRecord(slug=slug, title=slug, chapter=0, conclusion="", scope="numeric",
                                scope_label="unknown", claims_every_size=False,
                                fixed_size_because="", problems=(f"cannot be built: {refused}",),
                                steps=())
    result = verify(derivation, seconds)
    return DerivationRecord(
        slug=slug, title=derivation.title, chapter=derivation.chapter,
        conclusion=derivation.conclusion_step.label, scope=result.scope.name,
        scope_label=result.scope.label, claims_every_size=derivation.claims_every_size,
        fixed_size_because=derivation.fixed_size_because, problems=result.problems,
        steps=tuple(
            StepRecord(label=r.step.label, kind=r.step.check.kind,
                       check=r.step.check.describe(), passed=r.verdict.passed,
                       detail=r.verdict.detail, scope=r.scope.name, scope_label=r.scope.label,
                       milliseconds=round(r.seconds * 1000, 1), certificate=r.certificate)
            for r in result.steps
        ),
    )


def default_jobs() -> int:
    """One worker per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)


def records(slugs: list[str], jobs: int | None = None, seconds: float | None = None,
            progress: Callable[[DerivationRecord], None] | None = None,
            reuse: bool = True) -> list[DerivationRecord]:
    """Records for ``slugs`` in their order, verified by ``jobs`` processes (one per core).

    With ``reuse``, a derivation whose sources did not change since it last passed, and
    whose kept certificates re-check against its current claims, is not verified again
    (see :mod:`derivations.engine.verdicts`). Every fresh outcome replaces what was kept.
    """
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise ValueError(f"jobs: expected a positive number of processes, got {jobs}")
    found: dict[str, DerivationRecord] = {}
    pending = []
    for slug in slugs:
        kept = verdicts.load(slug) if reuse else None
        if kept is None:
            pending.append(slug)
            continue
        found[slug] = DerivationRecord.from_dict(kept)
        if progress is not None:
            progress(found[slug])
    for item in _run(pending, jobs, seconds):
        found[item.slug] = item
        if item.passed:
            verdicts.keep(item.slug, item.as_dict())
        else:
            verdicts.forget(item.slug)
        if progress is not None:
            progress(item)
    return [found[slug] for slug in slugs]


def _run(slugs: list[str], jobs: int, seconds: float | None) -> Iterator[DerivationRecord]:
    if jobs == 1 or len(slugs) < 2:
        for slug in slugs:
            yield record(slug, seconds)
        return
    # Longest derivations first would balance better, but their cost is unknown before a run;
    # chunks of one keep both workers busy to the end.
    context = multiprocessing.get_context("fork")
    with context.Pool(min(jobs, len(slugs))) as pool:
        yield from pool.imap_unordered(_record_in_worker, [(s, seconds) for s in slugs],
                                       chunksize=1)


def _record_in_worker(arguments: tuple[str, float | None]) -> DerivationRecord:
    slug, seconds = arguments
    return record(slug, seconds)


def scope_totals(found: list[DerivationRecord]) -> dict[str, dict[str, int]]:
    """Steps counted by kind of check and by scope: ``{kind: {scope: count}}``."""
    totals: dict[str, dict[str, int]] = {}
    for item in found:
        for step in item.steps:
            by_scope = totals.setdefault(step.kind, {})
            by_scope[step.scope] = by_scope.get(step.scope, 0) + 1
    return totals


def fixed_size_only(found: list[DerivationRecord]) -> list[DerivationRecord]:
    """Derivations that claim every size but whose conclusion is checked at one fixed size."""
    return [item for item in found
            if item.claims_every_size and item.scope != ScopeKind.GENERAL.name.lower()]
