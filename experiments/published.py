"""The accuracies the sources report for the real-data tasks, to set beside ours.

Each entry names the model, its accuracy on the held-out data as published, and the
source, so the chapter never shows a number without where it comes from. They are
points, without intervals: the sources report one number per model.
"""

from __future__ import annotations

from typing import NamedTuple


class Published(NamedTuple):
    """One published accuracy: which model, on what data, and where it is reported."""

    model: str
    accuracy: float
    data: str
    source: str


MNIST1D_PAPER = "Greydanus & Kobak, MNIST-1D (2020/2024), table of baselines"
ANTISYMMETRIC_PAPER = "Chang, Chen, Haber & Chi, AntisymmetricRNN (ICLR 2019), table 1"

# Keyed by our task: the published models on the same data (MNIST-1D) or the nearest one
# (pixel MNIST for our 8 by 8 digits: other images, 784 steps instead of 64).
PUBLISHED: dict[str, tuple[Published, ...]] = {
    "mnist1d": (
        Published("logistic regression", 0.32, "MNIST-1D", MNIST1D_PAPER),
        Published("MLP", 0.68, "MNIST-1D", MNIST1D_PAPER),
        Published("CNN", 0.94, "MNIST-1D", MNIST1D_PAPER),
        Published("GRU", 0.91, "MNIST-1D", MNIST1D_PAPER),
    ),
    "mnist1d-shuffled": (
        Published("GRU", 0.57, "MNIST-1D, shuffled positions", MNIST1D_PAPER),
    ),
    "digits": (
        Published("AntisymmetricRNN, 128 units", 0.980, "pixel MNIST (28 by 28 pixels, 784 steps)",
                  ANTISYMMETRIC_PAPER),
    ),
    "digits-permuted": (
        Published("AntisymmetricRNN, 128 units", 0.958, "permuted pixel MNIST",
                  ANTISYMMETRIC_PAPER),
    ),
}
