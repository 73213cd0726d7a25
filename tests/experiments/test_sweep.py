"""The sweep command: one-line errors naming the option, parallel runs, resuming, diverged runs
recorded without stopping the sweep, and a results file with its provenance."""

from __future__ import annotations

import io
import json
import os
import time

import pytest

from experiments import __main__ as cli
from experiments.config import Run, Settings, Sweep, parse_arm
from experiments.sweep import Progress, read_results, run_sweep, write_results
from experiments.training import train

TINY = Settings(hidden=4, batch=2, updates=6, record_every=3, snapshots=1, test_size=4,
                probe_size=2)


def tiny_sweep(**settings) -> Sweep:
    return Sweep("tiny", tasks=("copy",), lengths=(8,),
                 arms=(parse_arm("orthogonal"), parse_arm("gaussian-3")), seeds=(0, 1),
                 settings=Settings(**{**TINY.__dict__, **settings}))


@pytest.mark.parametrize("arguments, option", [
    (["--hidden", "0"], "--hidden"), (["--learning-rate", "nan"], "--learning-rate"),
    (["--tasks", "xor"], "--tasks"), (["--arms", "gaussian--1"], "--arms"),
    (["--arms", "spectral"], "--arms"), (["--lengths", "5"], "--lengths"),
    (["--momentum", "1"], "--momentum"), (["--seeds", "0"], "--seeds"),
    (["--jobs", "0"], "--jobs"), (["--clip", "-1"], "--clip"), (["--batch", "two"], "--batch"),
    (["--updates", "1.5"], "--updates"),
])
def test_a_bad_option_is_one_line_naming_it(arguments, option, capsys) -> None:
    assert cli.main(["run", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith(f"python -m experiments: {option}: ")


def test_an_unknown_option_is_one_line_too(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["run", "--speed", "3"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def _refuse(run: Run) -> tuple[dict, float]:
    raise AssertionError(f"{run.key} was trained again")


def _with_pid(run: Run) -> tuple[dict, float]:
    time.sleep(0.3)
    return {**train(run), "pid": os.getpid()}, 0.3


@pytest.mark.slow
def test_runs_go_in_parallel_then_resume_without_training_again(tmp_path) -> None:
    sweep = tiny_sweep()
    first = run_sweep(sweep, jobs=2, partial_root=tmp_path, stream=io.StringIO(),
                      trainer=_with_pid)
    assert len({run["pid"] for run in first["runs"]}) == 2
    again = run_sweep(sweep, jobs=2, partial_root=tmp_path, stream=io.StringIO(),
                      trainer=_refuse)
    assert again["runs"] == first["runs"]
    assert [(r["arm"], r["seed"]) for r in again["runs"]] == \
        [(run.arm.key, run.seed) for run in sweep.runs()]


def test_a_damaged_or_stale_saved_run_is_trained_again(tmp_path) -> None:
    sweep = tiny_sweep()
    run_sweep(sweep, jobs=1, partial_root=tmp_path, stream=io.StringIO())
    saved = sorted((tmp_path / "tiny").glob("*.json"))
    saved[0].write_text("{ cut short")
    with pytest.raises(AssertionError, match="was trained again"):
        run_sweep(sweep, jobs=1, partial_root=tmp_path, stream=io.StringIO(), trainer=_refuse)
    changed = tiny_sweep(learning_rate=0.02)  # other settings: nothing saved may be reused
    with pytest.raises(AssertionError, match="was trained again"):
        run_sweep(changed, jobs=1, partial_root=tmp_path, stream=io.StringIO(), trainer=_refuse)


def test_diverging_runs_are_recorded_and_the_sweep_finishes(tmp_path) -> None:
    results = run_sweep(tiny_sweep(learning_rate=1e308), jobs=2, partial_root=tmp_path,
                        stream=io.StringIO())  # momentum carries the weights past 1.8e308
    assert all(run["diverged_at"] is not None for run in results["runs"])


def test_the_results_file_carries_its_provenance(tmp_path) -> None:
    results = run_sweep(tiny_sweep(), jobs=1, partial_root=tmp_path, stream=io.StringIO())
    path = tmp_path / "results.json"
    write_results(results, path)
    assert read_results(path) == json.loads(json.dumps(results))
    provenance = read_results(path)["provenance"]
    assert provenance["sweep"]["seeds"] == [0, 1]
    assert provenance["sweep"]["settings"]["learning_rate"] == 0.01
    assert set(provenance["library"]) == {"experiments", "package", "code_digest"}
    assert provenance["numpy"] and provenance["python"]
    lines = path.read_text().splitlines()
    assert sum(line.startswith('{"task"') for line in lines) == 4  # one run per line


def test_progress_reports_each_tenth_off_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress(20, stream)
    progress.show()
    for _ in range(20):
        progress.advance()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11 and lines[-1].startswith("[" + "#" * 30 + "] 20/20 runs")
    assert "left" in lines[5]


@pytest.mark.parametrize("arguments, option", [
    (["run", "--jobs", "1,2"], "--jobs"), (["run", "--seeds", "1,2"], "--seeds"),
    (["run", "--hidden", "100000"], "--hidden"), (["run", "--output", "/"], "--output"),
    (["run", "--output", "/proc/no/such/results.json"], "--output"),
    (["summary", "/etc/hostname"], "file"),
])
def test_misuse_is_refused_in_one_line_before_any_training(arguments, option, capsys,
                                                            monkeypatch) -> None:
    monkeypatch.setattr(cli, "run_sweep", lambda *a, **k: pytest.fail("trained anyway"))
    assert cli.main(arguments) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith(f"python -m experiments: {option}"), error


def test_the_same_results_leave_the_file_as_it_is(tmp_path) -> None:
    """Re-running a sweep whose runs equal the file's leaves the file byte for byte (a new
    timestamp or timing is no change); different runs replace it."""
    results = run_sweep(tiny_sweep(), jobs=1, partial_root=tmp_path, stream=io.StringIO())
    path = tmp_path / "results.json"
    assert write_results(results, path)
    before = path.read_bytes()
    again = json.loads(json.dumps(results))
    again["provenance"]["created"] = "2099-01-01T00:00:00+00:00"
    again["provenance"]["wall_seconds"] += 7
    assert not write_results(again, path)
    assert path.read_bytes() == before
    again["runs"][0]["seed"] = 99
    assert write_results(again, path)
    assert path.read_bytes() != before
