"""Chapter 3's claims checked a second way (numpy, finite differences, brute force), and its checks
shown able to fail.

The generic test verifies every registered derivation; these tests make sure the
SymPy checks are not vacuous (a wrong claim, or a right claim without the hypothesis
it needs, fails) and that the exact statements agree with plain floating-point
computation on networks the derivations never see.
"""

from __future__ import annotations

import dataclasses
import re

import numpy
import pytest
import sympy

from derivations import bptt
from derivations.ch3_bptt.exercises import TRANSIENT
from derivations.ch3_bptt.linear_case import QUARTER_TURN
from derivations.engine import Chain, Derivation, Relation, get, slugs, verify
from derivations.engine.registry import chapter_of

RNG_SEED = 2013


def _replace_step(derivation: Derivation, label: str, **changes: object) -> Derivation:
    steps = tuple(dataclasses.replace(step, **changes) if step.label == label else step
                  for step in derivation.steps)
    return dataclasses.replace(derivation, steps=steps)


def _failures(derivation: Derivation) -> list[str]:
    return verify(derivation).failures()


# --- the checks can fail ---------------------------------------------------------------------

def test_the_norm_bound_needs_the_slope_bound() -> None:
    derivation = get("vanishing-sufficient-condition")
    weakened = _replace_step(derivation, "factor-slopes", given=())
    assert any("factor-slopes" in line for line in _failures(weakened))


def test_the_norm_bound_needs_its_base_case() -> None:
    derivation = get("vanishing-sufficient-condition")
    weakened = _replace_step(derivation, "norm-bound", given=())
    assert any("base case" in line for line in _failures(weakened))


def test_a_faster_rate_than_eta_is_not_proved() -> None:
    derivation = get("vanishing-sufficient-condition")
    eta, ell = sympy.Symbol("eta", nonnegative=True), sympy.Symbol("l", integer=True,
                                                                   nonnegative=True)
    faster = _replace_step(derivation, "bound-rest", rhs=eta ** (ell + 2))
    assert not verify(faster).passed


def test_without_a_strict_bound_eta_below_one_fails() -> None:
    derivation = get("vanishing-sufficient-condition")
    assert any("eta-below-one" in line
               for line in _failures(_replace_step(derivation, "eta-below-one", given=())))


def test_the_transposed_one_step_jacobian_is_rejected() -> None:
    derivation = get("jacobian-product")
    step = derivation.conclusion_step
    weight, slope = step.rhs.args if step.rhs.args[0].is_Indexed else step.rhs.args[::-1]
    row, column = weight.indices
    transposed = weight.base[column, row] * slope
    assert not verify(_replace_step(derivation, step.label, rhs=transposed)).passed


@pytest.mark.slow
def test_dropping_a_path_fails_the_bptt_check() -> None:
    derivation = get("bptt-gradient-sum")
    step = derivation.step("one-term-per-path")
    dropped = step.rhs - step.rhs.args[0]
    broken = _replace_step(derivation, "one-term-per-path", rhs=dropped, display_rhs=None)
    assert any("one-term-per-path" in line for line in _failures(broken))


def test_the_strict_chain_as_printed_in_the_notes_is_false() -> None:
    derivation = get("erratum-vanishing-chain")
    as_printed = _replace_step(derivation, "equality", relation=Relation.LT)
    assert any("equality" in line for line in _failures(as_printed))


@pytest.mark.slow
def test_clipping_branches_need_their_conditions() -> None:
    derivation = get("gradient-norm-clipping")
    for label in ("rescaling-branch", "keeping-branch"):
        assert any(label in line for line in _failures(_replace_step(derivation, label,
                                                                     given=())))


def test_chain_reasons_name_their_links() -> None:
    """A reason such as "Steps (4) to (7)" must name the steps its chain actually joins."""
    for slug in (slug for slug in slugs() if chapter_of(slug) == 3):
        derivation = get(slug)
        for step in derivation.steps:
            if not isinstance(step.check, Chain):
                continue
            numbers = sorted(int(derivation.number(label)[1:-1]) for label in step.check.links)
            named = [int(n) for n in re.findall(r"\((\d+)\)", step.reason)]
            if not named:
                continue
            if " to " in step.reason:
                named = list(range(named[0], named[-1] + 1))
            assert sorted(named) == numbers, f"{slug} › {step.label}: {step.reason}"


# --- the claims, checked without SymPy ------------------------------------------------------

def _tanh_network(weights: numpy.ndarray, start: numpy.ndarray, drives: numpy.ndarray):
    states = [start]
    for drive in drives:
        states.append(weights @ numpy.tanh(states[-1]) + drive)
    return states


