"""Every registered derivation verified, or its kept verdict re-checked, before the site is built.

The site refuses to publish a derivation that does not verify. Records come from
:func:`derivations.engine.records.records`, whose kept verdicts count only when their
certificates re-check against the current claims: nothing is published as checked on the
word of a cache file.
"""

from __future__ import annotations

from derivations.engine import slugs
from derivations.engine.records import DerivationRecord, records


def verified_records() -> list[DerivationRecord]:
    """Verification records for every derivation (kept ones only where they re-check)."""
    return records(slugs())
