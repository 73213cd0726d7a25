"""Editing a scene re-renders that scene's renders alone; editing the shared builders re-renders
every scene that uses them.

A render is current while its stamp's input hash (:func:`animations.catalogue.render_hash`)
is: a digest of the scene module and every project module it imports. The edits here change
a module's bytes as the digest reads them, leaving the files on disk alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from animations import catalogue
from foundation.provenance import imported_names, module_path

SCENE_MODULES = sorted({entry.module for entry in catalogue.scenes().values()})
BUILDERS = "animations.builders"


def render_hashes() -> dict[str, str]:
    """Each scene's render hash at draft quality with its default inputs."""
    return {name: catalogue.render_hash(entry, "draft", {})
            for name, entry in catalogue.scenes().items()}


def edit(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """``module``'s file, as every digest reads it from now on, with a line added."""
    edited, read = module_path(module), Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes",
                        lambda path: read(path) + (b"\n# edited\n" if path == edited else b""))


def rerendered_by_editing(monkeypatch: pytest.MonkeyPatch, module: str) -> set[str]:
    before = render_hashes()
    edit(monkeypatch, module)
    after = render_hashes()
    return {name for name in before if after[name] != before[name]}


def test_scenes_are_found_in_their_package_and_import_no_other_scene():
    assert {module.rpartition(".")[0] for module in SCENE_MODULES} == {"animations.scenes"}
    for module in SCENE_MODULES:
        imported = imported_names(module_path(module))
        assert not [name for name in imported if name.startswith("animations.scenes")], module


@pytest.mark.parametrize("module", SCENE_MODULES)
def test_editing_a_scene_module_changes_the_render_hashes_of_its_own_scenes_alone(
        module, monkeypatch):
    own = {name for name, entry in catalogue.scenes().items() if entry.module == module}
    assert rerendered_by_editing(monkeypatch, module) == own


def test_editing_the_builders_changes_the_render_hash_of_every_scene_that_imports_them(
        monkeypatch):
    users = {name for name, entry in catalogue.scenes().items()
             if BUILDERS in imported_names(entry.path)}
    assert users and users != set(catalogue.scenes())  # the check below can tell them apart
    assert rerendered_by_editing(monkeypatch, BUILDERS) == users
