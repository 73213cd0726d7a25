"""The Korean edition's build side (sitebuild/edition): stale units stop a publishing build and
are named, an untranslated page is shown in English under a notice, configs merge as one rule
says, Korean on English pages is marked, and the served font covers every Hangul letter the
built sites show."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from foundation.paths import ROOT
from sitebuild import dev
from sitebuild.edition import config, font, fragments, marks, pages
from sitebuild.paths import BUILD
from sitebuild.problems import BuildError
from sitebuild.translation import translated
from sitebuild.translation.fragments import split_fragment
from sitebuild.translation.report import Paths
from sitebuild.translation.units import Unit

SITE = ROOT / "site"
KOREAN = ROOT / "translations" / "ko"
BUILT = {"mkdocs": BUILD / "site", "zensical": BUILD / "zensical-site"}


def _copy(tmp_path: Path) -> Paths:
    """The English pages and the Korean translations, copied: a test may edit them."""
    shutil.copytree(SITE, tmp_path / "site", ignore=shutil.ignore_patterns("assets", "media",
                                                                          "decks", "kits",
                                                                          "notebooks"))
    shutil.copytree(KOREAN, tmp_path / "translations" / "ko")
    return Paths(tmp_path / "site", tmp_path / "translations")


def test_a_stale_unit_fails_the_strict_build_naming_it(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    paths = _copy(tmp_path)
    pages.write("ko", paths, tmp_path / "out")  # the translations as they are: they pass
    english = paths.english("index.md")
    english.write_text(english.read_text(encoding="utf-8").replace(
        "A companion for students", "A companion for pupils", 1),
        encoding="utf-8")
    stale = r"index\.md why-orthogonal-initialisation-works\.p1: stale"
    with pytest.raises(BuildError, match=stale) as refused:
        pages.write("ko", paths, tmp_path / "out")
    assert "sitebuild.translation accept" in str(refused.value)


def test_while_authoring_a_stale_unit_shows_the_english_and_the_dev_banner_names_it(
        tmp_path, monkeypatch):
    paths = _copy(tmp_path)
    assert dev.stale_banner("index.md", paths) == ""
    english = paths.english("index.md")
    english.write_text(english.read_text(encoding="utf-8").replace(
        "A companion for students", "A companion for pupils", 1),
        encoding="utf-8")
    monkeypatch.setenv("COMPANION_AUTHORING", "1")
    states = pages.write("ko", paths, tmp_path / "out")
    built = (tmp_path / "out" / "index.md").read_text(encoding="utf-8")
    assert "A companion for pupils" in built and 'data-translation="partial"' in built
    stale = [finding.unit for state in states for finding in state.blocking
             if finding.check == "stale"]
    assert stale == ["why-orthogonal-initialisation-works.p1"]
    banner = dev.stale_banner("index.md", paths)
    assert banner.startswith("!!! warning")
    assert "`why-orthogonal-initialisation-works.p1`" in banner


def test_an_untranslated_page_is_the_english_under_a_notice_marked_english(tmp_path):
    paths = _copy(tmp_path)
    (paths.translations / "ko" / "errata.md").unlink(missing_ok=True)
    pages.write("ko", paths, tmp_path / "out")
    built = (tmp_path / "out" / "errata.md").read_text(encoding="utf-8")
    english = paths.english("errata.md").read_text(encoding="utf-8")
    assert 'data-translation="untranslated"' in built
    assert pages.NOTICES["ko"]["untranslated"] in built
    assert '<div lang="en" markdown="1">' in built
    assert english.strip().splitlines()[-1] in built
    glossary = (tmp_path / "out" / pages.GLOSSARY_PAGE).read_text(encoding="utf-8")
    assert glossary.startswith("# 용어집")


@pytest.mark.parametrize("generator", sorted(BUILT))
def test_the_built_korean_edition_is_korean_and_marks_its_english(generator, zensical_site):
    edition = BUILT[generator] / "ko"
    if not (edition / "index.html").is_file():
        pytest.fail(f"no Korean edition in {edition}: make site / make zensical build it")
    for page in sorted(edition.glob("*.html")):
        assert re.search(r'<html[^>]*\slang="ko"', page.read_text(encoding="utf-8")), page
    for page in sorted(edition.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        if 'data-translation="untranslated"' in html:
            assert re.search(r'<div lang="en">\s*<h1', html), page
    assert (edition / "glossary.html").is_file()


def test_the_edition_config_replaces_lists_merges_mappings_and_extensions_by_name():
    base = {"nav": ["a.md"], "extra": {"colab": 1, "alternate": [1]},
            "markdown_extensions": ["toc", {"pymdownx.snippets": {"base_path": ["x"],
                                                                   "check_paths": True}}]}
    overlay = {"nav": ["b.md"], "extra": {"alternate": [2]},
               "markdown_extensions": {"pymdownx.snippets": {"base_path": ["y"]}}}
    assert config.merge(base, overlay) == {
        "nav": ["b.md"], "extra": {"colab": 1, "alternate": [2]},
        "markdown_extensions": ["toc", {"pymdownx.snippets": {"base_path": ["y"],
                                                               "check_paths": True}}]}
    with pytest.raises(ValueError, match="overlay: markdown_extensions"):
        config.merge(base, {"markdown_extensions": {"footnotes": {}}})
    korean = config.edition_config("ko", "zensical")
    assert korean["site_dir"] == "zensical-site/ko" and korean["theme"]["language"] == "ko"
    assert korean["extra"]["colab"] == config.load(config.BASE)["extra"]["colab"]


def test_korean_on_an_english_page_is_marked_once_and_never_in_scripts():
    html = ('<html lang="en"><p>"…사용하는 것은 일반적이지 않다" (not common)</p>'
            '<script>const label = "한국어";</script></html>')
    marked = marks.mark(html)
    assert '<span lang="ko">사용하는 것은 일반적이지 않다</span>' in marked
    assert 'const label = "한국어";' in marked
    assert marks.mark(marked) == marked


def test_an_edition_fragment_is_translated_where_a_translation_exists(tmp_path, monkeypatch):
    """A fragment with a translation file gets its Korean; one without shows its English
    under the notice; a stale unit of a translated fragment stops the build."""
    english = tmp_path / "generated"
    (english / "derivations").mkdir(parents=True)
    (english / "derivations" / "a.md").write_text("The eigenvalue is 2.\n", encoding="utf-8")
    (english / "b.md").write_text("A table of powers.\n", encoding="utf-8")
    translations = tmp_path / "translations"
    shutil.copytree(ROOT / "translations" / "ko", translations / "ko",
                    ignore=shutil.ignore_patterns("*.md"))
    monkeypatch.setattr(fragments, "folder", lambda lang: tmp_path / "ko")
    (unit,) = [piece for piece in split_fragment("The eigenvalue is 2.\n")
               if isinstance(piece, Unit)]
    file = translations / "ko" / "generated" / "derivations" / "a.md"
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(translated.render("<!-- test -->", [translated.Entry(
        unit.id, unit.source, "고윳값(eigenvalue)은 2입니다.", 0)]), encoding="utf-8")
    fragments.mirror("ko", english, translations)
    assert "고윳값(eigenvalue)은 2입니다." in (tmp_path / "ko/derivations/a.md").read_text()
    untranslated = (tmp_path / "ko" / "b.md").read_text(encoding="utf-8")
    assert 'class="translation-pending"' in untranslated and "A table of powers." in untranslated
    (english / "derivations" / "a.md").write_text("The eigenvalue is 3.\n", encoding="utf-8")
    with pytest.raises(BuildError, match="stale"):
        fragments.mirror("ko", english, translations)
    # while `make serve` shows the pages first, a placeholder makes its translation look stale:
    # the English shows under the notice until the complete (strict) build
    monkeypatch.setenv("COMPANION_PAGES_FIRST", "1")
    fragments.mirror("ko", english, translations)
    shown = (tmp_path / "ko" / "derivations" / "a.md").read_text(encoding="utf-8")
    assert 'class="translation-pending"' in shown and "The eigenvalue is 3." in shown


@pytest.mark.parametrize("generator", sorted(BUILT))
def test_the_served_font_has_every_hangul_letter_the_built_sites_show(generator, zensical_site):
    from fontTools.ttLib import TTFont

    site = BUILT[generator]
    served = site / font.SERVED_AT
    if not served.is_file():
        pytest.fail(f"no {served}: make site / make zensical build it")
    covered = set(map(chr, TTFont(served).getBestCmap()))
    shown = set(font.characters(sorted(site.rglob("*.html"))))
    assert shown, "no Hangul on the built pages: the language switch alone has some"
    assert not shown - covered, f"drawn as boxes without a CJK font: {sorted(shown - covered)}"


def _served(site: Path, path: str) -> tuple[int, str]:
    """What ``make dev``'s server (MkDocs' live-reload server, serving ``site``) answers for
    ``path``: its status and body."""
    import threading
    import urllib.error
    import urllib.request

    from mkdocs.livereload import LiveReloadServer

    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(site))
    server.server_bind()
    server.server_activate()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}{path}",
                                    timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, ""
    finally:
        server.shutdown()
        thread.join(10)


def test_make_dev_serves_the_korean_edition_under_ko_with_its_findings_and_rebuilds_an_edit(
        tmp_path, monkeypatch):
    """Under `make dev` the English build builds the Korean edition into /ko/ of the served
    site; a stale unit and a unit whose formula differs (what `make site` refuses) are listed
    in a box at the top of the Korean page, the English standing in; once the translator
    revises them and generation rewrites the page, the dirty rebuild serves the revision."""
    import logging

    import yaml

    from sitebuild import hooks
    from sitebuild.translation.report import english_units
    from tests.editing import replace_once

    assert {ROOT / "translations", ROOT / "edition.ko.yml"} <= set(dev.watched())
    paths = _copy(tmp_path)
    monkeypatch.setenv("COMPANION_AUTHORING", "1")
    monkeypatch.setenv("COMPANION_STRICT", "false")
    monkeypatch.setattr(dev, "_serving", True)
    monkeypatch.setattr(dev, "_failure", None)
    monkeypatch.setattr(dev, "_shown_by_every_page", None)
    monkeypatch.setattr(dev, "_seen", {})
    monkeypatch.setattr(dev, "Paths", lambda: paths)  # the banners read the copies
    stale, broken = ("why-orthogonal-initialisation-works.p1",
                     "why-orthogonal-initialisation-works.li4")
    replace_once(paths.english("index.md"), "A companion for students", "A companion for pupils")
    korean = paths.translation("ko", "index.md")
    replace_once(korean, "모든 실수 $\\theta$", "모든 실수 $\\phi$")  # in unit `broken`
    docs = tmp_path / "docs"

    def generate() -> None:  # generation's part: the edition's pages folder, two pages kept
        pages.write("ko", paths, docs)
        for page in docs.glob("*.md"):
            if page.name not in ("index.md", "errata.md"):
                page.unlink()

    generate()
    settings = config.edition_config("ko", "mkdocs")
    settings.update(docs_dir=str(docs), nav=["index.md", "errata.md"],
                    hooks=[str(ROOT / "sitebuild" / "hooks.py")])
    written = tmp_path / "mkdocs.ko.yml"
    written.write_text(yaml.dump(settings, Dumper=config._Dumper, allow_unicode=True),
                       encoding="utf-8")
    site = tmp_path / "served"  # as `mkdocs serve` builds the English site into its folder
    log = logging.getLogger("test")
    dev.build_editions(site, "http://127.0.0.1:8000/", log, {"ko": written})
    status, html = _served(site, "/ko/index.html")
    assert status == 200 and re.search(r'<html[^>]*\slang="ko"', html)
    banner = html[:html.index('data-translation="partial"')]
    assert re.search(r"[0-9]+ translation unit\(s\) stale or failing a check", banner)
    assert f"<li><code>index.md {stale}: stale: " in banner
    assert f"<li><code>index.md {broken}: math: the English formula(s) $\\theta$" in banner
    assert "A companion for pupils" in html  # the English stands in for the stale unit
    assert hooks.on_page_markdown("# x\n", page=SimpleNamespace(
        file=SimpleNamespace(src_uri="glossary.md")), config=SimpleNamespace(
        theme={"language": "ko"})) == "# x\n"  # the edition's own page: nothing to compare

    now = {unit.id: unit.source for unit in english_units("index.md", paths)}
    text = korean.read_text(encoding="utf-8")
    text = re.sub(rf"(<!-- unit: {re.escape(stale)} source: )\w+", rf"\g<1>{now[stale]}", text)
    text = text.replace("안내서입니다.", "안내서(개정판)입니다.", 1)
    korean.write_text(text.replace("모든 실수 $\\phi$", "모든 실수 $\\theta$"), encoding="utf-8")
    generate()
    dev.build_editions(site, "http://127.0.0.1:8000/", log, {"ko": written})
    status, html = _served(site, "/ko/index.html")
    assert status == 200 and "안내서(개정판)입니다." in html
    assert "stale or failing a check" not in html and "A companion for pupils" not in html
    # the navigation names the page the dirty build did not redo by its heading, not "None"
    assert "정오표" in re.findall(r'<span class="md-ellipsis">\s*([^<]+?)\s*<', html)
