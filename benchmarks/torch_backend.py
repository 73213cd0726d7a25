"""The PyTorch backend against the NumPy one: how far apart their numbers are, and what an
update and an epoch at the AntisymmetricRNN paper's scale cost on this machine's CPU.

    .venv-torch/bin/python benchmarks/torch_backend.py              # both parts
    .venv-torch/bin/python benchmarks/torch_backend.py --repeats 5 --threads 1

Needs PyTorch (``.venv-torch``, made by ``WITH_TORCH=1 bash tools/setup.sh``, or any
environment with torch). Part one computes the loss, every gradient, the gradient profiles and
the readouts of each task and cell with both backends in float64 and prints the largest absolute
difference of each kind, and the gradients' relative to their largest entry (the tests bound the
differences by 1e-10 up to 64 steps; MNIST's 784 steps multiply rounding errors and, with
parameters moved far from the start, gradients as well). Part two times one update of the paper
preset (``experiments.config.PAPER``: MNIST pixel by pixel, 784 steps, 128 units, batches of
128), NumPy and torch alternating in this process, the median of ``--repeats``, and the forward
pass over the 1,000 held-out images that each evaluation costs; an epoch is 4,000 training
images, 31.25 updates. The training loop adds little to an update (a momentum step on 10k
numbers), so an epoch is estimated as 31.25 updates; the printed figures say which parts were
timed.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the imports wait for the thread settings (main)
    import numpy

    from experiments.models import Cell, Parameters
    from experiments.tasks import Batch


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="benchmarks/torch_backend.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed updates per backend")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                        help="BLAS/OpenMP/torch threads for both backends (default: all CPUs)")
    arguments = parser.parse_args(argv)
    if arguments.repeats < 1:
        parser.error(f"--repeats: expected a positive count, got {arguments.repeats}")
    if arguments.threads < 1:
        parser.error(f"--threads: expected a positive count, got {arguments.threads}")
    return arguments


def agreement() -> float:
    """Print the largest differences between the backends per task and cell; return the
    largest of all."""
    import numpy

    from experiments import bptt, torch_backend
    from experiments.config import Run, Settings, parse_arm
    from experiments.tasks import TASKS
    from experiments.training import initial_parameters

    print("part 1: largest |torch − NumPy| in float64 on the CPU (12 hidden units, batch 7)")
    print(f"  {'task':<18}{'cell':<26}{'loss':>10}{'gradients':>11}{'profiles':>10}"
          f"{'readouts':>10}{'max |grad|':>12}{'relative':>10}")
    worst = 0.0
    for task_name in ("adding", "order", "copy", "digits", "mnist1d", "mnist"):
        for arm_name in ("gaussian-1", "orthogonal", "antisymmetric-0.1",
                         "antisymmetric-gated-0.1"):
            arm, task = parse_arm(arm_name), TASKS[task_name]
            cell = arm.build(euler_step=0.1)
            length = task.lengths((16,))[0]
            rng = numpy.random.default_rng(5)
            parameters = initial_parameters(Run(task_name, length, arm, 0, Settings(hidden=12)),
                                            cell, task, rng)
            parameters = {name: value + 0.3 * rng.standard_normal(value.shape)
                          for name, value in parameters.items()}
            batch = task.sample(length, 7, rng)
            ours = bptt.backpropagate(cell, parameters, task, batch, measure=True)
            theirs = torch_backend.backpropagate(cell, parameters, task, batch, measure=True)
            loss = abs(ours.loss - theirs.loss)
            gradients = max(float(numpy.max(numpy.abs(value - theirs.gradients[name])))
                            for name, value in ours.gradients.items())
            scale = max(float(numpy.max(numpy.abs(value))) for value in ours.gradients.values())
            profiles = max(float(numpy.max(numpy.abs(
                numpy.asarray(getattr(ours, kind)) - numpy.asarray(getattr(theirs, kind)))))
                for kind in ("state_gradient_norms", "direct_gradient_norms"))
            expected = bptt.outputs(cell, parameters, cell.forward(parameters, batch.inputs),
                                    batch.output_steps)
            readouts = float(numpy.max(numpy.abs(
                torch_backend.outputs(cell, parameters, batch) - expected)))
            worst = max(worst, loss, gradients, profiles, readouts)
            print(f"  {task_name:<18}{arm_name:<26}{loss:>10.1e}{gradients:>11.1e}"
                  f"{profiles:>10.1e}{readouts:>10.1e}{scale:>12.1e}{gradients / scale:>10.1e}")
    print(f"  largest of all: {worst:.2e} (relative: the gradients' difference over their "
          f"largest entry)")
    return worst


def _time_into(work: Callable[[], object], samples: list[float]) -> None:
    """Run ``work`` once and append how long it took."""
    start = time.perf_counter()
    work()
    samples.append(time.perf_counter() - start)


def _numpy_outputs(cell: Cell, parameters: Parameters, batch: Batch) -> numpy.ndarray:
    """The NumPy backend's readouts of ``batch``: the forward pass an evaluation makes."""
    from experiments import bptt

    return bptt.outputs(cell, parameters, cell.forward(parameters, batch.inputs),
                        batch.output_steps)


