"""The generated reports' words as templates (sitebuild/reports.toml): the English reports say
exactly what they said before the words moved there (fixtures written from that output); the
Korean edition's reports are the same generators with the Korean templates, with no English
template left in them and the English reports' numbers; a stale or mismatched Korean template
stops a publishing build, naming it, and the English stands in while authoring."""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from derivations.engine.records import record
from foundation import store
from sitebuild import results_map
from sitebuild.edition import fragments as edition_fragments
from sitebuild.edition import spoken
from sitebuild.fragments import formula_fragment, formula_in, pages_including
from sitebuild.problems import BuildError
from sitebuild.tables import ch2
from sitebuild.translation import messages, report, templates, translated
from sitebuild.translation.findings import MARKUP, NUMBER
from sitebuild.translation.invariants import masked
from sitebuild.verification import legend, verification_fragment
from tests.editing import replace_once
from tests.site import test_reference_pages, test_results_map

FIXTURES = Path(__file__).with_name("english-reports")
# The cost plot's medians for the fixture (the plot times the machine that builds it).
TIMINGS = {"orthogonal (QR route)": [2e-05, 4e-05, 0.00012, 0.0006, 0.003],
           "orthogonal, method='svd'": [3e-05, 7e-05, 0.00025, 0.0011, 0.0068],
           "numpy.linalg.qr alone": [1e-05, 2e-05, 7e-05, 0.0004, 0.0021]}
NUMBER_PATTERN = re.compile(r"\d+(?:\.\d+)?")


def english() -> templates.Words:
    return templates.english()


def korean() -> templates.Words:
    return templates.words("ko")


@pytest.fixture(scope="module")
def found():
    return [record(slug) for slug in test_reference_pages.SLUGS] + [test_reference_pages.BROKEN]


@pytest.fixture
def both(found, monkeypatch, tmp_path) -> tuple[str, str]:
    """The verification report of a few derivations (one broken), in English and in Korean,
    from one verification: the same values."""
    monkeypatch.setattr(store, "CACHE", tmp_path)  # the re-check cache of this test only
    pages = pages_including()
    return (verification_fragment(found, pages),
            verification_fragment(found, pages, korean()))


# --- the English reports say what they said -----------------------------------------------------


def test_the_english_legend_is_what_the_report_said_before_its_words_were_templates():
    written = (FIXTURES / "verification-legend.md").read_text(encoding="utf-8")
    assert "\n".join(legend()) + "\n" == written


def test_the_english_cost_plot_is_what_it_drew_before_its_words_were_templates(monkeypatch):
    monkeypatch.setattr(ch2, "_timings", lambda: TIMINGS)
    assert ch2.cost_plot().site() == (FIXTURES / "ch2-cost-plot.md").read_text(encoding="utf-8")


def test_the_english_map_is_what_it_drew_before_its_words_were_templates():
    drawn = results_map.figure(test_results_map.found(), {1: "Chapter 1: Powers"})
    assert drawn == (FIXTURES / "results-map.md").read_text(encoding="utf-8")


def test_the_english_report_says_its_counts_with_the_templates(both, found):
    english_report, _ = both
    steps = sum(len(r.steps) for r in found)
    failed = sum(not r.passed for r in found)
    assert english()("report.some-failed", failed=failed) in english_report
    assert f"{len(found)} results ({steps} steps), **{failed} of them failed**." \
        in english_report
    assert english_report.count("| # | Step | Check |") == len(found)
    assert "**It does not verify.**" in english_report


def test_a_formula_says_its_link_in_the_language_and_nothing_else_changes():
    from derivations.engine import get

    derivation = get("orthogonal-preserves-norm")
    text = formula_fragment(derivation, derivation.conclusion_step, "chapter-2.md")
    assert "[✓ checked](chapter-2.md#orthogonal-preserves-norm--" in text
    assert formula_in(text, english()) == text
    said = formula_in(text, korean())
    assert said == text.replace("[✓ checked](", "[✓ 검증됨](")
    with pytest.raises(ValueError, match="not a checked formula"):
        formula_in("No link here.\n", korean())


# --- the Korean reports -------------------------------------------------------------------------


def _static_words(template: str) -> list[str]:
    """The pieces of a template between its placeholders that hold English words, without
    formulas, code, link targets and tags (which the translation keeps)."""
    pieces = re.split(r"\{[A-Za-z_][A-Za-z0-9_]*\}", masked(template))
    cleaned = [re.sub(r"\]\([^)]*\)|<[^>]*>|[*\[\]]", " ", piece) for piece in pieces]
    return [" ".join(piece.split()) for piece in cleaned
            if re.search(r"[A-Za-z]{3,}", piece)]


