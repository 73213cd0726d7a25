"""Hypothesis on ``derivations.matrix_powers``: any arguments end in a clean refusal or a
result that matches NumPy's matrix powers, SVD and eigenvalues (``contracts.py``)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from derivations import matrix_powers
from tests.library.properties import (
    FAST,
    SLOW,
    Strategy,
    arrays,
    check_function,
    choices,
    integers,
    public_functions,
    seeds,
    sizes,
    square,
)


def specs(wide: bool) -> dict[str, dict[str, Strategy]]:
    matrices = square(sizes(0, 5, wide), wide)
    return {
        "example_matrix": {"kind": choices(matrix_powers.KINDS), "size": integers(1, 8, wide),
                           "seed": seeds()},
        "powers": {"matrix": matrices, "steps": integers(0, 80, wide)},
        "first_overflowing_power": {"matrix": matrices, "steps": integers(0, 80, wide)},
        "spectral_norms": {"stack": arrays(st.tuples(sizes(0, 4, wide), sizes(0, 4, wide),
                                                     sizes(0, 4, wide)), wide)},
        "spectral_radius": {"matrix": matrices},
    }


NAMES = sorted(specs(False))


def test_every_public_function_is_driven():
    assert set(NAMES) == public_functions(matrix_powers)


@pytest.mark.parametrize("name", NAMES)
def test_any_arguments_are_refused_cleanly_or_answered_correctly(name):
    check_function(f"matrix_powers.{name}", getattr(matrix_powers, name), specs(False)[name],
                   FAST)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_many_more_arguments_over_wider_ranges(name):
    check_function(f"matrix_powers.{name}", getattr(matrix_powers, name), specs(True)[name],
                   SLOW)
