"""The reference pages a reader consults: the verification report reads as a report (a legend
first, steps in words, the build's details last), the notation gives each symbol one meaning,
and search ranks the chapters above the API reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from derivations.__main__ import certificate_summary
from derivations.engine import get
from derivations.engine.records import DerivationRecord, record
from derivations.notation import NOTATION, entry
from foundation import store
from sitebuild.fragments import notation_fragment, pages_including, table_cell
from sitebuild.paths import PAGES
from sitebuild.tables import ch5_exercises
from sitebuild.verification import (
    CONTRIBUTORS_HEADING,
    LEGEND_HEADING,
    TEST_NODE,
    verification_fragment,
)

# Small derivations of three kinds: a plain one, one whose reason links to another result,
# one checked at instances. The report is built from their verification, as the site's is.
SLUGS = ("rotation-eigenvalues", "dominant-eigenvalue", "fibonacci-cost")
BROKEN = DerivationRecord(slug="x-broken", title="A result that does not verify", chapter=1,
                          conclusion="c", scope="numeric", scope_label="unknown",
                          claims_every_size=False, fixed_size_because="",
                          problems=("cannot be built: a deliberate failure",), steps=())


@pytest.fixture(scope="module")
def found() -> list[DerivationRecord]:
    return [record(slug) for slug in SLUGS]


@pytest.fixture
def report(found, monkeypatch, tmp_path) -> str:
    monkeypatch.setattr(store, "CACHE", tmp_path)  # the re-check cache of this test only
    return verification_fragment(found, pages_including())


def split(report: str) -> tuple[str, str]:
    """The report as a reader reads it, and the contributors' section after it."""
    assert report.count(CONTRIBUTORS_HEADING) == 1
    reader, contributors = report.split(CONTRIBUTORS_HEADING)
    return reader, contributors


def visible(markdown: str) -> str:
    """What a reader sees of ``markdown``: without link targets, attribute lists and HTML
    attributes (ids and hrefs carry slugs, but a reader never sees them)."""
    text = re.sub(r"\]\([^)]*\)", "]", markdown)
    text = re.sub(r"\{ *#[^}]*\}", "", text)
    return re.sub(r"<[^>]+>", "", text)


# --- the verification report ---------------------------------------------------------------

def test_the_report_starts_with_a_legend_of_every_mark_and_word(report):
    assert report.startswith(LEGEND_HEADING)
    legend = report[:report.index("\n## ", len(LEGEND_HEADING))]
    for kind in ("general", "fixed-size", "instances", "numeric"):
        assert f'class="scope scope-{kind}"' in legend, kind
    for words in ("✓", "**A hypothesis**", '<span class="assumed">assumed</span>', "*kernel*",
                  "*certificate*", "✓ re-checked", "✓ kernel alone", "**symbolic**",
                  "**induction**", "**chain**", "**instances**", "**numeric**"):
        assert words in legend, words


def test_the_legend_explains_each_badge_in_the_home_pages_words():
    """The badge list of site/index.md and the report's legend say the same of each badge."""
    index = (PAGES / "index.md").read_text(encoding="utf-8")
    items = re.findall(r"^- (<span class=\"scope .*?)(?=^- |^\n)", index, re.MULTILINE | re.DOTALL)
    assert len(items) >= 6
    legend = " ".join(verification_fragment([], {}).split())
    for item in items:
        meaning = " ".join(item.split("</span>:", 1)[1].split())
        assert meaning in legend, meaning


def test_no_slug_test_path_or_timing_before_the_contributors_section(report, found):
    reader, contributors = split(report)
    shown = visible(reader)
    assert "`" not in shown, "code (a slug, a label, a command) in the reader's part"
    assert "tests/" not in shown and TEST_NODE not in shown
    assert not re.search(r"SymPy|mpmath|pytest", shown, re.IGNORECASE), "a tool's name"
    assert not re.search(r"\d ms\b", shown), "a timing in the reader's part"
    for item in found:
        assert item.slug not in shown
    for item in found:  # ... and all of it is in the contributors' section
        assert f"`{item.slug}`" in contributors
        for step in item.steps:
            assert f"`{step.label}` {step.milliseconds:g} ms" in contributors
    assert f"`{TEST_NODE}[SLUG]`" in contributors


