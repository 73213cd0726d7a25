"""The same networks computed by PyTorch, for the paper's scale on a GPU (optional:
``pip install -e ".[torch]"``, then ``python -m experiments run --backend torch --device cuda``).

Only the network moves: the training loop, the data, the initial weights and every record are
:func:`experiments.training.train`'s, and this module supplies its
:class:`~experiments.training.Engine`, whose forward pass and gradients PyTorch's autograd
computes. So a torch run and a NumPy run differ only in how the same sums are rounded: in
float64 on a CPU their losses and gradients agree to 1e-10 (the tests check it). On a GPU
the network is computed in float32.

The AntisymmetricRNN's W is stored as the strictly upper triangle U of W − Wᵀ, n(n − 1)/2 numbers:
A = U − Uᵀ − γI depends on nothing else, and this is how Chang et al. count about 10k parameters
at 128 units (a full W alone would be 16,384). The loop keeps the NumPy layout (the full W);
its gradient comes back as Ĝ − Ĝᵀ from the triangle's gradient Ĝ, which is NumPy's G − Gᵀ, so
both backends take the same steps.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy

from derivations.bptt import vector_norm
from experiments.bptt import Backward
from experiments.config import ConfigurationError
from experiments.models import Antisymmetric, Cell, Parameters
from experiments.tasks import SQUARED, Batch, Task
from experiments.training import Engine

DEVICES = ("cpu", "cuda")


def _torch() -> Any:
    """PyTorch, or a one-line configuration error saying how to get it."""
    try:
        import torch
    except ImportError:
        raise ConfigurationError("--backend", "torch needs PyTorch: pip install -e "
                                              "\".[torch]\"") from None
    return torch


def _dtype(device: str) -> Any:
    torch = _torch()
    return torch.float64 if device == "cpu" else torch.float32


def stored(cell: Cell, parameters: Parameters, device: str = "cpu") -> dict[str, Any]:
    """The network's parameters as PyTorch stores them (the antisymmetric W as its triangle),
    each a leaf that records its gradient."""
    torch = _torch()
    tensors = {}
    for name, value in parameters.items():
        if name == "W" and isinstance(cell, Antisymmetric):
            rows, columns = numpy.triu_indices(value.shape[0], 1)
            name, value = "W_upper", (value - value.T)[rows, columns]
        tensors[name] = torch.tensor(value, dtype=_dtype(device), device=device,
                                     requires_grad=True)
    return tensors


def parameter_count(cell: Cell, hidden: int, inputs: int, outputs: int) -> int:
    """How many numbers the network stores in PyTorch: what the paper's "10k" counts."""
    placeholder = numpy.zeros((hidden, hidden))
    parameters = cell.parameters(placeholder, inputs, outputs, numpy.random.default_rng(0))
    return sum(tensor.numel() for tensor in stored(cell, parameters).values())


def _side(count: int) -> int:
    """n from the n(n − 1)/2 entries of a strict upper triangle.

    >>> _side(8128)
    128
    """
    return round((1 + (1 + 8 * count) ** 0.5) / 2)


def _transition(cell: Cell, tensors: dict[str, Any]) -> Any:
    torch = _torch()
    if not isinstance(cell, Antisymmetric):
        return tensors["W"]
    upper = tensors["W_upper"]
    hidden = _side(upper.numel())
    rows, columns = torch.triu_indices(hidden, hidden, 1, device=upper.device)
    triangle = torch.zeros((hidden, hidden), dtype=upper.dtype, device=upper.device)
    triangle = triangle.index_put((rows, columns), upper)
    eye = torch.eye(hidden, dtype=upper.dtype, device=upper.device)
    return triangle - triangle.T - cell.diffusion * eye


def _states(cell: Cell, tensors: dict[str, Any], inputs: Any) -> list[Any]:
    """h_0 … h_T as the NumPy cells define them (the vanilla cell's h_t is a pre-activation)."""
    torch = _torch()
    steps, batch, _ = inputs.shape
    matrix = _transition(cell, tensors)
    hidden = matrix.shape[0]
    states = [torch.zeros((batch, hidden), dtype=inputs.dtype, device=inputs.device,
                          requires_grad=True)]
    # Drives split by unbind, not indexed per step: the backward of drives[t] writes a zero
    # tensor the size of all steps' drives for every t (T² work; 80 s an update at 784 steps).
    if not isinstance(cell, Antisymmetric):
        drives = (inputs @ tensors["W_in"].T + tensors["b"]).unbind(0)
        for t in range(steps):
            states.append(torch.tanh(states[-1]) @ matrix.T + drives[t])
        return states
    drives = (inputs @ tensors["V_h"].T + tensors["b_h"]).unbind(0)
    gate_drives = (inputs @ tensors["V_z"].T + tensors["b_z"]).unbind(0) if cell.gated else None
    for t in range(steps):
        recurrent = states[-1] @ matrix.T
        change = torch.tanh(recurrent + drives[t])
        if gate_drives is not None:
            change = torch.sigmoid(recurrent + gate_drives[t]) * change
        states.append(states[-1] + cell.step * change)
    return states


