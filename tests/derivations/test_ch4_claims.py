"""Chapter 4's claims against numbers computed another way: numpy, finite differences, RK4.

The generic test verifies every registered derivation's steps with SymPy; these tests
check that what the theorems state also holds numerically for random matrices and for
the library's networks, with expected values that the derivations did not compute, so a
proof of the wrong statement would be caught. Some tests also show that dropping a
hypothesis makes a chapter-4 proof fail: each hypothesis is load-bearing.
"""

from __future__ import annotations

import dataclasses
import math

import numpy
import pytest
import sympy

from derivations import dynamics
from derivations.engine import get, slugs, verify
from derivations.engine.registry import chapter_of

CHAPTER_4 = (
    "ode-eigendirection-growth", "erratum-critical-eigenvalues-need-eigenvectors",
    "antisymmetric-eigenvalues-are-imaginary", "antisymmetric-exponential-is-rotation",
    "tanh-ode-conserved-quantity", "erratum-diffusion-example-not-euler-stable",
    "erratum-euler-left-hand-side", "forward-euler-amplifies-rotations",
    "forward-euler-diffusion-condition", "gated-antisymmetric-jacobian",
    "antisymmetric-rnn-jacobian",
    *(f"exercise-4-{k}" for k in range(1, 9)),
)
RNG_SEED = 4


def rng() -> numpy.random.Generator:
    return numpy.random.default_rng(RNG_SEED)


def random_antisymmetric(size: int, generator: numpy.random.Generator) -> numpy.ndarray:
    weights = generator.standard_normal((size, size))
    return weights - weights.T


def expm(matrix: numpy.ndarray, terms: int = 60) -> numpy.ndarray:
    """The matrix exponential by scaling and squaring a Taylor series (no scipy needed)."""
    squarings = max(0, math.ceil(math.log2(max(1.0, numpy.abs(matrix).sum()))))
    scaled = matrix / 2**squarings
    term, total = numpy.eye(len(matrix)), numpy.eye(len(matrix))
    for k in range(1, terms):
        term = term @ scaled / k
        total = total + term
    for _ in range(squarings):
        total = total @ total
    return total


def finite_difference_jacobian(function, point, step=1e-6):
    columns = []
    for k in range(len(point)):
        shift = numpy.zeros(len(point))
        shift[k] = step
        columns.append((function(point + shift) - function(point - shift)) / (2 * step))
    return numpy.array(columns).T


def rk4(field, state, t0, t1, steps):
    """Classical Runge–Kutta for x′ = field(t, x) from t0 to t1."""
    dt, t = (t1 - t0) / steps, t0
    for _ in range(steps):
        k1 = field(t, state)
        k2 = field(t + dt / 2, state + dt / 2 * k1)
        k3 = field(t + dt / 2, state + dt / 2 * k2)
        k4 = field(t + dt, state + dt * k3)
        state = state + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t += dt
    return state


def test_chapter_four_slugs_are_registered():
    """Verification itself is the generic test's job; here: nothing is missing or misfiled."""
    registered = {slug for slug in slugs() if chapter_of(slug) == 4}
    assert registered == set(CHAPTER_4)


# --- the spectrum of antisymmetric matrices, at sizes the proofs never instantiate ----------

@pytest.mark.parametrize("size", [2, 5, 8, 11])
def test_antisymmetric_spectrum_is_imaginary_and_odd_sizes_are_singular(size):
    matrix = random_antisymmetric(size, rng())
    eigenvalues = numpy.linalg.eigvals(matrix)
    assert numpy.abs(eigenvalues.real).max() < 1e-9
    if size % 2:
        assert numpy.abs(eigenvalues).min() < 1e-9  # the erratum's zero eigenvalue
    # Euler factors |1 + ελ|² = 1 + ε²|λ|², equal to 1 only for λ = 0 (erratum, step 1).
    epsilon = 0.1
    factors = numpy.abs(1 + epsilon * eigenvalues) ** 2
    assert factors == pytest.approx(1 + epsilon**2 * numpy.abs(eigenvalues) ** 2)


