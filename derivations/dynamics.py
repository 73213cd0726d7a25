"""RNNs as discrete dynamical systems: the 2-D phase portraits of Chang et al. (2019), Figure 1.

Two families of update rules, both iterated from the same three initial states
for ``STEPS`` = 50 steps:

* vanilla ``h_t = tanh(W h_{t-1})`` with a random Gaussian, the identity, a
  reflection and a rotation ``W``;
* feedback (forward Euler) ``h_t = h_{t-1} + ε tanh(W h_{t-1})`` with the four
  matrices ``W₊, W₋, W₀, W_diff`` whose eigenvalues are ``2``, ``-2``, ``±2i``
  and ``-0.15 ± 2i``.

It also builds the AntisymmetricRNN cell itself (with diffusion ``γ`` and the
optional gate) and the end-to-end Jacobian ``∂h_T/∂h_0`` whose eigenvalue
magnitudes say whether gradients vanish, explode or are preserved.

Everything random is drawn from ``numpy.random.default_rng(seed)``.

Arguments are checked with :mod:`derivations.arguments`: matrices finite, real and square
(up to ``MAX_SIZE``), states of the matching length, ε > 0, γ ≥ 0, step counts up to
``arguments.MAX_STEPS``; a result that overflows float64 is refused, not returned as inf.
"""

from __future__ import annotations

import fractions
import math
from collections.abc import Callable
from typing import Literal

import numpy

from derivations import arguments, scaled
from derivations.init import orthogonal

SEED = 2019  # the year of the paper; every random matrix here is reproducible from it
STEPS = 50  # T in the paper's Figure 1
# Chapter 4's constants, written once: the exact values chapter 4's derivations use are read
# from these decimals (derivations/ch4_antisymmetric/common.py).
EPSILON = 0.1  # forward Euler step ε in Figure 1
GAMMA_FIGURE = 0.15  # the diffusion constant of W_diff
OMEGA_FIGURE = 2.0  # the rotation rate of W₀ and W_diff: eigenvalues ±2i and −γ ± 2i
INITIAL_STATES = numpy.array([[0.0, 0.5], [-0.5, -0.5], [0.5, -0.75]])

FEEDBACK_MATRICES: dict[str, numpy.ndarray] = {
    "positive": numpy.array([[2.0, -2.0], [0.0, 2.0]]),  # W₊: λ = 2 (twice)
    "negative": numpy.array([[-2.0, 2.0], [0.0, -2.0]]),  # W₋: λ = −2 (twice)
    "antisymmetric": numpy.array([[0.0, -OMEGA_FIGURE], [OMEGA_FIGURE, 0.0]]),  # W₀: λ = ±2i
    "diffusion": numpy.array([[-GAMMA_FIGURE, -OMEGA_FIGURE],
                              [OMEGA_FIGURE, -GAMMA_FIGURE]]),  # λ = −0.15 ± 2i
}
VANILLA_KINDS = ("random", "identity", "reflection", "rotation")
FEEDBACK_KINDS = tuple(FEEDBACK_MATRICES)

Cell = Literal["antisymmetric", "vanilla"]
CELLS: tuple[Cell, ...] = ("antisymmetric", "vanilla")


MAX_SIZE = 2048  # an n×n eigenvalue problem costs about n³: 2048³ ≈ 10¹⁰
NEAR_ONE = 2**-16
"""ε²ω² above 1 − this: :func:`smallest_stable_gamma` is computed from exact fractions."""


def _matrix(name: str, value: object) -> numpy.ndarray:
    """A finite real square matrix up to ``MAX_SIZE`` wide, as float64."""
    return arguments.square(name, value, maximum=MAX_SIZE).astype(float, copy=False)


def _rows(name: str, value: object, size: int) -> numpy.ndarray:
    """A finite real array of states (one per row) of length ``size``, as float64."""
    rows = arguments.array(name, value, 2)
    if rows.shape[1] != size:
        raise ValueError(f"{name}: states of size {rows.shape[1]} do not fit a {size}×{size} "
                         "matrix")
    return rows.astype(float, copy=False)


