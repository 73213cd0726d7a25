"""Argument checks shared by the numeric library: one discipline at every public boundary.

Every public function of ``derivations.fibonacci``, ``init``, ``haar``, ``matrix_powers``,
``hidden_state``, ``bptt`` and ``dynamics`` checks its arguments here before computing, so a
mistake meets the same kind of error wherever it is made:

* ``TypeError`` when an argument is the wrong kind of thing, ``ValueError`` when it is the
  right kind but out of range; the message opens with the argument's name and says what was
  expected (``steps: expected an int from 0 to 1000000, got -1``).
* Integers are Python or NumPy integers, never ``bool``; reals are Python or NumPy integers
  and floating scalars, never ``bool`` or complex, and finite; arrays are NumPy arrays checked
  for dimensions, shape, dtype and finiteness.
* Arrays come out of :func:`array` in one form whatever form they came in: a plain
  ``numpy.ndarray`` (a ``numpy.matrix`` or ``memmap`` is viewed as one, so ``*`` and ``@``
  mean what they mean on arrays; a masked array is refused, since its mask would be
  ignored), in the machine's byte order and aligned (a big-endian or unaligned array is
  copied, since LAPACK and BLAS read raw memory). Any strides are kept: NumPy and SciPy
  take them, and the one routine that hands raw pointers on copies first.
* Scale factors (a gain, a scale, a threshold) are refused where their products with
  entries of magnitude ≤ 1 would overflow the dtype, or be subnormal numbers that keep few
  digits (:func:`scale`).
* Every size, step count, precision and loop has a documented bound (``MAX_ELEMENTS``,
  ``MAX_STEPS`` and ``MAX_OPERATIONS`` here, others beside the function), so a call ends in
  an error instead of a hang, an abort or exhausted memory.
* A result that would overflow its dtype is refused with :class:`ResultOverflowError`, a
  ``ValueError`` (and an ``OverflowError``) that says so, instead of being returned as inf or
  NaN. Where only an intermediate overflows (a norm of entries near 1e308, W h that cancels),
  the plain computation's inf or NaN is recomputed on inputs scaled by a power of two
  (:mod:`derivations.scaled`); a finite plain result is kept as it is, bit for bit.

The checks are plain ``isinstance`` tests and one ``isfinite`` pass over each array, cheap
next to the work they guard.
"""

from __future__ import annotations

import math
import numbers
import operator
import reprlib
from collections.abc import Sequence

import numpy

MAX_ELEMENTS = 2**26
"""Entries of any array the library allocates (512 MB of float64)."""
MAX_STEPS = 10**6
"""Iterations of any loop the caller sets the length of (a step, a power, a sample)."""
MAX_OPERATIONS = 3 * 10**10
"""Multiply-adds of any computation whose size the caller sets (seconds, not hours).

The unit is a multiply-add of a matrix-vector product, ≈ 0.22 ns on one core (OpenBLAS,
measured on the project's 2-core machine at n = 2048), so the limit is ≈ 6.6 s of one core,
≈ 3 s with two BLAS threads. A factorization counts what it costs in that unit
(:data:`COSTS`, :func:`operations`)."""
COSTS = {"qr": 0.25, "svd": 2, "singular values": 1, "eigenvalues": 3}
"""Work of an m×n factorization as a multiple of m·n·min(m, n) multiply-adds, measured with
one BLAS thread at n = 1024 and 2048 against the unit of :data:`MAX_OPERATIONS`: ``qr`` is the
library's Householder route to Q (0.05–0.09 ns per n³), ``svd`` forms U and Vᵀ (0.44 ns),
``singular values`` forms neither (0.21 ns), ``eigenvalues`` are a general matrix's, without
vectors (0.40–0.73 ns). So at the limit: Q of 4096×4096 (≈ 2 s of one core, measured), an
SVD of 2048×2048 (≈ 4 s), eigenvalues of 2048×2048 (≈ 3.5 s)."""
COMPLEX_COST = 3
"""A complex matrix's factorization against a real one's: eigenvalues of 2048×2048 took
7.5 s complex, 3.5 s real (one core)."""
STEP_OPERATIONS = 5 * 10**4
"""A loop step's own cost (a dozen NumPy calls, ≈ 9 µs measured) in the unit of
:data:`MAX_OPERATIONS`, for loops whose steps cost more than their arithmetic."""
MAX_SEED = 2**128 - 1
"""Seeds are integers from 0 to 2¹²⁸ − 1 (NumPy refuses negative ones)."""

ANY_NDIM = tuple(range(33))
"""Every number of dimensions a NumPy array can have, for arrays of any shape."""
FLOAT_DTYPES: tuple[numpy.dtype, ...] = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60


