"""The nonlinearities whose slopes bound β, and the rewrites that let SymPy decide their signs.

The vanishing-gradient bound needs a number β with |σ′(a)| ≤ β for every real a;
Exercises 3.1 (tanh, β = 1) and 3.2 (the logistic sigmoid, β = 1/4) derive it
with these helpers.
"""

from __future__ import annotations

import sympy

# The argument of a nonlinearity: one entry, a real number. Not x, which the notation keeps for
# a vector; a, as in the notation's sigmoid, an entry a becoming 1/(1 + e^{-a}).
a = sympy.Symbol("a", real=True)


def logistic(argument: sympy.Basic) -> sympy.Basic:
    """The logistic sigmoid 1/(1 + e^{−a})."""
    return 1 / (1 + sympy.exp(-argument))


class Sigmoid(sympy.Function):
    """sigm(a), printed as such (σ is the nonlinearity of the notation, whichever it is); it
    evaluates to 1/(1 + e^{−a}). It knows no derivative of its own: SymPy differentiates the
    evaluated form, so sigm′ = sigm(1 − sigm) is checked, not built in."""

    nargs = 1

    def doit(self, **hints: object) -> sympy.Basic:
        point = self.args[0].doit(**hints) if hints.get("deep", True) else self.args[0]
        return logistic(point)

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"\operatorname{{sigm}}\left({printer._print(self.args[0])}\right)"


def sech_to_tanh(expression: sympy.Basic) -> sympy.Basic:
    """Rewrite sech² as 1 − tanh² (a definition), then expand: no slow ``simplify``."""
    return sympy.expand(expression.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.sech) and node.exp == 2,
        lambda node: 1 - sympy.tanh(node.base.args[0]) ** 2))


def cosh_form(expression: sympy.Basic) -> sympy.Basic:
    """Rewrite tanh² as 1 − 1/cosh² (an identity), then expand: 1 − tanh²a becomes 1/cosh²a,
    whose sign SymPy knows for real a."""
    return sympy.expand(expression.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.tanh) and node.exp == 2,
        lambda node: 1 - 1 / sympy.cosh(node.base.args[0]) ** 2))
