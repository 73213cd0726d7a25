"""Chapter 2 claims checked a second way: sampling against the symbolic integrals, and the
Gröbner rewrite shown able to fail."""

from __future__ import annotations

import math

import numpy
import sympy

from derivations import hidden_state
from derivations.ch2_orthogonal.properties import GENERIC_Q, GENERIC_X, ON_ORTHOGONAL
from derivations.engine import Relation, get
from derivations.engine.checks import decide
from derivations.haar import samples


def test_unfixed_qr_corner_mean_matches_the_integral():
    # The derivation gets −2/π by integrating; here 20,000 LAPACK QRs (se ≈ 0.0022) must agree.
    step = get("haar-moments-two-by-two").step("unfixed-qr-corner")
    exact = float(step.rhs)
    corner = samples("qr-lapack", 2, 20_000, seed=3)[:, 0, 0]
    assert abs(corner.mean() - exact) < 5 * corner.std() / math.sqrt(len(corner))


def test_orthogonality_rewrite_refuses_false_claims():
    lengths = (GENERIC_Q * GENERIC_X).T * (GENERIC_Q * GENERIC_X)
    doubled = 2 * GENERIC_X.T * GENERIC_X
    assert not decide(lengths, Relation.EQ, doubled, ON_ORTHOGONAL).passed
    # QQᵀ has the same trace as I but a symmetric non-orthogonal matrix does not reduce:
    symmetric = GENERIC_Q + GENERIC_Q.T
    assert not decide(symmetric * symmetric.T, Relation.EQ, sympy.eye(3), ON_ORTHOGONAL).passed


def test_hidden_state_norms_against_matrix_powers():
    matrices = hidden_state.weight_matrices(size=16, seed=5)
    for matrix in matrices.values():
        norms = hidden_state.hidden_state_norms(matrix, 40, seed=5)
        h0 = numpy.random.default_rng(6).standard_normal(16)
        h0 /= numpy.linalg.norm(h0)
        for t in (0, 1, 17, 40):
            expected = numpy.linalg.norm(numpy.linalg.matrix_power(matrix, t) @ h0)
            assert math.isclose(norms[t], expected, rel_tol=1e-10)
    orthogonal_norms = hidden_state.hidden_state_norms(matrices["orthogonal"], 1000)
    assert numpy.abs(orthogonal_norms - 1).max() < 1e-12


def test_rotation_orbit_against_exact_powers():
    exact = get("erratum-real-orthogonal-eigenvalues").value("R_60")
    orbit = hidden_state.rotation_orbit(math.pi / 3, 6)
    for t in range(7):
        column = (sympy.Matrix(exact) ** t)[:, 0]
        assert numpy.allclose(orbit[t], [float(v) for v in column])
