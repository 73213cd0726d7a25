"""A chapter deck's PDF handout: one vector page per slide, drawn from the scenes themselves,
with the slide's title and notes as text.

    COMPANION_THEME=light python -m lectures.handout OUT.pdf Chapter2TitleSlides …
    python -m lectures.handout OUT.pdf --formulas DIR ResultOrthogonalGainSlides …

Each slide of a deck ends a beat (:class:`lectures.slides.Beats`); the handout
runs the same slide classes without rendering video (Manim skips the animations
and keeps their end states) and, at the end of every beat, draws what is on
screen into a PDF page with cairo, path by path: the picture stays vector at any
zoom, nothing is a JPEG. Beside the picture the page prints the slide's title and
its notes (the statement and proof of a result, the narration of an animation) as
real text, math spelt in Unicode, so the handout can be searched, copied and read
aloud by a screen reader. A page whose picture is identical to the one before it
(a beat that changed nothing visible) is left out, so no page repeats.
``--formulas DIR`` also typesets each result's conclusion as a PNG
(``DIR/<slug>.png``, transparent, in the theme's ink) for the PowerPoint deck.
:mod:`lectures.decks` runs this in a subprocess, since the theme is fixed when the
scenes are imported; the theme and the scenes' inputs reach it as the deck's render request
(:mod:`animations.request`).

A Korean deck's handout (``python -m lectures.decks --lang ko``) draws the same pages in that
language: the scenes' words and the notes come from the checked translations
(:mod:`lectures.language`), and its text sets each run of Hangul in NanumGothic
(:data:`HANGUL_FONT`) and everything else in :data:`FONT`, which has the notes' Unicode math
(cairo draws a run in one face, with no fallback).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import math
import re
import sys
import tempfile
from pathlib import Path

import cairo
import manim
import numpy
from manim.mobject.types.image_mobject import AbstractImageMobject

from animations import style, texcache
from derivations.engine import get
from foundation import fonts
from lectures.slides import Beats, ResultStatement, continued, heading, lecture_classes

PAGE_WIDTH, PAGE_HEIGHT = 960.0, 540.0  # points: 13.33 × 7.5 inches, widescreen slides
PROBE_SIZE = (480, 270)  # pixels of the frame compared to find a page that repeats
MARGIN = 24.0
TITLE_SIZE = 20.0  # points
TITLE_BAND = 58.0  # the title's strip across the top of the page
PICTURE = (MARGIN, TITLE_BAND, 608.0, 342.0)  # x, y, width, height: the slide, at 16:9
COLUMN_GAP = 20.0
NOTE_SIZES = (10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)  # the largest size the notes fit in
FONT = "DejaVu Sans"  # covers the Unicode the notes spell math in (‖ ᵀ ₜ λ ∂ ≤ …)
HANGUL_FONT = fonts.HANGUL_FONT  # NanumGothic: DejaVu has no Hangul; NanumGothic no ‖ ᵀ ₜ
_HANGUL = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3"
_HANGUL_RUNS = re.compile(f"([{_HANGUL}]+(?: +[{_HANGUL}]+)*)")  # spaces between words kept
FORMULA_PIXELS_PER_UNIT = 300  # a conclusion's PNG: about 320 dpi on a 13.33-inch slide


def text_boxes() -> list[tuple[float, float, float, float]]:
    """Where the notes flow: the column right of the picture, then the strip below it."""
    x, y, width, height = PICTURE
    right = x + width + COLUMN_GAP
    return [(right, y, PAGE_WIDTH - MARGIN - right, PAGE_HEIGHT - MARGIN - y),
            (x, y + height + 14, width, PAGE_HEIGHT - MARGIN - (y + height + 14))]


def _runs(text: str) -> list[tuple[str, str]]:
    """``text`` as runs of (font, characters): Hangul in :data:`HANGUL_FONT`, the rest in
    :data:`FONT` (cairo's toy text draws each run in one face, with no fallback)."""
    return [(HANGUL_FONT if index % 2 else FONT, part)
            for index, part in enumerate(_HANGUL_RUNS.split(text)) if part]


def advance(context: cairo.Context, text: str, weight=cairo.FONT_WEIGHT_NORMAL) -> float:
    """How far ``text`` advances in the context's font size, each run in its font."""
    total = 0.0
    for font, part in _runs(text):
        context.select_font_face(font, cairo.FONT_SLANT_NORMAL, weight)
        total += context.text_extents(part).x_advance
    return total


def show(context: cairo.Context, text: str, weight=cairo.FONT_WEIGHT_NORMAL) -> None:
    """Draw ``text`` at the current point, each run in its font (a text layer, searchable)."""
    for font, part in _runs(text):
        context.select_font_face(font, cairo.FONT_SLANT_NORMAL, weight)
        context.show_text(part)


def wrap(context: cairo.Context, text: str, width: float,
         weight=cairo.FONT_WEIGHT_NORMAL) -> list[str]:
    """``text`` broken into lines no wider than ``width`` in the context's font; a blank line
    between paragraphs is kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and advance(context, trial, weight) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


class Pages:
    """A PDF being written page by page, in the theme's background colour."""

    def __init__(self, path: Path) -> None:
        self.surface = cairo.PDFSurface(str(path), PAGE_WIDTH, PAGE_HEIGHT)
        self.surface.set_metadata(cairo.PDF_METADATA_CREATOR, "lectures.handout")
        self.context = cairo.Context(self.surface)
        self.count = 0
        self.overflows: list[str] = []  # titles of pages whose notes did not fit whole
        self._last: str | None = None

    def add(self, scene: manim.Scene, title: str = "", notes: str = "") -> None:
        """The scene's current frame as a page, with ``title`` and ``notes`` as text, unless
        it looks exactly like the last page."""
        scene.renderer.update_frame(scene, ignore_skipping=True)
        looks = hashlib.sha256(numpy.ascontiguousarray(scene.renderer.get_frame())).hexdigest()
        if looks == self._last:
            return
        self._last = looks
        context = self.context
        context.save()
        context.set_source_rgb(*manim.ManimColor(style.BACKGROUND).to_rgb())
        context.paint()
        x, y, width, height = PICTURE
        context.translate(x, y)
        context.rectangle(0, 0, width, height)
        context.clip()
        draw(context, scene.camera, scene.mobjects + scene.foreground_mobjects,
             (width, height))
        context.restore()
        self._frame()
        self._text(title, notes)
        context.show_page()
        self.count += 1

    def _frame(self) -> None:
        """A hairline round the picture, so a slide's edge shows on the page."""
        context = self.context
        context.set_source_rgb(*manim.ManimColor(style.GRID).to_rgb())
        context.set_line_width(0.75)
        context.rectangle(*PICTURE)
        context.stroke()

    def _text(self, title: str, notes: str) -> None:
        """The title across the top (smaller on two lines if need be), the notes beside and
        below the picture at the largest size they fit in."""
        context = self.context
        context.set_source_rgb(*manim.ManimColor(style.FOREGROUND).to_rgb())
        context.select_font_face(FONT, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
        width = PAGE_WIDTH - 2 * MARGIN
        for size in (TITLE_SIZE, TITLE_SIZE * 0.8, TITLE_SIZE * 0.7):
            context.set_font_size(size)
            lines = wrap(context, title, width, cairo.FONT_WEIGHT_BOLD)
            if len(lines) <= 2 and size * 1.2 * len(lines) <= TITLE_BAND - MARGIN + 6:
                break
        for number, line in enumerate(lines[:2]):
            context.move_to(MARGIN, MARGIN + size * (0.8 + 1.2 * number) - 6)
            show(context, line, cairo.FONT_WEIGHT_BOLD)
        context.select_font_face(FONT, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
        boxes = text_boxes()
        for size in NOTE_SIZES:
            context.set_font_size(size)
            placed = self._flow(notes, boxes, size)
            if placed is not None:
                break
        else:
            self.overflows.append(title)
            placed = self._flow(notes, boxes, NOTE_SIZES[-1], cut=True) or []
        for x, y, line in placed:
            context.move_to(x, y)
            show(context, line)

    def _flow(self, notes: str, boxes: list[tuple[float, float, float, float]], size: float,
              cut: bool = False) -> list[tuple[float, float, str]] | None:
        """Where each line of ``notes`` goes at font ``size``, filling ``boxes`` in order;
        None if they do not fit (unless ``cut``: then what fits, ending in an ellipsis)."""
        leading = size * 1.3
        paragraphs = [paragraph.split(" ") if paragraph else [] for paragraph in
                      notes.strip().split("\n")]
        placed: list[tuple[float, float, str]] = []
        paragraph, word = 0, 0
        for x, y, width, height in boxes:
            for row in range(int((height - 0.3 * size) // leading)):
                if paragraph == len(paragraphs):
                    return placed
                words, line = paragraphs[paragraph], ""
                while word < len(words):
                    trial = f"{line} {words[word]}" if line else words[word]
                    if line and advance(self.context, trial) > width:
                        break
                    line, word = trial, word + 1
                if line or row:  # no blank line at the top of a box
                    placed.append((x, y + size + row * leading, line))
                if word == len(words):
                    paragraph, word = paragraph + 1, 0
        if paragraph == len(paragraphs):
            return placed
        if cut and placed:
            x, y, line = placed[-1]
            placed[-1] = (x, y, f"{line} …")
            return placed
        return None

    def close(self) -> None:
        self.surface.finish()


def _source(context: cairo.Context, camera: manim.Camera, rgbas: numpy.ndarray,
            vmobject: manim.VMobject) -> None:
    """Set the paint of a fill or stroke: one colour, or Manim's linear gradient (RGB order)."""
    if len(rgbas) == 1:
        context.set_source_rgba(*rgbas[0][:3], rgbas[0][3])
        return
    ends = camera.transform_points_pre_display(vmobject,
                                               vmobject.get_gradient_start_and_end_points())
    gradient = cairo.LinearGradient(*itertools.chain(*(point[:2] for point in ends)))
    for rgba, offset in zip(rgbas, numpy.linspace(0, 1, len(rgbas)), strict=True):
        gradient.add_color_stop_rgba(offset, *rgba[:3], rgba[3])
    context.set_source(gradient)


def _stroke(context: cairo.Context, camera: manim.Camera, vmobject: manim.VMobject,
            background: bool) -> None:
    width = vmobject.get_stroke_width(background)
    if width == 0:
        return
    _source(context, camera, camera.get_stroke_rgbas(vmobject, background=background), vmobject)
    context.set_line_width(width * camera.cairo_line_width_multiple)
    context.stroke_preserve()


def draw(context: cairo.Context, camera: manim.Camera, mobjects: list[manim.Mobject],
         size: tuple[float, float] = (PAGE_WIDTH, PAGE_HEIGHT),
         frame: tuple[numpy.ndarray, float, float] | None = None,
         background: bool = True) -> None:
    """Paint ``mobjects`` as Manim's camera would, but as vector paths on ``context``, into a
    ``size`` box at the context's origin: the camera's frame, or ``frame`` (centre, width,
    height in scene units); on the theme's background unless ``background`` is False."""
    context.save()
    if background:
        context.set_source_rgb(*manim.ManimColor(style.BACKGROUND).to_rgb())
        context.paint()
    centre, width, height = frame or (camera.frame_center, camera.frame_width,
                                      camera.frame_height)
    across, down = size
    context.transform(cairo.Matrix(across / width, 0, 0, -down / height,
                                   across / 2 - centre[0] * across / width,
                                   down / 2 + centre[1] * down / height))
    for mobject in camera.get_mobjects_to_display(mobjects):
        if isinstance(mobject, manim.PMobject | AbstractImageMobject):
            raise TypeError(f"{type(mobject).__name__}: the handout draws vector mobjects only")
        if not isinstance(mobject, manim.VMobject):
            continue  # a plain Mobject (a ValueTracker) is not drawn by Manim's camera either
        camera.set_cairo_context_path(context, mobject)
        _stroke(context, camera, mobject, background=True)
        _source(context, camera, camera.get_fill_rgbas(mobject), mobject)
        context.fill_preserve()
        _stroke(context, camera, mobject, background=False)
        context.new_path()
    context.restore()


def formula_png(latex: str, path: Path, size: float = 64) -> tuple[int, int]:
    """Typeset ``latex`` as display math in the theme's ink on a transparent PNG (for a slide
    that cannot typeset it); its size in pixels. Needs Manim's config (TeX folder) set."""
    shown = style.formula(latex, size=size)
    margin = 0.08  # scene units round the ink, so no stroke is cut
    width, height = shown.width + 2 * margin, shown.height + 2 * margin
    pixels = (math.ceil(width * FORMULA_PIXELS_PER_UNIT),
              math.ceil(height * FORMULA_PIXELS_PER_UNIT))
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, *pixels)
    draw(cairo.Context(surface), manim.Camera(), [shown], pixels,
         (shown.get_center(), width, height), background=False)
    surface.write_to_png(str(path))
    return pixels


class CapturePages(Beats):
    """A page at the end of every beat and at the end of the scene, with the slide's title and
    the notes of the beat that ends (as the deck's slide of that beat has them)."""

    pages: Pages | None = None
    _page_notes = ""

    def page_title(self) -> str:
        try:
            return heading(type(self).__name__, style.LANG)
        except KeyError:  # a scene outside the lecture (a test's)
            return getattr(self, "TITLE", "") or type(self).__name__

    def beat_begins(self, started: bool) -> None:
        if started and self.pages is not None:
            self.pages.add(self, self.page_title(), self._page_notes)  # type: ignore[arg-type]
        self._page_notes = self.pending_notes()

    def speaker_notes(self, text: str) -> None:
        self._page_notes = text

    def tear_down(self) -> None:
        super().tear_down()  # type: ignore[misc]
        if self.pages is not None:
            late = self.pending_notes() if getattr(self, "marks", None) else ""
            notes = self._page_notes
            # narrated after the last beat began
            if late and not late.startswith(continued(style.LANG)):
                notes = f"{notes}\n\n{late}" if notes else late
            self.pages.add(self, self.page_title(), notes)  # type: ignore[arg-type]


def write(path: Path, scenes: list[type], formulas: Path | None = None) -> int:
    """Draw ``scenes`` (slide classes built on :class:`CapturePages`), in order, into the PDF
    ``path``; the page count. With ``formulas``, a folder, also typeset the conclusion of
    every result among them as ``<slug>.png`` there."""
    pages = Pages(path)
    CapturePages.pages = pages
    try:
        # Formulas come from the checkout's store, typeset in a folder of this run's own
        # (decks build in parallel: animations.texcache).
        with tempfile.TemporaryDirectory() as scratch, texcache.private_folder() as tex_cache:
            for scene in scenes:
                with manim.tempconfig({
                    "media_dir": scratch, "dry_run": True, "disable_caching": True,
                    "pixel_width": PROBE_SIZE[0], "pixel_height": PROBE_SIZE[1],
                    "frame_rate": 15, "progress_bar": "none", "verbosity": "WARNING",
                    "tex_dir": str(tex_cache),
                }):
                    scene(skip_animations=True).render()
                    if formulas is not None and issubclass(scene, ResultStatement):
                        derivation = get(scene.SLUG)
                        formula_png(derivation.conclusion_step.latex(),
                                    formulas / f"{scene.SLUG}.png")
    finally:
        CapturePages.pages = None
        pages.close()
    return pages.count


def write_slides(path: Path, names: list[str], formulas: Path | None = None) -> int:
    """The handout of the deck whose slides are ``names`` (presentation class names)."""
    classes = lecture_classes(CapturePages)
    unknown = [name for name in names if name not in classes]
    if unknown:
        raise ValueError(f"names: no slide class {', '.join(unknown)}")
    if formulas is not None:
        formulas.mkdir(parents=True, exist_ok=True)
    return write(path, [classes[name] for name in names], formulas)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lectures.handout", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", type=Path, help="the PDF to write")
    parser.add_argument("slides", nargs="+", help="presentation classes, in deck order")
    parser.add_argument("--formulas", type=Path, metavar="DIR",
                        help="also typeset each result's conclusion as DIR/<slug>.png")
    arguments = parser.parse_args(argv)
    count = write_slides(arguments.output, arguments.slides, arguments.formulas)
    print(f"{count} pages → {arguments.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
