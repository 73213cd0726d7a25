"""Formulas as a textbook prints them: one LaTeX printer for pages, reports and decks.

SymPy's own printer writes ``\\mathbb{I}`` for the identity, ``|Q|`` for a
determinant and ``\\frac{\\log n}{\\log 2}`` for log₂ n. This printer keeps
SymPy's output everywhere else and fixes those spellings, so every formula on
the site reads the same way. ``ordered=True`` prints sums and products in the
order they were written (for display forms built with ``evaluate=False``).
"""

from __future__ import annotations

import sympy
from sympy.printing.latex import LatexPrinter
from sympy.printing.precedence import PRECEDENCE


class TextbookLatexPrinter(LatexPrinter):
    """SymPy's LaTeX printer with the companion's spellings of a few objects."""

    def _print_Identity(self, expr: sympy.Identity) -> str:
        return "I"

    def _print_ZeroMatrix(self, expr: sympy.ZeroMatrix) -> str:
        return "0"

    def _print_Determinant(self, expr: sympy.Determinant) -> str:
        argument = expr.args[0]
        inner = self._print(argument)
        if isinstance(argument, sympy.MatrixSymbol):
            return rf"\det {inner}"
        return rf"\det\left({inner}\right)"

    def _print_Pow(self, expr: sympy.Pow) -> str:
        if isinstance(expr.base, sympy.Determinant):
            return rf"\left({self._print(expr.base)}\right)^{{{self._print(expr.exp)}}}"
        return super()._print_Pow(expr)

    def _print_MatrixElement(self, expr: sympy.MatrixElement) -> str:
        # An entry of a column vector is written with one index: h_j, not h_{j,0}.
        parent, row, column = expr.args
        if parent.shape[1] == 1 and column == 0:
            return f"{{{self._print(parent)}}}_{{{self._print(row)}}}"
        return super()._print_MatrixElement(expr)

    def _print_Trace(self, expr: sympy.Trace) -> str:
        return rf"\operatorname{{tr}}\left({self._print(expr.args[0])}\right)"

    def _print_Transpose(self, expr: sympy.Transpose) -> str:
        return self._postfix(expr.args[0], r"^{\top}")

    def _print_Adjoint(self, expr: sympy.Adjoint) -> str:
        return self._postfix(expr.args[0], "^{*}")

    def _postfix(self, argument: sympy.Basic, mark: str) -> str:
        inner = self._print(argument)
        if isinstance(argument, sympy.MatrixSymbol):  # braces: Q_{1}^{\top}, {e^{M}}^{\top}
            return f"{{{inner}}}{mark}"
        return rf"\left({inner}\right){mark}"

    def _print_Mul(self, expr: sympy.Mul) -> str:
        # log(x)/log(b) with an integer base b is log_b x.
        factors = expr.as_ordered_factors() if self.order != "none" else list(expr.args)
        bases = [f for f in factors if f.is_Pow and f.exp == -1 and isinstance(f.base, sympy.log)
                 and f.base.args[0].is_Integer]
        logs = [f for f in factors if isinstance(f, sympy.log)]
        if len(bases) == 1 and len(logs) == 1:
            base = bases[0].base.args[0]
            rest = [f for f in factors if f is not bases[0] and f is not logs[0]]
            argument = logs[0].args[0]
            inner = self._print(argument)
            if not (argument.is_Atom or argument.is_Function):
                inner = rf"\left({inner}\right)"
            logarithm = rf"\log_{{{base}}} {inner}"
            if not rest:
                return logarithm
            factor = sympy.Mul(*rest)
            sign = ""
            if factor.could_extract_minus_sign():
                sign, factor = "-", -factor
            if factor == 1:
                return sign + logarithm
            # (y + 1) log₂ x, never y + 1 log₂ x
            shown = self.parenthesize(factor, PRECEDENCE["Mul"], strict=True)
            return sign + shown + r"\, " + logarithm
        return super()._print_Mul(expr)


_SETTINGS = {"mat_str": "bmatrix", "mat_delim": ""}


def textbook_latex(expression: sympy.Basic, ordered: bool = False) -> str:
    """``expression`` in LaTeX as the site shows it; ``ordered`` keeps the written term order."""
    settings = dict(_SETTINGS, order="none") if ordered else dict(_SETTINGS)
    return TextbookLatexPrinter(settings).doprint(expression)
