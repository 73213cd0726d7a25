"""Both generators build the complete site from mkdocs.yml: Zensical's build shows the same pages,
formulas, videos and published files as MkDocs' (`make compare` does the same from scratch)."""

from __future__ import annotations

import pytest

from sitebuild.browser import served
from sitebuild.compare import compare
from sitebuild.paths import BUILD
from tests.site.browsing import open_page
from tests.site.probes import MATH_STATE
from tests.site.zensical_search import ranked


@pytest.mark.slow
def test_zensical_builds_what_mkdocs_builds(zensical_site):
    result = compare(BUILD / "site", zensical_site)
    assert result.same, "\n".join(result.lines("mkdocs", "zensical"))
    assert result.formulas > 1000 and result.videos > 10  # the real site, not an empty one


@pytest.mark.slow
@pytest.mark.browser
def test_zensicals_pages_are_offline_clean_and_typeset_in_a_browser(zensical_site, browser):
    pages = sorted(p.name for p in zensical_site.glob("*.html") if p.name != "404.html")
    assert len(pages) >= 10
    with served(zensical_site) as url:
        for path in pages:
            context, page, log = open_page(browser, url, path, settle="networkidle")
            try:
                assert (log.third_party, log.failed, log.console_errors) == ([], [], []), path
                math = page.evaluate(MATH_STATE)
                assert math["untypeset"] == math["errors"] == 0 and not math["rawTex"], \
                    (path, math)
            finally:
                context.close()


@pytest.mark.slow
@pytest.mark.browser
def test_zensicals_search_ranks_a_chapter_above_the_reference_pages(zensical_site, browser,
                                                                     tmp_path):
    """Zensical ignores the pages' search boost; with the reference pages' sections left out
    of its index, its own search worker lists a chapter or an appendix before them."""
    found = ranked(browser, zensical_site / "search.json", ["eigenvalue", "Binet", "orthogonal_"],
                   tmp_path)
    for query, locations in found.items():
        pages = [location.split("#")[0] for location in locations]
        taught = [i for i, page in enumerate(pages) if page.startswith(("chapter-", "appendix-"))]
        reference = [i for i, page in enumerate(pages) if page in ("api.html", "verification.html")]
        assert taught and taught[0] < min(reference, default=len(pages)), (query, locations[:6])
