"""A chapter deck's PDF handout: one vector page per slide, drawn from the scenes themselves.

    COMPANION_THEME=light python -m animations.handout OUT.pdf Chapter2TitleSlides …

Each slide of a deck ends a beat (:class:`animations.slides.Beats`); the handout
runs the same slide classes without rendering video (Manim skips the animations
and keeps their end states) and, at the end of every beat, draws what is on
screen into a PDF page with cairo, path by path: text stays vector at any zoom,
nothing is a JPEG. A page identical to the one before it (a beat that changed
nothing visible) is left out, so no page repeats. :mod:`animations.decks` runs
this in a subprocess, since the theme is fixed when the scenes are imported.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import sys
import tempfile
from pathlib import Path

import cairo
import manim
import numpy
from manim.mobject.types.image_mobject import AbstractImageMobject

from animations import catalogue, stamps, style
from animations.slides import Beats, lecture_classes

PAGE_WIDTH, PAGE_HEIGHT = 960.0, 540.0  # points: 13.33 × 7.5 inches, widescreen slides
PROBE_SIZE = (480, 270)  # pixels of the frame compared to find a page that repeats


class Pages:
    """A PDF being written page by page, in the theme's background colour."""

    def __init__(self, path: Path) -> None:
        self.surface = cairo.PDFSurface(str(path), PAGE_WIDTH, PAGE_HEIGHT)
        self.surface.set_metadata(cairo.PDF_METADATA_CREATOR, "animations.handout")
        self.context = cairo.Context(self.surface)
        self.count = 0
        self._last: str | None = None

    def add(self, scene: manim.Scene) -> None:
        """The scene's current frame as a page, unless it looks exactly like the last page."""
        scene.renderer.update_frame(scene, ignore_skipping=True)
        looks = hashlib.sha256(numpy.ascontiguousarray(scene.renderer.get_frame())).hexdigest()
        if looks == self._last:
            return
        self._last = looks
        draw(self.context, scene.camera, scene.mobjects + scene.foreground_mobjects)
        self.context.show_page()
        self.count += 1

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


def draw(context: cairo.Context, camera: manim.Camera, mobjects: list[manim.Mobject]) -> None:
    """Paint ``mobjects`` as Manim's camera would, but as vector paths on ``context``'s page."""
    context.save()
    context.set_source_rgb(*manim.ManimColor(style.BACKGROUND).to_rgb())
    context.paint()
    width, height = camera.frame_width, camera.frame_height
    centre = camera.frame_center
    context.set_matrix(cairo.Matrix(PAGE_WIDTH / width, 0, 0, -PAGE_HEIGHT / height,
                                    PAGE_WIDTH / 2 - centre[0] * PAGE_WIDTH / width,
                                    PAGE_HEIGHT / 2 + centre[1] * PAGE_HEIGHT / height))
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


class CapturePages(Beats):
    """A page at the end of every beat and at the end of the scene."""

    pages: Pages | None = None

    def beat_begins(self, started: bool) -> None:
        if started and self.pages is not None:
            self.pages.add(self)  # type: ignore[arg-type]

    def tear_down(self) -> None:
        super().tear_down()  # type: ignore[misc]
        if self.pages is not None:
            self.pages.add(self)  # type: ignore[arg-type]


def _quiet(message: str) -> None:
    """Waiting for another handout's TeX is routine: nothing to tell the user."""


def write(path: Path, scenes: list[type]) -> int:
    """Draw ``scenes`` (slide classes built on :class:`CapturePages`), in order, into the PDF
    ``path``; the page count."""
    pages = Pages(path)
    CapturePages.pages = pages
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    tex_cache = catalogue.ROOT / "build" / "tex-cache" / f"handout-{worker}"
    try:
        # Decks build in parallel, so one handout at a time uses the TeX cache: after each
        # formula Manim deletes every file of the folder but .tex and .svg, which would
        # include another handout's DVI before it is converted (and a lock file kept in it).
        with (tempfile.TemporaryDirectory() as scratch,
              stamps.folder_lock(tex_cache.parent, _quiet)):
            for scene in scenes:
                with manim.tempconfig({
                    "media_dir": scratch, "dry_run": True, "disable_caching": True,
                    "pixel_width": PROBE_SIZE[0], "pixel_height": PROBE_SIZE[1],
                    "frame_rate": 15, "progress_bar": "none", "verbosity": "WARNING",
                    "tex_dir": str(tex_cache),
                }):
                    scene(skip_animations=True).render()
    finally:
        CapturePages.pages = None
        pages.close()
    return pages.count


def write_slides(path: Path, names: list[str]) -> int:
    """The handout of the deck whose slides are ``names`` (presentation class names)."""
    classes = lecture_classes(CapturePages)
    unknown = [name for name in names if name not in classes]
    if unknown:
        raise ValueError(f"names: no slide class {', '.join(unknown)}")
    return write(path, [classes[name] for name in names])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m animations.handout", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", type=Path, help="the PDF to write")
    parser.add_argument("slides", nargs="+", help="presentation classes, in deck order")
    arguments = parser.parse_args(argv)
    count = write_slides(arguments.output, arguments.slides)
    print(f"{count} pages → {arguments.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
