"""Tall and wide: orthonormal columns when rows ≥ cols, orthonormal rows otherwise."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import TUTORIAL
from derivations.engine import Derivation, Relation, Step, Symbolic, register

TALL = sympy.ImmutableMatrix([[2, -1], [2, 2], [-1, 2]]) / 3
KERNEL = sympy.ImmutableMatrix([2, -1, 2])


@register
def rectangular_orthonormal() -> Derivation:
    Q = sympy.MatrixSymbol("Q_tall", 3, 2)
    W = sympy.MatrixSymbol("W_wide", 2, 3)
    y = sympy.MatrixSymbol("y", 2, 1)
    n = sympy.MatrixSymbol("k", 3, 1)
    y1, y2 = sympy.symbols("y_1 y_2", real=True)
    return Derivation(
        slug="rectangular-orthonormal",
        title="Tall and wide matrices: only one side can be orthonormal",
        chapter=2,
        source=TUTORIAL,
        summary=(
            "A $3\\times2$ matrix can have orthonormal columns ($Q^\\top Q = I_2$) but never "
            "orthonormal rows: $QQ^\\top$ is a projection onto a plane, not $I_3$. A tall "
            "orthogonal initialisation preserves lengths; a wide one (its transpose) sends a "
            "whole direction to zero."
        ),
        hypotheses=(
            r"$Q_{tall} = \frac13\begin{bmatrix}2 & -1\\ 2 & 2\\ -1 & 2\end{bmatrix}$, "
            r"$W_{wide} = Q_{tall}^\top$; $y = (y_1, y_2)^\top$ real; $k = (2, -1, 2)^\top$.",
        ),
        definitions={Q: TALL, W: TALL.T, y: sympy.ImmutableMatrix([y1, y2]), n: KERNEL},
        steps=(
            Step("columns-orthonormal", Q.T * Q, sympy.Identity(2),
                 "The columns are orthonormal: QᵀQ = I₂.", Symbolic()),
            Step("tall-preserves-norm", (Q * y).T * (Q * y), y.T * y,
                 "So a tall Q preserves lengths: ‖Qy‖ = ‖y‖.", Symbolic()),
            Step("rows-not-orthonormal", Q * Q.T, sympy.Identity(3),
                 "Three vectors in a 2-D column space cannot be orthonormal: QQᵀ ≠ I₃.",
                 Symbolic(), relation=Relation.NE),
            Step("projection", (Q * Q.T) * (Q * Q.T), Q * Q.T,
                 "QQᵀ is the orthogonal projection onto the column space: P² = P.", Symbolic()),
            Step("wide-rows-orthonormal", W * W.T, sympy.Identity(2),
                 "The wide transpose W = Qᵀ has orthonormal rows…", Symbolic()),
            Step("wide-has-kernel", W * n, sympy.ZeroMatrix(2, 1),
                 "…and sends k ≠ 0 to zero: a wide orthogonal matrix shortens vectors.",
                 Symbolic()),
        ),
    )
