"""What a correct answer of each public library function is, checked without the library's code.

A contract takes the function's result and its bound arguments (defaults filled in) and
raises AssertionError if the result is wrong: orthogonal matrices are orthogonal and finite,
powers are exact, norms obey the bound the chapter proves, a state is the update rule applied
to the previous one. The oracles are independent (GMP's and SymPy's integers, mpmath at high
precision, ``math.hypot``, NumPy/SciPy linear algebra, explicit loops); what they share with
the library is data (the chapter's spectra), never a computation.

:func:`refusal_problem` says whether an exception is a clean refusal: a TypeError or
ValueError whose message opens with the names of the arguments at fault.

The Hypothesis suites (``test_*_properties.py``) and ``benchmarks/robustness.py`` judge calls
with the same contracts.
"""

from __future__ import annotations

import fractions
import inspect
import math
import operator
import statistics
from collections.abc import Callable, Iterable
from typing import Any

import gmpy2
import mpmath
import numpy
import sympy

Contract = Callable[[Any, dict[str, Any]], None]
CONTRACTS: dict[str, Contract] = {}
GAMMA = {"tanh": 1.0, "sigmoid": 0.25, "linear": 1.0}  # sup |σ′|, the chapter's table
SIGMA = {"tanh": math.tanh, "sigmoid": lambda x: 1 / (1 + math.exp(-x)), "linear": lambda x: x}


def contract(name: str) -> Callable[[Contract], Contract]:
    def register(check: Contract) -> Contract:
        CONTRACTS[name] = check
        return check
    return register


def bound_arguments(function: Callable[..., Any], args: tuple, kwargs: dict) -> dict[str, Any]:
    """The call's arguments by parameter name, defaults included."""
    bound = inspect.signature(function).bind(*args, **kwargs)
    bound.apply_defaults()
    return dict(bound.arguments)


def refusal_problem(error: BaseException, parameters: Iterable[str],
                    blamed: str | None = None) -> str | None:
    """Why ``error`` is not a clean refusal (None if it is one).

    Clean: a TypeError or ValueError whose message opens with ``name: `` or
    ``name, other: `` where every name is a parameter of the function (and, when
    ``blamed`` is given, one of them is that argument).
    """
    if not isinstance(error, TypeError | ValueError):
        return f"{type(error).__name__} instead of TypeError/ValueError: {error}"
    message = str(error)
    prefix, separator, _ = message.partition(": ")
    names = [name.strip() for name in prefix.split(",")]
    if not separator or not all(name in set(parameters) for name in names):
        return f"{type(error).__name__} not naming an argument: {message[:160]}"
    if blamed is not None and blamed not in names:
        return f"names {prefix!r}, not {blamed!r}: {message[:160]}"
    return None


# --- shared checks -----------------------------------------------------------------------------


def _int(value: Any) -> int:
    return operator.index(value)


def _eps(dtype: Any) -> float:
    return float(numpy.finfo(dtype).eps)


def _finite(array: Any) -> None:
    assert numpy.isfinite(numpy.asarray(array)).all(), "result has inf or nan entries"


def _orthonormal(matrix: numpy.ndarray, tolerance: float) -> None:
    """Orthonormal columns (tall) or rows (wide), to ``tolerance``, computed in float64."""
    m = numpy.asarray(matrix, dtype=numpy.float64)
    _finite(m)
    gram = m.T @ m if m.shape[0] >= m.shape[1] else m @ m.T
    error = float(numpy.abs(gram - numpy.eye(len(gram))).max()) if gram.size else 0.0
    assert error <= tolerance, f"not orthonormal: max |QᵀQ − I| = {error:.3g} > {tolerance:.3g}"


def _close(actual: Any, expected: Any, rtol: float, atol: float = 0.0) -> None:
    actual, expected = numpy.asarray(actual), numpy.asarray(expected)
    assert actual.shape == expected.shape, f"shape {actual.shape} ≠ {expected.shape}"
    gap = numpy.abs(actual - expected)
    limit = atol + rtol * numpy.abs(expected)
    assert (gap <= limit).all(), f"off by up to {float(gap.max()):.3g} (allowed {limit.min():.3g})"


def _floats(value: Any) -> numpy.ndarray:
    return numpy.asarray(value, dtype=numpy.float64)


def _some(count: int) -> list[int]:
    """Row indices to check one by one: all of a few rows, the ends of many."""
    return list(range(count)) if count <= 64 else [*range(32), *range(count - 32, count)]


# --- fibonacci ---------------------------------------------------------------------------------


def _fibonacci(n: int) -> int:
    value = int(gmpy2.fib(abs(n)))
    return -value if n < 0 and n % 2 == 0 else value


@contract("fibonacci.fib")
def _fib(result: Any, a: dict) -> None:
    assert type(result) is int and result == _fibonacci(_int(a["n"]))


def _matrix2(value: Any) -> list[list[int]]:
    rows = value.tolist() if isinstance(value, numpy.ndarray) else value
    return [[int(entry) for entry in row] for row in rows]


@contract("fibonacci.matrix_product")
def _matrix_product(result: Any, a: dict) -> None:
    left, right = _matrix2(a["left"]), _matrix2(a["right"])
    expected = tuple(tuple(sum(left[i][k] * right[k][j] for k in range(2)) for j in range(2))
                     for i in range(2))
    assert result == expected and all(type(x) is int for row in result for x in row)


