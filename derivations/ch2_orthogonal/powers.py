"""Products, powers and the gain, at every size $d$: $\\lVert Q^t h\\rVert = \\lVert h\\rVert$ and
$\\lVert (gQ)^t h\\rVert = g^t \\lVert h\\rVert$ for every $t$, by induction on $t$."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.facts import orthogonal, real
from derivations.ch2_orthogonal.sources import MERITY, TUTORIAL
from derivations.engine import Derivation, Induction, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

Q, Q_1, Q_2, h = symbol("Q"), symbol("Q_1"), symbol("Q_2"), symbol("h")
g, t = symbol("g"), symbol("t")
IDENTITY = sympy.Identity(DIMENSION)


@register
def orthogonal_products() -> Derivation:
    shown = sympy.MatMul(sympy.Transpose(sympy.MatMul(Q_1, Q_2)), sympy.MatMul(Q_1, Q_2),
                         evaluate=False)
    return Derivation(
        slug="orthogonal-products",
        title="A product of orthogonal matrices is orthogonal",
        chapter=2,
        source=MERITY,
        statement=(r"If $Q_1^\top Q_1 = I$ and $Q_2^\top Q_2 = I$, then "
                   r"$(Q_1Q_2)^\top (Q_1Q_2) = I$, at every size $d$."),
        hypotheses=(orthogonal(Q_1, "first-orthogonal"), orthogonal(Q_2, "second-orthogonal")),
        steps=(
            Step("inner-pair", Q_2.T * Q_1.T * Q_1 * Q_2, Q_2.T * Q_2,
                 r"$(Q_1Q_2)^\top = Q_2^\top Q_1^\top$, and the inner pair "
                 r"$Q_1^\top Q_1$ is $I$.", Symbolic(), given=("first-orthogonal",),
                 display_lhs=shown),
            Step("second-pair", Q_2.T * Q_2, IDENTITY,
                 r"What is left is $Q_2^\top Q_2 = I$.", Symbolic(),
                 given=("second-orthogonal",)),
            Step("product-orthogonal", Q_2.T * Q_1.T * Q_1 * Q_2, IDENTITY,
                 r"So $Q_1Q_2$ is orthogonal.", Symbolic(),
                 given=("first-orthogonal", "second-orthogonal"), display_lhs=shown),
        ),
        claims_every_size=True,
    )


@register
def orthogonal_powers() -> Derivation:
    return Derivation(
        slug="orthogonal-powers",
        title="Powers of an orthogonal matrix keep every length, for every number of steps",
        chapter=2,
        source=MERITY,
        statement=(r"The linear network $h_t = Q h_{t-1}$ (no input, no bias, identity "
                   r"activation) has $h_t = Q^t h_0$. If $Q^\top Q = I$, then $Q^t$ is "
                   r"orthogonal and $\lVert Q^t h\rVert = \lVert h\rVert$ for every $t \geq 0$, "
                   r"every real $h$ and every size $d$."),
        hypotheses=(real(Q), real(h, "real-state"), orthogonal(Q)),
        steps=(
            Step("powers-orthogonal", (Q**t).T * Q**t, IDENTITY,
                 r"Induction on $t$: $Q^0 = I$, and $(Q^{t+1})^\top Q^{t+1} = "
                 r"Q^\top [(Q^t)^\top Q^t] Q = Q^\top Q = I$.",
                 Induction(t, recurrence=lambda gram: Q.T * gram * Q), given=("orthogonal",),
                 display_lhs=sympy.MatMul(sympy.Transpose(Q**t), Q**t, evaluate=False)),
            Step("norm-kept", NormSquared(Q**t * h), NormSquared(h),
                 r"$\lVert Q^t h\rVert^2 = h^\top (Q^t)^\top Q^t h = h^\top h$.", Symbolic(),
                 given=("real", "real-state", "powers-orthogonal")),
        ),
        claims_every_size=True,
    )


@register
def orthogonal_gain() -> Derivation:
    return Derivation(
        slug="orthogonal-gain",
        title="With a gain, every step multiplies lengths by the gain",
        chapter=2,
        source=TUTORIAL,
        statement=(r"For $W = gQ$ with $g > 0$ and $Q^\top Q = I$: every singular value of $W$ "
                   r"is $g$, and $\lVert W^t h\rVert^2 = g^{2t}\lVert h\rVert^2$, so $t$ steps "
                   r"multiply every length by exactly $g^t$. Only $g = 1$ keeps lengths."),
        hypotheses=(real(Q), real(h, "real-state"), orthogonal(Q)),
        steps=(
            Step("gram", (g * Q).T * (g * Q), g**2 * IDENTITY,
                 r"$(gQ)^\top (gQ) = g^2 Q^\top Q$: every singular value is $g$.", Symbolic(),
                 given=("orthogonal",),
                 display_lhs=sympy.MatMul(sympy.Transpose(g * Q), g * Q, evaluate=False)),
            Step("powers-gram", ((g * Q) ** t).T * (g * Q) ** t, g ** (2 * t) * IDENTITY,
                 r"Induction on $t$, one factor $g^2$ per step.",
                 Induction(t, recurrence=lambda gram: (g * Q).T * gram * (g * Q)),
                 given=("orthogonal",),
                 display_lhs=sympy.MatMul(sympy.Transpose((g * Q) ** t), (g * Q) ** t,
                                          evaluate=False)),
            Step("norm-scaled", NormSquared((g * Q) ** t * h), g ** (2 * t) * NormSquared(h),
                 r"$\lVert (gQ)^t h\rVert^2 = h^\top [((gQ)^t)^\top (gQ)^t] h$.", Symbolic(),
                 given=("real", "real-state", "powers-gram")),
        ),
        claims_every_size=True,
    )
