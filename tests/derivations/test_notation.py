"""One notation: every symbol prints as its own formula and means one thing."""

from __future__ import annotations

from collections import Counter

import pytest

from derivations.engine.text import prose_problem
from derivations.notation import NOTATION, Notation, colour, entry, symbol


def test_every_symbol_prints_differently():
    printed = Counter(item.latex for item in NOTATION)
    assert [latex for latex, count in printed.items() if count > 1] == []


def test_keys_are_unique_and_known_keys_resolve():
    keys = Counter(item.key for item in NOTATION)
    assert [key for key, count in keys.items() if count > 1] == []
    assert symbol("Q") is entry("Q").symbol and colour("Q").startswith("#")
    with pytest.raises(KeyError, match="known"):
        entry("no-such-symbol")


def test_meanings_are_typeset_not_approximated():
    assert [item.key for item in NOTATION if prose_problem(item.meaning)] == []
    with pytest.raises(ValueError, match="outside math"):
        Notation("bad", symbol("Q"), "an angle θ", "#000000", 1)


def test_every_chapter_introduces_symbols():
    assert {item.chapter for item in NOTATION} >= {1, 2, 3, 4}
