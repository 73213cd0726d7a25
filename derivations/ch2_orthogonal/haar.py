"""What "random orthogonal" should mean, on O(2): Haar moments, and what LAPACK's QR gives instead.

The Haar measure on O(2) picks a rotation or a reflection with probability ½
each and a uniform angle. Its moments are integrals SymPy evaluates exactly.
Householder QR as LAPACK implements it makes R's first diagonal entry
−sign(a₁₁)‖a₁‖, so Q's first entry is −|cos θ| where θ, the angle of the
first Gaussian column, is uniform: never positive, and not Haar.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import MERITY, TUTORIAL
from derivations.ch2_orthogonal.two_by_two import REFLECTION, ROTATION
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

theta = symbol("theta")
TURN = (theta, 0, 2 * sympy.pi)


def haar_mean(function_of_matrix) -> sympy.Expr:
    """E[f(W)] for Haar W on O(2): average over rotations and reflections, uniform angle."""
    return (sympy.Integral(function_of_matrix(ROTATION), TURN)
            + sympy.Integral(function_of_matrix(REFLECTION), TURN)) / (4 * sympy.pi)


@register
def haar_moments_two_by_two() -> Derivation:
    return Derivation(
        slug="haar-moments-two-by-two",
        title="Haar moments on O(2), and the bias of QR without the sign fix",
        chapter=2,
        source=MERITY + " (SVD recipe); " + TUTORIAL + " (QR and SVD recipes)",
        summary=(
            "A Haar-random orthogonal matrix has $E[\\operatorname{tr} W] = 0$ and "
            "$E[(\\operatorname{tr} W)^2] = 1$ (for every $n \\geq 2$; here proved for $n = 2$) "
            "and $E[W_{11}] = 0$, $E[W_{11}^2] = 1/n$. Householder QR as LAPACK returns it "
            "gives $E[Q_{11}] = -2/\\pi$ for $n = 2$: orthogonal, but not uniformly random."
        ),
        hypotheses=(
            r"Haar measure on $O(2)$: $W = R_\theta$ or $W = S_\theta$ with probability "
            r"$\frac12$ each, $\theta$ uniform on $[0, 2\pi)$ "
            r"([orthogonal-two-by-two](#orthogonal-two-by-two) lists all of $O(2)$).",
            r"For a $2\times2$ Gaussian matrix the first column has a uniform angle $\theta$; "
            r"LAPACK's Householder QR returns $Q_{11} = a_{11}/r_{11}$ with "
            r"$r_{11} = -\operatorname{sign}(a_{11})\|a_1\|$, i.e. $Q_{11} = -|\cos\theta|$.",
            r"The general-$n$ facts $E[\operatorname{tr}W] = 0$, $E[(\operatorname{tr}W)^2] = 1$ "
            r"(Diaconis & Shahshahani 1994) are checked by sampling in the table below.",
        ),
        steps=(
            Step("mean-trace", haar_mean(lambda m: m.trace()), sympy.Integer(0),
                 "Rotations contribute ∫2cos θ = 0; reflections have trace 0.", Symbolic()),
            Step("mean-square-trace", haar_mean(lambda m: m.trace() ** 2), sympy.Integer(1),
                 "½·average of 4cos²θ (= 2) plus ½·0 gives 1.", Symbolic()),
            Step("mean-corner", haar_mean(lambda m: m[0, 0]), sympy.Integer(0),
                 "W₁₁ = cos θ in both families averages to 0 …", Symbolic()),
            Step("mean-square-corner", haar_mean(lambda m: m[0, 0] ** 2), sympy.Rational(1, 2),
                 "… with E[W₁₁²] = 1/n = ½, since each row has unit length.", Symbolic()),
            Step("unfixed-qr-corner",
                 -4 * sympy.Integral(sympy.cos(theta), (theta, 0, sympy.pi / 2)) / (2 * sympy.pi),
                 -2 / sympy.pi,
                 "LAPACK QR: E[Q₁₁] = −E|cos θ| (four equal quarter turns) = −2/π ≈ −0.64.",
                 Symbolic()),
            Step("unfixed-qr-is-not-haar", -2 / sympy.pi, sympy.Integer(0),
                 "That is not the Haar value 0: moving the signs of diag(R) into Q is required.",
                 Symbolic(), relation=Relation.NE),
        ),
    )
