"""The PyTorch backend's tests run wherever `make test` runs, not only on a machine that has torch.

The project's environment has no PyTorch (the registry's Linux wheel pulls about 4 GB of CUDA
libraries), so `tests/experiments/test_torch_backend.py` skips there. `make test` makes
`.venv-torch` (tools/setup.sh, ``WITH_TORCH=1``: Debian's CPU build of PyTorch), and this test runs
that module inside it: every test in it must pass, none skipped for want of torch."""

from __future__ import annotations

import os
import subprocess
from xml.etree import ElementTree

import pytest

from foundation.paths import ROOT

TORCH_PYTHON = ROOT / ".venv-torch" / "bin" / "python"
MODULE = "tests/experiments/test_torch_backend.py"


@pytest.mark.slow
def test_the_torch_backend_tests_pass_under_pytorch(tmp_path) -> None:
    if not TORCH_PYTHON.exists():
        pytest.skip("no .venv-torch: `WITH_TORCH=1 bash tools/setup.sh` makes it (make test does)")
    report = tmp_path / "torch.xml"
    environment = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [str(TORCH_PYTHON), "-m", "pytest", MODULE, "-q", "-n", "0", "-p", "no:cacheprovider",
         f"--junitxml={report}"],
        cwd=ROOT, capture_output=True, text=True, timeout=900, env=environment)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    suite = ElementTree.parse(report).getroot()
    suite = suite.find("testsuite") if suite.tag == "testsuites" else suite
    counts = {key: int(suite.get(key)) for key in ("tests", "failures", "errors", "skipped")}
    # 12 comparisons, 2 at the paper's scale, the perturbation, the parameter count, the loop,
    # a sweep from the command line, 3 option errors, CUDA.
    assert counts == {"tests": 22, "failures": 0, "errors": 0, "skipped": 0}, counts
