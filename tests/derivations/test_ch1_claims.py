"""Chapter 1 claims checked a second way: numpy and plain integer arithmetic against the symbolic
derivations, counterexamples, and the chapter's own checking aids shown able to fail."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import numpy
import pytest
import sympy

from derivations.ch1_repeated_powers.rewrites import binet_value
from derivations.engine import Relation, get
from derivations.engine.kernel import decide
from derivations.engine.verify import verify_step

GOLDEN = (1 + math.sqrt(5)) / 2
CONJUGATE = (1 - math.sqrt(5)) / 2


def recurrence(count: int) -> list[int]:
    """F(0) … F(count − 1) by the defining recurrence, in Python integers: the oracle."""
    values = [0, 1]
    while len(values) < count:
        values.append(values[-1] + values[-2])
    return values[:count]


FIB = recurrence(120)


def test_powers_of_f_hold_fibonacci_numbers():
    matrix = numpy.array([[0, 1], [1, 1]], dtype=object)  # exact integers, no overflow
    power = numpy.eye(2, dtype=int).astype(object)
    for n in range(1, 100):
        power = power.dot(matrix)
        assert power.tolist() == [[FIB[n - 1], FIB[n]], [FIB[n], FIB[n + 1]]]


def test_numpy_eigenvalues_are_the_golden_ratio_and_its_conjugate():
    eigenvalues = sorted(numpy.linalg.eigvals(numpy.array([[0.0, 1.0], [1.0, 1.0]])))
    assert numpy.allclose(eigenvalues, [CONJUGATE, GOLDEN], rtol=0, atol=1e-15)


def test_animation_reads_the_eigenvalues_by_name():
    # animations/scenes/fibonacci_eigenvalues.py reads these two names: keep them.
    decomposition = get("fibonacci-eigendecomposition")
    assert math.isclose(float(decomposition.value("varphi")), GOLDEN, rel_tol=1e-15)
    assert math.isclose(float(decomposition.value("psi")), CONJUGATE, rel_tol=1e-15)


def test_binet_against_the_recurrence():
    for n in range(70):  # float64 holds F(n) exactly below 2^53, i.e. up to n = 78
        assert round((GOLDEN**n - CONJUGATE**n) / math.sqrt(5)) == FIB[n]


def test_ratio_error_is_psi_to_the_n_over_f_n():
    for n in range(1, 30):
        error = Fraction(FIB[n + 1], FIB[n])  # exact ratio, then compared in floating point
        assert math.isclose(float(error) - GOLDEN, CONJUGATE**n / FIB[n], abs_tol=1e-15)
    assert abs(FIB[41] / FIB[40] - GOLDEN) < 1e-15


def test_tenth_power_ratio_is_below_one_ten_thousandth():
    assert (abs(CONJUGATE) / GOLDEN) ** 10 < 1e-4 < (abs(CONJUGATE) / GOLDEN) ** 9


def test_diagonalisable_powers_at_a_sampled_size():
    rng = numpy.random.default_rng(11)
    eigenvectors = rng.standard_normal((6, 6))
    eigenvalues = rng.uniform(-1.2, 1.2, 6)
    matrix = eigenvectors @ numpy.diag(eigenvalues) @ numpy.linalg.inv(eigenvectors)
    for n in (0, 1, 5, 12):
        expected = eigenvectors @ numpy.diag(eigenvalues**n) @ numpy.linalg.inv(eigenvectors)
        assert numpy.allclose(numpy.linalg.matrix_power(matrix, n), expected, atol=1e-9)


def test_length_along_an_eigenvector_is_multiplied_by_the_modulus():
    rng = numpy.random.default_rng(12)
    matrix = rng.standard_normal((5, 5))  # real, with complex eigenvalues in general
    eigenvalues, eigenvectors = numpy.linalg.eig(matrix)
    for eigenvalue, vector in zip(eigenvalues, eigenvectors.T, strict=True):
        for n in (1, 4, 9):
            moved = numpy.linalg.matrix_power(matrix, n) @ vector
            assert math.isclose(numpy.linalg.norm(moved),
                                abs(eigenvalue) ** n * numpy.linalg.norm(vector), rel_tol=1e-9)


def test_jordan_block_corner_rises_then_vanishes():
    block = numpy.array([[0.9, 1.0], [0.0, 0.9]])
    corners = [numpy.linalg.matrix_power(block, n)[0, 1] for n in range(1, 400)]
    assert numpy.allclose(corners, [n * 0.9 ** (n - 1) for n in range(1, 400)], rtol=1e-12)
    peak = int(numpy.argmax(corners)) + 1
    assert peak in (9, 10) and math.isclose(max(corners), 3.87420489, rel_tol=1e-12)
    assert corners[-1] < 1e-15


def test_shear_has_unit_eigenvalues_and_unbounded_powers():
    shear = numpy.array([[1.0, 1.0], [0.0, 1.0]])
    assert numpy.allclose(numpy.linalg.eigvals(shear), [1.0, 1.0])
    for n in (1, 10, 1000):
        column = numpy.linalg.matrix_power(shear, n) @ numpy.array([0.0, 1.0])
        assert math.isclose(column @ column, n**2 + 1)


def test_twice_the_identity_is_normal_not_orthogonal_and_doubles_lengths():
    rng = numpy.random.default_rng(13)
    for size in (1, 3, 8):
        matrix, x = 2 * numpy.eye(size), rng.standard_normal(size)
        assert numpy.array_equal(matrix @ matrix.T, matrix.T @ matrix)
        assert not numpy.allclose(matrix.T @ matrix, numpy.eye(size))
        for n in (1, 5, 20):
            length = numpy.linalg.norm(numpy.linalg.matrix_power(matrix, n) @ x)
            assert math.isclose(length, 2**n * numpy.linalg.norm(x), rel_tol=1e-12)


def test_quarter_turn_has_eigenvalues_plus_and_minus_i_and_period_four():
    turn = numpy.array([[0.0, 1.0], [-1.0, 0.0]])
    assert numpy.allclose(sorted(numpy.linalg.eigvals(turn), key=lambda z: z.imag), [-1j, 1j])
    assert numpy.array_equal(numpy.linalg.matrix_power(turn, 4), numpy.eye(2))
    assert not numpy.array_equal(numpy.linalg.matrix_power(turn, 2), numpy.eye(2))
    korean_v = numpy.array([[0.707, 0.707], [0.707j, -0.707j]])  # as printed, to 3 digits
    assert numpy.allclose(turn @ korean_v, korean_v @ numpy.diag([1j, -1j]), atol=1e-12)


def test_merity_rounding_holds_for_five_terms_and_fails_first_at_eight():
    # Merity: [np.round(13 * 1.618 ** i) for i in range(5)] == [13, 21, 34, 55, 89].
    assert [round(13 * Fraction("1.618") ** i) for i in range(5)] == [13, 21, 34, 55, 89]
    misses = [i for i in range(20) if abs(13 * Fraction("1.618") ** i - FIB[7 + i]) >= 0.5]
    assert misses[0] == 8
    exact_misses = [i for i in range(20) if abs(13 * GOLDEN**i - FIB[7 + i]) >= 0.5]
    assert exact_misses[0] == 8


def test_cassini_against_the_recurrence():
    assert all(FIB[n - 1] * FIB[n + 1] - FIB[n] ** 2 == (-1) ** n for n in range(1, 110))


def test_mixed_chain_is_not_a_fibonacci_block():
    f, mirrored = numpy.array([[0, 1], [1, 1]]), numpy.array([[1, 1], [1, 0]])
    assert (f @ mirrored @ mirrored @ f).tolist() == [[1, 2], [2, 5]]
    assert (f @ f @ f @ f).tolist() == [[2, 3], [3, 5]]


def test_binary_powering_count_against_the_bit_formula():
    cost = get("fibonacci-cost")
    count = cost.step("squaring-count").lhs.func
    for n in range(1, 3000):
        assert count(sympy.Integer(n)) == n.bit_length() - 1 + bin(n).count("1") - 1


# --- the chapter's checking aids reject false claims -----------------------------------------

n = sympy.Symbol("n", integer=True, positive=True)


def test_a_proposal_substituting_binets_formula_is_confirmed_only_with_the_right_sign():
    def substitute_binet(expression: sympy.Basic) -> sympy.Basic:
        return sympy.simplify(expression.replace(sympy.fibonacci, binet_value))

    phi, psi = (1 + sympy.sqrt(5)) / 2, (1 - sympy.sqrt(5)) / 2
    claim = sympy.fibonacci(n + 1) - phi * sympy.fibonacci(n)
    assert decide(claim, Relation.EQ, psi**n, proposal=substitute_binet).passed
    assert not decide(claim, Relation.EQ, -(psi**n), proposal=substitute_binet).passed


def test_the_kernels_fibonacci_recurrence_rejects_a_shifted_index():
    total = sympy.fibonacci(n + 1) + sympy.fibonacci(n)
    assert decide(sympy.fibonacci(n + 2), Relation.EQ, total).passed
    assert not decide(sympy.fibonacci(n + 3), Relation.EQ, total).passed


def test_the_kernels_moduli_as_products_reject_the_wrong_power():
    lam = sympy.Symbol("lambda")
    product = lam**n * sympy.conjugate(lam) ** n
    assert decide(product, Relation.EQ, sympy.Abs(lam) ** (2 * n)).passed
    assert not decide(product, Relation.EQ, sympy.Abs(lam) ** n).passed


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "label", "wrong_given"), [
    ("jordan-block-powers", "corner-vanishes", ("positive",)),
    ("spectral-trichotomy", "vanishes-inside", ("outside",)),
    ("spectral-trichotomy", "explodes-outside", ("nonzero", "inside")),
])
def test_limits_need_their_bounds(slug, label, wrong_given):
    derivation = get(slug)
    step = derivation.step(label)
    assert verify_step(step, derivation).passed
    assert not verify_step(dataclasses.replace(step, given=wrong_given), derivation).passed
