"""Jacobian norms across time in a seeded recurrent network, in float64 and in mpmath.

Chapter 3 proves ‖∂x_t/∂x_k‖₂ ≤ η^l with η = γ‖W‖₂; this module measures the
left side along a real trajectory of x_t = W σ(x_{t−1}) + W_in u_t + b, for
l = t − k up to 1,000. Over such horizons float64 underflows to 0 or overflows
to inf; :func:`exact_jacobian_norms` multiplies the *same* float64 factors in
mpmath, whose exponents do not run out, and :func:`float64_breakdown` reports
the first l where float64 stops agreeing. Scenes and the site read their
numbers from here, so a picture cannot disagree with a table.

Bounds: W at most ``MAX_SIZE``×``MAX_SIZE``, horizons up to ``arguments.MAX_STEPS``
within ``arguments.MAX_ELEMENTS`` stored entries and ``arguments.MAX_OPERATIONS``
multiply-adds; the mpmath products at most ``MAX_EXACT_OPERATIONS`` (each costs
microseconds, not nanoseconds, and a step costs more than its products) with at most
``MAX_DIGITS`` digits. A norm whose plain computation overflows is recomputed on its matrix
divided by a power of two (:mod:`derivations.scaled`), so it is inf only where the true norm
is; a 10⁶-step :func:`jacobian_norms` takes ≈ 6 s of one core (measured).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import mpmath
import numpy

from derivations import arguments, scaled
from derivations.init import orthogonal

SEED = 2013  # Pascanu, Mikolov & Bengio
SIZE = 8
HORIZON = 1000
TOLERANCE = 1e-6  # relative disagreement at which float64 "stops telling the truth"
MAX_SIZE = 2048  # an n×n singular-value problem costs about n³: 2048³ ≈ 10¹⁰
MAX_EXACT_OPERATIONS = 2**21
"""Work of :func:`exact_jacobian_norms`: horizon·(d³ + ``EXACT_STEP_OVERHEAD``) mpmath
multiply-adds, ≈ 0.85 µs each (measured on one core): ≈ 2 s at the limit."""
EXACT_STEP_OVERHEAD = 32
"""A step's own cost (converting a factor to mpmath, an SVD in float64): ≈ 20 µs measured,
charged as this many multiply-adds, so that d = 1 is bounded too (10⁶ steps took 57 s)."""
MAX_DIGITS = 1000


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
    return NONLINEARITIES[arguments.choice("name", name, sorted(NONLINEARITIES))]


def _activation(activation: object) -> Nonlinearity:
    """The nonlinearity named by a function's ``activation`` argument."""
    return NONLINEARITIES[arguments.choice("activation", activation, sorted(NONLINEARITIES))]


def _weights(weights: object) -> numpy.ndarray:
    """A finite real square W from 1×1 to ``MAX_SIZE``×``MAX_SIZE``, as float64."""
    matrix = arguments.square("weights", weights, maximum=MAX_SIZE)
    if matrix.size == 0:
        raise ValueError("weights: expected at least 1×1, got shape (0, 0)")
    return matrix.astype(numpy.float64, copy=False)


def _horizon(name: str, value: object, weights: numpy.ndarray) -> int:
    """A step count for W: bounded, and its stored (d×d per step) factors and products too."""
    steps = arguments.integer(name, value, 1, arguments.MAX_STEPS)
    size = weights.shape[0]
    arguments.within(f"weights, {name}", steps * size * size, arguments.MAX_ELEMENTS, "entries")
    arguments.within(f"weights, {name}", steps * size**3, arguments.MAX_OPERATIONS,
                     "multiply-adds")
    return steps


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
    arguments.choice("kind", kind, KINDS)
    size = arguments.integer("size", size, 1, MAX_SIZE)
    scale = arguments.scale("scale", scale)  # > 0, and not so small that W's entries are subnormal
    seed = arguments.seed("seed", seed)
    if kind == "gaussian":
        base = numpy.random.default_rng(seed).standard_normal((size, size)) / numpy.sqrt(size)
    elif kind == "orthogonal":
        base = orthogonal((size, size), rng=seed)
    else:
        base = numpy.eye(size)
    with numpy.errstate(over="ignore"):
        return arguments.finite_result("scale", scale * base, "scale × W")


