"""The Jacobian of the AntisymmetricRNN's right-hand side, and when its eigenvalues are imaginary.

f(h) = tanh(M h + u) has Jacobian D M with D = diag(1 − tanh²(a)). The slides
say its eigenvalues are imaginary. That holds whenever D is diagonal with
entries ≥ 0 (tanh′ is always > 0, so always for this cell): D M is then
similar to, or shares its non-zero spectrum with, the antisymmetric
D^{1/2} M D^{1/2}. It fails as soon as one diagonal entry is negative, which
is what the gate's derivative can produce (see the gating derivation).
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    antisymmetric_matrix,
    epsilon,
    gamma,
    lam,
    omega,
    rotation_generator,
    tanh_slope,
)
from derivations.engine import Derivation, Step, Symbolic, register
from derivations.notation import symbol

D = symbol("D")


@register
def antisymmetric_rnn_jacobian() -> Derivation:
    M = sympy.MatrixSymbol("M", 3, 3)
    J = sympy.MatrixSymbol("J", 3, 3)
    J_step = sympy.MatrixSymbol(r"\partial h_t/\partial h_{t-1}", 3, 3)
    D3 = sympy.MatrixSymbol("D", 3, 3)
    h = sympy.ImmutableMatrix(sympy.symbols("h_1:4", real=True))
    u = sympy.ImmutableMatrix(sympy.symbols("u_1:4", real=True))
    matrix = antisymmetric_matrix(3)
    activation = matrix * h + u
    f = activation.applyfunc(sympy.tanh)
    slopes = sympy.ImmutableMatrix(sympy.diag(*[1 - sympy.tanh(a) ** 2 for a in activation]))
    return Derivation(
        slug="antisymmetric-rnn-jacobian",
        title="Jacobian of f(h) = tanh(Mh + u): J = diag(tanh′(a)) M",
        chapter=4,
        source=SOURCE,
        summary=(
            "SymPy differentiates $f$ entry by entry (the unrolled cell); the result is the "
            "product of the slopes $1 - \\tanh^2(a_i)$ with $M$. One Euler step "
            "$h_t = h_{t-1} + \\varepsilon f(h_{t-1})$ then has Jacobian $I + \\varepsilon D M$."
        ),
        hypotheses=(
            "M the generic real antisymmetric 3×3 matrix; h, u = Vx + b free real vectors; "
            r"$a = Mh + u$, $D = \operatorname{diag}(1 - \tanh^2 a_i)$.",
        ),
        definitions={
            M: matrix, D3: slopes,
            J: sympy.ImmutableMatrix(f.jacobian(h)),
            J_step: sympy.ImmutableMatrix((h + epsilon * f).jacobian(h)),
        },
        steps=(
            Step("jacobian", J, D3 * M,
                 "Chain rule: ∂ tanh(aᵢ)/∂h_j = (1 − tanh² aᵢ) M_ij.",
                 Symbolic(rewrite=tanh_slope)),
            Step("euler-step-jacobian", J_step, sympy.Identity(3) + epsilon * D3 * M,
                 "The Euler step adds the identity: ∂h_t/∂h_{t−1} = I + εDM.",
                 Symbolic(rewrite=tanh_slope)),
        ),
    )


@register
def diagonal_times_antisymmetric_spectrum() -> Derivation:
    M = symbol("M")
    d1, d2 = sympy.symbols("d_1 d_2", positive=True)
    root = sympy.MatrixSymbol("D^{1/2}", 2, 2)
    root_inverse = sympy.MatrixSymbol("D^{-1/2}", 2, 2)
    S = sympy.MatrixSymbol("S", 2, 2)
    M3, D3, R3 = (sympy.MatrixSymbol(name, 3, 3) for name in ("M", "D", "D^{1/2}"))
    e1, e2, e3 = sympy.symbols("e_1:4", nonnegative=True)
    sign_flip = sympy.MatrixSymbol("D_{\\pm}", 2, 2)
    return Derivation(
        slug="diagonal-times-antisymmetric-spectrum",
        title="diag(d) · M keeps imaginary eigenvalues for d ≥ 0; a negative dᵢ can break it",
        chapter=4,
        source=SOURCE,
        summary=(
            "For $D > 0$, $DM$ is similar to the antisymmetric $D^{1/2}MD^{1/2}$, so its "
            "eigenvalues are imaginary. For $D \\ge 0$ (saturated units with "
            "$\\tanh' \\approx 0$) the characteristic polynomials of $DM$ and "
            "$D^{1/2}MD^{1/2}$ still coincide, so nothing changes. With a negative entry the "
            "conclusion fails: $\\operatorname{diag}(1,-1)M$ is symmetric with real eigenvalues "
            "$\\pm\\omega$. With diffusion, the eigenvalues move into the left half-plane."
        ),
        hypotheses=(
            r"$M = \begin{bmatrix}0 & -\omega\\ \omega & 0\end{bmatrix}$, $\omega > 0$; "
            r"$D = \operatorname{diag}(d_1, d_2)$ with $d_i > 0$; $\gamma > 0$.",
            "3×3 case: M generic antisymmetric, $D = \\operatorname{diag}(e_1, e_2, e_3)$ with "
            "$e_i \\ge 0$ (zeros allowed).",
            r"$D_\pm = \operatorname{diag}(1, -1)$.",
        ),
        definitions={
            M: rotation_generator(omega),
            D: sympy.ImmutableMatrix(sympy.diag(d1, d2)),
            root: sympy.ImmutableMatrix(sympy.diag(sympy.sqrt(d1), sympy.sqrt(d2))),
            root_inverse: sympy.ImmutableMatrix(sympy.diag(1 / sympy.sqrt(d1), 1 / sympy.sqrt(d2))),
            S: sympy.ImmutableMatrix(sympy.diag(sympy.sqrt(d1), sympy.sqrt(d2))
                                     * rotation_generator(omega)
                                     * sympy.diag(sympy.sqrt(d1), sympy.sqrt(d2))),
            M3: antisymmetric_matrix(3),
            D3: sympy.ImmutableMatrix(sympy.diag(e1, e2, e3)),
            R3: sympy.ImmutableMatrix(sympy.diag(sympy.sqrt(e1), sympy.sqrt(e2), sympy.sqrt(e3))),
            sign_flip: sympy.ImmutableMatrix(sympy.diag(1, -1)),
        },
        steps=(
            Step("similar", root_inverse * (D * M) * root, root * M * root,
                 "Conjugating DM by D^{1/2} gives D^{1/2} M D^{1/2} =: S.", Symbolic()),
            Step("similar-is-antisymmetric", S.T, -S,
                 "S is antisymmetric, so DM has imaginary eigenvalues.", Symbolic()),
            Step("characteristic-polynomial", sympy.Determinant(lam * sympy.Identity(2) - D * M),
                 lam**2 + d1 * d2 * omega**2,
                 "Explicitly: λ = ±iω√(d₁d₂) — the slopes rescale the frequency only.",
                 Symbolic()),
            Step("saturation-allowed",
                 sympy.Determinant(lam * sympy.Identity(3) - D3 * M3),
                 sympy.Determinant(lam * sympy.Identity(3) - R3 * M3 * R3),
                 "With eᵢ ≥ 0 (zero = saturated unit) DM and D^{1/2}MD^{1/2} share their "
                 "characteristic polynomial.", Symbolic()),
            Step("negative-entry-breaks-it",
                 sympy.Determinant(lam * sympy.Identity(2) - sign_flip * M), lam**2 - omega**2,
                 "With a negative diagonal entry the eigenvalues are ±ω: real, one of them > 0.",
                 Symbolic()),
            Step("diffusion-shifts-left",
                 sympy.Determinant(lam * sympy.Identity(2) - D * (M - gamma * sympy.Identity(2))),
                 lam**2 + gamma * (d1 + d2) * lam + d1 * d2 * (gamma**2 + omega**2),
                 "With M − γI the roots sum to −γ(d₁ + d₂) < 0 with positive product: Re λ < 0.",
                 Symbolic()),
        ),
    )
