"""The linear RNN h_t = W h_{t−1}, run as a network runs it: norms and spectra for Chapter 2.

Two weight matrices of the same size are compared: a Haar orthogonal one
(``derivations.init.orthogonal``) and a Gaussian one with entries N(0, 1/n),
the "well-scaled" random init. The orthogonal norm is 1 at every step
(theorem ``orthogonal-powers``); the Gaussian one wanders and, over long
horizons, grows or decays like ρ(W)ᵗ.
"""

from __future__ import annotations

import numpy

from derivations.init import orthogonal

SIZE = 64
SEED = 2016
SHORT, LONG = 64, 1000


def _check_positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name}: expected a positive int, got {value!r}")
    return value


def weight_matrices(size: int = SIZE, seed: int = SEED) -> dict[str, numpy.ndarray]:
    """{"orthogonal": Haar Q, "gaussian": entries N(0, 1/size)}, both ``size``×``size``.

    >>> {k: v.shape for k, v in weight_matrices(4).items()}
    {'orthogonal': (4, 4), 'gaussian': (4, 4)}
    """
    _check_positive("size", size)
    rng = numpy.random.default_rng(seed)
    return {
        "orthogonal": orthogonal((size, size), rng=rng),
        "gaussian": rng.standard_normal((size, size)) / numpy.sqrt(size),
    }


def hidden_state_norms(matrix: numpy.ndarray, steps: int, seed: int = SEED) -> numpy.ndarray:
    """‖h_t‖ for t = 0 … steps, from a random unit h₀, by repeated multiplication.

    >>> norms = hidden_state_norms(orthogonal((8, 8), rng=0), 100)
    >>> bool(numpy.allclose(norms, 1.0))
    True
    """
    _check_positive("steps", steps)
    h = numpy.random.default_rng(seed + 1).standard_normal(matrix.shape[0])
    h /= numpy.linalg.norm(h)
    norms = numpy.empty(steps + 1)
    norms[0] = 1.0
    for t in range(1, steps + 1):
        h = matrix @ h
        norms[t] = numpy.linalg.norm(h)
    return norms


def eigenvalues(matrix: numpy.ndarray) -> numpy.ndarray:
    """The eigenvalues, sorted by angle (for drawing)."""
    values = numpy.linalg.eigvals(matrix)
    return values[numpy.argsort(numpy.angle(values))]


def spectral_radius(matrix: numpy.ndarray) -> float:
    """ρ(W) = max |λ|: the long-run growth factor per step."""
    return float(numpy.abs(numpy.linalg.eigvals(matrix)).max())


def rotation_orbit(angle: float, steps: int) -> numpy.ndarray:
    """The points R_θᵗ e₁ for t = 0 … steps, by repeated multiplication (shape (steps+1, 2)).

    >>> rotation_orbit(numpy.pi / 2, 2).round(12).tolist()
    [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]]
    """
    _check_positive("steps", steps)
    rotation = numpy.array([[numpy.cos(angle), -numpy.sin(angle)],
                            [numpy.sin(angle), numpy.cos(angle)]])
    points = numpy.empty((steps + 1, 2))
    points[0] = (1.0, 0.0)
    for t in range(1, steps + 1):
        points[t] = rotation @ points[t - 1]
    return points
