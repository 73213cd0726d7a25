"""Where the Chapter 4 source is wrong or imprecise, each with the check that shows it."""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    EPSILON_FIGURE,
    GAMMA_FIGURE,
    OMEGA_FIGURE,
    SOURCE,
    W_DIFF,
    antisymmetric_matrix,
    complex_parts,
    epsilon,
    gamma,
    lam,
    omega,
    pythagoras,
)
from derivations.engine import Derivation, Relation, Step, Symbolic, register


@register
def erratum_reflection_rotation_determinants() -> Derivation:
    theta = sympy.Symbol("theta", real=True)
    reflection, rotation = sympy.MatrixSymbol("F", 2, 2), sympy.MatrixSymbol("R", 2, 2)
    cos, sin = sympy.cos(theta), sympy.sin(theta)
    return Derivation(
        slug="erratum-reflection-rotation-determinants",
        title="Erratum: a reflection has determinant −1, a rotation +1",
        chapter=4,
        source=SOURCE,
        summary=(
            "The slides caption the two orthogonal panels \"reflection\" and \"rotation\" and "
            "then say \"determinant of the matrix is 1 or −1\"; read in that order the pairing "
            "is swapped. Every 2×2 orthogonal matrix is one of the two families below: the "
            "reflections (det −1, eigenvalues ±1, $F^2 = I$) and the rotations (det +1, "
            "eigenvalues $e^{\\pm i\\theta}$)."
        ),
        hypotheses=(
            r"$F = \begin{bmatrix}\cos\theta & \sin\theta\\ "
            r"\sin\theta & -\cos\theta\end{bmatrix}$,"
            r" $R = \begin{bmatrix}\cos\theta & -\sin\theta\\ "
            r"\sin\theta & \cos\theta\end{bmatrix}$,"
            r" $\theta$ real.",
        ),
        definitions={
            reflection: sympy.ImmutableMatrix([[cos, sin], [sin, -cos]]),
            rotation: sympy.ImmutableMatrix([[cos, -sin], [sin, cos]]),
        },
        steps=(
            Step("reflection-orthogonal", reflection.T * reflection, sympy.Identity(2),
                 "F is orthogonal …", Symbolic(rewrite=pythagoras)),
            Step("reflection-determinant", sympy.Determinant(reflection), sympy.Integer(-1),
                 "… with determinant −1 …", Symbolic(rewrite=pythagoras)),
            Step("reflection-not-determinant-one", sympy.Determinant(reflection), sympy.Integer(1),
                 "… never +1, whatever θ.", Symbolic(rewrite=pythagoras), relation=Relation.NE),
            Step("reflection-eigenvalues", sympy.Determinant(lam * sympy.Identity(2) - reflection),
                 lam**2 - 1, "Its eigenvalues are +1 and −1: it flips one axis.",
                 Symbolic(rewrite=pythagoras)),
            Step("rotation-determinant", sympy.Determinant(rotation), sympy.Integer(1),
                 "A rotation has determinant +1.", Symbolic(rewrite=pythagoras)),
        ),
    )


