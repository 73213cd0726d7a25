"""Whether the built site is up to date with everything it is built from, without building it.

``make site`` renders scenes, builds decks and runs the whole MkDocs build; even
with nothing changed that costs seconds. After a successful build the Makefile
records a stamp: every input file's path, size and modification time (the
sources, pages, config, dependencies' declaration), the settings that change
the output, and the same for the outputs (the built site, the renders' and decks'
stamps). ``make serve`` skips the build when the stamp still matches, so a
nothing-changed serve starts at once; any touched, added or removed file, or a
deleted or edited output, rebuilds. Standard library and the foundation only: it runs
before anything heavy is imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from foundation.files import write_json
from sitebuild.paths import BUILD, ROOT

STAMP = BUILD / "cache" / "site-inputs.json"
# What `make site` reads: code of every step, the pages, the notebooks' sources, the config.
INPUTS = ("foundation", "animations", "derivations", "experiments", "lectures", "sitebuild", "site",
          "notebooks", "tools", "translations", "mkdocs.yml", "edition.ko.yml", "pyproject.toml",
          "Makefile")
# What it writes: checked too, so a deleted or edited output is built again.
OUTPUTS = ("build/site", "build/media", "build/decks", "build/kits")
SETTINGS = ("COMPANION_AUTHORING", "COMPANION_STRICT")
SKIPPED_DIRECTORIES = {"__pycache__", ".pytest_cache", ".ruff_cache"}
# Generation's own folders in the pages (sitebuild.assets.OWNED): outputs, not inputs.
GENERATED_IN_PAGES = ("site/assets/katex", "site/assets/fonts", "site/assets/messages",
                      "site/media", "site/decks", "site/kits", "site/notebooks")


def _files(relative: str) -> list[Path]:
    start = ROOT / relative
    if start.is_file():
        return [start]
    found = []
    for folder, directories, names in os.walk(start):
        directories[:] = sorted(d for d in directories if d not in SKIPPED_DIRECTORIES
                                and Path(folder, d).relative_to(ROOT).as_posix()
                                not in GENERATED_IN_PAGES)
        found += [Path(folder, name) for name in sorted(names)
                  if not name.endswith((".pyc", ".tmp"))]
    return found


def fingerprint(paths: tuple[str, ...] = INPUTS + OUTPUTS) -> str:
    """A digest of the path, size and modification time of every file under ``paths``, the
    build settings in the environment and the Python version."""
    digest = hashlib.sha256(json.dumps(
        [sys.version, {name: os.environ.get(name) for name in SETTINGS}]).encode())
    for relative in paths:
        for path in _files(relative):
            status = path.stat()
            digest.update(f"{path.relative_to(ROOT)}\0{status.st_size}\0{status.st_mtime_ns}\n"
                          .encode())
    return digest.hexdigest()


def record(stamp: Path = STAMP) -> None:
    """Remember the current inputs and outputs as a finished build's."""
    write_json(stamp, {"fingerprint": fingerprint()})


def up_to_date(stamp: Path = STAMP) -> bool:
    """True when a recorded build's inputs and outputs are all as they were."""
    try:
        recorded = json.loads(stamp.read_text(encoding="utf-8"))["fingerprint"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return recorded == fingerprint() and (BUILD / "site" / "index.html").is_file()
