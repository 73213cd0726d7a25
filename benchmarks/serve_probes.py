"""What ``python -m sitebuild.serve`` answers to malformed, hostile or idle requests.

    python benchmarks/serve_probes.py                  # this checkout's server
    python benchmarks/serve_probes.py --code /tmp/old  # another copy of sitebuild/, e.g.
        # mkdir /tmp/old && git archive e4211ee sitebuild | tar -x -C /tmp/old

The server runs as ``make serve`` runs it, in its own process, on a small site built for
the probes: pages, a 404 page, a binary "video", a directory without an index, symlinks
to a file and a directory outside the site, and a secret beside the site that must never
be served. Each probe sends raw bytes on a fresh connection and waits up to ``--wait``
seconds; it passes when the answer is one RFC 9110 allows and serves nothing it should
not. ``tests/project/test_serve.py`` runs the same probes against the server in-process.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from foundation.paths import ROOT

SECRET = b"secret beside the site: never served"
NOT_FOUND_PAGE = b"<!doctype html><title>Not here</title><p>The site's own 404 page.</p>"
HUGE = "9" * 4301  # Python refuses int() of more than 4,300 digits


@dataclass
class Answer:
    """What came back on one connection: the status, headers and body, if anything."""

    status: int | None
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    closed: bool = True  # the server closed the connection within the wait
    seconds: float = 0.0


def exchange(port: int, raw: bytes, wait: float) -> Answer:
    """Send ``raw`` on a new connection and read until the server closes it (or ``wait``)."""
    began = time.perf_counter()
    received, closed = b"", False
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as connection:
        if raw:
            connection.sendall(raw)
        deadline = began + wait
        try:
            while time.perf_counter() < deadline:
                connection.settimeout(max(0.01, deadline - time.perf_counter()))
                chunk = connection.recv(1 << 16)
                if not chunk:
                    closed = True
                    break
                received += chunk
        except TimeoutError:
            pass
        except ConnectionResetError:
            closed = True
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    match = re.match(r"HTTP/\d\.\d (\d{3})", lines[0])
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return Answer(int(match.group(1)) if match else None, {k.lower(): v for k, v in
                                                           headers.items()}, body, closed,
                  time.perf_counter() - began)


def make_site(directory: Path) -> dict[str, bytes]:
    """The probes' site in ``directory/site``, a secret and a folder beside it; its files."""
    site, outside = directory / "site", directory / "outside"
    site.mkdir()
    outside.mkdir()
    (directory / "secret.txt").write_bytes(SECRET)
    (outside / "secret.txt").write_bytes(SECRET)
    files = {
        "index.html": b"<!doctype html><title>Home</title><p>home</p>",
        "404.html": NOT_FOUND_PAGE,
        "video.webm": random.Random(0).randbytes(100_000),
        "style.css": b"body { color: black; }\n" * 200,
        "sub/page.html": b"<p>a page in a folder without an index</p>",
        "withindex/index.html": b"<p>a folder's index</p>",
    }
    for name, content in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(content)
    (site / "escape.txt").symlink_to(directory / "secret.txt")
    (site / "escape-dir").symlink_to(outside, target_is_directory=True)
    (site / "inside.html").symlink_to(site / "index.html")
    return files


def _request(target: str, *headers: str, method: str = "GET") -> bytes:
    lines = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", *headers, "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


Check = Callable[[Answer, dict[str, bytes]], str | None]  # None when the answer is right


def status(*allowed: int, body: str | None = None, secret: bool = False) -> Check:
    """An answer with one of the ``allowed`` statuses (and ``body``: the named file's bytes)."""
    def check(answer: Answer, files: dict[str, bytes]) -> str | None:
        if answer.status is None:
            return "no response" + (" (connection left open)" if not answer.closed else "")
        if answer.status not in allowed:
            return f"status {answer.status}, expected {' or '.join(map(str, allowed))}"
        if SECRET in answer.body:
            return "served the secret outside the site"
        if body is not None and answer.body != files[body]:
            return f"body is not {body}"
        return None
    return check


def unsatisfiable(answer: Answer, files: dict[str, bytes]) -> str | None:
    """A 416 that says how long the file is, as RFC 9110 §15.5.17 asks."""
    problem = status(416)(answer, files)
    size = len(files["video.webm"])
    if problem is None and answer.headers.get("content-range") != f"bytes */{size}":
        problem = f"416 without Content-Range: bytes */{size}"
    return problem


def ignored_or_unsatisfiable(answer: Answer, files: dict[str, bytes]) -> str | None:
    """A Range the server may ignore (200, the whole file) or refuse (416)."""
    if answer.status == 416:
        return unsatisfiable(answer, files)
    return status(200, body="video.webm")(answer, files)


def partial(first: int, last: int | None) -> Check:
    def check(answer: Answer, files: dict[str, bytes]) -> str | None:
        data = files["video.webm"]
        end = len(data) - 1 if last is None else min(last, len(data) - 1)
        problem = status(206)(answer, files)
        if problem is None and answer.body != data[first:end + 1]:
            problem = "wrong bytes"
        if problem is None and answer.headers.get("content-range") != \
                f"bytes {first}-{end}/{len(data)}":
            problem = f"Content-Range {answer.headers.get('content-range')!r}"
        return problem
    return check


