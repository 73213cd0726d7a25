"""Hypothesis at the library's edges (issue 24): every function that takes an array keeps its
contract whatever the array's byte order, memory layout, dtype (float32, float64, integers,
big-endian) or magnitude (1e±300, subnormals), and for empty shapes.

* The same numbers laid out any way (:data:`properties.LAYOUTS`: Fortran order, negative or
  skipping strides, read-only, unaligned, ``numpy.matrix``, big-endian) give the plain
  array's answer, or the same kind of refusal; bit for bit where only the byte order,
  alignment, writeability or class differs (the memory order is the same).
* A finite answer is the plain NumPy computation's, bit for bit: the rescue from overflow
  (:mod:`derivations.scaled`) runs only where that computation gives inf or NaN, so the
  figures and chapter 5's committed runs do not move.
* Homogeneous functions (norms, spectral radius, eigenvalues, the Haar factors, W − Wᵀ,
  tanh(W h) with W·2ᵏ and h·2⁻ᵏ …) rescaled by a power of two out to float64's extremes give
  the rescaled answer (to rounding, and to the output's own subnormal steps), or
  ``ResultOverflowError`` exactly when that answer exceeds float64; every float answered is
  finite, and the contract (``contracts.py``) holds.
* An empty array is refused cleanly or answered within the contract.

``FAST`` runs by default; the tests marked slow run the ``SLOW`` profile (``make test``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from derivations import arguments, bptt, dynamics, haar, hidden_state, init, matrix_powers
from tests.library.contracts import CONTRACTS, bound_arguments, refusal_problem
from tests.library.properties import FAST, LAYOUTS, SLOW, Profile

Strategy = st.SearchStrategy[Any]
Shape = Callable[[int], tuple[int, ...]]

# function → (array argument, its shape for a size n, the other arguments)
ARRAY_CALLS: dict[str, tuple[Callable[..., Any], str, Shape, dict[str, Any]]] = {
    "init.householder_haar": (init.householder_haar, "gaussians", lambda n: (n + 1, n), {}),
    "init.polar_factor": (init.polar_factor, "gaussian", lambda n: (n + 1, n), {}),
    "matrix_powers.powers": (matrix_powers.powers, "matrix", lambda n: (n, n), {"steps": 4}),
    "matrix_powers.first_overflowing_power": (matrix_powers.first_overflowing_power, "matrix",
                                              lambda n: (n, n), {"steps": 4}),
    "matrix_powers.spectral_norms": (matrix_powers.spectral_norms, "stack",
                                     lambda n: (3, n, n), {}),
    "matrix_powers.spectral_radius": (matrix_powers.spectral_radius, "matrix",
                                      lambda n: (n, n), {}),
    "hidden_state.hidden_state_norms": (hidden_state.hidden_state_norms, "matrix",
                                        lambda n: (n, n), {"steps": 4}),
    "hidden_state.eigenvalues": (hidden_state.eigenvalues, "matrix", lambda n: (n, n), {}),
    "hidden_state.spectral_radius": (hidden_state.spectral_radius, "matrix",
                                     lambda n: (n, n), {}),
    "haar.estimates": (haar.estimates, "matrices", lambda n: (3, n, n), {}),
    "bptt.trajectory": (bptt.trajectory, "weights", lambda n: (n, n),
                        {"activation": "tanh", "steps": 3}),
    "bptt.jacobian_norms": (bptt.jacobian_norms, "weights", lambda n: (n, n),
                            {"activation": "tanh", "horizon": 3}),
    "bptt.per_step_bound": (bptt.per_step_bound, "weights", lambda n: (n, n),
                            {"activation": "sigmoid"}),
    "bptt.clip_by_norm": (bptt.clip_by_norm, "gradient", lambda n: (n, 2), {"threshold": 1.0}),
    "bptt.vector_norm": (bptt.vector_norm, "vector", lambda n: (n,), {}),
    "dynamics.vanilla_step": (dynamics.vanilla_step, "weights", lambda n: (n, n),
                              {"state": numpy.linspace(-1, 1, 0)}),  # state set per n below
    "dynamics.trajectories": (dynamics.trajectories, "initial", lambda n: (2, n),
                              {"kind": "feedback", "steps": 3}),
    "dynamics.displacement_field": (dynamics.displacement_field, "points", lambda n: (3, n),
                                    {"kind": "vanilla"}),
    "dynamics.antisymmetric": (dynamics.antisymmetric, "weights", lambda n: (n, n), {}),
    "dynamics.euler_amplification": (dynamics.euler_amplification, "eigenvalues",
                                     lambda n: (n,), {}),
    "dynamics.antisymmetric_rnn_step": (dynamics.antisymmetric_rnn_step, "weights",
                                        lambda n: (n, n), {"gamma": 0.1, "epsilon": 0.1}),
    "dynamics.run_network": (dynamics.run_network, "matrix", lambda n: (n, n),
                             {"cell": "antisymmetric"}),
    "dynamics.eigenvalue_magnitudes": (dynamics.eigenvalue_magnitudes, "matrix",
                                       lambda n: (n, n), {}),
}


def _others(name: str, n: int) -> dict[str, Any]:
    """The other arguments of ``name``'s call at size n (states and inputs sized to fit)."""
    _, _, _, fixed = ARRAY_CALLS[name]
    others = dict(fixed)
    state = numpy.linspace(-0.7, 0.9, n)
    if name == "dynamics.vanilla_step":
        others["state"] = state
    if name in ("dynamics.trajectories", "dynamics.displacement_field"):
        others["weights"] = numpy.eye(n) * 0.9
    if name == "dynamics.antisymmetric_rnn_step":
        others |= {"state": state, "pre_input": state[::-1].copy()}
    if name == "dynamics.run_network":
        others |= {"pre_inputs": numpy.ones((3, n)) * 0.2, "initial": state}
    return others


