"""A training run: reproducible, paired across arms, clipped as chapter 3 says, measured as the
issue asks, and recorded as diverged (never raising) when its numbers stop being finite."""

from __future__ import annotations

import numpy
import pytest

from experiments import bptt
from experiments.config import Run, Settings, parse_arm
from experiments.models import Vanilla
from experiments.tasks import TASKS
from experiments.training import initial_parameters, momentum_step, snapshot_updates, train

TINY = Settings(hidden=6, batch=4, updates=40, record_every=10, snapshots=2, test_size=12,
                probe_size=4)


def tiny_run(arm: str = "orthogonal", **changes) -> Run:
    settings = Settings(**{**TINY.__dict__, **changes})
    return Run("order", 12, parse_arm(arm), 1, settings)


def test_a_run_is_reproducible() -> None:
    assert train(tiny_run()) == train(tiny_run())


def test_a_record_holds_every_measurement() -> None:
    record = train(tiny_run())
    assert record["curve"]["update"] == [0, 10, 20, 30, 40]
    assert list(record["profiles"]) == ["0", "20", "40"] == [str(u) for u in
                                                             snapshot_updates(tiny_run())]
    assert len(record["profiles"]["0"]["gradient_norms"]) == 13  # k = 0 … T
    assert "bound" in record["profiles"]["0"] and "bound" in record["profiles"]["40"]
    assert len(record["start"]["singular_values"]) == len(record["end"]["singular_values"]) == 6
    assert record["final_metric"] == record["curve"]["test_metric"][-1]
    assert record["success"] == (record["final_metric"] >= TASKS["order"].threshold)


def test_an_orthogonal_start_has_every_singular_value_one() -> None:
    start = train(tiny_run(updates=1, record_every=1, snapshots=1))["start"]
    assert max(abs(s - 1) for s in start["singular_values"]) < 1e-6  # six digits are stored
    assert start["eta"] == 1.0


def test_the_stored_gradient_norms_respect_chapter_3s_bound() -> None:
    for arm in ("gaussian-0.5", "gaussian-3", "orthogonal", "antisymmetric-0.1"):
        record = train(tiny_run(arm))
        for update in ("0", "40"):
            profile = record["profiles"][update]
            for norm, bound in zip(profile["gradient_norms"], profile["bound"], strict=True):
                assert norm <= bound * (1 + 2e-6)  # both rounded to six significant digits


def test_every_vanilla_arm_starts_from_the_same_input_and_readout_weights() -> None:
    task = TASKS["order"]
    starts = [initial_parameters(tiny_run(arm), Vanilla(), task, numpy.random.default_rng([1, 0]))
              for arm in ("gaussian-1", "orthogonal", "rotation", "identity")]
    for parameters in starts[1:]:
        for name in ("W_in", "V"):
            assert numpy.array_equal(parameters[name], starts[0][name])
    assert not numpy.array_equal(starts[0]["W"], starts[1]["W"])


def test_the_momentum_step_clips_then_accumulates() -> None:
    settings = Settings(learning_rate=0.1, momentum=0.5, clip=1.0)
    parameters = {"w": numpy.array([1.0, 1.0])}
    velocity = {"w": numpy.zeros(2)}
    norm = momentum_step(parameters, velocity, numpy.array([3.0, 4.0]), settings)
    assert norm == 5.0
    numpy.testing.assert_allclose(velocity["w"], [-0.06, -0.08])  # −α·(3, 4)/5
    numpy.testing.assert_allclose(parameters["w"], [0.94, 0.92])
    momentum_step(parameters, velocity, numpy.array([0.3, 0.0]), settings)  # not clipped
    numpy.testing.assert_allclose(velocity["w"], [-0.03 - 0.03, -0.04])
    numpy.testing.assert_allclose(parameters["w"], [0.88, 0.88])


def test_a_diverging_run_is_recorded_and_does_not_raise() -> None:
    record = train(tiny_run(learning_rate=1e308))  # momentum then carries the weights to inf
    assert record["diverged_at"] is not None and record["diverged_at"] <= 40
    assert record["success"] is False and record["final_metric"] is None
    assert record["end"] is None


def test_backpropagation_reports_norms_only_when_asked() -> None:
    task = TASKS["order"]
    cell = Vanilla()
    parameters = initial_parameters(tiny_run(), cell, task, numpy.random.default_rng(0))
    batch = task.sample(12, 3, numpy.random.default_rng(1))
    quiet = bptt.backpropagate(cell, parameters, task, batch)
    measured = bptt.backpropagate(cell, parameters, task, batch, measure=True)
    assert not quiet.state_gradient_norms.any() and measured.state_gradient_norms.all()
    for name in parameters:
        assert numpy.array_equal(quiet.gradients[name], measured.gradients[name])


@pytest.mark.parametrize("changes, option", [
    ({"hidden": 0}, "--hidden"), ({"learning_rate": float("nan")}, "--learning-rate"),
    ({"clip": -1.0}, "--clip"), ({"momentum": 1.0}, "--momentum"),
    ({"euler_step": float("inf")}, "--euler-step"), ({"probe_size": 500}, "--probe-size"),
    ({"updates": 700, "snapshots": 5}, "--snapshots"),
])
def test_bad_settings_name_their_option(changes: dict, option: str) -> None:
    with pytest.raises(ValueError, match=f"^{option}: expected"):
        Settings(**changes)
