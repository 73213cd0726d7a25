"""Formulas as a textbook prints them: one LaTeX printer for pages, reports and decks.

SymPy's own printer writes ``\\mathbb{I}`` for the identity, ``|Q|`` for a
determinant, ``\\frac{\\log n}{\\log 2}`` for log₂ n and ``\\operatorname{re}(λ)``
for Re λ, and its canonical order puts a sum's negative term first (``-λI + B``,
``\\sqrt{-ω²ε² + 1}``) and an exponential before the factor it multiplies
(``λ^{n-1} n``). This printer keeps SymPy's output everywhere else and writes those
as a textbook does (``B - λI``, ``\\sqrt{1 - ω²ε²}``, ``n λ^{n-1}``, ``\\operatorname{Re} λ``),
so every formula on the site reads the same way. ``ordered=True`` prints sums and
products in the order they were written (for display forms built with
``evaluate=False``) and leaves their order alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import sympy
from sympy.printing.latex import LatexPrinter, _between_two_numbers_p
from sympy.printing.precedence import PRECEDENCE
from sympy.simplify import fraction

if TYPE_CHECKING:
    from derivations.engine.hypothesis import Hypothesis


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

    def _print_Add(self, expr: sympy.Add, order: str | None = None) -> str:
        # A sum starts with a term that has no minus sign when it has one: B - λI, 1 - ω²ε²,
        # never -λI + B. Only the first such term moves; the others keep SymPy's order.
        printed, terms = [], self._as_ordered_terms(expr, order=order)
        for term in terms:
            if term.could_extract_minus_sign():
                tex, negative = self._print(-term), True
                term = -term
            else:  # a matrix term such as (-λ)·I prints with its sign, yet extracts none
                tex = self._print(term)
                negative = tex.startswith("-")
                if negative:
                    tex = tex.removeprefix("-").lstrip()
            if self._needs_add_brackets(term):
                tex = rf"\left({tex}\right)"
            printed.append((negative, tex))
        if self.order != "none" and printed[0][0]:
            # never an imaginary term: -γ + iω keeps its real part first
            first = next((p for p, term in zip(printed, terms, strict=True)
                          if not p[0] and not term.has(sympy.I)), None)
            if first is not None:
                printed = [first, *(p for p in printed if p is not first)]
        tex = ""
        for i, (negative, term_tex) in enumerate(printed):
            if negative:
                tex += " - " if i else "- "
            elif i:
                tex += " + "
            tex += term_tex
        return tex

    def _print_re(self, expr: sympy.re, exp: str | None = None) -> str:
        return self._part(r"\operatorname{Re}", expr.args[0], exp)

    def _print_im(self, expr: sympy.im, exp: str | None = None) -> str:
        return self._part(r"\operatorname{Im}", expr.args[0], exp)

    def _part(self, name: str, argument: sympy.Basic, exp: str | None) -> str:
        """Re λ, Re(λ + 1), (Re λ)²: the name without parentheses around a single symbol."""
        inner = self._print(argument)
        tex = (f"{name} {inner}" if argument.is_Symbol
               else rf"{name}\left({inner}\right)")
        return rf"\left({tex}\right)^{{{exp}}}" if exp is not None else tex

    def _exponentials_last(self, expr: sympy.Mul) -> str | None:
        """n λ^{n-1} for SymPy's λ^{n-1} n: a polynomial factor (symbols, numbers, sums of them)
        that SymPy prints after a power with a variable exponent is printed before it. None when
        SymPy's order already does that (or for a product of matrices)."""
        if not expr.is_commutative:
            return None
        sign, body = ("- ", -expr) if expr.could_extract_minus_sign() else ("", expr)
        if not body.is_Mul:
            return None
        numerator, denominator = fraction(body, exact=True)
        if not numerator.is_Mul:
            return None
        factors = list(numerator.as_ordered_factors())
        first = next((i for i, f in enumerate(factors) if _is_exponential(f)), None)
        if first is None:
            return None
        moved = [f for f in factors[first:] if _is_polynomial(f)]
        if not moved:
            return None
        kept = [f for f in factors[first:] if not _is_polynomial(f)]
        ordered = [*factors[:first], *moved, *kept]
        tex = ""
        for i, factor in enumerate(ordered):
            factor_tex = self._print(factor)
            if self._needs_mul_brackets(factor, first=(i == 0), last=(i == len(ordered) - 1)):
                factor_tex = rf"\left({factor_tex}\right)"
            if tex:  # n \cdot 2^{1-n}, not n 2^{1-n}, which reads as n2^{1-n}
                numbers = _between_two_numbers_p[1].match(factor_tex)
                tex += self._settings["mul_symbol_latex_numbers"] if numbers else \
                    self._settings["mul_symbol_latex"]
            tex += factor_tex
        if denominator != 1:
            tex = rf"\frac{{{tex}}}{{{self._print(denominator)}}}"
        return sign + tex

    def _print_Mul(self, expr: sympy.Mul) -> str:
        if self.order != "none":
            reordered = self._exponentials_last(expr)
            if reordered is not None:
                return reordered
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


def _is_exponential(factor: sympy.Basic) -> bool:
    """A power whose exponent has a variable in it, such as λ^{n-1} or e^{λt}."""
    return (isinstance(factor, sympy.exp)
            or (factor.is_Pow and not factor.exp.is_number))


def _is_polynomial(factor: sympy.Basic) -> bool:
    """Symbols and numbers combined by sums and powers with integer exponents: n, n - 1, n²."""
    if factor.is_Symbol or factor.is_Number:
        return True
    if factor.is_Add:
        return all(_is_polynomial(term) for term in factor.args)
    if factor.is_Mul:
        return all(_is_polynomial(f) for f in factor.args)
    if factor.is_Pow:
        return factor.exp.is_Integer and factor.exp > 0 and _is_polynomial(factor.base)
    return False


_SETTINGS = {"mat_str": "bmatrix", "mat_delim": ""}


def textbook_latex(expression: sympy.Basic, ordered: bool = False) -> str:
    """``expression`` in LaTeX as the site shows it; ``ordered`` keeps the written term order."""
    settings = dict(_SETTINGS, order="none") if ordered else dict(_SETTINGS)
    return TextbookLatexPrinter(settings).doprint(expression)


def hypothesis_latex(hypothesis: Hypothesis) -> str:
    """A hypothesis as one formula; one stated for every value of a symbol says so, since
    an induction on that symbol uses it at each step."""
    formula = (f"{textbook_latex(hypothesis.lhs)} {hypothesis.relation.latex} "
               f"{textbook_latex(hypothesis.rhs)}")
    if hypothesis.every:
        formula += r"\quad\text{for every }" + ", ".join(textbook_latex(s)
                                                          for s in hypothesis.every)
    return formula
