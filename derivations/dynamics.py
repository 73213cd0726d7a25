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
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal

import numpy

from derivations.init import orthogonal

SEED = 2019  # the year of the paper; every random matrix here is reproducible from it
STEPS = 50  # T in the paper's Figure 1
EPSILON = 0.1  # forward Euler step ε in Figure 1
GAMMA_FIGURE = 0.15  # the diffusion constant of W_diff
INITIAL_STATES = numpy.array([[0.0, 0.5], [-0.5, -0.5], [0.5, -0.75]])

FEEDBACK_MATRICES: dict[str, numpy.ndarray] = {
    "positive": numpy.array([[2.0, -2.0], [0.0, 2.0]]),  # W₊: λ = 2 (twice)
    "negative": numpy.array([[-2.0, 2.0], [0.0, -2.0]]),  # W₋: λ = −2 (twice)
    "antisymmetric": numpy.array([[0.0, -2.0], [2.0, 0.0]]),  # W₀: λ = ±2i
    "diffusion": numpy.array([[-GAMMA_FIGURE, -2.0], [2.0, -GAMMA_FIGURE]]),  # λ = −0.15 ± 2i
}
VANILLA_KINDS = ("random", "identity", "reflection", "rotation")
FEEDBACK_KINDS = tuple(FEEDBACK_MATRICES)

Cell = Literal["antisymmetric", "vanilla"]


def _real_array(name: str, value: object, ndim: int) -> numpy.ndarray:
    """``value`` as a float array if it already is a real numpy array of ``ndim`` dims."""
    if not isinstance(value, numpy.ndarray):
        raise TypeError(f"{name}: expected a numpy.ndarray, got {type(value).__name__}")
    if value.ndim != ndim:
        raise ValueError(f"{name}: expected {ndim} dimensions, got shape {value.shape}")
    if not (numpy.issubdtype(value.dtype, numpy.floating)
            or numpy.issubdtype(value.dtype, numpy.integer)):
        raise TypeError(f"{name}: expected real entries, got dtype {value.dtype}")
    if not numpy.all(numpy.isfinite(value)):
        raise ValueError(f"{name}: entries must be finite")
    return value.astype(float)


def _square(name: str, value: object) -> numpy.ndarray:
    matrix = _real_array(name, value, 2)
    if matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"{name}: expected a square matrix, got shape {matrix.shape}")
    return matrix


def _positive_int(name: str, value: object, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name}: expected an int ≥ {minimum}, got {value!r}")
    return value


def _positive_float(name: str, value: object, allow_zero: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name}: expected a real number, got {type(value).__name__}")
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        bound = "≥ 0" if allow_zero else "> 0"
        raise ValueError(f"{name}: expected a finite number {bound}, got {value!r}")
    return float(value)


# --- the update rules -------------------------------------------------------------------------


def vanilla_step(weights: numpy.ndarray, state: numpy.ndarray) -> numpy.ndarray:
    """One step of the vanilla RNN without input, ``tanh(W h)``.

    >>> vanilla_step(numpy.eye(2), numpy.array([0.0, 0.5])).round(4)
    array([0.    , 0.4621])
    """
    return numpy.tanh(weights @ state)


def feedback_step(
    weights: numpy.ndarray, state: numpy.ndarray, epsilon: float = EPSILON
) -> numpy.ndarray:
    """One forward-Euler step of ``h′ = tanh(W h)``: ``h + ε tanh(W h)``.

    >>> feedback_step(numpy.eye(2), numpy.array([0.0, 0.5])).round(4)
    array([0.    , 0.5462])
    """
    return state + epsilon * numpy.tanh(weights @ state)


def trajectories(
    kind: Literal["vanilla", "feedback"],
    weights: numpy.ndarray,
    initial: numpy.ndarray = INITIAL_STATES,
    steps: int = STEPS,
    epsilon: float = EPSILON,
) -> numpy.ndarray:
    """States ``h_0 … h_steps`` from each initial state, shape ``(starts, steps + 1, n)``.

    >>> trajectories("vanilla", numpy.eye(2), steps=3).shape
    (3, 4, 2)
    """
    if kind not in ("vanilla", "feedback"):
        raise ValueError(f"kind: expected 'vanilla' or 'feedback', got {kind!r}")
    weights = _square("weights", weights)
    initial = _real_array("initial", initial, 2)
    if initial.shape[1] != weights.shape[0]:
        raise ValueError(
            f"initial: states of size {initial.shape[1]} do not fit weights {weights.shape}"
        )
    steps = _positive_int("steps", steps, minimum=0)
    epsilon = _positive_float("epsilon", epsilon)
    step: Callable[[numpy.ndarray], numpy.ndarray] = (
        (lambda h: vanilla_step(weights, h)) if kind == "vanilla"
        else (lambda h: feedback_step(weights, h, epsilon))
    )
    path = numpy.empty((initial.shape[0], steps + 1, initial.shape[1]))
    path[:, 0] = initial
    for t in range(1, steps + 1):
        path[:, t] = [step(h) for h in path[:, t - 1]]
    return path


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
    weights = _square("weights", weights)
    points = _real_array("points", points, 2)
    if kind == "vanilla":
        return numpy.tanh(points @ weights.T) - points
    if kind == "feedback":
        return _positive_float("epsilon", epsilon) * numpy.tanh(points @ weights.T)
    raise ValueError(f"kind: expected 'vanilla' or 'feedback', got {kind!r}")


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
    rng = numpy.random.default_rng(_positive_int("seed", seed, minimum=0))
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
    weights = _square("weights", weights)
    return weights - weights.T