class ResultOverflowError(OverflowError, ValueError):
    """The arguments are valid one by one, but the result does not fit its dtype."""


def integer(name: str, value: object, minimum: int | None = None,
            maximum: int | None = None) -> int:
    """``value`` as an int, if it is a Python or NumPy integer (not a bool) within the bounds.

    >>> integer("steps", numpy.int64(3), 0, 10)
    3
    >>> integer("steps", True)
    Traceback (most recent call last):
    TypeError: steps: expected an int, got bool True
    """
    if isinstance(value, bool) or not isinstance(value, int | numpy.integer):
        raise TypeError(f"{name}: expected an int, got {described(value)}")
    number = operator.index(value)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        raise ValueError(
            f"{name}: expected an int {_range(minimum, maximum)}, got {shown(number)}")
    return number


def real(name: str, value: object, *, above: float | None = None, at_least: float | None = None,
         below: float | None = None, at_most: float | None = None) -> float:
    """``value`` as a float, if it is a finite real number (NumPy scalars too) within the bounds.

    ``above``/``below`` are strict bounds, ``at_least``/``at_most`` inclusive ones.

    >>> real("epsilon", numpy.float32(0.5), above=0)
    0.5
    >>> real("epsilon", -0.1, above=0)
    Traceback (most recent call last):
    ValueError: epsilon: expected a finite real number > 0, got -0.1
    """
    if isinstance(value, bool | numpy.bool_) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: expected a real number, got {described(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int or Fraction beyond the float range
        number = math.inf if value > 0 else -math.inf
    if not (math.isfinite(number)
            and (above is None or number > above) and (at_least is None or number >= at_least)
            and (below is None or number < below) and (at_most is None or number <= at_most)):
        bounds = [f"> {above:g}" if above is not None else "",
                  f"≥ {at_least:g}" if at_least is not None else "",
                  f"< {below:g}" if below is not None else "",
                  f"≤ {at_most:g}" if at_most is not None else ""]
        wanted = " and ".join(bound for bound in bounds if bound)
        raise ValueError(f"{name}: expected a finite real number{' ' + wanted if wanted else ''}, "
                         f"got {shown(value)}")
    return number


def choice(name: str, value: object, options: Sequence[str]) -> str:
    """``value`` if it is one of the strings ``options``.

    >>> choice("kind", "qr", ("qr", "svd"))
    'qr'
    """
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected one of {tuple(options)}, got {described(value)}")
    if value not in options:
        raise ValueError(f"{name}: expected one of {tuple(options)}, got {shown(value)}")
    return value


def seed(name: str, value: object) -> int:
    """A seed for ``numpy.random.default_rng``: an int from 0 to :data:`MAX_SEED`."""
    return integer(name, value, 0, MAX_SEED)


def shape(name: str, value: object, minimum: int = 2) -> tuple[int, ...]:
    """``value`` as a tuple of ints, if it is a sequence (or 1-D array) of at least ``minimum``
    non-negative integers, never ``bool``: a tensor shape.

    >>> shape("shape", [3, numpy.int64(4)])
    (3, 4)
    """
    if isinstance(value, str | bytes) or not (
            isinstance(value, Sequence) or (isinstance(value, numpy.ndarray) and value.ndim == 1)):
        raise TypeError(f"{name}: expected a sequence of ints, got {shown(value)}")
    for size in value:
        if isinstance(size, bool) or not isinstance(size, int | numpy.integer):
            raise TypeError(f"{name}: expected int dimensions, got {shown(size)} "
                            f"in {shown(tuple(value))}")
        if size < 0:
            raise ValueError(f"{name}: dimensions must be non-negative, got {tuple(value)!r}")
    if len(value) < minimum:
        raise ValueError(f"{name}: expected at least {minimum} dimensions, got {len(value)} in "
                         f"{tuple(value)!r}")
    return tuple(int(size) for size in value)


def generator(name: str, value: object) -> numpy.random.Generator:
    """A random generator from ``value``: a ``numpy.random.Generator`` itself, a fresh one
    for None, or one seeded by an int seed (:func:`seed`)."""
    if isinstance(value, numpy.random.Generator):
        return value
    if value is None:
        return numpy.random.default_rng()
    if isinstance(value, bool) or not isinstance(value, int | numpy.integer):
        raise TypeError(f"{name}: expected an int seed, a numpy.random.Generator or None, "
                        f"got {type(value).__name__} {shown(value)}")
    return numpy.random.default_rng(seed(name, value))


def float_dtype(name: str, value: object) -> numpy.dtype:
    """``value`` as a NumPy dtype, if it names float32 or float64 (:data:`FLOAT_DTYPES`)."""
    try:
        resolved = None if value is None else numpy.dtype(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        resolved = None
    if resolved is None or resolved not in FLOAT_DTYPES:
        raise TypeError(f"{name}: expected float32 or float64, got {shown(value)}")
    return resolved


def array(name: str, value: object, ndim: int | tuple[int, ...], *, kind: str = "real",
          finite: bool = True) -> numpy.ndarray:
    """``value``, if it is a NumPy array with ``ndim`` dimensions of the ``kind`` wanted, as a
    plain ndarray in native byte order and aligned (itself when it is one already).

    ``kind`` is ``"float"`` (float32 or float64), ``"real"`` (those or a signed or unsigned
    integer dtype) or ``"number"`` (real or complex64/complex128); ``bool``, ``float16``,
    ``longdouble`` and object arrays are refused, as NumPy's linear algebra refuses them.
    At most :data:`MAX_ELEMENTS` entries (a broadcast view can claim billions without
    holding them). ``finite=True`` refuses inf and NaN entries. Byte order and alignment
    are normalised by a copy; a subclass is viewed as a plain array; a masked array is
    refused.

    >>> big_endian = numpy.array([1.5, 2.0], dtype=">f8")
    >>> array("vector", big_endian, 1).dtype.isnative
    True
    """
    if not isinstance(value, numpy.ndarray):
        raise TypeError(f"{name}: expected a numpy array, got {described(value)}")
    value = plain(name, value)
    if value.ndim != ndim and (isinstance(ndim, int) or value.ndim not in ndim):
        wanted = ndim if isinstance(ndim, int) else " or ".join(str(d) for d in ndim)
        raise ValueError(f"{name}: expected {wanted} dimensions, got shape {value.shape}")
    dtype = value.dtype
    # Compared by kind and size: cheaper than dtype equality, which small calls pay for.
    if not ((dtype.kind == "f" and dtype.itemsize in (4, 8))
            or (kind != "float" and dtype.kind in "iu")
            or (kind == "number" and dtype.kind == "c" and dtype.itemsize in (8, 16))):
        wanted = {"float": "float32 or float64 entries",
                  "real": "real entries (an integer dtype, float32 or float64)",
                  "number": "real or complex entries"}[kind]
        raise TypeError(f"{name}: expected {wanted}, got dtype {dtype}")
    if value.size > MAX_ELEMENTS:
        within(name, value.size, MAX_ELEMENTS, "entries")
    if not (dtype.isnative and value.flags.aligned):
        # A copy, aligned and native, in the same memory order (astype keeps it): the same
        # numbers in the same layout as a native array, so the same answer bit for bit.
        value = value.astype(dtype.newbyteorder("="))
    if finite and dtype.kind in "fc" and not numpy.isfinite(value).all():
        raise ValueError(f"{name}: expected finite entries, got inf or nan")
    return value


def plain(name: str, value: numpy.ndarray) -> numpy.ndarray:
    """``value`` as a plain ``numpy.ndarray``: a subclass (``numpy.matrix``, ``memmap``) viewed
    as one, so that its operators are an array's; a masked array refused, since the
    computation would read the entries its mask hides."""
    if type(value) is numpy.ndarray:
        return value
    if isinstance(value, numpy.ma.MaskedArray):
        raise TypeError(f"{name}: expected a numpy array, got a masked array (its mask would "
                        "be ignored; pass .filled(...) or .compressed())")
    return value.view(numpy.ndarray)


def scale(name: str, value: object, dtype: object = numpy.float64, *, zero: bool = False,
          smallest: float | None = None, largest: float | None = None) -> float:
    """``value`` as a float, if it can multiply entries of magnitude ≤ 1 in ``dtype``: finite,
    |value| at most the dtype's largest number (else :class:`ResultOverflowError`) and at
    least ``smallest`` (else ``ValueError``), so that products which underflow lose no more
    than a rounding error of the result. ``smallest`` defaults to tiny/eps (1.0e-292 for
    float64, 9.9e-32 for float32), ``largest`` to the dtype's largest number; 0 is allowed
    only with ``zero=True``, negative values only then too.

    >>> scale("threshold", 1e-300)
    Traceback (most recent call last):
    ValueError: threshold: 1e-300 underflows float64: expected a number ≥ 1e-292 (smaller \
products are subnormal numbers, with few digits)
    """
    resolved = numpy.dtype(dtype)  # type: ignore[call-overload]
    info = numpy.finfo(resolved)
    least = float(info.tiny / info.eps) if smallest is None else smallest
    most = float(info.max) if largest is None else largest
    number = real(name, value) if zero else real(name, value, above=0)
    if abs(number) > most:
        raise ResultOverflowError(f"{name}: {number!r} overflows {resolved} (largest {most:g})")
    if 0 < abs(number) < least:
        wanted = f"0 or |{name}| ≥ {least:.3g}" if zero else f"a number ≥ {least:.3g}"
        raise ValueError(f"{name}: {number!r} underflows {resolved}: expected {wanted} "
                         "(smaller products are subnormal numbers, with few digits)")
    return number


def operations(names: str, kind: str, *sizes: int, count: int = 1,
               dtype: numpy.dtype | None = None) -> None:
    """Refuse ``count`` factorizations of ``kind`` (a key of :data:`COSTS`) of an m×n matrix
    (``sizes`` = m, n; or one n for n×n) whose work exceeds :data:`MAX_OPERATIONS`.

    The work of one is COSTS[kind]·m·n·min(m, n) multiply-adds, checked before any is done,
    and :data:`COMPLEX_COST` times that for a complex ``dtype``.

    >>> operations("shape", "svd", 4096, 4096)
    Traceback (most recent call last):
    ValueError: shape: 137,438,953,472 multiply-adds (an SVD of 4096×4096 costs 2·m·n·min(m, \
n)), more than the 30,000,000,000 allowed
    """
    rows, cols = (sizes[0], sizes[0]) if len(sizes) == 1 else sizes
    factor = COMPLEX_COST if dtype is not None and dtype.kind == "c" else 1
    work = math.ceil(count * factor * COSTS[kind] * rows * cols * min(rows, cols))
    if work > MAX_OPERATIONS:
        what = {"qr": "a QR factorization", "svd": "an SVD",
                "eigenvalues": "an eigenvalue problem",
                "singular values": "a singular-value problem"}[kind]
        each = "" if count == 1 else f"; {shown(count, grouped=True)} of them"
        entries = " complex" if factor != 1 else ""
        raise ValueError(f"{names}: {shown(work, grouped=True)} multiply-adds ({what} of "
                         f"{rows}×{cols}{entries} costs {factor * COSTS[kind]:g}·m·n·min(m, n)"
                         f"{each}), more than the {MAX_OPERATIONS:,} allowed")


def finite_entries(name: str, value: numpy.ndarray) -> numpy.ndarray:
    """``value`` if it has no inf or NaN entry (integer arrays never do)."""
    if value.dtype.kind in "fc" and not numpy.isfinite(value).all():
        raise ValueError(f"{name}: expected finite entries, got inf or nan")
    return value


def square(name: str, value: object, *, kind: str = "real", finite: bool = True,
           maximum: int | None = None) -> numpy.ndarray:
    """:func:`array` for a square matrix, at most ``maximum`` × ``maximum``."""
    matrix = array(name, value, 2, kind=kind, finite=False)
    if matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"{name}: expected a square matrix, got shape {matrix.shape}")
    if maximum is not None and matrix.shape[0] > maximum:
        raise ValueError(f"{name}: expected at most {maximum}×{maximum}, got shape {matrix.shape}")
    return finite_entries(name, matrix) if finite else matrix


def within(names: str, amount: int, limit: int, what: str) -> None:
    """Refuse a call whose ``what`` (entries, steps, operations) would exceed ``limit``.

    >>> within("size, steps", 10**9, MAX_ELEMENTS, "entries")
    Traceback (most recent call last):
    ValueError: size, steps: 1,000,000,000 entries, more than the 67,108,864 allowed
    """
    if amount > limit:
        raise ValueError(f"{names}: {shown(amount, grouped=True)} {what}, "
                         f"more than the {limit:,} allowed")


def finite_result(names: str, result: numpy.ndarray, what: str) -> numpy.ndarray:
    """``result`` if every entry is finite; else the :class:`ResultOverflowError` naming why."""
    if not numpy.isfinite(result).all():
        raise ResultOverflowError(f"{names}: {what} overflows {result.dtype}")
    return result


def _range(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f"from {minimum} to {maximum}"
    return f"≥ {minimum}" if minimum is not None else f"≤ {maximum}"


def shown(value: object, grouped: bool = False) -> str:
    """``value`` as an error message shows it: ``repr`` on one line, shortened, since a huge
    int or list must not be printed in full (an int of more than 4,300 digits cannot even be
    converted to text).

    >>> shown(10**5000), shown(list(range(10**6)))
    ('an int of 16,610 bits', '[0, 1, 2, 3, 4, 5, ...]')
    """
    if isinstance(value, int) and abs(value) >= 10**30:
        return f"an int of {value.bit_length():,} bits"
    try:
        text = f"{value:,}" if grouped else _REPR.repr(value)
    except ValueError:
        return f"a {type(value).__name__}"
    text = " ".join(text.split())  # an array's repr spans lines; a message is one line
    return text if len(text) <= 80 else text[:60] + "…"


def described(value: object) -> str:
    """``value``'s type and :func:`shown` value, for "expected …, got …" messages."""
    return f"{type(value).__name__} {shown(value)}"
