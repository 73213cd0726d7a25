"""The verification mechanism: every kind of check, and every way of using a hypothesis, accepts a
true step and rejects a false one; malformed derivations are refused when built."""

from __future__ import annotations

import pytest
import sympy

from derivations.engine import (
    Assumption,
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Instances,
    Numeric,
    Relation,
    ScopeKind,
    Step,
    Symbolic,
    verify,
)
from derivations.engine.expressions import NormSquared, OperatorNorm
from sitebuild.theorems import render

n = sympy.Symbol("n", integer=True, nonnegative=True)
x = sympy.Symbol("x", real=True)
A = sympy.MatrixSymbol("A", 2, 2)
size = sympy.Symbol("d", integer=True, positive=True)
Q = sympy.MatrixSymbol("Q", size, size)
v = sympy.MatrixSymbol("v", size, 1)
lam = sympy.Symbol("lambda")


def derivation(*steps: Step, hypotheses=(), definitions=None, **extra) -> Derivation:
    return Derivation(slug="probe", title="probe", chapter=1, source="test",
                      statement="A probe.", hypotheses=tuple(hypotheses), steps=tuple(steps),
                      definitions=definitions or {}, **extra)


def one_step(lhs, rhs, check, relation=Relation.EQ, definitions=None, hypotheses=(),
             given=()) -> Derivation:
    return derivation(Step("claim", lhs, rhs, "because", check, relation, given=tuple(given)),
                      hypotheses=hypotheses, definitions=definitions)


def passes(built: Derivation) -> bool:
    return verify(built).passed


class TestSymbolic:
    def test_accepts_a_true_identity(self):
        assert passes(one_step((x + 1) ** 2, x**2 + 2 * x + 1, Symbolic()))

    def test_rejects_a_false_identity(self):
        result = verify(one_step((x + 1) ** 2, x**2 + 2 * x + 2, Symbolic()))
        assert not result.passed
        assert result.failures() == ["probe › claim: difference is non-zero"]

    def test_a_difference_of_unknown_sign_is_not_a_disproof(self):
        result = verify(one_step((x + 1) ** 2, x**2 + 1, Symbolic()))
        assert not result.passed and "undecided" in result.failures()[0]

    def test_undecided_is_a_failure_not_a_pass(self):
        f = sympy.Function("f")
        result = verify(one_step(f(x), f(-x), Symbolic()))
        assert not result.passed and "undecided" in result.failures()[0]

    def test_uses_definitions_for_matrices(self):
        definitions = {A: sympy.ImmutableMatrix([[0, 1], [-1, 0]])}
        assert passes(one_step(A**4, sympy.Identity(2), Symbolic(), definitions=definitions))
        assert not passes(one_step(A**2, sympy.Identity(2), Symbolic(), definitions=definitions))

    def test_inequalities_are_decided_or_rejected(self):
        assert passes(one_step(sympy.sqrt(2), sympy.Rational(141, 100), Symbolic(), Relation.GT))
        assert not passes(one_step(sympy.sqrt(2), sympy.Rational(142, 100), Symbolic(),
                                   Relation.GT))
        assert not passes(one_step(x, sympy.Integer(0), Symbolic(), Relation.GT))

    def test_a_check_that_raises_is_reported_as_failure(self):
        def broken(_expression):
            raise ZeroDivisionError("boom")

        result = verify(one_step(x, 2 * x, Symbolic(rewrite=broken)))
        assert not result.passed and "ZeroDivisionError" in result.failures()[0]

    def test_limits_are_decided(self):
        assert passes(one_step(sympy.Limit((n + 1) / n, n, sympy.oo), sympy.Integer(1),
                               Symbolic()))
        assert not passes(one_step(sympy.Limit((n + 1) / n, n, sympy.oo), sympy.Integer(2),
                                   Symbolic()))