def test_each_step_is_shown_by_its_reason_and_links_to_the_step_on_its_page(report, found):
    reader, _ = split(report)
    pages = pages_including()
    for item in found:
        derivation = get(item.slug)
        assert f"{{ #report-{item.slug} }}" in reader  # the theorem boxes' ✓ checked lands
        for number, step in enumerate(derivation.steps, start=1):
            reason = re.sub(r"\]\(#", f"]({pages[item.slug]}#", step.reason)
            assert table_cell(reason) in reader, step.label
            assert f"[{number}]({pages[item.slug]}#{item.slug}--{step.label})" in reader


def test_the_counts_are_what_derivations_verify_prints(report, found):
    steps = [step for item in found for step in item.steps]
    line, rejected = certificate_summary([s.certificate for s in steps if s.passed], len(steps))
    assert rejected == 0
    _, contributors = split(report)
    assert f"```text\n{line}\n```" in contributors
    marks = re.findall(r">✓ (re-checked|kernel alone)</span>", report)
    assert len(marks) == len(steps)
    assert f"{marks.count('re-checked')} certificates re-checked" in line


def test_a_failing_result_says_so_and_why(found, monkeypatch, tmp_path):
    monkeypatch.setattr(store, "CACHE", tmp_path)
    reader, contributors = split(verification_fragment([*found, BROKEN], pages_including()))
    assert "**It does not verify.**" in reader and "**1 of them failed**" in reader
    assert "a deliberate failure" in contributors and "a deliberate failure" not in reader


# --- the notation ---------------------------------------------------------------------------

def notation_rows() -> list[list[str]]:
    """The cells of the generated notation table, a row per symbol."""
    rows = []
    for line in notation_fragment().splitlines()[2:]:
        rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def test_no_symbol_is_listed_twice():
    symbols = [" ".join(row[0].split()) for row in notation_rows()]
    assert len(symbols) == len(NOTATION)
    assert sorted({s for s in symbols if symbols.count(s) > 1}) == []


# "an eigenvector … or a singular vector", "a modulus …, or a ratio", "a step …, or the ODE's
# time": a meaning that offers a second thing after "or" is two meanings.
SECOND_MEANING = re.compile(r"(?:,|;|\))\s*or\s+(?:a|an|the)\b|\bor\s+(?:a|an)\s")


@pytest.mark.parametrize("item", NOTATION, ids=lambda item: item.key)
def test_each_meaning_is_one_thing(item):
    assert not SECOND_MEANING.search(item.meaning), item.meaning


# A cell that says what another symbol is ("$\sigma$ the logistic sigmoid", "here $\gamma$ is
# the diffusion") must agree with that symbol's own row: otherwise the table lists a second
# meaning for it, in a row of its own.
DEFINES = re.compile(r"\$(?P<symbol>[^$]+)\$,? (?:is )?(?:the|a|an) (?P<word>[A-Za-z]+)")


def test_no_row_gives_another_symbol_a_second_meaning():
    own = {item.latex: item for item in NOTATION}
    own.update({r"\varepsilon": entry("epsilon"), r"\varphi": entry("phi")})
    disagreements = []
    for item in NOTATION:
        for text in (item.meaning, item.sources):
            for found in DEFINES.finditer(text):
                other = own.get(found["symbol"].strip())
                if other is None or other is item:
                    continue
                if found["word"].lower() not in other.meaning.lower():
                    disagreements.append((item.key, found.group(), other.key, other.meaning))
    assert disagreements == []


