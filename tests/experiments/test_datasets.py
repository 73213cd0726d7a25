"""The real-data tasks: the pixels read in order (or in one fixed permutation), MNIST-1D built by
its generator and never downloaded, training batches drawn from the training split only and
tests on the held-out split only, and one-line errors for what cannot run."""

from __future__ import annotations

import numpy
import pytest

from experiments import __main__ as cli
from experiments import datasets
from experiments.config import REAL, Sweep, parse_arm
from experiments.datasets import DATA_SETS, DataSet
from experiments.initialisers import snap
from experiments.tasks import TASKS


def _rows(array: numpy.ndarray) -> set[bytes]:
    return {row.tobytes() for row in array}


def test_digits_are_read_pixel_by_pixel_in_reading_order() -> None:
    from sklearn.datasets import load_digits

    images = load_digits().images / 16.0
    training, held_out = DATA_SETS["digits"].splits()
    assert training.sequences.shape == (1500, 64) and held_out.sequences.shape == (297, 64)
    # Every sequence is some digit's 8 × 8 image read row by row, left to right.
    assert _rows(held_out.sequences) <= _rows(images.reshape(-1, 64))
    first = held_out.sequences[0].reshape(8, 8)
    assert any(numpy.array_equal(first, image) for image in images)
    assert len(training.labels) + len(held_out.labels) == len(images)


def test_the_permuted_digits_are_one_fixed_shuffle_of_the_same_pixels() -> None:
    ordered, _ = DATA_SETS["digits"].splits()
    permuted, _ = DATA_SETS["digits-permuted"].splits()
    order = numpy.random.default_rng(datasets.PERMUTATION_SEED).permutation(64)
    assert not numpy.array_equal(order, numpy.arange(64))
    assert numpy.array_equal(permuted.sequences, ordered.sequences[:, order])
    assert numpy.array_equal(permuted.labels, ordered.labels)


@pytest.mark.slow
def test_mnist1d_comes_from_its_generator_and_is_never_downloaded(monkeypatch) -> None:
    import mnist1d.data
    import requests

    def refuse(*arguments, **keywords):
        raise AssertionError("MNIST-1D tried to download")

    monkeypatch.setattr(requests, "get", refuse)
    monkeypatch.setattr(mnist1d.data, "get_dataset", refuse)
    datasets._built.cache_clear()
    training, held_out = DATA_SETS["mnist1d"].splits()
    assert training.sequences.shape == (4000, 40) and held_out.sequences.shape == (1000, 40)
    assert set(held_out.labels.tolist()) == set(range(10))
    assert numpy.all(training.sequences == snap(training.sequences))  # on the grid
    shuffled, _ = DATA_SETS["mnist1d-shuffled"].splits()
    assert numpy.array_equal(shuffled.labels, training.labels)  # the same sequences…
    numpy.testing.assert_allclose(numpy.sort(shuffled.sequences, axis=1),
                                  numpy.sort(training.sequences, axis=1), atol=1e-9)
    assert not numpy.allclose(shuffled.sequences, training.sequences)  # …positions moved


@pytest.mark.parametrize("name", ["digits", "mnist1d-shuffled"])
def test_training_batches_come_from_the_training_split_and_tests_from_the_held_out(name) -> None:
    task = TASKS[name]
    training, held_out = task.data.splits()
    batch = task.sample(task.data.steps, 64, numpy.random.default_rng(3))
    assert batch.inputs.shape == (task.data.steps, 64, 1) and batch.output_steps == (
        task.data.steps,)
    assert _rows(batch.inputs[..., 0].T) <= _rows(training.sequences)
    test = task.test_batch(task.data.steps, 10_000, numpy.random.default_rng(4))
    assert numpy.array_equal(test.inputs[..., 0].T, held_out.sequences)  # all of it, in order
    assert numpy.array_equal(test.targets[0], held_out.labels)
    with pytest.raises(ValueError, match=f"length: {name} has {task.data.steps} steps"):
        task.sample(100, 1, numpy.random.default_rng(0))


def test_a_real_data_task_runs_at_its_own_length_beside_the_synthetic_ones() -> None:
    sweep = Sweep("mixed", tasks=("order", "mnist1d"), lengths=(30, 60),
                  arms=(parse_arm("orthogonal"),), seeds=(0,))
    assert [(run.task, run.length) for run in sweep.runs()] == \
        [("order", 30), ("order", 60), ("mnist1d", 40)]
    assert {run.length for run in REAL.runs()} == {64, 40} and len(REAL.seeds) >= 5


def test_a_missing_data_package_is_one_line_naming_the_option(capsys, monkeypatch) -> None:
    monkeypatch.setattr(DataSet, "installed", lambda self: False)
    monkeypatch.setattr(cli, "run_sweep", lambda *a, **k: pytest.fail("trained anyway"))
    assert cli.main(["run", "--tasks", "digits"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("python -m experiments: --tasks: digits "
                                                       "needs the scikit-learn package")


@pytest.mark.parametrize("arguments, option", [
    (["--sweep", "huge"], "--sweep"), (["--quick", "--sweep", "real"], "--sweep")])
def test_a_bad_sweep_name_is_one_line(arguments, option, capsys) -> None:
    assert cli.main(["run", *arguments]) == 2
    assert capsys.readouterr().err.startswith(f"python -m experiments: {option}: ")


@pytest.mark.slow
def test_mlxtends_mnist_is_read_pixel_by_pixel() -> None:
    training, held_out = DATA_SETS["mnist"].splits()
    assert training.sequences.shape == (4000, 784) and held_out.sequences.shape == (1000, 784)
    assert training.sequences.min() >= 0.0 and training.sequences.max() == 1.0
