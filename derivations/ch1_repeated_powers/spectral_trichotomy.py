"""Along an eigenvector the length is multiplied by |λ| at every step: vanish, keep, or explode."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.sources import BOTH
from derivations.engine import Derivation, Hypothesis, Induction, Relation, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import symbol

A, v, lam, n = symbol("A"), symbol("v"), symbol("lambda"), symbol("n")
modulus = sympy.Abs(lam)


@register
def spectral_trichotomy() -> Derivation:
    return Derivation(
        title="Along an eigenvector the eigenvalue decides",
        source=BOTH,
        statement=(
            r"If $Av = \lambda v$, then $A^n v = \lambda^n v$ for every $n \geq 0$ and every size "
            r"$d$, so each step multiplies the length by $|\lambda|$: for $v \neq 0$ it vanishes "
            r"if $0 < |\lambda| < 1$, stays if $|\lambda| = 1$, explodes if $|\lambda| > 1$."
        ),
        hypotheses=(
            Hypothesis("eigenvector", A * v, lam * v, text="$v$ is an eigenvector of $A$"),
            Hypothesis("nonzero", modulus, sympy.Integer(0), Relation.GT, local=True,
                       text="a non-zero eigenvalue"),
            Hypothesis("inside", modulus, sympy.Integer(1), Relation.LT, local=True,
                       text="inside the unit circle"),
            Hypothesis("outside", modulus, sympy.Integer(1), Relation.GT, local=True,
                       text="outside the unit circle"),
        ),
        steps=(
            Step("powers", A**n * v, lam**n * v,
                 r"Induction on $n$: $A^{n+1}v = A(\lambda^n v) = \lambda^n Av = "
                 r"\lambda^{n+1} v$.",
                 Induction(n, recurrence=lambda power: A * power), given=("eigenvector",)),
            Step("length", NormSquared(A**n * v), modulus ** (2 * n) * NormSquared(v),
                 r"$\lVert \lambda^n v\rVert^2 = \overline{\lambda}^n \lambda^n v^* v$ and "
                 r"$\overline{\lambda}\lambda = |\lambda|^2$.",
                 Symbolic(), given=("powers",)),
            Step("vanishes-inside", sympy.Limit(modulus ** (2 * n), n, sympy.oo),
                 sympy.Integer(0),
                 r"If $0 < |\lambda| < 1$ the factor $|\lambda|^{2n}$ tends to 0.",
                 Symbolic(), given=("nonzero", "inside")),
            Step("explodes-outside", sympy.Limit(modulus ** (-2 * n), n, sympy.oo),
                 sympy.Integer(0),
                 r"If $|\lambda| > 1$ its reciprocal tends to 0: $|\lambda|^{2n}$ grows without "
                 r"bound, and so does $\lVert A^n v\rVert^2$ for $v \neq 0$.",
                 Symbolic(), given=("outside",)),
        ),
        conclusion="length",
        claims_every_size=True,
    )
