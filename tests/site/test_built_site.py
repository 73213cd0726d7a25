"""The built site in real headless Chromium: offline, typeset, playable, accessible in both colour
schemes, and laid out so nothing is wider than the column at 1280 px or the screen at 390 px."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from derivations.notation import NOTATION
from sitebuild.htmltree import parse
from tests.site.browsing import open_page
from tests.site.conftest import SITE, built_pages
from tests.site.probes import LAYOUT, MATH_STATE, OPEN_ALL_DETAILS

pytestmark = pytest.mark.browser
PAGES = built_pages()
PAGE_BUDGET = 1_000_000  # bytes a page may load, videos excluded
VIDEO_BUDGET = 2_000_000  # bytes of one draft video

# KaTeX's visual layer (.katex-html) is aria-hidden: assistive technology reads the MathML
# beside it, which axe still checks. Skipping thousands of positioned spans halves axe's time
# on the long chapters (5.3 s → 3.0 s on chapter 4) and their text inherits the article's
# colours, whose contrast is checked everywhere else.
AXE_CONTEXT = {"exclude": [[".katex-html"]]}

VIDEO_STATE = """async () => {
  const videos = [...document.querySelectorAll('video')];
  await Promise.all(videos.map(v => v.readyState >= 1 ? null : new Promise(resolve => {
    v.addEventListener('loadedmetadata', resolve, {once: true});
    v.addEventListener('error', resolve, {once: true});
    setTimeout(resolve, 15000);
  })));
  return videos.map(v => ({src: v.currentSrc, ready: v.readyState, error: v.error && v.error.code,
                           duration: v.duration}));
}"""


def test_the_site_has_every_page():
    expected = {"index.html", "chapter-1.html", "chapter-2.html", "chapter-3.html",
                "chapter-4.html", "chapter-5.html", "notation.html", "errata.html",
                "verification.html", "gallery.html"}
    assert expected <= set(PAGES)


@pytest.mark.parametrize("path", PAGES)
def test_page_is_offline_clean_typeset_and_accessible(browser, site_url, path):
    context, page, log = open_page(browser, site_url, path, settle="networkidle")
    try:
        assert log.third_party == [], "requests leaving the site"
        assert log.failed == [], "failed requests"
        assert log.console_errors == [], "console errors"
        assert log.bytes_without_video < PAGE_BUDGET, "page weight without video over 1 MB"
        math = page.evaluate(MATH_STATE)
        assert math["untypeset"] == 0 and math["errors"] == 0, math
        assert not math["rawTex"], "raw TeX delimiters visible in the text"
        for video in page.evaluate(VIDEO_STATE):
            assert video["error"] is None and video["ready"] >= 1, video
            assert video["src"].endswith(".webm") and video["duration"] > 1, video
        if path.startswith("chapter-"):  # each chapter links its slide deck, HTML and PDF
            links = page.evaluate("() => [...document.querySelectorAll('article a')]"
                                  ".map(a => a.href)")
            deck = f"{site_url}/decks/{path.removesuffix('.html')}"
            assert f"{deck}.html" in links and f"{deck}.pdf" in links
        serious = [
            (violation["id"], [node["target"] for node in violation["nodes"]][:3])
            for violation in Axe().run(page, context=AXE_CONTEXT).response["violations"]
            if violation["impact"] in ("serious", "critical")
        ]
        assert serious == [], "axe-core: serious or critical accessibility violations"
    finally:
        context.close()


def test_every_draft_video_is_under_budget():
    videos = sorted(SITE.glob("media/*.webm")) + sorted(SITE.glob("media/*.mp4"))
    assert len(videos) >= 24
    oversized = {p.name: p.stat().st_size for p in videos if p.stat().st_size >= VIDEO_BUDGET}
    assert oversized == {}


def test_chapter_pages_have_math_and_videos(browser, site_url):
    context, page, _ = open_page(browser, site_url, "chapter-1.html")
    try:
        assert page.evaluate(MATH_STATE)["total"] > 50
        assert page.locator("figure.scene video").count() == 4
        assert page.locator(".check-kind.check-induction").count() >= 5
    finally:
        context.close()


def test_math_is_typeset_on_a_page_reached_by_a_link(browser, site_url):
    context, page, log = open_page(browser, site_url, "index.html")
    try:
        page.locator("article a[href$='chapter-1.html']").first.click()
        page.wait_for_url("**/chapter-1.html")
        page.wait_for_selector("article .katex", timeout=10_000)
        state = page.evaluate(MATH_STATE)
        assert state["total"] > 50 and state["untypeset"] == 0, state
        assert log.console_errors == []
    finally:
        context.close()


def test_keyboard_reaches_the_content_and_the_navigation(browser, site_url):
    context, page, _ = open_page(browser, site_url, "chapter-1.html")
    try:
        page.keyboard.press("Tab")  # first stop: Material's "Skip to content" link
        first = page.evaluate("() => [document.activeElement.tagName, document.activeElement.href]")
        assert first[0] == "A" and first[1].startswith(f"{site_url}/chapter-1.html#")
        visited = set()
        for _ in range(25):
            page.keyboard.press("Tab")
            visited.add(page.evaluate("() => document.activeElement.getAttribute('href')"))
        assert any(href and href.endswith("chapter-2.html") for href in visited)
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_nothing_is_wider_than_the_column_at_1280(browser, site_url, path):
    context, page, _ = open_page(browser, site_url, path)
    try:
        page.evaluate(OPEN_ALL_DETAILS)
        layout = page.evaluate(LAYOUT)
        assert layout["page"][0] <= layout["page"][1], "the page scrolls sideways"
        assert layout["outside"] == [], "boxes wider than the column"
        assert layout["scrolling"] == [], "formulas, tables or figures that scroll at 1280 px"
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_on_a_phone_in_the_dark_only_boxes_scroll_and_text_has_contrast(browser, site_url, path):
    """390 px wide, dark scheme: the page never scrolls sideways (a long formula or a table
    scrolls inside its own box), and every text has WCAG AA contrast on the dark palette."""
    context, page, _ = open_page(browser, site_url, path, width=390, scheme="dark")
    try:
        page.evaluate(OPEN_ALL_DETAILS)
        layout = page.evaluate(LAYOUT)
        assert layout["page"][0] <= layout["page"][1], "the page scrolls sideways"
        assert layout["outside"] == [], "boxes wider than the screen's column"
        for box in page.evaluate("() => [...document.querySelectorAll('video')]"
                                 ".map(v => v.getBoundingClientRect().width)"):
            assert box <= 390
        contrast = Axe().run(page, context=AXE_CONTEXT,
                             options={"runOnly": ["color-contrast"]}).response["violations"]
        assert [[n["target"] for n in v["nodes"]][:3] for v in contrast] == []
    finally:
        context.close()


# Each chapter's height at 1280 px, light, before it became a lesson (issue 11); as first shown,
# with its proofs, hints and solutions folded, a chapter's text may be at most 40 % of it. Its
# pictures (videos with their captions, figures) are not counted: issue 22 asks for a picture
# before the first theorem and for videos the width of the column, whose labels can be read.
HEIGHT_BEFORE_LESSONS = {1: 17_098, 2: 24_587, 3: 23_481, 4: 28_110}
PICTURES_HEIGHT = """() => [...document.querySelectorAll(
    'article .scene-block, article .figure-scroll')]
  .filter(e => !e.parentElement.closest('.scene-block, .figure-scroll, details:not([open])'))
  .reduce((sum, e) => sum + e.getBoundingClientRect().height, 0)"""


@pytest.mark.parametrize("chapter", sorted(HEIGHT_BEFORE_LESSONS))
def test_a_chapter_as_first_shown_is_at_most_forty_percent_of_its_old_height(browser, site_url,
                                                                               chapter):
    context, page, _ = open_page(browser, site_url, f"chapter-{chapter}.html",
                                 settle="networkidle")
    try:
        assert page.evaluate("() => [...document.querySelectorAll('details')]"
                             ".every(d => !d.open)"), "a fold is open on arrival"
        height = page.evaluate("() => document.documentElement.scrollHeight")
        pictures = page.evaluate(PICTURES_HEIGHT)
        print(f"chapter {chapter}: {height} px, of which pictures {pictures:.0f} px")
        assert height - pictures <= 0.4 * HEIGHT_BEFORE_LESSONS[chapter], (
            f"{height - pictures:.0f} px without its pictures")
    finally:
        context.close()


# The first picture a reader meets: a video, an inline figure, an image or a widget that is
# shown (not folded away), outside the theorem boxes and the chapter's deck and notebook links.
FIRST_PICTURE_AND_THEOREM = """() => {
  const article = document.querySelector('article');
  const top = (e) => Math.round(e.getBoundingClientRect().top + window.scrollY);
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const pictures = [...article.querySelectorAll('video, img, svg.companion-plot, [data-widget]')]
    .filter((e) => shown(e) && !e.closest('.theorem, .chapter-tools'));
  const theorem = article.querySelector('.theorem');
  return {
    picture: pictures.length ? top(pictures[0]) : null,
    what: pictures.length ? pictures[0].tagName.toLowerCase() : null,
    theorem: theorem ? top(theorem) : null,
    theoremId: theorem ? theorem.id : null,
  };
}"""
VIDEO_WIDTHS = """() => [...document.querySelectorAll('article video')]
  .map((v) => Math.round(v.getBoundingClientRect().width))"""
COLUMN_WIDTH = """() => {
  const article = document.querySelector('article');
  const style = getComputedStyle(article);
  return Math.round(article.clientWidth - parseFloat(style.paddingLeft)
                    - parseFloat(style.paddingRight));
}"""
CHAPTERS = [1, 2, 3, 4, 5]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_picture_comes_before_the_first_theorem(browser, site_url, chapter):
    """Picture first (issue 22): in every chapter a figure, video or widget is shown before the
    first theorem box."""
    context, page, _ = open_page(browser, site_url, f"chapter-{chapter}.html")
    try:
        found = page.evaluate(FIRST_PICTURE_AND_THEOREM)
        print(f"chapter {chapter}: first picture ({found['what']}) at {found['picture']} px, "
              f"first theorem ({found['theoremId']}) at {found['theorem']} px")
        assert found["theorem"] is not None, "no theorem box"
        assert found["picture"] is not None, "no picture at all"
        assert found["picture"] < found["theorem"], found
    finally:
        context.close()


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_videos_are_wide_enough_to_read_their_labels(browser, site_url, chapter):
    """At 1280 px every video is at least 600 px wide (chapter 1's were 340 px, their labels
    about 5 px tall); at 390 px it takes the whole column."""
    for width, least in ((1280, 600), (390, None)):
        context, page, _ = open_page(browser, site_url, f"chapter-{chapter}.html", width=width)
        try:
            widths = page.evaluate(VIDEO_WIDTHS)
            column = page.evaluate(COLUMN_WIDTH)
            print(f"chapter {chapter} at {width} px: videos {widths} in a {column} px column")
            assert widths, "no video"
            for shown in widths:
                assert shown >= (least if least is not None else column - 2), (width, widths)
        finally:
            context.close()


def test_the_notation_table_has_one_row_of_five_cells_per_symbol():
    tree = parse((SITE / "notation.html").read_text(encoding="utf-8"))
    rows = [e for e in tree.iter() if e.tag == "tr"
            and any(c.tag == "td" for c in e.children if not isinstance(c, str))]
    assert len(rows) == len(NOTATION)
    for row in rows:
        assert sum(1 for c in row.children if not isinstance(c, str) and c.tag == "td") == 5


# The shades of the notation's six colours (ink, green, vermillion, blue, orange, grey) per
# scheme, as foundation/palette.py defines them: the swatches must show these, not the
# notation's old hex codes.
NOTATION_SHADES = {
    "light": {"#1B1E24", "#3A8256", "#A83C0C", "#005A9C", "#B07C1E", "#6E6E6E"},
    "dark": {"#ECEFF4", "#009E73", "#D55E00", "#2F7FD0", "#E69F00", "#B4B4B4"},
}
NOTATION_COLOURS = """() => [...document.querySelectorAll('.notation-colour')].map(cell => {
  const shown = [...cell.querySelectorAll('code')].filter(code => code.getClientRects().length);
  return {codes: shown.map(code => code.textContent),
          lines: shown.map(code => code.getClientRects().length),
          unitLines: cell.getClientRects().length,
          swatch: getComputedStyle(cell.querySelector('.swatch')).backgroundColor};
})"""


def rgb(code: str) -> str:
    return "rgb({}, {}, {})".format(*(int(code[i:i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_notation_colours_are_the_palettes_shades_and_never_wrap(browser, site_url, width,
                                                                     scheme):
    """Each row shows one code, the shade of the reader's scheme, on one line with its swatch
    painted in it (at 390 px a narrow column used to split "#222222" after five digits)."""
    context, page, _ = open_page(browser, site_url, "notation.html", width=width, scheme=scheme)
    try:
        cells = page.evaluate(NOTATION_COLOURS)
    finally:
        context.close()
    assert len(cells) == len(NOTATION)
    assert {code for cell in cells for code in cell["codes"]} == NOTATION_SHADES[scheme]
    for cell in cells:
        assert len(cell["codes"]) == 1 and cell["lines"] == [1] and cell["unitLines"] == 1, cell
        assert cell["swatch"] == rgb(cell["codes"][0]), cell


def test_the_gallery_is_ordered_by_chapter_with_titles_in_words():
    tree = parse((SITE / "gallery.html").read_text(encoding="utf-8"))
    chapters = [int(e.text().split()[1].rstrip(":")) for e in tree.iter()
                if e.tag == "h2" and e.text().startswith("Chapter")]
    assert chapters == sorted(chapters) and len(chapters) >= 4
    titles = [e.text().replace("¶", "").strip() for e in tree.iter() if e.tag == "h3"]
    assert titles and all(" " in title or title.istitle() for title in titles), titles


@pytest.mark.parametrize("chapter", [1, 2, 3, 4, 5])
def test_chapter_deck_works_offline(browser, site_url, chapter):
    context, page, log = open_page(browser, site_url, f"decks/chapter-{chapter}.html")
    try:
        page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=15_000)
        assert log.third_party == [] and log.console_errors == []
        slides = page.evaluate("() => Reveal.getTotalSlides()")
        assert slides >= 2  # one per beat
        page.keyboard.press("ArrowRight")
        assert page.evaluate("() => Reveal.getIndices().h") == 1
    finally:
        context.close()