def paper_scale(repeats: int) -> None:
    """Print the median time of one update and one evaluation at the paper preset's size."""
    import numpy

    from experiments import bptt, torch_backend
    from experiments.config import PAPER, Run
    from experiments.tasks import TASKS
    from experiments.training import initial_parameters

    settings, task = PAPER.settings, TASKS["mnist"]
    length = task.lengths(())[0]
    print(f"\npart 2: one update at the paper preset's size (MNIST, {length} steps, "
          f"{settings.hidden} units, batch {settings.batch}), median of {repeats}")
    for arm in PAPER.arms:
        cell = arm.build(euler_step=settings.euler_step)
        rng = numpy.random.default_rng(0)
        parameters = initial_parameters(Run("mnist", length, arm, 0, settings), cell, task, rng)
        batch = task.sample(length, settings.batch, rng)
        held_out = task.sample(length, settings.test_size, rng)
        update = {"numpy": functools.partial(bptt.backpropagate, cell, parameters, task, batch),
                  "torch-cpu": functools.partial(torch_backend.backpropagate, cell, parameters,
                                                 task, batch)}
        evaluation = {"numpy": functools.partial(_numpy_outputs, cell, parameters, held_out),
                      "torch-cpu": functools.partial(torch_backend.outputs, cell, parameters,
                                                     held_out)}
        updates: dict[str, list[float]] = {name: [] for name in update}
        evaluations: dict[str, list[float]] = {name: [] for name in update}
        for _ in range(repeats):  # alternating, so a noisy neighbour slows both alike
            for name in update:
                _time_into(update[name], updates[name])
                _time_into(evaluation[name], evaluations[name])
        print(f"  {arm.key}")
        for name in update:
            per_update = statistics.median(updates[name])
            per_evaluation = statistics.median(evaluations[name])
            epoch = 4000 / settings.batch * per_update
            print(f"    {name:<10} update {per_update:7.2f} s   evaluation on "
                  f"{settings.test_size:,} images {per_evaluation:7.2f} s   epoch ≈ "
                  f"{epoch / 60:5.1f} min (31.25 updates)")
        ratio = statistics.median(updates["torch-cpu"]) / statistics.median(updates["numpy"])
        print(f"    torch-cpu / numpy, per update: {ratio:.2f}")


def main(argv: list[str] | None = None) -> int:
    arguments = _arguments(argv)
    for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[variable] = str(arguments.threads)
    try:
        import torch
    except ImportError:
        print("benchmarks/torch_backend.py: needs PyTorch: run it with .venv-torch/bin/python "
              "(WITH_TORCH=1 bash tools/setup.sh makes it)", file=sys.stderr)
        return 2
    torch.set_num_threads(arguments.threads)
    print(f"torch {torch.__version__}, {arguments.threads} thread(s), load average "
          f"{os.getloadavg()[0]:.2f} at the start")
    agreement()
    paper_scale(arguments.repeats)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
