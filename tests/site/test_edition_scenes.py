"""The Korean edition's videos: a Korean caption track (the default) and a Korean transcript,
said from the render's recorded templates and values and timed by its English beats; the
scenes' Korean terms follow the glossary; the built Korean chapter pages carry the track."""

from __future__ import annotations

import re
import shutil

import pytest

from animations import captions, narration
from foundation import templates
from foundation.paths import ROOT
from sitebuild.edition import scenes
from sitebuild.fragments import video_fragment
from sitebuild.paths import BUILD
from sitebuild.problems import BuildError
from sitebuild.translation import translated
from sitebuild.translation.fragments import split_fragment
from sitebuild.translation.units import units

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def fibonacci_stamp() -> dict:
    """A render stamp as the render writes one: its English beats, and each beat's template
    id and values."""
    english = narration.english()
    said = [(0.0, narration.words("fibonacci.ratios", english["fibonacci.ratios"].text,
                                  phi="1.6180")),
            (6.2, narration.words("fibonacci.limit", english["fibonacci.limit"].text,
                                  terms="16", ratio="1.61803"))]
    ends = [6.2, 12.5]
    name = "FibonacciEigenvalues"
    return {"scene": name, "scene_class": name, "title": "Fibonacci eigenvalues",
            "module": "animations.scenes.fibonacci_eigenvalues",
            "caption": r"$\varphi^n$ grows.",
            "narration": [{"start": start, "end": end, "text": words.text()}
                          for (start, words), end in zip(said, ends, strict=True)],
            "narration_units": [{"start": start, **words.record()} for start, words in said],
            "files": {f"{name}{suffix}": {} for suffix in (".webm", ".mp4", ".png", ".vtt",
                                                           ".txt")}}


def test_a_korean_video_fragment_has_the_korean_track_first_and_a_korean_transcript():
    stamp = fibonacci_stamp()
    track = narration.track(stamp, "ko")
    built = scenes.localised_fragment(video_fragment(stamp), stamp["scene"], "ko", track)
    korean = ('<track kind="captions" src="media/FibonacciEigenvalues.ko.vtt" srclang="ko" '
              'label="한국어" default>')
    english = ('<track kind="captions" src="media/FibonacciEigenvalues.vtt" srclang="en" '
               'label="English">')
    assert built.index(korean) < built.index(english)
    items = re.findall(r"<li>.*?</span> (.*?)</li>", built)
    assert items == [beat.text for beat in track.beats] and all(map(HANGUL.search, items))
    assert "n = 16에서 비는 1.61803입니다." in items[1]
    assert 'href="media/FibonacciEigenvalues.ko.txt"' in built
    assert 'href="media/FibonacciEigenvalues.ko.vtt"' in built
    cues = captions.parse_webvtt(track.webvtt("ko"))
    assert cues[0].start == 0 and cues[-1].end <= 12.5 and all(HANGUL.search(c.text)
                                                               for c in cues)
    assert track.transcript().startswith("피보나치 행렬의 고윳값\n")


