"""Weight initialisers for recurrent networks: the orthogonal one Chapter 2 proves, and friends.

``orthogonal`` samples from the Haar measure, the one distribution on
matrices with orthonormal columns that no rotation can tell apart from a
rotated copy of itself. The recipe is the Q factor of a Gaussian matrix,
normalised so that R has a positive diagonal (Mezzadri 2007). LAPACK's QR
does not do that normalisation (its ``Q[0, 0]`` is never positive), so
without the sign fix the result is orthogonal but *not* Haar; Chapter 2
publishes the statistics that show it.

Shapes follow PyTorch's ``torch.nn.init.orthogonal_`` by default (rows are
``shape[0]``, columns everything else flattened); ``convention="keras"``
follows ``tf.keras.initializers.Orthogonal`` (rows are all leading dimensions
flattened, columns ``shape[-1]``). The two agree on matrices and differ on
convolution kernels.

Speed: the QR route is Householder QR from SciPy's LAPACK in the working
precision (NumPy's own QR computes float32 in float64, ≈ 3× slower at n =
4096). Only for float64 matrices with ``CHOLESKY_COLUMNS`` columns does
CholeskyQR2 (two rounds of Gram matrix, Cholesky and triangular solve, all
matrix-matrix products) win on two cores, by 10–20 %; outside that band
Householder is as fast or faster (measured with
``benchmarks/orthogonal_init.py``). CholeskyQR2's R has a positive diagonal by
construction, so its Q is already the sign-corrected one; a shifted first round
(CholeskyQR3, Fukaya et al. 2020) runs when the first round's check fails, and
Householder QR takes over if the orthogonality check still fails.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Literal

import numpy
import scipy.linalg

Method = Literal["qr", "svd"]
Convention = Literal["torch", "keras"]
RandomSource = int | numpy.random.Generator | None

METHODS: tuple[str, ...] = ("qr", "svd")
CONVENTIONS: tuple[str, ...] = ("torch", "keras")
DTYPES: tuple[numpy.dtype, ...] = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))
# Column counts [low, high) where CholeskyQR2 beats Householder QR in float64 (2 cores:
# 0.10 s against 0.13 s at 1024; 0.55 s against 0.49 s at 2048, where Householder wins again).
CHOLESKY_COLUMNS = (768, 2048)
# CholeskyQR2 is accurate when ‖Q₁ᵀQ₁ − I‖ after the first round is well below 1.
GRAM_DEFECT_LIMIT = 0.5
TRIANGULAR_BLOCK = 128


def _generator(rng: RandomSource) -> numpy.random.Generator:
    if isinstance(rng, numpy.random.Generator):
        return rng
    if rng is None or (isinstance(rng, numbers.Integral) and not isinstance(rng, bool)):
        return numpy.random.default_rng(rng)
    raise TypeError(f"rng: expected an int seed, a numpy.random.Generator or None, got {rng!r}")


def _dimensions(shape: Sequence[int], minimum: int = 2) -> tuple[int, ...]:
    if isinstance(shape, str | bytes) or not isinstance(shape, Sequence):
        raise TypeError(f"shape: expected a sequence of ints, got {shape!r}")
    for size in shape:
        if isinstance(size, bool) or not isinstance(size, numbers.Integral):
            raise TypeError(f"shape: expected int dimensions, got {size!r} in {tuple(shape)!r}")
        if size < 0:
            raise ValueError(f"shape: dimensions must be non-negative, got {tuple(shape)!r}")
    if len(shape) < minimum:
        raise ValueError(
            f"shape: expected at least {minimum} dimensions, got {len(shape)} in {tuple(shape)!r}"
        )
    return tuple(int(size) for size in shape)


def _dtype(dtype: object) -> numpy.dtype:
    try:
        resolved = None if dtype is None else numpy.dtype(dtype)  # type: ignore[call-overload]
    except TypeError:
        resolved = None
    if resolved is None or resolved not in DTYPES:
        raise TypeError(f"dtype: expected float32 or float64, got {dtype!r}")
    return resolved


def _gain(gain: object) -> float:
    if isinstance(gain, bool) or not isinstance(gain, numbers.Real):
        raise TypeError(f"gain: expected a real number, got {gain!r}")
    if not math.isfinite(float(gain)):
        raise ValueError(f"gain: expected a finite number, got {gain!r}")
    return float(gain)


def matrix_shape(shape: Sequence[int], convention: Convention = "torch") -> tuple[int, int]:
    """The (rows, cols) matrix an initialiser fills for a tensor of ``shape``.

    PyTorch keeps the first dimension (output channels) as rows; Keras keeps
    the last one (output units) as columns.

    >>> matrix_shape((64, 3, 5, 5)), matrix_shape((5, 5, 3, 64), "keras")
    ((64, 75), (75, 64))
    """
    dims = _dimensions(shape)
    if convention == "torch":
        return dims[0], math.prod(dims[1:])
    if convention == "keras":
        return math.prod(dims[:-1]), dims[-1]
    raise ValueError(f"convention: expected one of {CONVENTIONS}, got {convention!r}")


def _forward_substitute(lower: numpy.ndarray, rhs: numpy.ndarray) -> None:
    """Overwrite ``rhs`` with L⁻¹·rhs for lower-triangular L, by blocked recursion on rows.

    NumPy has no triangular solve; splitting the rows turns it into matrix
    products (fast BLAS) plus small inverses of the diagonal blocks. Row
    slices of a C-ordered array are contiguous, so every product is in place.
    """
    size = lower.shape[0]
    if size <= TRIANGULAR_BLOCK:
        rhs[...] = numpy.linalg.inv(lower) @ rhs
        return
    half = size // 2
    _forward_substitute(lower[:half, :half], rhs[:half])
    rhs[half:] -= lower[half:, :half] @ rhs[:half]
    _forward_substitute(lower[half:, half:], rhs[half:])


def _solve_upper_right(a: numpy.ndarray, lower: numpy.ndarray) -> numpy.ndarray:
    """A R⁻¹ for R = Lᵀ, i.e. (L⁻¹Aᵀ)ᵀ: the Q of one CholeskyQR round."""
    transposed = numpy.ascontiguousarray(a.T)
    _forward_substitute(lower, transposed)
    return transposed.T


def _cholesky(gram: numpy.ndarray) -> numpy.ndarray:
    """Lower-triangular L with L Lᵀ = G, by recursion on 2×2 blocks (overwrites ``gram``).

    ``numpy.linalg.cholesky`` runs at a fraction of matrix-product speed on
    large inputs; the blocked form L₂₁ = G₂₁ L₁₁⁻ᵀ, G₂₂ ← G₂₂ − L₂₁L₂₁ᵀ moves
    almost all the work into products. Raises LinAlgError if G is not
    positive definite, like the NumPy routine it calls on small blocks.
    """
    size = gram.shape[0]
    if size <= TRIANGULAR_BLOCK:
        return numpy.linalg.cholesky(gram)
    half = size // 2
    lower = numpy.zeros_like(gram)
    lower[:half, :half] = _cholesky(gram[:half, :half])
    # L₂₁ᵀ = L₁₁⁻¹ G₁₂, solved in place on the contiguous row block G₁₂.
    upper_right = numpy.ascontiguousarray(gram[:half, half:])
    _forward_substitute(lower[:half, :half], upper_right)
    lower[half:, :half] = upper_right.T
    trailing = gram[half:, half:] - upper_right.T @ upper_right
    lower[half:, half:] = _cholesky(trailing)
    return lower


def _cholesky_step(a: numpy.ndarray, gram: numpy.ndarray) -> numpy.ndarray:
    return _solve_upper_right(a, _cholesky(gram))


def _gram_defect(gram: numpy.ndarray) -> float:
    """‖G − I‖_F, computed without allocating another n×n matrix."""
    diagonal = numpy.diagonal(gram)
    off_diagonal = float(numpy.sum(gram * gram)) - float(numpy.sum(diagonal * diagonal))
    return math.sqrt(max(off_diagonal, 0.0) + float(numpy.sum((diagonal - 1) ** 2)))


def cholesky_qr(a: numpy.ndarray) -> numpy.ndarray | None:
    """Q of A = QR with R's diagonal positive, by (shifted) CholeskyQR2; None if unreliable.

    Each round is Q ← Q R⁻¹ with RᵀR = QᵀQ. Before the last round the Gram
    matrix QᵀQ (which that round needs anyway) must be within
    ``GRAM_DEFECT_LIMIT`` of I in Frobenius norm: then Q is well conditioned
    and one more round makes it orthogonal to O(n·eps). If the first round
    falls short, or in float32 always, a shifted round (Fukaya et al. 2020)
    runs first; if that fails too, the caller falls back to Householder QR.

    >>> a = numpy.random.default_rng(0).standard_normal((300, 300))
    >>> q = cholesky_qr(a)
    >>> bool(numpy.allclose(q.T @ q, numpy.eye(300))), bool(numpy.all(numpy.diag(q.T @ a) > 0))
    (True, True)
    """
    eps = float(numpy.finfo(a.dtype).eps)
    try:
        # float32 cannot hold the Gram matrix of a large Gaussian (κ² ≈ n² > 1/eps), so it
        # starts with the shifted round straight away rather than after a failed one.
        unshifted = a.dtype == numpy.float64
        if unshifted:
            q = _cholesky_step(a, a.T @ a)
            gram = q.T @ q
        if not unshifted or not _gram_defect(gram) < GRAM_DEFECT_LIMIT:  # also catches NaN
            rows, cols = a.shape
            shift = 11 * (rows * cols + cols * (cols + 1)) * eps * float(numpy.sum(a * a))
            shifted = a.T @ a
            shifted[numpy.diag_indices_from(shifted)] += shift
            q = _cholesky_step(a, shifted)
            q = _cholesky_step(q, q.T @ q)
            gram = q.T @ q
            if not _gram_defect(gram) < GRAM_DEFECT_LIMIT:
                return None
        q = _cholesky_step(q, gram)
    except numpy.linalg.LinAlgError:
        return None
    return q if numpy.all(numpy.isfinite(q)) else None


def haar_qr(gaussian: numpy.ndarray, *, overwrite: bool = False) -> numpy.ndarray:
    """Q of the tall ``gaussian`` with the signs of diag(R) moved into Q: Haar-distributed.

    ``overwrite=True`` lets LAPACK factor ``gaussian`` in place (no copy when it is
    Fortran-ordered), for callers that drew it only to factor it.

    >>> q = haar_qr(numpy.random.default_rng(1).standard_normal((4, 3)))
    >>> bool(numpy.allclose(q.T @ q, numpy.eye(3)))
    True
    """
    low, high = CHOLESKY_COLUMNS
    if gaussian.dtype == numpy.float64 and low <= gaussian.shape[1] < high:
        q = cholesky_qr(gaussian)
        if q is not None:
            return q
    q, r = scipy.linalg.qr(gaussian, mode="economic", overwrite_a=overwrite, check_finite=False)
    signs = numpy.sign(numpy.diag(r))
    signs[signs == 0] = 1  # a zero pivot has probability 0; keep Q orthogonal regardless
    q *= signs
    return q


def polar_factor(gaussian: numpy.ndarray) -> numpy.ndarray:
    """U Vᵀ from the SVD: the orthogonal matrix nearest to ``gaussian``, also Haar-distributed.

    Unlike U alone, U Vᵀ does not depend on the sign convention of the SVD
    routine, and polar(OA) = O·polar(A), which makes it Haar.

    >>> q = polar_factor(numpy.random.default_rng(2).standard_normal((5, 2)))
    >>> bool(numpy.allclose(q.T @ q, numpy.eye(2)))
    True
    """
    u, _, vt = numpy.linalg.svd(gaussian, full_matrices=False)
    return u @ vt


def orthogonal(
    shape: Sequence[int],
    *,
    gain: float = 1.0,
    rng: RandomSource = None,
    dtype: object = numpy.float64,
    method: Method = "qr",
    convention: Convention = "torch",
) -> numpy.ndarray:
    """A Haar-random matrix with orthonormal rows or columns, times ``gain``, as ``shape``.

    The tensor is viewed as a (rows, cols) matrix (see :func:`matrix_shape`);
    that matrix has orthonormal columns when rows ≥ cols and orthonormal rows
    otherwise, so all its singular values equal ``gain``. ``method="qr"`` is
    PyTorch's and Keras's recipe; ``method="svd"`` uses the polar factor U Vᵀ
    (the sources' "use U" recipe depends on the SVD's sign convention).

    >>> w = orthogonal((3, 3), rng=0)
    >>> bool(numpy.allclose(w.T @ w, numpy.eye(3)))
    True
    >>> wide = orthogonal((2, 5), gain=2.0, rng=0, dtype="float32")
    >>> wide.dtype.name, bool(numpy.allclose(wide @ wide.T, 4 * numpy.eye(2), atol=1e-5))
    ('float32', True)
    """
    dims = _dimensions(shape)
    rows, cols = matrix_shape(dims, convention)
    scale = _gain(gain)
    resolved = _dtype(dtype)
    if method not in METHODS:
        raise ValueError(f"method: expected one of {METHODS}, got {method!r}")
    generator = _generator(rng)
    if rows == 0 or cols == 0:
        return numpy.zeros(dims, dtype=resolved)
    # Drawn transposed, so the tall matrix is Fortran-ordered and LAPACK factors it in place.
    gaussian = generator.standard_normal((min(rows, cols), max(rows, cols)), dtype=resolved).T
    q = haar_qr(gaussian, overwrite=True) if method == "qr" else polar_factor(gaussian)
    if rows < cols:
        q = q.T
    if scale != 1.0:
        q *= resolved.type(scale)
    return numpy.ascontiguousarray(q, dtype=resolved).reshape(dims)


def orthogonal_gates(
    hidden: int,
    gates: int,
    *,
    gain: float = 1.0,
    rng: RandomSource = None,
    dtype: object = numpy.float64,
    method: Method = "qr",
) -> numpy.ndarray:
    """A stacked (gates·hidden, hidden) recurrent matrix, each gate block its own orthogonal matrix.

    PyTorch stores an LSTM's ``weight_hh`` as 4 blocks (i, f, g, o) and a GRU's
    as 3 (r, z, n). ``orthogonal_`` on the whole tall matrix would make its h
    columns orthonormal only *together* (each block then has WₖᵀWₖ summing to
    I over k), so no single gate's block would be orthogonal. Here every block
    has WₖᵀWₖ = I, the per-gate recipe of the Chapter 2 source.

    >>> w = orthogonal_gates(3, 4, rng=0)
    >>> w.shape, bool(numpy.allclose(w[3:6].T @ w[3:6], numpy.eye(3)))
    ((12, 3), True)
    """
    (size,) = _dimensions((hidden,), minimum=1)
    (count,) = _dimensions((gates,), minimum=1)
    generator = _generator(rng)
    blocks = [
        orthogonal((size, size), gain=gain, rng=generator, dtype=dtype, method=method)
        for _ in range(count)
    ]
    if not blocks:
        return numpy.zeros((0, size), dtype=_dtype(dtype))
    return numpy.concatenate(blocks, axis=0)


def identity(
    shape: Sequence[int], *, gain: float = 1.0, dtype: object = numpy.float64
) -> numpy.ndarray:
    """``gain`` on the main diagonal of a 2-D matrix, zero elsewhere; rectangular shapes allowed.

    Like ``torch.nn.init.eye_`` and ``tf.keras.initializers.Identity``; both
    accept non-square matrices (the identity is placed in the top-left corner).

    >>> identity((2, 3))
    array([[1., 0., 0.],
           [0., 1., 0.]])
    """
    dims = _dimensions(shape)
    if len(dims) != 2:
        raise ValueError(f"shape: identity needs exactly 2 dimensions, got {dims!r}")
    return _gain(gain) * numpy.eye(*dims, dtype=_dtype(dtype))


def dirac(shape: Sequence[int], *, groups: int = 1, dtype: object = numpy.float64) -> numpy.ndarray:
    """A convolution kernel (out, in, *spatial) that passes each input channel straight through.

    Like ``torch.nn.init.dirac_``: in each of ``groups`` groups, output channel
    d gets a 1 at input channel d and the spatial centre, for d below
    min(out/groups, in). Convolving with it copies the input (zero-padded
    where out > in), which is why it initialises residual-like conv layers.

    >>> dirac((2, 2, 3))[:, :, 1]
    array([[1., 0.],
           [0., 1.]])
    """
    dims = _dimensions(shape, minimum=3)
    if len(dims) > 5:
        raise ValueError(f"shape: dirac needs 3, 4 or 5 dimensions, got {len(dims)} in {dims!r}")
    (group_count,) = _dimensions((groups,), minimum=1)
    if group_count == 0 or dims[0] % group_count:
        raise ValueError(
            f"groups: expected a positive divisor of the {dims[0]} output channels, got {groups!r}"
        )
    kernel = numpy.zeros(dims, dtype=_dtype(dtype))
    per_group = dims[0] // group_count
    centre = tuple(size // 2 for size in dims[2:])
    for group in range(group_count):
        for channel in range(min(per_group, dims[1])):
            kernel[(group * per_group + channel, channel, *centre)] = 1
    return kernel
