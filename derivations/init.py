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

Speed: the QR route never forms the Gaussian matrix's R. The Q of a Gaussian
matrix is a product of Householder reflectors, and those reflectors are
distributed exactly like reflectors built from independent Gaussian vectors
of lengths rows, rows − 1, … (Stewart 1980; Chapter 2 derives why). So
:func:`householder_haar` draws only those vectors (half the random numbers of
a square matrix) and multiplies the reflectors out (half the flops of
factor-then-form) in blocks of ``REFLECTOR_BLOCK``, with matrix products done in
place (:func:`_multiply_out`; LAPACK's ``orgqr``, which does the same with blocks
of 32, runs at little more than half the speed at n = 4096). Measured with
``benchmarks/orthogonal_init.py``.

Bounds: at most ``arguments.MAX_ELEMENTS`` entries per result and ``MAX_GATES``
gate blocks. ``gain`` must keep the result inside its dtype: |gain| at most the
dtype's largest number (3.4e38 for float32) and, unless 0, at least tiny/eps
(1e-31 for float32, 1e-292 for float64) so that entries which underflow lose no
more than a rounding error; :func:`identity`, whose entries are the gain itself,
needs only the smallest normal number.
"""

from __future__ import annotations

import ctypes
import functools
import math
import mmap
from collections.abc import Callable, Sequence
from typing import Literal

import numpy
import scipy.linalg
import scipy.linalg.cython_blas

from derivations import arguments

Method = Literal["qr", "svd"]
Convention = Literal["torch", "keras"]
RandomSource = int | numpy.random.Generator | None

METHODS: tuple[str, ...] = ("qr", "svd")
CONVENTIONS: tuple[str, ...] = ("torch", "keras")
DTYPES: tuple[numpy.dtype, ...] = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))
# Reflectors multiplied out per block (see _multiply_out): 128 to 256 run at the speed of
# matrix products at n = 4096; larger blocks add triangular work.
REFLECTOR_BLOCK = 128
MAX_GATES = 1024
# From this size on numpy asks the kernel for 2 MiB pages; _fresh_zeros does not (see there).
HUGE_PAGE_THRESHOLD = 1 << 22


def _generator(rng: RandomSource) -> numpy.random.Generator:
    if isinstance(rng, numpy.random.Generator):
        return rng
    if rng is None:
        return numpy.random.default_rng()
    if isinstance(rng, bool) or not isinstance(rng, int | numpy.integer):
        raise TypeError(f"rng: expected an int seed, a numpy.random.Generator or None, "
                        f"got {type(rng).__name__} {arguments.shown(rng)}")
    return numpy.random.default_rng(arguments.seed("rng", rng))


def _dimensions(shape: Sequence[int], minimum: int = 2) -> tuple[int, ...]:
    if isinstance(shape, str | bytes) or not (
            isinstance(shape, Sequence)
            or (isinstance(shape, numpy.ndarray) and shape.ndim == 1)):
        raise TypeError(f"shape: expected a sequence of ints, got {arguments.shown(shape)}")
    for size in shape:
        if isinstance(size, bool) or not isinstance(size, int | numpy.integer):
            raise TypeError(f"shape: expected int dimensions, got {arguments.shown(size)} "
                            f"in {arguments.shown(tuple(shape))}")
        if size < 0:
            raise ValueError(f"shape: dimensions must be non-negative, got {tuple(shape)!r}")
    if len(shape) < minimum:
        raise ValueError(
            f"shape: expected at least {minimum} dimensions, got {len(shape)} in {tuple(shape)!r}"
        )
    return tuple(int(size) for size in shape)


def _allocated(shape: Sequence[int], minimum: int = 2) -> tuple[int, ...]:
    """:func:`_dimensions` of an array about to be allocated: at most MAX_ELEMENTS entries."""
    dims = _dimensions(shape, minimum)
    arguments.within("shape", math.prod(dims), arguments.MAX_ELEMENTS, "entries")
    return dims


def _dtype(dtype: object) -> numpy.dtype:
    try:
        resolved = None if dtype is None else numpy.dtype(dtype)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        resolved = None
    if resolved is None or resolved not in DTYPES:
        raise TypeError(f"dtype: expected float32 or float64, got {arguments.shown(dtype)}")
    return resolved


def _gain(gain: object, dtype: numpy.dtype, smallest: float) -> float:
    """``gain`` if ``gain`` times entries of magnitude ≤ 1 fits ``dtype`` with its digits.

    Above the dtype's largest number the result would be inf; below ``smallest`` (but not 0)
    its entries would underflow to zero or to subnormals that keep few digits.
    """
    scale = arguments.real("gain", gain)
    info = numpy.finfo(dtype)
    if abs(scale) > float(info.max):
        raise arguments.ResultOverflowError(
            f"gain: {scale:g} overflows {dtype} (largest {float(info.max):g})")
    if 0 < abs(scale) < smallest:
        raise ValueError(f"gain: {scale:g} underflows {dtype}: expected 0 or |gain| ≥ "
                         f"{smallest:.3g} (float64 reaches down to {_SMALLEST_GAIN_64:.3g})")
    return scale


def _smallest_orthogonal_gain(dtype: numpy.dtype) -> float:
    # An entry that underflows loses at most the smallest normal number, tiny; with
    # |gain| ≥ tiny/eps that is at most one rounding error of the matrix norm |gain|.
    info = numpy.finfo(dtype)
    return float(info.tiny / info.eps)


_SMALLEST_GAIN_64 = _smallest_orthogonal_gain(numpy.dtype(numpy.float64))


def matrix_shape(shape: Sequence[int], convention: Convention = "torch") -> tuple[int, int]:
    """The (rows, cols) matrix an initialiser fills for a tensor of ``shape``.

    PyTorch keeps the first dimension (output channels) as rows; Keras keeps
    the last one (output units) as columns.

    >>> matrix_shape((64, 3, 5, 5)), matrix_shape((5, 5, 3, 64), "keras")
    ((64, 75), (75, 64))
    """
    dims = _dimensions(shape)
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
    # Only the lower trapezoid is read; inf or nan there would make a non-orthogonal "Q".
    if not numpy.isfinite(numpy.tril(gaussians)).all():
        raise ValueError("gaussians: expected finite entries on and below the diagonal")
    return _householder_haar(gaussians, overwrite=bool(overwrite))


def _householder_haar(gaussians: numpy.ndarray, *, overwrite: bool) -> numpy.ndarray:
    """:func:`householder_haar` without the checks, for callers that drew ``gaussians``."""
    rows, cols = gaussians.shape
    if cols == 0:
        return numpy.zeros((rows, 0), dtype=gaussians.dtype)
    dtype = gaussians.dtype
    reflectors = numpy.asfortranarray(gaussians) if overwrite else numpy.array(gaussians, order="F")
    larfg, orgqr = scipy.linalg.lapack.get_lapack_funcs(("larfg", "orgqr"), dtype=dtype)
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
    if cols > REFLECTOR_BLOCK:
        return _multiply_out(reflectors, tau, signs)
    # At most one block: LAPACK's orgqr (unblocked below 128 columns) in a single call.
    q, _, info = orgqr(reflectors, tau, lwork=max(1, cols), overwrite_a=True)
    if info != 0:
        raise RuntimeError(f"LAPACK {dtype.char}orgqr failed with info = {info}")
    q *= signs
    return q


def _multiply_out(
    reflectors: numpy.ndarray, tau: numpy.ndarray, signs: numpy.ndarray
) -> numpy.ndarray:
    """H₁⋯Hₖ·D (first k columns) in place of the reflectors, blocks of them at a time.

    What LAPACK's ``orgqr`` computes, but faster at large k: orgqr's block size is
    fixed at 32 by ``ilaenv`` and it forms every block's own columns and its T
    factor with matrix-vector products, so at n = 4096 it runs at a fraction of
    the machine's matrix-product speed. Here each block of ``REFLECTOR_BLOCK``
    reflectors Hⱼ⋯Hⱼ₊ᵦ₋₁ = I − V T Vᵀ (the compact WY form, Schreiber & Van Loan 1989;
    V = [V₁; V₂], V₁ its unit lower triangle) is applied, last block first, by matrix
    products on the columns already formed (whose rows above the block are still
    zero), and its own columns are E − V (T V₁ᵀ).

    Every product is a BLAS call on views of the one array (:func:`_blas`): nothing
    n×n is copied, V₂ is read where the reflectors lie, and no numpy product runs in
    the loop (numpy links a BLAS of its own, whose idle threads would spin against
    scipy's). VᵀV, which T needs, comes out of the same product as V₂ᵀC. The signs D
    scale each block's own columns as they are formed: later products act from the
    left, so that is Q·D without another pass.
    """
    cols = reflectors.shape[1]
    dtype = reflectors.dtype
    for start in reversed(range(0, cols, REFLECTOR_BLOCK)):
        stop = min(start + REFLECTOR_BLOCK, cols)
        size = stop - start
        # V₁, with a zero column where tau = 0 (H = I; larfg then left the tail zero too).
        v1 = numpy.tril(reflectors[start:stop, start:stop], -1).astype(dtype, order="F")
        v1[range(size), range(size)] = tau[start:stop] != 0
        v2 = reflectors[stop:, start:stop]
        # One product: V₂ᵀ[V₂, C] with C = Q[stop:, stop:], the columns formed so far.
        products = numpy.empty((size, cols - start), dtype=dtype, order="F")
        _gemm("T", "N", 1.0, v2, reflectors[stop:, start:], 0.0, products)
        gram, w = products[:, :size], products[:, size:]
        _gemm("T", "N", 1.0, v1, v1, 1.0, gram)  # VᵀV = V₁ᵀV₁ + V₂ᵀV₂
        t = _block_reflector_factor(gram, tau[start:stop])
        if stop < cols:  # C becomes (I − V T Vᵀ)·[0; C]
            _trmm("L", "U", 1.0, t, w)
            _gemm("N", "N", -1.0, v2, w, 1.0, reflectors[stop:, stop:])
            top = reflectors[start:stop, stop:]
            top[...] = w
            _trmm("L", "L", -1.0, v1, top)
        own = v1.T.copy(order="F")  # a copy even when 1×1 (asfortranarray would not copy)
        _trmm("L", "U", 1.0, t, own)  # T V₁ᵀ, upper triangular
        own *= -signs[start:stop]
        _gemm("N", "N", 1.0, v1, own, 0.0, reflectors[start:stop, start:stop])
        _trmm("R", "U", 1.0, own, v2)  # V₂ ← V₂ (T V₁ᵀ)(−D), in place
        reflectors[range(start, stop), range(start, stop)] += signs[start:stop]
        reflectors[:start, start:stop] = 0
    return reflectors


def _block_reflector_factor(gram: numpy.ndarray, tau: numpy.ndarray) -> numpy.ndarray:
    """The upper triangular T with H₁⋯Hᵦ = I − V T Vᵀ, Hⱼ = I − τⱼ vⱼ vⱼᵀ, from VᵀV.

    LAPACK's ``larft`` builds T column by column, T[:j, j] = −τⱼ T[:j, :j] (V[:, :j]ᵀ vⱼ),
    with one small matrix-vector product each: with several BLAS threads, waking
    them for thousands of tiny products costs more than the whole multiplication.
    The same recurrence says T⁻¹ = (strictly upper part of VᵀV) + diag(1/τ)
    (Joffrain et al. 2006, the "UT transform"), so T is one triangular inverse. A
    column with τⱼ = 0 must be zero in V (Hⱼ = I); its diagonal entry of T⁻¹ is
    then 1, which changes nothing.
    """
    inverse = numpy.triu(gram, 1)
    reciprocal = numpy.ones(len(tau), dtype=gram.dtype)
    numpy.divide(1, tau, out=reciprocal, where=tau != 0)
    inverse[range(len(tau)), range(len(tau))] = reciprocal
    trtri = scipy.linalg.lapack.get_lapack_funcs("trtri", dtype=gram.dtype)
    t, info = trtri(inverse, lower=0, overwrite_c=1)
    if info != 0:
        raise RuntimeError(f"LAPACK {gram.dtype.char}trtri failed with info = {info}")
    return numpy.asfortranarray(t)


def _blas(name: str, dtype: numpy.dtype) -> Callable[..., None]:
    """The BLAS routine ``name`` (``gemm``, ``trmm``) for ``dtype``, callable on pointers.

    scipy's own wrappers (``scipy.linalg.blas``) copy any operand that is not a whole
    contiguous array and cannot update a view in place; the routines behind
    ``scipy.linalg.cython_blas`` (the BLAS scipy links, exported as C function
    pointers) take leading dimensions, so sub-blocks are used where they lie.
    """
    prefix = "d" if dtype == numpy.float64 else "s"
    return _blas_routine(prefix + name)


@functools.cache
def _blas_routine(name: str) -> Callable[..., None]:
    capsule = scipy.linalg.cython_blas.__pyx_capi__[name]
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype = ctypes.c_void_p
    get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    address = get_pointer(capsule, get_name(capsule))
    arity = {"gemm": 13, "trmm": 11}[name[1:]]
    return ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * arity)(address)


def _fortran_operand(matrix: numpy.ndarray) -> tuple[ctypes.c_void_p, ctypes.c_int]:
    """A column-major view's data pointer and leading dimension, as BLAS takes them."""
    rows, cols = matrix.shape
    if matrix.strides[0] != matrix.itemsize and rows > 1:
        raise ValueError(f"BLAS operand: expected unit row stride, got strides {matrix.strides}")
    leading = matrix.strides[1] // matrix.itemsize if cols > 1 else rows
    return ctypes.c_void_p(matrix.ctypes.data), ctypes.c_int(max(1, leading))


def _gemm(trans_a: str, trans_b: str, alpha: float, a: numpy.ndarray, b: numpy.ndarray,
          beta: float, c: numpy.ndarray) -> None:
    """c ← alpha·op(a)·op(b) + beta·c in place, c a column-major view."""
    scalar = ctypes.c_double if c.dtype == numpy.float64 else ctypes.c_float
    inner = a.shape[0] if trans_a == "T" else a.shape[1]
    a_data, a_leading = _fortran_operand(a)
    b_data, b_leading = _fortran_operand(b)
    c_data, c_leading = _fortran_operand(c)
    _blas("gemm", c.dtype)(
        *map(ctypes.byref, (ctypes.c_char(trans_a.encode()), ctypes.c_char(trans_b.encode()),
                            ctypes.c_int(c.shape[0]), ctypes.c_int(c.shape[1]),
                            ctypes.c_int(inner), scalar(alpha))),
        a_data, ctypes.byref(a_leading), b_data, ctypes.byref(b_leading),
        ctypes.byref(scalar(beta)), c_data, ctypes.byref(c_leading))


def _trmm(side: str, uplo: str, alpha: float, a: numpy.ndarray, b: numpy.ndarray) -> None:
    """b ← alpha·a·b (``side`` "L") or alpha·b·a ("R") in place, a triangular (``uplo`` "U" or
    "L") with its diagonal stored."""
    scalar = ctypes.c_double if b.dtype == numpy.float64 else ctypes.c_float
    a_data, a_leading = _fortran_operand(a)
    b_data, b_leading = _fortran_operand(b)
    _blas("trmm", b.dtype)(
        *map(ctypes.byref, (ctypes.c_char(side.encode()), ctypes.c_char(uplo.encode()),
                            ctypes.c_char(b"N"), ctypes.c_char(b"N"),
                            ctypes.c_int(b.shape[0]), ctypes.c_int(b.shape[1]), scalar(alpha))),
        a_data, ctypes.byref(a_leading), b_data, ctypes.byref(b_leading))


def _fresh_zeros(shape: tuple[int, int], dtype: numpy.dtype) -> numpy.ndarray:
    """A zero Fortran-ordered array, in ordinary 4 KiB pages when it is large.

    numpy asks the kernel for 2 MiB pages for arrays of 4 MiB or more. In a virtual
    machine whose balloon driver reports free 2 MiB blocks to the host (as on ours),
    such pages, idle for a couple of seconds, must be fetched back from the host on
    first write: a 128 MiB ``numpy.zeros`` filled after a 2 s pause took 217–271 ms
    against 12 ms right after a free, and ``orthogonal`` at n = 4096 lost 0.3 s after
    every PyTorch call. Anonymous ``mmap`` pages (zero, freed with the array) took
    102–128 ms either way; products on them ran up to 7 % slower.
    """
    size = math.prod(shape) * dtype.itemsize
    if size < HUGE_PAGE_THRESHOLD:
        return numpy.zeros(shape, dtype=dtype, order="F")
    return numpy.ndarray(shape, dtype=dtype, buffer=mmap.mmap(-1, size), order="F")


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
    resolved = _dtype(dtype)
    scale = _gain(gain, resolved, _smallest_orthogonal_gain(resolved))
    arguments.choice("method", method, METHODS)
    generator = _generator(rng)
    if rows == 0 or cols == 0:
        return numpy.zeros(dims, dtype=resolved)
    tall = (max(rows, cols), min(rows, cols))
    if method == "qr":
        gaussians = _fresh_zeros(tall, resolved)
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
    resolved = _dtype(dtype)
    _gain(gain, resolved, _smallest_orthogonal_gain(resolved))
    arguments.choice("method", method, METHODS)
    generator = _generator(rng)
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
    resolved = _dtype(dtype)
    # The entries are gain itself: refused where it would be inf, or subnormal (few digits).
    scale = _gain(gain, resolved, float(numpy.finfo(resolved).tiny))
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
    kernel = numpy.zeros(dims, dtype=_dtype(dtype))
    if 0 in dims[2:]:  # no spatial centre to put the ones at
        return kernel
    per_group = dims[0] // group_count
    centre = tuple(size // 2 for size in dims[2:])
    for group in range(group_count):
        for channel in range(min(per_group, dims[1])):
            kernel[(group * per_group + channel, channel, *centre)] = 1
    return kernel
