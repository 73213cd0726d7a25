"""Chapter 4's shared source, symbols, matrices and rewrites (no derivations registered here).

Symbols come from :mod:`derivations.notation` wherever the notation has them, so a proof,
a page and an animation print the same letter for the same thing. Matrices are of the
symbolic size ``d`` (``DIMENSION``) whenever a claim is for every size.
"""

from __future__ import annotations

import sympy

from derivations import dynamics
from derivations.notation import DIMENSION, symbol

SOURCE = "Poli, slides on Chang, Chen, Haber & Chi, *AntisymmetricRNN* (ICLR 2019)"

epsilon = symbol("epsilon")
gamma = symbol("gamma")
omega = symbol("omega")
lam = symbol("lambda")
M = symbol("M")
J = symbol("J")
Phi = symbol("Phi")
h = symbol("h")
# Everything in the pre-activation that does not depend on h: the input term plus the bias.
b = sympy.MatrixSymbol("b", DIMENSION, 1)

# The ODE's time is a real number (the notation's t is the network's integer step).
time = sympy.Symbol("t", nonnegative=True)
# Entry indices of d×d matrices; SymPy counts them from 0 to d − 1.
i, j, k = sympy.symbols("i j k", integer=True, nonnegative=True)

# An eigenvector: complex, of the symbolic size d.
v = sympy.MatrixSymbol("v", DIMENSION, 1)

# The slides' Figure 1 matrices, exactly: the library's decimals read as exact fractions
# (0.15 = 3/20), so each constant is written once (derivations.dynamics).
GAMMA_FIGURE = sympy.Rational(str(dynamics.GAMMA_FIGURE))
OMEGA_FIGURE = sympy.Rational(str(dynamics.OMEGA_FIGURE))
W_ZERO = sympy.ImmutableMatrix([[0, -OMEGA_FIGURE], [OMEGA_FIGURE, 0]])
W_DIFF = sympy.ImmutableMatrix([[-GAMMA_FIGURE, -OMEGA_FIGURE], [OMEGA_FIGURE, -GAMMA_FIGURE]])
# Our choice of Euler step for the pictures and tables (the slides give none).
EPSILON_OURS = sympy.Rational(str(dynamics.EPSILON))


def rotation_generator(frequency: sympy.Basic) -> sympy.ImmutableMatrix:
    """``[[0, −ω], [ω, 0]]``: the 2×2 antisymmetric matrix with eigenvalues ±iω."""
    return sympy.ImmutableMatrix([[0, -frequency], [frequency, 0]])


def antisymmetric_matrix(size: int, prefix: str = "m") -> sympy.ImmutableMatrix:
    """A fully symbolic real antisymmetric ``size``×``size`` matrix, entries ``m_ij`` for i < j."""
    entries = sympy.zeros(size, size)
    for row in range(size):
        for column in range(row + 1, size):
            entry = sympy.Symbol(f"{prefix}_{row + 1}{column + 1}", real=True)
            entries[row, column] = entry
            entries[column, row] = -entry
    return sympy.ImmutableMatrix(entries)


def strictly_upper_matrix(size: int, prefix: str = "m") -> sympy.ImmutableMatrix:
    """The strictly upper triangle of :func:`antisymmetric_matrix` (same entry symbols)."""
    entries = sympy.zeros(size, size)
    for row in range(size):
        for column in range(row + 1, size):
            entries[row, column] = sympy.Symbol(f"{prefix}_{row + 1}{column + 1}", real=True)
    return sympy.ImmutableMatrix(entries)


def complex_parts(expression: sympy.Basic) -> sympy.Basic:
    """Expand with real and imaginary parts separated (the symbols involved are real or
    declared complex), so that moduli and conjugates become polynomials in real quantities."""
    return sympy.expand(expression, complex=True)


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


def cancel_fractions(expression: sympy.Basic) -> sympy.Basic:
    """Entry derivatives evaluated, then one fraction, cancelled: the logistic slope
    ``e^{−c}/(1 + e^{−c})²`` meets ``σ(c)(1 − σ(c))``. The kernel names bound summation indices
    canonically itself."""
    return sympy.cancel(sympy.together(sympy.expand(expression.doit())))


# Display forms: formulas in the order a person writes them. Each is a side's ``display_lhs``
# or ``display_rhs``, which the verifier proves equal to the side it stands for.
def plus(*terms: sympy.Basic) -> sympy.Basic:
    """``a + b + …`` exactly as written (scalars or matrices)."""
    if any(isinstance(term, sympy.MatrixExpr) for term in terms):
        return sympy.MatAdd(*terms, evaluate=False)
    return sympy.Add(*terms, evaluate=False)


def times(*factors: sympy.Basic) -> sympy.Basic:
    """``a b …`` exactly as written (scalars or matrices)."""
    if any(isinstance(factor, sympy.MatrixExpr) for factor in factors):
        return sympy.MatMul(*factors, evaluate=False)
    return sympy.Mul(*factors, evaluate=False)


def modulus_squared(value: sympy.Basic) -> sympy.Basic:
    """``|z|²`` as written, without SymPy expanding it into real and imaginary parts."""
    return sympy.Pow(sympy.Abs(value, evaluate=False), 2, evaluate=False)


def euler_factor(step: sympy.Basic, eigenvalue: sympy.Basic) -> sympy.Basic:
    """``|1 + ελ|²`` as written: the squared Euler factor of one eigenvalue."""
    return modulus_squared(plus(sympy.Integer(1), times(step, eigenvalue)))


def diffused(real_shift: sympy.Basic, frequency: sympy.Basic) -> sympy.Basic:
    """``−γ + iω`` as written: an eigenvalue of ``M − γI``."""
    return plus(-real_shift, times(sympy.I, frequency))


def minus(term: sympy.Basic) -> sympy.Basic:
    """``−x`` as written, so that ``plus(a, minus(b))`` prints ``a − b`` (scalars or matrices)."""
    if isinstance(term, sympy.MatrixExpr):
        return sympy.MatMul(-1, *(term.args if isinstance(term, sympy.MatMul) else (term,)),
                            evaluate=False)
    return sympy.Mul(-1, term, evaluate=False)
