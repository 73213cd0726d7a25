"""Gradient-norm clipping (Pascanu et al., Algorithm 1): the direction is kept, the norm capped.

    if ‖g‖ ≥ τ:  g ← τ g / ‖g‖

Proved for a gradient with three symbolic components; nothing in the algebra
depends on the dimension (only on ‖c g‖ = |c| ‖g‖).
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol


def _shift_min(expression: sympy.Basic) -> sympy.Basic:
    """min(a, b) + c = min(a + c, b + c): move the rest of a sum inside its one min."""
    (minimum,) = expression.atoms(sympy.Min)
    rest = expression - minimum
    return sympy.Min(*[argument + rest for argument in minimum.args])


@register
def gradient_norm_clipping() -> Derivation:
    tau = symbol("tau")
    r = sympy.Symbol("r", nonnegative=True)
    components = sympy.symbols("g_1:4", real=True)
    g = sympy.ImmutableMatrix(components)
    length = sympy.sqrt(sum(c**2 for c in components))
    clipped = tau * g / length
    g_sym, g_hat = sympy.MatrixSymbol("g", 3, 1), sympy.MatrixSymbol(r"\hat{g}", 3, 1)
    norm_g, norm_hat = sympy.Symbol(r"\lVert g \rVert"), sympy.Symbol(r"\lVert \hat{g} \rVert")
    cosine = sympy.Symbol(r"\cos\angle(\hat{g}, g)")
    scale = sympy.Symbol(r"\frac{\tau}{\lVert g \rVert}")
    return Derivation(
        slug="gradient-norm-clipping",
        title="Gradient-norm clipping keeps the direction and caps the norm at τ",
        chapter=3,
        source=PASCANU + ", Algorithm 1",
        summary=(
            "When a gradient explodes, its direction is often still useful; only the step is "
            "too long. Clipping rescales $g$ by the positive number $\\tau/\\lVert g\\rVert$ "
            "when $\\lVert g\\rVert \\geq \\tau$: the result has norm exactly $\\tau$ and "
            "points the same way (cosine 1). Below the threshold $g$ is untouched, so the "
            "clipped norm is $\\min(\\lVert g\\rVert, \\tau)$."
        ),
        hypotheses=(
            r"$g = (g_1, g_2, g_3)^\top$ real, $\tau > 0$, and the clipping branch "
            r"$\lVert g\rVert \geq \tau$ (so $g \neq 0$), written "
            r"$\lVert g\rVert = \tau(1 + r)$ with $r \geq 0$ where a sign is needed.",
            r"$\hat g = \tau g/\lVert g\rVert$ (Algorithm 1); the 2-norm throughout.",
        ),
        definitions={
            g_sym: g,
            g_hat: clipped,
            norm_g: length,
            norm_hat: sympy.sqrt(sum(c**2 for c in clipped)),
            cosine: (clipped.T * g)[0] / (sympy.sqrt(sum(c**2 for c in clipped)) * length),
            scale: tau / (tau * (1 + r)),
        },
        steps=(
            Step("clipped-norm-is-threshold", norm_hat, tau,
                 "‖τg/‖g‖‖ = τ‖g‖/‖g‖ = τ: the clipped gradient has norm exactly τ.",
                 Symbolic()),
            Step("direction-kept", cosine, sympy.Integer(1),
                 "The cosine between ĝ and g is 1: the same direction, not merely the same line.",
                 Symbolic()),
            Step("positive-multiple", g_hat, (tau / norm_g) * g_sym,
                 "ĝ is g times the scalar τ/‖g‖ …", Symbolic()),
            Step("scale-positive", scale, sympy.Integer(0),
                 "… which is positive …", Symbolic(), relation=Relation.GT),
            Step("scale-at-most-one", scale, sympy.Integer(1),
                 "… and at most 1: clipping only ever shortens.", Symbolic(),
                 relation=Relation.LE),
            Step("norm-capped", sympy.Min(norm_g, tau), tau,
                 "Both branches together: the returned norm min(‖g‖, τ) never exceeds τ.",
                 Symbolic(rewrite=_shift_min), relation=Relation.LE),
        ),
    )
