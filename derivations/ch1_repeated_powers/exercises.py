"""Chapter 1 exercises: each solution is a derivation, checked like every theorem of the chapter.

``exercise-1-k`` is the solution of exercise 1.k on the page; where its conclusion
is a number, the page lets the reader type an answer and checks it against that
number.
"""

from __future__ import annotations

import sympy

from derivations.ch1_repeated_powers.display import (
    minus,
    modulus,
    power,
    product,
    unevaluated,
    written,
)
from derivations.ch1_repeated_powers.fibonacci_matrix import (
    FIBONACCI_MATRIX,
    OTHER_FIBONACCI_MATRIX,
    fibonacci_block,
)
from derivations.ch1_repeated_powers.rewrites import (
    PHI_VALUE,
    PSI_VALUE,
    binet,
)
from derivations.ch1_repeated_powers.sources import MERITY
from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Instances,
    Relation,
    Step,
    Symbolic,
    register,
)
from derivations.notation import symbol

F, F_OTHER, phi, psi = symbol("F"), symbol("F'"), symbol("phi"), symbol("psi")
n, k, lam, r = symbol("n"), symbol("k"), symbol("lambda"), symbol("r")
fib = sympy.fibonacci
EXERCISES = "exercises of this companion"


@register
def exercise_1_1() -> Derivation:
    tenth = phi**10 + psi**10
    return Derivation(
        title="The tenth power sum of the eigenvalues",
        source=EXERCISES,
        statement=(
            r"$L_k = \varphi^k + \psi^k$ obeys the Fibonacci recurrence with $L_0 = 2$, "
            r"$L_1 = \varphi + \psi = 1$, so $\varphi^{10} + \psi^{10}$ is the integer $123$: "
            r"the irrational parts cancel."
        ),
        hypotheses=(),
        definitions={phi: PHI_VALUE, psi: PSI_VALUE},
        steps=(
            Step("sum", phi + psi, sympy.Integer(1),
                 r"The roots of $\lambda^2 - \lambda - 1$ add up to 1.", Symbolic()),
            Step("recurrence", phi ** (k + 2) + psi ** (k + 2),
                 phi ** (k + 1) + psi ** (k + 1) + phi**k + psi**k,
                 r"Multiply $\lambda^2 = \lambda + 1$ by $\lambda^k$ for both roots and add.",
                 Symbolic()),
            Step("tenth", tenth, sympy.Integer(123),
                 r"Run the recurrence from $2, 1$: $3, 4, 7, 11, 18, 29, 47, 76, 123$.",
                 Symbolic()),
        ),
    )


@register
def exercise_1_2() -> Derivation:
    mixed = F * F_OTHER * F_OTHER * F
    return Derivation(
        title="A product that mixes the two Fibonacci matrices",
        source=EXERCISES,
        statement=(
            r"The chain $F F' F' F$ is $\begin{bmatrix}1 & 2\\ 2 & 5\end{bmatrix}$, not "
            r"$F^4$: formulas from one convention cannot be mixed with the other."
        ),
        hypotheses=(),
        definitions={F: FIBONACCI_MATRIX, F_OTHER: OTHER_FIBONACCI_MATRIX},
        steps=(
            Step("value", mixed, sympy.ImmutableMatrix([[1, 2], [2, 5]]),
                 r"Multiply out; $1 + 2 \neq 5$, so no three consecutive Fibonacci numbers "
                 r"stand in it.", Symbolic()),
            Step("fourth-power", F**4, sympy.ImmutableMatrix([[2, 3], [3, 5]]),
                 r"With $F$ throughout, the chain gives $F^4$.", Symbolic()),
            Step("not-the-power", mixed, F**4,
                 r"The top-left entries differ.", Symbolic(), relation=Relation.NE,
                 still_true={"rhs+1": r"$F^4 + I$ does not give "
                                      r"$F F' F' F$ either",
                             "rhs*2": r"$2F^4$ is not $F F' F' F$ either",
                             "constant": r"$F^5$ is not $F F' F' F$ either (its top-left "
                                         r"entry is 3)"}),
        ),
    )


