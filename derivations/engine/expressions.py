"""Expressions a textbook writes that SymPy has no object for: norms of vectors and matrices.

Each prints as a textbook does and, where its value is an expression SymPy can
compute with, evaluates to it on ``doit()`` — so a step may *display* ``‖Qv‖²``
while the check works with ``(Qv)*(Qv)``.
"""

from __future__ import annotations

import sympy


class NormSquared(sympy.Function):
    """‖x‖², the squared Euclidean length of a vector ``x``: ``x*x`` (``xᵀx`` for real x)."""

    nargs = 1

    def doit(self, **hints: object) -> sympy.Basic:
        vector = self.args[0].doit(**hints) if hints.get("deep", True) else self.args[0]
        product = sympy.adjoint(vector) * vector
        return product.doit() if isinstance(product, sympy.Basic) else product

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"\lVert {printer._print(self.args[0])}\rVert^{{2}}"


class OperatorNorm(sympy.Function):
    """‖A‖₂, the spectral norm: the largest singular value of ``A``. Non-negative, and opaque to
    SymPy: facts about it (sub-multiplicativity, bounds) enter a proof as hypotheses."""

    nargs = 1
    is_real = True
    is_nonnegative = True

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"\left\lVert {printer._print(self.args[0])}\right\rVert_{{2}}"
