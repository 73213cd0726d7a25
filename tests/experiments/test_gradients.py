"""Backpropagation through time checked two independent ways: central finite differences of the
loss, and SymPy's jacobian of the network unrolled by hand (with chapter 3's own symbolic network
and product formula for the tanh cell). A backward pass with chapter 3's transposition erratum
is shown to fail the same checks."""

from __future__ import annotations

import dataclasses

import numpy
import pytest
import sympy

from derivations.ch3_bptt.network import unroll
from derivations.ch3_bptt.symbols import SIGMA
from experiments import arithmetic, bptt, models
from experiments.initialisers import recurrent_matrix
from experiments.tasks import CROSS_ENTROPY, SQUARED, TASKS, Batch, Task

FD_STEP = 1e-6
FD_TOLERANCE = 1e-7  # central differences are accurate to about 1e-10 here

CELLS = {
    "vanilla": models.Vanilla(),
    "antisymmetric": models.Antisymmetric(diffusion=0.1, step=0.5),
    "gated": models.Antisymmetric(diffusion=0.1, step=0.5, gated=True),
}


def parameters_for(cell: models.Cell, task: Task, hidden: int, seed: int) -> models.Parameters:
    rng = numpy.random.default_rng(seed)
    recurrent = recurrent_matrix("gaussian", hidden, rng, scale=1.5)
    parameters = cell.parameters(recurrent, task.input_size, task.output_size, rng)
    for name in parameters:  # biases away from zero, so their gradients are not special
        if parameters[name].ndim == 1:
            parameters[name] = 0.3 * rng.standard_normal(parameters[name].shape)
    return parameters


def finite_difference_error(cell: models.Cell, parameters: models.Parameters, task: Task,
                            batch: Batch) -> float:
    """The largest |central difference − backpropagated gradient| over every parameter entry."""
    gradients = bptt.backpropagate(cell, parameters, task, batch).gradients
    worst = 0.0
    for name, value in parameters.items():
        for index in numpy.ndindex(value.shape):
            original = value[index]
            value[index] = original + FD_STEP
            above = bptt.backpropagate(cell, parameters, task, batch).loss
            value[index] = original - FD_STEP
            below = bptt.backpropagate(cell, parameters, task, batch).loss
            value[index] = original
            worst = max(worst, abs((above - below) / (2 * FD_STEP) - gradients[name][index]))
    return worst


# MNIST's 784 steps are left out: central differences lose their accuracy over that many steps
# of a cell with ε = 0.5, and its batches are drawn by the same code as the digits'.
@pytest.mark.slow
@pytest.mark.parametrize("task_name", [name for name in TASKS if TASKS[name].minimum_length < 784])
@pytest.mark.parametrize("cell_name", list(CELLS))
def test_gradients_match_central_differences(cell_name: str, task_name: str) -> None:
    task = TASKS[task_name]
    cell = CELLS[cell_name]
    batch = task.sample(max(task.minimum_length, 4), 3, numpy.random.default_rng(1))
    parameters = parameters_for(cell, task, hidden=3, seed=2)
    assert finite_difference_error(cell, parameters, task, batch) < FD_TOLERANCE


@dataclasses.dataclass(frozen=True)
class TransposedVanilla(models.Vanilla):
    """Chapter 3's erratum: the paper's factor Wᵀ diag(σ′) instead of W diag(σ′)."""

    def step_backward(self, parameters, trajectory, t, delta):
        previous = arithmetic.matmul(delta, parameters["W"].T) * trajectory.saved["slopes"][t - 1]
        return previous, {"state": delta}


def test_the_transposed_factor_fails_the_finite_difference_check() -> None:
    task = TASKS["order"]
    batch = task.sample(10, 3, numpy.random.default_rng(1))
    parameters = parameters_for(models.Vanilla(), task, hidden=3, seed=2)
    assert finite_difference_error(TransposedVanilla(), parameters, task, batch) > 1e-3


# --- SymPy: the network unrolled by hand --------------------------------------------------------

HIDDEN, INPUTS, CLASSES, STEPS = 2, 2, 3, 3
Z = sympy.Symbol("z")


def symbols(name: str, shape: tuple[int, ...]) -> sympy.Matrix:
    rows, cols = shape if len(shape) == 2 else (shape[0], 1)
    return sympy.Matrix(rows, cols, lambda i, j: sympy.Symbol(f"{name}_{i}{j}", real=True))


def small_batch(loss: str) -> tuple[Task, Batch]:
    """Three steps scored at steps 2 and 3: two sequences with a squared error, one with a
    cross-entropy (whose symbolic form is larger)."""
    rng = numpy.random.default_rng(4)
    sequences = 2 if loss == SQUARED else 1
    inputs = rng.standard_normal((STEPS, sequences, INPUTS))
    if loss == SQUARED:
        targets, outputs = rng.standard_normal((2, sequences)), 1
    else:
        targets, outputs = numpy.array([[2], [1]]), CLASSES
    task = dataclasses.replace(TASKS["adding"], loss=loss, input_size=INPUTS, output_size=outputs)
    return task, Batch(inputs, targets, (2, 3))


