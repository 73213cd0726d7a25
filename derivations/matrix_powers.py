"""The three matrices of Merity's videos, rebuilt so their spectra are known exactly.

Vanishing and exploding examples are symmetric, W = Q diag(λ) Qᵀ with Q a
random orthogonal matrix, so their eigenvalues are the chosen λ and, being
normal, ‖Wᵗ‖₂ = ρ(W)ᵗ exactly: the plotted norm is the theorem, not a fit.

Bounds: sizes up to ``MAX_SIZE``; a stack of powers holds at most
``arguments.MAX_ELEMENTS`` entries, and is refused if a power overflows float64.
"""

from __future__ import annotations

from typing import Literal

import numpy

from derivations import arguments, scaled
from derivations.init import orthogonal

Kind = Literal["vanishing", "exploding", "orthogonal"]

SPECTRA: dict[str, tuple[float, ...]] = {
    # All |λ| < 1: powers vanish like 0.9ᵗ.
    "vanishing": (0.9, -0.8, 0.7, 0.6, -0.5),
    # One eigenvalue above 1 is enough: powers explode like 1.1ᵗ.
    "exploding": (1.1, -0.8, 0.7, 0.6, -0.5),
}
KINDS: tuple[Kind, ...] = ("vanishing", "exploding", "orthogonal")
STEPS = 64  # as in Merity's videos
SEED = 2016
MAX_SIZE = 2048  # an n×n eigen- or singular-value problem costs about n³: 2048³ ≈ 10¹⁰


def example_matrix(kind: Kind, size: int = 5, seed: int = SEED) -> numpy.ndarray:
    """The ``size``×``size`` example matrix of ``kind``, reproducible from ``seed``.

    >>> w = example_matrix("exploding")
    >>> [round(float(v), 6) for v in numpy.linalg.eigvalsh(w)]
    [-0.8, -0.5, 0.6, 0.7, 1.1]
    """
    arguments.choice("kind", kind, KINDS)
    size = arguments.integer("size", size, 1, MAX_SIZE)
    basis = orthogonal((size, size), rng=arguments.seed("seed", seed))
    if kind == "orthogonal":
        return basis
    spectrum = numpy.resize(numpy.array(SPECTRA[kind]), size)
    return basis @ numpy.diag(spectrum) @ basis.T


def powers(matrix: numpy.ndarray, steps: int = STEPS) -> numpy.ndarray:
    """The stack W⁰, W¹, …, W^steps, built by repeated multiplication as an RNN would.

    ``matrix`` is a finite real square array; ``steps`` ≤ ``arguments.MAX_STEPS``. A power
    that overflows float64 is refused (ResultOverflowError) rather than returned as inf.

    >>> powers(numpy.array([[0.0, 1.0], [1.0, 1.0]]), 3)[3]
    array([[1., 2.],
           [2., 3.]])
    """
    stack = _unchecked_powers(matrix, steps)
    overflow = _first_non_finite(stack)
    if overflow is not None:
        raise arguments.ResultOverflowError(
            f"matrix, steps: W^{overflow} overflows float64; ask for fewer steps")
    return stack


def first_overflowing_power(matrix: numpy.ndarray, steps: int = STEPS) -> int | None:
    """The first t ≤ ``steps`` for which Wᵗ or its norm ‖Wᵗ‖₂ overflows float64, else None.

    Lets a caller say how many steps *would* work instead of only that these do not. The
    norm can overflow a step before the entries do (an all-ones 8×8 J has ‖J‖₂ = 8).

    >>> first_overflowing_power(numpy.array([[1e200]]), 3)
    2
    """
    stack = _unchecked_powers(matrix, steps)
    entries = _first_non_finite(stack)
    finite = stack if entries is None else stack[:entries]
    if finite.shape[1] == 0:
        return entries
    norms_finite = numpy.isfinite(scaled.spectral_norms(finite))
    return entries if norms_finite.all() else int(numpy.argmin(norms_finite))


def _unchecked_powers(matrix: numpy.ndarray, steps: int) -> numpy.ndarray:
    matrix = arguments.square("matrix", matrix, maximum=MAX_SIZE)
    steps = arguments.integer("steps", steps, 0, arguments.MAX_STEPS)
    size = matrix.shape[0]
    arguments.within("matrix, steps", (steps + 1) * size * size, arguments.MAX_ELEMENTS,
                     "entries")
    arguments.within("matrix, steps", steps * size**3, arguments.MAX_OPERATIONS,
                     "multiply-adds")
    stack = numpy.empty((steps + 1, size, size))
    stack[0] = numpy.eye(size)
    with numpy.errstate(over="ignore", invalid="ignore"):
        for t in range(1, steps + 1):
            stack[t] = stack[t - 1] @ matrix
    return stack


def _first_non_finite(stack: numpy.ndarray) -> int | None:
    finite = numpy.isfinite(stack).all(axis=(1, 2))
    return None if finite.all() else int(numpy.argmin(finite))


def spectral_norms(stack: numpy.ndarray) -> numpy.ndarray:
    """‖Wᵗ‖₂ (largest singular value) for each matrix in ``stack`` (finite, real, 3-D), in
    float32 for a float32 stack and float64 otherwise.

    NumPy's norms, except where one overflows: that matrix is divided by a power of two
    first (:mod:`derivations.scaled`), and a norm beyond the dtype is refused
    (ResultOverflowError). Work: count·m·n·min(m, n) multiply-adds within
    ``arguments.MAX_OPERATIONS``, and a loop step per matrix within ``arguments.MAX_STEPS``
    (NumPy's batched SVD spends microseconds on each small matrix): ≈ 1 s at either limit.

    >>> spectral_norms(numpy.array([[[3.0, 0.0], [0.0, -4.0]]]))
    array([4.])
    """
    stack = arguments.array("stack", stack, 3)
    count, rows, cols = stack.shape
    if rows == 0 or cols == 0:
        raise ValueError(f"stack: expected matrices at least 1×1, got shape {stack.shape}")
    arguments.within("stack", count, arguments.MAX_STEPS, "matrices")
    arguments.operations("stack", "singular values", rows, cols, count=count)
    if count == 0:
        return numpy.zeros(0)
    return arguments.finite_result("stack", scaled.spectral_norms(stack), "‖Wᵗ‖₂")


def spectral_radius(matrix: numpy.ndarray) -> float:
    """ρ(W) = max |λ| of a finite square matrix, real or complex (NumPy's eigenvalues, or,
    where one overflows, those of W divided by a power of two; refused if ρ exceeds float64's
    largest number). Work: 3·n³ multiply-adds, 9·n³ for a complex W (``arguments.COSTS``).

    >>> spectral_radius(numpy.array([[0.5, 1.0], [0.0, -3.0]]))
    3.0
    """
    matrix = arguments.square("matrix", matrix, kind="number", maximum=MAX_SIZE)
    if matrix.size == 0:
        raise ValueError("matrix: expected at least 1×1, got shape (0, 0)")
    arguments.operations("matrix", "eigenvalues", len(matrix), dtype=matrix.dtype)
    radius = scaled.spectral_radius(matrix)
    return float(arguments.finite_result("matrix", radius, "ρ(W)"))
