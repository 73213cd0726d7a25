"""The re-checker against forged certificates: obligations that are valid but about another
claim, substitutions no fact gives, limits, instances, inductions, chains and word rules that
do not say what the claim needs. Each forgery must be rejected or, where the re-checker cannot
follow it, left to the kernel (never counted as re-checked); honest certificates of the same
shapes, written by the kernel, re-check."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import pytest
import sympy

from derivations.engine import (
    Chain,
    Derivation,
    Hypothesis,
    Induction,
    Instances,
    Relation,
    Step,
    Symbolic,
    recheck,
    verify,
)
from derivations.engine.certificates import dump
from foundation.provenance import imported_modules, imported_names, module_path

x = sympy.Symbol("x", real=True)
r = sympy.Symbol("r", positive=True)
n = sympy.Symbol("n", integer=True, nonnegative=True)
d = sympy.Symbol("d", integer=True, positive=True)
A, B = sympy.MatrixSymbol("A", d, d), sympy.MatrixSymbol("B", d, d)
Q = sympy.MatrixSymbol("Q", d, d)


def certificates_of(*steps: Step, hypotheses=()) -> dict[str, dict]:
    built = Derivation(slug="probe", title="probe", chapter=1, source="test",
                       statement="A probe.", hypotheses=tuple(hypotheses), steps=tuple(steps))
    result = verify(built)
    assert result.passed, result.failures()
    return {s.step.label: s.certificate for s in result.steps}


def rechecked(certificate: dict) -> bool:
    return recheck.step(certificate).rechecked


def refused(certificate: dict) -> bool:
    """Rejected outright, or at least not counted as re-checked."""
    try:
        return not rechecked(certificate)
    except recheck.Rejected:
        return True


def test_a_valid_obligation_about_another_claim_does_not_recheck():
    """x = 1 under x = 2 is false; x − 2 = 1·(x − 2) is true, and about something else."""
    claim = {"lhs": dump(x), "relation": "=", "rhs": dump(sympy.Integer(1)),
             "facts": [[dump(x), "=", dump(sympy.Integer(2)), []]]}
    forged = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
              "obligations": [{"kind": "zero", "entry": dump(x - 2),
                               "generators": [dump(x - 2)], "cofactors": [dump(1)]}]}
    assert not rechecked(forged)
    honest = copy.deepcopy(forged)
    honest["claim"]["rhs"] = dump(sympy.Integer(2))
    assert rechecked(honest)


def test_a_claim_with_a_trivial_obligation_does_not_recheck():
    claim = {"lhs": dump(x + 1), "relation": "=", "rhs": dump(x), "facts": []}
    forged = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
              "obligations": [{"kind": "zero", "entry": dump(sympy.Integer(0)),
                               "generators": [], "cofactors": []}]}
    assert not rechecked(forged)


def test_a_denominator_needs_its_own_proof():
    """x/x = 1 fails at x = 0: with only the (empty) difference certified it is not followed."""
    written = sympy.Mul(x, sympy.Pow(x, -1), evaluate=False)
    claim = {"lhs": dump(written), "relation": "=", "rhs": dump(sympy.Integer(1)), "facts": []}
    forged = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
              "obligations": [{"kind": "zero", "entry": dump(sympy.Integer(0)),
                               "generators": [], "cofactors": []}]}
    assert not rechecked(forged)


class TestBounds:
    def honest(self) -> dict:
        return certificates_of(
            Step("claim", r, sympy.Integer(2), "below", Symbolic(), Relation.LT,
                 given=("below-one",)),
            hypotheses=(Hypothesis("below-one", r, sympy.Integer(1), Relation.LT),))["claim"]

    def test_the_honest_bound_rechecks(self):
        assert rechecked(self.honest())

    def test_a_substitution_no_fact_gives_is_rejected(self):
        forged = self.honest()
        atom, _ = forged["structure"]["substitutions"][0]
        slack = sympy.Dummy("slack", positive=True)
        forged["structure"]["substitutions"][0] = [atom, dump(5 - slack)]
        with pytest.raises(recheck.Rejected, match="no fact gives"):
            recheck.step(forged)

    def test_a_slack_that_may_be_zero_for_a_strict_bound_is_rejected(self):
        forged = self.honest()
        atom, _ = forged["structure"]["substitutions"][0]
        slack = sympy.Dummy("slack", nonnegative=True)
        forged["structure"]["substitutions"][0] = [atom, dump(1 - slack)]
        with pytest.raises(recheck.Rejected, match="no fact gives"):
            recheck.step(forged)


def test_a_forged_limit_value_is_rejected():
    honest = certificates_of(Step("claim", sympy.Limit(1 / (n + 1), n, sympy.oo),
                                  sympy.Integer(0), "decays", Symbolic()))["claim"]
    assert rechecked(honest)
    forged = copy.deepcopy(honest)
    forged["claim"]["rhs"] = dump(sympy.Integer(1))
    for item in forged["obligations"]:
        if item["kind"] == "limit":
            item["value"] = dump(sympy.Integer(1))
    forged["structure"]["limits"] = [[limit, dump(sympy.Integer(1))]
                                     for limit, _ in forged["structure"]["limits"]]
    with pytest.raises(recheck.Rejected, match="not 1"):
        recheck.step(forged)


class TestInstances:
    def honest(self) -> dict:
        return certificates_of(Step("claim", x**2, x, "at two points", Instances(x, [0, 1])))[
            "claim"]

    def test_the_honest_instances_recheck(self):
        assert rechecked(self.honest())

    def test_an_instance_at_another_value_is_not_followed(self):
        """x² = x at x = 2 is false; a certificate that says x = 2 but proves x = 1 fails."""
        forged = self.honest()
        forged["structure"]["parts"][1]["at"][0][1] = dump(sympy.Integer(2))
        assert not rechecked(forged)

    def test_an_instance_of_another_variable_is_rejected(self):
        forged = self.honest()
        forged["structure"]["parts"][0]["at"][0][0] = dump(sympy.Symbol("y"))
        with pytest.raises(recheck.Rejected, match="variable"):
            recheck.step(forged)


class TestInduction:
    def honest(self) -> dict:
        return certificates_of(Step("claim", sympy.Sum(2 * sympy.Symbol("k") + 1,
                                                        (sympy.Symbol("k"), 0, n - 1)),
                                    n**2, "odd numbers", Induction(
                                        n, recurrence=lambda previous: previous + 2 * n + 1)))[
            "claim"]

    def test_the_honest_induction_rechecks(self):
        assert rechecked(self.honest())

    def test_a_missing_base_case_is_rejected(self):
        forged = self.honest()
        forged["structure"]["parts"] = [p for p in forged["structure"]["parts"]
                                        if p.get("role") != "base"]
        with pytest.raises(recheck.Rejected, match="base cases"):
            recheck.step(forged)

    def test_a_recurrence_the_sides_do_not_obey_is_not_followed(self):
        forged = self.honest()
        hole = sympy.Dummy("previous")
        forged["structure"]["template"] = dump(hole + 2 * n + 3)
        forged["structure"]["holes"] = [dump(hole)]
        assert not rechecked(forged)


class TestChains:
    def honest(self) -> dict:
        return certificates_of(
            Step("first", (x + 1) ** 2, x**2 + 2 * x + 1, "expand", Symbolic()),
            Step("second", x**2 + 2 * x + 1, x**2 + 2 * x + 2, "more", Symbolic(), Relation.LT),
            Step("claim", (x + 1) ** 2, x**2 + 2 * x + 2, "both", Chain(("first", "second")),
                 Relation.LT))["claim"]

    def test_the_honest_chain_rechecks(self):
        assert rechecked(self.honest())

    def test_links_that_do_not_meet_the_claim_are_not_followed(self):
        forged = self.honest()
        forged["claim"]["rhs"] = dump(x**2 + 2 * x + 3)
        assert not rechecked(forged)

    def test_relations_that_are_not_the_links_are_rejected(self):
        forged = self.honest()
        forged["structure"]["relations"] = ["<", "<"]
        with pytest.raises(recheck.Rejected, match="links"):
            recheck.step(forged)


class TestWordRules:
    def honest(self) -> dict:
        return certificates_of(
            Step("claim", Q.T * Q * A, A, "orthogonal", Symbolic(), given=("orthogonal",)),
            hypotheses=(Hypothesis("orthogonal", Q.T * Q, sympy.Identity(d)),))["claim"]

    def test_the_honest_rewriting_rechecks(self):
        assert rechecked(self.honest())

    def test_a_rule_no_fact_gives_is_rejected(self):
        forged = self.honest()
        forged["claim"]["lhs"] = dump(A * B)
        forged["claim"]["rhs"] = dump(B * A)
        forged["structure"]["rules"] = [[dump(A * B), dump(B * A)]]
        with pytest.raises(recheck.Rejected, match="follows from no fact"):
            recheck.step(forged)


@pytest.mark.parametrize(("value", "relation", "expected"), [
    (sympy.Abs(x), "≥", True),
    (sympy.Abs(x), ">", False),  # |0| = 0
    (sympy.exp(x) + x**2, ">", True),
    (sympy.exp(sympy.I * x), ">", False),  # not even real
    ((1 + r) ** x - 1, ">", False),  # below 1 for x < 0
    (sympy.Min(r, r**2 + 1), ">", True),
    (x**2, "≥", True),
    (sympy.Symbol("z") ** 2, "≥", False),  # z = i
])
def test_a_sign_certificate_rechecks_only_where_the_sign_is_known(value, relation, expected):
    claim = {"lhs": dump(value), "relation": relation, "rhs": dump(sympy.Integer(0)),
             "facts": []}
    certificate = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                   "obligations": [{"kind": "sign", "value": dump(value),
                                    "relation": relation}]}
    assert rechecked(certificate) is expected


def test_only_true_identities_serve_as_facts():
    """sin²x + cos²x = 1 may be used like a fact; sin²x − cos²x = 1, which is false, may not,
    even in a certificate whose cofactors add up."""
    s, c = sympy.sin(x), sympy.cos(x)

    def certificate(rhs: sympy.Basic, identity: sympy.Basic, cofactor=x) -> dict:
        claim = {"lhs": dump(s**2 * x), "relation": "=", "rhs": dump(rhs), "facts": []}
        entry = sympy.expand(s**2 * x - rhs)
        return {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                "obligations": [{"kind": "zero", "entry": dump(entry), "identities": True,
                                 "generators": [dump(identity)], "cofactors": [dump(cofactor)]}]}

    assert rechecked(certificate(x - c**2 * x, s**2 + c**2 - 1))
    assert not rechecked(certificate(x + c**2 * x, s**2 - c**2 - 1))
    with pytest.raises(recheck.Rejected):  # the cofactors do not add up to the entry
        recheck.step(certificate(x - c**2 * x, s**2 + c**2 - 1, cofactor=2 * x))


class TestProposals:
    """A ``rewrite=`` proposal replaces the difference; the re-checker must see that the
    replacement equals the claim's difference before it reads the replacement."""

    def honest(self) -> dict:
        return certificates_of(Step("claim", (x + 1) ** 2 - 1, x * (x + 2), "expand",
                                    Symbolic(rewrite=sympy.expand)))["claim"]

    def test_the_honest_proposal_rechecks(self):
        certificate = self.honest()
        assert "proposed" in certificate["structure"]
        assert rechecked(certificate)

    def test_a_proposal_that_is_not_the_difference_is_not_followed(self):
        forged = self.honest()
        forged["claim"]["rhs"] = dump(x * (x + 3))  # false: differs by x
        assert not rechecked(forged)