class TestSymbolicSize:
    """Claims about matrices of every size: words of matrix symbols, rewritten by hypotheses."""

    orthogonal = Hypothesis("orthogonal", Q.T * Q, sympy.Identity(size))
    real = Hypothesis("real", sympy.adjoint(Q), Q.T)
    eigen = Hypothesis("eigen", Q * v, lam * v)

    def test_norm_preserved_for_every_size(self):
        built = one_step(NormSquared(Q * v), NormSquared(v), Symbolic(),
                         hypotheses=(self.real, self.orthogonal), given=("real", "orthogonal"))
        result = verify(built)
        assert result.passed, result.failures()
        assert result.scope.kind is ScopeKind.GENERAL and "d" in result.scope.label

    def test_without_the_hypothesis_the_claim_is_undecided(self):
        built = one_step(NormSquared(Q * v), NormSquared(v), Symbolic(),
                         hypotheses=(self.real, self.orthogonal), given=("real",))
        assert not passes(built)

    def test_a_false_consequence_is_rejected(self):
        built = one_step(NormSquared(Q * v), 2 * NormSquared(v), Symbolic(),
                         hypotheses=(self.real, self.orthogonal), given=("real", "orthogonal"))
        assert not passes(built)

    def test_eigenvalue_modulus_by_ideal_membership(self):
        nonzero = Hypothesis("nonzero", NormSquared(v), sympy.Integer(0), Relation.NE)
        steps = (
            Step("preserved", NormSquared(Q * v), NormSquared(v), "orthogonal", Symbolic(),
                 given=("real", "orthogonal")),
            Step("scaled", NormSquared(Q * v), lam * sympy.conjugate(lam) * NormSquared(v),
                 "eigen", Symbolic(), given=("eigen",)),
            Step("modulus", lam * sympy.conjugate(lam), sympy.Integer(1), "combine", Symbolic(),
                 given=("preserved", "scaled", "nonzero"), display_lhs=sympy.Abs(lam) ** 2),
        )
        hypotheses = (self.real, self.orthogonal, self.eigen, nonzero)
        assert passes(derivation(*steps, hypotheses=hypotheses))
        wrong = (*steps[:2], Step("modulus", lam * sympy.conjugate(lam), sympy.Integer(2), "x",
                                  Symbolic(), given=("preserved", "scaled", "nonzero")))
        assert not passes(derivation(*wrong, hypotheses=hypotheses))
        # Without v ≠ 0 the conclusion does not follow (v = 0 is an eigenvector of nothing).
        weak = (*steps[:2], Step("modulus", lam * sympy.conjugate(lam), sympy.Integer(1), "x",
                                 Symbolic(), given=("preserved", "scaled")))
        assert not passes(derivation(*weak, hypotheses=hypotheses))

    def test_a_scalar_product_inside_a_word_is_rewritten(self):
        u, c = sympy.MatrixSymbol("u", size, 1), sympy.Symbol("c", positive=True)
        reflector = sympy.Identity(size) - 2 * u * u.T / c
        length = Hypothesis("length", u.T * u, c * sympy.Identity(1))
        assert passes(one_step(reflector * reflector, sympy.Identity(size), Symbolic(),
                               hypotheses=(length,), given=("length",)))
        assert not passes(one_step(reflector * reflector, 2 * sympy.Identity(size), Symbolic(),
                                   hypotheses=(length,), given=("length",)))

    def test_contradictory_facts_are_reported_not_used(self):
        zero = Hypothesis("zero", x, sympy.Integer(0))
        one = Hypothesis("one", x, sympy.Integer(1))
        result = verify(one_step(x, sympy.Integer(5), Symbolic(), hypotheses=(zero, one),
                                 given=("zero", "one")))
        assert not result.passed and "contradict" in result.failures()[0]


