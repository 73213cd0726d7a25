"""derivations.init against its defining properties, the Haar statistics, and PyTorch.

Oracles: numpy.linalg (singular values, Gram matrices) for orthogonality, the
exact Haar moments E[tr W] = 0, E[(tr W)²] = 1, E[W₁₁] = 0 (Diaconis &
Shahshahani) for the distribution, and torch.nn.init when installed.
"""

from __future__ import annotations

import math
import mmap

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from derivations import _blocked_householder, haar, init
from derivations.init import (
    dirac,
    householder_haar,
    identity,
    matrix_shape,
    orthogonal,
    orthogonal_gates,
)


def orthogonality_error(matrix: numpy.ndarray) -> float:
    """max |QᵀQ − I| over the short side, computed in float64."""
    m = matrix.astype(numpy.float64)
    gram = m.T @ m if m.shape[0] >= m.shape[1] else m @ m.T
    return float(numpy.abs(gram - numpy.eye(len(gram))).max())


def tolerance(dtype: type, size: int) -> float:
    # Products of Householder reflectors are orthogonal to O(n·eps) in rounding analyses; a
    # factor of 10 covers the constants. A bug (a reflector's tau off, a wrong transpose) is O(1).
    return 10 * size * float(numpy.finfo(dtype).eps)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize(
    "shape", [(1, 1), (5, 5), (7, 3), (3, 7), (520, 520), (700, 520), (520, 700)]
)
def test_orthonormal_columns_or_rows(shape, dtype):
    w = orthogonal(shape, rng=3, dtype=dtype)
    assert w.dtype == numpy.dtype(dtype) and w.shape == shape
    assert orthogonality_error(w) <= tolerance(dtype, max(shape))


def textbook_reflector_product(gaussians: numpy.ndarray) -> numpy.ndarray:
    """H₁⋯Hₖ·D from the lower trapezoid, by the textbook formulas, one reflector at a time.

    Hⱼ = I − 2uuᵀ/uᵀu with u = x + sign(x₁)‖x‖e₁ on rows j… (H = I for a 1-vector, as
    LAPACK does), and Dⱼ the sign of R's diagonal entry, −sign(x₁) (sign(x₁) for a 1-vector).
    The reflectors are applied to the first k columns of I, last one first, in float64: no
    blocks, no compact WY form, no LAPACK.
    """
    rows, cols = gaussians.shape
    product, signs = numpy.eye(rows, cols), numpy.ones(cols)
    for j in reversed(range(cols)):
        x = gaussians[j:, j].astype(numpy.float64)
        if len(x) == 1:
            signs[j] = numpy.sign(x[0])
            continue
        u = x.copy()
        u[0] += numpy.sign(x[0]) * numpy.linalg.norm(x)
        product[j:] -= numpy.outer(2 * u / (u @ u), u @ product[j:])
        signs[j] = -numpy.sign(x[0])
    return product * signs


@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (7, 7), (9, 4), (6, 1)])
def test_householder_haar_is_the_textbook_reflector_product(shape):
    gaussians = numpy.random.default_rng(7).standard_normal(shape)
    gaussians[numpy.triu_indices(shape[0], 1, shape[1])] = numpy.nan  # must never be read
    expected = textbook_reflector_product(numpy.nan_to_num(gaussians))
    assert numpy.abs(householder_haar(gaussians) - expected).max() < 1e-12


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("shape", [(129, 129), (300, 129), (260, 260), (300, 257), (520, 300)])
def test_blocked_householder_haar_is_the_textbook_reflector_product(shape, dtype):
    # Past REFLECTOR_BLOCK (128) columns the reflectors are multiplied out block by block:
    # several blocks, a partial last one (of one column, too), tall shapes. Columns 5 and
    # 200 have no tail (their reflector is I, tau = 0), inside a block and in the last one.
    assert shape[1] > init.REFLECTOR_BLOCK
    gaussians = numpy.random.default_rng(9).standard_normal(shape).astype(dtype)
    for column in (5, 200):
        if column < shape[1]:
            gaussians[column + 1:, column] = 0
    gaussians[numpy.triu_indices(shape[0], 1, shape[1])] = numpy.nan  # must never be read
    expected = textbook_reflector_product(numpy.nan_to_num(gaussians))
    result = householder_haar(gaussians)
    assert result.dtype == dtype
    assert numpy.abs(result - expected).max() < tolerance(dtype, shape[0])