def _readout(cell: Cell, tensors: dict[str, Any], state: Any) -> Any:
    torch = _torch()
    seen = state if isinstance(cell, Antisymmetric) else torch.tanh(state)
    return seen @ tensors["V"].T + tensors["c"]


def _loss(task: Task, outputs: Any, targets: Any) -> tuple[Any, float]:
    """The mean loss over scored steps and batch, and the task's metric (as losses.evaluate)."""
    torch = _torch()
    count = targets.numel()
    if task.loss == SQUARED:
        error = outputs[..., 0] - targets
        value = (error * error).sum() / count
        return value, float(value.detach())
    value = torch.nn.functional.cross_entropy(outputs.reshape(count, -1), targets.reshape(-1),
                                              reduction="sum") / count
    correct = (outputs.argmax(dim=-1) == targets).sum()
    return value, float(correct) / count


def _targets(task: Task, batch: Batch, like: Any) -> Any:
    torch = _torch()
    if task.loss == SQUARED:
        return torch.tensor(batch.targets, dtype=like.dtype, device=like.device)
    return torch.tensor(batch.targets, dtype=torch.int64, device=like.device)


def backpropagate(cell: Cell, parameters: Parameters, task: Task, batch: Batch, *,
                  measure: bool = False, device: str = "cpu") -> Backward:
    """:func:`experiments.bptt.backpropagate` by autograd: the loss, its gradient per parameter
    in the NumPy layout, and (``measure``) ‖∂L/∂h_k‖ and the readouts' direct ‖e_k‖."""
    torch = _torch()
    tensors = stored(cell, parameters, device)
    inputs = torch.tensor(batch.inputs, dtype=_dtype(device), device=device)
    states = _states(cell, tensors, inputs)
    # The readout reads a copy of h_t: the copy's gradient is e_t, the readout's alone.
    copies = [states[t].clone() for t in batch.output_steps]
    outputs = torch.stack([_readout(cell, tensors, copy) for copy in copies])
    loss, metric = _loss(task, outputs, _targets(task, batch, inputs))
    names = list(tensors)
    # The states' gradients are asked for only when measured: training needs the parameters'.
    wanted = [tensors[name] for name in names] + (states + copies if measure else [])
    found = torch.autograd.grad(loss, wanted, allow_unused=True)
    gradients = dict(zip(names, found[:len(names)], strict=True))
    state_gradients = found[len(names):len(names) + len(states)]
    arrays = _numpy_layout(gradients)
    gradients = {name: arrays[name] for name in parameters}  # the loop flattens in this order
    steps = len(states) - 1
    state_norms, direct_norms = numpy.zeros(steps + 1), numpy.zeros(steps + 1)
    if measure:
        for t, gradient in enumerate(state_gradients):
            state_norms[t] = 0.0 if gradient is None else vector_norm(
                gradient.detach().cpu().numpy().ravel())
        for t, gradient in zip(batch.output_steps, found[len(names) + len(states):],
                               strict=True):
            direct_norms[t] = vector_norm(gradient.detach().cpu().numpy().ravel())
    return Backward(float(loss.detach()), metric, gradients, state_norms, direct_norms)


def _numpy_layout(gradients: dict[str, Any]) -> Parameters:
    """Gradients as NumPy arrays named as the loop's parameters: the triangle's Ĝ as Ĝ − Ĝᵀ."""
    arrays = {name: value.detach().cpu().numpy().astype(numpy.float64)
              for name, value in gradients.items()}
    if "W_upper" in arrays:
        upper = arrays.pop("W_upper")
        hidden = _side(upper.size)
        triangle = numpy.zeros((hidden, hidden))
        triangle[numpy.triu_indices(hidden, 1)] = upper
        arrays = {"W": triangle - triangle.T, **arrays}
    return arrays


def outputs(cell: Cell, parameters: Parameters, batch: Batch, device: str = "cpu"
            ) -> numpy.ndarray:
    """The readouts at the batch's scored steps, (steps, B, outputs), as NumPy."""
    torch = _torch()
    with torch.no_grad():
        tensors = stored(cell, parameters, device)
        inputs = torch.tensor(batch.inputs, dtype=_dtype(device), device=device)
        states = _states(cell, tensors, inputs)
        readouts = torch.stack([_readout(cell, tensors, states[t]) for t in batch.output_steps])
    return readouts.cpu().numpy().astype(numpy.float64)


def engine(device: str = "cpu") -> Engine:
    """The PyTorch engine on ``device`` ("cpu" or "cuda"), checked before any training."""
    if device not in DEVICES:
        raise ConfigurationError("--device", f"expected one of {', '.join(DEVICES)}, "
                                             f"got {device!r}")
    torch = _torch()
    if device == "cuda" and not torch.cuda.is_available():
        raise ConfigurationError("--device", "no CUDA device here (torch.cuda.is_available() "
                                             "is False); use --device cpu")
    return Engine(f"torch-{device}", functools.partial(backpropagate, device=device),
                  functools.partial(outputs, device=device), __name__)