@register
def exercise_1_3() -> Derivation:
    cassini = fib(n - 1) * fib(n + 1) - fib(n) ** 2
    return Derivation(
        title="Cassini's identity from a determinant",
        source=EXERCISES,
        statement=(
            r"For every integer $n \geq 0$, $F_{n-1}F_{n+1} - F_n^2 = (-1)^n$: it is the "
            r"determinant of $F^n$, and $\det F = -1$."
        ),
        hypotheses=(Hypothesis("powers-of-f", F**n, fibonacci_block(n), every=(n,),
                               text="the theorem on the powers of $F$"),),
        definitions={F: FIBONACCI_MATRIX},
        uses=("fibonacci-matrix-powers",),
        steps=(
            Step("is-a-determinant", cassini, sympy.Determinant(F**n),
                 r"The determinant of $F^n = \begin{bmatrix}F_{n+1} & F_n\\ F_n & F_{n-1}"
                 r"\end{bmatrix}$ (the theorem on the powers of $F$).",
                 Symbolic(), given=("powers-of-f",)),
            Step("multiplicative", sympy.Determinant(F**n), sympy.Determinant(F) ** n,
                 r"The determinant of a product is the product of the determinants.",
                 Symbolic()),
            Step("det-f", sympy.Determinant(F) ** n, (-1) ** n,
                 r"$\det F = 0 \cdot 1 - 1 \cdot 1 = -1$.", Symbolic()),
            Step("cassini", cassini, (-1) ** n, r"Chain (1), (2), (3).",
                 Chain(("is-a-determinant", "multiplicative", "det-f"))),
        ),
    )