def closed_when_idle(answer: Answer, files: dict[str, bytes]) -> str | None:
    return None if answer.closed else f"still open after {answer.seconds:.1f} s"


SIZE = 100_000
PROBES: list[tuple[str, bytes, Check]] = [
    ("page", _request("/index.html"), status(200, body="index.html")),
    ("range", _request("/video.webm", "Range: bytes=100-199"), partial(100, 199)),
    ("suffix range", _request("/video.webm", "Range: bytes=-500"), partial(SIZE - 500, None)),
    ("open range", _request("/video.webm", "Range: bytes=99000-"), partial(99000, None)),
    ("range past the end", _request("/video.webm", f"Range: bytes={SIZE}-"), unsatisfiable),
    ("last 0 bytes", _request("/video.webm", "Range: bytes=-0"), unsatisfiable),
    ("4,301-digit range start", _request("/video.webm", f"Range: bytes={HUGE}-"),
     ignored_or_unsatisfiable),
    ("4,301-digit range end", _request("/video.webm", f"Range: bytes=0-{HUGE}"),
     lambda a, f: None if partial(0, None)(a, f) is None else ignored_or_unsatisfiable(a, f)),
    ("inverted range", _request("/video.webm", "Range: bytes=500-100"), ignored_or_unsatisfiable),
    ("empty range", _request("/video.webm", "Range: bytes=-"), ignored_or_unsatisfiable),
    ("several ranges", _request("/video.webm", "Range: bytes=0-1,5-6"),
     status(200, 206)),
    ("other unit", _request("/video.webm", "Range: items=0-1"), status(200, body="video.webm")),
    ("NUL in the path", _request("/index.html%00"), status(400, 404)),
    ("NUL then more", _request("/index.html%00.png"), status(400, 404)),
    ("invalid UTF-8", _request("/%ff%fe"), status(400, 404)),
    ("lone surrogate", _request("/%ed%a0%80"), status(400, 404)),
    ("missing page", _request("/no-such-page.html"), status(404, body="404.html")),
    ("missing page, HEAD", _request("/no-such-page.html", method="HEAD"), status(404)),
    ("traversal", _request("/../secret.txt"), status(404)),
    ("encoded traversal", _request("/%2e%2e/%2e%2e/secret.txt"), status(404)),
    ("encoded slashes", _request("/..%2f..%2fsecret.txt"), status(404)),
    ("symlink to a file outside", _request("/escape.txt"), status(404)),
    ("symlink to a folder outside", _request("/escape-dir/secret.txt"), status(404)),
    ("symlink inside the site", _request("/inside.html"), status(200, body="index.html")),
    ("folder without an index", _request("/sub/"), status(404, body="404.html")),
    ("folder without a slash", _request("/withindex"), status(301)),
    ("folder with an index", _request("/withindex/"), status(200, body="withindex/index.html")),
    ("absolute URL", _request("http://example.com/secret.txt"), status(400, 404)),
    ("double slash", _request("//example.com/"), status(400, 404)),
    ("text, gzip accepted", _request("/style.css", "Accept-Encoding: gzip"), status(200)),
    ("garbage request line", b"HELLO THERE\r\n\r\n", status(400)),
    ("unknown HTTP version", b"GET / HTTP/9.9\r\n\r\n", status(400, 505)),
    ("unknown method", _request("/", method="BREW"), status(501)),
    ("70,000-character URL", _request("/" + "a" * 70_000), status(414)),
    ("70,000-character header", _request("/", "X-Long: " + "b" * 70_000), status(431, 400)),
    ("connection left idle", b"", closed_when_idle),
    ("request never finished", b"GET /index.html HTTP/1.1\r\nHost: x", closed_when_idle),
]


def run_probes(port: int, files: dict[str, bytes], wait: float) -> list[tuple[str, str | None]]:
    """Each probe's name and its problem (None: answered as it should be)."""
    results = []
    for name, raw, check in PROBES:
        try:
            answer = exchange(port, raw, wait)
        except OSError as error:
            results.append((name, f"connection failed: {error}"))
            continue
        results.append((name, check(answer, files)))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="directory holding the sitebuild package to run")
    parser.add_argument("--wait", type=float, default=20.0,
                        help="seconds to wait for an answer or for an idle connection to close")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        files = make_site(Path(temporary))
        server = subprocess.Popen(
            [sys.executable, "-m", "sitebuild.serve", "--port", "0", "--directory",
             str(Path(temporary) / "site")], cwd=args.code, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, env=dict(os.environ, COMPANION_SERVE_QUIET="1"))
        try:
            assert server.stdout
            started = re.search(r":(\d+) ", server.stdout.readline())
            if not started:
                raise SystemExit("the server did not start")
            port = int(started.group(1))
            results = run_probes(port, files, args.wait)
            alive = exchange(port, _request("/index.html"), args.wait).status == 200
        finally:
            server.terminate()
            server.wait()
    for name, problem in results:
        print(f"{'ok  ' if problem is None else 'FAIL'} {name}{f': {problem}' if problem else ''}")
    passed = sum(problem is None for _, problem in results)
    print(f"{passed} of {len(results)} probes answered as they should be; "
          f"server {'still answering' if alive else 'NOT answering'} afterwards")


if __name__ == "__main__":
    main()
