"""Every registered derivation verified once per change of the derivations' sources.

The site refuses to publish a derivation that does not verify. Verification
runs on every core (:func:`derivations.engine.records.records`) and its records
are cached under a digest of every file in ``derivations/``, so an unchanged
tree serves in seconds.
"""

from __future__ import annotations

from derivations.engine import slugs
from derivations.engine.records import DerivationRecord, records
from sitebuild.cache import load_or_compute, sources_digest


def _run_all() -> list[dict]:
    return [item.as_dict() for item in records(slugs())]


def verified_records() -> list[DerivationRecord]:
    """Verification records for every derivation, from the cache when the sources are unchanged."""
    raw = load_or_compute("verification", sources_digest("derivations"), _run_all)
    return [DerivationRecord.from_dict(item) for item in raw]
