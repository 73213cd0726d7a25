"""The one visual style every scene shares: theme, legible colours, typeset text, seeding.

Colours come from the project's one colour-blind-safe palette
(:mod:`foundation.palette`), in the shade made for the theme: :func:`hue` for a
palette colour, :func:`symbol_colour` for a symbol of :mod:`derivations.notation` (its
meaning's hue, so φ is drawn in the same hue in every video and on the site's
figures). The theme is the render's (:mod:`animations.request`): ``python -m
animations.render --theme light`` switches background and ink for projectors.

All words on screen are typeset by LaTeX through :func:`label` and :func:`formula`:
one font for words and formulas, as in a book, and math written as math: a
label is Markdown-like text with ``$…$`` formulas, refused if it carries a Unicode
stand-in or raw TeX outside ``$…$`` (the rule the site's prose follows). A render in
another language (``python -m animations.render --lang ko``) sets a label's words with
Pango in :data:`HANGUL_FONT` and its ``$…$`` formulas with LaTeX, unchanged.

A scene's inputs are declared in its ``PARAMETERS`` (:mod:`animations.parameters`)
and read from ``self.values`` (the render's, :mod:`animations.request`); it narrates
each beat in words (:meth:`CompanionScene.narrate`), from the same values it draws, as a
template with named values (:func:`animations.narration.words`) that every language fills
alike, and the render turns the narration into captions and a transcript
(:mod:`animations.captions`).
A narration stays on screen for its reading time: where the picture moves faster,
the next narration waits (the scene holds its last frame) until it has been read.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import manim
import numpy

from animations import captions, catalogue, narration, parameters, request
from animations.captions import check_narration
from animations.narration import Words
from animations.toolchain import require_latex
from derivations import notation
from derivations.engine.text import check_prose
from foundation import palette
from foundation.fonts import HANGUL_FONT
from foundation.palette import GRAPHIC_CONTRAST, TEXT_CONTRAST, THEMES, readable

END_MARGIN = 0.25  # seconds the last frame is held beyond the last caption's reading time

THEME = request.current().theme
LANG = request.current().lang  # the language of the words on screen and in the captions
LIMITS = captions.LIMITS[LANG]
BACKGROUND, FOREGROUND, MUTED, GRID, ZERO = THEMES[THEME]


def drawable(colour: str) -> str:
    """``colour`` at a lightness that a curve, dot or arrow needs on this theme's background."""
    return readable(colour, BACKGROUND, GRAPHIC_CONTRAST)


# WCAG's 4.5 for text, with a margin: anti-aliased strokes at 480p read a little lighter.
INK_CONTRAST = TEXT_CONTRAST + 0.5


def ink(colour: str) -> str:
    """``colour`` at a lightness that text needs on this theme's background."""
    return readable(colour, BACKGROUND, INK_CONTRAST)


def hue(colour: palette.Hue) -> str:
    """The shade of palette ``colour`` made for this theme (at least 3:1 on its background)."""
    return drawable(colour.on(THEME))


EXPLODING = hue(palette.EXPLODING)
VANISHING = hue(palette.VANISHING)
PRESERVING = hue(palette.PRESERVING)
ACCENT = hue(palette.ACCENT)
# Diverging scale for matrix entries: sign is hue, magnitude is saturation.
NEGATIVE = drawable(palette.DIVERGING_NEGATIVE)
POSITIVE = drawable(palette.DIVERGING_POSITIVE)
SEED = 2016

# The bottom share of the frame that a web player's controls cover (and where they sit on a
# poster): no text goes there, so the last frame's readouts stay visible.
CONTROLS_SHARE = 0.15
SAFE_BOTTOM = -manim.config.frame_height / 2 + CONTROLS_SHARE * manim.config.frame_height

_ESCAPES = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
            "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}"}
_LATEX_SPECIALS = re.compile("[" + re.escape("".join(_ESCAPES)) + "]")
_MATH = re.compile(r"(\$[^$]+\$)")
_PUNCTUATION = re.compile(r"\s*[,.;:]+\s*")
# A part that begins with punctuation attaches it to what comes before (``$W$, 성분``): set
# flush against it, as TeX sets the comma of ``$W$,``, not a word space away.
_ATTACHED = re.compile(r"[,.;:!?)]")