def symbolic_loss(loss: str, outputs: list[list[sympy.Matrix]], targets: numpy.ndarray):
    """Mean over scored steps and sequences, written out without the library."""
    terms = []
    for sequence, step_outputs in enumerate(outputs):
        for step, y in enumerate(step_outputs):
            target = targets[step, sequence]
            if loss == SQUARED:
                terms.append((y[0] - float(target)) ** 2)
            else:
                terms.append(sympy.log(sum(sympy.exp(entry) for entry in y)) - y[int(target)])
    return sympy.Add(*terms) / len(terms)


def numeric(matrix: sympy.Matrix, values: dict) -> numpy.ndarray:
    """``matrix`` at ``values``: compiled by lambdify into plain float arithmetic."""
    function = sympy.lambdify(list(values), matrix.tolist(), modules="math", cse=True)
    return numpy.array(function(*values.values()), dtype=float)


def vanilla_symbolic(batch: Batch, loss: str, outputs: int):
    """Chapter 3's symbolic network x_t = W σ(x_{t−1}) + W_in u_t + b with σ = tanh."""
    w, w_in = symbols("w", (HIDDEN, HIDDEN)), symbols("v", (HIDDEN, INPUTS))
    b = symbols("b", (HIDDEN,))
    r, c = symbols("r", (outputs, HIDDEN)), symbols("c", (outputs,))
    start = symbols("a", (HIDDEN,))
    all_states, all_outputs = [], []
    for sequence in range(batch.inputs.shape[1]):
        drives = [w_in * sympy.Matrix(batch.inputs[t, sequence]) + b for t in range(STEPS)]
        states = unroll(w, start, drives, SIGMA)  # chapter 3's own unrolled network, generic σ
        tanh_states = [state.replace(SIGMA, sympy.tanh) for state in states]
        all_states.append(states)
        all_outputs.append([r * tanh_states[t].applyfunc(sympy.tanh) + c
                            for t in batch.output_steps])
    names = {"W": w, "W_in": w_in, "b": b, "V": r, "c": c}
    return names, start, all_states, symbolic_loss(loss, all_outputs, batch.targets)


def antisymmetric_symbolic(batch: Batch, loss: str, outputs: int, cell: models.Antisymmetric):
    w, v_h = symbols("w", (HIDDEN, HIDDEN)), symbols("v", (HIDDEN, INPUTS))
    b_h = symbols("b", (HIDDEN,))
    v_z, b_z = symbols("q", (HIDDEN, INPUTS)), symbols("p", (HIDDEN,))
    r, c = symbols("r", (outputs, HIDDEN)), symbols("c", (outputs,))
    start = symbols("a", (HIDDEN,))
    matrix = w - w.T - sympy.Rational(cell.diffusion).limit_denominator(10**6) * sympy.eye(HIDDEN)
    step = sympy.Rational(cell.step).limit_denominator(10**6)
    all_outputs = []
    for sequence in range(batch.inputs.shape[1]):
        states = [start]
        for t in range(STEPS):
            u = sympy.Matrix(batch.inputs[t, sequence])
            squashed = (matrix * states[-1] + v_h * u + b_h).applyfunc(sympy.tanh)
            if cell.gated:
                gate = (matrix * states[-1] + v_z * u + b_z).applyfunc(
                    lambda x: 1 / (1 + sympy.exp(-x)))
                squashed = sympy.matrix_multiply_elementwise(gate, squashed)
            states.append(states[-1] + step * squashed)
        all_outputs.append([r * states[t] + c for t in batch.output_steps])
    names = {"W": w, "V_h": v_h, "b_h": b_h, "V": r, "c": c}
    if cell.gated:
        names |= {"V_z": v_z, "b_z": b_z}
    return names, start, symbolic_loss(loss, all_outputs, batch.targets)


def flat_symbols(names: dict, order: list[str]) -> list[sympy.Symbol]:
    return [symbol for name in order for symbol in names[name]]


def substitutions(names: dict, parameters: models.Parameters, start: sympy.Matrix) -> dict:
    values = {symbol: 0.0 for symbol in start}
    for name, matrix in names.items():
        for symbol, value in zip(matrix, parameters[name].ravel(), strict=True):
            values[symbol] = float(value)
    return values


