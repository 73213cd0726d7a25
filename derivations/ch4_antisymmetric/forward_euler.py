"""Forward Euler h_t = h_{t−1} + ε f(h_{t−1}) on h′ = Mh lengthens vectors; diffusion can repair it.

The ODE h′ = Mh with antisymmetric M preserves norms; one forward Euler step
multiplies ‖h‖² by 1 + ε²‖Mh‖²/‖h‖² ≥ 1, at every size. Diffusion (M − γI)
moves each scaled eigenvalue ε(−γ ± iω) into the disc |1 + z| ≤ 1, but only for
γ between the roots γ± = (1 ± √(1 − ε²ω²))/ε, which exist only if εω ≤ 1.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    M,
    complex_parts,
    diffused,
    epsilon,
    euler_factor,
    gamma,
    lam,
    minus,
    omega,
    plus,
    times,
)
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
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol


def _cancel(expression: sympy.Basic) -> sympy.Basic:
    """Bring to one fraction and cancel; ``√x² = x`` is applied automatically."""
    return sympy.cancel(sympy.together(sympy.expand(expression)))


@register
def forward_euler_amplifies_rotations() -> Derivation:
    d = DIMENSION
    x, t = symbol("x"), symbol("t")
    euler = sympy.Identity(d) + epsilon * M
    written = plus(sympy.Identity(d), times(epsilon, M))
    growth = plus(1, epsilon**2 * omega**2)
    return Derivation(
        title="A forward Euler step on an antisymmetric system never shortens a vector",
        source=SOURCE,
        statement=(
            r"For real antisymmetric $M$ of any size, one Euler step of $h' = Mh$ gives "
            r"$\lVert (I + \varepsilon M)x\rVert^2 = \lVert x\rVert^2 + \varepsilon^2\lVert Mx"
            r"\rVert^2$: it lengthens every $x$ that $M$ moves, although the exact flow keeps "
            r"lengths. If $M^*M = \omega^2 I$ (as for every $2 \times 2$ antisymmetric matrix), "
            r"$t$ steps multiply every length by $(1 + \varepsilon^2\omega^2)^{t/2}$."
        ),
        hypotheses=(
            Hypothesis("skew", sympy.adjoint(M), -M,
                       text=r"$M$ is real and antisymmetric: $M^* = M^\top = -M$"),
            Hypothesis("scaled-unitary", sympy.adjoint(M) * M, omega**2 * sympy.Identity(d),
                       text=r"for step (2) only: $M/\omega$ is orthogonal"),
        ),
        steps=(
            Step("one-step", NormSquared(euler * x),
                 NormSquared(x) + epsilon**2 * NormSquared(M * x),
                 r"Expand: the cross terms $\varepsilon x^*(M^* + M)x$ cancel.", Symbolic(),
                 given=("skew",),
                 display_lhs=NormSquared(times(written, x)),
                 display_rhs=plus(NormSquared(x), times(epsilon**2, NormSquared(M * x)))),
            Step("many-steps", sympy.adjoint(euler**t) * euler**t,
                 (1 + epsilon**2 * omega**2) ** t * sympy.Identity(d),
                 r"Induction on $t$: $(I + \varepsilon M)^*(I + \varepsilon M) = I + "
                 r"\varepsilon^2 M^*M = (1 + \varepsilon^2\omega^2)I$.",
                 Induction(t, recurrence=lambda gram: sympy.adjoint(euler) * gram * euler),
                 given=("scaled-unitary", "skew"),
                 display_lhs=times(sympy.Adjoint(sympy.MatPow(written, t)),
                                   sympy.MatPow(written, t)),
                 display_rhs=times(sympy.Pow(growth, t, evaluate=False), sympy.Identity(d))),
        ),
        conclusion="one-step",
        claims_every_size=True,
    )


@register
def forward_euler_diffusion_condition() -> Derivation:
    root = sympy.sqrt(1 - epsilon**2 * omega**2)
    g_minus, g_plus = symbol("gamma_-"), symbol("gamma_+")
    modulus = sympy.Abs(1 + epsilon * lam) ** 2 - 1
    shown_modulus = plus(euler_factor(epsilon, lam), -1)
    quadratic = times(epsilon, plus(times(epsilon, plus(gamma**2, omega**2)),
                                    minus(times(2, gamma))))
    factorised = times(epsilon**2, plus(gamma, minus(g_minus)), plus(gamma, minus(g_plus)))
    return Derivation(
        title="How much diffusion forward Euler needs",
        source=SOURCE,
        statement=(
            r"For the eigenvalues $\lambda = -\gamma \pm i\omega$, "
            r"$|1 + \varepsilon\lambda|^2 - 1 = \varepsilon^2(\gamma - \gamma_-)"
            r"(\gamma - \gamma_+)$, so the Euler step is stable, "
            r"$|1 + \varepsilon\lambda| \leq 1$, exactly when this product is at most 0: "
            r"reading off the signs of its two factors, when $\gamma_- \leq \gamma \leq "
            r"\gamma_+$. The roots are real when $\varepsilon\omega \leq 1$, and the least "
            r"stabilising diffusion is $\gamma_- = \varepsilon\omega^2/(1 + "
            r"\sqrt{1 - \varepsilon^2\omega^2})$, about $\varepsilon\omega^2/2$ for small "
            r"steps."
        ),
        hypotheses=(
            Hypothesis("frequency-positive", omega, sympy.Integer(0), Relation.GT,
                       text=r"$\omega > 0$"),
            Hypothesis("small-step", omega, 1 / epsilon, Relation.LE,
                       text=r"$\varepsilon\omega \leq 1$"),
        ),
        definitions={g_minus: (1 - root) / epsilon, g_plus: (1 + root) / epsilon,
                     lam: diffused(gamma, omega)},
        steps=(
            Step("modulus", modulus, epsilon * (epsilon * (gamma**2 + omega**2) - 2 * gamma),
                 r"$|1 + \varepsilon\lambda|^2 = (1 - \varepsilon\gamma)^2 + "
                 r"\varepsilon^2\omega^2$.", Symbolic(rewrite=complex_parts),
                 display_lhs=shown_modulus, display_rhs=quadratic),
            Step("factorised", epsilon * (epsilon * (gamma**2 + omega**2) - 2 * gamma),
                 epsilon**2 * (gamma - g_minus) * (gamma - g_plus),
                 r"$\gamma_\pm$ are the roots of $\varepsilon\gamma^2 - 2\gamma + "
                 r"\varepsilon\omega^2$.", Symbolic(rewrite=_cancel),
                 display_lhs=quadratic, display_rhs=factorised),
            Step("stability-condition", modulus,
                 epsilon**2 * (gamma - g_minus) * (gamma - g_plus),
                 r"Negative or zero exactly between the roots.",
                 Chain(("modulus", "factorised")),
                 display_lhs=shown_modulus, display_rhs=factorised),
            Step("real-roots", 1 - epsilon**2 * omega**2, sympy.Integer(0),
                 r"The roots are real because $\varepsilon\omega \leq 1$.", Symbolic(),
                 relation=Relation.GE, given=("frequency-positive", "small-step"),
                 display_lhs=plus(1, minus(epsilon**2 * omega**2))),
            Step("least-gamma", g_minus, epsilon * omega**2 / (1 + root),
                 r"Rationalise the numerator of $\gamma_-$.", Symbolic(rewrite=_cancel),
                 display_rhs=times(epsilon * omega**2,
                                   sympy.Pow(plus(1, root), -1, evaluate=False))),
        ),
        conclusion="stability-condition",
    )
