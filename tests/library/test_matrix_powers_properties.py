"""Hypothesis on ``derivations.matrix_powers``: any arguments end in a clean refusal or a
result that matches NumPy's matrix powers, SVD and eigenvalues (``contracts.py``)."""

from __future__ import annotations

from hypothesis import strategies as st

from derivations import matrix_powers
from tests.library.properties import (
    Strategy,
    arrays,
    choices,
    integers,
    module_suite,
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


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_correctly,
 test_many_more_arguments_over_wider_ranges) = module_suite(matrix_powers, specs)