def _plain(array: numpy.ndarray) -> numpy.ndarray:
    """The same numbers as a plain, native, C-ordered ndarray."""
    array = numpy.asarray(array)
    return numpy.ascontiguousarray(array, dtype=array.dtype.newbyteorder("="))


def _call(name: str, array: numpy.ndarray, n: int) -> tuple[Any, BaseException | None]:
    function, argument, _, _ = ARRAY_CALLS[name]
    try:
        return function(**{argument: array}, **_others(name, n)), None
    except (TypeError, ValueError) as error:
        return None, error


def _floats(value: Any) -> list[numpy.ndarray]:
    """Every float in an answer (arrays, tuples, dataclasses, lists)."""
    if isinstance(value, numpy.ndarray):
        return [value] if value.dtype.kind in "fc" else []
    if isinstance(value, float | numpy.floating | complex):
        return [numpy.asarray(value)]
    if isinstance(value, tuple | list):
        return [array for item in value for array in _floats(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [array for field in value.__dataclass_fields__
                for array in _floats(getattr(value, field))]
    return []


def _same(actual: Any, expected: Any, rtol: float) -> bool:
    """Equal structure and numbers to ``rtol`` of each array's largest entry."""
    if isinstance(expected, tuple | list):
        return isinstance(actual, tuple | list) and len(actual) == len(expected) and all(
            _same(a, e, rtol) for a, e in zip(actual, expected, strict=True))
    if hasattr(expected, "__dataclass_fields__"):
        return type(actual) is type(expected) and all(
            _same(getattr(actual, f), getattr(expected, f), rtol)
            for f in expected.__dataclass_fields__)
    if expected is None or isinstance(expected, str | int):
        return actual == expected and type(actual) is type(expected)
    actual, expected = numpy.asarray(actual), numpy.asarray(expected)
    if actual.shape != expected.shape:
        return False
    if expected.size == 0:
        return True
    scale = float(numpy.abs(expected).max())
    return bool((numpy.abs(actual - expected) <= rtol * scale + 1e-300).all())


def _judge(name: str, result: Any, array: numpy.ndarray, n: int) -> None:
    """Every float answered is finite, and the contract holds."""
    if name not in ("bptt.jacobian_norms",):  # documented: inf where float64 overflows
        for floats in _floats(result):
            assert numpy.isfinite(floats).all(), f"{name}: non-finite answer {result!r}"
    function, argument, _, _ = ARRAY_CALLS[name]
    CONTRACTS[name](result, bound_arguments(function, (), {argument: array,
                                                           **_others(name, n)}))


def _settings(profile: Profile) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return settings(max_examples=profile.examples, deadline=profile.deadline, derandomize=True,
                    database=None, suppress_health_check=[HealthCheck.too_slow,
                                                          HealthCheck.data_too_large])


def _moderate(name: str, n: int) -> Strategy:
    """Arrays of the call's shape at size n: float64, float32 or int64, moderate entries."""
    shape = ARRAY_CALLS[name][2](n)
    dtypes = ["float64", "float32", "int64"]
    if name == "dynamics.euler_amplification":
        dtypes.append("complex128")
    return st.sampled_from(dtypes).flatmap(lambda dtype: hnp.arrays(
        dtype, shape, elements=st.integers(-9, 9) if dtype == "int64"
        else st.floats(-3, 3, width=64 if dtype.endswith(("64", "128")) else 32)))


# --- byte order and memory layout -----------------------------------------------------------


def _layout_property(profile: Profile, name: str) -> None:
    @_settings(profile)
    @given(st.integers(1, 4 if profile is FAST else 7).flatmap(
        lambda n: st.tuples(st.just(n), _moderate(name, n), st.sampled_from(sorted(LAYOUTS)))))
    def same_answer_in_every_layout(drawn: tuple[int, numpy.ndarray, str]) -> None:
        n, array, layout = drawn
        laid = LAYOUTS[layout](array)
        expected, refusal = _call(name, _plain(array), n)
        result, error = _call(name, laid, n)
        if refusal is not None:
            assert error is not None and type(error) is type(refusal), \
                f"{layout}: plain input refused ({refusal}), this one not: {error}"
            return
        assert error is None, f"{layout}: refused where the plain array is answered: {error}"
        if layout in SAME_MEMORY_ORDER:
            assert _identical(result, expected), f"{layout}: {result!r} ≠ {expected!r} in bits"
        rtol = 1e-5 if array.dtype == numpy.float32 else 1e-12
        assert _same(result, expected, rtol), f"{layout}: {result!r} ≠ {expected!r}"
        _judge(name, result, array, n)

    same_answer_in_every_layout()


SAME_MEMORY_ORDER = {"plain", "big-endian", "unaligned", "read-only", "matrix"}
"""Layouts whose entries lie in the plain array's order once in native byte order: the
library normalises them to an array laid out like the plain one, so the answer is its own."""


def _identical(actual: Any, expected: Any) -> bool:
    """The same structure, dtypes and bits (NaN equal to NaN)."""
    if isinstance(expected, tuple | list):
        return isinstance(actual, tuple | list) and len(actual) == len(expected) and all(
            _identical(a, e) for a, e in zip(actual, expected, strict=True))
    if hasattr(expected, "__dataclass_fields__"):
        return type(actual) is type(expected) and all(
            _identical(getattr(actual, f), getattr(expected, f))
            for f in expected.__dataclass_fields__)
    if expected is None or isinstance(expected, str | int):
        return actual == expected and type(actual) is type(expected)
    actual, expected = numpy.asarray(actual), numpy.asarray(expected)
    return (actual.dtype == expected.dtype and actual.shape == expected.shape
            and actual.tobytes() == expected.tobytes())


@pytest.mark.parametrize("name", sorted(ARRAY_CALLS))
def test_byte_order_and_memory_layout_do_not_change_the_answer(name: str) -> None:
    _layout_property(FAST, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ARRAY_CALLS))
def test_byte_order_and_memory_layout_do_not_change_the_answer_wider(name: str) -> None:
    _layout_property(SLOW, name)


# --- extreme magnitudes ---------------------------------------------------------------------

# name → (the arguments for an array x scaled by 2ᵏ, the power p with f(2ᵏ x) = 2ᵖᵏ f(x))
HOMOGENEOUS: dict[str, tuple[Callable[[numpy.ndarray, int, int], dict[str, Any]], int]] = {
    "init.householder_haar": (lambda x, k, n: {"gaussians": x}, 0),
    "init.polar_factor": (lambda x, k, n: {"gaussian": x}, 0),
    "matrix_powers.spectral_norms": (lambda x, k, n: {"stack": x}, 1),
    "matrix_powers.spectral_radius": (lambda x, k, n: {"matrix": x}, 1),
    "hidden_state.spectral_radius": (lambda x, k, n: {"matrix": x}, 1),
    "hidden_state.eigenvalues": (lambda x, k, n: {"matrix": x}, 1),
    "dynamics.eigenvalue_magnitudes": (lambda x, k, n: {"matrix": x}, 1),
    "bptt.per_step_bound": (lambda x, k, n: {"weights": x, "activation": "sigmoid"}, 1),
    "bptt.vector_norm": (lambda x, k, n: {"vector": x}, 1),
    "dynamics.antisymmetric": (lambda x, k, n: {"weights": x}, 1),
    # tanh(2ᵏW · 2⁻ᵏh) = tanh(W h): W at the extreme, h at the other end.
    "dynamics.vanilla_step": (lambda x, k, n: {
        "weights": x, "state": numpy.ldexp(numpy.linspace(-0.7, 0.9, n), -k)}, 0),
}
SHAPES = {"matrix_powers.spectral_norms": lambda n: (2, n, n),
          "init.householder_haar": lambda n: (n + 1, n), "init.polar_factor": lambda n: (n + 1, n),
          "bptt.vector_norm": lambda n: (n,)}
FUNCTIONS = {"init.householder_haar": init.householder_haar,
             "init.polar_factor": init.polar_factor,
             "matrix_powers.spectral_norms": matrix_powers.spectral_norms,
             "matrix_powers.spectral_radius": matrix_powers.spectral_radius,
             "hidden_state.spectral_radius": hidden_state.spectral_radius,
             "hidden_state.eigenvalues": hidden_state.eigenvalues,
             "dynamics.eigenvalue_magnitudes": dynamics.eigenvalue_magnitudes,
             "bptt.per_step_bound": bptt.per_step_bound, "bptt.vector_norm": bptt.vector_norm,
             "dynamics.antisymmetric": dynamics.antisymmetric,
             "dynamics.vanilla_step": dynamics.vanilla_step}
EXPONENTS = st.one_of(st.sampled_from([-1074, -1070, -1060, -1022, -1000, -530, 500, 1000, 1020,
                                       1022, 1023]), st.integers(-1074, 1023))


def _scaled(value: Any, exponent: int) -> Any:
    """``value`` × 2^exponent, inf where that overflows, as float64 or complex128."""
    if isinstance(value, tuple | list):
        return type(value)(_scaled(item, exponent) for item in value)
    array = numpy.asarray(value)
    with numpy.errstate(over="ignore"):
        if array.dtype.kind == "c":
            return numpy.ldexp(array.real, exponent) + 1j * numpy.ldexp(array.imag, exponent)
        return numpy.ldexp(array.astype(float), exponent)


def _in_units(value: Any, exponent: int) -> Any:
    if isinstance(value, tuple | list):
        return type(value)(_in_units(item, exponent) for item in value)
    return _scaled(value, -exponent)


def _extreme_property(profile: Profile, name: str) -> None:
    build, power = HOMOGENEOUS[name]
    function = FUNCTIONS[name]
    shape = SHAPES.get(name, lambda n: (n, n))

    @_settings(profile)
    @given(st.integers(1, 4 if profile is FAST else 7).flatmap(lambda n: st.tuples(
        st.just(n), hnp.arrays(numpy.float64, shape(n), elements=st.floats(-3, 3)), EXPONENTS)))
    def rescaled_answer_or_overflow_refused(drawn: tuple[int, numpy.ndarray, int]) -> None:
        n, base, k = drawn
        with numpy.errstate(under="ignore", over="ignore"):  # inf: not a valid call, skipped
            extreme = numpy.ldexp(base, k)
        rounded = numpy.ldexp(extreme, -k)  # the numbers the extreme array really holds
        if not numpy.isfinite(rounded).all():
            return
        try:
            expected = function(**build(rounded, 0, n))
        except (TypeError, ValueError):
            return  # refused at the ordinary scale: nothing to compare
        if name == "init.polar_factor" and numpy.linalg.cond(rounded) > 1e8:
            return  # rank-deficient: U Vᵀ is not unique, at any scale
        if name in EIGEN and _ill_conditioned_eigenvalues(rounded):
            return  # eigenvalues that rounding moves by far more than rounding, at any scale
        with numpy.errstate(over="ignore"):
            extreme_arguments = build(extreme, k, n)
        if not all(numpy.isfinite(value).all() for value in extreme_arguments.values()
                   if isinstance(value, numpy.ndarray)):
            return  # h·2⁻ᵏ beyond float64: not a valid call
        try:
            result = function(**extreme_arguments)
        except arguments.ResultOverflowError as error:
            assert refusal_problem(error, ("stack", "matrix", "weights", "vector", "gaussian",
                                           "gaussians", "state", "activation")) is None
            overflowing = any(not numpy.isfinite(a).all()
                              for a in _floats(_scaled(expected, power * k)))
            assert overflowing, f"refused, yet 2^{power * k} × {expected!r} fits float64"
            return
        for floats in _floats(result):
            assert numpy.isfinite(floats).all(), f"non-finite answer {result!r}"
        # Compared in units of 2^(p·k), to rounding plus the output's subnormal steps.
        found = _in_units(result, power * k)
        step = math.ldexp(5e-324, -power * k) if power else 0.0
        if name == "hidden_state.eigenvalues":  # sorted by angle: a zero's angle may flip
            found = _paired(found, expected)
        rtol = 1e-9 * max(1, n)
        assert _same_with_step(found, expected, rtol, 4 * n * step), \
            f"2^{k}-scaled: {result!r}, expected 2^{power * k} × {expected!r}"
        CONTRACTS[name](result, bound_arguments(function, (), build(extreme, k, n)))

    rescaled_answer_or_overflow_refused()


EIGEN = {"matrix_powers.spectral_radius", "hidden_state.spectral_radius",
         "hidden_state.eigenvalues", "dynamics.eigenvalue_magnitudes"}


def _ill_conditioned_eigenvalues(matrix: numpy.ndarray) -> bool:
    """Whether some eigenvalue of ``matrix`` is ill-conditioned (its eigenvectors nearly
    dependent, as at a defective eigenvalue): LAPACK scales a matrix near float64's limits
    by a factor that is not a power of two, and such eigenvalues move by √ε, not ε."""
    _, vectors = numpy.linalg.eig(matrix)
    return bool(numpy.linalg.cond(vectors) > 1e6)


def _paired(found: numpy.ndarray, expected: numpy.ndarray) -> numpy.ndarray:
    """``found`` reordered so that each entry faces the nearest still unpaired one of
    ``expected`` (greedily: eigenvalues equal to rounding may come in any order)."""
    left, paired = list(found), []
    for value in expected:
        nearest = min(range(len(left)), key=lambda i: abs(left[i] - value))
        paired.append(left.pop(nearest))
    return numpy.array(paired)


def _same_with_step(actual: Any, expected: Any, rtol: float, step: float) -> bool:
    if isinstance(expected, tuple | list):
        return all(_same_with_step(a, e, rtol, step) for a, e in zip(actual, expected,
                                                                      strict=True))
    actual, expected = numpy.asarray(actual), numpy.asarray(expected)
    if actual.shape != expected.shape:
        return False
    scale = float(numpy.abs(expected).max(initial=0))
    return bool((numpy.abs(actual - expected) <= rtol * scale + step + 1e-300).all())


@pytest.mark.parametrize("name", sorted(HOMOGENEOUS))
def test_extreme_magnitudes_give_the_rescaled_answer_or_a_named_overflow(name: str) -> None:
    _extreme_property(FAST, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOMOGENEOUS))
