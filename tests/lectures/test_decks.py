"""Lecture decks: chapter order, result slides from the checked derivations, HTML titled by
chapter, PowerPoint a teacher can edit (titles, theorems and notes as text, videos with alt
text and posters that show something), a vector PDF handout with a text layer and without
repeated pages."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pptx
import pypdf
import pytest
from PIL import Image
from pptx.enum.shapes import MSO_SHAPE_TYPE

from animations import catalogue, stamps
from derivations.engine import get
from lectures import decks, handout, plaintext, plan, powerpoint, slides
from tests.animations.bad_scenes import RepeatedBeat

CHAPTERS = sorted({entry.chapter for entry in catalogue.scenes().values()})
LATEX = re.compile(r"\\[A-Za-z]+|\$")
# Markdown's emphasis: ** anywhere, or * opening a word (a conjugate's * follows its operand).
MARKDOWN = re.compile(r"\*\*|(?:^|[\s(])\*\S|\]\(")
FILE_NAME = re.compile(r"[\w.-]+\.(?:png|jpe?g|gif|mp4|webm)", re.IGNORECASE)  # no description
# A typeset formula's alt text: the formula read in Unicode, then its LaTeX source.
FORMULA_ALT = re.compile(r"[^\\$]+ \(LaTeX: .+\)", re.DOTALL)


def pptx_problems(path: Path) -> list[str]:
    """What keeps a PowerPoint deck from being edited, translated or read aloud: a slide
    without a title in its title placeholder, a picture or video without alt text, a typeset
    formula whose alt text does not give it in Unicode and in LaTeX, a slide without speaker
    notes, LaTeX source or Markdown marks in any text or notes."""
    problems = []
    for number, slide in enumerate(pptx.Presentation(str(path)).slides, start=1):
        title = slide.shapes.title
        if title is None or not title.text_frame.text.strip():
            problems.append(f"slide {number}: no title in a title placeholder")
        for shape in slide.shapes:
            if shape.shape_type in (MSO_SHAPE_TYPE.PICTURE, MSO_SHAPE_TYPE.MEDIA):
                described = shape._element.xpath("./p:nvPicPr/p:cNvPr")[0].get("descr")
                if not (described or "").strip() or FILE_NAME.fullmatch(described.strip()):
                    problems.append(f"slide {number}: {shape.name} has no alt text "
                                    f"({described!r})")
                elif (shape.shape_type == MSO_SHAPE_TYPE.PICTURE
                      and not FORMULA_ALT.fullmatch(described)):
                    problems.append(f"slide {number}: the formula {shape.name} is not given in "
                                    f"Unicode and LaTeX ({described!r})")
            if shape.has_text_frame and (MARKDOWN.search(shape.text_frame.text)
                                         or LATEX.search(shape.text_frame.text)):
                problems.append(f"slide {number}: Markdown or LaTeX in "
                                f"{shape.text_frame.text!r}")
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        if not notes.strip():
            problems.append(f"slide {number}: no speaker notes")
        elif LATEX.search(notes) or MARKDOWN.search(notes):
            problems.append(f"slide {number}: LaTeX or Markdown in the notes: "
                            f"{(LATEX.search(notes) or MARKDOWN.search(notes)).group()!r}")
    return problems


def slide_text(slide) -> str:
    return "\n".join(shape.text_frame.text for shape in slide.shapes if shape.has_text_frame)


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


def raster_images(path: Path) -> int:
    return len(re.findall(rb"/Subtype\s*/Image", path.read_bytes()))


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_lecture_follows_its_page_and_shows_every_scene_once_after_its_result(chapter):
    lesson = plan.plan(chapter)
    assert lesson[0] == plan.Item("title", str(chapter))
    page = plan.page(chapter).read_text(encoding="utf-8")
    stated = [item.key for item in lesson if item.kind == "result"]
    assert stated == sorted(stated, key=lambda slug: page.index(f'"derivations/{slug}.md"'))
    assert not any(slug.startswith(("erratum-", "exercise-")) for slug in stated)
    shown = [item.key for item in lesson if item.kind == "scene"]
    assert sorted(shown) == sorted(entry.name for entry in plan.scenes(chapter))
    assert plan.orphans(chapter) == []
    for index, item in enumerate(lesson):
        if item.kind == "scene":
            result = plan.illustrates(catalogue.scenes()[item.key])
            earlier = [i.key for i in lesson[:index] if i.kind == "result"]
            if result:
                assert earlier[-1] == result  # right after its result (and its sibling scenes)
            else:  # a chapter without checked results: its scenes follow the title
                assert earlier == [] and not stated


def test_every_scene_names_a_result_of_its_own_chapter():
    for entry in catalogue.scenes().values():
        if plan.results(entry.chapter):
            assert get(plan.illustrates(entry)).chapter == entry.chapter
        else:
            assert plan.illustrates(entry) == ""


def test_a_scene_without_its_result_is_refused_where_the_chapter_states_results(monkeypatch):
    entry = catalogue.scenes()["VanishingPowers"]
    monkeypatch.setattr(entry.scene_class, "ILLUSTRATES", "")
    with pytest.raises(ValueError, match="ILLUSTRATES must name the result"):
        plan.illustrates(entry)


def test_every_slide_of_every_lecture_has_a_presentation_class():
    names = [slides.item_name(item) for chapter in CHAPTERS for item in plan.plan(chapter)]
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
    first, last = (page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    assert first.startswith("Repeated beat") and "A square appears, then nothing" in first
    assert "(continued) A square appears" in last  # the last beat goes on with the narration


def test_a_beat_without_narration_has_the_narration_it_continues_as_notes():
    beats = slides.Beats()
    beats.marks = [(0.0, "First."), (1.0, "Second.")]
    assert beats.pending_notes() == "First.\n\nSecond."
    assert beats.pending_notes() == "(continued) Second."
    beats.marks.append((2.0, "Third."))
    assert beats.pending_notes() == "Third."


def test_handout_notes_flow_beside_then_below_the_picture_and_shrink_to_fit(tmp_path):
    pages = handout.Pages(tmp_path / "flow.pdf")
    pages.context.select_font_face(handout.FONT)
    pages.context.set_font_size(10)
    boxes = handout.text_boxes()
    short = pages._flow("One line.", boxes, 10)
    assert [y for _, y, _ in short] == [boxes[0][1] + 10]
    long = " ".join(["word"] * 2500)
    assert pages._flow(long, boxes, 10) is None  # too long even for both boxes: shrink it
    placed = pages._flow(long, boxes, 10, cut=True)
    assert {x for x, _, _ in placed} == {boxes[0][0], boxes[1][0]} and placed[-1][2].endswith("…")
    pages.close()


def test_a_powerpoint_title_and_result_slide_are_editable_text_with_described_formulas(
        tmp_path):
    slug = "orthogonal-preserves-norm"
    formula = tmp_path / f"{slug}.png"
    Image.new("RGBA", (600, 120), (255, 255, 255, 255)).save(formula)
    deck = powerpoint.PowerPointDeck("light", "Chapter 2")
    powerpoint.title_slide(deck, 2, "Chapter 2: Orthogonal matrices.")
    powerpoint.result_slide(deck, slug, "for all sizes $d$", formula, slides.result_notes(slug))
    deck.save(tmp_path / "deck.pptx")
    assert pptx_problems(tmp_path / "deck.pptx") == []
    title, result = pptx.Presentation(str(tmp_path / "deck.pptx")).slides
    assert "Orthogonal matrices and orthogonal initialisation" in title.shapes.title.text_frame.text
    assert "An orthogonal matrix keeps every length" in slide_text(title)  # the results, listed
    derivation = get(slug)
    assert result.shapes.title.text_frame.text == derivation.title
    text = slide_text(result)
    # Everything the title claims: the statement in words, with its math in Unicode.
    assert plaintext.plain_text(derivation.statement) in text.replace("\n", " ")
    assert "Q⁻¹ = Qᵀ" in text and "QᵀQ = I" in text
    assert "for all sizes d" in text and "$" not in text
    [picture] = [s for s in result.shapes if s.shape_type == MSO_SHAPE_TYPE.PICTURE]
    described = picture._element.xpath("./p:nvPicPr/p:cNvPr")[0].get("descr")
    assert described.startswith("‖Qx‖² = ‖x‖²") and derivation.conclusion_step.latex() in described
    notes = result.notes_slide.notes_text_frame.text
    assert "(1) ‖Qx‖² = xᵀQᵀQx: For real Q and x, (Qx)* = xᵀQᵀ." in notes


def test_the_checker_finds_what_an_untitled_video_only_deck_lacks(tmp_path):
    """The old deck: full-slide videos on blank slides, LaTeX notes or none."""
    presentation = pptx.Presentation()
    blank = presentation.slide_layouts[6]
    first = presentation.slides.add_slide(blank)
    first.shapes.add_picture(io.BytesIO(_png()), 0, 0)
    first.notes_slide.notes_text_frame.text = r"If $Q^\top Q = I$ then **this**."
    presentation.slides.add_slide(blank)
    presentation.save(str(tmp_path / "old.pptx"))
    problems = pptx_problems(tmp_path / "old.pptx")
    assert any("slide 1: no title" in p for p in problems)
    assert any("slide 1:" in p and "no alt text" in p for p in problems)
    assert any("slide 1: LaTeX" in p for p in problems)
    assert any("slide 2: no speaker notes" in p for p in problems)


def test_a_formula_picture_described_only_in_latex_is_caught(tmp_path):
    presentation = pptx.Presentation()
    slide = presentation.slides.add_slide(presentation.slide_layouts[5])  # title only
    slide.shapes.title.text = "A result"
    slide.notes_slide.notes_text_frame.text = "Its reasons, in words."
    picture = slide.shapes.add_picture(io.BytesIO(_png()), 0, 0)
    picture._element.xpath("./p:nvPicPr/p:cNvPr")[0].set("descr", r"\lVert Qx\rVert = 1")
    presentation.save(str(tmp_path / "latex-alt.pptx"))
    assert pptx_problems(tmp_path / "latex-alt.pptx") == [
        "slide 1: the formula Picture 2 is not given in Unicode and LaTeX "
        "('\\\\lVert Qx\\\\rVert = 1')"]
    picture._element.xpath("./p:nvPicPr/p:cNvPr")[0].set(
        "descr", r"‖Qx‖ = 1 (LaTeX: \lVert Qx\rVert = 1)")
    presentation.save(str(tmp_path / "both.pptx"))
    assert pptx_problems(tmp_path / "both.pptx") == []


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.slow
def test_a_result_slide_states_the_checked_conclusion_and_its_notes_give_the_reasons():
    slide = slides.lecture_classes(slides.Beats)[slides.result_name("orthogonal-preserves-norm")]
    shown, notes = slide.content(slide())
    derivation = get("orthogonal-preserves-norm")
    texts = [part.tex_string for part in shown.family_members_with_points()
             if hasattr(part, "tex_string")] + [
        getattr(part, "tex_string", "") for part in shown.get_family()]
    assert any(derivation.conclusion_step.latex() in text for text in texts)
    # The statement too: the title promises "its inverse is its transpose", the conclusion
    # formula is only the length.
    assert any(r"$Q^{-1} = Q^\top$" in text for text in texts)
    assert "*" not in "".join(texts).replace("^*", "").replace("{*}", "")  # no Markdown marks
    assert plaintext.plain_text(derivation.statement) in notes
    assert all(plaintext.plain_text(step.reason) in notes for step in derivation.steps)
    assert not LATEX.search(notes)


def poster_colours(movie) -> int:
    """How many colours a video's poster has (a blank frame has one)."""
    blip = movie._element.xpath("./p:blipFill/a:blip")[0]
    part = movie.part.related_part(blip.get(
        "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"))
    with Image.open(io.BytesIO(part.blob)) as poster:
        return len(poster.convert("RGB").getcolors(1 << 24))


