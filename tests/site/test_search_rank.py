"""Search ranks the chapters above the API reference and the verification report under Zensical
too, which ignores the pages' ``search: boost``: the build leaves the reference pages' sections
out of its index (:mod:`sitebuild.search_rank`), and Zensical's own search worker, run here,
then lists the chapters first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitebuild import search_rank
from tests.site.zensical_search import index_of, ranked, write

# A function of the API reference and the chapter that teaches it, as Zensical indexes them:
# the function's name is its section's title, the chapter names it in its text.
ITEMS = [
    ("api.html", "API reference", "<p>The numeric library the chapters teach.</p>"),
    ("api.html#derivations-fibonacci-binet", "<code>binet</code>",
     "<pre><code>def binet(n: int) -&gt; float</code></pre><p>Binet's formula.</p>"),
    ("api.html#derivations-hidden_state-eigenvalues", "<code>eigenvalues</code>",
     "<pre><code>def eigenvalues(matrix)</code></pre><p>The eigenvalues, by angle.</p>"),
    ("chapter-1.html#eigenvalues-decide-growth", "Eigenvalues decide growth",
     "<p>A matrix power grows or shrinks with its eigenvalues: Binet's formula writes each "
     "Fibonacci number through them.</p>"),
]


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "api.md").write_text("---\nsearch:\n  boost: 0.001\n---\n\n# API reference\n")
    (folder / "chapter-1.md").write_text("---\nsearch:\n  boost: 3\n---\n\n# 1. Powers\n")
    return folder


@pytest.mark.browser
def test_zensical_ranks_the_reference_first_until_its_sections_are_left_out(browser, tmp_path,
                                                                            pages):
    site = tmp_path / "site"
    site.mkdir()
    index = write(index_of(ITEMS), site / "search.json")
    queries = ["Binet", "eigenvalue"]
    before = ranked(browser, index, queries, tmp_path / "before")
    assert {query: found[0] for query, found in before.items()} == {
        "Binet": "api.html#derivations-fibonacci-binet",  # the boost alone does not help
        "eigenvalue": "api.html#derivations-hidden_state-eigenvalues"}
    assert search_rank.demote(site, pages) == ["api.html#derivations-fibonacci-binet",
                                               "api.html#derivations-hidden_state-eigenvalues"]
    after = ranked(browser, index, [*queries, "API reference"], tmp_path / "after")
    assert after["Binet"][0] == after["eigenvalue"][0] == "chapter-1.html#eigenvalues-decide-growth"
    assert after["API reference"][0] == "api.html"  # the page itself is still found


def test_an_mkdocs_index_and_pages_without_a_lowered_boost_are_left_alone(tmp_path, pages):
    mkdocs = tmp_path / "mkdocs"
    (mkdocs / "search").mkdir(parents=True)
    (mkdocs / "search" / "search_index.json").write_text('{"docs": []}')
    assert search_rank.demote(mkdocs, pages) == []
    site = tmp_path / "site"
    site.mkdir()
    chapters = index_of([item for item in ITEMS if item[0].startswith("chapter")] * 2)
    write(chapters, site / "search.json")
    assert search_rank.demote(site, pages) == []
    assert json.loads((site / "search.json").read_text()) == chapters
