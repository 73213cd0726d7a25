"""Jacobian norms across time in a seeded recurrent network, in float64 and in mpmath.

Chapter 3 proves ‖∂x_t/∂x_k‖₂ ≤ η^l with η = γ‖W‖₂; this module measures the
left side along a real trajectory of x_t = W σ(x_{t−1}) + W_in u_t + b, for
l = t − k up to 1,000. Over such horizons float64 underflows to 0 or overflows
to inf; :func:`exact_jacobian_norms` multiplies the *same* float64 factors in
mpmath, whose exponents do not run out, and :func:`float64_breakdown` reports
the first l where float64 stops agreeing. Scenes and the site read their
numbers from here, so a picture cannot disagree with a table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import mpmath
import numpy

from derivations.init import orthogonal

SEED = 2013  # Pascanu, Mikolov & Bengio
SIZE = 8
HORIZON = 1000
TOLERANCE = 1e-6  # relative disagreement at which float64 "stops telling the truth"


@dataclass(frozen=True)
class Nonlinearity:
    """σ, its derivative σ′, and γ = sup |σ′| (derived in ``nonlinearity-derivative-bounds``)."""

    name: str
    function: Callable[[numpy.ndarray], numpy.ndarray]
    derivative: Callable[[numpy.ndarray], numpy.ndarray]
    gamma: float


def _sigmoid(x: numpy.ndarray) -> numpy.ndarray:
    return 1.0 / (1.0 + numpy.exp(-x))


NONLINEARITIES: dict[str, Nonlinearity] = {
    "tanh": Nonlinearity("tanh", numpy.tanh, lambda x: 1.0 - numpy.tanh(x) ** 2, 1.0),
    "sigmoid": Nonlinearity(
        "sigmoid", _sigmoid, lambda x: _sigmoid(x) * (1.0 - _sigmoid(x)), 0.25
    ),
    "linear": Nonlinearity("linear", lambda x: x, numpy.ones_like, 1.0),
}
KINDS = ("gaussian", "orthogonal", "identity")


def nonlinearity(name: str) -> Nonlinearity:
    """The nonlinearity called ``name``.

    >>> nonlinearity("sigmoid").gamma
    0.25
    """
    if not isinstance(name, str):
        raise TypeError(f"name: expected a str, got {type(name).__name__}")
    if name not in NONLINEARITIES:
        raise ValueError(f"name: expected one of {sorted(NONLINEARITIES)}, got {name!r}")
    return NONLINEARITIES[name]


def _check_positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | numpy.integer):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name}: expected a positive int, got {value}")
    return int(value)


def _check_square(weights: object) -> numpy.ndarray:
    if not isinstance(weights, numpy.ndarray):
        raise TypeError(f"weights: expected a numpy array, got {type(weights).__name__}")
    if weights.ndim != 2 or weights.shape[0] != weights.shape[1]:
        raise ValueError(f"weights: expected a square matrix, got shape {weights.shape}")
    if not numpy.issubdtype(weights.dtype, numpy.floating) or not numpy.isfinite(weights).all():
        raise ValueError("weights: expected finite float entries")
    return weights


def recurrent_matrix(
    kind: str, size: int = SIZE, *, scale: float = 1.0, seed: int = SEED
) -> numpy.ndarray:
    """``scale`` × a seeded W: Gaussian N(0, 1/size) entries, Haar orthogonal, or identity.

    Gaussian W has spectral radius ≈ ``scale`` and ‖W‖₂ ≈ 2·``scale`` for large size
    (circular and quarter-circle laws); orthogonal and identity have ‖W‖₂ = ``scale``.

    >>> w = recurrent_matrix("orthogonal", 4, scale=2.0)
    >>> bool(numpy.allclose(w.T @ w, 4 * numpy.eye(4)))
    True
    """
    if kind not in KINDS:
        raise ValueError(f"kind: expected one of {KINDS}, got {kind!r}")
    size = _check_positive_int("size", size)
    if isinstance(scale, bool) or not isinstance(scale, int | float):
        raise TypeError(f"scale: expected a number, got {type(scale).__name__}")
    if not scale > 0:
        raise ValueError(f"scale: expected a positive number, got {scale}")
    if kind == "gaussian":
        base = numpy.random.default_rng(seed).standard_normal((size, size)) / numpy.sqrt(size)
    elif kind == "orthogonal":
        base = orthogonal((size, size), rng=seed)
    else:
        base = numpy.eye(size)
    return float(scale) * base


def trajectory(
    weights: numpy.ndarray, activation: str, steps: int, *, seed: int = SEED
) -> numpy.ndarray:
    """States x_0 … x_steps of x_t = W σ(x_{t−1}) + W_in u_t + b, seeded, shape (steps+1, d).

    x_0 and u_t are standard normal, W_in has N(0, 1/d) entries and b is 0.1·N(0, 1):
    the inputs keep the states moving so σ′ is sampled along a real trajectory.
    """
    weights = _check_square(weights)
    sigma = nonlinearity(activation)
    steps = _check_positive_int("steps", steps)
    size = weights.shape[0]
    rng = numpy.random.default_rng(seed + 1)
    input_weights = rng.standard_normal((size, size)) / numpy.sqrt(size)
    bias = 0.1 * rng.standard_normal(size)
    states = numpy.empty((steps + 1, size))
    states[0] = rng.standard_normal(size)
    inputs = rng.standard_normal((steps, size))
    # A linear network with ‖W‖ > 1 overflows its states; its Jacobian does not use them.
    with numpy.errstate(over="ignore", invalid="ignore"):
        for t in range(1, steps + 1):
            states[t] = (weights @ sigma.function(states[t - 1])
                         + input_weights @ inputs[t - 1] + bias)
    return states


def jacobian_factors(
    weights: numpy.ndarray, activation: str, horizon: int = HORIZON, *, seed: int = SEED
) -> numpy.ndarray:
    """The factors ∂x_i/∂x_{i−1} = W diag(σ′(x_{i−1})), i = 1 … horizon; shape (horizon, d, d)."""
    states = trajectory(weights, activation, horizon, seed=seed)
    slopes = nonlinearity(activation).derivative(states[:-1])
    return weights[None, :, :] * slopes[:, None, :]  # column j scaled by σ′(x_{i−1})_j


def _norm(matrix: numpy.ndarray) -> float:
    """‖matrix‖₂, or inf once an entry has overflowed (SVD cannot run on inf or nan)."""
    if not numpy.all(numpy.isfinite(matrix)):
        return numpy.inf
    return float(numpy.linalg.norm(matrix, ord=2))


def jacobian_norms(
    weights: numpy.ndarray, activation: str, horizon: int = HORIZON, *, seed: int = SEED
) -> numpy.ndarray:
    """‖∂x_l/∂x_0‖₂ for l = 0 … horizon in float64, underflow (0) and overflow (inf) included.

    >>> w = recurrent_matrix("orthogonal", 4)
    >>> bool(numpy.allclose(jacobian_norms(w, "linear", 50), 1.0))
    True
    """
    factors = jacobian_factors(weights, activation, horizon, seed=seed)
    product = numpy.eye(weights.shape[0])
    norms = numpy.empty(horizon + 1)
    norms[0] = 1.0
    with numpy.errstate(over="ignore", under="ignore", invalid="ignore"):
        for lag, factor in enumerate(factors, start=1):
            product = factor @ product
            norms[lag] = _norm(product)
    return norms


def exact_jacobian_norms(
    weights: numpy.ndarray,
    activation: str,
    horizon: int = HORIZON,
    *,
    seed: int = SEED,
    digits: int = 30,
) -> list[mpmath.mpf]:
    """The same norms with the same float64 factors multiplied in mpmath (no under/overflow).

    Each product is scaled by its largest entry before the SVD, which runs in float64
    on numbers of order 1; the scale is an mpmath number with an unbounded exponent.
    """
    digits = _check_positive_int("digits", digits)
    factors = jacobian_factors(weights, activation, horizon, seed=seed)
    size = weights.shape[0]
    norms = [mpmath.mpf(1)]
    with mpmath.workdps(digits):
        to_mp = numpy.vectorize(mpmath.mpf, otypes=[object])
        product = to_mp(numpy.eye(size))
        for factor in factors:
            product = to_mp(factor).dot(product)
            largest = max(abs(entry) for entry in product.flat)
            if largest == 0:
                norms.append(mpmath.mpf(0))
                continue
            scaled = numpy.array([[float(e / largest) for e in row] for row in product])
            norms.append(largest * mpmath.mpf(float(numpy.linalg.norm(scaled, ord=2))))
    return norms


def first_disagreement(
    measured: numpy.ndarray, exact: list[mpmath.mpf], tolerance: float = TOLERANCE
) -> int | None:
    """The first index where ``measured`` is 0, inf, or off from ``exact`` by more than
    ``tolerance`` (relative); None if it never is. Exact zeros are skipped.

    >>> truth = [mpmath.mpf(1), mpmath.mpf(0.5), mpmath.mpf("1e-400")]
    >>> first_disagreement(numpy.array([1.0, 0.5, 0.0]), truth)
    2
    """
    if not 0 < tolerance < 1:
        raise ValueError(f"tolerance: expected a number in (0, 1), got {tolerance}")
    if len(measured) != len(exact):
        raise ValueError(f"exact: expected {len(measured)} values, got {len(exact)}")
    for lag, (value, truth) in enumerate(zip(measured, exact, strict=True)):
        if truth == 0:
            continue
        if not numpy.isfinite(value) or value == 0:
            return lag
        if abs(mpmath.mpf(float(value)) - truth) > tolerance * truth:
            return lag
    return None


def float64_breakdown(
    weights: numpy.ndarray,
    activation: str,
    horizon: int = HORIZON,
    *,
    seed: int = SEED,
    tolerance: float = TOLERANCE,
) -> int | None:
    """The first l where float64's ‖∂x_l/∂x_0‖₂ stops telling the truth: it is 0, inf, or off
    by more than ``tolerance`` (relative) from the mpmath product of the same factors."""
    if not 0 < tolerance < 1:
        raise ValueError(f"tolerance: expected a number in (0, 1), got {tolerance}")
    measured = jacobian_norms(weights, activation, horizon, seed=seed)
    exact = exact_jacobian_norms(weights, activation, horizon, seed=seed)
    return first_disagreement(measured, exact, tolerance)


def per_step_bound(weights: numpy.ndarray, activation: str) -> float:
    """η = γ ‖W‖₂, the bound on every factor ‖W diag(σ′(x))‖₂, whatever the state."""
    return nonlinearity(activation).gamma * float(numpy.linalg.norm(_check_square(weights), 2))


def clip_by_norm(gradient: numpy.ndarray, threshold: float) -> numpy.ndarray:
    """Pascanu et al.'s Algorithm 1: if ‖g‖ ≥ threshold, return threshold·g/‖g‖, else g.

    >>> clip_by_norm(numpy.array([3.0, 4.0]), 1.0)
    array([0.6, 0.8])
    """
    if not isinstance(gradient, numpy.ndarray):
        raise TypeError(f"gradient: expected a numpy array, got {type(gradient).__name__}")
    if isinstance(threshold, bool) or not isinstance(threshold, int | float):
        raise TypeError(f"threshold: expected a number, got {type(threshold).__name__}")
    if not threshold > 0:
        raise ValueError(f"threshold: expected a positive number, got {threshold}")
    if not numpy.all(numpy.isfinite(gradient)):
        raise ValueError("gradient: expected finite entries (clip before it overflows)")
    length = vector_norm(gradient)
    if length >= threshold:
        return threshold * (gradient / length)
    return gradient.copy()


def vector_norm(vector: numpy.ndarray) -> float:
    """‖v‖₂ without overflow: scaled by max |vᵢ| first, since Σvᵢ² overflows once ‖v‖ ≳ 1e154.

    >>> f"{vector_norm(numpy.array([3e200, 4e200])):.6g}"
    '5e+200'
    """
    largest = float(numpy.max(numpy.abs(vector))) if vector.size else 0.0
    if largest == 0.0 or not numpy.isfinite(largest):
        return largest
    return largest * float(numpy.sqrt(numpy.sum((vector / largest) ** 2)))


def backpropagated_gradients(
    weights: numpy.ndarray, activation: str, horizon: int, *, seed: int = SEED
) -> numpy.ndarray:
    """Row gradients ∂ε_l/∂x_0 = e (∂x_l/∂x_0) for l = 0 … horizon, with e a seeded unit row
    standing in for ∂ε_l/∂x_l; shape (horizon + 1, d)."""
    factors = jacobian_factors(weights, activation, horizon, seed=seed)
    row = numpy.random.default_rng(seed + 2).standard_normal(weights.shape[0])
    row /= numpy.linalg.norm(row)
    product = numpy.eye(weights.shape[0])
    gradients = [row.copy()]
    with numpy.errstate(over="ignore", invalid="ignore"):  # overflow is shown, not hidden
        for factor in factors:
            product = factor @ product
            gradients.append(row @ product)
    return numpy.array(gradients)


@dataclass(frozen=True)
class Case:
    """One measured curve: a weight kind and scale with a nonlinearity."""

    kind: str
    scale: float
    activation: str

    @property
    def label(self) -> str:
        scale = "" if self.scale == 1.0 else f" ×{self.scale:g}"
        return f"{self.kind}{scale}, {self.activation}"

    def weights(self) -> numpy.ndarray:
        return recurrent_matrix(self.kind, SIZE, scale=self.scale)

    def norms(self, horizon: int = HORIZON) -> numpy.ndarray:
        return jacobian_norms(self.weights(), self.activation, horizon)

    def eta(self) -> float:
        return per_step_bound(self.weights(), self.activation)


# The chapter's curves: the bound applies (η < 1) to the first two only.
CASES: tuple[Case, ...] = (
    Case("gaussian", 0.4, "tanh"),
    Case("gaussian", 1.0, "sigmoid"),
    Case("gaussian", 1.0, "tanh"),
    Case("gaussian", 3.0, "tanh"),
    Case("gaussian", 3.0, "linear"),
    Case("orthogonal", 1.0, "tanh"),
    Case("orthogonal", 1.0, "linear"),
    Case("identity", 1.0, "tanh"),
    Case("identity", 1.0, "linear"),
)
