"""Dask distributed beside the standard pool: the same bits whichever trains a sweep, resuming
across the two, a lost worker's run retried rather than failed, and one-line errors."""

from __future__ import annotations

import functools
import io
import os
import sys
from pathlib import Path

import pytest

from experiments import __main__ as cli
from experiments.config import Run
from experiments.executors import Dask, Pool
from experiments.sweep import run_sweep
from tests.experiments.test_sweep import tiny_sweep


def _refuse(run: Run) -> tuple[dict, float]:
    raise AssertionError(f"{run.key} was trained again")


def _lose_the_worker_once(markers: Path, run: Run) -> tuple[dict, float]:
    """Kill the worker process the first time it starts the orthogonal arm's seed 0, as a
    machine lost mid-run would; train normally otherwise."""
    from experiments.sweep import _timed

    marker = markers / f"{run.key}.lost"
    if run.arm.key == "orthogonal" and run.seed == 0 and not marker.exists():
        marker.touch()
        os._exit(1)
    return _timed(run)


@pytest.mark.slow
def test_dask_and_the_pool_give_the_same_bits_and_the_same_progress(tmp_path) -> None:
    pool_stream, dask_stream = io.StringIO(), io.StringIO()
    by_pool = run_sweep(tiny_sweep(), partial_root=tmp_path / "pool", stream=pool_stream,
                        executor=Pool(2))
    by_dask = run_sweep(tiny_sweep(), partial_root=tmp_path / "dask", stream=dask_stream,
                        executor=Dask(2))
    assert by_dask["runs"] == by_pool["runs"]
    assert (by_pool["provenance"]["executor"], by_dask["provenance"]["executor"]) == \
        ("pool", "dask")
    for stream in (pool_stream, dask_stream):
        assert stream.getvalue().splitlines()[-1].startswith("[" + "#" * 30 + "] 4/4 runs")


@pytest.mark.slow
def test_a_worker_lost_mid_run_is_retried_not_recorded_as_a_failure(tmp_path) -> None:
    markers = tmp_path / "markers"
    markers.mkdir()
    expected = run_sweep(tiny_sweep(), partial_root=tmp_path / "pool", stream=io.StringIO(),
                         executor=Pool(1))
    results = run_sweep(tiny_sweep(), partial_root=tmp_path / "dask", stream=io.StringIO(),
                        executor=Dask(2),
                        trainer=functools.partial(_lose_the_worker_once, markers))
    assert list(markers.iterdir())  # a worker really was lost
    assert results["runs"] == expected["runs"]


def test_a_sweep_saved_by_the_pool_resumes_under_dask_without_a_cluster(tmp_path,
                                                                         monkeypatch) -> None:
    first = run_sweep(tiny_sweep(), jobs=1, partial_root=tmp_path, stream=io.StringIO())
    monkeypatch.setattr(Dask, "__enter__", lambda self: pytest.fail("started a cluster"))
    again = run_sweep(tiny_sweep(), partial_root=tmp_path, stream=io.StringIO(),
                      executor=Dask(2), trainer=_refuse)
    assert again["runs"] == first["runs"]


@pytest.mark.parametrize("arguments, option", [
    (["--executor", "spark"], "--executor"),
    (["--executor", "pool", "--scheduler", "tcp://127.0.0.1:8786"], "--scheduler"),
    (["--scheduler", "localhost 8786"], "--scheduler"),
])
def test_a_bad_executor_option_is_one_line_naming_it(arguments, option, capsys,
                                                     monkeypatch) -> None:
    monkeypatch.setattr(cli, "run_sweep", lambda *a, **k: pytest.fail("trained anyway"))
    assert cli.main(["run", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith(f"python -m experiments: {option}: ")


def test_dask_missing_is_one_line_saying_how_to_install_it(capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    assert cli.main(["run", "--executor", "dask"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and ".[dask]" in error and error.startswith(
        "python -m experiments: --executor: ")


@pytest.mark.slow
def test_a_scheduler_that_cannot_be_reached_is_named(capsys, tmp_path) -> None:
    assert cli.main(["run", "--quick", "--fresh", "--output", str(tmp_path / "results.json"),
                     "--scheduler", "tcp://127.0.0.1:9"]) == 2  # the discard port: nobody
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.startswith("python -m experiments: --scheduler: cannot reach")
