"""Fibonacci numbers computed the way Chapter 1 teaches: powers of the Fibonacci matrix.

``fib`` squares the matrix identity F^{2k} = (F^k)^2 without forming matrices
(doubling with two squarings per step), on GMP integers, so exact F(10⁶) costs
milliseconds. The
other helpers expose what the chapter measures: how many multiplications
repeated squaring needs, and how many bits Binet's formula needs.

Bounds (each an error past it, not a wait for memory to run out): indices
``|n| ≤ MAX_INDEX`` (F(10⁸) has 69 million bits and takes about a second),
Binet precisions ``2 ≤ bits ≤ MAX_BITS``, the precision scan ``|n| ≤ MAX_SCAN_INDEX``
(and a table's scans together no more than one scan at that index), and matrix powers
whose entries, and those of the powers on the way, stay under ``MAX_POWER_BITS`` bits.
Each bound is a few seconds of work at most (measured on one core: F(10⁸) ≈ 1.5 s, the
largest Binet evaluation ≈ 2 s, scan ≈ 2.5 s, the largest power, F^(9.6·10⁷), ≈ 2 s).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import gmpy2
import mpmath
import numpy

from derivations import arguments

Matrix2 = tuple[tuple[int, int], tuple[int, int]]

FIBONACCI_MATRIX: Matrix2 = ((0, 1), (1, 1))
"""Merity's convention: F^n = [[F(n−1), F(n)], [F(n), F(n+1)]]."""

MAX_INDEX = 10**8
MAX_BINET_INDEX = 10**7
MAX_BITS = 2**23
MAX_SCAN_INDEX = 20_000
MAX_POWER_BITS = 2**26
MAX_POWER = 2**64
MAX_TABLE_ROWS = 100
GMP_FROM_BITS = 4096  # below this, Python ints multiply faster than GMP's wrapped ones
LOG2_PHI = math.log2((1 + math.sqrt(5)) / 2)


def fib(n: int) -> int:
    """The exact Fibonacci number F(n) for any integer ``|n| ≤ MAX_INDEX`` (F(0) = 0, F(1) = 1).

    Negative ``n`` follows F(−n) = (−1)^{n+1} F(n), the only extension that keeps
    F(k+2) = F(k+1) + F(k) for every integer k.

    Examples
    --------
    >>> [fib(k) for k in range(10)]
    [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
    >>> fib(100)
    354224848179261915075
    >>> fib(-6), fib(-7)
    (-8, 13)
    """
    n = arguments.integer("n", n, -MAX_INDEX, MAX_INDEX)
    if n < 0:
        value = fib(-n)
        return value if n % 2 else -value
    # Double up to F(m − 1), F(m) with m = ⌊n/2⌋, then form F(n) alone: the last,
    # largest step is one product instead of two squarings.
    half = n >> 1
    before, at = _doubling(half)
    if n & 1:  # F(2m + 1) = 4F(m)² − F(m − 1)² + 2(−1)^m, the difference of squares factored
        return int((2 * at + before) * (2 * at - before) + (-2 if half & 1 else 2))
    return int(at * (at + 2 * before))  # F(2m) = F(m)(F(m) + 2F(m − 1))


def _doubling(m: int) -> tuple[gmpy2.mpz, gmpy2.mpz]:
    """(F(m − 1), F(m)) from the top bit of m down, two squarings per bit.

    Squaring F^k = [[F(k−1), F(k)], [F(k), F(k+1)]] gives F(2k−1) = F(k)² + F(k−1)²,
    and with Cassini's identity F(2k+1) = 4F(k)² − F(k−1)² + 2(−1)^k; F(2k) is
    their difference. Two squarings per step are cheaper than the three products
    (one of them not a square) of doubling with F(2k) = F(k)(2F(k+1) − F(k)):
    GMP squares faster than it multiplies, and this is the recurrence its own
    ``mpz_fib_ui`` uses.
    """
    before, at = gmpy2.mpz(1), gmpy2.mpz(0)  # F(−1), F(0)
    odd = False  # parity of k, the index reached so far
    for bit in bin(m)[2:]:
        square_before, square_at = before * before, at * at
        after = 4 * square_at - square_before + (-2 if odd else 2)  # F(2k + 1)
        before = square_at + square_before  # F(2k − 1)
        odd = bit == "1"
        before, at = (after - before, after) if odd else (before, after - before)
    return before, at


def matrix_product(left: Matrix2, right: Matrix2) -> Matrix2:
    """The 2×2 integer matrix product ``left @ right``, exact (entries are Python ints).

    >>> matrix_product(FIBONACCI_MATRIX, numpy.array(FIBONACCI_MATRIX))
    ((1, 1), (1, 2))
    """
    return _product(_matrix2("left", left), _matrix2("right", right))


