"""The map of results (sitebuild/results_map.py): a node per derivation and per assumption, an
arrow per use, fills, borders and shapes that say what was checked, a link per node, the same
bytes on every build, uses that are unknown or circular refused; and the built page in Chromium.
"""

from __future__ import annotations

import colorsys
import re

import pytest

from derivations.engine.records import DerivationRecord, StepRecord
from sitebuild import results_map, svg
from sitebuild.paths import PAGES, ROOT
from sitebuild.results_map import BORDERS, KINDS, Result, figure, layout, results, table
from tests.site.browsing import open_page
from tests.site.conftest import SITE
from tests.site.probes import SVG_LABEL_SIZES

SCOPE_LABELS = {"general": "exact", "fixed-size": r"every $3 \times 3$",
                "instances": "at $n = 1, 2$", "numeric": "numerically"}


def record(slug: str, chapter: int = 1, kind: str = "symbolic", scope: str = "general",
           passed: bool = True) -> DerivationRecord:
    """A verification record of one step, as the verifier writes it."""
    step = StepRecord(label="claim", kind=kind, check=kind, passed=passed, detail="",
                      scope=scope, scope_label=SCOPE_LABELS[scope], milliseconds=1.0)
    return DerivationRecord(slug=slug, title=f"The result called {slug}", chapter=chapter,
                            conclusion="claim", scope=scope, scope_label=SCOPE_LABELS[scope],
                            claims_every_size=False, fixed_size_because="", problems=(),
                            steps=(step,))


RECORDS = [
    record("base", kind="induction"),
    record("counted", kind="instances", scope="instances"),
    record("exercise-1-1", kind="chain", scope="fixed-size"),
    record("erratum-sign", kind="numeric", scope="numeric"),
    record("later", chapter=2),
    record("assumed", chapter=2),
]
USES = {"exercise-1-1": ("base",), "later": ("base", "counted")}
ASSUMED = {"assumed": ("The chain rule for $f \\circ g$.", "Uniqueness of solutions.")}
PAGES_OF = {r.slug: f"chapter-{r.chapter}.md" for r in RECORDS}


def found(records=RECORDS, uses=USES, assumed=ASSUMED) -> list[Result]:
    return results(records, uses, assumed, PAGES_OF)


def nodes(drawn: str) -> list[str]:
    """Each node's markup: one ``<a>`` per derivation and per assumption."""
    return re.findall(r'<a class="map-node".*?</a>', drawn)


def node(drawn: str, slug: str) -> str:
    (markup,) = [a for a in nodes(drawn) if f'data-slug="{slug}"' in a
                 and "<ellipse" not in a]
    return markup


def test_one_node_per_derivation_and_per_assumption_each_linking_its_theorem():
    drawn = figure(found(), {})
    links = re.findall(r'<a class="map-node" href="([^"]+)" data-slug="([^"]+)"', drawn)
    assert len(links) == len(RECORDS) + 2
    assert sorted({slug for _, slug in links}) == sorted(r.slug for r in RECORDS)
    for href, slug in links:  # an assumption links to the derivation it carries
        assert href == f"{PAGES_OF[slug].removesuffix('.md')}.html#{slug}"
    assert drawn.count("<ellipse") == 2 + 1  # two assumptions and the legend's sample
    assert ">A1</text>" in drawn and ">A2</text>" in drawn


def test_one_arrow_per_use_and_per_assumption():
    drawn = figure(found(), {})
    assert drawn.count('class="map-edge map-edge-uses"') == 3
    assert drawn.count('class="map-edge map-edge-assumption"') == 2
    placed = layout(found(), {})
    pairs = {(edge.source, edge.target) for edge in placed.edges}
    assert {("base", "exercise-1-1"), ("base", "later"), ("counted", "later")} <= pairs


