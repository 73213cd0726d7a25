"""Every scene as a manim-slides presentation that pauses at each beat (each ``play``).

For each scene ``X`` of the catalogue this module defines ``XSlides``, so

    manim-slides render -ql animations/slides.py VanishingPowersSlides
    manim-slides VanishingPowersSlides

presents it live; ``python -m animations.decks`` builds the chapters' decks.
"""

from __future__ import annotations

from typing import Any

import manim
from manim_slides import Slide

from animations import catalogue


class PauseAtEachBeat(Slide):
    """Each ``play`` is a beat: the presenter's key press starts it (the first starts at once)."""

    def play(self, *args: Any, **kwargs: Any) -> None:
        if getattr(self, "_beat_started", False):
            self.next_slide()
        self._beat_started = True
        super().play(*args, **kwargs)


def slide_name(scene: str) -> str:
    """The presentation class of ``scene``."""
    return f"{scene}Slides"


def _presentation(scene: type[manim.Scene]) -> type[manim.Scene]:
    return type(slide_name(scene.__name__), (PauseAtEachBeat, scene),
                {"__module__": __name__, "__doc__": scene.__doc__})


PRESENTATIONS = {
    entry.name: _presentation(entry.scene_class) for entry in catalogue.scenes().values()
}
globals().update({cls.__name__: cls for cls in PRESENTATIONS.values()})
