"""One reader of a page's outline, which the site and the lectures share: the heading, and the
derivations and videos a page includes, in its order."""

from __future__ import annotations

from derivations.book import CHAPTERS
from lectures import plan
from sitebuild import fragments
from sitebuild.outline import chapter_pages, outline


def test_a_page_outline_is_its_heading_and_its_includes_in_order(tmp_path):
    page = tmp_path / "chapter-9.md"
    page.write_text('---\nsearch:\n  boost: 3\n---\n\n# 9. Powers, again\n\n'
                    '--8<-- "derivations/second-result.md"\n\n--8<-- "videos/PowersScene.md"\n\n'
                    '--8<-- "derivations/first-result.md"\n\n'
                    '    --8<-- "derivations/indented-is-not-included.md"\n\n'
                    '--8<-- "derivations/second-result.md"\n', encoding="utf-8")
    found = outline(page)
    assert (found.heading, found.title) == ("9. Powers, again", "Powers, again")
    assert found.derivations == ("second-result", "first-result", "second-result")
    assert found.videos == ("PowersScene",)
    bare = tmp_path / "bare.md"
    bare.write_text("No heading.\n", encoding="utf-8")
    assert outline(bare).heading is None and outline(bare).title is None


def test_the_site_and_the_lectures_read_the_chapter_pages_the_same_way():
    pages = chapter_pages()
    assert sorted(pages) == [chapter.number for chapter in CHAPTERS]
    including = fragments.pages_including()
    for number, page in pages.items():
        assert plan.chapter_title(number) == outline(page).title
        for slug in plan.results(number):
            assert including[slug] == page.name
