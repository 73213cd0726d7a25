"""A limit at infinity that waits for the facts it depends on before SymPy evaluates it.

``sympy.Limit(n*r**(n - 1), n, oo)`` raises as soon as it is evaluated with ``r``
unknown ("depends on the sign of log r"), and the verifier evaluates the sides
before it substitutes the slack variable that encodes ``0 < r < 1``. This
expression stays unevaluated until SymPy can decide it, and keeps its argument as
written (``expand`` would multiply it out into a sum whose limit SymPy cannot
always find), so the check sees ``r = t/(1 + t)``, ``t > 0``, and decides the
limit for every such ``r``.
"""

from __future__ import annotations

import sympy
from sympy.printing.latex import LatexPrinter


class LimitAtInfinity(sympy.Function):
    """``lim_{n→∞} f(n)``: SymPy's limit once it is decidable, unevaluated until then."""

    nargs = 2
    # Not an atom for substitution (xreplace still reaches inside), but expand leaves it whole.
    is_Atom = True

    def doit(self, **hints: object) -> sympy.Basic:
        expression, variable = self.args
        try:
            return sympy.limit(expression, variable, sympy.oo)
        except NotImplementedError:  # SymPy cannot decide yet: leave it, never guess
            return self

    def _eval_simplify(self, **kwargs: object) -> sympy.Basic:
        return self.doit()

    def _latex(self, printer: LatexPrinter) -> str:
        expression, variable = self.args
        return rf"\lim_{{{printer._print(variable)} \to \infty}} {printer._print(expression)}"
