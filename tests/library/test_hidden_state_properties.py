"""Hypothesis on ``derivations.hidden_state``: any arguments end in a clean refusal or a
result within the bounds the chapter proves (‖h_t‖ ≤ ‖W‖ᵗ, orbits on the unit circle)."""

from __future__ import annotations

from derivations import hidden_state
from tests.library.properties import (
    Strategy,
    integers,
    module_suite,
    reals,
    seeds,
    sizes,
    square,
)


def specs(wide: bool) -> dict[str, dict[str, Strategy]]:
    matrices = square(sizes(0, 5, wide), wide)
    return {
        "weight_matrices": {"size": integers(1, 8, wide), "seed": seeds()},
        "hidden_state_norms": {"matrix": matrices, "steps": integers(0, 100, wide),
                               "seed": seeds()},
        "eigenvalues": {"matrix": matrices},
        "spectral_radius": {"matrix": matrices},
        "rotation_orbit": {"angle": reals(-10, 10), "steps": integers(0, 200, wide)},
    }


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_correctly,
 test_many_more_arguments_over_wider_ranges) = module_suite(hidden_state, specs)
