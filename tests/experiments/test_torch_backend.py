"""The PyTorch backend computes the NumPy library's networks: in float64 on a CPU its losses,
gradients and gradient profiles equal NumPy's to 1e-10, its AntisymmetricRNN stores the paper's
10k parameters at 128 units, and it trains through the same loop."""

from __future__ import annotations

import functools
import json

import numpy
import pytest

from experiments import __main__ as cli
from experiments import bptt
from experiments.config import PAPER, Run, Settings, parse_arm
from experiments.models import Antisymmetric, Vanilla
from experiments.tasks import TASKS
from experiments.training import initial_parameters, train

torch = pytest.importorskip("torch")
from experiments import torch_backend  # noqa: E402  (after the skip: it needs torch)

TOLERANCE = 1e-10


def _case(task_name: str, arm_name: str, hidden: int = 12):
    """A cell, its parameters moved away from the start (so no gradient is trivially zero), the
    task and a batch."""
    arm = parse_arm(arm_name)
    cell = arm.build(euler_step=0.1)
    task = TASKS[task_name]
    length = task.lengths((16,))[0]
    rng = numpy.random.default_rng(5)
    run = Run(task_name, length, arm, 0, Settings(hidden=hidden))
    parameters = initial_parameters(run, cell, task, rng)
    parameters = {name: value + 0.3 * rng.standard_normal(value.shape)
                  for name, value in parameters.items()}
    return cell, parameters, task, task.sample(length, 7, rng)


@pytest.mark.parametrize("task_name", ["order", "copy", "digits", "adding"])
@pytest.mark.parametrize("arm_name", ["gaussian-1", "antisymmetric-0.1",
                                      "antisymmetric-gated-0.1"])
def test_losses_gradients_and_profiles_equal_numpys(task_name, arm_name) -> None:
    cell, parameters, task, batch = _case(task_name, arm_name)
    ours = bptt.backpropagate(cell, parameters, task, batch, measure=True)
    theirs = torch_backend.backpropagate(cell, parameters, task, batch, measure=True)
    assert abs(ours.loss - theirs.loss) <= TOLERANCE
    assert abs(ours.metric - theirs.metric) <= TOLERANCE  # an accuracy, or the MSE itself
    assert list(theirs.gradients) == list(ours.gradients)
    for name, gradient in ours.gradients.items():
        assert numpy.max(numpy.abs(gradient - theirs.gradients[name])) <= TOLERANCE, name
    assert max(numpy.max(numpy.abs(g)) for g in ours.gradients.values()) > 1e-3  # not vacuous
    numpy.testing.assert_allclose(theirs.state_gradient_norms, ours.state_gradient_norms,
                                  rtol=TOLERANCE, atol=1e-300)
    numpy.testing.assert_allclose(theirs.direct_gradient_norms, ours.direct_gradient_norms,
                                  rtol=TOLERANCE, atol=1e-300)
    readouts = torch_backend.outputs(cell, parameters, batch)
    expected = bptt.outputs(cell, parameters, cell.forward(parameters, batch.inputs),
                            batch.output_steps)
    assert numpy.max(numpy.abs(readouts - expected)) <= TOLERANCE


@pytest.mark.parametrize("arm", PAPER.arms, ids=lambda arm: arm.key)
def test_at_the_paper_presets_scale_the_backends_agree_too(arm) -> None:
    # 784 steps of MNIST by 128 units from the preset's own start: rounding has 784 steps to
    # grow in, and still the two agree as closely as on the short tasks.
    settings, task = PAPER.settings, TASKS["mnist"]
    length = task.lengths(())[0]
    cell = arm.build(euler_step=settings.euler_step)
    rng = numpy.random.default_rng(0)
    parameters = initial_parameters(Run("mnist", length, arm, 0, settings), cell, task, rng)
    batch = task.sample(length, 4, rng)
    ours = bptt.backpropagate(cell, parameters, task, batch, measure=True)
    theirs = torch_backend.backpropagate(cell, parameters, task, batch, measure=True)
    assert length == 784 and parameters["W"].shape == (128, 128)
    assert abs(ours.loss - theirs.loss) <= TOLERANCE
    for name, gradient in ours.gradients.items():
        assert numpy.max(numpy.abs(gradient - theirs.gradients[name])) <= TOLERANCE, name
    assert max(numpy.max(numpy.abs(g)) for g in ours.gradients.values()) > 1e-3  # not vacuous
    numpy.testing.assert_allclose(theirs.state_gradient_norms, ours.state_gradient_norms,
                                  rtol=TOLERANCE, atol=1e-300)