def _symbolic_certificate(lhs, rhs, facts=(), rules=()) -> dict:
    """A certificate whose one obligation is the trivial one: the claim must follow from the
    re-checker's own normal forms (and the rules, which must follow from the facts)."""
    claim = {"lhs": dump(lhs), "relation": "=", "rhs": dump(rhs),
             "facts": [[dump(a), relation, dump(b), []] for a, relation, b in facts]}
    return {"label": "s", "mechanism": "symbolic", "claim": claim,
            "structure": {"rules": [[dump(p), dump(v)] for p, v in rules]},
            "obligations": [{"kind": "zero", "entry": dump(sympy.Integer(0)),
                             "generators": [], "cofactors": []}]}


class TestNormalForms:
    """What the re-checker reads by definition alone (a power, the Fibonacci recurrence, the
    modulus, the inverse of an invertible matrix), and the false claims of the same shapes."""

    def test_a_power_of_an_explicit_matrix_stays_a_power(self):
        jordan = sympy.ImmutableMatrix([[1, 1], [0, 1]])
        honest = certificates_of(Step("claim", sympy.MatPow(jordan, n),
                                      sympy.ImmutableMatrix([[1, n], [0, 1]]), "shear",
                                      Induction(n, recurrence=lambda power: power * jordan)))
        assert rechecked(honest["claim"])
        forged = copy.deepcopy(honest["claim"])
        forged["claim"]["rhs"] = dump(sympy.ImmutableMatrix([[1, 2 * n], [0, 1]]))
        assert not rechecked(forged)

    def test_powers_of_one_base_merge_in_any_order(self):
        assert rechecked(_symbolic_certificate(A * A**n, A**n * A))
        assert not rechecked(_symbolic_certificate(A * B**n, B**n * A))

    def test_the_fibonacci_recurrence_is_a_definition(self):
        f = sympy.fibonacci
        assert rechecked(_symbolic_certificate(f(n + 2), f(n + 1) + f(n)))
        assert rechecked(_symbolic_certificate(f(n - 1), f(n + 1) - f(n)))
        assert not rechecked(_symbolic_certificate(f(n + 2), f(n + 1) + 2 * f(n)))
        assert not rechecked(_symbolic_certificate(f(n + 2), f(n) ** 2 + f(n + 1)))

    def test_a_modulus_squared_is_a_number_times_its_conjugate(self):
        z = sympy.Symbol("z")
        assert rechecked(_symbolic_certificate(sympy.Abs(z) ** (2 * n),
                                               z**n * sympy.conjugate(z) ** n))
        assert not rechecked(_symbolic_certificate(sympy.Abs(z) ** (2 * n), z ** (2 * n)))

    def test_an_inverse_cancels_only_with_a_fact_that_the_matrix_is_invertible(self):
        invertible = [(sympy.Determinant(B), "≠", sympy.Integer(0))]
        claim = (sympy.MatMul(sympy.Inverse(B), B, A, evaluate=False), A)
        assert rechecked(_symbolic_certificate(*claim, facts=invertible))
        assert not rechecked(_symbolic_certificate(*claim))
        assert not rechecked(_symbolic_certificate(
            sympy.MatMul(B, sympy.Inverse(B), evaluate=False), sympy.Identity(d)))

    def test_a_rule_between_letters_applies_to_their_powers(self):
        fact = [(sympy.Adjoint(A), "=", sympy.Transpose(A))]
        rule = [(sympy.Adjoint(A), sympy.Transpose(A))]
        honest = _symbolic_certificate(sympy.MatPow(sympy.Adjoint(A), n) * B,
                                       sympy.MatPow(sympy.Transpose(A), n) * B, fact, rule)
        assert rechecked(honest)
        twice = [(sympy.Adjoint(A), "=", 2 * sympy.Transpose(A))]
        forged = _symbolic_certificate(sympy.MatPow(sympy.Adjoint(A), n) * B,
                                       sympy.MatPow(sympy.Transpose(A), n) * B, twice,
                                       [(sympy.Adjoint(A), 2 * sympy.Transpose(A))])
        assert not rechecked(forged)  # the rule gives 2ⁿ·(Aᵀ)ⁿ·B


