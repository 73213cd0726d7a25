"""No step that cannot fail: every perturbation of every registered step is rejected, unless it
stays true for a reason the harness decides (a looser bound) or the step states."""

from __future__ import annotations

import pytest
import sympy

from derivations.engine import (
    Derivation,
    Relation,
    Step,
    Symbolic,
    Verdict,
    get,
    slugs,
    verify,
)
from derivations.engine.mutation import mutants, run

x = sympy.Symbol("x", real=True)


def _one(step: Step) -> Derivation:
    return Derivation(slug="probe", title="probe", chapter=1, source="test",
                      statement="A probe.", hypotheses=(), steps=(step,))


def test_a_check_that_cannot_fail_is_caught(monkeypatch: pytest.MonkeyPatch):
    # The kernel refuses a rewrite that hides the difference, so a blind check is simulated.
    monkeypatch.setattr(Symbolic, "verify", lambda self, step, derivation: Verdict(True, "blind"))
    blind = Step("blind", x**2, x + 3, "Anything goes.", Symbolic())
    outcomes = {result.kind: result.outcome for result in run(_one(blind))}
    assert outcomes["rhs+1"] == "false-pass" and outcomes["rhs*2"] == "false-pass"


def test_a_rewrite_that_hides_the_difference_is_refused_by_the_kernel():
    blind = Step("blind", x**2, x + 3, "Anything goes.", Symbolic(rewrite=lambda e: e * 0))
    assert not verify(_one(blind)).passed


def test_an_honest_check_kills_every_perturbation():
    honest = Step("square", (x + 3) ** 2, x**2 + 6 * x + 9, "Expand.", Symbolic())
    results = run(_one(honest))
    assert {r.kind for r in results} == {"rhs+1", "rhs*2", "negated", "constant"}
    assert all(r.outcome == "killed" for r in results), results


def test_a_looser_bound_is_still_true_and_says_so():
    bound = Step("bound", x**2, x**2 + 1, "One more.", Symbolic(), Relation.LT)
    outcomes = {r.kind: r for r in run(_one(bound))}
    assert outcomes["rhs+1"].outcome == "still-true"
    assert "weaker" in outcomes["rhs+1"].detail
    assert outcomes["negated"].outcome == "killed"


def test_a_declared_still_true_perturbation_that_fails_is_stale():
    step = Step("square", (x + 3) ** 2, x**2 + 6 * x + 9, "Expand.", Symbolic(),
                still_true={"rhs+1": "it is not, really"})
    outcomes = {r.kind: r.outcome for r in run(_one(step))}
    assert outcomes["rhs+1"] == "stale"


def test_perturbations_drop_display_forms():
    honest = Step("s", (x + 1) ** 2, x**2 + 2 * x + 1, "Expand.", Symbolic(),
                  display_rhs=sympy.Add(x**2, 2 * x, 1, evaluate=False))
    for _, mutant in mutants(honest):
        assert isinstance(mutant, str) or mutant.display_rhs is None


@pytest.mark.slow
@pytest.mark.parametrize("slug", slugs())
def test_every_perturbation_of_every_step_is_rejected_or_explained(slug):
    bad = [f"{r.label} [{r.kind}] {r.outcome}: {r.detail}" for r in run(get(slug))
           if r.outcome in ("false-pass", "stale")]
    assert bad == []
