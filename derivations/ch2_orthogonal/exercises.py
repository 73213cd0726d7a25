"""Chapter 2's exercises: each solution is a derivation, checked like every theorem.

The page states each task; the solution box (folded) is the derivation below with the same
number. Where an answer is a number, the conclusion's right side is that number and the page
offers a box to type it.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.haar import HAAR_MATRIX, HaarMean
from derivations.ch2_orthogonal.sources import COMPANION, MERITY, MEZZADRI, TUTORIAL
from derivations.ch2_orthogonal.two_by_two import REFLECTION, ROTATION, expand_trigonometry
from derivations.engine import (
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared
from derivations.notation import symbol

g, t, n, theta = symbol("g"), symbol("t"), symbol("n"), symbol("theta")
MAX_STEPS = 10_000


class FirstStepReaching(sympy.Function):
    """The smallest integer $t \\geq 0$ with $b^t \\geq c$, for numbers $b > 1$ and $c > 0$.

    ``doit`` takes the candidate $\\lceil \\log c / \\log b\\rceil$ and confirms it exactly,
    $b^{t-1} < c \\leq b^t$, so a rounding in the logarithms cannot give a wrong answer.
    """

    nargs = 2

    def doit(self, **hints: object) -> sympy.Integer:
        base, target = (argument.doit(**hints) for argument in self.args)
        if not (base.is_number and target.is_number and base > 1 and target > 0):
            raise ValueError(f"first step reaching: expected numbers base > 1 and target > 0, "
                             f"got {base} and {target}")
        candidate = max(0, int(sympy.ceiling(sympy.log(target) / sympy.log(base))))
        if candidate > MAX_STEPS:
            raise ValueError(f"first step reaching: more than {MAX_STEPS} steps")
        reached = base**candidate >= target
        earlier = candidate == 0 or base ** (candidate - 1) < target
        if not (reached and earlier):
            raise ValueError(f"first step reaching: the candidate {candidate} is not exact")
        return sympy.Integer(candidate)

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        base, target = (printer._print(argument) for argument in self.args)
        return rf"\min\{{t : {base}^{{t}} \geq {target}\}}"


class PositiveSolution(sympy.Function):
    """The one positive solution of ``lhs = rhs`` in ``variable`` (an error if there is not
    exactly one), found by :func:`sympy.solveset`."""

    nargs = 3

    def doit(self, **hints: object) -> sympy.Basic:
        lhs, rhs, variable = self.args
        found = sympy.solveset(lhs - rhs, variable, sympy.Interval.open(0, sympy.oo))
        if not isinstance(found, sympy.FiniteSet) or len(found) != 1:
            raise ValueError(f"positive solution: expected exactly one positive solution of "
                             f"{lhs} = {rhs}, got {found}")
        (solution,) = found
        return solution

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        lhs, rhs, variable = (printer._print(argument) for argument in self.args)
        return rf"\operatorname{{solve}}_{{{variable} > 0}}\left({lhs} = {rhs}\right)"


@register
def exercise_2_1() -> Derivation:
    return Derivation(
        slug="exercise-2-1",
        title="Tenfold growth with a gain of 1.1",
        chapter=2,
        source=TUTORIAL,
        statement=(r"Each step multiplies the length by $g = 1.1$, so the length first reaches "
                   r"ten times its start at $t = 25$: $1.1^{24} \approx 9.85$ and "
                   r"$1.1^{25} \approx 10.83$."),
        hypotheses=(),
        definitions={g: sympy.Rational(11, 10)},
        steps=(
            Step("not-yet", g**24, sympy.Integer(10),
                 r"After 24 steps the factor $g^{24}$ is still below 10 …", Symbolic(),
                 relation=Relation.LT),
            Step("reached", g**25, sympy.Integer(10),
                 "… and after 25 it is above.", Symbolic(), relation=Relation.GT),
            Step("first-step", FirstStepReaching(g, 10), sympy.Integer(25),
                 r"So $t = 25$ is the first step with $g^t \geq 10$.", Symbolic()),
        ),
    )


@register
def exercise_2_2() -> Derivation:
    alpha = sympy.Symbol("alpha", real=True)
    S, S_alpha = symbol("S_theta"), sympy.MatrixSymbol("S_alpha", 2, 2)
    R_difference = sympy.MatrixSymbol(r"R_{\theta - \alpha}", 2, 2)
    return Derivation(
        slug="exercise-2-2",
        title="Two reflections make a rotation",
        chapter=2,
        source=MERITY,
        statement=(r"$S_\theta S_\alpha = R_{\theta - \alpha}$: reflecting twice turns the plane "
                   r"by the difference of the angles. In determinants: $(-1)(-1) = 1$."),
        hypotheses=(),
        definitions={S: REFLECTION, S_alpha: REFLECTION.subs(theta, alpha),
                     R_difference: ROTATION.subs(theta, theta - alpha)},
        steps=(
            Step("determinant", sympy.Determinant(S * S_alpha), sympy.Integer(1),
                 r"$\det(S_\theta S_\alpha) = (-1)(-1) = 1$: a rotation, if anything.",
                 Symbolic()),
            Step("product", S * S_alpha, R_difference,
                 r"Multiply out and use $\cos\theta\cos\alpha + \sin\theta\sin\alpha = "
                 r"\cos(\theta - \alpha)$ and its sine partner.",
                 Symbolic(rewrite=expand_trigonometry)),
        ),
    )


@register
def exercise_2_3() -> Derivation:
    at_least_one = Hypothesis("at-least-one", g, sympy.Integer(1), Relation.GE,
                              text="the upper end of the band: gains that grow")
    return Derivation(
        slug="exercise-2-3",
        title="The gains that keep the hidden state within a factor two for a hundred steps",
        chapter=2,
        source=TUTORIAL,
        statement=(r"$\lVert (gQ)^t h\rVert = g^t\lVert h\rVert$ stays in "
                   r"$[\frac12\lVert h\rVert, 2\lVert h\rVert]$ for every $t \leq 100$ exactly "
                   r"when $2^{-1/100} \leq g \leq 2^{1/100}$, that is "
                   r"$0.99309 \leq g \leq 1.00696$: the gain must be 1 to within 0.7 per cent."),
        hypotheses=(at_least_one,),
        steps=(
            Step("grows", g ** (t + 1), g**t,
                 r"For $g \geq 1$ the factor $g^t$ never decreases with $t$, so the last step, "
                 r"$t = 100$, decides: $g^{100} \leq 2$. (For $g \leq 1$, likewise "
                 r"$g^{100} \geq \frac12$.)", Symbolic(), relation=Relation.GE,
                 given=("at-least-one",)),
            Step("lowest-gain", PositiveSolution(g**100, sympy.Rational(1, 2), g),
                 2 ** sympy.Rational(-1, 100),
                 r"The smallest gain allowed solves $g^{100} = \frac12$ …", Symbolic(),
                 display_rhs=sympy.Pow(2, sympy.Rational(-1, 100), evaluate=False)),
            Step("highest-gain", PositiveSolution(g**100, sympy.Integer(2), g),
                 2 ** sympy.Rational(1, 100),
                 r"… and the largest solves $g^{100} = 2$.", Symbolic(),
                 display_rhs=sympy.Pow(2, sympy.Rational(1, 100), evaluate=False)),
        ),
    )


@register
def exercise_2_4() -> Derivation:
    A = sympy.MatrixSymbol("A", 2, 2)
    s_squared = (3 + 2 * sympy.sqrt(2)) / 4
    shown_s_squared = sympy.Mul(sympy.Add(3, 2 * sympy.sqrt(2), evaluate=False),
                                sympy.Pow(4, -1, evaluate=False), evaluate=False)
    s = symbol("s")
    return Derivation(
        slug="exercise-2-4",
        title="A singular value above one, and powers that still vanish",
        chapter=2,
        source=TUTORIAL,
        statement=(r"$A$ has the singular value $s = (1 + \sqrt2)/2 \approx 1.21 > 1$, yet "
                   r"$A^n = \begin{bmatrix}2^{-n} & n2^{1-n}\\ 0 & 2^{-n}\end{bmatrix} \to 0$: "
                   "one step may stretch a vector, but the powers shrink, because both "
                   r"eigenvalues are $\frac12$ (chapter 1). The largest entry tends to 0."),
        hypotheses=(),
        definitions={A: sympy.ImmutableMatrix([[sympy.Rational(1, 2), 1],
                                               [0, sympy.Rational(1, 2)]])},
        steps=(
            Step("singular-value", sympy.Determinant(s**2 * sympy.Identity(2) - A.T * A)
                 .subs(s, sympy.sqrt(s_squared)), sympy.Integer(0),
                 r"$s^2 = (3 + 2\sqrt2)/4$ is a root of $\det(s^2 I - A^\top A)$ …",
                 Symbolic()),
            Step("above-one", s_squared, sympy.Integer(1),
                 r"… and exceeds 1, so $A$ stretches some vector by $s \approx 1.21$.",
                 Symbolic(), relation=Relation.GT, display_lhs=shown_s_squared),
            Step("powers", A**n, sympy.ImmutableMatrix([[2**-n, n * 2 ** (1 - n)],
                                                        [0, 2**-n]]),
                 r"Induction on $n$: multiplying by $A$ halves the diagonal and adds "
                 "the two terms of the corner.",
                 Induction(n, recurrence=lambda power: power * A)),
            Step("vanish", sympy.Limit(n * 2 ** (1 - n), n, sympy.oo), sympy.Integer(0),
                 r"The largest entry, $n2^{1-n}$, tends to 0: the halving beats the "
                 "linear growth.", Symbolic(),
                 display_lhs=sympy.Limit(sympy.Mul(n, 2 ** (1 - n), evaluate=False), n,
                                         sympy.oo)),
        ),
    )


@register
def exercise_2_5() -> Derivation:
    W_2, D_2 = sympy.MatrixSymbol("W", 2, 2), sympy.MatrixSymbol("D", 2, 2)
    e_1 = sympy.MatrixSymbol("e_1", 2, 1)
    return Derivation(
        slug="exercise-2-5",
        title="An orthogonal weight matrix inside a tanh network",
        chapter=2,
        source=MERITY,
        statement=(r"One step of $h_t = \tanh(Wh_{t-1})$ has the Jacobian $DW$, with $D$ the "
                   r"diagonal of $\tanh'$ values. For the orthogonal $W = R_{\pi/3}$ and "
                   r"$D = \operatorname{diag}(1, \frac12)$, $\lVert DWe_1\rVert^2 = 7/16$: "
                   r"the step shortens $e_1$ to $\sqrt7/4 \approx 0.66$ although $W$ alone "
                   "keeps every length."),
        hypotheses=(),
        definitions={W_2: ROTATION.subs(theta, sympy.pi / 3),
                     D_2: sympy.ImmutableMatrix(sympy.diag(1, sympy.Rational(1, 2))),
                     e_1: sympy.ImmutableMatrix([1, 0])},
        steps=(
            Step("rotation-keeps", NormSquared(W_2 * e_1), sympy.Integer(1),
                 r"$We_1 = (\frac12, \frac{\sqrt3}{2})$ still has length 1 …", Symbolic()),
            Step("slopes-shrink", NormSquared(D_2 * W_2 * e_1), sympy.Rational(7, 16),
                 r"… but $D$ halves its second entry: $\frac14 + \frac{3}{16} = \frac{7}{16}$.",
                 Symbolic()),
        ),
    )


@register
def exercise_2_6() -> Derivation:
    corner = HAAR_MATRIX[0, 0]
    cosine = sympy.cos(theta)
    return Derivation(
        slug="exercise-2-6",
        title="The fourth moment of an entry of a random orthogonal matrix",
        chapter=2,
        source=COMPANION,
        statement=(r"For a Haar-random $Q$ in $O(2)$, $E[Q_{11}^4] = \frac38$: the average of "
                   r"$\cos^4\theta$ over a full turn."),
        hypotheses=(),
        steps=(
            Step("power-reduction", cosine**4,
                 sympy.Rational(3, 8) + sympy.cos(2 * theta) / 2 + sympy.cos(4 * theta) / 8,
                 r"Write $\cos^4\theta$ with $\cos 2\theta$ and $\cos 4\theta$, which average "
                 "to 0 over a full turn …", Symbolic(rewrite=expand_trigonometry),
                 display_rhs=sympy.Add(sympy.Rational(3, 8), sympy.cos(2 * theta) / 2,
                                       sympy.cos(4 * theta) / 8, evaluate=False)),
            Step("fourth-moment", HaarMean(corner**4), sympy.Rational(3, 8),
                 r"… in both families, $Q_{11} = \cos\theta$.", Symbolic()),
        ),
    )


@register
def exercise_2_7() -> Derivation:
    a_11, a_12, a_13, a_22, a_23, a_33 = sympy.symbols("a_11 a_12 a_13 a_22 a_23 a_33",
                                                       real=True)
    T = sympy.MatrixSymbol("T", 3, 3)
    triangular = sympy.ImmutableMatrix([[a_11, a_12, a_13], [0, a_22, a_23], [0, 0, a_33]])
    diagonal = sympy.ImmutableMatrix(sympy.diag(a_11, a_22, a_33))
    return Derivation(
        slug="exercise-2-7",
        title="An upper-triangular orthogonal matrix is a diagonal of signs",
        chapter=2,
        source=MEZZADRI,
        statement=(r"If $T$ is upper triangular and $T^\top T = I$, then $T$ is diagonal with "
                   r"entries $\pm1$. So if $A = QR = Q'R'$ are two QR factorisations of an "
                   r"invertible $A$, the triangular orthogonal $Q'^\top Q = R'R^{-1}$ is a "
                   r"diagonal of signs: QR is unique up to the signs that the sign fix chooses."),
        hypotheses=(Hypothesis("orthogonal", T.T * T, sympy.Identity(3),
                               text="$T$ is orthogonal"),),
        definitions={T: triangular},
        steps=(
            Step("diagonal", T, diagonal,
                 r"Column 1 is $(a_{11}, 0, 0)$ with length 1, so $a_{11}^2 = 1$; column 2 is "
                 r"perpendicular to it, so $a_{11}a_{12} = 0$ forces $a_{12} = 0$; and so on "
                 "down the columns: every entry above the diagonal is 0 …", Symbolic(),
                 given=("orthogonal",)),
            Step("signs", diagonal**2, sympy.Identity(3),
                 r"… and every diagonal entry squares to 1.", Symbolic(),
                 given=("orthogonal",)),
        ),
        conclusion="diagonal",
    )
