"""Captions and transcripts: what each animation shows, beat by beat, in words and numbers.

A scene narrates as it plays (:meth:`animations.style.CompanionScene.narrate`):
each line describes the beat that follows, with the numbers the screen shows,
built from the same values the scene draws. The render turns those marks into a
WebVTT caption track (``<Scene>.vtt``, served as the video's ``<track>``) and a
plain-text transcript (``<Scene>.txt``) for screen readers and for reading
without the video. Narration is plain words — no ``$…$``, no TeX, no Unicode
stand-in — because neither a caption track nor a text file can typeset math.

Captions are laid out as subtitle guidelines ask (BBC, Netflix): a narration is
shown as one or more cues (:func:`pieces`), each at most :data:`CUE_LINES` lines
of :data:`LINE_CHARACTERS` characters, broken where the sentence allows; each
cue stays up for at least its reading time (:func:`reading_seconds`, at most
:data:`READING_RATE` characters a second and at least :data:`MIN_CUE_SECONDS`)
and at most :data:`MAX_CUE_SECONDS`. A narration needs :func:`needed_seconds`
before the next may start: the scene holds until then
(:meth:`animations.style.CompanionScene.narrate`), so a caption is never cut
short by a fast picture. The transcript lists the narration beat by beat
(:func:`beats`); the track's cues are the same words in the same order.

Each language lays its captions out by its own :class:`Limits`: :data:`ENGLISH` is the above;
:data:`KOREAN` follows Korean subtitle practice (16 characters a line, Latin letters, digits,
spaces and punctuation counting half; 12 characters a second), so the Korean edition's track
(:func:`animations.narration.track`) reads at a Korean pace within the same beats.

Manim-free: the site build and the tests read tracks with :func:`parse_webvtt`.
"""

from __future__ import annotations

import html
import itertools
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from derivations.engine.text import check_prose

HEADER = "WEBVTT"
_TIMING = re.compile(r"^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d)"
                     r"\.(\d{3})(?: .*)?$")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")

# Subtitle guidelines (BBC Subtitle Guidelines; Netflix Timed Text Style Guide): the limits a
# caption track is laid out and timed by.
READING_RATE = 17.0  # characters a second, spaces included: a cue stays up at least this long
MIN_CUE_SECONDS = 1.0
MAX_CUE_SECONDS = 7.0
LINE_CHARACTERS = 42
CUE_LINES = 2
# Where a line or a cue may end, best first: after a sentence, a clause, a comma. Ending on
# one of these words leaves it hanging ("the norm of | h"); inside brackets splits a number pair.
_SENTENCE_END = (".", "?", "!")
_CLAUSE_END = (";", ":")
_RELATIONS = frozenset({"=", "<", ">", "+", "-"})
_BINDING = frozenset({"plus", "minus", "times", "over", "to", "squared"})  # "2 | times 10 …"
_WEAK = frozenset({"a", "an", "the", "of", "to", "by", "in", "on", "at", "as", "and", "or", "is",
                   "are", "with", "from", "for", "than", "its", "their", "minus", "plus", "times",
                   "over", "power"})
_WIDE = re.compile(r"[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7a3\uff00-\uffef]")


@dataclass(frozen=True)
class Limits:
    """How one language's captions are laid out and timed: at most ``cue_lines`` lines of
    ``line_characters`` characters, each cue up at least its length at ``reading_rate``
    characters a second and :attr:`min_cue_seconds`, at most :attr:`max_cue_seconds`.
    ``half_width``: Latin letters, digits, spaces and punctuation count half a character, as
    subtitle guides for Korean count them. ``weak`` and ``binding``: words a line should not
    end on, or begin with (English only)."""

    reading_rate: float
    line_characters: float
    cue_lines: int = CUE_LINES
    min_cue_seconds: float = MIN_CUE_SECONDS
    max_cue_seconds: float = MAX_CUE_SECONDS
    half_width: bool = False
    weak: frozenset[str] = frozenset()
    binding: frozenset[str] = frozenset()

    def width(self, text: str) -> float:
        """How many characters ``text`` counts for: its length, or with half-width characters
        counting half."""
        if not self.half_width:
            return len(text)
        wide = len(_WIDE.findall(text))
        return wide + (len(text) - wide) / 2


ENGLISH = Limits(READING_RATE, LINE_CHARACTERS, weak=_WEAK, binding=_BINDING)
# Korean subtitle practice: 16 characters a line, Latin letters, digits, spaces and punctuation
# counting half (Netflix, Korean Timed Text Style Guide, "Character Limitation"; the same guide's
# reading-speed rule counts them so); 12 characters a second for adults, cues from 1 s to 7 s,
# two lines (Pixelogic Media's Korean subtitle specification). The project's choice among them:
# the stricter line (16, not Pixelogic's 18) and the adult rate.
KOREAN = Limits(12.0, 16, half_width=True)
LIMITS = {"en": ENGLISH, "ko": KOREAN}


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


