"""The built site, served on 127.0.0.1, and a headless Debian Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from sitebuild.paths import BUILD
from sitebuild.serve import make_server

SITE = BUILD / "site"
CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium phones home at start, which a closed network
# turns into failed requests that are not the site's.
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]


def built_pages() -> list[str]:
    """Every page of the built site, as a path relative to its root."""
    if not (SITE / "index.html").exists():
        return []
    return sorted(p.relative_to(SITE).as_posix() for p in SITE.glob("*.html")
                  if p.name != "404.html")


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        pytest.fail("no built site in build/site: run `make site` (make test does) first")
    os.environ["COMPANION_SERVE_QUIET"] = "1"
    server = make_server(str(SITE), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: install the Debian package chromium (make test does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()
