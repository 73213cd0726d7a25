"""Backpropagation through time: the gradient is a double sum over t and k ≤ t.

Checked on a scalar network unrolled three steps, with a generic σ and a generic
per-step loss ε_t = E_t(x_t), against SymPy differentiating the unrolled loss.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU, SIGMA, sigma_prime, unroll
from derivations.engine import Derivation, Step, Symbolic, register

STEPS = 3


def _named(latex: str) -> sympy.Symbol:
    return sympy.Symbol(latex)


@register
def bptt_gradient_sum() -> Derivation:
    w, v, b, start = sympy.symbols("w v b x_0", real=True)
    inputs = sympy.symbols(f"u_1:{STEPS + 1}", real=True)
    states = [s[0] for s in unroll(
        sympy.ImmutableMatrix([[w]]), sympy.ImmutableMatrix([start]),
        [sympy.ImmutableMatrix([v * u + b]) for u in inputs])]
    losses = [sympy.Function(f"E_{t}")(states[t]) for t in range(1, STEPS + 1)]
    total = _named(r"\varepsilon")
    definitions: dict = {total: sum(losses)}

    def gradient_terms(theta: sympy.Symbol, immediate) -> sympy.Basic:
        """Σ_t Σ_{k≤t} (∂ε_t/∂x_t)(∂x_t/∂x_k)(∂⁺x_k/∂θ), each factor a named symbol."""
        terms = []
        for t in range(1, STEPS + 1):
            outer = _named(rf"\frac{{\partial \varepsilon_{{{t}}}}}{{\partial x_{{{t}}}}}")
            definitions[outer] = _loss_derivative(t, states[t])
            for k in range(1, t + 1):
                across = _named(rf"\frac{{\partial x_{{{t}}}}}{{\partial x_{{{k}}}}}")
                definitions[across] = sympy.Mul(
                    *[w * sigma_prime(states[i - 1]) for i in range(k + 1, t + 1)])
                local = _named(rf"\frac{{\partial^+ x_{{{k}}}}}{{\partial {sympy.latex(theta)}}}")
                definitions[local] = immediate(k)
                terms.append(outer * across * local)
        return sympy.Add(*terms, evaluate=False)

    by_w = gradient_terms(w, lambda k: SIGMA(states[k - 1]))
    by_b = gradient_terms(b, lambda k: sympy.Integer(1))
    return Derivation(
        slug="bptt-gradient-sum",
        title="Backpropagation through time: a sum over every path back in time",
        chapter=3,
        source=PASCANU,
        summary=(
            "With $\\varepsilon = \\sum_{t} \\varepsilon_t$, the gradient with respect to a "
            "parameter $\\theta$ is $\\frac{\\partial\\varepsilon}{\\partial\\theta} = "
            "\\sum_{t}\\sum_{k \\leq t} \\frac{\\partial \\varepsilon_t}{\\partial x_t}"
            "\\frac{\\partial x_t}{\\partial x_k}\\frac{\\partial^+ x_k}{\\partial\\theta}$, "
            "where $\\partial^+ x_k/\\partial\\theta$ is the *immediate* derivative: "
            "$x_{k-1}$ held fixed. Below, the three-step scalar instance is checked against "
            "SymPy's derivative of the unrolled loss, for $\\theta = w$ and $\\theta = b$."
        ),
        hypotheses=(
            r"Scalar network $x_t = w\,\sigma(x_{t-1}) + v\,u_t + b$, $t = 1, 2, 3$, with "
            r"$\sigma$ an arbitrary differentiable function and $x_0, u_t, w, v, b$ real "
            r"symbols.",
            r"Per-step losses $\varepsilon_t = E_t(x_t)$ with arbitrary differentiable $E_t$; "
            r"$\varepsilon = \varepsilon_1 + \varepsilon_2 + \varepsilon_3$.",
            r"Immediate derivatives: $\partial^+ x_k/\partial w = \sigma(x_{k-1})$, "
            r"$\partial^+ x_k/\partial b = 1$; $\partial x_t/\partial x_k = "
            r"\prod_{i=k+1}^{t} w\,\sigma'(x_{i-1})$ (an empty product is 1).",
        ),
        definitions=definitions,
        steps=(
            Step("gradient-in-w", sympy.Derivative(total, w), by_w,
                 "θ = w: the six (t, k) paths add up to SymPy's derivative of the unrolled loss.",
                 Symbolic(rewrite=sympy.expand)),
            Step("gradient-in-b", sympy.Derivative(total, b), by_b,
                 "θ = b: the same sum with immediate derivative 1 at every step.",
                 Symbolic(rewrite=sympy.expand)),
        ),
    )


def _loss_derivative(t: int, state: sympy.Basic) -> sympy.Basic:
    """E_t′(x_t), spelled as SymPy's chain rule spells it."""
    z = sympy.Dummy("z")
    return sympy.Derivative(sympy.Function(f"E_{t}")(z), z).subs(z, state)
