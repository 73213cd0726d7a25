"""Norms, eigenvalues and matrix-vector products that do not overflow on the way to a result
that fits: the library's one place for computing with entries near float64's limits.

Every function here runs the plain NumPy computation first and keeps its answer wherever it
is finite, bit for bit: the chapters' figures and chapter 5's committed training runs are
reproduced exactly. Only where the plain answer is inf or NaN (an overflow, which IEEE
arithmetic never turns back into a finite number by + and ×) is it recomputed on the input
divided by a power of two, which is exact, so that its largest entry is below 1; the result
is scaled back with :func:`numpy.ldexp` and is inf only where the true result exceeds
float64. Callers refuse that with :class:`derivations.arguments.ResultOverflowError`.

Why the plain computation can fail where the result fits: LAPACK's eigenvalue routine scales a
matrix of 1e308s by a factor that is not a power of two and returns inf beside 2.2e292 for
``numpy.full((2, 2), 1e308)``; a product W h of finite numbers can reach inf − inf = NaN, or
a wrongly signed inf through BLAS's fused multiply-adds, where the true sum is 0; γ‖W‖₂ fits
where ‖W‖₂ does not. The rescue is computed in float64 or complex128 (a float32 matrix of
3e38s has the spectral radius 6e38; :func:`spectral_norms` rounds back to the norms' dtype).
It costs one pass over the input next to the O(n³) factorization, or m·n element-wise
operations per product entry recomputed, and only when it runs.
"""

from __future__ import annotations

import numpy


def _wide(array: numpy.ndarray) -> numpy.ndarray:
    """``array`` as float64 or complex128 (exact for every dtype the library accepts)."""
    return array.astype(numpy.complex128 if array.dtype.kind == "c" else numpy.float64,
                        copy=False)


def exponents(array: numpy.ndarray, axis: int | tuple[int, ...] | None = None) -> numpy.ndarray:
    """e with max |entry| < 2^e along ``axis`` (0 where all entries are 0), as int64: dividing
    by 2^e brings the largest magnitude into [0.5, 1), or below 1 for complex entries, whose
    bound is max(|re|, |im|) (|z| itself may overflow).

    >>> int(exponents(numpy.array([3.0, -1e308])))
    1024
    """
    parts = [array.real, array.imag] if array.dtype.kind == "c" else [array]
    largest = numpy.max([numpy.abs(part).max(axis=axis, initial=0.0) for part in parts], axis=0)
    return numpy.frexp(largest)[1].astype(numpy.int64)


def times(values: numpy.ndarray | float, exponent: numpy.ndarray | int) -> numpy.ndarray:
    """``values`` × 2^exponent (real or complex, exactly unless it over- or underflows), inf
    where it overflows; ``values`` themselves where every exponent is 0.

    >>> times(numpy.array([0.5, -1.0]), 1024)
    array([8.98846567e+307,            -inf])
    """
    values = numpy.asarray(values)
    if not numpy.any(exponent):
        return values
    with numpy.errstate(over="ignore", under="ignore"):
        if values.dtype.kind != "c":
            return numpy.ldexp(values, exponent)
        scaled = numpy.empty_like(values)
        scaled.real = numpy.ldexp(values.real, exponent)
        scaled.imag = numpy.ldexp(values.imag, exponent)
        return scaled


def _divided(array: numpy.ndarray, exponent: numpy.ndarray | int) -> numpy.ndarray:
    """``array`` / 2^exponent (entries below the smallest subnormal then lost are negligible
    next to the largest, which becomes ≈ 1)."""
    return times(array, -numpy.asarray(exponent))


def spectral_norms(stack: numpy.ndarray, factor: float = 1.0) -> numpy.ndarray:
    """``factor``·‖A‖₂ of each matrix of a (count, m, n) stack (m, n ≥ 1): NumPy's SVD norms
    times ``factor``, in their dtype (float32 for a float32 stack); where that is inf or NaN,
    recomputed in float64 on the matrix divided by 2^e and scaled back, so inf exactly where
    the true value exceeds that dtype. ``factor`` ≥ 0 multiplies before the scale, so γ‖W‖₂
    with γ < 1 fits even where ‖W‖₂ would not.

    >>> spectral_norms(numpy.array([[[1e308, 1e308], [0.0, 0.0]], numpy.full((2, 2), 1e308)]))
    array([1.41421356e+308,             inf])
    >>> float(spectral_norms(numpy.full((1, 2, 2), 1e308), factor=0.25)[0])
    5e+307
    """
    with numpy.errstate(over="ignore", invalid="ignore"):
        norms = factor * numpy.linalg.norm(stack, ord=2, axis=(1, 2))
    failed = ~numpy.isfinite(norms)
    if not failed.any():
        return norms
    wide = _wide(stack[failed])
    scale = exponents(wide, axis=(1, 2))
    rescued = factor * numpy.linalg.norm(_divided(wide, scale[:, None, None]), ord=2,
                                         axis=(1, 2))
    with numpy.errstate(over="ignore"):  # rounded to the norms' dtype: inf beyond its range
        norms[failed] = times(rescued, scale)
    return norms


