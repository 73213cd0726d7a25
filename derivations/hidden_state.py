"""The linear RNN h_t = W h_{t−1}, run as a network runs it: norms and spectra for Chapter 2.

Two weight matrices of the same size are compared: a Haar orthogonal one
(``derivations.init.orthogonal``) and a Gaussian one with entries N(0, 1/n),
the "well-scaled" random init. The orthogonal norm is 1 at every step
(theorem ``orthogonal-powers``); the Gaussian one wanders and, over long
horizons, grows or decays like ρ(W)ᵗ.

Bounds: sizes up to ``MAX_SIZE``, at most ``arguments.MAX_STEPS`` steps; a norm
that overflows float64 is refused rather than returned as inf.
"""

from __future__ import annotations

import numpy

from derivations import arguments, scaled
from derivations.init import orthogonal

SIZE = 64
SEED = 2016
SHORT, LONG = 64, 1000
MAX_SIZE = 2048  # an n×n eigenvalue problem costs about n³: 2048³ ≈ 10¹⁰


def weight_matrices(size: int = SIZE, seed: int = SEED) -> dict[str, numpy.ndarray]:
    """{"orthogonal": Haar Q, "gaussian": entries N(0, 1/size)}, both ``size``×``size``.

    >>> {k: v.shape for k, v in weight_matrices(4).items()}
    {'orthogonal': (4, 4), 'gaussian': (4, 4)}
    """
    size = arguments.integer("size", size, 1, MAX_SIZE)
    rng = numpy.random.default_rng(arguments.seed("seed", seed))
    return {
        "orthogonal": orthogonal((size, size), rng=rng),
        "gaussian": rng.standard_normal((size, size)) / numpy.sqrt(size),
    }


def hidden_state_norms(matrix: numpy.ndarray, steps: int, seed: int = SEED) -> numpy.ndarray:
    """‖h_t‖ for t = 0 … steps, from a random unit h₀, by repeated multiplication.

    NumPy's norms; where Σhᵢ² overflows but ‖h_t‖ does not (from ≈ 1e154 on), ‖h_t‖ of h_t
    divided by a power of two. Refused (ResultOverflowError) once h_t or ‖h_t‖ exceeds
    float64. Work: steps·n² multiply-adds within ``arguments.MAX_OPERATIONS``.

    >>> norms = hidden_state_norms(orthogonal((8, 8), rng=0), 100)
    >>> bool(numpy.allclose(norms, 1.0))
    True
    """
    matrix = arguments.square("matrix", matrix, maximum=MAX_SIZE)
    steps = arguments.integer("steps", steps, 0, arguments.MAX_STEPS)
    seed = arguments.seed("seed", seed)
    size = matrix.shape[0]
    if size == 0:
        raise ValueError("matrix: expected at least 1×1, got shape (0, 0)")
    arguments.within("matrix, steps", steps * size * size, arguments.MAX_OPERATIONS,
                     "multiply-adds")
    h = numpy.random.default_rng(seed + 1).standard_normal(size)
    h /= numpy.linalg.norm(h)
    norms = numpy.empty(steps + 1)
    norms[0] = 1.0
    with numpy.errstate(over="ignore", invalid="ignore"):
        for t in range(1, steps + 1):
            h = matrix @ h
            norms[t] = numpy.linalg.norm(h)
            if numpy.isinf(norms[t]) and numpy.isfinite(h).all():  # Σhᵢ² overflowed, ‖h‖ not
                norms[t] = scaled.spectral_norms(h[None, :, None])[0]
    finite = numpy.isfinite(norms)
    if not finite.all():
        raise arguments.ResultOverflowError(
            f"matrix, steps: ‖h_t‖ overflows float64 at t = {int(numpy.argmin(finite))}")
    return norms


def eigenvalues(matrix: numpy.ndarray) -> numpy.ndarray:
    """The eigenvalues of a finite square matrix, sorted by angle (for drawing).

    NumPy's, unless one of them overflows: then they are computed on the matrix divided by
    a power of two (:mod:`derivations.scaled`), and an eigenvalue beyond float64 is refused
    (ResultOverflowError) instead of returned as inf beside wrong finite ones. Work: 3·n³
    multiply-adds (``arguments.COSTS``), ≈ 3.5 s of one core at n = 2048; a complex matrix
    costs 3 times more and is refused past n ≈ 1490.

    >>> eigenvalues(numpy.array([[0.0, -1.0], [1.0, 0.0]]))
    array([0.-1.j, 0.+1.j])
    """
    values = scaled.eigenvalues(_eigen_input(matrix))
    arguments.finite_result("matrix", values, "an eigenvalue")
    return values[numpy.argsort(numpy.angle(values))]


def spectral_radius(matrix: numpy.ndarray) -> float:
    """ρ(W) = max |λ|: the long-run growth factor per step (scaled as :func:`eigenvalues`;
    refused if ρ exceeds float64's largest number).

    >>> spectral_radius(numpy.diag([0.5, -2.0]))
    2.0
    """
    radius = scaled.spectral_radius(_eigen_input(matrix))
    return float(arguments.finite_result("matrix", radius, "ρ(W)"))


def rotation_orbit(angle: float, steps: int) -> numpy.ndarray:
    """The points R_θᵗ e₁ for t = 0 … steps, by repeated multiplication (shape (steps+1, 2)).

    >>> rotation_orbit(numpy.pi / 2, 2).round(12).tolist()
    [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]]
    """
    angle = arguments.real("angle", angle)
    steps = arguments.integer("steps", steps, 0, arguments.MAX_STEPS)
    rotation = numpy.array([[numpy.cos(angle), -numpy.sin(angle)],
                            [numpy.sin(angle), numpy.cos(angle)]])
    points = numpy.empty((steps + 1, 2))
    points[0] = (1.0, 0.0)
    for t in range(1, steps + 1):
        points[t] = rotation @ points[t - 1]
    return points


def _eigen_input(matrix: object) -> numpy.ndarray:
    checked = arguments.square("matrix", matrix, kind="number", maximum=MAX_SIZE)
    if checked.size == 0:
        raise ValueError("matrix: expected at least 1×1, got shape (0, 0)")
    arguments.operations("matrix", "eigenvalues", len(checked), dtype=checked.dtype)
    return checked
