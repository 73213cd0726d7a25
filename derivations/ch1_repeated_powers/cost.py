"""What computing F(n) costs: few matrix products by repeated squaring, but Θ(n)-bit numbers.

The counts and precisions are measured by running the library's algorithms at
listed n, and every page shows them as instances, not as a proof for all n.
"""

from __future__ import annotations

import sympy
from sympy.printing.latex import LatexPrinter

from derivations import fibonacci
from derivations.ch1_repeated_powers.rewrites import PHI_VALUE
from derivations.ch1_repeated_powers.sources import MERITY
from derivations.engine import Derivation, Instances, Relation, Step, register
from derivations.notation import symbol

n = sympy.Symbol("n", integer=True, positive=True)
phi = symbol("phi")
SQUARING_POWERS = tuple(sympy.Integer(k) for k in (1, 2, 3, 7, 8, 10, 64, 100, 1000, 4095, 4096))
PRECISION_POINTS = tuple(sympy.Integer(k) for k in (10, 100, 1000, 3000))


def _listed(values: tuple[sympy.Integer, ...]) -> str:
    """``1, 2$ and $3``: the values a step is checked at, as the statement lists them."""
    return ", ".join(str(value) for value in values[:-1]) + f"$ and ${values[-1]}"


class SquaringMultiplications(sympy.Function):
    """M(k): the 2×2 products binary powering uses for Fᵏ, counted by running it."""

    @classmethod
    def eval(cls, k: sympy.Basic) -> sympy.Integer | None:
        if k.is_Integer:
            power = fibonacci.power_by_repeated_squaring(fibonacci.FIBONACCI_MATRIX, int(k))
            return sympy.Integer(power.multiplications)
        return None

    def _latex(self, printer: LatexPrinter) -> str:
        return rf"M({printer._print(self.args[0])})"


class BinaryDigitSum(sympy.Function):
    """s₂(k): the number of 1s in the binary expansion of k."""

    @classmethod
    def eval(cls, k: sympy.Basic) -> sympy.Integer | None:
        return sympy.Integer(bin(int(k)).count("1")) if k.is_Integer else None

    def _latex(self, printer: LatexPrinter) -> str:
        return rf"s_2({printer._print(self.args[0])})"


class MinimalBinetBits(sympy.Function):
    """The fewest bits with which Binet's formula rounds to the exact F(k) (found by scanning)."""

    @classmethod
    def eval(cls, k: sympy.Basic) -> sympy.Integer | None:
        return sympy.Integer(fibonacci.minimal_binet_precision(int(k))) if k.is_Integer else None

    def _latex(self, printer: LatexPrinter) -> str:
        return rf"p_{{\min}}({printer._print(self.args[0])})"


@register
def fibonacci_cost() -> Derivation:
    bits_of_fn = n * sympy.log(phi, 2)
    return Derivation(
        title="What computing a Fibonacci number costs, measured at a few sizes",
        source=MERITY,
        statement=(
            r"Merity computes $F^4$ as $(F^2)^2$ and calls this $O(\log n)$ time, and calls the "
            "eigendecomposition (Binet's formula) $O(1)$ time \"assuming constant time pow() "
            "function\". Binary powering "
            r"does use only $M(n) = \lfloor \log_2 n\rfloor + s_2(n) - 1 \leq 2\lfloor \log_2 n"
            r"\rfloor$ products of $2 \times 2$ matrices, where $s_2(n)$ counts the 1-bits of "
            rf"$n$ (counted by running it at $n = {_listed(SQUARING_POWERS)}$). But at "
            rf"$n = {_listed(PRECISION_POINTS)}$, Binet's formula in floating "
            r"point needs at least $n \log_2 \varphi \approx 0.694\,n$ bits of precision, "
            r"$p_{\min}(n)$, to round to $F_n$, and at most 16 more (measured in "
            r"arbitrary-precision arithmetic): at these sizes the precision grows in proportion "
            r"to $n$ instead of staying constant, and the cost of each floating-point "
            r"operation grows with it (that cost is not checked here)."
        ),
        hypotheses=(),
        definitions={phi: PHI_VALUE},
        steps=(
            Step("squaring-count", SquaringMultiplications(n),
                 sympy.floor(sympy.log(n, 2)) + BinaryDigitSum(n) - 1,
                 r"One squaring per bit after the leading one, and one more product per "
                 r"further 1-bit; counted by running the algorithm.",
                 Instances(n, SQUARING_POWERS)),
            Step("squaring-logarithmic", SquaringMultiplications(n),
                 2 * sympy.floor(sympy.log(n, 2)),
                 r"Hence at most $2\lfloor \log_2 n\rfloor$ products, against $n - 1$ for "
                 r"multiplying by $F$ again and again.",
                 Instances(n, SQUARING_POWERS), relation=Relation.LE),
            Step("binet-needs-the-bits-of-fn", MinimalBinetBits(n), bits_of_fn,
                 r"Fewer bits than $F_n$ itself has cannot hold the answer.",
                 Instances(n, PRECISION_POINTS), relation=Relation.GE,
                 still_true={"rhs+1": r"the measured precisions exceed $n \log_2 \varphi$ by "
                                      r"more than one bit at each listed $n$"}),
            Step("binet-bits-are-enough", MinimalBinetBits(n), bits_of_fn + 16,
                 r"A handful of guard bits beyond $n \log_2 \varphi$ suffice at every $n$ "
                 r"measured.",
                 Instances(n, PRECISION_POINTS), relation=Relation.LE),
        ),
        conclusion="binet-needs-the-bits-of-fn",
    )
