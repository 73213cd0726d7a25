"""Caption tracks and transcripts: cues from the narration, laid out and timed to be read, valid
WebVTT, plain words.

The published renders' tracks (``build/media/draft``) are checked too: each parses, covers its
video and says what its transcript says; a render's narration is checked against its last frame
in ``test_scenes.py`` (every scene) and ``test_limits.py`` (at the largest inputs), and every
scene's track against the subtitle guidelines in ``test_caption_timing.py``.
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


LONG = ("The Jacobian of h(l) with respect to h(0) is a product of factors W times diag of "
        "sigma' at the states, the latest on the left; here Gaussian W scaled by 1.5, sigma is "
        "tanh, size 4.")


def test_a_long_narration_is_shown_as_cues_of_two_short_lines_each_up_for_its_reading_time():
    track = captions.cues([(0.0, LONG), (20.0, "End.")], 21.0)
    *shown, last = track
    assert " ".join(cue.text for cue in shown) == LONG and last == Cue(20.0, 21.0, "End.")
    assert len(shown) == 3
    for cue in shown:
        laid_out = captions.lines(cue.text)
        assert laid_out and len(laid_out) <= 2 and all(len(line) <= 42 for line in laid_out)
        assert 1 <= cue.end - cue.start <= 7 and len(cue.text) / (cue.end - cue.start) <= 17
    assert all(cue.end == after.start for cue, after in itertools.pairwise(shown))


def test_a_cue_stays_up_at_most_seven_seconds_and_the_rest_of_its_beat_is_a_pause():
    assert captions.cues([(0.0, "Short."), (20.0, "Next.")], 21.0) == [
        Cue(0.0, 7.0, "Short."), Cue(20.0, 21.0, "Next.")]
    assert captions.beats([(0.0, "Short."), (20.0, "Next.")], 21.0) == [
        Cue(0.0, 20.0, "Short."), Cue(20.0, 21.0, "Next.")]


def test_a_cue_is_up_for_at_least_a_second_and_seventeen_characters_a_second():
    assert captions.reading_seconds("Short.") >= 1
    assert captions.reading_seconds("x" * 84) >= 84 / 17
    assert captions.needed_seconds(LONG) == sum(
        captions.reading_seconds(piece) for piece in captions.pieces(LONG))


@pytest.mark.parametrize("text, expected", [
    ("Blue: the part along p1. Red, from its tip: the part along p2.",
     ["Blue: the part along p1.", "Red, from its tip: the part along p2."]),
    ("Check: the gradient row times W to the power 4 is (0.125, 4.9375).",
     ["Check: the gradient row times W to", "the power 4 is (0.125, 4.9375)."]),
    ("At l = 6 the norm is 0.0658.", ["At l = 6 the norm is 0.0658."]),
])
def test_a_cue_breaks_its_line_where_the_sentence_pauses_never_inside_brackets(text, expected):
    assert captions.lines(text) == expected


def test_a_narration_is_cut_into_cues_at_its_clauses():
    assert captions.pieces("After 50 steps, the largest distance from the origin: W plus, 7.9; "
                           "W minus, 0.00019; W zero, 1.2; W diff, 0.84.") == [
        "After 50 steps, the largest distance from the origin:",
        "W plus, 7.9; W minus, 0.00019; W zero, 1.2; W diff, 0.84."]
    with pytest.raises(ValueError, match="longer than a caption line"):
        captions.pieces("a" * 43)


@pytest.mark.parametrize("marks, duration, expected", [
    ([], 3.0, "at least once"),
    ([(0.5, "Late.")], 3.0, "must start at 0 s"),
    ([(0.0, "A."), (3.0, "B.")], 3.0, "ends before the last narration starts"),
    ([(0.0, LONG), (5.0, "B.")], 6.0, r"needs 10\.\d+ s to be read, but its beat lasts 5\.000 s"),
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
    track = [Cue(0.0, 1.5, "h(t) < 1 & shrinking"), Cue(1.5, 3723.004, "done"),
             Cue(3723.004, 3728.0, "Blue: the part along p1. Red, from its tip: the part "
                                   "along p2.")]
    text = captions.webvtt(track)
    assert text.startswith("WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nh(t) &lt; 1 &amp; "
                           "shrinking\n")
    assert "00:00:01.500 --> 01:02:03.004" in text
    assert "\nBlue: the part along p1.\nRed, from its tip: the part along p2.\n" in text
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
    assert track[0].start == 0 and track[-1].end <= seconds + 1e-3
    assert all(cue.end <= after.start for cue, after in itertools.pairwise(track))
    # The transcript (the stamp's beats, the site's list, the .txt) and the track: same words.
    beats = recorded["narration"]
    assert " ".join(cue.text for cue in track) == " ".join(beat["text"] for beat in beats)
    assert {beat["start"] for beat in beats} <= {cue.start for cue in track}
    transcript = stamp.with_suffix(".txt").read_text(encoding="utf-8")
    assert all(beat["text"] in transcript for beat in beats)
