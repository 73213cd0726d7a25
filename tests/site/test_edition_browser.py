"""The Korean edition in Chromium, as both generators build it: the language switch lands on the
same page both ways, from a server and from disk; the Hangul font comes from the site itself and
is used; nothing is asked of a third party; and a Korean word with a particle is found by its
stem (고윳값 finds a page that only has 고윳값은) by Material's search and by Zensical's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sitebuild.browser import served
from sitebuild.edition import config
from sitebuild.paths import BUILD
from tests.site.zensical_search import index_of, ranked, write

pytestmark = pytest.mark.browser

SITES = {"mkdocs": BUILD / "site", "zensical": BUILD / "zensical-site"}
SWITCH = "a.md-select__link[hreflang='{lang}']"
# The served font, and whether the browser drew with it: loaded, and asked for by this page.
FONT_USED = """() => Array.from(document.fonts).some(
  face => face.family.replace(/"/g, '') === 'Companion Hangul' && face.status === 'loaded')"""


def _pages(site: Path) -> list[str]:
    if not (site / "ko" / "index.html").is_file():
        pytest.fail(f"no Korean edition in {site / 'ko'}: make site / make zensical build it")
    return sorted(path.name for path in site.glob("*.html") if path.name != "404.html")


@pytest.fixture(scope="module", params=sorted(SITES))
def site(request, zensical_site):
    """(generator, its built site, the URL it is served at)."""
    path = SITES[request.param]
    _pages(path)
    with served(path) as url:
        yield request.param, path, url


def test_the_switch_on_every_page_goes_to_the_same_page_in_the_other_language(browser, site):
    _, path, url = site
    page = browser.new_page()
    try:
        for name in _pages(path):
            page.goto(f"{url}/{name}")
            assert page.get_attribute(SWITCH.format(lang="ko"), "href") is not None
            assert page.eval_on_selector(SWITCH.format(lang="ko"), "a => a.href") == \
                f"{url}/ko/{name}", name
            page.goto(f"{url}/ko/{name}")
            assert page.evaluate("document.documentElement.lang") == "ko"
            assert page.eval_on_selector(SWITCH.format(lang="en"), "a => a.href") == \
                f"{url}/{name}", name
    finally:
        page.close()


def test_choosing_a_language_in_the_menu_lands_on_the_same_page_both_ways(browser, site):
    _, _, url = site
    page = browser.new_page()
    try:
        page.goto(f"{url}/chapter-2.html")
        page.hover(".md-header__option .md-select")
        page.click(SWITCH.format(lang="ko"))
        page.wait_for_url(f"{url}/ko/chapter-2.html")
        page.hover(".md-header__option .md-select")
        page.click(SWITCH.format(lang="en"))
        page.wait_for_url(f"{url}/chapter-2.html")
    finally:
        page.close()


def test_the_switch_works_from_disk(browser):
    site = SITES["mkdocs"]
    _pages(site)
    page = browser.new_page()
    try:
        page.goto((site / "ko" / "appendix-1.html").as_uri())
        assert page.eval_on_selector(SWITCH.format(lang="en"), "a => a.href") == \
            (site / "appendix-1.html").as_uri()
    finally:
        page.close()


@pytest.mark.parametrize("path", ["ko/index.html", "ko/glossary.html", "chapter-2.html"])
def test_hangul_is_drawn_with_the_sites_own_font_and_nothing_comes_from_elsewhere(
        browser, site, path):
    _, _, url = site
    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        page.goto(f"{url}/{path}", wait_until="networkidle")
        page.evaluate("document.fonts.ready")
        assert page.evaluate(FONT_USED), f"{path}: Companion Hangul not loaded"
        assert f"{url}/ko/assets/fonts/hangul.woff" in requested or \
            f"{url}/assets/fonts/hangul.woff" in requested
        elsewhere = [r for r in requested if not r.startswith((url, "data:", "blob:"))]
        assert not elsewhere, f"{path}: third-party requests {elsewhere}"
        if not path.startswith("ko/"):  # source 003's Korean, quoted on an English page
            quoted = page.eval_on_selector_all('span[lang="ko"]', "s => s.map(e => e.textContent)")
            assert "사용하는 것은 일반적이지 않다" in quoted
    finally:
        page.close()


def _material_site(tmp_path: Path) -> Path:
    """A two-page site with the Korean edition's theme language and search settings, built by
    MkDocs: one page says only 고윳값은, the other nothing of it."""
    korean = config.edition_config("ko", "mkdocs")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# 처음\n\n다른 이야기입니다.\n", encoding="utf-8")
    (docs / "eigen.md").write_text("# 행렬\n\n이 행렬의 고윳값은 1입니다.\n", encoding="utf-8")
    settings = {"site_name": "검색", "docs_dir": "docs", "site_dir": "site",
                "use_directory_urls": False, "theme": {"name": "material", "language": "ko",
                                                       "font": False},
                "plugins": korean["plugins"]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(settings, allow_unicode=True),
                                         encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                    str(tmp_path / "mkdocs.yml")], check=True, capture_output=True)
    return tmp_path / "site"


@pytest.mark.parametrize("query", ["고윳값", "고윳값은"])
def test_materials_search_finds_a_korean_word_with_its_particle(browser, tmp_path, query):
    site = _material_site(tmp_path)
    with served(site) as url:
        page = browser.new_page()
        try:
            page.goto(f"{url}/index.html", wait_until="networkidle")
            # Material reads the query on keyup, and typed Hangul sends no key events: fill
            # it, then press End. A query asked before the worker has built its index
            # (seconds on a busy machine) is not asked again: ask until results show.
            for _ in range(6):
                page.fill(".md-search__input", query)
                page.press(".md-search__input", "End")
                try:
                    page.wait_for_selector(".md-search-result__item", timeout=5_000)
                    break
                except PlaywrightTimeout:
                    continue
            found = page.eval_on_selector_all(".md-search-result__item a",
                                              "links => links.map(a => a.href)")
            assert found and all("eigen.html" in link for link in found), found
        finally:
            page.close()


def test_zensicals_search_finds_a_korean_word_with_its_particle(browser, tmp_path,
                                                                zensical_site):
    built = SITES["zensical"] / "ko" / "search.json"
    if not built.is_file():
        pytest.fail(f"no {built}: make zensical builds it")
    index = index_of([("eigen.html", "행렬", "이 행렬의 고윳값은 1입니다."),
                      ("index.html", "처음", "다른 이야기입니다.")])
    index["config"] = json.loads(built.read_text(encoding="utf-8"))["config"]
    found = ranked(browser, write(index, tmp_path / "index.json"), ["고윳값", "고윳값은"],
                   tmp_path / "worker")
    assert found == {"고윳값": ["eigen.html"], "고윳값은": ["eigen.html"]}


@pytest.mark.parametrize("path", ["ko/index.html", "ko/chapter-3.html", "ko/glossary.html"])
def test_a_korean_page_is_offline_clean_typeset_and_accessible(browser, site_url, path):
    """A translated page, a page still in English under its notice, and the glossary: as every
    English page is held to (tests/site/test_built_site.py)."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.site.browsing import open_page
    from tests.site.probes import MATH_STATE
    from tests.site.test_built_site import AXE_CONTEXT

    context, page, log = open_page(browser, site_url, path, settle="networkidle")
    try:
        assert (log.third_party, log.failed, log.console_errors) == ([], [], [])
        math = page.evaluate(MATH_STATE)
        assert math["untypeset"] == 0 and math["errors"] == 0 and not math["rawTex"], math
        serious = [(violation["id"], [node["target"] for node in violation["nodes"]][:3])
                   for violation in Axe().run(page, context=AXE_CONTEXT).response["violations"]
                   if violation["impact"] in ("serious", "critical")]
        assert serious == [], "axe-core: serious or critical accessibility violations"
    finally:
        context.close()