def _english_left(text: str, keys: list[str]) -> list[str]:
    """The English templates of ``keys`` whose words ``text`` still holds outside its tags and
    code blocks (a quoted program's output): a phrase of two words or more anywhere; a
    one-word template as a table cell, a bold or an element's text."""
    shown = re.sub(r"<[^>]*>", "|", re.sub(r"```.*?```", "", text, flags=re.DOTALL))
    left = []
    for key in keys:
        for piece in _static_words(english().templates[key]):
            one = len(piece.split()) == 1
            places = [f"| {piece} |", f"**{piece}**", f"|{piece}|", f"✓ {piece}|"] if one \
                else [piece]
            if any(place in shown for place in places):
                left.append(f"{key}: {piece!r}")
    return left


def _keys(*tables: str) -> list[str]:
    return [key for key in english().templates if key.split(".")[0] in tables]


def test_the_korean_templates_are_complete_and_pass_every_check():
    where = templates.paths()
    page_report, _ = report.check_page(templates.REPORTS.name, "ko",
                                       report.load_glossary("ko", where), where)
    assert page_report.started and page_report.findings == ()
    assert page_report.translated == page_report.total == len(english().templates)
    assert templates.untranslated("ko") == []


def test_the_korean_report_has_no_english_template_words_and_the_english_numbers(both):
    english_report, korean_report = both
    assert _english_left(korean_report, _keys("legend", "check", "scope", "report",
                                             "contributors")) == []
    assert "모든 단계가 검증됩니다." in korean_report and "**검증되지 않습니다.**" in korean_report
    assert Counter(NUMBER_PATTERN.findall(korean_report)) == \
        Counter(NUMBER_PATTERN.findall(english_report))
    # the same anchors, links and slugs: only the words differ
    anchors = re.compile(r"\{ #[a-z0-9-]+ \}|\]\([^)]*\)|`[^`]*`")
    assert anchors.findall(korean_report) == anchors.findall(english_report)


def test_the_korean_report_titles_and_badges_each_result_as_its_korean_theorem_box(both, found):
    _, korean_report = both
    for result in found[:-1]:  # the broken one has no box
        box = translated.load(report.TRANSLATIONS / "ko" / "generated" / "derivations"
                              / f"{result.slug}.md", result.slug)
        title = next(entry.text for entry in box.entries if entry.id == f"{result.slug}.title2")
        assert f"### {' '.join(title.split())} {{ #report-{result.slug} }}" in korean_report
        heading = korean_report.index(f"{{ #report-{result.slug} }}")
        badges = re.findall(r'class="scope scope-[a-z-]+">([^<]*)<', korean_report[heading:])
        assert badges and all(re.search("[가-힣]", badge) for badge in badges[:3]), badges


def _said(svg: str) -> str:
    """What a figure says: its texts, titles and label, not its coordinates."""
    parts = re.findall(r"<(?:text|title)[^>]*>([^<]*)<", svg)
    return "\n".join(parts + re.findall(r'aria-label="([^"]*)"', svg))


def test_the_korean_map_has_no_english_template_words_and_the_english_numbers():
    # titles are the derivations' words (values here): titled so no slug reads as a template
    found = [dataclasses.replace(result, title=f"결과 {number}")
             for number, result in enumerate(test_results_map.found(), 1)]
    drawn = {lang: results_map.figure(found, {}, words)
             for lang, words in (("en", english()), ("ko", korean()))}
    assert _english_left(drawn["ko"], _keys("map")) == []
    assert "연습문제 1.1" in drawn["ko"] and "정오표 항목" in drawn["ko"]
    assert Counter(NUMBER_PATTERN.findall(_said(drawn["ko"]))) == \
        Counter(NUMBER_PATTERN.findall(_said(drawn["en"])))


def test_the_korean_cost_plot_draws_the_english_numbers_in_korean(monkeypatch):
    monkeypatch.setattr(ch2, "_timings", lambda: TIMINGS)
    plots = {lang: ch2.cost_plot(words).site() for lang, words in
             (("en", english()), ("ko", korean()))}
    assert _english_left(plots["ko"], _keys("cost-plot")) == []
    assert "행렬 크기 d" in plots["ko"]
    outside_tags = {lang: re.sub(r"<[^>]*>", " ", plot) for lang, plot in plots.items()}
    assert Counter(NUMBER_PATTERN.findall(outside_tags["ko"])) == \
        Counter(NUMBER_PATTERN.findall(outside_tags["en"]))


# --- a Korean template that is stale or departs from its English --------------------------------


