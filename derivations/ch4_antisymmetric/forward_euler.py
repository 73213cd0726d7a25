"""Forward Euler h_t = h_{t−1} + ε f(h_{t−1}): stable iff every |1 + ελ| ≤ 1, which λ = iω violates.

The ODE h′ = Mh with antisymmetric M preserves norms; its forward-Euler
discretisation multiplies them by √(1 + ε²ω²) > 1 every step. Diffusion
(M − γI) moves ελ into the disc |1 + z| ≤ 1, but only if γ is large enough:
ε(γ² + ω²) ≤ 2γ, i.e. γ ≥ γ₋ = (1 − √(1 − ε²ω²))/ε, and only if εω ≤ 1.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    complex_parts,
    epsilon,
    gamma,
    omega,
    rotation_generator,
)
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol


def _cancel(expression: sympy.Basic) -> sympy.Basic:
    """Bring to one fraction and cancel; √(x)² = x is applied automatically."""
    return sympy.cancel(sympy.together(sympy.expand(expression)))


@register
def forward_euler_amplifies_rotations() -> Derivation:
    k = symbol("t")
    M = symbol("M")
    E = sympy.MatrixSymbol("E", 2, 2)
    growth = 1 + epsilon**2 * omega**2
    return Derivation(
        slug="forward-euler-amplifies-rotations",
        title="Forward Euler on h′ = Mh grows every norm by √(1 + ε²ω²) per step",
        chapter=4,
        source=SOURCE,
        summary=(
            "The linear test equation: one Euler step is $h_t = (I + \\varepsilon M)h_{t-1}$, and "
            "an eigenvalue $i\\omega$ of $M$ becomes $1 + i\\varepsilon\\omega$, outside the unit "
            "circle. For the 2×2 rotation generator the growth is exact and the same for every "
            "$h_0$: $\\lVert h_t \\rVert = (1 + \\varepsilon^2\\omega^2)^{t/2}\\lVert h_0\\rVert$."
        ),
        hypotheses=(
            r"$M = \begin{bmatrix}0 & -\omega\\ \omega & 0\end{bmatrix}$, $\omega > 0$; "
            r"$\varepsilon > 0$; $E = I + \varepsilon M$ (one Euler step); $t \ge 0$ an integer.",
        ),
        definitions={M: rotation_generator(omega), E: sympy.ImmutableMatrix(
            sympy.eye(2) + epsilon * rotation_generator(omega))},
        steps=(
            Step("amplification-factor", sympy.Abs(1 + sympy.I * epsilon * omega) ** 2, growth,
                 "|1 + iεω|² = 1 + ε²ω².", Symbolic(rewrite=complex_parts)),
            Step("outside-unit-disc", growth, sympy.Integer(1),
                 "So |1 + ελ| > 1 for every eigenvalue λ = iω with ω ≠ 0.", Symbolic(),
                 relation=Relation.GT),
            Step("one-step-gram", E.T * E, growth * sympy.Identity(2),
                 "(I + εM)ᵀ(I + εM) = I − ε²M² = (1 + ε²ω²) I: one step stretches every vector.",
                 Symbolic()),
            Step("t-steps-gram", (E**k).T * E**k, growth**k * sympy.Identity(2),
                 "After t steps, ‖h_t‖² = (1 + ε²ω²)ᵗ ‖h₀‖²: slow but certain explosion.",
                 Induction(k, recurrence=lambda previous: E.T * previous * E)),
        ),
    )


@register
def forward_euler_diffusion_condition() -> Derivation:
    root = sympy.sqrt(1 - epsilon**2 * omega**2)
    lower, upper = (1 - root) / epsilon, (1 + root) / epsilon
    g_minus, g_plus = sympy.symbols(r"gamma_- gamma_+", positive=True)
    return Derivation(
        slug="forward-euler-diffusion-condition",
        title="Diffusion: |1 + ε(−γ + iω)| ≤ 1 ⟺ ε(γ² + ω²) ≤ 2γ, and the least such γ",
        chapter=4,
        source=SOURCE,
        summary=(
            "The condition is a quadratic inequality in $\\gamma$: "
            "$\\varepsilon\\gamma^2 - 2\\gamma + \\varepsilon\\omega^2 \\le 0$, i.e. "
            "$\\gamma_- \\le \\gamma \\le \\gamma_+$. It has solutions only when "
            "$\\varepsilon\\omega \\le 1$, and the least stabilising diffusion is "
            "$\\gamma_- = (1 - \\sqrt{1-\\varepsilon^2\\omega^2})/\\varepsilon = "
            "\\varepsilon\\omega^2/(1 + \\sqrt{1-\\varepsilon^2\\omega^2}) \\approx "
            "\\varepsilon\\omega^2/2$. Too much diffusion ($\\gamma > \\gamma_+$) overshoots "
            "out of the disc on the left."
        ),
        hypotheses=(
            r"$\varepsilon, \gamma, \omega > 0$ and $\varepsilon\omega \le 1$ (so the square "
            r"root is real); $\gamma_\pm = (1 \pm \sqrt{1 - \varepsilon^2\omega^2})/\varepsilon$.",
        ),
        definitions={g_minus: lower, g_plus: upper},
        steps=(
            Step("modulus-squared",
                 sympy.Abs(1 + epsilon * (-gamma + sympy.I * omega)) ** 2 - 1,
                 epsilon * (epsilon * (gamma**2 + omega**2) - 2 * gamma),
                 "|1 + ελ|² − 1 = ε(ε(γ² + ω²) − 2γ): stable ⟺ ε(γ² + ω²) ≤ 2γ.",
                 Symbolic(rewrite=complex_parts)),
            Step("quadratic-in-gamma",
                 epsilon * gamma**2 - 2 * gamma + epsilon * omega**2,
                 epsilon * (gamma - g_minus) * (gamma - g_plus),
                 "Its roots are γ± = (1 ± √(1 − ε²ω²))/ε, so the stable γ form [γ₋, γ₊].",
                 Symbolic()),
            Step("least-gamma-is-boundary",
                 epsilon * (g_minus**2 + omega**2) - 2 * g_minus, sympy.Integer(0),
                 "At γ = γ₋ the eigenvalue 1 + ελ lands exactly on the unit circle.",
                 Symbolic(rewrite=_cancel)),
            Step("least-gamma-small-step", g_minus,
                 epsilon * omega**2 / (1 + sympy.sqrt(1 - epsilon**2 * omega**2)),
                 "Rationalised: γ₋ = εω²/(1 + √(1 − ε²ω²)), about εω²/2 for small εω.",
                 Symbolic(rewrite=_cancel)),
        ),
    )
