"""``make dev`` rebuilds only the pages a save changed (MkDocs' dirty build).

MkDocs redoes a page in a dirty build only when its Markdown is newer than its built HTML. Our
pages also change when a fragment they include changes (a derivation verified again, a table
regenerated), and every page changes with ``mkdocs.yml`` or the failure banner: the built HTML
of such a page is aged, so that MkDocs' own rule rebuilds it. Material's search index assumes
that a dirty build redid one page; :func:`mend_search_index` keeps each page's newest entries.
A translated edition's fragments are rewritten in place by every generation, mostly with the same
bytes, so its pages are aged by their inputs' content instead (:func:`age_changed`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from foundation.files import write_atomically

SNIPPET = re.compile(r'^[ \t]*--8<--[ \t]+"([^"]+)"[ \t]*$', re.MULTILINE)
MAX_DEPTH = 8  # fragments including fragments: deeper than this is a loop


def included(source: Path, bases: Sequence[Path], depth: int = 0) -> set[Path]:
    """The files ``source`` includes with ``--8<-- "name"``, found under ``bases`` as
    pymdownx.snippets finds them, and what those include in turn."""
    if depth > MAX_DEPTH:
        raise ValueError(f"{source}: snippets nested deeper than {MAX_DEPTH} (a loop?)")
    found = set()
    for name in SNIPPET.findall(source.read_text(encoding="utf-8")):
        path = next((base / name for base in bases if (base / name).is_file()), None)
        if path is not None and path not in found:
            found |= {path, *included(path, bases, depth + 1)}
    return found


def newest_input(source: Path, bases: Sequence[Path]) -> int:
    """The newest modification time (ns) of a page's Markdown and everything it includes."""
    return max(path.stat().st_mtime_ns for path in {source, *included(source, bases)})


def age_stale(pages: Iterable[tuple[Path, Path]], bases: Sequence[Path],
              everything: bool = False,
              inputs: Callable[[Path], Iterable[Path]] | None = None) -> list[Path]:
    """Age the built HTML of each (Markdown, HTML) page that is older than an input (or of all,
    with ``everything``) so that a dirty build redoes it; the aged files. ``inputs``: the files
    a page's Markdown reads besides what it includes (those that exist count), given its
    Markdown's path (a translation its banner reports on)."""
    aged = []
    for source, built in pages:
        if not built.exists():
            continue
        newest = newest_input(source, bases)
        if inputs is not None:
            newest = max([newest, *(path.stat().st_mtime_ns for path in inputs(source)
                                    if path.is_file())])
        if everything or newest >= built.stat().st_mtime_ns:
            os.utime(built, ns=(0, 0))
            aged.append(built)
    return aged


def age_changed(pages: Iterable[tuple[Path, Path]], bases: Sequence[Path],
                seen: dict[Path, str], everything: bool = False,
                inputs: Callable[[Path], Iterable[Path]] | None = None) -> list[Path]:
    """:func:`age_stale` by content, not time: age the built HTML of each page whose Markdown,
    included files or ``inputs`` hold other bytes than at the last call (``seen``: the digest
    of each built page's inputs then, updated). For pages whose fragments are rewritten with
    the same bytes on every build (an edition's, localised step by step in place)."""
    aged = []
    for source, built in pages:
        files = {source, *included(source, bases), *(inputs(source) if inputs else ())}
        digest = hashlib.sha256()
        for path in sorted(files):
            if path.is_file():
                digest.update(f"{path}\0".encode() + path.read_bytes() + b"\0")
        now, before = digest.hexdigest(), seen.get(built)
        seen[built] = now
        if built.exists() and (everything or now != before):
            os.utime(built, ns=(0, 0))
            aged.append(built)
    return aged


def _page(location: str) -> str:
    return location.partition("#")[0]


def mend_search_index(path: Path) -> int:
    """Keep, of each page, only its newest group of search entries (a page's entry followed by
    its sections'): a dirty build appends a rebuilt page's group without removing its older
    one. The number of entries dropped."""
    index = json.loads(path.read_text(encoding="utf-8"))
    entries = index["docs"]
    newest: dict[str, range] = {}  # page → the positions of its last group
    for start, entry in enumerate(entries):
        if "#" not in entry["location"]:
            end = start + 1
            while end < len(entries) and "#" in entries[end]["location"] \
                    and _page(entries[end]["location"]) == entry["location"]:
                end += 1
            newest[entry["location"]] = range(start, end)
    kept = [entry for number, entry in enumerate(entries)
            if number in newest.get(_page(entry["location"]), range(number, number + 1))]
    if len(kept) != len(entries):
        index["docs"] = kept
        write_atomically(path, json.dumps(index, ensure_ascii=False, separators=(",", ":")))
    return len(entries) - len(kept)