@pytest.mark.parametrize("size", [3, 6])
def test_exponential_of_antisymmetric_is_a_rotation(size):
    matrix = random_antisymmetric(size, rng())
    for t in (0.3, 2.0):
        flow = expm(t * matrix)
        assert flow.T @ flow == pytest.approx(numpy.eye(size), abs=1e-9)
        assert numpy.linalg.det(flow) == pytest.approx(1.0)


def test_eigendirection_grows_like_the_real_part():
    generator = rng()
    jacobian = generator.standard_normal((4, 4))
    values, vectors = numpy.linalg.eig(jacobian)
    t = 1.7
    for value, vector in zip(values, vectors.T, strict=True):
        moved = expm(t * jacobian) @ vector
        assert numpy.linalg.norm(moved) == pytest.approx(
            math.exp(value.real * t) * numpy.linalg.norm(vector), rel=1e-8)


def test_jordan_block_has_zero_real_parts_yet_grows():
    """The first erratum's counterexample: e^{Jt} e₂ = (t, 1), unbounded."""
    jordan = numpy.array([[0.0, 1.0], [0.0, 0.0]])
    assert numpy.abs(numpy.linalg.eigvals(jordan)).max() == 0
    for t in (1.0, 10.0, 100.0):
        assert expm(t * jordan) @ numpy.array([0.0, 1.0]) == pytest.approx([t, 1.0])


def test_markus_yamabe_frozen_eigenvalues_do_not_decide():
    """Exercise 4.7: every A(t) has Re λ = −1/4, yet RK4 follows e^{t/2}(−cos t, sin t)."""
    def matrix(t):
        c, s = math.cos(t), math.sin(t)
        return numpy.array([[-1 + 1.5 * c * c, 1 - 1.5 * c * s],
                            [-1 - 1.5 * s * c, -1 + 1.5 * s * s]])

    for t in (0.0, 0.4, 2.5):
        assert numpy.linalg.eigvals(matrix(t)).real == pytest.approx([-0.25, -0.25])
    end = rk4(lambda t, x: matrix(t) @ x, numpy.array([-1.0, 0.0]), 0.0, 6.0, 6000)
    assert end == pytest.approx(math.exp(3.0) * numpy.array([-math.cos(6.0), math.sin(6.0)]))


# --- forward Euler and diffusion --------------------------------------------------------------

def test_one_euler_step_adds_exactly_the_square_of_the_move():
    generator = rng()
    matrix, epsilon = random_antisymmetric(7, generator), 0.05
    for _ in range(3):
        x = generator.standard_normal(7)
        stepped = x + epsilon * matrix @ x
        assert stepped @ stepped == pytest.approx(x @ x + epsilon**2 * (matrix @ x) @ (matrix @ x))


def test_euler_powers_of_a_plane_rotation_generator():
    """‖(I + εW₀)ᵗ h‖ = (1 + 4ε²)^{t/2}‖h‖ for every h (here t = 50, ε = 0.1)."""
    step = numpy.eye(2) + 0.1 * dynamics.FEEDBACK_MATRICES["antisymmetric"]
    h = numpy.array([0.3, -0.4])
    assert numpy.linalg.norm(numpy.linalg.matrix_power(step, 50) @ h) == pytest.approx(
        1.04**25 * 0.5)


def _least_stable_gamma_by_bisection(epsilon: float, omega: float) -> float:
    """The least γ with |1 + ε(−γ + iω)| ≤ 1, found by bisection on the modulus itself."""
    def stable(gamma):
        return abs(1 + epsilon * complex(-gamma, omega)) <= 1

    low, high = 0.0, 1 / epsilon  # the disc's centre: stable whenever εω ≤ 1
    assert stable(high) and not stable(low)
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (low, middle) if stable(middle) else (middle, high)
    return high