@pytest.mark.slow  # SymPy differentiates the unrolled network: 5 to 10 s each
@pytest.mark.parametrize("loss", [SQUARED, CROSS_ENTROPY])
def test_vanilla_gradient_is_sympys_jacobian_of_the_unrolled_network(loss: str) -> None:
    task, batch = small_batch(loss)
    cell = models.Vanilla()
    parameters = parameters_for(cell, task, HIDDEN, seed=3)
    names, start, _, symbolic = vanilla_symbolic(batch, loss, task.output_size)
    order = list(parameters)
    row = sympy.Matrix([symbolic]).jacobian(flat_symbols(names, order) + list(start))
    expected = numeric(row, substitutions(names, parameters, start)).ravel()
    backward = bptt.backpropagate(cell, parameters, task, batch, measure=True)
    computed = numpy.concatenate([backward.gradients[name].ravel() for name in order])
    numpy.testing.assert_allclose(computed, expected[: computed.size], rtol=1e-12, atol=1e-14)
    # ‖∂L/∂h_0‖: the sequences share the start h_0, so SymPy's derivative in it is the sum of
    # the rows whose Frobenius norm the library reports: equal for one sequence, a bound for two.
    sequences = batch.inputs.shape[1]
    ratio = numpy.linalg.norm(expected[computed.size:]) / backward.state_gradient_norms[0]
    assert ratio <= numpy.sqrt(sequences) * (1 + 1e-12)
    if sequences == 1:
        assert abs(ratio - 1) < 1e-12


@pytest.mark.slow  # SymPy differentiates the unrolled network: 15 s and more
@pytest.mark.long
@pytest.mark.parametrize("gated", [False, True])
def test_antisymmetric_gradient_is_sympys_jacobian_of_the_unrolled_network(gated: bool) -> None:
    task, batch = small_batch(CROSS_ENTROPY)
    cell = models.Antisymmetric(diffusion=0.25, step=0.5, gated=gated)
    parameters = parameters_for(cell, task, HIDDEN, seed=5)
    names, start, symbolic = antisymmetric_symbolic(batch, CROSS_ENTROPY, task.output_size, cell)
    order = list(parameters)
    row = sympy.Matrix([symbolic]).jacobian(flat_symbols(names, order))
    expected = numeric(row, substitutions(names, parameters, start)).ravel()
    gradients = bptt.backpropagate(cell, parameters, task, batch).gradients
    computed = numpy.concatenate([gradients[name].ravel() for name in order])
    numpy.testing.assert_allclose(computed, expected, rtol=1e-12, atol=1e-14)


def jacobian_product(weights: sympy.MatrixBase, states: list[sympy.MatrixBase], t: int,
                     k: int) -> sympy.ImmutableMatrix:
    """Chapter 3's ∂h_t/∂h_k = Π_{i=k+1}^{t} W diag(σ′(h_{i−1})), newest factor on the left."""
    product = sympy.ImmutableMatrix.eye(weights.rows)
    for i in range(k + 1, t + 1):
        slopes = sympy.diag(*[sympy.Derivative(SIGMA(Z), Z).subs(Z, entry)
                              for entry in states[i - 1]])
        product = sympy.ImmutableMatrix(weights * slopes * product)
    return product


@pytest.mark.slow
def test_state_gradients_are_chapter_3_products() -> None:
    """δ_k = Σ_t e_t ∂h_t/∂h_k with ∂h_t/∂h_k from chapter 3's symbolic product formula."""
    task, batch = small_batch(SQUARED)
    batch = Batch(batch.inputs[:, :1], batch.targets[-1:, :1], (STEPS,))  # one sequence, at T
    cell = models.Vanilla()
    parameters = parameters_for(cell, task, HIDDEN, seed=7)
    names, start, all_states, _ = vanilla_symbolic(batch, SQUARED, task.output_size)
    states = all_states[0]
    values = substitutions(names, parameters, start)
    backward = bptt.backpropagate(cell, parameters, task, batch, measure=True)
    trajectory = cell.forward(parameters, batch.inputs)
    readout = numpy.array(cell.readout(parameters, trajectory, STEPS))
    error = 2.0 * (readout[0, 0] - batch.targets[0, 0])
    direct = error * parameters["V"][0] * (1 - numpy.tanh(trajectory.states[STEPS, 0]) ** 2)
    for k in range(STEPS + 1):
        product = jacobian_product(names["W"], states, STEPS, k)
        factor = numeric(product.replace(SIGMA, sympy.Lambda(Z, sympy.tanh(Z))).doit(), values)
        assert numpy.isclose(numpy.linalg.norm(direct @ factor), backward.state_gradient_norms[k],
                             rtol=1e-9)


def test_the_bound_holds_and_a_smaller_eta_would_be_violated() -> None:
    task = TASKS["copy"]
    cell = models.Vanilla()
    for seed in range(5):
        parameters = parameters_for(cell, task, hidden=6, seed=seed)
        batch = task.sample(20, 4, numpy.random.default_rng(seed))
        backward = bptt.backpropagate(cell, parameters, task, batch, measure=True)
        eta = cell.per_step_bound(parameters)
        bound = bptt.chapter3_bound(backward.direct_gradient_norms, eta)
        assert numpy.all(backward.state_gradient_norms <= bound * (1 + 1e-12))
    too_small = bptt.chapter3_bound(backward.direct_gradient_norms, 0.01)
    assert numpy.any(backward.state_gradient_norms > too_small)
