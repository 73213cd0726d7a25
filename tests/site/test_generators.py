"""Both generators build the complete site from mkdocs.yml: Zensical's build shows the same pages,
formulas, videos and published files as MkDocs' (`make compare` does the same from scratch)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild.compare import compare
from sitebuild.paths import BUILD, ROOT

ZENSICAL = Path(sys.executable).with_name("zensical")


@pytest.mark.slow
def test_zensical_builds_what_mkdocs_builds():
    if not ZENSICAL.exists() and not shutil.which("zensical"):
        pytest.skip('zensical is not installed (pip install -e ".[zensical]")')
    if not (BUILD / "site" / "index.html").exists():
        pytest.fail("no MkDocs build in build/site (make site)")
    subprocess.run([sys.executable, "-m", "sitebuild", "generate"], cwd=ROOT, check=True)
    subprocess.run([str(ZENSICAL), "build", "-f", "zensical.yml"], cwd=ROOT, check=True)
    checked = subprocess.run([sys.executable, "-m", "sitebuild", "check",
                              str(BUILD / "zensical-site")], cwd=ROOT, capture_output=True,
                             text=True)
    assert checked.returncode == 0, checked.stderr
    result = compare(BUILD / "site", BUILD / "zensical-site")
    assert result.same, "\n".join(result.lines("mkdocs", "zensical"))
    assert result.formulas > 1000 and result.videos > 10  # the real site, not an empty one
