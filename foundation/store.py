"""Results kept until what they were computed from changes: ``build/cache/<name>.json``.

An entry holds the digest of its inputs and the value. One that is missing, unreadable or of
another digest is computed again and replaced atomically, so a damaged or stale entry costs
time, never correctness, and a reader never sees half an entry.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from foundation.files import read_json_object, write_json
from foundation.paths import CACHE


def _current(kept: dict, digest: str) -> bool:
    """Whether an entry read back holds a value computed from ``digest``."""
    return "value" in kept and kept["digest"] == digest


def load(name: str, digest: str) -> Any | None:
    """The value cached as ``name`` if it was computed from ``digest``, else None: nothing is
    computed (a caller that need not wait says the value is being computed instead)."""
    kept = read_json_object(CACHE / f"{name}.json", {"digest": str})
    return kept["value"] if kept is not None and _current(kept, digest) else None


def load_or_compute(name: str, digest: str, compute: Callable[[], Any]) -> Any:
    """The value cached as ``name`` if it was computed from ``digest``, else ``compute()``
    (kept for next time). A damaged entry is said so in one line and recomputed."""
    path = CACHE / f"{name}.json"
    kept = read_json_object(path, {"digest": str})
    if kept is not None and _current(kept, digest):
        return kept["value"]
    if path.exists() and kept is None:
        print(f"cache: {path.relative_to(CACHE.parent.parent)} was unreadable; recomputed",
              file=sys.stderr)
    value = compute()
    write_json(path, {"digest": digest, "value": value})
    return value
