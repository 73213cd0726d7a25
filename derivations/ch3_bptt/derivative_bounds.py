"""β, the bound on the nonlinearity's slope: |σ′| ≤ 1/4 for the logistic sigmoid, attained at 0.

The vanishing-gradient bound needs a number β with |σ′(x)| ≤ β for every real x.
The proof bounds both sides of σ′ (it is positive, so |σ′| = σ′) and shows the
bound is attained, so it cannot be lowered. The same for tanh (β = 1) is
Exercise 3.1; the helpers for both live here.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.engine import Chain, Derivation, Relation, Step, Symbolic, register

x = sympy.Symbol("x", real=True)
SIGMOID_BETA = sympy.Rational(1, 4)


def logistic(argument: sympy.Basic) -> sympy.Basic:
    """The logistic sigmoid 1/(1 + e^{−x})."""
    return 1 / (1 + sympy.exp(-argument))


class Sigmoid(sympy.Function):
    """σ(x), printed as such; it evaluates to 1/(1 + e^{−x}). It knows no derivative of its own:
    SymPy differentiates the evaluated form, so σ′ = σ(1 − σ) is checked, not built in."""

    nargs = 1

    def doit(self, **hints: object) -> sympy.Basic:
        point = self.args[0].doit(**hints) if hints.get("deep", True) else self.args[0]
        return logistic(point)

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"\sigma\left({printer._print(self.args[0])}\right)"


def sech_to_tanh(expression: sympy.Basic) -> sympy.Basic:
    """Rewrite sech² as 1 − tanh² (a definition), then expand: no slow ``simplify``."""
    return sympy.expand(expression.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.sech) and node.exp == 2,
        lambda node: 1 - sympy.tanh(node.base.args[0]) ** 2))


def cosh_form(expression: sympy.Basic) -> sympy.Basic:
    """Rewrite tanh² as 1 − 1/cosh² (an identity), then expand: 1 − tanh²x becomes 1/cosh²x,
    whose sign SymPy knows for real x."""
    return sympy.expand(expression.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.tanh) and node.exp == 2,
        lambda node: 1 - 1 / sympy.cosh(node.base.args[0]) ** 2))


@register
def sigmoid_slope_bound() -> Derivation:
    sigma = Sigmoid(x)
    slope = sympy.Derivative(sigma, x)
    product = sigma * (1 - sigma)
    return Derivation(
        slug="sigmoid-slope-bound",
        title="The slope of the sigmoid is at most a quarter",
        chapter=3,
        source=PASCANU,
        statement=(
            r"For the logistic sigmoid $\sigma(x) = 1/(1 + e^{-x})$ and every real $x$, "
            r"$0 < \sigma'(x) \leq 1/4$, with equality at $x = 0$: so $\beta = 1/4$ is the "
            r"least slope bound for the sigmoid. Writing $\sigma'$ in terms of $\sigma$, "
            r"$\sigma' = \sigma(1 - \sigma)$, turns the question into the maximum of "
            r"$s(1 - s)$, which is $1/4$ at $s = 1/2$."
        ),
        hypotheses=(),
        steps=(
            Step("slope-positive", slope, sympy.Integer(0),
                 r"$\sigma'(x) = e^{-x}/(1 + e^{-x})^2 > 0$ …", Symbolic(), Relation.GT),
            Step("absolute-value", sympy.Abs(slope), slope,
                 r"… so $|\sigma'(x)| = \sigma'(x)$.", Symbolic()),
            Step("slope-from-value", slope, product,
                 r"Differentiate $1/(1 + e^{-x})$.", Symbolic(rewrite=sympy.together)),
            Step("complete-the-square", SIGMOID_BETA - product, (sigma - sympy.Rational(1, 2))**2,
                 "Complete the square.", Symbolic()),
            Step("at-most-a-quarter", product, SIGMOID_BETA,
                 "A square is never negative.", Symbolic(), Relation.LE),
            Step("slope-bound", sympy.Abs(slope), SIGMOID_BETA,
                 "Steps (2), (3) and (5).",
                 Chain(("absolute-value", "slope-from-value", "at-most-a-quarter")),
                 Relation.LE),
            Step("attained", product.subs(x, 0), SIGMOID_BETA,
                 r"At $x = 0$, by step (3), $\sigma'(0) = 1/4$: the bound cannot be lowered.",
                 Symbolic()),
        ),
        conclusion="slope-bound",
    )