def _end_cost(word: str, depth: int, following: str = "", limits: Limits = ENGLISH) -> int:
    """How badly a line or a cue reads when it ends after ``word`` (``depth`` brackets open)
    and the next begins with ``following``."""
    if depth > 0 or word in _RELATIONS or following in _RELATIONS:
        return 30
    if word.endswith(_SENTENCE_END):
        return 0
    if word.endswith(_CLAUSE_END):
        return 2
    if word.endswith(","):
        return 5
    if following in limits.binding:
        return 25
    return 20 if word.lower() in limits.weak else 12


def _depths(words: Sequence[str]) -> list[int]:
    """The brackets still open after each word."""
    depth, found = 0, []
    for word in words:
        depth = max(0, depth + word.count("(") - word.count(")"))
        found.append(depth)
    return found


def _layout(text: str, limits: Limits = ENGLISH) -> tuple[int, list[str]] | None:
    """The best :func:`lines` of ``text`` and how badly its line break reads (0 for one line);
    None if it does not fit."""
    words = text.split()
    joined = " ".join(words)
    width = limits.width
    if width(joined) <= limits.line_characters:
        return 0, [joined]
    depths = _depths(words)
    best: tuple[float, int, list[str]] | None = None
    for cut in range(1, len(words)):
        top, bottom = " ".join(words[:cut]), " ".join(words[cut:])
        if width(top) > limits.line_characters or width(bottom) > limits.line_characters:
            continue
        # A break where the sentence pauses, then balanced lines; a shorter top line reads
        # easier.
        reads = _end_cost(words[cut - 1], depths[cut - 1], words[cut], limits)
        cost = reads + 0.4 * abs(width(top) - width(bottom)) + (
            1 if width(top) > width(bottom) else 0)
        if best is None or cost < best[0]:
            best = (cost, reads, [top, bottom])
    return None if best is None else (best[1], best[2])


def lines(text: str, limits: Limits = ENGLISH) -> list[str] | None:
    """``text`` as at most :data:`CUE_LINES` lines of at most :data:`LINE_CHARACTERS`
    characters, broken where it reads best (where the sentence pauses, then balanced); None if
    it does not fit."""
    laid_out = _layout(text, limits)
    return None if laid_out is None else laid_out[1]


def pieces(text: str, limits: Limits = ENGLISH) -> list[str]:
    """The cues a narration is shown as: each fits :func:`lines`, cut where the sentence
    pauses, as few and as even as the text allows."""
    words = text.split()
    if not words:
        raise ValueError("narration: expected words, got an empty line")
    depths = _depths(words)
    # best[j]: (cost, cuts) of showing words[:j]; a cue words[i:j] costs a constant (fewer cues
    # read better), how its end and its line break read, and a penalty if it is short enough
    # to flash by.
    best: list[tuple[float, list[int]] | None] = [(0.0, [])] + [None] * len(words)
    for j in range(1, len(words) + 1):
        for i in range(j - 1, -1, -1):
            piece = " ".join(words[i:j])
            if limits.width(piece) > limits.cue_lines * (limits.line_characters + 1):
                break
            laid_out = _layout(piece, limits)
            if best[i] is None or laid_out is None:
                continue
            cost = best[i][0] + 10 + laid_out[0] + (0 if j == len(words) else _end_cost(
                words[j - 1], depths[j - 1], words[j], limits))
            short = 24 * limits.line_characters / LINE_CHARACTERS  # 24 for English's 42
            cost += 8 if limits.width(piece) < short and (i, j) != (0, len(words)) else 0
            if best[j] is None or cost < best[j][0]:
                best[j] = (cost, [*best[i][1], j])
    if best[-1] is None:
        raise ValueError(f"narration: a word longer than a caption line "
                         f"({limits.line_characters:g} characters) in {text!r}")
    cuts = [0, *best[-1][1]]
    return [" ".join(words[a:b]) for a, b in itertools.pairwise(cuts)]


def reading_seconds(piece: str, limits: Limits = ENGLISH) -> float:
    """How long a cue showing ``piece`` must stay up: its length at :data:`READING_RATE`, at
    least :data:`MIN_CUE_SECONDS`; rounded up to the millisecond with one to spare, so that
    WebVTT's millisecond timestamps never shorten it below either limit."""
    return math.ceil(max(limits.min_cue_seconds, limits.width(piece) / limits.reading_rate)
                     * 1000) / 1000 + 0.001


