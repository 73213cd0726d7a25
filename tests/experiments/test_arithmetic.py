"""The training arithmetic is accurate, and machine-independent: the same bits whichever SIMD
code NumPy picks and whichever OpenBLAS kernel is loaded (emulated here by switching both off
in a subprocess), while NumPy's own tanh and ``@`` are shown to change under the same switch."""

from __future__ import annotations

import math
import os
import platform
import subprocess
import sys

import numpy
import pytest

from experiments import arithmetic
from experiments.spectra import singular_values
from foundation.paths import ROOT as PROJECT_ROOT

ROOT = str(PROJECT_ROOT)


def ulps(computed: numpy.ndarray, exact: numpy.ndarray) -> numpy.ndarray:
    return numpy.abs(computed - exact) / numpy.spacing(numpy.maximum(numpy.abs(exact), 1e-300))


SAMPLE = numpy.concatenate([
    numpy.random.default_rng(0).standard_normal(20000) * 3,
    numpy.random.default_rng(1).standard_normal(5000) * 1e-6,
    numpy.random.default_rng(2).uniform(-30, 30, 5000),
    [0.0, -0.0, 0.3465, -0.3466, 19.99, 20.0, -20.0, 400.0, 1e-300],
])


def test_tanh_is_within_eight_units_in_the_last_place() -> None:
    exact = numpy.array([math.tanh(x) for x in SAMPLE])
    assert ulps(arithmetic.tanh(SAMPLE), exact).max() <= 8
    assert numpy.signbit(arithmetic.tanh(numpy.array([-0.0])))[0]


def test_exp_and_log_are_within_two_units_in_the_last_place() -> None:
    x = numpy.random.default_rng(3).uniform(-700, 700, 20000)
    assert ulps(arithmetic.exp(x), numpy.array([math.exp(v) for v in x])).max() <= 2
    y = numpy.exp(x)
    assert ulps(arithmetic.log(y), numpy.array([math.log(v) for v in y])).max() <= 2
    near_one = numpy.random.default_rng(4).uniform(0.5, 2.0, 20000)
    assert ulps(arithmetic.log(near_one), numpy.array([math.log(v) for v in near_one])).max() <= 2


def test_log_rejects_non_positive_input_and_passes_nan_through() -> None:
    with pytest.raises(ValueError, match="x: expected positive"):
        arithmetic.log(numpy.array([1.0, 0.0]))
    assert numpy.isnan(arithmetic.log(numpy.array([numpy.nan]))[0])


def test_sigmoid_is_the_logistic_function_and_saturates_without_overflow() -> None:
    x = numpy.random.default_rng(5).uniform(-30, 30, 5000)
    exact = numpy.array([1 / (1 + math.exp(-v)) for v in x])
    numpy.testing.assert_allclose(arithmetic.sigmoid(x), exact, rtol=0, atol=3e-16)
    assert arithmetic.sigmoid(numpy.array([-1e4, 1e4])).tolist() == [0.0, 1.0]


def test_the_products_are_matrix_products() -> None:
    rng = numpy.random.default_rng(6)
    x, weights, right = (rng.standard_normal((20, 32)), rng.standard_normal((32, 32)),
                         rng.standard_normal((20, 6)))
    numpy.testing.assert_allclose(arithmetic.matmul(x, weights.T), x @ weights.T, atol=1e-12)
    numpy.testing.assert_allclose(arithmetic.outer_sum(x, right), x.T @ right, atol=1e-12)


PROBE = """
import hashlib, numpy
from experiments import arithmetic
from foundation.paths import ROOT as PROJECT_ROOT
from experiments.config import Run, Settings, parse_arm
from experiments.training import train
x = numpy.random.default_rng(0).standard_normal((64, 32)) * 3
w = numpy.random.default_rng(1).standard_normal((32, 32))
ours = hashlib.sha256(arithmetic.tanh(x).tobytes() + arithmetic.exp(x).tobytes()
                      + arithmetic.matmul(x, w).tobytes()
                      + repr(train(Run("copy", 10, parse_arm("orthogonal"), 3,
                                       Settings(hidden=8, updates=20, test_size=20,
                                                probe_size=5, record_every=10,
                                                snapshots=2)))).encode())
numpys = hashlib.sha256(numpy.tanh(x).tobytes() + (x @ w).tobytes())
print(ours.hexdigest(), numpys.hexdigest())
"""


def probe(environment: dict[str, str]) -> tuple[str, str]:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": ROOT, **environment},
                            check=True)
    ours, numpys = result.stdout.split()
    return ours, numpys


def enabled_dispatch_features() -> list[str]:
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    return [name for name in __cpu_dispatch__ if __cpu_features__.get(name)]


@pytest.mark.slow  # two fresh interpreters train a run: about 5 s
@pytest.mark.skipif(platform.machine() != "x86_64" or not enabled_dispatch_features(),
                    reason="emulating an older CPU needs x86-64 with NumPy dispatch targets on")
def test_training_bits_do_not_depend_on_simd_or_blas_kernels() -> None:
    native = probe({})
    older_cpu = probe({"NPY_DISABLE_CPU_FEATURES": " ".join(enabled_dispatch_features()),
                       "OPENBLAS_CORETYPE": "Prescott"})
    assert native[0] == older_cpu[0]
    assert native[1] != older_cpu[1]  # the check can fail: NumPy's tanh and BLAS's @ do change


def test_singular_values_agree_with_lapack() -> None:
    rng = numpy.random.default_rng(8)
    for shape in [(32, 32), (7, 7), (9, 4), (4, 9), (1, 1)]:
        matrix = rng.standard_normal(shape)
        lapack = numpy.linalg.svd(matrix, compute_uv=False)
        numpy.testing.assert_allclose(singular_values(matrix), lapack, rtol=0,
                                      atol=1e-13 * lapack[0])


def test_singular_values_of_special_matrices() -> None:
    rng = numpy.random.default_rng(9)
    q, _ = numpy.linalg.qr(rng.standard_normal((16, 16)))
    numpy.testing.assert_allclose(singular_values(q), 1.0, atol=1e-14)
    assert singular_values(numpy.zeros((3, 3))).tolist() == [0.0, 0.0, 0.0]
    low_rank = rng.standard_normal((10, 2)) @ rng.standard_normal((2, 10))
    assert numpy.count_nonzero(singular_values(low_rank) > 1e-12) == 2
    assert singular_values(numpy.diag([3.0, -5.0, 1.0])).tolist() == [5.0, 3.0, 1.0]
    huge = numpy.diag([3e300, 4e300])  # squares would overflow without scaling
    assert singular_values(huge).tolist() == [4e300, 3e300]


def test_singular_values_reject_bad_input() -> None:
    with pytest.raises(TypeError, match="matrix: expected a 2-D"):
        singular_values(numpy.ones(3))
    with pytest.raises(ValueError, match="matrix: expected finite"):
        singular_values(numpy.array([[numpy.nan]]))