class TestOrderFacts:
    beta = sympy.Symbol("beta", positive=True)
    s = sympy.Symbol("s", nonnegative=True)

    def test_a_bound_enters_through_a_slack_variable(self):
        below = Hypothesis("below", self.s, 1 / self.beta, Relation.LT)
        assert passes(one_step(self.beta * self.s, sympy.Integer(1), Symbolic(), Relation.LT,
                               hypotheses=(below,), given=("below",)))
        assert not passes(one_step(self.beta * self.s, sympy.Rational(1, 2), Symbolic(),
                                   Relation.LT, hypotheses=(below,), given=("below",)))

    def test_a_limit_waits_for_the_bounds_it_needs(self):
        r = sympy.Symbol("r", real=True)
        facts = (Hypothesis("low", r, sympy.Integer(0), Relation.GT),
                 Hypothesis("high", r, sympy.Integer(1), Relation.LT))
        limit = sympy.Limit(n * r ** (n - 1), n, sympy.oo)
        assert passes(one_step(limit, sympy.Integer(0), Symbolic(), hypotheses=facts,
                               given=("low", "high")))
        assert not passes(one_step(limit, sympy.Integer(1), Symbolic(), hypotheses=facts,
                                   given=("low", "high")))

    def test_an_infinite_limit_is_compared_not_subtracted(self):
        assert passes(one_step(sympy.Limit(2**n, n, sympy.oo), sympy.oo, Symbolic()))
        assert not passes(one_step(sympy.Limit(2**-n, n, sympy.oo), sympy.oo, Symbolic()))
        assert passes(one_step(sympy.Limit(2**n, n, sympy.oo), sympy.Integer(10**6), Symbolic(),
                               Relation.GT))

    def test_a_weak_bound_does_not_give_a_strict_claim(self):
        at_most = Hypothesis("at-most", self.s, 1 / self.beta, Relation.LE)
        assert not passes(one_step(self.beta * self.s, sympy.Integer(1), Symbolic(),
                                   Relation.LT, hypotheses=(at_most,), given=("at-most",)))

    def test_two_sided_bounds_parametrise_the_open_interval(self):
        eta = sympy.Symbol("eta", real=True)
        facts = (Hypothesis("low", eta, sympy.Integer(0), Relation.GT),
                 Hypothesis("high", eta, sympy.Integer(1), Relation.LT))
        limit = sympy.Limit(eta**n, n, sympy.oo)
        assert passes(one_step(limit, sympy.Integer(0), Symbolic(), hypotheses=facts,
                               given=("low", "high")))
        assert not passes(one_step(limit, sympy.Integer(0), Symbolic(), hypotheses=facts,
                                   given=("low",)))


class TestInduction:
    j = sympy.Symbol("j", integer=True)
    geometric_sum = sympy.Sum(2**j, (j, 0, n - 1))
    doubling_plus_one = Induction(n, recurrence=lambda previous: 2 * previous + 1)

    def test_proves_a_geometric_sum(self):
        assert passes(one_step(self.geometric_sum, 2**n - 1, self.doubling_plus_one))

    def test_rejects_a_wrong_base_case(self):
        result = verify(one_step(self.geometric_sum, 2**n, self.doubling_plus_one))
        assert not result.passed and "base case" in result.failures()[0]

    def test_rejects_a_wrong_inductive_step(self):
        step = Induction(n, recurrence=lambda previous: 2 * previous)
        assert not passes(one_step(2**n, n + 1, step))

    def test_rejects_a_recurrence_the_left_side_does_not_obey(self):
        step = Induction(n, recurrence=lambda previous: previous + 1)
        result = verify(one_step(3**n, n + 1, step))
        assert not result.passed and "recurrence" in result.failures()[0]

    def test_needs_an_integer_variable(self):
        with pytest.raises(ValueError, match="variable"):
            Induction(x, recurrence=lambda p: p)

    def test_powers_of_an_orthogonal_matrix_of_every_size(self):
        t = sympy.Symbol("t", integer=True, nonnegative=True)
        hypothesis = Hypothesis("orthogonal", Q.T * Q, sympy.Identity(size))
        claim = Step("powers", (Q**t).T * Q**t, sympy.Identity(size), "induction",
                     Induction(t, recurrence=lambda gram: Q.T * gram * Q),
                     given=("orthogonal",))
        result = verify(derivation(claim, hypotheses=(hypothesis,)))
        assert result.passed, result.failures()
        wrong = Step("powers", (Q**t).T * Q**t, sympy.Identity(size), "induction",
                     Induction(t, recurrence=lambda gram: Q.T * gram * Q))
        assert not passes(derivation(wrong, hypotheses=(hypothesis,)))

    def _bound(self, base: sympy.Basic, relation: Relation = Relation.LE) -> Derivation:
        p = sympy.Function("p", nonnegative=True)
        q = sympy.Symbol("q", positive=True)
        return derivation(
            Step("next", p(n + 1), q * p(n), "one more factor", Symbolic(), Relation.LE,
                 given=("growth",)),
            Step("apply", q * p(n), q * q**n, "induction hypothesis", Symbolic(), Relation.LE,
                 given=("supposed",)),
            Step("simplify", q * q**n, q ** (n + 1), "powers", Symbolic()),
            Step("successor", p(n + 1), q ** (n + 1), "chain", Chain(("next", "apply",
                                                                      "simplify")),
                 Relation.LE),
            Step("bound", p(n), q**n, "induction", Induction(n, step="successor",
                                                            hypothesis="supposed"),
                 relation, given=("start",)),
            hypotheses=(Hypothesis("growth", p(n + 1), q * p(n), Relation.LE, every=(n,)),
                        Hypothesis("start", p(0), base),
                        Hypothesis("supposed", p(n), q**n, Relation.LE, local=True)),
        )

    def test_step_form_proves_a_bound_for_every_n(self):
        result = verify(self._bound(sympy.Integer(1)))
        assert result.passed, result.failures()

    def test_step_form_rejects_a_false_base_case(self):
        assert not passes(self._bound(sympy.Integer(2)))

    def test_step_form_rejects_a_step_for_another_relation(self):
        assert not passes(self._bound(sympy.Integer(1), Relation.LT))

    def test_a_conclusion_resting_on_an_undischarged_supposition_is_refused(self):
        p = sympy.Function("p")
        with pytest.raises(ValueError, match="local hypotheses"):
            derivation(Step("uses", p(n) + 1, sympy.Integer(1), "s", Symbolic(),
                            given=("supposed",)),
                       hypotheses=(Hypothesis("supposed", p(n), sympy.Integer(0),
                                              local=True),))


