"""Loss, its gradient with respect to the readouts, and the task metric, for a scored batch.

The loss is the mean over the scored steps and the batch; its gradient is the
row $\\partial\\mathcal{L}/\\partial y_t$ that enters backpropagation at each
scored step $t$.
"""

from __future__ import annotations

import numpy

from experiments import arithmetic
from experiments.tasks import SQUARED


def evaluate(loss: str, outputs: numpy.ndarray, targets: numpy.ndarray
             ) -> tuple[float, numpy.ndarray, float]:
    """(loss, ∂loss/∂outputs, metric) for outputs (steps, B, size) and targets (steps, B).

    The metric is the mean squared error for a squared-error task and the fraction of
    correct classes (largest output) for a cross-entropy task.

    >>> evaluate("squared error", numpy.array([[[1.0], [3.0]]]), numpy.array([[0.0, 3.0]]))[0]
    0.5
    """
    count = targets.size
    if loss == SQUARED:
        error = outputs[..., 0] - targets
        value = float(numpy.sum(error * error)) / count
        gradient = (2.0 / count) * error[..., None]
        return value, gradient, value
    shifted = outputs - outputs.max(axis=-1, keepdims=True)
    exponentials = arithmetic.exp(shifted)
    totals = exponentials.sum(axis=-1)
    chosen = numpy.take_along_axis(shifted, targets[..., None], axis=-1)[..., 0]
    value = float(numpy.sum(arithmetic.log(totals) - chosen)) / count
    gradient = exponentials / totals[..., None]
    numpy.put_along_axis(gradient, targets[..., None],
                         numpy.take_along_axis(gradient, targets[..., None], axis=-1) - 1.0,
                         axis=-1)
    accuracy = float(numpy.count_nonzero(outputs.argmax(axis=-1) == targets)) / count
    return value, gradient / count, accuracy
