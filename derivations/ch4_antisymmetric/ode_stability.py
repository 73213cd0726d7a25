"""The ODE view: stability of h′ = f(h) is read off the eigenvalues of the Jacobian J.

A perturbation of the initial state evolves with the sensitivity
A(t) = ∂h(t)/∂h(0), which obeys A′ = J A, A(0) = I. For a constant J the
solution is the matrix exponential e^{Jt}; its size in an eigendirection is
|e^{λt}| = e^{Re(λ) t}. So Re λ > 0 explodes, Re λ < 0 vanishes, and the
"critical" Re λ = 0 preserves: the property AntisymmetricRNN is built to have.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    W_ZERO,
    complex_parts,
    gamma,
    omega,
    pythagoras,
    rotation_generator,
    t,
)
from derivations.engine import Derivation, Step, Symbolic, register
from derivations.notation import symbol

J, A = symbol("J"), symbol("Phi")
A0 = sympy.MatrixSymbol("A(0)", 2, 2)


@register
def ode_sensitivity_matrix_exponential() -> Derivation:
    a, b = sympy.symbols("a b", real=True)
    return Derivation(
        slug="ode-sensitivity-matrix-exponential",
        title="Sensitivity to the initial state: A(t) = e^{Jt}, and why Re λ decides",
        chapter=4,
        source=SOURCE,
        summary=(
            "The chain rule turns $\\partial h(t)/\\partial h(0)$ into the linear ODE "
            "$A' = JA$, $A(0) = I$. We verify, for a concrete $J$ (the slides' $W_0$), that the "
            "matrix exponential solves it and that its norm stays constant, and that in an "
            "eigendirection the growth factor is $e^{\\operatorname{Re}(\\lambda) t}$."
        ),
        hypotheses=(
            r"$J = \begin{bmatrix}0 & -2\\ 2 & 0\end{bmatrix}$ (eigenvalues $\pm 2i$), "
            r"$A(t) = e^{Jt}$ computed by SymPy; $t$ real.",
            r"$\lambda = a + ib$ with $a, b$ real.",
        ),
        definitions={J: W_ZERO, A: sympy.ImmutableMatrix((W_ZERO * t).exp()),
                     A0: sympy.ImmutableMatrix((W_ZERO * t).exp()).subs(t, 0)},
        steps=(
            Step("exponential-is-rotation", A,
                 sympy.ImmutableMatrix([[sympy.cos(2 * t), -sympy.sin(2 * t)],
                                        [sympy.sin(2 * t), sympy.cos(2 * t)]]),
                 "For this J, e^{Jt} is the rotation by the angle 2t.", Symbolic()),
            Step("solves-sensitivity-ode", sympy.Derivative(A, t), J * A,
                 "Differentiating e^{Jt} entry by entry gives J e^{Jt}: the ODE A′ = JA.",
                 Symbolic()),
            Step("initial-value", A0, sympy.Identity(2),
                 "At t = 0 the exponential is the identity, as A(0) = ∂h(0)/∂h(0) must be.",
                 Symbolic()),
            Step("norm-preserved", A.T * A, sympy.Identity(2),
                 "A(t) is orthogonal for every t: perturbations neither explode nor vanish.",
                 Symbolic(rewrite=pythagoras)),
            Step("growth-in-eigendirection", sympy.Abs(sympy.exp((a + sympy.I * b) * t)),
                 sympy.exp(a * t),
                 "Along an eigenvector A(t) acts as e^{λt}, of modulus e^{Re(λ) t}: only Re λ "
                 "matters.", Symbolic(rewrite=complex_parts)),
        ),
    )


@register
def ode_sensitivity_with_diffusion() -> Derivation:
    J_gamma = rotation_generator(omega) - gamma * sympy.eye(2)
    solution = sympy.exp(-gamma * t) * sympy.ImmutableMatrix(
        [[sympy.cos(omega * t), -sympy.sin(omega * t)],
         [sympy.sin(omega * t), sympy.cos(omega * t)]])
    return Derivation(
        slug="ode-sensitivity-with-diffusion",
        title="With diffusion, J = M − γI: perturbations decay like e^{−γt}",
        chapter=4,
        source=SOURCE,
        summary=(
            "Subtracting $\\gamma I$ shifts every eigenvalue left by $\\gamma$: the solution of "
            "$A' = JA$ is a rotation damped by $e^{-\\gamma t}$. In continuous time diffusion "
            "is pure loss; it is the *discretisation* that needs it (see forward Euler below)."
        ),
        hypotheses=(
            r"$J = \begin{bmatrix}-\gamma & -\omega\\ \omega & -\gamma\end{bmatrix}$ with "
            r"$\gamma, \omega > 0$; $A(t) = e^{-\gamma t} R(\omega t)$, $R$ the rotation.",
        ),
        definitions={J: J_gamma, A: solution, A0: solution.subs(t, 0)},
        steps=(
            Step("solves-sensitivity-ode", sympy.Derivative(A, t), J * A,
                 "The damped rotation solves A′ = JA …", Symbolic()),
            Step("initial-value", A0, sympy.Identity(2),
                 "… with A(0) = I, so it is e^{Jt} (solutions of linear ODEs are unique).",
                 Symbolic()),
            Step("norm-decays", A.T * A, sympy.exp(-2 * gamma * t) * sympy.Identity(2),
                 "Every perturbation shrinks by exactly e^{−γt}: γ > 0 forgets, slowly if γ is "
                 "small.", Symbolic(rewrite=pythagoras)),
        ),
    )


@register
def tanh_ode_conserved_quantity() -> Derivation:
    h1, h2 = sympy.symbols("h_1 h_2", real=True)
    H = symbol("C")
    h = sympy.ImmutableMatrix([h1, h2])
    flow = (W_ZERO * h).applyfunc(sympy.tanh)
    conserved = (sympy.log(sympy.cosh(2 * h1)) + sympy.log(sympy.cosh(2 * h2))) / 2
    gradient = sympy.ImmutableMatrix([[sympy.diff(conserved, h1), sympy.diff(conserved, h2)]])
    return Derivation(
        slug="tanh-ode-conserved-quantity",
        title="The continuous system h′ = tanh(W₀h) has closed orbits",
        chapter=4,
        source=SOURCE,
        summary=(
            "Not in the slides, but it explains their picture: the nonlinear ODE behind the "
            "$W_0$ panel conserves $H(h) = \\tfrac12(\\log\\cosh 2h_1 + \\log\\cosh 2h_2)$, so "
            "every exact trajectory is a closed loop around the origin. The outward spiral of "
            "the $W_0$ portrait is therefore created by forward Euler, not by the ODE."
        ),
        hypotheses=(
            r"$f(h) = \tanh(W_0 h)$ with $W_0 = \begin{bmatrix}0 & -2\\ 2 & 0\end{bmatrix}$, "
            r"$h = (h_1, h_2)$ real.",
        ),
        definitions={H: conserved},
        steps=(
            Step("gradient", gradient,
                 sympy.ImmutableMatrix([[sympy.tanh(2 * h1), sympy.tanh(2 * h2)]]),
                 "∂H/∂hᵢ = tanh(2hᵢ), since (log cosh x)′ = tanh x.", Symbolic()),
            Step("conserved-along-flow", (gradient * flow)[0], sympy.Integer(0),
                 "dH/dt = ∇H · f(h) = tanh(2h₁)tanh(−2h₂) + tanh(2h₂)tanh(2h₁) = 0 (tanh is odd).",
                 Symbolic()),
        ),
    )
