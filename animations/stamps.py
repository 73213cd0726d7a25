"""Stamps: what a render or deck build published, file by file, with sizes and SHA-256 digests.

A build writes its outputs beside their targets under temporary names, renames
them into place, and writes its stamp last (itself atomically), so a stamp never
describes a half-written file; an interrupted build leaves no stamp and is done
again. :func:`problems` re-reads the files a stamp lists, so "unchanged" means
"present and byte-for-byte what was stamped", and the site build can refuse to
publish a video that was truncated or replaced after the fact. A lock per output
folder keeps two builds from writing the same files at once.

Manim-free: the site build imports it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from foundation.files import write_atomically

FORMAT = 2  # 2: "files" maps each output's name to its "bytes" and "sha256"
LOCK_NAME = ".lock"
CHUNK = 1 << 20


def file_record(path: Path) -> dict[str, int | str]:
    """The size and SHA-256 of ``path``: what a stamp says about one output."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(CHUNK):
            digest.update(block)
    return {"bytes": path.stat().st_size, "sha256": digest.hexdigest()}


def publish(stamp_path: Path, fields: Mapping[str, object], outputs: Mapping[Path, Path]) -> None:
    """Move finished files into place and stamp them, the stamp last.

    ``outputs`` maps each finished file (in a scratch folder on the same file
    system) to its target beside ``stamp_path``. The old stamp goes first, so
    while files are being swapped no stamp vouches for them.
    """
    for target in outputs.values():
        if target.parent != stamp_path.parent:
            raise ValueError(f"outputs: {target} is not beside the stamp {stamp_path}")
    records = {target.name: file_record(source) for source, target in outputs.items()}
    stamp_path.unlink(missing_ok=True)
    for source, target in outputs.items():
        os.replace(source, target)
    stamp = {**fields, "format": FORMAT, "files": records}
    write_atomically(stamp_path, (json.dumps(stamp, indent=2, ensure_ascii=False) + "\n").encode())


def read(stamp_path: Path) -> dict:
    """A stamp's fields; ValueError saying what is wrong if it is not a stamp of this format."""
    try:
        stamp = json.loads(stamp_path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"{stamp_path}: cannot be read ({error.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{stamp_path}: not JSON ({error})") from None
    if not isinstance(stamp, dict) or stamp.get("format") != FORMAT:
        raise ValueError(f"{stamp_path}: not a stamp of format {FORMAT}")
    files = stamp.get("files")
    if not isinstance(files, dict) or not files or not all(
        isinstance(record, dict) and isinstance(record.get("bytes"), int)
        and isinstance(record.get("sha256"), str) for record in files.values()
    ):
        raise ValueError(f"{stamp_path}: 'files' must map each output to its bytes and sha256")
    for name in files:
        if Path(name).name != name or name in {".", ".."}:
            raise ValueError(f"{stamp_path}: output {name!r} is not a file name beside the stamp")
    return stamp


def outputs(stamp_path: Path) -> list[Path]:
    """The files a stamp lists, beside it (ValueError if it is not a valid stamp)."""
    return [stamp_path.parent / name for name in read(stamp_path)["files"]]


def problems(stamp_path: Path) -> list[str]:
    """Everything wrong with a stamp and the files it lists: [] when each exists, byte for byte.

    Each problem is one line naming the file: missing, a different size, or
    different contents (a SHA-256 mismatch).
    """
    try:
        stamp = read(stamp_path)
    except ValueError as error:
        return [str(error)]
    found = []
    for name, expected in stamp["files"].items():
        path = stamp_path.parent / name
        if not path.is_file():
            found.append(f"{path}: missing (stamped by {stamp_path.name})")
            continue
        actual = file_record(path)
        if actual["bytes"] != expected["bytes"]:
            found.append(f"{path}: {actual['bytes']} bytes, but {stamp_path.name} stamped "
                         f"{expected['bytes']}")
        elif actual["sha256"] != expected["sha256"]:
            found.append(f"{path}: contents differ from what {stamp_path.name} stamped "
                         f"(sha256 {actual['sha256'][:12]}…, stamped {expected['sha256'][:12]}…)")
    return found


class Busy(RuntimeError):
    """Another build held a folder's lock for longer than we were willing to wait."""


@contextlib.contextmanager
def folder_lock(
    folder: Path, announce: Callable[[str], None], timeout: float = 3600.0, poll: float = 0.25
) -> Iterator[None]:
    """Hold ``folder``'s lock: a second build waits (saying so once), up to ``timeout`` seconds.

    The lock is an ``flock`` on ``folder/.lock``, released by the kernel if the
    holder dies, so a killed build never leaves the folder locked.
    """
    if not timeout >= 0:
        raise ValueError(f"timeout: expected a number of seconds >= 0, got {timeout!r}")
    if not poll > 0:
        raise ValueError(f"poll: expected a number of seconds > 0, got {poll!r}")
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK_NAME).open("a+") as handle:
        deadline = time.monotonic() + timeout
        announced = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not announced:
                    handle.seek(0)
                    holder = handle.read().strip() or "unknown"
                    announce(f"{folder} is being written by another build (pid {holder}); "
                             f"waiting for it to finish…")
                    announced = True
                if time.monotonic() >= deadline:
                    raise Busy(f"{folder} is still being written by another build after "
                               f"{timeout:g} s; try again later") from None
                time.sleep(poll)
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(str(os.getpid()))
            handle.flush()
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            fcntl.flock(handle, fcntl.LOCK_UN)
