"""λ₁ < 1/γ is sufficient for vanishing gradients; λ₁ > 1/γ is necessary (not sufficient) for
exploding ones. Hypotheses are exact: λ₁ = ‖W‖₂ is the largest *singular value* of W.

The inequalities are proved with SymPy's sign reasoning on a parametrised form of
each hypothesis: "0 < λ₁ < 1/γ" is written λ₁ = 1/(γ(1 + s)) with s > 0, which is
every such λ₁ exactly once, so a sign SymPy decides for all s > 0 is the theorem.
"""

from __future__ import annotations

import sympy

from derivations.ch3_bptt.network import PASCANU
from derivations.engine import Derivation, Induction, Relation, Step, Symbolic, register
from derivations.notation import symbol

gamma, lambda_1, eta, ell = (symbol(key) for key in ("beta", "s_1", "eta", "l"))
s = sympy.Symbol("s", positive=True)
s_weak = sympy.Symbol("s", nonnegative=True)
# Large λ₁, yet every eigenvalue 1/2: λ₁ > 1/γ does not force explosion.
NILPOTENT_PLUS_HALF = sympy.ImmutableMatrix([[sympy.Rational(1, 2), 10], [0, sympy.Rational(1, 2)]])


@register
def vanishing_sufficient_condition() -> Derivation:
    x1, x2 = sympy.symbols("x_1 x_2", real=True)
    e1, e2 = sympy.symbols("e_1 e_2", nonnegative=True)
    d1, d2 = sympy.symbols("d_1 d_2", real=True)
    return Derivation(
        slug="vanishing-sufficient-condition",
        title="λ₁ < 1/γ forces ‖∂x_t/∂x_k‖₂ ≤ η^l → 0",
        chapter=3,
        source=PASCANU,
        summary=(
            "Each factor obeys $\\|W\\operatorname{diag}(\\sigma'(x))\\|_2 \\leq "
            "\\|W\\|_2\\,\\|\\operatorname{diag}(\\sigma'(x))\\|_2 \\leq \\lambda_1\\gamma = "
            "\\eta$, whatever the state $x$; if $\\lambda_1 < 1/\\gamma$ then $\\eta < 1$ and, "
            "multiplying $l$ factors, $\\|\\partial x_t/\\partial x_k\\|_2 \\leq \\eta^l$: "
            "geometric decay, with or without the nonlinearity. The bound is *sufficient* for "
            "vanishing gradients, not necessary."
        ),
        hypotheses=(
            r"$|\sigma'(z)| \leq \gamma$ for every real $z$, with $\gamma > 0$ "
            r"(1 for tanh, 1/4 for the sigmoid: see the bounds above).",
            r"$\lambda_1 = \|W\|_2 = \max_{\|v\|=1}\|Wv\|_2$, the largest singular value of "
            r"$W$; so $\|ABv\| \leq \|A\|\,\|Bv\| \leq \|A\|\,\|B\|\,\|v\|$ "
            r"(sub-multiplicativity, from the definition).",
            r"$0 < \lambda_1 < 1/\gamma$, written $\lambda_1 = 1/(\gamma(1+s))$ with $s > 0$; "
            r"$\eta = \gamma\lambda_1$; $l = t - k \geq 0$.",
            r"For the diagonal factor: $d_i = \sigma'(z_i)$ with $\gamma^2 - d_i^2 = e_i "
            r"\geq 0$ (shown in $\mathbb{R}^2$; each coordinate is handled alike in "
            r"$\mathbb{R}^d$).",
        ),
        definitions={
            lambda_1: 1 / (gamma * (1 + s)),
            eta: gamma * lambda_1,
            d1: sympy.sqrt(gamma**2 - e1),
            d2: sympy.sqrt(gamma**2 - e2),
        },
        steps=(
            Step("diagonal-factor-bounded", (d1 * x1) ** 2 + (d2 * x2) ** 2,
                 gamma**2 * (x1**2 + x2**2),
                 "‖diag(σ′)v‖² ≤ γ²‖v‖² for every v: so ‖diag(σ′(x))‖₂ ≤ γ.",
                 Symbolic(), relation=Relation.LE),
            Step("eta-below-one", gamma * lambda_1, sympy.Integer(1),
                 "η = γλ₁ < γ · (1/γ) = 1: strictness comes from λ₁ < 1/γ.",
                 Symbolic(), relation=Relation.LT),
            Step("bound-by-induction", eta ** (ell + 1), eta * eta**ell,
                 "‖J_{l+1}‖ ≤ ‖W diag(σ′)‖ ‖J_l‖ ≤ η · η^l: the bound multiplies by η per step.",
                 Induction(ell, recurrence=lambda previous: eta * previous)),
            Step("bound-decreases", eta**ell - eta ** (ell + 1), sympy.Integer(0),
                 "η^l − η^{l+1} = η^l(1 − η) ≥ 0: the bound never grows …",
                 Symbolic(rewrite=sympy.simplify), relation=Relation.GE),
            Step("bound-vanishes", sympy.Limit(eta**ell, ell, sympy.oo), sympy.Integer(0),
                 "… and η^l → 0 as l → ∞: the gradient contribution from l steps back vanishes.",
                 Symbolic()),
        ),
    )


