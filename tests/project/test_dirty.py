"""``sitebuild.dirty``: a dirty rebuild in ``make dev`` redoes exactly the pages whose Markdown or
included fragments changed (all of them when asked), and the search index keeps one group of
entries per page."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from sitebuild import dev, dirty

OLD = 1_000_000_000_000_000_000  # ns: the built pages' time, before any input changed


@pytest.fixture
def book(tmp_path: Path) -> dict[str, Path]:
    """Two pages built from Markdown; one includes a fragment that includes another."""
    pages, fragments, built = tmp_path / "site", tmp_path / "generated", tmp_path / "built"
    for folder in (pages, fragments / "derivations", built):
        folder.mkdir(parents=True)
    files = {
        "chapter": pages / "chapter.md", "other": pages / "other.md",
        "fragment": fragments / "derivations" / "step.md",
        "formula": fragments / "formula.md",
        "chapter.html": built / "chapter.html", "other.html": built / "other.html",
    }
    files["chapter"].write_text('# Chapter\n\n--8<-- "derivations/step.md"\n\n'
                                '--8<-- "derivations/missing.md"\n')
    files["other"].write_text("# Other\n\nNo fragment.\n")
    files["fragment"].write_text('A step.\n\n  --8<-- "formula.md"\n')
    files["formula"].write_text("\\(x\\)\n")
    for path in files.values():
        path.write_text(path.read_text() if path.exists() else "<html></html>")
        os.utime(path, ns=(OLD, OLD))
    for name in ("chapter.html", "other.html"):
        os.utime(files[name], ns=(OLD + 10, OLD + 10))  # built after their inputs
    return files


def pages(book: dict[str, Path]) -> list[tuple[Path, Path]]:
    return [(book["chapter"], book["chapter.html"]), (book["other"], book["other.html"])]


def touch(path: Path, ns: int) -> None:
    os.utime(path, ns=(ns, ns))


def test_includes_are_followed_through_fragments_and_missing_ones_skipped(book):
    bases = [book["fragment"].parents[1]]
    assert dirty.included(book["chapter"], bases) == {book["fragment"], book["formula"]}
    assert dirty.included(book["other"], bases) == set()


def test_a_page_is_aged_only_when_an_input_is_newer_than_it(book):
    bases = [book["fragment"].parents[1]]
    assert dirty.age_stale(pages(book), bases) == []
    touch(book["formula"], OLD + 20)  # two includes deep
    assert dirty.age_stale(pages(book), bases) == [book["chapter.html"]]
    assert book["chapter.html"].stat().st_mtime_ns == 0  # MkDocs' rule now redoes it
    assert book["other.html"].stat().st_mtime_ns == OLD + 10
    touch(book["chapter.html"], OLD + 30)  # rebuilt
    touch(book["other"], OLD + 40)  # its own Markdown edited: MkDocs' rule sees that itself,
    assert dirty.age_stale(pages(book), bases) == [book["other.html"]]  # and so does this


def test_an_edition_page_is_aged_when_an_input_holds_other_bytes_not_when_rewritten_alike(
        book, tmp_path):
    """An edition's fragments are rewritten in place by every generation (localised step by
    step), mostly with the same bytes: by time every page would be redone on every save."""
    bases = [book["fragment"].parents[1]]
    translation = tmp_path / "translation.md"
    translation.write_text("번역\n")
    seen: dict[Path, str] = {}
    inputs = {book["chapter"]: [translation]}

    def age() -> list[Path]:
        return dirty.age_changed(pages(book), bases, seen, inputs=lambda s: inputs.get(s, []))

    assert age() == [book["chapter.html"], book["other.html"]]  # nothing seen yet
    for _, built in pages(book):
        touch(built, OLD + 10)
    book["formula"].write_text(book["formula"].read_text())  # rewritten, the same bytes
    touch(book["formula"], OLD + 20)
    assert age() == []
    book["formula"].write_text("\\(y\\)\n")  # two includes deep, other bytes
    assert age() == [book["chapter.html"]]
    touch(book["chapter.html"], OLD + 30)
    translation.write_text("번역 (개정)\n")  # what the page's banner reads
    assert age() == [book["chapter.html"]]
    assert dirty.age_changed(pages(book), bases, seen, everything=True) == [
        book["chapter.html"], book["other.html"]]


def test_everything_ages_every_built_page_and_unbuilt_ones_are_left_to_mkdocs(book):
    bases = [book["fragment"].parents[1]]
    book["other.html"].unlink()
    assert dirty.age_stale(pages(book), bases, everything=True) == [book["chapter.html"]]


def test_a_loop_of_includes_is_an_error_naming_the_file(book):
    book["formula"].write_text('--8<-- "derivations/step.md"\n')
    with pytest.raises(ValueError, match="nested deeper"):
        dirty.included(book["chapter"], [book["fragment"].parents[1]])


def test_what_every_page_shows_rebuilds_them_all(book, monkeypatch):
    """A change of mkdocs.yml or of the failure banner ages every page; a later save of one
    fragment only its page."""
    root = book["chapter"].parents[1]
    (root / "mkdocs.yml").write_text("site_name: x\n")
    monkeypatch.setattr(dev, "ROOT", root)
    monkeypatch.setattr(dev, "_shown_by_every_page", None)
    monkeypatch.setattr(dev, "_failure", None)
    log = logging.getLogger("test")
    bases = [book["fragment"].parents[1]]
    dev.age_stale_pages(pages(book), bases, log)  # the first build: everything
    assert {path.stat().st_mtime_ns for _, path in pages(book)} == {0}
    for _, built in pages(book):
        touch(built, OLD + 10)
    dev.age_stale_pages(pages(book), bases, log)
    assert {path.stat().st_mtime_ns for _, path in pages(book)} == {OLD + 10}
    monkeypatch.setattr(dev, "_failure", "generation failed")
    dev.age_stale_pages(pages(book), bases, log)
    assert {path.stat().st_mtime_ns for _, path in pages(book)} == {0}


def entry(location: str, text: str = "") -> dict[str, str]:
    return {"location": location, "title": location, "text": text}


def test_the_search_index_keeps_each_pages_newest_entries(tmp_path):
    """As Material writes it after a dirty build of a.html and b.html: b.html's old group is
    still there (its removed section too), followed by both pages' new groups."""
    path = tmp_path / "search_index.json"
    old_b = [entry("b.html", "old"), entry("b.html#gone", "old")]
    new_a = [entry("a.html", "new"), entry("a.html#one", "new")]
    new_b = [entry("b.html", "new"), entry("b.html#kept", "new")]
    untouched = [entry("c.html"), entry("c.html#x")]
    path.write_text(json.dumps({"config": {}, "docs": untouched + old_b + new_a + new_b}))
    assert dirty.mend_search_index(path) == 2
    assert json.loads(path.read_text())["docs"] == untouched + new_a + new_b
    assert dirty.mend_search_index(path) == 0  # nothing left to mend: the file is kept