class TestChain:
    def test_links_must_join_up(self):
        y = sympy.Symbol("y", positive=True)
        good = derivation(
            Step("a", x**2, x**2 + y / 2, "s", Symbolic(), Relation.LE),
            Step("b", x**2 + y / 2, x**2 + y, "s", Symbolic(), Relation.LT),
            Step("c", x**2, x**2 + y, "chain", Chain(("a", "b")), Relation.LT),
        )
        assert passes(good)
        broken = derivation(
            Step("a", x**2, x**2 + y, "s", Symbolic(), Relation.LT),
            Step("b", x**2 + 2 * y, x**2 + 3 * y, "s", Symbolic(), Relation.LT),
            Step("c", x**2, x**2 + 3 * y, "chain", Chain(("a", "b")), Relation.LT),
        )
        result = verify(broken)
        assert not result.passed and "link" in result.failures()[0]

    def test_a_weak_chain_does_not_prove_a_strict_claim(self):
        y = sympy.Symbol("y", positive=True)
        built = derivation(
            Step("a", x**2, x**2 + y, "s", Symbolic(), Relation.LE),
            Step("b", x**2 + y, 2 * y + x**2, "s", Symbolic(), Relation.LE),
            Step("c", x**2, x**2 + 2 * y, "chain", Chain(("a", "b")), Relation.LT),
        )
        assert not passes(built)


class TestInstances:
    def test_accepts_claims_true_at_every_instance(self):
        assert passes(one_step(sympy.factorial(n), sympy.gamma(n + 1), Instances(n, [0, 3, 7])))

    def test_rejects_a_claim_false_at_one_instance(self):
        result = verify(one_step(2**n, n**2, Instances(n, [0, 1, 5, 6, 3]), Relation.GT))
        assert not result.passed and "n = 3" in result.failures()[0]

    def test_scope_is_instances(self):
        result = verify(one_step(sympy.factorial(n), sympy.gamma(n + 1), Instances(n, [0, 3])))
        assert result.scope.kind is ScopeKind.INSTANCES

    def test_requires_instances(self):
        with pytest.raises(ValueError, match="values"):
            Instances(n, [])


