"""Results the site build computes from source files, kept until those files change.

Verifying every derivation and computing the chapters' tables take seconds; an
unchanged tree should serve without paying for them again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import sympy

from sitebuild.paths import BUILD, ROOT

CACHE = BUILD / "cache"


def sources_digest(*paths: str) -> str:
    """A digest of SymPy's version and the Python files at ``paths`` (relative to the root).

    A path is a file, or a folder whose ``*.py`` files are read recursively.
    """
    digest = hashlib.sha256(sympy.__version__.encode())
    for relative in paths:
        start = ROOT / relative
        for path in [start] if start.is_file() else sorted(start.rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def load_or_compute(name: str, digest: str, compute: Callable[[], Any]) -> Any:
    """The JSON value cached as ``name`` if it was computed from ``digest``, else ``compute()``."""
    path = CACHE / f"{name}.json"
    if path.exists():
        cached = json.loads(path.read_text(encoding="utf-8"))
        if cached.get("digest") == digest:
            return cached["value"]
    value = compute()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"digest": digest, "value": value}, ensure_ascii=False),
                    encoding="utf-8")
    return value
