"""Verdicts kept between runs: a derivation is verified again only when a file it depends on
changed (its module and what it imports, the engine, the notation) or SymPy did.

Only passing verdicts are kept, so an author editing a failing derivation always
sees it checked afresh. The store is ``build/cache/verdicts`` in the project.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import mpmath
import sympy

from derivations.engine.imports import ROOT, closure
from derivations.engine.registry import builder_module

STORE = ROOT / "build" / "cache" / "verdicts"
ENGINE = ROOT / "derivations" / "engine"


def fingerprint(slug: str) -> str | None:
    """A digest of everything the verdict on ``slug`` depends on (None when its sources cannot
    be read, e.g. a derivation built in a test: such a verdict is never kept)."""
    try:
        return _digest(slug)
    except OSError:
        return None


def _digest(slug: str) -> str:
    digest = hashlib.sha256(
        f"{sys.version_info[:2]} sympy {sympy.__version__} mpmath {mpmath.__version__}".encode()
    )
    files = set(closure(builder_module(slug), ("derivations",)))
    files |= set(ENGINE.glob("*.py"))
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _path(slug: str) -> Path:
    return STORE / f"{slug}.json"


def load(slug: str) -> dict | None:
    """The kept record of ``slug`` if it was computed from the current sources, else None."""
    path = _path(slug)
    if not path.exists():
        return None
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    current = fingerprint(slug)
    return kept["record"] if current is not None and kept.get("fingerprint") == current else None


def keep(slug: str, record: dict) -> None:
    """Store a passing record, atomically (a reader never sees half a file)."""
    current = fingerprint(slug)
    if current is None:
        return
    STORE.mkdir(parents=True, exist_ok=True)
    temporary = _path(slug).with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps({"fingerprint": current, "record": record}),
                         encoding="utf-8")
    temporary.replace(_path(slug))
