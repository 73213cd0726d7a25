"""Where the Chapter 2 sources are imprecise, with the exact statement and its check."""

from __future__ import annotations

import sympy

from derivations.ch2_orthogonal.sources import KOREAN_SUMMARY, MERITY, TUTORIAL
from derivations.ch2_orthogonal.two_by_two import REFLECTION, ROTATION
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

theta = symbol("theta")
n = symbol("n")
SIXTY_DEGREES = ROTATION.subs(theta, sympy.pi / 3)
LAMBDA_SIXTY = sympy.Rational(1, 2) + sympy.I * sympy.sqrt(3) / 2


@register
def erratum_real_orthogonal_eigenvalues() -> Derivation:
    R, S = sympy.MatrixSymbol("R_60", 2, 2), sympy.MatrixSymbol("S_theta", 2, 2)
    v = sympy.MatrixSymbol("v", 2, 1)
    lam = sympy.Symbol("lambda")
    return Derivation(
        slug="erratum-real-orthogonal-eigenvalues",
        title="Erratum: real orthogonal matrices are not limited to eigenvalues ±1",
        chapter=2,
        source=MERITY + "; " + KOREAN_SUMMARY,
        summary=(
            "Merity: \"If we are only using real numbers, that means the eigenvalues must be "
            "either +1 or −1, resulting in very boring matrices\" (repeated in the Korean "
            "summary). Exactly true: a real *eigenvalue* of an orthogonal matrix is ±1. But a "
            "real *matrix* may have complex eigenvalues $e^{\\pm i\\theta}$, and one whose "
            "eigenvalues are all real is symmetric with $Q^2 = I$ (a reflection), so its powers "
            "merely alternate: that is the boring case, not every real orthogonal matrix."
        ),
        hypotheses=(
            r"$R_{60}$ is the rotation by $\pi/3$, $v = (1, -i)^\top$; "
            r"$S_\theta$ is the reflection of [orthogonal-two-by-two](#orthogonal-two-by-two).",
            r"Theorem (spectral theorem for normal matrices): a real orthogonal $Q$ with only "
            r"real eigenvalues is orthogonally diagonalisable with entries $\pm1$, hence "
            r"$Q = Q^\top$ and $Q^2 = I$.",
        ),
        definitions={R: SIXTY_DEGREES, S: REFLECTION, v: sympy.ImmutableMatrix([1, -sympy.I])},
        steps=(
            Step("real-rotation-complex-eigenvalue", R * v, LAMBDA_SIXTY * v,
                 "A real orthogonal matrix with the eigenvalue ½ + i√3/2 = $e^{i\\pi/3}$ …",
                 Symbolic()),
            Step("eigenvalue-not-plus-one", LAMBDA_SIXTY, sympy.Integer(1),
                 "… which is not +1 …", Symbolic(), relation=Relation.NE),
            Step("eigenvalue-not-minus-one", LAMBDA_SIXTY, sympy.Integer(-1),
                 "… nor −1, yet has modulus 1.", Symbolic(), relation=Relation.NE),
            Step("sixth-power", R**6, sympy.Identity(2),
                 "Its powers cycle with period 6, visiting six different matrices.", Symbolic()),
            Step("real-spectrum-is-involution", S * S, sympy.Identity(2),
                 "The genuinely boring case is real spectrum {1, −1}: a reflection, S² = I.",
                 Symbolic()),
            Step("reflection-spectrum",
                 sympy.Determinant(lam * sympy.Identity(2) - S), (lam - 1) * (lam + 1),
                 "The reflection's eigenvalues are exactly +1 and −1.", Symbolic()),
        ),
    )


@register
def erratum_same_norm_as_a_factor() -> Derivation:
    A, R, D = (sympy.MatrixSymbol(name, 2, 2) for name in ("A", "R_60", "D"))
    e2 = sympy.MatrixSymbol("e_2", 2, 1)
    contraction = sympy.ImmutableMatrix([[sympy.Rational(1, 2), 1], [0, sympy.Rational(1, 2)]])
    top_singular_squared = (3 + 2 * sympy.sqrt(2)) / 4
    return Derivation(
        slug="erratum-same-norm-as-a-factor",
        title="Erratum: what \"the same norm as any single factor\" really needs",
        chapter=2,
        source=TUTORIAL,
        summary=(
            "The tutorial: singular values above 1 make $W^t$ grow exponentially, below 1 shrink, "
            "and if all equal 1 \"the product has the same norm as any single factor\". Exactly "
            "true: for orthogonal $W$, $\\|W^t x\\| = \\|x\\|$ and $\\|W^t\\|_2 = \\|W\\|_2 = 1$ "
            "(see [orthogonal-powers](#orthogonal-powers)). Not true as worded: a singular value "
            "above 1 does not make powers grow (the spectral radius decides), with gain "
            "$g \\neq 1$ "
            "the norm of the product is $g^t$, not $g$, and with the activation's derivative in "
            "the chain the product shrinks."
        ),
        hypotheses=(
            r"$A = \begin{bmatrix}\frac12 & 1\\ 0 & \frac12\end{bmatrix}$; $R_{60}$ the rotation "
            r"by $\pi/3$; $D = \operatorname{diag}(1, \frac12)$, a diagonal of "
            r"$\tanh'$ values; $e_2 = (0, 1)^\top$; $n, t \geq 0$ integers; $g > 0$.",
        ),
        definitions={A: contraction, R: SIXTY_DEGREES,
                     D: sympy.ImmutableMatrix(sympy.diag(1, sympy.Rational(1, 2))),
                     e2: sympy.ImmutableMatrix([0, 1])},
        steps=(
            Step("large-singular-value",
                 sympy.Determinant(top_singular_squared * sympy.Identity(2) - A.T * A),
                 sympy.Integer(0),
                 "A has σ²_max = (3 + 2√2)/4 (a root of det(sI − AᵀA)) …", Symbolic()),
            Step("singular-value-above-one", top_singular_squared, sympy.Integer(1),
                 "… so its largest singular value exceeds 1 (≈ 1.21) …", Symbolic(),
                 relation=Relation.GT),
            Step("powers", A**n,
                 sympy.ImmutableMatrix([[2**-n, n * 2 ** (1 - n)], [0, 2**-n]]),
                 "… yet Aⁿ = [[2⁻ⁿ, n2¹⁻ⁿ], [0, 2⁻ⁿ]] by induction …",
                 Induction(n, recurrence=lambda power: power * A)),
            Step("powers-vanish", sympy.Limit(n * 2 ** (1 - n), n, sympy.oo), sympy.Integer(0),
                 "… which tends to 0: both eigenvalues are ½.", Symbolic()),
            Step("gain-changes-the-product", sympy.Pow(2, 3, evaluate=False), sympy.Integer(2),
                 "With gain g the t-step factor is gᵗ, equal to one factor's norm g only if "
                 "g = 1 or t = 1: for g = 2, t = 3 the product has norm 8, a factor 2.",
                 Symbolic(), relation=Relation.NE),
            Step("activation-breaks-it", (R * D * e2).T * (R * D * e2),
                 sympy.ImmutableMatrix([[sympy.Rational(1, 4)]]),
                 "One Jacobian factor W·diag(tanh′) with W orthogonal: ‖R D e₂‖² = ¼ ≠ 1.",
                 Symbolic()),
        ),
    )