def test_a_changed_weight_is_seen_so_the_comparison_can_fail() -> None:
    cell, parameters, task, batch = _case("order", "antisymmetric-0.1")
    ours = bptt.backpropagate(cell, parameters, task, batch)
    moved = {**parameters, "W": parameters["W"] + 1e-6 * numpy.triu(numpy.ones_like(
        parameters["W"]), 1)}
    theirs = torch_backend.backpropagate(cell, moved, task, batch)
    assert numpy.max(numpy.abs(ours.gradients["W"] - theirs.gradients["W"])) > TOLERANCE


def test_the_antisymmetric_rnn_at_128_units_has_the_papers_10k_parameters() -> None:
    # MNIST pixel by pixel: one input, ten classes. W as its triangle: 128·127/2 = 8,128.
    plain = torch_backend.parameter_count(Antisymmetric(0.01, 0.01), 128, 1, 10)
    gated = torch_backend.parameter_count(Antisymmetric(0.01, 0.01, gated=True), 128, 1, 10)
    assert plain == 8128 + 128 + 128 + 1280 + 10 == 9674
    assert gated == plain + 256
    for count in (plain, gated):
        assert round(count, -3) == 10_000  # the paper's "10k"
    assert torch_backend.parameter_count(Vanilla(), 128, 1, 10) == 128 * 128 + 128 + 128 + 1290


def test_a_torch_run_follows_the_numpy_run_through_the_same_loop() -> None:
    run = Run("copy", 10, parse_arm("antisymmetric-gated-0.1"), 1,
              Settings(hidden=8, batch=4, updates=20, record_every=10, snapshots=2,
                       test_size=16, probe_size=4))
    ours, theirs = train(run), train(run, torch_backend.engine("cpu"))
    assert theirs.keys() == ours.keys()
    for name in ("train_loss", "test_loss", "gradient_norm"):
        numpy.testing.assert_allclose(
            [numpy.nan if v is None else v for v in theirs["curve"][name]],
            [numpy.nan if v is None else v for v in ours["curve"][name]], rtol=1e-5)
    assert theirs["end"]["singular_values"] == pytest.approx(ours["end"]["singular_values"],
                                                             rel=1e-5)


def test_a_torch_sweep_runs_from_the_command_line_keyed_by_the_backends_code(
        tmp_path, monkeypatch) -> None:
    from experiments import sweep

    monkeypatch.setattr(cli, "run_sweep", functools.partial(sweep.run_sweep,
                                                            partial_root=tmp_path / "saved"))
    output = tmp_path / "torch.json"
    assert cli.main(["run", "--backend", "torch", "--tasks", "copy", "--lengths", "10",
                     "--arms", "antisymmetric-0.1", "--seeds", "1", "--hidden", "6",
                     "--batch", "4", "--updates", "4", "--record-every", "2", "--snapshots", "2",
                     "--test-size", "8", "--probe-size", "4", "--jobs", "1",
                     "--output", str(output)]) == 0
    written = json.loads(output.read_text())
    assert [run["arm"] for run in written["runs"]] == ["antisymmetric-0.1"]
    code = {path.name for path in sweep.code(torch_backend.engine("cpu"))}
    assert "torch_backend.py" in code and "torch_backend.py" not in {
        path.name for path in sweep.code()}


@pytest.mark.parametrize("arguments, option", [
    (["--backend", "jax"], "--backend"), (["--device", "cuda"], "--device"),
    (["--backend", "torch", "--device", "tpu"], "--device"),
])
def test_a_bad_backend_option_is_one_line_naming_it(arguments, option, capsys,
                                                    monkeypatch) -> None:
    monkeypatch.setattr(cli, "run_sweep", lambda *a, **k: pytest.fail("trained anyway"))
    assert cli.main(["run", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith(f"python -m experiments: {option}: ")


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a CUDA device")
def test_cuda_without_a_gpu_is_one_line(capsys, monkeypatch) -> None:
    monkeypatch.setattr(cli, "run_sweep", lambda *a, **k: pytest.fail("trained anyway"))
    assert cli.main(["run", "--backend", "torch", "--device", "cuda"]) == 2
    assert capsys.readouterr().err.startswith("python -m experiments: --device: no CUDA device")
