"""The tasks: long-memory ones generated from a seed (adding, temporal order, copy), and
classification of real data read one value per step (digits, MNIST-1D, MNIST).

Each task hides the information the answer needs far back in a long sequence
of distractors, so a network can only succeed if its gradient carries the
error back over many steps: exactly the product of Jacobians chapter 3 studies.
A batch is laid out time first, ``inputs[t − 1]`` being the input $u_t$ of
step $t = 1 … T$, and lists the steps whose readout is scored. A real-data
task has the length of its data, trains on batches drawn (by the seed) from its
training split and is tested on its held-out split, never on training data.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy

from experiments.datasets import DATA_SETS, DataSet, Split

SQUARED = "squared error"
CROSS_ENTROPY = "cross-entropy"


@dataclass(frozen=True)
class Batch:
    """Inputs (T, B, input size) and the targets of the scored steps (steps, B)."""

    inputs: numpy.ndarray
    targets: numpy.ndarray
    output_steps: tuple[int, ...]

    def head(self, size: int) -> Batch:
        """The first ``size`` sequences."""
        return Batch(self.inputs[:, :size], self.targets[:, :size], self.output_steps)


@dataclass(frozen=True)
class Task:
    """A task: its sizes, loss, success threshold and the reason for it, and its generator.

    ``chance`` is the metric of the best predictor that ignores the inputs;
    success is ``metric < threshold`` for a squared error, ``metric ≥
    threshold`` for an accuracy.
    """

    name: str
    title: str
    input_size: int
    output_size: int
    loss: str
    chance: float
    threshold: float
    threshold_reason: str
    minimum_length: int
    generate: Callable[[int, int, numpy.random.Generator], Batch]
    data: DataSet | None = None  # a real-data task's data set (its length is the data's)

    @property
    def metric(self) -> str:
        return "MSE" if self.loss == SQUARED else "accuracy"

    def succeeded(self, metric: float | None) -> bool:
        """Whether a final metric meets the task's threshold (a diverged run's None does not)."""
        if metric is None:
            return False
        return metric < self.threshold if self.loss == SQUARED else metric >= self.threshold

    def lengths(self, requested: tuple[int, ...]) -> tuple[int, ...]:
        """The sequence lengths a sweep runs this task at: the ``requested`` ones, or the
        data's own length for a real-data task."""
        return requested if self.data is None else (self.data.steps,)

    def sample(self, length: int, size: int, rng: numpy.random.Generator) -> Batch:
        """``size`` sequences of ``length`` steps drawn from ``rng``."""
        if length < self.minimum_length:
            raise ValueError(f"length: {self.name} needs at least {self.minimum_length} steps, "
                             f"got {length}")
        if self.data is not None and length != self.data.steps:
            raise ValueError(f"length: {self.name} has {self.data.steps} steps, got {length}")
        return self.generate(length, size, rng)

    def test_batch(self, length: int, size: int, rng: numpy.random.Generator) -> Batch:
        """The sequences a run is tested on: ``size`` more drawn from ``rng``, or for a real-data
        task the first ``size`` of its held-out split (all of it if it holds fewer)."""
        if self.data is None:
            return self.sample(length, size, rng)
        held_out = self.data.splits()[1]
        return _sequences(held_out, numpy.arange(min(size, len(held_out.labels))))


def _one_hot(symbols: numpy.ndarray, count: int) -> numpy.ndarray:
    return (symbols[..., None] == numpy.arange(count)).astype(numpy.float64)


def adding(length: int, size: int, rng: numpy.random.Generator) -> Batch:
    """Two channels: a number drawn uniformly from [0, 1] at every step, and a marker that is 1 at
    one step of the first half and one of the second. The answer is the sum of the two marked
    numbers (Hochreiter & Schmidhuber 1997).

    >>> batch = adding(6, 1, numpy.random.default_rng(0))
    >>> float(batch.targets[0, 0]) == float((batch.inputs[:, 0, 0] * batch.inputs[:, 0, 1]).sum())
    True
    """
    values = rng.random((length, size))
    half = length // 2
    first = rng.integers(0, half, size)
    second = rng.integers(half, length, size)
    markers = numpy.zeros((length, size))
    columns = numpy.arange(size)
    markers[first, columns] = 1.0
    markers[second, columns] = 1.0
    targets = values[first, columns] + values[second, columns]
    return Batch(numpy.stack([values, markers], axis=-1), targets[None, :], (length,))


ORDER_SYMBOLS = 6  # X, Y carry the answer; a, b, c, d are distractors


