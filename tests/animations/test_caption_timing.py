"""Captions one can read: every scene's track, at its default, smallest and largest inputs, keeps
the subtitle guidelines, says each number no earlier than the screen shows it, and holds the
same words as the transcript.

The tracks come from dry runs (:mod:`tests.animations.caption_timeline`): the scene plays
without drawing or writing a frame, so all thirteen scenes at three sets of inputs take about
a minute, not the hours a render of each would. The limits below are the guidelines' (BBC
Subtitle Guidelines; Netflix Timed Text Style Guide), written out here rather than read from
:mod:`animations.captions`, so that loosening the code cannot loosen the test.
"""

from __future__ import annotations

import re

import pytest

from animations import captions, catalogue, render
from animations.parameters import Choice, Integer, Matrix, Points, Real
from sitebuild.paths import MEDIA
from tests.animations.caption_timeline import Timeline, timeline
from tests.animations.test_limits import largest

READING_RATE = 17  # characters a second, spaces included, at most
SHORTEST, LONGEST = 1, 7  # seconds a cue stays up
LINES, LINE_LENGTH = 2, 42  # lines a cue, characters a line

SCENES = list(catalogue.scenes())
_TIMING = re.compile(r"^(\d+):(\d\d):(\d\d)\.(\d{3}) --> (\d+):(\d\d):(\d\d)\.(\d{3})$")


def smallest(name: str) -> dict:
    """Every input at its low end (fewest steps, shortest durations, smallest sizes): the
    fastest picture, which leaves the least time to read."""
    declared = catalogue.scenes()[name].scene_class.PARAMETERS
    chosen = {}
    for item in declared.items:
        if isinstance(item, Integer | Real):
            chosen[item.name] = item.low
        elif isinstance(item, Choice):
            chosen[item.name] = item.choices[0]
        elif isinstance(item, Points):
            chosen[item.name] = item.default[:item.low]
        else:
            assert isinstance(item, Matrix)  # its default is derived from the other inputs
    overrides = declared.overrides(chosen, name)
    declared.resolve(overrides, name)  # a ParameterError here: the combination is refused
    return overrides


def guideline_faults(vtt: str) -> list[str]:
    """Every cue of the WebVTT text ``vtt`` that breaks a guideline, one line each; read from
    the text itself, line by line, as a player shows it."""
    faults: list[str] = []
    blocks = [block.split("\n") for block in vtt.strip().split("\n\n")[1:]]
    previous_end = 0.0
    for block in blocks:
        timing = next(index for index, line in enumerate(block) if "-->" in line)
        match = _TIMING.match(block[timing])
        assert match, f"not a cue timing: {block[timing]!r}"
        h1, m1, s1, ms1, h2, m2, s2, ms2 = (int(part) for part in match.groups())
        start = (h1 * 3600 + m1 * 60 + s1) * 1000 + ms1
        end = (h2 * 3600 + m2 * 60 + s2) * 1000 + ms2
        shown = block[timing + 1:]
        text = " ".join(shown)
        seconds = (end - start) / 1000
        where = f"{block[timing]} {text!r}"
        if start < previous_end:
            faults.append(f"{where}: starts before the cue before it ends")
        previous_end = end
        if not SHORTEST <= seconds <= LONGEST:
            faults.append(f"{where}: up for {seconds:.3f} s, not {SHORTEST} to {LONGEST} s")
        if len(text) > READING_RATE * seconds:
            faults.append(f"{where}: {len(text) / seconds:.1f} characters a second, above "
                          f"{READING_RATE}")
        if len(shown) > LINES or any(len(line) > LINE_LENGTH for line in shown):
            faults.append(f"{where}: {len(shown)} line(s) of {[len(line) for line in shown]} "
                          f"characters, not at most {LINES} of {LINE_LENGTH}")
    return faults


def _among(number: float, values: list[float]) -> bool:
    """``number`` is one of ``values`` (compared as numbers: 0.150 is 0.15)."""
    return any(abs(number - value) <= 1e-9 * max(1.0, abs(number)) for value in values)


_SAID_NUMBER = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)")


def measured(text: str) -> list[float]:
    """The numbers ``text`` says with at least two significant digits (1.0198, 7.9, 0.00019):
    values a scene measures, not counts, sizes or round inputs (0, 1, 50, 0.4), which the
    screen may show elsewhere as another quantity."""
    found = []
    for token in _SAID_NUMBER.findall(text):
        digits = token.lstrip("-").replace(".", "").lstrip("0")
        if "." not in token:
            digits = digits.rstrip("0")
        if len(digits) >= 2:
            found.append(float(token))
    return found


def early_numbers(found: Timeline) -> list[str]:
    """Measured numbers a cue says that the screen shows at some point, but not yet when the
    cue ends."""
    ever = [number for _, shown in found.shown for number in shown]
    faults = []
    for cue in found.cues:
        for number in measured(cue.text):
            if not _among(number, ever):  # a derived number the screen never shows
                continue
            if not any(_among(number, shown) for time, shown in found.shown
                       if time <= cue.end + 1e-6):
                first = min(time for time, shown in found.shown if _among(number, shown))
                faults.append(f"{cue.start:.3f}–{cue.end:.3f} s says {number:g}, on screen only "
                              f"from {first:.3f} s: {cue.text!r}")
    return faults


