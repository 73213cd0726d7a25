"""Generated fragments and figures: the markup the stylesheet and scripts rely on, the notation
table's cells, the gallery's titles, the answer box's value, and legible plot colours."""

from __future__ import annotations

import json
import re

import pytest

from derivations.engine import get, verify
from derivations.engine.records import DerivationRecord
from derivations.notation import NOTATION
from foundation import palette, store
from sitebuild import fragments, svg
from sitebuild.figure import Figure, Formula, Markup, Paint
from sitebuild.fragments import (
    answer_fragment,
    failure_fragment,
    formula_fragment,
    notation_fragment,
    scene_title,
    table_cell,
    video_fragment,
)
from sitebuild.leaks import page_leaks
from sitebuild.theorems import render
from tests.site.specimen_derivations import exercise_quarter, geometric_bound


def test_theorem_box_marks_assumed_hypotheses_and_links_every_step():
    derivation = geometric_bound()
    text = render(derivation, {r.step.label: r.scope for r in verify(derivation).steps})
    assert text.count('<li class="hypothesis" markdown="1">') == 2  # (H1), (H2); (H3) is local
    assert text.count('class="hypothesis hypothesis-assumed"') == 1
    for step in derivation.steps:
        anchor = f"specimen-geometric-bound--{step.label}"
        assert f'id="{anchor}"' in text and f'href="#{anchor}"' in text
    assert text.count("proof-step-conclusion") == 1
    assert '<div class="proof-steps" markdown="1">' in text
    assert '<span class="scope scope-general"' in text


def test_theorem_box_sets_hypotheses_in_fine_print_and_the_check_beside_its_proof():
    """The stylesheet's compact box relies on this nesting: the hypotheses, definitions and
    variables in ``theorem-fine``; the scope, ✓, source and the folded proof in ``theorem-foot``,
    the proof after the check line, so the two share a row until the proof is opened."""
    derivation = geometric_bound()
    text = render(derivation, {r.step.label: r.scope for r in verify(derivation).steps})
    fine, foot = text.index('<div class="theorem-fine"'), text.index('<div class="theorem-foot"')
    statement = text.index(derivation.statement)
    assert statement < fine < text.index('<li class="hypothesis"') < foot
    assert '<p class="theorem-label">Hypotheses</p>' in text[fine:foot]
    assert foot < text.index('<p class="theorem-check"') < text.index('<details class="proof"')
    assert "<em>Source:</em> " + derivation.source in text[foot:]
    assert text.rstrip().endswith("</details>\n\n</div>\n\n</div>")  # proof, foot, box


def test_formula_fragment_links_its_step():
    derivation = geometric_bound()
    text = formula_fragment(derivation, derivation.conclusion_step, "chapter-3.md")
    assert "chapter-3.md#specimen-geometric-bound--bound" in text
    assert r"$\displaystyle p{\left(n \right)} \leq q^{n}$" in text


def test_answer_box_carries_the_proved_value():
    box = answer_fragment(exercise_quarter())
    assert box is not None
    value = float(re.search(r'data-answer="([^"]+)"', box).group(1))
    assert value == 0.25
    assert 'for="answer-exercise-9-1"' in box and 'aria-live="polite"' in box
    assert answer_fragment(geometric_bound()) is None  # its conclusion is not a number


def test_a_failed_derivation_keeps_its_anchor():
    record = DerivationRecord(slug="x-y", title="t", chapter=1, conclusion="c", scope="numeric",
                              scope_label="", claims_every_size=False, fixed_size_because="",
                              problems=("cannot be built",), steps=())
    assert failure_fragment(record).startswith('<div class="derivation-failed" id="x-y"')


def test_table_cells_keep_their_pipes_inside_math():
    assert table_cell(r"the largest $|\lambda|$, with $\|x\|$ | in prose") == \
        r"the largest $\vert{}\lambda\vert{}$, with $\Vert{}x\Vert{}$ \| in prose"


def test_every_notation_row_has_five_cells():
    rows = notation_fragment().splitlines()[2:]
    assert len(rows) == len(NOTATION)
    for row in rows:
        unescaped = re.findall(r"(?<!\\)\|", row)
        assert len(unescaped) == 6, row


