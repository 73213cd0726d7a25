"""The book's records are what the project is organised by: every chapter package, table
module and notebook is named by one record, and nothing that exists is left unnamed."""

from __future__ import annotations

import pkgutil

import pytest

import derivations
import sitebuild.tables
from derivations.book import CHAPTERS, chapter
from derivations.engine.registry import chapter_of, get, slugs
from foundation.paths import ROOT


def test_chapters_are_numbered_one_after_another_with_a_page_each():
    assert [c.number for c in CHAPTERS] == list(range(1, len(CHAPTERS) + 1))
    for record in CHAPTERS:
        assert (ROOT / "site" / record.page).is_file()


def test_every_chapter_package_and_table_module_is_named_by_a_record():
    packages = {f"derivations.{info.name}" for info in pkgutil.iter_modules(derivations.__path__)
                if info.ispkg and info.name.startswith("ch")}
    assert packages == {c.package for c in CHAPTERS if c.package}
    tables = {f"sitebuild.tables.{info.name}"
              for info in pkgutil.iter_modules(sitebuild.tables.__path__)}
    assert tables == {module for c in CHAPTERS for module in c.tables}


def test_every_notebook_is_named_by_its_chapter():
    named = {c.notebook for c in CHAPTERS if c.notebook}
    assert named == {path.name for path in (ROOT / "notebooks").glob("chapter-*.py")}


def test_a_derivation_takes_its_slug_from_its_builder_and_its_chapter_from_its_package():
    for slug in slugs():
        built = get(slug)
        assert built.slug == slug
        assert built.chapter == chapter_of(slug)
    assert chapter_of("orthogonal-preserves-norm") == 2


def test_an_unknown_chapter_is_refused_by_number():
    with pytest.raises(KeyError, match="chapter 9"):
        chapter(9)


def test_every_scene_module_is_shown_by_one_chapter():
    import animations.scenes

    located = {f"animations.scenes.{info.name}"
               for info in pkgutil.iter_modules(animations.scenes.__path__)}
    named = [module for c in CHAPTERS for module in c.scenes]
    assert sorted(named) == sorted(located) and len(set(named)) == len(named)
