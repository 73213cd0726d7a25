"""Chapter 4's derivations against numbers computed another way: numpy, finite differences, RK4.

The generic test verifies every registered derivation's steps with SymPy; these
tests check that what the steps and summaries claim also holds numerically for
the library's networks, so a proof of the wrong statement would be caught.
"""

from __future__ import annotations

import math

import numpy
import pytest
import sympy

from derivations import dynamics
from derivations.engine import get, slugs

CHAPTER_4 = (
    "ode-sensitivity-matrix-exponential", "ode-sensitivity-with-diffusion",
    "tanh-ode-conserved-quantity", "antisymmetric-eigenvalues-are-imaginary",
    "antisymmetric-characteristic-polynomials", "antisymmetric-exponential-is-rotation",
    "antisymmetric-upper-triangular-parametrisation", "antisymmetric-rnn-jacobian",
    "diagonal-times-antisymmetric-spectrum", "forward-euler-amplifies-rotations",
    "forward-euler-diffusion-condition", "gated-antisymmetric-jacobian",
    "erratum-reflection-rotation-determinants", "erratum-diffusion-example-not-euler-stable",
    "erratum-euler-left-hand-side",
)


def test_chapter_four_slugs_are_registered():
    """Verification itself is the generic test's job; here: nothing is missing or misfiled."""
    registered = {slug for slug in slugs() if get(slug).chapter == 4}
    assert registered == set(CHAPTER_4)


def finite_difference_jacobian(function, point, step=1e-6):
    columns = []
    for k in range(len(point)):
        shift = numpy.zeros(len(point))
        shift[k] = step
        columns.append((function(point + shift) - function(point - shift)) / (2 * step))
    return numpy.array(columns).T


def test_feedback_map_linearisation_at_origin_expands():
    """Erratum: I + εW_diff at the origin has |eigenvalue|² = 1.010225 > 1."""
    weights = dynamics.FEEDBACK_MATRICES["diffusion"]
    jacobian = finite_difference_jacobian(lambda h: dynamics.feedback_step(weights, h),
                                          numpy.zeros(2))
    moduli = abs(numpy.linalg.eigvals(jacobian))
    assert moduli**2 == pytest.approx([1.010225, 1.010225], abs=1e-8)
    derivation = get("erratum-diffusion-example-not-euler-stable")
    assert float(derivation.step("origin-repels").rhs) == pytest.approx(1.010225)


def test_least_gamma_matches_library_and_slides_gamma_is_below_it():
    exact = 10 - 4 * math.sqrt(6)
    assert dynamics.smallest_stable_gamma(0.1, 2.0) == pytest.approx(exact)
    assert exact > dynamics.GAMMA_FIGURE
    condition = 0.1 * (0.15**2 + 4)
    assert condition == pytest.approx(0.40225)


def test_gated_counterexample_with_the_library_cell():
    """At the derivation's point, finite differences of the gated step give a real eigenvalue."""
    epsilon = 0.1
    weights = numpy.array([[0.0, -0.5], [0.5, 0.0]])  # W − Wᵀ = [[0, −1], [1, 0]] = K
    candidate, gate = numpy.array([0.0, -3.0]), numpy.zeros(2)
    jacobian = finite_difference_jacobian(
        lambda h: dynamics.gated_antisymmetric_step(h, gate, candidate, weights, 0.0, epsilon),
        numpy.zeros(2))
    field_jacobian = (jacobian - numpy.eye(2)) / epsilon  # D_g K, the gated ODE's Jacobian
    eigenvalues = numpy.linalg.eigvals(field_jacobian)
    assert numpy.abs(eigenvalues.imag).max() < 1e-6
    assert eigenvalues.real.max() == pytest.approx(0.3493, abs=1e-3)
    derivation = get("gated-antisymmetric-jacobian")
    d1, d2 = (float(derivation.value(name)) for name in ("d_1", "d_2"))
    assert math.sqrt(-d1 * d2) == pytest.approx(eigenvalues.real.max(), abs=1e-6)
    assert d2 == pytest.approx(-0.244, abs=1e-3)


