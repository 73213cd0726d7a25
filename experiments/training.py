"""One training run: SGD with momentum and chapter 3's norm clipping, and what it measures.

Measured per run: the learning curve (training loss, gradient norm before
clipping, held-out loss and metric), success against the task's stated
threshold, ‖∂L/∂h_k‖ for every k on a fixed probe batch at the start, at a
few snapshots and at the end, with chapter 3's bound computed from the run's
own η at the start and the end, and the singular values of the recurrent
matrix at the start and the end. A run whose loss or gradient stops being
finite is recorded as diverged at that update; it never raises.

Every number is stored to six significant digits (``None`` where it is not
finite), so the results file is small and the test suite can compare it
exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy

from derivations.bptt import clip_by_norm, vector_norm
from experiments import bptt
from experiments.config import Run, Settings
from experiments.initialisers import recurrent_matrix
from experiments.losses import evaluate
from experiments.models import Cell, Parameters
from experiments.spectra import singular_values
from experiments.tasks import Batch, Task, task


def stored(value: float) -> float | None:
    """A measurement as the results file keeps it: six significant digits, None if not finite.

    >>> stored(2 / 3), stored(float("inf"))
    (0.666667, None)
    """
    value = float(value)
    return float(f"{value:.6g}") if numpy.isfinite(value) else None


def stored_list(values: numpy.ndarray) -> list[float | None]:
    return [stored(value) for value in values]


def initial_parameters(run: Run, cell: Cell, the_task: Task,
                       rng: numpy.random.Generator) -> Parameters:
    """Input and readout weights first, then the recurrent matrix, all from one generator: at a
    given seed every arm of a cell starts from the same input and readout weights."""
    placeholder = numpy.zeros((run.settings.hidden, run.settings.hidden))
    parameters = cell.parameters(placeholder, the_task.input_size, the_task.output_size, rng)
    parameters["W"] = recurrent_matrix(run.arm.kind, run.settings.hidden, rng,
                                       scale=run.arm.scale)
    return parameters


class Engine(NamedTuple):
    """What computes a run's network: its backpropagation (loss, gradients and, measured, the
    norms ‖∂L/∂h_k‖) and its readouts at a batch's scored steps. The training loop around it,
    the data, the initial weights and what is recorded are the same for every engine."""

    name: str
    backpropagate: Callable[..., bptt.Backward]
    outputs: Callable[[Cell, Parameters, Batch], numpy.ndarray]
    module: str  # where its code lives: a run's saved key covers it (experiments.sweep.code)


def _numpy_outputs(cell: Cell, parameters: Parameters, batch: Batch) -> numpy.ndarray:
    return bptt.outputs(cell, parameters, cell.forward(parameters, batch.inputs),
                        batch.output_steps)


NUMPY = Engine("numpy", bptt.backpropagate, _numpy_outputs, bptt.__name__)


def _flatten(gradients: Parameters) -> numpy.ndarray:
    return numpy.concatenate([value.ravel() for value in gradients.values()])


def _test(engine: Engine, cell: Cell, parameters: Parameters, the_task: Task, test: Batch
          ) -> tuple[float, float]:
    loss, _, metric = evaluate(the_task.loss, engine.outputs(cell, parameters, test),
                               test.targets)
    return loss, metric


def _spectrum(cell: Cell, parameters: Parameters) -> dict:
    return {"singular_values": stored_list(singular_values(cell.transition(parameters))),
            "eta": stored(cell.per_step_bound(parameters))}


def _profile(engine: Engine, cell: Cell, parameters: Parameters, the_task: Task, probe: Batch,
             with_bound: bool) -> dict:
    backward = engine.backpropagate(cell, parameters, the_task, probe, measure=True)
    profile = {"gradient_norms": stored_list(backward.state_gradient_norms)}
    if with_bound:
        eta = cell.per_step_bound(parameters)
        profile["bound"] = stored_list(bptt.chapter3_bound(backward.direct_gradient_norms, eta))
    return profile


def momentum_step(parameters: Parameters, velocity: Parameters, gradient: numpy.ndarray,
                  settings: Settings) -> float:
    """One update of SGD with momentum on chapter 3's clipped gradient; returns ‖gradient‖.

    The flat ``gradient`` (parameters in their dict order) is clipped by
    :func:`derivations.bptt.clip_by_norm`, then v ← μv − αg and w ← w + v.
    """
    clipped = clip_by_norm(gradient, settings.clip)
    offset = 0
    for name, value in parameters.items():
        step = clipped[offset: offset + value.size].reshape(value.shape)
        offset += value.size
        velocity[name] = settings.momentum * velocity[name] - settings.learning_rate * step
        parameters[name] = value + velocity[name]
    return vector_norm(gradient)


def snapshot_updates(run: Run) -> list[int]:
    """The updates after which ‖∂L/∂h_k‖ is measured: 0 and ``snapshots`` evenly spaced ones up
    to the last, each also a point of the learning curve (the settings guarantee it)."""
    interval = run.settings.updates // run.settings.snapshots
    return [interval * i for i in range(run.settings.snapshots + 1)]


def train(run: Run, engine: Engine = NUMPY) -> dict:
    """Train ``run`` with ``engine`` and return its record (plain data, every float stored)."""
    settings = run.settings
    the_task = task(run.task)
    cell = run.arm.build(settings.euler_step)
    init_rng, train_rng, test_rng = (numpy.random.default_rng([run.seed, i]) for i in range(3))
    # The data depend on the seed alone: at a seed, every arm sees the same batches and tests.
    parameters = initial_parameters(run, cell, the_task, init_rng)
    test = the_task.test_batch(run.length, settings.test_size, test_rng)
    probe = test.head(settings.probe_size)
    snapshots = snapshot_updates(run)
    record: dict = {**run.describe(), "start": _spectrum(cell, parameters), "profiles": {},
                    "curve": {"update": [], "train_loss": [], "gradient_norm": [],
                              "clipped": [], "test_loss": [], "test_metric": []},
                    "diverged_at": None}
    record["profiles"]["0"] = _profile(engine, cell, parameters, the_task, probe,
                                       with_bound=True)
    test_loss, test_metric = _test(engine, cell, parameters, the_task, test)
    _append(record["curve"], 0, None, None, None, test_loss, test_metric)
    velocity = {name: numpy.zeros_like(value) for name, value in parameters.items()}
    window_loss = window_norm = 0.0
    window_clipped = 0
    with numpy.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        for update in range(1, settings.updates + 1):
            batch = the_task.sample(run.length, settings.batch, train_rng)
            backward = engine.backpropagate(cell, parameters, the_task, batch)
            gradient = _flatten(backward.gradients)
            if not (numpy.isfinite(backward.loss) and numpy.all(numpy.isfinite(gradient))):
                record["diverged_at"] = update
                break
            norm = momentum_step(parameters, velocity, gradient, settings)
            window_loss += backward.loss
            window_norm += norm
            window_clipped += int(norm >= settings.clip)
            if update % settings.record_every == 0 or update == settings.updates:
                count = update - (record["curve"]["update"][-1])
                test_loss, test_metric = _test(engine, cell, parameters, the_task, test)
                _append(record["curve"], update, window_loss / count, window_norm / count,
                        window_clipped / count, test_loss, test_metric)
                window_loss = window_norm = 0.0
                window_clipped = 0
            if update in snapshots:
                record["profiles"][str(update)] = _profile(engine, cell, parameters, the_task,
                                                           probe, update == settings.updates)
    finished = record["diverged_at"] is None
    record["end"] = _spectrum(cell, parameters) if finished else None
    final = record["curve"]["test_metric"][-1] if finished else None
    record["final_metric"] = final
    record["success"] = the_task.succeeded(final)
    solved = [u for u, m in zip(record["curve"]["update"], record["curve"]["test_metric"],
                                strict=True) if the_task.succeeded(m)]
    record["solved_at"] = solved[0] if solved else None
    return record


def _append(curve: dict, update: int, train_loss: float | None, gradient_norm: float | None,
            clipped: float | None, test_loss: float, test_metric: float) -> None:
    curve["update"].append(update)
    for name, value in (("train_loss", train_loss), ("gradient_norm", gradient_norm),
                        ("clipped", clipped), ("test_loss", test_loss),
                        ("test_metric", test_metric)):
        curve[name].append(None if value is None else stored(value))