def test_fill_is_the_kind_of_check_of_the_conclusion():
    drawn = figure(found(), {})
    for slug, kind in [("base", "induction"), ("counted", "instances"),
                       ("exercise-1-1", "chain"), ("erratum-sign", "numeric"),
                       ("assumed", "symbolic")]:
        assert f"fill:var(--map-{kind})" in node(drawn, slug), slug
    for kind in KINDS:  # the legend shows every kind, even one no result has
        assert f"fill:var(--map-{kind})" in drawn
    assert "does not verify" not in drawn


def test_border_is_the_scope_and_reads_without_colour():
    drawn = figure(found(), {})
    expected = {"assumed": ("3", None), "exercise-1-1": ("1.25", None),
                "counted": ("1.75", "7 4"), "erratum-sign": ("2", "0.5 4.5")}
    for slug, (width, dash) in expected.items():
        markup = node(drawn, slug)
        assert f'stroke-width="{width}"' in markup
        assert (f'stroke-dasharray="{dash}"' in markup) == (dash is not None)
    styles = {(width, dash) for width, dash in BORDERS.values()}
    assert len(styles) == len(BORDERS)  # four scopes, four strokes: no colour needed


def test_a_result_is_as_broad_as_the_narrowest_it_uses():
    by_slug = {result.slug: result for result in found()}
    assert by_slug["later"].scope == "instances"  # it uses "counted", checked at instances
    assert by_slug["later"].own_scope_label == "exact"
    assert 'stroke-dasharray="7 4"' in node(figure(found(), {}), "later")
    assert "at $n = 1, 2$ (its own conclusion: exact)" in table(found())


def test_shape_tells_theorems_exercises_errata_and_assumptions_apart():
    drawn = figure(found(), {})
    assert node(drawn, "base").count("<rect ") == 1 and " rx=" not in node(drawn, "base")
    assert " rx=" in node(drawn, "exercise-1-1") and "Exercise 1.1" in node(drawn, "exercise-1-1")
    assert "<polygon " in node(drawn, "erratum-sign") and "Erratum" in node(drawn, "erratum-sign")
    assumptions = [a for a in nodes(drawn) if "<ellipse" in a]
    assert len(assumptions) == 2 and all("assumed" in a for a in assumptions)


def test_a_result_sits_below_what_it_uses_and_chapters_are_bands_in_order():
    placed = layout(found(), {1: "Chapter 1: Powers"})
    boxes = {box.key: box for box in placed.boxes}
    assert boxes["exercise-1-1"].y > boxes["base"].y + boxes["base"].height
    assert [band.chapter for band in placed.bands] == [1, 2]
    assert [band.heading for band in placed.bands] == ["Chapter 1: Powers", "Chapter 2"]
    second = placed.bands[1].y
    assert all((box.y > second) == (box.slug in {"later", "assumed"}) for box in placed.boxes)
    for box in placed.boxes:
        assert box.x >= 0 and box.x + box.width <= placed.width
    for first in placed.boxes:  # nothing overlaps
        for other in placed.boxes:
            if first is not other:
                assert (first.x + first.width <= other.x or other.x + other.width <= first.x
                        or first.y + first.height <= other.y
                        or other.y + other.height <= first.y), (first.key, other.key)


def _along(edge: results_map.Edge, samples: int = 40) -> list[tuple[float, float]]:
    """Points along an arrow: its cubic, or its straight runs."""
    if edge.curved:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = edge.points
        return [((1 - t) ** 3 * x0 + 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t ** 2 * x2
                 + t ** 3 * x3, (1 - t) ** 3 * y0 + 3 * (1 - t) ** 2 * t * y1
                 + 3 * (1 - t) * t ** 2 * y2 + t ** 3 * y3)
                for t in (i / samples for i in range(samples + 1))]
    return [(a[0] + (b[0] - a[0]) * i / samples, a[1] + (b[1] - a[1]) * i / samples)
            for a, b in zip(edge.points, edge.points[1:], strict=False)
            for i in range(samples + 1)]


