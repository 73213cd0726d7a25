"""The recurrent weight matrices the experiments compare, each drawn from a seeded generator.

Gaussian N(0, σ²/n) entries at a few scales σ, the project's Haar-orthogonal
initialiser (:func:`derivations.init.orthogonal`), the identity
(:func:`derivations.init.identity`), and a block-diagonal matrix of 2×2
rotations by random angles. Only the orthogonal one goes through LAPACK,
whose result differs between CPUs in the last bits (about 4e-16); it is rounded
to a multiple of 2⁻³⁰ so that every machine starts from the same matrix. This
moves it less than 1e-9 from orthogonal, and two machines still round apart
only if an entry lies within 4e-16 of a rounding boundary (odds measured at
about one in 40,000 per 32 × 32 matrix).
"""

from __future__ import annotations

import numpy

from derivations.init import identity, orthogonal

GRID = 2.0**-30
KINDS = ("gaussian", "orthogonal", "identity", "rotation")


def snap(matrix: numpy.ndarray) -> numpy.ndarray:
    """``matrix`` rounded to the nearest multiples of 2⁻³⁰ (the reproducibility boundary).

    >>> float(snap(numpy.array([1 / 3]))[0]) == round(2**30 / 3) / 2**30
    True
    """
    return numpy.round(matrix / GRID) * GRID


def block_rotation(size: int, rng: numpy.random.Generator) -> numpy.ndarray:
    """Diagonal blocks [[c, −s], [s, c]] with (c, s) uniform on the unit circle (a 1 closes an odd
    size): an orthogonal matrix whose eigenvalues e^{±iθ} are spread round the unit circle.

    (c, s) is a normalised Gaussian pair rather than (cos θ, sin θ): the same distribution,
    computed with operations every machine rounds alike.

    >>> w = block_rotation(5, numpy.random.default_rng(0))
    >>> bool(numpy.allclose(w.T @ w, numpy.eye(5))), float(w[4, 4])
    (True, 1.0)
    """
    pairs = rng.standard_normal((size // 2, 2))
    radius = numpy.sqrt(pairs[:, 0] * pairs[:, 0] + pairs[:, 1] * pairs[:, 1])
    cosine, sine = pairs[:, 0] / radius, pairs[:, 1] / radius
    matrix = numpy.eye(size)
    for block, (c, s) in enumerate(zip(cosine, sine, strict=True)):
        i = 2 * block
        matrix[i : i + 2, i : i + 2] = [[c, -s], [s, c]]
    return matrix


def recurrent_matrix(kind: str, size: int, rng: numpy.random.Generator, *,
                     scale: float = 1.0) -> numpy.ndarray:
    """A size × size recurrent matrix of the given ``kind``; ``scale`` is σ for "gaussian".

    >>> recurrent_matrix("identity", 2, numpy.random.default_rng(0))
    array([[1., 0.],
           [0., 1.]])
    """
    if kind == "gaussian":
        return (scale / numpy.sqrt(size)) * rng.standard_normal((size, size))
    if kind == "orthogonal":
        return snap(orthogonal((size, size), rng=rng))
    if kind == "identity":
        return identity((size, size))
    if kind == "rotation":
        return block_rotation(size, rng)
    raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
