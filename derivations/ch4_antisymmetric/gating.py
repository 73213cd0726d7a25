"""The gated AntisymmetricRNN and what its Jacobian really is.

z_t = σ((W − Wᵀ − γI)h_{t−1} + V_z x_t + b_z),
h_t = h_{t−1} + ε z_t ∘ tanh((W − Wᵀ − γI)h_{t−1} + V_h x_t + b_h).

Because the gate reads the same M_γ h_{t−1}, differentiating the product
z ∘ tanh(a) gives two diagonal terms: ∂h_t/∂h_{t−1} = I + ε D_g M_γ with
D_g = diag(z ∘ tanh′(a) + σ′(c) ∘ tanh(a)). The second term is negative
wherever tanh(a) < 0, so D_g need not be ≥ 0, and a diagonal with entries of
both signs times an antisymmetric matrix can have real eigenvalues.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    epsilon,
    gamma,
    lam,
    omega,
    rotation_generator,
)
from derivations.engine import Derivation, Relation, Step, Symbolic, register


def sigmoid(x: sympy.Basic) -> sympy.Basic:
    """The logistic function 1/(1 + e^{−x})."""
    return 1 / (1 + sympy.exp(-x))


def _cancel_entries(expression: sympy.Basic) -> sympy.Basic:
    """Cancel each entry to one fraction: σ′ = e^{−x}/(1+e^{−x})² meets σ(1 − σ)."""
    def cancel(entry: sympy.Basic) -> sympy.Basic:
        return sympy.cancel(sympy.together(sympy.expand(entry)))

    if isinstance(expression, sympy.MatrixBase):
        return expression.applyfunc(cancel)
    return cancel(expression)


def gate_slopes(candidate: sympy.Basic, gate: sympy.Basic) -> sympy.Basic:
    """z tanh′(a) + σ′(c) tanh(a) with z = σ(c): one diagonal entry of D_g."""
    z = sigmoid(gate)
    return z * (1 - sympy.tanh(candidate) ** 2) + z * (1 - z) * sympy.tanh(candidate)


@register
def gated_antisymmetric_jacobian() -> Derivation:
    h = sympy.ImmutableMatrix(sympy.symbols("h_1:3", real=True))
    u_h = sympy.ImmutableMatrix(sympy.symbols("u_1:3", real=True))
    u_z = sympy.ImmutableMatrix(sympy.symbols("v_1:3", real=True))
    matrix = sympy.ImmutableMatrix(rotation_generator(omega) - gamma * sympy.eye(2))
    a, c = matrix * h + u_h, matrix * h + u_z
    step = h + epsilon * sympy.ImmutableMatrix(
        [sigmoid(c[i]) * sympy.tanh(a[i]) for i in range(2)])
    J_step = sympy.MatrixSymbol(r"\partial h_t/\partial h_{t-1}", 2, 2)
    M_gamma = sympy.MatrixSymbol(r"M_{\gamma}", 2, 2)
    D_gate = sympy.MatrixSymbol("D_g", 2, 2)
    slopes = sympy.ImmutableMatrix(sympy.diag(*[gate_slopes(a[i], c[i]) for i in range(2)]))

    # The counterexample: ω = 1, γ = 0, h = 0, u_h = (0, −3), u_z = (0, 0).
    d1, d2 = sympy.symbols("d_1 d_2", real=True)
    three = sympy.Integer(3)
    d1_value = gate_slopes(sympy.Integer(0), sympy.Integer(0))
    d2_value = gate_slopes(-three, sympy.Integer(0))
    D_point = sympy.MatrixSymbol("D_*", 2, 2)
    K = sympy.MatrixSymbol("K", 2, 2)
    return Derivation(
        slug="gated-antisymmetric-jacobian",
        title="The gated cell's Jacobian: the gate's own slope can make eigenvalues real",
        chapter=4,
        source=SOURCE,
        summary=(
            "The slides argue that the gate only multiplies $M_\\gamma$ by a diagonal matrix, so "
            "the real parts stay near zero. Differentiating the unrolled cell shows the "
            "diagonal is $D_g = \\operatorname{diag}(z\\tanh'(a) + \\sigma'(c)\\tanh(a))$. "
            "At the point below ($\\gamma = 0$, $h = 0$, $b_h = (0, -3)$, $b_z = 0$) its second "
            "entry is negative, and the vector field's Jacobian $D_g M$ has the real eigenvalues "
            "$\\pm\\sqrt{-d_1 d_2} \\approx \\pm 0.35$: a direction that grows like "
            "$e^{0.35t}$. The claim holds only where $D_g \\ge 0$, e.g. when "
            "$\\tanh(a) \\ge 0$."
        ),
        hypotheses=(
            r"$M_\gamma = \begin{bmatrix}-\gamma & -\omega\\ \omega & -\gamma\end{bmatrix}$, "
            r"$a = M_\gamma h + u_h$, $c = M_\gamma h + u_z$ ($u = Vx + b$), "
            r"$z = \sigma(c)$, $\sigma(x) = 1/(1 + e^{-x})$.",
            r"Counterexample: $\omega = 1$, $\gamma = 0$, $h = 0$, $u_h = (0, -3)$, "
            r"$u_z = (0, 0)$, $K = \begin{bmatrix}0 & -1\\ 1 & 0\end{bmatrix}$, "
            r"$D_* = \operatorname{diag}(d_1, d_2)$ there.",
        ),
        definitions={
            J_step: sympy.ImmutableMatrix(step.jacobian(h)), M_gamma: matrix, D_gate: slopes,
            d1: d1_value, d2: d2_value, D_point: sympy.ImmutableMatrix(sympy.diag(d1, d2)),
            K: rotation_generator(sympy.Integer(1)),
        },
        steps=(
            Step("gated-step-jacobian", J_step, sympy.Identity(2) + epsilon * D_gate * M_gamma,
                 "Product rule on z ∘ tanh(a), both factors driven by M_γ h.",
                 Symbolic(rewrite=_cancel_entries)),
            Step("first-slope", d1, sympy.Rational(1, 2),
                 "At the point: d₁ = σ(0)·tanh′(0) + σ′(0)·tanh(0) = 1/2.", Symbolic()),
            Step("second-slope-negative", d2, sympy.Integer(0),
                 "d₂ = ½ sech²3 − ¼ tanh 3 ≈ −0.244 < 0: the gate term dominates.", Symbolic(),
                 relation=Relation.LT),
            Step("characteristic-polynomial",
                 sympy.Determinant(lam * sympy.Identity(2) - D_point * K), lam**2 + d1 * d2,
                 "det(λI − D_*K) = λ² + d₁d₂ with d₁d₂ < 0: two real eigenvalues ±√(−d₁d₂).",
                 Symbolic()),
            Step("positive-real-eigenvalue",
                 sympy.Determinant(sympy.sqrt(-d1 * d2) * sympy.Identity(2) - D_point * K),
                 sympy.Integer(0),
                 "λ = +√(−d₁d₂) > 0 is an eigenvalue: Re λ is not ≈ 0 here.", Symbolic()),
        ),
    )
