"""∂x_t/∂x_k is a product of factors W diag(σ′(x_{i−1})): checked against SymPy's Jacobian.

The oracle is ``Matrix.jacobian`` of the network unrolled by hand with symbolic
W, W_in, b, u_t, x_0 and a generic σ; the claim is the product formula. They are
computed in different ways, so agreement is evidence the formula is right.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import (
    PASCANU,
    derivative_diagonal,
    symbolic_matrix,
    symbolic_vector,
    unroll,
)
from derivations.engine import Derivation, Step, Symbolic, register

STEPS = 3


def jacobian_symbol(t: int, k: int, size: int) -> sympy.MatrixSymbol:
    """The displayed name ∂x_t/∂x_k, as a matrix symbol whose definition is the true Jacobian."""
    return sympy.MatrixSymbol(rf"\frac{{\partial x_{{{t}}}}}{{\partial x_{{{k}}}}}", size, size)


def diagonal_symbol(i: int, size: int) -> sympy.MatrixSymbol:
    """The displayed name diag(σ′(x_i))."""
    return sympy.MatrixSymbol(rf"\operatorname{{diag}}(\sigma'(x_{{{i}}}))", size, size)


def unrolled_network(size: int, steps: int = STEPS):
    """(W, the states x_0 … x_steps) of x_t = W σ(x_{t−1}) + W_in u_t + b with symbolic entries."""
    weights = symbolic_matrix("w", size, size)
    input_weights = symbolic_matrix("v", size, size)
    bias = symbolic_vector("b", size)
    drives = [input_weights * symbolic_vector(f"u{t}", size) + bias for t in range(1, steps + 1)]
    return weights, unroll(weights, symbolic_vector("a", size), drives)


def jacobian_steps(size: int, horizons: tuple[int, ...]) -> tuple[list[Step], dict]:
    """Steps ∂x_l/∂x_0 = W D_{l−1} ⋯ W D_0 for each l in ``horizons``, with their definitions."""
    weights, states = unrolled_network(size, max(horizons))
    w = sympy.MatrixSymbol("W", size, size)
    definitions: dict = {w: weights}
    for i in range(max(horizons)):
        definitions[diagonal_symbol(i, size)] = derivative_diagonal(states[i])
    steps = []
    for horizon in horizons:
        claim = sympy.Identity(size)
        for i in range(horizon):
            claim = w * diagonal_symbol(i, size) * claim
        oracle = jacobian_symbol(horizon, 0, size)
        definitions[oracle] = states[horizon].jacobian(list(states[0]))
        steps.append(Step(
            f"product-{size}x{size}-l{horizon}", oracle, claim,
            f"{size}×{size}, t − k = {horizon}: SymPy's Jacobian of the unrolled network equals "
            f"the product of {horizon} factor{'s' if horizon > 1 else ''}.",
            Symbolic(rewrite=sympy.expand)))
    return steps, definitions


@register
def jacobian_product() -> Derivation:
    small_steps, small_definitions = jacobian_steps(2, (1, 2, 3))
    large_steps, large_definitions = jacobian_steps(3, (3,))
    return Derivation(
        slug="jacobian-product",
        title="The Jacobian across time is a product of W diag(σ′) factors",
        chapter=3,
        source=PASCANU,
        summary=(
            "By the chain rule, $\\frac{\\partial x_t}{\\partial x_k} = \\prod_{i=k+1}^{t} "
            "W \\operatorname{diag}(\\sigma'(x_{i-1}))$, the factor for the latest step on the "
            "left. Each step below compares this product with SymPy's own Jacobian of the "
            "network unrolled by hand, for every entry of $W$, $W_{in}$, $b$, $u_t$, $x_0$ kept "
            "symbolic and $\\sigma$ an arbitrary differentiable function."
        ),
        hypotheses=(
            r"$x_t = W\sigma(x_{t-1}) + W_{in}u_t + b$ with $x_t \in \mathbb{R}^d$, "
            r"$W, W_{in} \in \mathbb{R}^{d\times d}$, $\sigma$ differentiable and applied "
            r"entrywise; $d = 2$ and $d = 3$, all entries independent real symbols.",
            r"The network is time-invariant in $W$, so unrolling from $x_0$ covers every "
            r"$k$: $\frac{\partial x_{k+l}}{\partial x_k}$ has the form of "
            r"$\frac{\partial x_l}{\partial x_0}$ with the states renamed.",
        ),
        definitions={**small_definitions, **large_definitions},
        steps=(*small_steps, *large_steps),
    )
