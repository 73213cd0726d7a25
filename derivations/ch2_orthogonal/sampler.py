"""Why the library may skip the QR factorisation: reflectors of a Gaussian matrix are Gaussian.

The sign-corrected Q of a Gaussian matrix A is H₁⋯Hₖ·D, where Hⱼ is the
Householder reflector that QR builds from column j of the partly reduced A.
H₁ depends on A's first column alone, and a fixed reflection leaves a
standard Gaussian vector standard Gaussian, so the rest of H₁A is a fresh
Gaussian matrix, independent of the first column. That is what lets
:func:`derivations.init.householder_haar` draw the reflector vectors directly.
Steps about one reflector are proved for a general 3-vector of symbols; the
n-dimensional argument is the same algebra and is stated as a hypothesis.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.rewrites import generic_matrix
from derivations.ch2_orthogonal.sources import TUTORIAL
from derivations.engine import Derivation, Step, Symbolic, register

STEWART = "Stewart, *The efficient generation of random orthogonal matrices* (1980)"
GENERIC_U = generic_matrix("u", 3, 1)
# A vector whose first entry is positive, so sign(x₁) = 1 and the reflector is u = x + ‖x‖e₁.
POSITIVE_FIRST_X = sympy.ImmutableMatrix(
    [sympy.Symbol("x_1", positive=True), sympy.Symbol("x_2", real=True),
     sympy.Symbol("x_3", real=True)]
)
E1 = sympy.ImmutableMatrix([1, 0, 0])


def reflector(u: sympy.ImmutableMatrix) -> sympy.ImmutableMatrix:
    """H = I − 2uuᵀ/(uᵀu): the reflection across the plane orthogonal to u."""
    return sympy.eye(u.rows) - 2 * (u * u.T) / (u.T * u)[0, 0]


@register
def haar_by_reflectors() -> Derivation:
    H = sympy.MatrixSymbol("H", 3, 3)
    u = sympy.MatrixSymbol("u", 3, 1)
    x = sympy.MatrixSymbol("x", 3, 1)
    e1 = sympy.MatrixSymbol("e_1", 3, 1)
    H_x = sympy.MatrixSymbol("H_x", 3, 3)
    norm_x = sympy.Symbol(r"\|x\|", positive=True)
    norm_value = sympy.sqrt((POSITIVE_FIRST_X.T * POSITIVE_FIRST_X)[0, 0])
    m, k, j = sympy.symbols("m k j", integer=True, positive=True)
    qr_flops = 2 * m * k**2 - sympy.Rational(2, 3) * k**3
    return Derivation(
        slug="haar-by-reflectors",
        title="Haar matrices without a QR factorisation: Gaussian reflectors",
        chapter=2,
        source=STEWART + "; " + TUTORIAL + " (the QR recipe it speeds up)",
        summary=(
            "A Householder reflector is orthogonal and leaves a standard Gaussian vector "
            "standard Gaussian. So the reflectors that QR extracts from a Gaussian matrix are "
            "reflectors of independent Gaussian vectors of lengths $m, m-1, \\dots$: drawing "
            "those directly needs $k(2m-k+1)/2$ random numbers instead of $mk$, and multiplying "
            "them out (LAPACK's `orgqr`) is half the work of factorising and then forming Q."
        ),
        hypotheses=(
            r"$u = (u_1, u_2, u_3)^\top \neq 0$ and $x = (x_1, x_2, x_3)^\top$ with $x_1 > 0$ are "
            r"real; $H = I - 2uu^\top/(u^\top u)$ and $H_x$ is $H$ for "
            r"$u = x + \|x\|e_1$ (LAPACK's choice of sign; for $x_1 < 0$ it is "
            r"$x - \|x\|e_1$ and $H_x x = +\|x\|e_1$).",
            r"In $n$ dimensions the same algebra gives $H^\top H = I$: $u^\top u$ cancels.",
            r"A standard Gaussian vector $g \sim N(0, I)$ is mapped by a fixed matrix $M$ to "
            r"$N(0, MM^\top)$. Householder QR's first reflector $H_1$ depends only on column 1 of "
            r"the Gaussian matrix $A$, so, conditional on it, the other columns of $H_1A$ are "
            r"again independent $N(0, I)$; their rows $2, \dots, m$ are the next, smaller Gaussian "
            r"matrix. By induction on the columns, the reflectors have the law of reflectors of "
            r"independent Gaussian vectors of lengths $m, m-1, \dots, m-k+1$, and the signs of "
            r"$R$'s diagonal are theirs (Stewart 1980).",
            r"Flop counts for an $m\times k$ matrix (Golub & Van Loan, *Matrix Computations*, "
            r"§5.2): Householder QR $2mk^2 - \frac23k^3$, forming its $Q$ the same again.",
        ),
        definitions={
            H: reflector(GENERIC_U), u: GENERIC_U, x: POSITIVE_FIRST_X, e1: E1,
            H_x: reflector(POSITIVE_FIRST_X + norm_value * E1), norm_x: norm_value,
        },
        steps=(
            Step("reflector-symmetric", H.T, H,
                 "uuᵀ is symmetric, so H is too.", Symbolic()),
            Step("reflector-orthogonal", H.T * H, sympy.Identity(3),
                 "HᵀH = I − 4uuᵀ/uᵀu + 4u(uᵀu)uᵀ/(uᵀu)² = I: a reflection is orthogonal.",
                 Symbolic()),
            Step("reflector-zeroes-a-column", H_x * x, -norm_x * e1,
                 "With u = x + ‖x‖e₁, 2uᵀx = uᵀu, so H_x x = x − u = −‖x‖e₁: R's entry.",
                 Symbolic()),
            Step("gaussian-stays-gaussian", H * sympy.Identity(3) * H.T, sympy.Identity(3),
                 "Cov(Hg) = H·I·Hᵀ = I: a fixed reflection maps N(0, I) to N(0, I).",
                 Symbolic()),
            Step("random-numbers-drawn", sympy.Sum(m - j + 1, (j, 1, k)),
                 k * (2 * m - k + 1) / 2,
                 "One Gaussian vector per reflector, of lengths m, m − 1, …, m − k + 1.",
                 Symbolic()),
            Step("square-draws-half", (k * (2 * m - k + 1) / 2).subs(m, k) / k**2,
                 sympy.Rational(1, 2) + 1 / (2 * k),
                 "Square (m = k): k(k + 1)/2 numbers, about half of the k² entries of A.",
                 Symbolic()),
            Step("flops-halved", (qr_flops + qr_flops) / qr_flops, sympy.Integer(2),
                 "Factorise-then-form does the reflector product's work twice over.",
                 Symbolic()),
        ),
    )
