"""A Jordan block has one eigenvector, yet its powers still vanish when |λ| < 1: n·rⁿ⁻¹ → 0."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.sources import BOTH
from derivations.engine import Derivation, Hypothesis, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

BLOCK, lam, r, n = symbol("B_lambda"), symbol("lambda"), symbol("r"), symbol("n")
V = symbol("V")
mu = sympy.Symbol("mu")  # any number: the variable of the characteristic polynomial
JORDAN_BLOCK = sympy.ImmutableMatrix([[lam, 1], [0, lam]])


@register
def jordan_block_powers() -> Derivation:
    return Derivation(
        title="The corner of a Jordan block's powers still vanishes inside the unit circle",
        source=BOTH,
        statement=(
            r"$B_\lambda$ has the single eigenvalue $\lambda$ but is not $\lambda I$, which is "
            r"the only diagonalisable matrix, of any size, with that single eigenvalue; and its "
            r"powers carry a factor $n$: the corner $n\lambda^{n-1}$. If $|\lambda| = r$ with "
            r"$0 < r < 1$, the corner's modulus $n r^{n-1}$ still tends to 0:"
        ),
        hypotheses=(
            Hypothesis("positive", r, sympy.Integer(0), Relation.GT,
                       text="$\\lambda \\neq 0$"),
            Hypothesis("below-one", r, sympy.Integer(1), Relation.LT,
                       text="$\\lambda$ lies inside the unit circle"),
            Hypothesis("invertible", sympy.Determinant(V), sympy.Integer(0), Relation.NE,
                       text="$V$ is invertible: its columns, eigenvectors, are independent"),
        ),
        definitions={BLOCK: JORDAN_BLOCK},
        steps=(
            Step("single-eigenvalue", sympy.Determinant(mu * sympy.Identity(2) - BLOCK),
                 (mu - lam) ** 2,
                 r"The characteristic polynomial has the one root $\mu = \lambda$, twice.",
                 Symbolic()),
            Step("nilpotent-part", (BLOCK - lam * sympy.Identity(2)) ** 2, sympy.ZeroMatrix(2, 2),
                 r"If $B_\lambda x = \mu x$ then $(\mu - \lambda)^2 x = 0$: every eigenvalue "
                 r"is $\lambda$.",
                 Symbolic()),
            Step("diagonalisable-is-scalar",
                 sympy.MatMul(V, lam * sympy.Identity(V.rows), V.I, evaluate=False),
                 lam * sympy.Identity(V.rows),
                 r"A diagonalisable matrix whose only eigenvalue is $\lambda$ is "
                 r"$V(\lambda I)V^{-1} = \lambda VV^{-1} = \lambda I$ …",
                 Symbolic(), given=("invertible",)),
            Step("not-diagonalisable", BLOCK, lam * sympy.Identity(2),
                 r"… and $B_\lambda$ is not $\lambda I$.",
                 Symbolic(), relation=Relation.NE,
                 still_true={"rhs+1": "$(\\lambda + 1)I$ is not the block either",
                             "rhs*2": "$2\\lambda I$ is not the block either"}),
            Step("powers", BLOCK**n,
                 sympy.ImmutableMatrix([[lam**n, n * lam ** (n - 1)], [0, lam**n]]),
                 r"Induction on $n$: one more factor maps the corner $n\lambda^{n-1}$ to "
                 r"$\lambda \cdot n\lambda^{n-1} + \lambda^n$.",
                 Induction(n, recurrence=lambda power: power * BLOCK)),
            Step("corner-vanishes", sympy.Limit(n * r ** (n - 1), n, sympy.oo), sympy.Integer(0),
                 r"The modulus of the corner is $n r^{n-1}$: geometric decay beats linear "
                 r"growth, for every $r$ in the open interval.",
                 Symbolic(), given=("positive", "below-one")),
        ),
    )
