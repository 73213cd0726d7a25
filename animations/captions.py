"""Captions and transcripts: what each animation shows, beat by beat, in words and numbers.

A scene narrates as it plays (:meth:`animations.style.CompanionScene.narrate`):
each line describes the beat that follows, with the numbers the screen shows,
built from the same values the scene draws. The render turns those marks into a
WebVTT caption track (``<Scene>.vtt``, served as the video's ``<track>``) and a
plain-text transcript (``<Scene>.txt``) for screen readers and for reading
without the video. Narration is plain words — no ``$…$``, no TeX, no Unicode
stand-in — because neither a caption track nor a text file can typeset math.

Manim-free: the site build and the tests read tracks with :func:`parse_webvtt`.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from derivations.engine.text import check_prose

HEADER = "WEBVTT"
_TIMING = re.compile(r"^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d)"
                     r"\.(\d{3})(?: .*)?$")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")


@dataclass(frozen=True)
class Cue:
    """One caption: ``text`` is shown from ``start`` to ``end`` seconds."""

    start: float
    end: float
    text: str


def check_narration(text: str) -> str:
    """``text`` if it can be read aloud and shown as a caption: plain words, no math markup."""
    if not text.strip():
        raise ValueError("narration: expected words, got an empty line")
    if "$" in text or "\n" in text.strip():
        raise ValueError(f"narration: expected one line of plain words (a caption cannot typeset "
                         f"$…$ math; say it in words), got {text!r}")
    check_prose(text, "narration")
    return " ".join(text.split())


def cues(marks: Sequence[tuple[float, str]], duration: float) -> list[Cue]:
    """Contiguous cues from narration ``marks`` (time, text): each lasts until the next mark,
    the last until ``duration``; marks at the same moment are read as one."""
    if not marks:
        raise ValueError("marks: a scene must narrate at least once")
    if marks[0][0] > 0:
        raise ValueError(f"marks: the first narration must start at 0 s, got {marks[0][0]:g} s")
    if duration <= marks[-1][0]:
        raise ValueError(f"duration: {duration:g} s ends before the last narration starts")
    merged: list[tuple[float, str]] = []
    for time, text in marks:
        if merged and time - merged[-1][0] < 1e-9:
            merged[-1] = (merged[-1][0], f"{merged[-1][1]} {text}")
        else:
            merged.append((time, text))
    ends = [time for time, _ in merged[1:]] + [duration]
    return [Cue(round(start, 3), round(end, 3), text)
            for (start, text), end in zip(merged, ends, strict=True)]


def timestamp(seconds: float) -> str:
    """``seconds`` as WebVTT's ``hh:mm:ss.ttt``."""
    milliseconds = round(seconds * 1000)
    hours, rest = divmod(milliseconds, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}.{rest % 1000:03d}"


def webvtt(track: Sequence[Cue]) -> str:
    """The cues as a WebVTT file (text escaped as the format requires)."""
    blocks = [HEADER, ""]
    for index, cue in enumerate(track, start=1):
        blocks += [str(index), f"{timestamp(cue.start)} --> {timestamp(cue.end)}",
                   html.escape(cue.text, quote=False), ""]
    return "\n".join(blocks)


def transcript(title: str, track: Sequence[Cue]) -> str:
    """A plain-text description: the title, then each beat with the moment it starts."""
    lines = [title, ""]
    for cue in track:
        minutes, seconds = divmod(int(cue.start), 60)
        lines.append(f"{minutes}:{seconds:02d}  {cue.text}")
    return "\n".join(lines) + "\n"


def parse_webvtt(text: str) -> list[Cue]:
    """The cues of a WebVTT file; ValueError naming the line if it is not one."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or not (lines[0] == HEADER or lines[0].startswith(HEADER + " ")):
        raise ValueError(f"line 1: expected {HEADER!r}, got {lines[0] if lines else ''!r}")
    found: list[Cue] = []
    index = 1
    while index < len(lines):
        if "-->" not in lines[index]:
            index += 1
            continue
        match = _TIMING.match(lines[index])
        if match is None:
            raise ValueError(f"line {index + 1}: not a cue timing: {lines[index]!r}")
        parts = [int(part) for part in match.groups()]
        start = parts[0] * 3600 + parts[1] * 60 + parts[2] + parts[3] / 1000
        end = parts[4] * 3600 + parts[5] * 60 + parts[6] + parts[7] / 1000
        if end <= start:
            raise ValueError(f"line {index + 1}: the cue ends before it starts")
        body = []
        index += 1
        while index < len(lines) and lines[index].strip():
            body.append(html.unescape(lines[index]))
            index += 1
        if not body:
            raise ValueError(f"line {index}: a cue without text")
        found.append(Cue(start, end, " ".join(body)))
    if not found:
        raise ValueError("no cues")
    return found


def numbers(text: str) -> list[float]:
    """Every number written in ``text`` (a leading hyphen is a minus sign)."""
    return [float(token) for token in _NUMBER.findall(text.replace("\u2212", "-"))]


def write_track(marks_file: Path, duration: float, vtt: Path, txt: Path, title: str) -> list[Cue]:
    """Read the narration a scene wrote (:meth:`CompanionScene.tear_down`), write its caption
    track and transcript for a video of ``duration`` seconds; the cues."""
    recorded = json.loads(marks_file.read_text(encoding="utf-8"))
    marks = [(float(time), check_narration(text)) for time, text in recorded["marks"]]
    track = cues(marks, max(duration, marks[-1][0] + 0.001))
    vtt.write_text(webvtt(track), encoding="utf-8")
    txt.write_text(transcript(title, track), encoding="utf-8")
    return track
