"""The 90° rotation: a real matrix with complex eigenvalues ±i, whose powers cycle."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.fibonacci_matrix import MERITY
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

R, lam = symbol("R"), symbol("lambda")
ROTATION = sympy.ImmutableMatrix([[0, 1], [-1, 0]])
# Merity prints Q with entries 0.707 = 1/√2: unit-length complex eigenvectors.
ROTATION_EIGENVECTORS = sympy.ImmutableMatrix([[1, 1], [sympy.I, -sympy.I]]) / sympy.sqrt(2)
ROTATION_EIGENVALUES = sympy.ImmutableMatrix(sympy.diag(sympy.I, -sympy.I))


@register
def rotation_eigenvalues() -> Derivation:
    Q, LAMBDA = symbol("V"), symbol("Lambda")
    v = sympy.MatrixSymbol("v", 2, 1)
    return Derivation(
        slug="rotation-eigenvalues",
        title="The 90° rotation and its complex eigenvalues",
        chapter=1,
        source=MERITY + "; Korean summary (2021)",
        summary=(
            "A real matrix can have eigenvalues of modulus 1 other than ±1: they come as a "
            "complex pair, and repeated multiplication rotates instead of growing or shrinking."
        ),
        hypotheses=(
            r"$R = \begin{bmatrix}0 & 1\\ -1 & 0\end{bmatrix}$ (a 90° clockwise rotation of "
            r"the plane); $Q = \frac{1}{\sqrt2}\begin{bmatrix}1 & 1\\ i & -i\end{bmatrix}$, "
            r"$\Lambda = \operatorname{diag}(i, -i)$, $v = (1, i)^\top$.",
        ),
        definitions={
            R: ROTATION,
            Q: ROTATION_EIGENVECTORS,
            LAMBDA: ROTATION_EIGENVALUES,
            v: sympy.ImmutableMatrix([1, sympy.I]),
        },
        steps=(
            Step("characteristic-polynomial",
                 sympy.Determinant(lam * sympy.Identity(2) - R), lam**2 + 1,
                 "Expand the determinant: no real root, so the eigenvalues are ±i.", Symbolic()),
            Step("eigenvector", R * v, sympy.I * v,
                 "(1, i)ᵀ is an eigenvector for i; its conjugate (1, −i)ᵀ belongs to −i.",
                 Symbolic()),
            Step("decomposition", R, Q * LAMBDA * Q.I,
                 "Merity's Q and Λ (with 0.707 = 1/√2) diagonalise R over the complex numbers.",
                 Symbolic()),
            Step("eigenvectors-are-orthonormal", sympy.adjoint(Q) * Q, sympy.Identity(2),
                 "Q is unitary: the normalised eigenvectors of a real orthogonal matrix are "
                 "orthonormal in ℂ².", Symbolic()),
            Step("orthogonal", R.T * R, sympy.Identity(2),
                 "R is orthogonal, so it preserves every length.", Symbolic()),
            Step("fourth-power-is-identity", R**4, sympy.Identity(2),
                 "Four quarter turns make a full turn: the powers of R cycle with period 4.",
                 Symbolic()),
            Step("second-power-is-not-identity", R**2, sympy.Identity(2),
                 "…and no shorter period: R² = −I.", Symbolic(), relation=Relation.NE),
        ),
    )
