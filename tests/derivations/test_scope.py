"""Scope badges say what they mean: "every 2 × 2" only for a generic matrix, "for all θ" for one
matrix with parameters."""

from __future__ import annotations

import sympy

from derivations.engine import Derivation, Induction, ScopeKind, Step, Symbolic, verify
from derivations.engine.scope import Scope, for_all, structural_scope

a, b, c, d = sympy.symbols("a b c d", real=True)
theta = sympy.Symbol("theta", real=True)
lam = sympy.Symbol("lambda")
n = sympy.Symbol("n", integer=True, nonnegative=True)
R = sympy.MatrixSymbol("R", 2, 2)
ROTATION = sympy.ImmutableMatrix([[sympy.cos(theta), -sympy.sin(theta)],
                                  [sympy.sin(theta), sympy.cos(theta)]])


def scope_of(*expressions: sympy.Basic, bound=(), general="exact") -> Scope:
    return structural_scope(list(expressions), set(bound), general)


def test_a_generic_two_by_two_is_every_two_by_two():
    generic = sympy.ImmutableMatrix([[a, b], [c, d]])
    assert scope_of(generic) == Scope(ScopeKind.FIXED_SIZE, r"every $2 \times 2$")


def test_a_rotation_in_theta_is_for_all_theta():
    assert scope_of(ROTATION) == Scope(ScopeKind.FIXED_SIZE, r"for all real $\theta$")


def verified_about_the_rotation(step: Step):
    """``step`` verified in a probe derivation where ``R`` is the rotation in θ."""
    return verify(Derivation(slug="probe", title="probe", chapter=2, source="test",
                             statement="A probe.", hypotheses=(), steps=(step,),
                             definitions={R: ROTATION}))


def test_a_verified_step_about_a_rotation_is_labelled_for_all_theta():
    step = Step("orthogonal", R.T * R, sympy.Identity(2), "Multiply out.", Symbolic())
    result = verified_about_the_rotation(step)
    assert result.passed
    assert result.scope == Scope(ScopeKind.FIXED_SIZE, r"for all real $\theta$")
    assert result.scope.text == "for all real θ"


def test_a_product_of_generic_matrices_lists_their_entries():
    # Once multiplied out, the entries are no longer independent: name what is quantified.
    product = sympy.ImmutableMatrix([[a, b], [c, d]]).T * sympy.ImmutableMatrix([[a, b], [c, d]])
    assert scope_of(product).label == r"for all real $a, b, c, d$"


def test_generic_matrices_of_a_kind_are_named():
    x, y, z = sympy.symbols("x y z")
    assert scope_of(sympy.ImmutableMatrix([[x, y], [0, z]])).label == (
        r"every $2 \times 2$ upper-triangular")
    assert scope_of(sympy.ImmutableMatrix([[0, x, y], [-x, 0, z], [-y, -z, 0]])).label == (
        r"every $3 \times 3$ antisymmetric")
    assert scope_of(sympy.ImmutableMatrix([[x, y], [y, z]])).label == (
        r"every $2 \times 2$ symmetric")
    assert scope_of(sympy.ImmutableMatrix([[0, x, y], [0, 0, z], [0, 0, 0]])).label == (
        r"every $3 \times 3$ strictly upper-triangular")
    # a repeated entry is not generic: [[x, y], [-y, x]] is a scaled rotation
    assert scope_of(sympy.ImmutableMatrix([[x, y], [-y, x]])).label == r"for all $x, y$"


def test_a_generic_matrix_and_a_further_parameter_say_both():
    generic = sympy.ImmutableMatrix([[a, b], [c, d]])
    assert scope_of(generic, theta * generic).label == (
        r"every $2 \times 2$, for all real $\theta$")


def test_an_induction_keeps_its_own_quantifier():
    powers = sympy.ImmutableMatrix([[lam**n, n * lam ** (n - 1)], [0, lam**n]])
    scope = scope_of(powers, bound={n}, general=r"for all $n \geq 0$")
    assert scope == Scope(ScopeKind.FIXED_SIZE, r"for all $\lambda$ and $n \geq 0$")
    block = sympy.Matrix([[lam, 1], [0, lam]])
    built = Derivation(slug="probe", title="probe", chapter=1, source="test",
                       statement="A probe.", hypotheses=(),
                       steps=(Step("powers", sympy.MatPow(sympy.ImmutableMatrix(block), n),
                                   sympy.ImmutableMatrix(powers), "Induction.",
                                   Induction(n, recurrence=lambda power: power * block)),))
    assert verify(built).scope.label == r"for all $\lambda$ and $n \geq 0$"


def test_domains_come_from_the_assumptions():
    r = sympy.Symbol("r", positive=True)
    k = sympy.Symbol("k", integer=True, positive=True)
    assert for_all({theta, lam}) == r"for all $\lambda$ and real $\theta$"
    assert for_all({r}) == r"for all $r > 0$"
    assert for_all({k, n}) == r"for all integers $k \geq 1$ and integers $n \geq 0$"


def test_a_number_computed_from_a_rotation_is_for_all_theta_not_exact():
    """det R_θ = 1 is about one matrix for each θ: the determinant evaluates to a scalar, but
    the badge still says what θ ranges over."""
    step = Step("determinant", sympy.Determinant(R), sympy.Integer(1), "Multiply out.",
                Symbolic())
    result = verified_about_the_rotation(step)
    assert result.passed
    assert result.scope == Scope(ScopeKind.FIXED_SIZE, r"for all real $\theta$")


def test_the_diagonal_of_a_generic_triangle_is_not_a_second_quantifier():
    upper = sympy.ImmutableMatrix([[a, b, c], [0, d, theta], [0, 0, lam]])
    diagonal = sympy.ImmutableMatrix([[a, 0, 0], [0, d, 0], [0, 0, lam]])
    assert scope_of(upper, diagonal) == Scope(ScopeKind.FIXED_SIZE,
                                              r"every $3 \times 3$ upper-triangular")
