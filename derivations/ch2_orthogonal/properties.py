"""QᵀQ = I and what follows from it: lengths, singular values, determinant, eigenvalues.

Every "for all orthogonal Q" step is proved for a general 3×3 matrix of
independent symbols by reducing modulo the ideal of QᵀQ = I (see
:mod:`derivations.ch2_orthogonal.rewrites`); the n×n argument, which is the
same two lines, is stated as a hypothesis.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.rewrites import generic_matrix, modulo_orthogonality
from derivations.ch2_orthogonal.sources import MERITY, TUTORIAL
from derivations.engine import Derivation, Step, Symbolic, register
from derivations.notation import symbol

Q, x = symbol("Q"), symbol("x")
sigma = symbol("s")
GENERIC_Q = generic_matrix("q", 3, 3)
GENERIC_X = generic_matrix("x", 3, 1)
ON_ORTHOGONAL = modulo_orthogonality(GENERIC_Q)
GENERAL_Q_HYPOTHESIS = (
    r"$Q$ is a real $3\times3$ matrix with independent entries $q_{ij}$ subject only to "
    r"$Q^\top Q = I$; steps marked symbolic reduce modulo these six equations "
    r"(a Gröbner basis), so they hold for *every* orthogonal $3\times3$ matrix."
)


@register
def orthogonal_preserves_norm() -> Derivation:
    return Derivation(
        slug="orthogonal-preserves-norm",
        title="An orthogonal matrix preserves every length",
        chapter=2,
        source=MERITY + "; " + TUTORIAL,
        summary=(
            "Lengths are square roots of dot products, and $Q^\\top Q = I$ says exactly that "
            "$Q$ leaves dot products alone: $\\|Qx\\| = \\|x\\|$ for every $x$."
        ),
        hypotheses=(
            GENERAL_Q_HYPOTHESIS,
            r"$x = (x_1, x_2, x_3)^\top$ is any real vector.",
            r"For general $n$ the same argument reads "
            r"$\|Qx\|^2 = (Qx)^\top Qx = x^\top (Q^\top Q) x = x^\top x = \|x\|^2$.",
        ),
        definitions={Q: GENERIC_Q, x: GENERIC_X},
        steps=(
            Step("norm-as-gram-form", (Q * x).T * (Q * x), x.T * (Q.T * Q) * x,
                 "Transpose of a product: (Qx)ᵀ = xᵀQᵀ (true for any matrix).", Symbolic()),
            Step("norm-preserved", (Q * x).T * (Q * x), x.T * x,
                 "With QᵀQ = I the middle factor disappears: ‖Qx‖² = ‖x‖².",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
            Step("rows-orthonormal-too", Q * Q.T, sympy.Identity(3),
                 "A square left inverse is a right inverse: QQᵀ = I, so Qᵀ is orthogonal too.",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
        ),
    )


@register
def orthogonal_singular_values() -> Derivation:
    return Derivation(
        slug="orthogonal-singular-values",
        title="All singular values are 1, and det Q = ±1",
        chapter=2,
        source=TUTORIAL,
        summary=(
            "The singular values of $Q$ are the square roots of the eigenvalues of $Q^\\top Q$; "
            "since $Q^\\top Q = I$ they are all 1. Taking determinants of $Q^\\top Q = I$ gives "
            "$(\\det Q)^2 = 1$."
        ),
        hypotheses=(GENERAL_Q_HYPOTHESIS,
                    r"$\sigma$ is a singular value of $Q$ iff $\sigma \geq 0$ and "
                    r"$\det(\sigma^2 I - Q^\top Q) = 0$."),
        definitions={Q: GENERIC_Q},
        steps=(
            Step("characteristic-polynomial",
                 sympy.Determinant(sigma**2 * sympy.Identity(3) - Q.T * Q), (sigma**2 - 1) ** 3,
                 "QᵀQ = I, so its characteristic polynomial is (σ² − 1)³: every σ² = 1, σ = 1.",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
            Step("determinant-squared", sympy.Determinant(Q) ** 2, sympy.Integer(1),
                 "det(QᵀQ) = det(Q)² = det I = 1, so det Q = +1 or −1.",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
        ),
    )


@register
def orthogonal_eigenvalues() -> Derivation:
    a, b = generic_matrix("a", 3, 1), generic_matrix("b", 3, 1)
    A, B = sympy.MatrixSymbol("a", 3, 1), sympy.MatrixSymbol("b", 3, 1)
    v = sympy.MatrixSymbol("v", 3, 1)
    alpha, beta = sympy.symbols("alpha beta", real=True)
    lam = sympy.Symbol("lambda")
    theta = symbol("theta")
    rotation = sympy.ImmutableMatrix([[sympy.cos(theta), -sympy.sin(theta)],
                                      [sympy.sin(theta), sympy.cos(theta)]])
    R = sympy.MatrixSymbol("R_theta", 2, 2)
    return Derivation(
        slug="orthogonal-eigenvalues",
        title="Every eigenvalue of an orthogonal matrix has |λ| = 1",
        chapter=2,
        source=MERITY,
        summary=(
            "An eigenvalue may be complex even when $Q$ is real, so the length argument is run "
            "on a complex eigenvector $v = a + ib$: $Q$ preserves $\\|v\\|$, and $Qv = \\lambda v$ "
            "scales it by $|\\lambda|$, so $|\\lambda| = 1$. A real $\\lambda$ is therefore "
            "$\\pm1$; non-real ones come in conjugate pairs $e^{\\pm i\\theta}$."
        ),
        hypotheses=(
            GENERAL_Q_HYPOTHESIS,
            r"$v = a + ib \neq 0$ with $a, b \in \mathbb{R}^3$, $Qv = \lambda v$, "
            r"$\lambda = \alpha + i\beta$; $\|v\|^2 = \bar v^\top v$.",
            r"Since $\|v\|^2 > 0$, step (3) equal to step (2) forces $|\lambda|^2 = 1$. "
            r"The characteristic polynomial of a real matrix has real coefficients, so "
            r"$\lambda$ and $\bar\lambda$ are roots together.",
            r"$R_\theta$ is the rotation by $\theta$.",
        ),
        definitions={Q: GENERIC_Q, A: a, B: b, v: a + sympy.I * b, R: rotation},
        steps=(
            Step("complex-norm-splits", sympy.conjugate(Q * v).T * (Q * v),
                 (Q * A).T * (Q * A) + (Q * B).T * (Q * B),
                 "Q is real, so the cross terms cancel: ‖Qv‖² = ‖Qa‖² + ‖Qb‖².", Symbolic()),
            Step("complex-norm-preserved", sympy.conjugate(Q * v).T * (Q * v),
                 sympy.conjugate(v).T * v,
                 "Each real part keeps its length, so ‖Qv‖ = ‖v‖ for complex v too.",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
            Step("eigenvalue-scales-norm",
                 sympy.conjugate((alpha + sympy.I * beta) * v).T * ((alpha + sympy.I * beta) * v),
                 (alpha**2 + beta**2) * sympy.conjugate(v).T * v,
                 "But ‖λv‖² = |λ|²‖v‖²; with ‖Qv‖ = ‖v‖ ≠ 0 this forces |λ|² = α² + β² = 1.",
                 Symbolic()),
            Step("real-eigenvalue", (alpha - 1) * (alpha + 1), alpha**2 + 0**2 - 1,
                 "A real eigenvalue (β = 0) with α² = 1 is +1 or −1.", Symbolic()),
            Step("rotation-characteristic-polynomial",
                 sympy.Determinant(lam * sympy.Identity(2) - R),
                 (lam - sympy.exp(sympy.I * theta)) * (lam - sympy.exp(-sympy.I * theta)),
                 "The rotation by θ has the conjugate pair $e^{\\pm i\\theta}$: modulus 1, "
                 "real only if θ is a multiple of π.",
                 Symbolic(rewrite=lambda e: sympy.simplify(sympy.expand(e.rewrite(sympy.cos))))),
        ),
    )
