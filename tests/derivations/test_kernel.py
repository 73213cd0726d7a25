"""The kernel's boundary: only the kernel makes a passing verdict, and what a search proposes
is believed only when the kernel confirms it.

Each sabotaged search below proposes a certificate for a claim that is false on purpose (wrong
cofactors, a forged Nullstellensatz witness, a "completed square" that is not the value); the
kernel must refuse every one. The controls show the same claims' true twins still pass with
the honest search, so a refusal is the confirmation at work, not a broken search.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import sympy

from derivations.engine import kernel, search
from derivations.engine.derivation import Fact
from derivations.engine.givens import Givens
from derivations.engine.relation import Relation

ENGINE = Path(kernel.__file__).parent
PROJECT = ENGINE.parent
x, y = sympy.symbols("x y", real=True)


def facts(*equations: tuple[sympy.Basic, sympy.Basic]) -> Givens:
    return Givens.from_facts([Fact(f"f{index}", lhs, Relation.EQ, rhs)
                              for index, (lhs, rhs) in enumerate(equations)])


def passing_verdicts_made_in(path: Path) -> list[int]:
    """Lines of ``path`` that call ``Verdict(...)`` with a first argument other than ``False``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Verdict"
            and not (node.args and isinstance(node.args[0], ast.Constant)
                     and node.args[0].value is False)]


def test_only_the_kernel_makes_a_passing_verdict():
    found = {str(path.relative_to(PROJECT)): lines
             for path in sorted(PROJECT.rglob("*.py"))
             if path != Path(kernel.__file__) and (lines := passing_verdicts_made_in(path))}
    assert found == {}
    assert passing_verdicts_made_in(Path(kernel.__file__))  # the scan does see the kernel's


def test_the_scan_sees_a_passing_verdict_made_elsewhere(tmp_path):
    tactic = tmp_path / "tactic.py"
    tactic.write_text("def verify():\n    return Verdict(True, 'trust me')\n", encoding="utf-8")
    assert passing_verdicts_made_in(tactic) == [2]


# -- sabotaged searches: false claims with forged proposals ---------------------------------

def test_wrong_cofactors_from_division_are_refused(monkeypatch):
    # x = 2 does not give x = 1; the forged cofactor 1 would "show" x − 1 = 1·(x − 2).
    monkeypatch.setattr(search, "cofactors_by_division", lambda value, gens: [sympy.Integer(1)])
    monkeypatch.setattr(search, "bounded_cofactors", lambda value, gens, most=3: None)
    assert not kernel.decide(x, Relation.EQ, sympy.Integer(1), facts((x, 2))).passed


def test_wrong_solved_cofactors_are_refused(monkeypatch):
    # x·y = 1 does not give x = y; forged cofactors from the bounded solver.
    monkeypatch.setattr(search, "cofactors_by_division", lambda value, gens: None)
    monkeypatch.setattr(search, "bounded_cofactors",
                        lambda value, gens, most=3: [sympy.Integer(1)] * len(gens))
    assert not kernel.decide(x, Relation.EQ, y, facts((x * y, 1))).passed


def test_cofactors_of_the_wrong_length_are_refused(monkeypatch):
    monkeypatch.setattr(search, "cofactors_by_division", lambda value, gens: [])
    monkeypatch.setattr(search, "bounded_cofactors", lambda value, gens, most=3: [])
    assert not kernel.decide(x, Relation.EQ, sympy.Integer(3), facts((x, 2))).passed


def test_forged_identity_cofactors_are_refused(monkeypatch):
    # sin²x = 1 − sin²x is false (x = 0); forged cofactors against sin² + cos² = 1.
    monkeypatch.setattr(search, "bounded_cofactors",
                        lambda value, gens, most=3: [sympy.Integer(2)] * len(gens))
    assert not kernel.decide(sympy.sin(x) ** 2, Relation.EQ, 1 - sympy.sin(x) ** 2).passed


def test_a_forged_nullstellensatz_witness_is_refused(monkeypatch):
    # x = 1 does not give x ≠ 1; the forged witness claims 1 = 1·(x − 1) + 0·(x − 1).
    monkeypatch.setattr(Givens, "nullstellensatz",
                        staticmethod(lambda value, gens: (sympy.Integer(1), [sympy.Integer(0)])))
    assert not kernel.decide(x, Relation.NE, sympy.Integer(1), facts((x, 1))).passed


def test_a_completed_square_that_is_not_the_value_is_refused(monkeypatch):
    # x² − 2x is negative at x = 1; the forged "square" (x − 1)² would show it ≥ 0.
    monkeypatch.setattr(search, "completed_square",
                        lambda value: sympy.Add((x - 1) ** 2, 0, evaluate=False))
    assert not kernel.decide(x**2 - 2 * x, Relation.GE, sympy.Integer(0)).passed


def test_a_search_blind_to_counterexamples_cannot_pass_a_false_claim(monkeypatch):
    # With no counterexample search, a false claim is still not passed: the kernel decides.
    monkeypatch.setattr(search, "counterexample", lambda entry: None)
    assert not kernel.decide(x**2, Relation.EQ, x).passed


# -- controls: the honest searches' true claims --------------------------------------------

@pytest.mark.parametrize(("lhs", "relation", "rhs", "given"), [
    (x, Relation.EQ, sympy.Integer(2), ((x, 2),)),
    (x, Relation.EQ, 1 / y, ((x * y, 1),)),
    (sympy.sin(x) ** 2, Relation.EQ, 1 - sympy.cos(x) ** 2, ()),
    (x, Relation.NE, sympy.Integer(1), ((x, 2),)),
    (x**2 - 2 * x + 1, Relation.GE, sympy.Integer(0), ()),
])
def test_the_true_twins_pass_with_the_honest_search(lhs, relation, rhs, given):
    givens = facts(*given) if given else Givens()
    if relation is Relation.EQ and rhs == 1 / y:  # a fraction needs its denominator non-zero
        givens = Givens.from_facts([Fact("f0", x * y, Relation.EQ, sympy.Integer(1)),
                                    Fact("f1", y, Relation.NE, sympy.Integer(0))])
    assert kernel.decide(lhs, relation, rhs, givens).passed
