"""Lecture decks and kits in Korean (``--lang ko``): every word from a checked translation, the
formulas the English deck's, a missing or stale unit an error naming it, never English in its
place; any other language one usage line."""

from __future__ import annotations

import os
import re
import shutil
import zipfile

import pptx
import pypdf
import pytest
from pptx.enum.shapes import MSO_SHAPE_TYPE

from animations import stamps
from animations.request import Request
from animations.toolchain import run_tool
from derivations.engine import get
from derivations.engine.latex import hypothesis_latex
from lectures import decks, figures, kit, language, plan, slides
from sitebuild.translation import glossary as glossary_module
from sitebuild.translation import report
from sitebuild.translation.invariants import formula_key
from sitebuild.translation.units import TITLE
from tests.lectures.test_decks import pptx_problems

HANGUL = re.compile(r"[\uac00-\ud7a3]")
MATH_NAMES = {"cos", "sin", "tan", "tanh", "exp", "log", "det", "diag", "max", "min", "sup",
              "lim", "rank"}  # in a formula spelt in Unicode, not English words
SLUG = "orthogonal-preserves-norm"  # chapter 2's first result


@pytest.fixture
def fresh_words():
    """The language module's caches emptied before and after (a test changes translations)."""
    language.templates.cache_clear()
    language._result_words.cache_clear()
    yield
    language.templates.cache_clear()
    language._result_words.cache_clear()


@pytest.mark.parametrize("command", [decks.main, lambda argv: kit.main(["--chapter", "2",
                                                                        *argv])])
