"""Backpropagation through time as chapter 3 writes it: the gradient is a sum over paths
back in time, and each path multiplies the step Jacobians $\\partial h_i/\\partial h_{i-1}$.

Chapter 3's sum $\\sum_t\\sum_{k\\le t} \\frac{\\partial\\mathcal{L}_t}{\\partial h_t}
\\frac{\\partial h_t}{\\partial h_k}\\frac{\\partial^+ h_k}{\\partial w}$ is evaluated
by Horner's rule: walking back from $t = T$, the row
$\\delta_k = \\partial\\mathcal{L}/\\partial h_k$ collects every path through
$h_k$, $\\delta_{k-1} = e_{k-1} + \\delta_k\\,\\partial h_k/\\partial h_{k-1}$ (with
$e_k$ the loss's direct gradient at a scored step), and the parameters collect
$\\sum_k \\delta_k\\,\\partial^+ h_k/\\partial w$. Nothing is re-derived here: the
cells supply chapter 3's factors, and the tests compare the result with SymPy's
derivative of the unrolled network and with chapter 3's product formula.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from derivations.bptt import vector_norm
from experiments.losses import evaluate
from experiments.models import Cell, Parameters, Trajectory
from experiments.tasks import Batch, Task


@dataclass
class Backward:
    """A loss, its gradient per parameter, and the norms ‖∂L/∂h_k‖ (Frobenius over the batch)
    for k = 0 … T with the norms ‖e_k‖ of the loss's direct gradients."""

    loss: float
    metric: float
    gradients: Parameters
    state_gradient_norms: numpy.ndarray
    direct_gradient_norms: numpy.ndarray


def outputs(cell: Cell, parameters: Parameters, trajectory: Trajectory,
            steps: tuple[int, ...]) -> numpy.ndarray:
    """The readouts y_t at the scored ``steps``, stacked: (len(steps), B, output size)."""
    return numpy.stack([cell.readout(parameters, trajectory, t) for t in steps])


def backpropagate(cell: Cell, parameters: Parameters, task: Task, batch: Batch, *,
                  measure: bool = False) -> Backward:
    """Forward over ``batch``, then the gradient of the task's loss by chapter 3's sum; with
    ``measure``, also the norms of ∂L/∂h_k and of the direct gradients (zeros otherwise)."""
    trajectory = cell.forward(parameters, batch.inputs)
    loss, output_gradients, metric = evaluate(
        task.loss, outputs(cell, parameters, trajectory, batch.output_steps), batch.targets)
    readout_gradients = {name: numpy.zeros_like(value) for name, value in parameters.items()}
    steps = batch.inputs.shape[0]
    scored = dict(zip(batch.output_steps, output_gradients, strict=True))
    state_norms = numpy.zeros(steps + 1)
    direct_norms = numpy.zeros(steps + 1)
    local: list[dict[str, numpy.ndarray]] = []
    delta = numpy.zeros_like(trajectory.states[0])
    for t in range(steps, 0, -1):
        if t in scored:
            direct = cell.readout_backward(parameters, trajectory, t, scored[t], readout_gradients)
            if measure:
                direct_norms[t] = vector_norm(direct.ravel())
            delta = delta + direct
        if measure:
            state_norms[t] = vector_norm(delta.ravel())
        delta, at_step = cell.step_backward(parameters, trajectory, t, delta)
        local.append(at_step)
    if measure:
        state_norms[0] = vector_norm(delta.ravel())
    stacked = {name: numpy.stack([at_step[name] for at_step in reversed(local)])
               for name in local[0]}
    gradients = {**readout_gradients,
                 **cell.parameter_gradients(parameters, trajectory, stacked)}
    gradients = {name: gradients[name] for name in parameters}
    return Backward(loss, metric, gradients, state_norms, direct_norms)


def chapter3_bound(direct_norms: numpy.ndarray, eta: float) -> numpy.ndarray:
    """B_k = Σ_{t ≥ k} ‖e_t‖ η^{t−k}, computed as B_k = ‖e_k‖ + η B_{k+1}.

    Each path from a scored step t back to k passes t − k factors of norm ≤ η, so
    ‖∂L/∂h_k‖ ≤ B_k (the triangle inequality, over the batch too). With one scored step
    T this is chapter 3's ‖∂L/∂h_T‖ η^{T−k}.

    >>> chapter3_bound(numpy.array([0.0, 0.0, 2.0]), 0.5).tolist()
    [0.5, 1.0, 2.0]
    """
    bound = numpy.zeros_like(direct_norms)
    running = 0.0
    for k in range(len(direct_norms) - 1, -1, -1):
        running = direct_norms[k] + eta * running
        bound[k] = running
    return bound