@dataclass(frozen=True)
class PowerByRepeatedSquaring:
    """M^n together with the number of 2×2 matrix multiplications used to get it."""

    power: Matrix2
    multiplications: int


def power_by_repeated_squaring(matrix: Matrix2, n: int) -> PowerByRepeatedSquaring:
    """M^n for ``1 ≤ n ≤ MAX_POWER`` by left-to-right binary powering, counting the products.

    Each bit after the leading one costs one squaring, and each 1-bit after the
    leading one one more product: ⌊log₂ n⌋ + popcount(n) − 1 in all. ``matrix``
    is any 2×2 of integers (a NumPy int64 array too: its entries become Python ints,
    which cannot overflow); the power is exact (on GMP integers once its entries
    exceed ``GMP_FROM_BITS`` bits). The work is bounded by what is computed, not by n:
    before each product the bits of its entries are bounded by those of its factors
    (|(AB)ᵢⱼ| ≤ 2·max|A|·max|B|), and a product that could exceed ``MAX_POWER_BITS``
    bits is refused before it is computed, so ((1, 1), (0, 1)) to the power 2⁶⁴ is
    answered at once and F^(10⁹) refused at once; the largest power allowed,
    F^(9.6·10⁷), takes ≈ 2 s (measured on one core).

    >>> result = power_by_repeated_squaring(FIBONACCI_MATRIX, 10)
    >>> result.power, result.multiplications
    (((34, 55), (55, 89)), 4)
    """
    base = _matrix2("matrix", matrix)
    n = arguments.integer("n", n, 1, MAX_POWER)
    # Refused up front where the power itself is certainly too large: ρ(M)ⁿ = ρ(Mⁿ) ≤ ‖Mⁿ‖₂
    # ≤ 2·max|entry|, so its largest entry has at least n·log₂ρ − 1 bits.
    least = n * _log2_spectral_radius(base) * (1 - 1e-12) - 1
    arguments.within("matrix, n", math.floor(max(least, 0)), MAX_POWER_BITS,
                     "bits at least in an entry of the power (n·log₂ρ(M) − 1)")
    result, count = base, 0
    for bit in bin(n)[3:]:
        result, count = _bounded_product(result, result), count + 1
        if bit == "1":
            result, count = _bounded_product(result, base), count + 1
        if _bits(result) > GMP_FROM_BITS and not isinstance(result[0][0], type(gmpy2.mpz())):
            result, base = _map(gmpy2.mpz, result), _map(gmpy2.mpz, base)
    return PowerByRepeatedSquaring(_map(int, result), count)


def _log2_spectral_radius(matrix: Matrix2) -> float:
    """log₂ ρ(M) of an integer 2×2 matrix (−inf for ρ = 0), from its trace and determinant."""
    (a, b), (c, d) = matrix
    with mpmath.workprec(64):
        trace, determinant = mpmath.mpf(a + d), mpmath.mpf(a * d - b * c)
        discriminant = trace**2 - 4 * determinant
        radius = ((abs(trace) + mpmath.sqrt(discriminant)) / 2 if discriminant >= 0
                  else mpmath.sqrt(determinant))
        return float(mpmath.log(radius, 2)) if radius > 0 else -math.inf


def _bits(matrix: Matrix2) -> int:
    """The bits of the largest entry of a 2×2 matrix."""
    return max(abs(entry).bit_length() for row in matrix for entry in row)


def _bounded_product(left: Matrix2, right: Matrix2) -> Matrix2:
    """``left @ right``, refused if its entries could exceed ``MAX_POWER_BITS`` bits."""
    bound = _bits(left) + _bits(right) + 1
    arguments.within("matrix, n", bound, MAX_POWER_BITS,
                     "bits an entry of a power on the way could have")
    return _product(left, right)


def binet(n: int, bits: int) -> int:
    """Binet's formula (φⁿ − ψⁿ)/√5 evaluated with ``bits`` of binary precision, rounded.

    ``|n| ≤ MAX_BINET_INDEX`` and ``2 ≤ bits ≤ MAX_BITS`` (GMP aborts the whole
    interpreter, not just the call, when asked for 10¹² bits); ≈ 2 s at both limits
    (measured).

    >>> binet(10, 8), binet(70, 53), binet(80, 53) == fib(80)
    (55, 190392490709135, False)
    """
    n = arguments.integer("n", n, -MAX_BINET_INDEX, MAX_BINET_INDEX)
    bits = arguments.integer("bits", bits, 2, MAX_BITS)
    with mpmath.workprec(bits):
        root5 = mpmath.sqrt(5)
        phi, psi = (1 + root5) / 2, (1 - root5) / 2
        return int(mpmath.nint((phi**n - psi**n) / root5))