def test_a_language_other_than_english_or_korean_is_one_line_naming_lang(command, capsys):
    with pytest.raises(SystemExit) as stopped:
        command(["--lang", "fr"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--lang" in error and "'en', 'ko'" in error
    assert "'fr'" in error


def korean_notes(chapter: int) -> dict[str, str]:
    """The speaker notes of every result slide of ``chapter``'s Korean deck."""
    return {slug: slides.result_notes(slug, "ko") for slug in plan.results(chapter)}


def test_the_korean_notes_are_korean_and_say_the_glossary_terms_not_variants(fresh_words):
    glossary = report.load_glossary("ko")
    for slug, notes in korean_notes(2).items():
        # Every line of words is Korean: the statement, each gloss and each step's reason.
        for line in notes.split("\n"):
            words = re.sub(r"^\(\d+\) [^:]*: ", "", line)  # a step: its formula, then its reason
            english = [word for word in re.findall(r"[A-Za-z]{3,}", re.sub(
                r"\([A-Za-z' -]+\)", "", words)) if word not in MATH_NAMES]
            if len(english) >= 2:
                assert HANGUL.search(words), f"{slug}: an English line in the notes: {line!r}"
        assert glossary_module.lint(slug, [("notes", TITLE, notes)], glossary) == []
        derivation = get(slug)
        assert len(re.findall(r"^\(\d+\) ", notes, re.M)) == len(derivation.steps)
        assert derivation.steps[0].reason not in notes
    said = "\n".join(korean_notes(2).values())
    for term in ("직교 행렬", "고윳값", "특잇값"):  # orthogonal matrix, eigenvalue, singular value
        assert term in said
    for variant in ("직교행렬", "고유값"):  # what the glossary rejects
        assert variant not in said
    assert HANGUL.search(slides.continued("ko"))


def test_a_rejected_variant_in_a_theorem_box_translation_stops_the_korean_deck(
        tmp_path, monkeypatch, fresh_words):
    copied = korean_translations(tmp_path, monkeypatch)
    box = copied / "ko" / "generated" / "derivations" / f"{SLUG}.md"
    text = box.read_text(encoding="utf-8")
    assert "직교 행렬" in text
    box.write_text(text.replace("직교 행렬", "직교행렬", 1), encoding="utf-8")
    with pytest.raises(language.TranslationMissing, match="glossary"):
        language.check(2, "ko")


def korean_translations(tmp_path, monkeypatch):
    """A copy of the translations the Korean deck reads, made the module's."""
    copied = tmp_path / "translations"
    shutil.copytree(language.TRANSLATIONS / "ko", copied / "ko")
    monkeypatch.setattr(language, "TRANSLATIONS", copied)
    return copied


def test_a_stale_korean_unit_stops_the_deck_before_anything_renders_naming_it(
        tmp_path, monkeypatch, capsys, fresh_words):
    copied = korean_translations(tmp_path, monkeypatch)
    box = copied / "ko" / "generated" / "derivations" / f"{SLUG}.md"
    # The English title changed since it was translated: the unit records another digest.
    text, stale = re.subn(rf"(<!-- unit: {SLUG}\.title2 source: )[0-9a-f]{{12}}",
                          r"\g<1>000000000000", box.read_text(encoding="utf-8"))
    assert stale == 1
    box.write_text(text, encoding="utf-8")
    monkeypatch.setattr(decks, "build_decks", lambda *a, **k: pytest.fail("it built"))
    assert decks.main(["--chapter", "2", "--lang", "ko"]) == 1
    error = capsys.readouterr().err.strip().split("\n")
    assert len(error) == 1
    assert error[0].startswith("python -m lectures.decks: --lang ko: ")
    assert f"derivations/{SLUG}.md: {SLUG}.title2: stale" in error[0]
    with pytest.raises(language.TranslationMissing, match=rf"{SLUG}\.title2: stale"):
        language.result_words(SLUG, "ko")
    with pytest.raises(language.TranslationMissing, match=rf"{SLUG}\.title2: stale"):
        decks.build_deck(2, "dark", lang="ko")  # never the English title in its place


def test_a_missing_korean_template_stops_the_kit_naming_it(tmp_path, monkeypatch, capsys,
                                                           fresh_words):
    copied = korean_translations(tmp_path, monkeypatch)
    catalogue = copied / "ko" / "interface" / "lectures.md"
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(re.sub(r"<!-- unit: kit\.heading .*?\n.*?\n", "", text),
                         encoding="utf-8")
    monkeypatch.setattr(kit, "build_kit", lambda *a, **k: pytest.fail("it built"))
    assert kit.main(["--chapter", "2", "--lang", "ko"]) == 1
    assert "lectures.toml kit.heading: missing" in capsys.readouterr().err


def test_korean_deck_and_kit_names_sit_beside_the_english_ones():
    assert decks.deck_name(2, "dark", lang="ko") == "chapter-2.ko"
    assert decks.deck_name(2, "light", "high", lang="ko") == "chapter-2-light-high.ko"
    assert decks.output(decks.DECKS / "chapter-2.ko", ".pptx").name == "chapter-2.ko.pptx"
    assert decks.deck_hash(2, "dark") != decks.deck_hash(2, "dark", lang="ko")
    assert kit.kit_name(2, "high", "ko") == "chapter-2.ko"
    assert kit.kit_name(2, "draft", "ko") == "chapter-2-draft.ko"


def test_the_korean_kit_readme_is_the_checked_korean_templates(tmp_path, monkeypatch):
    def gather(chapter, quality, jobs, force=False, lang="en"):
        path = tmp_path / "deck.pptx"
        path.write_bytes(b"deck")
        return {f"decks/{decks.deck_name(chapter, 'dark', quality, lang=lang)}.pptx": path}

    monkeypatch.setattr(kit, "gather", gather)
    monkeypatch.setattr(kit, "KITS", tmp_path / "kits")
    monkeypatch.setattr(figures, "chapter_figures", lambda chapter, lang="en": {})
    path = kit.build_kit(2, "draft", lang="ko")
    assert path.name == "chapter-2-draft.ko.zip"
    with zipfile.ZipFile(path) as archive:
        readme = archive.read("chapter-2-draft-kit.ko/README.txt").decode()
        assert "chapter-2-draft-kit.ko/decks/chapter-2.ko.pptx" in archive.namelist()
    assert readme.startswith("강의 자료 묶음, 2장: 직교 행렬과 직교 초기화\n")
    assert "초당 15프레임" in readme and "RotationOrbitAndEigenvalues: " in readme
    assert all(HANGUL.search(line) or not re.search(r"[a-z]{4,} [a-z]{4,} [a-z]{4,}", line)
               for line in readme.split("\n")), "an English sentence in the Korean README"
    assert all(kit.columns(line) <= kit.README_WIDTH for line in readme.split("\n"))


@pytest.mark.slow
def test_a_korean_result_slide_typesets_the_english_slides_formulas(fresh_words):
    classes = slides.lecture_classes(slides.Beats)
    slide = classes[slides.result_name(SLUG)]
    korean = type("KoreanResult", (slide,), {"LANG": "ko"})
    english, _ = slide.content(slide())
    said, notes = korean.content(korean())

    def formulas(shown) -> list[str]:
        return [part.tex_string for part in shown.get_family()
                if type(part).__name__ == "MathTex"]

    derivation = get(SLUG)
    conclusion = derivation.conclusion_step.latex()
    assert conclusion in formulas(english) and conclusion in formulas(said)
    given = [formula_key(hypothesis_latex(h)) for h in derivation.checked_hypotheses
             if not h.local]
    shown = [formula_key(latex) for latex in formulas(said)]
    assert all(hypothesis in shown for hypothesis in given)
    words = [part.text for part in said.get_family() if type(part).__name__ == "Text"]
    assert any(HANGUL.search(text) for text in words)
    title = language.result_words(SLUG, "ko").title.replace(" ", "")
    assert title.startswith(words[1].replace(" ", ""))  # Manim keeps a Text's words unspaced
    assert notes == slides.result_notes(SLUG, "ko")


def korean_deck(chapter: int, folder, monkeypatch):
    """The base path of ``chapter``'s Korean deck at draft quality: the published one if its
    stamp matches today's inputs, else one built now into ``folder``."""
    if not decks.is_up_to_date(chapter, "dark", lang="ko"):
        monkeypatch.setattr(decks, "DECKS", folder)
        assert decks.build_decks([chapter], "dark", jobs=1, lang="ko") == 0
    return decks.DECKS / decks.deck_name(chapter, "dark", lang="ko")


@pytest.mark.slow
@pytest.mark.long
def test_the_korean_deck_says_its_words_in_korean_and_shows_the_english_formulas(
        tmp_path, monkeypatch, fresh_words):
    base = korean_deck(2, tmp_path, monkeypatch)
    assert stamps.problems(decks.output(base, ".json")) == []
    page = decks.output(base, ".html").read_text(encoding="utf-8")
    assert '<html lang="ko">' in page and "<title>2장: 직교 행렬과 직교 초기화</title>" in page
    path = decks.output(base, ".pptx")
    assert pptx_problems(path) == []
    deck = pptx.Presentation(str(path))
    assert deck.core_properties.language == "ko-KR"
    glossary = report.load_glossary("ko")
    results = plan.results(2)
    text_slides = [slide for slide in deck.slides
                   if not any(s.shape_type == MSO_SHAPE_TYPE.MEDIA for s in slide.shapes)]
    assert len(text_slides) == 1 + len(results)
    for slug, slide in zip(results, text_slides[1:], strict=True):
        assert slide.shapes.title.text_frame.text == language.result_words(slug, "ko").title
        [picture] = [s for s in slide.shapes if s.shape_type == MSO_SHAPE_TYPE.PICTURE]
        described = picture._element.xpath("./p:nvPicPr/p:cNvPr")[0].get("descr")
        assert described.endswith(f"(LaTeX: {get(slug).conclusion_step.latex()})")
    for slide in deck.slides:
        notes = slide.notes_slide.notes_text_frame.text
        assert HANGUL.search(notes), f"English notes: {notes[:80]!r}"
        assert glossary_module.lint("deck", [("notes", TITLE, notes)], glossary) == []
        assert HANGUL.search(slide.shapes.title.text_frame.text)
    pdf = decks.output(base, ".pdf")
    texts = [page.extract_text() for page in pypdf.PdfReader(pdf).pages]
    assert texts[0].startswith("2장: 직교 행렬과 직교 초기화")
    assert all(HANGUL.search(text) for text in texts)
    assert b"NanumGothic" in pdf.read_bytes()


@pytest.mark.slow
def test_the_manim_process_manim_slides_starts_draws_the_decks_request(tmp_path, monkeypatch):
    """manim-slides renders in a Manim process of its own: the deck's language (and theme and
    inputs) must reach it, or the Korean deck's scenes would speak English."""
    (tmp_path / "probe_child.py").write_text(
        "import subprocess, sys\n"
        "said = subprocess.run([sys.executable, '-c', 'from animations import request; "
        "print(request.current())'], capture_output=True, text=True).stdout\n"
        "raise SystemExit(said)\n", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [
        str(tmp_path), os.environ.get("PYTHONPATH")])))
    with pytest.raises(RuntimeError, match=r"theme='light'.*lang='ko'"):
        run_tool("probe_child", [], tmp_path, Request("light", {}, "ko"))