def test_no_arrow_passes_behind_a_node_or_across_a_heading():
    """Six results that a second row uses wrap onto two lines, so some arrows skip a line and
    run through the gaps; a result of chapter 2 uses one of chapter 1 across its heading."""
    used = [record(f"used-{n}") for n in range(6)]
    users = [record(f"user-{n}") for n in range(6)]
    other = record("other", chapter=2)
    uses = {f"user-{n}": (f"used-{5 - n}",) for n in range(6)} | {"other": ("used-0",)}
    pages = {r.slug: "chapter-1.md" for r in [*used, *users, other]}
    drawn = results([*used, *users, other], uses, {}, pages)
    placed = layout(drawn, {2: "Chapter 2: a long heading that the arrows must go round"})
    assert any(not edge.curved for edge in placed.edges)  # the case is exercised
    boxes = {box.key: box for box in placed.boxes}
    for edge in placed.edges:
        for x, y in _along(edge):
            for key, box in boxes.items():
                if key in (edge.source, edge.target):
                    continue
                inside = box.x < x < box.x + box.width and box.y < y < box.y + box.height
                assert not inside, (edge.source, edge.target, key, (x, y))
            for band in placed.bands[1:]:
                heading = results_map.text_width(band.heading, bold=True) + results_map.MARGIN
                assert not (band.y < y < band.y + results_map.HEADING_TEXT and x < heading), \
                    (edge.source, edge.target, (x, y))


def test_the_same_records_draw_the_same_bytes():
    once = figure(found(), {1: "Chapter 1"}) + table(found())
    again = figure(found(list(RECORDS), dict(reversed(USES.items())), dict(ASSUMED)),
                   {1: "Chapter 1"}) + table(found())
    assert once == again
    coordinates = re.findall(r'(?<![\w-])(?:[xy][12]?|c[xy]|r[xy]|width|height)="([^"]+)"', once)
    coordinates += re.findall(r'(?:points|d)="([^"]+)"', once)
    assert coordinates and not any(re.search(r"\.\d\d", c) for c in coordinates), \
        "coordinates are written to 0.1 px"


def test_a_use_of_an_unknown_derivation_is_refused():
    with pytest.raises(ValueError, match=r"'later' uses unknown derivations \['missing'\]"):
        found(uses={"later": ("missing",)})


def test_results_that_use_each_other_in_a_cycle_are_refused():
    with pytest.raises(ValueError, match="cycle: base → later → base"):
        found(uses={"base": ("later",), "later": ("base",)})


def test_a_derivation_no_page_publishes_is_refused():
    with pytest.raises(ValueError, match=r"on no page.*'base'"):
        results(RECORDS, {}, {}, {slug: page for slug, page in PAGES_OF.items()
                                  if slug != "base"})


def test_a_failing_derivation_is_drawn_as_failing_while_authoring():
    failing = [*RECORDS[:-1], record("assumed", chapter=2, passed=False)]
    drawn = figure(found(records=failing), {})
    assert "fill:var(--map-failed)" in node(drawn, "assumed")
    assert "does not verify" in drawn  # and the legend says what that fill means


def test_the_table_has_a_row_per_result_in_the_maps_order_with_its_uses_and_assumptions():
    text = table(found())
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == len(RECORDS) + 1  # and the header
    order = layout(found(), {}).order
    assert [re.search(r"`([a-z0-9-]+)`", row).group(1) for row in rows[1:]] == list(order)
    later = next(row for row in rows if "`later`" in row)
    assert "[The result called base](chapter-1.md#base)" in later
    assert "[The result called counted](chapter-1.md#counted)" in later
    assumed = next(row for row in rows if "`assumed`" in row)
    assert "**A1** The chain rule for $f \\circ g$.; **A2** Uniqueness" in assumed
    assert "Exercise 1.1: [The result called exercise-1-1](chapter-1.md#exercise-1-1)" in text


