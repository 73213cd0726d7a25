"""F(n+1)/F(n) → φ, with the error term derived exactly from Binet's formula."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.fibonacci_matrix import MERITY
from derivations.ch1_repeated_powers.rewrites import PHI_VALUE, PSI_VALUE, substitute_binet
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

phi, psi = symbol("phi"), symbol("psi")
n = sympy.Symbol("n", integer=True, positive=True)


@register
def dominant_eigenvalue() -> Derivation:
    fib = sympy.fibonacci
    error = fib(n + 1) / fib(n) - phi
    return Derivation(
        slug="dominant-eigenvalue",
        title="The dominant eigenvalue: F(n+1)/F(n) → φ",
        chapter=1,
        source=MERITY,
        summary=(
            "Merity observes that multiplying a large Fibonacci number by φ gives the next one. "
            "Exactly how close it gets follows from Binet's formula: the error is ψⁿ, and "
            "relative to $F_n$ it shrinks like $\\sqrt5\\,\\varphi^{-2n}$."
        ),
        hypotheses=(
            r"$\varphi = \frac{1+\sqrt5}{2}$, $\psi = \frac{1-\sqrt5}{2}$; "
            r"Binet's formula $F_n = (\varphi^n - \psi^n)/\sqrt5$ (derivation "
            r"[fibonacci-eigendecomposition](#fibonacci-eigendecomposition)).",
            r"$n$ is an integer, $n \geq 1$ (so $F_n \geq 1$ and the ratio is defined).",
        ),
        definitions={phi: PHI_VALUE, psi: PSI_VALUE},
        steps=(
            Step("next-by-phi", fib(n + 1) - phi * fib(n), psi**n,
                 "Substitute Binet's formula and use φ − ψ = √5: the next number is φ·F(n) + ψⁿ.",
                 Symbolic(rewrite=substitute_binet)),
            Step("psi-is-minus-inverse-phi", psi, -1 / phi,
                 "φψ = −1 (product of the roots of λ² − λ − 1).", Symbolic()),
            Step("ratio-error", error, psi**n / fib(n),
                 "Divide the first step by F(n).", Symbolic(rewrite=substitute_binet)),
            Step("ratio-error-closed-form", error,
                 sympy.sqrt(5) * (-1) ** n / (phi ** (2 * n) - (-1) ** n),
                 "Write ψⁿ = (−1)ⁿφ⁻ⁿ and F(n) = (φⁿ − (−1)ⁿφ⁻ⁿ)/√5: the error alternates in sign.",
                 Symbolic(rewrite=substitute_binet)),
            Step("psi-inside-unit-circle", sympy.Abs(psi), sympy.Integer(1),
                 "|ψ| = (√5 − 1)/2 ≈ 0.618 < 1, which is why its term dies out.",
                 Symbolic(), relation=Relation.LT),
            Step("error-vanishes",
                 sympy.Limit(sympy.sqrt(5) / (phi ** (2 * n) - 1), n, sympy.oo),
                 sympy.Integer(0),
                 "|error| ≤ √5/(φ²ⁿ − 1), which tends to 0: the ratio converges to φ.",
                 Symbolic()),
        ),
    )