def trajectory(
    weights: numpy.ndarray, activation: str, steps: int, *, seed: int = SEED
) -> numpy.ndarray:
    """States x_0 … x_steps of x_t = W σ(x_{t−1}) + W_in u_t + b, seeded, shape (steps+1, d).

    x_0 and u_t are standard normal, W_in has N(0, 1/d) entries and b is 0.1·N(0, 1):
    the inputs keep the states moving so σ′ is sampled along a real trajectory. States
    that overflow float64 (a linear network with ‖W‖ > 1, long enough) are refused.

    >>> trajectory(numpy.zeros((2, 2)), "tanh", 3, seed=0).shape
    (4, 2)
    """
    weights = _weights(weights)
    sigma = _activation(activation)
    steps = _horizon("steps", steps, weights)
    states = _states(weights, sigma, steps, arguments.seed("seed", seed))
    finite = numpy.isfinite(states).all(axis=1)
    if not finite.all():
        raise arguments.ResultOverflowError(
            f"weights, steps: x_t overflows float64 at t = {int(numpy.argmin(finite))}")
    return states


def _states(weights: numpy.ndarray, sigma: Nonlinearity, steps: int, seed: int) -> numpy.ndarray:
    """:func:`trajectory` without checks, overflow kept: a linear network's Jacobian
    does not use its states, so their overflow must not stop it."""
    size = weights.shape[0]
    rng = numpy.random.default_rng(seed + 1)
    input_weights = rng.standard_normal((size, size)) / numpy.sqrt(size)
    bias = 0.1 * rng.standard_normal(size)
    states = numpy.empty((steps + 1, size))
    states[0] = rng.standard_normal(size)
    inputs = rng.standard_normal((steps, size))
    with numpy.errstate(over="ignore", invalid="ignore"):
        for t in range(1, steps + 1):
            states[t] = (scaled.products(weights, sigma.function(states[t - 1]))
                         + input_weights @ inputs[t - 1] + bias)
    return states


def jacobian_factors(
    weights: numpy.ndarray, activation: str, horizon: int = HORIZON, *, seed: int = SEED
) -> numpy.ndarray:
    """The factors ∂x_i/∂x_{i−1} = W diag(σ′(x_{i−1})), i = 1 … horizon; shape (horizon, d, d).

    >>> jacobian_factors(numpy.eye(2), "linear", 3).shape
    (3, 2, 2)
    """
    weights = _weights(weights)
    sigma = _activation(activation)
    horizon = _horizon("horizon", horizon, weights)
    states = _states(weights, sigma, horizon, arguments.seed("seed", seed))
    with numpy.errstate(over="ignore", invalid="ignore"):
        slopes = sigma.derivative(states[:-1])
        # column j scaled by σ′(x_{i−1})_j
        factors = weights[None, :, :] * slopes[:, None, :]
    return arguments.finite_result("weights", factors, "W diag(σ′(x))")