def minimal_binet_precision(n: int) -> int:
    """The smallest precision, in bits, at which :func:`binet` rounds to the exact F(n).

    Scans every precision upward, so "smallest" is literal and not an assumption
    of monotonicity; the exact answer comes from :func:`fib`. ``|n| ≤ MAX_SCAN_INDEX``
    (the scan costs about n² bit operations: ≈ 2.5 s at the limit, measured). The scan stops at
    |n|·log₂φ + 2·log₂|n| + 64 bits, more than rounding error analysis needs
    (φⁿ carries a relative error of about |n|·2^−bits); reaching that limit
    means Binet's formula or :func:`fib` is wrong, and is a RuntimeError.

    >>> minimal_binet_precision(80)
    61
    """
    n = arguments.integer("n", n, -MAX_SCAN_INDEX, MAX_SCAN_INDEX)
    exact = fib(n)
    limit = math.ceil(abs(n) * LOG2_PHI) + 2 * abs(n).bit_length() + 64
    for bits in range(2, limit + 1):
        if binet(n, bits) == exact:
            return bits
    raise RuntimeError(f"n: no precision up to {limit} bits makes Binet's formula give F({n})")


@dataclass(frozen=True)
class BinetPrecision:
    """One row of the Binet-precision table of Chapter 1."""

    n: int
    digits_of_fib: int
    predicted_bits: float
    minimal_bits: int


def binet_precision_table(ns: Sequence[int] = (10, 100, 1000, 5000)) -> list[BinetPrecision]:
    """For each n: how many decimal digits |F(n)| has, and how many bits Binet needs against
    the prediction |n|·log₂φ. At most ``MAX_TABLE_ROWS`` rows.

    Each distinct n is scanned once (:func:`minimal_binet_precision`, about n² bit
    operations), and the sum of n² over the distinct n is at most ``MAX_SCAN_INDEX``²: the
    table costs at most what one scan at the largest index costs, ≈ 2.5 s (measured).

    >>> binet_precision_table([10])
    [BinetPrecision(n=10, digits_of_fib=2, predicted_bits=6.94..., minimal_bits=8)]
    """
    if isinstance(ns, str | bytes) or not isinstance(ns, Sequence | numpy.ndarray):
        raise TypeError(f"ns: expected a sequence of ints, got {type(ns).__name__}")
    arguments.within("ns", len(ns), MAX_TABLE_ROWS, "rows")
    indices = [arguments.integer("ns", n, -MAX_SCAN_INDEX, MAX_SCAN_INDEX) for n in ns]
    distinct = dict.fromkeys(indices)
    arguments.within("ns", sum(n * n for n in distinct), MAX_SCAN_INDEX**2,
                     "scan operations (the sum of n² over the distinct n)")
    rows = {n: BinetPrecision(n, len(str(abs(fib(n)))), abs(n) * LOG2_PHI,
                              minimal_binet_precision(n)) for n in distinct}
    return [rows[n] for n in indices]


def _matrix2(name: str, value: object) -> Matrix2:
    """A 2×2 of integers (nested tuples or lists, or an integer array) as Python ints."""
    rows = value.tolist() if isinstance(value, numpy.ndarray) and value.dtype.kind in "iu" \
        else value
    if not (isinstance(rows, tuple | list) and len(rows) == 2
            and all(isinstance(row, tuple | list) and len(row) == 2 for row in rows)):
        raise TypeError(f"{name}: expected a 2×2 matrix of ints, got {type(value).__name__} "
                        f"{arguments.shown(value)}")
    (a, b), (c, d) = rows
    entries = (a, b, c, d)
    if not all(type(entry) is int or isinstance(entry, numpy.integer) for entry in entries):
        raise TypeError(f"{name}: expected a 2×2 matrix of ints, got {arguments.shown(value)}")
    return (int(a), int(b)), (int(c), int(d))


def _product(left: Matrix2, right: Matrix2) -> Matrix2:
    """The product of two 2×2 matrices of Python ints or of GMP integers."""
    (a, b), (c, d) = left
    (e, f), (g, h) = right
    return ((a * e + b * g, a * f + b * h), (c * e + d * g, c * f + d * h))


def _map(convert: Callable[[Any], Any], matrix: Matrix2) -> Matrix2:
    (a, b), (c, d) = matrix
    return (convert(a), convert(b)), (convert(c), convert(d))
