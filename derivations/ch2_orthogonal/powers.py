"""Products, powers and the gain, at every size $d$: $\\lVert Q^t h\\rVert = \\lVert h\\rVert$,
every singular value of $gQ$ is $g$, and $\\lVert (gQ)^t h\\rVert = g^t \\lVert h\\rVert$ for every
$t$, by induction on $t$."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.facts import nonzero, orthogonal, real
from derivations.ch2_orthogonal.sources import MERITY, TUTORIAL
from derivations.engine import (
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

Q, Q_1, Q_2, h, x = (symbol(key) for key in ("Q", "Q_1", "Q_2", "h", "x"))
g, t, s = symbol("g"), symbol("t"), symbol("s")
IDENTITY = sympy.Identity(DIMENSION)


@register
def orthogonal_powers() -> Derivation:
    product = sympy.MatMul(Q_1, Q_2)
    shown = sympy.MatMul(sympy.Transpose(product), product, evaluate=False)
    return Derivation(
        title="A product of two orthogonal matrices is orthogonal, and powers of one keep "
              "every length for every number of steps",
        source=MERITY + "; " + TUTORIAL,
        statement=(r"A product $Q_1Q_2$ of two orthogonal matrices is orthogonal, and so is "
                   r"every power $Q^t$ of one. So the linear network $h_t = Q h_{t-1}$ (no "
                   r"input, no bias, identity activation), which has $h_t = Q^t h_0$, keeps "
                   r"$\lVert Q^t h\rVert = \lVert h\rVert$ for every $t \geq 0$, every real "
                   r"$h$ and every size $d$."),
        hypotheses=(orthogonal(Q_1, "first-orthogonal"), orthogonal(Q_2, "second-orthogonal"),
                    real(Q), real(h, "real-state"), orthogonal(Q)),
        steps=(
            Step("inner-pair", Q_2.T * Q_1.T * Q_1 * Q_2, Q_2.T * Q_2,
                 r"$(Q_1Q_2)^\top = Q_2^\top Q_1^\top$, and the inner pair "
                 r"$Q_1^\top Q_1$ is $I$ …", Symbolic(), given=("first-orthogonal",),
                 display_lhs=shown),
            Step("second-pair", Q_2.T * Q_2, IDENTITY,
                 r"… which leaves $Q_2^\top Q_2 = I$.", Symbolic(),
                 given=("second-orthogonal",)),
            Step("product-orthogonal", Q_2.T * Q_1.T * Q_1 * Q_2, IDENTITY,
                 r"So $Q_1Q_2$ is orthogonal.", Symbolic(),
                 given=("first-orthogonal", "second-orthogonal"), display_lhs=shown),
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
    W = g * Q
    return Derivation(
        title="With a gain, every singular value is the gain, and each step multiplies lengths "
              "by it",
        source=TUTORIAL,
        statement=(r"For $W = gQ$ with $g > 0$ and $Q^\top Q = I$, every singular value of $W$ "
                   r"is $g$ (for $g = 1$: every singular value of $Q$ is 1), and "
                   r"$\lVert W^t h\rVert^2 = g^{2t}\lVert h\rVert^2$: $t$ steps multiply every "
                   r"length by exactly $g^t$, at every size $d$. Only $g = 1$ keeps lengths: "
                   r"if one step keeps the length of a non-zero $x$, then $g = 1$."),
        hypotheses=(
            real(Q), orthogonal(Q), real(x, "real-vector"),
            Hypothesis("singular", W.T * W * x, s**2 * x,
                       text=r"$s \geq 0$ is a singular value of $gQ$, with the singular "
                            r"vector $x$"),
            nonzero(x), real(h, "real-state"),
            Hypothesis("keeps", NormSquared(W * x), NormSquared(x), local=True,
                       text="one step keeps the length of $x$"),
        ),
        steps=(
            Step("stretched", NormSquared(W * x), s**2 * NormSquared(x),
                 r"$\lVert gQx\rVert^2 = x^\top (gQ)^\top (gQ) x = s^2 x^\top x$ …", Symbolic(),
                 given=("real", "real-vector", "singular")),
            Step("scaled", NormSquared(W * x), g**2 * NormSquared(x),
                 r"… and also $g^2 x^\top Q^\top Q x = g^2 x^\top x$.", Symbolic(),
                 given=("real", "real-vector", "orthogonal")),
            Step("square", s**2, g**2,
                 r"Divide by $\lVert x\rVert^2 \neq 0$.", Symbolic(),
                 given=("stretched", "scaled", "nonzero")),
            Step("not-opposite", s + g, sympy.Integer(0),
                 r"$s \geq 0$ and $g > 0$, so $s + g > 0$ …", Symbolic(), relation=Relation.NE),
            Step("singular-value", s, g,
                 r"… and $(s - g)(s + g) = 0$ leaves $s = g$.", Symbolic(),
                 given=("square", "not-opposite")),
            Step("powers-gram", (W**t).T * W**t, g ** (2 * t) * IDENTITY,
                 r"Induction on $t$, one factor $g^2$ per step.",
                 Induction(t, recurrence=lambda gram: W.T * gram * W), given=("orthogonal",),
                 display_lhs=sympy.MatMul(sympy.Transpose(W**t), W**t, evaluate=False)),
            Step("norm-scaled", NormSquared(W**t * h), g ** (2 * t) * NormSquared(h),
                 r"$\lVert (gQ)^t h\rVert^2 = h^\top [((gQ)^t)^\top (gQ)^t] h$.", Symbolic(),
                 given=("real", "real-state", "powers-gram")),
            Step("kept-square", g**2, sympy.Integer(1),
                 r"If one step keeps the length of $x \neq 0$, then $g^2\lVert x\rVert^2 = "
                 r"\lVert x\rVert^2$ by step (2) …", Symbolic(),
                 given=("scaled", "keeps", "nonzero")),
            Step("gain-not-opposite", g + 1, sympy.Integer(0),
                 r"… and $g + 1 > 0$ …", Symbolic(), relation=Relation.NE,
                 still_true={"rhs+1": r"$g > 0$, so $g + 1 \neq 1$ as well"}),
            Step("only-gain-one", g, sympy.Integer(1),
                 r"… so $(g - 1)(g + 1) = 0$ leaves $g = 1$.", Symbolic(),
                 given=("kept-square", "gain-not-opposite")),
        ),
        conclusion="norm-scaled",
        claims_every_size=True,
    )
