"""Chapter 4's exercises: each solution is a derivation, verified like every other.

The slugs are ``exercise-4-k``; the page shows the task, a hint, an answer box when the
solution's conclusion is a number, and the folded solution.
"""

from __future__ import annotations

import sympy

from derivations.ch4_antisymmetric.common import (
    SOURCE,
    W_ZERO,
    M,
    antisymmetric_matrix,
    complex_parts,
    diffused,
    epsilon,
    euler_factor,
    gamma,
    lam,
    minus,
    omega,
    plus,
    pythagoras,
    strictly_upper_matrix,
    time,
    times,
    v,
)
from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.engine.expressions import NormSquared
from derivations.notation import DIMENSION, symbol


def _least_gamma() -> sympy.Basic:
    return (1 - sympy.sqrt(1 - epsilon**2 * omega**2)) / epsilon


def _cancel(expression: sympy.Basic) -> sympy.Basic:
    return sympy.cancel(sympy.together(sympy.expand(expression, complex=True)))


@register
def exercise_4_1() -> Derivation:
    W0 = sympy.MatrixSymbol("W_0", 2, 2)
    return Derivation(
        title="The stretch of one Euler step",
        source=SOURCE,
        statement=(
            r"$W_0$ has the eigenvalue $2i$, and one Euler step with $\varepsilon = 0.1$ "
            r"multiplies that eigendirection by $|1 + 2i\varepsilon| = \sqrt{1.04} \approx "
            r"1.0198$. (Since $W_0^\top W_0 = 4I$, every length is multiplied by the same "
            "factor.)"
        ),
        hypotheses=(),
        definitions={W0: W_ZERO, epsilon: sympy.Rational(1, 10)},
        uses=("forward-euler-amplifies-rotations",),
        steps=(
            Step("eigenvalue", sympy.Determinant(2 * sympy.I * sympy.Identity(2) - W0),
                 sympy.Integer(0), r"$2i$ is a root of $\det(\lambda I - W_0) = \lambda^2 + 4$.",
                 Symbolic()),
            Step("scaled-orthogonal", W0.T * W0, 4 * sympy.Identity(2),
                 r"$W_0^\top W_0 = 4I$: $W_0/2$ is orthogonal, so $I + \varepsilon W_0$ "
                 r"multiplies every length by the same factor (the theorem on Euler steps).",
                 Symbolic()),
            Step("stretch", sympy.Abs(1 + 2 * sympy.I * epsilon), sympy.sqrt(26) / 5,
                 r"$|1 + 0.2i| = \sqrt{1 + 0.04}$.", Symbolic(),
                 display_lhs=sympy.Abs(plus(1, times(2, sympy.I, epsilon)), evaluate=False)),
        ),
    )


