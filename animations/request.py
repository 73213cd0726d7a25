"""What a Manim process is asked to draw: the theme, and the inputs of each scene, as data.

A command line checks the theme and the scenes' inputs once, as it reads them
(:func:`animations.cli.theme`, :func:`animations.parameters.requested`). Rendering
happens in another process (Manim, manim-slides or the handout), which gets them as one
:class:`Request`, written to a JSON file whose name is on its command line
(:func:`animations.toolchain.run_tool`) and taken as it is: :mod:`animations.style`
draws in its theme, and each scene takes its values from it (:func:`current`). A Manim
process started any other way (``manim -ql animations/scenes/FILE.py SCENE``) draws the
scenes' defaults in ``$COMPANION_THEME``, the one place that variable is read there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from foundation.palette import environment_theme


@dataclass(frozen=True)
class Request:
    """The theme a process draws in, each scene's checked inputs that differ from its
    defaults (scene name → parameter name → value; a scene not named takes its defaults), and
    the language its words are in (:mod:`animations.narration`)."""

    theme: str
    inputs: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    lang: str = "en"

    def write(self, path: Path) -> None:
        """Save the request as JSON at ``path``, for the process that :func:`load` s it."""
        chosen = {scene: dict(values) for scene, values in self.inputs.items() if values}
        saved = {"theme": self.theme, "inputs": chosen}
        if self.lang != "en":
            saved["lang"] = self.lang
        path.write_text(json.dumps(saved, allow_nan=False), encoding="utf-8")


def _tuples(value: Any) -> Any:
    """A JSON value with its arrays as tuples: the canonical form a checked input has
    (:meth:`animations.parameters.Parameter.check`)."""
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value


_current: Request | None = None
# The request file of the tool that started this process: a tool that runs Manim in a process of
# its own (manim-slides' ``render`` runs ``python -m manim``) passes the request on through it.
ENVIRONMENT = "COMPANION_REQUEST"


def load(path: Path) -> None:
    """Make the request saved at ``path`` this process's (before any scene is imported: the
    theme is fixed when :mod:`animations.style` is)."""
    global _current
    saved = json.loads(path.read_text(encoding="utf-8"))
    _current = Request(saved["theme"], {
        scene: {name: _tuples(value) for name, value in values.items()}
        for scene, values in saved["inputs"].items()}, saved.get("lang", "en"))


def current() -> Request:
    """The request this process draws: the one it was started with, else every scene's
    defaults in the theme ``$COMPANION_THEME`` names (checked there)."""
    global _current
    if _current is None and os.environ.get(ENVIRONMENT):
        load(Path(os.environ[ENVIRONMENT]))
    if _current is None:
        _current = Request(environment_theme())
    return _current


def inputs(scene: str) -> Mapping[str, Any]:
    """The inputs asked of ``scene`` that differ from its defaults."""
    return current().inputs.get(scene, {})


@contextmanager
def drawing(chosen: Mapping[str, Mapping[str, Any]]) -> Iterator[None]:
    """Scenes built inside take the inputs ``chosen`` (scene → name → value), as a render
    process would: for a scene run in this process (a dry run, a test)."""
    global _current
    before = current()
    _current = replace(before, inputs=chosen)
    try:
        yield
    finally:
        _current = before