@pytest.mark.parametrize(("epsilon", "omega"), [(0.1, 2.0), (0.05, 3.0), (0.3, 3.0)])
def test_least_gamma_formula_against_bisection(epsilon, omega):
    derivation = get("forward-euler-diffusion-condition")
    xi = sympy.Symbol("xi", nonnegative=True)  # the derivation's √(1 − ε²ω²)
    formula = derivation.value("gamma_-").subs(xi, sympy.sqrt(1 - (epsilon * omega) ** 2)).subs(
        {sympy.Symbol("varepsilon", positive=True): epsilon,
         sympy.Symbol("omega", positive=True): omega})
    assert float(formula) == pytest.approx(_least_stable_gamma_by_bisection(epsilon, omega),
                                           abs=1e-12)


def test_exercise_answers_against_bisection_and_arithmetic():
    answers = {f"exercise-4-{k}": float(get(f"exercise-4-{k}").conclusion_step.rhs)
               for k in (1, 2, 3, 4)}
    assert answers["exercise-4-1"] == pytest.approx(abs(1 + 0.1 * 2j))
    assert answers["exercise-4-2"] == 128 * 127 // 2
    assert answers["exercise-4-3"] == pytest.approx(abs(1 + 0.1 * complex(-0.2, 2)) ** 2)
    assert answers["exercise-4-4"] == pytest.approx(_least_stable_gamma_by_bisection(0.05, 3.0))


def test_no_diffusion_helps_when_the_step_is_too_large():
    """Exercise 4.6: for εω > 1 every γ leaves |1 + ε(−γ + iω)| > 1."""
    epsilon, omega = 0.3, 4.0
    gammas = numpy.linspace(-20, 40, 6001)
    assert (numpy.abs(1 + epsilon * (-gammas + 1j * omega)) > 1).all()


def test_diffusion_example_threshold_by_bisection():
    """Erratum: with γ = 0.15, ω = 2 the origin is Euler-stable exactly for ε ≤ 120/1609."""
    def stable(epsilon):
        jacobian = finite_difference_jacobian(
            lambda h: h + epsilon * numpy.tanh(dynamics.FEEDBACK_MATRICES["diffusion"] @ h),
            numpy.zeros(2))
        return numpy.abs(numpy.linalg.eigvals(jacobian)).max() <= 1 + 1e-12

    low, high = 0.01, 0.2
    assert stable(low) and not stable(high)
    for _ in range(50):
        middle = (low + high) / 2
        low, high = (middle, high) if stable(middle) else (low, middle)
    derivation = get("erratum-diffusion-example-not-euler-stable")
    assert float(derivation.step("threshold-value").rhs) == pytest.approx(low, abs=1e-7)
    assert low == pytest.approx(0.0746, abs=5e-5)  # the “≈ 0.075” of the issue
    assert not stable(float(dynamics.EPSILON))


# --- Jacobians of the cells -------------------------------------------------------------------

def test_cell_jacobian_is_slopes_times_matrix_and_imaginary_even_when_saturated():
    generator = rng()
    weights = generator.standard_normal((6, 6))
    matrix = dynamics.antisymmetric(weights)
    epsilon = 1e-3
    for scale in (0.1, 1.0, 5.0):
        state, drive = generator.standard_normal(6) * scale, generator.standard_normal(6)
        step = finite_difference_jacobian(
            lambda h, drive=drive: dynamics.antisymmetric_rnn_step(h, drive, weights, 0.0,
                                                                   epsilon),
            state, step=1e-7)
        slopes = 1 - numpy.tanh(matrix @ state + drive) ** 2
        assert step == pytest.approx(numpy.eye(6) + epsilon * slopes[:, None] * matrix,
                                     abs=1e-8)
        assert numpy.abs(numpy.linalg.eigvals(slopes[:, None] * matrix).real).max() < 1e-9


def test_positive_slopes_with_diffusion_push_eigenvalues_left():
    """Exercise 4.8: Re λ(D(M − γI)) = −γ‖v‖²/v*D⁻¹v < 0."""
    generator = rng()
    matrix, gamma = random_antisymmetric(5, generator), 0.3
    slopes = generator.uniform(0.1, 2.0, 5)
    values, vectors = numpy.linalg.eig(slopes[:, None] * (matrix - gamma * numpy.eye(5)))
    for value, vector in zip(values, vectors.T, strict=True):
        weighted = (vector.conj() * vector / slopes).sum().real
        assert value.real == pytest.approx(-gamma * (vector.conj() @ vector).real / weighted)
        assert value.real < 0


