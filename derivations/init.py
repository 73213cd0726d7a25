"""Weight initialisers for recurrent networks: the orthogonal one Chapter 2 proves, and friends.

``orthogonal`` samples from the Haar measure, the one distribution on matrices with
orthonormal columns that no rotation can tell apart from a rotated copy of itself. The recipe
is the Q factor of a Gaussian matrix, normalised so that R has a positive diagonal (Mezzadri
2007). LAPACK's QR does not do that normalisation (its ``Q[0, 0]`` is never positive), so
without the sign fix the result is orthogonal but *not* Haar; Chapter 2 publishes the
statistics that show it.

Shapes follow PyTorch's ``torch.nn.init.orthogonal_`` by default (rows are ``shape[0]``,
columns everything else flattened); ``convention="keras"`` follows
``tf.keras.initializers.Orthogonal`` (rows are all leading dimensions flattened, columns
``shape[-1]``). The two agree on matrices and differ on convolution kernels.

Speed: the QR route never forms the Gaussian matrix's R. The Q of a Gaussian matrix is a
product of Householder reflectors, distributed exactly like reflectors built from independent
Gaussian vectors of lengths rows, rows − 1, … (Stewart 1980; Chapter 2 derives why). So
:func:`householder_haar` draws only those vectors (half the random numbers of a square
matrix) and multiplies the reflectors out (half the flops of factor-then-form) by matrix
products in place (:mod:`derivations._blocked_householder`; ``benchmarks/orthogonal_init.py``).

Bounds: at most ``arguments.MAX_ELEMENTS`` entries per result and ``MAX_GATES`` gate
blocks, and work within ``arguments.MAX_OPERATIONS`` (``arguments.COSTS``: the QR route to
4096×4096 takes ≈ 2 s of one core and 8192×8192 is refused; the SVD route, 5–10 times
dearer, is refused from about 2470×2470 on, where it would take over 6 s). ``gain`` must
keep the result inside its dtype: |gain| at most the dtype's largest number and, unless 0,
at least tiny/eps (1e-31 for float32, 1e-292 for float64), so that entries which underflow
lose no more than a rounding error (:func:`derivations.arguments.scale`); :func:`identity`,
whose entries are the gain itself, needs only the smallest normal number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

import numpy
import scipy.linalg

from derivations import arguments
from derivations._blocked_householder import HUGE_PAGE_THRESHOLD as HUGE_PAGE_THRESHOLD
from derivations._blocked_householder import REFLECTOR_BLOCK as REFLECTOR_BLOCK
from derivations._blocked_householder import fresh_zeros, multiply_out

Method = Literal["qr", "svd"]
Convention = Literal["torch", "keras"]
RandomSource = int | numpy.random.Generator | None

METHODS: tuple[str, ...] = ("qr", "svd")
CONVENTIONS: tuple[str, ...] = ("torch", "keras")
DTYPES: tuple[numpy.dtype, ...] = arguments.FLOAT_DTYPES
MAX_GATES = 1024


def _allocated(shape: Sequence[int], minimum: int = 2) -> tuple[int, ...]:
    """The dimensions of an array about to be allocated: at most MAX_ELEMENTS entries."""
    dims = arguments.shape("shape", shape, minimum)
    arguments.within("shape", math.prod(dims), arguments.MAX_ELEMENTS, "entries")
    return dims


def matrix_shape(shape: Sequence[int], convention: Convention = "torch") -> tuple[int, int]:
    """The (rows, cols) matrix an initialiser fills for a tensor of ``shape``.

    PyTorch keeps the first dimension (output channels) as rows; Keras keeps
    the last one (output units) as columns.

    >>> matrix_shape((64, 3, 5, 5)), matrix_shape((5, 5, 3, 64), "keras")
    ((64, 75), (75, 64))
    """
    dims = arguments.shape("shape", shape)
    if arguments.choice("convention", convention, CONVENTIONS) == "torch":
        return dims[0], math.prod(dims[1:])
    return math.prod(dims[:-1]), dims[-1]


def householder_haar(gaussians: numpy.ndarray, *, overwrite: bool = False) -> numpy.ndarray:
    """Haar-random orthonormal columns from the Gaussians on and below the diagonal of a tall array.

    Column j's entries from row j down define the j-th Householder reflector
    Hⱼ (LAPACK's ``larfg`` convention, which sends the vector to
    −sign(x₁)‖x‖e₁); the result is H₁⋯Hₖ·D restricted to k columns, with D the
    signs of those would-be diagonal entries of R. Entries above the diagonal
    are ignored. With independent standard Gaussians below the diagonal this
    has the law of the sign-corrected Q of a Gaussian matrix, i.e. Haar.
    ``overwrite=True`` lets LAPACK work in ``gaussians`` (no copy when it is
    Fortran-ordered), for callers that drew it only for this.

    >>> q = householder_haar(numpy.random.default_rng(1).standard_normal((4, 3)))
    >>> bool(numpy.allclose(q.T @ q, numpy.eye(3)))
    True
    """
    gaussians = arguments.array("gaussians", gaussians, 2, kind="float", finite=False)
    rows, cols = gaussians.shape
    if rows < cols:
        raise ValueError(f"gaussians: expected rows ≥ cols, got shape {gaussians.shape}")
    if not isinstance(overwrite, bool | numpy.bool_):
        raise TypeError(f"overwrite: expected a bool, got {type(overwrite).__name__}")
    arguments.operations("gaussians", "qr", rows, cols)
    # Only the lower trapezoid is read; inf or nan there would make a non-orthogonal "Q".
    if not numpy.isfinite(numpy.tril(gaussians)).all():
        raise ValueError("gaussians: expected finite entries on and below the diagonal")
    # A read-only array (a broadcast view, a frozen buffer) is worked on in a copy.
    return _householder_haar(gaussians, overwrite=bool(overwrite) and gaussians.flags.writeable)


def _householder_haar(gaussians: numpy.ndarray, *, overwrite: bool) -> numpy.ndarray:
    """:func:`householder_haar` without the checks, for callers that drew ``gaussians``."""
    rows, cols = gaussians.shape
    if cols == 0:
        return numpy.zeros((rows, 0), dtype=gaussians.dtype)
    dtype = gaussians.dtype
    reflectors = numpy.asfortranarray(gaussians) if overwrite else numpy.array(gaussians, order="F")
    larfg = scipy.linalg.lapack.get_lapack_funcs("larfg", dtype=dtype)
    tau = numpy.zeros(cols, dtype=dtype)
    signs = numpy.ones(cols, dtype=dtype)
    # A reflector depends only on its column's direction, and larfg's x₁ − β overflows for
    # columns near the largest float: such a column is scaled by an exact power of two.
    huge = numpy.abs(reflectors).max(axis=0) > numpy.sqrt(numpy.finfo(dtype).max)
    for j in range(cols):
        column = reflectors[j:, j]
        if huge[j] and (peak := numpy.abs(column).max()) > 0:
            column *= numpy.ldexp(dtype.type(1), -int(numpy.frexp(peak)[1]))
        # In place: the tail becomes the reflector's v (v₁ = 1 is implicit), as geqrf stores it.
        beta, _, tau[j] = larfg(rows - j, column[0], column[1:], overwrite_x=True)
        if beta < 0:
            signs[j] = -1
    return multiply_out(reflectors, tau, signs)  # H₁⋯Hₖ·D, in place of the reflectors


def polar_factor(gaussian: numpy.ndarray) -> numpy.ndarray:
    """U Vᵀ from the SVD: the orthogonal matrix nearest to ``gaussian``, also Haar-distributed.

    Unlike U alone, U Vᵀ does not depend on the sign convention of the SVD
    routine, and polar(OA) = O·polar(A), which makes it Haar.

    ``gaussian`` is a finite real 2-D array (an integer one gives float64); inf or
    nan would send LAPACK's SVD into an endless iteration.

    >>> q = polar_factor(numpy.random.default_rng(2).standard_normal((5, 2)))
    >>> bool(numpy.allclose(q.T @ q, numpy.eye(2)))
    True
    """
    gaussian = arguments.array("gaussian", gaussian, 2)
    arguments.operations("gaussian", "svd", *gaussian.shape)
    if gaussian.size == 0:
        return numpy.zeros(gaussian.shape, dtype=numpy.result_type(gaussian.dtype, 1.0))
    return _polar_factor(gaussian)


def _polar_factor(gaussian: numpy.ndarray) -> numpy.ndarray:
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
    otherwise, so all its singular values equal ``gain``. ``method="qr"`` draws
    from the law of PyTorch's and Keras's recipe (the sign-corrected Q of a
    Gaussian matrix) by :func:`householder_haar`; ``method="svd"`` uses the
    polar factor U Vᵀ (the sources' "use U" recipe depends on the SVD's sign
    convention).

    >>> w = orthogonal((3, 3), rng=0)
    >>> bool(numpy.allclose(w.T @ w, numpy.eye(3)))
    True
    >>> wide = orthogonal((2, 5), gain=2.0, rng=0, dtype="float32")
    >>> wide.dtype.name, bool(numpy.allclose(wide @ wide.T, 4 * numpy.eye(2), atol=1e-5))
    ('float32', True)
    """
    dims = _allocated(shape)
    rows, cols = matrix_shape(dims, convention)
    resolved = arguments.float_dtype("dtype", dtype)
    scale = arguments.scale("gain", gain, resolved, zero=True)  # |gain| ≥ tiny/eps, or 0
    arguments.choice("method", method, METHODS)
    arguments.operations("shape", "qr" if method == "qr" else "svd", rows, cols)
    generator = arguments.generator("rng", rng)
    if rows == 0 or cols == 0:
        return numpy.zeros(dims, dtype=resolved)
    tall = (max(rows, cols), min(rows, cols))
    if method == "qr":
        gaussians = fresh_zeros(tall, resolved)
        for j in range(tall[1]):  # only what householder_haar reads: on and below the diagonal
            generator.standard_normal(out=gaussians[j:, j], dtype=resolved)
        q = _householder_haar(gaussians, overwrite=True)
    else:
        q = _polar_factor(generator.standard_normal(tall[::-1], dtype=resolved).T)
    # A C-ordered (rows, cols) array is a Fortran-ordered (cols, rows) one: for rows ≤ cols the
    # transpose is the result at no cost (for square shapes Qᵀ is as Haar as Q); tall ones copy.
    if rows <= cols:
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
    size = arguments.integer("hidden", hidden, 0)
    count = arguments.integer("gates", gates, 0, MAX_GATES)
    arguments.within("hidden, gates", count * size * size, arguments.MAX_ELEMENTS, "entries")
    resolved = arguments.float_dtype("dtype", dtype)
    arguments.scale("gain", gain, resolved, zero=True)
    arguments.choice("method", method, METHODS)
    arguments.operations("hidden, gates", "qr" if method == "qr" else "svd", size, count=count)
    generator = arguments.generator("rng", rng)
    blocks = [
        orthogonal((size, size), gain=gain, rng=generator, dtype=resolved, method=method)
        for _ in range(count)
    ]
    if not blocks:
        return numpy.zeros((0, size), dtype=resolved)
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
    dims = _allocated(shape)
    if len(dims) != 2:
        raise ValueError(f"shape: identity needs exactly 2 dimensions, got {dims!r}")
    resolved = arguments.float_dtype("dtype", dtype)
    # The entries are gain itself: refused where it would be inf, or subnormal (few digits).
    scale = arguments.scale("gain", gain, resolved, zero=True,
                            smallest=float(numpy.finfo(resolved).tiny))
    return scale * numpy.eye(*dims, dtype=resolved)


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
    dims = _allocated(shape, minimum=3)
    if len(dims) > 5:
        raise ValueError(f"shape: dirac needs 3, 4 or 5 dimensions, got {len(dims)} in {dims!r}")
    group_count = arguments.integer("groups", groups, 1)
    if dims[0] % group_count:
        raise ValueError(
            f"groups: expected a positive divisor of the {dims[0]} output channels, got {groups!r}"
        )
    kernel = numpy.zeros(dims, dtype=arguments.float_dtype("dtype", dtype))
    if 0 in dims[2:]:  # no spatial centre to put the ones at
        return kernel
    per_group = dims[0] // group_count
    centre = tuple(size // 2 for size in dims[2:])
    # One 1 per (group, channel) pair: at most out channels of them, however many groups.
    channels = numpy.arange(min(per_group, dims[1]))
    outputs = (numpy.arange(group_count if per_group else 0)[:, None] * per_group
               + channels).ravel()
    kernel[(outputs, numpy.tile(channels, len(outputs) // max(len(channels), 1)), *centre)] = 1
    return kernel
