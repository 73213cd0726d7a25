"""The hypotheses Chapter 2 states again and again, written once: a matrix is real, a matrix is
orthogonal, a vector is non-zero.

Each is a :class:`~derivations.engine.Hypothesis` a step can cite, so "for every orthogonal
$Q$" is a fact the check rewrites with, at symbolic size $d$, not a sentence.
"""

from __future__ import annotations

import sympy

from derivations.engine import Hypothesis, Relation
from derivations.engine.expressions import NormSquared
from derivations.engine.latex import textbook_latex


def _name(matrix: sympy.MatrixSymbol) -> str:
    return f"${textbook_latex(matrix)}$"


def real(matrix: sympy.MatrixSymbol, label: str = "real") -> Hypothesis:
    """``matrix`` has real entries: its conjugate transpose is its transpose."""
    return Hypothesis(label, sympy.adjoint(matrix), matrix.T, text=f"{_name(matrix)} is real")


def orthogonal(matrix: sympy.MatrixSymbol, label: str = "orthogonal") -> Hypothesis:
    """``matrix`` has orthonormal columns: ``matrixᵀ·matrix = I``."""
    return Hypothesis(label, matrix.T * matrix, sympy.Identity(matrix.cols),
                      text=f"{_name(matrix)} is orthogonal: its columns are orthonormal")


def nonzero(vector: sympy.MatrixSymbol, label: str = "nonzero") -> Hypothesis:
    """``vector`` is not the zero vector: its squared length is not 0."""
    return Hypothesis(label, NormSquared(vector), sympy.Integer(0), Relation.NE,
                      text=f"{_name(vector)} is not the zero vector")
