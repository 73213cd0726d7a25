"""The red-team corpus: claims that are false on purpose, each aimed at one mechanism of the
checker, and true controls of the same shape.

Every false case states, in ``why``, why the claim is false and a counterexample (or the true
value). Unless the case says otherwise, the false claim is the derivation's conclusion; the
other steps of a case are true, or the case says which one is not. A case is *rejected* if the
derivation is refused when built (``ValueError``/``TypeError``), or if its conclusion, or a step
the conclusion rests on, fails verification.

Builders use only the public engine API (``derivations.engine``), so the corpus runs unchanged
against a rewritten engine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import sympy

from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Instances,
    Numeric,
    Relation,
    Step,
    Symbolic,
)

MECHANISMS = (
    "symbolic-equality",
    "ideal",
    "inequation",
    "matrix-words",
    "order",
    "fraction",
    "chain",
    "induction-recurrence",
    "induction-step",
    "instances",
    "numeric",
    "limit",
    "rewrite",
    "display",
    "undefined",
    "fresh-names",
    "matrix-power",
)


@dataclass(frozen=True)
class Case:
    """One claim: ``build`` makes its derivation; ``why`` says why it is false (or, for a
    control, why it is true)."""

    id: str
    mechanism: str
    build: Callable[[], Derivation]
    why: str


CASES: list[Case] = []
CONTROLS: list[Case] = []


def _false(case_id: str, mechanism: str, why: str) -> Callable:
    def add(build: Callable[[], Derivation]) -> Callable[[], Derivation]:
        CASES.append(Case(case_id, mechanism, build, why))
        return build
    return add


def _true(case_id: str, mechanism: str, why: str) -> Callable:
    def add(build: Callable[[], Derivation]) -> Callable[[], Derivation]:
        CONTROLS.append(Case(case_id, mechanism, build, why))
        return build
    return add


# -- building blocks -------------------------------------------------------------------------

EQ, NE, LT, LE, GT, GE = (Relation.EQ, Relation.NE, Relation.LT, Relation.LE, Relation.GT,
                          Relation.GE)
REASON = "claimed"


def derivation(*steps: Step, hypotheses=(), definitions=None) -> Derivation:
    return Derivation(slug="red-team", title="Red team claim", chapter=1, source="red team",
                      statement="A claim from the red-team corpus.",
                      hypotheses=tuple(hypotheses), steps=tuple(steps),
                      definitions=definitions or {})


def step(label: str, lhs, rhs, check, relation: Relation = EQ, given=(), **extra) -> Step:
    return Step(label, lhs, rhs, REASON, check, relation, given=tuple(given), **extra)


def claim(lhs, rhs, check=None, relation: Relation = EQ, *, given=(), hypotheses=(),
          definitions=None, **extra) -> Derivation:
    """A derivation of one step, ``lhs relation rhs``."""
    return derivation(step("claim", lhs, rhs, check or Symbolic(), relation, given, **extra),
                      hypotheses=hypotheses, definitions=definitions)


def fact(label: str, lhs, rhs, relation: Relation = EQ, local: bool = False,
         every: tuple = ()) -> Hypothesis:
    return Hypothesis(label, lhs, rhs, relation, local=local, every=every)


x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", real=True)
t = sympy.Symbol("t", real=True)
p, q = sympy.symbols("p q")  # complex
z, w = sympy.symbols("z w")  # complex
a_neg, b_neg = sympy.symbols("a b", negative=True)
lam = sympy.Symbol("lambda")
r = sympy.Symbol("r", real=True)
n = sympy.Symbol("n", integer=True, nonnegative=True)
m = sympy.Symbol("m", integer=True, positive=True)
k = sympy.Symbol("k", integer=True)
j = sympy.Symbol("j", integer=True)
d = sympy.Symbol("d", integer=True, positive=True)
rows = sympy.Symbol("N", integer=True, positive=True)
cols = sympy.Symbol("K", integer=True, positive=True)
A = sympy.MatrixSymbol("A", d, d)
B = sympy.MatrixSymbol("B", d, d)
C = sympy.MatrixSymbol("C", d, d)
Q = sympy.MatrixSymbol("Q", d, d)
v = sympy.MatrixSymbol("v", d, 1)
u = sympy.MatrixSymbol("u", d, 1)
f = sympy.Function("f")
I_d = sympy.Identity(d)
ZERO_d = sympy.ZeroMatrix(d, d)
FLOAT_NEARLY_ONE = sympy.Add(sympy.Float(1.0), sympy.Float("1e-20"), evaluate=False)
PLACES = ({x: sympy.Rational(1, 3)}, {x: sympy.Rational(2, 3)}, {x: sympy.Rational(5, 3)})


# == 1. symbolic-equality: scalars and explicit matrices, no facts ============================

@_false("sqrt-of-square-is-x", "symbolic-equality",
        "For real x the square root of x squared is |x|: at x = -1 the left side is 1, the right "
        "side -1.")
def _():
    return claim(sympy.sqrt(x**2), x)


@_false("log-of-product-complex", "symbolic-equality",
        "The principal logarithm is not additive on the complex plane: at p = q = -1, "
        "log(pq) = log 1 = 0 but log p + log q = 2 pi i.")
def _():
    return claim(sympy.log(p * q), sympy.log(p) + sympy.log(q))


@_false("sqrt-of-product-negatives", "symbolic-equality",
        "For negative a, b: at a = b = -1, sqrt(ab) = sqrt(1) = 1 but sqrt(a) sqrt(b) = i i = -1.")
def _():
    return claim(sympy.sqrt(a_neg * b_neg), sympy.sqrt(a_neg) * sympy.sqrt(b_neg))


@_false("arcsin-of-sine", "symbolic-equality",
        "asin(sin x) = x only on [-pi/2, pi/2]: at x = pi the left side is asin(0) = 0.")
def _():
    return claim(sympy.asin(sympy.sin(x)), x)


@_false("arctan-of-reciprocal", "symbolic-equality",
        "atan x + atan(1/x) = pi/2 only for x > 0: at x = -1 it is -pi/4 - pi/4 = -pi/2.")
def _():
    return claim(sympy.atan(x) + sympy.atan(1 / x), sympy.pi / 2)


@_false("power-of-a-power-complex", "symbolic-equality",
        "(p^q)^z = p^(qz) fails off the positive reals: at p = -1, q = 2, z = 1/2 the left side is "
        "1^(1/2) = 1, the right side (-1)^1 = -1.")
def _():
    return claim((p**q) ** z, p ** (q * z))


@_false("float-absorbs-a-tiny-term", "symbolic-equality",
        "1.0 + 1.0e-20 is not 1: the sum differs from 1 by 1e-20; only 53-bit rounding makes the "
        "two floats add to 1.0.")
def _():
    return claim(FLOAT_NEARLY_ONE, sympy.Integer(1))


@_false("pi-equals-its-double", "symbolic-equality",
        "pi is irrational; the double 3.141592653589793 (math.pi) differs from it by about "
        "1.2e-16.")
def _():
    return claim(sympy.pi, sympy.Float(math.pi))


@_false("pi-equals-fifty-digit-rational", "symbolic-equality",
        "pi is irrational, so it equals no rational; this 50-digit truncation differs from pi by "
        "about 5.8e-51.")
def _():
    digits = "314159265358979323846264338327950288419716939937510"
    return claim(sympy.pi, sympy.Rational(int(digits), 10**50))


@_false("abs-is-additive", "symbolic-equality",
        "|x + y| = |x| + |y| fails when the signs differ: at x = 1, y = -1 it reads 0 = 2.")
def _():
    return claim(sympy.Abs(x + y), sympy.Abs(x) + sympy.Abs(y))


@_false("explicit-matrices-commute", "symbolic-equality",
        "With P = [[1, 1], [0, 1]] and R = [[1, 0], [1, 1]], PR = [[2, 1], [1, 1]] but "
        "RP = [[1, 1], [1, 2]].")
def _():
    P, R = sympy.MatrixSymbol("P", 2, 2), sympy.MatrixSymbol("R", 2, 2)
    return claim(P * R, R * P, definitions={
        P: sympy.ImmutableMatrix([[1, 1], [0, 1]]), R: sympy.ImmutableMatrix([[1, 0], [1, 1]])})


@_false("explicit-determinant-is-additive", "symbolic-equality",
        "With P = [[1, 2], [3, 4]] and R = [[0, 1], [1, 0]], det(P + R) = -8 but "
        "det P + det R = -2 - 1 = -3.")
def _():
    P, R = sympy.MatrixSymbol("P", 2, 2), sympy.MatrixSymbol("R", 2, 2)
    return claim(sympy.Determinant(P + R), sympy.Determinant(P) + sympy.Determinant(R),
                 definitions={P: sympy.ImmutableMatrix([[1, 2], [3, 4]]),
                              R: sympy.ImmutableMatrix([[0, 1], [1, 0]])})


@_false("floor-of-double", "symbolic-equality",
        "floor(2x) = 2 floor(x) fails at x = 1/2: floor(1) = 1 but 2 floor(1/2) = 0.")
def _():
    return claim(sympy.floor(2 * x), 2 * sympy.floor(x))


@_false("log-of-exp-complex", "symbolic-equality",
        "log(exp z) = z fails off the strip |Im z| < pi: at z = 2 pi i, log(exp z) = log 1 = 0.")
def _():
    return claim(sympy.log(sympy.exp(z)), z)


@_false("binomial-below-zero-vanishes", "symbolic-equality",
        "binomial(n - 1, n) = 0 holds for n >= 1 only: at n = 0 it is binomial(-1, 0) = 1 "
        "(any r choose 0 is 1).")
def _():
    return claim(sympy.binomial(n - 1, n), sympy.Integer(0))


@_true("pythagorean-identity", "symbolic-equality", "sin^2 + cos^2 = 1 for every x.")
def _():
    return claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1))


@_true("branch-aware-identities", "symbolic-equality",
       "cos^2 x - sin^2 x = cos 2x; for negative a, b, sqrt(a) sqrt(b) = (i sqrt(-a))(i sqrt(-b)) "
       "= -sqrt(ab); a quarter-turn rotation has fourth power I.")
def _():
    R = sympy.MatrixSymbol("R", 2, 2)
    return derivation(
        step("double-angle", sympy.cos(x) ** 2 - sympy.sin(x) ** 2, sympy.cos(2 * x), Symbolic()),
        step("roots", sympy.sqrt(a_neg * b_neg), -sympy.sqrt(a_neg) * sympy.sqrt(b_neg),
             Symbolic()),
        step("rotation", R**4, sympy.Identity(2), Symbolic()),
        definitions={R: sympy.ImmutableMatrix([[0, -1], [1, 0]])})


@_false("pythagoras-with-a-plus-for-hyperbolics", "symbolic-equality",
        "cosh^2 x + sinh^2 x = cosh(2x), which is 1 only at x = 0 (at x = 1 it is 3.76).")
def _():
    return claim(sympy.cosh(x) ** 2 + sympy.sinh(x) ** 2, sympy.Integer(1))


@_false("double-angle-without-the-two", "symbolic-equality",
        "sin 2x = 2 sin x cos x, not sin x cos x: at x = pi/4 the sides are 1 and 1/2.")
def _():
    return claim(sympy.sin(2 * x), sympy.sin(x) * sympy.cos(x))


@_false("square-of-sine-is-one-minus-cosine", "symbolic-equality",
        "sin^2 x = 1 - cos^2 x, not 1 - cos x: at x = pi/3 the sides are 3/4 and 1/2.")
def _():
    return claim(sympy.sin(x) ** 2, 1 - sympy.cos(x))


@_false("tanh-squared-plus-one", "symbolic-equality",
        "1 - tanh^2 x = 1/cosh^2 x; 1 + tanh^2 x is not: at x = 1 the sides are 1.58 and 0.42.")
def _():
    return claim(1 + sympy.tanh(x) ** 2, 1 / sympy.cosh(x) ** 2)


# == 2. ideal: equalities under cited equations and inequations ==============================

@_false("square-root-picks-one-root", "ideal",
        "x^2 = 1 allows x = -1, where x = 1 fails.")
def _():
    return claim(x, sympy.Integer(1), given=("square",),
                 hypotheses=(fact("square", x**2, sympy.Integer(1)),))


@_false("zero-product-picks-a-factor", "ideal",
        "pq = 0 holds at p = 1, q = 0, where p = 0 fails.")
def _():
    return claim(p, sympy.Integer(0), given=("product",),
                 hypotheses=(fact("product", p * q, sympy.Integer(0)),))


@_false("cancel-without-nonzero-factor", "ideal",
        "pz = pw holds at p = 0, z = 1, w = 2, where z = w fails; cancelling p needs p != 0.")
def _():
    return claim(z, w, given=("same",), hypotheses=(fact("same", p * z, p * w),))


@_false("inequation-is-not-a-value", "ideal",
        "x != 0 allows x = 2, where x = 1 fails.")
def _():
    return claim(x, sympy.Integer(1), given=("nonzero",),
                 hypotheses=(fact("nonzero", x, sympy.Integer(0), NE),))


@_false("exponential-equals-one", "ideal",
        "exp(z) = 1 holds at z = 2 pi i, where z = 0 fails.")
def _():
    return claim(z, sympy.Integer(0), given=("unit",),
                 hypotheses=(fact("unit", sympy.exp(z), sympy.Integer(1)),))


@_false("nilpotent-matrix-is-zero", "ideal",
        "N = [[a, b], [c, e]] with N^2 = 0 allows N = [[1, 1], [-1, -1]], where a = 1, not 0.")
def _():
    a, b, c, e = sympy.symbols("a b c e")
    N = sympy.MatrixSymbol("N", 2, 2)
    return claim(a, sympy.Integer(0), given=("nilpotent",),
                 hypotheses=(fact("nilpotent", N * N, sympy.ZeroMatrix(2, 2)),),
                 definitions={N: sympy.ImmutableMatrix([[a, b], [c, e]])})


@_false("cubic-drops-the-zero-root", "ideal",
        "x^3 = x allows x = 0, where x^2 = 1 fails.")
def _():
    return claim(x**2, sympy.Integer(1), given=("cubic",),
                 hypotheses=(fact("cubic", x**3, x),))


@_false("inequation-under-an-idempotent-scalar", "ideal",
        "x^2 = x allows x = 0, where x != 0 fails.")
def _():
    return claim(x, sympy.Integer(0), relation=NE, given=("idempotent",),
                 hypotheses=(fact("idempotent", x**2, x),))


@_false("float-coefficient-in-a-fact", "ideal",
        "xy = 1 and x = 1.0 + 1.0e-20 give y = 1/(1 + 1e-20) != 1; only rounding the fact to "
        "x = 1.0 makes y = 1.")
def _():
    return claim(y, sympy.Integer(1), given=("product", "nearly-one"),
                 hypotheses=(fact("product", x * y, sympy.Integer(1)),
                             fact("nearly-one", x, FLOAT_NEARLY_ONE)))


@_true("cancel-with-nonzero-factor", "ideal",
       "From pz = pw and p != 0: p(z - w) = 0 with p invertible gives z = w.")
def _():
    return claim(z, w, given=("same", "nonzero"),
                 hypotheses=(fact("same", p * z, p * w),
                             fact("nonzero", p, sympy.Integer(0), NE)))


@_true("fourth-power-of-a-root-of-one", "ideal", "x^2 = 1 gives x^4 = (x^2)^2 = 1.")
def _():
    return claim(x**4, sympy.Integer(1), given=("square",),
                 hypotheses=(fact("square", x**2, sympy.Integer(1)),))


# == 3. inequation: != for scalars and matrices of symbolic size =============================

@_false("scalar-nonzero-without-facts", "inequation", "x = 0 is a real number, where x != 0 fails.")
def _():
    return claim(x, sympy.Integer(0), relation=NE)


@_false("matrix-symbol-nonzero", "inequation",
        "A is any d x d matrix, and A = 0 is one, where A != 0 fails.")
def _():
    return claim(A, ZERO_d, relation=NE)


@_false("commutator-nonzero", "inequation",
        "A = B (or A = I) makes AB = BA, where AB != BA fails.")
def _():
    return claim(A * B, B * A, relation=NE)


@_false("left-inverse-is-not-right-inverse", "inequation",
        "For square Q, Q^T Q = I forces Q Q^T = I (e.g. Q = I), so Q Q^T != I is false.")
def _():
    return claim(Q * Q.T, I_d, relation=NE, given=("orthogonal",),
                 hypotheses=(fact("orthogonal", Q.T * Q, I_d),))


@_false("transpose-differs", "inequation",
        "Every symmetric matrix (A = I) has A^T = A, where A^T != A fails.")
def _():
    return claim(A.T, A, relation=NE)


@_false("idempotent-is-not-identity", "inequation",
        "A = I satisfies A^2 = A, where A != I fails.")
def _():
    return claim(A, I_d, relation=NE, given=("idempotent",),
                 hypotheses=(fact("idempotent", A * A, A),))


@_false("vector-differs-from-its-negative", "inequation",
        "At v = 0, v = -v, where v != -v fails.")
def _():
    return claim(v, -v, relation=NE)


@_false("complex-exponential-not-one", "inequation",
        "exp(z) = 1 at z = 0 (and z = 2 pi i), where exp(z) != 1 fails.")
def _():
    return claim(sympy.exp(z), sympy.Integer(1), relation=NE)


@_false("fixed-size-matrix-nonzero", "inequation",
        "The 2 x 2 matrix symbol M may be the zero matrix, where M != 0 fails.")
def _():
    M = sympy.MatrixSymbol("M", 2, 2)
    return claim(M, sympy.ZeroMatrix(2, 2), relation=NE)


@_true("shear-is-not-identity", "inequation",
       "[[1, 1], [0, 1]] differs from I in its (1, 2) entry; x^2 + 1 >= 1 for real x.")
def _():
    S = sympy.MatrixSymbol("S", 2, 2)
    return derivation(
        step("shear", S, sympy.Identity(2), Symbolic(), NE),
        step("positive", x**2 + 1, sympy.Integer(0), Symbolic(), NE),
        definitions={S: sympy.ImmutableMatrix([[1, 1], [0, 1]])})


@_true("shift-by-identity", "inequation", "A + I - A = I, which is not the zero matrix.")
def _():
    return claim(A + I_d, A, relation=NE)


# == 4. matrix-words: symbolic-size matrix equations rewritten by cited facts ================

@_false("nonsquare-left-inverse-is-right-inverse", "matrix-words",
        "For N x K Q with Q^T Q = I_K, Q Q^T is a projection of rank K: at N = 2, K = 1, "
        "Q = e1, Q Q^T = diag(1, 0), not I_2.")
def _():
    tall = sympy.MatrixSymbol("Q", rows, cols)
    return claim(tall * tall.T, sympy.Identity(rows), given=("orthonormal",),
                 hypotheses=(fact("orthonormal", tall.T * tall, sympy.Identity(cols)),))


@_false("transpose-of-product-keeps-order", "matrix-words",
        "(AB)^T = B^T A^T, and at d = 2, A = E12, B = E21: (AB)^T = E11 but A^T B^T = E22.")
def _():
    return claim(sympy.Transpose(A * B), A.T * B.T)


@_false("eigenvector-of-the-transpose", "matrix-words",
        "Q = [[1, 1], [0, 2]], v = e1, lambda = 1 satisfy Qv = lambda v, but Q^T v = (1, 1)^T.")
def _():
    return claim(Q.T * v, lam * v, given=("eigen",), hypotheses=(fact("eigen", Q * v, lam * v),))


@_false("determinant-is-additive", "matrix-words",
        "At d = 2, A = B = I: det(A + B) = 4 but det A + det B = 2.")
def _():
    return claim(sympy.Determinant(A + B), sympy.Determinant(A) + sympy.Determinant(B))


@_false("noncommutative-binomial", "matrix-words",
        "(A + B)^2 = A^2 + AB + BA + B^2, which differs from A^2 + 2AB + B^2 by BA - AB "
        "(nonzero for A = E12, B = E21).")
def _():
    return claim((A + B) ** 2, A**2 + 2 * A * B + B**2)


@_false("trace-is-fully-symmetric", "matrix-words",
        "The trace is only cyclic: with A = E11, B = E12, C = E21, tr(ABC) = 1 but tr(ACB) = 0.")
def _():
    return claim(sympy.Trace(A * B * C), sympy.Trace(A * C * B))


@_false("rank-one-matrix-is-invertible", "matrix-words",
        "u u^T has rank at most 1 and size m + 2 >= 3 here, so it is singular: "
        "(u u^T)^{-1} does not exist and the product is not I.")
def _():
    tall = sympy.MatrixSymbol("u", m + 2, 1)
    outer = tall * tall.T
    return claim(sympy.MatMul(outer, sympy.Inverse(outer)), sympy.Identity(m + 2))


@_false("outer-product-from-unit-length", "matrix-words",
        "u = e1 in dimension 2 has u^T u = 1, but u u^T = diag(1, 0), not I.")
def _():
    return claim(u * u.T, I_d, given=("unit",),
                 hypotheses=(fact("unit", u.T * u, sympy.Identity(1)),))


@_false("inverse-of-an-arbitrary-matrix", "matrix-words",
        "A = 0 (or any singular A) has no inverse, so A A^{-1} = I does not hold for every d x d "
        "matrix A.")
def _():
    return claim(sympy.MatMul(A, sympy.Inverse(A)), I_d)


@_false("product-zero-reversed", "matrix-words",
        "A = E12, B = E11 give AB = 0 but BA = E12 != 0.")
def _():
    return claim(B * A, ZERO_d, given=("annihilate",),
                 hypotheses=(fact("annihilate", A * B, ZERO_d),))


@_false("product-zero-with-a-factor-between", "matrix-words",
        "A = E11, B = E12, C = E21 give AC = 0 but ABC = E11 != 0.")
def _():
    return claim(A * B * C, ZERO_d, given=("annihilate",),
                 hypotheses=(fact("annihilate", A * C, ZERO_d),))


@_false("nilpotent-symbolic-matrix-is-zero", "matrix-words",
        "A = E12 satisfies A^2 = 0 but is not 0.")
def _():
    return claim(A, ZERO_d, given=("nilpotent",), hypotheses=(fact("nilpotent", A * A, ZERO_d),))


@_false("determinant-scales-linearly", "matrix-words",
        "det(2A) = 2^d det A: at d = 2, A = I it is 4, not 2.")
def _():
    return claim(sympy.Determinant(2 * A), 2 * sympy.Determinant(A))


@_true("determinant-of-gram-of-orthogonal", "matrix-words",
       "Q^T Q = I gives det(Q^T Q) = det I = 1; (AB)^T = B^T A^T always.")
def _():
    return derivation(
        step("gram", sympy.Determinant(Q.T * Q), sympy.Integer(1), Symbolic(),
             given=("orthogonal",)),
        step("transpose", sympy.Transpose(A * B), B.T * A.T, Symbolic()),
        hypotheses=(fact("orthogonal", Q.T * Q, I_d),))


@_true("unipotent-inverse", "matrix-words",
       "A^2 = 0 gives (I + A)(I - A) = I - A^2 = I.")
def _():
    return claim((I_d + A) * (I_d - A), I_d, given=("nilpotent",),
                 hypotheses=(fact("nilpotent", A * A, ZERO_d),))


@_true("householder-reflector-squares-to-identity", "matrix-words",
       "With u^T u = c, (I - 2uu^T/c)^2 = I - 4uu^T/c + 4u(u^T u)u^T/c^2 = I.")
def _():
    c = sympy.Symbol("c", positive=True)
    reflector = I_d - 2 * u * u.T / c
    return claim(reflector * reflector, I_d, given=("length",),
                 hypotheses=(fact("length", u.T * u, c * sympy.Identity(1)),))


# == 5. order: <, <=, >, >= with and without bounds ===========================================

@_false("square-is-positive", "order", "At x = 0, x^2 = 0 is not > 0.")
def _():
    return claim(x**2, sympy.Integer(0), relation=GT)


@_false("sine-of-a-positive-is-positive", "order",
        "x = 4 is positive, and sin 4 = -0.757 is not > 0: a positive symbol inside a function "
        "says nothing about the function's sign.")
def _():
    t = sympy.Symbol("t", positive=True)
    return claim(sympy.sin(t), sympy.Integer(0), relation=GT)


@_false("logarithm-of-a-positive-is-positive", "order",
        "t = 1/2 is positive, and log(1/2) = -0.693 is not > 0.")
def _():
    t = sympy.Symbol("t", positive=True)
    return claim(sympy.log(t), sympy.Integer(0), relation=GT)


@_false("square-exceeds-number-in-unit-interval", "order",
        "For 0 < x < 1, x^2 < x (x = 1/2: 1/4 < 1/2), so x^2 > x is false.")
def _():
    return claim(x**2, x, relation=GT, given=("low", "high"),
                 hypotheses=(fact("low", x, sympy.Integer(0), GT),
                             fact("high", x, sympy.Integer(1), LT)))


@_false("positive-integer-is-at-least-two", "order",
        "k = 1 is an integer with k > 0, where k >= 2 fails.")
def _():
    return claim(k, sympy.Integer(2), relation=GE, given=("positive",),
                 hypotheses=(fact("positive", k, sympy.Integer(0), GT),))


@_false("weak-bound-gives-strict", "order", "x = 1 satisfies x <= 1, where x < 1 fails.")
def _():
    return claim(x, sympy.Integer(1), relation=LT, given=("at-most",),
                 hypotheses=(fact("at-most", x, sympy.Integer(1), LE),))


@_false("strict-triangle-inequality", "order",
        "At x = y = 1, |x + y| = 2 = |x| + |y|, so the strict inequality fails.")
def _():
    return claim(sympy.Abs(x + y), sympy.Abs(x) + sympy.Abs(y), relation=LT)


@_false("product-of-upper-bounds", "order",
        "x = y = -2 satisfy x < 1 and y < 1, but xy = 4 is not < 1.")
def _():
    return claim(x * y, sympy.Integer(1), relation=LT, given=("x-below", "y-below"),
                 hypotheses=(fact("x-below", x, sympy.Integer(1), LT),
                             fact("y-below", y, sympy.Integer(1), LT)))


@_false("root-two-above-its-double", "order",
        "The double 1.4142135623730951 is 1.41421356237309514547..., above sqrt(2) = "
        "1.41421356237309504880..., so sqrt(2) >= it is false.")
def _():
    return claim(sympy.sqrt(2), sympy.Float(math.sqrt(2)), relation=GE)


@_false("cube-dominates-integer", "order", "At k = -2, k^3 = -8 < -2 = k, so k^3 >= k fails.")
def _():
    return claim(k**3, k, relation=GE)


@_false("root-sign-from-square", "order", "x = -2 satisfies x^2 = 4, where x > 0 fails.")
def _():
    return claim(x, sympy.Integer(0), relation=GT, given=("square",),
                 hypotheses=(fact("square", x**2, sympy.Integer(4)),))


@_false("float-bound-rounds", "order",
        "x = 1 satisfies x < 1.0 + 1.0e-20, where x < 1 fails; only rounding the bound to 1.0 "
        "makes it follow.")
def _():
    return claim(x, sympy.Integer(1), relation=LT, given=("below",),
                 hypotheses=(fact("below", x, FLOAT_NEARLY_ONE, LT),))


@_true("bound-through-slack", "order",
       "s < 1/beta with beta > 0 gives beta s < 1; 0 < x < 1 gives x^2 < x; x^2 + 1 > 0.")
def _():
    beta, s = sympy.Symbol("beta", positive=True), sympy.Symbol("s", nonnegative=True)
    return derivation(
        step("scaled", beta * s, sympy.Integer(1), Symbolic(), LT, given=("below",)),
        step("square", x**2, x, Symbolic(), LT, given=("low", "high")),
        step("positive", x**2 + 1, sympy.Integer(0), Symbolic(), GT),
        hypotheses=(fact("below", s, 1 / beta, LT), fact("low", x, sympy.Integer(0), GT),
                    fact("high", x, sympy.Integer(1), LT)))


@_false("exponential-of-an-imaginary-is-positive", "order",
        "e^{ix} is not real for x = pi/2 (it is i), so e^{ix} > 0 is false.")
def _():
    return claim(sympy.exp(sympy.I * x), sympy.Integer(0), relation=GT)


@_false("absolute-value-is-positive", "order",
        "|x| > 0 fails at x = 0; an absolute value is only non-negative.")
def _():
    return claim(sympy.Abs(x), sympy.Integer(0), relation=GT)


@_false("minimum-with-a-negative-is-positive", "order",
        "min(r, -1) = -1 for every r > 0, not positive.")
def _():
    return claim(sympy.Min(sympy.Symbol("r", positive=True), -1), sympy.Integer(0), relation=GT)


@_false("square-of-a-complex-is-nonnegative", "order",
        "z^2 = -1 at z = i: a square is non-negative only for real z.")
def _():
    return claim(z**2, sympy.Integer(0), relation=GE)


@_false("rising-factorial-of-a-negative-is-positive", "order",
        "(-1)^(rising 1) = -1 at n = 1: a rising factorial of a negative start can be negative.")
def _():
    return claim(sympy.RisingFactorial(-1, n), sympy.Integer(0), relation=GT)


@_false("reciprocal-of-a-nonnegative-is-positive", "order",
        "1/s is undefined at s = 0, which s >= 0 allows.")
def _():
    s = sympy.Symbol("s", nonnegative=True)
    return claim(1 / s, sympy.Integer(0), relation=GT)


# == 6. fraction: denominators that vanish where the claim is made ===========================

@_false("removable-zero-under-a-fact", "fraction",
        "At lambda = 1, (lambda^3 - 1)/(lambda - 1) is 0/0, undefined; its continuous value there "
        "is 3, not 0.")
def _():
    return claim((lam**3 - 1) / (lam - 1), sympy.Integer(0), given=("one",),
                 hypotheses=(fact("one", lam, sympy.Integer(1)),))


@_false("x-over-x-without-nonzero", "fraction",
        "x/x is undefined at x = 0, so x/x = 1 does not hold for every real x.")
def _():
    return claim(sympy.Mul(x, sympy.Pow(x, -1), evaluate=False), sympy.Integer(1))


@_false("cancel-common-factor-without-nonzero", "fraction",
        "(x^2 - 1)/(x - 1) is undefined at x = 1, where x + 1 = 2; the identity needs x != 1.")
def _():
    return claim((x**2 - 1) / (x - 1), x + 1)


@_false("pole-is-nonzero", "fraction",
        "Under x = 0, 1/x is 1/0, undefined, so 1/x != 0 is not a true statement.")
def _():
    return claim(1 / x, sympy.Integer(0), relation=NE, given=("zero",),
                 hypotheses=(fact("zero", x, sympy.Integer(0)),))


@_false("chain-through-zero-over-zero", "fraction",
        "lambda = 1 is consistent, and 0 = 7 is false; the first link equates 0 with 0/0 and the "
        "second cancels lambda - 1 at lambda = 1.")
def _():
    fraction = 7 * (lam**2 - 1) / (2 * (lam - 1))
    return derivation(
        step("zero", sympy.Integer(0), fraction, Symbolic(), given=("one",)),
        step("cancel", fraction, 7 * (lam + 1) / 2, Symbolic()),
        step("evaluate", 7 * (lam + 1) / 2, sympy.Integer(7), Symbolic(), given=("one",)),
        step("claim", sympy.Integer(0), sympy.Integer(7), Chain(("zero", "cancel", "evaluate"))),
        hypotheses=(fact("one", lam, sympy.Integer(1)),))


@_false("removable-singularity-in-a-bound", "fraction",
        "x = 1 satisfies x > 0, but (x^2 - 1)/(x - 1) is undefined there.")
def _():
    return claim((x**2 - 1) / (x - 1), sympy.Integer(1), relation=GT, given=("positive",),
                 hypotheses=(fact("positive", x, sympy.Integer(0), GT),))


@_false("geometric-sum-at-ratio-one", "fraction",
        "At r = 1 the sum is n, but (r^n - 1)/(r - 1) is 0/0, undefined; the formula needs "
        "r != 1.")
def _():
    return claim(sympy.Sum(r**j, (j, 0, n - 1)), (r**n - 1) / (r - 1),
                 Induction(n, recurrence=lambda previous: previous + r**n))


@_true("cancel-with-cited-nonzero", "fraction",
       "With x != 1, (x^2 - 1)/(x - 1) = (x - 1)(x + 1)/(x - 1) = x + 1; 1/(x^2 + 1) > 0.")
def _():
    return derivation(
        step("cancel", (x**2 - 1) / (x - 1), x + 1, Symbolic(), given=("not-one",)),
        step("positive", 1 / (x**2 + 1), sympy.Integer(0), Symbolic(), GT),
        hypotheses=(fact("not-one", x, sympy.Integer(1), NE),))


# == 7. chain: links that do not connect or relations that do not compose ===================

@_false("chain-broken-link", "chain",
        "x < x + 1 and x + 2 < x + 3 do not connect; the claim x < x - 1 is false for every x.")
def _():
    return derivation(
        step("a", x, x + 1, Symbolic(), LT),
        step("b", x + 2, x + 3, Symbolic(), LT),
        step("claim", x, x - 1, Chain(("a", "b")), LT))


@_false("chain-mixed-directions", "chain",
        "x < x + 1 and x + 1 > x - 1 give no relation between x and x - 1; x < x - 1 is false.")
def _():
    return derivation(
        step("a", x, x + 1, Symbolic(), LT),
        step("b", x + 1, x - 1, Symbolic(), GT),
        step("claim", x, x - 1, Chain(("a", "b")), LT))


@_false("chain-two-inequations", "chain",
        "sin^2 x + cos^2 x != 2 and 2 != 1 do not give sin^2 x + cos^2 x != 1; it equals 1.")
def _():
    pythagoras = sympy.sin(x) ** 2 + sympy.cos(x) ** 2
    return derivation(
        step("a", pythagoras, sympy.Integer(2), Symbolic(), NE),
        step("b", sympy.Integer(2), sympy.Integer(1), Symbolic(), NE),
        step("claim", pythagoras, sympy.Integer(1), Chain(("a", "b")), NE))


@_false("chain-weak-claimed-strict", "chain",
        "At y = 0, x^2 = x^2 + 2y^2, so x^2 < x^2 + 2y^2 fails; both links are only <=.")
def _():
    return derivation(
        step("a", x**2, x**2 + y**2, Symbolic(), LE),
        step("b", x**2 + y**2, x**2 + 2 * y**2, Symbolic(), LE),
        step("claim", x**2, x**2 + 2 * y**2, Chain(("a", "b")), LT))


@_false("chain-cites-a-failed-step", "chain",
        "The first link x = x + 1 is false, and so is the conclusion x = (x + 1)^2 - x^2 - x "
        "(whose right side is x + 1).")
def _():
    return derivation(
        step("a", x, x + 1, Symbolic()),
        step("b", x + 1, (x + 1) ** 2 - x**2 - x, Symbolic()),
        step("claim", x, (x + 1) ** 2 - x**2 - x, Chain(("a", "b"))))


@_false("chain-reversed-direction", "chain",
        "The links give x^2 + 1 >= 2x - 1; the claim x^2 + 1 <= 2x - 1 fails at x = 0 (1 <= -1).")
def _():
    return derivation(
        step("a", x**2 + 1, 2 * x, Symbolic(), GE),
        step("b", 2 * x, 2 * x - 1, Symbolic(), GT),
        step("claim", x**2 + 1, 2 * x - 1, Chain(("a", "b")), LE))


@_true("chain-weak-then-strict", "chain",
       "x^2 <= x^2 + s/2 < x^2 + s for s > 0.")
def _():
    s = sympy.Symbol("s", positive=True)
    return derivation(
        step("a", x**2, x**2 + s / 2, Symbolic(), LE),
        step("b", x**2 + s / 2, x**2 + s, Symbolic(), LT),
        step("claim", x**2, x**2 + s, Chain(("a", "b")), LT))


# == 8. induction-recurrence ===================================================================

@_false("recurrence-wrong-base-case", "induction-recurrence",
        "At n = 0 the empty sum is 0, but n(n - 1)/2 + 1 = 1; the step S(n + 1) = S(n) + n holds "
        "for both sides.")
def _():
    return claim(sympy.Sum(j, (j, 0, n - 1)), n * (n - 1) / 2 + 1,
                 Induction(n, recurrence=lambda previous: previous + n))


@_false("polynomial-agrees-with-powers-of-two", "induction-recurrence",
        "The left side is the sum of binomial(n, i) for i <= 4, equal to 2^n for n = 0..4 only: "
        "at n = 5 it is 31, not 32.")
def _():
    quartic = n**4 / 24 - n**3 / 12 + 11 * n**2 / 24 + 7 * n / 12 + 1
    return claim(quartic, 2**n, Induction(n, recurrence=lambda previous: 2 * previous))


@_false("powers-of-two-are-a-cubic", "induction-recurrence",
        "(n^3 + 5n + 6)/6 equals 2^n for n = 0..3 only: at n = 4 it is 15, not 16.")
def _():
    return claim(2**n, (n**3 + 5 * n + 6) / 6,
                 Induction(n, recurrence=lambda previous: 2 * previous))


@_false("one-definition-sample", "induction-recurrence",
        "n + 1 = 2^n holds at n = 0, 1 only: at n = 2 it reads 3 = 4.")
def _():
    return claim(n + 1, 2**n, Induction(n, recurrence=lambda previous: 2 * previous,
                                        definition_samples=1))


@_false("no-definition-samples", "induction-recurrence",
        "n = 2^n - 1 holds at n = 0, 1 only: at n = 2 it reads 2 = 3.")
def _():
    return claim(n, 2**n - 1, Induction(n, recurrence=lambda previous: 2 * previous + 1,
                                        definition_samples=0))


@_false("start-below-the-domain", "induction-recurrence",
        "The induction starts at n = -1, where the left side is 0 but 0^(-1) is undefined.")
def _():
    return claim(sympy.KroneckerDelta(n, 0), sympy.Integer(0) ** n,
                 Induction(n, recurrence=lambda previous: 0 * previous, start=-1))


@_false("start-below-the-domain-undefined-base", "induction-recurrence",
        "The induction claims n >= -1, but at n = -1 both (-1)! and Gamma(0) are undefined, and "
        "the step from -1 to 0 multiplies by n + 1 = 0.")
def _():
    return claim(sympy.factorial(n), sympy.gamma(n + 1),
                 Induction(n, recurrence=lambda previous: (n + 1) * previous, start=-1))


@_false("step-proved-only-for-positive-m", "induction-recurrence",
        "m is declared positive, so the step is proved for m >= 1 only, yet the induction starts "
        "at m = 0: at m = 1 the claim reads 1 = 2 - floor(1/2) = 2.")
def _():
    shifted = m + 1 - sympy.floor(1 / (m + 1), evaluate=False)
    return claim(m, shifted, Induction(m, recurrence=lambda previous: previous + 1))


@_false("fact-mentions-the-variable", "induction-recurrence",
        "Under y = n the right side is n(n + 1), which is 2 at n = 1, not 0; the fact y = n was "
        "used unchanged at n + 1.")
def _():
    return claim(sympy.Integer(0), n * (2 * p + 1 - n),
                 Induction(n, recurrence=lambda previous: previous), given=("tied",),
                 hypotheses=(fact("tied", p, n),))


@_false("opaque-left-side", "induction-recurrence",
        "f(0) = 1 says nothing about f(1): f = 1 everywhere satisfies it, and f(1) = 1 != 2.")
def _():
    return claim(f(n), 2**n, Induction(n, recurrence=lambda previous: 2 * previous),
                 given=("start",), hypotheses=(fact("start", f(0), sympy.Integer(1)),))


@_false("base-case-under-a-local-hypothesis", "induction-recurrence",
        "The base case x = 0 comes from a supposition x = 0 that nothing discharges; at x = 1 "
        "the claim x 2^n = 0 is false.")
def _():
    return claim(x * 2**n, sympy.Integer(0),
                 Induction(n, recurrence=lambda previous: 2 * previous), given=("supposed",),
                 hypotheses=(fact("supposed", x, sympy.Integer(0), local=True),))


@_true("geometric-sum-by-recurrence", "induction-recurrence",
       "Sum of 2^j for j < n is 2^n - 1: both sides start at 0 and obey S(n + 1) = 2S(n) + 1.")
def _():
    return claim(sympy.Sum(2**j, (j, 0, n - 1)), 2**n - 1,
                 Induction(n, recurrence=lambda previous: 2 * previous + 1))


@_true("opaque-sequence-with-its-recurrence", "induction-recurrence",
       "f(0) = 1 and f(n + 1) = 2f(n) give f(n) = 2^n.")
def _():
    return claim(f(n), 2**n, Induction(n, recurrence=lambda previous: 2 * previous),
                 given=("start", "double"),
                 hypotheses=(fact("start", f(0), sympy.Integer(1)),
                             fact("double", f(n + 1), 2 * f(n), every=(n,))))


@_true("opaque-sequence-of-order-two", "induction-recurrence",
       "f(0) = 0, f(1) = 1 and f(n + 2) = f(n + 1) + f(n) for every n give the Fibonacci numbers.")
def _():
    return claim(f(n), sympy.fibonacci(n),
                 Induction(n, recurrence=lambda older, newer: older + newer, order=2),
                 given=("zero", "one", "adds"),
                 hypotheses=(fact("zero", f(0), sympy.Integer(0)),
                             fact("one", f(1), sympy.Integer(1)),
                             fact("adds", f(n + 2), f(n + 1) + f(n), every=(n,))))


@_false("universal-recurrence-wrong-closed-form", "induction-recurrence",
        "f(0) = 1 and f(n + 1) = 2f(n) for every n give f(1) = 2, not 3^1 = 3.")
def _():
    return claim(f(n), 3**n, Induction(n, recurrence=lambda previous: 3 * previous),
                 given=("start", "double"),
                 hypotheses=(fact("start", f(0), sympy.Integer(1)),
                             fact("double", f(n + 1), 2 * f(n), every=(n,))))


@_false("universal-fact-over-another-symbol", "induction-recurrence",
        "f(m + 1) = 2f(m) is given for one m, not for every n: it says nothing at the step's n, "
        "so f(1) = 5 is consistent with the facts, and f(1) != 2.")
def _():
    return claim(f(n), 2**n, Induction(n, recurrence=lambda previous: 2 * previous),
                 given=("start", "double-at-m"),
                 hypotheses=(fact("start", f(0), sympy.Integer(1)),
                             fact("double-at-m", f(m + 1), 2 * f(m))))


@_false("universal-recurrence-one-offset-off", "induction-recurrence",
        "f(n + 2) = 2f(n) for every n with f(0) = 1 leaves f(1) free: f(1) = 7 gives f(1) != 2.")
def _():
    return claim(f(n), 2**n, Induction(n, recurrence=lambda previous: 2 * previous),
                 given=("start", "skip"),
                 hypotheses=(fact("start", f(0), sympy.Integer(1)),
                             fact("skip", f(n + 2), 2 * f(n), every=(n,))))


# == 9. induction-step =========================================================================

@_false("claim-supplies-its-own-base-case", "induction-step",
        "x = 0 is proved from nothing: the base case is decided under the supposition x = 0 "
        "itself; x = 1 is a counterexample.")
def _():
    return derivation(
        step("successor", x, sympy.Integer(0), Symbolic(), given=("supposed",)),
        step("claim", x, sympy.Integer(0),
             Induction(n, step="successor", hypothesis="supposed"), given=("supposed",)),
        hypotheses=(fact("supposed", x, sympy.Integer(0), local=True),))


@_false("successor-two-ahead", "induction-step",
        "f(0) = 0 and f(n + 2) = f(n) allow f(n) = n mod 2, where f(1) = 1 != 0; the step proves "
        "the case n + 2, not n + 1.")
def _():
    return derivation(
        step("successor", f(n + 2), sympy.Integer(0), Symbolic(), given=("period", "supposed")),
        step("claim", f(n), sympy.Integer(0),
             Induction(n, step="successor", hypothesis="supposed"), given=("start",)),
        hypotheses=(fact("start", f(0), sympy.Integer(0)), fact("period", f(n + 2), f(n)),
                    fact("supposed", f(n), sympy.Integer(0), local=True)))


@_false("hypothesis-states-the-successor", "induction-step",
        "f(0) = 0 allows f(n) = 1 for n >= 1; the supposition states the case n + 1, so the step "
        "is circular.")
def _():
    return derivation(
        step("successor", f(n + 1), sympy.Integer(0), Symbolic(), given=("supposed",)),
        step("claim", f(n), sympy.Integer(0),
             Induction(n, step="successor", hypothesis="supposed"), given=("start",)),
        hypotheses=(fact("start", f(0), sympy.Integer(0)),
                    fact("supposed", f(n + 1), sympy.Integer(0), local=True)))


@_false("bound-induction-claims-equality", "induction-step",
        "p(0) = 1 and p(n + 1) <= q p(n) allow p(1) = 0, where p(1) = q fails; the steps prove "
        "only p(n) <= q^n.")
def _():
    g = sympy.Function("g", nonnegative=True)
    s = sympy.Symbol("s", positive=True)
    return derivation(
        step("next", g(n + 1), s * g(n), Symbolic(), LE, given=("growth",)),
        step("apply", s * g(n), s * s**n, Symbolic(), LE, given=("supposed",)),
        step("simplify", s * s**n, s ** (n + 1), Symbolic()),
        step("successor", g(n + 1), s ** (n + 1), Chain(("next", "apply", "simplify")), LE),
        step("claim", g(n), s**n, Induction(n, step="successor", hypothesis="supposed"),
             EQ, given=("start",)),
        hypotheses=(fact("growth", g(n + 1), s * g(n), LE, every=(n,)),
                    fact("start", g(0), sympy.Integer(1)),
                    fact("supposed", g(n), s**n, LE, local=True)))


@_false("global-fact-mentions-the-variable", "induction-step",
        "Under y = n the claim reads 0 = n(n + 1), false at n = 1; the successor step used y = n "
        "where y = n + 1 holds.")
def _():
    return derivation(
        step("successor", sympy.Integer(0), (n + 1) * (2 * p - n), Symbolic(),
             given=("supposed", "tied")),
        step("claim", sympy.Integer(0), n * (2 * p + 1 - n),
             Induction(n, step="successor", hypothesis="supposed")),
        hypotheses=(fact("tied", p, n),
                    fact("supposed", sympy.Integer(0), n * (2 * p + 1 - n), local=True)))


@_true("bound-by-induction", "induction-step",
       "p(0) = 1 and p(n + 1) <= q p(n) with p >= 0, q > 0 give p(n) <= q^n.")
def _():
    g = sympy.Function("g", nonnegative=True)
    s = sympy.Symbol("s", positive=True)
    return derivation(
        step("next", g(n + 1), s * g(n), Symbolic(), LE, given=("growth",)),
        step("apply", s * g(n), s * s**n, Symbolic(), LE, given=("supposed",)),
        step("simplify", s * s**n, s ** (n + 1), Symbolic()),
        step("successor", g(n + 1), s ** (n + 1), Chain(("next", "apply", "simplify")), LE),
        step("claim", g(n), s**n, Induction(n, step="successor", hypothesis="supposed"),
             LE, given=("start",)),
        hypotheses=(fact("growth", g(n + 1), s * g(n), LE, every=(n,)),
                    fact("start", g(0), sympy.Integer(1)),
                    fact("supposed", g(n), s**n, LE, local=True)))


# == 10. instances =============================================================================

@_false("instance-leaves-the-fact-general", "instances",
        "At n = -1 the fact reads t = -1, so t + 1 = 0, where t + 1 != 0 fails.")
def _():
    return claim(t + 1, sympy.Integer(0), Instances(n, [-1]), NE, given=("tied",),
                 hypotheses=(fact("tied", t, n),))


@_false("instance-leaves-the-definition-general", "instances",
        "c is defined as m; at m = -3, c = -3, which is not > 0.")
def _():
    c = sympy.Symbol("c")
    return claim(c, sympy.Integer(0), Instances(m, [-3]), GT, definitions={c: m})


@_false("instance-at-a-float", "instances",
        "cos(x) < 1 for every 0 < |x| < 2 pi; at the float x = 1e-10 it is 1 - 5e-21, not 1.")
def _():
    return claim(sympy.cos(x), sympy.Integer(1), Instances(x, [sympy.Float("1e-10")]))


@_false("instance-at-a-pole", "instances",
        "At k = 0, 1/k is 1/0, undefined, so 1/k != 0 is not a true statement there.")
def _():
    return claim(1 / k, sympy.Integer(0), Instances(k, [0]), NE)


@_false("empty-matrices-differ", "instances",
        "At size 0 both A and B are the empty 0 x 0 matrix, so A != B fails.")
def _():
    s = sympy.Symbol("s", integer=True, nonnegative=True)
    E, F = sympy.MatrixSymbol("E", s, s), sympy.MatrixSymbol("F", s, s)
    return claim(E, F, Instances(s, [0]), NE)


@_false("instance-list-includes-a-failure", "instances",
        "2^n > n^2 fails at n = 2, 3, 4; it is listed at n = 3, where 8 > 9 is false.")
def _():
    return claim(2**n, n**2, Instances(n, [0, 1, 5, 3]), GT)


@_true("factorial-is-gamma-at-instances", "instances",
       "n! = Gamma(n + 1) at n = 0, 3, 7; 2^n > n^2 at n = 5, 6 (32 > 25, 64 > 36).")
def _():
    return derivation(
        step("gamma", sympy.factorial(n), sympy.gamma(n + 1), Instances(n, [0, 3, 7])),
        step("powers", 2**n, n**2, Instances(n, [5, 6]), GT))


# == 11. numeric ===============================================================================

@_false("ramanujan-near-integer", "numeric",
        "exp(pi sqrt(163)) = 640320^3 + 744 - 7.4999999999992e-13, not an integer.")
def _():
    return claim(sympy.exp(sympy.pi * sympy.sqrt(163)) + 0 * x, sympy.Integer(640320**3 + 744),
                 Numeric(PLACES))


@_false("gap-inside-the-tolerance", "numeric",
        "x + exp(-100) - x = exp(-100) = 3.7e-44, not 0; 50 digits resolve it.")
def _():
    return claim(x + sympy.exp(-100), x, Numeric(PLACES, digits=50))


@_false("relative-tolerance-at-huge-points", "numeric",
        "x + 1 = x is false for every x; the points are around 10^60.")
def _():
    huge = ({x: sympy.Integer(2) ** 200}, {x: sympy.Integer(3) ** 130},
            {x: sympy.Integer(10) ** 61})
    return claim(x + 1, x, Numeric(huge))


@_false("identity-only-at-the-sample-points", "numeric",
        "sin(pi x) = 0 holds at integers only: at x = 1/2 it is 1.")
def _():
    integers = ({x: sympy.Integer(1)}, {x: sympy.Integer(2)}, {x: sympy.Integer(3)})
    return claim(sympy.sin(sympy.pi * x), sympy.Integer(0), Numeric(integers))


@_false("inequation-only-at-the-sample-points", "numeric",
        "sin x != 0 fails at x = 0 and x = pi, which the points avoid.")
def _():
    return claim(sympy.sin(x), sympy.Integer(0), Numeric(PLACES), NE)


@_false("undefined-at-a-sample-point", "numeric",
        "(x^2 - 1)/(x - 1) is undefined at x = 1, one of the points.")
def _():
    points = ({x: sympy.Integer(1)}, {x: sympy.Integer(2)}, {x: sympy.Integer(3)})
    return claim((x**2 - 1) / (x - 1), x + 1, Numeric(points))


@_false("numeric-order-relation", "numeric",
        "x^2 >= x fails at x = 1/2 (1/4 < 1/2); the points 2, 3, 4 avoid it.")
def _():
    points = ({x: sympy.Integer(2)}, {x: sympy.Integer(3)}, {x: sympy.Integer(4)})
    return claim(x**2, x, Numeric(points), GE)


@_false("numeric-float-literal", "numeric",
        "The double 1.4142135623730951 differs from sqrt(2) by 9.7e-17.")
def _():
    return claim(sympy.sqrt(2) + 0 * x, sympy.Float(math.sqrt(2)), Numeric(PLACES))


@_false("numeric-at-float-precision", "numeric",
        "exp(pi sqrt(163)) is not 640320^3 + 744; twenty digits cannot tell, and fewer than 50 "
        "are not allowed.")
def _():
    return claim(sympy.exp(sympy.pi * sympy.sqrt(163)) + 0 * x, sympy.Integer(640320**3 + 744),
                 Numeric(PLACES, digits=20))


@_true("numeric-pythagoras-and-ramanujan", "numeric",
       "sin^2 + cos^2 = 1 everywhere; exp(pi sqrt(163)) != 640320^3 + 744 (gap 7.5e-13).")
def _():
    return derivation(
        step("pythagoras", sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1),
             Numeric(PLACES)),
        step("ramanujan", sympy.exp(sympy.pi * sympy.sqrt(163)) + 0 * x,
             sympy.Integer(640320**3 + 744), Numeric(PLACES), NE))


# == 12. limit =================================================================================

@_false("n-sine-pi-over-n-vanishes", "limit",
        "n sin(pi/n) -> pi (sin u ~ u as u -> 0), not 0.")
def _():
    return claim(sympy.Limit(n * sympy.sin(sympy.pi / n), n, sympy.oo), sympy.Integer(0))


@_false("compound-interest-limit-is-three", "limit", "(1 + 1/n)^n -> e = 2.718..., not 3.")
def _():
    return claim(sympy.Limit((1 + 1 / n) ** n, n, sympy.oo), sympy.Integer(3))


@_false("oscillating-sine-has-limit-zero", "limit",
        "sin n has no limit (its values are dense in [-1, 1]), so it has no limit 0.")
def _():
    return claim(sympy.Limit(sympy.sin(n), n, sympy.oo), sympy.Integer(0))


@_false("oscillating-sine-limit-nonzero", "limit",
        "sin n has no limit, so there is no limit to be != 0.")
def _():
    return claim(sympy.Limit(sympy.sin(n), n, sympy.oo), sympy.Integer(0), relation=NE)


@_false("alternating-sign-has-limit-zero", "limit",
        "(-1)^n alternates between 1 and -1 and has no limit.")
def _():
    return claim(sympy.Limit((-1) ** n, n, sympy.oo), sympy.Integer(0))


@_false("closed-bound-ratio-limit", "limit",
        "r = 1 satisfies 0 < r <= 1, and then r^n -> 1, not 0.")
def _():
    return claim(sympy.Limit(r**n, n, sympy.oo), sympy.Integer(0), given=("low", "high"),
                 hypotheses=(fact("low", r, sympy.Integer(0), GT),
                             fact("high", r, sympy.Integer(1), LE)))


@_false("closed-bound-at-one-diverges", "limit",
        "r = 1 satisfies r >= 1, and then r^n = 1 -> 1, not oo.")
def _():
    return claim(sympy.Limit(r**n, n, sympy.oo), sympy.oo, given=("at-least-one",),
                 hypotheses=(fact("at-least-one", r, sympy.Integer(1), GE),))


@_false("bound-on-the-limit-variable", "limit",
        "The limit of x as x -> oo is oo whatever the free x satisfies; oo < 5 is false.")
def _():
    return claim(sympy.Limit(x, x, sympy.oo), sympy.Integer(5), relation=LT, given=("below",),
                 hypotheses=(fact("below", x, sympy.Integer(5), LT),))


@_true("limits-that-exist", "limit",
       "(n + 1)/n -> 1; for 0 < r < 1, n r^(n - 1) -> 0.")
def _():
    return derivation(
        step("ratio", sympy.Limit((n + 1) / n, n, sympy.oo), sympy.Integer(1), Symbolic()),
        step("geometric", sympy.Limit(n * r ** (n - 1), n, sympy.oo), sympy.Integer(0),
             Symbolic(), given=("low", "high")),
        hypotheses=(fact("low", r, sympy.Integer(0), GT), fact("high", r, sympy.Integer(1), LT)))


# == 13. rewrite ===============================================================================

@_false("rewrite-to-zero", "rewrite",
        "x = x + 1 is false for every x; the rewrite replaces the difference by 0.")
def _():
    return claim(x, x + 1, Symbolic(rewrite=lambda expression: sympy.Integer(0)))


@_false("rewrite-drops-terms", "rewrite",
        "(x + 1)^2 - (x^2 + 1) = 2x, nonzero at x = 1; the rewrite keeps only the constant term.")
def _():
    return claim((x + 1) ** 2, x**2 + 1,
                 Symbolic(rewrite=lambda expression: sympy.expand(expression).coeff(x, 0)))


@_false("rewrite-false-rule", "rewrite",
        "sin x = cos x fails at x = 0 (0 != 1); the rewrite turns every sine into a cosine.")
def _():
    return claim(sympy.sin(x), sympy.cos(x),
                 Symbolic(rewrite=lambda expression: expression.replace(sympy.sin, sympy.cos)))


@_false("rewrite-forces-a-branch", "rewrite",
        "log(pq) != log p + log q at p = q = -1 (0 vs 2 pi i); forcing the log expansion "
        "assumes p, q > 0.")
def _():
    return claim(sympy.log(p * q), sympy.log(p) + sympy.log(q),
                 Symbolic(rewrite=lambda expression: sympy.expand_log(expression, force=True)))


@_false("rewrite-into-a-nonzero-function", "rewrite",
        "sin^2 x + cos^2 x = 1, so != 1 is false; the rewrite exponentiates the difference.")
def _():
    return claim(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1),
                 Symbolic(rewrite=sympy.exp), NE)


@_false("rewrite-makes-order-positive", "rewrite",
        "x > y fails at x = 0, y = 1; the rewrite maps the difference to |x - y| + 1.")
def _():
    return claim(x, y, Symbolic(rewrite=lambda expression: sympy.Abs(expression) + 1), GT)


@_false("instances-rewrite-lies", "rewrite",
        "2^n = n + 5 fails at n = 0, 1, 2 (1 vs 5, 2 vs 6, 4 vs 7).")
def _():
    return claim(2**n, n + 5, Instances(n, [0, 1, 2],
                                        rewrite=lambda expression: sympy.Integer(0)))


@_false("induction-rewrite-lies", "rewrite",
        "3^n = 2^n fails at n = 1 (3 vs 2).")
def _():
    return claim(3**n, 2**n, Induction(n, recurrence=lambda previous: 2 * previous,
                                       rewrite=lambda expression: sympy.Integer(0)))


@_true("rewrite-with-true-identities", "rewrite",
       "trigsimp and expand_trig apply true identities: sin^2 + cos^2 = 1, sin 2x = 2 sin x cos x.")
def _():
    return derivation(
        step("pythagoras", sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1),
             Symbolic(rewrite=sympy.trigsimp)),
        step("double", sympy.sin(2 * x), 2 * sympy.sin(x) * sympy.cos(x),
             Symbolic(rewrite=sympy.expand_trig)))


# == 14. display ===============================================================================

class ShownAsTwo(sympy.Function):
    """A value of 3 that prints as 2: the page would show a formula the check never saw."""

    nargs = 1

    def doit(self, **hints: object) -> sympy.Basic:
        return sympy.Integer(3)

    def _latex(self, printer: object) -> str:
        return "2"


@_false("display-form-differs", "display",
        "The page shows (x + 1)^2 = x^2 + 2x + 2, false at every x (it is off by 1).")
def _():
    return claim((x + 1) ** 2, x**2 + 2 * x + 1, display_rhs=x**2 + 2 * x + 2)


@_false("function-with-lying-latex", "display",
        "The page shows 2 + 3 = 2 + 2, i.e. 5 = 4.")
def _():
    return claim(sympy.Add(2, 3, evaluate=False),
                 sympy.Add(2, ShownAsTwo(sympy.Integer(1)), evaluate=False))


@_false("symbol-named-like-a-number", "display",
        "The page shows 0 + 1 > 1, i.e. 1 > 1; the symbol printed 0 is a positive unknown.")
def _():
    return claim(sympy.Symbol("0", positive=True) + 1, sympy.Integer(1), relation=GT)


@_false("homonym-symbols", "display",
        "The page shows the hypothesis a = -1 and then a > 0 from it; two symbols print as a.")
def _():
    plain, positive = sympy.Symbol("a"), sympy.Symbol("a", positive=True)
    return claim(positive, sympy.Integer(0), relation=GT, given=("minus-one",),
                 hypotheses=(fact("minus-one", plain, sympy.Integer(-1)),))


@_false("symbol-named-like-pi", "display",
        "The page shows the hypothesis pi = 3 and pi^2 = 9 from it: about the constant pi both "
        "are false; the kernel read an unknown named pi.")
def _():
    fake = sympy.Symbol("pi", positive=True)
    return claim(fake**2, sympy.Integer(9), given=("three",),
                 hypotheses=(fact("three", fake, sympy.Integer(3)),))


@_false("matrix-named-zero", "display",
        "The page shows 0 = I and then 0 A = A; the matrix printed 0 is an unknown d x d matrix.")
def _():
    zero = sympy.MatrixSymbol("0", d, d)
    return claim(zero * A, A, given=("is-identity",),
                 hypotheses=(fact("is-identity", zero, I_d),))


@_false("symbol-name-injects-latex", "display",
        "The page shows 1 = 2, s > 0; the symbol name carries the formula 1 = 2.")
def _():
    return claim(sympy.Symbol(r"1 = 2, \; s", positive=True), sympy.Integer(0), relation=GT)


@_true("display-form-of-equal-value", "display",
       "phi^n - psi^n = -(psi^n - phi^n), shown in written order.")
def _():
    phi, psi = sympy.symbols("varphi psi")
    return claim(phi**n - psi**n, -(psi**n - phi**n) * 1,
                 display_lhs=sympy.Add(phi**n, -(psi**n), evaluate=False),
                 display_rhs=sympy.Mul(-1, psi**n - phi**n, evaluate=False))


# == 15. undefined =============================================================================

@_false("zero-to-the-minus-one", "undefined",
        "0^(-1) is undefined in the real and complex numbers; no value, finite or not, equals it.")
def _():
    return claim(sympy.Pow(0, -1, evaluate=False), sympy.zoo)


@_false("infinity-minus-infinity", "undefined", "oo - oo is an indeterminate form, not 0.")
def _():
    return claim(sympy.Add(sympy.oo, -sympy.oo, evaluate=False), sympy.Integer(0))


@_false("zero-times-infinity-is-finite", "undefined",
        "0 times oo is an indeterminate form; it is neither equal nor unequal to oo.")
def _():
    return claim(sympy.Mul(0, sympy.oo, evaluate=False), sympy.oo, relation=NE)


@_false("cauchy-principal-value", "undefined",
        "The integral of 1/x over [-1, 1] diverges; 0 is only its principal value.")
def _():
    return claim(sympy.Integral(1 / x, (x, -1, 1)), sympy.Integer(0))


@_false("ramanujan-summation", "undefined",
        "1 + 2 + 3 + ... diverges to oo; -1/12 is a regularised value, not its sum.")
def _():
    return claim(sympy.Sum(j, (j, 1, sympy.oo)), sympy.Rational(-1, 12))


@_false("grandi-series", "undefined",
        "1 - 1 + 1 - ... has partial sums 1, 0, 1, ... and no sum; 1/2 is its Abel/Cesaro value.")
def _():
    return claim(sympy.Sum((-1) ** j, (j, 0, sympy.oo)), sympy.Rational(1, 2))


@_false("nan-equals-nan", "undefined",
        "0 times 1/0 is undefined; an undefined expression equals nothing, itself included.")
def _():
    return claim(sympy.Mul(0, sympy.Pow(0, -1, evaluate=False), evaluate=False), sympy.nan)


@_true("infinite-limit-compared", "undefined",
       "2^n -> oo as n -> oo, and it exceeds 10^6 in the limit.")
def _():
    return derivation(
        step("infinite", sympy.Limit(2**n, n, sympy.oo), sympy.oo, Symbolic()),
        step("large", sympy.Limit(2**n, n, sympy.oo), sympy.Integer(10**6), Symbolic(), GT))


# == 16. fresh-names: user symbols named like the engine's own ===============================

INVERSE0, INVERSE1 = sympy.Symbol("_inverse0"), sympy.Symbol("_inverse1")


@_false("user-symbol-named-inverse", "fresh-names",
        "_inverse0 is an unrelated unknown: _inverse0 = 0, x = 1 satisfy x != 0 but "
        "_inverse0 x = 0 != 1.")
def _():
    return claim(INVERSE0 * x, sympy.Integer(1), given=("nonzero",),
                 hypotheses=(fact("nonzero", x, sympy.Integer(0), NE),))


@_false("user-symbol-named-second-inverse", "fresh-names",
        "_inverse1 is an unrelated unknown: _inverse1 = 0, x = y = 1 satisfy the facts but "
        "_inverse1 y = 0 != 1.")
def _():
    return claim(INVERSE1 * y, sympy.Integer(1), given=("x-nonzero", "y-nonzero"),
                 hypotheses=(fact("x-nonzero", x, sympy.Integer(0), NE),
                             fact("y-nonzero", y, sympy.Integer(0), NE)))


@_false("fact-about-a-symbol-named-inverse", "fresh-names",
        "_inverse0 = 2 and x != 0 hold at x = 1, where x = 1/2 fails.")
def _():
    return claim(x, sympy.Rational(1, 2), given=("two", "nonzero"),
                 hypotheses=(fact("two", INVERSE0, sympy.Integer(2)),
                             fact("nonzero", x, sympy.Integer(0), NE)))


@_false("user-symbol-named-like-a-word", "fresh-names",
        "w0 is an unrelated scalar: u = v = e1 and w0 = 0 give u^T v = 1 != 0.")
def _():
    return claim(u.T * v, sympy.Symbol("w0"))


@_false("determinant-equals-a-symbol-named-like-a-word", "fresh-names",
        "w0 is an unrelated scalar: A = I, w0 = 0 give det A = 1 != 0.")
def _():
    return claim(sympy.Determinant(A), sympy.Symbol("w0"))


@_false("user-symbol-named-held-limit", "fresh-names",
        "The limit is 0, so the claim says held_limit = 0, false at held_limit = 1.")
def _():
    return claim(sympy.Limit(1 / n, n, sympy.oo) + sympy.Symbol("held_limit"),
                 sympy.Integer(0))


@_false("user-symbol-named-slack", "fresh-names",
        "x = 0 and slack_below = 5 satisfy x < 1, where x + slack_below = 5 != 1.")
def _():
    return claim(x + sympy.Symbol("slack_below", positive=True), sympy.Integer(1),
                 given=("below",), hypotheses=(fact("below", x, sympy.Integer(1), LT),))


@_true("user-symbols-named-like-engine-names", "fresh-names",
       "(x^2 + x i)/x = x + i for x != 0 whatever i; l + lim 1/n = l.")
def _():
    held = sympy.Symbol("held_limit")
    return derivation(
        step("divide", (x**2 + x * INVERSE0) / x, x + INVERSE0, Symbolic(), given=("nonzero",)),
        step("limit", sympy.Limit(1 / n, n, sympy.oo) + held, held, Symbolic()),
        hypotheses=(fact("nonzero", x, sympy.Integer(0), NE),))


@_true("polynomial-of-a-positive-with-positive-coefficients", "order",
       "For t > 0, t^2 + 3t is a sum of positive terms.")
def _():
    t = sympy.Symbol("t", positive=True)
    return claim(t**2 + 3 * t, sympy.Integer(0), relation=GT)


# -- a symbolic power of an explicit matrix: opaque until a cited fact gives it ---------------

S = sympy.MatrixSymbol("S", 2, 2)
SHEAR = sympy.ImmutableMatrix([[1, 1], [0, 1]])
JORDAN = sympy.ImmutableMatrix([[lam, 1], [0, lam]])


def shear_claim(lhs, rhs, check=None, **extra) -> Derivation:
    return claim(lhs, rhs, check, definitions={S: SHEAR}, **extra)


@_false("shear-power-doubled-corner", "matrix-power", "Sⁿ = [[1, n], [0, 1]], not 2n.")
def _():
    return shear_claim(S**n, sympy.ImmutableMatrix([[1, 2 * n], [0, 1]]))


@_false("shear-power-determinant-two", "matrix-power", "det Sⁿ = (det S)ⁿ = 1.")
def _():
    return shear_claim(sympy.Determinant(S**n), sympy.Integer(2))


@_false("shear-power-squared-step", "matrix-power",
        "Sⁿ⁺¹ = SⁿS; SⁿSⁿ = S²ⁿ is another matrix for n ≥ 2.")
def _():
    return shear_claim(S ** (n + 1), S**n * S**n)


@_false("shear-power-symmetric", "matrix-power", "(Sⁿ)ᵀ = [[1, 0], [n, 1]] ≠ Sⁿ for n ≥ 1.")
def _():
    return shear_claim((S**n).T, S**n)


@_false("shear-power-induction-square", "matrix-power",
        "Sⁿ's corner is n: the claimed n² fails the recurrence (n² + 1 ≠ (n + 1)²).")
def _():
    return shear_claim(S**n, sympy.ImmutableMatrix([[1, n**2], [0, 1]]),
                       Induction(n, recurrence=lambda power: power * S))


@_false("jordan-power-corner-without-n", "matrix-power", "Jⁿ's corner is nλⁿ⁻¹, not λⁿ.")
def _():
    block = sympy.MatrixSymbol("J", 2, 2)
    return claim(block**n, sympy.ImmutableMatrix([[lam**n, lam**n], [0, lam**n]]),
                 Induction(n, recurrence=lambda power: power * block),
                 definitions={block: JORDAN})


@_true("shear-power-by-induction-and-its-determinant", "matrix-power",
       "Sⁿ = [[1, n], [0, 1]] by induction, det Sⁿ = (det S)ⁿ = 1.")
def _():
    return derivation(
        step("powers", S**n, sympy.ImmutableMatrix([[1, n], [0, 1]]),
             Induction(n, recurrence=lambda power: power * S)),
        step("determinant", sympy.Determinant(S**n), sympy.Integer(1), Symbolic()),
        definitions={S: SHEAR})
