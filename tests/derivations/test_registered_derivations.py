"""Every registered derivation verifies; a failure names the derivation, the step and why."""

from __future__ import annotations

import pytest

from derivations.engine import get, slugs, verify


@pytest.mark.parametrize("slug", slugs())
def test_derivation_verifies(slug: str) -> None:
    result = verify(get(slug))
    assert result.passed, "\n".join(result.failures())


def test_registry_knows_every_chapter() -> None:
    chapters = {get(slug).chapter for slug in slugs()}
    assert chapters == {1, 2, 3, 4}


def test_unknown_slug_lists_known_ones() -> None:
    with pytest.raises(KeyError, match="fibonacci-matrix-powers"):
        get("no-such-derivation")