def tex_number(value: float, digits: int = 3) -> str:
    """``value`` to ``digits`` significant digits as LaTeX: ``0.00118``, ``3.7 \\times 10^{30}``.

    :func:`spoken_number` says the same digits in words, so a caption and the
    screen always show one number.
    """
    mantissa, exponent = _significant(value, digits)
    return mantissa if exponent is None else rf"{mantissa} \times 10^{{{exponent}}}"


def spoken_number(value: float, digits: int = 3) -> str:
    """``value`` as :func:`tex_number` shows it, in words: ``3.7 times 10 to the power 30``."""
    mantissa, exponent = _significant(value, digits)
    return mantissa if exponent is None else f"{mantissa} times 10 to the power {exponent}"


def said_number(value: float, digits: int = 3) -> str | Words:
    """:func:`spoken_number` as a narration's value: the digits as they are, a power of ten
    as words every language says its own way (the same digits)."""
    mantissa, exponent = _significant(value, digits)
    if exponent is None:
        return mantissa
    return narration.words("number.power-of-ten", "{mantissa} times 10 to the power {exponent}",
                           mantissa=mantissa, exponent=str(exponent))


def _significant(value: float, digits: int) -> tuple[str, int | None]:
    if not math.isfinite(value):
        raise ValueError(f"value: expected a finite number, got {value!r}")
    text = f"{value:.{digits}g}"
    if "e" not in text:
        return text, None
    mantissa, exponent = text.split("e")
    return mantissa, int(exponent)


def symbol_colour(key: str) -> str:
    """The colour of notation entry ``key`` (e.g. ``"phi"``), drawable on this theme: its
    palette hue's shade for the theme (ink is the theme's foreground)."""
    return hue(notation.colour(key))


def tex_symbol(key: str) -> str:
    """The LaTeX of notation entry ``key``: the spelling the site's pages use."""
    return notation.entry(key).latex


def diverging_colour(value: float, limit: float = 1.0) -> manim.ManimColor:
    """A fixed diverging scale: ``-limit`` → NEGATIVE, 0 → ZERO, ``+limit`` → POSITIVE, clipped."""
    share = float(numpy.clip(abs(value) / limit, 0.0, 1.0))
    end = POSITIVE if value >= 0 else NEGATIVE
    return manim.interpolate_color(manim.ManimColor(ZERO), manim.ManimColor(end), share)


_QUOTED = re.compile(r'"([^"$]*)"')


def latex_words(words: str) -> str:
    """``words`` as LaTeX source: ``$…$`` spans kept as math, every other special escaped,
    straight double quotes turned into opening and closing ones."""
    return "".join(
        part if _MATH.fullmatch(part) else _QUOTED.sub(
            r"``\1''", _LATEX_SPECIALS.sub(lambda c: _ESCAPES[c.group()], part))
        for part in _MATH.split(words)
    )


def label(words: narration.Value, size: float = 28, colour: str = FOREGROUND) -> manim.Mobject:
    """Words with ``$…$`` math, typeset; refused if they hold a stand-in for a formula.
    :class:`~animations.narration.Words` (or a series of them) are said in the render's
    language."""
    if not isinstance(words, str):
        if LANG != "en":
            return set_in_font(narration.said(words, LANG), size, colour)
        words = narration.said(words)
    check_prose(words, "text in an animation")
    return manim.Tex(latex_words(words), font_size=size, color=ink(colour))


