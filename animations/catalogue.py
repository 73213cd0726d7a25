"""Which scenes exist, where they live, what they show, and what their renders depend on.

A scene module is a module of :mod:`animations.scenes`, found by being there; it declares
``CHAPTER`` and ``SCENES`` (in the order the chapter shows them). A scene class declares
its readable ``TITLE``, and its caption is the first paragraph of its docstring: Markdown
with ``$…$`` math, checked like the site's prose. A render's inputs are the scene module
and every project module it imports, transitively, found by reading ``import``
statements, so editing a derivation re-renders exactly the scenes that draw it, and
editing a scene module re-renders its own scenes alone (a scene imports no other scene).
The site build reads the same import closure to know when its tables are stale.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import animations.scenes
from animations import parameters
from derivations.book import CHAPTERS
from derivations.engine.text import check_prose
from foundation.paths import ROOT
from foundation.provenance import closure, digest, imported_names, module_path

PROJECT_PACKAGES = ("foundation", "animations", "derivations", "sitebuild", "lectures",
                    "experiments")
# Data a package's modules read at run time: a render or table that imports the package
# depends on these files too (chapter 5 draws the committed training results).
PACKAGE_DATA = {"experiments": "experiments/results/*.json"}
ENGINE = "derivations.engine"
REGISTRY = f"{ENGINE}.registry"
REGISTRY_LOOKUPS = {"get", "all_derivations", "slugs"}


@dataclass(frozen=True)
class SceneEntry:
    """One renderable scene."""

    name: str
    module: str
    chapter: int
    position: int  # 1, 2, … in the order its chapter shows its scenes
    title: str  # readable: "Vanishing powers"
    caption: str  # Markdown with $…$ math

    @property
    def path(self) -> Path:
        return module_path(self.module)

    @property
    def scene_class(self) -> type:
        """The Manim scene class itself (importing its module)."""
        return getattr(importlib.import_module(self.module), self.name)


@cache
def scenes() -> dict[str, SceneEntry]:
    """All scenes by class name, in chapter order, then in the order their chapter shows them."""
    found: dict[str, SceneEntry] = {}
    located = {f"{animations.scenes.__name__}.{info.name}"
               for info in pkgutil.iter_modules(animations.scenes.__path__)}
    named = {module: chapter.number for chapter in CHAPTERS for module in chapter.scenes}
    if located != set(named):
        raise ValueError(f"scene modules {sorted(located ^ set(named))}: each module of "
                         "animations/scenes is named by exactly one chapter of derivations/book.py")
    for name, chapter in named.items():  # chapter order, then the order the chapter names
        for scene in importlib.import_module(name).SCENES:
            if scene.__name__ in found:
                raise ValueError(f"scene name {scene.__name__} is defined twice")
            found[scene.__name__] = _entry(scene, name, chapter, 1 + sum(
                entry.chapter == chapter for entry in found.values()))
    return found


def caption_of(scene: type) -> str:
    """The first paragraph of a scene's docstring, on one line: its caption."""
    return " ".join((scene.__doc__ or "").strip().split("\n\n")[0].split())


def _entry(scene: type, module: str, chapter: int, position: int) -> SceneEntry:
    """The catalogue entry of ``scene``, refusing a missing or badly written title or caption."""
    caption = caption_of(scene)
    title = getattr(scene, "TITLE", "")
    if not caption or not title:
        raise ValueError(f"scene {scene.__name__} needs a TITLE and a docstring (its caption)")
    check_prose(title, f"TITLE of scene {scene.__name__}")
    check_prose(caption, f"caption (first docstring paragraph) of scene {scene.__name__}")
    return SceneEntry(scene.__name__, module, chapter, position, title, caption)


def _looks_up(module: str) -> bool:
    """Whether ``module`` looks derivations up by slug through the registry."""
    names = set(imported_names(module_path(module)))
    lookups = {f"{package}.{name}" for package in (REGISTRY, ENGINE) for name in REGISTRY_LOOKUPS}
    plain_import = REGISTRY in names and not any(n.startswith(f"{REGISTRY}.") for n in names)
    return plain_import or bool(names & lookups)


def _registered_chapter_modules() -> list[str]:
    """The chapter modules the derivation registry imports at run time, not by ``import``."""
    from derivations.engine.registry import CHAPTER_PACKAGES

    return [
        f"{package}.{path.stem}"
        for package in CHAPTER_PACKAGES
        for path in sorted(module_path(package).parent.glob("*.py"))
        if path.stem != "__init__"
    ]


def dependencies(module: str) -> list[Path]:
    """``module`` and every project module it imports, directly or not (with parent packages),
    plus the data files of those packages (``PACKAGE_DATA``).

    A module outside the engine that looks derivations up by slug (``get``,
    ``all_derivations``, ``slugs``) depends on every registered chapter module,
    which the registry imports at run time; merely importing the engine (as the
    notation does, for its printer) does not.
    """
    def registered(current: str) -> list[str]:
        outside = current != ENGINE and not current.startswith(f"{ENGINE}.")
        return _registered_chapter_modules() if outside and _looks_up(current) else []

    paths = set(closure(module, PROJECT_PACKAGES, also=registered))
    packages = {path.relative_to(ROOT).parts[0] for path in paths}
    for package, pattern in PACKAGE_DATA.items():
        if package in packages:
            paths.update(ROOT.glob(pattern))
    return sorted(paths)


def input_hash(entry: SceneEntry, *extra: str) -> str:
    """A digest of everything a render of ``entry`` depends on, plus ``extra`` settings."""
    return digest(dependencies(entry.module), *extra)


def render_hash(entry: SceneEntry, variant: str, overrides: Mapping[str, Any]) -> str:
    """What a render stamp's ``input_hash`` must be for a render of ``entry`` at ``variant``
    with the teacher's ``overrides`` to be current: its sources, Manim's version, the render
    code and the inputs. The render writes it; the site build compares it before publishing."""
    return input_hash(entry, variant, importlib.metadata.version("manim"),
                      module_path("animations.render").read_text(encoding="utf-8"),
                      parameters.canonical(overrides))