@contract("fibonacci.power_by_repeated_squaring")
def _power(result: Any, a: dict) -> None:
    n = _int(a["n"])
    exact = sympy.Matrix(_matrix2(a["matrix"])) ** n
    assert result.power == tuple(tuple(int(exact[i, j]) for j in range(2)) for i in range(2))
    assert all(type(x) is int for row in result.power for x in row)
    assert result.multiplications == (n.bit_length() - 1) + (bin(n).count("1") - 1)


def _mp_binet(n: int, bits: int) -> int:
    with mpmath.workprec(bits):
        root5 = mpmath.sqrt(5)
        return int(mpmath.nint((((1 + root5) / 2) ** n - ((1 - root5) / 2) ** n) / root5))


@contract("fibonacci.binet")
def _binet(result: Any, a: dict) -> None:
    n, bits = _int(a["n"]), _int(a["bits"])
    assert type(result) is int
    # φⁿ carries a relative error of about |n|·2^−bits; with this margin rounding is exact.
    if bits >= abs(n) * 0.6943 + 2 * abs(n).bit_length() + 16:
        assert result == _fibonacci(n)


@contract("fibonacci.minimal_binet_precision")
def _minimal_binet_precision(result: Any, a: dict) -> None:
    n = _int(a["n"])
    assert type(result) is int and result >= 2
    assert _mp_binet(n, result) == _fibonacci(n)
    assert result == 2 or _mp_binet(n, result - 1) != _fibonacci(n)


@contract("fibonacci.binet_precision_table")
def _binet_precision_table(result: Any, a: dict) -> None:
    ns = [_int(n) for n in a["ns"]]
    assert [row.n for row in result] == ns
    for row in result:
        assert row.digits_of_fib == len(str(abs(_fibonacci(row.n))))
        assert math.isclose(row.predicted_bits, abs(row.n) * math.log2((1 + 5**0.5) / 2))
        _minimal_binet_precision(row.minimal_bits, {"n": row.n})


# --- init --------------------------------------------------------------------------------------


def _dims(shape: Any) -> tuple[int, ...]:
    return tuple(_int(size) for size in shape)


def _flat(dims: tuple[int, ...], convention: str) -> tuple[int, int]:
    if convention == "torch":
        return dims[0], math.prod(dims[1:])
    return math.prod(dims[:-1]), dims[-1]


@contract("init.matrix_shape")
def _matrix_shape(result: Any, a: dict) -> None:
    assert result == _flat(_dims(a["shape"]), a["convention"])
    assert all(type(x) is int for x in result)


def _orthogonal_times(matrix: numpy.ndarray, gain: float, dtype: numpy.dtype) -> None:
    """``matrix`` is ``gain`` × orthonormal rows or columns, finite, to dtype precision."""
    _finite(matrix)
    if matrix.size == 0:
        return
    if gain == 0:
        assert not matrix.any()
        return
    _orthonormal(_floats(matrix) / gain, 20 * max(matrix.shape) * _eps(dtype))


@contract("init.householder_haar")
def _householder_haar(result: Any, a: dict) -> None:
    gaussians = a["gaussians"]
    # The dtype asked for, in the machine's byte order (a big-endian input is normalised).
    assert result.shape == gaussians.shape and result.dtype == gaussians.dtype.newbyteorder("=")
    _orthonormal(result, 20 * max(*result.shape, 1) * _eps(result.dtype))


@contract("init.polar_factor")
def _polar_factor(result: Any, a: dict) -> None:
    assert result.shape == a["gaussian"].shape
    assert result.dtype in (numpy.float32, numpy.float64)
    _orthonormal(result, 20 * max(*result.shape, 1) * _eps(result.dtype))


@contract("init.orthogonal")
def _orthogonal(result: Any, a: dict) -> None:
    dims, dtype = _dims(a["shape"]), numpy.dtype(a["dtype"])
    assert result.shape == dims and result.dtype == dtype
    _orthogonal_times(result.reshape(_flat(dims, a["convention"])), float(a["gain"]), dtype)


@contract("init.orthogonal_gates")
def _orthogonal_gates(result: Any, a: dict) -> None:
    hidden, gates, dtype = _int(a["hidden"]), _int(a["gates"]), numpy.dtype(a["dtype"])
    assert result.shape == (gates * hidden, hidden) and result.dtype == dtype
    for block in range(gates):
        _orthogonal_times(result[block * hidden:(block + 1) * hidden], float(a["gain"]), dtype)


@contract("init.identity")
def _identity(result: Any, a: dict) -> None:
    dims, dtype, gain = _dims(a["shape"]), numpy.dtype(a["dtype"]), float(a["gain"])
    assert result.shape == dims and result.dtype == dtype
    _finite(result)
    diagonal = numpy.diagonal(result).astype(numpy.float64)
    assert (numpy.abs(diagonal - gain) <= _eps(dtype) * abs(gain)).all(), "diagonal is not gain"
    assert numpy.count_nonzero(result) == (min(dims) if gain else 0)


