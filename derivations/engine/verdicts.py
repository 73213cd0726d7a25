"""Verdicts kept between runs: a derivation is verified again only when a file it depends on
changed (its module and what it imports, the engine, the notation) or SymPy did.

Nothing is trusted on the word of the store: a kept record counts only if it has one
certificate per current step, each about exactly that step's current claim, and every
certificate re-checks (:mod:`derivations.engine.recheck`) without the kernel. A flipped,
emptied, forged or stale record is therefore verified afresh, and the fresh outcome replaces
it. Only passing verdicts are kept. The store is ``build/cache/verdicts`` in the project.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import mpmath
import numpy
import scipy
import sympy

from derivations.engine import recheck
from derivations.engine.registry import builder_module, get
from derivations.engine.verify import step_claim
from foundation.files import read_json_object, write_json
from foundation.paths import CACHE, ROOT
from foundation.provenance import closure, digest

STORE = CACHE / "verdicts"
ENGINE = ROOT / "derivations" / "engine"


def fingerprint(slug: str) -> str | None:
    """A digest of everything the verdict on ``slug`` depends on (None when its sources cannot
    be read, e.g. a derivation built in a test: such a verdict is never kept)."""
    try:
        return _digest(slug)
    except OSError:
        return None


def _digest(slug: str) -> str:
    files = set(closure(builder_module(slug), ("derivations", "foundation")))
    files |= set(ENGINE.glob("*.py"))
    return digest(files, f"{sys.version_info[:2]} sympy {sympy.__version__} mpmath "
                         f"{mpmath.__version__} numpy {numpy.__version__} scipy "
                         f"{scipy.__version__} gmpy2 {_version('gmpy2')}")


def _version(distribution: str) -> str:
    """An installed distribution's version, or ``absent`` (SymPy uses gmpy2 when it is there)."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "absent"


def _path(slug: str) -> Path:
    return STORE / f"{slug}.json"


def _read(slug: str) -> dict | None:
    """What the store holds for ``slug`` (``fingerprint`` and ``record``), or None if nothing
    readable is kept."""
    return read_json_object(_path(slug), {"record": dict})


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
    write_json(_path(slug), {"fingerprint": current, "record": record})