@register
def erratum_diffusion_example_not_euler_stable() -> Derivation:
    h1, h2 = sympy.symbols("h_1 h_2", real=True)
    h = sympy.ImmutableMatrix([h1, h2])
    W = sympy.MatrixSymbol(r"W_{\mathrm{diff}}", 2, 2)
    J0 = sympy.MatrixSymbol(r"J_{\mathrm{feedback}}(0)", 2, 2)
    step_map = h + EPSILON_FIGURE * (W_DIFF * h).applyfunc(sympy.tanh)
    at_origin = sympy.ImmutableMatrix(step_map.jacobian(h).subs({h1: 0, h2: 0}))
    figure = {epsilon: EPSILON_FIGURE, gamma: GAMMA_FIGURE, omega: OMEGA_FIGURE}
    least = (1 - sympy.sqrt(1 - epsilon**2 * omega**2)) / epsilon
    return Derivation(
        slug="erratum-diffusion-example-not-euler-stable",
        title="Erratum: the W_diff example (γ = 0.15, ε = 0.1) does not satisfy Euler stability",
        chapter=4,
        source=SOURCE,
        summary=(
            "The slides' diffusion panel is presented as the stabilised case. Its linearisation "
            "at the origin is $I + \\varepsilon W_{\\mathrm{diff}}$ with eigenvalues "
            "$1 + \\varepsilon(-0.15 \\pm 2i)$ of modulus $\\sqrt{1.010225} > 1$: the condition "
            "$\\varepsilon(\\gamma^2 + \\omega^2) \\le 2\\gamma$ fails (0.40225 > 0.3), since "
            "$\\gamma = 0.15$ is below the least stabilising $\\gamma_- = 10 - 4\\sqrt6 "
            "\\approx 0.202$. The origin is a repelling fixed point. What keeps the "
            "trajectories bounded is the tanh: a step moves $h$ by at most "
            "$\\varepsilon\\sqrt2$, and far from the origin the saturated field turns inward, so "
            "the orbits settle on a closed curve (see the trajectory table) rather than at a "
            "constant distance from their start."
        ),
        hypotheses=(
            r"$\varepsilon = 1/10$, $\gamma = 3/20$, $\omega = 2$ (the slides' values); "
            r"$W_{\mathrm{diff}} = \begin{bmatrix}-0.15 & -2\\ 2 & -0.15\end{bmatrix}$; "
            r"$J_{\mathrm{feedback}}(0)$ = SymPy's Jacobian of "
            r"$h \mapsto h + \varepsilon\tanh(W_{\mathrm{diff}} h)$ at $h = 0$.",
        ),
        definitions={W: W_DIFF, J0: at_origin, **figure},
        steps=(
            Step("condition-fails", epsilon * (gamma**2 + omega**2), 2 * gamma,
                 "ε(γ² + ω²) = 1609/4000 = 0.40225 > 0.3 = 2γ.", Symbolic(),
                 relation=Relation.GT),
            Step("amplification", sympy.Abs(1 + epsilon * (-gamma + sympy.I * omega)) ** 2,
                 sympy.Rational(40409, 40000),
                 "|1 + ε(−γ + iω)|² = 1.010225 at the slides' values.",
                 Symbolic(rewrite=complex_parts)),
            Step("least-gamma", least, 10 - 4 * sympy.sqrt(6),
                 "γ₋ = (1 − √(1 − ε²ω²))/ε = (1 − √0.96)/0.1 = 10 − 4√6 …", Symbolic()),
            Step("below-least-gamma", gamma, 10 - 4 * sympy.sqrt(6),
                 "… ≈ 0.2020 > 0.15: the slides' γ is too small for ε = 0.1, ω = 2.",
                 Symbolic(), relation=Relation.LT),
            Step("jacobian-at-origin", J0, sympy.Identity(2) + EPSILON_FIGURE * W,
                 "tanh′(0) = 1, so the feedback map linearises to I + εW_diff at the origin.",
                 Symbolic()),
            Step("origin-repels", sympy.Determinant(J0), sympy.Rational(40409, 40000),
                 "det = |1 + ελ|² = 1.010225 > 1 for the complex pair: the origin is unstable.",
                 Symbolic()),
        ),
    )


@register
def erratum_euler_left_hand_side() -> Derivation:
    M = sympy.MatrixSymbol("M", 3, 3)
    mu = sympy.Symbol("mu")
    m = antisymmetric_matrix(3)
    total = m[0, 1] ** 2 + m[0, 2] ** 2 + m[1, 2] ** 2
    S = sympy.Symbol("S", nonnegative=True)
    return Derivation(
        slug="erratum-euler-left-hand-side",
        title="Precisely: |1 + ελᵢ| > 1 for the non-zero λᵢ, = 1 for λᵢ = 0",
        chapter=4,
        source=SOURCE,
        summary=(
            "The slides: \"left hand is always > 1 since the eigenvalues of the Jacobian are "
            "all imaginary\". For an antisymmetric $M$ of odd size, 0 is always an eigenvalue "
            "and its factor is exactly $|1 + 0| = 1$. The correct statement: "
            "$\\max_i |1 + \\varepsilon\\lambda_i| = "
            "\\sqrt{1 + \\varepsilon^2\\omega_{\\max}^2} > 1$ "
            "whenever $M \\ne 0$. (In the tanh cell the eigenvalues are those of "
            "$I + \\varepsilon DM$, and the same holds with $\\omega$ rescaled by the slopes.)"
        ),
        hypotheses=(
            "M the generic real antisymmetric 3×3 matrix, "
            r"$S = m_{12}^2 + m_{13}^2 + m_{23}^2$; $\varepsilon > 0$.",
        ),
        definitions={M: m, S: total},
        steps=(
            Step("euler-matrix-spectrum",
                 sympy.Determinant(mu * sympy.Identity(3) - (sympy.Identity(3) + epsilon * M)),
                 (mu - 1) * ((mu - 1) ** 2 + epsilon**2 * S),
                 "I + εM has eigenvalues μ = 1 and μ = 1 ± iε√S.", Symbolic()),
            Step("zero-eigenvalue-factor", sympy.Abs(1 + epsilon * 0), sympy.Integer(1),
                 "For λ = 0 the factor is exactly 1, not > 1 …", Symbolic()),
            Step("nonzero-eigenvalue-factor",
                 sympy.Abs(1 + sympy.I * epsilon * sympy.sqrt(S)) ** 2, 1 + epsilon**2 * S,
                 "… for λ = ±i√S it is √(1 + ε²S) > 1 as soon as M ≠ 0 (S > 0).",
                 Symbolic(rewrite=complex_parts)),
        ),
    )
