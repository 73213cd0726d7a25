"""The verification mechanism: each kind of check accepts a true step and rejects a false one."""

from __future__ import annotations

import pytest
import sympy

from derivations.engine import (
    Derivation,
    Induction,
    Instances,
    Numeric,
    Relation,
    Step,
    Symbolic,
    verify,
)
from derivations.engine.markdown import render

n = sympy.Symbol("n", integer=True, nonnegative=True)
x = sympy.Symbol("x", real=True)
A = sympy.MatrixSymbol("A", 2, 2)


def one_step(lhs, rhs, check, relation=Relation.EQ, definitions=None) -> Derivation:
    return Derivation(
        slug="probe", title="probe", chapter=1, source="test", hypotheses=("none",),
        steps=(Step("claim", lhs, rhs, "because", check, relation),),
        definitions=definitions or {},
    )


def passes(derivation: Derivation) -> bool:
    return verify(derivation).passed


class TestSymbolic:
    def test_accepts_a_true_identity(self):
        assert passes(one_step((x + 1) ** 2, x**2 + 2 * x + 1, Symbolic()))

    def test_rejects_a_false_identity(self):
        result = verify(one_step((x + 1) ** 2, x**2 + 2 * x + 2, Symbolic()))
        assert not result.passed
        assert result.failures() == ["probe › claim: difference is non-zero"]

    def test_a_difference_of_unknown_sign_is_not_a_disproof(self):
        # (x + 1)² − (x² + 1) = 2x is zero at x = 0: neither "equal" nor "different" is proved.
        result = verify(one_step((x + 1) ** 2, x**2 + 1, Symbolic()))
        assert not result.passed and "undecided" in result.failures()[0]

    def test_undecided_is_a_failure_not_a_pass(self):
        # An opaque function: SymPy cannot tell whether f(x) − f(−x) is zero.
        f = sympy.Function("f")
        result = verify(one_step(f(x), f(-x), Symbolic()))
        assert not result.passed
        assert "undecided" in result.failures()[0]

    def test_uses_definitions_for_matrices(self):
        definitions = {A: sympy.ImmutableMatrix([[0, 1], [-1, 0]])}
        assert passes(one_step(A**4, sympy.Identity(2), Symbolic(), definitions=definitions))
        assert not passes(one_step(A**2, sympy.Identity(2), Symbolic(), definitions=definitions))

    def test_inequalities_are_decided_or_rejected(self):
        assert passes(one_step(sympy.sqrt(2), sympy.Rational(141, 100), Symbolic(),
                               Relation.GT))
        assert not passes(one_step(sympy.sqrt(2), sympy.Rational(142, 100), Symbolic(),
                                   Relation.GT))
        assert not passes(one_step(x, sympy.Integer(0), Symbolic(), Relation.GT))  # undecided

    def test_inequality_claim_rejected_when_equal(self):
        assert not passes(one_step(x + x, 2 * x, Symbolic(), Relation.NE))

    def test_a_check_that_raises_is_reported_as_failure(self):
        def broken(_expression):
            raise ZeroDivisionError("boom")

        result = verify(one_step(x, x, Symbolic(rewrite=broken)))
        assert not result.passed and "ZeroDivisionError" in result.failures()[0]


