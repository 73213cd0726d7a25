"""σ = identity: the Jacobian across l steps is W^l, and each eigen-component scales like λ_i^l.

The gradient ∂ε_t/∂x_t is a row vector multiplied by W^l from the right, so the
expansion that works uses *left* eigenvectors (pᵀW = λpᵀ), i.e. eigenvectors of
Wᵀ; the notes expand in right eigenvectors, which is wrong for non-symmetric W.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.jacobian_product import jacobian_symbol
from derivations.ch3_bptt.network import PASCANU, symbolic_matrix, symbolic_vector, unroll
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

# One eigenvalue inside the unit circle, one outside; not symmetric, so left ≠ right.
LINEAR_W = sympy.ImmutableMatrix([[sympy.Rational(1, 2), 1], [0, sympy.Rational(3, 2)]])
EIGENVALUES = (sympy.Rational(1, 2), sympy.Rational(3, 2))
LEFT_EIGENVECTORS = (sympy.ImmutableMatrix([[1, -1]]), sympy.ImmutableMatrix([[0, 1]]))
RIGHT_EIGENVECTOR = sympy.ImmutableMatrix([1, 0])  # W q = q/2


def _identity(entry: sympy.Basic) -> sympy.Basic:
    return entry


@register
def linear_jacobian_powers() -> Derivation:
    ell = symbol("l")
    w = sympy.MatrixSymbol("W", 2, 2)
    w_symbolic = symbolic_matrix("w", 2, 2)
    start = symbolic_vector("a", 2)
    drives = [symbolic_vector(f"d{t}", 2) for t in (1, 2, 3)]
    states = unroll(w_symbolic, start, drives, activation=_identity)
    jacobian = jacobian_symbol(3, 0, 2)
    w_example = sympy.MatrixSymbol("W_{ex}", 2, 2)
    p1, p2 = (sympy.MatrixSymbol(f"p_{i}", 1, 2) for i in (1, 2))
    lam1, lam2 = (sympy.Symbol(f"lambda_{i}") for i in (1, 2))
    c1, c2 = sympy.symbols("c_1 c_2")
    gradient = c1 * p1 + c2 * p2
    return Derivation(
        slug="linear-jacobian-powers",
        title="Linear case: the Jacobian is W^l and each eigen-component scales like λᵢ^l",
        chapter=3,
        source=PASCANU,
        summary=(
            "With $\\sigma$ the identity every $\\operatorname{diag}(\\sigma')$ is $I$, so "
            "$\\frac{\\partial x_t}{\\partial x_k} = W^{l}$ with $l = t - k$. Write the row "
            "vector $\\frac{\\partial\\varepsilon_t}{\\partial x_t} = \\sum_i c_i p_i^\\top$ in "
            "left eigenvectors ($p_i^\\top W = \\lambda_i p_i^\\top$, possible whenever $W$ is "
            "diagonalisable). Then $\\frac{\\partial\\varepsilon_t}{\\partial x_t}W^l = "
            "\\sum_i c_i\\lambda_i^l p_i^\\top$: the component along $p_i$ grows if "
            "$|\\lambda_i| > 1$ and vanishes if $|\\lambda_i| < 1$. The example has "
            "$\\lambda = 1/2$ and $3/2$."
        ),
        hypotheses=(
            r"$\sigma(x) = x$; $x_t = Wx_{t-1} + d_t$ with $d_t = W_{in}u_t + b$; for the "
            r"Jacobian check $W$ is a symbolic $2\times2$ matrix.",
            r"$W_{ex} = \begin{bmatrix}1/2 & 1\\ 0 & 3/2\end{bmatrix}$ with left eigenvectors "
            r"$p_1^\top = (1, -1)$, $p_2^\top = (0, 1)$ for $\lambda_1 = 1/2$, "
            r"$\lambda_2 = 3/2$; $c_1, c_2$ arbitrary; $l \geq 0$ an integer.",
        ),
        definitions={
            w: w_symbolic,
            jacobian: states[3].jacobian(list(start)),
            w_example: LINEAR_W,
            p1: LEFT_EIGENVECTORS[0],
            p2: LEFT_EIGENVECTORS[1],
            lam1: EIGENVALUES[0],
            lam2: EIGENVALUES[1],
        },
        steps=(
            Step("linear-jacobian", jacobian, w**3,
                 "SymPy's Jacobian of three linear steps is W³: every diag(σ′) is I.",
                 Symbolic(rewrite=sympy.expand)),
            Step("first-left-eigenvector", p1 * w_example, lam1 * p1,
                 "p₁ᵀW = ½p₁ᵀ.", Symbolic()),
            Step("second-left-eigenvector", p2 * w_example, lam2 * p2,
                 "p₂ᵀW = (3/2)p₂ᵀ.", Symbolic()),
            Step("components-scale-like-powers", gradient * w_example**ell,
                 c1 * lam1**ell * p1 + c2 * lam2**ell * p2,
                 "Induction on l: each step multiplies the i-th component by λᵢ.",
                 Induction(ell, recurrence=lambda previous: previous * LINEAR_W)),
            Step("growing-component", sympy.Limit(1 / lam2**ell, ell, sympy.oo), sympy.Integer(0),
                 "The component along p₂ explodes: 1/λ₂^l → 0, so λ₂^l → ∞ (|λ₂| > 1) …",
                 Symbolic()),
            Step("vanishing-component", sympy.Limit(lam1**ell, ell, sympy.oo), sympy.Integer(0),
                 "… the one along p₁ vanishes (|λ₁| < 1).", Symbolic()),
        ),
    )


@register
def erratum_left_eigenvectors() -> Derivation:
    w = sympy.MatrixSymbol("W_{ex}", 2, 2)
    q = sympy.MatrixSymbol("q", 2, 1)
    lam = sympy.Symbol("lambda_1")
    return Derivation(
        slug="erratum-left-eigenvectors",
        title="Erratum: a row gradient needs left eigenvectors, not Wqᵢ = λᵢqᵢ",
        chapter=3,
        source=PASCANU,
        summary=(
            "The notes take $Wq_i = \\lambda_i q_i$ and then use $q_i^\\top W^l = "
            "\\lambda_i^l q_i^\\top$. That second identity needs $q_i$ to be an eigenvector "
            "of $W^\\top$ (a left eigenvector of $W$). The two notions coincide for symmetric "
            "(more generally, normal) $W$, which is why the slip is easy to miss; the "
            "eigenvalues are the same either way, so the conclusion about "
            "$|\\lambda_i| \\gtrless 1$ survives."
        ),
        hypotheses=(
            r"$W_{ex} = \begin{bmatrix}1/2 & 1\\ 0 & 3/2\end{bmatrix}$, $q = (1, 0)^\top$, "
            r"$\lambda_1 = 1/2$.",
        ),
        definitions={w: LINEAR_W, q: RIGHT_EIGENVECTOR, lam: EIGENVALUES[0]},
        steps=(
            Step("right-eigenvector", w * q, lam * q,
                 "q is a (right) eigenvector: W q = ½ q …", Symbolic()),
            Step("not-a-left-eigenvector", q.T * w, lam * q.T,
                 "… but qᵀW = (½, 1) ≠ ½qᵀ, so qᵀW^l ≠ λ^l qᵀ.", Symbolic(),
                 relation=Relation.NE),
        ),
    )