class TestNamedWords:
    """A 1×1 product of matrices enters polynomial arithmetic under a name the kernel records;
    a fact a ≠ 0 enters as a·z − 1 with a variable z of its own."""

    v = sympy.MatrixSymbol("v", d, 1)

    def honest(self) -> dict:
        unit = Hypothesis("kept", sympy.Adjoint(self.v) * sympy.Adjoint(Q) * Q * self.v,
                          sympy.Adjoint(self.v) * self.v)
        scaled = Hypothesis("scaled", sympy.Adjoint(self.v) * sympy.Adjoint(Q) * Q * self.v,
                            r**2 * sympy.Adjoint(self.v) * self.v)
        nonzero = Hypothesis("nonzero", sympy.Adjoint(self.v) * self.v, sympy.Integer(0),
                             relation=Relation.NE)
        return certificates_of(
            Step("claim", r**2, sympy.Integer(1), "cancel the length",
                 Symbolic(), given=("kept", "scaled", "nonzero")),
            hypotheses=(unit, scaled, nonzero))["claim"]

    def test_the_honest_certificate_rechecks(self):
        certificate = self.honest()
        assert certificate["structure"]["words"]
        assert rechecked(certificate)

    def test_a_name_that_is_a_symbol_of_the_claim_is_rejected(self):
        forged = self.honest()
        forged["structure"]["words"][0][0] = dump(r)
        with pytest.raises(recheck.Rejected, match="fresh"):
            recheck.step(forged)

    def test_one_name_for_two_words_is_rejected(self):
        forged = self.honest()
        (first, _), (_, written) = forged["structure"]["words"][:2]
        forged["structure"]["words"][1] = [first, written]
        with pytest.raises(recheck.Rejected, match="two"):
            recheck.step(forged)

    def test_a_variable_shared_by_two_inequations_does_not_recheck(self):
        """a·z − 1 and b·z − 1 together say a = b: z must be the generator's own."""
        a, b, z = sympy.Symbol("a"), sympy.Symbol("b"), sympy.Dummy("inverse")
        claim = {"lhs": dump(a), "relation": "=", "rhs": dump(b),
                 "facts": [[dump(a), "≠", dump(sympy.Integer(0)), []],
                           [dump(b), "≠", dump(sympy.Integer(0)), []]]}
        entry = a - b  # = b·(a·z − 1) − a·(b·z − 1): the cofactors add up
        forged = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                  "obligations": [{"kind": "zero", "entry": dump(entry),
                                   "generators": [dump(a * z - 1), dump(b * z - 1)],
                                   "cofactors": [dump(b), dump(-a)]}]}
        assert sympy.expand(entry - (b * (a * z - 1) - a * (b * z - 1))) == 0
        assert not rechecked(forged)