class TestNumeric:
    points = ({x: sympy.Rational(1, 3)}, {x: sympy.Rational(2, 3)}, {x: sympy.Rational(5, 3)})

    def test_accepts_an_identity_to_high_precision(self):
        assert passes(one_step(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1),
                               Numeric(self.points)))

    def test_rejects_a_near_miss_that_float64_would_accept(self):
        almost = sympy.exp(sympy.pi * sympy.sqrt(163)) + 0 * x
        assert not passes(one_step(almost, sympy.Integer(262537412640768744),
                                   Numeric(self.points)))

    def test_is_labelled_numeric(self):
        assert Numeric(self.points).describe().startswith("numeric (mpmath, 60 digits")

    def test_refuses_low_precision_or_few_points(self):
        with pytest.raises(ValueError, match="digits"):
            Numeric(self.points, digits=30)
        with pytest.raises(ValueError, match="points"):
            Numeric(self.points[:2])


class TestScope:
    def test_generic_fixed_size_matrix_is_fixed_size(self):
        a, b = sympy.symbols("a b", real=True)
        generic = sympy.ImmutableMatrix([[a, b], [-b, a]])
        result = verify(one_step(A.T * A, (a**2 + b**2) * sympy.Identity(2), Symbolic(),
                                 definitions={A: generic}))
        assert result.passed and result.scope.kind is ScopeKind.FIXED_SIZE

    def test_claiming_every_size_at_a_fixed_size_needs_a_reason(self):
        a = sympy.Symbol("a", real=True)
        generic = sympy.ImmutableMatrix([[a, 0], [0, a]])
        step = Step("claim", A * A, a**2 * sympy.Identity(2), "s", Symbolic())
        result = verify(derivation(step, definitions={A: generic}, claims_every_size=True))
        assert not result.passed and "fixed_size_because" in result.failures()[0]
        explained = derivation(step, definitions={A: generic}, claims_every_size=True,
                               fixed_size_because="the example is the point")
        assert passes(explained)


class TestDisplayForms:
    def test_a_display_form_equal_to_the_claim_passes(self):
        phi, psi = sympy.symbols("varphi psi")
        shown = sympy.Add(phi**n, -(psi**n), evaluate=False)
        step = Step("s", phi**n - psi**n, -(psi**n - phi**n) * 1, "r", Symbolic(),
                    display_lhs=shown, display_rhs=sympy.Mul(-1, psi**n - phi**n,
                                                             evaluate=False))
        assert step.latex().startswith(r"\varphi^{n} - \psi^{n} =")
        assert passes(derivation(step))

    def test_a_display_form_that_differs_is_a_failure(self):
        result = verify(derivation(Step("s", (x + 1) ** 2, x**2 + 2 * x + 1, "r", Symbolic(),
                                        display_rhs=x**2 + 2 * x + 2)))
        assert not result.passed and "displayed right side" in result.failures()[0]


class TestTimeLimit:
    def test_a_step_past_its_limit_fails_with_timed_out(self):
        def spin(expression):
            while True:
                pass

        result = verify(one_step(x, 2 * x, Symbolic(rewrite=spin)),
                        seconds=0.2)
        assert not result.passed and "timed out" in result.failures()[0]