@register
def exercise_4_2() -> Derivation:
    d = DIMENSION
    W = symbol("W")
    # The notation's integer index k counts rows (r is a modulus); the other triangle is U',
    # not V, the notation's matrix of eigenvectors.
    row = sympy.Symbol("k", integer=True, positive=True)
    upper, generic = sympy.MatrixSymbol("U", 4, 4), sympy.MatrixSymbol("M_4", 4, 4)
    other = sympy.MatrixSymbol("U'", 4, 4)
    difference = sympy.MatAdd(W, -W.T, evaluate=False)
    units = sympy.Integer(128)
    # Every size, entry by entry: (i, j) above the diagonal, (j, i) its mirror, (i, i) on it.
    M, U, U_other = symbol("M"), sympy.MatrixSymbol("U", d, d), sympy.MatrixSymbol("U'", d, d)
    i, j = sympy.symbols("i j", integer=True, nonnegative=True)
    return Derivation(
        title="The cell needs only the upper triangle of its recurrent matrix",
        source=SOURCE,
        statement=(
            r"$W - W^\top$ is antisymmetric for every $W$, at every size. Every antisymmetric "
            r"$M$ is $U - U^\top$ for exactly one strictly upper-triangular $U$, its own upper "
            r"triangle (below the diagonal are the negatives, on it zeros): steps 2 and 3 check "
            r"the whole $4 \times 4$ case, steps 4 to 7 every size entry by entry, for an entry "
            r"$(i, j)$ above the diagonal, its mirror $(j, i)$ and a diagonal entry $(i, i)$. A "
            r"strictly upper triangle has $d(d-1)/2$ entries for every $d$: a cell with $d$ "
            r"units that stores only it keeps 8128 recurrent parameters for $d = 128$, against "
            r"$d^2 = 16384$."
        ),
        hypotheses=(
            Hypothesis("same-difference", other - other.T, generic,
                       text=r"$U'$ is strictly upper triangular"),
            Hypothesis("zero-below", U[j, i], sympy.Integer(0),
                       text=r"$U$ is strictly upper triangular, and $i < j$ …"),
            Hypothesis("keeps-upper", U[i, j], M[i, j],
                       text=r"$U$ keeps the upper triangle of $M$"),
            Hypothesis("mirrored", M[j, i], -M[i, j], text="$M$ is antisymmetric …"),
            Hypothesis("mirrored-diagonal", M[i, i], -M[i, i], text="… also on the diagonal"),
            Hypothesis("other-zero-below", U_other[j, i], sympy.Integer(0),
                       text=r"another strictly upper-triangular $U'$ …"),
            Hypothesis("other-difference", (U_other - U_other.T)[i, j], M[i, j],
                       text=r"… with $U' - U'^\top = M$ at $(i, j)$"),
        ),
        definitions={upper: strictly_upper_matrix(4), generic: antisymmetric_matrix(4),
                     other: strictly_upper_matrix(4, "v")},
        steps=(
            Step("difference-is-antisymmetric", sympy.Transpose(difference),
                 sympy.MatMul(-1, difference, evaluate=False),
                 r"$(W - W^\top)^\top = W^\top - W$.", Symbolic()),
            Step("upper-triangle-recovers", upper - upper.T, generic,
                 r"For $d = 4$: the upper triangle $U$ of a generic antisymmetric $M_4$ gives "
                 r"back $M_4 = U - U^\top$.", Symbolic()),
            Step("only-one", other, upper,
                 r"Any other strictly upper-triangular $U'$ with $U' - U'^\top = M_4$ has, above "
                 r"the diagonal, the entries of $M_4$: it is $U$.", Symbolic(),
                 given=("same-difference",)),
            Step("above-diagonal", (U - U.T)[i, j], M[i, j],
                 r"At every size: above the diagonal $U - U^\top$ is $U$, which is $M$ there …",
                 Symbolic(), given=("zero-below", "keeps-upper")),
            Step("below-diagonal", (U - U.T)[j, i], M[j, i],
                 r"… below it, $-U^\top$, the negatives, which is $M$ there too …",
                 Symbolic(), given=("zero-below", "keeps-upper", "mirrored")),
            Step("on-the-diagonal", M[i, i], sympy.Integer(0),
                 r"… and on it $M_{ii} = -M_{ii}$ is $0$, as $(U - U^\top)_{ii} = U_{ii} - "
                 r"U_{ii}$ is.", Symbolic(), given=("mirrored-diagonal",)),
            Step("only-one-entry", U_other[i, j], M[i, j],
                 r"Any strictly upper-triangular $U'$ with $U' - U'^\top = M$ has, above the "
                 r"diagonal, the entries of $M$: it is $U$.", Symbolic(),
                 given=("other-zero-below", "other-difference")),
            Step("parameter-count", sympy.Sum(d - row, (row, 1, d)), d * (d - 1) / 2,
                 r"Row $k$ has $d - k$ entries above the diagonal.", Symbolic()),
            Step("for-128-units", sympy.Sum(units - row, (row, 1, units)), sympy.Integer(8128),
                 r"$128 \cdot 127/2$.", Symbolic()),
        ),
    )


@register
def exercise_4_3() -> Derivation:
    g_minus = symbol("gamma_-")
    factor = sympy.Abs(1 + epsilon * (-gamma + sympy.I * omega)) ** 2
    return Derivation(
        title="Is a little more diffusion enough",
        source=SOURCE,
        statement=(
            r"With $\varepsilon = 0.1$ and $\omega = 2$, the diffusion $\gamma = 0.2$ is still "
            r"just below $\gamma_- = 10 - 4\sqrt6 \approx 0.2020$, and the Euler factor is "
            r"$|1 + \varepsilon(-\gamma + i\omega)|^2 = 1.0004 > 1$: not stable."
        ),
        hypotheses=(),
        definitions={epsilon: sympy.Rational(1, 10), omega: sympy.Integer(2),
                     gamma: sympy.Rational(1, 5), g_minus: _least_gamma()},
        uses=("forward-euler-diffusion-condition",),
        steps=(
            Step("least-gamma", g_minus, 10 - 4 * sympy.sqrt(6),
                 r"$\gamma_- = (1 - \sqrt{1 - \varepsilon^2\omega^2})/\varepsilon = "
                 r"(1 - \sqrt{0.96})/0.1$.", Symbolic()),
            Step("short", gamma, 10 - 4 * sympy.sqrt(6), r"$0.2 < 0.2020$.", Symbolic(),
                 relation=Relation.LT),
            Step("factor", factor, sympy.Rational(2501, 2500),
                 r"$(1 - 0.02)^2 + 0.2^2 = 0.9604 + 0.04$.", Symbolic(rewrite=complex_parts),
                 display_lhs=euler_factor(epsilon, diffused(gamma, omega))),
        ),
    )


