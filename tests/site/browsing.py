"""Opening a page of a served site in a fresh browser context, and logging what went wrong."""

from __future__ import annotations

from dataclasses import dataclass, field

from sitebuild.browser import weight_without_video
from tests.site.probes import TYPESET


@dataclass
class PageLog:
    """Everything a page did that a reader would not want: errors and outside requests."""

    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    third_party: list[str] = field(default_factory=list)
    bytes_without_video: int = 0

    def weigh(self, request) -> None:
        """Add a finished request to the page's weight (videos excluded, see sitebuild.browser)."""
        self.bytes_without_video += weight_without_video(request)


def benign_abort(request) -> bool:
    """A video with preload="metadata" is aborted once its metadata arrived: not a failure."""
    return request.resource_type == "media" and request.failure == "net::ERR_ABORTED"


def open_page(browser, site_url: str, path: str, width: int = 1280, settle: str = "load",
              scheme: str = "light"):
    """Open ``path`` at ``width`` in the ``scheme`` ("light" or "dark"), wait until its math is
    typeset; ``settle="networkidle"`` also waits until no request is left running."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    log = PageLog()
    page.on("console", lambda m: m.type == "error" and log.console_errors.append(m.text))
    page.on("pageerror", lambda e: log.console_errors.append(str(e)))
    page.on("requestfailed", lambda r: benign_abort(r) or log.failed.append(f"{r.url} {r.failure}"))
    page.on("response", lambda r: r.status >= 400 and log.failed.append(f"{r.url} {r.status}"))
    page.on("requestfinished", lambda r: log.weigh(r))
    page.on("request", lambda r: r.url.startswith((site_url, "data:", "blob:"))
            or log.third_party.append(r.url))
    page.goto(f"{site_url}/{path}", wait_until=settle)
    page.wait_for_function(TYPESET)
    return context, page, log
