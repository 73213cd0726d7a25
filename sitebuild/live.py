"""The built tree a server answers from, swapped whole while it serves, and open pages told to
reload when it is.

``make serve`` on a fresh clone serves the pages first and better trees as the slow steps
finish (:mod:`sitebuild.staged`). Each tree is built in a directory of its own and then
swapped in by one assignment: a request reads which tree it answers from once, as it
starts, so it never sees half of one, nor a page of one tree stamped with another's epoch.

Open pages learn of a swap as ``make dev``'s do, by MkDocs' own live-reload script
(:mod:`mkdocs.livereload`): while more trees are to come, each page is served with it; it
asks ``/livereload/EPOCH/ID`` and reloads once the answer is a newer epoch. The last tree's
pages are served without it, byte for byte as built.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from pathlib import Path

# The script and clock `mkdocs serve` uses (private names: the reload protocol is reused,
# not copied; epochs are milliseconds of a monotonic clock, so a page left open across a
# restart of the server still sees later epochs as newer).
from mkdocs.livereload import _SCRIPT_TEMPLATE, _timestamp

POLL = re.compile(rb"^GET /livereload/([0-9]{1,18})/[0-9]{1,18} HTTP/1\.[01]\r?\n")
POLL_SECONDS = 60.0  # an unanswered poll is answered after this long (as MkDocs does)
CHECK_SECONDS = 0.2  # how often a waiting poll looks for a swap


@dataclass(frozen=True)
class Served:
    """One tree as served: its directory, its epoch, and whether its pages carry the reload
    script (more trees are to come)."""

    directory: str
    epoch: int
    reloading: bool

    def page(self, body: bytes) -> bytes:
        """An HTML page as served while reloading: with the reload script before ``</body>``."""
        end = body.rfind(b"</body>")
        end = len(body) if end < 0 else end
        script = _SCRIPT_TEMPLATE.substitute(epoch=self.epoch, request_id=_timestamp())
        return b"%b<script>%b</script>%b" % (body[:end], script.encode(), body[end:])


class ServedTree:
    """Which tree is served now; :meth:`swap` replaces it whole, from any thread."""

    def __init__(self, directory: Path, *, final: bool) -> None:
        self._now = Served(str(directory), _timestamp(), not final)

    def now(self) -> Served:
        """The tree a request answers from (read once per request)."""
        return self._now

    def swap(self, directory: Path, *, final: bool) -> None:
        """Serve ``directory`` from the next request on, with a newer epoch; ``final``: no more
        trees will come, so its pages are served without the reload script."""
        if not (directory / "index.html").is_file():
            raise ValueError(f"directory: {directory} is not a built site (no index.html)")
        self._now = Served(str(directory), max(_timestamp(), self._now.epoch + 1), not final)

    async def newer_than(self, epoch: int, timeout: float = POLL_SECONDS) -> int:
        """The epoch served once it is newer than ``epoch``, or after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self._now.epoch <= epoch and loop.time() < deadline:
            await asyncio.sleep(CHECK_SECONDS)
        return self._now.epoch


def polled_epoch(head: bytes) -> int | None:
    """The epoch a reload script's poll names (``GET /livereload/EPOCH/ID``), else None."""
    match = POLL.match(head)
    return int(match.group(1)) if match else None