@register
def exercise_4_4() -> Derivation:
    g_minus = symbol("gamma_-")
    boundary = sympy.Abs(1 + epsilon * (-g_minus + sympy.I * omega)) ** 2
    factor = sympy.Abs(1 + epsilon * (-gamma + sympy.I * omega)) ** 2
    return Derivation(
        title="The smallest stabilising diffusion",
        source=SOURCE,
        statement=(
            r"For $\varepsilon = 0.05$ and $\omega = 3$ the least $\gamma$ that makes the "
            r"Euler step stable is $\gamma_- = 20 - \sqrt{391} \approx 0.2263$: there the "
            r"scaled eigenvalue lies exactly on the circle $|1 + z| = 1$, and every smaller "
            r"$\gamma$ leaves it outside."
        ),
        hypotheses=(
            Hypothesis("less-diffusion", gamma, g_minus, Relation.LT, local=True,
                       text=r"any diffusion below $\gamma_-$"),
        ),
        definitions={epsilon: sympy.Rational(1, 20), omega: sympy.Integer(3),
                     g_minus: _least_gamma()},
        uses=("forward-euler-diffusion-condition",),
        steps=(
            Step("on-the-circle", boundary, sympy.Integer(1),
                 r"At $\gamma = \gamma_-$ the factor is exactly 1 (the general condition with "
                 r"$\gamma = \gamma_-$).", Symbolic(rewrite=_cancel),
                 display_lhs=euler_factor(epsilon, diffused(g_minus, omega))),
            Step("outside-below", factor, sympy.Integer(1),
                 r"Any smaller $\gamma$ leaves the factor above 1.", Symbolic(),
                 relation=Relation.GT, given=("less-diffusion",),
                 display_lhs=euler_factor(epsilon, diffused(gamma, omega))),
            Step("value", g_minus, 20 - sympy.sqrt(391),
                 r"$(1 - \sqrt{1 - 0.0225})/0.05 = 20(1 - \sqrt{0.9775}) = 20 - \sqrt{391}$.",
                 Symbolic()),
        ),
    )


@register
def exercise_4_5() -> Derivation:
    d = DIMENSION
    shifted = M - gamma * sympy.Identity(d)
    rate = plus(times(sympy.I, omega), minus(gamma))
    solution = sympy.exp((sympy.I * omega - gamma) * time) * v
    return Derivation(
        title="Diffusion in continuous time forgets at the rate gamma",
        source=SOURCE,
        statement=(
            r"If $Mv = i\omega v$, then $v$ is an eigenvector of $M - \gamma I$ with eigenvalue "
            r"$i\omega - \gamma$, so, by the theorem on eigendirections (which assumes that "
            r"solutions are unique), the solution of $h' = (M - \gamma I)h$ from $h(0) = v$ is "
            r"$e^{(i\omega - \gamma)t}v$, and its squared length is "
            r"$e^{-2\gamma t}\lVert v\rVert^2$: it shrinks like $e^{-\gamma t}$. Along such an "
            r"eigenvector, diffusion in continuous time only damps."
        ),
        hypotheses=(Hypothesis("eigenvector", M * v, sympy.I * omega * v,
                               text=r"$v$ is an eigenvector of $M$ for $i\omega$"),),
        uses=("ode-eigendirection-growth",),
        steps=(
            Step("shifted-eigenvector", shifted * v, (sympy.I * omega - gamma) * v,
                 r"$(M - \gamma I)v = i\omega v - \gamma v$.", Symbolic(),
                 given=("eigenvector",),
                 display_lhs=times(plus(M, minus(times(gamma, sympy.Identity(d)))), v),
                 display_rhs=times(rate, v)),
            Step("decay", NormSquared(solution), sympy.exp(-2 * gamma * time) * NormSquared(v),
                 r"$|e^{(i\omega - \gamma)t}|^2 = e^{-2\gamma t}$ for real $t$.",
                 Symbolic(rewrite=complex_parts),
                 display_lhs=NormSquared(times(sympy.exp(times(rate, time), evaluate=False),
                                               v))),
        ),
        claims_every_size=True,
    )


