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
    antisymmetric_matrix,
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
    get,
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
    plane = antisymmetric_matrix(2)
    plane_name = sympy.MatrixSymbol("M_2", 2, 2)
    return Derivation(
        title="A forward Euler step on an antisymmetric system never shortens a vector",
        source=SOURCE,
        statement=(
            r"For real antisymmetric $M$ of any size, one Euler step of $h' = Mh$ gives "
            r"$\lVert (I + \varepsilon M)x\rVert^2 = \lVert x\rVert^2 + \varepsilon^2\lVert Mx"
            r"\rVert^2$: it lengthens every $x$ that $M$ moves, although the exact flow keeps "
            r"lengths. If $M^*M = \omega^2 I$ (as for every real $2 \times 2$ antisymmetric "
            r"matrix, step 3), $t$ steps multiply every length by "
            r"$(1 + \varepsilon^2\omega^2)^{t/2}$."
        ),
        hypotheses=(
            Hypothesis("skew", sympy.adjoint(M), -M,
                       text=r"$M$ is real and antisymmetric: $M^* = M^\top = -M$"),
            Hypothesis("scaled-unitary", sympy.adjoint(M) * M, omega**2 * sympy.Identity(d),
                       text=r"for step (2) only: $M/\omega$ is orthogonal"),
        ),
        definitions={plane_name: plane},
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
            Step("plane", plane_name.T * plane_name, plane[0, 1] ** 2 * sympy.Identity(2),
                 r"In the plane, every real antisymmetric matrix has $M_2^\top M_2 = "
                 r"m_{12}^2 I$: step (2) applies with $\omega = |m_{12}|$.", Symbolic()),
        ),
        conclusion="one-step",
        claims_every_size=True,
        uses=("antisymmetric-exponential-is-rotation",),
    )


