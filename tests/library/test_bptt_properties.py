"""Hypothesis on ``derivations.bptt``: any arguments end in a clean refusal or a result that
obeys the chapter's bound ‖∂x_l/∂x_0‖ ≤ ηˡ, clips to the threshold, or matches an oracle."""

from __future__ import annotations

from collections.abc import Callable

import mpmath
import numpy
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from derivations import bptt
from tests.library.properties import (
    Strategy,
    arrays,
    choices,
    integers,
    junk,
    module_suite,
    mostly,
    reals,
    seeds,
    sizes,
    square,
)

ACTIVATIONS = ("tanh", "sigmoid", "linear")
ALWAYS = ("horizon",)  # the default horizon, 1,000 steps, is the chapter's long computation


def network(wide: bool, horizon: str, longest: int,
            widest: int = 6) -> Callable[[int], dict[str, Strategy]]:
    """W (n×n, mostly), a nonlinearity, a step count called ``horizon`` and a seed."""
    return lambda n: {"weights": square(mostly(st.just(min(n, widest)), sizes(0, widest, wide)),
                                        wide),
                      "activation": choices(ACTIVATIONS), horizon: integers(1, longest, wide),
                      "seed": seeds()}


def disagreement(n: int) -> dict[str, Strategy]:
    """Measured floats (inf and nan included) and the same number of exact values, mostly."""
    measured = hnp.arrays(numpy.float64, n, elements=st.floats(0, 10) | st.sampled_from(
        [numpy.inf, numpy.nan, 0.0]))
    value = st.floats(0, 10) | st.floats(0, 10).map(mpmath.mpf)
    exact = mostly(st.lists(value, min_size=n, max_size=n), st.lists(value, max_size=5),
                   st.lists(st.floats(), min_size=n, max_size=n), junk())
    return {"measured": mostly(measured, arrays(st.just((n,)), False)), "exact": exact,
            "tolerance": reals(1e-12, 0.9)}


def specs(wide: bool) -> dict[str, object]:
    gradients = arrays(hnp.array_shapes(min_dims=0, max_dims=3, max_side=4), wide)
    bounded = {key: value for key, value in network(wide, "horizon", 8)(1).items()
               if key != "seed"}
    return {
        "nonlinearity": {"name": choices(ACTIVATIONS)},
        "recurrent_matrix": {"kind": choices(bptt.KINDS), "size": integers(1, 6, wide),
                             "scale": reals(1e-3, 10), "seed": seeds()},
        "trajectory": network(wide, "steps", 40),
        "jacobian_factors": network(wide, "horizon", 40),
        "jacobian_norms": network(wide, "horizon", 60),
        # mpmath products cost microseconds a multiply-add: small W, short horizons
        "exact_jacobian_norms": lambda n: {**network(wide, "horizon", 6, 3)(n),
                                           "digits": integers(1, 40, wide)},
        "first_disagreement": disagreement,
        "float64_breakdown": lambda n: {**network(wide, "horizon", 6, 3)(n),
                                        "tolerance": reals(1e-12, 0.9)},
        "per_step_bound": {key: bounded[key] for key in ("weights", "activation")},
        "clip_by_norm": {"gradient": gradients, "threshold": reals(1e-6, 1e6)},
        "vector_norm": {"vector": gradients},
        "backpropagated_gradients": network(wide, "horizon", 40),
        "Case": {"kind": choices(bptt.KINDS), "scale": reals(1e-3, 10),
                 "activation": choices(ACTIVATIONS)},
    }


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_correctly,
 test_many_more_arguments_over_wider_ranges) = module_suite(bptt, specs, ALWAYS,
                                                 also_public=frozenset({"Case"}))
