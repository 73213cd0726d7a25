"""Lecture decks: chapter order, result slides from the checked derivations, HTML titled by
chapter, PowerPoint with videos and notes, a vector PDF handout without repeated pages."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from animations import catalogue, decks, handout, lecture, slides, stamps
from derivations.engine import get
from tests.animations.bad_scenes import RepeatedBeat

CHAPTERS = sorted({entry.chapter for entry in catalogue.scenes().values()})


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


def raster_images(path: Path) -> int:
    return len(re.findall(rb"/Subtype\s*/Image", path.read_bytes()))


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_lecture_follows_its_page_and_shows_every_scene_once_after_its_result(chapter):
    plan = lecture.plan(chapter)
    assert plan[0] == lecture.Item("title", str(chapter))
    page = lecture.page(chapter).read_text(encoding="utf-8")
    stated = [item.key for item in plan if item.kind == "result"]
    assert stated == sorted(stated, key=lambda slug: page.index(f'"derivations/{slug}.md"'))
    assert not any(slug.startswith(("erratum-", "exercise-")) for slug in stated)
    shown = [item.key for item in plan if item.kind == "scene"]
    assert sorted(shown) == sorted(entry.name for entry in lecture.scenes(chapter))
    assert lecture.orphans(chapter) == []
    for index, item in enumerate(plan):
        if item.kind == "scene":
            result = lecture.illustrates(catalogue.scenes()[item.key])
            earlier = [i.key for i in plan[:index] if i.kind == "result"]
            if result:
                assert earlier[-1] == result  # right after its result (and its sibling scenes)
            else:  # a chapter without checked results: its scenes follow the title
                assert earlier == [] and not stated


def test_every_scene_names_a_result_of_its_own_chapter():
    for entry in catalogue.scenes().values():
        if lecture.results(entry.chapter):
            assert get(lecture.illustrates(entry)).chapter == entry.chapter
        else:
            assert lecture.illustrates(entry) == ""


def test_a_scene_without_its_result_is_refused_where_the_chapter_states_results(monkeypatch):
    entry = catalogue.scenes()["VanishingPowers"]
    monkeypatch.setattr(entry.scene_class, "ILLUSTRATES", "")
    with pytest.raises(ValueError, match="ILLUSTRATES must name the result"):
        lecture.illustrates(entry)


def test_every_slide_of_every_lecture_has_a_presentation_class():
    names = [slides.item_name(item) for chapter in CHAPTERS for item in lecture.plan(chapter)]
    assert set(names) <= set(slides.PRESENTATIONS)
    assert len(set(names)) == len(names)


@pytest.mark.slow
def test_deck_names_keep_the_site_deck_apart_from_light_high_and_a_teachers_inputs():
    assert decks.deck_name(2, "dark") == "chapter-2"
    assert decks.deck_name(2, "light", "high") == "chapter-2-light-high"
    mine = {"HiddenStateNormOrthogonalVsGaussian": {"size": 16}, "VanishingPowers": {"steps": 9}}
    named = decks.deck_name(2, "light", "draft", mine)
    assert named.startswith("chapter-2-light--HiddenStateNormOrthogonalVsGaussian--")
    assert "VanishingPowers" not in named  # a chapter-1 scene does not rename chapter 2's deck
    assert decks.deck_name(1, "dark", "draft", mine) != decks.deck_name(1, "dark")
    assert decks.deck_hash(2, "dark") != decks.deck_hash(2, "dark", "draft", mine)
    assert decks.deck_hash(2, "dark") == decks.deck_hash(2, "dark", "draft", {
        "VanishingPowers": {"steps": 9}})


def test_a_beat_that_changes_nothing_gives_no_second_page_and_pages_are_vector(tmp_path):
    scene = type("RepeatedBeatPages", (handout.CapturePages, RepeatedBeat), {})
    pdf = tmp_path / "handout.pdf"
    assert handout.write(pdf, [scene]) == 2  # three beats, the second changes nothing
    assert pdf_pages(pdf) == 2 and raster_images(pdf) == 0
    assert b"/MediaBox [ 0 0 960 540 ]" in pdf.read_bytes()


@pytest.mark.slow
def test_a_result_slide_states_the_checked_conclusion_and_its_notes_give_the_reasons():
    slide = slides.lecture_classes(slides.Beats)[slides.result_name("orthogonal-preserves-norm")]
    shown, notes = slide.content(slide())
    derivation = get("orthogonal-preserves-norm")
    texts = [part.tex_string for part in shown.family_members_with_points()
             if hasattr(part, "tex_string")] + [
        getattr(part, "tex_string", "") for part in shown.get_family()]
    assert any(derivation.conclusion_step.latex() in text for text in texts)
    assert derivation.statement in notes
    assert all(step.reason in notes for step in derivation.steps)


@pytest.mark.slow
def test_a_chapter_deck_is_titled_embeds_its_videos_and_notes_and_hands_out_vector_pages(
        tmp_path, monkeypatch):
    monkeypatch.setattr(decks, "DECKS", tmp_path)
    assert decks.build_decks([2], "light", jobs=1) == 0
    base = tmp_path / "chapter-2-light"
    assert stamps.problems(base.with_suffix(".json")) == []
    page = base.with_suffix(".html").read_text(encoding="utf-8")
    assert "<title>Chapter 2: Orthogonal matrices and orthogonal initialisation</title>" in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing fetched from a network
    plan = lecture.plan(2)
    with zipfile.ZipFile(base.with_suffix(".pptx")) as pptx:
        videos = [n for n in pptx.namelist() if n.startswith("ppt/media/") and n.endswith(".mp4")]
        notes = " ".join(pptx.read(n).decode() for n in pptx.namelist()
                         if n.startswith("ppt/notesSlides/notesSlide"))
        slides_in = [n for n in pptx.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)]
        core = pptx.read("docProps/core.xml").decode()
    assert len(videos) == len(slides_in) >= len(plan)
    first = get("orthogonal-preserves-norm").steps[0].reason
    assert first.split("$")[0].strip() in notes  # a proof's step reason, as a speaker note
    assert "Chapter 2: Orthogonal matrices" in core
    pdf = base.with_suffix(".pdf")
    assert raster_images(pdf) == 0
    assert len(plan) <= pdf_pages(pdf) <= len(slides_in)
