"""Antisymmetric matrices: imaginary eigenvalues, orthogonal exponentials, n(n−1)/2 parameters.

This is the algebra AntisymmetricRNN rests on. If Mᵀ = −M then every
eigenvalue is 0 or a pair ±iω, so the ODE h′ = Mh sits exactly on the
critical line Re λ = 0, and its flow e^{Mt} is a rotation.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    antisymmetric_matrix,
    complex_parts,
    lam,
    pythagoras,
)
from derivations.engine import Derivation, Step, Symbolic, register
from derivations.notation import symbol


def _matrix(size: int) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol("M", size, size)


@register
def antisymmetric_eigenvalues_are_imaginary() -> Derivation:
    M = _matrix(3)
    v = sympy.MatrixSymbol("v", 3, 1)
    xs = sympy.symbols("x_1:4", real=True)
    ys = sympy.symbols("y_1:4", real=True)
    form = sympy.adjoint(v) * M * v
    return Derivation(
        slug="antisymmetric-eigenvalues-are-imaginary",
        title="Why an antisymmetric matrix has purely imaginary eigenvalues",
        chapter=4,
        source=SOURCE,
        summary=(
            "General proof: for real $M$ with $M^\\top = -M$ and any complex vector $v$, "
            "$\\overline{v^* M v} = v^* M^\\top v = -v^* M v$, so $v^*Mv$ is purely imaginary. "
            "If $Mv = \\lambda v$ with $v \\ne 0$ then $\\lambda = v^*Mv / v^*v$ with $v^*v > 0$, "
            "so $\\operatorname{Re}\\lambda = 0$. The steps check each equality for a fully "
            "symbolic real antisymmetric 3×3 $M$ and a fully symbolic complex $v$."
        ),
        hypotheses=(
            r"$M$ real 3×3 with $M^\top = -M$ (entries $m_{12}, m_{13}, m_{23}$ free); "
            r"$v = x + iy$ with $x, y \in \mathbb{R}^3$ free.",
        ),
        definitions={
            M: antisymmetric_matrix(3),
            v: sympy.ImmutableMatrix([x + sympy.I * y for x, y in zip(xs, ys, strict=True)]),
        },
        steps=(
            Step("conjugate-of-form", sympy.adjoint(form), sympy.adjoint(v) * M.T * v,
                 "Conjugating v*Mv transposes M (M is real).", Symbolic(rewrite=complex_parts)),
            Step("antisymmetry", sympy.adjoint(v) * M.T * v, -form,
                 "Mᵀ = −M.", Symbolic(rewrite=complex_parts)),
            Step("real-part-vanishes", form + sympy.adjoint(form), sympy.ZeroMatrix(1, 1),
                 "So v*Mv + conj(v*Mv) = 2 Re(v*Mv) = 0: the form is purely imaginary.",
                 Symbolic(rewrite=complex_parts)),
        ),
    )


@register
def antisymmetric_characteristic_polynomials() -> Derivation:
    M2, M3, M4 = _matrix(2), _matrix(3), _matrix(4)
    m = antisymmetric_matrix(4)
    (a, b, c), (d, e), f = (m[0, 1], m[0, 2], m[0, 3]), (m[1, 2], m[1, 3]), m[2, 3]
    total = a**2 + b**2 + c**2 + d**2 + e**2 + f**2
    pfaffian = a * f - b * e + c * d
    m3 = antisymmetric_matrix(3)
    total3 = m3[0, 1] ** 2 + m3[0, 2] ** 2 + m3[1, 2] ** 2
    S, P = sympy.symbols("S P", real=True)
    return Derivation(
        slug="antisymmetric-characteristic-polynomials",
        title="Characteristic polynomials of symbolic antisymmetric 2×2, 3×3 and 4×4 matrices",
        chapter=4,
        source=SOURCE,
        summary=(
            "A second, computational route. Each characteristic polynomial has real "
            "coefficients and only powers of $\\lambda$ of one parity, so its roots come in "
            "pairs $\\pm\\lambda$ and $\\pm\\bar\\lambda$; in the 4×4 case it is a quadratic in "
            "$\\mu = \\lambda^2$ whose discriminant $S^2 - 4P^2 = (S-2P)(S+2P)$ is a product of "
            "two sums of squares, so $\\mu$ is real and $\\mu \\le 0$ ($0 \\le \\sqrt{S^2-4P^2} "
            "\\le S$): every $\\lambda = \\pm i\\sqrt{-\\mu}$ is imaginary. In odd dimension "
            "$\\det M = 0$, so 0 is always an eigenvalue."
        ),
        hypotheses=(
            "M real antisymmetric with free entries $m_{ij}$ ($i < j$), $m_{ji} = -m_{ij}$.",
            r"$S = \sum_{i<j} m_{ij}^2$, $P = m_{12}m_{34} - m_{13}m_{24} + m_{14}m_{23}$ "
            "(the Pfaffian) in the 4×4 case.",
        ),
        definitions={
            M2: antisymmetric_matrix(2), M3: m3, M4: m, S: total, P: pfaffian,
        },
        steps=(
            Step("two-by-two", sympy.Determinant(lam * sympy.Identity(2) - M2),
                 lam**2 + antisymmetric_matrix(2)[0, 1] ** 2,
                 "2×2: λ² + m₁₂², roots ±i m₁₂.", Symbolic()),
            Step("three-by-three", sympy.Determinant(lam * sympy.Identity(3) - M3),
                 lam**3 + total3 * lam,
                 "3×3: λ(λ² + m₁₂² + m₁₃² + m₂₃²), roots 0 and ±i√(sum of squares).", Symbolic()),
            Step("odd-dimension-singular", sympy.Determinant(M3), sympy.Integer(0),
                 "det M = det Mᵀ = det(−M) = −det M in odd dimension, so det M = 0.", Symbolic()),
            Step("four-by-four", sympy.Determinant(lam * sympy.Identity(4) - M4),
                 lam**4 + S * lam**2 + P**2,
                 "4×4: λ⁴ + Sλ² + P², only even powers of λ.", Symbolic()),
            Step("sum-plus-pfaffian", S + 2 * P, (a + f) ** 2 + (b - e) ** 2 + (c + d) ** 2,
                 "S + 2P is a sum of squares, hence ≥ 0 …", Symbolic()),
            Step("sum-minus-pfaffian", S - 2 * P, (a - f) ** 2 + (b + e) ** 2 + (c - d) ** 2,
                 "… and so is S − 2P, so the discriminant S² − 4P² ≥ 0 and λ² is real, ≤ 0.",
                 Symbolic()),
        ),
    )


@register
def antisymmetric_exponential_is_rotation() -> Derivation:
    theta = sympy.Symbol("theta", real=True)
    M = symbol("M")
    E, E_minus = sympy.MatrixSymbol("e^{M}", 2, 2), sympy.MatrixSymbol("e^{-M}", 2, 2)
    generator = sympy.ImmutableMatrix([[0, theta], [-theta, 0]])
    return Derivation(
        slug="antisymmetric-exponential-is-rotation",
        title="The exponential of an antisymmetric matrix is orthogonal (a rotation)",
        chapter=4,
        source=SOURCE,
        summary=(
            "In general $(e^M)^\\top = e^{M^\\top} = e^{-M}$ and $M$ commutes with $-M$, so "
            "$(e^M)^\\top e^M = e^{-M}e^{M} = I$; moreover "
            "$\\det e^M = e^{\\operatorname{tr} M} = 1$. "
            "The exact flow of $h' = Mh$ is therefore a rotation, never a reflection. "
            "Checked for the general real 2×2 antisymmetric matrix."
        ),
        hypotheses=(r"$M = \begin{bmatrix}0 & \theta\\ -\theta & 0\end{bmatrix}$, $\theta$ real; "
                    r"$e^{M}$ and $e^{-M}$ computed by SymPy.",),
        definitions={
            M: generator,
            E: sympy.ImmutableMatrix(generator.exp()),
            E_minus: sympy.ImmutableMatrix((-generator).exp()),
        },
        steps=(
            Step("exponential-is-rotation", E,
                 sympy.ImmutableMatrix([[sympy.cos(theta), sympy.sin(theta)],
                                        [-sympy.sin(theta), sympy.cos(theta)]]),
                 "e^M is the rotation by the angle −θ.", Symbolic()),
            Step("transpose-is-inverse-exponential", E.T, E_minus,
                 "(e^M)ᵀ = e^{Mᵀ} = e^{−M}.", Symbolic()),
            Step("orthogonal", E.T * E, sympy.Identity(2),
                 "e^{−M} e^{M} = I: e^M is orthogonal.", Symbolic(rewrite=pythagoras)),
            Step("determinant-one", sympy.Determinant(E), sympy.Integer(1),
                 "det e^M = e^{tr M} = e^0 = 1: a rotation.", Symbolic(rewrite=pythagoras)),
        ),
    )


@register
def antisymmetric_upper_triangular_parametrisation() -> Derivation:
    n = symbol("n")
    i = sympy.Symbol("i", integer=True, positive=True)
    U = sympy.MatrixSymbol("U", 4, 4)
    M = _matrix(4)
    entries = sympy.zeros(4, 4)
    for row in range(4):
        for column in range(row + 1, 4):
            entries[row, column] = sympy.Symbol(f"m_{row + 1}{column + 1}", real=True)
    return Derivation(
        slug="antisymmetric-upper-triangular-parametrisation",
        title="W − Wᵀ needs only a strictly upper-triangular W: n(n−1)/2 parameters",
        chapter=4,
        source=SOURCE,
        summary=(
            "Any $W$ gives an antisymmetric $W - W^\\top$, and every antisymmetric $M$ arises from "
            "exactly one strictly upper-triangular $U$ (its own upper triangle). So the cell "
            "needs $n(n-1)/2$ recurrent parameters instead of $n^2$: 8,128 instead of 16,384 "
            "for $n = 128$."
        ),
        hypotheses=(
            "U strictly upper triangular 4×4 with free entries; M the generic antisymmetric "
            "4×4 matrix with the same upper triangle.",
            "n ≥ 0 an integer (the hidden size).",
        ),
        definitions={U: sympy.ImmutableMatrix(entries), M: antisymmetric_matrix(4)},
        steps=(
            Step("difference-is-antisymmetric", (U - U.T).T, -(U - U.T),
                 "(U − Uᵀ)ᵀ = Uᵀ − U.", Symbolic()),
            Step("every-antisymmetric-matrix", U - U.T, M,
                 "Every antisymmetric M is U − Uᵀ with U its strictly upper triangle.", Symbolic()),
            Step("parameter-count", sympy.Sum(n - i, (i, 1, n)), n * (n - 1) / 2,
                 "Row i of U has n − i free entries above the diagonal.", Symbolic()),
        ),
    )