def test_a_scalar_product_equal_to_its_negative_is_zero_only_by_that_fact():
    """yᵀMy = −yᵀMᵀy makes yᵀMy = 0 (a 1×1 matrix is its transpose); yᵀMy = yᵀMᵀy, which
    holds for every M, does not."""
    y = sympy.MatrixSymbol("y", d, 1)
    antisymmetric = Hypothesis("antisymmetric", y.T * A.T * y, -(y.T * A * y))
    honest = certificates_of(Step("claim", y.T * A * y, sympy.Integer(0), "its own negative",
                                  Symbolic(), given=("antisymmetric",)),
                             hypotheses=(antisymmetric,))["claim"]
    assert rechecked(honest)
    forged = copy.deepcopy(honest)
    forged["claim"]["facts"][0][2] = dump(y.T * A * y)
    assert refused(forged)


def test_a_function_of_a_matrix_takes_equal_values_at_equal_arguments():
    """‖J‖ = ‖AB‖ from J = AB; the same certificate with the fact J = BA does not re-check."""
    from derivations.engine.expressions import OperatorNorm

    J = sympy.MatrixSymbol("J", d, d)
    product = Hypothesis("product", J, A * B)
    honest = certificates_of(Step("claim", OperatorNorm(J), OperatorNorm(A * B), "equal",
                                  Symbolic(), given=("product",)), hypotheses=(product,))["claim"]
    assert rechecked(honest)
    forged = copy.deepcopy(honest)
    forged["claim"]["facts"][0][2] = dump(B * A)
    forged["structure"]["rules"] = [[dump(J), dump(B * A)]]
    assert not rechecked(forged)


