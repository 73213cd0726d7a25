"""Every 2×2 orthogonal matrix is a rotation (det 1) or a reflection (det −1), by solving."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import MERITY
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

theta = symbol("theta")
a, c = sympy.symbols("a c", real=True)
b, d = sympy.symbols("b d", real=True)
ROTATION = sympy.ImmutableMatrix([[sympy.cos(theta), -sympy.sin(theta)],
                                  [sympy.sin(theta), sympy.cos(theta)]])
REFLECTION = sympy.ImmutableMatrix([[sympy.cos(theta), sympy.sin(theta)],
                                    [sympy.sin(theta), -sympy.cos(theta)]])


class SecondColumns(sympy.Function):
    """All (b, d) making [[a, b], [c, d]] orthogonal when a² + c² = 1, found by sympy.solve.

    The solving happens in ``doit`` (at check time), not on construction. The
    solutions are returned as the rows of a matrix in SymPy's canonical order.
    """

    def doit(self, **hints: object) -> sympy.ImmutableMatrix:
        first, second = self.args
        solutions = sympy.solve([first * b + second * d, b**2 + d**2 - 1], [b, d], dict=True)
        unit = {sympy.sqrt(first**2 + second**2): 1, first**2 + second**2: 1}
        rows = sorted(([s[b].subs(unit), s[d].subs(unit)] for s in solutions),
                      key=sympy.default_sort_key)
        return sympy.ImmutableMatrix(rows)

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return r"\operatorname{solve}_{b,d}\{ab + cd = 0,\ b^2 + d^2 = 1\}"


@register
def orthogonal_two_by_two() -> Derivation:
    Rot, Ref = sympy.MatrixSymbol("R_theta", 2, 2), sympy.MatrixSymbol("S_theta", 2, 2)
    alpha = sympy.Symbol("alpha", real=True)
    RotAlpha = sympy.MatrixSymbol("R_alpha", 2, 2)
    expected = sorted([[-c, a], [c, -a]], key=sympy.default_sort_key)
    return Derivation(
        slug="orthogonal-two-by-two",
        title="2×2 orthogonal matrices are rotations and reflections",
        chapter=2,
        source=MERITY,
        summary=(
            "Solving $Q^\\top Q = I$ for $Q = [[a, b], [c, d]]$: the first column is any unit "
            "vector $(\\cos\\theta, \\sin\\theta)$, and the second must be perpendicular to it "
            "with length 1, which leaves exactly two choices. One gives a rotation, the other "
            "a reflection; nothing else is orthogonal."
        ),
        hypotheses=(
            r"$Q = \begin{bmatrix}a & b\\ c & d\end{bmatrix}$ real; $Q^\top Q = I$ reads "
            r"$a^2 + c^2 = 1$, $ab + cd = 0$, $b^2 + d^2 = 1$.",
            r"A unit vector $(a, c)$ is $(\cos\theta, \sin\theta)$ for some $\theta$.",
            r"$R_\theta = \begin{bmatrix}\cos\theta & -\sin\theta\\ \sin\theta & \cos\theta"
            r"\end{bmatrix}$, $S_\theta = \begin{bmatrix}\cos\theta & \sin\theta\\ \sin\theta & "
            r"-\cos\theta\end{bmatrix}$.",
        ),
        definitions={Rot: ROTATION, Ref: REFLECTION, RotAlpha: ROTATION.subs(theta, alpha)},
        steps=(
            Step("second-column", SecondColumns(a, c), sympy.ImmutableMatrix(expected),
                 "Solving the two remaining equations gives exactly (b, d) = (−c, a) or (c, −a).",
                 Symbolic()),
            Step("rotation-orthogonal", Rot.T * Rot, sympy.Identity(2),
                 "(b, d) = (−c, a) is the rotation R_θ, orthogonal since cos² + sin² = 1.",
                 Symbolic()),
            Step("rotation-determinant", sympy.Determinant(Rot), sympy.Integer(1),
                 "…with determinant +1.", Symbolic()),
            Step("reflection-orthogonal", Ref.T * Ref, sympy.Identity(2),
                 "(b, d) = (c, −a) is S_θ, also orthogonal…", Symbolic()),
            Step("reflection-determinant", sympy.Determinant(Ref), sympy.Integer(-1),
                 "…with determinant −1: it reverses orientation.", Symbolic()),
            Step("reflection-is-involution", Ref * Ref, sympy.Identity(2),
                 "S_θ² = I: a reflection is its own inverse (eigenvalues +1 and −1).", Symbolic()),
            Step("rotations-compose", Rot * RotAlpha, ROTATION.subs(theta, theta + alpha),
                 "Rotations add their angles: R_θ R_α = R_{θ+α}, so the t-th power turns by tθ.",
                 Symbolic(rewrite=lambda e: sympy.expand(sympy.expand_trig(e)))),
            Step("reflection-is-not-rotation", sympy.Determinant(Ref), sympy.Determinant(Rot),
                 "The two families never meet: their determinants differ.",
                 Symbolic(), relation=Relation.NE),
        ),
    )
