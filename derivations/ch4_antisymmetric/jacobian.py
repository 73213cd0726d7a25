"""The Jacobian of the AntisymmetricRNN's right-hand side, and why its eigenvalues are imaginary.

f(h) = tanh(Mh + b) has Jacobian DM with D = diag(1 − tanh²(a)), a = Mh + b, at
every size. The slides say its eigenvalues are imaginary. That holds because D
is diagonal with positive entries: from DMv = λv, v*Mv = λ v*D⁻¹v, an imaginary
number times a positive one. A diagonal with a negative entry breaks the argument,
which is what the gate's derivative can produce (see the gating derivation).
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    M,
    b,
    epsilon,
    h,
    i,
    j,
    k,
    lam,
    plus,
    times,
    v,
)
from derivations.engine import Chain, Derivation, Hypothesis, Relation, Step, Symbolic, register
from derivations.notation import DIMENSION, symbol


@register
def antisymmetric_rnn_jacobian() -> Derivation:
    d = DIMENSION
    a_i = sympy.Symbol("a_i", real=True)
    slope = 1 - sympy.tanh(a_i) ** 2
    D = symbol("D")
    D_inverse = sympy.MatrixSymbol("{D^{-1}}", d, d)
    form = sympy.adjoint(v) * M * v
    weighted = sympy.adjoint(v) * D_inverse * v
    conjugate = sympy.conjugate(lam)
    real_part, imaginary_part = sympy.symbols("mu nu", real=True)
    return Derivation(
        title="The cell's Jacobian has purely imaginary eigenvalues",
        source=SOURCE,
        statement=(
            r"At every size, the field $f(h) = \tanh(Mh + b)$ has Jacobian $DM$ with "
            r"$D = \operatorname{diag}(1 - \tanh^2 a_i)$, $a = Mh + b$, whose entries are "
            r"positive by the slope bound for $\tanh$ (one Euler step: $I + \varepsilon DM$). "
            r"For real antisymmetric $M$, every eigenvalue of $DM$, with eigenvector $v$, has "
            r"real part 0, assuming $v^*D^{-1}v \neq 0$: true when every entry of $D$ is "
            r"positive and $v \neq 0$, since it is then $\sum_i |v_i|^2/d_i > 0$, but taken "
            r"as a hypothesis here; it can fail when $D$ has entries of both signs."
        ),
        uses=("exercise-3-1",),
        hypotheses=(
            Hypothesis("skew", sympy.adjoint(M), -M,
                       text=r"$M$ is real and antisymmetric: $M^* = M^\top = -M$"),
            Hypothesis("eigenvector", D * M * v, lam * v, text=r"$v$ is an eigenvector of $DM$"),
            Hypothesis("inverse", D_inverse * D, sympy.Identity(d),
                       text="$D$ has no zero entry"),
            Hypothesis("real-diagonal", sympy.adjoint(D_inverse), D_inverse,
                       text=r"$D^{-1}$ is real and diagonal"),
            Hypothesis("positive", weighted, sympy.Integer(0), Relation.NE,
                       text=r"$v^*D^{-1}v = \sum_i |v_i|^2/d_i > 0$ when every $d_i > 0$ and "
                            r"$v \neq 0$"),
        ),
        definitions={a_i: b[i, 0] + sympy.Sum(M[i, k] * h[k, 0], (k, 0, d - 1)),
                     lam: real_part + sympy.I * imaginary_part},
        steps=(
            Step("field-jacobian", sympy.Derivative(sympy.tanh(a_i), h[j, 0]), slope * M[i, j],
                 r"Chain rule: $\tanh' = 1 - \tanh^2$ and $\partial a_i/\partial h_j = M_{ij}$; "
                 r"so the Jacobian is $DM$.", Symbolic()),
            Step("step-jacobian", sympy.Derivative(h[i, 0] + epsilon * sympy.tanh(a_i), h[j, 0]),
                 sympy.Identity(d)[i, j] + epsilon * slope * M[i, j],
                 r"The Euler step adds the identity: $\partial h_t/\partial h_{t-1} = "
                 r"I + \varepsilon DM$.", Symbolic(),
                 display_lhs=sympy.Derivative(plus(h[i, 0], times(epsilon, sympy.tanh(a_i))),
                                              h[j, 0]),
                 display_rhs=plus(sympy.Identity(d)[i, j], times(epsilon, slope, M[i, j]))),
            Step("insert-identity", form, sympy.adjoint(v) * D_inverse * D * M * v,
                 r"Now let $DMv = \lambda v$. Insert $D^{-1}D = I$.", Symbolic(),
                 given=("inverse",)),
            Step("use-eigenvector", sympy.adjoint(v) * D_inverse * D * M * v, lam * weighted,
                 r"Replace $DMv$ by $\lambda v$.", Symbolic(), given=("eigenvector",)),
            Step("rayleigh", form, lam * weighted, r"So $v^*Mv = \lambda\, v^*D^{-1}v$.",
                 Chain(("insert-identity", "use-eigenvector"))),
            Step("rayleigh-conjugate", sympy.Adjoint(form), conjugate * weighted,
                 r"Conjugate (5); $D^{-1}$ is real and diagonal, so $v^*D^{-1}v$ is real.",
                 Symbolic(), given=("rayleigh", "real-diagonal")),
            Step("form-is-imaginary", sympy.Adjoint(form), -form,
                 r"$M^* = -M$.", Symbolic(), given=("skew",)),
            Step("imaginary", sympy.re(lam), sympy.Integer(0),
                 r"Add (5) and (6) using (7): $(\lambda + \bar\lambda)\,v^*D^{-1}v = 0$, and "
                 r"$v^*D^{-1}v \neq 0$.", Symbolic(),
                 given=("rayleigh", "rayleigh-conjugate", "form-is-imaginary", "positive")),
        ),
        claims_every_size=True,
    )
