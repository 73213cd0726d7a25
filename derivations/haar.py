"""Is a recipe for "random orthogonal" really Haar? Five recipes and the statistics that tell.

All five return orthogonal matrices; only some are Haar-distributed (invariant
under every fixed rotation). The statistics have exact Haar values, for every
n ≥ 2 (Diaconis & Shahshahani 1994): E[tr W] = 0, E[(tr W)²] = 1, E[W₁₁] = 0,
n·E[W₁₁²] = 1. Each estimate comes with its standard error, so a deviation
can be read in units of sampling noise.

Bounds: at most ``MAX_SAMPLES`` samples and ``arguments.MAX_ELEMENTS`` entries in a batch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy

from derivations import arguments
from derivations.init import _householder_haar

Recipe = Callable[[numpy.ndarray], numpy.ndarray]


def _lapack_qr(gaussians: numpy.ndarray) -> numpy.ndarray:
    return numpy.linalg.qr(gaussians)[0]


def _mezzadri_qr(gaussians: numpy.ndarray) -> numpy.ndarray:
    q, r = numpy.linalg.qr(gaussians)
    return q * numpy.sign(numpy.diagonal(r, axis1=-2, axis2=-1))[..., None, :]


def _reflectors(gaussians: numpy.ndarray) -> numpy.ndarray:
    return numpy.stack([_householder_haar(gaussian, overwrite=False) for gaussian in gaussians])


def _svd_u(gaussians: numpy.ndarray) -> numpy.ndarray:
    return numpy.linalg.svd(gaussians)[0]


def _polar(gaussians: numpy.ndarray) -> numpy.ndarray:
    u, _, vt = numpy.linalg.svd(gaussians)
    return u @ vt


RECIPES: dict[str, tuple[str, Recipe]] = {
    "qr-lapack": ("Q of QR as LAPACK returns it (no sign fix)", _lapack_qr),
    "qr-mezzadri": ("Q of QR, signs of diag(R) moved into Q (PyTorch, Keras)", _mezzadri_qr),
    "reflectors": ("reflectors of independent Gaussian vectors, times their signs "
                   "(Stewart 1980; this library's method='qr')", _reflectors),
    "svd-u": ("U of the SVD (Lasagne, the tutorial's recipe)", _svd_u),
    "polar": ("polar factor U Vᵀ (this library's method='svd')", _polar),
}
CONSTANT = 1e-9  # a standard error below this means every sample gave the same value
MAX_SAMPLES = 100_000
HAAR_VALUES = {"mean trace": 0.0, "mean trace²": 1.0, "mean W₁₁": 0.0, "n · mean W₁₁²": 1.0}


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its standard error and the exact Haar value it should match."""

    statistic: str
    mean: float
    standard_error: float
    haar: float

    @property
    def z(self) -> float:
        """Deviation from the Haar value in standard errors (±inf for a constant off the value)."""
        gap = self.mean - self.haar
        if self.standard_error < CONSTANT:  # the statistic never varied: a rounding-level spread
            return 0.0 if abs(gap) < CONSTANT else float(numpy.copysign(numpy.inf, gap))
        return gap / self.standard_error


def samples(recipe: str, size: int, count: int, seed: int) -> numpy.ndarray:
    """``count`` matrices of ``size``×``size`` from ``recipe``, drawn as one seeded batch.

    >>> samples("polar", 3, 2, seed=0).shape
    (2, 3, 3)
    """
    arguments.choice("recipe", recipe, tuple(RECIPES))
    size = arguments.integer("size", size, 2)
    count = arguments.integer("count", count, 2, MAX_SAMPLES)
    arguments.within("size, count", count * size * size, arguments.MAX_ELEMENTS, "entries")
    # Each sample is a factorization: an SVD for the SVD recipes, a QR for the others.
    kind = "svd" if recipe in ("svd-u", "polar") else "qr"
    arguments.operations("size, count", kind, size, count=count)
    gaussians = numpy.random.default_rng(arguments.seed("seed", seed)).standard_normal(
        (count, size, size))
    return RECIPES[recipe][1](gaussians)


def estimates(matrices: numpy.ndarray) -> list[Estimate]:
    """The four Haar statistics of a stack of square matrices, with standard errors.

    ``matrices`` is a finite real array of shape (count, n, n) with count ≥ 2 (a
    standard error needs two samples) and n ≥ 1.

    >>> [round(e.haar, 1) for e in estimates(samples("qr-mezzadri", 4, 100, seed=1))]
    [0.0, 1.0, 0.0, 1.0]
    """
    matrices = arguments.array("matrices", matrices, 3)
    count, rows, size = matrices.shape
    if rows != size or size == 0 or count < 2:
        raise ValueError("matrices: expected at least 2 square matrices of size ≥ 1, "
                         f"got shape {matrices.shape}")
    matrices = matrices.astype(numpy.float64, copy=False)  # integer squares would wrap around
    trace = numpy.trace(matrices, axis1=-2, axis2=-1)
    corner = matrices[:, 0, 0]
    values = {
        "mean trace": trace,
        "mean trace²": trace**2,
        "mean W₁₁": corner,
        "n · mean W₁₁²": size * corner**2,
    }
    with numpy.errstate(over="ignore", invalid="ignore"):
        found = [Estimate(name, float(v.mean()), float(v.std(ddof=1) / numpy.sqrt(count)),
                          HAAR_VALUES[name]) for name, v in values.items()]
    if not all(numpy.isfinite([e.mean, e.standard_error]).all() for e in found):
        raise arguments.ResultOverflowError("matrices: the statistics overflow float64")
    return found
