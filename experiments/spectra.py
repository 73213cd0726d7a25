"""Singular values by one-sided Jacobi rotations: the same bits on every machine.

LAPACK's SVD runs on OpenBLAS kernels that differ between CPUs in the last bit,
and the experiments' results are compared exactly. One-sided Jacobi (Hestenes
1958) needs only dot products and plane rotations, which :mod:`numpy` performs
in a fixed order: rotate pairs of columns until every pair is orthogonal; the
column lengths are then the singular values. It is also accurate in the
*relative* sense for small singular values, which the spectra plots show on a
log scale.
"""

from __future__ import annotations

import numpy

TOLERANCE = 1e-15  # a pair counts as orthogonal once |cos(angle)| is below this
MAX_SWEEPS = 60  # Jacobi converges quadratically; 6–10 sweeps suffice for n ≤ 256


def _round_robin(count: int) -> list[tuple[numpy.ndarray, numpy.ndarray]]:
    """count − 1 rounds of count/2 disjoint pairs covering every pair once (count even)."""
    players = list(range(count))
    rounds = []
    for _ in range(count - 1):
        half = count // 2
        rounds.append((numpy.array(players[:half]), numpy.array(players[half:][::-1])))
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def singular_values(matrix: numpy.ndarray) -> numpy.ndarray:
    """The singular values of a real matrix, largest first.

    >>> singular_values(numpy.array([[3.0, 0.0], [4.0, 5.0]]))
    array([6.70820393, 2.23606798])
    """
    if not isinstance(matrix, numpy.ndarray) or matrix.ndim != 2:
        raise TypeError(f"matrix: expected a 2-D numpy array, got {type(matrix).__name__}")
    if not numpy.all(numpy.isfinite(matrix)):
        raise ValueError("matrix: expected finite entries")
    columns = matrix.T if matrix.shape[1] > matrix.shape[0] else matrix
    largest = float(numpy.max(numpy.abs(columns))) if columns.size else 0.0
    exponent = int(numpy.frexp(largest)[1]) if largest > 0 else 0
    count = columns.shape[1] + columns.shape[1] % 2  # a zero column makes the count even
    work = numpy.zeros((columns.shape[0], count))
    # Scaled by a power of two, which is exact: squares of huge entries no longer overflow.
    work[:, : columns.shape[1]] = numpy.ldexp(columns, -exponent)
    rounds = _round_robin(count)
    for _ in range(MAX_SWEEPS):
        largest_cosine = 0.0
        for left, right in rounds:
            a, b = work[:, left], work[:, right]
            alpha, beta, gamma = (a * a).sum(axis=0), (b * b).sum(axis=0), (a * b).sum(axis=0)
            scale = numpy.sqrt(alpha * beta)
            active = (gamma != 0) & (numpy.abs(gamma) > TOLERANCE * scale)
            if not active.any():
                continue
            cosines = numpy.abs(gamma[active]) / scale[active]
            largest_cosine = max(largest_cosine, float(numpy.max(cosines)))
            safe = numpy.where(active, gamma, 1.0)
            zeta = (beta - alpha) / (2.0 * safe)
            root = numpy.sqrt(1.0 + zeta * zeta)
            tangent = numpy.where(zeta >= 0, 1.0, -1.0) / (numpy.abs(zeta) + root)
            cosine = numpy.where(active, 1.0 / numpy.sqrt(1.0 + tangent * tangent), 1.0)
            sine = numpy.where(active, cosine * tangent, 0.0)
            work[:, left], work[:, right] = cosine * a - sine * b, sine * a + cosine * b
        if largest_cosine <= TOLERANCE:
            break
    else:
        raise RuntimeError(f"Jacobi SVD did not converge in {MAX_SWEEPS} sweeps")
    lengths = numpy.sqrt((work * work).sum(axis=0))[: min(matrix.shape)]
    return numpy.ldexp(-numpy.sort(-lengths), exponent)