class TestStepFormInduction:
    """An induction in step form: the base case under the facts, and cited facts that are the
    claim at n and at n + 1."""

    f = sympy.Function("f")

    def honest(self) -> dict:
        f = self.f
        return certificates_of(
            Step("next", f(n + 1), 2 ** (n + 1), "double", Symbolic(), given=("double", "case-n")),
            Step("claim", f(n), 2**n, "induction", Induction(n, step="next", hypothesis="case-n"),
                 given=("start",)),
            hypotheses=(Hypothesis("double", f(n + 1), 2 * f(n), every=(n,)),
                        Hypothesis("start", f(0), sympy.Integer(1)),
                        Hypothesis("case-n", f(n), 2**n, local=True)))["claim"]

    def test_the_honest_induction_rechecks(self):
        assert rechecked(self.honest())

    def test_a_cited_step_that_is_not_the_claim_at_n_plus_one_is_not_followed(self):
        forged = self.honest()
        for fact in forged["claim"]["facts"]:
            if fact[0] == dump(self.f(n + 1)):
                fact[0] = dump(self.f(n + 2))
        assert not rechecked(forged)

    def test_a_base_case_at_another_start_is_rejected(self):
        forged = self.honest()
        forged["structure"]["parts"][0]["at"][0][1] = dump(sympy.Integer(1))
        with pytest.raises(recheck.Rejected, match="base case"):
            recheck.step(forged)


def test_an_order_claim_may_drop_a_multiple_of_a_fact_and_nothing_else():
    """g ≤ 1 from g = 1: the difference g − 1 is the fact's polynomial, so the value 0 may
    stand for it; the value 0 for g − 2 may not."""
    g = sympy.Symbol("g")
    claim = {"lhs": dump(g), "relation": "≤", "rhs": dump(sympy.Integer(1)),
             "facts": [[dump(g), "=", dump(sympy.Integer(1)), []]]}
    honest = {"label": "s", "mechanism": "symbolic", "claim": claim,
              "structure": {"reduced": True},
              "obligations": [{"kind": "sign", "value": dump(sympy.Integer(0)),
                               "relation": "≤"}]}
    assert rechecked(honest)
    forged = copy.deepcopy(honest)
    forged["claim"]["rhs"] = dump(sympy.Integer(0))  # g ≤ 0 is false when g = 1
    assert not rechecked(forged)


@pytest.mark.parametrize(("denominator", "expected"), [
    (sympy.cosh(x), True), (1 + r, True), (-r - 2, True), (r - 1, False), (x**2, False)])
def test_a_denominator_is_non_zero_when_every_term_has_one_strict_sign(denominator, expected):
    value = 1 / denominator
    claim = {"lhs": dump(value), "relation": "=", "rhs": dump(value), "facts": []}
    certificate = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                   "obligations": [{"kind": "zero", "entry": dump(sympy.Integer(0)),
                                    "generators": [], "cofactors": []}]}
    assert rechecked(certificate) is expected


@pytest.mark.parametrize(("high", "expected"), [(d - 1, True), (d - 2, False)])
def test_a_delta_sum_picks_its_term_only_over_the_whole_index_range(high, expected):
    """Σₖ δ(j, k)·M[i, k] over k = 0 … d − 1 is M[i, j]; over k = 0 … d − 2 it is 0 at
    j = d − 1, so it is not M[i, j]."""
    i, j, k = (sympy.Symbol(name, integer=True, nonnegative=True) for name in "ijk")
    M = sympy.MatrixSymbol("M", d, d)
    total = sympy.Sum(sympy.KroneckerDelta(j, k, (0, d - 1)) * M[i, k], (k, 0, high))
    certificate = _symbolic_certificate(total, M[i, j])
    certificate["claim"]["lhs"] = dump(total)
    assert rechecked(certificate) is expected


