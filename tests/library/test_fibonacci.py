"""``derivations.fibonacci`` against the integer recurrence, GMP's own fib, and known values."""

from __future__ import annotations

import math

import gmpy2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from derivations.fibonacci import (
    FIBONACCI_MATRIX,
    binet,
    fib,
    matrix_product,
    minimal_binet_precision,
    power_by_repeated_squaring,
)


def recurrence(count: int) -> list[int]:
    """F(0) … F(count − 1) by the defining recurrence: the slow, obviously right oracle."""
    values = [0, 1]
    while len(values) < count:
        values.append(values[-1] + values[-2])
    return values[:count]


def test_matches_the_recurrence():
    assert [fib(n) for n in range(500)] == recurrence(500)


def test_known_values():
    assert fib(100) == 354224848179261915075
    assert fib(0) == 0 and fib(1) == 1 and fib(2) == 1


@given(st.integers(min_value=0, max_value=20_000))
def test_matches_gmp(n):
    assert fib(n) == int(gmpy2.fib(n))


def doubling_edge_cases() -> list[int]:
    """Indices whose bits exercise every branch of the doubling: all ones, all zeros after a
    one, alternating, at both parities of the last step, up to and past 10⁶."""
    cases = {0, 1, 2, 3, 4, 5, 6, 7, 10**6 - 1, 10**6, 10**6 + 1, 2 * 10**6 + 1}
    for bits in range(1, 23):
        cases |= {2**bits - 1, 2**bits, 2**bits + 1}
        cases |= {int("10" * bits, 2), int("10" * bits, 2) + 1, int("110" * (bits // 2 + 1), 2)}
    return sorted(n for n in cases if n <= 2**22 + 1)


@pytest.mark.parametrize("n", doubling_edge_cases())
def test_matches_gmp_at_doubling_edge_cases(n):
    # gmpy2.fib is GMP's mpz_fib_ui, written independently of this module.
    expected = int(gmpy2.fib(n))
    assert fib(n) == expected
    assert fib(-n) == (expected if n % 2 else -expected)


def test_matches_an_iterative_loop_up_to_five_thousand():
    expected = recurrence(5001)
    assert [fib(n) for n in range(5001)] == expected
    assert [fib(-n) for n in range(1, 5001)] == [
        (-1) ** (n + 1) * expected[n] for n in range(1, 5001)]


@given(st.integers(min_value=-300, max_value=300))
def test_extends_the_recurrence_to_negative_indices(n):
    assert fib(n + 2) == fib(n + 1) + fib(n)


def test_negative_indices_alternate_in_sign():
    for n in range(1, 50):
        assert fib(-n) == (-1) ** (n + 1) * fib(n)


def test_returns_a_plain_int_even_when_huge():
    value = fib(10**5)
    assert type(value) is int and value == int(gmpy2.fib(10**5))


@pytest.mark.slow
def test_exact_millionth_number():
    assert fib(10**6) == int(gmpy2.fib(10**6))


@pytest.mark.parametrize("bad", [True, 3.0, "5", None, 2 + 0j])
def test_rejects_non_integers_naming_the_argument(bad):
    with pytest.raises(TypeError, match=r"^n: expected an int"):
        fib(bad)


def test_repeated_squaring_gives_the_naive_power_and_logarithmic_count():
    naive = ((1, 0), (0, 1))
    for n in range(1, 300):
        naive = matrix_product(naive, FIBONACCI_MATRIX)
        result = power_by_repeated_squaring(FIBONACCI_MATRIX, n)
        assert result.power == naive
        assert result.multiplications <= 2 * math.floor(math.log2(n))


def test_repeated_squaring_rejects_bad_powers():
    with pytest.raises(ValueError, match="n: expected an int from 1 to"):
        power_by_repeated_squaring(FIBONACCI_MATRIX, 0)
    with pytest.raises(TypeError, match="n: expected an int"):
        power_by_repeated_squaring(FIBONACCI_MATRIX, 2.0)


@pytest.mark.parametrize("n", [10, 80, 300])
def test_minimal_binet_precision_is_minimal(n):
    bits = minimal_binet_precision(n)
    assert binet(n, bits) == recurrence(n + 1)[n]
    assert binet(n, bits - 1) != recurrence(n + 1)[n]


def test_binet_rejects_too_little_precision():
    with pytest.raises(ValueError, match="bits"):
        binet(10, 1)