def test_the_colours_are_the_palettes_with_a_shade_per_scheme_and_a_name():
    colours = {" ".join(row[0].split()): row[3] for row in notation_rows()}
    # φ grows (vermillion), ψ decays (blue), Q keeps norms (bluish green), n is ink: the
    # shades of foundation/palette.py, light and dark
    for symbol, light, dark, name in ((r"$\varphi$", "#A83C0C", "#D55E00", "vermillion"),
                                      (r"$\psi$", "#005A9C", "#2F7FD0", "blue"),
                                      ("$Q$", "#3A8256", "#009E73", "bluish green"),
                                      ("$n$", "#1B1E24", "#ECEFF4", "ink")):
        cell = colours[symbol]
        assert f"--swatch-light:{light};--swatch-dark:{dark}" in cell, cell
        assert f'<code class="shade-light">{light}</code>' in cell
        assert f'<code class="shade-dark">{dark}</code>' in cell and cell.endswith(name)
    # the notation's own hex codes, from before the palette, are gone
    for old in ("#E4572E", "#2E86AB", "#3BB273", "#F3A712", "#8A8A8A", "#222222"):
        assert old not in notation_fragment().upper()


def letters_in_math(markdown: str) -> set[str]:
    """The single letters written in ``markdown``'s math (commands and their names left out)."""
    letters = set()
    for formula in re.findall(r"\$([^$]+)\$", markdown):
        formula = re.sub(r"\\[A-Za-z]+(?:\{[A-Za-z]*\})?", " ", formula)
        letters |= set(re.findall(r"(?<![A-Za-z])[A-Za-z](?![A-Za-z])", formula))
    return letters


@pytest.mark.parametrize("text, letters", [
    # exercise 5.2: the number of runs and the normal quantile (the table's n counts
    # multiplications, its z is a scaled eigenvalue)
    (ch5_exercises.wilson_upper_end, {"n", "z"}),
    # a z-score; the network's output (the table's y is sent to zero by a wide matrix)
    (lambda: (PAGES / "appendix-2.md").read_text(encoding="utf-8"), {"z"}),
    (lambda: (PAGES / "chapter-5.md").read_text(encoding="utf-8"), {"y"}),
], ids=["exercise-5-2", "appendix-2", "chapter-5"])
def test_the_pages_use_no_letter_of_the_table_for_something_else(text, letters):
    assert letters_in_math(text()) & letters == set()


def test_the_two_rotations_say_which_way_they_turn():
    assert "anticlockwise" in entry("R_theta").meaning
    quarter = entry("R_quarter")
    assert "clockwise" in quarter.meaning and r"$\theta = -\pi/2$" in quarter.meaning
    assert quarter.latex == r"R_{-\pi/2}"
    # ... and the machine checks that the quarter turn is the rotation at -π/2
    step = get("rotations-in-the-plane").step("quarter-turn-clockwise")
    assert step.lhs == quarter.symbol


def test_the_sigmoid_is_not_the_nonlinearity():
    assert entry("sigm").latex != entry("sigma").latex
    assert "sigmoid" not in entry("sigma").meaning
    for item in NOTATION:
        assert not re.search(r"\$\\sigma\$,? (?:is )?the logistic", item.meaning), item.key


# --- search ----------------------------------------------------------------------------------

def front_matter(page: Path) -> dict:
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text.split("\n---\n", 1)[0].removeprefix("---\n")) or {}


def boost(page: Path) -> float:
    return float((front_matter(page).get("search") or {}).get("boost", 1))


CHAPTERS = sorted(PAGES.glob("chapter-*.md"))


def test_chapters_are_boosted_and_the_reference_pages_lowered():
    assert len(CHAPTERS) >= 5
    chapters = {page.name: boost(page) for page in CHAPTERS}
    assert min(chapters.values()) > 1, chapters
    for reference in ("api.md", "verification.md"):
        assert boost(PAGES / reference) < 1, reference
    # A heading match weighs 1000 text matches in Material's index (search.title boost), so a
    # function name heading the API page may outrank a chapter only by less than that.
    assert boost(PAGES / "api.md") * 1000 <= min(chapters.values())
