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
* Every size, step count, precision and loop has a documented bound (``MAX_ELEMENTS``,
  ``MAX_STEPS`` and ``MAX_OPERATIONS`` here, others beside the function), so a call ends in
  an error instead of a hang, an abort or exhausted memory.
* A result that would overflow its dtype is refused with :class:`ResultOverflowError`, a
  ``ValueError`` (and an ``OverflowError``) that says so, instead of being returned as inf or
  NaN.

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
MAX_OPERATIONS = 10**10
"""Multiply-adds of any matrix computation whose size the caller sets (seconds, not hours)."""
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


def array(name: str, value: object, ndim: int | tuple[int, ...], *, kind: str = "real",
          finite: bool = True) -> numpy.ndarray:
    """``value`` itself, if it is a NumPy array with ``ndim`` dimensions of the ``kind`` wanted.

    ``kind`` is ``"float"`` (float32 or float64), ``"real"`` (those or a signed or unsigned
    integer dtype) or ``"number"`` (real or complex64/complex128); ``bool``, ``float16``,
    ``longdouble`` and object arrays are refused, as NumPy's linear algebra refuses them.
    At most :data:`MAX_ELEMENTS` entries (a broadcast view can claim billions without
    holding them). ``finite=True`` refuses inf and NaN entries.
    """
    if not isinstance(value, numpy.ndarray):
        raise TypeError(f"{name}: expected a numpy array, got {described(value)}")
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
    if finite and dtype.kind in "fc" and not numpy.isfinite(value).all():
        raise ValueError(f"{name}: expected finite entries, got inf or nan")
    return value


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
