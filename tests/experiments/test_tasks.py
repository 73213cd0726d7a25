"""The tasks: reproducible from a seed, answers that really follow from the inputs (decoded here
independently), markers where the task says, and the stated chance levels."""

from __future__ import annotations

import numpy
import pytest

from experiments.tasks import COPY_LENGTH, TASKS, task


@pytest.mark.parametrize("name", [  # building a data set takes seconds: those are slow
    pytest.param(name, marks=pytest.mark.slow) if TASKS[name].data else name for name in TASKS])
def test_a_seed_fixes_the_batch(name: str) -> None:
    length = TASKS[name].lengths((30,))[0]  # a real-data task has its data's length
    first = TASKS[name].sample(length, 8, numpy.random.default_rng(11))
    again = TASKS[name].sample(length, 8, numpy.random.default_rng(11))
    other = TASKS[name].sample(length, 8, numpy.random.default_rng(12))
    assert numpy.array_equal(first.inputs, again.inputs)
    assert numpy.array_equal(first.targets, again.targets)
    assert not numpy.array_equal(first.inputs, other.inputs)


def test_adding_answer_is_the_sum_of_the_marked_values() -> None:
    batch = TASKS["adding"].sample(40, 500, numpy.random.default_rng(1))
    values, markers = batch.inputs[..., 0], batch.inputs[..., 1]
    assert numpy.all(markers.sum(axis=0) == 2)
    assert numpy.all(markers[:20].sum(axis=0) == 1)  # one marker in each half
    numpy.testing.assert_allclose(batch.targets[0], (values * markers).sum(axis=0), rtol=1e-15)
    assert batch.output_steps == (40,)


def test_adding_chance_level_is_the_variance_of_the_sum() -> None:
    batch = TASKS["adding"].sample(10, 200_000, numpy.random.default_rng(2))
    assert abs(numpy.mean((batch.targets - 1.0) ** 2) - TASKS["adding"].chance) < 0.002


def test_temporal_order_class_is_the_order_of_x_and_y() -> None:
    length = 60
    batch = TASKS["order"].sample(length, 300, numpy.random.default_rng(3))
    symbols = batch.inputs.argmax(axis=-1)
    assert numpy.all(batch.inputs.sum(axis=-1) == 1)
    for column in range(300):
        positions = numpy.flatnonzero(symbols[:, column] < 2)
        assert len(positions) == 2
        assert 6 <= positions[0] < 12 and 30 <= positions[1] < 36  # 10–20 % and 50–60 %
        first, second = symbols[positions, column]
        assert batch.targets[0, column] == 2 * first + second
    assert sorted(set(batch.targets[0].tolist())) == [0, 1, 2, 3]


def test_copy_targets_are_the_first_symbols_recalled_after_the_marker() -> None:
    length = 20
    batch = TASKS["copy"].sample(length, 50, numpy.random.default_rng(4))
    symbols = batch.inputs.argmax(axis=-1)
    assert numpy.array_equal(symbols[:COPY_LENGTH], batch.targets)
    assert numpy.all(symbols[length - COPY_LENGTH - 1] == 5)  # "now recall"
    assert batch.output_steps == (18, 19, 20)
    assert numpy.all(symbols[COPY_LENGTH:length - COPY_LENGTH - 1] == 4)  # blanks


def test_success_thresholds_point_the_right_way() -> None:
    assert TASKS["adding"].succeeded(0.01) and not TASKS["adding"].succeeded(0.1)
    assert TASKS["order"].succeeded(0.95) and not TASKS["order"].succeeded(0.5)
    assert not TASKS["order"].succeeded(None)  # a diverged run never succeeds


def test_bad_names_and_lengths_are_refused_with_the_argument_named() -> None:
    with pytest.raises(ValueError, match="task: expected one of adding, order, copy, digits"):
        task("xor")
    with pytest.raises(ValueError, match="length: order needs at least 10"):
        TASKS["order"].sample(5, 1, numpy.random.default_rng(0))
