"""One store of typeset formulas for every Manim run of a checkout: a formula is typeset once.

Manim names a formula's SVG by a digest of its TeX source and template, and skips LaTeX when
that file is already in its ``tex_dir``. Runs cannot share one ``tex_dir``: Manim writes the
SVG in place, and after each formula deletes every other file of the folder, so two runs in
one folder can read a half-written SVG or lose each other's DVI. So each run gets a private
folder holding links to the store's SVGs (:func:`private_folder`), and when it ends well adds
the SVGs it typeset, each written whole and renamed into place
(:func:`foundation.files.write_atomically`); a run that fails adds nothing, so a formula cut
off mid-conversion never reaches the store. Manim-free.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from foundation.files import write_atomically
from foundation.paths import TEX_CACHE

STORE = TEX_CACHE / "store"
RUN_PREFIX = "run-"  # a private folder: run-<pid>-<random>, beside the store (same file system)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_abandoned() -> None:
    """Delete the private folders of runs that were killed (their process is gone)."""
    for folder in TEX_CACHE.glob(f"{RUN_PREFIX}*"):
        pid = folder.name.removeprefix(RUN_PREFIX).split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def private_folder() -> Iterator[Path]:
    """A ``tex_dir`` for one Manim run, seeded with the store's SVGs; its new SVGs join the
    store if the block ends without an exception (``SystemExit(0)`` included: a command line
    run in-process ends with it)."""
    STORE.mkdir(parents=True, exist_ok=True)
    _remove_abandoned()
    folder = Path(tempfile.mkdtemp(prefix=f"{RUN_PREFIX}{os.getpid()}-", dir=TEX_CACHE))
    try:
        known = {svg.name for svg in STORE.glob("*.svg")}
        for name in known:
            with contextlib.suppress(FileNotFoundError):
                os.link(STORE / name, folder / name)
        try:
            yield folder
        except SystemExit as leaving:
            if leaving.code in (0, None):
                _publish(folder, known)
            raise
        else:
            _publish(folder, known)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _publish(folder: Path, known: set[str]) -> None:
    for svg in folder.glob("*.svg"):
        if svg.name not in known and not (STORE / svg.name).exists():
            write_atomically(STORE / svg.name, svg.read_bytes())
