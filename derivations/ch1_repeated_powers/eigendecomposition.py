"""F = VΛV⁻¹, so Fⁿ = VΛⁿV⁻¹, and Binet's formula: the two eigenvalues decide growth."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.display import minus, power, product, written
from derivations.ch1_repeated_powers.fibonacci_matrix import FIBONACCI_MATRIX
from derivations.ch1_repeated_powers.rewrites import PHI_VALUE, PSI_VALUE, SQRT5
from derivations.ch1_repeated_powers.sources import MERITY
from derivations.ch1_repeated_powers.symbols import of_the_plane
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

F, V, LAMBDA = symbol("F"), of_the_plane("V"), of_the_plane("Lambda")
phi, psi, lam, n = symbol("phi"), symbol("psi"), symbol("lambda"), symbol("n")

EIGENVECTORS = sympy.ImmutableMatrix([[1, 1], [psi, phi]])
EIGENVALUES = sympy.ImmutableMatrix(sympy.diag(psi, phi))


def binet_display() -> sympy.Basic:
    """(φⁿ − ψⁿ)/√5 as a textbook writes it (SymPy would print √5(−ψⁿ + φⁿ)/5)."""
    return product(written(phi**n, minus(psi**n)), power(SQRT5, -1))


@register
def fibonacci_eigendecomposition() -> Derivation:
    identity = sympy.Identity(2)
    return Derivation(
        title="Eigendecomposition of the Fibonacci matrix and Binet's formula",
        source=MERITY,
        statement=(
            r"$F = V\Lambda V^{-1}$ with eigenvalues $\varphi \approx 1.618$ and "
            r"$\psi \approx -0.618$, so $F^n = V\Lambda^n V^{-1}$, and every Fibonacci number "
            r"is an exploding power minus a vanishing one (Binet's formula):"
        ),
        hypotheses=(),
        definitions={
            F: FIBONACCI_MATRIX,
            V: EIGENVECTORS,
            LAMBDA: EIGENVALUES,
            phi: PHI_VALUE,
            psi: PSI_VALUE,
        },
        steps=(
            Step("characteristic-polynomial", sympy.Determinant(lam * identity - F),
                 lam**2 - lam - 1,
                 r"Expand the $2 \times 2$ determinant: the eigenvalues are its roots.",
                 Symbolic()),
            Step("phi-is-a-root", phi**2, phi + 1,
                 r"$\varphi$ is the root with the $+$ sign of the quadratic formula.", Symbolic()),
            Step("psi-is-a-root", psi**2, psi + 1,
                 r"$\psi$ is the root with the $-$ sign.", Symbolic()),
            Step("eigenvectors", F * V, V * LAMBDA,
                 r"Each column $(1, \lambda)^\top$ of $V$ is mapped to $\lambda$ times itself, "
                 r"because $\lambda^2 = \lambda + 1$.",
                 Symbolic()),
            Step("invertible", sympy.Determinant(V), SQRT5,
                 r"$\det V = \varphi - \psi \neq 0$, so $V$ has an inverse.", Symbolic()),
            Step("decomposition", F, V * LAMBDA * V.I,
                 r"Multiply $FV = V\Lambda$ on the right by $V^{-1}$.", Symbolic()),
            Step("powers", F**n, V * LAMBDA**n * V.I,
                 r"Induction on $n$: in $(V\Lambda V^{-1})^n$ every inner $V^{-1}V$ is $I$, so "
                 r"only $\Lambda$ is raised to the power.",
                 Induction(n, recurrence=lambda power: power * F)),
            Step("phi-outside", phi, sympy.Integer(1),
                 r"$\varphi > 1$: its powers explode …", Symbolic(), relation=Relation.GT),
            Step("psi-inside", sympy.Abs(psi), sympy.Integer(1),
                 r"… and $|\psi| < 1$: its powers vanish.", Symbolic(), relation=Relation.LT),
            Step("tenth-power-ratio", (psi / phi) ** 10, sympy.Rational(1, 10_000),
                 r"Already at $n = 10$ the vanishing eigenvalue is almost irrelevant: "
                 r"$\psi^{10}$ is less than a ten-thousandth of $\varphi^{10}$.",
                 Symbolic(), relation=Relation.LT),
            Step("binet", sympy.fibonacci(n), (phi**n - psi**n) / SQRT5,
                 r"Induction on $n$: both sides start $0, 1$ and obey $F_{k+2} = F_{k+1} + F_k$, "
                 r"because $\varphi$ and $\psi$ solve $\lambda^2 = \lambda + 1$. It is the "
                 r"top-right entry of $V\Lambda^n V^{-1}$.",
                 Induction(n, recurrence=lambda previous, current: previous + current, order=2),
                 display_rhs=binet_display()),
        ),
        conclusion="binet",
    )
