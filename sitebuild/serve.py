"""A static file server for the built site: byte ranges for video, gzip for text.

Python's ``http.server`` ignores ``Range``, which stops browsers seeking in
videos, and sends text uncompressed, which no real static host does; this is
the same server with both, used by ``make serve`` and the browser tests alike.
It also behaves like a real host where ``http.server`` does not: every request
gets an answer (a malformed path is a 400, a missing page the site's own
``404.html``), nothing outside the site is served (symlinks leading out are
404s) and no directory is listed; idle connections are closed after
``IDLE_SECONDS``; the listen queue holds ``LISTEN_BACKLOG`` connections, not
five, so a page's burst of requests is not dropped and retried a second later.

What a client can make it hold is capped: a request head is read up to ``MAX_HEAD_BYTES``
(64 KiB, all lines together; beyond, the request is refused with 431), so a connection that
sends an endless head costs at most that much, and at most ``MAX_CONNECTIONS`` connections
are served at once (one more is answered 503 and closed): about 64 MiB of heads at worst,
where 40 slow connections could once make it hold 250 MB.

Connections are read and written by one asyncio loop, and each request is answered
by ``http.server``'s own handler working on the request's bytes in memory. A thread
per connection, as ``ThreadingHTTPServer`` has, spent most of its time contending
for the GIL: 200 concurrent range requests cost 1.6 ms of CPU each that way, and
their p95 latency was 260 ms on 2 cores (``benchmarks/serve_latency.py``).

Given a :class:`~sitebuild.live.ServedTree` instead of a directory, each request answers from
the tree served when it starts, and open pages reload when a new one is swapped in
(``make serve`` while renders and decks are still being made: :mod:`sitebuild.staged`).

    python -m sitebuild.serve [--port 8000] [--host 127.0.0.1] [--directory build/site]

Exit status: 0 after Ctrl-C, 1 if the site is not built or the address cannot be
listened on (a port in use, say), 2 for a usage error (a port that is not 0–65535).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import gzip
import io
import os
import re
import signal
import socket
import struct
import sys
import threading
import urllib.parse
from dataclasses import dataclass
from functools import lru_cache, partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler
from typing import Any, BinaryIO

from foundation.cli import Parser, port_number
from sitebuild.live import Served, ServedTree, polled_epoch
from sitebuild.paths import BUILD

COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
IDLE_SECONDS = 15.0  # a connection that sends nothing for this long is closed
LISTEN_BACKLOG = 1024  # the kernel caps it at net.core.somaxconn
MAX_LINE = 65536  # http.server's own limit on a request or header line (414 / 431 beyond)
MAX_HEADERS = 100  # http.server's own limit on header lines (431 beyond)
MAX_HEAD_BYTES = 64 * 1024  # a whole request head, all lines together (431 beyond)
MAX_CONNECTIONS = 512  # open at once; one more is answered 503 and closed
CHUNK = 256 * 1024  # a file is sent this many bytes at a time
NOT_FOUND_PAGE = "404.html"

RANGE = re.compile(r"^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$", re.IGNORECASE)
DIGITS = 18  # longer numbers are beyond any file: compared as such, never converted
UNSATISFIABLE = (-1, -1)


def byte_range(header: str | None, size: int) -> tuple[int, int] | None:
    """The inclusive (first, last) byte a ``Range`` header asks of a ``size``-byte file.

    None means "ignore the header and send the whole file": no header, a syntax this
    server does not serve (several ranges, another unit) or an invalid range (last
    before first), as RFC 9110 §14.2 allows. ``UNSATISFIABLE`` means a 416: the range
    starts at or beyond the end, or asks for the last 0 bytes.

    >>> byte_range("bytes=0-99", 1000), byte_range("bytes=-100", 1000)
    ((0, 99), (900, 999))
    >>> byte_range("bytes=5-2", 1000) is None, byte_range("bytes=1000-", 1000) == UNSATISFIABLE
    (True, True)
    """
    match = RANGE.match(header or "")
    if not match:
        return None
    first, last = (_number(text, size) for text in match.groups())
    if first is None and last is None:
        return None
    if first is None:  # a suffix: the last `last` bytes
        if last == 0 or size == 0:
            return UNSATISFIABLE
        return max(0, size - last), size - 1
    if last is not None and last < first:
        return None
    if first >= size:
        return UNSATISFIABLE
    return first, size - 1 if last is None else min(last, size - 1)


def _number(text: str, size: int) -> int | None:
    digits = text.lstrip("0") or ("0" if text else "")
    if not digits:
        return None
    return int(digits) if len(digits) <= DIGITS else max(size, 10**DIGITS)


@dataclass(frozen=True)
class FileBody:
    """The part of a file an answer ends with, sent by the loop a chunk at a time:
    ``descriptor`` is the server's own duplicate, closed once sent; ``count`` None means to
    the end of the file."""

    descriptor: int
    offset: int
    count: int | None


class StaticSiteHandler(SimpleHTTPRequestHandler):
    """Answers one request whose head (request line and headers) is in memory: writes the
    answer's head and any small body to ``wfile`` and leaves a file's body in ``body``.

    Serves the files under ``directory``: ranges for media, gzip for text, the 404 page.
    """

    server: SiteServer
    live: Served | None
    # Errors in a request line are answered before its version is known; http.server would
    # answer them in HTTP/0.9, a body with no status line, which clients read as no answer.
    default_request_version = "HTTP/1.0"
    request: bytes
    wfile: io.BytesIO

    def __init__(self, *args: Any, live: Served | None = None, **kwargs: Any) -> None:
        self.live = live  # the swappable tree being served, if any (sitebuild.live)
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        self.rfile = io.BytesIO(self.request)
        self.wfile = io.BytesIO()
        self.body: FileBody | None = None

    def handle(self) -> None:
        self.handle_one_request()  # one request per connection: it answers in HTTP/1.0

    def finish(self) -> None:
        """Nothing to flush or close: the loop sends ``wfile`` and ``body``."""

    def send_head(self) -> BinaryIO | io.BytesIO | None:  # type: ignore[override]
        path = self._local_path()
        if path is None:
            return None
        if os.path.isdir(path):
            parts = urllib.parse.urlsplit(self.path)
            if not parts.path.endswith("/"):
                return super().send_head()  # its 301 to the path with a slash
            path = self._inside(os.path.join(path, "index.html"))
            if path is None:
                return None
        if not os.path.isfile(path):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        size = os.path.getsize(path)
        requested = byte_range(self.headers.get("Range"), size)
        if requested == UNSATISFIABLE:
            self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if requested is not None:
            return self._send_range(path, size, *requested)
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "") and \
            self.guess_type(path).startswith(COMPRESSIBLE)
        if self.live is not None and self.live.reloading and path.endswith(".html"):
            with open(path, "rb") as handle:
                page = self.live.page(handle.read())
            return self._send_body(gzip.compress(page, compresslevel=6, mtime=0)
                                   if accepts_gzip else page, path, accepts_gzip)
        if accepts_gzip:
            status = os.stat(path)
            return self._send_body(gzipped(path, status.st_mtime_ns, status.st_size), path,
                                   compressed=True)
        return super().send_head()

    def _local_path(self) -> str | None:
        """The file system path a request names, or None after answering 400 or 404."""
        path = self.translate_path(self.path)
        try:
            os.fsencode(path)
        except UnicodeEncodeError:
            path = "\x00"  # a lone surrogate from a percent-encoded non-UTF-8 byte
        if "\x00" in path:
            self.send_error(HTTPStatus.BAD_REQUEST, "Malformed path")
            return None
        return self._inside(path)

    def _inside(self, path: str) -> str | None:
        """``path`` if it resolves inside the served directory; else None after a 404."""
        root = self.server.real_roots.setdefault(self.directory,
                                                 os.path.realpath(self.directory))
        real = os.path.realpath(path)
        if real != root and not real.startswith(root + os.sep):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return path

    def _send_range(self, path: str, size: int, first: int, last: int) -> BinaryIO:
        handle = open(path, "rb")  # noqa: SIM115 — do_GET closes it after copyfile
        handle.seek(first)
        self.send_response(HTTPStatus.PARTIAL_CONTENT)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.send_header("Content-Length", str(last - first + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        self._remaining = last - first + 1
        return handle

    def _send_body(self, body: bytes, path: str, compressed: bool) -> io.BytesIO:
        """A whole answer from memory: the file at ``path`` as ``body``, compressed or not."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        if compressed:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def list_directory(self, path: str | os.PathLike[str]) -> None:  # type: ignore[override]
        """No listings: a directory without index.html is not a page."""
        self.send_error(HTTPStatus.NOT_FOUND)

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """Errors as ``http.server`` sends them, except a 404 shows the site's own page."""
        page = os.path.join(self.directory, NOT_FOUND_PAGE)
        if code != HTTPStatus.NOT_FOUND or not os.path.isfile(page):
            super().send_error(code, message, explain)
            return
        with open(page, "rb") as handle:
            body = handle.read()
        self.log_error("code %d, message %s", code, message or "Not Found")
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def copyfile(self, source, outputfile):  # type: ignore[override]
        """A body in memory is written out; a file's is left for the loop to send."""
        if isinstance(source, io.BytesIO):
            return super().copyfile(source, outputfile)
        self.body = FileBody(os.dup(source.fileno()), source.tell(),
                             getattr(self, "_remaining", None))
        return None

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("COMPANION_SERVE_QUIET") != "1":
            super().log_message(format, *args)


@lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """A text file compressed as served, kept while its modification time and size stay:
    a page's scripts and styles are compressed once, not on every load."""
    with open(path, "rb") as handle:
        return gzip.compress(handle.read(), compresslevel=6, mtime=0)


class SiteServer:
    """Listens on ``address``; ``serve_forever`` answers with ``handler`` on an asyncio loop
    until ``shutdown`` (from another thread), as ``socketserver`` servers do."""

    def __init__(self, address: tuple[str, int], handler: Any,
                 idle_timeout: float = IDLE_SECONDS, tree: ServedTree | None = None) -> None:
        self.socket = socket.create_server(address, backlog=LISTEN_BACKLOG)
        self.server_address: tuple[str, int] = self.socket.getsockname()[:2]
        self.server_port = self.server_address[1]
        self.handler = handler
        self.idle_timeout = idle_timeout
        self.tree = tree  # answers the reload script's polls when set
        self.real_roots: dict[str, str] = {}  # served directory → its resolved path
        self._running = threading.Event()
        self._stopped = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self.open_connections = 0

    def serve_forever(self) -> None:
        try:
            asyncio.run(self._serve())
        finally:
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop ``serve_forever`` and wait until it has returned."""
        self._running.wait()
        assert self._loop and self._stop
        self._loop.call_soon_threadsafe(self._stop.set)
        self._stopped.wait()

    def server_close(self) -> None:
        self.socket.close()

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        if threading.current_thread() is threading.main_thread():
            # Through the loop's wake-up descriptor: a Ctrl-C that lands just as the loop
            # goes to sleep with nothing scheduled still wakes it (asyncio.run's own
            # handler can miss it, and the loop would then wait for ever).
            self._loop.add_signal_handler(signal.SIGINT, self._stop.set)
        listening = await asyncio.start_server(self._answer, sock=self.socket,
                                               backlog=LISTEN_BACKLOG, limit=MAX_LINE + 2)
        self._running.set()
        async with listening:
            await self._stop.wait()

    async def _answer(self, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> None:
        """One connection: its request head, answered, then closed."""
        client = writer.get_extra_info("peername") or ("", 0)
        if self.open_connections >= MAX_CONNECTIONS:
            writer.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                         b"Connection: close\r\nRetry-After: 1\r\n\r\n")
            writer.close()
            return
        self.open_connections += 1
        try:
            async with asyncio.timeout(self.idle_timeout):
                head = await request_head(reader)
            polled = polled_epoch(head) if self.tree is not None else None
            if polled is not None:
                await self._answer_poll(writer, polled)
                return
            answer = self.handler(head, client, self)
            writer.write(answer.wfile.getvalue())
            if answer.body:
                await self._send_file(writer, answer.body)
            async with asyncio.timeout(self.idle_timeout):
                await writer.drain()
        except TimeoutError:  # gone quiet: dropped with a reset, not left the rest to read
            writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                                       struct.pack("ii", 1, 0))
            writer.transport.abort()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass  # the client hung up: nothing to answer
        except Exception as error:  # one bad answer must not stop the server
            print(f"serve: error answering {client[0]}: {type(error).__name__}: {error}",
                  file=sys.stderr)
        finally:
            self.open_connections -= 1
            writer.close()

    async def _answer_poll(self, writer: asyncio.StreamWriter, epoch: int) -> None:
        """A reload script's poll: the served epoch, once newer than ``epoch`` (or after
        :data:`sitebuild.live.POLL_SECONDS`)."""
        assert self.tree is not None
        served = str(await self.tree.newer_than(epoch)).encode()
        writer.write(b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nCache-Control: no-store"
                     b"\r\nContent-Length: %d\r\n\r\n%b" % (len(served), served))
        async with asyncio.timeout(self.idle_timeout):
            await writer.drain()

    async def _send_file(self, writer: asyncio.StreamWriter, body: FileBody) -> None:
        """The file's bytes in chunks, each allowed ``idle_timeout`` to leave."""
        try:
            end = os.fstat(body.descriptor).st_size
            if body.count is not None:
                end = min(end, body.offset + body.count)
            for offset in range(body.offset, end, CHUNK):
                writer.write(os.pread(body.descriptor, min(CHUNK, end - offset), offset))
                async with asyncio.timeout(self.idle_timeout):
                    await writer.drain()
        finally:
            os.close(body.descriptor)


