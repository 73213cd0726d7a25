"""Why the library may skip the QR factorisation: Householder reflectors, and what drawing them
directly saves.

Householder QR writes $Q$ as a product of reflectors, one per column. Stewart (1980) showed
that for a Gaussian matrix these reflectors are those of independent Gaussian vectors of
lengths $d, d - 1, \\dots$; that distributional law is beyond SymPy and is stated as an
assumption. What is checked: a reflector is symmetric and orthogonal at every size, it sends
$x$ to $-\\lVert x\\rVert e_1$ (the entry of $R$), and the counts of random numbers and
floating-point operations that make :func:`derivations.init.householder_haar` cheaper.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import GOLUB_VAN_LOAN, STEWART, TUTORIAL
from derivations.engine import Assumption, Derivation, Hypothesis, Step, Symbolic, register
from derivations.notation import DIMENSION, symbol

H, u, x, e_1 = symbol("H"), symbol("u"), symbol("x"), symbol("e_1")
k = symbol("k")
IDENTITY = sympy.Identity(DIMENSION)


@register
def householder_reflector() -> Derivation:
    c = sympy.Symbol("c", positive=True)
    r = sympy.Symbol("r", positive=True)
    x_1 = sympy.Symbol("x_1", nonnegative=True)
    H_x = sympy.MatrixSymbol("H_x", DIMENSION, DIMENSION)
    along = x + r * e_1
    return Derivation(
        title="A Householder reflector is symmetric and orthogonal, and zeroes a column",
        source=GOLUB_VAN_LOAN,
        statement=(r"For $u \neq 0$ with $u^\top u = c$, the reflector $H = I - 2uu^\top/c$ "
                   r"satisfies $H^\top = H$ and $H^\top H = I$ at every size $d$. For a real "
                   r"$x \neq 0$ whose first entry $x_1$ is not negative, the reflector $H_x$ "
                   r"along $u = x + \lVert x\rVert e_1$ sends $x$ to $-\lVert x\rVert e_1$: the "
                   r"first column of $R$ in a QR factorisation."),
        hypotheses=(
            Hypothesis("length", u.T * u, c,
                       text=r"$c > 0$ is the squared length of $u$"),
            Hypothesis("norm", x.T * x, r**2,
                       text=r"$r = \lVert x\rVert > 0$"),
            Hypothesis("first-entry", e_1.T * x, x_1,
                       text=r"$x_1 \geq 0$ is the first entry of $x$; for $x_1 < 0$, "
                            r"numerical libraries reflect along $x - \lVert x\rVert e_1$ "
                            r"instead and get $+\lVert x\rVert e_1$"),
            Hypothesis("unit", e_1.T * e_1, sympy.Integer(1), text="$e_1$ has length 1"),
        ),
        definitions={H: IDENTITY - 2 * u * u.T / c,
                     H_x: IDENTITY - along * along.T / (r * (r + x_1))},
        steps=(
            Step("symmetric", H.T, H, r"$uu^\top$ is symmetric.", Symbolic()),
            Step("orthogonal", H.T * H, IDENTITY,
                 r"$H^\top H = I - 4uu^\top/c + 4u(u^\top u)u^\top/c^2 = I$.", Symbolic(),
                 given=("length",)),
            Step("length-along-x", along * along.T * along, 2 * r * (r + x_1) * along,
                 r"For $u = x + r e_1$: $u^\top u = 2r(r + x_1)$, so $H_x$ is the reflector "
                 r"$I - 2uu^\top/u^\top u$ along it.", Symbolic(),
                 given=("norm", "first-entry", "unit")),
            Step("zeroes-a-column", H_x * x, -r * e_1,
                 r"$u^\top x = r(r + x_1)$ is half of $u^\top u$, so $H_x x = x - u = -r e_1$.",
                 Symbolic(), given=("norm", "first-entry")),
        ),
        conclusion="orthogonal",
        claims_every_size=True,
    )


@register
def haar_by_reflectors() -> Derivation:
    d = DIMENSION
    drawn = sympy.Symbol(r"N_{\mathrm{draw}}", positive=True)
    factorise = sympy.Symbol(r"\operatorname{flops}_{\mathrm{QR}}", positive=True)
    form = sympy.Symbol(r"\operatorname{flops}_{Q}", positive=True)
    return Derivation(
        title="Drawing the reflectors directly: about half the random numbers, half the work",
        source=STEWART + "; " + TUTORIAL + " (the QR recipe it speeds up)",
        statement=(r"Assuming Stewart's theorem, that reflectors of independent Gaussian "
                   r"vectors of lengths $d, d - 1, \dots, 1$ give a $d \times d$ Haar matrix, "
                   r"and the usual count of $4ab$ floating-point operations for applying a "
                   r"reflector to an $a \times b$ block (both stated below, not checked): "
                   r"drawing those vectors needs $d(d + 1)/2$ random numbers instead of $d^2$, "
                   r"and forming $Q$ from them costs, as $d$ grows, half the operations of "
                   r"factorising a Gaussian matrix and then forming its $Q$."),
        hypotheses=(
            Assumption(r"Stewart (1980): the reflectors that Householder QR extracts from a "
                       r"$d \times d$ Gaussian matrix are distributed as the reflectors of "
                       r"independent standard Gaussian vectors of lengths $d, d - 1, \dots, 1$, "
                       r"and the signs of $R$'s diagonal are theirs; so the product of those "
                       r"reflectors, with the signs moved in, is Haar-distributed."),
            Assumption(r"Applying a reflector $I - \tau ww^\top$ to an $a \times b$ block costs "
                       r"$4ab$ floating-point operations: $w^\top A$ ($2ab$), then a rank-one "
                       r"update ($2ab$). QR applies reflector $k$ (length $d - k + 1$) to the "
                       r"$d - k$ columns to its right; forming $Q$ applies it to a "
                       r"$(d - k + 1) \times (d - k + 1)$ block (Golub & Van Loan, section 5.1)."),
        ),
        definitions={
            drawn: sympy.Sum(d - k + 1, (k, 1, d)),
            factorise: sympy.Sum(4 * (d - k + 1) * (d - k), (k, 1, d)),
            form: sympy.Sum(4 * (d - k + 1) ** 2, (k, 1, d)),
        },
        steps=(
            Step("numbers-drawn", drawn, d * (d + 1) / 2,
                 r"One Gaussian vector per reflector, of lengths $d, d - 1, \dots, 1$.",
                 Symbolic()),
            Step("factorise-work", factorise, sympy.Rational(4, 3) * (d**3 - d),
                 r"The sum of $4(d - k + 1)(d - k)$ over the $d$ reflectors.", Symbolic()),
            Step("form-work", form, sympy.Rational(2, 3) * d * (d + 1) * (2 * d + 1),
                 r"The sum of $4(d - k + 1)^2$: about $\frac43 d^3$ as well.", Symbolic()),
            Step("half-the-work", sympy.Limit(form / (factorise + form), d, sympy.oo),
                 sympy.Rational(1, 2),
                 r"The recipe pays both; drawing the reflectors directly pays only the second.",
                 Symbolic()),
        ),
    )
