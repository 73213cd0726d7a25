"""Vanish, explode or stay bounded: the spectral radius decides, with the hypotheses made exact."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.eigendecomposition import EIGENVECTORS
from derivations.ch1_repeated_powers.fibonacci_matrix import FIBONACCI_MATRIX, MERITY
from derivations.ch1_repeated_powers.rewrites import PHI_VALUE, PSI_VALUE
from derivations.engine import Derivation, Induction, Instances, Step, Symbolic, register
from derivations.notation import symbol

n, lam, F, J = symbol("n"), symbol("lambda"), symbol("F"), symbol("B")
phi, psi = symbol("phi"), symbol("psi")
r = sympy.Symbol("r", positive=True)
JORDAN_BLOCK = sympy.MatrixSymbol("J_lambda", 2, 2)


@register
def spectral_trichotomy() -> Derivation:
    q_phi = sympy.MatrixSymbol("q_varphi", 2, 1)
    return Derivation(
        slug="spectral-trichotomy",
        title="When powers vanish, explode or stay bounded",
        chapter=1,
        source=MERITY + "; Korean summary (2021)",
        summary=(
            "The sources say: all $|\\lambda| < 1$ vanishes, one $|\\lambda| > 1$ explodes, all "
            "$|\\lambda| = 1$ \"maintains a constant norm\". The first two hold for every square "
            "matrix; the third needs the unit-modulus eigenvalues to be semisimple "
            "(no Jordan block), and even then the norm is bounded, not constant."
        ),
        hypotheses=(
            r"$A$ is a real or complex square matrix with spectral radius "
            r"$\rho(A) = \max |\lambda_i|$; every $A = PJP^{-1}$ with $J$ in Jordan form, "
            r"so $A^n = PJ^nP^{-1}$ and it suffices to study one Jordan block.",
            r"$J_\lambda = \begin{bmatrix}\lambda & 1\\ 0 & \lambda\end{bmatrix}$, "
            r"$J = J_1 = \begin{bmatrix}1 & 1\\ 0 & 1\end{bmatrix}$; $n \geq 0$ an integer.",
            r"Theorem: (i) $\rho(A) < 1 \Rightarrow A^n \to 0$; (ii) $Av = \lambda v$, "
            r"$|\lambda| > 1 \Rightarrow \|A^n v\| = |\lambda|^n \|v\| \to \infty$; "
            r"(iii) all $|\lambda_i| \leq 1$ gives bounded powers if and only if every "
            r"eigenvalue with $|\lambda| = 1$ is semisimple.",
        ),
        definitions={
            JORDAN_BLOCK: sympy.ImmutableMatrix([[lam, 1], [0, lam]]),
            J: sympy.ImmutableMatrix([[1, 1], [0, 1]]),
            F: FIBONACCI_MATRIX,
            q_phi: EIGENVECTORS[:, 1],
            phi: PHI_VALUE,
            psi: PSI_VALUE,
        },
        steps=(
            Step("jordan-block-powers", JORDAN_BLOCK**n,
                 sympy.ImmutableMatrix([[lam**n, n * lam ** (n - 1)], [0, lam**n]]),
                 "Induction on n: each step maps the corner entry nλⁿ⁻¹ to λ·nλⁿ⁻¹ + λⁿ.",
                 Induction(n, recurrence=lambda power: power * JORDAN_BLOCK)),
            Step("polynomial-times-geometric-vanishes",
                 sympy.Limit(n * r ** (n - 1), n, sympy.oo), sympy.Integer(0),
                 "(i) For |λ| = r < 1 the entries n rⁿ⁻¹ and rⁿ tend to 0: decay beats n.",
                 Instances(r, [sympy.Rational(1, 2), sympy.Rational(9, 10),
                               sympy.Rational(99, 100)])),
            Step("eigenvector-grows-geometrically", F**n * q_phi, phi**n * q_phi,
                 "(ii) Along an eigenvector Aⁿv = λⁿv; for F and φ > 1 this explodes like φⁿ.",
                 Induction(n, recurrence=lambda power: F * power)),
            Step("unit-jordan-block-powers", J**n, sympy.ImmutableMatrix([[1, n], [0, 1]]),
                 "(iii) Every eigenvalue of J is 1, yet Jⁿ = [[1, n], [0, 1]] by induction.",
                 Induction(n, recurrence=lambda power: power * J)),
            Step("unit-jordan-norm-grows",
                 sympy.Trace((J**n).T * J**n), n**2 + 2,
                 "‖Jⁿ‖²_F = n² + 2 → ∞: with |λ| = 1 but a Jordan block, the norm is unbounded, "
                 "not constant.",
                 Symbolic()),
        ),
    )
