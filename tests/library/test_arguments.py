"""``derivations.arguments``: what each shared check accepts, refuses, and how it says so."""

from __future__ import annotations

import fractions
import math
import time

import numpy
import pytest

from derivations import arguments


@pytest.mark.parametrize("value", [3, numpy.int64(3), numpy.int8(3), numpy.uint64(3)])
def test_integers_accept_python_and_numpy_integers(value):
    result = arguments.integer("steps", value, 0, 10)
    assert result == 3 and type(result) is int


@pytest.mark.parametrize("value", [True, numpy.bool_(True), 3.0, numpy.float64(3), "3", None,
                                   3 + 0j, fractions.Fraction(3)])
def test_integers_refuse_everything_else_naming_the_argument(value):
    with pytest.raises(TypeError, match=r"^steps: expected an int, got "):
        arguments.integer("steps", value)


def test_integer_bounds_are_inclusive_and_huge_values_are_not_printed():
    assert arguments.integer("n", 10, 1, 10) == 10
    with pytest.raises(ValueError, match=r"^n: expected an int from 1 to 10, got 11$"):
        arguments.integer("n", 11, 1, 10)
    with pytest.raises(ValueError, match=r"^n: expected an int ≥ 0, got an int of 33,220 bits$"):
        arguments.integer("n", -(10**10000), 0)


@pytest.mark.parametrize("value", [0.5, numpy.float32(0.5), numpy.float16(0.5),
                                   numpy.float64(0.5), fractions.Fraction(1, 2)])
def test_reals_accept_numpy_floating_scalars_and_fractions(value):
    assert arguments.real("epsilon", value, above=0) == 0.5


@pytest.mark.parametrize(("value", "error"), [
    (True, TypeError), (numpy.bool_(False), TypeError), (1j, TypeError),
    (numpy.complex64(1), TypeError),
    ("0.5", TypeError), (None, TypeError), (math.nan, ValueError), (math.inf, ValueError),
    (numpy.float32("nan"), ValueError), (10**400, ValueError), (0.0, ValueError),
    (-0.1, ValueError)])
def test_reals_refuse_non_reals_non_finite_and_out_of_bounds(value, error):
    with pytest.raises(error, match=r"^epsilon: expected a "):
        arguments.real("epsilon", value, above=0)


def test_real_bounds_say_what_was_expected():
    with pytest.raises(ValueError, match=r"^tolerance: expected a finite real number > 0 and "
                                         r"< 1, got 1\.0$"):
        arguments.real("tolerance", 1.0, above=0, below=1)
    assert arguments.real("gamma", 0, at_least=0) == 0.0
    assert arguments.real("x", 1, at_most=1) == 1.0


def test_choices_distinguish_the_wrong_kind_from_an_unknown_name():
    assert arguments.choice("kind", "qr", ("qr", "svd")) == "qr"
    with pytest.raises(TypeError, match=r"^kind: expected one of \('qr', 'svd'\), got list"):
        arguments.choice("kind", ["qr"], ("qr", "svd"))
    with pytest.raises(ValueError, match=r"^kind: expected one of \('qr', 'svd'\), got 'QR'$"):
        arguments.choice("kind", "QR", ("qr", "svd"))


def test_seeds_are_non_negative_ints():
    assert arguments.seed("seed", numpy.int64(2**40)) == 2**40
    with pytest.raises(ValueError, match=r"^seed: "):
        arguments.seed("seed", -1)


@pytest.mark.parametrize(("value", "kind", "error", "message"), [
    ([[1.0]], "real", TypeError, "expected a numpy array, got list"),
    (numpy.ones(3), "real", ValueError, "expected 2 dimensions, got shape"),
    (numpy.ones((2, 2), dtype=bool), "real", TypeError, "expected real entries"),
    (numpy.ones((2, 2), dtype=numpy.float16), "real", TypeError, "expected real entries"),
    (numpy.ones((2, 2), dtype=object), "number", TypeError, "expected real or complex"),
    (numpy.ones((2, 2), dtype=complex), "real", TypeError, "expected real entries"),
    (numpy.ones((2, 2), dtype=int), "float", TypeError, "expected float32 or float64"),
    (numpy.array([[1.0, numpy.nan]]), "real", ValueError, "expected finite entries"),
    (numpy.array([[numpy.inf, 1j]]), "number", ValueError, "expected finite entries"),
])
def test_arrays_are_checked_for_kind_dimensions_dtype_and_finiteness(value, kind, error, message):
    with pytest.raises(error, match=f"^weights: {message}"):
        arguments.array("weights", value, 2, kind=kind)


def test_arrays_that_pass_are_returned_untouched():
    matrix = numpy.asfortranarray(numpy.ones((2, 3), dtype=numpy.float32))
    assert arguments.array("w", matrix, 2) is matrix
    assert arguments.array("w", numpy.array([[1, 2]], dtype=numpy.uint8), (1, 2)).dtype == "uint8"
    assert arguments.array("w", numpy.array([numpy.inf]), 1, finite=False).shape == (1,)


def test_a_huge_broadcast_view_is_refused_before_its_entries_are_read():
    # 1.6 billion entries that occupy no memory: reading them for inf would take minutes.
    view = numpy.broadcast_to(0.0, (40_000, 40_000))
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"^w: 1,600,000,000 entries, more than the "):
        arguments.square("w", view)
    assert time.perf_counter() - start < 1


def test_square_matrices_have_a_size_limit():
    with pytest.raises(ValueError, match=r"^w: expected a square matrix, got shape \(2, 3\)"):
        arguments.square("w", numpy.ones((2, 3)))
    with pytest.raises(ValueError, match=r"^w: expected at most 2×2, got shape \(3, 3\)"):
        arguments.square("w", numpy.eye(3), maximum=2)


def test_an_overflowing_result_is_refused_as_both_value_and_overflow_error():
    with pytest.raises(arguments.ResultOverflowError, match=r"^w: W² overflows float64$") as caught:
        arguments.finite_result("w", numpy.array([1.0, numpy.inf]), "W²")
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, OverflowError)
    finite = numpy.ones(2)
    assert arguments.finite_result("w", finite, "W²") is finite


def test_budgets_name_every_argument_that_sets_them():
    arguments.within("size, steps", 10, 10, "entries")
    with pytest.raises(ValueError, match=r"^size, steps: 11 entries, more than the 10 allowed$"):
        arguments.within("size, steps", 11, 10, "entries")


def test_the_examples_in_its_docstrings_run():
    # derivations.arguments is not in the API reference's module list, whose doctests
    # tests/library/test_doctests.py runs.
    import doctest

    result = doctest.testmod(arguments)
    assert result.attempted >= 5 and result.failed == 0