class TestRefusedAtRegistration:
    def test_identical_displayed_sides(self):
        with pytest.raises(ValueError, match="same formula"):
            Step("same", x, x, "r", Symbolic())

    def test_a_definition_no_step_reads(self):
        unused = sympy.Symbol("u")
        with pytest.raises(ValueError, match="no step or hypothesis reads"):
            one_step(x + 1, 2 * x, Symbolic(), definitions={unused: sympy.Integer(3)})

    def test_citing_a_later_step_or_unknown_label(self):
        with pytest.raises(ValueError, match="neither a hypothesis nor an earlier step"):
            derivation(Step("a", x, 2 * x, "r", Symbolic(), given=("b",)),
                       Step("b", x, 3 * x, "r", Symbolic()))

    def test_unicode_and_tex_outside_math(self):
        with pytest.raises(ValueError, match="outside math"):
            Step("a", x, 2 * x, "since λ > 0", Symbolic())
        with pytest.raises(ValueError, match="TeX"):
            Step("a", x, 2 * x, "since W^l grows", Symbolic())
        Step("a", x, 2 * x, r"since $\lambda > 0$ and `W^l` is code", Symbolic())

    def test_titles_are_words(self):
        with pytest.raises(ValueError, match="without math"):
            Derivation(slug="d", title="The $W^t$ title", chapter=1, source="s",
                       statement="s.", hypotheses=(),
                       steps=(Step("a", x, 2 * x, "r", Symbolic()),))

    def test_duplicate_labels_and_bad_slugs(self):
        step = Step("same", x, 2 * x, "r", Symbolic())
        with pytest.raises(ValueError, match="duplicate"):
            derivation(step, step)
        with pytest.raises(ValueError, match="slug"):
            Derivation(slug="Bad Slug", title="t", chapter=1, source="s", statement="s.",
                       hypotheses=(), steps=(step,))
        with pytest.raises(ValueError, match="reason"):
            Step("a", x, 2 * x, "two\nlines", Symbolic())

    def test_non_sympy_sides_and_plain_string_hypotheses(self):
        with pytest.raises(TypeError, match="lhs"):
            Step("a", 3, x, "r", Symbolic())
        with pytest.raises(TypeError, match="Hypothesis or Assumption"):
            derivation(Step("a", x, 2 * x, "r", Symbolic()), hypotheses=("a string",))

    def test_cyclic_definitions_are_an_error(self):
        y = sympy.Symbol("y")
        built = one_step(x, 2 * x, Symbolic(), definitions={x: y, y: x})
        with pytest.raises(ValueError, match="cycle"):
            built.concrete(x)


def test_operator_norm_is_non_negative():
    assert OperatorNorm(A).is_nonnegative


def test_markdown_is_a_theorem_box_with_a_folded_proof():
    built = derivation(
        Step("expand", (x + 1) ** 2, x**2 + 2 * x + 1, r"Expand $(x+1)^2$.", Symbolic()),
        Step("bound", x**2 + 2 * x + 1, x**2 + 2 * x + 2, "Add one.", Symbolic(), Relation.LT),
        hypotheses=(Assumption("nothing else"),),
    )
    text = render(built)
    assert 'class="theorem theorem-theorem" id="probe"' in text
    assert '<details class="proof" id="probe--proof"' in text
    assert 'id="probe--expand"' in text and "proof-step-continues" in text
    assert r"\left(x + 1\right)^{2}" in text and r"= x^{2} + 2 x + 1" in text
    assert '<span class="assumed">assumed</span> nothing else' in text
    assert "verification.md#report-probe" in text
    assert "python -m derivations" not in text  # no developer footer on the reader's page


class TestMatrixScalars:
    """Determinants and traces of symbolic matrices: rewritten before evaluation, compared."""

    def test_a_fact_rewrites_inside_a_determinant(self):
        orthogonal = Hypothesis("orthogonal", Q.T * Q, sympy.Identity(size))
        assert passes(one_step(sympy.Determinant(Q.T * Q), sympy.Integer(1), Symbolic(),
                               hypotheses=(orthogonal,), given=("orthogonal",)))
        assert not passes(one_step(sympy.Determinant(Q.T * Q), sympy.Integer(2), Symbolic(),
                                   hypotheses=(orthogonal,), given=("orthogonal",)))

    def test_traces_are_cyclic_and_transpose_invariant(self):
        U = sympy.MatrixSymbol("U", size, size)
        assert passes(one_step(sympy.Trace(U * U.T), sympy.Trace(U.T * U), Symbolic()))
        assert passes(one_step(sympy.Trace(Q * U), sympy.Trace((Q * U).T), Symbolic()))
        assert not passes(one_step(sympy.Trace(U * U), sympy.Trace(U.T * U), Symbolic()))

    def test_a_scalar_fact_replaces_a_whole_term(self):
        r = sympy.Symbol("r", positive=True)
        e = sympy.MatrixSymbol("e", size, 1)
        facts = (Hypothesis("length", x_vec.T * x_vec, r**2 * sympy.Identity(1)),
                 Hypothesis("unit", e.T * e, sympy.Identity(1)))
        claim = one_step((x_vec + r * e).T * (x_vec + r * e),
                         (2 * r**2) * sympy.Identity(1) + 2 * r * e.T * x_vec, Symbolic(),
                         hypotheses=facts, given=("length", "unit"))
        result = verify(claim)
        assert result.passed, result.failures()


