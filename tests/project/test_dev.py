"""`make dev` notices what changed: which edits re-render scenes, and every edit once."""

from __future__ import annotations

import os

from sitebuild import dev
from sitebuild.paths import ROOT


def test_scene_sources_are_scenes_and_library_modules_not_derivations():
    assert dev._scene_source(ROOT / "animations" / "matrix_powers.py")
    assert dev._scene_source(ROOT / "derivations" / "init.py")
    assert not dev._scene_source(ROOT / "derivations" / "ch1_repeated_powers" / "rotation.py")
    assert not dev._scene_source(ROOT / "notebooks" / "chapter-1.py")


def test_each_change_is_seen_once(monkeypatch, tmp_path):
    module = tmp_path / "derivations" / "one.py"
    module.parent.mkdir()
    module.write_text("X = 1\n")
    monkeypatch.setattr(dev, "ROOT", tmp_path)
    monkeypatch.setattr(dev, "WATCHED", ("derivations",))
    monkeypatch.setattr(dev, "_snapshot", None)
    assert dev.changed_since_last_build() == {module}  # the first build sees everything
    assert dev.changed_since_last_build() == set()
    module.write_text("X = 2\n")
    status = module.stat()
    os.utime(module, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))
    assert dev.changed_since_last_build() == {module}
    module.unlink()
    assert dev.changed_since_last_build() == {module}
