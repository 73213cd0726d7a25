"""Elementary functions that return the same bits on every machine.

The experiments' committed numbers are compared *exactly* by the test suite, so
every operation a training run performs must give bit-identical results on any
computer. NumPy's own ``tanh`` and ``exp`` do not: they pick SIMD code by CPU
(AVX2 and AVX-512 builds round differently from the C library), and ``@`` calls
OpenBLAS, whose kernels for different CPUs add up products in different orders.
So this module builds what training needs from operations IEEE 754 rounds
exactly (``+ − × ÷``, ``sqrt``, ``floor``, ``ldexp``) applied one NumPy call at
a time, and multiplies matrices with ``einsum``, whose loops are compiled once for
every x86-64 CPU and add the products in an order set by the operands' shapes
and memory layout, not by the CPU. A test runs training with NumPy's SIMD code
and OpenBLAS's kernels switched to an older CPU's and finds the same bits.
The formulas are Cephes's (S. L. Moshier): ``exp`` and ``log`` within two units in the last
place, ``tanh`` within a few (the tests allow eight).
"""

from __future__ import annotations

import numpy

_LOG2_E = 1.4426950408889634073599
_LN2_HIGH = 6.93145751953125e-1  # ln 2 = high + low; high has few bits, so k·high is exact
_LN2_LOW = 1.42860682030941723212e-6
_EXP_P = (1.26177193074810590878e-4, 3.02994407707441961300e-2, 9.99999999999999999910e-1)
_EXP_Q = (3.00198505138664455042e-6, 2.52448340349684104192e-3, 2.27265548208155028766e-1,
          2.00000000000000000009e0)
_EXP_LIMIT = 700.0  # exp(±700) is still a normal double; beyond it the answer saturates anyway
_LOG_P = (1.01875663804580931796e-4, 4.97494994976747001425e-1, 4.70579119878881725854e0,
          1.44989225341610930846e1, 1.79368678507819816313e1, 7.70838733755885391666e0)
_LOG_Q = (1.0, 1.12873587189167450590e1, 4.52279145837532221105e1, 8.29875266912776603211e1,
          7.11544750618563894466e1, 2.31251620126765340583e1)
_LN2_LOG_LOW = 2.121944400546905827679e-4  # ln 2 = 0.693359375 − this, as Cephes's log splits it
_SQRT_HALF = 0.70710678118654752440
_TANH_SATURATED = 20.0  # tanh(20) rounds to 1.0 in double precision


def _polynomial(x: numpy.ndarray, coefficients: tuple[float, ...]) -> numpy.ndarray:
    """Horner's rule, highest power first, one rounding per operation."""
    result = coefficients[0] * x
    result += coefficients[1]
    for coefficient in coefficients[2:]:
        result *= x
        result += coefficient
    return result


def _reduced(x: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(k, eʳ − 1) with x = k ln 2 + r and |r| ≤ ln 2 / 2: Cephes's Padé form, accurate even
    when r is tiny, where eʳ − 1 would cancel."""
    k = x * _LOG2_E
    k += 0.5
    numpy.floor(k, out=k)
    r = x - k * _LN2_HIGH
    r -= k * _LN2_LOW
    square = r * r
    odd = _polynomial(square, _EXP_P)
    odd *= r
    denominator = _polynomial(square, _EXP_Q)
    denominator -= odd
    odd *= 2.0
    odd /= denominator
    return k, odd


def exp(x: numpy.ndarray) -> numpy.ndarray:
    """eˣ entrywise: x = k ln 2 + r with |r| ≤ ln 2 / 2, a Padé form for eʳ, then 2ᵏ exactly.

    >>> exp(numpy.array([0.0, 1.0, -1.0]))
    array([1.        , 2.71828183, 0.36787944])
    """
    x = numpy.clip(numpy.asarray(x, dtype=numpy.float64), -_EXP_LIMIT, _EXP_LIMIT)
    k, minus_one = _reduced(x)
    minus_one += 1.0
    return numpy.ldexp(minus_one, k.astype(numpy.int64))


def log(x: numpy.ndarray) -> numpy.ndarray:
    """ln x entrywise for x > 0: x = m·2ᵉ with m in [√½, √2), a rational form for ln m.

    >>> log(numpy.array([1.0, numpy.e, 0.5]))
    array([ 0.        ,  1.        , -0.69314718])
    """
    x = numpy.asarray(x, dtype=numpy.float64)
    if numpy.any(x <= 0):  # NaN passes through: a diverged run's loss is NaN, not an error
        raise ValueError("x: expected positive entries")
    mantissa, exponent = numpy.frexp(x)  # mantissa in [0.5, 1)
    low = mantissa < _SQRT_HALF
    e = (exponent - low).astype(numpy.float64)
    m = numpy.where(low, 2.0 * mantissa, mantissa) - 1.0
    square = m * m
    tail = m * (square * _polynomial(m, _LOG_P) / _polynomial(m, _LOG_Q))
    tail = tail - e * _LN2_LOG_LOW
    tail = tail - 0.5 * square
    return (m + tail) + e * 0.693359375


def tanh(x: numpy.ndarray) -> numpy.ndarray:
    """tanh x entrywise, as −m/(2 + m) with m = e^{−2|x|} − 1 and the sign of x restored.

    >>> tanh(numpy.array([0.0, 0.5, -3.0, 40.0]))
    array([ 0.        ,  0.46211716, -0.99505475,  1.        ])
    """
    x = numpy.asarray(x, dtype=numpy.float64)
    scaled = numpy.abs(x)
    numpy.minimum(scaled, _TANH_SATURATED, out=scaled)
    scaled *= -2.0
    k, reduced = _reduced(scaled)
    exponent = k.astype(numpy.int64)
    minus_one = numpy.ldexp(reduced, exponent)
    minus_one += numpy.ldexp(1.0, exponent) - 1.0  # e^{−2|x|} − 1 = 2ᵏ(eʳ − 1) + (2ᵏ − 1)
    result = minus_one / (minus_one + 2.0)
    numpy.negative(result, out=result)
    return numpy.copysign(result, x, out=result)


def sigmoid(x: numpy.ndarray) -> numpy.ndarray:
    """The logistic function 1/(1 + e^{−x}) as (1 + tanh(x/2))/2: it never overflows, and its
    error is below 3e-16 (absolute, which is what a gate multiplying a state needs).

    >>> sigmoid(numpy.array([0.0, 2.0]))
    array([0.5       , 0.88079708])
    """
    return 0.5 + 0.5 * tanh(0.5 * numpy.asarray(x, dtype=numpy.float64))


def matmul(left: numpy.ndarray, right: numpy.ndarray) -> numpy.ndarray:
    """``left @ right``, rows (…, n) times an (n, m) matrix, summed in a CPU-independent order.

    >>> matmul(numpy.array([[1.0, 2.0]]), numpy.array([[3.0], [4.0]]))
    array([[11.]])
    """
    return numpy.einsum("...i,ij->...j", left, right)


def outer_sum(left: numpy.ndarray, right: numpy.ndarray) -> numpy.ndarray:
    """Σ_b leftᵀ right over the batch rows b: the (n, m) matrix Σ_b left[b, i]·right[b, j].

    >>> outer_sum(numpy.array([[1.0], [2.0]]), numpy.array([[3.0, 4.0], [5.0, 6.0]]))
    array([[13., 16.]])
    """
    return numpy.einsum("bi,bj->ij", left, right)
