"""The RNN-dynamics library against independent oracles: scalar loops, finite differences, numpy."""

from __future__ import annotations

import cmath
import itertools
import math

import numpy
import pytest

from derivations import dynamics

FIGURE = dynamics.FEEDBACK_MATRICES


def radii(path: numpy.ndarray) -> numpy.ndarray:
    return numpy.linalg.norm(path, axis=-1)


# --- update rules against scalar loops ---------------------------------------------------------


def scalar_feedback(weights, start, steps, epsilon):
    """The feedback RNN with Python floats and math.tanh: an oracle sharing no numpy code."""
    (a, b), (c, d) = weights.tolist()
    x, y = start
    for _ in range(steps):
        x, y = x + epsilon * math.tanh(a * x + b * y), y + epsilon * math.tanh(c * x + d * y)
    return x, y


def scalar_vanilla(weights, start, steps):
    (a, b), (c, d) = weights.tolist()
    x, y = start
    for _ in range(steps):
        x, y = math.tanh(a * x + b * y), math.tanh(c * x + d * y)
    return x, y


@pytest.mark.parametrize("kind", dynamics.FEEDBACK_KINDS)
def test_feedback_trajectories_match_scalar_loop(kind):
    path = dynamics.trajectories("feedback", FIGURE[kind])
    for start, row in zip(dynamics.INITIAL_STATES, path, strict=True):
        expected = scalar_feedback(FIGURE[kind], start, dynamics.STEPS, dynamics.EPSILON)
        assert row[-1] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("kind", dynamics.VANILLA_KINDS)
def test_vanilla_trajectories_match_scalar_loop(kind):
    weights = dynamics.vanilla_matrices()[kind]
    path = dynamics.trajectories("vanilla", weights)
    assert path.shape == (3, dynamics.STEPS + 1, 2)
    for start, row in zip(dynamics.INITIAL_STATES, path, strict=True):
        assert row[-1] == pytest.approx(scalar_vanilla(weights, start, dynamics.STEPS), abs=1e-12)


def test_displacement_field_is_one_step_of_the_trajectory():
    points = numpy.array([[0.3, -0.2], [1.0, 2.0]])
    for kind, weights in (("feedback", FIGURE["diffusion"]), ("vanilla", numpy.eye(2))):
        moved = dynamics.trajectories(kind, weights, initial=points, steps=1)[:, 1]
        assert dynamics.displacement_field(kind, weights, points) == pytest.approx(moved - points)