@register
def exercise_1_4() -> Derivation:
    ratio = sympy.Rational(9, 10)

    def corner(index: sympy.Basic) -> sympy.Basic:
        return index * ratio ** (index - 1)

    step_change = corner(n + 1) - corner(n)
    highest = product(9, power(ratio, 8))
    later = sympy.Symbol("k", integer=True, nonnegative=True)  # n = 9 + k: past the peak

    # (9/10)^k as e^{-k log(10/9)}, a function value: an order relation the kernel can cite.
    def decay(steps: sympy.Basic) -> sympy.Basic:
        return sympy.exp(-steps * sympy.log(1 / ratio))

    def bound(steps: sympy.Basic) -> sympy.Basic:
        return 9 / (9 + steps)

    return Derivation(
        title="Transient growth before the decay",
        source=EXERCISES,
        statement=(
            r"With $\lambda = 9/10$, the corner $n\lambda^{n-1}$ of $B_\lambda^n$ changes by "
            r"$(9/10)^{n-1}(9 - n)/10$ from $n$ to $n + 1$: it grows until $n = 9$, is equal "
            r"at $n = 9$ and $n = 10$, and shrinks after. No $n \geq 0$ gives more than "
            r"$n = 9$ (steps 5 and 13: every $n$ is at most $9$ or is $9 + k$ with "
            r"$k \geq 0$), so the largest value is $9 \cdot (9/10)^8 = 3.87420489$, almost "
            r"four times the corner $1$ of $B_\lambda$ itself, although $|\lambda| < 1$."
        ),
        hypotheses=(
            Hypothesis("up-to-nine", n, sympy.Integer(9), Relation.LE, local=True,
                       text="the rising part"),
            Hypothesis("from-nine", n, sympy.Integer(9), Relation.GE, local=True,
                       text="the falling part"),
            Hypothesis("case-k", decay(later), bound(later), Relation.LE, local=True,
                       text=r"the case $k$: $(9/10)^k \leq 9/(9 + k)$"),
        ),
        uses=("jordan-block-powers",),
        steps=(
            Step("change", step_change, ratio ** (n - 1) * (9 - n) / 10,
                 r"Factor out $(9/10)^{n-1}$.", Symbolic()),
            Step("rising", step_change, sympy.Integer(0),
                 r"The factor $9 - n$ is not negative up to $n = 9$.",
                 Symbolic(), relation=Relation.GE, given=("up-to-nine",)),
            Step("falling", step_change, sympy.Integer(0),
                 r"… and not positive from $n = 9$ on.",
                 Symbolic(), relation=Relation.LE, given=("from-nine",)),
            Step("tie", product(10, power(ratio, 9)), highest,
                 r"At $n = 9$ the change is 0: the corner is the same at $n = 10$.", Symbolic()),
            Step("up-to-the-peak", corner(n), highest,
                 r"Up to $n = 9$ no corner exceeds the one at $n = 9$, the last of them.",
                 Instances(n, [sympy.Integer(j) for j in range(10)]), relation=Relation.LE),
            Step("one-more-factor", decay(later + 1), ratio * decay(later),
                 r"Past $n = 9$, write $n = 9 + k$ and $(9/10)^k = e^{-k\log(10/9)}$: one "
                 r"more step multiplies it by $9/10$ …", Symbolic()),
            Step("by-the-case-k", ratio * decay(later), ratio * bound(later),
                 r"… the case $k$ …", Symbolic(), relation=Relation.LE, given=("case-k",)),
            Step("still-below", ratio * bound(later), bound(later + 1),
                 r"… and $\frac{9}{10} \cdot \frac{9}{9 + k} \leq \frac{9}{10 + k}$, since "
                 r"$81(10 + k) \leq 90(9 + k)$ …", Symbolic(), relation=Relation.LE),
            Step("case-k-plus-one", decay(later + 1), bound(later + 1),
                 r"… give the case $k + 1$: steps (6) to (8).",
                 Chain(("one-more-factor", "by-the-case-k", "still-below")),
                 relation=Relation.LE),
            Step("powers-bound", decay(later), bound(later),
                 r"Induction on $k$, from $1 \leq 1$: $(9/10)^k \leq 9/(9 + k)$ for every "
                 r"$k \geq 0$.",
                 Induction(later, step="case-k-plus-one", hypothesis="case-k"),
                 relation=Relation.LE),
            Step("corner-past-the-peak", corner(9 + later),
                 (9 + later) * ratio**8 * decay(later),
                 r"The corner at $n = 9 + k$ is $(9 + k)(9/10)^8 (9/10)^k$ …", Symbolic(),
                 display_rhs=product(9 + later, power(ratio, 8), decay(later))),
            Step("below-the-peak", (9 + later) * ratio**8 * decay(later), highest,
                 r"… and $(9 + k)(9/10)^k \leq 9$ by step (10).", Symbolic(),
                 relation=Relation.LE, given=("powers-bound",),
                 display_lhs=product(9 + later, power(ratio, 8), decay(later))),
            Step("after-the-peak", corner(9 + later), highest,
                 r"So from $n = 9$ on no corner exceeds the one at $n = 9$: steps (11) and (12).",
                 Chain(("corner-past-the-peak", "below-the-peak")), relation=Relation.LE),
            Step("peak", highest, sympy.Rational(387_420_489, 100_000_000),
                 r"So the largest value is at $n = 9$ (and $n = 10$).", Symbolic()),
        ),
    )


