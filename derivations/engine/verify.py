"""Running the checks of a derivation and reporting each step's verdict and scope.

Every step runs under a time limit (default 20 s, ``$DERIVATIONS_STEP_TIMEOUT``):
a step past it fails with "timed out", it never hangs. A display form is part of
the claim: a step whose shown formula is not equal to its checked one fails.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from derivations.engine import certificates
from derivations.engine.derivation import Derivation, Relation, Step
from derivations.engine.kernel import Verdict, conclude, decide
from derivations.engine.scope import Scope, ScopeKind, narrowest
from derivations.engine.timelimit import TimeLimitExceeded, default_seconds, time_limit

CHECKS_MODULE = "derivations.engine.checks"


@dataclass(frozen=True)
class StepResult:
    """A step with its verdict, what its check proves, and how long deciding it took."""

    step: Step
    verdict: Verdict
    scope: Scope
    seconds: float
    certificate: dict | None = None


@dataclass(frozen=True)
class DerivationResult:
    """All step results of one derivation; ``passed`` only if every step and the whole passed."""

    derivation: Derivation
    steps: tuple[StepResult, ...]
    problems: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.problems and all(result.verdict.passed for result in self.steps)

    @property
    def scope(self) -> Scope:
        """The scope of the derivation's conclusion: what the theorem is proved for."""
        label = self.derivation.conclusion_step.label
        return next(r.scope for r in self.steps if r.step.label == label)

    def failures(self) -> list[str]:
        """One line per failed step (or whole-derivation problem) naming where and why."""
        lines = [
            f"{self.derivation.slug} › {result.step.label}: {result.verdict.detail}"
            for result in self.steps
            if not result.verdict.passed
        ]
        return lines + [f"{self.derivation.slug}: {problem}" for problem in self.problems]


def _display_verdict(step: Step, derivation: Derivation) -> Verdict:
    """Each display form proved equal to its side (a failing verdict if one is not)."""
    shown_equal = []
    for side, shown, name in ((step.lhs, step.display_lhs, "left"),
                              (step.rhs, step.display_rhs, "right")):
        if shown is None:
            continue
        verdict = decide(derivation.concrete(shown), Relation.EQ, derivation.concrete(side))
        if not verdict.passed:
            return Verdict(False, f"the displayed {name} side is not the checked one: "
                                  f"{verdict.detail}")
        shown_equal.append(verdict)
    return conclude("", shown_equal)


def step_claim(step: Step, derivation: Derivation) -> dict:
    """What a step's certificate is about: its sides as written (definitions substituted,
    nothing evaluated, so ``x/x`` keeps its denominator), relation and concrete facts."""
    facts = [(derivation.concrete(fact.lhs), fact.relation.symbol, derivation.concrete(fact.rhs),
              fact.every)
             for fact in (derivation.fact(label) for label in derivation.cited(step))]
    return certificates.claim(derivation.substitute(step.lhs), step.relation.symbol,
                              derivation.substitute(step.rhs), facts)


def verify_step(step: Step, derivation: Derivation, seconds: float | None = None) -> Verdict:
    """Check one step within ``seconds``; an exception inside SymPy is a failure, not a crash."""
    limit = default_seconds() if seconds is None else seconds
    if type(step.check).__module__ != CHECKS_MODULE:
        return Verdict(False, f"{type(step.check).__name__} is not one of the engine's checks "
                              f"({CHECKS_MODULE}): only the kernel decides")
    try:
        with time_limit(limit):
            shown = _display_verdict(step, derivation)
            verdict = shown if not shown.passed else step.check.verify(step, derivation)
            if verdict.passed:
                verdict = conclude(verdict.detail, [shown, verdict], verdict.structure)
    except TimeLimitExceeded as error:
        verdict = Verdict(False, str(error))
    except Exception as error:
        verdict = Verdict(False, f"check raised {type(error).__name__}: {error}")
    return verdict


def certificate(step: Step, derivation: Derivation, verdict: Verdict) -> dict | None:
    """The certificate of a passing step, for :mod:`derivations.engine.recheck`."""
    if not verdict.passed:
        return None
    return {"label": step.label, "mechanism": step.check.kind,
            "claim": step_claim(step, derivation), "obligations": list(verdict.obligations),
            "structure": verdict.structure}


def step_scope(step: Step, derivation: Derivation, known: dict[str, Scope]) -> Scope:
    """The step's own scope, narrowed by the steps it cites (``known`` holds theirs)."""
    own = step.check.scope(step, derivation)
    cited = [known[label] for label in derivation.cited(step) if label in known]
    return narrowest([own, *cited])


def verify(derivation: Derivation, seconds: float | None = None) -> DerivationResult:
    """Check every step of ``derivation``, in order, each within ``seconds``."""
    results, scopes = [], {}
    for step in derivation.steps:
        started = time.perf_counter()
        verdict = verify_step(step, derivation, seconds)
        try:
            scope = step_scope(step, derivation, scopes)
        except Exception as error:  # a malformed step cannot be scoped: report, do not crash
            scope = Scope(ScopeKind.NUMERIC, "unknown")
            verdict = Verdict(False, f"scope: {type(error).__name__}: {error}") \
                if verdict.passed else verdict
        scopes[step.label] = scope
        results.append(StepResult(step, verdict, scope, time.perf_counter() - started,
                                  certificate(step, derivation, verdict)))
    result = DerivationResult(derivation, tuple(results))
    problems = []
    if (derivation.claims_every_size and result.scope.kind is not ScopeKind.GENERAL
            and not derivation.fixed_size_because):
        problems.append(f"claims every size but its conclusion is checked {result.scope.label};"
                        " prove it at symbolic size or say why in fixed_size_because")
    if derivation.fixed_size_because and result.scope.kind is ScopeKind.GENERAL:
        problems.append("fixed_size_because is given, but the conclusion is proved "
                        f"{result.scope.label}: remove it")
    return DerivationResult(derivation, tuple(results), tuple(problems))
