"""The built site and the specimen site, served on 127.0.0.1, and one headless Debian Chromium
driven by Playwright for every browser test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import sync_playwright

from sitebuild import browser as site_browser
from sitebuild.paths import BUILD

SITE = BUILD / "site"


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
