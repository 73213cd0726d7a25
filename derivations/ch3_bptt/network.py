"""The recurrent network of chapter 3, unrolled symbolically so SymPy can differentiate it.

The errata compare a formula against SymPy's own Jacobian of a small network
unrolled by hand; this module unrolls it once, for any activation.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy

PASCANU = (
    "Notes on Pascanu, Mikolov & Bengio (2013), *On the difficulty of training recurrent "
    "neural networks*"
)


def unroll(
    weights: sympy.MatrixBase,
    start: sympy.MatrixBase,
    drives: list[sympy.MatrixBase],
    activation: Callable[[sympy.Basic], sympy.Basic],
) -> list[sympy.ImmutableMatrix]:
    """States h_0, h_1, … of h_t = W σ(h_{t−1}) + d_t, where d_t = W_in u_t + b is the drive."""
    states = [sympy.ImmutableMatrix(start)]
    for drive in drives:
        previous = states[-1]
        states.append(sympy.ImmutableMatrix(weights * previous.applyfunc(activation) + drive))
    return states