@pytest.mark.parametrize(("stamp", "title"), [
    ({"scene": "VanishingPowers"}, "Vanishing powers"),
    ({"scene": "HiddenStateNormOrthogonalVsGaussian"}, "Hidden state norm orthogonal vs Gaussian"),
    ({"scene": "FibonacciEigenvalues"}, "Fibonacci eigenvalues"),
    ({"scene": "JacobianNormsOnLogAxis", "title": "Jacobian norms on a log scale"},
     "Jacobian norms on a log scale"),
])
def test_gallery_titles_are_words(stamp, title):
    assert scene_title(stamp) == title


# --- figures -------------------------------------------------------------------------------------

def wcag_contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio, written out here rather than taken from the module under test."""
    def luminance(colour: str) -> float:
        values = []
        for i in (1, 3, 5):
            c = int(colour[i:i + 2], 16) / 255
            values.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2]
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


COLOURS = sorted({shade for entry in NOTATION for shade in (entry.colour.light, entry.colour.dark)}
                 | {"#7FB7D9", "#F3A712", "#C9C9C9"})


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_plot_colours_are_legible_in_both_schemes(colour, scheme):
    shade = svg.legible(colour, scheme, svg.TEXT_CONTRAST)
    assert wcag_contrast(shade, svg.BACKGROUNDS[scheme]) >= 4.5


def test_a_colour_already_legible_is_kept():
    assert svg.legible("#000000", "light", 4.5) == "#000000"


def test_labels_below_twelve_pixels_are_refused():
    with pytest.raises(ValueError, match="size"):
        svg.text(0, 0, "tiny", size=10)
    with pytest.raises(ValueError, match="font_size"):
        svg.document(100, 100, "plot", [], font_size=10)


def test_a_figure_never_renders_its_labels_below_twelve_pixels():
    plain = svg.document(560, 300, "plot", [svg.text(0, 10, "label")]).site()
    assert "min-width:560px" in plain
    larger = svg.document(560, 300, "plot", [svg.text(0, 10, "label", size=14)],
                          font_size=14).site()
    assert "min-width:480px" in larger


def drawn(element: Markup) -> str:
    """An element as the site draws it."""
    return element.render(Paint.site, Formula.site)


def test_neutral_colours_follow_the_scheme_and_hex_colours_get_a_shade_per_scheme():
    line = drawn(svg.line((0, 0), (1, 1)))
    assert "stroke:var(--plot-grid)" in line
    label = drawn(svg.text(0, 0, "grows", "#F3A712"))
    assert 'class="ink-fill"' in label and "--ink-light:" in label and "--ink-dark:" in label


def test_a_formula_in_a_figure_is_typeset_not_spelt_in_unicode():
    typeset = svg.document(200, 100, "plot", [svg.math(10, 20, r"\gamma = 0")]).site()
    assert page_leaks(f"<body>{typeset}</body>", "figure") == []
    spelt = svg.document(200, 100, "plot", [svg.text(10, 20, "γ = 0")]).site()
    assert page_leaks(f"<body>{spelt}</body>", "figure")


def test_a_figure_is_data_that_keeps_through_the_cache_and_is_never_text_by_accident():
    figure = svg.document(200, 100, "plot", [
        svg.polyline([(0, 0), (5, 5)], palette.VANISHING, series="a"), "<g data-panel=\"p\">",
        svg.math(10, 20, r"x < 1 \,\&\, y", anchor="end", label_for="a"), "</g>"],
        caption="\n\n*A caption.*\n")
    kept = Figure.from_json(json.loads(json.dumps(figure.to_json())))
    assert kept == figure and kept.site() == figure.site()
    assert Figure.is_json(figure.to_json()) and not Figure.is_json("| a table |")
    with pytest.raises(TypeError, match="render"):
        f"{svg.line((0, 0), (1, 1))}"


def test_a_video_caption_is_markdown_with_math_and_names_the_video():
    stamp = {"scene": "Powers", "module": "animations.powers", "chapter": 1,
             "caption": "Powers $W^t$ of a matrix with $\\rho < 1$ fade & shrink."}
    text = video_fragment(stamp)
    assert 'aria-labelledby="scene-Powers-caption"' in text
    assert '<span id="scene-Powers-caption">Powers $W^t$ of a matrix with $\\rho < 1$ fade '\
           '&amp; shrink.</span>' in text
    assert "aria-label=" not in text


def test_a_typeset_derivation_is_reused_only_while_its_sources_and_pages_stand(
        monkeypatch, tmp_path):
    """The typesetting cache: the second call reads what the first typeset; another page for
    the derivation, or another source fingerprint, typesets it again."""
    monkeypatch.setattr(store, "CACHE", tmp_path)
    slug = "orthogonal-step-keeps-perturbations"
    pages = {slug: "contributing.md"}
    kept = fragments.typeset(slug, pages, None)
    derivation = get(slug)
    assert kept["derivation"] == fragments.published(derivation, pages, None)
    assert kept["formulas"][f"formulas/{slug}/kept.md"] == \
        formula_fragment(derivation, derivation.steps[1], "contributing.md")
    calls = []
    monkeypatch.setattr(fragments, "published", lambda *args: calls.append(args) or "again")
    assert fragments.typeset(slug, pages, None) == kept and not calls
    assert fragments.typeset(slug, {slug: "chapter-2.md"}, None)["derivation"] == "again"
    monkeypatch.setattr(fragments.verdicts, "fingerprint", lambda slug: "an edited source")
    assert fragments.typeset(slug, pages, None)["derivation"] == "again" and len(calls) == 2



USER, USED = "dominant-eigenvalue", "fibonacci-eigendecomposition"  # USER uses USED


def conclusion_record(slug: str, scope: str, label: str) -> DerivationRecord:
    """A passed record whose conclusion has ``scope``, as verification might have found it."""
    return DerivationRecord(slug=slug, title=get(slug).title, chapter=1, conclusion="c",
                            scope=scope, scope_label=label, claims_every_size=False,
                            fixed_size_because="", problems=(), steps=())


def typeset_user(monkeypatch, used_scope: str, used_label: str) -> dict:
    """:func:`fragments.typeset_all` as a generation runs it, typesetting USER only: USER's
    own conclusion is checked for all $n$, USED's as given."""
    monkeypatch.setattr(fragments, "slugs", lambda: [USER])
    records = {USER: conclusion_record(USER, "general", r"for all $n \geq 0$"),
               USED: conclusion_record(USED, used_scope, used_label)}
    return fragments.typeset_all({USER: "chapter-1.md", USED: "chapter-1.md"}, records)


