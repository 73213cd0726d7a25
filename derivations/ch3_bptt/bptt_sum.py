"""Backpropagation through time: the gradient is a sum over every path from a parameter to the loss.

Three time steps, a hidden state of every size d: the one-step chain rule is the
hypothesis (the total derivative of h_t is its immediate derivative plus J_t times
that of h_{t−1}); unrolling it gives one term per pair k ≤ t, each with the
Jacobians of the steps between k and t in order, the latest on the left.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.ch3_bptt.symbols import rows
from derivations.engine import Chain, Derivation, Hypothesis, Step, Symbolic, register
from derivations.notation import DIMENSION

STEPS = (1, 2, 3)


def _row(name: str) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol(name, 1, DIMENSION)


def _column(name: str) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol(name, DIMENSION, 1)


@register
def bptt_gradient_sum() -> Derivation:
    loss_slope = {t: _row(rf"\frac{{\partial \mathcal{{L}}_{{{t}}}}}{{\partial h_{{{t}}}}}")
                  for t in STEPS}
    immediate = {t: _column(rf"\frac{{\partial^+ h_{{{t}}}}}{{\partial w}}") for t in STEPS}
    total = {t: _column(rf"\frac{{d h_{{{t}}}}}{{d w}}") for t in STEPS}
    step = {t: sympy.MatrixSymbol(f"J_{t}", DIMENSION, DIMENSION) for t in STEPS[1:]}
    gradient = sympy.Symbol(r"\frac{d \mathcal{L}}{d w}")
    through_states = sum((loss_slope[t] * total[t] for t in STEPS), sympy.ZeroMatrix(1, 1))
    second = immediate[2] + step[2] * immediate[1]
    third = immediate[3] + step[3] * immediate[2] + step[3] * step[2] * immediate[1]
    paths = loss_slope[1] * immediate[1] + loss_slope[2] * second + loss_slope[3] * third
    by_time = rows(
        sympy.MatMul(loss_slope[1], immediate[1], evaluate=False),
        sympy.MatMul(loss_slope[2], sympy.MatAdd(immediate[2], step[2] * immediate[1],
                                                 evaluate=False), evaluate=False),
        sympy.MatMul(loss_slope[3], sympy.MatAdd(immediate[3], step[3] * immediate[2],
                                                 step[3] * step[2] * immediate[1],
                                                 evaluate=False), evaluate=False),
    )
    return Derivation(
        title="Backpropagation through time over three steps: a sum over every path back",
        source=PASCANU,
        statement=(
            r"Over three steps, for a hidden state of any size $d$, and given the chain rule "
            r"for each state (the hypotheses below), the gradient has one term "
            r"per pair $k \leq t$: the loss's slope at $t$, times the one-step Jacobians "
            r"$J_t \cdots J_{k+1}$ between $k$ and $t$ (the latest on the left), times the "
            r"immediate derivative $\partial^+ h_k/\partial w$."
        ),
        hypotheses=(
            Hypothesis("loss-through-states", through_states, gradient,
                       text=r"$\mathcal{L}_t$ depends on $w$ only through $h_t$"),
            Hypothesis("first-state", total[1], immediate[1],
                       text="the starting state $h_0$ does not depend on $w$"),
            Hypothesis("second-state", total[2], immediate[2] + step[2] * total[1],
                       text=r"the chain rule, with $J_2 = \partial h_2/\partial h_1$"),
            Hypothesis("third-state", total[3], immediate[3] + step[3] * total[2],
                       text=r"the same, with $J_3 = \partial h_3/\partial h_2$"),
        ),
        steps=(
            Step("unroll-second", total[2], second,
                 r"$h_1$ depends on $w$ only directly.", Symbolic(),
                 given=("second-state", "first-state")),
            Step("unroll-third", total[3], third,
                 r"Substitute $dh_2/dw$: the path through $h_1$ picks up $J_3 J_2$.", Symbolic(),
                 given=("third-state", "unroll-second")),
            Step("gradient-through-states", gradient, through_states,
                 r"The loss is a sum; each $\mathcal{L}_t$ sees $w$ through $h_t$.", Symbolic(),
                 given=("loss-through-states",)),
            Step("one-term-per-path", through_states, paths,
                 r"Substitute: one line per $t$, one term per $k \leq t$.", Symbolic(),
                 given=("first-state", "unroll-second", "unroll-third"), display_rhs=by_time),
            Step("gradient-sum", gradient, paths, "Steps (3) and (4).",
                 Chain(("gradient-through-states", "one-term-per-path")), display_rhs=by_time),
        ),
        claims_every_size=True,
    )
