"""Running the checks of a derivation and reporting each step's verdict."""

from __future__ import annotations

import time
from dataclasses import dataclass

from derivations.engine.checks import Verdict
from derivations.engine.derivation import Derivation, Step


@dataclass(frozen=True)
class StepResult:
    """A step with its verdict and how long deciding it took."""

    step: Step
    verdict: Verdict
    seconds: float


@dataclass(frozen=True)
class DerivationResult:
    """All step results of one derivation; ``passed`` only if every step passed."""

    derivation: Derivation
    steps: tuple[StepResult, ...]

    @property
    def passed(self) -> bool:
        return all(result.verdict.passed for result in self.steps)

    def failures(self) -> list[str]:
        """One line per failed step naming the derivation, the step and why."""
        return [
            f"{self.derivation.slug} › {result.step.label}: {result.verdict.detail}"
            for result in self.steps
            if not result.verdict.passed
        ]


def verify_step(step: Step, derivation: Derivation) -> StepResult:
    """Check one step; an exception inside SymPy is a failure with its message, not a crash."""
    started = time.perf_counter()
    try:
        verdict = step.check.verify(step, derivation)
    except Exception as error:
        verdict = Verdict(False, f"check raised {type(error).__name__}: {error}")
    return StepResult(step, verdict, time.perf_counter() - started)


def verify(derivation: Derivation) -> DerivationResult:
    """Check every step of ``derivation``, in order."""
    return DerivationResult(
        derivation, tuple(verify_step(step, derivation) for step in derivation.steps)
    )
