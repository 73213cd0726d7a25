"""Where the Chapter 4 source is imprecise or wrong, each with the check that shows it.

(The erratum on stability criteria lives with the ODE view in ``ode_stability``.)
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    EPSILON_OURS,
    GAMMA_FIGURE,
    OMEGA_FIGURE,
    SOURCE,
    W_DIFF,
    antisymmetric_matrix,
    complex_parts,
    diffused,
    epsilon,
    euler_factor,
    gamma,
    lam,
    modulus_squared,
    omega,
    plus,
    times,
)
from derivations.engine import (
    Assumption,
    Derivation,
    Hypothesis,
    Relation,
    Step,
    Symbolic,
    register,
)


@register
def erratum_diffusion_example_not_euler_stable() -> Derivation:
    h1, h2 = sympy.symbols("h_1 h_2", real=True)
    state = sympy.ImmutableMatrix([h1, h2])
    W = sympy.MatrixSymbol(r"W_{\mathrm{diff}}", 2, 2)
    J_origin = sympy.MatrixSymbol(r"J_{\mathrm{step}}(0)", 2, 2)
    threshold = sympy.Symbol(r"varepsilon_*", positive=True)
    mu = sympy.Symbol("mu")
    step_map = state + epsilon * (W_DIFF * state).applyfunc(sympy.tanh)
    factor = sympy.Abs(1 + epsilon * lam) ** 2
    eigenvalue = diffused(gamma, omega)
    return Derivation(
        title="Whether the diffusion example is stable depends on a step the slides "
              "do not give",
        source=SOURCE,
        statement=(
            r"The slides' diffusion example ($\gamma = 0.15$, $\omega = 2$) comes with no Euler "
            r"step $\varepsilon$. At the origin the step map $h \mapsto h + \varepsilon"
            r"\tanh(W_{\mathrm{diff}}h)$ linearises to $I + \varepsilon W_{\mathrm{diff}}$, "
            r"whose eigenvalues $1 + \varepsilon\lambda$ and $1 + \varepsilon\bar\lambda$ have "
            r"$|1 + \varepsilon\lambda|^2 - 1 = \varepsilon(\gamma^2 + \omega^2)"
            r"(\varepsilon - \varepsilon_*)$ with $\varepsilon_* = 120/1609 \approx 0.0746$. "
            r"So the linearisation's eigenvalues stay in the closed unit disc for "
            r"$0 < \varepsilon \leq \varepsilon_*$ and leave it for "
            r"$\varepsilon > \varepsilon_*$, as at our $\varepsilon = 0.1$. Assuming that a "
            r"fixed point repels when its linearisation has an eigenvalue outside the unit "
            r"circle (stated below), the origin repels for every $\varepsilon > "
            r"\varepsilon_*$."
        ),
        hypotheses=(
            Hypothesis("positive-step", epsilon, sympy.Integer(0), Relation.GT,
                       text="a step forward in time"),
            Assumption("A fixed point of a smooth map repels (some points arbitrarily close to "
                       "it move away) when the map's Jacobian there has an eigenvalue of "
                       "modulus greater than 1."),
            Hypothesis("small-step", epsilon, threshold, Relation.LE, local=True,
                       text="a step up to the threshold"),
            Hypothesis("large-step", epsilon, threshold, Relation.GT, local=True,
                       text="a step beyond the threshold"),
        ),
        definitions={
            W: W_DIFF,
            J_origin: sympy.ImmutableMatrix(step_map.jacobian(state).subs({h1: 0, h2: 0})),
            threshold: 2 * gamma / (gamma**2 + omega**2),
            gamma: GAMMA_FIGURE,
            omega: OMEGA_FIGURE,
            lam: eigenvalue,
        },
        steps=(
            Step("jacobian-at-origin", J_origin, sympy.Identity(2) + epsilon * W,
                 r"$\tanh'(0) = 1$, so the step map linearises to $I + \varepsilon "
                 r"W_{\mathrm{diff}}$ at the origin.", Symbolic(),
                 display_rhs=plus(sympy.Identity(2), times(epsilon, W))),
            Step("eigenvalues", sympy.Determinant(mu * sympy.Identity(2) - J_origin),
                 (mu - 1 - epsilon * lam) * (mu - 1 - epsilon * sympy.conjugate(lam)),
                 r"Its characteristic polynomial has the roots $1 + \varepsilon\lambda$ and "
                 r"$1 + \varepsilon\bar\lambda$, $\lambda = -\gamma + i\omega$.",
                 Symbolic(rewrite=complex_parts),
                 display_rhs=sympy.Mul(
                     sympy.Add(mu, -1, -epsilon * lam, evaluate=False),
                     sympy.Add(mu, -1, -epsilon * sympy.conjugate(lam), evaluate=False),
                     evaluate=False)),
            Step("determinant", sympy.Determinant(J_origin), factor,
                 r"Its eigenvalues are the conjugate pair $1 + \varepsilon(-\gamma \pm i\omega)$, "
                 r"each of modulus squared $\det$.", Symbolic(rewrite=complex_parts),
                 display_rhs=euler_factor(epsilon, lam)),
            Step("stability-threshold", factor - 1,
                 (gamma**2 + omega**2) * epsilon * (epsilon - threshold),
                 r"$\varepsilon^2(\gamma^2 + \omega^2) - 2\varepsilon\gamma$: negative exactly "
                 r"for $0 < \varepsilon < \varepsilon_*$.", Symbolic(rewrite=complex_parts),
                 display_lhs=plus(euler_factor(epsilon, lam), -1)),
            Step("stable-below", factor - 1, sympy.Integer(0),
                 r"For $0 < \varepsilon \leq \varepsilon_*$ the factor $\varepsilon - "
                 r"\varepsilon_*$ is not positive: both eigenvalues stay in the closed unit "
                 r"disc.",
                 Symbolic(rewrite=complex_parts), relation=Relation.LE,
                 given=("positive-step", "small-step"),
                 display_lhs=plus(euler_factor(epsilon, lam), -1)),
            Step("unstable-above", factor - 1, sympy.Integer(0),
                 r"Beyond $\varepsilon_*$ it is positive: both eigenvalues leave the unit disc.",
                 Symbolic(rewrite=complex_parts), relation=Relation.GT, given=("large-step",),
                 display_lhs=plus(euler_factor(epsilon, lam), -1)),
            Step("threshold-value", threshold, sympy.Rational(120, 1609),
                 r"$2\gamma/(\gamma^2 + \omega^2) = 0.3/4.0225$.", Symbolic()),
            Step("our-step-is-above", threshold, EPSILON_OURS,
                 r"Our $\varepsilon = 0.1$ exceeds it: the origin repels, by the assumption.",
                 Symbolic(),
                 relation=Relation.LT),
            Step("factor-at-our-step", factor.subs(epsilon, EPSILON_OURS),
                 sympy.Rational(40409, 40000),
                 r"At $\varepsilon = 0.1$: $|1 + \varepsilon\lambda|^2 = 1.010225 > 1$.",
                 Symbolic(rewrite=complex_parts),
                 display_lhs=euler_factor(EPSILON_OURS, lam)),
        ),
        conclusion="stability-threshold",
    )


@register
def erratum_euler_left_hand_side() -> Derivation:
    M3 = sympy.MatrixSymbol("M_3", 3, 3)
    generic = antisymmetric_matrix(3)
    entries_squared = plus(generic[0, 1] ** 2, generic[0, 2] ** 2, generic[1, 2] ** 2)
    return Derivation(
        title="Not every Euler factor of an antisymmetric matrix exceeds 1",
        source=SOURCE,
        statement=(
            "The slides: “left hand is always >1 since the eigenvalues of the jacobian are all "
            r"imaginary”. But $|1 + \varepsilon\lambda|^2 = 1 + \varepsilon^2|\lambda|^2$ exceeds "
            r"1 only when $\lambda \neq 0$, and every antisymmetric $3 \times 3$ matrix has the "
            r"eigenvalue $0$, whose factor is exactly 1. Its other two eigenvalues are "
            r"$\pm i\sqrt{m_{12}^2 + m_{13}^2 + m_{23}^2}$ (step 3), whose factor exceeds 1 "
            r"unless $M_3 = 0$: only those must exceed 1."
        ),
        hypotheses=(
            Hypothesis("imaginary", lam + sympy.conjugate(lam), sympy.Integer(0),
                       text=r"$\operatorname{Re}\lambda = 0$, as for every eigenvalue of an "
                            "antisymmetric matrix"),
        ),
        definitions={M3: generic},
        uses=("antisymmetric-eigenvalues-are-imaginary",),
        steps=(
            Step("factor", sympy.Abs(1 + epsilon * lam) ** 2,
                 1 + epsilon**2 * lam * sympy.conjugate(lam),
                 r"$(1 + \varepsilon\lambda)(1 + \varepsilon\bar\lambda)$, and "
                 r"$\lambda + \bar\lambda = 0$.", Symbolic(), given=("imaginary",),
                 display_lhs=euler_factor(epsilon, lam),
                 display_rhs=plus(1, times(epsilon**2, modulus_squared(lam)))),
            Step("zero-eigenvalue", sympy.Determinant(M3), sympy.Integer(0),
                 r"A generic antisymmetric $3 \times 3$ matrix has $\det M_3 = 0$: the "
                 r"eigenvalue $0$, with factor $|1 + 0| = 1$.", Symbolic()),
            Step("other-eigenvalues", sympy.Determinant(lam * sympy.Identity(3) - M3),
                 lam * (lam**2 + entries_squared),
                 r"The characteristic polynomial: besides $0$, the roots are "
                 r"$\pm i\sqrt{m_{12}^2 + m_{13}^2 + m_{23}^2}$, with factor "
                 r"$1 + \varepsilon^2(m_{12}^2 + m_{13}^2 + m_{23}^2)$ by step (1).",
                 Symbolic(), display_rhs=times(lam, plus(lam**2, entries_squared))),
        ),
        conclusion="zero-eigenvalue",
    )