def test_extreme_magnitudes_give_the_rescaled_answer_or_a_named_overflow_wider(name: str
                                                                              ) -> None:
    _extreme_property(SLOW, name)


# --- finite answers are NumPy's own --------------------------------------------------------


def _tanh_of_product(weights: numpy.ndarray, state: numpy.ndarray) -> numpy.ndarray:
    return numpy.tanh(weights @ state)


PLAIN: dict[str, tuple[Callable[[numpy.ndarray], Any], Callable[[numpy.ndarray], Any]]] = {
    # name → (the library's call on a matrix W, the plain NumPy computation it must equal)
    "bptt.per_step_bound": (lambda w: bptt.per_step_bound(w, "sigmoid"),
                            lambda w: 0.25 * float(numpy.linalg.norm(w.astype(float), 2))),
    "matrix_powers.spectral_norms": (lambda w: matrix_powers.spectral_norms(w[None]),
                                     lambda w: numpy.linalg.norm(w[None], 2, axis=(1, 2))),
    "matrix_powers.spectral_radius": (matrix_powers.spectral_radius,
                                      lambda w: float(numpy.abs(numpy.linalg.eigvals(w)).max())),
    "hidden_state.spectral_radius": (hidden_state.spectral_radius,
                                     lambda w: float(numpy.abs(numpy.linalg.eigvals(w)).max())),
    "hidden_state.eigenvalues": (hidden_state.eigenvalues, lambda w: (lambda values: values[
        numpy.argsort(numpy.angle(values))])(numpy.linalg.eigvals(w))),
    "dynamics.vanilla_step": (lambda w: dynamics.vanilla_step(w, w[0]),
                              lambda w: numpy.tanh(w.astype(float) @ w[0].astype(float))),
    "dynamics.displacement_field": (
        # Points a copy of W: NumPy computes W Wᵀ of one array by a symmetric product.
        lambda w: dynamics.displacement_field("feedback", w, w.copy()),
        lambda w: 0.1 * numpy.tanh(w.astype(float) @ w.astype(float).T)),
    "dynamics.trajectories": (
        lambda w: dynamics.trajectories("vanilla", w, w, steps=1)[:, 1],
        lambda w: numpy.array([numpy.tanh(w.astype(float) @ h) for h in w.astype(float)])),
    "bptt.jacobian_norms": (
        lambda w: bptt.jacobian_norms(w, "tanh", 5),
        lambda w: numpy.array([1.0, *(numpy.linalg.norm(product, 2) for product in
                                      _running_products(bptt.jacobian_factors(w, "tanh", 5)))])),
}


