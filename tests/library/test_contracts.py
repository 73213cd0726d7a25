"""The judges judge: each contract rejects a wrong answer, the refusal rule rejects a raw or
misnamed error, and the Hypothesis driver fails a function that is wrong, crashes or hangs."""

from __future__ import annotations

import math
import time
from datetime import timedelta

import gmpy2
import numpy
import pytest
from hypothesis import strategies as st
from hypothesis.errors import DeadlineExceeded

from derivations import bptt, dynamics, fibonacci, hidden_state, init
from tests.library.contracts import CONTRACTS, bound_arguments, refusal_problem
from tests.library.properties import Profile, check_function


def judge(name: str, function, result, *args, **kwargs) -> None:
    CONTRACTS[name](result, bound_arguments(function, args, kwargs))


def test_exact_integers_must_be_exact_python_ints():
    judge("fibonacci.fib", fibonacci.fib, int(gmpy2.fib(90)), 90)
    with pytest.raises(AssertionError):
        judge("fibonacci.fib", fibonacci.fib, int(gmpy2.fib(90)) + 1, 90)
    with pytest.raises(AssertionError):  # right value, but an overflow-prone NumPy integer
        judge("fibonacci.fib", fibonacci.fib, numpy.int64(gmpy2.fib(90)), 90)


def test_a_power_must_be_exact_and_counted_right():
    right = fibonacci.PowerByRepeatedSquaring(((34, 55), (55, 89)), 4)
    judge("fibonacci.power_by_repeated_squaring", fibonacci.power_by_repeated_squaring, right,
          fibonacci.FIBONACCI_MATRIX, 10)
    for wrong in (fibonacci.PowerByRepeatedSquaring(((34, 55), (55, 89)), 5),
                  fibonacci.PowerByRepeatedSquaring(((34.0, 55), (55, 89)), 4),
                  fibonacci.PowerByRepeatedSquaring(((34, 55), (55, 88)), 4)):
        with pytest.raises(AssertionError):
            judge("fibonacci.power_by_repeated_squaring", fibonacci.power_by_repeated_squaring,
                  wrong, fibonacci.FIBONACCI_MATRIX, 10)


def test_binet_precision_must_be_the_least_that_works():
    judge("fibonacci.minimal_binet_precision", fibonacci.minimal_binet_precision, 61, 80)
    for wrong in (60, 62):
        with pytest.raises(AssertionError):
            judge("fibonacci.minimal_binet_precision", fibonacci.minimal_binet_precision,
                  wrong, 80)


@pytest.mark.parametrize("spoil", [
    lambda q: q * 1.001,  # not orthonormal at the gain
    lambda q: numpy.where(q == q.flat[0], numpy.nan, q),  # nan
    lambda q: q.astype(numpy.float32),  # another dtype than asked for
    lambda q: q.T,  # another shape
])
def test_an_orthogonal_matrix_must_be_orthogonal_finite_and_as_asked(spoil):
    q = init.orthogonal((5, 3), gain=2.0, rng=0)
    judge("init.orthogonal", init.orthogonal, q, (5, 3), gain=2.0, rng=0)
    with pytest.raises(AssertionError):
        judge("init.orthogonal", init.orthogonal, spoil(q), (5, 3), gain=2.0, rng=0)


def test_jacobian_norms_must_respect_the_chapter_bound():
    weights = 0.5 * numpy.eye(2)  # η = 0.5 for tanh: ‖∂x_l/∂x_0‖ ≤ 0.5ˡ
    norms = bptt.jacobian_norms(weights, "tanh", 3)
    judge("bptt.jacobian_norms", bptt.jacobian_norms, norms, weights, "tanh", 3)
    for lag, value in ((2, 0.3), (3, numpy.nan), (1, numpy.inf)):
        spoiled = norms.copy()
        spoiled[lag] = value
        with pytest.raises(AssertionError):
            judge("bptt.jacobian_norms", bptt.jacobian_norms, spoiled, weights, "tanh", 3)


def test_a_trajectory_must_follow_its_update_rule_at_every_step():
    weights = dynamics.FEEDBACK_MATRICES["diffusion"]
    path = dynamics.trajectories("feedback", weights, steps=4)
    judge("dynamics.trajectories", dynamics.trajectories, path, "feedback", weights, steps=4)
    path[1, 3, 0] += 1e-9
    with pytest.raises(AssertionError):
        judge("dynamics.trajectories", dynamics.trajectories, path, "feedback", weights, steps=4)


