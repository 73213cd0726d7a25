"""Products, powers and gain: ‖Wᵗh‖ = ‖h‖ for orthogonal W, ‖(gQ)ᵗh‖ = gᵗ‖h‖, by induction."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.properties import GENERAL_Q_HYPOTHESIS, GENERIC_Q
from derivations.ch2_orthogonal.rewrites import generic_matrix, modulo_orthogonality
from derivations.ch2_orthogonal.sources import MERITY, TUTORIAL
from derivations.engine import Derivation, Induction, Step, Symbolic, register
from derivations.notation import symbol

W, Q, h = symbol("W"), symbol("Q"), symbol("h")
g, t, sigma = symbol("g"), symbol("t"), symbol("s")
GENERIC_H = generic_matrix("h", 3, 1)
ON_ORTHOGONAL = modulo_orthogonality(GENERIC_Q)
# Two definition samples keep the expanded (W⁴)ᵀW⁴ out of the check: W², W³ suffice as a guard.
SAMPLES = 2
POWER = sympy.Symbol("P", positive=True)


def _gain_power_rewrite(expression: sympy.Basic) -> sympy.Basic:
    """Split g^(2t+2) = g^(2t)·g², name g^(2t) as one variable, then reduce modulo QᵀQ = I."""
    if isinstance(expression, sympy.MatrixBase):
        split = expression.applyfunc(lambda e: sympy.expand(e, power_exp=True))
    else:
        split = sympy.expand(expression, power_exp=True)
    return ON_ORTHOGONAL(split.xreplace({g ** (2 * t): POWER}))


@register
def orthogonal_powers() -> Derivation:
    V = sympy.MatrixSymbol("V", 3, 3)
    return Derivation(
        slug="orthogonal-powers",
        title="Products and powers stay orthogonal: ‖Wᵗh‖ = ‖h‖ for every t",
        chapter=2,
        source=MERITY,
        summary=(
            "The linear RNN without input, $h_t = W h_{t-1}$, gives $h_t = W^t h_0$. If $W$ is "
            "orthogonal, so is every power, and the hidden state keeps its length at every step, "
            "however many steps there are: not only bounded, *constant*."
        ),
        hypotheses=(
            GENERAL_Q_HYPOTHESIS.replace("$Q$", "$W$", 1),
            r"$V$ is a second orthogonal $3\times3$ matrix (written $V = Q^\top$ here, "
            r"orthogonal by [orthogonal-preserves-norm](#orthogonal-preserves-norm)).",
            r"$h = (h_1, h_2, h_3)^\top$ is the initial hidden state; $t \geq 0$ an integer, "
            r"$W^0 = I$.",
        ),
        definitions={W: GENERIC_Q, V: GENERIC_Q.T, h: GENERIC_H},
        steps=(
            Step("product-orthogonal", (W * V).T * (W * V), sympy.Identity(3),
                 "(WV)ᵀ(WV) = Vᵀ(WᵀW)V = VᵀV = I: a product of orthogonal matrices is orthogonal.",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
            Step("powers-orthogonal", (W**t).T * W**t, sympy.Identity(3),
                 r"Induction on t: $(W^{t+1})^\top W^{t+1} = W^\top[(W^t)^\top W^t]W$"
                 r" $= W^\top W = I$.",
                 Induction(t, recurrence=lambda gram: W.T * gram * W, rewrite=ON_ORTHOGONAL,
                           definition_samples=SAMPLES)),
            Step("one-step-preserves-norm", (W * h).T * (W * h), h.T * h,
                 "One step keeps the length, ‖Wh‖ = ‖h‖; by induction ‖h_t‖ = ‖Wᵗh₀‖ = ‖h₀‖.",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
        ),
    )


@register
def orthogonal_gain() -> Derivation:
    Qt = sympy.MatrixSymbol("Q^t", 3, 3)
    return Derivation(
        slug="orthogonal-gain",
        title="Gain: gQ has every singular value g, and ‖(gQ)ᵗh‖ = gᵗ‖h‖",
        chapter=2,
        source=TUTORIAL,
        summary=(
            "Scaling by the gain $g$ scales every singular value to $g$, and $t$ steps scale "
            "the hidden state by exactly $g^t$: a gain of $1.1$ grows $h$ by $1.1^{100} "
            "\\approx 13{,}781$ in 100 steps. Only $g = 1$ preserves norms."
        ),
        hypotheses=(
            GENERAL_Q_HYPOTHESIS,
            r"$g > 0$ is the gain, $W = gQ$; $h$ is a real 3-vector; $t \geq 0$ an integer.",
            r"$Q^t$ is orthogonal ([orthogonal-powers](#orthogonal-powers)), so it is written "
            r"with general entries subject to $(Q^t)^\top Q^t = I$ like $Q$.",
        ),
        definitions={Q: GENERIC_Q, Qt: GENERIC_Q, h: GENERIC_H},
        steps=(
            Step("gram", (g * Q).T * (g * Q), g**2 * sympy.Identity(3),
                 "(gQ)ᵀ(gQ) = g²QᵀQ = g²I.", Symbolic(rewrite=ON_ORTHOGONAL)),
            Step("singular-values",
                 sympy.Determinant(sigma**2 * sympy.Identity(3) - (g * Q).T * (g * Q)),
                 (sigma**2 - g**2) ** 3,
                 "So every singular value of gQ is g.", Symbolic(rewrite=ON_ORTHOGONAL)),
            Step("powers-gram", (g**t * Qt).T * (g**t * Qt), g ** (2 * t) * sympy.Identity(3),
                 "(gQ)ᵗ = gᵗQᵗ (the scalar commutes) and Qᵗ is orthogonal (orthogonal-powers), "
                 "so the Gram matrix of (gQ)ᵗ is $g^{2t}I$.",
                 Symbolic(rewrite=_gain_power_rewrite)),
            Step("one-step-scales-norm", (g * Q * h).T * (g * Q * h), g**2 * h.T * h,
                 "One step multiplies the length by g; by induction ‖(gQ)ᵗh‖ = gᵗ‖h‖: "
                 "exact geometric growth (g > 1) or decay (g < 1).",
                 Symbolic(rewrite=ON_ORTHOGONAL)),
        ),
    )
