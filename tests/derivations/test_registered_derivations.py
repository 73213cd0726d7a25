"""Every registered derivation verifies; a failure names the derivation, the step and why."""

from __future__ import annotations

import pytest

from derivations.engine import get, slugs
from derivations.engine.records import records


@pytest.mark.parametrize("slug", slugs())
def test_derivation_verifies(slug: str, fresh_verdicts: bool) -> None:
    """Verified anew with ``--fresh-verdicts`` (``make test``, CI); otherwise a pass kept for
    exactly the current sources stands, as in ``python -m derivations verify``, and an edited
    derivation is verified anew."""
    (found,) = records([slug], jobs=1, reuse=not fresh_verdicts)
    assert found.passed, "\n".join(found.failures())


def test_registry_knows_every_chapter() -> None:
    chapters = {get(slug).chapter for slug in slugs()}
    assert chapters == {1, 2, 3, 4}


def test_unknown_slug_lists_known_ones() -> None:
    with pytest.raises(KeyError, match="fibonacci-matrix-powers"):
        get("no-such-derivation")