def test_every_text_is_at_least_twelve_pixels_and_fits_its_node():
    drawn = figure(found(), {})
    assert 'min-width:680px' in drawn and "font-size:12px" in drawn
    assert not re.search(r'font-size="(\d+)"', drawn)  # no smaller label anywhere
    long = Result("long", "A title long enough to need several lines inside one node of the "
                  "map of results", 1, "chapter-1.md", "symbolic", "general", "exact", "exact",
                  (), ())
    lines = results_map.node_lines(long)
    assert len(lines) > 3
    assert all(results_map.text_width(line) <= results_map.NODE_WIDTH - 2 *
               results_map.TEXT_INSET for line in lines)


def _css_colours(scheme_selector: str) -> dict[str, str]:
    css = (PAGES / "stylesheets" / "companion.css").read_text(encoding="utf-8")
    block = css[css.index(scheme_selector):]
    block = block[:block.index("}")]
    return dict(re.findall(r"--(map-[a-z-]+):\s*(#[0-9a-f]{6})", block))


def _over(colour: tuple[float, float, float], alpha: float, fill: str) -> str:
    base = [int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    mixed = [alpha * c + (1 - alpha) * b for c, b in zip(colour, base, strict=True)]
    return "#" + "".join(f"{round(c * 255):02x}" for c in mixed)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_node_text_has_contrast_on_every_fill_in_both_schemes(scheme):
    """Node text is Material's foreground (black at 87 % on the light scheme, hsl(232, 15 %, 90
    %) at 82 % on slate), drawn over each fill: WCAG AA, 4.5:1."""
    selector = ':root, [data-md-color-scheme="default"]' if scheme == "light" else \
        '[data-md-color-scheme="slate"] {'
    fills = _css_colours(selector)
    assert {f"map-{kind}" for kind in (*KINDS, "failed", "neutral", "assumed")} <= set(fills)
    text, alpha = ((0.0, 0.0, 0.0), 0.87) if scheme == "light" else \
        (colorsys.hls_to_rgb(232 / 360, 0.90, 0.15), 0.82)
    for name, fill in fills.items():
        if name.endswith("-edge"):
            continue
        assert svg.contrast(_over(text, alpha, fill), fill) >= 4.5, (name, fill)


def test_the_map_page_includes_its_fragments_by_name_and_follows_the_report_in_the_nav():
    page = (PAGES / "map.md").read_text(encoding="utf-8")
    assert f'--8<-- "{results_map.FIGURE}"' in page and f'--8<-- "{results_map.TABLE}"' in page
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "  - Verification report: verification.md\n  - Map of results: map.md\n" in nav


@pytest.mark.browser
def test_the_built_map_shows_a_node_per_result_and_assumption_offline(browser, site_url):
    """The map page in Chromium: the SVG has a node per row of its table plus one per
    assumption, every label at least 12 px, no failed or outside request, and a node's link
    lands on its theorem."""
    if not (SITE / "map.html").exists():
        pytest.fail("no map.html in build/site (make site)")
    context, page, log = open_page(browser, site_url, "map.html", settle="networkidle")
    try:
        assert (log.failed, log.third_party, log.console_errors) == ([], [], [])
        rows = page.locator(".results-table tbody tr").count()
        assumed = page.locator(".results-table tbody td strong").count()
        assert rows >= 60
        assert page.locator("svg a.map-node").count() == rows + assumed
        assert page.locator("svg a.map-node ellipse").count() == assumed
        assert min(page.evaluate(SVG_LABEL_SIZES)) >= 11.5
        box = page.locator("svg a.map-node[data-slug='fibonacci-matrix-powers']").first
        box.click()
        page.wait_for_url("**/chapter-1.html#fibonacci-matrix-powers")
        assert page.locator("#fibonacci-matrix-powers").count() == 1
    finally:
        context.close()