class TestInduction:
    j = sympy.Symbol("j", integer=True)
    # 1 + 2 + … + 2ⁿ⁻¹, which obeys S(n+1) = 2 S(n) + 1.
    geometric_sum = sympy.Sum(2**j, (j, 0, n - 1))
    doubling_plus_one = Induction(n, recurrence=lambda previous: 2 * previous + 1)

    def test_proves_a_geometric_sum(self):
        assert passes(one_step(self.geometric_sum, 2**n - 1, self.doubling_plus_one))

    def test_rejects_a_wrong_base_case(self):
        result = verify(one_step(self.geometric_sum, 2**n, self.doubling_plus_one))
        assert not result.passed and "base case" in result.failures()[0]

    def test_rejects_a_wrong_inductive_step(self):
        # 2ⁿ and n + 1 agree at n = 0 (and 1) but not after: the inductive step must fail.
        step = Induction(n, recurrence=lambda previous: 2 * previous)
        result = verify(one_step(2**n, n + 1, step))
        assert not result.passed

    def test_rejects_a_recurrence_the_left_side_does_not_obey(self):
        # rhs obeys "add 1", but 3ⁿ does not: the definitional guard catches the mistyped law.
        step = Induction(n, recurrence=lambda previous: previous + 1)
        result = verify(one_step(3**n, n + 1, step))
        assert not result.passed and "recurrence" in result.failures()[0]

    def test_needs_an_integer_variable(self):
        with pytest.raises(ValueError, match="variable"):
            Induction(x, recurrence=lambda p: p)


class TestInstances:
    def test_accepts_claims_true_at_every_instance(self):
        assert passes(one_step(sympy.factorial(n), sympy.gamma(n + 1), Instances(n, [0, 3, 7])))

    def test_rejects_a_claim_false_at_one_instance(self):
        # 2ⁿ > n² holds at 0, 1 and from 5 on, but not at 3 (8 < 9).
        claim = one_step(2**n, n**2, Instances(n, [0, 1, 5, 6, 3]), Relation.GT)
        result = verify(claim)
        assert not result.passed and "n = 3" in result.failures()[0]

    def test_requires_instances(self):
        with pytest.raises(ValueError, match="values"):
            Instances(n, [])


class TestNumeric:
    points = ({x: sympy.Rational(1, 3)}, {x: sympy.Rational(2, 3)}, {x: sympy.Rational(5, 3)})

    def test_accepts_an_identity_to_high_precision(self):
        claim = one_step(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1),
                         Numeric(self.points))
        assert passes(claim)

    def test_rejects_a_near_miss_that_float64_would_accept(self):
        # e^{π√163} is an integer to 12 decimal places, not to 50.
        almost = sympy.exp(sympy.pi * sympy.sqrt(163)) + 0 * x
        claim = one_step(almost, sympy.Integer(262537412640768744), Numeric(self.points))
        assert not passes(claim)

    def test_is_labelled_numeric(self):
        assert Numeric(self.points).describe().startswith("numeric (mpmath, 60 digits")

    def test_refuses_low_precision_or_few_points(self):
        with pytest.raises(ValueError, match="digits"):
            Numeric(self.points, digits=30)
        with pytest.raises(ValueError, match="points"):
            Numeric(self.points[:2])


class TestDerivationData:
    def test_rejects_duplicate_labels(self):
        step = Step("same", x, x, "r", Symbolic())
        with pytest.raises(ValueError, match="duplicate"):
            Derivation("d", "t", 1, "s", (), (step, step))

    def test_rejects_bad_slugs_and_multi_line_reasons(self):
        with pytest.raises(ValueError, match="slug"):
            one_step(x, x, Symbolic()).__class__("Bad Slug", "t", 1, "s", (), (
                Step("a", x, x, "r", Symbolic()),))
        with pytest.raises(ValueError, match="reason"):
            Step("a", x, x, "two\nlines", Symbolic())

    def test_rejects_non_sympy_sides(self):
        with pytest.raises(TypeError, match="lhs"):
            Step("a", 3, x, "r", Symbolic())

    def test_cyclic_definitions_are_an_error(self):
        y = sympy.Symbol("y")
        derivation = one_step(x, x, Symbolic(), definitions={x: y, y: x})
        with pytest.raises(ValueError, match="cycle"):
            derivation.concrete(x)


def test_markdown_has_anchors_formula_reason_and_check_kind():
    text = render(one_step((x + 1) ** 2, x**2 + 2 * x + 1, Symbolic()))
    assert "{ #probe .derivation }" in text
    assert "#probe--claim" in text
    assert r"\left(x + 1\right)^{2} = x^{2} + 2 x + 1" in text
    assert "because" in text and "check-symbolic" in text
    assert "python -m derivations verify probe" in text