def test_a_step_may_differ_by_the_rounding_of_a_cancelling_sum_and_no_more():
    """W h = 0 exactly here, yet a correct floating-point sum of ±20 terms of size ≈ 190
    lands ≈ 1.4e-14 from zero (the wide Hypothesis run found such a case); the contract
    allows that rounding bound, γₙ|W||h| ≈ 6e-13, and no blanket slack beyond it."""
    weights = numpy.array([[5.0, 10.0, -5.0, -5.0, -5.0]] * 5)
    state = numpy.full(5, 37.633248405)
    floating = dynamics.vanilla_step(weights, state)
    assert numpy.abs(floating).max() > 1e-15  # the case an ulp-sized allowance refused
    judge("dynamics.vanilla_step", dynamics.vanilla_step, floating, weights, state)
    with pytest.raises(AssertionError):
        judge("dynamics.vanilla_step", dynamics.vanilla_step, floating + 1e-11, weights, state)


def test_the_stable_gamma_must_survive_cancellation():
    # (1 − √(1 − ε²ω²))/ε in float64 gives 0 here; the true value is εω²/2 ≈ 7.9e-215.
    with pytest.raises(AssertionError):
        judge("dynamics.smallest_stable_gamma", dynamics.smallest_stable_gamma, 0.0, 1.0,
              1.2558768891397063e-107)
    judge("dynamics.smallest_stable_gamma", dynamics.smallest_stable_gamma,
          1.2558768891397063e-107**2 / 2, 1.0, 1.2558768891397063e-107)


def test_a_clipped_gradient_must_not_exceed_the_threshold():
    gradient = numpy.array([3.0, 4.0])
    judge("bptt.clip_by_norm", bptt.clip_by_norm, numpy.array([0.6, 0.8]), gradient, 1.0)
    with pytest.raises(AssertionError):
        judge("bptt.clip_by_norm", bptt.clip_by_norm, numpy.array([0.61, 0.8]), gradient, 1.0)
    with pytest.raises(AssertionError):  # right length, wrong direction
        judge("bptt.clip_by_norm", bptt.clip_by_norm, numpy.array([0.8, 0.6]), gradient, 1.0)


@pytest.mark.parametrize(("error", "blamed", "clean"), [
    (TypeError("n: expected an int, got str '5'"), None, True),
    (ValueError("size, steps: 10 entries, more than the 5 allowed"), "steps", True),
    (ValueError("shape: expected non-negative"), "hidden", False),  # names the wrong argument
    (numpy.linalg.LinAlgError("SVD did not converge"), None, False),  # raw NumPy message
    (ValueError("matmul: Input operand 1 has a mismatch"), None, False),
    (IndexError("index 0 is out of bounds"), None, False),
    (OverflowError("n: int too large"), None, False),
])
def test_a_clean_refusal_is_a_type_or_value_error_naming_the_argument(error, blamed, clean):
    problem = refusal_problem(error, ("n", "size", "steps", "hidden", "shape"), blamed)
    assert (problem is None) == clean, problem


QUICK = Profile(examples=20, deadline=timedelta(milliseconds=200), wide=False)


def halve(x: float) -> float:
    """A stand-in library function for the driver's own tests."""
    return x / 2


def halved(result: float, a: dict) -> None:
    assert result == a["x"] / 2


def test_the_driver_accepts_a_correct_function(monkeypatch):
    monkeypatch.setitem(CONTRACTS, "test.halve", halved)
    check_function("test.halve", halve, {"x": st.floats(-10, 10)}, QUICK)


@pytest.mark.parametrize(("broken", "failure"), [
    (lambda x: x / 2 + 1e-9, AssertionError),  # a wrong answer
    (lambda x: [][0], IndexError),  # a crash
    (lambda x: math.log(-1 - abs(x)), ValueError),  # a raw error ("math domain error")
    pytest.param(lambda x: time.sleep(0.5), DeadlineExceeded, marks=pytest.mark.slow),  # too slow
])
def test_the_driver_fails_a_function_that_is_wrong_crashes_or_hangs(broken, failure,
                                                                    monkeypatch):
    def function(x: float) -> float:
        return broken(x)

    monkeypatch.setitem(CONTRACTS, "test.broken", halved)
    with pytest.raises((failure, AssertionError)):  # one value: nothing to shrink
        check_function("test.broken", function, {"x": st.just(3.0)}, QUICK)


def test_eigenvalues_must_be_eigenvalues_all_of_them_sorted_by_angle():
    matrix = numpy.array([[0.0, -2.0], [2.0, 0.5]])
    values = hidden_state.eigenvalues(matrix)
    judge("hidden_state.eigenvalues", hidden_state.eigenvalues, values, matrix)
    for wrong in (values + 1e-6, numpy.array([values[0], values[0]]), values[::-1]):
        with pytest.raises(AssertionError):
            judge("hidden_state.eigenvalues", hidden_state.eigenvalues, wrong, matrix)
