"""Which scenes exist, where they live, what they show, and what their renders depend on.

A scene module declares ``CHAPTER`` and ``SCENES``; a scene's caption is the
first line of its docstring. A render's inputs are the scene module and every
project module it imports, transitively, found by reading ``import``
statements, so editing a derivation re-renders exactly the scenes that draw it.
The site build reads the same import closure to know when its tables are stale.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import animations

ROOT = Path(animations.__file__).resolve().parent.parent
PROJECT_PACKAGES = ("animations", "derivations", "sitebuild")
NOT_SCENE_MODULES = {"catalogue", "decks", "palette", "render", "slides", "style"}


@dataclass(frozen=True)
class SceneEntry:
    """One renderable scene."""

    name: str
    module: str
    chapter: int
    caption: str

    @property
    def path(self) -> Path:
        return module_path(self.module)

    @property
    def scene_class(self) -> type:
        """The Manim scene class itself (importing its module)."""
        return getattr(importlib.import_module(self.module), self.name)


def module_path(module: str) -> Path:
    """The file of a project module, e.g. ``derivations.fibonacci`` → derivations/fibonacci.py."""
    base = ROOT.joinpath(*module.split("."))
    package = base / "__init__.py"
    return package if package.exists() else base.with_suffix(".py")


@cache
def scenes() -> dict[str, SceneEntry]:
    """All scenes by class name, in chapter then module order."""
    found: dict[str, SceneEntry] = {}
    for info in sorted(pkgutil.iter_modules(animations.__path__), key=lambda m: m.name):
        if info.name in NOT_SCENE_MODULES or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"animations.{info.name}")
        for scene in module.SCENES:
            if scene.__name__ in found:
                raise ValueError(f"scene name {scene.__name__} is defined twice")
            caption = (scene.__doc__ or "").strip().splitlines()
            if not caption:
                raise ValueError(f"scene {scene.__name__} needs a docstring: its caption")
            found[scene.__name__] = SceneEntry(
                scene.__name__, module.__name__, module.CHAPTER, caption[0]
            )
    return dict(sorted(found.items(), key=lambda item: item[1].chapter))


def _project_imports(path: Path) -> set[str]:
    imported: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in PROJECT_PACKAGES and module_path(name).exists():
                imported.add(name)
    return imported


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
    """``module`` and every project module it imports, directly or not (with parent packages).

    Using the derivation registry depends on every registered chapter module.
    """
    seen: set[str] = set()
    pending = [module]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        if current == "derivations.engine.registry":
            pending += _registered_chapter_modules()
        parts = current.split(".")
        pending += [".".join(parts[:i]) for i in range(1, len(parts))]
        pending += sorted(_project_imports(module_path(current)))
    return sorted({module_path(name) for name in seen})


def input_hash(entry: SceneEntry, *extra: str) -> str:
    """A digest of everything a render of ``entry`` depends on, plus ``extra`` settings."""
    digest = hashlib.sha256()
    for path in dependencies(entry.module):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    for setting in extra:
        digest.update(setting.encode())
    return digest.hexdigest()