def _state(name: str, value: object, size: int) -> numpy.ndarray:
    """A finite real vector of length ``size``, as float64."""
    vector = arguments.array(name, value, 1)
    if vector.shape[0] != size:
        raise ValueError(f"{name}: expected {size} entries to fit a {size}×{size} matrix, "
                         f"got shape {vector.shape}")
    return vector.astype(float, copy=False)


def _epsilon(value: object) -> float:
    return arguments.real("epsilon", value, above=0)


def _gamma(value: object) -> float:
    return arguments.real("gamma", value, at_least=0)


# --- the update rules -------------------------------------------------------------------------


def vanilla_step(weights: numpy.ndarray, state: numpy.ndarray) -> numpy.ndarray:
    """One step of the vanilla RNN without input, ``tanh(W h)``.

    >>> vanilla_step(numpy.eye(2), numpy.array([0.0, 0.5])).round(4)
    array([0.    , 0.4621])
    """
    weights = _matrix("weights", weights)
    return _vanilla(weights, _state("state", state, len(weights)))


def feedback_step(
    weights: numpy.ndarray, state: numpy.ndarray, epsilon: float = EPSILON
) -> numpy.ndarray:
    """One forward-Euler step of ``h′ = tanh(W h)``: ``h + ε tanh(W h)``.

    >>> feedback_step(numpy.eye(2), numpy.array([0.0, 0.5])).round(4)
    array([0.    , 0.5462])
    """
    weights = _matrix("weights", weights)
    state = _state("state", state, len(weights))
    with numpy.errstate(over="ignore", invalid="ignore"):
        moved = _feedback(weights, state, _epsilon(epsilon))
    return arguments.finite_result("state, epsilon", moved, "h + ε tanh(W h)")


# W h by scaled.products: where it overflows, tanh(W h) of the true sum, not of inf − inf
# (nan) or of a wrongly signed inf (BLAS's fused multiply-adds give ±inf: tanh makes it a
# finite, wrong ±1, so the product itself is checked, at every step). A finite W h is
# NumPy's own, bit for bit.
def _vanilla(weights: numpy.ndarray, state: numpy.ndarray) -> numpy.ndarray:
    return numpy.tanh(scaled.products(weights, state))


def _feedback(weights: numpy.ndarray, state: numpy.ndarray, epsilon: float) -> numpy.ndarray:
    return state + epsilon * numpy.tanh(scaled.products(weights, state))


def trajectories(
    kind: Literal["vanilla", "feedback"],
    weights: numpy.ndarray,
    initial: numpy.ndarray = INITIAL_STATES,
    steps: int = STEPS,
    epsilon: float = EPSILON,
) -> numpy.ndarray:
    """States ``h_0 … h_steps`` from each initial state, shape ``(starts, steps + 1, n)``.

    At most ``arguments.MAX_STEPS`` updates in all (steps × starts).

    >>> trajectories("vanilla", numpy.eye(2), steps=3).shape
    (3, 4, 2)
    """
    arguments.choice("kind", kind, ("vanilla", "feedback"))
    weights = _matrix("weights", weights)
    initial = _rows("initial", initial, len(weights))
    steps = arguments.integer("steps", steps, 0, arguments.MAX_STEPS)
    epsilon = _epsilon(epsilon)
    starts, size = initial.shape
    arguments.within("initial, steps", steps * starts, arguments.MAX_STEPS, "updates")
    arguments.within("initial, steps", steps * starts * size * size, arguments.MAX_OPERATIONS,
                     "multiply-adds")
    step: Callable[[numpy.ndarray], numpy.ndarray] = (
        (lambda h: _vanilla(weights, h)) if kind == "vanilla"
        else (lambda h: _feedback(weights, h, epsilon))
    )
    path = numpy.empty((starts, steps + 1, size))
    path[:, 0] = initial
    with numpy.errstate(over="ignore", invalid="ignore"):
        for t in range(1, steps + 1 if starts else 1):
            path[:, t] = [step(h) for h in path[:, t - 1]]
    return arguments.finite_result("initial, epsilon", path, "a state")


