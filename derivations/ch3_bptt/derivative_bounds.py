"""γ, the bound on σ′: 1 for tanh, 1/4 for the logistic sigmoid, each attained at 0.

The vanishing-gradient bound needs a number γ with |σ′| ≤ γ everywhere; these
steps derive it as an inequality that holds for every real x plus the point
where it is attained, so γ is the supremum and cannot be lowered.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.engine import Derivation, Relation, Step, Symbolic, register

x = sympy.Symbol("x", real=True)
TANH_GAMMA = sympy.Integer(1)
SIGMOID_GAMMA = sympy.Rational(1, 4)


def logistic(argument: sympy.Basic) -> sympy.Basic:
    """The logistic sigmoid 1/(1 + e^{−x})."""
    return 1 / (1 + sympy.exp(-argument))


def _sech_to_tanh(expression: sympy.Basic) -> sympy.Basic:
    """Rewrite sech² as 1 − tanh² (a definition), then expand: no slow ``simplify``."""
    return sympy.expand(expression.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.sech) and node.exp == 2,
        lambda node: 1 - sympy.tanh(node.base.args[0]) ** 2))


def _exponential_form(expression: sympy.Basic) -> sympy.Basic:
    """tanh written with exponentials and factored: 1 − tanh²x = 4e^{2x}/(e^{2x} + 1)²."""
    return sympy.factor(sympy.expand(expression.rewrite(sympy.exp)))


@register
def nonlinearity_derivative_bounds() -> Derivation:
    s = sympy.Symbol("s", real=True)  # s = σ(x) for the logistic sigmoid, any real value
    tanh_prime = sympy.Symbol(r"\tanh'(x)")
    logistic_symbol = sympy.Function("sigma")(x)
    return Derivation(
        slug="nonlinearity-derivative-bounds",
        title="How steep can σ be? γ = 1 for tanh, γ = 1/4 for the sigmoid",
        chapter=3,
        source=PASCANU,
        summary=(
            "Pascanu et al. assume $|\\sigma'(x)| \\leq \\gamma$ and quote $\\gamma = 1$ for "
            "tanh and $\\gamma = 1/4$ for the sigmoid. Both follow from writing $\\sigma'$ in "
            "terms of $\\sigma$: $\\tanh' = 1 - \\tanh^2$ and $\\sigma' = \\sigma(1-\\sigma)$, "
            "whose maxima over the range of $\\sigma$ are at $\\tanh = 0$ and $\\sigma = 1/2$, "
            "i.e. at $x = 0$."
        ),
        hypotheses=(
            r"$x$ real; $\sigma(x) = 1/(1+e^{-x})$ is the logistic sigmoid.",
            r"$\gamma$ is the least number with $|\sigma'(x)| \leq \gamma$ for all real $x$ "
            r"(the supremum of $|\sigma'|$).",
        ),
        definitions={tanh_prime: sympy.diff(sympy.tanh(x), x), logistic_symbol: logistic(x)},
        steps=(
            Step("tanh-derivative", sympy.Derivative(sympy.tanh(x), x), 1 - sympy.tanh(x) ** 2,
                 "Differentiate tanh; sech² is rewritten as 1 − tanh².",
                 Symbolic(rewrite=_sech_to_tanh)),
            Step("tanh-derivative-at-most-one", tanh_prime, TANH_GAMMA,
                 "1 − tanh²x ≤ 1 for real x, since tanh²x ≥ 0.",
                 Symbolic(rewrite=_sech_to_tanh), relation=Relation.LE),
            Step("tanh-derivative-positive", tanh_prime, sympy.Integer(0),
                 "…and σ′ > 0 (|tanh x| < 1), so |σ′| = σ′.",
                 Symbolic(rewrite=_exponential_form), relation=Relation.GT),
            Step("tanh-attains-one", sympy.Subs(1 - sympy.tanh(x) ** 2, x, 0), TANH_GAMMA,
                 "The bound is attained at x = 0, so γ = 1 for tanh exactly.",
                 Symbolic()),
            Step("sigmoid-derivative", sympy.Derivative(logistic_symbol, x),
                 logistic_symbol * (1 - logistic_symbol),
                 "Differentiate $1/(1 + e^{-x})$: σ′ = σ(1 − σ).", Symbolic()),
            Step("quarter-minus-product", SIGMOID_GAMMA - s * (1 - s),
                 (s - sympy.Rational(1, 2)) ** 2,
                 "Complete the square in s = σ(x).", Symbolic()),
            Step("sigmoid-derivative-at-most-quarter", s * (1 - s), SIGMOID_GAMMA,
                 "A square is ≥ 0, so s(1 − s) ≤ 1/4 for every real s.",
                 Symbolic(rewrite=sympy.factor), relation=Relation.LE),
            Step("sigmoid-attains-quarter",
                 sympy.Subs(logistic_symbol * (1 - logistic_symbol), x, 0), SIGMOID_GAMMA,
                 "σ(0) = 1/2 gives σ′(0) = 1/4: γ = 1/4 for the sigmoid exactly.", Symbolic()),
        ),
    )