def test_an_entry_serves_later_entries_only_once_it_is_shown():
    """y = 0 follows from xy = 0 and x² = 1; then yz = z·y. In the other order the second
    obligation would use y = 0 before anything showed it."""
    y, z = sympy.Symbol("y"), sympy.Symbol("z")
    claim = {"lhs": dump(sympy.ImmutableMatrix([y, y * z])), "relation": "=",
             "rhs": dump(sympy.ImmutableMatrix([0, 0])),
             "facts": [[dump(x * y), "=", dump(sympy.Integer(0)), []],
                       [dump(x**2), "=", dump(sympy.Integer(1)), []]]}
    first = {"kind": "zero", "entry": dump(y), "generators": [dump(x**2 - 1), dump(x * y)],
             "cofactors": [dump(-y), dump(x)]}
    second = {"kind": "zero", "entry": dump(y * z), "generators": [dump(y)],
              "cofactors": [dump(z)]}
    honest = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
              "obligations": [first, second]}
    assert rechecked(honest)
    swapped = dict(honest, obligations=[second, first])
    assert not rechecked(swapped)


def test_powers_of_one_number_written_two_ways_meet_over_primes():
    assert rechecked(_symbolic_certificate(4**n, 2 ** (2 * n)))
    assert rechecked(_symbolic_certificate(sympy.Rational(3, 2) ** n * 2**n, 3**n))
    assert not rechecked(_symbolic_certificate(4**n, 2**n))
    assert not rechecked(_symbolic_certificate(6**n, 2**n * 3 ** (n + 1)))
    assert rechecked(_symbolic_certificate(sympy.exp(-n * sympy.log(sympy.Rational(10, 9))),
                                           9**n * 10 ** (-n)))
    assert not rechecked(_symbolic_certificate(sympy.exp(n * sympy.log(2)), 3**n))


def test_a_sign_may_be_read_from_a_factored_numerator_that_equals_it():
    """−(r − 1)²(r + 1) ≤ 0 shows its sign only factored; a factored form of another
    polynomial is refused."""
    value = sympy.expand(-((r - 1) ** 2) * (r + 1))

    def certificate(form: sympy.Basic | None) -> dict:
        item = {"kind": "sign", "value": dump(value), "relation": "≤"}
        if form is not None:
            item["numerator"] = dump(form)
        claim = {"lhs": dump(value), "relation": "≤", "rhs": dump(sympy.Integer(0)),
                 "facts": []}
        return {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                "obligations": [item]}

    factored = sympy.Mul(-1, (r - 1) ** 2, r + 1, evaluate=False)
    assert rechecked(certificate(factored))
    assert not rechecked(certificate(None))
    with pytest.raises(recheck.Rejected, match="not the numerator"):
        recheck.step(certificate(sympy.Mul(-1, (r - 1) ** 2, r + 2, evaluate=False)))


@pytest.mark.parametrize(("value", "expected"), [
    (sympy.sqrt(401) / 2 - 10 + r, True), (sympy.sqrt(399) / 2 - 10 + r, False),
    (sympy.sqrt(2) - sympy.sqrt(2) + r, True)])
def test_closed_numbers_in_a_sign_count_by_their_value(value, expected):
    claim = {"lhs": dump(value), "relation": ">", "rhs": dump(sympy.Integer(0)), "facts": []}
    certificate = {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                   "obligations": [{"kind": "sign", "value": dump(value), "relation": ">"}]}
    assert rechecked(certificate) is expected


def test_a_positive_number_plus_square_roots_is_not_zero_and_nothing_else_is():
    def certificate(value: sympy.Basic) -> dict:
        claim = {"lhs": dump(value), "relation": "≠", "rhs": dump(sympy.Integer(0)),
                 "facts": []}
        return {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
                "obligations": [{"kind": "nonzero", "value": dump(value), "roots": True}]}

    assert rechecked(certificate(1 + sympy.sqrt(1 - x**2)))
    with pytest.raises(recheck.Rejected, match="square roots"):
        recheck.step(certificate(-1 + sympy.sqrt(1 - x**2)))  # 0 at x = 0


def test_a_comparison_with_infinity_is_rechecked_among_the_extended_reals():
    honest = certificates_of(Step("claim", sympy.Limit(2**n, n, sympy.oo), sympy.oo, "grows",
                                  Symbolic()))["claim"]
    assert rechecked(honest)
    forged = copy.deepcopy(honest)
    for item in forged["obligations"]:
        if item["kind"] == "extended":
            item["relation"] = "<"
    forged["claim"]["relation"] = "<"
    with pytest.raises(recheck.Rejected, match="is false"):
        recheck.step(forged)