def test_householder_haar_leaves_its_input_alone_unless_told():
    gaussians = numpy.asfortranarray(numpy.random.default_rng(8).standard_normal((5, 3)))
    before = gaussians.copy()
    householder_haar(gaussians)
    assert numpy.array_equal(gaussians, before)
    result = householder_haar(gaussians, overwrite=True)
    assert numpy.shares_memory(result, gaussians)


@pytest.mark.parametrize(
    ("gaussians", "error", "message"),
    [
        (numpy.zeros((2, 3)), ValueError, "rows ≥ cols"),
        (numpy.zeros(3), ValueError, "2 dimensions"),
        ([[1.0]], TypeError, "numpy array"),
        (numpy.zeros((3, 2), dtype=numpy.int64), TypeError, "float32 or float64"),
    ],
)
def test_householder_haar_refuses_bad_input(gaussians, error, message):
    with pytest.raises(error, match=f"gaussians: .*{message}"):
        householder_haar(gaussians)


def test_large_float32_is_orthogonal_to_working_precision():
    # Blocks of reflectors (k > REFLECTOR_BLOCK) in single precision: slarfg, sgemm, strmm.
    w = orthogonal((1024, 1024), rng=0, dtype=numpy.float32)
    assert orthogonality_error(w) <= tolerance(numpy.float32, 1024)


@pytest.mark.parametrize(
    ("shape", "dtype", "in_mapped_pages"),
    [((1023, 512), numpy.float64, False), ((1024, 512), numpy.float64, True),
     ((2048, 1024), numpy.float32, True), ((3, 2), numpy.float32, False)],
)
def test_fresh_zeros_are_zero_fortran_and_writable_either_side_of_the_threshold(
        shape, dtype, in_mapped_pages):
    # 1024 × 512 float64 is exactly HUGE_PAGE_THRESHOLD (4 MiB): from there on, mmap'd pages.
    array = _blocked_householder.fresh_zeros(shape, numpy.dtype(dtype))
    assert (array.shape, array.dtype) == (shape, numpy.dtype(dtype))
    assert array.flags.f_contiguous and array.flags.writeable
    assert isinstance(array.base, mmap.mmap) is in_mapped_pages
    assert not array.any()
    array[-1, -1] = 1.0
    assert array.sum() == 1.0


def test_a_large_orthogonal_matrix_does_not_depend_on_where_its_gaussians_lie():
    # Drawn into mmap'd pages (≥ 4 MiB) or numpy's, the same seed gives the same matrix.
    shape, rng = (1024, 600), numpy.random.default_rng(4)
    gaussians = numpy.zeros(shape, order="F")
    for j in range(shape[1]):
        rng.standard_normal(out=gaussians[j:, j])
    assert numpy.array_equal(orthogonal(shape, rng=4), householder_haar(gaussians))


@pytest.mark.parametrize("gain", [0.5, 1.0, 3.0])
def test_singular_values_equal_the_gain(gain):
    w = orthogonal((6, 4), gain=gain, rng=1)
    assert numpy.allclose(numpy.linalg.svd(w, compute_uv=False), gain)


def test_seed_and_generator_reproduce():
    assert numpy.array_equal(orthogonal((4, 4), rng=9), orthogonal((4, 4), rng=9))
    first = orthogonal((4, 4), rng=numpy.random.default_rng(9))
    assert numpy.array_equal(first, orthogonal((4, 4), rng=9))


def test_conventions_flatten_differently():
    assert matrix_shape((8, 3, 2, 2)) == (8, 12)
    assert matrix_shape((2, 2, 3, 8), "keras") == (12, 8)
    kernel = orthogonal((8, 3, 2, 2), rng=0)
    assert orthogonality_error(kernel.reshape(8, 12)) < 1e-12  # wide: orthonormal rows
    keras = orthogonal((2, 2, 3, 8), rng=0, convention="keras")
    assert orthogonality_error(keras.reshape(12, 8)) < 1e-12  # tall: orthonormal columns


