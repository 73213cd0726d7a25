"""Verdicts kept between runs: a derivation is verified again only when a file it depends on
changed (its module and what it imports, the engine, the notation) or SymPy did.

Nothing is trusted on the word of the store: a kept record counts only if it has one
certificate per current step, each about exactly that step's current claim, and every
certificate re-checks (:mod:`derivations.engine.recheck`) without the kernel. A flipped,
emptied, forged or stale record is therefore verified afresh, and the fresh outcome replaces
it. Only passing verdicts are kept. The store is ``build/cache/verdicts`` in the project.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import mpmath
import numpy
import scipy
import sympy

from derivations.engine import recheck
from derivations.engine.imports import ROOT, closure
from derivations.engine.registry import builder_module, get
from derivations.engine.verify import step_claim

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
        f"{sys.version_info[:2]} sympy {sympy.__version__} mpmath {mpmath.__version__} "
        f"numpy {numpy.__version__} scipy {scipy.__version__}".encode()
    )
    files = set(closure(builder_module(slug), ("derivations",)))
    files |= set(ENGINE.glob("*.py"))
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _path(slug: str) -> Path:
    return STORE / f"{slug}.json"


def _read(slug: str) -> dict | None:
    """What the store holds for ``slug`` (``fingerprint`` and ``record``), or None if nothing
    readable is kept."""
    try:
        kept = json.loads(_path(slug).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return kept if isinstance(kept, dict) and isinstance(kept.get("record"), dict) else None


def load(slug: str) -> dict | None:
    """The kept record of ``slug`` if it was computed from the current sources and its
    certificates re-check against the current claims, else None (verify it again)."""
    kept = _read(slug)
    if kept is None:
        return None
    current = fingerprint(slug)
    if current is None or kept.get("fingerprint") != current:
        return None
    try:
        return kept["record"] if _certified(slug, kept["record"]) else None
    except (ValueError, KeyError, TypeError, AttributeError, recheck.Rejected):
        return None


def _certified(slug: str, record: dict) -> bool:
    """Whether ``record`` passes, step for step, with certificates about the current claims
    that all re-check here."""
    derivation = get(slug)
    steps = record.get("steps")
    if record.get("problems") or not isinstance(steps, list) \
            or [s.get("label") for s in steps] != [s.label for s in derivation.steps]:
        return False
    for kept, step in zip(steps, derivation.steps, strict=True):
        certificate = kept.get("certificate")
        if not kept.get("passed") or not isinstance(certificate, dict):
            return False
        if certificate.get("claim") != step_claim(step, derivation):
            return False
        if not recheck.step(certificate).rechecked:
            return False
    return True


def kept_record(slug: str) -> dict | None:
    """The record kept for ``slug`` as stored, unchecked (for ``recheck`` to examine)."""
    kept = _read(slug)
    return None if kept is None else kept["record"]


def forget(slug: str) -> None:
    """Drop the kept record of ``slug`` (it failed when verified afresh)."""
    _path(slug).unlink(missing_ok=True)


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
