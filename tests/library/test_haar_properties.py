"""Hypothesis on ``derivations.haar``: any arguments end in a clean refusal or orthogonal
samples and statistics that match exact sums (``contracts.py``)."""

from __future__ import annotations

from hypothesis import strategies as st

from derivations import haar
from tests.library.properties import (
    Strategy,
    arrays,
    choices,
    integers,
    module_suite,
    seeds,
    sizes,
)


def specs(wide: bool) -> dict[str, dict[str, Strategy]]:
    return {
        "samples": {"recipe": choices(tuple(haar.RECIPES)), "size": integers(2, 6, wide),
                    "count": integers(2, 20, wide), "seed": seeds()},
        "estimates": {"matrices": arrays(sizes(1, 4, wide).flatmap(
            lambda n: st.tuples(sizes(0, 6, wide), st.just(n), st.just(n))), wide)},
    }


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_correctly,
 test_many_more_arguments_over_wider_ranges) = module_suite(haar, specs)
