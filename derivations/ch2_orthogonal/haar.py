"""What "random orthogonal" should mean, on $O(2)$: Haar moments, and what QR without the sign
fix gives instead.

The Haar measure on $O(2)$ picks a rotation or a reflection with probability ½ each and a
uniform angle (every $2 \\times 2$ orthogonal matrix is one of the two, see
``exercise-2-3``). Its moments are integrals SymPy evaluates exactly.
"""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import MERITY, TUTORIAL
from derivations.ch2_orthogonal.two_by_two import REFLECTION, ROTATION
from derivations.engine import Assumption, Derivation, Relation, Step, Symbolic, register
from derivations.notation import symbol

theta = symbol("theta")
HAAR_MATRIX = sympy.MatrixSymbol("Q", 2, 2)


class HaarMean(sympy.Function):
    """$E[f(Q)]$ for a Haar-random $Q$ in $O(2)$: the average of $f$ over rotations and
    reflections, each with probability ½ and a uniform angle.

    The argument is an expression in the entries, trace or determinant of the $2 \\times 2$
    matrix symbol ``Q``; ``doit`` substitutes $R_\\theta$ and $S_\\theta$ and integrates.
    """

    nargs = 1

    def doit(self, **hints: object) -> sympy.Basic:
        turn = (theta, 0, 2 * sympy.pi)
        total = sum(sympy.integrate(self._on(family), turn) for family in (ROTATION, REFLECTION))
        return sympy.simplify(total / (4 * sympy.pi))

    def _on(self, family: sympy.ImmutableMatrix) -> sympy.Basic:
        value = self.args[0].xreplace({HAAR_MATRIX: family}).doit()
        return sympy.expand(value)

    def _latex(self, printer: sympy.printing.latex.LatexPrinter) -> str:
        entries = {HAAR_MATRIX[i, j]: sympy.Symbol(f"Q_{{{i + 1}{j + 1}}}")
                   for i in range(2) for j in range(2)}
        return rf"\mathbb{{E}}\left[{printer._print(self.args[0].xreplace(entries))}\right]"


@register
def haar_moments_two_by_two() -> Derivation:
    Q = HAAR_MATRIX
    corner = Q[0, 0]
    unfixed_corner_mean = -sympy.Integral(sympy.Abs(sympy.cos(theta)),
                                          (theta, 0, 2 * sympy.pi)) / (2 * sympy.pi)
    return Derivation(
        title=("What a uniformly random two-by-two orthogonal matrix looks like, and what QR "
               "gives instead"),
        source=MERITY + " (SVD recipe); " + TUTORIAL + " (QR and SVD recipes)",
        statement=(r"Assuming that a Haar-random $Q$ in $O(2)$ is $R_\theta$ or $S_\theta$ with "
                   r"probability $\frac12$ each and $\theta$ uniform, it has "
                   r"$E[\operatorname{tr} Q] = 0$, $E[(\operatorname{tr} Q)^2] = 1$, "
                   r"$E[Q_{11}] = 0$ and $E[Q_{11}^2] = 1/2$. Assuming that the $Q$ of a "
                   r"Gaussian matrix's QR factorisation without the sign fix has "
                   r"$Q_{11} = -|\cos\theta|$ with $\theta$ uniform (as the usual numerical "
                   r"libraries compute it), its mean is $E_{\mathrm{QR}}[Q_{11}] = -2/\pi$ "
                   r"instead: orthogonal, but not uniformly random. "
                   r"Both assumptions are stated below; the machine checks only the averages."),
        hypotheses=(
            Assumption(r"Haar measure on $O(2)$: $Q = R_\theta$ or $Q = S_\theta$ with "
                       r"probability $\frac12$ each, $\theta$ uniform on $[0, 2\pi)$; this is "
                       r"the only distribution that no fixed rotation or reflection changes."),
            Assumption(r"QR without the sign fix, as LAPACK (and so NumPy) computes it for a "
                       r"$2 \times 2$ Gaussian matrix: the first column has a uniform angle "
                       r"$\theta$, and $Q_{11} = -|\cos\theta|$, because the factorisation makes "
                       r"$R_{11} = -\operatorname{sign}(a_{11})\lVert a_1\rVert$."),
        ),
        steps=(
            Step("mean-trace", HaarMean(sympy.Trace(Q)), sympy.Integer(0),
                 r"Rotations contribute $2\cos\theta$, which averages to 0; reflections have "
                 "trace 0.", Symbolic()),
            Step("mean-square-trace", HaarMean(sympy.Trace(Q) ** 2), sympy.Integer(1),
                 r"Half the average of $4\cos^2\theta$ (which is 2), plus half of 0.", Symbolic()),
            Step("mean-corner", HaarMean(corner), sympy.Integer(0),
                 r"$Q_{11} = \cos\theta$ in both families.", Symbolic()),
            Step("mean-square-corner", HaarMean(corner**2), sympy.Rational(1, 2),
                 r"Each column has length 1, so the two squares in it share 1 equally.",
                 Symbolic()),
            Step("unfixed-qr-corner", unfixed_corner_mean, -2 / sympy.pi,
                 r"Without the sign fix, $E_{\mathrm{QR}}[Q_{11}] = -E|\cos\theta| = -2/\pi "
                 r"\approx -0.64$.",
                 Symbolic()),
            Step("unfixed-qr-is-not-haar", unfixed_corner_mean, HaarMean(corner),
                 r"That is not the Haar mean $E[Q_{11}]$: the signs of $R$'s diagonal must be "
                 r"moved into $Q$.", Symbolic(), relation=Relation.NE,
                 still_true={"rhs+1": "$-2/\\pi$ is not 1 either",
                             "rhs*2": "twice the Haar mean $E[Q_{11}] = 0$ is still 0"}),
        ),
    )
