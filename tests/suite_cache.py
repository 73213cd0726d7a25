"""Whether the whole suite already passed on exactly this checkout, so ``make test`` with nothing
changed answers in seconds instead of re-running tens of minutes of checks.

After ``make test`` passes, it records a key: the contents of every file git tracks or would
track (tests, sources, pages, results; not ``build/`` or ``.venv``), the installed
distributions and their versions, the Python and Chromium versions, the ``COMPANION_*``
settings, the test command, and the built outputs' fingerprint (``sitebuild.freshness``).
The next ``make test`` re-runs nothing when that key is unchanged, and everything when any
part of it changed. ``make test FORCE=1`` ignores the record. CI runs on a fresh clone, which
has no record, so CI always runs every test.

    python -m tests.suite_cache check "<test command>"  # exit 0: it passed here, unchanged
    python -m tests.suite_cache begin "<test command>"  # before a run: note the key
    python -m tests.suite_cache passed <junit.xml>      # after a run that passed: record it
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from xml.etree import ElementTree

from foundation.files import write_atomically
from sitebuild import freshness
from sitebuild.paths import BUILD, ROOT

RECORD = BUILD / "cache" / "suite-passed.json"
PENDING = BUILD / "cache" / "suite-begun.json"
CHROMIUM = Path("/usr/bin/chromium")


def checkout_files(root: Path = ROOT) -> list[str]:
    """Every file git tracks or would track (untracked but not ignored), sorted."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=root, capture_output=True, check=True)
    return sorted({name for name in listed.stdout.decode().split("\0") if name})


def _chromium() -> str:
    """The browser the page tests drive: its resolved path, size and modification time."""
    try:
        real = CHROMIUM.resolve(strict=True)
    except OSError:
        return "absent"
    status = real.stat()
    return f"{real}:{status.st_size}:{status.st_mtime_ns}"


def suite_key(command: str, root: Path = ROOT) -> str:
    """A digest of everything a run of ``command`` depends on (see the module's docstring)."""
    digest = hashlib.sha256()
    for name in checkout_files(root):
        path = root / name
        content = path.read_bytes() if path.is_file() else b"<missing>"
        digest.update(f"{name}\0{hashlib.sha256(content).hexdigest()}\n".encode())
    distributions = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    settings = {k: v for k, v in os.environ.items() if k.startswith("COMPANION_")}
    digest.update(json.dumps([command, sys.version, distributions, _chromium(), settings,
                              freshness.fingerprint(freshness.OUTPUTS)]).encode())
    return digest.hexdigest()


def begin(command: str, path: Path = PENDING) -> None:
    """Note the key of the checkout ``command`` is about to run on (read before it runs, so
    an edit made during the run is not mistaken for what passed)."""
    _write(path, {"key": suite_key(command)})


def passed(junit: Path, pending: Path = PENDING, path: Path = RECORD) -> str:
    """Record the begun run as passed, with its counts from pytest's ``junit`` report."""
    entry = json.loads(pending.read_text(encoding="utf-8"))
    totals = ElementTree.parse(junit).getroot()
    suite = totals if totals.tag == "testsuite" else totals.find("testsuite")
    assert suite is not None, f"{junit}: no <testsuite> in the report"
    tests, skipped = int(suite.get("tests", 0)), int(suite.get("skipped", 0))
    failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    if failed:
        raise SystemExit(f"suite_cache: {junit} reports {failed} failed; nothing recorded")
    summary = f"{tests - skipped:,} passed, {skipped} skipped"
    _write(path, {**entry, "summary": summary,
                  "when": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")})
    pending.unlink()
    return summary


def passed_before(command: str, path: Path = RECORD) -> dict[str, str] | None:
    """The record of a passing run of ``command`` on exactly this checkout, or None."""
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("key") != suite_key(command):
        return None
    return entry


def _write(path: Path, entry: dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps(entry).encode())


USAGE = """usage: python -m tests.suite_cache check COMMAND | begin COMMAND | passed JUNIT_XML"""


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("check", "begin", "passed"):
        print(USAGE, file=sys.stderr)
        return 2
    action, argument = argv
    if action == "begin":
        begin(argument)
        return 0
    if action == "passed":
        print(f"make test: recorded as passed ({passed(Path(argument))})")
        return 0
    entry = passed_before(argument)
    if entry is None:
        return 1
    print(f"make test: nothing changed since the run that passed at {entry['when']} "
          f"({entry['summary']}); its results stand. `make test FORCE=1` runs it again.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