@pytest.fixture
def copies(tmp_path, monkeypatch) -> report.Paths:
    """The English templates and their Korean translation (and glossary), copied; the
    edition's generators read these."""
    catalogue = tmp_path / "english" / templates.REPORTS.name
    catalogue.parent.mkdir()
    shutil.copy(templates.REPORTS, catalogue)
    korean_folder = tmp_path / "translations" / "ko"
    (korean_folder / messages.WITHIN).mkdir(parents=True)
    shutil.copy(report.TRANSLATIONS / "ko" / report.GLOSSARY, korean_folder / report.GLOSSARY)
    where = templates.paths(catalogue, tmp_path / "translations")
    shutil.copy(templates.paths().translation("ko", catalogue.name),
                where.translation("ko", catalogue.name))
    monkeypatch.setattr(templates, "paths", lambda *args, **kwargs: where)
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    monkeypatch.delenv("COMPANION_PAGES_FIRST", raising=False)
    return where



def test_a_changed_english_template_makes_its_korean_stale_and_the_generation_refuses(
        copies, monkeypatch, tmp_path):
    replace_once(copies.english(templates.REPORTS.name), 'all-check = "All its steps check."',
                 'all-check = "Every step checks."')
    monkeypatch.setattr(ch2, "_timings", lambda: TIMINGS)
    english_dir = tmp_path / "generated"
    english_dir.mkdir()
    with pytest.raises(BuildError, match=r"1 ko report templates stale(.|\n)*"
                                         r"reports.toml report.all-check: stale"):
        spoken.fragments("ko", [], {}, english=english_dir)
    monkeypatch.setenv("COMPANION_AUTHORING", "1")  # while authoring: a warning, English shown
    said = templates.words("ko")
    assert said("report.all-check") == "Every step checks."
    assert said("report.does-not-verify") == "**검증되지 않습니다.**"


@pytest.mark.parametrize(("key", "korean_text", "check", "named"), [
    ("report.counts", "결과 {results}개를 검증했고, {verdict}. {rechecked}개 단계는 인증서를 "
     "독립적으로 다시 검사했고, {alone}개 단계는 커널만으로 판정했습니다.", MARKUP,
     "lacks {steps}"),
    ("legend.numeric", "{numeric}: 몇몇 점에서 40자리 이상 일치한다는 뜻으로, 증명이 아니라 "
     "증거입니다.", NUMBER, "50"),
])
def test_a_korean_template_that_departs_from_its_english_stops_the_generation(
        copies, key, korean_text, check, named):
    path = copies.translation("ko", templates.REPORTS.name)
    file = translated.load(path, "reports")
    translated.save(path, file.header, [
        translated.Entry(entry.id, entry.source, korean_text if entry.id == key else entry.text,
                         entry.line) for entry in file.entries])
    _, blocking = messages.localised("ko", copies, templates.REPORTS.name)
    assert {(finding.unit, finding.check) for finding in blocking} == {(key, check)}
    assert any(named in finding.message for finding in blocking), blocking
    with pytest.raises(BuildError, match=re.escape(f"reports.toml {key}: {check}")):
        templates.words("ko")


def test_a_generator_and_its_templates_out_of_step_is_an_error():
    with pytest.raises(KeyError, match=r"report\.counts takes"):
        english()("report.counts", results=1)


def test_the_edition_writes_the_spoken_fragments_in_place_of_the_english(tmp_path, monkeypatch):
    english_dir = tmp_path / "generated"
    (english_dir / "formulas" / "a").mkdir(parents=True)
    (english_dir / "verification-report.md").write_text("The report.\n", encoding="utf-8")
    (english_dir / "other.md").write_text("A table of powers.\n", encoding="utf-8")
    translations = tmp_path / "translations"
    shutil.copytree(report.TRANSLATIONS / "ko", translations / "ko",
                    ignore=shutil.ignore_patterns("*.md"))
    monkeypatch.setattr(edition_fragments, "folder", lambda lang: tmp_path / "ko")
    monkeypatch.delenv("COMPANION_PAGES_FIRST", raising=False)
    edition_fragments.mirror("ko", english_dir, translations,
                             spoken={"verification-report.md": "보고서입니다.\n"})
    assert (tmp_path / "ko" / "verification-report.md").read_text(encoding="utf-8") == \
        "보고서입니다.\n"  # as given: no notice, not localised
    assert 'class="translation-pending"' in (tmp_path / "ko" / "other.md").read_text(
        encoding="utf-8")
    assert templates.is_spoken("formulas/a/b.md") and templates.is_spoken(spoken.COST_PLOT)
    assert not templates.is_spoken("derivations/exercise-1-1.md")