def displacement_field(
    kind: Literal["vanilla", "feedback"],
    weights: numpy.ndarray,
    points: numpy.ndarray,
    epsilon: float = EPSILON,
) -> numpy.ndarray:
    """The one-step move ``h_t − h_{t−1}`` at each row of ``points``: the arrows of a portrait.

    >>> displacement_field("feedback", FEEDBACK_MATRICES["antisymmetric"],
    ...                    numpy.array([[1.0, 0.0]])).round(4)
    array([[0.    , 0.0964]])
    """
    arguments.choice("kind", kind, ("vanilla", "feedback"))
    weights = _matrix("weights", weights)
    points = _rows("points", points, len(weights))
    epsilon = _epsilon(epsilon)
    arguments.within("points", points.size * len(weights), arguments.MAX_OPERATIONS,
                     "multiply-adds")
    with numpy.errstate(over="ignore", invalid="ignore"):
        pulled = numpy.tanh(scaled.products(weights, points))
        moves = pulled - points if kind == "vanilla" else epsilon * pulled
    return arguments.finite_result("points", moves, "a move")


# --- the matrices of Figure 1 -----------------------------------------------------------------


def vanilla_matrices(seed: int = SEED) -> dict[str, numpy.ndarray]:
    """The four ``W`` of the vanilla row: Gaussian, identity, reflection (det −1), rotation (det 1).

    The reflection and rotation are Haar-random orthogonal matrices with the
    determinant fixed by flipping one column, so they are not signed
    permutations (for which ``tanh(W h) = W tanh(h)`` and every portrait would
    have the identity's distances).

    >>> w = vanilla_matrices()
    >>> [round(float(numpy.linalg.det(w[k])), 6) for k in ("reflection", "rotation")]
    [-1.0, 1.0]
    """
    rng = numpy.random.default_rng(arguments.seed("seed", seed))
    gaussian = rng.standard_normal((2, 2))
    matrices = {"random": gaussian, "identity": numpy.eye(2)}
    for name, determinant in (("reflection", -1.0), ("rotation", 1.0)):
        q = orthogonal((2, 2), rng=rng)
        if numpy.sign(numpy.linalg.det(q)) != determinant:
            q[:, 0] = -q[:, 0]
        matrices[name] = q
    return matrices


# --- antisymmetric matrices and forward-Euler stability ---------------------------------------


def antisymmetric(weights: numpy.ndarray) -> numpy.ndarray:
    """``W − Wᵀ``: antisymmetric for every square ``W``.

    >>> antisymmetric(numpy.array([[1.0, 2.0], [3.0, 4.0]]))
    array([[ 0., -1.],
           [ 1.,  0.]])
    """
    weights = _matrix("weights", weights)
    with numpy.errstate(over="ignore"):
        return arguments.finite_result("weights", weights - weights.T, "W − Wᵀ")


def from_upper_triangle(parameters: numpy.ndarray, size: int) -> numpy.ndarray:
    """The antisymmetric ``U − Uᵀ`` from the ``size(size−1)/2`` entries of a strictly upper ``U``.

    >>> from_upper_triangle(numpy.array([1.0, 2.0, 3.0]), 3)
    array([[ 0.,  1.,  2.],
           [-1.,  0.,  3.],
           [-2., -3.,  0.]])
    """
    size = arguments.integer("size", size, 0, MAX_SIZE)
    parameters = arguments.array("parameters", parameters, 1)
    expected = size * (size - 1) // 2
    if parameters.size != expected:
        raise ValueError(
            f"parameters: a {size}×{size} matrix needs {expected}, got {parameters.size}"
        )
    upper = numpy.zeros((size, size))
    upper[numpy.triu_indices(size, k=1)] = parameters
    return upper - upper.T


