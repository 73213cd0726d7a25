"""Where the notes on Pascanu et al. (and, as the notes report, the paper) are wrong as written.

Each counterexample is SymPy's own Jacobian of a small tanh network unrolled by
hand, at a point: exact numbers, so the claim is decided, not estimated.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.jacobian_product import CHAIN_RULE
from derivations.ch3_bptt.network import PASCANU, unroll
from derivations.engine import Derivation, Hypothesis, Relation, Step, Symbolic, register
from derivations.engine.expressions import NormSquared
from derivations.notation import symbol

# A non-symmetric example, so that W and Wᵀ differ.
EXAMPLE_W = sympy.ImmutableMatrix([[1, 2], [0, 1]])
_START = sympy.ImmutableMatrix(sympy.symbols("a_1 a_2", real=True))
_DRIVES = [sympy.ImmutableMatrix(sympy.symbols(f"d{t}_1 d{t}_2", real=True)) for t in (1, 2)]
_STATES = unroll(EXAMPLE_W, _START, _DRIVES, activation=sympy.tanh)


# At h_0 = (0, 1) with no input at step 1, h_1 = (2 tanh 1, tanh 1). The slopes the Jacobians
# meet get short names, so the page shows σ′(h_{1,1}) rather than 1 − tanh²(2 tanh 1); the
# definitions give each name its exact value, and the checks substitute it back.
_POINT = {_START[0]: 0, _START[1]: 1, _DRIVES[0][0]: 0, _DRIVES[0][1]: 0}
_TANH_1 = sympy.tanh(1)
# (name, the argument z of its slope 1 − tanh²z), arguments containing tanh 1 before tanh 1 itself.
_SLOPES = (
    (sympy.Symbol(r"\sigma'(h_{1,1})"), 2 * _TANH_1),
    (sympy.Symbol(r"\sigma'(h_{1,2})"), _TANH_1),
    (sympy.Symbol(r"\sigma'(h_{0,2})"), sympy.Integer(1)),
)


def _named_slopes(matrix: sympy.ImmutableMatrix) -> sympy.ImmutableMatrix:
    """``matrix`` with every tanh²z written as 1 − σ′ for the named slope σ′ = 1 − tanh²z."""
    for name, argument in _SLOPES:
        matrix = matrix.xreplace({sympy.tanh(argument) ** 2: 1 - name})
    return sympy.ImmutableMatrix(matrix.applyfunc(lambda entry: sympy.factor(sympy.expand(entry))))


def _slope_values(*matrices: sympy.ImmutableMatrix) -> dict[sympy.Symbol, sympy.Basic]:
    """The exact value of each slope name ``matrices`` mention: the page lists only these."""
    used = set().union(*(matrix.free_symbols for matrix in matrices))
    return {name: 1 - sympy.tanh(argument) ** 2 for name, argument in _SLOPES if name in used}


def _slopes(time: int) -> sympy.ImmutableMatrix:
    """D_time = diag(tanh′(h_time)) = diag(1 − tanh²(h_time)) at the point, slopes named."""
    state = _STATES[time].subs(_POINT)
    return _named_slopes(sympy.ImmutableMatrix(
        sympy.diag(*[1 - sympy.tanh(entry) ** 2 for entry in state])))


def _jacobian(time: int) -> sympy.ImmutableMatrix:
    """SymPy's ∂h_time/∂h_0 of the unrolled network, at the point, slopes named."""
    return _named_slopes(sympy.ImmutableMatrix(_STATES[time].jacobian(list(_START)).subs(_POINT)))


def _named(latex: str) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol(latex, 2, 2)


