"""Hypothesis on ``derivations.init``: any arguments end in a clean refusal or a result that
is what it claims: orthogonal and finite at its gain, an identity, a Dirac kernel."""

from __future__ import annotations

import numpy
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from derivations import init
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
)


def shapes(wide: bool, dims: tuple[int, int] = (2, 4)) -> Strategy:
    side = sizes(0, 6, wide)
    plain = st.lists(side, min_size=dims[0], max_size=dims[1]).map(tuple)
    odd = st.lists(st.one_of(integers(-1, 6, wide), junk()), min_size=0, max_size=5)
    return mostly(plain, plain.map(list), plain.map(numpy.array), odd, junk(),
                     st.just((2**14, 2**14)), st.just((10**9, 10**9, 10**9)))


def dtypes() -> Strategy:
    good = st.sampled_from([numpy.float64, numpy.float32, "float32", "f8", numpy.dtype("float64")])
    return mostly(good, st.sampled_from([numpy.int64, numpy.float16, complex, "foo", None, 5]))


def rngs() -> Strategy:
    return mostly(seeds(), st.just(None), st.integers(0, 100).map(numpy.random.default_rng),
                  share=6)


def gains() -> Strategy:
    extremes = st.sampled_from([1e39, -1e39, 1e-40, 1e-300, 1e300, 0.0])
    return mostly(reals(-10, 10), extremes, share=9)


def tall_arrays(wide: bool) -> Strategy:
    shape = st.tuples(sizes(0, 6, wide), sizes(0, 6, wide)).map(lambda s: (max(s), min(s)))
    wild = shape.flatmap(lambda s: hnp.arrays(numpy.float64, s))  # any float64, nan and inf too
    return mostly(arrays(shape, wide), wild)


def specs(wide: bool) -> dict[str, dict[str, Strategy]]:
    generation = {"gain": gains(), "rng": rngs(), "dtype": dtypes(),
                  "method": choices(init.METHODS)}
    return {
        "matrix_shape": {"shape": shapes(wide), "convention": choices(init.CONVENTIONS)},
        "householder_haar": {"gaussians": tall_arrays(wide),
                             "overwrite": st.one_of(st.booleans(), junk())},
        "polar_factor": {"gaussian": tall_arrays(wide)},
        "orthogonal": {"shape": shapes(wide), **generation,
                       "convention": choices(init.CONVENTIONS)},
        "orthogonal_gates": {"hidden": integers(0, 6, wide), "gates": integers(0, 5, wide),
                             **generation},
        "identity": {"shape": shapes(wide, (2, 2)), "gain": gains(), "dtype": dtypes()},
        "dirac": {"shape": shapes(wide, (3, 5)), "groups": integers(1, 3, wide),
                  "dtype": dtypes()},
    }


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_correctly,
 test_many_more_arguments_over_wider_ranges) = module_suite(init, specs)
