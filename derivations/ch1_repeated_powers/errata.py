"""Where the chapter 1 sources are wrong as written, each with the check that shows it."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.sources import BOTH, KOREAN_SUMMARY
from derivations.engine import Derivation, Hypothesis, Induction, Relation, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

A, x, n = symbol("A"), symbol("x"), symbol("n")
SHEAR, e2, lam = symbol("B"), symbol("e_2"), symbol("lambda")
SHEAR_MATRIX = sympy.ImmutableMatrix([[1, 1], [0, 1]])


@register
def erratum_normal_is_not_orthogonal() -> Derivation:
    identity = sympy.Identity(DIMENSION)
    return Derivation(
        title="Commuting with the transpose does not make a matrix orthogonal",
        source=KOREAN_SUMMARY,
        statement=(
            r'The Korean summary defines an orthogonal matrix $A$ by "$A^{-1}=A^{T}$ or '
            r'$AA^{T}=A^{T}A$". The second condition only makes $A$ *normal*: $A = 2I$ is '
            r"normal, of every size $d$, but not orthogonal, and its powers double every length."
        ),
        hypotheses=(
            Hypothesis("twice-identity", A, 2 * identity, text="the counterexample"),
            Hypothesis("real-vector", sympy.adjoint(x), x.T, text=r"$x$ is real"),
        ),
        steps=(
            Step("normal", A * A.T, A.T * A,
                 r"A multiple of the identity commutes with its transpose: $A$ is normal.",
                 Symbolic(), given=("twice-identity",)),
            Step("not-orthogonal", A.T * A, identity,
                 r"$A^\top A = 4I$, so $A^{-1} = A^\top/4 \neq A^\top$.",
                 Symbolic(), relation=Relation.NE, given=("twice-identity",),
                 still_true={"rhs+1": r"$A^\top A = 4I$ is not $2I$ either",
                             "rhs*2": r"$A^\top A = 4I$ is not $2I$ either"}),
            Step("powers", A**n, 2**n * identity,
                 r"Induction on $n$: each factor $A = 2I$ doubles the power.",
                 Induction(n, recurrence=lambda power: power * A), given=("twice-identity",)),
            Step("lengths-explode", NormSquared(A**n * x), 4**n * NormSquared(x),
                 r"So $\lVert A^n x\rVert = 2^n \lVert x\rVert$: the powers explode like $2^n$, "
                 r"the opposite of what orthogonality buys.",
                 Symbolic(), given=("powers", "real-vector")),
        ),
        claims_every_size=True,
    )


@register
def erratum_unit_eigenvalues_constant_norm() -> Derivation:
    return Derivation(
        title="Eigenvalues of modulus one do not keep the norm constant",
        source=BOTH,
        statement=(
            "Merity's summary, repeated by the Korean one, says the power \"maintains a "
            "constant norm if the absolute value of all eigenvalues are 1\". The shear $B$ has "
            r"both eigenvalues equal to 1, yet its powers grow without bound:"
        ),
        hypotheses=(),
        definitions={SHEAR: SHEAR_MATRIX, e2: sympy.ImmutableMatrix([0, 1])},
        steps=(
            Step("characteristic-polynomial",
                 sympy.Determinant(lam * sympy.Identity(2) - SHEAR), (lam - 1) ** 2,
                 r"Triangular: both eigenvalues are 1, on the unit circle.", Symbolic()),
            Step("powers", SHEAR**n, sympy.ImmutableMatrix([[1, n], [0, 1]]),
                 r"Induction on $n$: each factor adds the first column to the second.",
                 Induction(n, recurrence=lambda power: power * SHEAR)),
            Step("length-grows", NormSquared(SHEAR**n * e2), n**2 + 1,
                 r"$B^n e_2 = (n, 1)^\top$: the length grows like $n$, not constant and "
                 r"not even bounded.",
                 Symbolic(), given=("powers",)),
        ),
    )
