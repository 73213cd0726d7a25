"""The committed results cannot go stale: a slice is re-run here and must give *exactly* the
committed numbers (every operation in training is machine-independent and seeded)."""

from __future__ import annotations

import dataclasses
import io

import pytest

from experiments.analysis import find, load
from experiments.config import FULL, QUICK, REAL, Run, parse_arm
from experiments.sweep import run_sweep
from experiments.training import train

FULL_RESULTS = load("full")
QUICK_RESULTS = load("quick")
REAL_RESULTS = load("real")


def committed_run(sweep, results: dict, task: str, length: int, arm: str, seed: int
                  ) -> tuple[Run, dict]:
    return (Run(task, length, parse_arm(arm), seed, sweep.settings),
            find(results, task, length, arm, seed))


@pytest.mark.slow
def test_a_quick_run_is_reproduced_exactly() -> None:
    run, committed = committed_run(QUICK, QUICK_RESULTS, "order", 30, "antisymmetric-0.1", 1)
    assert train(run) == committed


@pytest.mark.slow
@pytest.mark.parametrize("sweep, results, task, length, arm, seed", [
    (FULL, FULL_RESULTS, "copy", 60, "gaussian-3", 4),
    (REAL, REAL_RESULTS, "mnist1d-shuffled", 40, "orthogonal", 3),
], ids=["full", "real-data"])
def test_the_first_updates_of_a_committed_run_are_reproduced_exactly(
        sweep, results, task, length, arm, seed) -> None:
    run, committed = committed_run(sweep, results, task, length, arm, seed)
    shortened = dataclasses.replace(run, settings=dataclasses.replace(run.settings, updates=50,
                                                                         snapshots=1))
    record = train(shortened)
    assert record["start"] == committed["start"]
    assert record["profiles"]["0"] == committed["profiles"]["0"]
    for name, values in record["curve"].items():
        assert values == committed["curve"][name][:2], name


def test_the_quick_sweep_is_the_start_of_the_full_one() -> None:
    # Same data, same initial weights, same arithmetic: the quick runs are prefixes.
    for arm in ("orthogonal", "gaussian-3"):
        quick = find(QUICK_RESULTS, "order", 30, arm, 0)
        full = find(FULL_RESULTS, "order", 30, arm, 0)
        assert quick["start"] == full["start"]
        assert quick["curve"]["test_metric"] == full["curve"]["test_metric"][:7]


@pytest.mark.parametrize("results", [FULL_RESULTS, REAL_RESULTS])
def test_chapter_3s_bound_holds_in_every_committed_measurement(results) -> None:
    checked = 0
    for run in results["runs"]:
        for profile in run["profiles"].values():
            if "bound" not in profile:
                continue
            for norm, bound in zip(profile["gradient_norms"], profile["bound"], strict=True):
                assert bound is None or norm <= bound * (1 + 2e-6)  # six digits each
                checked += 1
    assert checked >= 2 * len(results["runs"]) * 31


@pytest.mark.parametrize("sweep, results", [(FULL, FULL_RESULTS), (QUICK, QUICK_RESULTS),
                                            (REAL, REAL_RESULTS)])
def test_the_results_cover_their_sweep_and_say_what_produced_them(sweep, results) -> None:
    assert [(r["task"], r["length"], r["arm"], r["seed"]) for r in results["runs"]] == \
        [(run.task, run.length, run.arm.key, run.seed) for run in sweep.runs()]
    provenance = results["provenance"]
    assert provenance["sweep"] == sweep.describe()
    assert provenance["library"]["experiments"] and provenance["library"]["code_digest"]


def test_the_full_sweep_meets_the_issues_minimum() -> None:
    assert len(FULL.seeds) >= 5 and len(FULL.tasks) >= 2 and len(FULL.lengths) >= 2
    kinds = {arm.kind for arm in FULL.arms if arm.cell == "vanilla"}
    assert kinds == {"gaussian", "orthogonal", "identity", "rotation"}
    assert len([arm for arm in FULL.arms if arm.kind == "gaussian" and arm.cell == "vanilla"]) >= 3
    assert len([arm for arm in FULL.arms if arm.cell == "antisymmetric"]) >= 3


@pytest.mark.slow
def test_the_whole_quick_sweep_is_reproduced_exactly(tmp_path) -> None:
    results = run_sweep(QUICK, jobs=2, partial_root=tmp_path, stream=io.StringIO())
    assert results["runs"] == QUICK_RESULTS["runs"]


@pytest.mark.slow
def test_a_whole_full_run_is_reproduced_exactly() -> None:
    run, committed = committed_run(FULL, FULL_RESULTS, "order", 60, "orthogonal", 2)
    assert train(run) == committed