def _running_products(factors: numpy.ndarray) -> list[numpy.ndarray]:
    """F₁, F₂F₁, F₃F₂F₁, … by repeated multiplication, the latest factor on the left."""
    products, product = [], numpy.eye(factors.shape[1])
    for factor in factors:
        product = factor @ product
        products.append(product)
    return products


def _plain_property(profile: Profile, name: str) -> None:
    library, plain = PLAIN[name]

    @_settings(profile)
    @given(st.integers(1, 4 if profile is FAST else 9).flatmap(lambda n: st.tuples(
        st.sampled_from(["float64", "float32", "int64"]), st.integers(-300, 300)).flatmap(
        lambda drawn: hnp.arrays(drawn[0], (n, n), elements=st.integers(-9, 9)
                                 if drawn[0] == "int64" else st.floats(-3, 3, width=int(
                                     drawn[0][-2:]))).map(
            lambda array: array if array.dtype.kind == "i" or drawn[1] == 0 else numpy.ldexp(
                array, drawn[1] if array.dtype == numpy.float64 else drawn[1] // 3)))))
    def finite_answer_is_numpys(matrix: numpy.ndarray) -> None:
        with numpy.errstate(all="ignore"):
            expected = plain(matrix)
        if not numpy.isfinite(numpy.asarray(expected)).all():
            return  # the plain computation failed: the rescue's business, tested elsewhere
        try:
            result = library(matrix)
        except arguments.ResultOverflowError:
            return  # a later step overflowed (a state, a product): not this property's concern
        assert _identical(result, expected), f"{result!r} is not NumPy's {expected!r}"

    finite_answer_is_numpys()


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_a_finite_answer_is_the_plain_computation_bit_for_bit(name: str) -> None:
    _plain_property(FAST, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PLAIN))
def test_a_finite_answer_is_the_plain_computation_bit_for_bit_wider(name: str) -> None:
    _plain_property(SLOW, name)


# --- empty shapes ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ARRAY_CALLS))
@pytest.mark.parametrize("dtype", ["float64", ">f4"])
def test_empty_arrays_are_refused_cleanly_or_answered_within_the_contract(name: str,
                                                                          dtype: str) -> None:
    _, argument, shape, _ = ARRAY_CALLS[name]
    for n in (0, 1):
        dims = tuple(0 if i == 0 else size for i, size in enumerate(shape(n))) if n else shape(0)
        array = numpy.zeros(dims, dtype=dtype if name != "dynamics.euler_amplification"
                            else "complex128")
        result, error = _call(name, array, max(n, 0) if dims[-1:] != (0,) else 0)
        if error is not None:
            assert refusal_problem(error, [argument, *_others(name, 0)]) is None, error
            continue
        _judge(name, result, array, 0 if dims[-1:] == (0,) else n)