def test_one_step_jacobian_is_w_diag_by_finite_differences() -> None:
    rng = numpy.random.default_rng(RNG_SEED)
    weights, state = rng.standard_normal((4, 4)), rng.standard_normal(4)
    step = 1e-6
    numeric = numpy.column_stack([
        (weights @ numpy.tanh(state + step * e) - weights @ numpy.tanh(state - step * e))
        / (2 * step) for e in numpy.eye(4)])
    slopes = numpy.diag(1 - numpy.tanh(state) ** 2)
    assert numpy.allclose(numeric, weights @ slopes, atol=1e-8)
    assert not numpy.allclose(numeric, weights.T @ slopes, atol=1e-2)


def test_bptt_sum_for_a_vector_state_against_finite_differences() -> None:
    """d = 3, T = 3: the six path terms add up to the derivative of the loss in one entry of W."""
    rng = numpy.random.default_rng(RNG_SEED)
    size = 3
    weights, start = rng.standard_normal((size, size)) * 0.8, rng.standard_normal(size)
    drives, targets = rng.standard_normal((3, size)), rng.standard_normal((3, size))
    entry = (0, 2)

    def loss(matrix: numpy.ndarray) -> float:
        states = _tanh_network(matrix, start, drives)
        return sum(0.5 * numpy.sum((states[t] - targets[t - 1]) ** 2) for t in (1, 2, 3))

    states = _tanh_network(weights, start, drives)
    unit = numpy.zeros((size, size))
    unit[entry] = 1.0
    immediate = {k: unit @ numpy.tanh(states[k - 1]) for k in (1, 2, 3)}
    step_jacobian = {t: weights @ numpy.diag(1 - numpy.tanh(states[t - 1]) ** 2) for t in (2, 3)}
    slope = {t: states[t] - targets[t - 1] for t in (1, 2, 3)}
    paths = (slope[1] @ immediate[1]
             + slope[2] @ (immediate[2] + step_jacobian[2] @ immediate[1])
             + slope[3] @ (immediate[3] + step_jacobian[3] @ immediate[2]
                           + step_jacobian[3] @ step_jacobian[2] @ immediate[1]))
    h = 1e-6
    numeric = (loss(weights + h * unit) - loss(weights - h * unit)) / (2 * h)
    assert paths == pytest.approx(numeric, rel=1e-7)


def test_bptt_double_sum_for_six_steps_against_finite_differences() -> None:
    rng = numpy.random.default_rng(5)
    w, v, b = 0.9, 0.7, 0.1
    start, inputs, targets = rng.standard_normal(), rng.standard_normal(6), rng.standard_normal(6)

    def states(weight: float) -> list[float]:
        hs = [start]
        for u in inputs:
            hs.append(weight * numpy.tanh(hs[-1]) + v * u + b)
        return hs

    def loss(weight: float) -> float:
        hs = states(weight)
        return sum(0.5 * (hs[t] - targets[t - 1]) ** 2 for t in range(1, 7))

    hs = states(w)
    total = 0.0
    for t in range(1, 7):
        for k in range(1, t + 1):
            across = numpy.prod([w * (1 - numpy.tanh(hs[i - 1]) ** 2) for i in range(k + 1, t + 1)])
            total += (hs[t] - targets[t - 1]) * across * numpy.tanh(hs[k - 1])
    h = 1e-6
    assert total == pytest.approx((loss(w + h) - loss(w - h)) / (2 * h), rel=1e-7)


@pytest.mark.parametrize("activation", ["tanh", "sigmoid"])
def test_jacobian_norm_stays_under_eta_to_the_l(activation: str) -> None:
    """Random networks of several sizes and scales: ‖∂h_{k+l}/∂h_k‖₂ ≤ (β s₁)^l at every l ≤ 60."""
    rng = numpy.random.default_rng(RNG_SEED)
    slope_bound = {"tanh": 1.0, "sigmoid": 0.25}[activation]
    nonlinearity = bptt.nonlinearity(activation)
    for size in (2, 5, 9):
        for scale in (0.3, 1.0, 3.0):
            weights = rng.standard_normal((size, size)) * scale / numpy.sqrt(size)
            eta = slope_bound * numpy.linalg.norm(weights, 2)
            state, product = rng.standard_normal(size), numpy.eye(size)
            for lag in range(1, 61):
                product = weights @ numpy.diag(nonlinearity.derivative(state)) @ product
                state = weights @ nonlinearity.function(state) + rng.standard_normal(size)
                assert numpy.linalg.norm(product, 2) <= eta**lag * (1 + 1e-9) + 1e-300


