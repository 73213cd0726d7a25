"""The objects chapter 3's proofs are written in, printed as a textbook prints them.

A proof "for every l" needs the Jacobian across l steps as one object whose
index SymPy can shift (``l → l + 1``): :class:`JacobianAcross` and :class:`Slopes`
are opaque d×d matrix expressions indexed by l, so an induction can state its
case l + 1 and the page prints ``∂h_{k+l}/∂h_k`` and ``D_{k+l}``. Nothing about
them is known to SymPy; every fact a proof uses about them is a hypothesis.
"""

from __future__ import annotations

import sympy
from sympy.printing.latex import LatexPrinter

from derivations.notation import DIMENSION

# The time from which a gradient is traced back; l = t − k steps separate it from t.
START = sympy.Symbol("k", integer=True)
SIGMA = sympy.Function("sigma")


class _IndexedByLag(sympy.MatrixExpr):
    """A d×d matrix that depends on the number of steps ``l`` (its one argument)."""

    def __new__(cls, lag: sympy.Basic | int) -> _IndexedByLag:
        return sympy.Basic.__new__(cls, sympy.sympify(lag))

    @property
    def lag(self) -> sympy.Basic:
        return self.args[0]

    @property
    def shape(self) -> tuple[sympy.Basic, sympy.Basic]:
        return (DIMENSION, DIMENSION)


class JacobianAcross(_IndexedByLag):
    """∂h_{k+l}/∂h_k: how the state l steps after time k responds to the state at time k."""

    def _latex(self, printer: LatexPrinter) -> str:
        later = printer._print(START + self.lag)
        return rf"\frac{{\partial h_{{{later}}}}}{{\partial h_{{{printer._print(START)}}}}}"


class Slopes(_IndexedByLag):
    """D_{k+l} = diag(σ′(h_{k+l})): the slopes met by the step from time k + l to k + l + 1."""

    def _latex(self, printer: LatexPrinter) -> str:
        return rf"D_{{{printer._print(START + self.lag)}}}"


class SlopeAt(sympy.Function):
    """σ′(z), printed as a textbook does; it evaluates to SymPy's derivative of σ at ``z``."""

    nargs = 1

    def doit(self, **hints: object) -> sympy.Basic:
        point = self.args[0].doit(**hints) if hints.get("deep", True) else self.args[0]
        dummy = sympy.Dummy("z")
        return sympy.Derivative(SIGMA(dummy), dummy).subs(dummy, point)

    def _latex(self, printer: LatexPrinter) -> str:
        return rf"\sigma'\left({printer._print(self.args[0])}\right)"


class RowsSum(sympy.MatAdd):
    """A sum of matrix terms printed one term per line: a long formula that fits a column."""

    def _latex(self, printer: LatexPrinter) -> str:
        rows = r" \\ &+ ".join(printer._print(term) for term in self.args)
        return r"\begin{aligned} &" + rows + r" \end{aligned}"


def rows(*terms: sympy.Basic) -> RowsSum:
    """``terms`` added in the order given, one per printed line."""
    return RowsSum(*terms, evaluate=False)


class Length(sympy.Function):
    """‖x‖, the Euclidean length of a column; for explicit entries it evaluates to √(Σ|xᵢ|²)."""

    nargs = 1
    is_real = True
    is_nonnegative = True

    def doit(self, **hints: object) -> sympy.Basic:
        column = self.args[0].doit(**hints) if hints.get("deep", True) else self.args[0]
        if isinstance(column, sympy.MatrixExpr) and not isinstance(column, sympy.MatrixBase):
            try:
                column = column.as_explicit()
            except (ValueError, TypeError):
                return self.func(column)
        if not isinstance(column, sympy.MatrixBase):
            return self.func(column)
        return sympy.sqrt(sum(sympy.Abs(entry) ** 2 for entry in column))

    def _latex(self, printer: LatexPrinter) -> str:
        return rf"\lVert {printer._print(self.args[0])}\rVert"