# A ≠ claim moved by +I or ×2 is usually still a ≠ claim; the verifier decides each one.
_STILL_DIFFERENT = {
    "rhs+1": "a counterexample matrix differs from the wrong formula plus I as well "
             "(decided entry by entry)",
    "rhs*2": "and from twice the wrong formula (decided entry by entry)",
}
_NETWORK = (r"The counterexample: $h_t = W\tanh(h_{t-1}) + W_{\mathrm{in}}u_t + b$ with the "
            r"non-symmetric $W$ below, unrolled by hand, its Jacobian computed exactly at "
            r"$h_0 = (0, 1)$ with no input at step 1.")


@register
def erratum_transposed_jacobian() -> Derivation:
    w = _named("W")
    slopes = _named("D_0")
    one_step = _named(r"\frac{\partial h_1}{\partial h_0}")
    a, v, x = symbol("A"), sympy.MatrixSymbol("v", symbol("d"), 1), symbol("x")
    lam = symbol("lambda")
    return Derivation(
        title="The paper's transposed factor, and why its bounds survive",
        source=PASCANU + " (reporting the paper's formula)",
        statement=(
            r"The notes report that the paper writes the one-step Jacobian as "
            r"$W^\top\operatorname{diag}(\sigma'(x_{t-1}))$ and correct it to "
            r"$W\operatorname{diag}(\sigma'(x_{t-1}))$, rightly: for the non-symmetric $W$ "
            r"below the transposed factor is a different matrix. The paper's bounds (the "
            r"vanishing-gradient theorem's) survive, because they use only the operator norm "
            r"and $\lVert W^\top\rVert_2 = \lVert W\rVert_2$: steps (3) to (5) show, for "
            r"every size $d$, that a unit eigenvector $v$ of $A^\top A$ for $\lambda \neq 0$ "
            r"gives the eigenvector $Av$ of $AA^\top$ for the same $\lambda$, with "
            r"$\lVert Av\rVert^2 = \lambda \neq 0$, and steps (6) to (8) the same from "
            r"$AA^\top$ to $A^\top A$. So $A^\top A$ and $AA^\top$ share their non-zero "
            r"eigenvalues, the squared singular values, and with them the largest: "
            r"$\lVert A^\top\rVert_2 = \lVert A\rVert_2$. " + _NETWORK
        ),
        hypotheses=(
            Hypothesis("real-matrix", sympy.adjoint(a), a.T, text="$A$ is real"),
            Hypothesis("real-vector", sympy.adjoint(v), v.T, text="$v$ is real"),
            Hypothesis("eigenvector", a.T * a * v, lam * v,
                       text=r"$v$ is an eigenvector of $A^\top A$"),
            Hypothesis("unit", NormSquared(v), sympy.Integer(1),
                       text=r"$v \neq 0$, scaled to length 1"),
            Hypothesis("nonzero-eigenvalue", lam, sympy.Integer(0), Relation.NE,
                       text="a non-zero eigenvalue"),
            Hypothesis("real-other", sympy.adjoint(x), x.T, text="$x$ is real"),
            Hypothesis("other-eigenvector", a * a.T * x, lam * x,
                       text=r"$x$ is an eigenvector of $AA^\top$"),
            Hypothesis("other-unit", NormSquared(x), sympy.Integer(1),
                       text=r"$x \neq 0$, scaled to length 1"),
        ),
        definitions={
            w: EXAMPLE_W,
            slopes: _slopes(0),
            one_step: _jacobian(1),
            **_slope_values(_slopes(0), _jacobian(1)),
        },
        steps=(
            Step("untransposed-is-right", one_step, w * slopes,
                 r"Differentiated exactly, one step's Jacobian is $W D_0$ …",
                 Symbolic()),
            Step("transposed-is-wrong", one_step, w.T * slopes,
                 r"… and not $W^\top D_0$.", Symbolic(),
                 relation=Relation.NE, still_true=_STILL_DIFFERENT),
            Step("same-eigenvalue", a * a.T * (a * v), lam * (a * v),
                 r"$AA^\top(Av) = A(A^\top A v) = \lambda Av$ …", Symbolic(),
                 given=("eigenvector",)),
            Step("image-length", NormSquared(a * v), lam * NormSquared(v),
                 r"… and its squared length is $v^\top A^\top A v = \lambda\lVert v\rVert^2$ …",
                 Symbolic(), given=("real-matrix", "real-vector", "eigenvector")),
            Step("not-zero", NormSquared(a * v) / lam, sympy.Integer(1),
                 r"… which is $\lambda \neq 0$ for a unit $v$: $Av \neq 0$ is an eigenvector "
                 r"of $AA^\top$.",
                 Symbolic(), given=("image-length", "unit", "nonzero-eigenvalue")),
            Step("converse-eigenvalue", a.T * a * (a.T * x), lam * (a.T * x),
                 r"The other way round, $A^\top A(A^\top x) = A^\top(AA^\top x) = "
                 r"\lambda A^\top x$ …", Symbolic(), given=("other-eigenvector",)),
            Step("converse-length", NormSquared(a.T * x), lam * NormSquared(x),
                 r"… its squared length is $x^\top AA^\top x = \lambda\lVert x\rVert^2$ …",
                 Symbolic(), given=("real-matrix", "real-other", "other-eigenvector")),
            Step("converse-not-zero", NormSquared(a.T * x) / lam, sympy.Integer(1),
                 r"… and so $A^\top x \neq 0$ is an eigenvector of $A^\top A$ for the same "
                 r"$\lambda$.",
                 Symbolic(), given=("converse-length", "other-unit", "nonzero-eigenvalue")),
        ),
        conclusion="transposed-is-wrong",
        uses=("vanishing-sufficient-condition",),
    )