def test_bad_input_is_rejected_with_the_argument_named():
    with pytest.raises(TypeError, match="weights"):
        dynamics.trajectories("feedback", [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="weights"):
        dynamics.trajectories("feedback", numpy.ones((2, 3)))
    with pytest.raises(ValueError, match="steps"):
        dynamics.trajectories("feedback", numpy.eye(2), steps=-1)
    with pytest.raises(ValueError, match="epsilon"):
        dynamics.trajectories("feedback", numpy.eye(2), epsilon=0.0)
    with pytest.raises(ValueError, match="kind"):
        dynamics.trajectories("lstm", numpy.eye(2))
    with pytest.raises(ValueError, match="initial"):
        dynamics.trajectories("vanilla", numpy.eye(3))
    with pytest.raises(ValueError, match="parameters"):
        dynamics.from_upper_triangle(numpy.ones(4), 3)
    with pytest.raises(ValueError, match="cell"):
        dynamics.random_network("gru")
    with pytest.raises(ValueError, match="epsilon, omega"):
        dynamics.smallest_stable_gamma(0.5, 3.0)


# --- the matrices of Figure 1 ------------------------------------------------------------------


def test_vanilla_matrices_are_what_their_names_say():
    matrices = dynamics.vanilla_matrices()
    again = dynamics.vanilla_matrices()
    assert all(numpy.array_equal(matrices[k], again[k]) for k in dynamics.VANILLA_KINDS)
    assert not numpy.array_equal(matrices["random"], dynamics.vanilla_matrices(seed=1)["random"])
    for name, determinant in (("reflection", -1.0), ("rotation", 1.0)):
        q = matrices[name]
        assert q.T @ q == pytest.approx(numpy.eye(2))
        assert numpy.linalg.det(q) == pytest.approx(determinant)
    reflection = matrices["reflection"]
    assert reflection @ reflection == pytest.approx(numpy.eye(2))  # a reflection is an involution
    assert sorted(numpy.linalg.eigvals(reflection).real) == pytest.approx([-1.0, 1.0])
    # Not a signed permutation: otherwise tanh would commute with it.
    assert numpy.min(numpy.abs(matrices["rotation"])) > 0.05
    assert numpy.min(numpy.abs(reflection)) > 0.05


def test_feedback_matrix_eigenvalues_are_the_slides():
    expected = {"positive": [2, 2], "negative": [-2, -2], "antisymmetric": [-2j, 2j],
                "diffusion": [-0.15 - 2j, -0.15 + 2j]}
    for kind, values in expected.items():
        got = sorted(numpy.linalg.eigvals(FIGURE[kind]), key=lambda z: (z.real, z.imag))
        assert got == pytest.approx(values)


# --- the qualitative claims of the portraits, from the trajectories ----------------------------


@pytest.mark.parametrize("kind", ["identity", "reflection", "rotation"])
def test_orthogonal_vanilla_distance_strictly_decreases(kind):
    """‖tanh(Wh)‖ < ‖Wh‖ = ‖h‖ for orthogonal W: every step moves closer to the origin."""
    r = radii(dynamics.trajectories("vanilla", dynamics.vanilla_matrices()[kind]))
    assert numpy.all(numpy.diff(r, axis=1) < 0)
    assert numpy.all(r[:, -1] < 0.4 * r[:, 0])


def test_random_vanilla_is_repelled_from_the_origin():
    """Seed 2019 gives ρ(W) ≈ 1.14 > 1: the origin (Jacobian W) repels, states do not vanish."""
    weights = dynamics.vanilla_matrices()["random"]
    assert max(abs(numpy.linalg.eigvals(weights))) > 1
    r = radii(dynamics.trajectories("vanilla", weights))
    assert numpy.all(r[:, 25:] > 0.3)


def test_positive_eigenvalues_move_away_and_negative_towards_the_origin():
    away = radii(dynamics.trajectories("feedback", FIGURE["positive"]))
    towards = radii(dynamics.trajectories("feedback", FIGURE["negative"]))
    assert numpy.all(away[:, -1] > 5 * away[:, 0])
    assert numpy.all(numpy.diff(away[:, 5:], axis=1) > 0)
    assert numpy.all(towards[:, -1] < 1e-3)


def test_antisymmetric_feedback_spirals_outward():
    path = dynamics.trajectories("feedback", FIGURE["antisymmetric"])
    r = radii(path)
    assert numpy.all(r[:, -1] > 1.2 * r[:, 0])
    angle = numpy.unwrap(numpy.arctan2(path[..., 1], path[..., 0]), axis=1)
    assert numpy.all(angle[:, -1] - angle[:, 0] > 1.5 * math.pi)  # counter-clockwise


def test_diffusion_feedback_distance_is_nearly_but_not_exactly_constant():
    r = radii(dynamics.trajectories("feedback", FIGURE["diffusion"]))
    assert numpy.all(numpy.abs(r[:, -1] / r[:, 0] - 1) < 0.1)
    assert numpy.all(r.max(axis=1) / r.min(axis=1) > 1.03)  # it wobbles: not constant


def test_diffusion_feedback_settles_on_one_closed_curve():
    """From near the origin (repelling) and from far out, orbits end on one band of radii."""
    starts = numpy.array([[0.01, 0.0], [3.0, 0.0], *dynamics.INITIAL_STATES])
    r = radii(dynamics.trajectories("feedback", FIGURE["diffusion"], initial=starts, steps=3000))
    late = r[:, 2500:]
    assert late.min() > 0.55 and late.max() < 0.62
    assert r[0, 200] > 2 * r[0, 0]  # the origin repels: |1 + ελ|²⁰⁰ ≈ 2.8


def test_euler_increases_the_conserved_quantity_of_the_w0_ode():
    """H = ½ Σ log cosh 2hᵢ is conserved by the ODE; every Euler step increases it."""
    path = dynamics.trajectories("feedback", FIGURE["antisymmetric"])
    H = 0.5 * numpy.log(numpy.cosh(2 * path)).sum(axis=-1)
    assert numpy.all(numpy.diff(H, axis=1) > 0)


# --- antisymmetric matrices and Euler stability ------------------------------------------------


def test_antisymmetric_part_has_imaginary_spectrum():
    weights = numpy.random.default_rng(1).standard_normal((7, 7))
    matrix = dynamics.antisymmetric(weights)
    assert matrix == pytest.approx(-matrix.T)
    eigenvalues = numpy.linalg.eigvals(matrix)
    assert numpy.abs(eigenvalues.real).max() < 1e-12
    assert min(abs(eigenvalues)) < 1e-12  # odd size: 0 is an eigenvalue


def test_from_upper_triangle_fills_row_by_row():
    parameters = numpy.arange(1.0, 7.0)
    matrix = dynamics.from_upper_triangle(parameters, 4)
    expected = numpy.zeros((4, 4))
    values = iter(parameters)
    for i in range(4):
        for j in range(i + 1, 4):
            expected[i, j] = next(values)
            expected[j, i] = -expected[i, j]
    assert numpy.array_equal(matrix, expected)


def test_euler_amplification_against_cmath():
    values = numpy.array([2j, -0.15 + 2j, 0.0])
    got = dynamics.euler_amplification(values, 0.1)
    assert got == pytest.approx([abs(1 + 0.1 * complex(v)) for v in values])
    assert got[0] == pytest.approx(math.sqrt(1.04))


@pytest.mark.parametrize(("epsilon", "omega"), [(0.1, 2.0), (0.01, 5.0), (0.5, 1.9)])
def test_smallest_stable_gamma_against_a_scan(epsilon, omega):
    gamma = dynamics.smallest_stable_gamma(epsilon, omega)
    scan = numpy.linspace(0, 2 / epsilon, 200_001)
    stable = scan[numpy.abs(1 + epsilon * (-scan + 1j * omega)) <= 1]
    assert stable.min() == pytest.approx(gamma, abs=2 * (scan[1] - scan[0]))


# --- the cell and its end-to-end Jacobian --------------------------------------------------------


def test_cells_against_scalar_formulas():
    weights = numpy.array([[0.3, -0.7], [0.2, 0.4]])
    h, u, v = numpy.array([0.5, -0.25]), numpy.array([0.1, 0.2]), numpy.array([-0.3, 0.6])
    m = weights - weights.T - 0.2 * numpy.eye(2)  # [[-0.2, -0.9], [0.9, -0.2]]
    a = [m[0, 0] * h[0] + m[0, 1] * h[1] + u[0], m[1, 0] * h[0] + m[1, 1] * h[1] + u[1]]
    c = [a[0] - u[0] + v[0], a[1] - u[1] + v[1]]
    plain = dynamics.antisymmetric_rnn_step(h, u, weights, 0.2, 0.1)
    assert plain == pytest.approx([h[i] + 0.1 * math.tanh(a[i]) for i in range(2)])
    gated = dynamics.gated_antisymmetric_step(h, v, u, weights, 0.2, 0.1)
    sig = [1 / (1 + math.exp(-x)) for x in c]
    assert gated == pytest.approx([h[i] + 0.1 * sig[i] * math.tanh(a[i]) for i in range(2)])


@pytest.mark.parametrize("cell", ["antisymmetric", "vanilla"])
def test_end_to_end_jacobian_matches_finite_differences(cell):
    matrix, inputs = dynamics.random_network(cell, size=5, steps=20, gamma=0.05, seed=7)
    start = numpy.random.default_rng(3).standard_normal(5) * 0.3
    _, jacobian = dynamics.run_network(cell, matrix, inputs, start)
    step = 1e-6
    columns = []
    for k in range(5):
        shift = numpy.zeros(5)
        shift[k] = step
        plus = dynamics.run_network(cell, matrix, inputs, start + shift)[0]
        minus = dynamics.run_network(cell, matrix, inputs, start - shift)[0]
        columns.append((plus - minus) / (2 * step))
    assert jacobian == pytest.approx(numpy.array(columns).T, abs=1e-7)


def test_jacobian_spectrum_vanilla_vanishes_and_diffusion_orders_the_antisymmetric_cell():
    means = [dynamics.eigenvalue_magnitudes(
        dynamics.end_to_end_jacobian("antisymmetric", gamma=g))[0] for g in (0.0, 0.01, 0.1, 1.0)]
    assert means[0] > 1  # no diffusion: Euler's slow explosion
    assert all(a > b for a, b in itertools.pairwise(means))
    assert 0.5 < means[2] < 1.5  # γ = 0.1 keeps the spectrum near the unit circle
    vanilla = dynamics.eigenvalue_magnitudes(dynamics.end_to_end_jacobian("vanilla"))[0]
    assert vanilla < 1e-6


def test_eigenvalue_magnitudes_against_cmath():
    matrix = numpy.array([[0.0, -2.0], [2.0, 0.0]])
    mean, spread = dynamics.eigenvalue_magnitudes(matrix)
    assert mean == pytest.approx(abs(cmath.sqrt(-4)))
    assert spread == pytest.approx(0.0)


def test_docstring_examples():
    import doctest

    result = doctest.testmod(dynamics)
    assert result.attempted > 10 and result.failed == 0