def set_in_font(words: str, size: float = 28, colour: str = FOREGROUND) -> manim.VGroup:
    """Words with ``$…$`` math in one line: the words set by Pango in :data:`HANGUL_FONT`
    (LaTeX here has no Hangul), each formula typeset by LaTeX, as :func:`label` typesets it."""
    check_prose(words, "text in an animation")
    parts = [part for part in _MATH.split(words) if part.strip()]
    pieces, gaps = [], []
    for index, part in enumerate(parts):
        if _MATH.fullmatch(part):
            pieces.append(manim.MathTex(part[1:-1], font_size=size, color=ink(colour)))
        else:  # Hangul is as tall as a capital: set a little smaller than the formulas' size
            pieces.append(manim.Text(part.strip(), font=HANGUL_FONT, font_size=size * 0.72,
                                     color=ink(colour)))
        spaced = index and (part[:1].isspace() or parts[index - 1][-1:].isspace())
        attached = index and _ATTACHED.match(part)
        gaps.append(0.0 if attached else size / 160 if spaced else size / 500)
    group = manim.VGroup(*pieces)
    line = pieces[0].get_y()  # the middle of the line: every piece but punctuation centred on it
    for before, piece, part, gap in zip(pieces, pieces[1:], parts[1:], gaps[1:], strict=False):
        piece.next_to(before, manim.RIGHT, buff=gap)
        if _PUNCTUATION.fullmatch(part):  # a comma between formulas sits on the baseline
            piece.shift((line - size * 0.0055 - piece.get_bottom()[1]) * manim.UP)
        else:
            piece.set_y(line)
    return group.center()  # where a Tex is made: at the origin


# A TeX point at font size 1, in scene units (Manim scales a formula by its size over 960).
_POINT = 1 / 960
_CM = 72.27 / 2.54  # TeX points per centimetre


def paragraph(words: str, width: float, size: float = 28, colour: str = FOREGROUND,
              centred: bool = True) -> manim.Tex:
    """Words with ``$…$`` math wrapped to ``width`` scene units (a TeX ``\\parbox``)."""
    check_prose(words, "text in an animation")
    centimetres = width / (_CM * _POINT * size)
    align = r"\centering " if centred else r"\raggedright "
    return manim.Tex(rf"\parbox{{{centimetres:.3f}cm}}{{{align}{latex_words(words)}}}",
                     font_size=size, color=ink(colour))


def formula(*latex: str, size: float = 30, colour: str = FOREGROUND) -> manim.MathTex:
    """Display math (several strings give separately colourable parts), in legible ink."""
    return manim.MathTex(*latex, font_size=size, color=ink(colour))


def readout(name: str, number: manim.DecimalNumber, size: float = 30) -> manim.VGroup:
    """``name = <number>``, the live ``number`` (``group[1]``) on the formula's baseline.

    A typeset digit after the equals sign marks where the baseline is, whatever
    ``name`` hangs below it (γ does, t does not); the live number takes its place.
    """
    label = formula(name, "=", "0", size=size)
    marker = label[2]
    label.remove(marker)
    number.next_to(label, manim.RIGHT, buff=0.15).align_to(marker, manim.DOWN)
    return manim.VGroup(label, number)


def counter(name: str, size: float = 30) -> manim.VGroup:
    """``name = 0`` with the number as a live :class:`manim.Integer` (``group[1]``)."""
    return readout(name, manim.Integer(0, font_size=size, color=ink(FOREGROUND)), size)


FRAME_MARGIN = 0.25  # scene units kept free at the frame's left and right edges


def keep_between(mobject: manim.Mobject, left: float = -manim.config.frame_width / 2
                 + FRAME_MARGIN, right: float = manim.config.frame_width / 2 - FRAME_MARGIN
                 ) -> manim.Mobject:
    """Keep ``mobject`` between x = ``left`` and x = ``right`` (by default the frame, less a
    margin): shrunk to that width if it is wider, then moved the least that puts it inside.
    A readout whose length follows the inputs (``10^{-211}``) stays whole on screen."""
    if right <= left:
        raise ValueError(f"left, right: expected left < right, got {left:g}, {right:g}")
    if mobject.width > right - left:
        mobject.scale_to_fit_width(right - left)
    if mobject.get_left()[0] < left:
        mobject.shift((left - mobject.get_left()[0]) * manim.RIGHT)
    elif mobject.get_right()[0] > right:
        mobject.shift((mobject.get_right()[0] - right) * manim.LEFT)
    return mobject


LEADER_WIDTH = 1.5
LEADER_BUFF = 0.2  # a label further than this from its point is joined to it by a leader


Box = tuple[float, float, float, float]  # left, right, bottom, top