# -- what the kernel leaves undecided, decided here by definitions --------------------------------

lam = sympy.Symbol("lambda")
theta = sympy.Symbol("theta", real=True)
t = sympy.Symbol("t", nonnegative=True)
i, m = sympy.Symbol("i", integer=True), sympy.Symbol("m", integer=True, positive=True)


def kernel_left(lhs: sympy.Basic, rhs: sympy.Basic, facts: list | None = None) -> dict:
    """A symbolic step's certificate whose one obligation the kernel settled by its own means:
    the re-checker may count it only if its own forms of the difference vanish."""
    claim = {"lhs": dump(lhs), "relation": "=", "rhs": dump(rhs), "facts": facts or []}
    return {"label": "s", "mechanism": "symbolic", "claim": claim, "structure": {},
            "obligations": [{"kind": "kernel", "what": "simplify"}]}


@pytest.mark.parametrize("lhs, true_rhs, false_rhs", [
    # powers of one base: λ·λⁿ⁻¹ = λⁿ
    (lam * lam ** (n - 1) * n, n * lam**n, (n + 1) * lam**n),
    # Euler's formula: e^{iθ} − e^{−iθ} = 2i sin θ
    (sympy.exp(sympy.I * theta) - sympy.exp(-sympy.I * theta), 2 * sympy.I * sympy.sin(theta),
     2 * sympy.sin(theta)),
    # real and imaginary parts: e^{λt}e^{λ̄t} = e^{2 Re(λ) t}
    (sympy.exp(lam * t) * sympy.exp(t * sympy.conjugate(lam)), sympy.exp(2 * t * sympy.re(lam)),
     sympy.exp(2 * t * sympy.Abs(lam))),
    # factorials by their recurrence: ∏ᵢ₌₂ᵐ (1 − 1/i²), evaluated to rising factorials, is
    # (m + 1)/(2m)
    (sympy.Product(1 - 1 / i**2, (i, 2, m)), (m + 1) / (2 * m), (m + 2) / (2 * m)),
    # sin² + cos² = 1 inside a product
    (sympy.sin(theta) ** 3 + sympy.sin(theta) * sympy.cos(theta) ** 2, sympy.sin(theta),
     sympy.cos(theta)),
])
def test_an_equation_the_kernel_left_to_simplify_rechecks_only_if_true(lhs, true_rhs, false_rhs):
    assert rechecked(kernel_left(lhs, true_rhs))
    assert not rechecked(kernel_left(lhs, false_rhs))


def test_a_kernel_only_limit_is_not_used_by_the_fallback():
    """The claim follows only from the limit's value; a limit this module cannot confirm
    proves nothing, even when the rest of the certificate is settled here."""
    limit = sympy.Limit(n * sympy.sin(sympy.pi / n), n, sympy.oo)
    claim = {"lhs": dump(limit), "relation": "=", "rhs": dump(sympy.Integer(0)), "facts": []}
    forged = {"label": "s", "mechanism": "symbolic", "claim": claim,
              "structure": {"limits": [[dump(limit), dump(sympy.Integer(0))]]},
              "obligations": [{"kind": "kernel", "what": "simplify"},
                              {"kind": "limit", "limit": dump(limit),
                               "value": dump(sympy.Integer(0))}]}
    with pytest.raises(recheck.Rejected):
        recheck.step(forged)


SHEAR = sympy.ImmutableMatrix([[1, 1], [0, 1]])


def test_a_symbolic_power_of_an_explicit_matrix_is_what_a_fact_says_it_is():
    """Bⁿ is never SymPy's closed form here: a claim about Bⁿ follows only from a cited fact
    giving its value, and a false fact's consequence is not the true claim's."""
    e2 = sympy.ImmutableMatrix([0, 1])
    with sympy.evaluate(False):
        moved = sympy.MatMul(sympy.MatPow(SHEAR, n), e2)
        lhs = sympy.MatMul(sympy.Transpose(moved), moved)
    fact = [dump(sympy.MatPow(SHEAR, n)), "=", dump(sympy.ImmutableMatrix([[1, n], [0, 1]])), []]
    wrong = [dump(sympy.MatPow(SHEAR, n)), "=", dump(sympy.ImmutableMatrix([[1, 2 * n], [0, 1]])),
             []]
    honest = kernel_left(lhs, sympy.ImmutableMatrix([[n**2 + 1]]), [fact])
    assert rechecked(honest)
    assert not rechecked(kernel_left(lhs, sympy.ImmutableMatrix([[n**2 + 1]]), [wrong]))
    assert not rechecked(kernel_left(lhs, sympy.ImmutableMatrix([[n**2 + 1]])))


