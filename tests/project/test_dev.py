"""`make dev` notices what changed (which edits re-render scenes, and every edit once), runs
each step in a fresh fork of the warm Python, and shows a failed rebuild on every page."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

from sitebuild import dev, hooks
from sitebuild.paths import ROOT
from sitebuild.warm import WarmPython

# A page as the hooks are given it, with no English source: no translation can be stale on it.
SCRATCH_PAGE = SimpleNamespace(file=SimpleNamespace(src_uri="scratch.md"))


def test_scene_sources_are_scenes_and_library_modules_not_derivations():
    assert dev._scene_source(ROOT / "animations" / "scenes" / "matrix_powers.py")
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


@pytest.mark.slow
def test_the_warm_python_imports_an_edited_module_anew_and_reports_a_broken_one(tmp_path):
    """Each step runs in a fork of the warm Python, so the second run sees the edit, and a
    syntax error is an exit status and a message, not a dead worker."""
    (tmp_path / "probe_step.py").write_text("print('first version')\n")
    warm = WarmPython(ROOT, {**os.environ, "PYTHONPATH": str(tmp_path)})
    try:
        assert warm.run("probe_step") == (0, "first version\n")
        (tmp_path / "probe_step.py").write_text("print('second version')\n")
        assert warm.run("probe_step") == (0, "second version\n")
        (tmp_path / "probe_step.py").write_text("def broken(:\n")
        code, output = warm.run("probe_step")
        assert code != 0 and "SyntaxError" in output
        (tmp_path / "probe_step.py").write_text("import sys\nsys.exit(3)\n")
        assert warm.run("probe_step")[0] == 3
        assert warm.alive()
    finally:
        warm.close()


@pytest.mark.slow
def test_the_warm_python_has_imported_no_project_module():
    """A preloaded project module would be served stale after an edit."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, sitebuild.warm as w\n"
         "[__import__(name) for name in w.PRELOADED]\n"
         "print(sorted(n for n in sys.modules if n.split('.')[0] in w.PROJECT_PACKAGES))"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['sitebuild', 'sitebuild.warm']"


def test_a_failed_rebuild_is_shown_on_every_page_until_one_succeeds(monkeypatch):
    outcomes = iter(["generation failed:\n  File \"derivations/x.py\", line 3\nSyntaxError: "
                     "invalid syntax", None])
    monkeypatch.setattr(dev, "_run", lambda log, what, *command: next(outcomes))
    monkeypatch.setattr(dev, "changed_since_last_build", lambda: set())
    monkeypatch.setattr(dev, "_serving", True)
    dev.regenerate(logging.getLogger("test"))
    page = hooks.on_page_markdown("# Chapter 2\n", page=SCRATCH_PAGE)
    assert page.startswith('!!! failure "The last save did not build')
    assert "    SyntaxError: invalid syntax" in page and page.endswith("# Chapter 2\n")
    dev.regenerate(logging.getLogger("test"))
    assert hooks.on_page_markdown("# Chapter 2\n", page=SCRATCH_PAGE) == "# Chapter 2\n"
    monkeypatch.setattr(dev, "_failure", "generation failed: anything")
    monkeypatch.setattr(dev, "_serving", False)  # a plain build never shows the box
    assert hooks.on_page_markdown("# Chapter 2\n", page=SCRATCH_PAGE) == "# Chapter 2\n"


def test_a_newer_save_stops_the_last_builds_checks(monkeypatch):
    monkeypatch.setattr(dev, "_checking", None)
    dev.check_in_background(lambda: time.sleep(60), logging.getLogger("test"))
    began = time.perf_counter()
    dev.stop_checks(logging.getLogger("test"))
    assert time.perf_counter() - began < 10 and dev._checking.exitcode != 0  # killed
    dev.check_in_background(lambda: None, logging.getLogger("test"))
    dev._checking.join(30)
    dev.stop_checks(logging.getLogger("test"))
    assert dev._checking.exitcode == 0  # finished on its own, not stopped


@pytest.mark.slow
def test_a_step_still_runs_when_the_warm_python_has_died(monkeypatch):
    monkeypatch.setattr(dev, "_warm", None)
    log = logging.getLogger("test")
    assert dev._output(log, "platform", ())[0] == 0  # starts one
    warm = dev._warm
    assert warm is not None and warm.alive()
    warm.process.kill()
    warm.process.wait()
    monkeypatch.setattr(warm, "alive", lambda: True)  # died after the last look
    code, output = dev._output(log, "platform", ())
    assert code == 0 and "Linux" in output and dev._warm is None


@pytest.mark.slow
def test_a_step_that_reads_stdin_reads_nothing_not_the_workers_requests(tmp_path):
    (tmp_path / "reader.py").write_text("import sys\nprint(repr(sys.stdin.read()))\n")
    warm = WarmPython(ROOT, {**os.environ, "PYTHONPATH": str(tmp_path)})
    try:
        assert warm.run("reader") == (0, "''\n")
        assert warm.run("reader") == (0, "''\n")  # the worker still reads its own requests
    finally:
        warm.close()
