"""Chapter 3's claims checked a second way (numpy, brute force), and its checks shown able to fail.

The generic test verifies every registered derivation; these tests make sure the
SymPy checks are not vacuous (a wrong claim fails) and that the exact statements
agree with plain floating-point computation on the unrolled network.
"""

from __future__ import annotations

import dataclasses

import numpy
import pytest
import sympy

from derivations import bptt
from derivations.ch3_bptt.jacobian_product import diagonal_symbol
from derivations.ch3_bptt.vanishing_bound import NILPOTENT_PLUS_HALF
from derivations.engine import Relation, get, verify


def test_transposed_claim_would_fail_the_jacobian_check() -> None:
    derivation = get("jacobian-product")
    step = derivation.step("product-2x2-l2")
    w = sympy.MatrixSymbol("W", 2, 2)
    wrong = w.T * diagonal_symbol(1, 2) * w.T * diagonal_symbol(0, 2)
    broken = dataclasses.replace(derivation, steps=(dataclasses.replace(step, rhs=wrong),))
    assert not verify(broken).passed


def test_dropping_a_path_fails_the_bptt_check() -> None:
    derivation = get("bptt-gradient-sum")
    step = derivation.step("gradient-in-w")
    first_term = step.rhs.args[0]
    broken_step = dataclasses.replace(step, rhs=step.rhs - first_term)
    broken = dataclasses.replace(derivation, steps=(broken_step,))
    assert not verify(broken).passed


def test_strict_chain_as_printed_is_false() -> None:
    derivation = get("erratum-vanishing-chain")
    step = derivation.step("second-inequality-is-equality")
    as_printed = dataclasses.replace(step, relation=Relation.LT)
    assert not verify(dataclasses.replace(derivation, steps=(as_printed,))).passed


def test_bptt_double_sum_against_finite_differences() -> None:
    rng = numpy.random.default_rng(5)
    w, v, b = 0.9, 0.7, 0.1
    start, inputs, targets = rng.standard_normal(), rng.standard_normal(6), rng.standard_normal(6)

    def states(weight: float) -> list[float]:
        xs = [start]
        for u in inputs:
            xs.append(weight * numpy.tanh(xs[-1]) + v * u + b)
        return xs

    def loss(weight: float) -> float:
        xs = states(weight)
        return sum(0.5 * (xs[t] - targets[t - 1]) ** 2 for t in range(1, 7))

    xs = states(w)
    total = 0.0
    for t in range(1, 7):
        for k in range(1, t + 1):
            across = numpy.prod([w * (1 - numpy.tanh(xs[i - 1]) ** 2) for i in range(k + 1, t + 1)])
            total += (xs[t] - targets[t - 1]) * across * numpy.tanh(xs[k - 1])
    h = 1e-6
    assert total == pytest.approx((loss(w + h) - loss(w - h)) / (2 * h), rel=1e-7)


def test_gamma_is_the_maximum_slope_on_a_grid() -> None:
    grid = numpy.linspace(-20, 20, 400_001)  # contains 0
    tanh_slope = 1 - numpy.tanh(grid) ** 2
    sigmoid = 1 / (1 + numpy.exp(-grid))
    sigmoid_slope = sigmoid * (1 - sigmoid)
    assert tanh_slope.max() == pytest.approx(1.0, abs=1e-15)
    assert sigmoid_slope.max() == pytest.approx(0.25, abs=1e-15)
    assert bptt.nonlinearity("tanh").gamma == 1.0
    assert bptt.nonlinearity("sigmoid").gamma == 0.25


def test_counterexample_to_sufficiency_numerically() -> None:
    matrix = numpy.array(NILPOTENT_PLUS_HALF, dtype=float)
    assert numpy.linalg.svd(matrix, compute_uv=False)[0] > 10
    norms = [numpy.linalg.norm(numpy.linalg.matrix_power(matrix, n), 2) for n in range(200)]
    assert max(norms) > 10  # transient growth …
    assert norms[-1] < 1e-50  # … then decay to zero


def test_transposed_factor_has_the_same_two_norm() -> None:
    rng = numpy.random.default_rng(1)
    for _ in range(20):
        matrix = rng.standard_normal((5, 5))
        assert numpy.linalg.norm(matrix.T, 2) == pytest.approx(numpy.linalg.norm(matrix, 2))
