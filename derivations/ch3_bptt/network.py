"""The recurrent network of Chapter 3, unrolled symbolically so SymPy can differentiate it.

Every Chapter 3 derivation compares a formula against SymPy's own derivative
of an explicitly unrolled network; this module builds that network once, with
a generic differentiable σ (an undefined SymPy function), so a check proves the
formula for every σ rather than for tanh alone.
"""

from __future__ import annotations

import sympy

PASCANU = (
    "Notes on Pascanu, Mikolov & Bengio (2013), *On the difficulty of training recurrent "
    "neural networks*"
)
SIGMA = sympy.Function("sigma")
_Z = sympy.Dummy("z")


def symbolic_matrix(name: str, rows: int, cols: int) -> sympy.ImmutableMatrix:
    """A matrix of real symbols ``name_ij`` (1-based), e.g. the entries of W."""
    return sympy.ImmutableMatrix(
        rows, cols, lambda i, j: sympy.Symbol(f"{name}_{i + 1}{j + 1}", real=True)
    )


def symbolic_vector(name: str, size: int) -> sympy.ImmutableMatrix:
    """A column of real symbols ``name_i`` (1-based)."""
    return sympy.ImmutableMatrix(size, 1, lambda i, _: sympy.Symbol(f"{name}_{i + 1}", real=True))


def sigma_prime(argument: sympy.Basic) -> sympy.Basic:
    """σ′(argument), spelled exactly as SymPy's chain rule spells it."""
    return sympy.Derivative(SIGMA(_Z), _Z).subs(_Z, argument)


def unroll(
    weights: sympy.MatrixBase,
    start: sympy.MatrixBase,
    drives: list[sympy.MatrixBase],
    activation=SIGMA,
) -> list[sympy.ImmutableMatrix]:
    """States x_0, x_1, … of x_t = W σ(x_{t−1}) + d_t, where d_t = W_in u_t + b is the drive."""
    states = [sympy.ImmutableMatrix(start)]
    for drive in drives:
        previous = states[-1]
        states.append(sympy.ImmutableMatrix(weights * previous.applyfunc(activation) + drive))
    return states


def derivative_diagonal(state: sympy.MatrixBase) -> sympy.ImmutableMatrix:
    """diag(σ′(x)) for a state column x."""
    return sympy.ImmutableMatrix(sympy.diag(*[sigma_prime(entry) for entry in state]))


def jacobian_product(weights: sympy.MatrixBase, states: list[sympy.MatrixBase], t: int, k: int):
    """Π_{i=k+1}^{t} W diag(σ′(x_{i−1})), newest factor on the left (the claimed ∂x_t/∂x_k)."""
    product = sympy.ImmutableMatrix.eye(weights.rows)
    for i in range(k + 1, t + 1):
        product = sympy.ImmutableMatrix(weights * derivative_diagonal(states[i - 1]) * product)
    return product
