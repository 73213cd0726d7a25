"""Rotations and reflections of the plane: the two families of $2 \\times 2$ orthogonal matrices
(exercise 2.3 shows there are no others), their eigenvalues and their powers."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import MERITY
from derivations.engine import Derivation, Step, Symbolic, register
from derivations.notation import symbol

theta = symbol("theta")
ROTATION = sympy.ImmutableMatrix([[sympy.cos(theta), -sympy.sin(theta)],
                                  [sympy.sin(theta), sympy.cos(theta)]])
REFLECTION = sympy.ImmutableMatrix([[sympy.cos(theta), sympy.sin(theta)],
                                    [sympy.sin(theta), -sympy.cos(theta)]])


def expand_trigonometry(expression: sympy.Basic) -> sympy.Basic:
    """Angle sums written out (cos(θ + α) = cos θ cos α − sin θ sin α) and multiplied out."""
    return sympy.expand(sympy.expand_trig(expression))


@register
def rotations_in_the_plane() -> Derivation:
    lam, R, S = symbol("lambda"), symbol("R_theta"), symbol("S_theta")
    R_60 = sympy.MatrixSymbol("R_60", 2, 2)
    quarter = symbol("R_quarter")
    return Derivation(
        title="A real rotation's eigenvalues lie on the unit circle, and are real only for "
              "whole half turns",
        source=MERITY,
        statement=(r"The rotation $R_\theta$ is real and orthogonal, and its eigenvalues "
                   r"$e^{i\theta}$ and $e^{-i\theta}$ have modulus 1 for every real $\theta$. "
                   r"They differ by $2i\sin\theta$, so they are not real unless $\sin\theta = "
                   r"0$, that is unless $\theta$ is a multiple of $\pi$; the rotation by "
                   r"$\pi/3$ comes back to $I$ after six steps. A "
                   r"reflection has the real eigenvalues $1$ and $-1$ and $S_\theta^2 = I$: its "
                   "powers merely alternate."),
        hypotheses=(),
        definitions={R: ROTATION, R_60: ROTATION.subs(theta, sympy.pi / 3), S: REFLECTION,
                     quarter: ROTATION.subs(theta, -sympy.pi / 2)},
        steps=(
            Step("rotation-orthogonal", R.T * R, sympy.Identity(2),
                 r"$\cos^2\theta + \sin^2\theta = 1$.", Symbolic()),
            Step("complex-eigenvalues", sympy.Determinant(lam * sympy.Identity(2) - R),
                 (lam - sympy.exp(sympy.I * theta)) * (lam - sympy.exp(-sympy.I * theta)),
                 r"$\lambda^2 - 2\lambda\cos\theta + 1$, with $2\cos\theta = e^{i\theta} + "
                 r"e^{-i\theta}$: real only when $\theta$ is a multiple of $\pi$.",
                 Symbolic(rewrite=lambda e: sympy.expand(e.rewrite(sympy.cos)))),
            Step("unit-circle",
                 sympy.Pow(sympy.Abs(sympy.exp(sympy.I * theta), evaluate=False), 2,
                           evaluate=False), sympy.Integer(1),
                 r"$|e^{i\theta}|^2 = e^{i\theta}e^{-i\theta} = 1$ for real $\theta$, and "
                 r"$e^{-i\theta}$ is its conjugate: both eigenvalues lie on the unit circle.",
                 Symbolic()),
            Step("imaginary-parts", sympy.exp(sympy.I * theta) - sympy.exp(-sympy.I * theta),
                 2 * sympy.I * sympy.sin(theta),
                 r"A real eigenvalue would equal its conjugate, the other one; their difference "
                 r"is $2i\sin\theta$, zero only when $\theta$ is a multiple of $\pi$.",
                 Symbolic(rewrite=lambda e: sympy.expand(e.rewrite(sympy.cos)))),
            Step("sixth-power", R_60**6, sympy.Identity(2),
                 r"Six turns by $\pi/3$ make a full turn: the orbit of the video closes.",
                 Symbolic()),
            Step("quarter-turn-clockwise", quarter, sympy.ImmutableMatrix([[0, 1], [-1, 0]]),
                 r"At $\theta = -\pi/2$, $\cos\theta = 0$ and $\sin\theta = -1$: the quarter "
                 r"turn of chapter 1 is $R_\theta$ turning clockwise.", Symbolic()),
            Step("reflection-involution", S * S, sympy.Identity(2),
                 "Reflecting twice across the same line changes nothing.", Symbolic()),
            Step("reflection-eigenvalues", sympy.Determinant(lam * sympy.Identity(2) - S),
                 (lam - 1) * (lam + 1),
                 r"The reflection keeps the line it reflects across ($\lambda = 1$) and flips "
                 r"the perpendicular one ($\lambda = -1$).", Symbolic()),
        ),
        conclusion="complex-eigenvalues",
    )
