"""The foundation beneath every layer: atomic writes, defensive reads, the cache, the import
closure that keys caches, and the command-line base."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import pytest

from foundation import files, provenance, store
from foundation.cli import Parser, port_number, positive_integer
from foundation.paths import ROOT


def test_an_atomic_write_replaces_whole_and_leaves_nothing_behind(tmp_path):
    target = tmp_path / "kept.json"
    files.write_atomically(target, "old")
    files.write_atomically(target, b"new")
    assert target.read_bytes() == b"new" and sorted(tmp_path.iterdir()) == [target]
    with pytest.raises(TypeError, match="data: expected bytes or text"):
        files.write_atomically(target, 42)  # type: ignore[arg-type]
    assert target.read_bytes() == b"new" and sorted(tmp_path.iterdir()) == [target]
    assert oct(target.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.parametrize("text", ["", "[]", "null", '{"digest": 3}', '{"digest": "a"',
                                  "\x00\x01binary"])
def test_a_damaged_file_reads_as_nothing(tmp_path, text):
    path = tmp_path / "entry.json"
    path.write_text(text)
    assert files.read_json_object(path, {"digest": str, "value": list}) is None


def test_the_cache_recomputes_a_damaged_or_stale_entry_and_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(store, "CACHE", tmp_path)
    calls = []

    def compute():
        calls.append(1)
        return {"n": len(calls)}

    assert store.load_or_compute("t", "d1", compute) == {"n": 1}
    assert store.load_or_compute("t", "d1", compute) == {"n": 1}  # kept
    assert store.load_or_compute("t", "d2", compute) == {"n": 2}  # stale: another digest
    (tmp_path / "t.json").write_text('{"digest": "d2", "val')  # truncated
    assert store.load_or_compute("t", "d2", compute) == {"n": 3}
    assert "unreadable; recomputed" in capsys.readouterr().err
    assert json.loads((tmp_path / "t.json").read_text())["value"] == {"n": 3}


def test_the_sweeps_cache_key_covers_every_module_on_its_path():
    """Editing any module the training imports, directly or not, invalidates saved runs: the
    input checks of derivations/arguments.py were once left out of a hand-made list."""
    from experiments import sweep

    names = {path.relative_to(ROOT).as_posix() for path in sweep.code()}
    assert {"derivations/arguments.py", "derivations/init.py", "derivations/bptt.py",
            "experiments/training.py", "experiments/sweep.py",
            "foundation/provenance.py"} <= names


def test_another_engines_saved_runs_depend_on_its_own_module():
    """The PyTorch engine is imported only when asked for, so following the sweep's imports
    does not find it; its runs' key must still cover it (and NumPy's must not change). Here an
    engine whose code lives in a module the sweep does not import stands in for it."""
    from experiments import analysis, sweep
    from experiments.training import NUMPY, Engine

    function = next(value for value in vars(analysis).values()
                    if callable(value) and getattr(value, "__module__", "") == analysis.__name__)
    other = Engine("stand-in", function, NUMPY.outputs, analysis.__name__)
    numpy_names = {path.relative_to(ROOT).as_posix() for path in sweep.code(NUMPY)}
    other_names = {path.relative_to(ROOT).as_posix() for path in sweep.code(other)}
    assert "experiments/analysis.py" in other_names - numpy_names
    assert numpy_names <= other_names
    assert sweep.code_digest(other) != sweep.code_digest(NUMPY)


def test_editing_a_module_on_the_path_changes_the_digest(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "top.py").write_text("from pkg import middle\n")
    (package / "middle.py").write_text("import pkg.bottom\n")
    (package / "bottom.py").write_text("VALUE = 1\n")
    (package / "unrelated.py").write_text("VALUE = 1\n")
    paths = provenance.closure("pkg.top", ("pkg",), root=tmp_path)
    assert [p.name for p in paths] == ["__init__.py", "bottom.py", "middle.py", "top.py"]
    before = provenance.digest(paths, "setting", root=tmp_path)
    (package / "unrelated.py").write_text("VALUE = 2\n")
    assert provenance.digest(paths, "setting", root=tmp_path) == before
    (package / "bottom.py").write_text("VALUE = 2\n")
    assert provenance.digest(paths, "setting", root=tmp_path) != before
    assert provenance.digest(paths, "other setting", root=tmp_path) != before


def test_usage_errors_are_one_line_with_exit_code_two(capsys):
    parser = Parser(prog="tool")
    parser.add_argument("--jobs", type=positive_integer)
    parser.add_argument("--port", type=port_number)
    for argv in (["--jobs", "0"], ["--port", "99999"], ["--port", "x"], ["--speed", "3"]):
        with pytest.raises(SystemExit) as stop:
            parser.parse_args(argv)
        assert stop.value.code == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and error.startswith("tool: "), error
    with pytest.raises(argparse.ArgumentTypeError, match="0 to 65535"):
        port_number("65536")
    assert port_number("0") == 0 and positive_integer("3") == 3


def test_a_worker_dies_with_its_parent_even_a_killed_one(tmp_path):
    """The parent forks a worker that asks to die with it, then is killed with SIGKILL, which
    no handler of its own can catch: the worker must not outlive it."""
    import signal
    import subprocess
    import sys
    import time

    marker = tmp_path / "worker.pid"
    script = f"""
import os, time
from foundation.processes import die_with_parent
if os.fork() == 0:
    die_with_parent()
    open({str(marker)!r}, "w").write(str(os.getpid()))
    time.sleep(60)
    os._exit(0)
time.sleep(60)
"""
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT)
    for _ in range(100):
        if marker.exists() and marker.read_text():
            break
        time.sleep(0.05)
    worker = int(marker.read_text())
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=5)
    for _ in range(40):
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        if Path(f"/proc/{worker}/stat").read_text().split()[2] == "Z":
            return  # exited, waiting only to be reaped by init
        time.sleep(0.05)
    os.kill(worker, signal.SIGKILL)
    pytest.fail("the worker outlived its killed parent by 2 s")