def euler_amplification(eigenvalues: numpy.ndarray, epsilon: float = EPSILON) -> numpy.ndarray:
    """``|1 + ελ|`` for each eigenvalue λ: forward Euler is stable iff all are ≤ 1.

    >>> float(euler_amplification(numpy.array([2j]))[0] ** 2).__round__(6)
    1.04
    """
    eigenvalues = arguments.array("eigenvalues", eigenvalues, arguments.ANY_NDIM, kind="number")
    epsilon = _epsilon(epsilon)
    with numpy.errstate(over="ignore", invalid="ignore"):
        amplification = numpy.abs(1 + epsilon * eigenvalues)
    return arguments.finite_result("eigenvalues, epsilon", amplification, "|1 + ελ|")


def smallest_stable_gamma(epsilon: float, omega: float) -> float:
    """The least γ ≥ 0 with ``|1 + ε(−γ + iω)| ≤ 1``: ``(1 − √(1 − ε²ω²))/ε``.

    Raises ValueError when ``εω > 1``: then no diffusion constant helps. Computed as
    ``εω²/(1 + √(1 − ε²ω²))``, the same number without the cancellation of
    ``1 − √(…)`` that would return 0 for small εω. Where εω is so near 1 that
    1 − ε²ω² < 2⁻¹⁶, that difference keeps too few digits in float64 (the error of εω is
    multiplied by 1/√(1 − ε²ω²) in the result): εω, εω² and 1 − ε²ω² are then exact
    fractions of the two floats (εω rounded to 1.0 would give 1e200 for ε = 1e-200,
    ω = 1e200, not 9.99999990e199).

    >>> round(smallest_stable_gamma(0.1, 2.0), 6)
    0.202041
    """
    epsilon = _epsilon(epsilon)
    omega = abs(arguments.real("omega", omega))  # the eigenvalues come in pairs ±iω
    product = epsilon * omega
    if product * product <= 1 - NEAR_ONE:
        return product * omega / (1 + math.sqrt(1 - product * product))
    exact = fractions.Fraction(epsilon) * fractions.Fraction(omega)
    if exact > 1:
        raise ValueError(f"epsilon, omega: εω = {float(exact)!r} exceeds 1 (by "
                         f"{float(exact - 1):.3g}), no γ makes Euler stable")
    # Each float() below is one correct rounding (and cannot overflow: εω² ≤ ω).
    return float(exact * fractions.Fraction(omega)) / (1 + math.sqrt(float(1 - exact**2)))


# --- the AntisymmetricRNN cell and its end-to-end Jacobian -------------------------------------


def antisymmetric_rnn_step(
    state: numpy.ndarray,
    pre_input: numpy.ndarray,
    weights: numpy.ndarray,
    gamma: float,
    epsilon: float,
) -> numpy.ndarray:
    """``h + ε tanh((W − Wᵀ − γI) h + u)`` where ``u = V x_t + b`` is given as ``pre_input``.

    >>> antisymmetric_rnn_step(numpy.zeros(2), numpy.array([1.0, 0.0]), numpy.eye(2), 0.0, 0.1)
    array([0.07615942, 0.        ])
    """
    matrix = _diffused("weights", weights, gamma)
    state = _state("state", state, len(matrix))
    pre_input = _state("pre_input", pre_input, len(matrix))
    epsilon = _epsilon(epsilon)
    with numpy.errstate(over="ignore", invalid="ignore"):
        moved = state + epsilon * numpy.tanh(scaled.products(matrix, state) + pre_input)
    return arguments.finite_result("state, epsilon", moved, "the new state")


def gated_antisymmetric_step(
    state: numpy.ndarray,
    gate_input: numpy.ndarray,
    candidate_input: numpy.ndarray,
    weights: numpy.ndarray,
    gamma: float,
    epsilon: float,
) -> numpy.ndarray:
    """The gated cell: ``h + ε z ∘ tanh(M_γ h + u_h)`` with ``z = σ(M_γ h + u_z)``.

    >>> gated_antisymmetric_step(numpy.zeros(1), numpy.zeros(1), numpy.ones(1),
    ...                          numpy.zeros((1, 1)), 0.0, 1.0).round(4)
    array([0.3808])
    """
    matrix = _diffused("weights", weights, gamma)
    state = _state("state", state, len(matrix))
    gate_input = _state("gate_input", gate_input, len(matrix))
    candidate_input = _state("candidate_input", candidate_input, len(matrix))
    epsilon = _epsilon(epsilon)
    with numpy.errstate(over="ignore", invalid="ignore"):  # exp(−x) → inf is a gate of 0
        pulled = scaled.products(matrix, state)
        gate = 1 / (1 + numpy.exp(-(pulled + gate_input)))
        moved = state + epsilon * gate * numpy.tanh(pulled + candidate_input)
    return arguments.finite_result("state, epsilon", moved, "the new state")


