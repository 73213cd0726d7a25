"""The recurrent cells the experiments train: chapter 3's tanh network and chapter 4's
AntisymmetricRNN, each with the two pieces backpropagation through time needs.

A cell runs forward over a batch, keeping the states, and then answers two
questions on the way back: what a row of gradients
$\\delta_t = \\partial\\mathcal{L}/\\partial h_t$ becomes when multiplied by the
step's Jacobian $\\partial h_t/\\partial h_{t-1}$ (:meth:`step_backward`, which also
returns the gradient at the step's pre-activations), and what the *immediate*
derivatives $\\partial^+ h_t/\\partial w$ of all steps contribute to each
parameter's gradient (:meth:`parameter_gradients`, one sum over every step and
batch row at once). :mod:`experiments.bptt` chains the steps into chapter 3's
sum. Rows are batch elements, so a matrix–vector product $Wx$ of the chapters
is ``x @ W.T`` here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy

from derivations.bptt import nonlinearity
from experiments import arithmetic
from experiments.spectra import singular_values

Parameters = dict[str, numpy.ndarray]
SLOPE_BOUND = nonlinearity("tanh").gamma  # β = sup |tanh′| = 1, chapter 3's bound on σ′


@dataclass
class Trajectory:
    """What the forward pass keeps for the backward pass; ``states[t]`` is $h_t$, t = 0 … T."""

    inputs: numpy.ndarray
    states: numpy.ndarray
    saved: dict[str, numpy.ndarray]


def _readout_weights(hidden: int, outputs: int, rng: numpy.random.Generator) -> Parameters:
    return {"V": rng.standard_normal((outputs, hidden)) / numpy.sqrt(hidden),
            "c": numpy.zeros(outputs)}


def _input_weights(hidden: int, inputs: int, rng: numpy.random.Generator) -> numpy.ndarray:
    return 0.1 * rng.standard_normal((hidden, inputs))


def _summed(local: numpy.ndarray, right: numpy.ndarray) -> numpy.ndarray:
    """Σ over steps t and batch rows b of local[t, b, i]·right[t, b, j]."""
    return numpy.einsum("tbi,tbj->ij", local, right)


@dataclass(frozen=True)
class Vanilla:
    """Chapter 3's network $h_t = W\\tanh(h_{t-1}) + W_{\\mathrm{in}}u_t + b$, read out as
    $y_t = V\\tanh(h_t) + c$.

    $h_t$ is the pre-activation of the more familiar $\\tanh(Wh'_{t-1} + W_{\\mathrm{in}}u_t + b)$
    (with $h'_t = \\tanh h_t$ the two describe the same network), so its step Jacobian is
    exactly chapter 3's factor $W\\operatorname{diag}(\\tanh'(h_{t-1}))$.
    """

    name = "vanilla"

    def parameters(self, recurrent: numpy.ndarray, inputs: int, outputs: int,
                   rng: numpy.random.Generator) -> Parameters:
        """The recurrent matrix W as given; W_in ~ 0.1·N(0, 1), V ~ N(0, 1/n) from ``rng``."""
        hidden = recurrent.shape[0]
        return {"W": recurrent, "W_in": _input_weights(hidden, inputs, rng),
                "b": numpy.zeros(hidden), **_readout_weights(hidden, outputs, rng)}

    def forward(self, parameters: Parameters, inputs: numpy.ndarray) -> Trajectory:
        steps, batch, _ = inputs.shape
        hidden = parameters["W"].shape[0]
        drives = arithmetic.matmul(inputs, parameters["W_in"].T) + parameters["b"]
        states = numpy.zeros((steps + 1, batch, hidden))
        activations = numpy.zeros_like(states)
        for t in range(1, steps + 1):
            states[t] = arithmetic.matmul(activations[t - 1], parameters["W"].T) + drives[t - 1]
            activations[t] = arithmetic.tanh(states[t])
        return Trajectory(inputs, states, {"activations": activations,
                                           "slopes": 1.0 - activations * activations})

    def readout(self, parameters: Parameters, trajectory: Trajectory, t: int) -> numpy.ndarray:
        activation = trajectory.saved["activations"][t]
        return arithmetic.matmul(activation, parameters["V"].T) + parameters["c"]

    def readout_backward(self, parameters: Parameters, trajectory: Trajectory, t: int,
                         output_gradient: numpy.ndarray, gradients: Parameters) -> numpy.ndarray:
        """Adds ∂L/∂V, ∂L/∂c of the readout at t; returns its part of ∂L/∂h_t."""
        gradients["V"] += arithmetic.outer_sum(output_gradient, trajectory.saved["activations"][t])
        gradients["c"] += output_gradient.sum(axis=0)
        slopes = trajectory.saved["slopes"][t]
        return arithmetic.matmul(output_gradient, parameters["V"]) * slopes

    def step_backward(self, parameters: Parameters, trajectory: Trajectory, t: int,
                      delta: numpy.ndarray) -> tuple[numpy.ndarray, dict[str, numpy.ndarray]]:
        """(δ_t W diag(tanh′(h_{t−1})), the gradient at h_t's pre-activation, which is δ_t)."""
        previous = arithmetic.matmul(delta, parameters["W"]) * trajectory.saved["slopes"][t - 1]
        return previous, {"state": delta}

    def parameter_gradients(self, parameters: Parameters, trajectory: Trajectory,
                            local: dict[str, numpy.ndarray]) -> Parameters:
        """Σ_t δ_t ∂⁺h_t/∂w for W, W_in and b, with ``local["state"][t − 1]`` = δ_t."""
        deltas = local["state"]
        return {"W": _summed(deltas, trajectory.saved["activations"][:-1]),
                "W_in": _summed(deltas, trajectory.inputs), "b": deltas.sum(axis=(0, 1))}

    def transition(self, parameters: Parameters) -> numpy.ndarray:
        """The matrix whose singular values the experiments track: W."""
        return parameters["W"]

    def per_step_bound(self, parameters: Parameters) -> float:
        """Chapter 3's η = β s₁ with s₁ = ‖W‖₂: every factor W diag(tanh′) has norm ≤ η."""
        return SLOPE_BOUND * float(singular_values(parameters["W"])[0])


@dataclass(frozen=True)
class Antisymmetric:
    """Chapter 4's cell $h_t = h_{t-1} + \\varepsilon\\, z_t\\circ\\tanh(A h_{t-1} + V_h u_t + b_h)$
    with $A = W - W^\\top - \\gamma I$, read out linearly as $y_t = V h_t + c$.

    Ungated, $z_t = 1$; gated, $z_t = \\operatorname{sigmoid}(A h_{t-1} + V_z u_t + b_z)$, the
    same $A$ as the source's slides write it. The step Jacobian is
    $I + \\varepsilon\\operatorname{diag}(s_t)A$ with
    $s_t = z_t\\circ\\tanh'(a_t) + \\tanh(a_t)\\circ z_t\\circ(1 - z_t)$, and $|s_t| \\le 1$.
    """

    diffusion: float
    step: float
    gated: bool = False
    name = "antisymmetric"

    def __post_init__(self) -> None:
        for label, value in (("diffusion", self.diffusion), ("step", self.step)):
            if not (isinstance(value, int | float) and numpy.isfinite(value) and value >= 0):
                raise ValueError(f"{label}: expected a finite non-negative number, got {value!r}")
        if self.step == 0:
            raise ValueError("step: expected a positive number, got 0")

    def parameters(self, recurrent: numpy.ndarray, inputs: int, outputs: int,
                   rng: numpy.random.Generator) -> Parameters:
        hidden = recurrent.shape[0]
        parameters = {"W": recurrent, "V_h": _input_weights(hidden, inputs, rng),
                      "b_h": numpy.zeros(hidden), **_readout_weights(hidden, outputs, rng)}
        if self.gated:
            parameters |= {"V_z": _input_weights(hidden, inputs, rng), "b_z": numpy.zeros(hidden)}
        return parameters

    def transition(self, parameters: Parameters) -> numpy.ndarray:
        """A = W − Wᵀ − γI, the matrix inside the tanh."""
        weights = parameters["W"]
        return weights - weights.T - self.diffusion * numpy.eye(weights.shape[0])

    def forward(self, parameters: Parameters, inputs: numpy.ndarray) -> Trajectory:
        steps, batch, _ = inputs.shape
        matrix = self.transition(parameters)
        drives = arithmetic.matmul(inputs, parameters["V_h"].T) + parameters["b_h"]
        if self.gated:
            gate_drives = arithmetic.matmul(inputs, parameters["V_z"].T) + parameters["b_z"]
        states = numpy.zeros((steps + 1, batch, matrix.shape[0]))
        squashed = numpy.zeros_like(states)
        gates = numpy.ones_like(states)
        for t in range(1, steps + 1):
            recurrent = arithmetic.matmul(states[t - 1], matrix.T)
            squashed[t] = arithmetic.tanh(recurrent + drives[t - 1])
            if self.gated:
                gates[t] = arithmetic.sigmoid(recurrent + gate_drives[t - 1])
                states[t] = states[t - 1] + self.step * (gates[t] * squashed[t])
            else:
                states[t] = states[t - 1] + self.step * squashed[t]
        return Trajectory(inputs, states, {"squashed": squashed, "gates": gates,
                                           "matrix": matrix})

    def readout(self, parameters: Parameters, trajectory: Trajectory, t: int) -> numpy.ndarray:
        return arithmetic.matmul(trajectory.states[t], parameters["V"].T) + parameters["c"]

    def readout_backward(self, parameters: Parameters, trajectory: Trajectory, t: int,
                         output_gradient: numpy.ndarray, gradients: Parameters) -> numpy.ndarray:
        gradients["V"] += arithmetic.outer_sum(output_gradient, trajectory.states[t])
        gradients["c"] += output_gradient.sum(axis=0)
        return arithmetic.matmul(output_gradient, parameters["V"])

    def step_backward(self, parameters: Parameters, trajectory: Trajectory, t: int,
                      delta: numpy.ndarray) -> tuple[numpy.ndarray, dict[str, numpy.ndarray]]:
        """(δ_t (I + ε diag(s_t) A), the gradients at the tanh's and the gate's arguments)."""
        squashed, gates = trajectory.saved["squashed"][t], trajectory.saved["gates"][t]
        through_tanh = (self.step * delta) * (1.0 - squashed * squashed)
        if self.gated:
            through_tanh *= gates
        local = {"tanh": through_tanh}
        into_matrix = through_tanh
        if self.gated:
            local["gate"] = self.step * delta * squashed * gates * (1.0 - gates)
            into_matrix = through_tanh + local["gate"]
        return delta + arithmetic.matmul(into_matrix, trajectory.saved["matrix"]), local

    def parameter_gradients(self, parameters: Parameters, trajectory: Trajectory,
                            local: dict[str, numpy.ndarray]) -> Parameters:
        """Σ_t of the steps' immediate derivatives; ∂L/∂W = G − Gᵀ from G = ∂L/∂A, since
        A = W − Wᵀ − γI."""
        into_matrix = local["tanh"] + local["gate"] if self.gated else local["tanh"]
        collected = _summed(into_matrix, trajectory.states[:-1])
        gradients = {"W": collected - collected.T,
                     "V_h": _summed(local["tanh"], trajectory.inputs),
                     "b_h": local["tanh"].sum(axis=(0, 1))}
        if self.gated:
            gradients |= {"V_z": _summed(local["gate"], trajectory.inputs),
                          "b_z": local["gate"].sum(axis=(0, 1))}
        return gradients

    def per_step_bound(self, parameters: Parameters) -> float:
        """‖I + ε diag(s) A‖₂ ≤ 1 + εβ‖A‖₂: chapter 3's argument for this cell's factor (≥ 1,
        so it allows growth and says nothing about vanishing)."""
        norm = float(singular_values(self.transition(parameters))[0])
        return 1.0 + self.step * SLOPE_BOUND * norm


Cell = Vanilla | Antisymmetric
