"""Tall and wide, at every size $m > d$: orthonormal columns keep lengths, orthonormal rows are
then impossible."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.facts import real
from derivations.ch2_orthogonal.sources import TUTORIAL
from derivations.engine import (
    Derivation,
    Hypothesis,
    Relation,
    Step,
    Symbolic,
    register,
)
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
                   r"here, not checked), which may be scaled to length 1. $QQ^\top$ sends that "
                   r"$y$ to $0$, at distance 1 from $y$, so $QQ^\top \neq I$: the rows cannot be "
                   r"orthonormal, and the wide matrix $Q^\top$ (orthonormal rows) shortens $y$ "
                   r"to nothing."),
        hypotheses=(
            real(Q), real(x, "real-vector"),
            Hypothesis("columns", Q.T * Q, sympy.Identity(DIMENSION),
                       text="the columns of $Q$ are orthonormal"),
            Hypothesis("kernel", Q.T * y, sympy.ZeroMatrix(DIMENSION, 1),
                       text=r"$y$ solves these $d$ equations in $m > d$ unknowns; that a "
                            r"non-zero solution exists is assumed, not checked"),
            Hypothesis("unit", NormSquared(y), sympy.Integer(1),
                       text="$y \\neq 0$, scaled to length 1"),
        ),
        steps=(
            Step("tall-keeps-lengths", NormSquared(Q * x), NormSquared(x),
                 r"$\lVert Qx\rVert^2 = x^\top Q^\top Q x = x^\top x$, as for a square $Q$.",
                 Symbolic(), given=("real", "real-vector", "columns")),
            Step("projection", (Q * Q.T) * (Q * Q.T), Q * Q.T,
                 r"$QQ^\top$ is a projection, $P^2 = P$: it keeps the column space and "
                 "flattens everything else …", Symbolic(), given=("columns",)),
            Step("flattens-y", Q * Q.T * y, sympy.ZeroMatrix(m, 1),
                 r"… so it sends $y$ to $0$ …", Symbolic(), given=("kernel",)),
            Step("rows-not-orthonormal", NormSquared(Q * Q.T * y - y), sympy.Integer(0),
                 r"… which is at distance 1 from $y$, as $y$ has length 1: so "
                 r"$QQ^\top y \neq y$, where $I$ would keep $y$: $QQ^\top \neq I$.",
                 Symbolic(), relation=Relation.NE, given=("kernel", "unit")),
        ),
        claims_every_size=True,
    )
