"""Writing files so that no reader ever sees half of one, and reading back what may be damaged.

A cache, a stamp, a record or a partial run is written whole or not at all (a temporary file
beside it, then an atomic rename), and read back as possibly truncated, foreign or from another
version: what does not parse as expected is reported as unreadable, never trusted.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def _permissions() -> int:
    """What a newly created file gets under the current umask (mkstemp's own is 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(target: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to a temporary file beside ``target``, flushed to disk,
    then rename it over ``target``: a reader sees the old file or the new one, never a part of
    either, and an interrupted write leaves no temporary file behind."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, bytes):
        raise TypeError(f"data: expected bytes or text, got {type(data).__name__}")
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        os.fchmod(handle, _permissions())
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_json(path: Path, value: Any) -> None:
    """``value`` as JSON at ``path``, atomically."""
    write_atomically(path, json.dumps(value, ensure_ascii=False))


def read_json_object(path: Path, required: dict[str, type] | None = None) -> dict | None:
    """The JSON object kept at ``path`` if it parses and has every ``required`` key with a
    value of its type, else None (missing, truncated, not an object, or another shape)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(value, dict):
        return None
    for key, kind in (required or {}).items():
        if not isinstance(value.get(key), kind):
            return None
    return value
