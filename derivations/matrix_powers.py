"""The three matrices of Merity's videos, rebuilt so their spectra are known exactly.

Vanishing and exploding examples are symmetric, W = Q diag(λ) Qᵀ with Q a
random orthogonal matrix, so their eigenvalues are the chosen λ and, being
normal, ‖Wᵗ‖₂ = ρ(W)ᵗ exactly: the plotted norm is the theorem, not a fit.
"""

from __future__ import annotations

from typing import Literal

import numpy

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


def example_matrix(kind: Kind, size: int = 5, seed: int = SEED) -> numpy.ndarray:
    """The ``size``×``size`` example matrix of ``kind``, reproducible from ``seed``."""
    if kind not in KINDS:
        raise ValueError(f"kind: expected one of {KINDS}, got {kind!r}")
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size: expected a positive int, got {size!r}")
    basis = orthogonal((size, size), rng=seed)
    if kind == "orthogonal":
        return basis
    spectrum = numpy.resize(numpy.array(SPECTRA[kind]), size)
    return basis @ numpy.diag(spectrum) @ basis.T


def powers(matrix: numpy.ndarray, steps: int = STEPS) -> numpy.ndarray:
    """The stack W⁰, W¹, …, W^steps, built by repeated multiplication as an RNN would."""
    if steps < 0:
        raise ValueError(f"steps: expected a non-negative int, got {steps}")
    stack = numpy.empty((steps + 1, *matrix.shape))
    stack[0] = numpy.eye(matrix.shape[0])
    for t in range(1, steps + 1):
        stack[t] = stack[t - 1] @ matrix
    return stack


def spectral_norms(stack: numpy.ndarray) -> numpy.ndarray:
    """‖Wᵗ‖₂ (largest singular value) for each matrix in ``stack``."""
    return numpy.linalg.norm(stack, ord=2, axis=(1, 2))


def spectral_radius(matrix: numpy.ndarray) -> float:
    """ρ(W) = max |λ|."""
    return float(numpy.max(numpy.abs(numpy.linalg.eigvals(matrix))))
