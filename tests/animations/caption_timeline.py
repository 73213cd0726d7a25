"""A scene's caption track without rendering a video: its narration and clock from a dry run.

Manim runs the scene with ``skip_animations`` and ``dry_run``: every ``play`` jumps to its end
state and no frame is drawn or written, so the narration marks and the scene's clock are those
of a real render, in seconds instead of a render's minutes. The track is the one
:func:`animations.captions.cues` makes of them (a real render's video is at most a frame per
``play`` longer: Manim rounds each ``play`` up to whole frames, which only lengthens the last
beat). The run also notes, around every ``play``, every number the screen shows
(:func:`numbers_written`), so a test can tell when a number a caption says is first on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import manim

from animations import captions, catalogue, request, texcache


@dataclass(frozen=True)
class Timeline:
    """What a dry run of one scene found."""

    cues: list[captions.Cue]  # the caption track
    beats: list[captions.Cue]  # the transcript's entries
    vtt: str  # the track as the render writes it
    shown: list[tuple[float, list[float]]]  # (time, values on screen) around each play
    seconds: float


def numbers_written(mobjects: list[manim.Mobject]) -> list[float]:
    """Every number written on screen: live numbers, and any number in a typeset text or
    formula, labels and ticks included (more than the values
    :func:`tests.animations.screen_numbers.numbers_shown` reads: here the question is only
    whether a reader can see the number yet)."""
    found: list[float] = []

    def visit(mobject: manim.Mobject) -> None:
        if isinstance(mobject, manim.DecimalNumber):
            found.append(round(mobject.get_value(), mobject.num_decimal_places))
        elif isinstance(mobject, manim.SingleStringMathTex):
            found.extend(captions.numbers(mobject.tex_string))
        else:
            for child in mobject.submobjects:
                visit(child)

    for mobject in mobjects:
        visit(mobject)
    return found


class _Watching:
    """Notes the values on screen before and after every play (a mixin before the scene's
    class): before, for what ``self.add`` put there at once."""

    def play(self, *args: Any, **kwargs: Any) -> None:
        self.shown.append((self.clock, numbers_written(self.mobjects)))
        super().play(*args, **kwargs)  # type: ignore[misc]
        # A real render runs the updaters once more after each play (Scene.play_internal does,
        # unless skipping): a counter shows the value the animation ended on.
        self.update_mobjects(0)
        self.shown.append((self.clock, numbers_written(self.mobjects)))


def timeline(name: str, overrides: dict, folder: Path) -> Timeline:
    """Scene ``name`` of the catalogue run with ``overrides`` (checked) and no video."""
    scene_class = catalogue.scenes()[name].scene_class
    scene_class.PARAMETERS.resolve(overrides, name)
    watched = type(name, (_Watching, scene_class), {"__module__": scene_class.__module__})
    settings = {
        "media_dir": str(folder), "dry_run": True, "disable_caching": True,
        "progress_bar": "none", "verbosity": "WARNING", "output_file": name,
    }
    # Formulas come from the checkout's store of typeset TeX (animations.texcache).
    with (request.drawing({name: overrides}), texcache.private_folder() as tex,
          manim.tempconfig({**settings, "tex_dir": str(tex)})):
        scene = watched(skip_animations=True)
        scene.shown = [(0.0, [])]
        scene.render()
    track = captions.cues(scene.marks, scene.clock)
    return Timeline(track, captions.beats(scene.marks, scene.clock), captions.webvtt(track),
                    scene.shown, scene.clock)