@register
def erratum_product_indices() -> Derivation:
    w = _named("W")
    ell = symbol("l")
    first, second = _named("D_0"), _named("D_1")
    two_steps = _named(r"\frac{\partial h_2}{\partial h_0}")
    return Derivation(
        title="The product runs forward in time, the newest factor first",
        source=PASCANU,
        statement=(
            r"The notes write $\frac{\partial x_t}{\partial x_k} = \prod_{t \leq i \leq k}"
            r"\frac{\partial x_i}{\partial x_{i-1}}$ and $l = k - t$. A gradient flows from a "
            r"later time $t$ back to an earlier $k < t$, so the index set "
            r"$\{t \leq i \leq k\}$ is empty and $k - t$ is negative. Assuming the chain "
            r"rule (stated below), as the theorem on the Jacobian product does, the product "
            r"runs over "
            r"$k < i \leq t$, the newest factor on the left, and $l = t - k \geq 0$. Over two "
            r"steps, computed exactly below without the chain rule, the newest factor is on "
            r"the left and the other order is a different matrix (matrices do not commute). "
            + _NETWORK
        ),
        hypotheses=(CHAIN_RULE,),
        uses=("jacobian-product",),
        definitions={
            w: EXAMPLE_W,
            first: _slopes(0),
            second: _slopes(1),
            two_steps: _jacobian(2),
            **_slope_values(_slopes(0), _slopes(1), _jacobian(2)),
        },
        steps=(
            Step("newest-factor-first", two_steps, w * second * w * first,
                 r"Over two steps the exact Jacobian has the newest factor on the left …",
                 Symbolic()),
            Step("order-matters", two_steps, w * first * w * second,
                 r"… and the other order is a different matrix.",
                 Symbolic(), relation=Relation.NE,
                 still_true=_STILL_DIFFERENT),
            Step("negative-power-is-not-the-jacobian", (w**ell).subs(ell, -2), w**2,
                 r"In the linear case, $l = k - t = -2$ would give $W^{-2}$, not $W^2$.",
                 Symbolic(), relation=Relation.NE, still_true={
                     "rhs+1": "W^{-2} = [[1, -4], [0, 1]] is not I + W^2 = [[2, 4], [0, 2]] "
                              "either",
                     "rhs*2": "nor 2W^2 = [[2, 8], [0, 2]]"}),
        ),
        conclusion="order-matters",
    )
