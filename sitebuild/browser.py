"""The built site served on 127.0.0.1 and opened in headless Debian Chromium.

The site tests and ``benchmarks/site_weight.py`` open pages the same way and
weigh them the same way, so a page the benchmark reports is the page the
tests hold to the 1 MB budget.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from sitebuild.serve import make_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright, Request

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium phones home at start, which a closed network
# turns into failed requests that are not the site's.
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]


@contextmanager
def served(site: Path) -> Iterator[str]:
    """Serve ``site`` as ``make serve`` does (ranges, gzip) on a free port; yield its URL."""
    if not (site / "index.html").exists():
        raise FileNotFoundError(f"site: no built site in {site}; run `make site` first")
    os.environ["COMPANION_SERVE_QUIET"] = "1"
    server = make_server(str(site), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


def launch(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless (Playwright cannot download its own browsers here)."""
    if not CHROMIUM.exists():
        raise FileNotFoundError(f"{CHROMIUM} not found: install the Debian package chromium "
                                "(`WITH_BROWSER=1 tools/setup.sh`, which make test runs)")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)


def weight_without_video(request: Request) -> int:
    """Bytes a finished request transferred (after gzip, as served); videos weigh nothing here.

    Videos stream on demand and have their own budget, so a page's weight is
    everything else it loads: HTML, scripts, styles, fonts, posters, the search index.
    """
    return 0 if request.resource_type == "media" else request.sizes()["responseBodySize"]
