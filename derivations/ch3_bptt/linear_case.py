"""σ = identity: the Jacobian across l steps is W^l, and a component along a left eigenvector
scales like λ^l — for every size d and every l.

The gradient ∂𝓛_t/∂h_t is a row multiplied by the Jacobian from the right, so the
expansion that works uses *left* eigenvectors (pᵀW = λpᵀ); the notes expand in
right eigenvectors, which is wrong unless W is symmetric (the erratum below).
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.jacobian_product import CHAIN_RULE
from derivations.ch3_bptt.network import PASCANU
from derivations.ch3_bptt.symbols import JacobianAcross
from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.notation import DIMENSION, symbol

# One eigenvalue inside the unit circle, one outside; not symmetric, so left ≠ right.
LINEAR_W = sympy.ImmutableMatrix([[sympy.Rational(1, 2), 1], [0, sympy.Rational(3, 2)]])
EIGENVALUES = (sympy.Rational(1, 2), sympy.Rational(3, 2))
LEFT_EIGENVECTORS = (sympy.ImmutableMatrix([1, -1]), sympy.ImmutableMatrix([0, 1]))
RIGHT_EIGENVECTOR = sympy.ImmutableMatrix([1, 0])  # W q = q/2
# The quarter turn R_{−π/2} of chapter 1: normal (RᵀR = RRᵀ), eigenvalue i with eigenvector
# (1, i).
QUARTER_TURN = sympy.ImmutableMatrix([[0, 1], [-1, 0]])
TURN_EIGENVECTOR = sympy.ImmutableMatrix([1, sympy.I])

ell, lam, W = symbol("l"), symbol("lambda"), symbol("W")


def _example_names() -> tuple[sympy.MatrixSymbol, ...]:
    """W_{ex}, p_1, p_2: the names the animation ``EigenComponentsUnderPowers`` reads."""
    return (sympy.MatrixSymbol("W_{ex}", 2, 2),
            sympy.MatrixSymbol("p_1", 2, 1), sympy.MatrixSymbol("p_2", 2, 1))


@register
def linear_jacobian_powers() -> Derivation:
    across = JacobianAcross(ell)
    p = sympy.MatrixSymbol("p", DIMENSION, 1)
    w_example, p_1, p_2 = _example_names()
    lam_1, lam_2 = sympy.Symbol("lambda_1"), sympy.Symbol("lambda_2")
    return Derivation(
        title="Linear case: each eigen-component is multiplied by its eigenvalue at every step",
        source=PASCANU,
        statement=(
            r"Assuming the chain rule (stated below), with $\sigma$ the identity, for every "
            r"size $d$ and every $l \geq 0$, the Jacobian across $l$ steps is $W^l$, and a "
            r"left eigenvector $p^\top W = \lambda p^\top$ comes out multiplied by "
            r"$\lambda^l$. So, term by term, a gradient row $\sum_i c_i p_i^\top$ becomes "
            r"$\sum_i c_i\lambda_i^l p_i^\top$: by the limits of chapter 1 along an "
            r"eigenvector, a component with $c_i \neq 0$ grows without bound if "
            r"$|\lambda_i| > 1$ and vanishes if $0 < |\lambda_i| < 1$, as in the example "
            r"$W_{ex}$ ($\lambda_1 = 1/2$, $\lambda_2 = 3/2$)."
        ),
        hypotheses=(
            Hypothesis("linear-chain-rule", JacobianAcross(ell + 1), W * across,
                       text=r"the chain rule with $\sigma$ the identity: every factor is $W$",
                       every=(ell,)),
            Hypothesis("no-steps", JacobianAcross(0), sympy.Identity(DIMENSION),
                       text="no step at all changes nothing"),
            Hypothesis("left-eigenvector", p.T * W, lam * p.T,
                       text="$p$ is a left eigenvector of $W$"),
            CHAIN_RULE,
            Hypothesis("case-l", across, W**ell, local=True,
                       text="the case $l$"),
        ),
        definitions={
            w_example: LINEAR_W,
            p_1: LEFT_EIGENVECTORS[0],
            p_2: LEFT_EIGENVECTORS[1],
            lam_1: EIGENVALUES[0],
            lam_2: EIGENVALUES[1],
        },
        steps=(
            Step("one-more-step", JacobianAcross(ell + 1), W * across, "The chain rule.",
                 Symbolic(), given=("linear-chain-rule",)),
            Step("by-the-case-l", W * across, W ** (ell + 1), r"The case $l$.", Symbolic(),
                 given=("case-l",)),
            Step("case-l-plus-one", JacobianAcross(ell + 1), W ** (ell + 1),
                 "Steps (1) and (2).", Chain(("one-more-step", "by-the-case-l"))),
            Step("jacobian-is-power", across, W**ell, r"Induction on $l$, from $I = W^0$.",
                 Induction(ell, step="case-l-plus-one", hypothesis="case-l"),
                 given=("no-steps",)),
            Step("left-eigenvector-powers", p.T * W**ell, lam**ell * p.T,
                 r"Induction on $l$: each factor $W$ multiplies $p^\top$ by $\lambda$.",
                 Induction(ell, recurrence=lambda previous: previous * W),
                 given=("left-eigenvector",)),
            Step("component-scales", p.T * across, lam**ell * p.T,
                 r"The Jacobian is $W^l$, and $p^\top W^l = \lambda^l p^\top$.",
                 Symbolic(), given=("jacobian-is-power", "left-eigenvector-powers")),
            Step("first-left-eigenvector", p_1.T * w_example, lam_1 * p_1.T,
                 r"The example: $p_1^\top W_{ex} = \lambda_1 p_1^\top$ …", Symbolic()),
            Step("second-left-eigenvector", p_2.T * w_example, lam_2 * p_2.T,
                 r"… and $p_2^\top W_{ex} = \lambda_2 p_2^\top$ …", Symbolic()),
            Step("growing-component", sympy.Limit(lam_2**ell, ell, sympy.oo), sympy.oo,
                 r"… so the component along $p_2$ explodes …", Symbolic(),
                 still_true={"rhs+1": r"$\infty + 1$ is $\infty$ again",
                             "rhs*2": r"$2 \cdot \infty$ is $\infty$ again"}),
            Step("vanishing-component", sympy.Limit(lam_1**ell, ell, sympy.oo),
                 sympy.Integer(0), r"… and the one along $p_1$ vanishes.", Symbolic()),
        ),
        conclusion="component-scales",
        claims_every_size=True,
        uses=("jacobian-product", "spectral-trichotomy"),
    )


@register
def erratum_left_eigenvectors() -> Derivation:
    w_example = _example_names()[0]
    q = sympy.MatrixSymbol("q", 2, 1)
    lam_1 = sympy.Symbol("lambda_1")
    a, v = symbol("A"), sympy.MatrixSymbol("v", DIMENSION, 1)
    p = sympy.MatrixSymbol("p", DIMENSION, 1)
    shifted = sympy.MatrixSymbol("X", DIMENSION, DIMENSION)  # λI − A, any square matrix
    turn, q_turn = symbol("R_quarter"), sympy.MatrixSymbol(r"q_{-\pi/2}", 2, 1)
    return Derivation(
        title="A row gradient needs left eigenvectors, not right ones",
        source=PASCANU,
        statement=(
            r"The notes expand in eigenvectors $Wq_i = \lambda_i q_i$ and then use "
            r"$q_i^\top W^l = \lambda_i^l q_i^\top$. That needs $q_i$ to be a *left* "
            r"eigenvector, $q_i^\top W = \lambda_i q_i^\top$, which a right eigenvector "
            r"in general is not: $q$ below is a counterexample. The two notions coincide for "
            r"symmetric $W$ (steps 3 to 8, written for a symmetric $A$ of every size $d$: a "
            r"right eigenvector is a left one, and a left one a right one), not for every "
            r"normal $W$: the quarter turn $R_{-\pi/2}$ is normal, yet for its eigenvector "
            r"$q_{-\pi/2}$ the left eigenvector is the conjugate $\bar q_{-\pi/2}$, not "
            r"$q_{-\pi/2}$. The eigenvalues are the same either way, since $W$ and $W^\top$ "
            r"have the same characteristic polynomial (step 13), so the notes' conclusion "
            r"about $|\lambda_i| \gtrless 1$ survives."
        ),
        hypotheses=(
            Hypothesis("symmetric", a.T, a, text="$A$ is symmetric"),
            Hypothesis("right-eigenvector", a * v, lam * v,
                       text="$v$ is a right eigenvector of $A$"),
            Hypothesis("left-eigenvector", p.T * a, lam * p.T,
                       text="$p$ is a left eigenvector of $A$"),
        ),
        definitions={
            w_example: LINEAR_W,
            q: RIGHT_EIGENVECTOR,
            lam_1: EIGENVALUES[0],
            turn: QUARTER_TURN,
            q_turn: TURN_EIGENVECTOR,
        },
        steps=(
            Step("right-eigenvector-example", w_example * q, lam_1 * q,
                 r"$q$ is a right eigenvector of $W_{ex}$ …", Symbolic()),
            Step("not-a-left-eigenvector", q.T * w_example, lam_1 * q.T,
                 r"… but not a left one.", Symbolic(), relation=Relation.NE,
                 still_true={"rhs+1": "q^T W_ex = (1/2, 1) is not (3/2, 1) either",
                             "rhs*2": "nor (1, 0)"}),
            Step("symmetric-transpose", v.T * a, v.T * a.T, r"$A^\top = A$ …", Symbolic(),
                 given=("symmetric",)),
            Step("symmetric-left", v.T * a.T, lam * v.T,
                 r"… and $v^\top A^\top = (Av)^\top = \lambda v^\top$ …", Symbolic(),
                 given=("right-eigenvector",)),
            Step("right-is-left", v.T * a, lam * v.T,
                 r"… so $v$ is a left eigenvector too: steps (3) and (4).",
                 Chain(("symmetric-transpose", "symmetric-left"))),
            Step("symmetric-right", a * p, a.T * p,
                 r"Conversely, $A = A^\top$ …", Symbolic(), given=("symmetric",)),
            Step("left-transposed", a.T * p, lam * p,
                 r"… and $A^\top p = (p^\top A)^\top = \lambda p$ …", Symbolic(),
                 given=("left-eigenvector",)),
            Step("left-is-right", a * p, lam * p,
                 r"… so $p$ is a right eigenvector too: steps (6) and (7).",
                 Chain(("symmetric-right", "left-transposed"))),
            Step("quarter-turn-normal", turn.T * turn, turn * turn.T,
                 r"$R_{-\pi/2}$ is normal (orthogonal, in fact).", Symbolic()),
            Step("quarter-turn-eigenvector", turn * q_turn, sympy.I * q_turn,
                 r"$R_{-\pi/2}q_{-\pi/2} = iq_{-\pi/2}$ …", Symbolic()),
            Step("quarter-turn-transpose", q_turn.T * turn, -sympy.I * q_turn.T,
                 r"… but $q_{-\pi/2}^\top R_{-\pi/2} = -iq_{-\pi/2}^\top \neq iq_{-\pi/2}^\top$ …",
                 Symbolic()),
            Step("quarter-turn-conjugate", sympy.adjoint(q_turn) * turn,
                 sympy.I * sympy.adjoint(q_turn),
                 r"… while $q_{-\pi/2}^* R_{-\pi/2} = iq_{-\pi/2}^*$, $q_{-\pi/2}^* = "
                 r"\bar q_{-\pi/2}^\top$: for a normal matrix the left eigenvector is the "
                 r"conjugate $\bar q_{-\pi/2}$.", Symbolic()),
            Step("same-eigenvalues", sympy.Determinant(shifted.T), sympy.Determinant(shifted),
                 r"A matrix and its transpose have the same determinant; with "
                 r"$X = \lambda I - W$, $X^\top = \lambda I - W^\top$: $W$ and $W^\top$ have the "
                 r"same characteristic polynomial, and so the same eigenvalues.", Symbolic()),
        ),
        conclusion="not-a-left-eigenvector",
    )