def _diffused(name: str, weights: object, gamma: object) -> numpy.ndarray:
    """``W − Wᵀ − γI`` from a checked W and γ ≥ 0, refused if it overflows."""
    weights = _matrix(name, weights)
    gamma = _gamma(gamma)
    with numpy.errstate(over="ignore", invalid="ignore"):
        matrix = weights - weights.T - gamma * numpy.eye(len(weights))
    return arguments.finite_result(f"{name}, gamma", matrix, "W − Wᵀ − γI")


def random_network(
    cell: Cell,
    *,
    size: int = 16,
    steps: int = 100,
    gamma: float = 0.0,
    seed: int = SEED,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """A random recurrent matrix and input sequence: ``(matrix, pre_inputs)``.

    ``W`` has N(0, 1/size) entries; the matrix used by the cell is
    ``W − Wᵀ − γI`` for ``cell="antisymmetric"`` and ``W`` itself for
    ``cell="vanilla"``. ``pre_inputs[t]`` plays the part of ``V x_t + b`` and
    has N(0, 1) entries.

    >>> matrix, inputs = random_network("antisymmetric", size=3, steps=5)
    >>> bool(numpy.allclose(matrix, -matrix.T)), inputs.shape
    (True, (5, 3))
    """
    arguments.choice("cell", cell, CELLS)
    size = arguments.integer("size", size, 1, MAX_SIZE)
    steps = arguments.integer("steps", steps, 1, arguments.MAX_STEPS)
    arguments.within("size, steps", steps * size, arguments.MAX_ELEMENTS, "entries")
    gamma = _gamma(gamma)
    rng = numpy.random.default_rng(arguments.seed("seed", seed))
    weights = rng.standard_normal((size, size)) / math.sqrt(size)
    inputs = rng.standard_normal((steps, size))
    if cell == "antisymmetric":
        return antisymmetric(weights) - gamma * numpy.eye(size), inputs
    return weights, inputs


def run_network(
    cell: Cell,
    matrix: numpy.ndarray,
    pre_inputs: numpy.ndarray,
    initial: numpy.ndarray,
    epsilon: float = EPSILON,
) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Unroll the cell over ``pre_inputs`` from ``initial``: ``(h_T, ∂h_T/∂h_0)``.

    ``cell="antisymmetric"``: ``h_t = h_{t−1} + ε tanh(M h_{t−1} + u_t)``, step Jacobian
    ``I + ε diag(1 − tanh²(a_t)) M``; ``cell="vanilla"``: ``h_t = tanh(W h_{t−1} + u_t)``,
    step Jacobian ``diag(1 − tanh²(a_t)) W``. The end-to-end Jacobian is their product,
    latest step on the left.

    >>> final, jacobian = run_network("vanilla", numpy.zeros((2, 2)), numpy.ones((1, 2)),
    ...                               numpy.zeros(2))
    >>> final.round(4), jacobian
    (array([0.7616, 0.7616]), array([[0., 0.],
           [0., 0.]]))
    """
    arguments.choice("cell", cell, CELLS)
    matrix = _matrix("matrix", matrix)
    size = len(matrix)
    pre_inputs = _rows("pre_inputs", pre_inputs, size)
    state = _state("initial", initial, size)
    epsilon = _epsilon(epsilon)
    steps = len(pre_inputs)
    arguments.within("pre_inputs", steps, arguments.MAX_STEPS, "steps")
    _unroll_budget("matrix, pre_inputs", steps, size)
    with numpy.errstate(over="ignore", under="ignore", invalid="ignore"):
        state, product = _unroll(cell, matrix, pre_inputs, state, epsilon)
    arguments.finite_result("matrix, pre_inputs", state, "h_T")
    return state, arguments.finite_result("matrix, pre_inputs", product, "∂h_T/∂h_0")


def _unroll_budget(names: str, steps: int, size: int) -> None:
    """Refuse an unrolling of ``steps`` steps of a ``size``×``size`` cell past the operations
    budget: a step costs size³ multiply-adds and its dozen NumPy calls (≈ 9 µs,
    ``arguments.STEP_OPERATIONS``), ≈ 5 s of one core at the limit (6·10⁵ steps of 2×2 took
    5.3 s, measured)."""
    arguments.within(names, steps * (size**3 + arguments.STEP_OPERATIONS),
                     arguments.MAX_OPERATIONS, "multiply-adds (a step counts size³ + "
                     f"{arguments.STEP_OPERATIONS:,})")


def _unroll(cell: Cell, matrix: numpy.ndarray, pre_inputs: numpy.ndarray, state: numpy.ndarray,
            epsilon: float) -> tuple[numpy.ndarray, numpy.ndarray]:
    size = len(matrix)
    product = numpy.eye(size)
    for pre_input in pre_inputs:
        activation = scaled.products(matrix, state) + pre_input
        slope = 1 - numpy.tanh(activation) ** 2
        if cell == "antisymmetric":
            step_jacobian = numpy.eye(size) + epsilon * slope[:, None] * matrix
            state = state + epsilon * numpy.tanh(activation)
        else:
            step_jacobian = slope[:, None] * matrix
            state = numpy.tanh(activation)
        product = step_jacobian @ product
    return state, product


def end_to_end_jacobian(
    cell: Cell,
    *,
    size: int = 16,
    steps: int = 100,
    gamma: float = 0.0,
    epsilon: float = EPSILON,
    seed: int = SEED,
) -> numpy.ndarray:
    """``∂h_T/∂h_0`` of a :func:`random_network` started at ``h_0 = 0``.

    >>> end_to_end_jacobian("antisymmetric", size=4, steps=3).shape
    (4, 4)
    """
    _epsilon(epsilon)
    size = arguments.integer("size", size, 1, MAX_SIZE)
    steps = arguments.integer("steps", steps, 1, arguments.MAX_STEPS)
    _unroll_budget("size, steps", steps, size)  # before the network is drawn, in these names
    matrix, inputs = random_network(cell, size=size, steps=steps, gamma=gamma, seed=seed)
    return run_network(cell, matrix, inputs, numpy.zeros(matrix.shape[0]), epsilon)[1]


def eigenvalue_magnitudes(matrix: numpy.ndarray) -> tuple[float, float]:
    """Mean and standard deviation of ``|λ|`` over the eigenvalues of ``matrix``.

    >>> eigenvalue_magnitudes(numpy.diag([1.0, 3.0]))
    (2.0, 1.0)
    """
    matrix = arguments.square("matrix", matrix, kind="number", maximum=MAX_SIZE)
    if matrix.size == 0:
        raise ValueError("matrix: expected at least 1×1, got shape (0, 0)")
    arguments.operations("matrix", "eigenvalues", len(matrix), dtype=matrix.dtype)
    # |λ| / 2^e: e = 0 unless some |λ| overflowed (derivations.scaled), so that the mean and
    # spread overflow only where they themselves exceed float64.
    magnitudes, exponent = scaled.moduli(matrix)
    # Divided by a power of two near the largest (exact), squares in the spread cannot overflow.
    largest = math.frexp(float(magnitudes.max()))[1]
    reduced = numpy.ldexp(magnitudes, -largest)
    moments = scaled.times(numpy.array([reduced.mean(), reduced.std()]), exponent + largest)
    mean, spread = arguments.finite_result("matrix", moments, "the mean or spread of |λ|")
    return float(mean), float(spread)