def transcript_faults(found: Timeline) -> list[str]:
    """Where the track and the transcript's beats disagree: other words, or a beat's words
    shown outside the beat."""
    faults = []
    said = " ".join(cue.text for cue in found.cues)
    described = " ".join(beat.text for beat in found.beats)
    if said != described:
        faults.append(f"the cues say {said!r}, the transcript {described!r}")
    for beat in found.beats:
        inside = [cue for cue in found.cues if beat.start <= cue.start < beat.end]
        if not inside or inside[0].start != beat.start or inside[-1].end > beat.end \
                or " ".join(cue.text for cue in inside) != beat.text:
            faults.append(f"the beat at {beat.start:g} s is not the cues shown during it")
    return faults


INPUTS = {"default": lambda name: {}, "smallest": smallest, "largest": largest}


def check(name: str, inputs: str, folder) -> None:
    found = timeline(name, INPUTS[inputs](name), folder)
    faults = guideline_faults(found.vtt) + early_numbers(found) + transcript_faults(found)
    assert faults == [], f"{name} at its {inputs} inputs:\n" + "\n".join(faults)
    # WebVTT times are whole milliseconds: the last cue ends within one of the video's end.
    assert found.cues[0].start == 0 and found.cues[-1].end <= found.seconds + 1e-3


@pytest.mark.parametrize("name", SCENES)
def test_every_track_at_the_default_inputs_keeps_the_guidelines(name, tmp_path):
    check(name, "default", tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("inputs", ["smallest", "largest"])
@pytest.mark.parametrize("name", SCENES)
def test_every_track_at_extreme_inputs_keeps_the_guidelines(name, inputs, tmp_path):
    check(name, inputs, tmp_path)


@pytest.mark.parametrize("name", SCENES)
def test_each_current_published_track_keeps_the_guidelines(name):
    """The draft render the site shows, as written: checked once it is current (``make render``
    renders a scene whose inputs changed; CI renders everything before testing)."""
    vtt = MEDIA / f"{name}.vtt"
    if not vtt.exists() or not render.is_up_to_date(catalogue.scenes()[name], render.Variant()):
        pytest.skip(f"no current draft render of {name} (make render)")
    assert guideline_faults(vtt.read_text(encoding="utf-8")) == []


def test_the_checks_fail_a_track_that_breaks_each_guideline():
    fast = "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nThis cue has far more than seventeen.\n"
    brief = "WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.500\nShort.\n"
    long = "WEBVTT\n\n1\n00:00:00.000 --> 00:00:07.500\nThis cue stays up too long.\n"
    wide = ("WEBVTT\n\n1\n00:00:00.000 --> 00:00:06.000\n"
            "A line of more than forty-two characters is too wide.\n")
    tall = "WEBVTT\n\n1\n00:00:00.000 --> 00:00:06.000\nOne,\ntwo,\nthree lines.\n"
    overlap = ("WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nFirst.\n\n"
               "2\n00:00:01.500 --> 00:00:03.000\nSecond.\n")
    for vtt, expected in ((fast, "characters a second"), (brief, "up for 0.500 s"),
                          (long, "up for 7.500 s"), (wide, "1 line(s) of [53]"),
                          (tall, "3 line(s)"), (overlap, "starts before")):
        assert any(expected in fault for fault in guideline_faults(vtt)), (vtt, expected)
    assert guideline_faults("WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nFine: 34 "
                            "characters in 2 s.\n") == []


def test_measured_numbers_are_those_with_two_significant_digits():
    assert measured("For 50 steps, at l = 700, scaled by 0.4, eta = 0.40, norm 1.0198, "
                    "7.9, 0.00019, 1.2 times 10 to the power 22, h(t-1), p1") == [
        0.40, 1.0198, 7.9, 0.00019, 1.2, 22.0]


def test_the_checks_fail_a_number_said_before_the_screen_shows_it():
    said_early = Timeline(
        cues=[captions.Cue(0.0, 4.0, "After 50 steps it ends at 7.9."),
              captions.Cue(4.0, 9.0, "The panels evolve.")],
        beats=[captions.Cue(0.0, 4.0, "After 50 steps it ends at 7.9."),
               captions.Cue(4.0, 9.0, "The panels evolve.")],
        vtt="", shown=[(0.0, []), (1.0, [50.0]), (9.0, [50.0, 7.9])], seconds=9.0)
    assert early_numbers(said_early) == [
        "0.000–4.000 s says 7.9, on screen only from 9.000 s: 'After 50 steps it ends at 7.9.'"]
    torn = Timeline(cues=said_early.cues[:1], beats=said_early.beats, vtt="",
                    shown=said_early.shown, seconds=9.0)
    assert transcript_faults(torn)


def test_recipe_two_says_where_the_trajectories_end_only_once_the_panels_show_it(tmp_path):
    """README's recipe 2 (FeedbackPhasePortraits, slowed to 15 s): the track once said the end
    distances as the evolution began, 15 s early, numbers the screen never showed."""
    found = timeline("FeedbackPhasePortraits", {"seconds": 15.0}, tmp_path)
    assert early_numbers(found) == []
    saying = [cue for cue in found.cues if "largest distance" in cue.text]
    evolving = next(cue for cue in found.beats if "evolve" in cue.text)
    assert saying and saying[0].start >= evolving.start + 15.0 - 1e-3
