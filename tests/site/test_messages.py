"""The scripts' interface messages: one English catalogue the scripts use by key, its Korean
translation checked like the pages (stale by the English's digest, placeholders, numbers,
formulas, glossary), and a Korean page's answer box and figure speaking Korean in Chromium
while the English page's speak English."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from sitebuild.problems import BuildError
from sitebuild.translation import messages, report, translated
from sitebuild.translation.findings import GLOSSARY, MARKUP, MATH, NUMBER, STALE
from tests.editing import replace_once
from tests.site.browsing import open_page
from tests.site.conftest import SITE
from tests.site.test_widgets import message as widget_message
from tests.site.test_widgets import state, type_into, widget

SCRIPTS = Path(__file__).resolve().parents[2] / "site" / "javascripts"
KEY = re.compile(r"""["'`]([a-z]+\.[a-z0-9-]+)["'`]""")
browser_test = pytest.mark.browser


def english() -> dict[str, str]:
    return messages.messages(messages.CATALOGUE.read_text(encoding="utf-8"))


# --- the catalogue and the scripts (no browser) -----------------------------------------------


def test_the_scripts_use_every_message_and_only_catalogued_ones():
    keys = english()
    tables = {key.split(".")[0] for key in keys}
    used = set()
    for script in [SCRIPTS / "answers.js", *sorted((SCRIPTS / "widgets").glob("*.js"))]:
        used |= {key for key in KEY.findall(script.read_text(encoding="utf-8"))
                 if key.split(".")[0] in tables}
    assert used - set(keys) == set(), "keys the scripts use that the catalogue lacks"
    assert set(keys) - used == set(), "messages no script uses"


def test_the_korean_catalogue_is_complete_and_passes_every_check():
    page_report, _ = report.check_page(messages.CATALOGUE.name, "ko", report.load_glossary(
        "ko", messages.paths()), messages.paths())
    assert page_report.started and page_report.findings == ()
    assert page_report.translated == page_report.total == len(english())
    korean, blocking = messages.localised("ko")
    assert blocking == [] and set(korean) == set(english())


def test_the_bundled_script_holds_both_catalogues():
    script = messages.script(["ko"])
    assert script.startswith("// Written by") and "window.companionCatalogues = {" in script
    assert '"answers.too-large": "Not quite: that is too large.' in script
    assert '"answers.too-large": "아직 아닙니다: 너무 큽니다.' in script


@pytest.fixture
def copies(tmp_path) -> messages.report.Paths:
    """The English catalogue and the Korean translation (and glossary), copied."""
    catalogue = tmp_path / "english" / messages.CATALOGUE.name
    catalogue.parent.mkdir()
    shutil.copy(messages.CATALOGUE, catalogue)
    korean = tmp_path / "translations" / "ko"
    (korean / messages.WITHIN).mkdir(parents=True)
    shutil.copy(report.TRANSLATIONS / "ko" / report.GLOSSARY, korean / report.GLOSSARY)
    where = messages.paths(catalogue, tmp_path / "translations")
    shutil.copy(messages.paths().translation("ko", catalogue.name),
                where.translation("ko", catalogue.name))
    return where



def test_a_changed_english_message_makes_its_korean_twin_stale_and_stops_the_build(
        copies, monkeypatch):
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    replace_once(copies.english(messages.CATALOGUE.name),
                 'too-large = "Not quite: that is too large.',
                 'too-large = "Not yet: that is too large.')
    korean, blocking = messages.localised("ko", copies)
    assert [(finding.unit, finding.check) for finding in blocking] == \
        [("answers.too-large", STALE)]
    assert korean["answers.too-large"].startswith("Not yet")  # the English stands in
    assert korean["answers.too-small"].startswith("아직 아닙니다")
    with pytest.raises(BuildError, match=r"1 ko interface messages stale(.|\n)*"
                                         r"messages.toml answers.too-large: stale"):
        messages.script(["ko"], copies)
    monkeypatch.setenv("COMPANION_AUTHORING", "1")  # while authoring: a warning, English shown
    assert '"answers.too-large": "Not yet: that is too large.' in messages.script(["ko"], copies)


@pytest.mark.parametrize(("key", "korean", "check", "said"), [
    ("parse.unexpected", "예상하지 못한 '{character}' 기호가 있습니다", MARKUP, "lacks {position}"),
    ("answers.cannot-read", "읽을 수 없습니다: {reason} {typed}.", MARKUP, "adds {typed}"),
    ("parse.comma", "{position}번째 글자에 예상하지 못한 ',' 기호가 있습니다: 소수는 점으로(1.5), "
     "정수는 구분 기호 없이(5,000) 쓰세요", NUMBER, "5050"),
    ("answers.digits-one", "유효숫자 2자리", NUMBER, "1"),
    ("widget.step-size", "보폭 $\\epsilon$", MATH, "\\varepsilon"),
    ("gradient.seed", "씨앗", GLOSSARY, "시드"),
])
def test_a_korean_message_that_departs_from_its_english_is_refused(copies, key, korean, check,
                                                                     said):
    path = copies.translation("ko", messages.CATALOGUE.name)
    file = translated.load(path, "messages")
    entries = [translated.Entry(entry.id, entry.source, korean if entry.id == key else entry.text,
                                entry.line) for entry in file.entries]
    translated.save(path, file.header, entries)
    _, blocking = messages.localised("ko", copies)
    assert {(finding.unit, finding.check) for finding in blocking} == {(key, check)}
    assert any(said in finding.message for finding in blocking), blocking


def test_a_catalogue_is_tables_of_one_line_messages():
    with pytest.raises(ValueError, match="tables of messages"):
        messages.split_catalogue('loose = "a message outside a table"\n')
    with pytest.raises(ValueError, match="one line"):
        messages.split_catalogue('[answers]\nwrong = """two\nlines"""\n')


# --- in Chromium ---------------------------------------------------------------------------------


def _answer_page() -> str:
    """A Korean page of the built site with an answer box (every edition page has a twin)."""
    for page in sorted((SITE / "ko").glob("chapter-*.html")):
        if 'class="answer-check"' in page.read_text(encoding="utf-8"):
            return page.name
    pytest.fail("no Korean chapter with an answer box in build/site/ko")


@browser_test
@pytest.mark.parametrize(("edition", "wrong", "unread"), [
    ("ko/", "아직 아닙니다: ", "읽을 수 없습니다: 2번째 글자에 예상하지 못한 '#' 기호가"),
    ("", "Not quite: ", "Cannot read that: unexpected '#' at position 2"),
])
def test_an_answer_box_speaks_its_pages_language(browser, site_url, edition, wrong, unread):
    context, page, log = open_page(browser, site_url, edition + _answer_page())
    try:
        box = page.locator("form.answer-check").first
        box.scroll_into_view_if_needed()
        answer = float(box.get_attribute("data-answer"))
        field, output = box.locator("input[name=answer]"), box.locator("output")
        field.fill(repr(abs(answer) * 10 + 1000))
        field.press("Enter")
        assert output.inner_text().startswith(wrong)
        field.fill("1#")
        field.press("Enter")
        assert output.inner_text().startswith(unread)
        assert log.console_errors == [] and log.third_party == []
    finally:
        context.close()


@browser_test
@pytest.mark.parametrize(("edition", "said", "label"), [
    ("ko/", ": 0보다 큰 수여야 합니다. 입력한 값: “0”. 그림은 마지막으로", "보폭"),
    ("", ": expected a number above 0, got “0”. The figure still shows", "Step size"),
])
def test_a_figures_input_error_speaks_its_pages_language(browser, site_url, edition, said,
                                                         label):
    context, page, log = open_page(browser, site_url, edition + "explore.html")
    try:
        container = widget(page, "euler")
        type_into(container.locator('input[name="epsilon"]'), "0")
        assert state(container) == "invalid"
        shown = widget_message(container)
        assert shown.startswith(label) and said in shown, shown
        assert container.locator("label.widget-field").first.inner_text().startswith(label)
        assert log.console_errors == []
    finally:
        context.close()
