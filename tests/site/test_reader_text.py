"""What a reader reads says what was checked or measured, in a student's words: no tool names
or test paths, cases that read as cases, section references that lead to a heading, and
chapter 5's comparisons stated with the intervals of the committed results."""

from __future__ import annotations

import re

import pytest
from markdown.extensions.toc import slugify

from derivations.engine import get, slugs
from experiments import analysis
from sitebuild.paths import PAGES
from sitebuild.tables import ch5_exercises
from sitebuild.theorems import render

# The contributors' guide may name the tools; every other page is a reader's.
READER_PAGES = sorted(p for p in PAGES.glob("*.md") if p.name != "contributing.md")
TOOL = re.compile(r"\bSymPy\b|\bmpmath\b|\bpytest\b|\btests/", re.IGNORECASE)
SECTION = re.compile(r"§\s?\d+(?:\.\d+)*")
HEADING = re.compile(r"^#{1,6} +(.+?)(?: *\{[^}]*\})? *$", re.MULTILINE)
INTERVAL = re.compile(r"\$\[(\d+(?:\.\d+)?), (\d+(?:\.\d+)?)\]\$")


def _prose(markdown: str) -> str:
    """``markdown`` without fenced code, where a command may name what it runs."""
    return re.sub(r"^```.*?^```", "", markdown, flags=re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("page", READER_PAGES, ids=lambda p: p.name)
def test_no_tool_name_or_test_path_on_a_readers_page(page):
    found = TOOL.findall(_prose(page.read_text(encoding="utf-8")))
    assert not found, f"{page.name}: {found}"


def test_no_tool_name_test_path_or_wrong_plural_in_a_theorem_box():
    for slug in slugs():
        text = render(get(slug))
        assert not TOOL.search(text), f"{slug}: {TOOL.search(text).group()}"
        assert "(1 checked steps)" not in text, slug


def test_the_clipping_branches_read_as_two_cases():
    text = render(get("gradient-norm-clipping"))
    assert "Suppose" not in text
    assert re.search(r"Case 1, step \(1\): <strong>\(H3\)</strong> \$\\lVert G\\rVert \\geq "
                     r"\\tau\$", text)
    assert re.search(r"Case 2, step \(2\): <strong>\(H4\)</strong> \$\\lVert G\\rVert < "
                     r"\\tau\$", text)


def test_a_zero_product_of_matrices_is_followed_by_its_cases():
    """Exercise 2.3 once let (Q − Q₊)(Q − Q₋)ᵀ = 0 stand for "Q = Q₊ or Q = Q₋"."""
    derivation = get("exercise-2-3")
    text = render(derivation)
    assert "zero product need not have a zero factor" in derivation.statement
    for number in (1, 2, 3):
        assert f"Case {number}, step ({6 + number})" in text
    assert {str(derivation.step(label).rhs) for label in
            ("reflection-from-top", "reflection-from-bottom", "rotation")} == {"Q_-", "Q_+"}


def test_the_rotation_by_a_difference_is_written_like_the_chapters_rotation():
    text = render(get("exercise-2-2"))
    assert (r"R_{\theta - \alpha} = \begin{bmatrix}\cos{\left(\theta - \alpha \right)} & "
            r"- \sin{\left(\theta - \alpha \right)}\\\sin{\left(\theta - \alpha \right)} & "
            r"\cos{\left(\theta - \alpha \right)}\end{bmatrix}") in text


def test_the_exploding_component_is_shown_exploding():
    step = get("linear-jacobian-powers").step("growing-component")
    assert "explodes" in step.reason
    assert step.latex() == r"\lim_{l \to \infty} \lambda_{2}^{l} = \infty"


def _anchors(page: str) -> set[str]:
    """The ids of ``page``'s headings: an explicit ``{ #id }`` or the slug of its words."""
    text = (PAGES / page).read_text(encoding="utf-8")
    ids = set(re.findall(r"^#{1,6} .*\{ *#([\w-]+)", text, re.MULTILINE))
    return ids | {slugify(words, "-") for words in HEADING.findall(_prose(text))}


def _section_references(text: str, page: str) -> list[str]:
    """Every § reference in ``text`` that is not a link to a heading that exists."""
    wrong = []
    for match in SECTION.finditer(text):
        link = re.match(r"\]\(([\w.-]*)#([\w-]+)\)", text[match.end():])
        opened = text[:match.start()].endswith("[")
        if not (opened and link):
            wrong.append(f"{page}: {match.group()} is not a link")
        elif link.group(2) not in _anchors(link.group(1) or page):
            wrong.append(f"{page}: {match.group()} links to a missing heading {link.group()}")
    return wrong


def test_every_section_reference_links_to_a_heading():
    wrong = []
    for page in READER_PAGES:
        wrong += _section_references(_prose(page.read_text(encoding="utf-8")), page.name)
    for build in ch5_exercises.TABLES.values():
        wrong += _section_references(build(), "chapter-5.md")
    assert not wrong, wrong


def test_chapter_5_states_the_intervals_of_its_results_and_which_overlap():
    text = (PAGES / "chapter-5.md").read_text(encoding="utf-8")
    seeds = len(analysis.load("full")["provenance"]["sweep"]["seeds"])
    possible = {tuple(float(f"{end:.2f}") for end in analysis.wilson_interval(k, seeds))
                for k in range(seeds + 1)}
    stated = {(float(low), float(high)) for low, high in INTERVAL.findall(text)}
    assert len(stated) >= 4
    assert stated <= possible, stated - possible
    # the block rotation against the Haar-random matrix on copy: the intervals overlap
    assert "not distinguishable" in text
    assert "best on copy" not in text and "evidently" not in text
    assert text.count("*Conjecture, not tested here:*") >= 3
