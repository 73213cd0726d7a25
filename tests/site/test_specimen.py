"""The specimen page in real headless Chromium, at desktop and phone widths, light and dark:
theorem boxes and folded proofs that fit, step anchors that open their proof, an answer box that
checks a typed number, typeset math in search results and from disk."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from sitebuild.sitecheck import check_site
from tests.site.browsing import open_page
from tests.site.probes import LAYOUT, OPEN_ALL_DETAILS, SVG_LABEL_SIZES, TYPESET

pytestmark = pytest.mark.browser
AXE_CONTEXT = {"exclude": [[".katex-html"]]}  # KaTeX's visual layer is aria-hidden
STEP = "specimen-geometric-bound--bound"


def test_the_specimen_passes_the_build_checks(specimen_site):
    report = check_site(specimen_site)
    assert report.problems() == []


def serious_violations(page) -> list:
    return [(v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in Axe().run(page, context=AXE_CONTEXT).response["violations"]
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_everything_fits_reads_and_passes_axe(browser, specimen_url, width, scheme):
    context, page, log = open_page(browser, specimen_url, "index.html", width, scheme=scheme)
    try:
        page.evaluate(OPEN_ALL_DETAILS)
        layout = page.evaluate(LAYOUT)
        assert layout["page"][0] <= layout["page"][1], "the page scrolls sideways"
        assert layout["outside"] == [], "boxes wider than the column"
        if width == 1280:
            assert layout["scrolling"] == [], "formulas, tables or figures that scroll at 1280"
            assert min(page.evaluate(SVG_LABEL_SIZES)) >= 12 - 1e-6
        else:  # the wide table and the figure scroll inside their own boxes on a phone
            assert any("md-typeset__scrollwrap" in box for box in layout["scrolling"])
            assert any("figure-scroll" in box for box in layout["scrolling"])
        assert serious_violations(page) == []
        assert log.console_errors == []
    finally:
        context.close()


STYLE = """([a, b, property]) => [a, b]
    .map(selector => getComputedStyle(document.querySelector(selector))[property])"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_assumptions_scopes_and_the_conclusion_stand_out(browser, specimen_url, scheme):
    context, page, _ = open_page(browser, specimen_url, "index.html", scheme=scheme)
    try:
        page.evaluate(OPEN_ALL_DETAILS)
        assumed, checked = page.evaluate(STYLE, ["li.hypothesis-assumed", "li.hypothesis:not("
                                                 ".hypothesis-assumed)", "backgroundColor"])
        assert assumed != checked
        conclusion, step = page.evaluate(STYLE, [".proof-step-conclusion",
                                                 ".proof-step:not(.proof-step-conclusion)",
                                                 "backgroundColor"])
        assert conclusion != step
        assert page.locator(".theorem .scope-general").count() == 5
        assert page.locator(".admonition.unchecked .admonition-title").inner_text() == \
            "Not checked by machine"
    finally:
        context.close()


SHOWN = """(id) => {
  const step = document.getElementById(id);
  if (!step) return false;
  let node = step;
  while ((node = node.parentElement)) if (node.tagName === 'DETAILS' && !node.open) return false;
  const top = step.getBoundingClientRect().top;
  return top >= document.querySelector('.md-header').getBoundingClientRect().bottom
    && top < innerHeight / 2;
}"""


def step_shown(page, anchor: str) -> bool:
    """The step is inside open <details> only, and on screen below the header."""
    return page.evaluate(SHOWN, anchor)


def wait_until_shown(page, anchor: str) -> None:
    """Wait until the step is shown, then long enough for any late scroll of Material's."""
    page.wait_for_function(SHOWN, arg=anchor, timeout=10_000)
    page.wait_for_timeout(700)


def test_a_step_anchor_opens_its_proof_on_load(browser, specimen_url):
    context, page, _ = open_page(browser, specimen_url, f"index.html#{STEP}")
    try:
        wait_until_shown(page, STEP)
        assert step_shown(page, STEP)
    finally:
        context.close()


def test_a_link_on_the_same_page_opens_the_proof(browser, specimen_url):
    context, page, _ = open_page(browser, specimen_url, "index.html")
    try:
        assert not page.evaluate(f"() => document.getElementById('{STEP}').closest('details').open")
        page.get_by_role("link", name="the last step of the induction").click()
        wait_until_shown(page, STEP)
        assert step_shown(page, STEP)
        page.evaluate("() => { location.hash = 'specimen-long-expansion--expand'; }")
        wait_until_shown(page, "specimen-long-expansion--expand")
        assert step_shown(page, "specimen-long-expansion--expand")
    finally:
        context.close()


def test_a_link_from_another_page_opens_the_proof(browser, specimen_url):
    context, page, _ = open_page(browser, specimen_url, "other.html")
    try:
        for link, anchor in (("a step of the induction", "specimen-geometric-bound--apply"),
                             ("the solution of the exercise", "exercise-9-1--square")):
            page.get_by_role("link", name=link).click()
            page.wait_for_url(f"**/index.html#{anchor}")
            page.wait_for_function(TYPESET)
            wait_until_shown(page, anchor)
            assert step_shown(page, anchor), link
            page.go_back()
            page.wait_for_url("**/other.html")
    finally:
        context.close()