@register
def exploding_necessary_condition() -> Derivation:
    w = sympy.MatrixSymbol("W_{ex}", 2, 2)
    e2 = sympy.MatrixSymbol("e_2", 2, 1)
    return Derivation(
        slug="exploding-necessary-condition",
        title="Exploding needs λ₁ > 1/γ, but λ₁ > 1/γ does not force explosion",
        chapter=3,
        source=PASCANU,
        summary=(
            "Contrapositive of the bound: if $\\lambda_1 \\leq 1/\\gamma$ then $\\eta \\leq 1$ "
            "and $\\|\\partial x_t/\\partial x_k\\|_2 \\leq \\eta^l \\leq 1$ for every $l$, so "
            "nothing can explode. Hence an exploding Jacobian *requires* $\\lambda_1 > "
            "1/\\gamma$. The converse fails: $W_{ex}$ below has $\\lambda_1 > 1 = 1/\\gamma$ "
            "(linear $\\sigma$), yet both its eigenvalues are $1/2$ and $W_{ex}^l \\to 0$. "
            "A large singular value with small eigenvalues gives transient growth, then decay."
        ),
        hypotheses=(
            r"As above, with $0 < \lambda_1 \leq 1/\gamma$ written "
            r"$\lambda_1 = 1/(\gamma(1+s))$, $s \geq 0$.",
            r"$W_{ex} = \begin{bmatrix}1/2 & 10\\ 0 & 1/2\end{bmatrix}$, $\sigma(x) = x$ "
            r"($\gamma = 1$), $e_2 = (0, 1)^\top$; $\lambda_1^2 \geq \|W_{ex}e_2\|^2$ because "
            r"$\lambda_1 = \max_{\|v\| = 1}\|W_{ex}v\|$.",
        ),
        definitions={
            lambda_1: 1 / (gamma * (1 + s_weak)),
            eta: gamma * lambda_1,
            w: NILPOTENT_PLUS_HALF,
            e2: sympy.ImmutableMatrix([0, 1]),
        },
        steps=(
            Step("eta-at-most-one", gamma * lambda_1, sympy.Integer(1),
                 "λ₁ ≤ 1/γ gives η = γλ₁ ≤ 1 …", Symbolic(), relation=Relation.LE),
            Step("bound-never-grows", eta**ell - eta ** (ell + 1), sympy.Integer(0),
                 "… so η^{l+1} ≤ η^l ≤ … ≤ η⁰ = 1: the Jacobian stays bounded by 1, no explosion.",
                 Symbolic(rewrite=sympy.simplify), relation=Relation.GE),
            Step("large-singular-value", sympy.Trace((w * e2).T * (w * e2)),
                 sympy.Rational(401, 4),
                 "Converse fails: ‖W_ex e₂‖² = 401/4, so λ₁ ≥ √401/2 > 10 …", Symbolic()),
            Step("singular-value-above-one-over-gamma", sympy.Trace((w * e2).T * (w * e2)),
                 sympy.Integer(1),
                 "… in particular λ₁² > 1 = 1/γ², far above the vanishing threshold …",
                 Symbolic(), relation=Relation.GT),
            Step("powers-closed-form", w**ell,
                 sympy.ImmutableMatrix([[2**-ell, 20 * ell * 2**-ell], [0, 2**-ell]]),
                 "… yet W_ex^l = 2^{−l}[[1, 20l], [0, 1]] by induction …",
                 Induction(ell, recurrence=lambda previous: previous * NILPOTENT_PLUS_HALF)),
            Step("powers-vanish", sympy.Limit(20 * ell * 2**-ell, ell, sympy.oo), sympy.Integer(0),
                 "… and 20 l 2^{−l} → 0: every entry vanishes. λ₁ > 1/γ is not sufficient.",
                 Symbolic()),
        ),
    )


@register
def erratum_vanishing_chain() -> Derivation:
    i = sympy.Symbol("i", integer=True, positive=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    return Derivation(
        slug="erratum-vanishing-chain",
        title="Erratum: “< (1/γ)·γ < 1” and “the maximum η”",
        chapter=3,
        source=PASCANU,
        summary=(
            "The notes write $\\|W\\|\\,\\|\\operatorname{diag}(\\sigma')\\| < \\frac1\\gamma "
            "\\cdot\\gamma < 1$. The first $<$ is right (it uses $\\lambda_1 < 1/\\gamma$ and "
            "$\\|\\operatorname{diag}(\\sigma')\\| \\leq \\gamma$); the second would say $1 < 1$: "
            "it is an equality. They then ask for \"the maximum value $\\eta$\" with "
            "$\\|\\partial x_{k+1}/\\partial x_k\\| \\leq \\eta < 1$ for all $k$: what is "
            "meant is the *least* such bound, and its existence below 1 is the point: each "
            "factor having norm $< 1$ is not enough, as the product below shows. The uniform "
            "bound $\\eta = \\gamma\\lambda_1 < 1$ is what makes $\\eta^l \\to 0$. The notes "
            "also call $\\lambda_1$ \"the largest eigenvalue\" at one point; it is the largest "
            "*singular value*: see the counterexample to sufficiency above, whose eigenvalues "
            "are $1/2$ while $\\lambda_1 > 10$."
        ),
        hypotheses=(
            r"$\gamma > 0$; $i, n$ positive integers, $n \geq 2$.",
        ),
        steps=(
            Step("second-inequality-is-equality",
                 sympy.UnevaluatedExpr(1 / gamma) * gamma, sympy.Integer(1),
                 "(1/γ)·γ is exactly 1, not less than 1.", Symbolic()),
            Step("factor-below-one", 1 - 1 / i**2, sympy.Integer(1),
                 "Each factor 1 − 1/i² is below 1 …", Symbolic(), relation=Relation.LT),
            Step("product-closed-form", sympy.Product(1 - 1 / i**2, (i, 2, n)),
                 (n + 1) / (2 * n),
                 "… the product telescopes to (n + 1)/(2n) …", Symbolic()),
            Step("product-does-not-vanish", sympy.Limit((n + 1) / (2 * n), n, sympy.oo),
                 sympy.Rational(1, 2),
                 "… which tends to 1/2, not 0: factors < 1 without a uniform η < 1 need not "
                 "vanish.", Symbolic()),
        ),
    )