def temporal_order(length: int, size: int, rng: numpy.random.Generator) -> Batch:
    """Distractors a–d at every step, except an X or a Y somewhere in the first 10–20 % of the
    sequence and another in the 50–60 %. Four classes: XX, XY, YX, YY (Hochreiter & Schmidhuber
    1997, task 6a).

    >>> batch = temporal_order(20, 3, numpy.random.default_rng(0))
    >>> batch.inputs.shape, batch.targets.tolist()
    ((20, 3, 6), [[3, 2, 2]])
    """
    symbols = rng.integers(2, ORDER_SYMBOLS, (length, size))
    first = rng.integers(length // 10, max(length // 5, length // 10 + 1), size)
    second = rng.integers(length // 2, max(3 * length // 5, length // 2 + 1), size)
    which = rng.integers(0, 2, (2, size))
    columns = numpy.arange(size)
    symbols[first, columns] = which[0]
    symbols[second, columns] = which[1]
    return Batch(_one_hot(symbols, ORDER_SYMBOLS), (2 * which[0] + which[1])[None, :], (length,))


COPY_SYMBOLS = 4  # the alphabet to copy; two more inputs mean "blank" and "now recall"
COPY_LENGTH = 3


def copy(length: int, size: int, rng: numpy.random.Generator) -> Batch:
    """Three symbols from an alphabet of four, then blanks, then a "recall" marker; the network
    must output the three symbols in order at the last three steps (after Arjovsky, Shah & Bengio
    2016). Every output step is scored, so the loss is a sum over several steps.

    >>> batch = copy(10, 2, numpy.random.default_rng(0))
    >>> batch.output_steps, batch.targets.shape
    ((8, 9, 10), (3, 2))
    """
    blank, recall = COPY_SYMBOLS, COPY_SYMBOLS + 1
    data = rng.integers(0, COPY_SYMBOLS, (COPY_LENGTH, size))
    symbols = numpy.full((length, size), blank)
    symbols[:COPY_LENGTH] = data
    symbols[length - COPY_LENGTH - 1] = recall
    steps = tuple(range(length - COPY_LENGTH + 1, length + 1))
    return Batch(_one_hot(symbols, COPY_SYMBOLS + 2), data, steps)


def _sequences(split: Split, rows: numpy.ndarray) -> Batch:
    """The ``rows`` of a split as a batch: one input per step, the class scored at the end."""
    inputs = split.sequences[rows].T[:, :, None]
    return Batch(inputs, split.labels[rows][None, :], (inputs.shape[0],))


def _training_batch(data: DataSet, length: int, size: int,
                    rng: numpy.random.Generator) -> Batch:
    """``size`` sequences drawn with replacement from the training split of ``data``."""
    training = data.splits()[0]
    return _sequences(training, rng.integers(0, len(training.labels), size))


def _real(name: str, title: str, threshold: float, reason: str) -> Task:
    data = DATA_SETS[name]
    return Task(name, title, 1, data.classes, CROSS_ENTROPY, chance=1 / data.classes,
                threshold=threshold, threshold_reason=reason, minimum_length=data.steps,
                generate=functools.partial(_training_batch, data), data=data)


TASKS: dict[str, Task] = {
    "adding": Task(
        "adding", "Adding", 2, 1, SQUARED, chance=1 / 6, threshold=1 / 24,
        threshold_reason=(
            "half of 1/12, the error of a network that adds the later number exactly and "
            "guesses the mean 1/2 for the earlier one: success needs memory of the earlier "
            "number (always predicting 1 scores 1/6)"),
        minimum_length=2, generate=adding),
    "order": Task(
        "order", "Temporal order", ORDER_SYMBOLS, 4, CROSS_ENTROPY, chance=0.25, threshold=0.9,
        threshold_reason=(
            "90 % of the held-out sequences classified correctly; reading only the later "
            "symbol scores 50 %, guessing 25 %"),
        minimum_length=10, generate=temporal_order),
    "copy": Task(
        "copy", "Copy", COPY_SYMBOLS + 2, COPY_SYMBOLS, CROSS_ENTROPY, chance=1 / COPY_SYMBOLS,
        threshold=0.9,
        threshold_reason="90 % of the recalled symbols correct; guessing scores 25 %",
        minimum_length=2 * COPY_LENGTH + 2, generate=copy),
    "digits": _real("digits", "Digits, pixel by pixel", 0.9,
                    "90 % of the 297 held-out 8×8 digits classified correctly; guessing "
                    "scores 10 %"),
    "digits-permuted": _real("digits-permuted", "Digits, permuted pixels", 0.9,
                             "90 % of the held-out digits, as for the pixels in order"),
    "mnist1d": _real("mnist1d", "MNIST-1D", 0.68,
                     "the published MLP's 68 % on the 1,000 held-out sequences, from a network "
                     "that sees one value at a time; guessing scores 10 %"),
    "mnist1d-shuffled": _real("mnist1d-shuffled", "MNIST-1D, shuffled positions", 0.57,
                              "the published GRU's 57 % with the positions shuffled"),
    "mnist": _real("mnist", "MNIST, pixel by pixel", 0.9,
                   "90 % of 1,000 held-out MNIST images (784 steps); the AntisymmetricRNN paper "
                   "reports 98.0 %"),
}


def task(name: str) -> Task:
    """The task called ``name``.

    >>> task("order").chance
    0.25
    """
    if name not in TASKS:
        raise ValueError(f"task: expected one of {', '.join(TASKS)}, got {name!r}")
    return TASKS[name]
