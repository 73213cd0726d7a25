"""Whether the site is being built for authoring (``make dev``) rather than for publishing.

While authoring, a derivation or table that fails is shown on its page with its
error, so one mistake does not stop the server; a published build refuses it.
"""

from __future__ import annotations

import os

AUTHORING = "COMPANION_AUTHORING"


def authoring() -> bool:
    """True when ``$COMPANION_AUTHORING`` is ``1``; any other value than ``0``/``1`` is an error."""
    value = os.environ.get(AUTHORING, "0")
    if value not in ("0", "1"):
        raise ValueError(f"{AUTHORING}: expected 0 or 1, got {value!r}")
    return value == "1"