def test_zero_size_is_empty():
    assert orthogonal((0, 4)).shape == (0, 4)
    assert orthogonal((3, 0, 2)).size == 0


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"shape": (3,)}, ValueError),
        ({"shape": (3, -1)}, ValueError),
        ({"shape": (3, 2.0)}, TypeError),
        ({"shape": (3, True)}, TypeError),
        ({"shape": 3}, TypeError),
        ({"shape": (3, 3), "gain": math.inf}, ValueError),
        ({"shape": (3, 3), "gain": math.nan}, ValueError),
        ({"shape": (3, 3), "gain": "1"}, TypeError),
        ({"shape": (3, 3), "method": "lu"}, ValueError),
        ({"shape": (3, 3), "convention": "jax"}, ValueError),
        ({"shape": (3, 3), "dtype": numpy.int64}, TypeError),
        ({"shape": (3, 3), "dtype": numpy.float16}, TypeError),
        ({"shape": (3, 3), "dtype": None}, TypeError),
        ({"shape": (3, 3), "rng": 1.5}, TypeError),
    ],
)
def test_bad_input_is_refused(kwargs, error):
    with pytest.raises(error, match=r"shape|gain|method|convention|dtype|rng"):
        orthogonal(**kwargs)


# Haar statistics. With N samples the standard error of mean tr W is 1/√N (Var tr W = 1 for
# Haar) and of W₁₁ is 1/√(nN). N = 3000 at n = 6 makes a 4.5σ band ≈ ±0.08 on the trace,
# while LAPACK's unfixed QR is off by ≈ −1.4 (Q₁₁ is never positive, mean ≈ −0.37): a
# 40σ+ failure. A 4.5σ false alarm has probability ~7e-6 per statistic, and seeds are fixed.
HAAR_SAMPLES = 3000
HAAR_SIZE = 6
Z_LIMIT = 4.5


def _library_stack(method: str) -> numpy.ndarray:
    rng = numpy.random.default_rng(11)
    return numpy.stack(
        [orthogonal((HAAR_SIZE, HAAR_SIZE), rng=rng, method=method) for _ in range(HAAR_SAMPLES)]
    )


@pytest.mark.parametrize("method", ["qr", "svd"])
def test_library_passes_haar_statistics(method):
    for estimate in haar.estimates(_library_stack(method)):
        assert abs(estimate.z) < Z_LIMIT, estimate


@pytest.mark.slow
def test_large_library_matrices_have_haar_trace():
    # n = 512 multiplies the reflectors out block by block, which n = 6 does not: 100 traces,
    # 4.5σ = ±0.45 on the mean (Var tr = 1) and ±0.64 on the mean square (Var tr² = 2);
    # unfixed QR is far off.
    size, count = 512, 100
    traces = [numpy.trace(orthogonal((size, size), rng=seed)) for seed in range(count)]
    assert abs(numpy.mean(traces)) < Z_LIMIT / math.sqrt(count)
    assert abs(numpy.mean(numpy.square(traces)) - 1) < Z_LIMIT * math.sqrt(2 / count)


def test_unfixed_qr_fails_haar_statistics():
    stack = haar.samples("qr-lapack", HAAR_SIZE, HAAR_SAMPLES, seed=11)
    z = {e.statistic: e.z for e in haar.estimates(stack)}
    assert z["mean trace"] < -Z_LIMIT and z["mean W₁₁"] < -Z_LIMIT
    assert numpy.all(stack[:, 0, 0] <= 0)  # the reason: r₁₁ = −sign(a₁₁)‖a₁‖ in LAPACK


def test_two_by_two_unfixed_qr_is_always_a_reflection():
    # One Householder reflector: det Q = −1 every time, so it never draws a rotation.
    dets = numpy.linalg.det(haar.samples("qr-lapack", 2, 500, seed=0))
    assert numpy.allclose(dets, -1)


