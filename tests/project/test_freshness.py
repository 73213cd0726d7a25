"""`make serve` skips the build only while nothing it reads or writes has changed."""

from __future__ import annotations

import os

import pytest

from sitebuild import freshness


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project with one input, one built page and a stamp file, all under ``tmp_path``."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.md").write_text("# Home\n")
    (tmp_path / "build" / "site").mkdir(parents=True)
    (tmp_path / "build" / "site" / "index.html").write_text("<h1>Home</h1>")
    monkeypatch.setattr(freshness, "ROOT", tmp_path)
    monkeypatch.setattr(freshness, "BUILD", tmp_path / "build")
    monkeypatch.setattr(freshness, "INPUTS", ("site", "mkdocs.yml"))
    monkeypatch.setattr(freshness, "OUTPUTS", ("build/site",))
    monkeypatch.setattr(freshness, "GENERATED_IN_PAGES", ("site/media",))
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    stamp = tmp_path / "build" / "cache" / "stamp.json"
    monkeypatch.setattr(freshness.record, "__defaults__", (stamp,))
    monkeypatch.setattr(freshness.up_to_date, "__defaults__", (stamp,))
    return tmp_path


def test_without_a_recorded_build_the_site_is_built(project):
    assert not freshness.up_to_date()


def test_a_recorded_build_with_nothing_changed_is_up_to_date(project):
    freshness.record()
    assert freshness.up_to_date()


def _later(path):
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))


@pytest.mark.parametrize("change", ["edit input", "touch input", "add input", "remove input",
                                    "new config", "edit output", "remove output", "setting"])
def test_any_change_to_inputs_outputs_or_settings_builds_again(project, monkeypatch, change):
    freshness.record()
    page, built = project / "site" / "index.md", project / "build" / "site" / "index.html"
    if change == "edit input":
        page.write_text("# Home, edited\n")
    elif change == "touch input":
        _later(page)
    elif change == "add input":
        (project / "site" / "new.md").write_text("# New\n")
    elif change == "remove input":
        page.unlink()
    elif change == "new config":
        (project / "mkdocs.yml").write_text("site_name: x\n")
    elif change == "edit output":
        built.write_text("<h1>Hand-edited</h1>")
    elif change == "remove output":
        built.unlink()
    else:
        monkeypatch.setenv("COMPANION_AUTHORING", "1")
    assert not freshness.up_to_date()
    if change != "remove output":
        freshness.record()  # the rebuild records the new state, which is then up to date
        assert freshness.up_to_date()


def test_files_generation_places_in_the_pages_are_not_inputs(project):
    freshness.record()
    (project / "site" / "media").mkdir()
    (project / "site" / "media" / "A.webm").write_bytes(b"placed by generation")
    assert freshness.up_to_date()


def test_a_damaged_stamp_means_build(project):
    freshness.record()
    (project / "build" / "cache" / "stamp.json").write_text("{not json")
    assert not freshness.up_to_date()
