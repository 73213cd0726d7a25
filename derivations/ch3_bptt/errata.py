"""Where the notes on Pascanu et al. (and the paper) are wrong as written, with the checks.

The paper prints ∂x_t/∂x_{t−1} = Wᵀ diag(σ′(x_{t−1})); the Jacobian is W diag(σ′(x_{t−1})).
The notes fix that, but write the product over t ≤ i ≤ k and l = k − t, which for
k < t is empty and negative. Each claim below is decided exactly.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.jacobian_product import diagonal_symbol, jacobian_symbol
from derivations.ch3_bptt.network import PASCANU, symbolic_matrix, unroll
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

# A non-symmetric example, so that W and Wᵀ differ.
EXAMPLE_W = sympy.ImmutableMatrix([[1, 2], [0, 1]])
EXAMPLE_START = sympy.ImmutableMatrix([0, 1])


def _tanh_network(steps: int):
    """States of x_t = W tanh(x_{t−1}) + d_t from x_0 = (a_1, a_2), with symbolic drives."""
    start = sympy.ImmutableMatrix(sympy.symbols("a_1 a_2", real=True))
    drives = [sympy.ImmutableMatrix(sympy.symbols(f"d{t}_1 d{t}_2", real=True))
              for t in range(1, steps + 1)]
    return start, unroll(EXAMPLE_W, start, drives, activation=sympy.tanh)


def _tanh_diagonal(state: sympy.MatrixBase) -> sympy.ImmutableMatrix:
    return sympy.ImmutableMatrix(sympy.diag(*[1 - sympy.tanh(entry) ** 2 for entry in state]))


def _sech_to_tanh(expression: sympy.Basic) -> sympy.Basic:
    return sympy.expand(expression.replace(
        lambda node: node.is_Pow and isinstance(node.base, sympy.sech) and node.exp == 2,
        lambda node: 1 - sympy.tanh(node.base.args[0]) ** 2))


@register
def erratum_transposed_jacobian() -> Derivation:
    w = sympy.MatrixSymbol("W", 2, 2)
    lam = symbol("lambda")
    start, states = _tanh_network(2)
    at_origin = {entry: 0 for entry in (*start, *sympy.symbols("d1_1 d1_2", real=True))}
    d0, d1 = diagonal_symbol(0, 2), diagonal_symbol(1, 2)
    one_step, two_steps = jacobian_symbol(1, 0, 2), jacobian_symbol(2, 0, 2)
    w_symbolic = symbolic_matrix("w", 2, 2)
    w3 = sympy.MatrixSymbol("W", 3, 3)
    w3_symbolic = symbolic_matrix("w", 3, 3)
    return Derivation(
        slug="erratum-transposed-jacobian",
        title="Erratum: the paper's Wᵀ should be W, and the norm bound survives",
        chapter=3,
        source=PASCANU + " (the paper's equation for ∂x_t/∂x_{t−1})",
        summary=(
            "The paper writes $\\frac{\\partial x_t}{\\partial x_{t-1}} = W^\\top "
            "\\operatorname{diag}(\\sigma'(x_{t-1}))$. For $y = Ax$ the Jacobian "
            "$\\partial y_i/\\partial x_j = A_{ij}$ is $A$ itself, so the factor is "
            "$W\\operatorname{diag}(\\sigma'(x_{t-1}))$. The two agree only when $W$ is "
            "symmetric; the counterexample below is a non-symmetric $W$ and $\\sigma = \\tanh$. "
            "The paper's *conclusions* are unaffected, because they use only the 2-norm, and "
            "$\\|W^\\top\\|_2 = \\|W\\|_2$: $W^\\top W$ and $W W^\\top$ have the same "
            "characteristic polynomial, hence the same singular values."
        ),
        hypotheses=(
            r"$\sigma = \tanh$, $W = \begin{bmatrix}1 & 2\\ 0 & 1\end{bmatrix}$, "
            r"$x_t = W\tanh(x_{t-1}) + d_t$ with drives $d_t = W_{in}u_t + b$; "
            r"the counterexample is evaluated at $x_0 = 0$, $d_1 = 0$.",
            r"For the norm identity, $W$ has independent real symbolic entries ($2\times2$ and "
            r"$3\times3$); the singular values of $W$ are the square roots of the eigenvalues "
            r"of $W^\top W$.",
        ),
        definitions={
            w: EXAMPLE_W,
            d0: _tanh_diagonal(states[0]).subs(at_origin),
            d1: _tanh_diagonal(states[1]).subs(at_origin),
            one_step: states[1].jacobian(list(start)).subs(at_origin),
            two_steps: states[2].jacobian(list(start)).subs(at_origin),
            w3: w3_symbolic,
            sympy.MatrixSymbol("A", 2, 2): w_symbolic,
        },
        steps=(
            Step("untransposed-is-right", one_step, w * d0,
                 "SymPy's Jacobian of one tanh step at x₀ = 0 is W diag(σ′(x₀)) …",
                 Symbolic(rewrite=_sech_to_tanh)),
            Step("transposed-is-wrong", one_step, w.T * d0,
                 "… and not Wᵀ diag(σ′(x₀)): the paper's factor fails for this non-symmetric W.",
                 Symbolic(rewrite=_sech_to_tanh), relation=Relation.NE),
            Step("transposed-product-is-wrong", two_steps, w.T * d1 * w.T * d0,
                 "Over two steps the transposed product is wrong as well.",
                 Symbolic(rewrite=_sech_to_tanh), relation=Relation.NE),
            Step("same-characteristic-polynomial-2x2",
                 sympy.Determinant(lam * sympy.Identity(2)
                                   - sympy.MatrixSymbol("A", 2, 2).T
                                   * sympy.MatrixSymbol("A", 2, 2)),
                 sympy.Determinant(lam * sympy.Identity(2)
                                   - sympy.MatrixSymbol("A", 2, 2)
                                   * sympy.MatrixSymbol("A", 2, 2).T),
                 "AᵀA and AAᵀ have one characteristic polynomial for every 2×2 A …",
                 Symbolic(rewrite=sympy.expand)),
            Step("same-characteristic-polynomial-3x3",
                 sympy.Determinant(lam * sympy.Identity(3) - w3.T * w3),
                 sympy.Determinant(lam * sympy.Identity(3) - w3 * w3.T),
                 "… and 3×3: the same singular values, so ‖Wᵀ‖₂ = ‖W‖₂ and every norm bound "
                 "stands.", Symbolic(rewrite=sympy.expand)),
        ),
    )


@register
def erratum_product_indices() -> Derivation:
    w = sympy.MatrixSymbol("W", 2, 2)
    ell = symbol("l")
    start, states = _tanh_network(2)
    point = {start[0]: 0, start[1]: 1, sympy.Symbol("d1_1", real=True): 0,
             sympy.Symbol("d1_2", real=True): 0}
    d0, d1 = diagonal_symbol(0, 2), diagonal_symbol(1, 2)
    two_steps = jacobian_symbol(2, 0, 2)
    return Derivation(
        slug="erratum-product-indices",
        title="Erratum: the product runs over k < i ≤ t, newest factor first, and l = t − k",
        chapter=3,
        source=PASCANU,
        summary=(
            "The notes write $\\prod_{t \\leq i \\leq k}$ and $l = k - t$. Gradients flow "
            "from a later time $t$ back to an earlier $k < t$, so the index set "
            "$\\{t \\le i \\le k\\}$ is empty and $k - t$ is negative. The correct statement is "
            "$\\frac{\\partial x_t}{\\partial x_k} = \\frac{\\partial x_t}{\\partial x_{t-1}}"
            "\\cdots\\frac{\\partial x_{k+1}}{\\partial x_k}$ over $k < i \\le t$, in that order "
            "(matrices do not commute), and $l = t - k \\geq 0$ factors; in the linear case "
            "$W^{l}$, never $W^{k-t}$."
        ),
        hypotheses=(
            r"$\sigma = \tanh$, $W = \begin{bmatrix}1 & 2\\ 0 & 1\end{bmatrix}$, "
            r"evaluated at $x_0 = (0, 1)$, $d_1 = 0$; $l$ a non-negative integer.",
        ),
        definitions={
            w: EXAMPLE_W,
            d0: _tanh_diagonal(states[0]).subs(point),
            d1: _tanh_diagonal(states[1]).subs(point),
            two_steps: states[2].jacobian(list(start)).subs(point),
        },
        steps=(
            Step("newest-factor-first", two_steps, w * d1 * w * d0,
                 "SymPy's Jacobian over two steps is the product with the newest factor on the "
                 "left …", Symbolic(rewrite=_sech_to_tanh)),
            Step("order-matters", two_steps, w * d0 * w * d1,
                 "… and the reversed order gives a different matrix.",
                 Symbolic(rewrite=_sech_to_tanh), relation=Relation.NE),
            Step("negative-power-is-not-the-jacobian", (w ** -ell).subs(ell, 2), w ** 2,
                 "With l = k − t = −2 the linear-case formula would give W⁻² ≠ W².",
                 Symbolic(), relation=Relation.NE),
        ),
    )
