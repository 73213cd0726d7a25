"""Where the Chapter 2 sources are imprecise, with the exact statement and its check."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.haar import HAAR_MATRIX, HaarMean
from derivations.ch2_orthogonal.sources import TUTORIAL
from derivations.ch2_orthogonal.two_by_two import REFLECTION, ROTATION
from derivations.engine import Assumption, Derivation, Step, Symbolic, register
from derivations.notation import symbol


@register
def erratum_not_every_layer_a_rotation() -> Derivation:
    R, S = symbol("R_theta"), symbol("S_theta")
    determinant = sympy.Determinant(HAAR_MATRIX)
    return Derivation(
        title="Orthogonal initialisation does not make every layer a rotation",
        source=TUTORIAL,
        statement=("The tutorial: \"Orthogonal initialization makes all layers start as "
                   "rotations\". A rotation has determinant $1$, but an orthogonal matrix may "
                   r"have determinant $-1$, like the reflection $S_\theta$ for every $\theta$. "
                   r"Assuming that a uniformly random orthogonal $2 \times 2$ matrix is "
                   r"$R_\theta$ or $S_\theta$ with probability $\frac12$ each (the Haar measure "
                   r"on $O(2)$, described below), it is a reflection with probability "
                   r"$\frac12$. Lengths are kept either way, since every orthogonal matrix keeps "
                   r"them: the claim that matters survives."),
        hypotheses=(
            Assumption(r"Haar measure on $O(2)$: $Q = R_\theta$ or $Q = S_\theta$ with "
                       r"probability $\frac12$ each, $\theta$ uniform on $[0, 2\pi)$."),
        ),
        definitions={R: ROTATION, S: REFLECTION},
        uses=("orthogonal-preserves-norm",),
        steps=(
            Step("rotation-determinant", sympy.Determinant(R), sympy.Integer(1),
                 r"A rotation has determinant $\cos^2\theta + \sin^2\theta = 1$ …",
                 Symbolic()),
            Step("reflection-orthogonal", S.T * S, sympy.Identity(2),
                 r"… and $S_\theta$ is orthogonal …", Symbolic()),
            Step("reflection-determinant", sympy.Determinant(S), sympy.Integer(-1),
                 r"… with determinant $-1$, so it is no rotation: it reverses orientation.",
                 Symbolic()),
            Step("half-are-reflections", HaarMean((1 - determinant) / 2), sympy.Rational(1, 2),
                 r"$(1 - \det Q)/2$ is 1 for a reflection and 0 for a rotation: its mean is "
                 "the chance of a reflection.", Symbolic(),
                 display_lhs=HaarMean(sympy.Mul(sympy.Add(1, -determinant, evaluate=False),
                                                sympy.Pow(2, -1, evaluate=False),
                                                evaluate=False))),
        ),
    )
