"""Hypothesis on ``derivations.dynamics``: any arguments end in a clean refusal or a result
that is its update rule applied (checked with scalar ``math`` loops), antisymmetric where it
should be, or the exact stability threshold (mpmath)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from derivations import dynamics
from tests.library.properties import (
    Strategy,
    arrays,
    choices,
    integers,
    module_suite,
    mostly,
    reals,
    seeds,
    sizes,
    square,
)

KINDS = ("vanilla", "feedback")
CELLS = ("antisymmetric", "vanilla")


def shaped(wide: bool) -> Callable[..., Strategy]:
    """Arrays of the given shape (in terms of n) mostly, of other shapes sometimes."""
    def array(*dims: Strategy | int) -> Strategy:
        exact = st.tuples(*(st.just(d) if isinstance(d, int) else d for d in dims))
        other = st.lists(sizes(0, 5, wide), min_size=len(dims), max_size=len(dims)).map(tuple)
        return arrays(mostly(exact, other, share=9), wide)
    return array


def specs(wide: bool) -> dict[str, object]:
    array = shaped(wide)
    epsilon, gamma = reals(1e-4, 2.0), reals(0.0, 3.0)
    starts = sizes(0, 4, wide)

    def cell(n: int) -> dict[str, Strategy]:
        return {"state": array(n), "weights": array(n, n), "gamma": gamma, "epsilon": epsilon}

    return {
        "vanilla_step": lambda n: {"weights": array(n, n), "state": array(n)},
        "feedback_step": lambda n: {"weights": array(n, n), "state": array(n),
                                    "epsilon": epsilon},
        "trajectories": lambda n: {"kind": choices(KINDS), "weights": array(n, n),
                                   "initial": array(starts, n), "steps": integers(0, 30, wide),
                                   "epsilon": epsilon},
        "displacement_field": lambda n: {"kind": choices(KINDS), "weights": array(n, n),
                                         "points": array(starts, n), "epsilon": epsilon},
        "vanilla_matrices": {"seed": seeds()},
        "antisymmetric": {"weights": square(sizes(0, 5, wide), wide)},
        "from_upper_triangle": lambda n: {"parameters": array(n * (n - 1) // 2),
                                          "size": mostly(st.just(n), integers(0, 6, wide))},
        "euler_amplification": {"eigenvalues": arrays(st.tuples(sizes(0, 5, wide)), wide),
                                "epsilon": epsilon},
        "smallest_stable_gamma": {"epsilon": epsilon, "omega": reals(-20, 20)},
        "antisymmetric_rnn_step": lambda n: {**cell(n), "pre_input": array(n)},
        "gated_antisymmetric_step": lambda n: {**cell(n), "gate_input": array(n),
                                               "candidate_input": array(n)},
        "random_network": {"cell": choices(CELLS), "size": integers(1, 6, wide),
                           "steps": integers(1, 30, wide), "gamma": gamma, "seed": seeds()},
        "run_network": lambda n: {"cell": choices(CELLS), "matrix": array(n, n),
                                  "pre_inputs": array(sizes(0, 20, wide), n),
                                  "initial": array(n), "epsilon": epsilon},
        "end_to_end_jacobian": {"cell": choices(CELLS), "size": integers(1, 6, wide),
                                "steps": integers(1, 30, wide), "gamma": gamma,
                                "epsilon": epsilon, "seed": seeds()},
        "eigenvalue_magnitudes": {"matrix": square(sizes(0, 5, wide), wide)},
    }


# The suite every library module runs (tests/library/properties.py).
(test_every_public_function_is_driven,
 test_any_arguments_are_refused_cleanly_or_answered_correctly,
 test_many_more_arguments_over_wider_ranges) = module_suite(dynamics, specs)