def test_the_edition_writes_its_tracks_and_fragments_and_refuses_a_stale_unit(
        tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    stamp = fibonacci_stamp()
    fragments = tmp_path / "editions" / "ko" / "generated"  # as sitebuild.edition.fragments
    (fragments / "videos").mkdir(parents=True)
    (fragments / "videos" / "FibonacciEigenvalues.md").write_text(video_fragment(stamp),
                                                                 encoding="utf-8")
    monkeypatch.setattr(scenes, "EDITIONS", tmp_path / "editions")
    monkeypatch.setattr(scenes, "rendered_stamps", lambda: [stamp])
    written = scenes.localise_videos("ko", fragments)
    media = tmp_path / "editions" / "ko" / "media"
    assert {path.name for path in written} == {"FibonacciEigenvalues.ko.vtt",
                                               "FibonacciEigenvalues.ko.txt",
                                               "FibonacciEigenvalues.md"}
    assert set(scenes.published("ko")) == {"media/FibonacciEigenvalues.ko.vtt",
                                           "media/FibonacciEigenvalues.ko.txt"}
    assert captions.parse_webvtt((media / "FibonacciEigenvalues.ko.vtt").read_text("utf-8"))
    assert 'srclang="ko"' in (fragments / "videos" / "FibonacciEigenvalues.md").read_text(
        "utf-8")
    # the English template changed since its Korean unit was written: the build stops, naming it
    unit = stamp["narration_units"][1]
    unit["template"] = unit["template"].replace("settle on phi", "settle on phi at last")
    (fragments / "videos" / "FibonacciEigenvalues.md").write_text(video_fragment(stamp),
                                                                 encoding="utf-8")
    with pytest.raises(BuildError, match=r"fibonacci\.limit: stale"):
        scenes.localise_videos("ko", fragments)
    # while `make serve` shows the pages first, it is said and the English track stays
    monkeypatch.setenv("COMPANION_PAGES_FIRST", "1")
    scenes.localise_videos("ko", fragments)
    assert 'srclang="ko"' not in (fragments / "videos" / "FibonacciEigenvalues.md").read_text(
        "utf-8")


def test_no_transcript_beat_is_a_fragment_unit_and_the_gallery_says_them_in_korean(
        tmp_path, monkeypatch):
    """A video's transcript is said from the scene's Korean templates, in its own fragment and
    in the gallery's: the fragment cutter asks no translator for it, and no translation file
    holds a unit of it (they were dead: nothing read them)."""
    stamp = fibonacci_stamp()
    english = video_fragment(stamp)
    fragments_built = sorted((BUILD / "generated").glob("videos/*.md"))
    fragments_built += [path for path in [BUILD / "generated" / "gallery.md"] if path.is_file()]
    for text in [english, *(path.read_text(encoding="utf-8") for path in fragments_built)]:
        asked = [unit.id for unit in units(split_fragment(text))]
        assert asked and not [unit for unit in asked if "-transcript." in unit], asked
    for path in sorted((ROOT / "translations" / "ko" / "generated").rglob("*.md")):
        dead = [entry.id for entry in translated.load(path, path.name).entries
                if "-transcript." in entry.id]
        assert dead == [], path
    fragments = tmp_path / "editions" / "ko" / "generated"
    (fragments / "videos").mkdir(parents=True)
    (fragments / "videos" / "FibonacciEigenvalues.md").write_text(english, encoding="utf-8")
    (fragments / "gallery.md").write_text(f"## Chapter 1\n\n{english}\nSlide quality\n",
                                          encoding="utf-8")
    monkeypatch.setattr(scenes, "EDITIONS", tmp_path / "editions")
    monkeypatch.setattr(scenes, "rendered_stamps", lambda: [stamp])
    assert fragments / "gallery.md" in scenes.localise_videos("ko", fragments)
    gallery = (fragments / "gallery.md").read_text(encoding="utf-8")
    items = re.findall(r"<li>.*?</span> (.*?)</li>", gallery)
    assert items == [beat.text for beat in narration.track(stamp, "ko").beats]
    assert 'srclang="ko"' in gallery and 'href="media/FibonacciEigenvalues.ko.vtt"' in gallery


def test_the_scenes_korean_terms_follow_the_glossary(tmp_path):
    assert scenes.glossary_findings("ko") == []
    shutil.copytree(ROOT / "translations" / "ko" / "scenes", tmp_path / "ko" / "scenes")
    path = narration.translation_file("ko", "matrix_powers", tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("W의 모든 고윳값은",
                                                             "W의 모든 고유값은"), "utf-8")
    found = scenes.glossary_findings("ko", tmp_path)
    assert len(found) == 1 and "powers.said-vanishing" in found[0] and "'고유값'" in found[0]
    assert narration.findings("ko", root=tmp_path) == []  # the glossary's finding, not another


def test_the_korean_units_record_the_english_they_translate():
    english = narration.english()
    for unit, entry in narration.translated("ko").entries.items():
        assert entry.source == templates.source_digest(english[unit].text), unit


CHAPTERS_WITH_VIDEOS = ("chapter-1.html", "chapter-2.html", "chapter-3.html", "chapter-4.html")


def test_the_built_korean_chapters_play_korean_captions_by_default():
    edition = BUILD / "site" / "ko"
    if not (edition / "index.html").is_file():
        pytest.fail(f"no Korean edition in {edition}: make site builds it")
    for page in CHAPTERS_WITH_VIDEOS:
        html = (edition / page).read_text(encoding="utf-8")
        tracks = re.findall(r"<track [^>]*>", html)
        assert tracks, page
        korean = [track for track in tracks if 'srclang="ko"' in track]
        assert korean and all('label="한국어"' in t and "default" in t for t in korean), page
        for track in korean:
            source = re.search(r'src="([^"]+)"', track).group(1)
            cues = captions.parse_webvtt((edition / source).read_text(encoding="utf-8"))
            assert all(HANGUL.search(cue.text) for cue in cues), source