def _box(mobject: manim.Mobject) -> Box:
    return (mobject.get_left()[0], mobject.get_right()[0], mobject.get_bottom()[1],
            mobject.get_top()[1])


def _point_box(point: numpy.ndarray) -> Box:
    return (point[0], point[0], point[1], point[1])


def _boxes_cover(first: Box, second: Box, gap: float) -> bool:
    """Whether two boxes come closer than ``gap``."""
    return not (first[1] + gap <= second[0] or second[1] + gap <= first[0]
                or first[3] + gap <= second[2] or second[3] + gap <= first[2])


def end_labels(ends: list[tuple[numpy.ndarray, manim.Mobject, str]], *, top: float,
               bottom: float, avoid: tuple[manim.Mobject, ...] = (), buff: float = 0.12,
               gap: float = 0.05, left: float = -math.inf, right: float = math.inf,
               sides: tuple[numpy.ndarray, ...] = (manim.RIGHT,),
               points: Sequence[numpy.ndarray] = (), reach: int | None = None,
               cross: bool = True) -> list[manim.VGroup]:
    """Direct labels: each label (typeset in its curve's colour) just right of the point where its
    curve ends, at that height where it can be, so a reader needs no legend to tell the curves
    apart (the static figures do the same, :func:`sitebuild.svg.end_labels`).

    Labels are placed from the highest end down. One that would cover a label placed before
    it, another curve's end, a leader drawn before, a mobject of ``avoid`` or one of ``points``
    (a curve's course, say) moves by whole label heights, down first (so labels keep their
    curves' order and their leaders do not cross), until it covers none, and a thin leader
    line in the curve's colour joins it to its end. A leader crosses no other label or end
    where a place further on allows; else it does, unless ``cross`` is false. Labels stay
    between ``bottom`` and ``top`` and between ``left`` and ``right``; ValueError if one
    cannot.

    ``sides`` are the sides of its point a label may take (``RIGHT``, ``UL``…), tried in turn
    at each height before the next height: a point may be a curve's start, as in a phase
    portrait, where a label may sit left of its point near a panel's right edge, or above,
    below or diagonally off it (moving away from its point only, and slid sideways to stay
    between ``left`` and ``right``). ``reach`` caps the label heights a label may move: a long
    leader across a small panel reads worse than a label over a curve, and the caller may then
    try again with fewer ``points``. A ``buff`` wider than ``LEADER_BUFF`` sets the labels in
    a column apart from the ends, each joined to its end: leaders that fan out read better
    than a bundle of near-vertical ones.

    Each is drawn on a patch of the background, so a grid or bound line passing behind it does
    not strike its words through. Returns, in the order given, each label with its leader.
    """
    marks = [_box(manim.Dot(end, radius=0.06)) for end, _, _ in ends]
    fixed = [_box(mobject) for mobject in avoid] + [_point_box(point) for point in points]
    placed: list[Box] = []
    leaders: list[Box] = []  # points along the leaders drawn so far
    groups: dict[int, manim.VGroup] = {}
    for index in sorted(range(len(ends)), key=lambda i: (-ends[i][0][1], ends[i][0][0])):
        end, label, colour = ends[index]
        label.add_background_rectangle(color=BACKGROUND, opacity=1, buff=0.04)
        step = label.height + gap
        others = [*placed, *fixed, *(mark for other, mark in enumerate(marks) if other != index)]
        crossed = [*placed, *(mark for other, mark in enumerate(marks)  # ends on this one: no
                              if not _boxes_cover(mark, marks[index], gap))]  # leader misses
        furthest = 2 * len(ends) + 7 if reach is None else reach
        trials = ((rows, side) for rows in (0, *(sign * k for k in range(1, furthest + 1)
                                                 for sign in (-1, 1))) for side in sides)
        chosen = None  # the first place with room, whose leader may cross another label
        for rows, side in trials:
            if side[1] * rows < 0:  # above or below its point, a label moves away from it only
                continue
            _beside(label, end, side, buff, rows * step, left, right)
            box = _box(label)
            inside = (box[2] >= bottom - 1e-9 and box[3] <= top + 1e-9
                      and box[0] >= left - 1e-9 and box[1] <= right + 1e-9)
            if not inside or any(_boxes_cover(box, other, gap) for other in others) \
                    or any(_boxes_cover(box, point, 0.0) for point in leaders):
                continue
            chosen = chosen or (rows, side)
            # moved from beside its point, it is joined to it by a leader: better one that
            # crosses no other label or end
            leader = _leader(end, label, side) if rows or buff > LEADER_BUFF else []
            if not any(_boxes_cover(_point_box(point), other, 0.0) for point in leader
                       for other in crossed):
                break
        else:
            if chosen is None or not cross:
                raise ValueError(f"end labels: no room for {len(ends)} labels between "
                                 f"{bottom:.2f} and {top:.2f}")
            rows, side = chosen
            _beside(label, end, side, buff, rows * step, left, right)
            box = _box(label)
            leader = _leader(end, label, side) if rows or buff > LEADER_BUFF else []
        placed.append(box)
        groups[index] = manim.VGroup(label)
        if leader:
            groups[index].add(manim.Line(leader[0], leader[-1], color=colour,
                                         stroke_width=LEADER_WIDTH))
            leaders += [_point_box(point) for point in leader]
    return [groups[index] for index in range(len(ends))]


