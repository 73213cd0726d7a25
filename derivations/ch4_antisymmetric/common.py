"""Chapter 4's shared source, symbols, matrices and rewrites (no derivations registered here)."""

from __future__ import annotations

import sympy

from derivations.notation import symbol

SOURCE = (
    "Poli, slides on Chang, Chen, Haber & Chi, *AntisymmetricRNN: A Dynamical System View on "
    "Recurrent Neural Networks* (ICLR 2019)"
)

t = symbol("t")
epsilon = symbol("epsilon")
gamma = symbol("gamma")
omega = symbol("omega")
lam = symbol("lambda")

# The feedback matrices of the slides' Figure 1, exactly (0.15 = 3/20).
GAMMA_FIGURE = sympy.Rational(3, 20)
EPSILON_FIGURE = sympy.Rational(1, 10)
OMEGA_FIGURE = sympy.Integer(2)
W_ZERO = sympy.ImmutableMatrix([[0, -2], [2, 0]])
W_DIFF = sympy.ImmutableMatrix([[-GAMMA_FIGURE, -2], [2, -GAMMA_FIGURE]])


def rotation_generator(frequency: sympy.Basic) -> sympy.ImmutableMatrix:
    """``[[0, −ω], [ω, 0]]``: the 2×2 antisymmetric matrix with eigenvalues ±iω."""
    return sympy.ImmutableMatrix([[0, -frequency], [frequency, 0]])


def real_symbols(names: str) -> tuple[sympy.Symbol, ...]:
    """Real symbols for the entries of a generic real matrix or vector."""
    return sympy.symbols(names, real=True)


def antisymmetric_matrix(size: int, prefix: str = "m") -> sympy.ImmutableMatrix:
    """A fully symbolic real antisymmetric ``size``×``size`` matrix, entries ``m_ij`` for i < j."""
    entries = sympy.zeros(size, size)
    for row in range(size):
        for column in range(row + 1, size):
            entry = sympy.Symbol(f"{prefix}_{row + 1}{column + 1}", real=True)
            entries[row, column] = entry
            entries[column, row] = -entry
    return sympy.ImmutableMatrix(entries)


def tanh_slope(expression: sympy.Basic) -> sympy.Basic:
    """Rewrite ``sech²`` as ``1 − tanh²`` (the definition of tanh′), then expand."""
    expression = expression.replace(
        lambda node: isinstance(node, sympy.Pow) and isinstance(node.base, sympy.sech)
        and node.exp == 2,
        lambda node: 1 - sympy.tanh(node.base.args[0]) ** 2,
    )
    return sympy.expand(expression)


def pythagoras(expression: sympy.Basic) -> sympy.Basic:
    """Expand, then use ``sin² = 1 − cos²``: decides identities between rotation matrices."""
    expanded = sympy.expand(expression)
    return sympy.expand(
        expanded.replace(
            lambda node: isinstance(node, sympy.Pow) and isinstance(node.base, sympy.sin)
            and node.exp == 2,
            lambda node: 1 - sympy.cos(node.base.args[0]) ** 2,
        )
    )


def complex_parts(expression: sympy.Basic) -> sympy.Basic:
    """Expand with real and imaginary parts separated (all symbols involved are real)."""
    return sympy.expand(expression, complex=True)