x_vec = sympy.MatrixSymbol("x", size, 1)


def test_a_squared_matrix_in_a_hypothesis_matches_the_multiplied_out_product():
    M = sympy.MatrixSymbol("M", size, size)
    square = Hypothesis("square", M * M, -sympy.Identity(size))
    assert passes(one_step(M * M * M * M, sympy.Identity(size), Symbolic(),
                           hypotheses=(square,), given=("square",)))
    assert not passes(one_step(M * M * M * M, -sympy.Identity(size), Symbolic(),
                               hypotheses=(square,), given=("square",)))


def test_an_entry_of_a_column_vector_has_one_index():
    from derivations.engine.latex import textbook_latex

    h = sympy.MatrixSymbol("h", size, 1)
    assert textbook_latex(h[2, 0]) == "{h}_{2}"


def test_a_base_two_logarithm_keeps_the_parentheses_of_its_factor():
    """The page once showed y + 1 log₂ x for (y + 1)·log₂ x, a different formula."""
    from derivations.engine.latex import textbook_latex

    x, y = sympy.symbols("x y", positive=True)
    base_two = sympy.log(x) / sympy.log(2)
    assert textbook_latex((y + 1) * base_two) == r"\left(y + 1\right)\, \log_{2} x"
    assert textbook_latex(3 * y * base_two) == r"3 y\, \log_{2} x"
    assert textbook_latex(-2 * base_two) == r"-2\, \log_{2} x"
    assert textbook_latex(base_two) == r"\log_{2} x"


def test_a_hypothesis_for_every_value_says_so_and_names_a_symbol_it_mentions():
    from derivations.engine.latex import hypothesis_latex

    f = sympy.Function("f")
    every = Hypothesis("double", f(n + 1), 2 * f(n), every=(n,))
    assert hypothesis_latex(every) == r"f{\left(n + 1 \right)} = 2 f{\left(n \right)}" \
                                      r"\quad\text{for every }n"
    with pytest.raises(ValueError, match="does not occur"):
        Hypothesis("double", f(n + 1), 2 * f(n), every=(sympy.Symbol("m"),))
    with pytest.raises(TypeError, match="tuple of symbols"):
        Hypothesis("double", f(n + 1), 2 * f(n), every=n)


def test_the_printer_writes_sums_products_and_real_parts_as_a_textbook_does():
    """SymPy's order once reached the pages: (-λI + B_λ)², λ^{n-1} n, √(-ω²ε² + 1), re(λ)."""
    from derivations.engine.latex import textbook_latex

    omega, epsilon, gamma, y = sympy.symbols("omega varepsilon gamma y", real=True)
    B = sympy.MatrixSymbol("B", size, size)
    assert textbook_latex((B - lam * sympy.Identity(size)) ** 2) == \
        r"\left(B - \lambda I\right)^{2}"
    assert textbook_latex(sympy.sqrt(1 - omega**2 * epsilon**2)) == \
        r"\sqrt{1 - \omega^{2} \varepsilon^{2}}"
    assert textbook_latex(x - y) == "x - y" and textbook_latex(-x - y) == "- x - y"
    assert textbook_latex(-gamma + sympy.I * omega) == r"- \gamma + i \omega"  # real part first
    assert textbook_latex(n * lam ** (n - 1)) == r"n \lambda^{n - 1}"
    assert textbook_latex(lam ** (n - 2) * n * (n - 1) / 2) == \
        r"\frac{n \left(n - 1\right) \lambda^{n - 2}}{2}"
    assert textbook_latex(n * 2 ** (1 - n)) == r"n \cdot 2^{1 - n}"
    assert textbook_latex(-n * lam ** (n - 1)) == r"- n \lambda^{n - 1}"
    assert textbook_latex(sympy.re(lam)) == r"\operatorname{Re} \lambda"
    assert textbook_latex(sympy.im(lam)) == r"\operatorname{Im} \lambda"
    assert textbook_latex(sympy.re(lam * x * sympy.Symbol("mu"))) == \
        r"x \operatorname{Re}\left(\lambda \mu\right)"
    assert textbook_latex(sympy.exp(2 * n * sympy.re(lam))) == \
        r"e^{2 n \operatorname{Re} \lambda}"
    # a display form keeps the order it was written in
    written = sympy.Add(-x, y, evaluate=False)
    assert textbook_latex(written, ordered=True) == "- x + y"


