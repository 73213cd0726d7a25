"""``benchmarks/robustness.py`` runs and its verdicts mean something: the library's Binet
functions, whose 10¹²-bit call used to abort the interpreter, pass every probe, so do the edge
probes of two functions issue 24 found wrong, and a library copy that answers a bad call is
caught doing so."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from sitebuild.paths import ROOT


def probe(*arguments: str) -> str:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks/robustness.py"), *arguments],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.slow
def test_every_binet_probe_ends_cleanly():
    output = probe("--only", "fibonacci.binet")
    assert re.search(r"clean (\d+)  hang 0  wrong 0  refused 0  raw 0", output), output


@pytest.mark.slow
@pytest.mark.parametrize("function", ["init.householder_haar", "dynamics.vanilla_step"])
def test_every_edge_probe_ends_cleanly(function):
    # Issue 24's edges: big-endian Gaussians gave a non-orthogonal Q; a masked array's mask
    # was ignored; W h of ±1e308 gave tanh of the wrong infinity.
    output = probe("--edges", "--only", function)
    assert re.search(r"clean (\d+)  hang 0  wrong 0  refused 0  raw 0", output), output


@pytest.mark.slow  # three 5-second hangs
def test_a_library_that_accepts_bad_input_is_caught(tmp_path):
    shutil.copytree(ROOT / "derivations", tmp_path / "derivations",
                    ignore=shutil.ignore_patterns("engine", "ch*", "__pycache__"))
    fibonacci = tmp_path / "derivations" / "fibonacci.py"
    source = fibonacci.read_text()
    broken = source.replace('n = arguments.integer("n", n, -MAX_INDEX, MAX_INDEX)',
                            "n = int(n)")  # floats and bools pass, huge n is not refused
    assert broken != source
    fibonacci.write_text(broken)
    output = probe("--only", "fibonacci.fib", "--library", str(tmp_path), "--timeout", "5",
                   "--show", "wrong", "hang")
    assert re.search(r"wrong [1-9]", output) and "[wrong] fibonacci.fib(n=True)" in output
    assert "[hang] fibonacci.fib(n=10**12)" in output
