"""The scenes' words as data: every template has its Korean unit, a changed English template makes
its unit stale, a Korean unit keeps the English's fields and numbers, Korean cues keep Korean
subtitle limits, and a Korean render says its words in Korean, on screen and in its captions."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import av
import manim
import pytest

from animations import captions, catalogue, narration, render
from foundation import templates
from foundation.fonts import HANGUL_FONT
from foundation.paths import ROOT

HANGUL = re.compile(r"[\uac00-\ud7a3]")
KOREAN = ROOT / "translations" / "ko"


def korean_copy(tmp_path: Path) -> Path:
    """The Korean scene translations, copied: a test may edit them."""
    shutil.copytree(KOREAN / "scenes", tmp_path / "ko" / "scenes")
    return tmp_path


def edit_unit(root: Path, module: str, unit: str, change) -> None:
    path = narration.translation_file("ko", module, root)
    entries, _ = templates.parse(path.read_text(encoding="utf-8"), path.name)
    edited = [templates.Entry(entry.id, entry.source, change(entry.text))
              if entry.id == unit else entry for entry in entries]
    path.write_text(templates.render("", edited), encoding="utf-8")


def test_every_scene_template_has_a_current_korean_unit():
    known = narration.english()
    assert len(known) > 100  # the probe reads the scenes' templates, not nothing
    assert narration.findings("ko") == []
    assert set(narration.translated("ko").entries) == set(known)


def test_a_changed_english_template_makes_its_korean_unit_stale(tmp_path):
    scenes = tmp_path / "scenes"
    scenes.mkdir()
    source = ('from animations.narration import words\n\n'
              'SAID = words("demo.radius", "{}", rho="1")\n')
    (scenes / "demo.py").write_text(source.replace("{}", "Its radius is {rho}."), "utf-8")
    unit = templates.Entry("demo.radius", templates.source_digest("Its radius is {rho}."),
                           "반지름은 {rho}입니다.")
    (tmp_path / "ko" / "scenes").mkdir(parents=True)
    (tmp_path / "ko" / "scenes" / "demo.md").write_text(templates.render("", [unit]), "utf-8")
    assert narration.findings("ko", root=tmp_path, folder=scenes) == []
    (scenes / "demo.py").write_text(source.replace("{}", "Its spectral radius is {rho}."),
                                    "utf-8")
    found = narration.findings("ko", root=tmp_path, folder=scenes)
    assert [(f.unit, f.check) for f in found] == [("demo.radius", templates.STALE)]
    assert "ko/scenes/demo.md demo.radius: stale" in str(found[0])


def test_a_korean_render_never_says_a_stale_unit_in_english():
    changed = narration.words("powers.final", "At t = {steps}, the norm of W to the power "
                              "{steps} is {norm}.", steps="64", norm="1")
    with pytest.raises(narration.NarrationError, match=r"powers\.final: stale"):
        changed.text("ko")
    same = narration.words("powers.final", narration.english()["powers.final"].text,
                           steps="64", norm="0.00118")
    assert same.text("ko") == "t = 64에서 W의 64제곱의 스펙트럼 노름은 0.00118입니다."


def test_a_korean_unit_with_other_fields_is_refused(tmp_path):
    root = korean_copy(tmp_path)
    edit_unit(root, "matrix_powers", "powers.final", lambda text: text.replace("{norm}",
                                                                               "{value}"))
    found = narration.findings("ko", root=root)
    assert [(f.unit, f.check) for f in found] == [("powers.final", templates.PLACEHOLDERS)]
    assert "['norm', 'steps']" in found[0].message


def test_a_korean_unit_that_writes_another_number_is_refused(tmp_path):
    root = korean_copy(tmp_path)
    edit_unit(root, "matrix_powers", "powers.said-vanishing",
              lambda text: text.replace("1보다", "2보다"))
    found = narration.findings("ko", root=root)
    assert [(f.unit, f.check) for f in found] == [("powers.said-vanishing", templates.NUMBERS)]


def test_a_beat_that_says_other_numbers_than_the_english_is_refused(tmp_path):
    english = narration.english()["fibonacci.limit"].text
    said = narration.words("fibonacci.limit", english, terms="16", ratio="1.61803")
    stamp = {"scene": "FibonacciEigenvalues", "title": "Fibonacci eigenvalues",
             "narration": [{"start": 0.0, "end": 9.0, "text": said.text()}],
             "narration_units": [{"start": 0.0, **said.record()}]}
    assert narration.track(stamp, "ko").beats[0].text.endswith("n = 16에서 비는 1.61803입니다.")
    root = korean_copy(tmp_path)  # the same fields, but one said twice: 16 where none is
    edit_unit(root, "fibonacci_eigenvalues", "fibonacci.limit",
              lambda text: text.replace("{ratio}입니다.", "{ratio}, 곧 {terms}입니다."))
    assert narration.findings("ko", root=root) == []
    with pytest.raises(narration.NarrationError, match=r"fibonacci\.limit: the ko beat at 0 s "
                                                       r"says the numbers"):
        narration.track(stamp, "ko", root)


def test_korean_cues_keep_korean_subtitle_limits():
    limits = captions.KOREAN
    assert limits.width("고윳값 1.5") == 3 + 2  # Hangul whole; digits, space, point half
    text = ("W의 고윳값 절댓값 중 가장 큰 값은 1이지만 W는 직교 행렬이 아니어서, 거듭제곱은 "
            "기하급수적으로 사라지지도 폭발하지도 않습니다.")
    for piece in captions.pieces(text, limits):
        laid = captions.lines(piece, limits)
        assert laid and len(laid) <= limits.cue_lines
        assert all(limits.width(line) <= limits.line_characters for line in laid)
    assert " ".join(captions.pieces(text, limits)) == text
    # the English limits are the English ones, whatever Korean needs
    assert captions.lines("W의 고윳값 절댓값 중 가장 큰 값은 1이지만") == [
        "W의 고윳값 절댓값 중 가장 큰 값은 1이지만"]


STAMPS = sorted((ROOT / "build" / "media" / "draft").glob("*.json"))


@pytest.mark.skipif(not STAMPS, reason="no draft renders (make render)")
def test_every_rendered_scene_is_said_in_korean_within_its_english_beats():
    checked = 0
    for path in STAMPS:
        stamp = json.loads(path.read_text(encoding="utf-8"))
        if not stamp.get("narration_units"):
            continue  # rendered before its narration was data: the site build refuses it
        track = narration.track(stamp, "ko")
        for cue in track.cues:
            laid = captions.lines(cue.text, captions.KOREAN)
            assert laid and len(laid) <= 2, cue
            assert all(captions.KOREAN.width(line) <= 16 for line in laid), cue
            assert cue.end - cue.start >= captions.reading_seconds(cue.text, captions.KOREAN) \
                - 2e-3, cue
        for english, korean in zip(stamp["narration"], track.beats, strict=True):
            assert (english["start"], english["end"]) == (korean.start, korean.end)
            assert sorted(captions.numbers(korean.text)) == sorted(
                captions.numbers(english["text"])), korean.text
            assert HANGUL.search(korean.text)
        checked += 1
    assert checked or pytest.skip("no render records its templates yet (make render)")


def test_an_unknown_language_is_one_line_naming_the_option_and_the_languages(capsys):
    with pytest.raises(SystemExit) as stop:
        render.main(["--lang", "fr", "--list"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert stop.value.code == 2 and len(lines) == 1
    assert "--lang" in lines[0] and "'fr'" in lines[0] and "en" in lines[0] and "ko" in lines[0]


def test_a_missing_korean_unit_stops_a_korean_render_naming_it(tmp_path, monkeypatch, capsys):
    root = korean_copy(tmp_path)
    path = narration.translation_file("ko", "fibonacci_eigenvalues", root)
    entries, _ = templates.parse(path.read_text(encoding="utf-8"), path.name)
    path.write_text(templates.render("", [e for e in entries if e.id != "fibonacci.limit"]),
                    encoding="utf-8")
    monkeypatch.setattr(narration, "TRANSLATIONS", root)
    monkeypatch.setattr(render, "BUILD", tmp_path / "build")
    assert render.main(["FibonacciEigenvalues", "--lang", "ko"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "fibonacci.limit: missing" in lines[0], lines
    assert not (tmp_path / "build").exists()


def test_hangul_is_drawn_in_its_font_not_as_empty_boxes():
    """Pango finds NanumGothic (Debian's fonts-nanum): each syllable is its own shape; a
    missing font would draw every syllable as the same box."""
    with manim.tempconfig({"verbosity": "WARNING"}):
        shapes = manim.Text("고윳값 반지름", font=HANGUL_FONT)
    glyphs = [glyph for glyph in shapes.submobjects if len(glyph.points)]
    assert len(glyphs) == 6
    outlines = {len(glyph.points) for glyph in glyphs}
    assert len(outlines) > 2, "every syllable has the same outline: boxes, not Hangul"


@pytest.mark.slow
def test_a_korean_render_shows_hangul_and_its_captions_are_korean(tmp_path, monkeypatch):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    entry = catalogue.scenes()["EigenComponentsUnderPowers"]
    outcome = render.render_scene(render.Job(entry, {}, "ko"), render.Variant())
    assert outcome.status == "rendered", outcome.detail
    folder = tmp_path / "media" / "draft" / "ko"
    stamp = json.loads((folder / f"{entry.name}.json").read_text(encoding="utf-8"))
    assert stamp["lang"] == "ko" and stamp["title"] == "거듭제곱 아래의 고유 성분"
    track = captions.parse_webvtt((folder / f"{entry.name}.vtt").read_text(encoding="utf-8"))
    assert all(HANGUL.search(cue.text) for cue in track)
    assert track[-1].end <= render.video_seconds(folder / f"{entry.name}.mp4") + 1e-3
    assert (folder / f"{entry.name}.txt").read_text(encoding="utf-8").startswith(
        "거듭제곱 아래의 고유 성분\n")
    # the same first frame in English differs only where words are: the title's band (the
    # Hangul, set by Pango), not the formula and plane below it
    english = render.render_scene(render.Job(entry, {}), render.Variant())
    assert english.status == "rendered", english.detail
    korean_frame, english_frame = (first_frame(path / f"{entry.name}.mp4")
                                   for path in (folder, folder.parent))
    band = korean_frame.shape[0] // 8
    assert (korean_frame[:band] > 128).mean() > 0.005  # inked: the title is there
    assert abs(korean_frame[:band].astype(int) - english_frame[:band]).mean() > 2
    assert abs(korean_frame[2 * band:5 * band, :300].astype(int)
               - english_frame[2 * band:5 * band, :300]).mean() < 1  # the plane: unchanged


def first_frame(path: Path):
    with av.open(str(path)) as video:
        return next(video.decode(video=0)).to_ndarray(format="gray")


@pytest.mark.parametrize("words", [r"가우스 행렬 $W$, 성분 $\mathcal{N}(0, 1/d)$",
                                   r"점선: $\eta^l$, $\eta = 0.5$"])
def test_a_comma_after_a_formula_is_set_against_it_not_a_space_away(words):
    """A Korean label's punctuation attaches to the formula before it (``W,``, as TeX sets
    it), where a word space still parts words from formulas (``행렬 W``)."""
    from animations import style

    size = 28
    with manim.tempconfig({"verbosity": "WARNING"}):
        line = style.set_in_font(words, size)
    words_before, formula, after = line[0], line[1], line[2]
    comma = next(glyph for glyph in after.submobjects if len(glyph.points))
    assert comma.get_right()[0] - comma.get_left()[0] < size / 200  # a comma's width
    assert abs(comma.get_left()[0] - formula.get_right()[0]) < size / 2000
    assert formula.get_left()[0] - words_before.get_right()[0] > size / 200