def test_the_kernel_holds_a_symbolic_power_of_an_explicit_matrix_until_a_fact_gives_it():
    """Without a cited value the kernel does not take SymPy's Jordan-form power on trust."""
    shear = sympy.MatrixSymbol("S", 2, 2)
    value = sympy.ImmutableMatrix([[1, n], [0, 1]])

    def probe(*steps: Step, hypotheses=()) -> Derivation:
        return Derivation(slug="probe", title="probe", chapter=1, source="test",
                          statement="A probe.", hypotheses=hypotheses,
                          definitions={shear: SHEAR}, steps=steps)

    cited = verify(probe(
        Step("value", sympy.Determinant(shear**n) * shear**n, value, "cited", Symbolic(),
             given=("powers",)),
        hypotheses=(Hypothesis("powers", shear**n, value, every=(n,)),)))
    assert cited.passed, cited.failures()
    assert rechecked(cited.steps[0].certificate)
    assert not verify(probe(Step("value", shear**n, value, "uncited", Symbolic()))).passed


a = sympy.Symbol("a", real=True)
z = sympy.Symbol("z")


@pytest.mark.parametrize("lhs, true_rhs, false_rhs", [
    # 1 − tanh²a = 1/cosh²a > 0, so |tanh²a − 1| = 1 − tanh²a
    (sympy.Abs(sympy.tanh(a) ** 2 - 1), 1 - sympy.tanh(a) ** 2, sympy.tanh(a) ** 2 - 1),
    # an undecided sign stays a modulus: |sinh a| is not sinh a
    (sympy.Abs(sympy.sinh(a)), None, sympy.sinh(a)),
])
def test_a_modulus_is_dropped_only_where_the_hyperbolic_identity_decides_its_sign(
        lhs, true_rhs, false_rhs):
    if true_rhs is not None:
        assert rechecked(kernel_left(lhs, true_rhs))
    assert not rechecked(kernel_left(lhs, false_rhs))


def test_tanh_of_a_complex_argument_is_sinh_over_cosh_only_where_cosh_is_declared_non_zero():
    declared = [[dump(sympy.cosh(z)), "≠", dump(sympy.Integer(0)), []]]
    quotient = sympy.sinh(z) / sympy.cosh(z)
    certificate = kernel_left(sympy.tanh(z), quotient, declared)
    certificate["obligations"].append({"kind": "nonzero", "value": dump(sympy.cosh(z)),
                                       "fact": 0, "sign": 1})
    assert rechecked(certificate)
    undeclared = kernel_left(sympy.tanh(z), quotient)
    assert refused(undeclared)


# -- what the re-checker is made of ---------------------------------------------------------------

RECHECKER = "derivations.engine.recheck"
PACKAGE_FILES = sorted(module_path(RECHECKER).parent.glob("*.py"))
DECIDING = ("kernel", "checks", "givens", "algebra", "derivation")  # the kernel's deciding code


def _reached(module: str) -> set[Path]:
    """The files of ``module`` and of every ``derivations`` module it imports, directly or not.

    Not :func:`foundation.provenance.closure`: it adds each module's parent packages, and
    ``derivations/engine/__init__.py`` re-exports the kernel, so that closure holds the kernel
    whatever the re-checker imports. Here a package is followed only where something is taken
    from it (``from derivations.engine import Symbolic``), not where it is only the way to one of
    its modules (``from derivations.engine import certificates``)."""
    seen: set[str] = set()
    pending = [module]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        path = module_path(current)
        names, modules = set(imported_names(path)), imported_modules(path, ("derivations",))
        for name in modules:
            children = {other for other in names if other.rpartition(".")[0] == name}
            if not children or not children <= modules:
                pending.append(name)
    return {module_path(name) for name in seen}


def test_the_rechecker_imports_none_of_the_kernels_deciding_code():
    reached = _reached(RECHECKER)
    deciding = {module_path(f"derivations.engine.{name}") for name in DECIDING}
    assert not deciding & reached
    assert reached == set(PACKAGE_FILES) | _reached("derivations.engine.certificates")


# What the kernel decides with and the re-checker must not call (as ``sympy.f(…)``, as a method
# ``e.f(…)``, or imported by name).
KERNEL_TOOLS = {"simplify", "limit", "groebner", "reduced", "cancel", "factor"}


def test_the_rechecker_calls_none_of_the_kernels_tools():
    found = []
    for path in PACKAGE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in KERNEL_TOOLS:
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node.func)}(…)")
            elif isinstance(node, ast.ImportFrom) and KERNEL_TOOLS & {a.name for a in node.names}:
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert len(PACKAGE_FILES) > 1 and not found