def test_a_proof_counts_its_steps_in_words():
    one = render(one_step((x + 1) ** 2, x**2 + 2 * x + 1, Symbolic()))
    assert "Proof (1 checked step)</summary>" in one
    two = render(derivation(
        Step("a", (x + 1) ** 2, x**2 + 2 * x + 1, "Expand.", Symbolic()),
        Step("b", x**2 + 2 * x + 1, x**2 + 2 * x + 2, "Add one.", Symbolic(), Relation.LT)))
    assert "Proof (2 checked steps)</summary>" in two


def test_cases_read_as_cases_and_an_induction_hypothesis_as_the_induction_s():
    """'Suppose ‖G‖ ≥ τ. Suppose ‖G‖ < τ.' read as two assumptions at once."""
    from derivations.engine.derivation import cases

    y = sympy.Symbol("y", real=True)
    split = derivation(
        Step("low", sympy.Min(x, 1), x, "Below one.", Symbolic(), given=("below",)),
        Step("high", sympy.Min(x, 1), sympy.Integer(1), "From one.", Symbolic(),
             given=("above", "also")),
        Step("any", (x + y) ** 2, x**2 + 2 * x * y + y**2, "Whatever $x$ is.", Symbolic()),
        hypotheses=(Hypothesis("below", x, sympy.Integer(1), Relation.LT, local=True,
                               text="the lower case"),
                    Hypothesis("above", x, sympy.Integer(1), Relation.GE, local=True),
                    Hypothesis("also", y, sympy.Integer(0), Relation.GT, local=True)),
        conclusion="any",
    )
    assert [([h.label for h in group], [s.label for s in steps])
            for group, steps in cases(split)] == [(["below"], ["low"]), (["above", "also"],
                                                                          ["high"])]
    text = render(split)
    assert "Suppose" not in text
    assert (r'Case 1, step (1): <strong>(H1)</strong> $x < 1$ (the lower case).</p>'
            in text)
    assert (r'Case 2, step (2): <strong>(H2)</strong> $x \geq 1$ and <strong>(H3)</strong> '
            r'$y > 0$.</p>' in text)

    single = derivation(
        Step("special", x**2, sympy.Integer(1), "If $x$ is one.", Symbolic(), given=("one",)),
        Step("any", (x + y) ** 2, x**2 + 2 * x * y + y**2, "Whatever $x$ is.", Symbolic()),
        hypotheses=(Hypothesis("one", x, sympy.Integer(1), local=True),), conclusion="any")
    assert "In step (1) only, suppose <strong>(H1)</strong> $x = 1$.</p>" in render(single)
    assert "Case" not in render(single)

    f = sympy.Function("f")
    inductive = derivation(
        Step("next", f(n + 1), 2 ** (n + 1), "Double.", Symbolic(), given=("double", "case-n")),
        Step("all", f(n), 2**n, "Induction.", Induction(n, step="next", hypothesis="case-n"),
             given=("start",)),
        hypotheses=(Hypothesis("double", f(n + 1), 2 * f(n), every=(n,)),
                    Hypothesis("start", f(0), sympy.Integer(1)),
                    Hypothesis("case-n", f(n), 2**n, local=True, text="the case $n$")))
    assert cases(inductive) == []
    text = render(inductive)
    assert ("For the induction, suppose <strong>(H3)</strong> "
            r"$f{\left(n \right)} = 2^{n}$ (the case $n$).</p>" in text)
    assert "Case" not in text
