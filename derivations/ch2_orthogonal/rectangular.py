"""Tall and wide, at every size $m > d$: orthonormal columns keep lengths, orthonormal rows are
then impossible."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.facts import nonzero, real
from derivations.ch2_orthogonal.sources import TUTORIAL
from derivations.engine import Derivation, Hypothesis, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

m, x, y = symbol("m"), symbol("x"), symbol("y")
Q = sympy.MatrixSymbol("Q", m, DIMENSION)


@register
def rectangular_orthonormal() -> Derivation:
    return Derivation(
        title="Tall and wide matrices: only one side can be orthonormal",
        source=TUTORIAL,
        statement=(r"Let $Q$ be a real $m \times d$ matrix with $m > d$ and orthonormal columns, "
                   r"$Q^\top Q = I$. Then $Q$ keeps every length. The $d$ equations "
                   r"$Q^\top y = 0$ in $m > d$ unknowns have a solution $y \neq 0$ (assumed "
                   r"here, not checked), and $QQ^\top$ sends that $y$ to $0$, so "
                   r"$QQ^\top \neq I$: the rows cannot be orthonormal, and the wide matrix "
                   r"$Q^\top$ (orthonormal rows) shortens $y$ to nothing."),
        hypotheses=(
            real(Q), real(x, "real-vector"),
            Hypothesis("columns", Q.T * Q, sympy.Identity(DIMENSION),
                       text="the columns of $Q$ are orthonormal"),
            Hypothesis("kernel", Q.T * y, sympy.ZeroMatrix(DIMENSION, 1),
                       text=r"$Q^\top y = 0$: the $d$ equations $Q^\top y = 0$ in $m > d$ "
                            r"unknowns have a non-zero solution"),
            nonzero(y),
        ),
        steps=(
            Step("tall-keeps-lengths", NormSquared(Q * x), NormSquared(x),
                 r"$\lVert Qx\rVert^2 = x^\top Q^\top Q x = x^\top x$, as for a square $Q$.",
                 Symbolic(), given=("real", "real-vector", "columns")),
            Step("projection", (Q * Q.T) * (Q * Q.T), Q * Q.T,
                 r"$QQ^\top$ is a projection, $P^2 = P$: it keeps the column space and "
                 "flattens everything else …", Symbolic(), given=("columns",)),
            Step("rows-not-orthonormal", Q * Q.T * y, sympy.ZeroMatrix(m, 1),
                 r"… so it sends $y \neq 0$ to $0$, where $I$ would keep it: "
                 r"$QQ^\top \neq I$.", Symbolic(), given=("kernel",)),
        ),
        claims_every_size=True,
    )