def _beside(label: manim.Mobject, end: numpy.ndarray, side: numpy.ndarray, buff: float,
            rise: float, left: float, right: float) -> None:
    """Put ``label`` on ``side`` of ``end``, ``rise`` higher; above or below it, slid sideways
    as little as keeps it between ``left`` and ``right`` (still over or under its point)."""
    label.next_to(end, side, buff=buff).shift(rise * manim.UP)
    if side[1] and label.width <= right - left:
        if label.get_left()[0] < left:
            label.shift((left - label.get_left()[0]) * manim.RIGHT)
        elif label.get_right()[0] > right:
            label.shift((label.get_right()[0] - right) * manim.LEFT)


def _leader(end: numpy.ndarray, label: manim.Mobject, side: numpy.ndarray,
            spacing: float = 0.03) -> list[numpy.ndarray]:
    """Points along the leader from ``end`` to ``label`` on its ``side``, ``spacing`` apart at
    most: its first and last are the line's ends."""
    unit = side / numpy.linalg.norm(side)
    start = end + 0.06 * unit
    stop = label.get_critical_point(-side) - 0.04 * unit
    if side[1]:  # from under or over its point, where the label reaches it
        stop[0] = min(max(end[0], label.get_left()[0]), label.get_right()[0])
    pieces = max(1, math.ceil(numpy.linalg.norm(stop - start) / spacing))
    return [start + (stop - start) * k / pieces for k in range(pieces + 1)]


def above_controls(mobject: manim.Mobject, buff: float = 0.15) -> manim.Mobject:
    """Put ``mobject``'s bottom just above the strip that a player's controls cover."""
    return mobject.shift((SAFE_BOTTOM + buff - mobject.get_bottom()[1]) * manim.UP)


