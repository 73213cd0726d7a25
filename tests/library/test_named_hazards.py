"""The calls issue 12 found hanging, aborting the interpreter, silently wrong or wrongly refused:
each now ends at once with a clean error or the right answer.

The hazards that used to kill or freeze the interpreter run in a child process with a time
limit, so that a regression fails this test instead of taking the test run down with it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

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


# Issue 24: calls that were silently wrong, raw, refused though valid, or endless.
G = numpy.random.default_rng(24).standard_normal((300, 200))


def _orthonormality_error(q: numpy.ndarray) -> float:
    q = q.astype(numpy.float64)
    return float(numpy.abs(q.T @ q - numpy.eye(q.shape[1])).max())


@pytest.mark.parametrize("dtype", [">f8", ">f4"])
def test_a_big_endian_input_gives_the_native_answer(dtype):
    native = G.astype(numpy.dtype(dtype).newbyteorder("="))
    q = init.householder_haar(G.astype(dtype))
    assert q.dtype.isnative and _orthonormality_error(q) < 1e-3
    assert numpy.array_equal(q, init.householder_haar(native))


def test_a_read_only_input_is_not_written_even_when_overwrite_is_allowed():
    frozen = numpy.asfortranarray(G[:5, :3])
    frozen.flags.writeable = False
    q = init.householder_haar(frozen, overwrite=True)
    assert numpy.array_equal(q, init.householder_haar(numpy.array(G[:5, :3])))


@pytest.mark.parametrize(("call", "expected"), [
    (lambda: init.householder_haar(numpy.full((4, 1), 1e308)), numpy.full((4, 1), 0.5)),
    (lambda: dynamics.vanilla_step(numpy.full((2, 2), 1e308), numpy.array([1e308, -1e308])),
     numpy.zeros(2)),
    (lambda: dynamics.trajectories("vanilla", numpy.full((2, 2), 1e308),
                                   numpy.array([[1e308, -1e308]]), steps=1)[0, 1],
     numpy.zeros(2)),
    (lambda: bptt.clip_by_norm(numpy.full(4, 3e38, dtype=numpy.float32), 1.0),
     numpy.full(4, 0.5, dtype=numpy.float32)),
    (lambda: bptt.per_step_bound(numpy.full((2, 2), 1e308), "sigmoid"), 5e307),
    (lambda: hidden_state.spectral_radius(numpy.full((2, 2), 3e38, dtype=numpy.float32)),
     2 * float(numpy.float32(3e38))),
    (lambda: dynamics.eigenvalue_magnitudes(numpy.diag([1.5e308, -1.5e308])), (1.5e308, 0.0)),
    (lambda: dynamics.eigenvalue_magnitudes(numpy.full((2, 2), 1e308)), (1e308, 1e308)),
    (lambda: matrix_powers.spectral_norms(numpy.full((1, 2, 2), 8e307)), [1.6e308]),
    (lambda: dynamics.smallest_stable_gamma(1e-200, 1e200), 9.999999901850507e199),
    (lambda: fibonacci.power_by_repeated_squaring(((1, 1), (0, 1)), 2**30).power,
     ((1, 2**30), (0, 1))),
    (lambda: fibonacci.power_by_repeated_squaring(((1, 1), (-1, -1)), 2**40).power,
     ((0, 0), (0, 0))),
    (lambda: init.dirac((0, 1, 1), groups=10**12).shape, (0, 1, 1)),
    # Σhᵢ² overflows from ‖h‖ ≈ 1e154 on; ‖h‖ itself fits until 1e308.
    (lambda: hidden_state.hidden_state_norms(1e10 * numpy.eye(2), 20)[-5:],
     [1e160, 1e170, 1e180, 1e190, 1e200]),
])
def test_results_at_the_edges_are_right(call, expected):
    result = call()
    if isinstance(expected, tuple) and isinstance(expected[0], tuple):
        assert result == expected
    else:
        assert numpy.allclose(numpy.asarray(result, dtype=float), expected, rtol=1e-6, atol=0)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: hidden_state.eigenvalues(numpy.full((2, 2), 1e308)), "matrix: an eigenvalue"),
    (lambda: hidden_state.spectral_radius(numpy.full((2, 2), 1e308)), "matrix: ρ(W)"),
    (lambda: matrix_powers.spectral_radius(numpy.full((2, 2), 1e308)), "matrix: ρ(W)"),
    (lambda: matrix_powers.spectral_norms(numpy.full((1, 2, 2), 1e308)), "stack: ‖Wᵗ‖₂"),
    (lambda: bptt.per_step_bound(numpy.full((2, 2), 1e308), "tanh"), "weights, activation"),
    (lambda: bptt.vector_norm(numpy.full(4, 1e308)), "vector: ‖v‖₂"),
    (lambda: dynamics.eigenvalue_magnitudes(numpy.full((3, 3), 1.7e308)), "matrix: the mean"),
    (lambda: matrix_powers.spectral_norms(numpy.full((1, 2, 2), 3e38, dtype=numpy.float32)),
     "stack: ‖Wᵗ‖₂ overflows float32"),
])
def test_results_beyond_float64_are_refused_as_overflow(call, message):
    with pytest.raises(arguments.ResultOverflowError) as caught:
        call()
    assert str(caught.value).startswith(message), caught.value


@pytest.mark.parametrize(("call", "message"), [
    (lambda: bptt.recurrent_matrix("orthogonal", 4, scale=5e-324), "scale: 5e-324 underflows"),
    (lambda: bptt.Case("orthogonal", 5e-324, "tanh"), "scale: 5e-324 underflows"),
    (lambda: bptt.clip_by_norm(numpy.ones(2), 5e-324), "threshold: 5e-324 underflows"),
    (lambda: dynamics.vanilla_step(numpy.eye(2), numpy.ma.masked_array([1.0, 2.0])),
     "state: expected a numpy array, got a masked array"),
    (lambda: bptt.exact_jacobian_norms(numpy.eye(1), "tanh", 10**6), "weights, horizon: "),
    (lambda: fibonacci.binet_precision_table(list(range(19900, 20000))), "ns: "),
    (lambda: init.orthogonal((4096, 4096), method="svd"), "shape: "),
    (lambda: init.polar_factor(numpy.broadcast_to(1.0, (4096, 4096))), "gaussian: "),
    (lambda: init.householder_haar(numpy.broadcast_to(1.0, (8192, 8192))), "gaussians: "),
    (lambda: dynamics.run_network("antisymmetric", numpy.zeros((2, 2)),
                                  numpy.zeros((10**6, 2)), numpy.zeros(2)), "matrix, pre_inputs"),
    (lambda: dynamics.end_to_end_jacobian("vanilla", size=1, steps=10**6), "size, steps: "),
    (lambda: fibonacci.power_by_repeated_squaring(fibonacci.FIBONACCI_MATRIX, 10**9),
     "matrix, n: "),
])
def test_subnormal_scales_masks_and_work_past_the_budget_are_refused_at_once(call, message):
    start = time.process_time()
    with pytest.raises((TypeError, ValueError)) as caught:
        call()
    assert str(caught.value).startswith(message), caught.value
    assert time.process_time() - start < 1.0


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")  # NumPy discourages the class
def test_a_matrix_subclass_means_what_an_array_means():
    weights, state = numpy.array([[0.5, -1.0], [2.0, 0.1]]), numpy.array([0.3, -0.2])
    assert numpy.array_equal(dynamics.vanilla_step(numpy.asmatrix(weights), state),
                             dynamics.vanilla_step(weights, state))
