"""A render's outputs against its stamp: the site publishes only media a finished render wrote.

A render writes its outputs and then a JSON stamp describing them. If a file is
missing, truncated or replaced after the stamp was written, the stamp no longer
describes it, and the build must refuse to publish it. Two stamp forms are read:

* ``{"files": {name: {"bytes": int, "sha256": str}}}`` — every output by file
  name (in the stamp's folder), with its size and SHA-256 (``sha256`` may be
  left out, then only the size is compared);
* ``{"bytes": {suffix: int}}`` — the older form: sizes by suffix, each output
  named ``<stem><suffix>`` after the stamp.

Call :func:`stamp_problems` with the parsed stamp, the folder it lives in and
its stem (the scene name); :func:`stamp_outputs` lists the files it describes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

_CHUNK = 1 << 20


def _described(stamp: dict, stem: str) -> dict[str, dict]:
    """File name → {"bytes": …, "sha256": …?} from either stamp form."""
    if "files" in stamp:
        files = stamp["files"]
        if not isinstance(files, dict) or not files:
            raise ValueError(f"stamp of {stem}: 'files' must map file names to their sizes")
        return {name: dict(entry) for name, entry in files.items()}
    if "bytes" in stamp:
        return {f"{stem}{suffix}": {"bytes": size} for suffix, size in stamp["bytes"].items()}
    raise ValueError(f"stamp of {stem}: expected a 'files' or a 'bytes' entry, found "
                     f"{sorted(stamp)}")


def stamp_outputs(stamp: dict, folder: Path, stem: str) -> list[Path]:
    """The output files the stamp describes, in the stamp's order."""
    return [folder / name for name in _described(stamp, stem)]


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def stamp_problems(stamp: dict, folder: Path, stem: str) -> list[str]:
    """Why the outputs in ``folder`` do not match ``stamp`` (empty if every one matches)."""
    try:
        described = _described(stamp, stem)
    except (ValueError, TypeError, AttributeError) as malformed:
        return [str(malformed)]
    problems = []
    for name, entry in described.items():
        path = folder / name
        if not path.is_file():
            problems.append(f"{path}: missing, though its stamp lists it")
            continue
        size = path.stat().st_size
        if size != entry.get("bytes"):
            problems.append(f"{path}: {size} bytes, its stamp says {entry.get('bytes')} "
                            "(truncated or replaced after the render)")
        elif entry.get("sha256") and sha256(path) != entry["sha256"]:
            problems.append(f"{path}: SHA-256 differs from its stamp (changed after the render)")
    return problems


def folder_problems(folder: Path) -> list[str]:
    """Every mismatch between the stamps (``*.json``) in ``folder`` and their outputs."""
    problems = []
    for path in sorted(folder.glob("*.json")):
        try:
            stamp = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as unreadable:
            problems.append(f"{path}: unreadable stamp ({unreadable})")
            continue
        problems += stamp_problems(stamp, folder, path.stem)
    return problems