FIGURE = "ch4-stability-region"  # chapter 4's figure: axis names and a region's name in words


def _runs(drawn) -> list[str]:
    """The runs of text between the tags of a figure's SVG, as they read."""
    return [" ".join(run.split()) for part in drawn.parts for piece in part.pieces
            if isinstance(piece, str) for run in re.findall(r">([^<>]+)<", piece) if run.strip()]


def test_a_korean_kit_figure_says_the_words_of_the_korean_pages_plot(fresh_words):
    from sitebuild import chapter_tables

    english = chapter_tables.figures(4)[FIGURE]
    korean = language.figure(FIGURE, english, "ko")
    translation = (language.TRANSLATIONS / "ko" / "generated" / "tables" / f"{FIGURE}.md"
                   ).read_text(encoding="utf-8")
    worded = [run for run in _runs(english) if re.search(r"[A-Za-z]{3}", run)]
    assert len(worded) >= 3, worded  # the test sees words to translate
    said = [run for run in _runs(korean) if HANGUL.search(run)]
    assert len(said) == len(worded)
    assert all(run in translation for run in said)  # each from the checked translation
    assert not set(worded) & set(_runs(korean))  # no English label left
    assert HANGUL.search(korean.label) and korean.label in translation
    # What is not words (tick values, formulas) is drawn as the English figure draws it.
    assert [run for run in _runs(korean) if not HANGUL.search(run)] == \
        [run for run in _runs(english) if run not in worded]
    assert korean.width == english.width and korean.height == english.height
    printed = figures.standalone(korean, "ko")
    assert "font-family:'NanumGothic',sans-serif" in printed and 'xml:lang="ko"' in printed