@contract("init.dirac")
def _dirac(result: Any, a: dict) -> None:
    dims, groups = _dims(a["shape"]), _int(a["groups"])
    assert result.shape == dims and result.dtype == numpy.dtype(a["dtype"])
    per_group = dims[0] // groups
    ones = {(g * per_group + c, c, *(size // 2 for size in dims[2:]))
            for g in range(groups if per_group else 0)  # 10¹² groups of 0 channels: none
            for c in range(min(per_group, dims[1]))} \
        if all(dims[2:]) else set()
    assert {tuple(int(i) for i in index) for index in numpy.argwhere(result)} == ones
    assert all(result[index] == 1 for index in ones)


# --- matrix_powers and hidden_state -----------------------------------------------------------


@contract("matrix_powers.example_matrix")
def _example_matrix(result: Any, a: dict) -> None:
    from derivations.matrix_powers import SPECTRA  # the chapter's data, not a computation

    size = _int(a["size"])
    assert result.shape == (size, size) and result.dtype == numpy.float64
    _finite(result)
    if a["kind"] == "orthogonal":
        _orthonormal(result, 1e-12 * size + 1e-14)
        return
    assert numpy.allclose(result, result.T, atol=1e-14)
    wanted = numpy.sort(numpy.resize(numpy.array(SPECTRA[a["kind"]]), size))
    _close(numpy.linalg.eigvalsh(result), wanted, 0, 1e-12 * size)


@contract("matrix_powers.powers")
def _powers(result: Any, a: dict) -> None:
    matrix, steps = _floats(a["matrix"]), _int(a["steps"])
    size = len(matrix)
    assert result.shape == (steps + 1, size, size)
    _finite(result)
    assert numpy.array_equal(result[0], numpy.eye(size))
    if size == 0:
        return
    growth = float(numpy.linalg.norm(numpy.abs(matrix)))  # Frobenius of |W| bounds every product
    for t in sorted({1, 2, steps} & set(range(1, steps + 1))):
        with numpy.errstate(over="ignore"):
            scale = numpy.float64(growth) ** t  # inf, not OverflowError, beyond float64
        if math.isfinite(scale):
            error = float(numpy.abs(result[t] - numpy.linalg.matrix_power(matrix, t)).max())
            assert error <= 8 * t * max(size, 1) * _eps(numpy.float64) * scale + 1e-300


def _precision(array: Any) -> float:
    """The rounding unit an input's dtype allows its results (float32 in, float32 out)."""
    dtype = numpy.asarray(array).dtype
    return _eps(dtype) if dtype.kind in "fc" else _eps(numpy.float64)


def _smallest_subnormal(array: Any) -> float:
    """The smallest positive number an input's dtype holds (float64 for integer input)."""
    dtype = numpy.asarray(array).dtype
    return float(numpy.finfo(dtype if dtype.kind in "fc" else numpy.float64).smallest_subnormal)


def _exponent(array: Any) -> int:
    """e with max |entry| < 2^e (0 for a zero array): dividing by 2^e is exact and brings
    the entries below 1, where LAPACK's squares cannot overflow."""
    array = numpy.asarray(array)
    parts = [array.real, array.imag] if array.dtype.kind == "c" else [array]
    largest = max((float(numpy.abs(part).max(initial=0)) for part in parts), default=0.0)
    return math.frexp(largest)[1]


def _reduced(array: Any) -> tuple[numpy.ndarray, int]:
    """(array / 2^e as float64 or complex128, e): exact, entries below 1."""
    array = numpy.asarray(array)
    wide = array.astype(complex if array.dtype.kind == "c" else float)
    exponent = _exponent(wide)
    if wide.dtype.kind == "c":
        return (numpy.ldexp(wide.real, -exponent) + 1j * numpy.ldexp(wide.imag, -exponent),
                exponent)
    return numpy.ldexp(wide, -exponent), exponent


def _eigenvalues_of(matrix: Any) -> tuple[numpy.ndarray, int]:
    """(λ / 2^e, e): NumPy's eigenvalues of ``matrix`` with e = 0 where they and their moduli
    are finite, else those of ``matrix`` upcast and divided by 2^e, its scale: the reference
    for what the library derives from them (their largest modulus, their mean and spread),
    compared in the same scaled units. NumPy's eigenvalues themselves are held to their
    definition by the ``hidden_state.eigenvalues`` contract. (A defective eigenvalue moves
    by √ε under rounding, so LAPACK's answer on the matrix and on a multiple of it differ by
    far more than ε: the library keeps the matrix's own where finite, and so does this.)"""
    with numpy.errstate(over="ignore", invalid="ignore"):
        plain = numpy.linalg.eigvals(numpy.asarray(matrix))
        if numpy.isfinite(numpy.abs(plain)).all():
            return plain, 0
    reduced, exponent = _reduced(matrix)
    return numpy.linalg.eigvals(reduced), exponent


def _scaled_by(value: float, exponent: int) -> float:
    """``value`` × 2^exponent, exactly where it fits; inf where it overflows (math.ldexp
    would raise "math range error")."""
    with numpy.errstate(over="ignore"):
        return float(numpy.ldexp(value, exponent))


def _in_units(value: float, exponent: int) -> float:
    """``value`` / 2^exponent, exactly where it fits."""
    return _scaled_by(value, -exponent)


def _quantum(exponent: int) -> float:
    """A float64 result's own rounding where it is subnormal (5e-324 steps), in units of 2^e:
    a correct result below 2.2e-308 cannot be closer than that to the truth."""
    return math.ldexp(numpy.finfo(float).smallest_subnormal, -exponent)


def _largest_singular_value(matrix: Any) -> tuple[float, int]:
    """(σ₁ / 2^e, e) of a matrix, computed on the matrix divided by 2^e."""
    reduced, exponent = _reduced(matrix)
    return float(numpy.linalg.svd(reduced, compute_uv=False)[0]), exponent


@contract("matrix_powers.first_overflowing_power")
def _first_overflowing_power(result: Any, a: dict) -> None:
    matrix, steps = _floats(a["matrix"]), _int(a["steps"])
    power, overflowed = numpy.eye(len(matrix)), None
    with numpy.errstate(over="ignore", invalid="ignore"):
        for t in range(1, steps + 1):
            power = power @ matrix
            if not numpy.isfinite(power).all():
                overflowed = t
                break
            if power.size == 0:
                continue
            norm, exponent = _largest_singular_value(power)  # its true norm, scaled
            if not math.isfinite(_scaled_by(norm, exponent)):
                overflowed = t
                break
    assert result == overflowed, f"first overflow at {result}, expected {overflowed}"


@contract("matrix_powers.spectral_norms")
def _spectral_norms(result: Any, a: dict) -> None:
    stack = _floats(a["stack"])
    assert numpy.asarray(result).shape == (len(stack),)
    _finite(result)
    tolerance = 20 * _precision(a["stack"])
    for norm, matrix in zip(numpy.asarray(result, dtype=float), stack, strict=True):
        expected, exponent = _largest_singular_value(matrix)
        # In units of 2^e; subnormal entries carry no relative precision: allow the dtype's
        # smallest step as well.
        slack = _in_units(2 * _smallest_subnormal(a["stack"]), exponent)
        assert abs(_in_units(norm, exponent) - expected) <= tolerance * expected + slack, \
            f"‖W‖₂ = {norm}, expected {_scaled_by(expected, exponent)}"


def _spectral_radius(result: Any, a: dict) -> None:
    matrix = numpy.asarray(a["matrix"])
    assert type(result) is float and math.isfinite(result) and result >= 0
    values, exponent = _eigenvalues_of(matrix)
    expected, found = float(max(abs(values))), _in_units(result, exponent)
    # float64 digits, or float32's for a float32 input (computed in either precision)
    tolerance = max(1e-12, 100 * _precision(matrix))
    assert math.isclose(found, expected, rel_tol=tolerance, abs_tol=_quantum(exponent)), \
        f"ρ = {result}, expected {_scaled_by(expected, exponent)}"
    norm, norm_exponent = _largest_singular_value(matrix)
    assert _in_units(result, norm_exponent) <= norm * (1 + 1e-6) + _quantum(norm_exponent), \
        "ρ > ‖M‖₂"


CONTRACTS["matrix_powers.spectral_radius"] = _spectral_radius
CONTRACTS["hidden_state.spectral_radius"] = _spectral_radius


@contract("hidden_state.weight_matrices")
def _weight_matrices(result: Any, a: dict) -> None:
    size = _int(a["size"])
    assert set(result) == {"orthogonal", "gaussian"}
    assert all(m.shape == (size, size) for m in result.values())
    _orthonormal(result["orthogonal"], 1e-12 * size + 1e-14)
    _finite(result["gaussian"])


@contract("hidden_state.hidden_state_norms")
def _hidden_state_norms(result: Any, a: dict) -> None:
    matrix, steps = _floats(a["matrix"]), _int(a["steps"])
    assert result.shape == (steps + 1,) and result[0] == 1.0
    _finite(result)
    largest = numpy.linalg.svd(matrix, compute_uv=False)[0]
    rounding = math.log1p(4 * len(matrix) * _eps(numpy.float64))
    with numpy.errstate(divide="ignore"):
        logs = numpy.log(result[1:])
    t = numpy.arange(1, steps + 1)
    assert (logs <= t * (math.log(largest) + rounding) + 1e-12).all() if largest > 0 else \
        not result[1:].any(), "‖h_t‖ exceeds ‖W‖₂ᵗ"


@contract("hidden_state.eigenvalues")
def _eigenvalues(result: Any, a: dict) -> None:
    matrix = numpy.asarray(a["matrix"])
    size = len(matrix)
    assert result.shape == (size,) and numpy.isfinite(result).all()
    assert (numpy.diff(numpy.angle(result)) >= 0).all(), "not sorted by angle"
    # Each is an eigenvalue: M − λI is singular up to a backward error of a few rounding
    # units of ‖M‖ (a test that eigenvalues of non-normal matrices, which move by far more
    # than that under rounding, pass as well). Their sum is the trace: none missing or doubled.
    # In units of 2^e, the matrix's scale, so that no norm or square overflows.
    m, exponent = _reduced(matrix.astype(numpy.complex128))
    values = numpy.array([complex(_in_units(v.real, exponent), _in_units(v.imag, exponent))
                          for v in result.tolist()], dtype=complex).reshape(result.shape)
    scale = float(numpy.linalg.norm(m, 2))
    tolerance = 100 * size * _precision(matrix) * scale + 2 * _quantum(exponent)
    for value in values:
        smallest = numpy.linalg.svd(m - value * numpy.eye(size), compute_uv=False)[-1]
        assert smallest <= tolerance, f"{value} is not an eigenvalue: σ_min = {smallest:.3g}"
    assert abs(values.sum() - numpy.trace(m)) <= size * tolerance, "eigenvalues ≠ trace"


@contract("hidden_state.rotation_orbit")
def _rotation_orbit(result: Any, a: dict) -> None:
    angle, steps = float(a["angle"]), _int(a["steps"])
    assert result.shape == (steps + 1, 2)
    _finite(result)
    with mpmath.workdps(40):
        # Beyond ≈ 10⁶ the angle itself is known only to its float64 rounding: compare radii.
        for t in sorted({0, min(1, steps), steps // 2, steps}):
            if abs(angle) * t < 1e6:
                expected = [float(mpmath.cos(t * mpmath.mpf(angle))),
                            float(mpmath.sin(t * mpmath.mpf(angle)))]
                _close(result[t], expected, 0, 8 * (t + 1) * _eps(numpy.float64))
    _close(numpy.hypot(result[:, 0], result[:, 1]), numpy.ones(steps + 1), 0,
           8 * (steps + 1) * _eps(numpy.float64))


# --- haar --------------------------------------------------------------------------------------


@contract("haar.samples")
def _samples(result: Any, a: dict) -> None:
    size, count = _int(a["size"]), _int(a["count"])
    assert result.shape == (count, size, size)
    for matrix in result:
        _orthonormal(matrix, 1e-12 * size)


@contract("haar.estimates")
def _estimates(result: Any, a: dict) -> None:
    from derivations.haar import HAAR_VALUES  # the statistics' names and exact values: data

    matrices = _floats(a["matrices"])
    count, size = len(matrices), matrices.shape[-1]
    traces = numpy.einsum("kii->k", matrices)
    corner = matrices[:, 0, 0]
    samples = [traces, traces**2, corner, size * corner**2]
    assert [e.statistic for e in result] == list(HAAR_VALUES)
    for estimate, values in zip(result, samples, strict=True):
        assert math.isclose(estimate.mean, math.fsum(values) / count, rel_tol=1e-9,
                            abs_tol=1e-12 * (1 + float(numpy.abs(values).max())))
        spread = math.sqrt(math.fsum((values - values.mean()) ** 2) / (count - 1) / count)
        assert math.isclose(estimate.standard_error, spread, rel_tol=1e-6, abs_tol=1e-12)
        assert estimate.haar == HAAR_VALUES[estimate.statistic]


# --- bptt --------------------------------------------------------------------------------------


def _eta(weights: numpy.ndarray, activation: str) -> float:
    """γ‖W‖₂, inf where it exceeds float64 (the norm computed on W divided by 2^e)."""
    norm, exponent = _largest_singular_value(_floats(weights))
    with numpy.errstate(over="ignore"):
        return float(numpy.ldexp(GAMMA[activation] * norm, exponent))


@contract("bptt.nonlinearity")
def _nonlinearity(result: Any, a: dict) -> None:
    name = a["name"]
    assert result.name == name and result.gamma == GAMMA[name]
    grid = numpy.linspace(-6, 6, 241)
    assert math.isclose(float(result.derivative(numpy.zeros(1))[0]), GAMMA[name])
    assert (result.derivative(grid) <= GAMMA[name] * (1 + 1e-15)).all()
    _close(result.function(grid), [SIGMA[name](x) for x in grid], 1e-14, 1e-15)


@contract("bptt.recurrent_matrix")
def _recurrent_matrix(result: Any, a: dict) -> None:
    size, scale = _int(a["size"]), float(a["scale"])
    assert result.shape == (size, size)
    _finite(result)
    if a["kind"] == "identity":
        assert numpy.array_equal(result, scale * numpy.eye(size))
    elif a["kind"] == "orthogonal":
        _orthonormal(result / scale, 1e-12 * size)


@contract("bptt.trajectory")
def _trajectory(result: Any, a: dict) -> None:
    assert result.shape == (_int(a["steps"]) + 1, len(a["weights"]))
    _finite(result)


@contract("bptt.jacobian_factors")
def _jacobian_factors(result: Any, a: dict) -> None:
    weights, gamma = _floats(a["weights"]), GAMMA[a["activation"]]
    size = len(weights)
    assert result.shape == (_int(a["horizon"]), size, size)
    _finite(result)
    # Each factor is W diag(s) with 0 ≤ s ≤ γ: column j is s_j times W's column j. Each
    # column is divided by its largest entry first, so that its squares neither overflow nor
    # underflow.
    scales = numpy.abs(weights).max(axis=0)
    used = scales > 0
    columns = weights[:, used] / scales[used]
    factors = result[:, :, used] / scales[used]
    slopes = numpy.einsum("kij,ij->kj", factors, columns) / numpy.einsum("ij,ij->j", columns,
                                                                          columns)
    # A product W·s rounded to a subnormal number is off by up to its smallest step: in the
    # units of each column, that step divided by the column's scale.
    step = 2 * _smallest_subnormal(result) / scales[used]
    assert (slopes >= -1e-15 - step).all() and (slopes <= gamma * (1 + 1e-12) + step).all()
    _close(factors, columns[None] * slopes[:, None, :], 1e-9, 1e-12 + step)
    assert not result[:, :, ~used].any()


def _within_eta_powers(norms: list, weights: numpy.ndarray, activation: str,
                       unit: float = _eps(numpy.float64)) -> None:
    """‖∏ factors‖ ≤ ∏ ‖factor‖ ≤ ηˡ (the chapter's bound, for every W), up to rounding of
    ``unit`` per step."""
    eta, size = _eta(weights, activation), len(weights)
    rounding = math.log1p(8 * size * unit)
    for lag, value in enumerate(norms[1:], start=1):  # l = 0 is the identity's norm, 1
        value = mpmath.mpf(value)
        assert value >= 0 and not mpmath.isnan(value), f"norm {value} at l = {lag}"
        if value == 0:
            continue
        assert eta > 0, f"‖∂x_l/∂x_0‖ = {value} at l = {lag}, though W = 0"
        if mpmath.isfinite(value):
            assert mpmath.log(value) <= lag * (math.log(eta) + rounding) + 1e-9, \
                f"‖∂x_l/∂x_0‖ = {value} above ηˡ at l = {lag}"
        else:  # float64 overflow: only where ηˡ itself is beyond float64
            assert lag * (math.log(eta) + rounding) > 709, f"inf at l = {lag}, where ηˡ is finite"


@contract("bptt.jacobian_norms")
def _jacobian_norms(result: Any, a: dict) -> None:
    assert result.shape == (_int(a["horizon"]) + 1,) and result[0] == 1.0
    _within_eta_powers(list(result), a["weights"], a["activation"])


@contract("bptt.exact_jacobian_norms")
def _exact_jacobian_norms(result: Any, a: dict) -> None:
    assert len(result) == _int(a["horizon"]) + 1 and result[0] == 1
    assert all(isinstance(value, mpmath.mpf) for value in result)
    # Products rounded to ``digits`` decimal digits (or float64's, in the SVD), whichever is less.
    unit = max(_eps(numpy.float64), 10.0 ** (1 - _int(a["digits"])))
    _within_eta_powers(result, a["weights"], a["activation"], unit)


@contract("bptt.first_disagreement")
def _first_disagreement(result: Any, a: dict) -> None:
    tolerance = float(a["tolerance"])
    expected = None
    for lag, (value, truth) in enumerate(zip(_floats(a["measured"]), a["exact"], strict=True)):
        truth = mpmath.mpf(float(truth) if isinstance(truth, numpy.floating) else truth)
        if truth != 0 and (not math.isfinite(value) or value == 0
                           or abs(mpmath.mpf(value) - truth) > tolerance * truth):
            expected = lag
            break
    assert result == expected


@contract("bptt.float64_breakdown")
def _float64_breakdown(result: Any, a: dict) -> None:
    assert result is None or (type(result) is int and 0 <= result <= _int(a["horizon"]))


@contract("bptt.per_step_bound")
def _per_step_bound(result: Any, a: dict) -> None:
    assert type(result) is float and math.isfinite(result)
    norm, exponent = _largest_singular_value(_floats(a["weights"]))
    expected = GAMMA[a["activation"]] * norm  # in units of 2^e: cannot overflow
    assert math.isclose(_in_units(result, exponent), expected, rel_tol=1e-12,
                        abs_tol=_quantum(exponent))


def _hypot(array: Any) -> float:
    return math.hypot(*_floats(array).ravel().tolist())


@contract("bptt.vector_norm")
def _vector_norm(result: Any, a: dict) -> None:
    assert math.isclose(result, _hypot(a["vector"]), rel_tol=1e-12)


@contract("bptt.clip_by_norm")
def _clip_by_norm(result: Any, a: dict) -> None:
    gradient, threshold = numpy.asarray(a["gradient"]), float(a["threshold"])
    assert result.shape == gradient.shape and result is not gradient
    _finite(result)
    length, rounding = _hypot(gradient), 8 * _precision(result)
    assert _hypot(result) <= threshold * (1 + rounding)
    if length < threshold * (1 - rounding):
        assert numpy.array_equal(result, gradient)
    elif length > threshold * (1 + rounding):
        # g/‖g‖ first (threshold/‖g‖ may be subnormal, with few digits). Subnormal entries
        # carry no relative precision: allow the dtype's smallest step as well.
        _close(result, _floats(gradient) / length * threshold, rounding,
               2 * _smallest_subnormal(result))


@contract("bptt.backpropagated_gradients")
def _backpropagated_gradients(result: Any, a: dict) -> None:
    assert result.shape == (_int(a["horizon"]) + 1, len(a["weights"]))
    assert math.isclose(_hypot(result[0]), 1.0, rel_tol=1e-12)


@contract("bptt.Case")
def _case(result: Any, a: dict) -> None:
    assert (result.kind, result.scale, result.activation) == (a["kind"], a["scale"],
                                                              a["activation"])


# --- dynamics ----------------------------------------------------------------------------------


def _tanh_of_product(weights: Any, state: Any) -> tuple[numpy.ndarray, numpy.ndarray]:
    """tanh(W h) row by row from an exact sum (fractions: products of floats near 1e308 do
    not overflow there), and how far a correct floating-point W h may lie from it: the
    classic dot-product bound γₙ·|W||h| (Higham, Thm 3.5), which cancellation makes far
    larger than an ulp of the answer (rows summing to ≈ 0). tanh moves by less than its
    argument, and by at most 2: the bound is capped there."""
    w, h = _floats(weights), _floats(state)
    unit = fractions.Fraction(numpy.finfo(float).eps) / 2
    gamma = len(h) * unit / (1 - len(h) * unit)
    exact, slack = [], []
    for row in w:
        terms = [fractions.Fraction(x) * fractions.Fraction(y) for x, y in zip(row, h,
                                                                                strict=True)]
        total = sum(terms, fractions.Fraction(0))
        exact.append((1.0 if total > 0 else -1.0) if abs(total) > 40 else math.tanh(total))
        slack.append(float(min(gamma * sum(abs(term) for term in terms), 2)))
    return numpy.array(exact), numpy.array(slack)


@contract("dynamics.vanilla_step")
def _vanilla_step(result: Any, a: dict) -> None:
    _finite(result)
    expected, slack = _tanh_of_product(a["weights"], a["state"])
    _close(result, expected, 1e-12, 1e-15 + slack)


@contract("dynamics.feedback_step")
def _feedback_step(result: Any, a: dict) -> None:
    _finite(result)
    epsilon, state = float(a["epsilon"]), _floats(a["state"])
    moved, slack = _tanh_of_product(a["weights"], state)
    _close(result, state + epsilon * moved, 1e-12, 1e-15 * (1 + epsilon) + epsilon * slack)


@contract("dynamics.trajectories")
def _trajectories(result: Any, a: dict) -> None:
    initial, steps, epsilon = _floats(a["initial"]), _int(a["steps"]), float(a["epsilon"])
    assert result.shape == (len(initial), steps + 1, initial.shape[1])
    _finite(result)
    assert numpy.array_equal(result[:, 0], initial)
    vanilla = a["kind"] == "vanilla"
    for t in range(1, steps + 1):
        for start in _some(len(initial)):
            previous = result[start, t - 1]
            moved, slack = _tanh_of_product(a["weights"], previous)
            expected = moved if vanilla else previous + epsilon * moved
            _close(result[start, t], expected, 1e-12,
                   1e-15 * (1 + epsilon) + (1 if vanilla else epsilon) * slack)


@contract("dynamics.displacement_field")
def _displacement_field(result: Any, a: dict) -> None:
    points, epsilon = _floats(a["points"]), float(a["epsilon"])
    assert result.shape == points.shape
    _finite(result)
    for index in _some(len(points)):
        point, move = points[index], result[index]
        pulled, slack = _tanh_of_product(a["weights"], point)
        vanilla = a["kind"] == "vanilla"
        expected = pulled - point if vanilla else epsilon * pulled
        _close(move, expected, 1e-12, 1e-15 * (1 + epsilon + numpy.abs(point).max(initial=0))
               + (1 if vanilla else epsilon) * slack)


@contract("dynamics.vanilla_matrices")
def _vanilla_matrices(result: Any, a: dict) -> None:
    assert list(result) == ["random", "identity", "reflection", "rotation"]
    _finite(result["random"])
    assert numpy.array_equal(result["identity"], numpy.eye(2))
    for name, determinant in (("reflection", -1.0), ("rotation", 1.0)):
        _orthonormal(result[name], 1e-14)
        assert math.isclose(numpy.linalg.det(result[name]), determinant, rel_tol=1e-12)


@contract("dynamics.antisymmetric")
def _antisymmetric(result: Any, a: dict) -> None:
    weights = _floats(a["weights"])
    _finite(result)
    assert numpy.array_equal(result, -result.T)
    assert numpy.array_equal(result, weights - weights.T)


@contract("dynamics.from_upper_triangle")
def _from_upper_triangle(result: Any, a: dict) -> None:
    size, values = _int(a["size"]), iter(_floats(a["parameters"]).tolist())
    expected = numpy.zeros((size, size))
    for i in range(size):
        for j in range(i + 1, size):
            expected[i, j] = next(values)
            expected[j, i] = -expected[i, j]
    assert numpy.array_equal(result, expected)


@contract("dynamics.euler_amplification")
def _euler_amplification(result: Any, a: dict) -> None:
    eigenvalues, epsilon = numpy.asarray(a["eigenvalues"]), float(a["epsilon"])
    assert result.shape == eigenvalues.shape
    _finite(result)
    values = eigenvalues.ravel().tolist()
    expected = [abs(1 + epsilon * complex(value)) for value in values]
    # 1 + ελ cancels when ελ ≈ −1: its rounding error is relative to 1 + |ελ|, not to the sum.
    rounding = 8 * _precision(result) * (1 + epsilon * numpy.abs(numpy.array(values)))
    _close(result.ravel(), expected, 0, rounding + 1e-300)


@contract("dynamics.smallest_stable_gamma")
def _smallest_stable_gamma(result: Any, a: dict) -> None:
    epsilon, omega = float(a["epsilon"]), abs(float(a["omega"]))
    # The definition, (1 − √(1 − ε²ω²))/ε, loses about 2·log₁₀(1/εω) digits to cancellation:
    # evaluated with that many more.
    lost = 2 * max(0, -math.floor(math.log10(epsilon * omega))) if epsilon * omega else 0
    with mpmath.workdps(40 + lost):
        e, w = mpmath.mpf(epsilon), mpmath.mpf(omega)
        exact = (1 - mpmath.sqrt(1 - (e * w) ** 2)) / e
    assert type(result) is float
    assert abs(result - exact) <= 1e-13 * exact + 1e-320, f"{result} ≠ {exact}"


def _cell_matrix(a: dict) -> numpy.ndarray:
    weights = _floats(a["weights"])
    return weights - weights.T - float(a["gamma"]) * numpy.eye(len(weights))


def _exact_sum(row: numpy.ndarray, state: numpy.ndarray, *more: float) -> fractions.Fraction:
    """``row · state + Σ more`` exactly: a state near the largest float overflows a float sum
    (``math.fsum`` raises) where the library's answer, a tanh of it, is still finite."""
    products = (fractions.Fraction(w) * fractions.Fraction(h)
                for w, h in zip(row, state, strict=True))
    return sum(products, fractions.Fraction(0)) + sum(map(fractions.Fraction, more),
                                                      fractions.Fraction(0))


def _tanh(x: fractions.Fraction) -> float:
    """tanh of an exact number: ±1 beyond 40, where tanh rounds to ±1 in float64 anyway."""
    if abs(x) > 40:
        return 1.0 if x > 0 else -1.0
    return math.tanh(float(x))


@contract("dynamics.antisymmetric_rnn_step")
def _antisymmetric_rnn_step(result: Any, a: dict) -> None:
    state, epsilon = _floats(a["state"]), float(a["epsilon"])
    _finite(result)
    drive = _floats(a["pre_input"])
    matrix = _cell_matrix(a)
    expected = [state[i] + epsilon * _tanh(_exact_sum(matrix[i], state, drive[i]))
                for i in range(len(state))]
    _close(result, expected, 1e-12, 1e-14 * (1 + epsilon))


@contract("dynamics.gated_antisymmetric_step")
def _gated_antisymmetric_step(result: Any, a: dict) -> None:
    state, epsilon = _floats(a["state"]), float(a["epsilon"])
    _finite(result)
    gate_in, candidate = _floats(a["gate_input"]), _floats(a["candidate_input"])
    matrix = _cell_matrix(a)
    expected = []
    for i in range(len(state)):
        gate = 0.5 * (1 + _tanh(_exact_sum(matrix[i], state, gate_in[i]) / 2))  # σ, no exp
        expected.append(state[i] + epsilon * gate * _tanh(_exact_sum(matrix[i], state,
                                                                     candidate[i])))
    _close(result, expected, 1e-12, 1e-14 * (1 + epsilon))


@contract("dynamics.random_network")
def _random_network(result: Any, a: dict) -> None:
    matrix, inputs = result
    size, steps, gamma = _int(a["size"]), _int(a["steps"]), float(a["gamma"])
    assert matrix.shape == (size, size) and inputs.shape == (steps, size)
    _finite(matrix)
    _finite(inputs)
    if a["cell"] == "antisymmetric":
        with numpy.errstate(over="ignore"):  # −2γ may overflow to −inf, as the sum does
            assert numpy.array_equal(matrix + matrix.T, numpy.diag(numpy.full(size, -2 * gamma)))


@contract("dynamics.run_network")
def _run_network(result: Any, a: dict) -> None:
    final, jacobian = result
    matrix, epsilon = _floats(a["matrix"]), float(a["epsilon"])
    state = _floats(a["initial"])
    assert final.shape == state.shape and jacobian.shape == matrix.shape
    _finite(final)
    _finite(jacobian)
    drives = _floats(a["pre_inputs"])
    for drive in drives:
        pulled = numpy.array([math.tanh(math.fsum(row * state) + u)
                              for row, u in zip(matrix, drive, strict=True)])
        state = state + epsilon * pulled if a["cell"] == "antisymmetric" else pulled
    # A rounding difference at one step is amplified by at most the Lipschitz constant of
    # each later step: 1 + ε‖M‖₂ (antisymmetric cell) or ‖M‖₂ (vanilla, tanh being 1-Lipschitz).
    norm = float(numpy.linalg.norm(matrix, 2)) if matrix.size else 0.0
    growth = 1 + epsilon * norm if a["cell"] == "antisymmetric" else max(1.0, norm)
    with numpy.errstate(over="ignore"):
        amplified = numpy.float64(growth) ** len(drives)
    rounding = 16 * max(len(matrix), 1) * (len(drives) + 1) * _eps(numpy.float64)
    _close(final, state, 0, rounding * float(amplified) * (1 + epsilon * len(drives)))


@contract("dynamics.end_to_end_jacobian")
def _end_to_end_jacobian(result: Any, a: dict) -> None:
    assert result.shape == (_int(a["size"]),) * 2
    _finite(result)


@contract("dynamics.eigenvalue_magnitudes")
def _eigenvalue_magnitudes(result: Any, a: dict) -> None:
    matrix = numpy.asarray(a["matrix"])
    values, exponent = _eigenvalues_of(matrix)
    # In units of 2^e with the largest |λ| below 1 (exact): fmean's sum cannot overflow.
    magnitudes = numpy.abs(values)
    largest = math.frexp(float(magnitudes.max()))[1]
    magnitudes, exponent = numpy.ldexp(magnitudes, -largest), exponent + largest
    tolerance = 8 * _precision(matrix)
    scale = tolerance * float(magnitudes.max()) + _quantum(exponent)
    assert all(type(x) is float and math.isfinite(x) for x in result)
    mean, spread = (_in_units(x, exponent) for x in result)
    values = magnitudes.tolist()  # statistics works in exact fractions
    assert math.isclose(mean, statistics.fmean(values), rel_tol=tolerance, abs_tol=scale)
    assert math.isclose(spread, statistics.pstdev(values), rel_tol=tolerance, abs_tol=scale)