@register
def exercise_4_6() -> Derivation:
    shift = sympy.Symbol("c", real=True)  # not r, the notation's modulus
    factor = sympy.Abs(1 + epsilon * (-gamma + sympy.I * omega)) ** 2
    return Derivation(
        title="When no diffusion can help",
        source=SOURCE,
        statement=(
            r"If $\varepsilon\omega > 1$, then $|1 + \varepsilon(-\gamma + i\omega)| > 1$ for "
            r"every $\gamma$: no amount of diffusion makes the Euler step stable, and the "
            r"step $\varepsilon$ itself must shrink."
        ),
        hypotheses=(Hypothesis("large-step", omega, 1 / epsilon, Relation.GT,
                               text="a step too long for the rotation"),),
        definitions={gamma: 1 / epsilon + shift},
        steps=(
            Step("complete-the-square",
                 epsilon * gamma**2 - 2 * gamma + epsilon * omega**2,
                 epsilon * shift**2 + (epsilon**2 * omega**2 - 1) / epsilon,
                 r"Write $\gamma = 1/\varepsilon + c$ with $c$ real and complete the square.",
                 Symbolic(),
                 display_lhs=plus(epsilon * gamma**2, minus(times(2, gamma)),
                                  epsilon * omega**2)),
            Step("unstable", factor, sympy.Integer(1),
                 r"$|1 + \varepsilon\lambda|^2 - 1 = \varepsilon(\varepsilon c^2 + "
                 r"(\varepsilon^2\omega^2 - 1)/\varepsilon) > 0$.",
                 Symbolic(rewrite=complex_parts), relation=Relation.GT, given=("large-step",),
                 display_lhs=euler_factor(epsilon, diffused(gamma, omega))),
        ),
    )


@register
def exercise_4_7() -> Derivation:
    t = sympy.Symbol("t", real=True)
    cos, sin = sympy.cos(t), sympy.sin(t)
    half = sympy.Rational(3, 2)
    A = sympy.MatrixSymbol("A(t)", 2, 2)
    x = sympy.MatrixSymbol("x(t)", 2, 1)
    return Derivation(
        title="Frozen eigenvalues in the left half-plane and a growing solution",
        source=SOURCE,
        statement=(
            r"For the time-dependent matrix $A(t)$ below (Markus and Yamabe, 1960) both "
            r"eigenvalues are $(-1 \pm i\sqrt7)/4$ at every $t$, real part $-1/4 < 0$, yet "
            r"$x(t) = e^{t/2}(-\cos t, \sin t)$ solves $x' = A(t)x$ and grows like $e^{t/2}$. "
            r"Eigenvalues of $A(t)$ at each instant do not decide stability."
        ),
        hypotheses=(),
        definitions={
            A: sympy.ImmutableMatrix([[-1 + half * cos**2, 1 - half * cos * sin],
                                      [-1 - half * sin * cos, -1 + half * sin**2]]),
            x: sympy.ImmutableMatrix([-sympy.exp(t / 2) * cos, sympy.exp(t / 2) * sin]),
        },
        steps=(
            Step("frozen-eigenvalues", sympy.Determinant(lam * sympy.Identity(2) - A),
                 lam**2 + lam / 2 + sympy.Rational(1, 2),
                 r"Trace $-1/2$ and determinant $1/2$ at every $t$: roots "
                 r"$(-1 \pm i\sqrt7)/4$.", Symbolic(rewrite=pythagoras)),
            Step("solves", sympy.Derivative(x, t), A * x,
                 r"Differentiate and use $\cos^2 t + \sin^2 t = 1$.",
                 Symbolic(rewrite=pythagoras)),
            Step("grows", NormSquared(x), sympy.exp(t),
                 r"$\lVert x(t)\rVert = e^{t/2}$.", Symbolic(rewrite=pythagoras)),
        ),
        conclusion="solves",
    )