def test_slopes_on_a_grid() -> None:
    grid = numpy.linspace(-20, 20, 400_001)  # contains 0
    tanh_slope = 1 - numpy.tanh(grid) ** 2
    sigmoid = 1 / (1 + numpy.exp(-grid))
    sigmoid_slope = sigmoid * (1 - sigmoid)
    moderate = numpy.abs(grid) <= 10  # beyond, float64 rounds the slopes to 0
    assert tanh_slope[moderate].min() > 0 and sigmoid_slope[moderate].min() > 0
    assert tanh_slope.min() >= 0 and sigmoid_slope.min() >= 0
    assert tanh_slope.max() == pytest.approx(1.0, abs=1e-15)
    assert sigmoid_slope.max() == pytest.approx(0.25, abs=1e-15)
    assert get("exercise-3-2").conclusion_step.rhs == sympy.Rational(1, 4)
    assert get("exercise-3-1").conclusion_step.rhs == 1


def test_large_singular_value_without_explosion() -> None:
    matrix = numpy.array(TRANSIENT, dtype=float)
    assert numpy.linalg.svd(matrix, compute_uv=False)[0] > 10
    assert numpy.allclose(numpy.linalg.eigvals(matrix), 0.5)
    norms = [numpy.linalg.norm(numpy.linalg.matrix_power(matrix, n), 2) for n in range(200)]
    assert max(norms) > 10  # transient growth …
    assert norms[-1] < 1e-50  # … then decay to zero


def test_transposed_factor_has_the_same_two_norm() -> None:
    rng = numpy.random.default_rng(1)
    for _ in range(20):
        matrix = rng.standard_normal((5, 5))
        assert numpy.linalg.norm(matrix.T, 2) == pytest.approx(numpy.linalg.norm(matrix, 2))


def test_a_normal_matrix_whose_right_eigenvector_is_not_a_left_one() -> None:
    turn = numpy.array(QUARTER_TURN, dtype=complex)
    assert numpy.allclose(turn.T @ turn, turn @ turn.T)  # normal
    values, vectors = numpy.linalg.eig(turn)
    for value, vector in zip(values, vectors.T, strict=True):
        assert numpy.allclose(turn @ vector, value * vector)
        assert not numpy.allclose(vector @ turn, value * vector)  # vᵀR ≠ λvᵀ
        assert numpy.allclose(vector.conj() @ turn, value * vector.conj())  # v*R = λv*


def test_symmetric_matrices_have_equal_left_and_right_eigenvectors() -> None:
    rng = numpy.random.default_rng(RNG_SEED)
    square = rng.standard_normal((6, 6))
    symmetric = square + square.T
    values, vectors = numpy.linalg.eigh(symmetric)
    for value, vector in zip(values, vectors.T, strict=True):
        assert numpy.allclose(vector @ symmetric, value * vector)


def _algorithm_1(gradient: numpy.ndarray, threshold: float) -> numpy.ndarray:
    """Pascanu et al.'s Algorithm 1, written as printed: rescale only if the norm is too large."""
    length = numpy.linalg.norm(gradient)
    return threshold * gradient / length if length >= threshold else gradient


def test_clipping_sets_the_length_and_keeps_the_direction() -> None:
    rng = numpy.random.default_rng(RNG_SEED)
    for size in (1, 3, 50):
        for scale in (0.01, 1.0, 100.0):
            gradient, threshold = rng.standard_normal(size) * scale, 1.0
            clipped = _algorithm_1(gradient, threshold)
            length = numpy.linalg.norm(gradient)
            assert numpy.linalg.norm(clipped) == pytest.approx(min(length, threshold))
            assert clipped @ gradient / (numpy.linalg.norm(clipped) * length) == pytest.approx(1)
            closed_form = min(length, threshold) / length * gradient
            assert numpy.allclose(clipped, closed_form)
            assert numpy.allclose(bptt.clip_by_norm(gradient, threshold), clipped)


# --- the exercises' answers, computed by brute force ------------------------------------------

def _answer(slug: str) -> sympy.Basic:
    derivation = get(slug)
    return derivation.concrete(derivation.conclusion_step.rhs)


def test_exercise_answers_by_brute_force() -> None:
    horizon = 100
    assert _answer("exercise-3-3") == sum(1 for t in range(1, horizon + 1)
                                          for _ in range(1, t + 1))
    eta = 0.25 * 3
    first_below = next(lag for lag in range(1, 1000) if eta**lag < 1e-6)
    assert _answer("exercise-3-4") == first_below


def test_animation_values_are_the_checked_example() -> None:
    derivation = get("linear-jacobian-powers")
    weights = numpy.array(derivation.value("W_{ex}"), dtype=float)
    for vector, value in (("p_1", "lambda_1"), ("p_2", "lambda_2")):
        left = numpy.array(derivation.value(vector), dtype=float).ravel()
        assert numpy.allclose(left @ weights, float(derivation.value(value)) * left)
