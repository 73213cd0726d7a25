"""The quarter turn R_{−π/2}: a real matrix with complex eigenvalues ±i, whose powers cycle."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.display import power
from derivations.ch1_repeated_powers.sources import BOTH
from derivations.ch1_repeated_powers.symbols import of_the_plane
from derivations.engine import Derivation, Step, Symbolic, register
from derivations.notation import symbol

R, lam = symbol("R_quarter"), symbol("lambda")
V, LAMBDA = of_the_plane("V"), of_the_plane("Lambda")
ROTATION = sympy.ImmutableMatrix([[0, 1], [-1, 0]])
# The Korean summary prints V with entries 0.707 and 0.707i: 1/√2, unit-length eigenvectors.
ROTATION_EIGENVECTORS = sympy.MatMul(power(sympy.sqrt(2), -1),
                                     sympy.ImmutableMatrix([[1, 1], [sympy.I, -sympy.I]]),
                                     evaluate=False)
ROTATION_EIGENVALUES = sympy.ImmutableMatrix(sympy.diag(sympy.I, -sympy.I))


@register
def rotation_eigenvalues() -> Derivation:
    identity = sympy.Identity(2)
    return Derivation(
        title="A rotation with complex eigenvalues of modulus one",
        source=BOTH,
        statement=(
            r"The quarter turn $R_{-\pi/2}$ has no real eigenvalue; over the complex numbers its "
            r"eigenvalues are $\pm i$, of modulus 1. It is orthogonal, and its powers cycle with "
            r"period 4:"
        ),
        hypotheses=(),
        definitions={R: ROTATION, V: ROTATION_EIGENVECTORS, LAMBDA: ROTATION_EIGENVALUES},
        steps=(
            Step("characteristic-polynomial",
                 sympy.Determinant(lam * identity - R), lam**2 + 1,
                 r"Expand the determinant: $\lambda^2 + 1$ has no real root, its roots are "
                 r"$\pm i$.", Symbolic()),
            Step("decomposition", R, V * LAMBDA * V.I,
                 r"The Korean summary's eigenvectors (its $0.707$ is $1/\sqrt2$) diagonalise "
                 r"$R_{-\pi/2}$ over the complex numbers.", Symbolic()),
            Step("eigenvectors-are-orthonormal", sympy.adjoint(V) * V, identity,
                 r"$V$ is unitary: the two unit eigenvectors are orthogonal in the complex "
                 r"sense.", Symbolic()),
            Step("orthogonal", R.T * R, identity,
                 r"$R_{-\pi/2}$ is orthogonal, so it preserves every length.", Symbolic()),
            Step("half-turn", R**2, -identity,
                 r"Two quarter turns make a half turn; so $R_{-\pi/2}^2 \neq I$, and "
                 r"$R_{-\pi/2}^3 = -R_{-\pi/2} \neq I$.",
                 Symbolic()),
            Step("fourth-power-is-identity", R**4, identity,
                 r"Four make a full turn: the powers cycle with period 4.", Symbolic()),
        ),
        conclusion="decomposition",
    )
