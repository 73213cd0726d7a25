"""Hypothesis on ``derivations.fibonacci``: any arguments end in a clean refusal or an exact
answer (checked against GMP, SymPy and mpmath in ``contracts.py``)."""

from __future__ import annotations

import numpy
from hypothesis import strategies as st

from derivations import fibonacci
from tests.library.properties import (
    Strategy,
    integers,
    junk,
    module_suite,
    mostly,
)


def matrices2(wide: bool) -> Strategy:
    """2×2 integer matrices as tuples, lists or int64 arrays, and things that are not."""
    entry = st.integers(-(10**6), 10**6) if not wide else st.integers(-(2**62), 2**62)
    rows = st.tuples(st.tuples(entry, entry), st.tuples(entry, entry))
    return mostly(rows, rows.map(lambda m: numpy.array(m, dtype=numpy.int64)),
                  rows.map(lambda m: [list(row) for row in m]),
                  rows.map(lambda m: numpy.array(m, dtype=float)),
                  st.lists(st.lists(entry, max_size=3), max_size=3), junk(), share=6)


def specs(wide: bool) -> dict[str, dict[str, Strategy]]:
    return {
        "fib": {"n": integers(-5000, 5000, wide)},
        "matrix_product": {"left": matrices2(wide), "right": matrices2(wide)},
        "power_by_repeated_squaring": {"matrix": matrices2(wide), "n": integers(1, 300, wide)},
        "binet": {"n": integers(-300, 300, wide), "bits": integers(2, 400, wide)},
        "minimal_binet_precision": {"n": integers(-300, 300, wide)},
        "binet_precision_table": {"ns": mostly(
            st.lists(st.integers(-200, 200), max_size=3),
            st.lists(integers(-200, 200, wide), max_size=3),
            st.lists(st.integers(-200, 200), max_size=3).map(tuple), junk(), share=6)},
    }


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_exactly,
 test_many_more_arguments_over_wider_ranges) = module_suite(fibonacci, specs)
