"""Chapter 3's answer to the book's question (``orthogonal-weights-bound``): its checks can fail,
and its statement agrees with plain floating-point computation on the chapter's networks."""

from __future__ import annotations

import dataclasses

import numpy
import sympy

from derivations import bptt
from derivations.engine import Derivation, get, verify
from derivations.notation import symbol

SLUG = "orthogonal-weights-bound"


def _replace_step(derivation: Derivation, label: str, **changes: object) -> Derivation:
    steps = tuple(dataclasses.replace(step, **changes) if step.label == label else step
                  for step in derivation.steps)
    return dataclasses.replace(derivation, steps=steps)


def _failed_steps(derivation: Derivation) -> list[str]:
    return verify(derivation).failures()


def test_it_verifies_for_every_size() -> None:
    result = verify(get(SLUG))
    assert result.passed, result.failures()


def test_the_largest_singular_value_is_one_only_for_an_orthogonal_matrix() -> None:
    weakened = _replace_step(get(SLUG), "kept", given=("real", "real-vector"))
    assert any("kept" in line for line in _failed_steps(weakened))


def test_s1_is_not_minus_one_needs_the_sign_of_a_norm() -> None:
    # (s₁ − 1)(s₁ + 1) = 0 alone does not give s₁ = 1.
    weakened = _replace_step(get(SLUG), "largest-is-one", given=("square",))
    assert any("largest-is-one" in line for line in _failed_steps(weakened))


def test_a_faster_rate_than_beta_is_not_proved() -> None:
    beta, ell = symbol("beta"), symbol("l")
    faster = _replace_step(get(SLUG), "power-of-beta", rhs=(beta / 2) ** ell)
    assert any("power-of-beta" in line and "recurrence" in line
               for line in _failed_steps(faster))


def test_the_sigmoid_bound_is_a_quarter_to_the_l_not_a_half() -> None:
    ell = symbol("l")
    wrong = _replace_step(get(SLUG), "sigmoid-bound", rhs=2 ** (-ell))
    assert any("sigmoid-bound" in line for line in _failed_steps(wrong))


def test_the_statement_is_about_the_registered_conclusion() -> None:
    derivation = get(SLUG)
    beta, ell = symbol("beta"), symbol("l")
    assert derivation.conclusion_step.rhs == beta**ell
    assert {"vanishing-sufficient-condition", "orthogonal-preserves-norm"} <= set(
        derivation.uses)
    assert sympy.srepr(derivation.step("tanh-bound").rhs) == sympy.srepr(sympy.Integer(1))


def test_measured_orthogonal_networks_stay_under_beta_to_the_l() -> None:
    """The chapter's orthogonal W: s₁ = 1 in float64, and each measured Jacobian norm lies under
    β^l: 1 for the identity and tanh, 4^{-l} for the sigmoid; tanh lies far below, the identity
    on it (the bound is not an equality, and it can be reached)."""
    weights = bptt.recurrent_matrix("orthogonal")
    assert abs(numpy.linalg.norm(weights, 2) - 1) < 1e-12
    horizon = 100
    lags = numpy.arange(horizon + 1)
    for activation in ("linear", "tanh", "sigmoid"):
        beta = bptt.nonlinearity(activation).gamma
        assert abs(bptt.per_step_bound(weights, activation) - beta) < 1e-12
        norms = bptt.jacobian_norms(weights, activation, horizon)
        assert numpy.all(norms <= beta**lags * (1 + 1e-9)), activation
    linear = bptt.jacobian_norms(weights, "linear", horizon)
    tanh = bptt.jacobian_norms(weights, "tanh", horizon)
    assert numpy.allclose(linear, 1.0)
    assert tanh[horizon] < 1e-10  # η = 1, and still the gradient vanishes through the slopes