async def request_head(reader: asyncio.StreamReader) -> bytes:
    """The request line and headers, up to the blank line that ends them (or the end of the
    stream); a line beyond ``MAX_LINE`` or headers beyond ``MAX_HEADERS`` end it early, so
    the handler refuses the request (414 or 431) as ``http.server`` does. A head beyond
    ``MAX_HEAD_BYTES`` ends with one line too long, which the handler refuses (431)."""
    lines: list[bytes] = []
    total = 0
    while len(lines) <= MAX_HEADERS + 1:
        if total > MAX_HEAD_BYTES:
            lines.append(b"X-Head-Too-Large: " + b"x" * MAX_LINE + b"\r\n")
            break
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as error:  # the stream ended mid-line
            lines.append(error.partial)
            break
        except asyncio.LimitOverrunError:
            lines.append(await reader.readexactly(MAX_LINE + 1))
            break
        lines.append(line)
        total += len(line)
        if line in (b"\r\n", b"\n"):
            break
    return b"".join(lines)


def make_server(directory: str | ServedTree, port: int, host: str = "127.0.0.1", *,
                idle_timeout: float = IDLE_SECONDS) -> SiteServer:
    """A server for ``directory`` on ``host:port`` (port 0 picks a free one); for a
    :class:`~sitebuild.live.ServedTree`, each request answers from the tree served as it
    starts."""
    if isinstance(directory, str):
        return SiteServer((host, port), partial(StaticSiteHandler, directory=directory),
                          idle_timeout)
    tree = directory

    def handler(*arguments: Any) -> StaticSiteHandler:
        served = tree.now()
        return StaticSiteHandler(*arguments, directory=served.directory, live=served)

    return SiteServer((host, port), handler, idle_timeout, tree)


def unlistenable(error: OSError, host: str, port: int) -> str:
    """The one line saying why ``host:port`` could not be listened on, and what to do."""
    reason = ("is in use: stop what listens there or pick another --port"
              if error.errno == errno.EADDRINUSE else
              f"cannot be listened on: {error.strerror or error}")
    return f"serve: {host}:{port} {reason}"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m sitebuild.serve", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=port_number, default=8000)
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: loopback only; 0.0.0.0 for all)")
    parser.add_argument("--directory", default=str(BUILD / "site"))
    arguments = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(arguments.directory, "index.html")):
        print(f"serve: no built site in {arguments.directory}: run `make site` first",
              file=sys.stderr)
        return 1
    try:
        server = make_server(arguments.directory, arguments.port, arguments.host)
    except OSError as error:
        print(unlistenable(error, arguments.host, arguments.port), file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"serving {arguments.directory} on http://{host}:{port} (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
