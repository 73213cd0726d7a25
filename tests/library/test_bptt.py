"""derivations.bptt against oracles computed another way: finite differences of the unrolled
network, numpy.linalg.matrix_power and svd, eigenvalues, exact mpmath powers."""

from __future__ import annotations

import doctest

import mpmath
import numpy
import pytest

from derivations import bptt
from derivations.init import orthogonal

GAMMA = {"tanh": 1.0, "sigmoid": 0.25, "linear": 1.0}
SIGMA = {
    "tanh": numpy.tanh,
    "sigmoid": lambda x: 1.0 / (1.0 + numpy.exp(-x)),
    "linear": lambda x: x,
}


def spectral_norm(matrix: numpy.ndarray) -> float:
    """Oracle: the largest singular value from numpy.linalg.svd."""
    return float(numpy.linalg.svd(matrix, compute_uv=False)[0])


def test_doctests() -> None:
    assert doctest.testmod(bptt).failed == 0


@pytest.mark.parametrize("activation", ["tanh", "sigmoid", "linear"])
def test_jacobian_product_matches_finite_differences(activation: str) -> None:
    weights = bptt.recurrent_matrix("gaussian", 4, scale=1.5, seed=7)
    states = bptt.trajectory(weights, activation, 3, seed=7)
    sigma = SIGMA[activation]
    drives = [states[t] - weights @ sigma(states[t - 1]) for t in range(1, 4)]

    def forward(start: numpy.ndarray, steps: int) -> numpy.ndarray:
        x = start
        for drive in drives[:steps]:
            x = weights @ sigma(x) + drive
        return x

    factors = bptt.jacobian_factors(weights, activation, 3, seed=7)
    product = numpy.eye(4)
    for lag in range(1, 4):
        product = factors[lag - 1] @ product
        h = 1e-6
        columns = [(forward(states[0] + h * e, lag) - forward(states[0] - h * e, lag)) / (2 * h)
                   for e in numpy.eye(4)]
        numpy.testing.assert_allclose(product, numpy.array(columns).T, rtol=1e-6, atol=1e-8)


def test_linear_norms_are_norms_of_matrix_powers() -> None:
    weights = bptt.recurrent_matrix("gaussian", 6, scale=1.1, seed=3)
    norms = bptt.jacobian_norms(weights, "linear", 60, seed=3)
    expected = [spectral_norm(numpy.linalg.matrix_power(weights, lag)) for lag in range(61)]
    numpy.testing.assert_allclose(norms, expected, rtol=1e-9)


def test_every_factor_is_bounded_by_eta_whatever_the_scale() -> None:
    for scale, activation in [(0.4, "tanh"), (3.0, "tanh"), (1.0, "sigmoid")]:
        weights = bptt.recurrent_matrix("gaussian", 8, scale=scale)
        eta = GAMMA[activation] * spectral_norm(weights)
        factors = bptt.jacobian_factors(weights, activation, 200)
        assert max(spectral_norm(f) for f in factors) <= eta * (1 + 1e-12)


def bounded_cases() -> list[tuple[numpy.ndarray, str]]:
    """The chapter's cases where the hypothesis γλ₁ < 1 holds, plus random ones made to hold."""
    cases = [(case.weights(), case.activation) for case in bptt.CASES
             if GAMMA[case.activation] * spectral_norm(case.weights()) < 1]
    for seed in range(3):
        raw = bptt.recurrent_matrix("gaussian", 8, seed=100 + seed)
        cases.append((0.95 * raw / spectral_norm(raw), "tanh"))
        cases.append((3.9 * raw / spectral_norm(raw), "sigmoid"))
    return cases


def test_chapter_has_cases_where_the_bound_applies() -> None:
    applicable = [c for c in bptt.CASES if GAMMA[c.activation] * spectral_norm(c.weights()) < 1]
    assert len(applicable) >= 2


@pytest.mark.parametrize("index", range(8))
def test_measured_norms_stay_under_eta_power(index: int) -> None:
    weights, activation = bounded_cases()[index]
    eta = GAMMA[activation] * spectral_norm(weights)
    assert eta < 1
    norms = bptt.jacobian_norms(weights, activation, bptt.HORIZON)
    powers = eta ** numpy.arange(bptt.HORIZON + 1)
    assert numpy.all(norms <= powers * (1 + 1e-9))


def test_linear_growth_when_singular_value_exceeds_one_over_gamma() -> None:
    weights = bptt.recurrent_matrix("gaussian", 8, scale=3.0)
    assert spectral_norm(weights) > 1 / GAMMA["linear"]
    rho = float(numpy.max(numpy.abs(numpy.linalg.eigvals(weights))))
    norms = bptt.jacobian_norms(weights, "linear", 400)
    steps = numpy.arange(401)
    # Gelfand: ρ(W)^lag = ρ(W^lag) ≤ ‖W^lag‖, so the norm grows at least like ρ^lag …
    assert numpy.all(norms >= rho**steps * (1 - 1e-9))
    # … and its growth rate tends to log ρ.
    rate = (numpy.log(norms[400]) - numpy.log(norms[200])) / 200
    assert rate == pytest.approx(numpy.log(rho), rel=0.02)


def test_orthogonal_linear_keeps_norm_one_for_a_thousand_steps() -> None:
    norms = bptt.jacobian_norms(bptt.recurrent_matrix("orthogonal", 8), "linear")
    assert numpy.max(numpy.abs(norms - 1)) < 1e-12


