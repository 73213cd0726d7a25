"""Chapter 2's claims checked a second way: numpy and LAPACK against the symbolic proofs, loops
against closed forms, and the proofs shown unable to pass without their hypotheses.

Every expected value here comes from numpy, a loop, or a known constant, never from the
derivation being tested.
"""

from __future__ import annotations

import dataclasses
import math

import numpy
import pytest
import sympy

from derivations import hidden_state
from derivations.engine import Hypothesis, get, verify
from derivations.haar import samples
from derivations.init import orthogonal

SIZES = (1, 2, 3, 7, 32)


def _haar(size: int, seed: int) -> numpy.ndarray:
    return orthogonal((size, size), rng=seed)


def _without(slug: str, step_label: str, hypothesis_label: str) -> bool:
    """Whether ``slug`` still verifies when ``step_label`` may not cite ``hypothesis_label``."""
    derivation = get(slug)
    steps = tuple(
        dataclasses.replace(step, given=tuple(g for g in step.given if g != hypothesis_label))
        if step.label == step_label else step
        for step in derivation.steps
    )
    return verify(dataclasses.replace(derivation, steps=steps)).passed


# --- the general-size theorems against numpy, at several sizes ------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_orthogonal_matrices_keep_lengths_singular_values_and_unit_eigenvalues(size):
    q = _haar(size, seed=size)
    x = numpy.random.default_rng(size).standard_normal(size)
    assert math.isclose(numpy.linalg.norm(q @ x), numpy.linalg.norm(x), rel_tol=1e-12)
    assert numpy.allclose(q @ q.T, numpy.eye(size), atol=1e-12)  # inverse is transpose
    assert numpy.allclose(numpy.linalg.svd(q, compute_uv=False), 1, atol=1e-12)
    assert numpy.allclose(numpy.abs(numpy.linalg.eigvals(q)), 1, atol=1e-10)


@pytest.mark.parametrize("size", SIZES)
def test_products_powers_and_gain(size):
    first, second = _haar(size, seed=1), _haar(size, seed=2)
    product = first @ second
    assert numpy.allclose(product.T @ product, numpy.eye(size), atol=1e-12)
    h = numpy.random.default_rng(3).standard_normal(size)
    gain, steps = 1.1, 40
    grown = numpy.linalg.matrix_power(gain * first, steps) @ h
    assert math.isclose(numpy.linalg.norm(grown), gain**steps * numpy.linalg.norm(h),
                        rel_tol=1e-10)


def test_a_gaussian_matrix_does_not_keep_lengths():
    # The counterexample the theorems exclude: well-scaled Gaussian entries, norm not kept.
    w = numpy.random.default_rng(0).standard_normal((16, 16)) / 4
    h = numpy.ones(16)
    assert abs(numpy.linalg.norm(numpy.linalg.matrix_power(w, 64) @ h) / 4 - 1) > 0.5


def test_tall_matrices_keep_lengths_but_their_rows_are_not_orthonormal():
    q = orthogonal((7, 3), rng=0)
    x = numpy.random.default_rng(1).standard_normal(3)
    assert math.isclose(numpy.linalg.norm(q @ x), numpy.linalg.norm(x), rel_tol=1e-12)
    projection = q @ q.T
    assert numpy.allclose(projection @ projection, projection, atol=1e-12)
    assert numpy.linalg.matrix_rank(projection) == 3  # so QQᵀ ≠ I₇: a 4-dimensional kernel


def test_every_two_by_two_orthogonal_matrix_is_a_rotation_or_a_reflection():
    for seed in range(20):
        q = _haar(2, seed)
        a, c = q[:, 0]
        rotation = numpy.array([[a, -c], [c, a]])
        reflection = numpy.array([[a, c], [c, -a]])
        determinant = numpy.linalg.det(q)
        expected = rotation if determinant > 0 else reflection
        assert numpy.allclose(q, expected, atol=1e-12)
        assert math.isclose(abs(determinant), 1, rel_tol=1e-12)


# --- the proofs need their hypotheses ---------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("slug", "step", "hypothesis"), [
    ("orthogonal-preserves-norm", "preserved", "orthogonal"),
    ("orthogonal-powers", "second-pair", "second-orthogonal"),
    ("orthogonal-eigenvalues", "modulus", "nonzero"),
    ("orthogonal-gain", "singular-value", "not-opposite"),
    ("exercise-2-3", "second-column", "orthogonal"),
    ("householder-reflector", "orthogonal", "length"),
])
def test_a_step_fails_without_the_hypothesis_it_cites(slug, step, hypothesis):
    assert get(slug).step(step).given  # the step does cite something
    assert not _without(slug, step, hypothesis)


def test_a_product_with_only_one_orthogonal_factor_is_not_orthogonal():
    # Q₂ = 2I is not orthogonal: then the conclusion is false, and the check must refuse it.
    derivation = get("orthogonal-powers")
    q_2 = sympy.MatrixSymbol("Q_2", *derivation.step("second-pair").lhs.shape)
    doubled = Hypothesis("second-orthogonal", q_2.T * q_2, 4 * sympy.Identity(q_2.rows))
    hypotheses = tuple(doubled if getattr(h, "label", "") == "second-orthogonal" else h
                       for h in derivation.hypotheses)
    assert not verify(dataclasses.replace(derivation, hypotheses=hypotheses)).passed


# --- Haar moments and the QR bias, by sampling ---------------------------------------------

def test_unfixed_qr_corner_mean_matches_the_integral():
    # The derivation gets −2/π by integrating; 20,000 LAPACK QRs (se ≈ 0.0022) must agree.
    corner = samples("qr-lapack", 2, 20_000, seed=3)[:, 0, 0]
    assert abs(corner.mean() - (-2 / math.pi)) < 5 * corner.std() / math.sqrt(len(corner))
    assert (corner <= 0).all()  # −|cos θ|: never positive