ANSWERS = [  # typed, verdict: the exercise's proved value is 1/4, which it prints exactly
    ("1/4", "answer-right"), ("0.25", "answer-right"), (" 1 / 4 ", "answer-right"),
    ("2.5e-1", "answer-right"), ("0.2500000001", "answer-right"),  # within 1e-9 relative
    ("1/2/2", "answer-right"), ("(1/2)^2", "answer-right"), ("sqrt(1/16)", "answer-right"),
    ("0.250000001", "answer-wrong"), ("0.3", "answer-wrong"), ("-1/4", "answer-wrong"),
    ("", "answer-invalid"), ("a quarter", "answer-invalid"), ("1/0", "answer-invalid"),
    ("(1/4", "answer-invalid"), ("1/4)", "answer-invalid"),
]


def test_the_answer_box_checks_a_typed_number(browser, specimen_url):
    context, page, _ = open_page(browser, specimen_url, "index.html")
    try:
        box = page.locator("form.answer-check")
        assert box.locator("output").get_attribute("aria-live") == "polite"
        assert box.locator("label").inner_text() == "Your answer, exactly"
        for typed, verdict in ANSWERS:
            box.locator("input").fill(typed)
            box.locator("input").press("Enter")
            assert verdict in box.get_attribute("class").split(), typed
            message = box.locator("output").inner_text()
            assert message and ("Correct" in message) == (verdict == "answer-right"), typed
    finally:
        context.close()


def test_the_answer_box_works_from_the_keyboard(browser, specimen_url):
    context, page, _ = open_page(browser, specimen_url, "index.html")
    try:
        page.locator("form.answer-check input").focus()
        page.keyboard.type("1/4")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Check"
        page.keyboard.press("Enter")
        assert "answer-right" in page.locator("form.answer-check").get_attribute("class")
    finally:
        context.close()


def test_search_results_show_their_math_typeset(browser, specimen_url):
    context, page, _ = open_page(browser, specimen_url, "index.html")
    try:
        page.locator(".md-search__input").click()
        page.keyboard.type("inline")
        page.wait_for_selector(".md-search-result__item", timeout=15_000)
        page.wait_for_function("() => document.querySelector('.md-search-result .search-math "
                               ".katex')", timeout=5_000)
        text = page.locator(".md-search-result").inner_text()
        assert "\\(" not in text and "W^t" not in text and "x_{t-1}" not in text
    finally:
        context.close()


def test_a_page_opened_from_disk_typesets_its_math(browser, specimen_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto((specimen_site / "index.html").as_uri() + f"#{STEP}")
        page.wait_for_function(TYPESET, timeout=10_000)
        wait_until_shown(page, STEP)
        assert step_shown(page, STEP)
    finally:
        context.close()


ROWS = """() => {
  const middle = (e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
  const box = document.getElementById('specimen-orthogonal-preserves-norm');
  const check = box.querySelector('.theorem-foot > .theorem-check');
  const proof = box.querySelector('.theorem-foot > details.proof');
  const exercise = document.getElementById('ex-9-1');
  const lines = exercise.querySelector(':scope > p').getClientRects();
  return {
    check: [check.getBoundingClientRect().top, check.getBoundingClientRect().bottom],
    proof: middle(proof.querySelector('summary')),
    question: middle({getBoundingClientRect: () => lines[lines.length - 1]}),
    hint: middle(exercise.querySelector(':scope > details.tip > summary')),
    answer: middle(exercise.querySelector(':scope > form.answer-check button')),
    solution: middle(exercise.querySelector('.theorem-solution > details > summary')),
  };
}"""

WIDTHS = """() => {
  const width = (e) => e.getBoundingClientRect().width;
  const foot = document.querySelector('#specimen-orthogonal-preserves-norm .theorem-foot');
  const exercise = document.getElementById('ex-9-1');
  const inner = width(exercise) - parseFloat(getComputedStyle(exercise).paddingLeft)
    - parseFloat(getComputedStyle(exercise).paddingRight)
    - parseFloat(getComputedStyle(exercise).borderLeftWidth);
  return {
    foot: width(foot), proof: width(foot.querySelector('details.proof')), exercise: inner,
    hint: width(exercise.querySelector(':scope > details.tip')),
    solution: width(exercise.querySelector(':scope > .theorem-solution')),
  };
}"""


def test_folded_the_check_sits_beside_its_proof_and_an_exercise_keeps_its_controls_in_a_row(
        browser, specimen_url):
    """At 1280 px a theorem box ends in one row (scope, ✓, source, proof); an exercise's hint
    follows its question and the solution follows the answer box. Opened, a proof, a hint or a
    solution takes the whole width below."""
    context, page, _ = open_page(browser, specimen_url, "index.html")
    try:
        rows = page.evaluate(ROWS)
        assert rows["check"][0] <= rows["proof"] <= rows["check"][1]
        assert abs(rows["hint"] - rows["question"]) < 4
        assert abs(rows["solution"] - rows["answer"]) < 4
        page.evaluate(OPEN_ALL_DETAILS)
        widths = page.evaluate(WIDTHS)
        assert widths["proof"] == pytest.approx(widths["foot"], abs=1)
        assert widths["hint"] == pytest.approx(widths["exercise"], abs=2)
        assert widths["solution"] == pytest.approx(widths["exercise"], abs=2)
    finally:
        context.close()