@pytest.mark.slow
def test_exact_norms_of_scaled_orthogonal_are_powers() -> None:
    weights = 4.0 * orthogonal((4, 4), rng=11)
    exact = bptt.exact_jacobian_norms(weights, "linear", 600)
    for lag in (1, 100, 511, 512, 600):
        assert abs(exact[lag] / mpmath.mpf(4) ** lag - 1) < 1e-12
    float64 = bptt.jacobian_norms(weights, "linear", 600)
    assert float64[600] == numpy.inf
    # Largest double = 2^1024(1 − 2^−53), a hair under 4^512: 4^513 must overflow.
    breakdown = bptt.float64_breakdown(weights, "linear", 600)
    assert breakdown is not None
    assert 500 <= breakdown <= 513


@pytest.mark.slow
def test_underflow_is_shown_and_exact_norms_keep_the_bound() -> None:
    case = bptt.CASES[0]
    weights = case.weights()
    eta = GAMMA[case.activation] * spectral_norm(weights)
    float64 = bptt.jacobian_norms(weights, case.activation)
    exact = bptt.exact_jacobian_norms(weights, case.activation)
    assert float64[-1] == 0.0
    assert exact[-1] > 0
    assert all(value <= mpmath.mpf(eta) ** lag * (1 + 1e-9) for lag, value in enumerate(exact))
    breakdown = bptt.float64_breakdown(weights, case.activation)
    assert breakdown is not None and breakdown <= int(numpy.argmax(float64 == 0))


@pytest.mark.slow
def test_no_breakdown_where_norms_stay_moderate() -> None:
    weights = bptt.recurrent_matrix("orthogonal", 8)
    assert bptt.float64_breakdown(weights, "linear", 300) is None


def test_clipping_caps_norm_and_keeps_direction() -> None:
    rng = numpy.random.default_rng(0)
    for _ in range(50):
        gradient = rng.standard_normal(5) * 10 ** rng.uniform(-3, 3)
        threshold = float(10 ** rng.uniform(-1, 1))
        clipped = bptt.clip_by_norm(gradient, threshold)
        length = numpy.sqrt(numpy.sum(gradient**2))
        assert numpy.sqrt(numpy.sum(clipped**2)) <= threshold * (1 + 1e-12)
        cosine = clipped @ gradient / (numpy.sqrt(clipped @ clipped) * length)
        assert cosine == pytest.approx(1.0)
        if length < threshold:
            numpy.testing.assert_array_equal(clipped, gradient)
        else:
            assert numpy.sqrt(clipped @ clipped) == pytest.approx(threshold)


def test_clipping_survives_a_norm_whose_square_overflows() -> None:
    gradient = numpy.array([3e200, -4e200, 0.0])
    clipped = bptt.clip_by_norm(gradient, 2.0)
    numpy.testing.assert_allclose(clipped, [1.2, -1.6, 0.0], rtol=1e-15)
    assert bptt.vector_norm(gradient) == pytest.approx(5e200, rel=1e-15)


def test_first_disagreement_flags_a_relative_error() -> None:
    exact = [mpmath.mpf(1), mpmath.mpf(2), mpmath.mpf(3)]
    assert bptt.first_disagreement(numpy.array([1.0, 2.0, 3.0]), exact) is None
    assert bptt.first_disagreement(numpy.array([1.0, 2.00001, 3.0]), exact) == 1
    assert bptt.first_disagreement(numpy.array([1.0, 2.0, numpy.inf]), exact) == 2


def test_clipping_tames_an_exploding_gradient() -> None:
    weights = bptt.recurrent_matrix("gaussian", 8, scale=3.0)
    gradients = bptt.backpropagated_gradients(weights, "linear", 100)
    raw = numpy.linalg.norm(gradients[100])
    assert raw > 1e40
    clipped = bptt.clip_by_norm(gradients[100], 1.0)
    assert numpy.linalg.norm(clipped) == pytest.approx(1.0)
    assert clipped @ gradients[100] > 0


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: bptt.recurrent_matrix("uniform"), ValueError),
        (lambda: bptt.recurrent_matrix("gaussian", 0), ValueError),
        (lambda: bptt.recurrent_matrix("gaussian", 2.5), TypeError),
        (lambda: bptt.recurrent_matrix("gaussian", scale=-1.0), ValueError),
        (lambda: bptt.nonlinearity("relu"), ValueError),
        (lambda: bptt.jacobian_norms(numpy.ones((2, 3)), "tanh", 5), ValueError),
        (lambda: bptt.jacobian_norms([[1.0]], "tanh", 5), TypeError),
        (lambda: bptt.jacobian_norms(numpy.eye(2), "tanh", 0), ValueError),
        (lambda: bptt.clip_by_norm(numpy.ones(2), 0.0), ValueError),
        (lambda: bptt.clip_by_norm([1.0, 2.0], 1.0), TypeError),
        (lambda: bptt.clip_by_norm(numpy.array([numpy.inf]), 1.0), ValueError),
        (lambda: bptt.float64_breakdown(numpy.eye(2), "linear", 5, tolerance=2.0), ValueError),
    ],
)
def test_bad_input_raises(call, error) -> None:
    with pytest.raises(error):
        call()