def jacobian_norms(
    weights: numpy.ndarray, activation: str, horizon: int = HORIZON, *, seed: int = SEED
) -> numpy.ndarray:
    """‖∂x_l/∂x_0‖₂ for l = 0 … horizon in float64, underflow (0) and overflow (inf) included.

    >>> w = recurrent_matrix("orthogonal", 4)
    >>> bool(numpy.allclose(jacobian_norms(w, "linear", 50), 1.0))
    True
    """
    factors = jacobian_factors(weights, activation, horizon, seed=seed)
    products = numpy.empty_like(factors)  # as many entries as the factors: within MAX_ELEMENTS
    product = numpy.eye(factors.shape[1])
    with numpy.errstate(over="ignore", under="ignore", invalid="ignore"):
        for lag, factor in enumerate(factors):
            product = products[lag] = factor @ product
    # All norms in one batched SVD (a step of SVD calls costs ≈ 30 µs: 10⁶ steps took half a
    # minute), the same LAPACK call on each product; inf once an entry has overflowed.
    norms = numpy.full(len(factors) + 1, numpy.inf)
    norms[0] = 1.0
    finite = numpy.isfinite(products).all(axis=(1, 2))
    norms[1:][finite] = scaled.spectral_norms(products[finite]) if finite.any() else []
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
    ``digits`` ≤ ``MAX_DIGITS``, and horizon·(d³ + ``EXACT_STEP_OVERHEAD``) ≤
    ``MAX_EXACT_OPERATIONS``: ≈ 2 s at the limit whatever d (measured, d = 1 … 12).

    >>> exact_jacobian_norms(2.0 * numpy.eye(2), "linear", 2)
    [mpf('1.0'), mpf('2.0'), mpf('4.0')]
    """
    digits = arguments.integer("digits", digits, 1, MAX_DIGITS)
    size = _weights(weights).shape[0]
    steps = arguments.integer("horizon", horizon, 1, arguments.MAX_STEPS)
    arguments.within("weights, horizon", steps * (size**3 + EXACT_STEP_OVERHEAD),
                     MAX_EXACT_OPERATIONS, "mpmath multiply-adds (a step counts d³ + "
                     f"{EXACT_STEP_OVERHEAD})")
    factors = jacobian_factors(weights, activation, horizon, seed=seed)
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
            reduced = numpy.array([[float(e / largest) for e in row] for row in product])
            norms.append(largest * mpmath.mpf(float(numpy.linalg.norm(reduced, ord=2))))
    return norms


def first_disagreement(
    measured: numpy.ndarray, exact: Sequence[mpmath.mpf], tolerance: float = TOLERANCE
) -> int | None:
    """The first index where ``measured`` is 0, inf, or off from ``exact`` by more than
    ``tolerance`` (relative); None if it never is. Exact zeros are skipped.

    ``measured`` is a 1-D real array (inf and nan are data here: they disagree); ``exact``
    the same number of finite non-negative reals (mpmath or not); 0 < ``tolerance`` < 1.

    >>> truth = [mpmath.mpf(1), mpmath.mpf(0.5), mpmath.mpf("1e-400")]
    >>> first_disagreement(numpy.array([1.0, 0.5, 0.0]), truth)
    2
    """
    tolerance = arguments.real("tolerance", tolerance, above=0, below=1)
    measured = arguments.array("measured", measured, 1, finite=False)
    if isinstance(exact, str | bytes) or not isinstance(exact, Sequence | numpy.ndarray):
        raise TypeError(f"exact: expected a sequence of numbers, got {type(exact).__name__}")
    if len(measured) != len(exact):
        raise ValueError(f"exact: expected {len(measured)} values, got {len(exact)}")
    truths = [_magnitude(value) for value in exact]
    for lag, (value, truth) in enumerate(zip(measured.tolist(), truths, strict=True)):
        if truth == 0:
            continue
        if not numpy.isfinite(value) or value == 0:
            return lag
        if abs(mpmath.mpf(value) - truth) > tolerance * truth:
            return lag
    return None


def _magnitude(value: object) -> mpmath.mpf:
    """An entry of ``exact``: a finite non-negative real, as mpmath."""
    if isinstance(value, mpmath.mpf):
        number = value
    else:
        arguments.real("exact", value)
        number = mpmath.mpf(float(value) if isinstance(value, numpy.floating) else value)
    if not mpmath.isfinite(number) or number < 0:
        raise ValueError(f"exact: expected finite non-negative values, got {number}")
    return number


def float64_breakdown(
    weights: numpy.ndarray,
    activation: str,
    horizon: int = HORIZON,
    *,
    seed: int = SEED,
    tolerance: float = TOLERANCE,
) -> int | None:
    """The first l where float64's ‖∂x_l/∂x_0‖₂ stops telling the truth: it is 0, inf, or off
    by more than ``tolerance`` (relative) from the mpmath product of the same factors.

    >>> float64_breakdown(numpy.eye(2), "linear", 5) is None
    True
    """
    arguments.real("tolerance", tolerance, above=0, below=1)
    exact = exact_jacobian_norms(weights, activation, horizon, seed=seed)
    measured = jacobian_norms(weights, activation, horizon, seed=seed)
    return first_disagreement(measured, exact, tolerance)


def per_step_bound(weights: numpy.ndarray, activation: str) -> float:
    """η = γ ‖W‖₂, the bound on every factor ‖W diag(σ′(x))‖₂, whatever the state.

    >>> per_step_bound(numpy.diag([3.0, -4.0]), "sigmoid")
    1.0
    """
    weights = _weights(weights)
    gamma = _activation(activation).gamma
    # γ‖W‖₂ (on W divided by a power of two where ‖W‖₂ overflows, yet γ‖W‖₂ may not).
    bound = scaled.spectral_norms(weights[None], factor=gamma)[0]
    return float(arguments.finite_result("weights, activation", bound, "η = γ‖W‖₂"))


def clip_by_norm(gradient: numpy.ndarray, threshold: float) -> numpy.ndarray:
    """Pascanu et al.'s Algorithm 1: if ‖g‖ ≥ threshold, return threshold·g/‖g‖, else g.

    Returned in the gradient's float dtype (float64 for integers), computed as written in
    that dtype, except where ‖g‖ itself exceeds the dtype's range (a float32 gradient of
    3e38s): there ``g/‖g‖`` would be zeros, and it is computed in float64 and rounded back.
    The threshold must be a normal number of that dtype (a subnormal one is refused: the
    clipped norm could round above it), and a clipped gradient that overflows the dtype
    (a threshold above float32's largest) is refused.

    >>> clip_by_norm(numpy.array([3.0, 4.0]), 1.0)
    array([0.6, 0.8])
    """
    gradient = arguments.array("gradient", gradient, arguments.ANY_NDIM)
    dtype = gradient.dtype if gradient.dtype.kind == "f" else numpy.dtype(numpy.float64)
    # A subnormal threshold is refused: threshold·g/‖g‖ would keep few digits, and its
    # norm could round above the threshold (it did: 7e-324 for 5e-324).
    # One above the dtype's largest is fine until a clipped gradient would overflow it.
    threshold = arguments.scale("threshold", threshold, dtype, largest=float(numpy.finfo(
        numpy.float64).max), smallest=float(numpy.finfo(dtype).tiny))
    wide = gradient.astype(numpy.float64, copy=False)  # float32's max² overflows float32
    length = _norm_of_finite(wide)
    if length < threshold:
        return gradient.copy()
    with numpy.errstate(over="ignore", under="ignore"):
        if length <= numpy.finfo(dtype).max:
            clipped = threshold * (gradient / length)
        else:  # ‖g‖ would be inf in the gradient's dtype
            clipped = (threshold * (wide / length)).astype(dtype)
    return arguments.finite_result("gradient, threshold", clipped, "threshold·g/‖g‖")


def vector_norm(vector: numpy.ndarray) -> float:
    """‖v‖₂ without overflow: scaled by max |vᵢ| first, since Σvᵢ² overflows once ‖v‖ ≳ 1e154.

    Entries may be inf (the norm is then inf) but not nan.

    >>> f"{vector_norm(numpy.array([3e200, 4e200])):.6g}"
    '5e+200'
    """
    vector = arguments.array("vector", vector, arguments.ANY_NDIM, finite=False)
    vector = vector.astype(numpy.float64, copy=False)  # |int64 min| does not fit int64
    if numpy.isnan(vector).any():
        raise ValueError("vector: expected no nan entries")
    if not numpy.isfinite(vector).all():
        return numpy.inf
    with numpy.errstate(over="ignore"):
        length = _norm_of_finite(vector)
    return float(arguments.finite_result("vector", numpy.float64(length), "‖v‖₂"))


def _norm_of_finite(vector: numpy.ndarray) -> float:
    largest = float(numpy.max(numpy.abs(vector))) if vector.size else 0.0
    if largest == 0.0:
        return largest
    return largest * float(numpy.sqrt(numpy.sum((vector / largest) ** 2)))


def backpropagated_gradients(
    weights: numpy.ndarray, activation: str, horizon: int, *, seed: int = SEED
) -> numpy.ndarray:
    """Row gradients ∂ε_l/∂x_0 = e (∂x_l/∂x_0) for l = 0 … horizon, with e a seeded unit row
    standing in for ∂ε_l/∂x_l; shape (horizon + 1, d). Rows past an overflow are inf or
    nan: the overflow is what the chapter shows.

    >>> backpropagated_gradients(numpy.eye(3), "linear", 4).shape
    (5, 3)
    """
    factors = jacobian_factors(weights, activation, horizon, seed=seed)
    size = factors.shape[1]
    row = numpy.random.default_rng(seed + 2).standard_normal(size)
    row /= numpy.linalg.norm(row)
    product = numpy.eye(size)
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

    def __post_init__(self) -> None:
        arguments.choice("kind", self.kind, KINDS)
        arguments.scale("scale", self.scale)  # what recurrent_matrix will accept
        _activation(self.activation)

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