def test_half_of_haar_matrices_are_reflections_and_the_corner_moments_match():
    stack = samples("qr-mezzadri", 2, 20_000, seed=4)
    reflections = (numpy.linalg.det(stack) < 0).mean()
    corner_squared = stack[:, 0, 0] ** 2
    assert abs(reflections - 0.5) < 5 * math.sqrt(0.25 / len(stack))
    assert abs(corner_squared.mean() - 1 / 2) < 5 * corner_squared.std() / math.sqrt(len(stack))


# --- Householder reflectors and the flop counts --------------------------------------------

def test_reflector_matches_lapack_first_column_of_r():
    x = numpy.array([3.0, -1.0, 2.0, 0.5])
    norm = numpy.linalg.norm(x)
    u = x + norm * numpy.eye(4)[0]
    reflector = numpy.eye(4) - 2 * numpy.outer(u, u) / (u @ u)
    assert numpy.allclose(reflector, reflector.T)
    assert numpy.allclose(reflector.T @ reflector, numpy.eye(4), atol=1e-12)
    assert numpy.allclose(reflector @ x, -norm * numpy.eye(4)[0], atol=1e-12)
    r = numpy.linalg.qr(x[:, None])[1]
    assert math.isclose(r[0, 0], -norm, rel_tol=1e-12)  # LAPACK's sign: −sign(x₁)‖x‖


def _flops_by_loop(size: int) -> tuple[int, int]:
    """4·rows·columns per reflector application, counted column by column."""
    factorise = form = 0
    for k in range(1, size + 1):
        rows = size - k + 1
        factorise += 4 * rows * (size - k)
        form += 4 * rows * rows
    return factorise, form


@pytest.mark.parametrize("size", [1, 2, 5, 17, 64])
def test_flop_closed_forms_against_a_loop(size):
    derivation = get("haar-by-reflectors")
    d = sympy.Symbol("d", integer=True, positive=True)
    factorise, form = _flops_by_loop(size)
    assert derivation.step("factorise-work").rhs.subs(d, size) == factorise
    assert derivation.step("form-work").rhs.subs(d, size) == form
    assert derivation.step("numbers-drawn").rhs.subs(d, size) == sum(range(1, size + 1))


# --- the exercises' answers, computed another way ------------------------------------------

def test_exercise_answers_numerically():
    assert 1.1**24 < 10 <= 1.1**25  # exercise 2.1: 25 steps
    largest, smallest = 2 ** (1 / 100), 2 ** (-1 / 100)  # exercise 2.4
    assert math.isclose(largest**100, 2) and math.isclose(smallest**100, 0.5)
    assert all(0.5 <= largest**t <= 2 + 1e-12 for t in range(101))  # float rounding at t = 100
    assert (largest * 1.0001) ** 100 > 2  # a slightly larger gain leaves the band
    a = numpy.array([[0.5, 1.0], [0.0, 0.5]])  # exercise 2.5
    assert numpy.linalg.svd(a, compute_uv=False)[0] > 1
    assert numpy.abs(numpy.linalg.matrix_power(a, 200)).max() < 1e-50
    angle = math.pi / 3  # exercise 2.6
    w = numpy.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    step = numpy.diag([1.0, 0.5]) @ w @ numpy.array([1.0, 0.0])
    assert math.isclose(step @ step, 7 / 16)


def test_exercise_numeric_answers_are_what_the_page_checks():
    expected = {"exercise-2-1": 25, "exercise-2-4": 2 ** (1 / 100), "exercise-2-5": 0,
                "exercise-2-6": 7 / 16}
    for slug, value in expected.items():
        derivation = get(slug)
        answer = derivation.concrete(derivation.conclusion_step.rhs)
        assert math.isclose(float(answer), value, abs_tol=1e-15), slug


def test_qr_is_unique_up_to_signs():
    # Exercise 2.7's consequence: two QR factorisations differ by a diagonal of signs.
    a = numpy.random.default_rng(5).standard_normal((5, 5))
    q, r = numpy.linalg.qr(a)
    signs = numpy.diag([1.0, -1.0, -1.0, 1.0, -1.0])
    q_other, r_other = q @ signs, signs @ r
    assert numpy.allclose(q_other @ r_other, a)
    triangular = q_other.T @ q
    assert numpy.allclose(triangular, numpy.diag(numpy.diag(triangular)), atol=1e-12)
    assert numpy.allclose(numpy.abs(numpy.diag(triangular)), 1, atol=1e-12)


# --- the hidden-state library and the animation's rotation -----------------------------------

def test_hidden_state_norms_against_matrix_powers():
    matrices = hidden_state.weight_matrices(size=16, seed=5)
    for matrix in matrices.values():
        norms = hidden_state.hidden_state_norms(matrix, 40, seed=5)
        h0 = numpy.random.default_rng(6).standard_normal(16)
        h0 /= numpy.linalg.norm(h0)
        for t in (0, 1, 17, 40):
            expected = numpy.linalg.norm(numpy.linalg.matrix_power(matrix, t) @ h0)
            assert math.isclose(norms[t], expected, rel_tol=1e-10)
    orthogonal_norms = hidden_state.hidden_state_norms(matrices["orthogonal"], 1000)
    assert numpy.abs(orthogonal_norms - 1).max() < 1e-12


def test_rotation_orbit_against_exact_powers():
    exact = get("rotations-in-the-plane").value("R_60")
    orbit = hidden_state.rotation_orbit(math.pi / 3, 6)
    for t in range(7):
        column = (sympy.Matrix(exact) ** t)[:, 0]
        assert numpy.allclose(orbit[t], [float(v) for v in column])
