"""Every registered derivation verified once per change of the derivations' sources.

The site refuses to publish a derivation that does not verify. Results are
cached under a digest of every file in ``derivations/`` so an unchanged tree
serves in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from derivations.engine import all_derivations, verify
from sitebuild.cache import load_or_compute, sources_digest


@dataclass(frozen=True)
class StepRecord:
    """One step's verdict as the report shows it."""

    label: str
    kind: str
    check: str
    passed: bool
    detail: str
    milliseconds: float


@dataclass(frozen=True)
class DerivationRecord:
    """One derivation's verdicts; it is published only if every step passed."""

    slug: str
    title: str
    chapter: int
    steps: tuple[StepRecord, ...]

    @property
    def passed(self) -> bool:
        return all(step.passed for step in self.steps)


def _run_all() -> list[dict]:
    records = []
    for derivation in all_derivations():
        result = verify(derivation)
        records.append({
            "slug": derivation.slug, "title": derivation.title, "chapter": derivation.chapter,
            "steps": [
                {"label": r.step.label, "kind": r.step.check.kind,
                 "check": r.step.check.describe(), "passed": r.verdict.passed,
                 "detail": r.verdict.detail, "milliseconds": round(r.seconds * 1000, 1)}
                for r in result.steps
            ],
        })
    return records


def verified_records() -> list[DerivationRecord]:
    """Verification records for every derivation, from the cache when the sources are unchanged."""
    raw = load_or_compute("verification", sources_digest("derivations"), _run_all)
    return [
        DerivationRecord(d["slug"], d["title"], d["chapter"],
                         tuple(StepRecord(**step) for step in d["steps"]))
        for d in raw
    ]
