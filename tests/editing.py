"""Editing a copied source in a test: the one change the test means, or a failure saying why."""

from __future__ import annotations

from pathlib import Path


def replace_once(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in the file at ``path``; ``old`` must occur exactly once, so a
    test never edits a text it did not mean to (or nothing, after the source changed)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
