"""``tests/conftest.py``: plain ``pytest`` leaves out the slow and browser tests unless they are
named, ``-m`` (as ``make test`` passes it) selects everything, and the long tests come first."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sitebuild.paths import ROOT

FILE = "tests/library/test_bptt.py"
SLOW = "test_underflow_is_shown_and_exact_norms_keep_the_bound"
FAST = "test_orthogonal_linear_keeps_norm_one_for_a_thousand_steps"


def run(*arguments: str) -> str:
    """The output of ``pytest -q arguments…``, which must pass."""
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             *arguments], cwd=ROOT, capture_output=True, text=True, check=False,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def collected(*arguments: str) -> set[str]:
    """The test names pytest would run for ``arguments`` (collected, not run)."""
    output = run("-n", "0", "--co", *arguments)
    return {line.partition("::")[2] for line in output.splitlines() if "::" in line}


@pytest.mark.slow
def test_slow_tests_run_only_when_named_or_chosen_with_m():
    plain = collected(FILE)
    assert FAST in plain
    assert SLOW not in plain
    assert collected(f"{FILE}::{SLOW}") == {SLOW}
    assert collected(f"{FILE}::{SLOW}", f"{FILE}::{FAST}") == {SLOW, FAST}
    everything = collected(FILE, "-m", "slow or not slow")
    assert {SLOW, FAST} <= everything
    assert everything > plain
    assert SLOW not in collected(FILE, "-m", "not slow")


@pytest.mark.slow
def test_naming_a_parametrized_test_runs_its_slow_cases_too():
    file, name = "tests/library/test_contracts.py", "test_the_driver_fails_a_function_that_is_wrong"
    name += "_crashes_or_hangs"
    plain = {case for case in collected(file) if case.startswith(name)}
    named = collected(f"{file}::{name}")
    assert len(named) == len(plain) + 1
    assert [case for case in named - plain if "DeadlineExceeded" in case]


@pytest.mark.slow
def test_tests_named_one_by_one_run_in_this_process_others_on_workers():
    assert "bringing up nodes" not in run(f"{FILE}::{FAST}")
    assert "bringing up nodes" in run(FILE, "-k", FAST)


@pytest.mark.slow
def test_the_long_tests_come_first_and_the_others_keep_their_order():
    file = "tests/experiments/test_gradients.py"
    output = run("-n", "0", "--co", "-m", "slow or not slow", file)
    names = [line.partition("::")[2] for line in output.splitlines() if "::" in line]
    long = "test_antisymmetric_gradient_is_sympys_jacobian_of_the_unrolled_network"
    assert names[:2] == [f"{long}[False]", f"{long}[True]"]
    assert names[2].startswith("test_gradients_match_central_differences[")  # the file's first
