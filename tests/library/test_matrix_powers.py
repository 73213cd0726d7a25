"""The example matrices of the Chapter 1 videos, against numpy's own linear algebra."""

from __future__ import annotations

import numpy
import pytest

from derivations import matrix_powers


@pytest.mark.parametrize("kind", ["vanishing", "exploding"])
def test_symmetric_examples_have_the_chosen_spectrum(kind):
    matrix = matrix_powers.example_matrix(kind)
    eigenvalues = numpy.sort(numpy.linalg.eigvalsh(matrix))
    assert numpy.allclose(eigenvalues, numpy.sort(matrix_powers.SPECTRA[kind]), atol=1e-12)


@pytest.mark.parametrize("kind", matrix_powers.KINDS)
def test_norms_follow_the_spectral_radius(kind):
    matrix = matrix_powers.example_matrix(kind)
    norms = matrix_powers.spectral_norms(matrix_powers.powers(matrix))
    radius = max(abs(numpy.linalg.eigvals(matrix)))
    steps = numpy.arange(len(norms))
    # Normal matrices: ‖Wᵗ‖₂ = ρᵗ exactly, so the plotted curve is the theorem.
    assert numpy.allclose(norms, radius**steps, rtol=1e-9)
    expected_end = {"vanishing": norms[-1] < 1e-2, "exploding": norms[-1] > 1e2,
                    "orthogonal": abs(norms[-1] - 1) < 1e-9}
    assert expected_end[kind]


def test_powers_match_numpy_matrix_power():
    matrix = matrix_powers.example_matrix("exploding")
    stack = matrix_powers.powers(matrix, 10)
    for t in (0, 1, 7, 10):
        assert numpy.allclose(stack[t], numpy.linalg.matrix_power(matrix, t))


def test_examples_are_reproducible_and_seeded():
    first = matrix_powers.example_matrix("orthogonal", seed=5)
    assert numpy.array_equal(first, matrix_powers.example_matrix("orthogonal", seed=5))
    assert not numpy.allclose(first, matrix_powers.example_matrix("orthogonal", seed=6))


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="kind"):
        matrix_powers.example_matrix("chaotic")
    with pytest.raises(ValueError, match="size"):
        matrix_powers.example_matrix("vanishing", size=0)
    with pytest.raises(ValueError, match="steps"):
        matrix_powers.powers(numpy.eye(2), -1)
