"""One notation: every symbol prints as its own formula and means one thing."""

from __future__ import annotations

from collections import Counter

import pytest
import sympy

from derivations.engine import all_derivations
from derivations.engine.latex import textbook_latex
from derivations.engine.text import prose_problem
from derivations.notation import NOTATION, Notation, colour, entry, symbol
from foundation import palette


def test_every_symbol_prints_differently():
    printed = Counter(item.latex for item in NOTATION)
    assert [latex for latex, count in printed.items() if count > 1] == []


def test_keys_are_unique_and_known_keys_resolve():
    keys = Counter(item.key for item in NOTATION)
    assert [key for key, count in keys.items() if count > 1] == []
    assert symbol("Q") is entry("Q").symbol and colour("Q") is palette.PRESERVING
    with pytest.raises(KeyError, match="known"):
        entry("no-such-symbol")


def test_meanings_are_typeset_not_approximated():
    assert [item.key for item in NOTATION if prose_problem(item.meaning)] == []
    with pytest.raises(ValueError, match="outside math"):
        Notation("bad", symbol("Q"), "an angle θ", palette.INK, 1)


def test_every_chapter_introduces_symbols():
    assert {item.chapter for item in NOTATION} >= {1, 2, 3, 4}


def _kind(item: sympy.Basic) -> str:
    if isinstance(item, sympy.MatrixSymbol):
        return "vector" if item.shape[1] == 1 else "matrix"
    return "scalar"


def _letters(derivation) -> set[sympy.Basic]:
    """Every symbol a derivation prints: in its steps, hypotheses and definitions (an indexed
    matrix's entries are the matrix's own, so its label is left out)."""
    found: set[sympy.Basic] = set()
    expressions = [e for step in derivation.steps
                   for e in (step.lhs, step.rhs, step.display_lhs, step.display_rhs)]
    expressions += [getattr(h, side, None) for h in derivation.hypotheses
                    for side in ("lhs", "rhs")]
    expressions += [e for pair in derivation.definitions.items() for e in pair]
    for expression in expressions:
        if isinstance(expression, sympy.Basic):
            labels = {base.label for base in expression.atoms(sympy.IndexedBase)}
            found |= expression.free_symbols - labels
    return found


# Entries whose meaning in the table names two forms: time counted in steps and flowing in
# chapter 4's ODE; Q square, and m × d in the section on tall matrices.
TWO_FORMS = {"t", "Q"}
ASSUMPTIONS = ("integer", "real", "positive", "nonnegative", "negative")


def _clash(used: sympy.Basic, table: sympy.Basic, key: str) -> str:
    """Why ``used``, printed like the table's ``table``, is not the table's symbol: another
    kind of object, a size other than the table's or a number, or a scalar whose assumptions
    do not imply the table's (n ≥ 1 is an n ≥ 0; a real d is not a size). Empty if it is."""
    if _kind(used) != _kind(table):
        return f"a {_kind(used)}, the table's is a {_kind(table)}"
    if key in TWO_FORMS:
        return ""
    if isinstance(used, sympy.MatrixSymbol):
        fixed = all(size.is_number for size in used.shape)
        return "" if fixed or used.shape == table.shape else f"of size {used.shape}"
    missing = [name for name in ASSUMPTIONS
               if getattr(table, f"is_{name}") and not getattr(used, f"is_{name}")]
    return f"not {', '.join(missing)}" if missing else ""


def test_no_derivation_gives_a_letter_of_the_table_another_meaning():
    """An exercise or a proof that writes a letter of the notation table means the table's
    symbol (at a fixed size, or a special case of it); a local letter is one the table does
    not have. Found by this test: exercise 1.5's m (an index, not a number of rows), 2.3's
    b and d (entries, not the bias and a size), 2.7's T (a matrix, not a number of steps),
    3.1 and 3.2's x (a number, not a vector), 4.6's r (any real shift, not a modulus), 4.8's
    p and q (numbers, not eigenvectors), chapter 4's y (the velocity h′)."""
    table = {item.latex: item for item in NOTATION}
    clashes = []
    for derivation in all_derivations():
        for used in _letters(derivation):
            item = table.get(textbook_latex(used))
            why = item and _clash(used, item.symbol, item.key)
            if why:
                clashes.append(f"{derivation.slug}: ${textbook_latex(used)}$ is {why}")
    assert sorted(clashes) == []


def test_the_clash_finder_sees_each_kind_of_clash():
    table = entry("T").symbol, entry("m").symbol, entry("d").symbol, entry("y").symbol
    assert _clash(sympy.MatrixSymbol("T", 3, 3), table[0], "T")
    assert _clash(sympy.Symbol("m", integer=True, nonnegative=True), table[1], "m")
    assert _clash(sympy.Symbol("d", real=True), table[2], "d")
    assert _clash(sympy.MatrixSymbol("y", sympy.Symbol("d"), 1), table[3], "y")
    assert not _clash(sympy.Symbol("n", integer=True, positive=True), entry("n").symbol, "n")
    assert not _clash(sympy.MatrixSymbol("Q", 2, 2), entry("Q").symbol, "Q")


@pytest.mark.parametrize("slug, letters", [
    ("exercise-4-2", {"V", "r"}),  # the other triangle; a row (V, r: eigenvectors, modulus)
    ("jacobian-product", {"m"}),  # an entry's index (m: the rows of a tall matrix)
])
def test_letters_the_clash_finder_cannot_tell_apart_are_not_used(slug, letters):
    """Same kind, size and assumptions as the table's symbol, another meaning: only a
    reader sees it, so these are named."""
    [derivation] = [d for d in all_derivations() if d.slug == slug]
    assert {textbook_latex(used) for used in _letters(derivation)} & letters == set()