def _eigenvalues(matrix: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray | None, int]:
    """(NumPy's λ, λ of the matrix divided by 2^e or None where those are all finite, e)."""
    with numpy.errstate(over="ignore", invalid="ignore"):
        plain = numpy.linalg.eigvals(matrix)
    if numpy.isfinite(plain).all():
        return plain, None, 0
    wide = _wide(matrix)
    scale = int(exponents(wide))
    return plain, numpy.linalg.eigvals(_divided(wide, scale)), scale


def eigenvalues(matrix: numpy.ndarray) -> numpy.ndarray:
    """The eigenvalues of a square matrix (n ≥ 1): NumPy's where all are finite; else those of
    the matrix divided by 2^e (e its scale), times 2^e, in complex128 or float64 (inf or
    NaN only where an eigenvalue's real or imaginary part exceeds float64).

    >>> eigenvalues(numpy.array([[0.0, -1.0], [1.0, 0.0]]))
    array([0.+1.j, 0.-1.j])
    >>> eigenvalues(numpy.full((2, 2), 1e308))
    array([inf,  0.])
    """
    plain, rescued, scale = _eigenvalues(matrix)
    return plain if rescued is None else times(rescued, scale)


def moduli(matrix: numpy.ndarray) -> tuple[numpy.ndarray, int]:
    """(|λ| / 2^e, e) for the eigenvalues of a square matrix (n ≥ 1): NumPy's |λ| with e = 0
    where they are all finite; else those of the matrix divided by 2^e (at most n each),
    so that callers can reduce them (a largest one, a mean) before scaling back with
    :func:`times`.

    >>> moduli(numpy.full((2, 2), 1e308))
    (array([1.11253693, 0.        ]), 1024)
    """
    plain, rescued, scale = _eigenvalues(matrix)
    if rescued is None:
        with numpy.errstate(over="ignore"):
            magnitudes = numpy.abs(plain)
        if numpy.isfinite(magnitudes).all():
            return magnitudes, 0
        # |re + i·im| overflowed: the values are finite, so this division is exact.
        wide = _wide(plain)
        scale = int(exponents(wide))
        rescued = _divided(wide, scale)
    return numpy.abs(rescued), scale


def spectral_radius(matrix: numpy.ndarray) -> numpy.ndarray:
    """ρ = max |λ| of a square matrix (n ≥ 1), as a float64 scalar: NumPy's where every |λ| is
    finite (bit for bit), else from :func:`moduli`; inf only where ρ exceeds float64.

    >>> float(spectral_radius(numpy.full((2, 2), 3e38, dtype=numpy.float32)))
    6.000000...e+38
    """
    values, scale = moduli(matrix)
    return times(numpy.float64(values.max()), scale)


def products(weights: numpy.ndarray, states: numpy.ndarray) -> numpy.ndarray:
    """W h for a vector h (shape (n,): ``weights @ states``) or for each row h of ``states``
    (shape (k, n): ``states @ weights.T``, giving (k, m)), float64 in and out; an entry whose
    true value overflows is ±inf with its true sign, and no entry is NaN.

    Where the plain product is not finite, that entry is recomputed from W's row and h
    divided by powers of two (the row by 2^r, h by 2^d), so that each term is below 1 and
    their sum cannot overflow; the terms are rounded products summed without fused
    multiply-adds, so terms that cancel exactly give exactly 0. Terms lost to underflow
    there are below 2^−1074·max|Wᵢ|·max|h|, less than a rounding error of Σ|Wᵢⱼhⱼ|, which is
    at least the overflow threshold where this runs.

    >>> products(numpy.full((2, 2), 1e308), numpy.array([1e308, -1e308]))
    array([0., 0.])
    """
    with numpy.errstate(over="ignore", invalid="ignore"):
        plain = weights @ states if states.ndim == 1 else states @ weights.T
    failed = ~numpy.isfinite(plain)
    if not failed.any():
        return plain
    rows = exponents(weights, axis=1)
    shrunk = _divided(weights, rows[:, None])
    vectors = states.reshape(-1, states.shape[-1])
    results = plain.reshape(-1, len(weights))  # a view: entries are written into ``plain``
    for index in numpy.flatnonzero(failed.reshape(results.shape).any(axis=1)):
        entries = numpy.flatnonzero(~numpy.isfinite(results[index]))
        scale = int(exponents(vectors[index]))
        with numpy.errstate(under="ignore"):
            terms = shrunk[entries] * _divided(vectors[index], scale)
        results[index, entries] = times(terms.sum(axis=1), rows[entries] + scale)
    return plain
