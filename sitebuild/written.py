"""Build outputs written only when their bytes change.

A live-reloading server rebuilds what changed, and a build that compares modification times
(MkDocs' dirty builds, :mod:`sitebuild.freshness`) sees no change when there is none. (Here
rather than in :mod:`foundation.files`: every render's stamp digests the foundation, so a
change there makes every scene render again.)
"""

from __future__ import annotations

from pathlib import Path

from foundation.files import write_atomically


def write_if_changed(target: Path, data: str | bytes) -> bool:
    """:func:`~foundation.files.write_atomically` unless ``target`` already holds ``data``:
    True if written."""
    wanted = data.encode("utf-8") if isinstance(data, str) else data
    try:
        if target.read_bytes() == wanted:
            return False
    except OSError:
        pass  # missing or unreadable: written below
    write_atomically(target, wanted)
    return True
