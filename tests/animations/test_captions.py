"""Caption tracks and transcripts: contiguous cues from the narration, valid WebVTT, plain words.

The published renders' tracks (``build/media/draft``) are checked too: each parses and
covers its video; a render's narration is checked against its last frame in
``test_scenes.py`` (every scene) and ``test_limits.py`` (at the largest inputs).
"""

from __future__ import annotations

import itertools
import json

import pytest

from animations import captions, render
from animations.captions import Cue
from sitebuild.paths import MEDIA


def test_cues_run_from_each_mark_to_the_next_and_the_last_to_the_end():
    track = captions.cues([(0.0, "Title."), (0.0, "Axes."), (1.5, "Curve."), (4.0, "End.")],
                          6.25)
    assert track == [Cue(0.0, 1.5, "Title. Axes."), Cue(1.5, 4.0, "Curve."),
                     Cue(4.0, 6.25, "End.")]


@pytest.mark.parametrize("marks, duration, expected", [
    ([], 3.0, "at least once"),
    ([(0.5, "Late.")], 3.0, "must start at 0 s"),
    ([(0.0, "A."), (3.0, "B.")], 3.0, "ends before the last narration starts"),
])
def test_a_narration_that_cannot_caption_its_video_is_refused(marks, duration, expected):
    with pytest.raises(ValueError, match=expected):
        captions.cues(marks, duration)


@pytest.mark.parametrize("words", [
    "The norm is $0.00118$.", r"eta = \eta", "rho is ρ", "W^t vanishes", "two\nlines", "  ",
])
def test_narration_is_plain_words(words):
    with pytest.raises(ValueError, match="narration"):
        captions.check_narration(words)


def test_webvtt_round_trips_and_escapes_its_text():
    track = [Cue(0.0, 1.5, "h(t) < 1 & shrinking"), Cue(1.5, 3723.004, "done")]
    text = captions.webvtt(track)
    assert text.startswith("WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nh(t) &lt; 1 &amp; "
                           "shrinking\n")
    assert "00:00:01.500 --> 01:02:03.004" in text
    assert captions.parse_webvtt(text) == track


@pytest.mark.parametrize("text, expected", [
    ("WEBVT\n\n00:00:00.000 --> 00:00:01.000\nx\n", "line 1: expected 'WEBVTT'"),
    ("WEBVTT\n\n00:00:00.000 --> 00:00:61.000\nx\n", "line 3: not a cue timing"),
    ("WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nx\n", "ends before it starts"),
    ("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n\n", "a cue without text"),
    ("WEBVTT\n\nno cues here\n", "no cues"),
])
def test_a_malformed_track_is_refused_naming_the_line(text, expected):
    with pytest.raises(ValueError, match=expected):
        captions.parse_webvtt(text)


def test_numbers_are_read_with_their_sign_and_not_from_inside_names():
    assert captions.numbers("c1 = 2, lambda2 = -0.5, 0.135 i, 10 to the power -3, "
                            "float64 at l = 350") == [2.0, -0.5, 0.135, 10.0, -3.0, 350.0]


def test_the_transcript_is_the_title_and_each_beat_with_its_moment():
    text = captions.transcript("Vanishing powers", [Cue(0.0, 61.0, "A."), Cue(61.0, 65, "B.")])
    assert text == "Vanishing powers\n\n0:00  A.\n1:01  B.\n"


def published_tracks() -> list:
    return sorted(stamp for stamp in MEDIA.glob("*.json")
                  if f"{stamp.stem}.vtt" in json.loads(stamp.read_text()).get("files", {}))


@pytest.mark.parametrize("stamp", published_tracks() or [None], ids=lambda p: getattr(p, "stem",
                                                                                      "none"))
def test_each_published_track_parses_and_covers_its_video(stamp):
    if stamp is None:
        pytest.skip("no draft render with captions in build/media/draft")
    recorded = json.loads(stamp.read_text())
    track = captions.parse_webvtt(stamp.with_suffix(".vtt").read_text(encoding="utf-8"))
    seconds = render.video_seconds(stamp.with_suffix(".mp4"))
    assert track[0].start == 0 and abs(track[-1].end - seconds) < 1e-3
    assert all(cue.end == after.start for cue, after in itertools.pairwise(track))
    assert [cue.text for cue in track] == [beat["text"] for beat in recorded["narration"]]
    transcript = stamp.with_suffix(".txt").read_text(encoding="utf-8")
    assert all(cue.text in transcript for cue in track)
