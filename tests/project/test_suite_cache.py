"""``tests/suite_cache.py``: ``make test`` skips the suite only for exactly the checkout, command
and environment that passed, and never records a run that failed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests import suite_cache

COMMAND = "pytest -q"


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    (root / ".gitignore").write_text("build/\n")
    (root / "module.py").write_text("VALUE = 1\n")
    subprocess.run(["git", "add", "."], cwd=root, check=True)
    return root


def junit(path: Path, tests: int, failures: int = 0, errors: int = 0, skipped: int = 0) -> Path:
    path.write_text(f'<?xml version="1.0"?><testsuites><testsuite name="pytest" tests="{tests}" '
                    f'failures="{failures}" errors="{errors}" skipped="{skipped}"/></testsuites>')
    return path


@pytest.mark.slow
def test_the_key_changes_with_any_file_the_command_or_an_ignored_file_does_not(checkout):
    key = suite_cache.suite_key(COMMAND, checkout)
    assert suite_cache.suite_key(COMMAND, checkout) == key
    (checkout / "build").mkdir()
    (checkout / "build" / "output.html").write_text("ignored by git, so not an input")
    assert suite_cache.suite_key(COMMAND, checkout) == key
    assert suite_cache.suite_key(COMMAND + " -x", checkout) != key
    (checkout / "module.py").write_text("VALUE = 2\n")  # edited, not committed
    assert suite_cache.suite_key(COMMAND, checkout) != key
    (checkout / "module.py").write_text("VALUE = 1\n")
    assert suite_cache.suite_key(COMMAND, checkout) == key
    (checkout / "new_test.py").write_text("def test(): pass\n")  # untracked, not ignored
    assert suite_cache.suite_key(COMMAND, checkout) != key


def test_the_key_changes_with_the_installed_packages_and_settings(checkout, monkeypatch):
    key = suite_cache.suite_key(COMMAND, checkout)
    monkeypatch.setenv("COMPANION_THEME", "dark")
    assert suite_cache.suite_key(COMMAND, checkout) != key
    monkeypatch.delenv("COMPANION_THEME")
    monkeypatch.setattr(suite_cache.metadata, "distributions", lambda: [])
    assert suite_cache.suite_key(COMMAND, checkout) != key


def test_a_passing_run_is_recorded_and_stands_until_something_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(suite_cache, "suite_key", lambda command, root=None: f"key:{command}")
    pending, record = tmp_path / "begun.json", tmp_path / "passed.json"
    suite_cache.begin(COMMAND, pending)
    summary = suite_cache.passed(junit(tmp_path / "r.xml", 12, skipped=2), pending, record)
    assert summary == "10 passed, 2 skipped" and not pending.exists()
    assert suite_cache.passed_before(COMMAND, record)["summary"] == summary
    assert suite_cache.passed_before(COMMAND + " -x", record) is None  # another key


@pytest.mark.parametrize("failed", [{"failures": 1}, {"errors": 1}])
def test_a_failed_run_is_never_recorded(tmp_path, monkeypatch, failed):
    monkeypatch.setattr(suite_cache, "suite_key", lambda command, root=None: "key")
    pending, record = tmp_path / "begun.json", tmp_path / "passed.json"
    suite_cache.begin(COMMAND, pending)
    with pytest.raises(SystemExit, match="failed; nothing recorded"):
        suite_cache.passed(junit(tmp_path / "r.xml", 12, **failed), pending, record)
    assert not record.exists()
    assert suite_cache.passed_before(COMMAND, record) is None


def test_a_garbled_record_means_run_everything(tmp_path):
    record = tmp_path / "passed.json"
    record.write_text("[1, 2")
    assert suite_cache.passed_before(COMMAND, record) is None
