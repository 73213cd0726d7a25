"""Pages first (``$COMPANION_PAGES_FIRST=1``, sitebuild.pending): a video, deck or notebook not yet
made, or made from older sources, is shown as being made, under the anchor the finished one
will have; nothing links to a file that is not there and nothing stale is shown as current.
The same inputs built normally show the finished (or refused) products, so each difference
below is the mode's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from animations import catalogue, stamps
from sitebuild import assets, fragments, mode

SCENE = next(iter(catalogue.scenes().values()))


def rendered(folder: Path, input_hash: str) -> Path:
    """A finished render of :data:`SCENE` in ``folder`` made from ``input_hash``, with every
    file a draft render has."""
    import animations.render as render

    scratch = folder / "scratch"
    scratch.mkdir(parents=True)
    outputs = {}
    for suffix in render.Variant().outputs:
        (scratch / f"{SCENE.name}{suffix}").write_bytes(f"{suffix} of a render".encode())
        outputs[scratch / f"{SCENE.name}{suffix}"] = folder / f"{SCENE.name}{suffix}"
    stamps.publish(folder / f"{SCENE.name}.json", {
        "scene": SCENE.name, "scene_class": SCENE.name, "parameters": {}, "title": SCENE.title,
        "chapter": SCENE.chapter, "caption": SCENE.caption, "module": SCENE.module,
        "input_hash": input_hash}, outputs)
    return folder


@pytest.fixture
def media(tmp_path, monkeypatch) -> Path:
    """An empty ``build/media/draft`` for the renders, the fragments and the assets alike."""
    import animations.render as render

    monkeypatch.setattr(render, "BUILD", tmp_path)
    folder = tmp_path / "media" / "draft"
    folder.mkdir(parents=True)
    monkeypatch.setattr(fragments, "MEDIA", folder)
    monkeypatch.setattr(assets, "MEDIA", folder)
    return folder


def video_of(monkeypatch, first: bool) -> str:
    monkeypatch.setenv(mode.PAGES_FIRST, "1" if first else "0")
    return fragments.video_fragments()[f"videos/{SCENE.name}.md"]


def test_a_stale_render_is_shown_as_being_rendered_not_as_current(media, monkeypatch):
    rendered(media, "the hash of the scene's older sources")
    assert "<video" in video_of(monkeypatch, first=False)  # (a full build then refuses it)
    placeholder = video_of(monkeypatch, first=True)
    assert "<video" not in placeholder and "being rendered" in placeholder
    assert f'id="scene-{SCENE.name}"' in placeholder  # links to the player still land
    assert assets.stamped_media() == []  # and none of its files is published


def test_a_current_render_is_shown_pages_first(media, monkeypatch):
    rendered(media, catalogue.render_hash(SCENE, "draft", {}))
    assert "<video" in video_of(monkeypatch, first=True)
    assert f"{SCENE.name}.webm" in {path.name for path in assets.stamped_media()}


def test_every_scene_not_rendered_has_a_placeholder_so_no_page_include_fails(media, monkeypatch):
    monkeypatch.setenv(mode.PAGES_FIRST, "1")
    shown = fragments.video_fragments()
    assert set(shown) == {f"videos/{name}.md" for name in catalogue.scenes()}
    assert all("being rendered" in text for text in shown.values())
    assert "### " not in fragments.gallery_fragment()  # the gallery lists no scene yet


def test_decks_not_built_are_shown_as_being_built(tmp_path, monkeypatch):
    import lectures.decks as decks

    monkeypatch.setattr(decks, "DECKS", tmp_path)
    monkeypatch.setattr(fragments, "DECKS", tmp_path)
    monkeypatch.setenv(mode.PAGES_FIRST, "0")
    assert fragments.deck_fragments() == {}  # a full build: the page's include then fails
    monkeypatch.setenv(mode.PAGES_FIRST, "1")
    shown = fragments.deck_fragments()
    chapters = sorted({entry.chapter for entry in catalogue.scenes().values()})
    assert set(shown) == {f"decks/chapter-{chapter}.md" for chapter in chapters}
    assert all("being built" in text and "](decks/" not in text for text in shown.values())


def test_a_stale_deck_is_shown_as_being_built(tmp_path, monkeypatch):
    import lectures.decks as decks

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    outputs = {}
    for suffix in decks.FORMATS:
        (scratch / f"chapter-1{suffix}").write_bytes(b"a deck")
        outputs[scratch / f"chapter-1{suffix}"] = tmp_path / f"chapter-1{suffix}"
    stamps.publish(tmp_path / "chapter-1.json", {"chapter": 1, "input_hash": "older inputs"},
                   outputs)
    monkeypatch.setattr(decks, "DECKS", tmp_path)
    monkeypatch.setattr(fragments, "DECKS", tmp_path)
    monkeypatch.setenv(mode.PAGES_FIRST, "0")
    assert "](decks/chapter-1.html)" in fragments.deck_fragments()["decks/chapter-1.md"]
    monkeypatch.setenv(mode.PAGES_FIRST, "1")
    assert "being built" in fragments.deck_fragments()["decks/chapter-1.md"]


def test_no_notebook_is_published_or_linked_before_it_ran(tmp_path, monkeypatch):
    (tmp_path / "chapter-1.ipynb").write_text(json.dumps({"cells": []}))
    monkeypatch.setattr(assets.notebooks, "NOTEBOOKS", tmp_path)
    for name, empty in (("katex", dict), ("slide_quality_renders", dict)):
        monkeypatch.setattr(assets, name, empty)
    monkeypatch.setattr(assets, "DECKS", tmp_path / "decks")
    monkeypatch.setattr(assets, "KITS", tmp_path / "kits")
    monkeypatch.setattr(assets, "MEDIA", tmp_path / "media")
    monkeypatch.setenv(mode.PAGES_FIRST, "0")
    assert "notebooks/chapter-1.ipynb" in assets.published()
    assert ".ipynb" in fragments.notebook_fragments(None)["notebooks/chapter-1.md"]
    monkeypatch.setenv(mode.PAGES_FIRST, "1")
    assert not [uri for uri in assets.published() if uri.startswith("notebooks/")]
    boxes = fragments.notebook_fragments(None)
    assert boxes and all(".ipynb" not in box and "being run" in box for box in boxes.values())


def test_a_malformed_pages_first_setting_is_refused_by_name(monkeypatch):
    monkeypatch.setenv(mode.PAGES_FIRST, "yes")
    with pytest.raises(ValueError, match="COMPANION_PAGES_FIRST: expected 0 or 1, got 'yes'"):
        mode.pages_first()


def test_tables_not_kept_are_shown_as_being_computed_and_kept_ones_as_they_are(
        tmp_path, monkeypatch):
    import importlib

    from derivations.book import CHAPTERS
    from foundation import store
    from sitebuild import chapter_tables

    monkeypatch.setattr(store, "CACHE", tmp_path)  # nothing kept
    modules = [module for chapter in CHAPTERS for module in chapter.tables]
    names = {name for module in modules for name in importlib.import_module(module).TABLES}
    monkeypatch.setenv(mode.PAGES_FIRST, "1")
    shown = chapter_tables.values()
    assert set(shown) == names and all("being computed" in value for value in shown.values())
    assert list(tmp_path.iterdir()) == []  # nothing was computed to show them
    monkeypatch.setenv(mode.PAGES_FIRST, "0")
    monkeypatch.setattr(chapter_tables, "_compute", lambda module: {"kept-table": "| kept |"})
    chapter_tables.module_values(modules[0])  # one module's values are now kept
    monkeypatch.setenv(mode.PAGES_FIRST, "1")
    shown = chapter_tables.values()
    assert shown["kept-table"] == "| kept |"
    assert not set(importlib.import_module(modules[0]).TABLES) & set(shown)
