"""Fibonacci numbers computed the way Chapter 1 teaches: powers of the Fibonacci matrix.

``fib`` squares the matrix identity F^{2k} = (F^k)^2 without forming matrices
(fast doubling), on GMP integers, so exact F(10⁶) costs milliseconds. The
other helpers expose what the chapter measures: how many multiplications
repeated squaring needs, and how many bits Binet's formula needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import gmpy2
import mpmath

Matrix2 = tuple[tuple[int, int], tuple[int, int]]

FIBONACCI_MATRIX: Matrix2 = ((0, 1), (1, 1))
"""Merity's convention: F^n = [[F(n−1), F(n)], [F(n), F(n+1)]]."""


def _require_int(value: object, name: str) -> int:
    # bool is an int subclass, but fib(True) is almost certainly a bug: refuse it.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__} {value!r}")
    return value


def fib(n: int) -> int:
    """The exact Fibonacci number F(n) for any integer ``n`` (F(0) = 0, F(1) = 1).

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
    n = _require_int(n, "n")
    if n < 0:
        value = fib(-n)
        return value if n % 2 else -value
    # Double up to F(⌊n/2⌋), F(⌊n/2⌋+1), then form only F(n): the last, largest
    # step then costs one or two big multiplications instead of three.
    a, b = _fast_doubling(n >> 1)
    return int(a * a + b * b) if n & 1 else int(a * (2 * b - a))


def _fast_doubling(n: int) -> tuple[gmpy2.mpz, gmpy2.mpz]:
    """(F(n), F(n+1)) from the top bit of n down.

    Squaring F^k = [[F(k−1), F(k)], [F(k), F(k+1)]] gives
    F(2k) = F(k)(2F(k+1) − F(k)) and F(2k+1) = F(k)² + F(k+1)².
    """
    a, b = gmpy2.mpz(0), gmpy2.mpz(1)  # F(0), F(1)
    for bit in bin(n)[2:]:
        a, b = a * (2 * b - a), a * a + b * b  # k -> 2k
        if bit == "1":
            a, b = b, a + b  # 2k -> 2k + 1
    return a, b


def matrix_product(left: Matrix2, right: Matrix2) -> Matrix2:
    """The 2×2 integer matrix product ``left @ right``."""
    (a, b), (c, d) = left
    (e, f), (g, h) = right
    return ((a * e + b * g, a * f + b * h), (c * e + d * g, c * f + d * h))


@dataclass(frozen=True)
class PowerByRepeatedSquaring:
    """M^n together with the number of 2×2 matrix multiplications used to get it."""

    power: Matrix2
    multiplications: int


def power_by_repeated_squaring(matrix: Matrix2, n: int) -> PowerByRepeatedSquaring:
    """M^n for ``n ≥ 1`` by left-to-right binary powering, counting the multiplications.

    Each bit after the leading one costs one squaring, and each 1-bit after the
    leading one one more product: ⌊log₂ n⌋ + popcount(n) − 1 in all.

    >>> result = power_by_repeated_squaring(FIBONACCI_MATRIX, 10)
    >>> result.power, result.multiplications
    (((34, 55), (55, 89)), 4)
    """
    n = _require_int(n, "n")
    if n < 1:
        raise ValueError(f"n: expected a positive power, got {n}")
    result, count = matrix, 0
    for bit in bin(n)[3:]:
        result, count = matrix_product(result, result), count + 1
        if bit == "1":
            result, count = matrix_product(result, matrix), count + 1
    return PowerByRepeatedSquaring(result, count)


def binet(n: int, bits: int) -> int:
    """Binet's formula (φⁿ − ψⁿ)/√5 evaluated with ``bits`` of binary precision, rounded."""
    n, bits = _require_int(n, "n"), _require_int(bits, "bits")
    if bits < 2:
        raise ValueError(f"bits: expected at least 2 bits of precision, got {bits}")
    with mpmath.workprec(bits):
        root5 = mpmath.sqrt(5)
        phi, psi = (1 + root5) / 2, (1 - root5) / 2
        return int(mpmath.nint((phi**n - psi**n) / root5))


def minimal_binet_precision(n: int) -> int:
    """The smallest precision, in bits, at which :func:`binet` rounds to the exact F(n).

    Scans every precision upward, so "smallest" is literal and not an assumption
    of monotonicity; the exact answer comes from :func:`fib`.
    """
    exact = fib(_require_int(n, "n"))
    bits = 2
    while binet(n, bits) != exact:
        bits += 1
    return bits


@dataclass(frozen=True)
class BinetPrecision:
    """One row of the Binet-precision table of Chapter 1."""

    n: int
    digits_of_fib: int
    predicted_bits: float
    minimal_bits: int


def binet_precision_table(ns: Sequence[int] = (10, 100, 1000, 5000)) -> list[BinetPrecision]:
    """For each n: how many bits Binet needs, against the prediction n·log₂φ."""
    log2_phi = math.log2((1 + math.sqrt(5)) / 2)
    return [
        BinetPrecision(n, len(str(fib(n))), n * log2_phi, minimal_binet_precision(n))
        for n in ns
    ]
