"""Measure a scene's last frame as a reader sees it: is every text legible and clear of controls?

    COMPANION_THEME=light python -m tests.animations.frame_probe VanishingPowers [--png OUT]
    python -m animations.toolchain REQUEST.json tests.animations.frame_probe VanishingPowers

renders only the last frame (Manim skips the animations) and prints one JSON
object: for every text element (each label, number or formula; the parts of a
formula that have their own colour separately) its box in the site's 854×480
pixels, its height there, and the WCAG contrast between its ink and what lies
around it, read from the frame's pixels. The frame is read at twice the site's
resolution, so that strokes are wide enough to hold their full colour: the
contrast measures the colours drawn, not how thin a glyph is (the height does
that). The ink is the 99th percentile of the per-pixel contrast inside the
boxes (anti-aliased edges are lighter than strokes; one stray pixel cannot
decide), the background the median of a ring of pixels around them. It also
lists text that is not typeset by LaTeX (Pango ``Text``), pairs of texts whose
boxes overlap, texts reaching into the bottom strip a video player's controls
cover, and texts reaching out of the frame. Run with a render request (the second
form, :mod:`animations.request`), it draws that theme and the scene's inputs given there.

It runs in its own process because the theme is fixed when ``animations.style``
is imported. A scene is named as in the catalogue, or as ``module:Class``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from pathlib import Path

import manim
import numpy

from animations import catalogue, style

WIDTH, HEIGHT = 854, 480  # the site's videos
OVERSAMPLE = 2  # the frame is read at 1708×960
RING = 4  # pixels of background sampled around a text's box (at the oversampled size)
INK_PERCENTILE = 99


def scene_class(name: str) -> type[manim.Scene]:
    if ":" in name:
        module, cls = name.split(":")
        return getattr(importlib.import_module(module), cls)
    return catalogue.scenes()[name].scene_class


def texts(mobjects: list[manim.Mobject]) -> tuple[list[tuple[int, manim.Mobject]], list[str]]:
    """Every visible text part, tagged with the index of the text it belongs to; Pango texts."""
    parts: list[tuple[int, manim.Mobject]] = []
    pango: list[str] = []
    count = 0

    def visit(mobject: manim.Mobject) -> None:
        nonlocal count
        if isinstance(mobject, manim.Text | manim.MarkupText):
            pango.append(getattr(mobject, "original_text", mobject.text))
        if isinstance(mobject, manim.DecimalNumber | manim.Text | manim.MarkupText):
            chosen = [mobject]
        elif isinstance(mobject, manim.SingleStringMathTex):
            chosen = [part for part in mobject.submobjects if part.has_points()
                      or part.submobjects] if isinstance(mobject, manim.MathTex) else [mobject]
            chosen = chosen or [mobject]
        else:
            for child in mobject.submobjects:
                visit(child)
            return
        visible = [part for part in chosen if part.width > 0 and any(
            piece.get_fill_opacity() > 0 for piece in part.family_members_with_points())]
        parts.extend((count, part) for part in visible)
        count += 1

    for mobject in mobjects:
        visit(mobject)
    return parts, pango


def pixel_box(mobject: manim.Mobject, scale: int = 1) -> tuple[int, int, int, int]:
    """``(left, top, right, bottom)`` in pixels of the site's frame times ``scale``, right and
    bottom exclusive."""
    width, height = manim.config.frame_width, manim.config.frame_height
    left, top = mobject.get_corner(manim.UL)[:2]
    right, bottom = mobject.get_corner(manim.DR)[:2]

    def column(x: float) -> float:
        return (x + width / 2) / width * WIDTH * scale

    def row(y: float) -> float:
        return (height / 2 - y) / height * HEIGHT * scale

    return (int(numpy.floor(column(left))), int(numpy.floor(row(top))),
            int(numpy.ceil(column(right))), int(numpy.ceil(row(bottom))))


def luminance(rgb: numpy.ndarray) -> numpy.ndarray:
    """WCAG relative luminance of 8-bit sRGB pixels (last axis: channels)."""
    channels = rgb.astype(float) / 255
    linear = numpy.where(channels <= 0.04045, channels / 12.92,
                         ((channels + 0.055) / 1.055) ** 2.4)
    return linear @ numpy.array([0.2126, 0.7152, 0.0722])


def contrast(frame: numpy.ndarray, boxes: list[tuple[int, int, int, int]]) -> dict[str, object]:
    """Ink-against-surroundings contrast of the text in ``boxes`` (see the module docstring)."""
    height, width = frame.shape[:2]
    insides, rings = [], []
    for box in boxes:
        left, top = max(0, box[0]), max(0, box[1])
        right, bottom = min(width, box[2]), min(height, box[3])
        insides.append(frame[top:bottom, left:right, :3].reshape(-1, 3))
        outer_left, outer_top = max(0, left - RING), max(0, top - RING)
        outer = frame[outer_top:bottom + RING, outer_left:right + RING, :3]
        mask = numpy.ones(outer.shape[:2], dtype=bool)
        mask[top - outer_top:bottom - outer_top, left - outer_left:right - outer_left] = False
        rings.append(outer[mask])
    background = numpy.median(numpy.concatenate(rings), axis=0)
    behind = luminance(background)
    pixels = luminance(numpy.concatenate(insides))
    ratios = (numpy.maximum(pixels, behind) + 0.05) / (numpy.minimum(pixels, behind) + 0.05)
    ink_ratio = float(numpy.percentile(ratios, INK_PERCENTILE)) if ratios.size else 1.0
    return {"contrast": round(ink_ratio, 2),
            "background": "#" + "".join(f"{round(c):02X}" for c in background)}


def overlapping(boxes: list[tuple[int, tuple[int, int, int, int]]]) -> list[list[int]]:
    """Pairs of different texts whose boxes share more than a pixel."""
    pairs = set()
    for first, (owner_a, a) in enumerate(boxes):
        for owner_b, b in boxes[first + 1:]:
            if owner_a == owner_b:
                continue
            if min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1:
                pairs.add((owner_a, owner_b))
    return [list(pair) for pair in sorted(pairs)]


def _describe(mobject: manim.Mobject) -> str:
    if isinstance(mobject, manim.DecimalNumber):
        return f"{mobject.get_value():g}"
    return getattr(mobject, "tex_string", None) or getattr(mobject, "text", None) or "?"


def probe(name: str, png: Path | None = None) -> dict[str, object]:
    """Render ``name``'s last frame and measure it."""
    # Formulas come from the checkout's store of typeset TeX: the probe runs as a render request
    # (animations.toolchain), whose tex_dir is a private folder seeded from it.
    with tempfile.TemporaryDirectory() as scratch, manim.tempconfig({
        "media_dir": scratch, "pixel_width": WIDTH * OVERSAMPLE,
        "pixel_height": HEIGHT * OVERSAMPLE, "frame_rate": 15, "save_last_frame": True,
        "write_to_movie": False, "disable_caching": True, "progress_bar": "none",
        "verbosity": "ERROR",  # a warning (a run_time cut to a frame) would go to stdout
    }):
        scene = scene_class(name)()
        scene.render()
        frame = numpy.asarray(scene.renderer.get_frame())
        parts, pango = texts(scene.mobjects)
        # One measurement per text and colour: a formula's parts in one colour are read together.
        groups: dict[tuple[int, str], list[manim.Mobject]] = {}
        for owner, part in parts:
            groups.setdefault((owner, part.get_fill_color().to_hex()), []).append(part)
        measured = []
        for (owner, colour), members in groups.items():
            boxes = [pixel_box(member) for member in members]
            union = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                     max(b[2] for b in boxes), max(b[3] for b in boxes))
            measured.append({
                "text": " ".join(_describe(member) for member in members), "owner": owner,
                "colour": colour, "box": list(union), "height": union[3] - union[1],
                **contrast(frame, [pixel_box(member, OVERSAMPLE) for member in members]),
            })
    if png is not None:
        from PIL import Image

        Image.fromarray(frame[:, :, :3]).resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS).save(png)
    controls_row = HEIGHT * (1 - style.CONTROLS_SHARE)
    return {
        "scene": name, "theme": style.THEME, "size": [WIDTH, HEIGHT],
        "texts": measured,
        "pango": pango,
        "overlaps": overlapping([(m["owner"], tuple(m["box"])) for m in measured]),
        "under_controls": [m["text"] for m in measured if m["box"][3] > controls_row],
        "outside": [m["text"] for m in measured if m["box"][0] < 0 or m["box"][1] < 0
                    or m["box"][2] > WIDTH or m["box"][3] > HEIGHT],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scene")
    parser.add_argument("--png", type=Path, help="also save the frame here")
    arguments = parser.parse_args()
    json.dump(probe(arguments.scene, arguments.png), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