def test_a_box_resting_on_a_result_checked_at_instances_shows_the_narrower_badge(
        monkeypatch, tmp_path):
    """Its own proof holds for all n, but the result it uses was checked at four values only:
    the box's badge says so, and says why, naming that result."""
    monkeypatch.setattr(store, "CACHE", tmp_path)
    text = typeset_user(monkeypatch, "instances", "at $n = 1, 2, 3, 4$")[USER]["derivation"]
    line = next(line for line in text.splitlines() if 'class="theorem-check"' in line)
    assert line.startswith('<p class="theorem-check" markdown="span"><span class="scope '
                           'scope-instances" title="What the check proves, narrowed by a result '
                           'it rests on">at $n = 1, 2, 3, 4$</span> ')
    assert line.endswith(r"Its own proof is checked for all $n \geq 0$, but it rests on "
                         "[Eigendecomposition of the Fibonacci matrix and Binet&#x27;s formula]"
                         "(chapter-1.md#fibonacci-eigendecomposition), checked at "
                         "$n = 1, 2, 3, 4$ only.</p>")
    assert "scope-general" not in line


def test_a_box_is_typeset_again_when_a_result_beneath_it_changes_scope(monkeypatch, tmp_path):
    """The typesetting cache keys a box by the scopes beneath it: the same records reuse it, a
    used result found broader (or narrower) typesets it again, so no stale badge is published."""
    monkeypatch.setattr(store, "CACHE", tmp_path)
    kept = typeset_user(monkeypatch, "instances", "at $n = 1, 2, 3, 4$")
    calls = []
    monkeypatch.setattr(fragments, "published", lambda *args: calls.append(args) or "again")
    assert typeset_user(monkeypatch, "instances", "at $n = 1, 2, 3, 4$") == kept and not calls
    assert typeset_user(monkeypatch, "general", "for all $n$")[USER]["derivation"] == "again"
    assert typeset_user(monkeypatch, "instances", "at $n = 1, 2$")[USER]["derivation"] == "again"
    assert len(calls) == 2
