"""The calls issue 12 found hanging, aborting the interpreter, silently wrong or wrongly refused:
each now ends at once with a clean error or the right answer.

The hazards that used to kill or freeze the interpreter run in a child process with a time
limit, so that a regression fails this test instead of taking the test run down with it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy
import pytest

from derivations import (
    arguments,
    bptt,
    dynamics,
    fibonacci,
    haar,
    hidden_state,
    init,
    matrix_powers,
)

HAZARDS = {
    "fibonacci.fib(10**12)": "n: expected an int from",
    "fibonacci.fib(-10**12)": "n: expected an int from",
    "fibonacci.binet(10, 10**12)": "bits: expected an int from 2 to",
    "fibonacci.binet(10**12, 64)": "n: expected an int from",
    "init.polar_factor(numpy.array([[1.0, numpy.inf], [0.0, 1.0]]))": "gaussian: expected finite",
    "init.orthogonal_gates(1, 10**8)": "gates: expected an int from 0 to 1024",
    "hidden_state.rotation_orbit(0.5, 10**8)": "steps: expected an int from 0 to 1000000",
    "matrix_powers.powers(numpy.eye(3), 10**12)": "steps: expected an int from 0 to",
    "dynamics.trajectories('feedback', numpy.eye(2), steps=10**8)": "steps: expected an int",
    "init.orthogonal((2**14, 2**14))": "shape: 268,435,456 entries, more than",
}


@pytest.mark.slow
def test_calls_that_hung_or_aborted_now_end_with_a_named_error():
    script = textwrap.dedent("""
        import numpy
        from derivations import dynamics, fibonacci, hidden_state, init, matrix_powers
        for call in CALLS:
            try:
                eval(call)
                print("returned")
            except ValueError as error:
                print(str(error))
    """).replace("CALLS", repr(list(HAZARDS)))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.splitlines()
    assert len(lines) == len(HAZARDS)
    for (call, expected), line in zip(HAZARDS.items(), lines, strict=True):
        assert line.startswith(expected), f"{call}: {line}"


def test_the_binet_scan_ends_even_if_binet_is_wrong(monkeypatch):
    """With √6 for √5 no precision ever gives F(n): the scan must stop at its bound."""
    import mpmath

    def six(n: int, bits: int) -> int:
        with mpmath.workprec(bits):
            root = mpmath.sqrt(6)
            return int(mpmath.nint((((1 + root) / 2) ** n - ((1 - root) / 2) ** n) / root))

    monkeypatch.setattr(fibonacci, "binet", six)
    with pytest.raises(RuntimeError, match=r"^n: no precision up to \d+ bits"):
        fibonacci.minimal_binet_precision(50)


V, T = ValueError, TypeError
ZEROS, EYE = numpy.zeros(2), numpy.eye(2)


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: init.orthogonal((3, 3), gain=1e39, dtype="float32"), V, "gain: 1e+39 overflows"),
    (lambda: init.orthogonal((3, 3), gain=1e-40, dtype="float32"), V, "gain: 1e-40 underflows"),
    (lambda: init.identity((3, 3), gain=1e39, dtype="float32"), V, "gain: 1e+39 overflows"),
    (lambda: init.identity((2, 2), gain=1e-46, dtype="float32"), V, "gain: 1e-46 underflows"),
    (lambda: init.householder_haar(numpy.array([[numpy.nan], [1.0]])), V, "gaussians: expected"),
    (lambda: dynamics.feedback_step(EYE, ZEROS, -0.1), V, "epsilon: expected"),
    (lambda: dynamics.feedback_step(EYE, ZEROS, numpy.nan), V, "epsilon: expected"),
    (lambda: dynamics.antisymmetric_rnn_step(ZEROS, ZEROS, EYE, -0.1, 0.1), V, "gamma: expected"),
    (lambda: dynamics.gated_antisymmetric_step(ZEROS, ZEROS, ZEROS, EYE, numpy.nan, 0.1), V,
     "gamma: expected"),
    (lambda: matrix_powers.powers(EYE + 1j), T, "matrix: expected real entries"),
    (lambda: dynamics.trajectories("vanilla", EYE + 1j), T, "weights: expected real entries"),
    (lambda: hidden_state.hidden_state_norms(EYE * 1j, 3), T, "matrix: expected real entries"),
    (lambda: matrix_powers.powers(3 * EYE, 1000), V, "matrix, steps: W^647 overflows"),
    (lambda: init.orthogonal_gates(-1, 4), V, "hidden: expected an int"),
    (lambda: init.dirac((4, 2, 3), groups=0), V, "groups: expected an int"),
    (lambda: bptt.trajectory(EYE, "relu", 3), V, "activation: expected one of"),
])
def test_results_that_were_silently_wrong_are_refused_naming_the_argument(call, error, message):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value).startswith(message), caught.value


def test_float32_results_keep_their_gain_where_it_fits():
    big = init.orthogonal((4, 4), gain=1e38, dtype="float32", rng=0)
    assert numpy.isfinite(big).all() and big.dtype == numpy.float32
    gram = (big.astype(numpy.float64) / 1e38).T @ (big.astype(numpy.float64) / 1e38)
    assert numpy.allclose(gram, numpy.eye(4), atol=1e-5)
    assert init.identity((2, 2), gain=1e-37, dtype="float32")[0, 0] == numpy.float32(1e-37)


def test_an_int64_matrix_power_is_exact_where_int64_would_overflow():
    result = fibonacci.power_by_repeated_squaring(numpy.array(fibonacci.FIBONACCI_MATRIX), 100)
    assert result.power[0][1] == 354224848179261915075  # F(100) > 2⁶³
    assert all(type(x) is int for row in result.power for x in row)


@pytest.mark.parametrize("call", [
    lambda: fibonacci.fib(numpy.int64(10)),
    lambda: fibonacci.binet(numpy.int32(10), numpy.int64(64)),
    lambda: matrix_powers.example_matrix("exploding", numpy.int64(4)),
    lambda: hidden_state.rotation_orbit(numpy.float32(0.5), numpy.int64(4)),
    lambda: haar.samples("polar", numpy.int64(3), numpy.int32(4), seed=numpy.uint8(1)),
    lambda: dynamics.trajectories("feedback", numpy.eye(2), steps=numpy.int64(3),
                                  epsilon=numpy.float32(0.1)),
    lambda: dynamics.smallest_stable_gamma(numpy.float32(0.1), numpy.float32(2.0)),
    lambda: dynamics.antisymmetric_rnn_step(numpy.zeros(2), numpy.zeros(2), numpy.eye(2),
                                            numpy.float32(0.1), numpy.float32(0.1)),
    lambda: bptt.recurrent_matrix("orthogonal", numpy.int64(4), scale=numpy.float32(2.0)),
    lambda: bptt.clip_by_norm(numpy.ones(3), numpy.float32(1.0)),
    lambda: init.orthogonal(numpy.array([3, 3]), rng=numpy.int64(0)),
])
def test_numpy_scalars_are_accepted_where_python_numbers_are(call):
    call()


def test_an_overflow_error_is_also_a_value_error():
    with pytest.raises(OverflowError):
        matrix_powers.powers(3 * numpy.eye(2), 1000)
    assert issubclass(arguments.ResultOverflowError, ValueError)