def test_a_sign_change_in_the_diagonal_gives_real_eigenvalues():
    """Why the proof needs v*D⁻¹v ≠ 0: diag(1, −1) times a rotation generator is symmetric."""
    values = numpy.linalg.eigvals(numpy.diag([1.0, -1.0]) @ numpy.array([[0, -2.0], [2.0, 0]]))
    assert sorted(values.real) == pytest.approx([-2.0, 2.0])
    assert numpy.abs(values.imag).max() == 0


def test_gated_counterexample_with_the_library_cell():
    """At the derivation's point the gated field's Jacobian has a real eigenvalue ≈ 0.349, and
    h = 0 is not a fixed point."""
    epsilon = 0.1
    weights = numpy.array([[0.0, -0.5], [0.5, 0.0]])  # W − Wᵀ = [[0, −1], [1, 0]]
    candidate, gate = numpy.array([0.0, -3.0]), numpy.zeros(2)

    def cell(h):
        return dynamics.gated_antisymmetric_step(h, gate, candidate, weights, 0.0, epsilon)

    field_jacobian = (finite_difference_jacobian(cell, numpy.zeros(2)) - numpy.eye(2)) / epsilon
    eigenvalues = numpy.linalg.eigvals(field_jacobian)
    assert numpy.abs(eigenvalues.imag).max() < 1e-6
    assert eigenvalues.real.max() == pytest.approx(0.3493, abs=1e-3)
    derivation = get("gated-antisymmetric-jacobian")
    d1, d2 = (float(derivation.value(name)) for name in ("d_1", "d_2"))
    assert math.sqrt(-d1 * d2) == pytest.approx(eigenvalues.real.max(), abs=1e-6)
    moved = (cell(numpy.zeros(2)) - numpy.zeros(2)) / epsilon
    assert moved == pytest.approx([0.0, 0.5 * math.tanh(-3.0)])


# --- the conserved quantity -------------------------------------------------------------------

def test_tanh_ode_conserves_c_at_size_five_and_euler_does_not():
    """RK4 on h′ = tanh(Mh) keeps C = Σ log cosh (Mh)ᵢ; forward Euler with ε = 0.1 raises it."""
    matrix = random_antisymmetric(5, rng())

    def conserved(h):
        return numpy.log(numpy.cosh(matrix @ h)).sum()

    start = numpy.full(5, 0.3)
    exact = rk4(lambda _t, h: numpy.tanh(matrix @ h), start, 0.0, 3.0, 3000)
    assert conserved(exact) == pytest.approx(conserved(start), abs=1e-9)
    euler = start.copy()
    for _ in range(30):
        euler = euler + 0.1 * numpy.tanh(matrix @ euler)
    assert conserved(euler) > conserved(start) + 1e-3


# --- hypotheses are load-bearing --------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("slug", "label", "dropped"), [
    ("antisymmetric-eigenvalues-are-imaginary", "imaginary", "nonzero"),
    ("antisymmetric-eigenvalues-are-imaginary", "form-is-imaginary", "skew"),
    ("antisymmetric-rnn-jacobian", "imaginary", "positive"),
    ("forward-euler-amplifies-rotations", "one-step", "skew"),
    ("tanh-ode-conserved-quantity", "conserved", "antisymmetric-form"),
    ("exercise-4-6", "unstable", "large-step"),
])
def test_dropping_a_hypothesis_fails_the_step(slug, label, dropped):
    derivation = get(slug)
    assert verify(derivation).passed
    steps = tuple(
        dataclasses.replace(step, given=tuple(g for g in step.given if g != dropped))
        if step.label == label else step
        for step in derivation.steps)
    weakened = dataclasses.replace(derivation, steps=steps)
    assert not verify(weakened).passed