class CompanionScene(manim.Scene):
    """Base scene: the theme's background, a seeded RNG, LaTeX checked before any MathTex,
    the inputs asked for, and a narration clock.

    ``TITLE`` is the scene's readable name (the gallery's heading); the first paragraph of
    the docstring is its caption (Markdown with ``$…$`` math). ``PARAMETERS`` declares
    its inputs; ``self.values`` holds the ones this render uses. ``LARGEST`` names the
    largest allowed inputs where every input at its own limit is refused by the
    scene's cross-check (the limit tests render those); ``SMALLEST`` the same at the
    other end. ``EDGE_CASES`` are further allowed inputs known to be awkward to draw
    (a readout that grows long), which the limit tests render as well.
    """

    TITLE = ""
    ILLUSTRATES = ""  # the slug of the result the scene shows (its place in a lecture deck)
    PARAMETERS = parameters.Parameters()
    LARGEST: ClassVar[dict[str, Any]] = {}
    SMALLEST: ClassVar[dict[str, Any]] = {}
    EDGE_CASES: ClassVar[tuple[dict[str, Any], ...]] = ()

    @classmethod
    def scene_name(cls) -> str:
        """The catalogue's name for this scene (a slide deck's subclass keeps its scene's)."""
        for klass in cls.__mro__:
            if "TITLE" in vars(klass) and klass is not CompanionScene:
                return klass.__name__
        return cls.__name__

    @classmethod
    def caption_for(cls, values: parameters.Values) -> str:
        """The caption of a render with ``values``: the docstring's, unless the scene's words
        depend on its inputs (then it says so, and the defaults give the docstring's)."""
        return catalogue.caption_of(cls)

    def setup(self) -> None:
        require_latex()
        random.seed(SEED)
        numpy.random.seed(SEED)
        self.camera.background_color = manim.ManimColor(BACKGROUND)
        # Defaults for anything not built by the helpers above: Manim's own are white.
        for kind in (manim.MathTex, manim.Tex, manim.DecimalNumber, manim.Integer):
            kind.set_default(color=ink(FOREGROUND))
        self.values: dict[str, Any] = self.PARAMETERS.values(request.inputs(self.scene_name()))
        self.marks: list[tuple[float, str]] = []
        self.units: list[dict | None] = []  # each mark's template id and values

    @property
    def clock(self) -> float:
        """Seconds played so far, skipped or not: where the video is. Manim's renderer counts
        the frames it writes (a still wait is cut down to whole frames, an animation rounded up
        to them) and, for an animation it skips (a dry run), its duration."""
        return float(self.renderer.time)

    def narrate(self, words: Words | str) -> None:
        """Describe, in plain words with the numbers shown, what the screen shows from now on:
        a template with named values (:func:`animations.narration.words`), said in the
        render's language (plain text only in English, as a test's scene may).

        The narration before must have been read first (:meth:`hold_for_reading`), so a
        narration may span several beats but never races the picture. Say a number when the
        beat that draws it begins, not before."""
        record = None
        if isinstance(words, Words):
            record = words.record()
            words = words.text(LANG)
        elif LANG != "en":
            raise narration.NarrationError(f"{self.scene_name()}: {words!r} is plain text; a "
                                           f"scene said in {LANG} narrates words(ID, TEMPLATE, …)")
        words = check_narration(words)
        self.hold_for_reading()
        self.marks.append((round(self.clock, 6), words))
        self.units.append(record)

    def unread_seconds(self) -> float:
        """How much longer the last narration needs on screen to be read (0 if none)."""
        if not self.marks:
            return 0.0
        start, text = self.marks[-1]
        return max(0.0, start + captions.needed_seconds(text, LIMITS) - self.clock)

    def hold_for_reading(self) -> None:
        """Hold the frame until the last narration has had its reading time
        (:func:`animations.captions.needed_seconds`): whole frames, enough of them, since a
        still wait is cut down to whole frames."""
        remaining = self.unread_seconds()
        if remaining > 1e-6:
            rate = manim.config.frame_rate
            self.wait((math.ceil(remaining * rate - 1e-6) + 0.01) / rate)

    def tear_down(self) -> None:
        """Hold the last frame until the last narration has been read, and a little longer
        (``END_MARGIN``: a transparent WebM came out 0.13 s shorter than the scene's clock,
        its encoder dropping the last frames), and leave the narration beside the render:
        ``<media_dir>/captions/<output>.json``."""
        self.hold_for_reading()
        if self.marks:
            self.wait(END_MARGIN)
        super().tear_down()
        if not self.marks or self.marks[0][0] > 0:
            raise RuntimeError(f"{self.scene_name()}: narrate the first beat at 0 s "
                               f"(self.narrate before the first play)")
        folder = Path(manim.config.media_dir) / "captions"
        folder.mkdir(parents=True, exist_ok=True)
        name = manim.config.output_file or self.scene_name()
        (folder / f"{Path(name).stem}.json").write_text(json.dumps(
            {"scene": self.scene_name(), "duration": round(self.clock, 6), "marks": self.marks,
             "lang": LANG, "units": getattr(self, "units", [])},
            ensure_ascii=False), encoding="utf-8")
