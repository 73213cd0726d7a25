"""The ODE view: how a perturbation of h′ = Jh evolves, and when eigenvalues decide stability.

A perturbation of the initial state evolves with the sensitivity
Φ(t) = ∂h(t)/∂h(0), which obeys Φ′ = JΦ, Φ(0) = I. Along an eigenvector it is
the scalar e^{λt}, of modulus e^{Re(λ)t}: that is why Re λ decides growth. But
Re λ ≤ 0 alone does not make a linear system stable: a Jordan block with
eigenvalue 0 grows linearly, which the slides' criterion misses.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import SOURCE, J, complex_parts, lam, plus, time, times, v
from derivations.engine import Assumption, Derivation, Hypothesis, Step, Symbolic, register
from derivations.engine.expressions import NormSquared


@register
def ode_eigendirection_growth() -> Derivation:
    solution = sympy.exp(lam * time) * v
    return Derivation(
        title="Along an eigenvector the sensitivity is a scalar exponential",
        source=SOURCE,
        statement=(
            r"If $Jv = \lambda v$ for a constant $d \times d$ Jacobian $J$, then "
            r"$e^{\lambda t}v$ solves $h' = Jh$ from $h(0) = v$; assuming solutions are unique "
            r"(Picard and Lindelöf, stated below), it is the solution $\Phi(t)v$, of length "
            r"$e^{\operatorname{Re}(\lambda)t}\lVert v\rVert$: it grows, decays or keeps its "
            r"length as $\operatorname{Re}\lambda$ is positive, negative or zero."
        ),
        hypotheses=(
            Hypothesis("eigenvector", J * v, lam * v, text="$v$ is an eigenvector of $J$"),
            Assumption(r"solutions of the linear ODE $h' = Jh$ are unique (Picard and "
                       r"Lindelöf), so the solution that starts at $v$ is $\Phi(t)v$"),
        ),
        steps=(
            Step("solves", sympy.Derivative(solution, time), J * solution,
                 r"Differentiate: $\frac{d}{dt}e^{\lambda t}v = \lambda e^{\lambda t}v$, and "
                 r"$\lambda v = Jv$.", Symbolic(), given=("eigenvector",),
                 display_rhs=times(J, solution)),
            Step("length", NormSquared(solution),
                 sympy.exp(2 * sympy.re(lam) * time) * NormSquared(v),
                 r"$|e^{\lambda t}|^2 = e^{\lambda t}e^{\bar\lambda t} = "
                 r"e^{2\operatorname{Re}(\lambda)t}$ for real $t$.",
                 Symbolic(rewrite=complex_parts)),
        ),
        claims_every_size=True,
    )


@register
def erratum_critical_eigenvalues_need_eigenvectors() -> Derivation:
    jordan = sympy.MatrixSymbol("J", 2, 2)
    sensitivity = sympy.MatrixSymbol("Phi", 2, 2)
    start = sympy.MatrixSymbol(r"\Phi(0)", 2, 2)
    e2 = sympy.MatrixSymbol("e_2", 2, 1)
    explicit = sympy.ImmutableMatrix([[1, time], [0, 1]])
    v_1, v_2 = sympy.symbols("v_1 v_2")
    return Derivation(
        title="Eigenvalues with zero real part do not make a system stable",
        source=SOURCE,
        statement=(
            "The slides call an ODE solution stable “if the long-term behavior of the system "
            "does not depend significantly on the initial conditions, meaning if” "
            r"$\max_i \operatorname{Re}(\lambda_i(J(t))) \leq 0$ for all $t \geq 0$. For "
            "a constant $J$ the exact theorem (standard; only its counterexample is checked "
            r"here) is: every solution of $h' = Jh$ stays bounded if and only if every "
            r"$\operatorname{Re}\lambda \leq 0$ and each eigenvalue with "
            r"$\operatorname{Re}\lambda = 0$ has as many independent eigenvectors as its "
            "multiplicity. This Jordan block has the double eigenvalue 0 but one eigenvector."
        ),
        hypotheses=(),
        definitions={
            jordan: sympy.ImmutableMatrix([[0, 1], [0, 0]]),
            sensitivity: explicit,
            start: explicit.subs(time, 0),
            e2: sympy.ImmutableMatrix([0, 1]),
        },
        steps=(
            Step("double-eigenvalue-zero", sympy.Determinant(lam * sympy.Identity(2) - jordan),
                 lam**2, r"Both eigenvalues are $0$, so $\operatorname{Re}\lambda = 0$.",
                 Symbolic()),
            Step("solves", sympy.Derivative(sensitivity, time), jordan * sensitivity,
                 r"$\Phi(t)$ solves the sensitivity equation $\Phi' = J\Phi$ …", Symbolic()),
            Step("starts-at-identity", start, sympy.Identity(2),
                 r"… from $\Phi(0) = I$, so it is $e^{Jt}$.", Symbolic()),
            Step("one-eigenvector", jordan * sympy.ImmutableMatrix([v_1, v_2]),
                 sympy.ImmutableMatrix([v_2, 0]),
                 r"An eigenvector $(v_1, v_2)$ for $0$ needs $v_2 = 0$: every one is a multiple "
                 r"of $(1, 0)$, one eigenvector for a double eigenvalue.", Symbolic()),
            Step("grows", NormSquared(sensitivity * e2), 1 + time**2,
                 r"The perturbation $e_2$ becomes $(t, 1)$: its length grows like $t$.",
                 Symbolic(), display_rhs=plus(1, time**2)),
        ),
    )
