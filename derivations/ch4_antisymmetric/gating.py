"""The gated AntisymmetricRNN and what its Jacobian really is.

z_t = sigm(M_γ h_{t−1} + V_z x_t + b_z),   (sigm the logistic sigmoid)
h_t = h_{t−1} + ε z_t ∘ tanh(M_γ h_{t−1} + V_h x_t + b_h).

Because the gate reads the same M_γ h_{t−1}, differentiating the product
z ∘ tanh(a) gives two diagonal terms: the vector field's Jacobian is D_g M_γ with
D_g = diag(z ∘ tanh′(a) + sigm′(c) ∘ tanh(a)), at every size. The second term is
negative wherever tanh(a) < 0, so D_g need not be positive, and a diagonal with
entries of both signs times an antisymmetric matrix can have real eigenvalues.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    cancel_fractions,
    h,
    i,
    j,
    k,
    lam,
    plus,
    rotation_generator,
)
from derivations.engine import Derivation, Hypothesis, Relation, Step, Symbolic, register
from derivations.notation import DIMENSION, symbol


def sigmoid(x: sympy.Basic) -> sympy.Basic:
    """The logistic function 1/(1 + e^{−x})."""
    return 1 / (1 + sympy.exp(-x))


def gate_slope(gate: sympy.Basic, candidate: sympy.Basic) -> sympy.Basic:
    """``z(1 − z)·tanh(a) + z·(1 − tanh²(a))`` with ``z = sigm(c)``: one diagonal entry of D_g,
    the coefficient the derivation's first step proves (``sigm′ = sigm(1 − sigm)``)."""
    return _slope(sigmoid(gate), sympy.tanh(candidate))


def _slope(z: sympy.Basic, tanh_a: sympy.Basic) -> sympy.Basic:
    return z * (1 - z) * tanh_a + z * (1 - tanh_a**2)


@register
def gated_antisymmetric_jacobian() -> Derivation:
    d = DIMENSION
    M_gamma = symbol("M_gamma")
    b_h, b_z = sympy.MatrixSymbol("b", d, 1), sympy.MatrixSymbol("b_z", d, 1)
    a_i, c_i = sympy.symbols("a_i c_i", real=True)
    z_i = symbol("z")
    drive = sympy.Sum(M_gamma[i, k] * h[k, 0], (k, 0, d - 1))

    # The counterexample: ω = 1, γ = 0, h = 0, b = (0, −3), b_z = (0, 0).
    d1, d2 = sympy.symbols("d_1 d_2", real=True)
    three = sympy.Integer(3)
    M = sympy.MatrixSymbol("M", 2, 2)
    D_point = sympy.MatrixSymbol("D_*", 2, 2)
    field_2 = sympy.Symbol("f_{2}(0)", real=True)
    return Derivation(
        title="The gate's own slope can give the Jacobian a real positive eigenvalue",
        source=SOURCE,
        statement=(
            r"At every size, the gated field with entries $z_i \tanh a_i$, where "
            r"$a = M_\gamma h + b$, $z_i = \operatorname{sigm}(c_i)$ and "
            r"$c = M_\gamma h + b_z$, has Jacobian $D_g M_\gamma$ with "
            r"$D_g = \operatorname{diag}(z_i(1 - z_i)\tanh a_i + z_i(1 - \tanh^2 a_i))$. Its "
            r"first term $z_i(1 - z_i)\tanh a_i$ is negative where $\tanh a_i$ is, so an "
            r"entry of $D_g$ can be negative (step 2). At $h = 0$ with $\omega = 1$, "
            r"$\gamma = 0$, "
            r"$b = (0, -3)$, $b_z = 0$ it has the real eigenvalue $\sqrt{-d_1 d_2} \approx "
            r"0.349$. That is the Jacobian at one point, not a growth rate: $h = 0$ is not a "
            "fixed point."
        ),
        hypotheses=(
            Hypothesis("defined", 1 + sympy.exp(-c_i), sympy.Integer(0), Relation.NE,
                       text=r"true for every real $c_i$: $z_i$ is defined"),
        ),
        definitions={
            a_i: b_h[i, 0] + drive,
            c_i: b_z[i, 0] + drive,
            z_i: sigmoid(c_i),
            d1: gate_slope(sympy.Integer(0), sympy.Integer(0)),
            d2: gate_slope(sympy.Integer(0), -three),
            D_point: sympy.ImmutableMatrix(sympy.diag(d1, d2)),
            M: rotation_generator(sympy.Integer(1)),
            field_2: sigmoid(sympy.Integer(0)) * sympy.tanh(-three),
        },
        steps=(
            Step("gated-jacobian", sympy.Derivative(z_i * sympy.tanh(a_i), h[j, 0]),
                 _slope(z_i, sympy.tanh(a_i)) * M_gamma[i, j],
                 r"Product rule on $z_i\tanh a_i$, both factors driven by $M_\gamma h$, with "
                 r"$\operatorname{sigm}' = \operatorname{sigm}(1 - \operatorname{sigm})$.",
                 Symbolic(rewrite=cancel_fractions),
                 given=("defined",)),
            Step("second-slope-negative", d2, sympy.Integer(0),
                 r"Step (1) at the point: $d_1 = \operatorname{sigm}(0)\tanh'(0) = 1/2$, and with "
                 r"$a_2 = -3$, $c_2 = 0$: "
                 r"$d_2 = \tfrac12(1 - \tanh^2 3) - \tfrac14\tanh 3 \approx -0.244$.",
                 Symbolic(),
                 relation=Relation.LT),
            Step("characteristic-polynomial",
                 sympy.Determinant(lam * sympy.Identity(2) - D_point * M), lam**2 + d1 * d2,
                 r"With $d_1 d_2 < 0$ the two eigenvalues $\pm\sqrt{-d_1 d_2}$ are real.",
                 Symbolic(), display_rhs=plus(lam**2, d1 * d2)),
            Step("positive-real-eigenvalue",
                 sympy.Determinant(sympy.sqrt(-d1 * d2) * sympy.Identity(2) - D_point * M),
                 sympy.Integer(0),
                 r"$\lambda = +\sqrt{-d_1 d_2} > 0$ is an eigenvalue: its real part is not "
                 r"near 0.", Symbolic()),
            Step("not-a-fixed-point", field_2, sympy.Integer(0),
                 r"The field at $h = 0$ is $(0, \operatorname{sigm}(0)\tanh(-3)) \neq 0$: the "
                 r"state moves, so the eigenvalue is no growth rate of a trajectory.", Symbolic(),
                 relation=Relation.LT),
        ),
        conclusion="positive-real-eigenvalue",
    )