def test_a_stale_unit_of_a_figure_stops_its_korean_kit_figure_naming_it(
        tmp_path, monkeypatch, fresh_words):
    from sitebuild import chapter_tables

    copied = korean_translations(tmp_path, monkeypatch)
    path = copied / "ko" / "generated" / "tables" / f"{FIGURE}.md"
    text, stale = re.subn(r"(<!-- unit: (top\.title1) source: )[0-9a-f]{12}", r"\g<1>000000000000",
                          path.read_text(encoding="utf-8"))
    assert stale == 1
    path.write_text(text, encoding="utf-8")
    with pytest.raises(language.TranslationMissing, match=r"top\.title1: stale"):
        language.figure(FIGURE, chapter_tables.figures(4)[FIGURE], "ko")
    path.unlink()
    with pytest.raises(language.TranslationMissing, match=f"no translation file .*{FIGURE}"):
        language.figure(FIGURE, chapter_tables.figures(4)[FIGURE], "ko")


def test_the_korean_cost_plot_is_drawn_from_the_korean_report_templates(fresh_words):
    from sitebuild import chapter_tables

    english = chapter_tables.figures(2)["ch2-cost-plot"]
    korean = language.figure("ch2-cost-plot", english, "ko")
    assert HANGUL.search(korean.label) and any(HANGUL.search(run) for run in _runs(korean))
    numbers = re.compile(r"\d+(?:\.\d+)?")
    assert numbers.findall(" ".join(_runs(korean))) == numbers.findall(" ".join(_runs(english)))
