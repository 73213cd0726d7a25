"""Antisymmetric matrices, for every size: imaginary eigenvalues and orthogonal flows.

This is the algebra AntisymmetricRNN rests on. If Mᵀ = −M then every
eigenvalue has real part 0, so the ODE h′ = Mh sits exactly on the critical
line, and its flow e^{Mt} keeps every length.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    M,
    Phi,
    lam,
    plus,
    times,
    v,
)
from derivations.engine import (
    Assumption,
    Derivation,
    Hypothesis,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION


@register
def antisymmetric_eigenvalues_are_imaginary() -> Derivation:
    form = sympy.adjoint(v) * M * v
    conjugate = sympy.conjugate(lam)
    real_part, imaginary_part = sympy.symbols("mu nu", real=True)
    return Derivation(
        title="An antisymmetric matrix has purely imaginary eigenvalues",
        source=SOURCE,
        statement=(
            r"Every eigenvalue of a real antisymmetric $d \times d$ matrix, of any size, has "
            r"real part 0: $v^*Mv = \lambda\lVert v\rVert^2$ and its conjugate is both "
            r"$\bar\lambda\lVert v\rVert^2$ and $-v^*Mv$."
        ),
        hypotheses=(
            Hypothesis("skew", sympy.adjoint(M), -M,
                       text=r"$M$ is real and antisymmetric: $M^* = M^\top = -M$"),
            Hypothesis("eigenvector", M * v, lam * v, text="$v$ is an eigenvector"),
            Hypothesis("nonzero", NormSquared(v), sympy.Integer(0), Relation.NE,
                       text="an eigenvector is not zero"),
        ),
        steps=(
            Step("rayleigh", form, lam * NormSquared(v), r"Replace $Mv$ by $\lambda v$.",
                 Symbolic(), given=("eigenvector",)),
            Step("rayleigh-conjugate", sympy.Adjoint(form), conjugate * NormSquared(v),
                 r"Conjugate: $(Mv)^* = \bar\lambda v^*$.", Symbolic(), given=("eigenvector",)),
            Step("form-is-imaginary", sympy.Adjoint(form), -form,
                 r"$M^* = -M$.", Symbolic(), given=("skew",)),
            Step("imaginary", sympy.re(lam), sympy.Integer(0),
                 r"Add (1) and (2) using (3): $(\lambda + \bar\lambda)\lVert v\rVert^2 = 0$, "
                 r"and $\lVert v\rVert^2 \neq 0$, so $2\operatorname{Re}\lambda = 0$.",
                 Symbolic(), given=("rayleigh", "rayleigh-conjugate", "form-is-imaginary",
                                    "nonzero")),
        ),
        definitions={lam: real_part + sympy.I * imaginary_part},
        claims_every_size=True,
    )


@register
def antisymmetric_exponential_is_rotation() -> Derivation:
    d = DIMENSION
    velocity = sympy.MatrixSymbol(r"\dot{\Phi}", d, d)
    return Derivation(
        title="The flow of an antisymmetric matrix keeps every length",
        source=SOURCE,
        statement=(
            r"If $M$ is real and $M^\top = -M$, the sensitivity $\Phi(t) = e^{Mt}$ of "
            r"$h' = Mh$ has "
            r"$\dot\Phi^\top\Phi + \Phi^\top\dot\Phi = 0$, at every size. Assuming the "
            r"product rule and that a matrix function whose derivative is $0$ is constant "
            r"(stated below), $\Phi^\top\Phi$ is constant, so "
            r"$\Phi(t)^\top\Phi(t) = \Phi(0)^\top\Phi(0) = I$ for every $t$: $e^{Mt}$ is "
            r"orthogonal and real, and so keeps every length. (Its determinant, continuous in "
            r"$t$ and $\pm 1$, keeps its value $1$ at $t = 0$, so $e^{Mt}$ is even a rotation; "
            r"that last step is not checked here.)"
        ),
        hypotheses=(
            Hypothesis("antisymmetric", M.T, -M, text="$M$ is antisymmetric"),
            Hypothesis("flow", velocity, M * Phi,
                       text=r"$\Phi$ solves the sensitivity equation; $\dot\Phi$ is its "
                            r"time derivative"),
            Assumption(r"the product rule, $\frac{d}{dt}(\Phi^\top\Phi) = \dot\Phi^\top\Phi + "
                       r"\Phi^\top\dot\Phi$, and that a matrix function whose derivative is "
                       r"$0$ for all $t$ is constant"),
        ),
        steps=(
            Step("gram-is-constant", velocity.T * Phi + Phi.T * velocity,
                 sympy.ZeroMatrix(d, d),
                 r"$\dot\Phi^\top\Phi + \Phi^\top\dot\Phi = \Phi^\top(M^\top + M)\Phi = 0$.",
                 Symbolic(), given=("flow", "antisymmetric"),
                 display_lhs=plus(times(velocity.T, Phi), times(Phi.T, velocity))),
        ),
        conclusion="gram-is-constant",
        claims_every_size=True,
        uses=("orthogonal-preserves-norm",),
    )
