"""Norms, eigenvalues and matrix-vector products that do not overflow on the way to a result
that fits: the library's one place for computing with entries near float64's limits.

LAPACK squares and sums entries: the spectral norm of a matrix of 1e308s overflows to inf
inside the SVD, and its eigenvalue routine returns inf and a wrong finite value for
``numpy.full((2, 2), 1e308)``. A product W h of finite numbers can hit inf − inf = nan
even when the true sum is 0. Here every such computation runs on the input divided by a
power of two (exact), so that its largest entry is below 1, and the result is scaled back
with :func:`numpy.ldexp`: inf only where the true result exceeds float64, which the
callers refuse with :class:`derivations.arguments.ResultOverflowError` naming their
arguments, never returning inf.

Input is upcast to float64 or complex128 (exactly) and results are float64 or complex128:
the norm of a float32 matrix of 3e38s is 6e38, which float64 holds.

The scaling costs one pass over the input next to an O(n³) factorization; the product
falls back to it only where the plain product is not finite (an overflow always shows as
inf or nan there: IEEE arithmetic never turns inf back into a finite number by + and ×).
"""

from __future__ import annotations

import numpy


def _wide(matrix: numpy.ndarray) -> numpy.ndarray:
    """``matrix`` as float64 or complex128 (exact for every dtype the library accepts)."""
    return matrix.astype(numpy.complex128 if matrix.dtype.kind == "c" else numpy.float64,
                         copy=False)


def _magnitude(array: numpy.ndarray) -> numpy.ndarray:
    """|entries| bounds that cannot overflow: max(|re|, |im|) for complex entries."""
    if array.dtype.kind == "c":
        return numpy.maximum(numpy.abs(array.real), numpy.abs(array.imag))
    return numpy.abs(array)


def exponents(array: numpy.ndarray, axis: int | tuple[int, ...] | None = None) -> numpy.ndarray:
    """e with max |entry| < 2^e along ``axis`` (0 where all entries are 0): dividing by 2^e
    brings the largest magnitude into [0.5, 1), or below 1 for complex entries."""
    largest = _magnitude(array).max(axis=axis, initial=0.0)
    return numpy.frexp(largest)[1]


def _divided(array: numpy.ndarray, exponent: numpy.ndarray | int) -> numpy.ndarray:
    """``array`` / 2^exponent, exactly unless an entry falls below the smallest subnormal
    (then it is negligible next to the largest, which is ≈ 1)."""
    if array.dtype.kind == "c":
        return numpy.ldexp(array.real, -exponent) + 1j * numpy.ldexp(array.imag, -exponent)
    return numpy.ldexp(array, -exponent)


def _times(values: numpy.ndarray, exponent: numpy.ndarray | int) -> numpy.ndarray:
    with numpy.errstate(over="ignore"):
        if values.dtype.kind == "c":
            return numpy.ldexp(values.real, exponent) + 1j * numpy.ldexp(values.imag, exponent)
        return numpy.ldexp(values, exponent)


def spectral_norms(stack: numpy.ndarray, factor: float = 1.0) -> numpy.ndarray:
    """``factor``·‖A‖₂ of each matrix of a (count, m, n) stack (m, n ≥ 1), as float64: inf
    exactly where that exceeds float64's largest number (``factor`` ≥ 0 is applied before
    the scale, so γ‖W‖₂ with γ < 1 fits even where ‖W‖₂ would not).

    >>> spectral_norms(numpy.full((2, 2, 2), [[[8e307]], [[1e308]]]))
    array([1.6e+308,      inf])
    """
    wide = _wide(stack)
    exponent = exponents(wide, axis=(1, 2))
    norms = numpy.linalg.norm(_divided(wide, exponent[:, None, None]), ord=2, axis=(1, 2))
    return _times(factor * norms, exponent)


def eigenvalues(matrix: numpy.ndarray) -> tuple[numpy.ndarray, int]:
    """(λ / 2^e, e): the eigenvalues of a square matrix (n ≥ 1), divided by 2^e, with e the
    matrix's own scale, so that callers can reduce them (a largest modulus, a mean) before
    they scale back with :func:`times`. Their moduli are at most n.

    >>> values, exponent = eigenvalues(numpy.full((2, 2), 1e308))
    >>> exponent, float(times(abs(values).max(), exponent))
    (1024, inf)
    """
    wide = _wide(matrix)
    exponent = int(exponents(wide))
    return numpy.linalg.eigvals(_divided(wide, exponent)), exponent


def times(values: numpy.ndarray | float, exponent: numpy.ndarray | int) -> numpy.ndarray:
    """``values`` × 2^exponent (real or complex), inf where that overflows."""
    return _times(numpy.asarray(values), exponent)


def products(weights: numpy.ndarray, states: numpy.ndarray) -> numpy.ndarray:
    """W h for a vector h (shape (n,)) or for each row h of ``states`` (shape (k, n), giving
    (k, m)), in float64; an entry whose true value overflows is ±inf with its true sign,
    and no entry is nan.

    Where the plain product is not finite, that entry is recomputed from W's row and h
    divided by powers of two (the row by 2^r, h by 2^d), so that each term is below 1 and
    their sum cannot overflow; the terms are rounded products summed without fused
    multiply-adds, so terms that cancel exactly give exactly 0. Terms lost to underflow
    there are below 2^−1074·max|Wᵢ|·max|h|, less than a rounding error of Σ|Wᵢⱼhⱼ|, which is
    at least the overflow threshold where this runs. The fallback costs m·n per affected
    state, in NumPy element-wise operations.

    >>> products(numpy.full((2, 2), 1e308), numpy.array([1e308, -1e308]))
    array([0., 0.])
    """
    with numpy.errstate(over="ignore", invalid="ignore"):
        fast = states @ weights.T
    bad = ~numpy.isfinite(fast)
    if not bad.any():
        return fast
    rows = exponents(weights, axis=1)
    shrunk_weights = _divided(weights, rows[:, None])
    vectors = states[None] if states.ndim == 1 else states
    results = fast[None] if states.ndim == 1 else fast
    for index in numpy.flatnonzero(bad.any(axis=-1) if states.ndim > 1 else [True]):
        entries = numpy.flatnonzero(~numpy.isfinite(results[index]))
        scale = int(exponents(vectors[index]))
        with numpy.errstate(under="ignore"):
            terms = shrunk_weights[entries] * _divided(vectors[index], scale)
        results[index, entries] = _times(terms.sum(axis=1), rows[entries] + scale)
    return fast
