"""The tests that need PyTorch run wherever `make test` runs, not only on a machine with torch.

The project's environment has no PyTorch (the registry's Linux wheel pulls about 4 GB of CUDA
libraries), so they skip there. `make test` makes `.venv-torch` (tools/setup.sh, ``WITH_TORCH=1``:
Debian's CPU build of PyTorch), and this test runs them inside it: every one must pass, none
skipped for want of torch."""

from __future__ import annotations

import os
import subprocess
from xml.etree import ElementTree

import pytest

from foundation.paths import ROOT

TORCH_PYTHON = ROOT / ".venv-torch" / "bin" / "python"
# Every test that needs torch: the backend's module, and the initialiser's comparisons with
# torch.nn.init (tests/library/test_init.py).
NEEDING_TORCH = ("tests/experiments/test_torch_backend.py",
                 "tests/library/test_init.py::test_torch_agrees_on_shapes_identity_and_dirac",
                 "tests/library/test_init.py::test_torch_orthogonal_has_the_same_properties")


@pytest.mark.slow
def test_the_torch_backend_tests_pass_under_pytorch(tmp_path) -> None:
    if not TORCH_PYTHON.exists():
        pytest.skip("no .venv-torch: `WITH_TORCH=1 bash tools/setup.sh` makes it (make test does)")
    report = tmp_path / "torch.xml"
    environment = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [str(TORCH_PYTHON), "-m", "pytest", *NEEDING_TORCH, "-q", "-n", "0", "-p",
         "no:cacheprovider", f"--junitxml={report}"],
        cwd=ROOT, capture_output=True, text=True, timeout=900, env=environment)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    suite = ElementTree.parse(report).getroot()
    suite = suite.find("testsuite") if suite.tag == "testsuites" else suite
    counts = {key: int(suite.get(key)) for key in ("tests", "failures", "errors", "skipped")}
    # The backend's 12 comparisons, 2 at the paper's scale, the perturbation, the parameter
    # count, the loop, a sweep from the command line, 3 option errors, CUDA; the initialiser's 2.
    assert counts == {"tests": 24, "failures": 0, "errors": 0, "skipped": 0}, counts