@register
def exercise_1_5() -> Derivation:
    # k, the notation's integer index, not m: m counts the rows of a tall matrix.
    k, i = sympy.symbols("k i", integer=True, nonnegative=True)
    merity_ratio = sympy.Rational(809, 500)  # Merity's 1.618
    return Derivation(
        title="How long multiplying by the golden ratio stays exact",
        source=MERITY,
        statement=(
            r"For all integers $k, i \geq 0$, $F_k\varphi^i - F_{k+i} = -\psi^k F_i$. Starting "
            r"from $F_7 = 13$ the error $|\psi|^7 F_i$ stays below $1/2$ up to $i = 7$, so "
            r"$13\varphi^i$ rounds to $F_{7+i}$ for $i \leq 7$, and fails first at $i = 8$; "
            r"Merity's $1.618$ fails there too."
        ),
        hypotheses=(binet("binet-k", k), binet("binet-i", i), binet("binet-k-i", k + i)),
        definitions={phi: PHI_VALUE, psi: PSI_VALUE},
        uses=("fibonacci-eigendecomposition",),
        steps=(
            Step("error", fib(k) * phi**i - fib(k + i), -(psi**k) * fib(i),
                 r"Substitute Binet's formula for all three Fibonacci numbers.",
                 Symbolic(), given=("binet-k", "binet-i", "binet-k-i"),
                 display_lhs=written(product(fib(k), phi**i),
                                     minus(fib(written(k, i))))),
            Step("still-rounds", sympy.Abs(psi) ** 7 * fib(7), sympy.Rational(1, 2),
                 r"At $i = 7$ the error is $0.45$; $F_i$ is smaller for smaller $i$.",
                 Symbolic(), relation=Relation.LT,
                 display_lhs=product(power(modulus(psi), 7), unevaluated(sympy.fibonacci, 7))),
            Step("rounds-up-to-seven", sympy.Abs(13 * phi**i - fib(7 + i)),
                 sympy.Rational(1, 2),
                 r"So $13\varphi^i$ rounds to $F_{7+i}$ at every $i$ from 0 to 7.",
                 Instances(i, [sympy.Integer(j) for j in range(8)]), relation=Relation.LT,
                 display_lhs=modulus(written(13 * phi**i, minus(fib(written(7, i)))))),
            Step("first-miss", sympy.Abs(13 * phi**8 - fib(15)), sympy.Rational(1, 2),
                 r"At $i = 8$ the error $|\psi|^7 F_8 \approx 0.72$ exceeds $1/2$: "
                 r"$13\varphi^8 \approx 610.72$ rounds to $611$, not $F_{15} = 610$.",
                 Symbolic(), relation=Relation.GT,
                 display_lhs=modulus(written(13 * phi**8,
                                             minus(unevaluated(sympy.fibonacci, 15))))),
            Step("merity-misses-too", 13 * merity_ratio**8 - fib(15), sympy.Rational(1, 2),
                 r"With Merity's $1.618 = 809/500$ in place of $\varphi$: "
                 r"$13 \cdot 1.618^8 \approx 610.62$.",
                 Symbolic(), relation=Relation.GT,
                 display_lhs=sympy.Add(
                     product(13, power(merity_ratio, 8)),
                     minus(unevaluated(sympy.fibonacci, 15)),
                     evaluate=False)),
        ),
        conclusion="first-miss",
    )


@register
def exercise_1_6() -> Derivation:
    block = sympy.ImmutableMatrix([[lam, 1, 0], [0, lam, 1], [0, 0, lam]])
    pairs = n * (n - 1) / 2
    return Derivation(
        title="A three by three Jordan block",
        source=EXERCISES,
        statement=(
            r"The $n$-th power of the $3 \times 3$ Jordan block has the corner "
            r"$\tfrac{n(n-1)}{2}\lambda^{n-2}$, which grows like $n^2$; still, if "
            r"$|\lambda| = r$ with $0 < r < 1$, its modulus $\tfrac{n(n-1)}{2} r^{n-2}$ "
            r"tends to 0."
        ),
        hypotheses=(
            Hypothesis("positive", r, sympy.Integer(0), Relation.GT,
                       text=r"$\lambda \neq 0$"),
            Hypothesis("below-one", r, sympy.Integer(1), Relation.LT,
                       text=r"$\lambda$ lies inside the unit circle"),
        ),
        steps=(
            Step("powers", sympy.MatPow(block, n),
                 sympy.ImmutableMatrix([[lam**n, n * lam ** (n - 1), pairs * lam ** (n - 2)],
                                        [0, lam**n, n * lam ** (n - 1)],
                                        [0, 0, lam**n]]),
                 r"Induction on $n$: one more factor adds to each entry its right neighbour "
                 r"divided by $\lambda$ … and $\tfrac{n(n-1)}{2} + n = \tfrac{(n+1)n}{2}$.",
                 Induction(n, recurrence=lambda power: power * block)),
            Step("corner-vanishes", sympy.Limit(pairs * r ** (n - 2), n, sympy.oo),
                 sympy.Integer(0),
                 r"The modulus of the corner is $\tfrac{n(n-1)}{2} r^{n-2}$: a polynomial "
                 r"times a geometric decay still tends to 0.",
                 Symbolic(), given=("positive", "below-one")),
        ),
    )
