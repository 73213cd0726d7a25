"""F(n+1)/F(n) → φ: the ratio limit itself, and its error term derived exactly from Binet."""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.display import minus, modulus, written
from derivations.ch1_repeated_powers.rewrites import PHI_VALUE, PSI_VALUE, binet
from derivations.ch1_repeated_powers.sources import MERITY
from derivations.engine import Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

phi, psi = symbol("phi"), symbol("psi")
n = sympy.Symbol("n", integer=True, positive=True)  # F(0) = 0: the ratio needs n ≥ 1
fib = sympy.fibonacci
next_index = written(n, 1)  # F_{n+1}, not SymPy's F_{1+n}


@register
def dominant_eigenvalue() -> Derivation:
    ratio = fib(n + 1) / fib(n)
    return Derivation(
        title="The dominant eigenvalue is the limit of Fibonacci ratios",
        source=MERITY,
        statement=(
            r"The ratio of consecutive Fibonacci numbers tends to $\varphi$, the eigenvalue of "
            r"$F$ outside the unit circle; its error $\psi^n/F_n$ dies out because $|\psi| < 1$."
        ),
        hypotheses=(binet("binet", n), binet("binet-next", n + 1)),
        definitions={phi: PHI_VALUE, psi: PSI_VALUE},
        uses=("fibonacci-eigendecomposition",),
        steps=(
            Step("next-by-phi", fib(n + 1) - phi * fib(n), psi**n,
                 r"Substitute Binet's formula $F_k = (\varphi^k - \psi^k)/\sqrt5$ "
                 r"([proved above](#fibonacci-eigendecomposition)) and use "
                 r"$\varphi - \psi = \sqrt5$: the next number is $\varphi F_n$ plus $\psi^n$.",
                 Symbolic(), given=("binet", "binet-next"),
                 display_lhs=written(fib(next_index), minus(phi * fib(n)))),
            Step("ratio-error", ratio - phi, psi**n / fib(n),
                 r"Divide by $F_n \geq 1$.", Symbolic(), given=("binet", "binet-next"),
                 display_lhs=written(fib(next_index) / fib(n), -phi)),
            Step("psi-inside-unit-circle", sympy.Abs(psi), sympy.Integer(1),
                 r"$|\psi| = (\sqrt5 - 1)/2 \approx 0.618$: the error term dies out.",
                 Symbolic(), relation=Relation.LT, display_lhs=modulus(psi)),
            Step("ratio-limit", sympy.Limit(ratio, n, sympy.oo), phi,
                 r"So the ratio converges to $\varphi$; the limit is also computed directly.",
                 Symbolic(), display_lhs=sympy.Limit(fib(next_index) / fib(n), n, sympy.oo)),
        ),
    )
