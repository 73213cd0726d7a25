"""How the site is being built: for authoring (``make dev``) rather than for publishing, and
pages first (``make serve`` on a fresh clone) rather than complete.

While authoring, a derivation or table that fails is shown on its page with its
error, so one mistake does not stop the server; a published build refuses it.
Pages first, what the slow steps (renders, decks, notebook runs) have not made yet
is shown as being made (:mod:`sitebuild.pending`) instead of stopping the build;
such a build is only ever served while they run, never recorded as the site.
"""

from __future__ import annotations

import os

AUTHORING = "COMPANION_AUTHORING"
PAGES_FIRST = "COMPANION_PAGES_FIRST"


def _flag(name: str) -> bool:
    value = os.environ.get(name, "0")
    if value not in ("0", "1"):
        raise ValueError(f"{name}: expected 0 or 1, got {value!r}")
    return value == "1"


def authoring() -> bool:
    """True when ``$COMPANION_AUTHORING`` is ``1``; any other value than ``0``/``1`` is an error."""
    return _flag(AUTHORING)


def pages_first() -> bool:
    """True when ``$COMPANION_PAGES_FIRST`` is ``1``; any other value than ``0``/``1`` is an
    error."""
    return _flag(PAGES_FIRST)