@register
def forward_euler_diffusion_condition() -> Derivation:
    # ξ = √(1 − ε²ω²) as a symbol of its own, ξ ≥ 0 with ξ² = 1 − ε²ω²: the signs of
    # γ − γ± are then read off term by term.
    xi = sympy.Symbol("xi", nonnegative=True)
    g_minus, g_plus = symbol("gamma_-"), symbol("gamma_+")
    modulus = sympy.Abs(1 + epsilon * lam) ** 2 - 1
    shown_modulus = plus(euler_factor(epsilon, lam), -1)
    quadratic = times(epsilon, plus(times(epsilon, plus(gamma**2, omega**2)),
                                    minus(times(2, gamma))))
    product = epsilon**2 * (gamma - g_minus) * (gamma - g_plus)
    factorised = times(epsilon**2, plus(gamma, minus(g_minus)), plus(gamma, minus(g_plus)))
    steps_per_unit = sympy.Symbol("N", positive=True)  # ε = 1/N: small steps as N grows

    def case(label: str, relation: Relation, bound: sympy.Basic, text: str) -> Hypothesis:
        return Hypothesis(label, gamma, bound, relation, local=True, text=text)

    def sign(label: str, relation: Relation, why: str, given: tuple[str, ...]) -> Step:
        return Step(label, product, sympy.Integer(0), why, Symbolic(), relation=relation,
                    given=given, display_lhs=factorised)

    return Derivation(
        title="How much diffusion forward Euler needs",
        source=SOURCE,
        statement=(
            r"For the eigenvalues $\lambda = -\gamma \pm i\omega$, "
            r"$|1 + \varepsilon\lambda|^2 - 1 = \varepsilon^2(\gamma - \gamma_-)"
            r"(\gamma - \gamma_+)$ with $\gamma_\pm = (1 \pm \xi)/\varepsilon$ and "
            r"$\xi = \sqrt{1 - \varepsilon^2\omega^2}$, which is real when "
            r"$\varepsilon\omega \leq 1$. So the Euler step is stable, "
            r"$|1 + \varepsilon\lambda| \leq 1$, exactly when $\gamma_- \leq \gamma \leq "
            r"\gamma_+$: the product is positive below $\gamma_-$ and above $\gamma_+$, and not "
            r"positive from $\gamma_-$ to $\gamma_+$ (steps 5 to 8). The least stabilising "
            r"diffusion is $\gamma_- = \varepsilon\omega^2/(1 + \xi)$, about "
            r"$\varepsilon\omega^2/2$ for small steps (step 10)."
        ),
        hypotheses=(
            Hypothesis("frequency-positive", omega, sympy.Integer(0), Relation.GT),
            Hypothesis("small-step", omega, 1 / epsilon, Relation.LE,
                       text=r"a step short against the rotation, $\varepsilon\omega \leq 1$"),
            Hypothesis("root", xi**2, 1 - epsilon**2 * omega**2,
                       text=r"$\xi \geq 0$ is the square root, real by step (4)"),
            case("below", Relation.LT, g_minus, "less diffusion than the band"),
            case("from-lower-end", Relation.GE, g_minus, "diffusion from the band's lower end …"),
            case("short-of-upper-end", Relation.LT, g_plus, "… short of its upper end"),
            case("at-upper-end", Relation.EQ, g_plus, "the band's upper end"),
            case("above", Relation.GT, g_plus, "more diffusion than the band"),
        ),
        definitions={g_minus: (1 - xi) / epsilon, g_plus: (1 + xi) / epsilon,
                     lam: diffused(gamma, omega)},
        steps=(
            Step("modulus", modulus, epsilon * (epsilon * (gamma**2 + omega**2) - 2 * gamma),
                 r"$|1 + \varepsilon\lambda|^2 = (1 - \varepsilon\gamma)^2 + "
                 r"\varepsilon^2\omega^2$.", Symbolic(rewrite=complex_parts),
                 display_lhs=shown_modulus, display_rhs=quadratic),
            Step("factorised", epsilon * (epsilon * (gamma**2 + omega**2) - 2 * gamma), product,
                 r"$\gamma_\pm$ are the roots of $\varepsilon\gamma^2 - 2\gamma + "
                 r"\varepsilon\omega^2$.", Symbolic(rewrite=_cancel), given=("root",),
                 display_lhs=quadratic, display_rhs=factorised),
            Step("stability-condition", modulus, product,
                 r"Steps (1) and (2).",
                 Chain(("modulus", "factorised")),
                 display_lhs=shown_modulus, display_rhs=factorised),
            Step("real-roots", 1 - epsilon**2 * omega**2, sympy.Integer(0),
                 r"The roots are real because $\varepsilon\omega \leq 1$.", Symbolic(),
                 relation=Relation.GE, given=("frequency-positive", "small-step"),
                 display_lhs=plus(1, minus(epsilon**2 * omega**2))),
            sign("unstable-below", Relation.GT,
                 r"Below $\gamma_-$ both factors are negative: unstable …", ("below",)),
            sign("stable-between", Relation.LE,
                 r"… from $\gamma_-$ up to $\gamma_+$ they have opposite signs, or the first "
                 r"is $0$: stable …", ("from-lower-end", "short-of-upper-end")),
            sign("stable-at-upper-end", Relation.EQ,
                 r"… at $\gamma_+$ the product is $0$: stable …", ("at-upper-end",)),
            sign("unstable-above", Relation.GT,
                 r"… and above $\gamma_+$ both factors are positive: unstable.", ("above",)),
            Step("least-gamma", g_minus, epsilon * omega**2 / (1 + xi),
                 r"Rationalise the numerator of $\gamma_-$: $(1 - \xi)(1 + \xi) = "
                 r"\varepsilon^2\omega^2$.", Symbolic(rewrite=_cancel), given=("root",),
                 display_rhs=times(epsilon * omega**2,
                                   sympy.Pow(plus(1, xi), -1, evaluate=False))),
            Step("small-steps",
                 sympy.Limit(steps_per_unit**2
                             * (1 - sympy.sqrt(1 - omega**2 / steps_per_unit**2)) / omega**2,
                             steps_per_unit, sympy.oo),
                 sympy.Rational(1, 2),
                 r"For the step $\varepsilon = 1/N$, $\gamma_-/(\varepsilon\omega^2) = "
                 r"N^2(1 - \sqrt{1 - \omega^2/N^2})/\omega^2$, which tends to $\frac12$ as the "
                 r"steps shrink.", Symbolic()),
        ),
        conclusion="stability-condition",
    )


def diffusion_bounds(step: sympy.Basic, frequency: sympy.Basic) -> tuple[sympy.Basic, sympy.Basic]:
    """γ₋ and γ₊ for the Euler step ``step`` and the frequency ``frequency``, exact for exact
    inputs: the theorem's own definitions, with ξ the square root its hypothesis ``root``
    gives (ξ ≥ 0), so the scene and the tables draw the numbers the theorem proves."""
    condition = get("forward-euler-diffusion-condition")
    root = condition.hypothesis("root")  # ξ² = 1 − ε²ω²
    exact = {epsilon: step, omega: frequency}
    return tuple(sympy.radsimp(condition.value(name).subs(root.lhs.base, sympy.sqrt(root.rhs))
                               .subs(exact)) for name in ("gamma_-", "gamma_+"))
