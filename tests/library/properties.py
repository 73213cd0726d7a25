"""Hypothesis drives each public library function with arbitrary arguments.

The property every function must have, whatever it is given: it ends, within the profile's
deadline, either with a clean refusal (a TypeError or ValueError whose message opens with
the names of the arguments at fault) or with a result that passes its contract
(``contracts.py``). The strategies mix plausible values (so that results get checked, not
only refusals) with wrong kinds, wrong shapes, non-finite and extreme values.

``FAST`` is the default run's profile; ``SLOW`` (tests marked ``slow``) tries many more
examples over wider ranges.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from types import ModuleType
from typing import Any

import numpy
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.library.contracts import CONTRACTS, bound_arguments, refusal_problem

Strategy = st.SearchStrategy[Any]


@dataclass(frozen=True)
class Profile:
    examples: int
    deadline: timedelta
    wide: bool  # draw sizes and counts from far wider ranges


FAST = Profile(examples=20, deadline=timedelta(seconds=5), wide=False)
SLOW = Profile(examples=400, deadline=timedelta(seconds=30), wide=True)


# --- strategies ---------------------------------------------------------------------------


def mostly(usual: Strategy, *unusual: Strategy, share: int = 8) -> Strategy:
    """``usual`` in ``share`` of 10 draws, else one of ``unusual``. (``st.one_of`` cannot
    weight: it treats repeated branches as one.)"""
    others = st.one_of(*unusual)
    return st.integers(0, 9).flatmap(lambda k: usual if k < share else others)


def junk() -> Strategy:
    """Values of the wrong kind for almost any argument."""
    return st.one_of(st.none(), st.booleans(), st.text(max_size=4), st.lists(st.integers(),
                     max_size=3), st.complex_numbers(), st.just(object()),
                     st.just(numpy.bool_(True)), st.just(numpy.array(["a"])))


def integers(low: int, high: int, wide: bool) -> Strategy:
    """Ints (Python and NumPy) mostly in [low, high], some far outside, some not ints."""
    near = st.integers(low, high)
    anywhere = st.integers(-(2**80), 2**80) if wide else st.integers(low - 3, high + 3)
    numpy_int = st.builds(lambda kind, value: kind(value), st.sampled_from(
        [numpy.int64, numpy.int32, numpy.uint16]), st.integers(0, min(high, 60_000)))
    return mostly(near, numpy_int, anywhere, st.floats(-1e6, 1e6), junk())


def reals(low: float, high: float) -> Strategy:
    """Finite reals in [low, high] (Python, NumPy float32/float64, ints) and troublemakers."""
    inside = st.floats(low, high, allow_nan=False, allow_infinity=False)
    numpy_real = st.builds(lambda kind, value: kind(value),
                           st.sampled_from([numpy.float32, numpy.float64]), inside)
    special = st.sampled_from([numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, 1e-310, 1e308,
                               -1e308, numpy.float32("nan")])
    return mostly(inside, numpy_real, special, st.floats(), junk())


def choices(options: tuple[str, ...]) -> Strategy:
    return mostly(st.sampled_from(options), st.text(max_size=8), junk(), share=9)


def seeds() -> Strategy:
    return mostly(st.integers(0, 2**64), st.integers(-3, -1), junk())


NICE_DTYPES = [numpy.float64, numpy.float64, numpy.float32, numpy.int64, ">f8", ">f4", ">i8"]
WILD_DTYPES = [numpy.float64, numpy.float32, numpy.float16, numpy.int64, numpy.uint8,
               numpy.complex128, numpy.bool_, ">f8", ">c16"]
EXTREMES = [1e308, -1e308, 1.7e308, 1e300, -1e-300, 2.2250738585072014e-308, 1e-310, 5e-324,
            -5e-324, 0.0]
"""Magnitudes at float64's edges: near the largest number, tiny, subnormal."""


def _fortran(array: numpy.ndarray) -> numpy.ndarray:
    return numpy.asfortranarray(array)


def _reversed(array: numpy.ndarray) -> numpy.ndarray:
    """The same entries through a view with negative strides."""
    if array.ndim == 0:
        return array
    return numpy.ascontiguousarray(array[::-1])[::-1]


def _strided(array: numpy.ndarray) -> numpy.ndarray:
    """The same entries through a view that skips every other element of a larger array."""
    if array.ndim == 0:
        return array
    larger = numpy.zeros((*array.shape[:-1], 2 * array.shape[-1]), dtype=array.dtype)
    larger[..., ::2] = array
    return larger[..., ::2]


def _read_only(array: numpy.ndarray) -> numpy.ndarray:
    frozen = numpy.array(array)
    frozen.flags.writeable = False
    return frozen


def _unaligned(array: numpy.ndarray) -> numpy.ndarray:
    """The same entries one byte off their alignment."""
    buffer = numpy.zeros(array.nbytes + 1, dtype=numpy.uint8)
    moved = buffer[1:].view(array.dtype).reshape(array.shape)
    moved[...] = array
    return moved


def _as_matrix(array: numpy.ndarray) -> numpy.ndarray:
    """A ``numpy.matrix`` (whose ``*`` is a product) where the shape allows one."""
    if array.ndim != 2:
        return array
    with warnings.catch_warnings():  # NumPy discourages the class; callers still pass it
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        return numpy.asmatrix(array)


LAYOUTS: dict[str, Callable[[numpy.ndarray], numpy.ndarray]] = {
    "plain": lambda array: array, "fortran": _fortran, "reversed": _reversed,
    "strided": _strided, "read-only": _read_only, "unaligned": _unaligned,
    "matrix": _as_matrix,
    "big-endian": lambda array: array.astype(array.dtype.newbyteorder(">")),
}
"""Every way to lay out the same numbers in memory: each must give the plain array's answer."""