@register
def exercise_4_8() -> Derivation:
    d = DIMENSION
    D = symbol("D")
    M_gamma = symbol("M_gamma")
    D_inverse = sympy.MatrixSymbol("{D^{-1}}", d, d)
    # c and a: the notation's p and q are eigenvectors.
    weighted_symbol, length_symbol = sympy.symbols("c a", positive=True)
    real_part, imaginary_part = sympy.symbols("mu nu", real=True)
    form = sympy.adjoint(v) * M_gamma * v
    weighted = sympy.adjoint(v) * D_inverse * v
    plain = sympy.adjoint(v) * M * v
    length = sympy.adjoint(v) * v
    return Derivation(
        title="Positive slopes and diffusion push every eigenvalue left",
        source=SOURCE,
        statement=(
            r"If $D$ is real diagonal and invertible, $M$ real antisymmetric and "
            r"$\gamma > 0$, every eigenvalue $\lambda$ of $DM_\gamma = D(M - \gamma I)$, with "
            r"eigenvector $v$, has $\operatorname{Re}\lambda = -\gamma a/c$, where "
            r"$a = \lVert v\rVert^2$ and $c = v^*D^{-1}v$, at every size. Assuming $a$ and "
            r"$c$ positive, as they are when $v \neq 0$ and every entry of $D$ is positive "
            r"(not checked here), $\operatorname{Re}\lambda < 0$: with the slopes $D$ "
            "frozen, every eigenvalue of the linearised cell with diffusion lies in the left "
            "half-plane. That is not a proof that the cell contracts: exercise 4.7 shows that "
            "eigenvalues frozen at each moment do not decide stability when the matrix changes "
            "with time, as $D$ does along a trajectory."
        ),
        hypotheses=(
            Hypothesis("real", sympy.adjoint(M), M.T, text="$M$ is real"),
            Hypothesis("antisymmetric", M.T, -M, text="$M$ is antisymmetric"),
            Hypothesis("diffusion", M_gamma, M - gamma * sympy.Identity(d),
                       text="the diffusion $\\gamma$ is subtracted from the diagonal"),
            Hypothesis("eigenvector", D * M_gamma * v, lam * v,
                       text=r"$v$ is an eigenvector of $DM_\gamma$"),
            Hypothesis("inverse", D_inverse * D, sympy.Identity(d), text="$D$ is invertible"),
            Hypothesis("real-diagonal", sympy.adjoint(D_inverse), D_inverse,
                       text=r"$D^{-1}$ is real and diagonal"),
            Hypothesis("weighted", weighted, weighted_symbol,
                       text=r"$c = \sum_i |v_i|^2/d_i$, taken to be positive"),
            Hypothesis("length", length, length_symbol,
                       text=r"$a = \lVert v\rVert^2$, taken to be positive"),
        ),
        definitions={lam: real_part + sympy.I * imaginary_part},
        steps=(
            Step("insert-identity", form, sympy.adjoint(v) * D_inverse * D * M_gamma * v,
                 r"Insert $D^{-1}D = I$.", Symbolic(), given=("inverse",)),
            Step("use-eigenvector", sympy.adjoint(v) * D_inverse * D * M_gamma * v,
                 lam * weighted, r"Replace $DM_\gamma v$ by $\lambda v$.", Symbolic(),
                 given=("eigenvector",)),
            Step("rayleigh", form, lam * weighted, r"So $v^*M_\gamma v = \lambda c$.",
                 Chain(("insert-identity", "use-eigenvector"))),
            Step("rayleigh-conjugate", sympy.Adjoint(form), sympy.conjugate(lam) * weighted,
                 r"Conjugate; $c$ is real.", Symbolic(), given=("rayleigh", "real-diagonal")),
            Step("expand", form, plain - gamma * length,
                 r"$M_\gamma = M - \gamma I$.", Symbolic(), given=("diffusion",),
                 display_rhs=plus(plain, minus(times(gamma, length)))),
            Step("expand-conjugate", sympy.Adjoint(form), -plain - gamma * length,
                 r"$M_\gamma^* = M^\top - \gamma I = -M - \gamma I$.", Symbolic(),
                 given=("diffusion", "real", "antisymmetric"),
                 display_rhs=plus(minus(plain), minus(times(gamma, length)))),
            Step("real-part", sympy.re(lam), -gamma * length_symbol / weighted_symbol,
                 r"Add (3) and (4), and (5) and (6): $2\operatorname{Re}(\lambda)\,c = "
                 r"-2\gamma a$.", Symbolic(),
                 given=("rayleigh", "rayleigh-conjugate", "expand", "expand-conjugate",
                        "weighted", "length")),
            Step("negative", -gamma * length_symbol / weighted_symbol, sympy.Integer(0),
                 r"$\gamma$, $a$ and $c$ are positive.", Symbolic(), relation=Relation.LT),
            Step("left-half-plane", sympy.re(lam), sympy.Integer(0),
                 r"Every eigenvalue lies strictly left of the imaginary axis.",
                 Chain(("real-part", "negative")), relation=Relation.LT),
        ),
        claims_every_size=True,
    )
