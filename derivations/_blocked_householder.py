"""Q from Householder reflectors at the speed of matrix products, formed in place.

:func:`derivations.init.householder_haar` turns Gaussian columns into Householder reflectors,
the algorithm Chapter 2's appendix explains; this module only makes their product fast, and
computes what LAPACK's ``orgqr`` computes. Three pieces of machinery, kept out of the
algorithm's way:

* :func:`multiply_out` applies the reflectors a block of ``REFLECTOR_BLOCK`` at a time in
  their compact WY form, by matrix products on the columns already formed (half the flops
  of factor-then-form; ``orgqr``, which does the same with blocks of 32 and builds each
  block's factor by matrix-vector products, runs at little more than half the speed at
  n = 4096, measured with ``benchmarks/orthogonal_init.py``).
* Those products are BLAS calls on views of one array through ``ctypes`` (:func:`_gemm`,
  :func:`_trmm`), since SciPy's wrappers copy any view that is not a whole contiguous array.
* :func:`fresh_zeros` allocates the large array they work in from ordinary 4 KiB pages.
"""

from __future__ import annotations

import ctypes
import functools
import math
import mmap
from collections.abc import Callable

import numpy
import scipy.linalg
import scipy.linalg.cython_blas

REFLECTOR_BLOCK = 128
"""Reflectors multiplied out per block: 128 to 256 run at the speed of matrix products at
n = 4096; larger blocks add triangular work."""
HUGE_PAGE_THRESHOLD = 1 << 22
"""Bytes from which NumPy asks the kernel for 2 MiB pages; :func:`fresh_zeros` does not."""


def multiply_out(
    reflectors: numpy.ndarray, tau: numpy.ndarray, signs: numpy.ndarray
) -> numpy.ndarray:
    """H₁⋯Hₖ·D (first k columns) in place of the reflectors, stored as LAPACK's ``geqrf``
    stores them (a Fortran-ordered rows × k array, vⱼ below the diagonal, v₁ = 1 implicit),
    with Hⱼ = I − τⱼvⱼvⱼᵀ and D = diag(``signs``).

    Up to ``REFLECTOR_BLOCK`` reflectors, LAPACK's ``orgqr`` (unblocked below 128 columns)
    in a single call; past that, :func:`_blocks`.
    """
    if reflectors.shape[1] > REFLECTOR_BLOCK:
        return _blocks(reflectors, tau, signs)
    orgqr = scipy.linalg.lapack.get_lapack_funcs("orgqr", dtype=reflectors.dtype)
    q, _, info = orgqr(reflectors, tau, lwork=max(1, len(tau)), overwrite_a=True)
    if info != 0:
        raise RuntimeError(f"LAPACK {reflectors.dtype.char}orgqr failed with info = {info}")
    q *= signs
    return q


def _blocks(
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


def fresh_zeros(shape: tuple[int, int], dtype: numpy.dtype) -> numpy.ndarray:
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
