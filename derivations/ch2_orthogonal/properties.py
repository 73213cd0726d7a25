"""What follows from $Q^\\top Q = I$ at every size $d$: lengths, the inverse, eigenvalues.

Every step is proved for a matrix symbol of symbolic size $d \\times d$: the checker rewrites
each product containing $Q^\\top Q$ with the cited hypothesis, and combines scalar facts by
ideal membership (see :mod:`derivations.engine.givens`). Nothing is sampled and no size is
fixed.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.facts import nonzero, orthogonal, real
from derivations.ch2_orthogonal.sources import KOREAN_SUMMARY, MERITY, TUTORIAL
from derivations.engine import Chain, Derivation, Hypothesis, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

Q, x, v = symbol("Q"), symbol("x"), symbol("v")
lam = symbol("lambda")
IDENTITY = sympy.Identity(DIMENSION)


@register
def orthogonal_preserves_norm() -> Derivation:
    inverse = sympy.MatrixSymbol("Q^{-1}", DIMENSION, DIMENSION)
    return Derivation(
        title="An orthogonal matrix keeps every length, and its inverse is its transpose",
        source=MERITY + "; " + TUTORIAL + "; " + KOREAN_SUMMARY,
        statement=(r"If $Q$ is a real $d \times d$ matrix with $Q^\top Q = I$, then "
                   r"$\lVert Qx\rVert = \lVert x\rVert$ for every real vector $x$, at every "
                   r"size $d$. Assuming also that $Q$ has an inverse (as a square matrix with "
                   r"independent columns does, and $Qx = 0$ forces $\lVert x\rVert = 0$), "
                   r"$Q^{-1} = Q^\top$ and $QQ^\top = I$: the rows are orthonormal too."),
        hypotheses=(
            real(Q), real(x, "real-vector"), orthogonal(Q),
            Hypothesis("inverse", Q * inverse, IDENTITY,
                       text=r"$Q$ has an inverse, as a square matrix whose columns are "
                            r"independent does: $Qx = 0$ forces "
                            r"$\lVert x\rVert = \lVert Qx\rVert = 0$"),
        ),
        steps=(
            Step("expand", NormSquared(Q * x), x.T * Q.T * Q * x,
                 r"For real $Q$ and $x$, $(Qx)^* = x^\top Q^\top$.", Symbolic(),
                 given=("real", "real-vector")),
            Step("preserved", x.T * Q.T * Q * x, NormSquared(x),
                 r"Replace $Q^\top Q$ by $I$: lengths are dot products, and $Q$ keeps them.",
                 Symbolic(), given=("orthogonal", "real-vector")),
            Step("norm-preserved", NormSquared(Q * x), NormSquared(x),
                 r"So $\lVert Qx\rVert = \lVert x\rVert$: lengths are never negative.",
                 Symbolic(), given=("real", "real-vector", "orthogonal")),
            Step("insert-inverse", Q.T, Q.T * Q * inverse,
                 r"Multiply on the right by $QQ^{-1} = I$ …", Symbolic(), given=("inverse",)),
            Step("cancel", Q.T * Q * inverse, inverse,
                 r"… and group the left pair, $Q^\top Q = I$.", Symbolic(),
                 given=("orthogonal",)),
            Step("transpose-is-inverse", Q.T, inverse,
                 "A left inverse of a square matrix is its inverse.",
                 Chain(("insert-inverse", "cancel"))),
            Step("rows-orthonormal", Q * Q.T, IDENTITY,
                 r"So $QQ^\top = QQ^{-1} = I$.", Symbolic(),
                 given=("transpose-is-inverse", "inverse")),
        ),
        conclusion="norm-preserved",
        claims_every_size=True,
    )


@register
def orthogonal_eigenvalues() -> Derivation:
    real_eigenvalue = Hypothesis("real-eigenvalue", sympy.conjugate(lam), lam, local=True,
                                 text="a real eigenvalue")
    return Derivation(
        title="Every eigenvalue of an orthogonal matrix lies on the unit circle",
        source=MERITY,
        statement=(r"If $Q$ is real with $Q^\top Q = I$ and $Qv = \lambda v$ for a (possibly "
                   r"complex) vector $v \neq 0$, then $|\lambda| = 1$, at every size $d$. "
                   r"A real eigenvalue is therefore $1$ or $-1$."),
        hypotheses=(
            real(Q), orthogonal(Q),
            Hypothesis("eigen", Q * v, lam * v,
                       text=r"$\lambda$ is an eigenvalue of $Q$ with the eigenvector $v$"),
            nonzero(v),
            real_eigenvalue,
        ),
        steps=(
            Step("kept", NormSquared(Q * v), NormSquared(v),
                 r"$\lVert Qv\rVert^2 = v^* Q^\top Q v = v^* v$: $Q$ keeps the length of "
                 "complex vectors too.", Symbolic(), given=("real", "orthogonal")),
            Step("scaled", NormSquared(Q * v), lam * sympy.conjugate(lam) * NormSquared(v),
                 r"$\lVert \lambda v\rVert^2 = \bar\lambda\lambda\, v^* v$.", Symbolic(),
                 given=("eigen",),
                 display_rhs=sympy.Mul(sympy.Abs(lam) ** 2, NormSquared(v), evaluate=False)),
            Step("modulus", lam * sympy.conjugate(lam), sympy.Integer(1),
                 r"Both equal $\lVert Qv\rVert^2$, and $\lVert v\rVert^2 \neq 0$.", Symbolic(),
                 given=("kept", "scaled", "nonzero"), display_lhs=sympy.Abs(lam) ** 2),
            Step("real-eigenvalue-is-sign", (lam - 1) * (lam + 1), sympy.Integer(0),
                 r"If $\lambda$ is real, $\lambda^2 = |\lambda|^2 = 1$, so "
                 r"$\lambda = 1$ or $\lambda = -1$.", Symbolic(),
                 given=("modulus", "real-eigenvalue")),
        ),
        conclusion="modulus",
        claims_every_size=True,
    )