def site_deck(chapter: int, folder: Path, monkeypatch) -> Path:
    """The base path of ``chapter``'s site deck: the one the site build published, if its stamp
    matches today's inputs and files (what readers download is what is tested, and a run of the
    whole suite builds it once), else one built now into ``folder``."""
    if not decks.is_up_to_date(chapter, "dark"):
        monkeypatch.setattr(decks, "DECKS", folder)
        assert decks.build_decks([chapter], "dark", jobs=1) == 0
    return decks.DECKS / decks.deck_name(chapter, "dark")


@pytest.mark.slow
@pytest.mark.long
def test_a_chapter_deck_is_titled_embeds_its_videos_and_notes_and_hands_out_vector_pages(
        tmp_path, monkeypatch):
    base = site_deck(2, tmp_path, monkeypatch)
    assert stamps.problems(base.with_suffix(".json")) == []
    page = base.with_suffix(".html").read_text(encoding="utf-8")
    assert "<title>Chapter 2: Orthogonal matrices and orthogonal initialisation</title>" in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing fetched from a network
    lesson = plan.plan(2)
    with zipfile.ZipFile(base.with_suffix(".pptx")) as pptx_file:
        videos = [n for n in pptx_file.namelist()
                  if n.startswith("ppt/media/") and n.endswith(".mp4")]
        core = pptx_file.read("docProps/core.xml").decode()
    assert "Chapter 2: Orthogonal matrices" in core
    assert pptx_problems(base.with_suffix(".pptx")) == []
    deck = pptx.Presentation(str(base.with_suffix(".pptx")))
    results = [item.key for item in lesson if item.kind == "result"]
    text_slides = [slide for slide in deck.slides
                   if not any(s.shape_type == MSO_SHAPE_TYPE.MEDIA for s in slide.shapes)]
    assert len(text_slides) == 1 + len(results)  # the title and each result, as text
    for slug, slide in zip(results, text_slides[1:], strict=True):
        assert slide.shapes.title.text_frame.text == plaintext.plain_text(get(slug).title)
    first = plaintext.plain_text(get("orthogonal-preserves-norm").steps[0].reason)
    assert first in text_slides[1].notes_slide.notes_text_frame.text  # a proof step's reason
    movies = [s for slide in deck.slides for s in slide.shapes
              if s.shape_type == MSO_SHAPE_TYPE.MEDIA]
    assert len(videos) == len(movies) == len(deck.slides) - len(text_slides) >= 2
    assert all(poster_colours(movie) > 2 for movie in movies)  # no blank poster
    pdf = base.with_suffix(".pdf")
    assert raster_images(pdf) == 0
    assert len(lesson) <= pdf_pages(pdf) <= len(deck.slides)
    texts = [page.extract_text() for page in pypdf.PdfReader(pdf).pages]
    assert all(text.strip() for text in texts)  # every page has a text layer
    assert texts[0].startswith("Chapter 2: Orthogonal matrices")
    assert any("‖Qx‖ = ‖x‖" in text for text in texts)


def test_a_slide_typesets_markdown_emphasis_and_keeps_a_conjugate_star_in_math():
    assert slides.markdown_latex("If $Q^* = Q$ and $x^*$, see *Merity* and [this](#x) 50%.") \
        == r"If $Q^* = Q$ and $x^*$, see \emph{Merity} and this 50\%."
