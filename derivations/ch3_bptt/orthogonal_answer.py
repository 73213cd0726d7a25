"""Chapter 3's answer to the book's question: with an orthogonal W, s₁ = 1 and η = β.

The vanishing bound ‖∂h_{k+l}/∂h_k‖₂ ≤ η^l (``vanishing-sufficient-condition``) holds for every
W. For an orthogonal W the largest singular value is 1 (the argument of ``orthogonal-gain``
at g = 1, with s₁'s own singular vector), so η = β s₁ = β and the bound is β^l: 1 at every l
for tanh (no growth is allowed, none is forced away), 4^{-l} → 0 for the sigmoid (vanishing is
forced). A bound, not an equality: η = 1 does not keep gradients, it only forbids their growth.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.facts import nonzero, orthogonal, real
from derivations.ch3_bptt.network import PASCANU
from derivations.ch3_bptt.symbols import JacobianAcross
from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared, OperatorNorm
from derivations.notation import symbol

beta, s_1, eta, ell = (symbol(key) for key in ("beta", "s_1", "eta", "l"))
W, v = symbol("W"), symbol("x")


@register
def orthogonal_weights_bound() -> Derivation:
    across = OperatorNorm(JacobianAcross(ell))
    return Derivation(
        title="With orthogonal recurrent weights the per-step bound is the slope bound",
        source=PASCANU + " (the bound), with chapter 2's orthogonal matrices",
        statement=(
            r"If the recurrent weights $W$ are real and orthogonal, $W^\top W = I$, then their "
            r"largest singular value is $s_1 = 1$, so $\eta = \beta s_1 = \beta$ and "
            r"$\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq \beta^l$ for every $l \geq 0$, "
            r"at every size $d$. With $\tanh$ ($\beta = 1$) the bound is $1$ at every $l$: the "
            r"gradient cannot grow, but the bound does not stop it from shrinking through the "
            r"slopes. With the sigmoid ($\beta = 1/4$) the bound is $4^{-l}$, which tends to "
            r"$0$: the gradient must vanish."
        ),
        hypotheses=(
            real(W),
            orthogonal(W),
            Hypothesis("largest-singular", W.T * W * v, s_1**2 * v,
                       text=r"$s_1 = \lVert W\rVert_2$ is the largest singular value of $W$, "
                            r"with a right singular vector $x$"),
            real(v, "real-vector"),
            nonzero(v),
            Hypothesis("norm-bound", across, eta**ell, Relation.LE,
                       text=r"the vanishing-gradient theorem's bound, "
                            r"$\lVert \partial h_{k+l}/\partial h_k\rVert_2 \leq \eta^l$ "
                            r"for every $l$, with $\eta = \beta s_1$",
                       every=(ell,)),
        ),
        uses=("vanishing-sufficient-condition", "orthogonal-preserves-norm", "exercise-3-1",
              "exercise-3-2"),
        definitions={s_1: OperatorNorm(W), eta: beta * s_1},
        steps=(
            Step("stretched", NormSquared(W * v), s_1**2 * NormSquared(v),
                 r"$\lVert Wx\rVert^2 = x^\top W^\top W x = s_1^2\, x^\top x$ …", Symbolic(),
                 given=("real", "real-vector", "largest-singular")),
            Step("kept", NormSquared(W * v), NormSquared(v),
                 r"… and also $\lVert x\rVert^2$: an orthogonal matrix keeps lengths (chapter 2).",
                 Symbolic(), given=("real", "real-vector", "orthogonal")),
            Step("square", s_1**2, sympy.Integer(1),
                 r"Divide by $\lVert x\rVert^2 \neq 0$.", Symbolic(),
                 given=("stretched", "kept", "nonzero")),
            Step("not-opposite", s_1 + 1, sympy.Integer(0),
                 r"A norm is never negative, so $s_1 + 1 > 0$ …", Symbolic(),
                 relation=Relation.NE),
            Step("largest-is-one", s_1, sympy.Integer(1),
                 r"… and $(s_1 - 1)(s_1 + 1) = 0$ leaves $s_1 = 1$.", Symbolic(),
                 given=("square", "not-opposite")),
            Step("eta-is-beta", eta, beta,
                 r"$\eta = \beta s_1 = \beta$.", Symbolic(), given=("largest-is-one",)),
            Step("jacobian-below-power", across, eta**ell,
                 "The vanishing-gradient theorem's bound.", Symbolic(), Relation.LE,
                 given=("norm-bound",)),
            Step("power-of-beta", eta**ell, beta**ell,
                 r"Induction on $l$: both are $1$ at $l = 0$, and each step multiplies by "
                 r"$\eta = \beta$.",
                 Induction(ell, recurrence=lambda previous: eta * previous),
                 given=("eta-is-beta",)),
            Step("orthogonal-bound", across, beta**ell,
                 "Steps (7) and (8).", Chain(("jacobian-below-power", "power-of-beta")),
                 Relation.LE),
            Step("tanh-bound", sympy.Subs(beta**ell, beta, 1), sympy.Integer(1),
                 r"For $\tanh$, $\beta = 1$ (Exercise 3.1): the bound is $1$ at every $l$.",
                 Symbolic()),
            Step("sigmoid-bound", sympy.Subs(beta**ell, beta, sympy.Rational(1, 4)),
                 4**(-ell),
                 r"For the sigmoid, $\beta = 1/4$ (Exercise 3.2): the bound is $4^{-l}$ …",
                 Symbolic()),
            Step("sigmoid-vanishes", sympy.Limit(4**(-ell), ell, sympy.oo), sympy.Integer(0),
                 r"… which tends to $0$.", Symbolic()),
        ),
        conclusion="orthogonal-bound",
        claims_every_size=True,
    )
