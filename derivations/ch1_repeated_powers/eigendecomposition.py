"""F = QΛQ⁻¹, so Fⁿ = QΛⁿQ⁻¹ and Binet's formula: the eigenvalues decide growth."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.fibonacci_matrix import FIBONACCI_MATRIX, MERITY
from derivations.ch1_repeated_powers.rewrites import PHI_VALUE, PSI_VALUE, SQRT5
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

F, Q, LAMBDA = symbol("F"), symbol("V"), symbol("Lambda")
phi, psi, lam, n = symbol("phi"), symbol("psi"), symbol("lambda"), symbol("n")

# Merity orders the eigenvalues (ψ, φ): his Λ¹⁰ prints as diag(0.0081, 122.99).
EIGENVECTORS = sympy.ImmutableMatrix([[1, 1], [psi, phi]])
EIGENVALUES = sympy.ImmutableMatrix(sympy.diag(psi, phi))


@register
def fibonacci_eigendecomposition() -> Derivation:
    identity = sympy.Identity(2)
    return Derivation(
        slug="fibonacci-eigendecomposition",
        title="Eigendecomposition of F and Binet's formula",
        chapter=1,
        source=MERITY,
        summary=(
            "Diagonalising $F$ turns the $n$-th power into the $n$-th powers of two numbers: "
            "one above 1, which explodes, and one inside the unit circle, which vanishes."
        ),
        hypotheses=(
            r"$F = \begin{bmatrix}0 & 1\\ 1 & 1\end{bmatrix}$; "
            r"$\varphi = \frac{1+\sqrt5}{2}$, $\psi = \frac{1-\sqrt5}{2}$.",
            r"$Q = \begin{bmatrix}1 & 1\\ \psi & \varphi\end{bmatrix}$ (eigenvectors as columns), "
            r"$\Lambda = \operatorname{diag}(\psi, \varphi)$.",
            r"$n$ is an integer, $n \geq 0$.",
        ),
        definitions={
            F: FIBONACCI_MATRIX,
            Q: EIGENVECTORS,
            LAMBDA: EIGENVALUES,
            phi: PHI_VALUE,
            psi: PSI_VALUE,
        },
        steps=(
            Step(
                "characteristic-polynomial",
                sympy.Determinant(lam * identity - F),
                lam**2 - lam - 1,
                "Expand the 2×2 determinant.",
                Symbolic(),
            ),
            Step("phi-is-a-root", phi**2 - phi - 1, sympy.Integer(0),
                 "φ solves λ² − λ − 1 = 0 (quadratic formula, + sign).", Symbolic()),
            Step("psi-is-a-root", psi**2 - psi - 1, sympy.Integer(0),
                 "ψ solves λ² − λ − 1 = 0 (quadratic formula, − sign).", Symbolic()),
            Step(
                "eigenvectors",
                F * Q,
                Q * LAMBDA,
                "Each column (1, λ)ᵀ of Q is mapped to λ times itself: FQ = QΛ.",
                Symbolic(),
            ),
            Step(
                "decomposition",
                F,
                Q * LAMBDA * Q.I,
                "Q is invertible (det Q = φ − ψ = √5 ≠ 0), so multiply FQ = QΛ by Q⁻¹.",
                Symbolic(),
            ),
            Step(
                "powers",
                F**n,
                Q * LAMBDA**n * Q.I,
                "Induction on n: the inner Q⁻¹Q cancel, so only Λ is raised to the power.",
                Induction(n, recurrence=lambda power: power * F),
            ),
            Step(
                "binet",
                sympy.fibonacci(n),
                (phi**n - psi**n) / sympy.sqrt(5),
                "Binet's formula, by induction on n with F(n+2) = F(n+1) + F(n): "
                "φ and ψ both solve λ² = λ + 1.",
                Induction(n, recurrence=lambda previous, current: previous + current, order=2),
            ),
            Step(
                "tenth-power",
                LAMBDA**10,
                sympy.ImmutableMatrix(sympy.diag((123 - 55 * SQRT5) / 2, (123 + 55 * SQRT5) / 2)),
                "Λ¹⁰ = diag(ψ¹⁰, φ¹⁰) exactly: the article's diag(0.0081, 122.99).",
                Symbolic(),
            ),
            Step("psi-tenth-lower", psi**10, sympy.Rational(81, 10_000),
                 "ψ¹⁰ ≈ 0.0081 from above: the vanishing eigenvalue is already negligible.",
                 Symbolic(), relation=Relation.GT),
            Step("psi-tenth-upper", psi**10, sympy.Rational(82, 10_000),
                 "…and below 0.0082.", Symbolic(), relation=Relation.LT),
            Step("phi-tenth-lower", phi**10, sympy.Rational(12_299, 100),
                 "φ¹⁰ ≈ 122.99 from above: the exploding eigenvalue dominates.",
                 Symbolic(), relation=Relation.GT),
            Step("phi-tenth-upper", phi**10, sympy.Integer(123),
                 "…and below 123.", Symbolic(), relation=Relation.LT),
            Step(
                "tenth-trace",
                phi**10 + psi**10,
                sympy.Integer(123),
                "The irrational parts cancel: φ¹⁰ + ψ¹⁰ is the integer 123 (a Lucas number).",
                Symbolic(),
            ),
        ),
    )