@settings(max_examples=40, deadline=None)
@given(
    rows=st.integers(1, 24),
    cols=st.integers(1, 24),
    gain=st.floats(0.1, 10, allow_nan=False),
    dtype=st.sampled_from([numpy.float32, numpy.float64]),
    seed=st.integers(0, 2**32 - 1),
)
def test_property_singular_values_are_gain(rows, cols, gain, dtype, seed):
    w = orthogonal((rows, cols), gain=gain, rng=seed, dtype=dtype)
    singular = numpy.linalg.svd(w.astype(numpy.float64), compute_uv=False)
    assert len(singular) == min(rows, cols)
    assert numpy.allclose(singular, gain, rtol=tolerance(dtype, max(rows, cols)))


@settings(max_examples=30, deadline=None)
@given(
    dims=st.lists(st.integers(1, 5), min_size=2, max_size=4),
    convention=st.sampled_from(["torch", "keras"]),
    method=st.sampled_from(["qr", "svd"]),
)
def test_property_any_tensor_is_orthogonal_when_flattened(dims, convention, method):
    w = orthogonal(tuple(dims), rng=0, convention=convention, method=method)
    rows, cols = matrix_shape(tuple(dims), convention)
    assert w.shape == tuple(dims)
    assert orthogonality_error(w.reshape(rows, cols)) < 1e-12


@pytest.mark.parametrize("gates", [3, 4])
def test_orthogonal_gates_blocks_are_each_orthogonal(gates):
    w = orthogonal_gates(5, gates, rng=2)
    assert w.shape == (5 * gates, 5)
    for k in range(gates):
        assert orthogonality_error(w[5 * k : 5 * (k + 1)]) < 1e-12
    # …which orthogonal_ on the whole stacked matrix would not give:
    whole = orthogonal((5 * gates, 5), rng=2)
    assert orthogonality_error(whole[:5]) > 0.1


def test_identity_and_dirac_match_their_definitions():
    assert numpy.array_equal(identity((2, 3), gain=2.0), [[2, 0, 0], [0, 2, 0]])
    kernel = dirac((4, 2, 3, 3), groups=2)
    image = numpy.random.default_rng(0).standard_normal((2, 5, 5))
    # Oracle: a direct 'same' cross-correlation loop. With 2 groups of 2 outputs, output
    # channel k must copy input channel k mod 2 (its position inside its group).
    padded = numpy.pad(image, ((0, 0), (1, 1), (1, 1)))
    for out in range(4):
        result = sum(
            kernel[out, c, i, j] * padded[c, i : i + 5, j : j + 5]
            for c in range(2) for i in range(3) for j in range(3)
        )
        assert numpy.allclose(result, image[out % 2])
    with pytest.raises(ValueError, match="groups"):
        dirac((3, 2, 3), groups=2)
    with pytest.raises(ValueError, match="shape"):
        dirac((3, 3))
    with pytest.raises(ValueError, match="shape"):
        identity((2, 2, 2))


def test_torch_agrees_on_shapes_identity_and_dirac():
    torch = pytest.importorskip("torch")
    for shape in [(3, 3), (2, 5), (5, 2)]:
        assert numpy.array_equal(identity(shape), torch.nn.init.eye_(torch.empty(*shape)).numpy())
    for shape, groups in [((4, 2, 3), 1), ((4, 2, 3, 3), 2), ((2, 4, 1, 3, 3), 1)]:
        expected = torch.nn.init.dirac_(torch.empty(*shape), groups=groups).numpy()
        assert numpy.array_equal(dirac(shape, groups=groups), expected)


def test_torch_orthogonal_has_the_same_properties():
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    for shape in [(6, 6), (8, 3), (3, 8), (8, 3, 2, 2)]:
        ours = orthogonal(shape, rng=0, gain=1.5)
        theirs = torch.nn.init.orthogonal_(torch.empty(*shape), gain=1.5).numpy()
        flat = matrix_shape(shape)
        for w in (ours.reshape(flat), theirs.reshape(flat)):
            assert numpy.allclose(numpy.linalg.svd(w, compute_uv=False), 1.5, atol=1e-5)
    # torch's Haar trace statistics agree with ours (n = 6, 1000 samples, 4.5σ = ±0.14)
    traces = [torch.nn.init.orthogonal_(torch.empty(6, 6)).trace().item() for _ in range(1000)]
    assert abs(numpy.mean(traces)) < Z_LIMIT / math.sqrt(1000)