def laid_out(array: Strategy) -> Strategy:
    """``array`` in any of :data:`LAYOUTS` (the plain one half the time)."""
    layouts = mostly(st.just("plain"), st.sampled_from(sorted(LAYOUTS)), share=5)
    return st.tuples(array, layouts).map(lambda drawn: LAYOUTS[drawn[1]](drawn[0]))


def arrays(shape: Strategy, wide: bool, *, bound: float = 10.0) -> Strategy:
    """Arrays of the given shapes: moderate floats mostly, in any byte order and memory
    layout; any dtype, nan, inf, float64's extremes (1e±300, subnormals), lists."""
    nice = shape.flatmap(lambda dims: st.sampled_from(NICE_DTYPES).flatmap(
        lambda dtype: hnp.arrays(dtype, dims, elements=_moderate(dtype, bound))))
    wild_shape = hnp.array_shapes(min_dims=0, max_dims=4, max_side=6 if wide else 3)
    wild = st.one_of(shape, wild_shape).flatmap(
        lambda dims: st.sampled_from(WILD_DTYPES).flatmap(lambda dtype: hnp.arrays(dtype, dims)))
    extreme = shape.flatmap(lambda dims: hnp.arrays(numpy.float64, dims, elements=st.one_of(
        st.sampled_from(EXTREMES), st.floats(-bound, bound))))
    as_list = nice.map(lambda array: array.tolist())
    return mostly(laid_out(nice), wild, laid_out(extreme), as_list, junk(), share=8)


def _moderate(dtype: object, bound: float) -> Strategy:
    resolved = numpy.dtype(dtype)  # type: ignore[call-overload]
    if resolved.kind == "i":
        return st.integers(-int(bound), int(bound))
    return st.floats(-bound, bound, width=8 * resolved.itemsize)


def square(size: Strategy, wide: bool) -> Strategy:
    return arrays(size.map(lambda n: (n, n)), wide)


def sizes(low: int, high: int, wide: bool) -> Strategy:
    return st.integers(low, high * 4 if wide else high)


# --- the driver ---------------------------------------------------------------------------


Arguments = Mapping[str, Strategy] | Callable[[int], Mapping[str, Strategy]]


def check_function(name: str, function: Callable[..., Any], arguments: Arguments,
                   profile: Profile, always: tuple[str, ...] = ()) -> None:
    """Run Hypothesis on ``function`` (``module.name`` in CONTRACTS) with ``arguments``.

    ``arguments`` maps parameters to strategies, or is a function of a size n (drawn from
    1 to 4, or 16 in the wide profile) returning such a map, for arguments whose shapes
    must mostly agree. Parameters without a default, and those named in ``always`` (whose
    default is a long computation), are always passed; the others are passed or left out.
    """
    parameters = inspect.signature(function).parameters
    build = arguments if callable(arguments) else (lambda n: arguments)

    def keywords(n: int) -> Strategy:
        listed = build(n)
        required = {key: value for key, value in listed.items()
                    if parameters[key].default is inspect.Parameter.empty or key in always}
        optional = {key: value for key, value in listed.items() if key not in required}
        return st.fixed_dictionaries(required, optional=optional)

    contract = CONTRACTS[name]

    @settings(max_examples=profile.examples, deadline=profile.deadline, derandomize=True,
              database=None, suppress_health_check=[HealthCheck.too_slow,
                                                    HealthCheck.data_too_large])
    @given(sizes(1, 4, profile.wide).flatmap(keywords))
    def refused_cleanly_or_correct(kwargs: dict[str, Any]) -> None:
        try:
            result = function(**kwargs)
        except (TypeError, ValueError) as error:
            problem = refusal_problem(error, parameters)
            assert problem is None, problem
            event("refused")  # counted by pytest --hypothesis-show-statistics
            return
        contract(result, bound_arguments(function, (), kwargs))
        event("answered")

    refused_cleanly_or_correct()


def public_functions(module: ModuleType) -> set[str]:
    """The names of the functions ``module`` defines and does not mark private."""
    return {name for name, member in inspect.getmembers(module, inspect.isfunction)
            if not name.startswith("_") and member.__module__ == module.__name__}


def module_suite(module: ModuleType, specs: Callable[[bool], Mapping[str, Arguments]],
                 always: tuple[str, ...] = (), also_public: frozenset[str] = frozenset(),
                 ) -> tuple[Callable[[], None], Callable[[str], None], Callable[[str], None]]:
    """The three tests of one module's suite, from its ``specs(wide)``: every public function
    (and the names in ``also_public``) has a strategy; each is driven with the FAST profile;
    and, marked slow, with the SLOW one over wider ranges. The caller names them."""
    prefix = module.__name__.rsplit(".", 1)[-1]
    names = sorted(specs(False))

    def every_public_function_is_driven() -> None:
        assert set(names) == public_functions(module) | also_public

    @pytest.mark.parametrize("name", names)
    def driven(name: str) -> None:
        check_function(f"{prefix}.{name}", getattr(module, name), specs(False)[name], FAST,
                       always)

    @pytest.mark.slow
    @pytest.mark.parametrize("name", names)
    def driven_wider(name: str) -> None:
        check_function(f"{prefix}.{name}", getattr(module, name), specs(True)[name], SLOW,
                       always)

    return every_public_function_is_driven, driven, driven_wider
