"""The built site and the specimen site, served on 127.0.0.1, and one headless Debian Chromium
driven by Playwright for every browser test."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from sitebuild import browser as site_browser
from sitebuild.paths import BUILD, ROOT

SITE = BUILD / "site"
ZENSICAL = Path(sys.executable).with_name("zensical")
# One id for every worker of this run (pytest-xdist shares it), else one for this process.
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex


def built_pages() -> list[str]:
    """Every page of the built site, as a path relative to its root."""
    if not (SITE / "index.html").exists():
        return []
    return sorted(p.relative_to(SITE).as_posix() for p in SITE.glob("*.html")
                  if p.name != "404.html")


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    try:
        with site_browser.served(SITE) as url:
            yield url
    except FileNotFoundError as missing:
        pytest.fail(f"{missing} (make test does)")


@pytest.fixture(scope="session")
def specimen_site():
    """The specimen site (tests/site/specimen.py), built once per test session."""
    from tests.site.specimen import build_specimen

    return build_specimen()


@pytest.fixture(scope="session")
def specimen_url(specimen_site) -> Iterator[str]:
    with site_browser.served(specimen_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        try:
            chromium = site_browser.launch(playwright)
        except FileNotFoundError as missing:
            pytest.fail(str(missing))
        yield chromium
        chromium.close()


def _run(*command: str) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-2000:]}{done.stderr[-3000:]}"


@pytest.fixture(scope="session")
def zensical_site() -> Path:
    """Zensical's build of the generated pages and of the Korean edition (``/ko/``), checked
    as `make zensical` checks them: built once per test run, whichever worker asks first (the
    others wait on a lock, then find this run's mark)."""
    if not ZENSICAL.exists() and not shutil.which("zensical"):
        pytest.skip('zensical is not installed (pip install -e ".[zensical]")')
    if not (SITE / "index.html").exists():
        pytest.fail("no MkDocs build in build/site (make site)")
    site = BUILD / "zensical-site"
    mark = BUILD / "zensical-site.run"
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / "zensical-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not mark.is_file() or mark.read_text() != RUN:
            mark.unlink(missing_ok=True)
            _run(sys.executable, "-m", "sitebuild", "generate")
            _run(str(ZENSICAL), "build", "-f", "zensical.yml")
            _run(str(ZENSICAL), "build", "-f", "build/zensical.ko.yml")
            _run(sys.executable, "-m", "sitebuild", "check", str(site))
            _run(sys.executable, "-m", "sitebuild", "check", str(site / "ko"))
            mark.write_text(RUN)
    return site
