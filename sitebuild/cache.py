"""Results the site build computes from source files, kept until those files change.

Verifying every derivation and computing the chapters' tables take seconds; an
unchanged tree should serve without paying for them again. The keeping itself
(:func:`foundation.store.load_or_compute`, :func:`~foundation.store.load`: read defensively,
written atomically) is the foundation's; this module names what the site's results are
computed from.
"""

from __future__ import annotations

import sympy

from foundation.provenance import digest, python_files
from foundation.store import load, load_or_compute

__all__ = ["load", "load_or_compute", "sources_digest"]


def sources_digest(*paths: str) -> str:
    """A digest of SymPy's version and the Python files at ``paths`` (relative to the root).

    A path is a file, or a folder whose ``*.py`` files are read recursively.
    """
    return digest(python_files(*paths), f"sympy {sympy.__version__}")
