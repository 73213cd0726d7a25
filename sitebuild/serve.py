"""A static file server for the built site: byte ranges for video, gzip for text.

Python's ``http.server`` ignores ``Range``, which stops browsers seeking in
videos, and sends text uncompressed, which no real static host does; this is
the same server with both, used by ``make serve`` and the browser tests alike.

    python -m sitebuild.serve [--port 8000] [--directory build/site]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import os
import re
import sys
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from sitebuild.paths import BUILD

RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")


class StaticSiteHandler(SimpleHTTPRequestHandler):
    """Serves files: a single ``Range: bytes=a-b`` for media, gzip for text when accepted."""

    def send_head(self):  # type: ignore[override]
        match = RANGE.match(self.headers.get("Range", ""))
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().send_head()
        if not match:
            if "gzip" in self.headers.get("Accept-Encoding", "") and \
                    self.guess_type(path).startswith(COMPRESSIBLE):
                return self._send_gzipped(path)
            return super().send_head()
        size = os.path.getsize(path)
        first, last = match.groups()
        start = int(first) if first else max(0, size - int(last or 0))
        end = min(int(last), size - 1) if first and last else size - 1
        if start >= size or start > end:
            self.send_error(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
            return None
        handle = open(path, "rb")  # noqa: SIM115 — do_GET closes it after copyfile
        handle.seek(start)
        self.send_response(HTTPStatus.PARTIAL_CONTENT)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        self._remaining = end - start + 1
        return handle

    def _send_gzipped(self, path: str) -> io.BytesIO:
        with open(path, "rb") as handle:
            body = gzip.compress(handle.read(), compresslevel=6, mtime=0)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):  # type: ignore[override]
        remaining = getattr(self, "_remaining", None)
        if remaining is None:
            return super().copyfile(source, outputfile)
        while remaining > 0:
            chunk = source.read(min(64 * 1024, remaining))
            if not chunk:
                break
            outputfile.write(chunk)
            remaining -= len(chunk)
        self._remaining = None
        return None

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("COMPANION_SERVE_QUIET") != "1":
            super().log_message(format, *args)


def make_server(directory: str, port: int, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server for ``directory`` on ``host:port`` (port 0 picks a free one)."""
    handler = partial(StaticSiteHandler, directory=directory)
    return ThreadingHTTPServer((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.serve", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", default=str(BUILD / "site"))
    arguments = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(arguments.directory, "index.html")):
        print(f"no built site in {arguments.directory}: run `make site` first", file=sys.stderr)
        return 1
    server = make_server(arguments.directory, arguments.port)
    print(f"serving {arguments.directory} on http://127.0.0.1:{server.server_port} "
          "(Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