def test_ungated_cell_jacobian_is_imaginary_even_when_saturated():
    """The plain cell's vector-field Jacobian D M keeps Re λ = 0, saturated units included."""
    rng = numpy.random.default_rng(5)
    matrix = dynamics.antisymmetric(rng.standard_normal((6, 6)))
    epsilon = 1e-3
    for scale in (0.1, 1.0, 30.0):  # 30: most units saturated, tanh′ ≈ 0
        state = rng.standard_normal(6) * scale
        jacobian = finite_difference_jacobian(
            lambda h: dynamics.antisymmetric_rnn_step(h, numpy.zeros(6), matrix / 2, 0.0, epsilon),
            state, step=1e-7)
        field = (jacobian - numpy.eye(6)) / epsilon
        assert numpy.abs(numpy.linalg.eigvals(field).real).max() < 1e-4


def test_tanh_ode_orbit_is_closed_and_euler_leaves_it():
    """RK4 on h′ = tanh(W₀h) keeps H constant; forward Euler with ε = 0.1 does not."""
    weights = dynamics.FEEDBACK_MATRICES["antisymmetric"]

    def H(h):
        return 0.5 * numpy.log(numpy.cosh(2 * h)).sum()

    def f(h):
        return numpy.tanh(weights @ h)

    h = dynamics.INITIAL_STATES[2].copy()
    start = H(h)
    dt = 0.001
    for _ in range(5000):  # t = 5, the time span of 50 Euler steps of 0.1
        k1 = f(h)
        k2 = f(h + dt / 2 * k1)
        k3 = f(h + dt / 2 * k2)
        k4 = f(h + dt * k3)
        h = h + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    assert H(h) == pytest.approx(start, abs=1e-10)
    euler_end = dynamics.trajectories("feedback", weights)[2, -1]
    assert H(euler_end) > 1.2 * start


def test_sensitivity_solution_against_scipy_free_expm():
    """e^{Jt} by a Taylor series in numpy equals the derivation's rotation (and is orthogonal)."""
    J = numpy.array([[0.0, -2.0], [2.0, 0.0]])
    t = 0.7
    term, total = numpy.eye(2), numpy.eye(2)
    for k in range(1, 40):
        term = term @ (J * t) / k
        total = total + term
    derivation = get("ode-sensitivity-matrix-exponential")
    closed_form = numpy.array(
        derivation.step("exponential-is-rotation").rhs.subs(sympy.Symbol("t", real=True), t),
        dtype=float)
    assert total == pytest.approx(closed_form)
    assert total.T @ total == pytest.approx(numpy.eye(2))


def test_four_by_four_spectrum_against_numpy():
    values = [0.3, -1.2, 0.5, 2.0, -0.7, 1.1]
    matrix = dynamics.from_upper_triangle(numpy.array(values), 4)
    a, b, c, d, e, f = values
    S, P = sum(v * v for v in values), a * f - b * e + c * d
    mu = numpy.roots([1, S, P**2])  # λ² roots of λ⁴ + Sλ² + P²
    assert numpy.all(mu.real <= 0) and numpy.all(abs(mu.imag) < 1e-12)
    predicted = sorted(numpy.sqrt(-mu.real))
    got = sorted(abs(numpy.linalg.eigvals(matrix)))
    assert got == pytest.approx(sorted(predicted * 2))


def test_euler_linear_growth_rate():
    """‖(I + εM)ᵗ h‖ = (1 + ε²ω²)^{t/2}‖h‖ for the rotation generator, any h."""
    M = dynamics.FEEDBACK_MATRICES["antisymmetric"]
    E = numpy.eye(2) + 0.1 * M
    h = numpy.array([0.3, -0.4])
    assert numpy.linalg.norm(numpy.linalg.matrix_power(E, 50) @ h) == pytest.approx(
        1.04**25 * 0.5)
