"""Gradient-norm clipping (Pascanu et al., Algorithm 1): what it guarantees, for every size d.

    if ‖G‖ ≥ τ:  G ← τ G / ‖G‖

Both branches are one formula, clip(G) = (min(‖G‖, τ)/‖G‖) G: a positive multiple
of G, so the direction is kept exactly, and its length is exactly min(‖G‖, τ).
"""

from __future__ import annotations

import sympy

from derivations.engine import Derivation, Hypothesis, Relation, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol

ALGORITHM_SOURCE = ("Pascanu, Mikolov & Bengio (2013), Algorithm 1 (the notes on the paper do "
                    "not cover clipping)")


@register
def gradient_norm_clipping() -> Derivation:
    gradient, tau = symbol("G"), symbol("tau")
    length = sympy.Symbol(r"\lVert G\rVert", positive=True)
    clipped = sympy.MatrixSymbol(r"\operatorname{clip}(G)", DIMENSION, 1)
    factor = sympy.Min(length, tau) / length
    return Derivation(
        title="Gradient-norm clipping keeps the direction and sets the length",
        source=ALGORITHM_SOURCE,
        statement=(
            r"In both branches of Algorithm 1, $\operatorname{clip}(G) = "
            r"\frac{\min(\lVert G\rVert, \tau)}{\lVert G\rVert}G$ for $G \neq 0$, a positive "
            r"multiple of $G$. So, for every size $d$, the direction is kept exactly, the length "
            r"is exactly $\min(\lVert G\rVert, \tau)$, and "
            r"$\operatorname{clip}(G)^\top G > 0$: a small step against it still goes downhill."
        ),
        hypotheses=(
            Hypothesis("real", sympy.adjoint(gradient), gradient.T, text="$G$ is real"),
            Hypothesis("length", gradient.T * gradient, length**2,
                       text=r"$\lVert G\rVert$ is the Euclidean length of $G$"),
            Hypothesis("long-branch", length, tau, Relation.GE, local=True,
                       text="the branch that rescales"),
            Hypothesis("short-branch", length, tau, Relation.LT, local=True,
                       text="the branch that keeps $G$"),
        ),
        definitions={clipped: factor * gradient},
        steps=(
            Step("rescaling-branch", tau / length, factor,
                 r"If $\lVert G\rVert \geq \tau$, Algorithm 1's factor is this one …",
                 Symbolic(), given=("long-branch",)),
            Step("keeping-branch", sympy.Integer(1), factor,
                 r"… and if $\lVert G\rVert < \tau$ too.", Symbolic(), given=("short-branch",)),
            Step("positive-factor", factor, sympy.Integer(0),
                 r"The factor is positive: $\operatorname{clip}(G)$ points exactly like $G$.",
                 Symbolic(), Relation.GT),
            Step("still-downhill", clipped.T * gradient, sympy.Min(length, tau) * length,
                 r"$\operatorname{clip}(G)^\top G = \frac{\min(\lVert G\rVert, \tau)}"
                 r"{\lVert G\rVert}\lVert G\rVert^2$ …", Symbolic(), given=("length",)),
            Step("inner-product-positive", sympy.Min(length, tau) * length, sympy.Integer(0),
                 r"… which is positive.", Symbolic(), Relation.GT),
            Step("clipped-length", NormSquared(clipped), sympy.Min(length, tau) ** 2,
                 r"$\lVert cG\rVert^2 = c^2\lVert G\rVert^2$ for the real factor $c$.",
                 Symbolic(), given=("real", "length")),
        ),
        conclusion="clipped-length",
        claims_every_size=True,
    )