def from_upper_triangle(parameters: numpy.ndarray, size: int) -> numpy.ndarray:
    """The antisymmetric ``U − Uᵀ`` from the ``size(size−1)/2`` entries of a strictly upper ``U``.

    >>> from_upper_triangle(numpy.array([1.0, 2.0, 3.0]), 3)
    array([[ 0.,  1.,  2.],
           [-1.,  0.,  3.],
           [-2., -3.,  0.]])
    """
    size = _positive_int("size", size)
    parameters = _real_array("parameters", parameters, 1)
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
    epsilon = _positive_float("epsilon", epsilon)
    if not isinstance(eigenvalues, numpy.ndarray):
        raise TypeError(f"eigenvalues: expected a numpy.ndarray, got {type(eigenvalues).__name__}")
    return numpy.abs(1 + epsilon * eigenvalues)


def smallest_stable_gamma(epsilon: float, omega: float) -> float:
    """The least γ ≥ 0 with ``|1 + ε(−γ + iω)| ≤ 1``: ``(1 − √(1 − ε²ω²))/ε``.

    Raises ValueError when ``εω > 1``: then no diffusion constant helps.

    >>> round(smallest_stable_gamma(0.1, 2.0), 6)
    0.202041
    """
    epsilon = _positive_float("epsilon", epsilon)
    if isinstance(omega, bool) or not isinstance(omega, int | float) or not math.isfinite(omega):
        raise TypeError(f"omega: expected a finite real number, got {omega!r}")
    omega = abs(float(omega))  # the eigenvalues come in pairs ±iω
    if epsilon * omega > 1:
        raise ValueError(f"epsilon, omega: εω = {epsilon * omega} > 1, no γ makes Euler stable")
    return (1 - math.sqrt(1 - (epsilon * omega) ** 2)) / epsilon


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
    matrix = antisymmetric(weights) - gamma * numpy.eye(len(state))
    return state + epsilon * numpy.tanh(matrix @ state + pre_input)


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
    matrix = antisymmetric(weights) - gamma * numpy.eye(len(state))
    gate = 1 / (1 + numpy.exp(-(matrix @ state + gate_input)))
    return state + epsilon * gate * numpy.tanh(matrix @ state + candidate_input)


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
    if cell not in ("antisymmetric", "vanilla"):
        raise ValueError(f"cell: expected 'antisymmetric' or 'vanilla', got {cell!r}")
    size = _positive_int("size", size)
    steps = _positive_int("steps", steps)
    gamma = _positive_float("gamma", gamma, allow_zero=True)
    rng = numpy.random.default_rng(_positive_int("seed", seed, minimum=0))
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
    if cell not in ("antisymmetric", "vanilla"):
        raise ValueError(f"cell: expected 'antisymmetric' or 'vanilla', got {cell!r}")
    matrix = _square("matrix", matrix)
    pre_inputs = _real_array("pre_inputs", pre_inputs, 2)
    state = _real_array("initial", initial, 1)
    epsilon = _positive_float("epsilon", epsilon)
    size = matrix.shape[0]
    if pre_inputs.shape[1] != size or state.shape[0] != size:
        raise ValueError(
            f"pre_inputs, initial: shapes {pre_inputs.shape}, {state.shape} do not fit {size}"
        )
    product = numpy.eye(size)
    for pre_input in pre_inputs:
        activation = matrix @ state + pre_input
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
    matrix, inputs = random_network(cell, size=size, steps=steps, gamma=gamma, seed=seed)
    return run_network(cell, matrix, inputs, numpy.zeros(matrix.shape[0]), epsilon)[1]


def eigenvalue_magnitudes(matrix: numpy.ndarray) -> tuple[float, float]:
    """Mean and standard deviation of ``|λ|`` over the eigenvalues of ``matrix``.

    >>> eigenvalue_magnitudes(numpy.diag([1.0, 3.0]))
    (2.0, 1.0)
    """
    magnitudes = numpy.abs(numpy.linalg.eigvals(_square("matrix", matrix)))
    return float(magnitudes.mean()), float(magnitudes.std())
