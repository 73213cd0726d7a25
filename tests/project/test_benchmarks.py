"""The orthogonal-init benchmark runs and prints its figures (a smoke test, not a timing test)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from sitebuild.paths import ROOT


def run_benchmark(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/orthogonal_init.py"), *arguments],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )


@pytest.mark.slow
def test_orthogonal_init_benchmark_prints_medians_ratios_and_exponents(tmp_path):
    result = run_benchmark("--sizes", "256", "512", "--repeats", "1", "--no-rectangles",
                           "--settle", "0", "--only", "library", "numpy-qr",
                           "--dtypes", "float32", "--json", str(tmp_path / "out.json"))
    assert result.returncode == 0, result.stderr
    assert "ratio of medians to numpy-qr" in result.stdout
    row = re.compile(r"float32 512×512: library \d+\.\d{4}s \[[^]]+\] \(\d+\.\d\d×\)  "
                     r"numpy-qr \S+ \[[^]]+\] \(1\.00×\)")
    assert row.search(result.stdout), result.stdout
    assert re.search(r"growth exponent \(n ≥ 256\) library: -?\d+\.\d\d", result.stdout)
    written = json.loads((tmp_path / "out.json").read_text())
    assert written["baseline"] == "numpy-qr"
    assert [len(entry["samples"]["library"]) for entry in written["results"]] == [1, 1]


@pytest.mark.slow
def test_orthogonal_init_benchmark_needs_a_reference():
    result = run_benchmark("--sizes", "8", "--only", "library-svd")
    assert result.returncode == 2
    assert "--only: name at least one of library, numpy-qr, torch" in result.stderr