def needed_seconds(text: str, limits: Limits = ENGLISH) -> float:
    """How long the narration ``text`` needs on screen, cue after cue, before the next."""
    return sum(reading_seconds(piece, limits) for piece in pieces(text, limits))


def beats(marks: Sequence[tuple[float, str]], duration: float) -> list[Cue]:
    """The narration beat by beat, as the transcript lists it: each of ``marks`` (time, text)
    lasts until the next, the last until ``duration``; marks at the same moment are one."""
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


def _shares(needs: list[float], span: float, limits: Limits = ENGLISH) -> list[float]:
    """How long each cue of a beat of ``span`` seconds stays up: its reading time, the spare
    time shared in proportion, none above :data:`MAX_CUE_SECONDS` (what is left is a pause)."""
    shown = list(needs)
    most = limits.max_cue_seconds
    open_ = [index for index, need in enumerate(needs) if need < most]
    spare = span - sum(needs)
    while spare > 1e-9 and open_:
        weight = sum(needs[index] for index in open_)
        given = {index: min(most - shown[index], spare * needs[index] / weight)
                 for index in open_}
        for index, extra in given.items():
            shown[index] += extra
        spare -= sum(given.values())
        open_ = [index for index in open_ if shown[index] < most - 1e-9]
    return shown


def cues(marks: Sequence[tuple[float, str]], duration: float, limits: Limits = ENGLISH
         ) -> list[Cue]:
    """The caption track of narration ``marks`` (time, text) for a video of ``duration``
    seconds: each beat (:func:`beats`) shown as its :func:`pieces`, one after another from
    the beat's start, each for its reading time and a share of the beat's spare time, at most
    :data:`MAX_CUE_SECONDS`. ValueError if a beat is shorter than its narration needs."""
    track: list[Cue] = []
    for beat in beats(marks, duration):
        parts = pieces(beat.text, limits)
        needs = [reading_seconds(part, limits) for part in parts]
        span = beat.end - beat.start
        if span < sum(needs) - 2e-3:
            raise ValueError(f"marks: the narration at {beat.start:g} s needs {sum(needs):.3f} s "
                             f"to be read, but its beat lasts {span:.3f} s (narrate holds the "
                             f"scene until the narration before has been read): {beat.text!r}")
        time = beat.start
        for part, shown in zip(parts, _shares(needs, span, limits), strict=True):
            end = min(time + shown, beat.end)
            track.append(Cue(round(time, 3), round(end, 3), part))
            time = end
    return track


def timestamp(seconds: float) -> str:
    """``seconds`` as WebVTT's ``hh:mm:ss.ttt``."""
    milliseconds = round(seconds * 1000)
    hours, rest = divmod(milliseconds, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}.{rest % 1000:03d}"


def webvtt(track: Sequence[Cue], limits: Limits = ENGLISH) -> str:
    """The cues as a WebVTT file, each laid out in :func:`lines` (text escaped as the format
    requires)."""
    blocks = [HEADER, ""]
    for index, cue in enumerate(track, start=1):
        laid_out = lines(cue.text, limits) or [cue.text]
        blocks += [str(index), f"{timestamp(cue.start)} --> {timestamp(cue.end)}",
                   *(html.escape(line, quote=False) for line in laid_out), ""]
    return "\n".join(blocks)


def transcript(title: str, track: Sequence[Cue]) -> str:
    """A plain-text description: the title, then each beat with the moment it starts."""
    lines = [title, ""]
    for cue in track:
        minutes, seconds = divmod(int(cue.start), 60)
        lines.append(f"{minutes}:{seconds:02d}  {cue.text}")
    return "\n".join(lines) + "\n"


def parse_webvtt(text: str) -> list[Cue]:
    """The cues of a WebVTT file, a cue's lines joined by spaces; ValueError naming the line
    if it is not one."""
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


def write_track(marks_file: Path, duration: float, vtt: Path, txt: Path, title: str,
                limits: Limits = ENGLISH) -> list[Cue]:
    """Read the narration a scene wrote (:meth:`CompanionScene.tear_down`), write its caption
    track (laid out by ``limits``, the narration's language's) and transcript for a video of
    ``duration`` seconds; the beats (the transcript's)."""
    recorded = json.loads(marks_file.read_text(encoding="utf-8"))
    marks = [(float(time), check_narration(text)) for time, text in recorded["marks"]]
    duration = max(duration, marks[-1][0] + 0.001)
    vtt.write_text(webvtt(cues(marks, duration, limits), limits), encoding="utf-8")
    described = beats(marks, duration)
    txt.write_text(transcript(title, described), encoding="utf-8")
    return described
