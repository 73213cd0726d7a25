"""Hypothesis on ``derivations.haar``: any arguments end in a clean refusal or orthogonal
samples and statistics that match exact sums (``contracts.py``)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from derivations import haar
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
)


def specs(wide: bool) -> dict[str, dict[str, Strategy]]:
    return {
        "samples": {"recipe": choices(tuple(haar.RECIPES)), "size": integers(2, 6, wide),
                    "count": integers(2, 20, wide), "seed": seeds()},
        "estimates": {"matrices": arrays(sizes(1, 4, wide).flatmap(
            lambda n: st.tuples(sizes(0, 6, wide), st.just(n), st.just(n))), wide)},
    }


NAMES = sorted(specs(False))


def test_every_public_function_is_driven():
    assert set(NAMES) == public_functions(haar)


@pytest.mark.parametrize("name", NAMES)
def test_any_arguments_are_refused_cleanly_or_answered_correctly(name):
    check_function(f"haar.{name}", getattr(haar, name), specs(False)[name], FAST)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_many_more_arguments_over_wider_ranges(name):
    check_function(f"haar.{name}", getattr(haar, name), specs(True)[name], SLOW)
