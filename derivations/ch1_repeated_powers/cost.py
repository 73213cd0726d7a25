"""What computing F(n) costs: O(log n) products by repeated squaring; Binet needs ≈ 0.694·n bits."""

from __future__ import annotations

import sympy

from derivations import fibonacci
from derivations.ch1_repeated_powers.fibonacci_matrix import MERITY
from derivations.engine import Derivation, Instances, Relation, Step, register

n = sympy.Symbol("n", integer=True, positive=True)


class SquaringMultiplications(sympy.Function):
    """The number of 2×2 products that binary powering uses (counted by running it)."""

    @classmethod
    def eval(cls, k: sympy.Basic) -> sympy.Integer | None:
        if k.is_Integer:
            power = fibonacci.power_by_repeated_squaring(fibonacci.FIBONACCI_MATRIX, int(k))
            return sympy.Integer(power.multiplications)
        return None

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"M({printer._print(self.args[0])})"


class BinaryDigitSum(sympy.Function):
    """s₂(k): the number of 1s in the binary expansion of k."""

    @classmethod
    def eval(cls, k: sympy.Basic) -> sympy.Integer | None:
        return sympy.Integer(bin(int(k)).count("1")) if k.is_Integer else None

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"s_2({printer._print(self.args[0])})"


class MinimalBinetBits(sympy.Function):
    """The fewest bits with which Binet's formula rounds to the exact F(k) (found by scanning)."""

    @classmethod
    def eval(cls, k: sympy.Basic) -> sympy.Integer | None:
        return sympy.Integer(fibonacci.minimal_binet_precision(int(k))) if k.is_Integer else None

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        return rf"p_{{\min}}({printer._print(self.args[0])})"


@register
def fibonacci_cost() -> Derivation:
    log2_phi = sympy.log((1 + sympy.sqrt(5)) / 2, 2)
    small_powers = [sympy.Integer(k) for k in (1, 2, 3, 7, 8, 10, 64, 100, 1000, 4095, 4096)]
    precision_points = [sympy.Integer(k) for k in (10, 100, 1000, 3000)]
    return Derivation(
        slug="fibonacci-cost",
        title="What F(n) really costs",
        chapter=1,
        source=MERITY,
        summary=(
            "Merity notes $F^4 = (F^2)^2$, hence $O(\\log n)$ products, and calls Binet's formula "
            "$O(1)$ \"assuming a constant-time pow()\". The first is exact; the second hides that "
            "$F_n$ has about $0.694\\,n$ bits, so the floating-point precision must grow with $n$."
        ),
        hypotheses=(
            r"$M(n)$ counts the 2×2 matrix products that binary powering uses for $F^n$, "
            r"$n \geq 1$; $s_2(n)$ is the number of 1-bits of $n$.",
            r"$p_{\min}(n)$ is the smallest binary precision at which Binet's formula, "
            r"evaluated with mpmath and rounded, equals the exact $F_n$ "
            r"(the exact value from the integer recurrence).",
        ),
        steps=(
            Step("squaring-count", SquaringMultiplications(n),
                 sympy.floor(sympy.log(n, 2)) + BinaryDigitSum(n) - 1,
                 "One squaring per bit after the leading one, one more product per further 1-bit; "
                 "counted by running the algorithm.",
                 Instances(n, small_powers)),
            Step("squaring-logarithmic", SquaringMultiplications(n),
                 2 * sympy.floor(sympy.log(n, 2)),
                 "Hence at most 2⌊log₂ n⌋ products: O(log n), against n − 1 for the naive loop.",
                 Instances(n, small_powers), relation=Relation.LE),
            Step("binet-needs-the-bits-of-fn", MinimalBinetBits(n), n * log2_phi,
                 "Fewer bits than F(n) itself has (≈ n·log₂φ) cannot hold the answer.",
                 Instances(n, precision_points), relation=Relation.GE),
            Step("binet-bits-are-enough", MinimalBinetBits(n),
                 n * log2_phi + 16,
                 "A handful of guard bits beyond n·log₂φ suffice at every n measured.",
                 Instances(n, precision_points), relation=Relation.LE),
        ),
    )
