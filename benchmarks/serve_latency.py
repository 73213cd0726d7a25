"""How fast ``python -m sitebuild.serve`` answers a burst of concurrent range requests.

    python benchmarks/serve_latency.py                          # 200 at once, 5 rounds
    python benchmarks/serve_latency.py --requests 500 --rounds 3 --json out.json
    python benchmarks/serve_latency.py --code /tmp/old   # another copy of sitebuild/

The server runs as ``make serve`` runs it, in its own process, on a temporary copy of
a video (``--file``, default: the largest rendered ``.webm`` under ``build/media``, or
2 MB of random bytes). Each round opens ``--requests`` connections at once, each asking
``Range: bytes=a-b`` for a random ``--chunk``-byte slice, as a browser seeking in a video
does; a request's latency runs from the start of its connect to the last byte of its
body, and every body is checked against the file. Percentiles are over all requests
of all rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from foundation.paths import ROOT


async def fetch_range(port: int, first: int, last: int) -> tuple[float, bytes | None]:
    """Seconds from connect to the last byte of one range request, and the body (None if
    the connection failed or the answer was not a 206)."""
    began = time.perf_counter()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /video.webm HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Range: bytes={first}-{last}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        response = await reader.read()
        writer.close()
    except OSError:
        return time.perf_counter() - began, None
    head, _, body = response.partition(b"\r\n\r\n")
    return time.perf_counter() - began, body if head[9:12] == b"206" else None


async def burst(port: int, data: bytes, requests: int, chunk: int,
                rng: random.Random) -> list[float]:
    """Latencies of one burst; a failed or wrong answer counts as an infinite latency."""
    ranges = []
    for _ in range(requests):
        first = rng.randrange(0, max(1, len(data) - chunk))
        ranges.append((first, min(len(data), first + chunk) - 1))
    answers = await asyncio.gather(*(fetch_range(port, a, b) for a, b in ranges))
    return [seconds if body == data[first:last + 1] else math.inf
            for (first, last), (seconds, body) in zip(ranges, answers, strict=True)]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with ``share`` of them at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered) - 1e-9) - 1)]


def start_server(directory: Path, code: Path) -> tuple[subprocess.Popen[str], int]:
    """``python -m sitebuild.serve`` from ``code`` (the directory holding ``sitebuild``)."""
    errors = tempfile.TemporaryFile("w+")  # noqa: SIM115 — the server writes to it until killed
    server = subprocess.Popen(
        [sys.executable, "-m", "sitebuild.serve", "--port", "0", "--directory", str(directory)],
        cwd=code, stdout=subprocess.PIPE, stderr=errors, text=True,
        env=dict(os.environ, COMPANION_SERVE_QUIET="1"))
    assert server.stdout
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
    if not match:
        server.kill()
        errors.seek(0)
        raise RuntimeError(f"server did not start: {line!r} {errors.read()[-500:]}")
    return server, int(match.group(1))


def default_file() -> Path | None:
    videos = sorted((ROOT / "build" / "media").rglob("*.webm"), key=lambda p: p.stat().st_size)
    return videos[-1] if videos else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="concurrent requests a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--chunk", type=int, default=64 * 1024, help="bytes per range")
    parser.add_argument("--file", type=Path, default=default_file())
    parser.add_argument("--json", type=Path, help="write the percentiles to this file")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="directory holding the sitebuild package to run (default: this "
                        "checkout; e.g. an old commit's `git archive`)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        site = Path(temporary)
        (site / "index.html").write_text("<!doctype html><title>latency</title>")
        if args.file:
            shutil.copyfile(args.file, site / "video.webm")
        else:
            (site / "video.webm").write_bytes(random.Random(0).randbytes(2 * 2**20))
        data = (site / "video.webm").read_bytes()
        server, port = start_server(site, args.code)
        try:
            rng = random.Random(2024)
            latencies: list[float] = []
            for _ in range(args.rounds):
                latencies += asyncio.run(burst(port, data, args.requests, args.chunk, rng))
                time.sleep(0.5)  # let the server's threads finish before the next burst
        finally:
            server.terminate()
            server.wait()
    result = {name: percentile(latencies, share) * 1000
              for name, share in (("p50", 0.50), ("p95", 0.95), ("p99", 0.99), ("max", 1.0))}
    failed = sum(math.isinf(value) for value in latencies)
    load = os.getloadavg()[0]
    print(f"{args.rounds} rounds of {args.requests} concurrent {args.chunk}-byte range requests "
          f"on a {len(data):,}-byte file, {os.cpu_count()} cores, load average {load:.1f}: "
          + ", ".join(f"{name} {value:.1f} ms" for name, value in result.items())
          + f"; {failed} failed")
    if args.json:
        args.json.write_text(json.dumps({"requests": len(latencies), "failed": failed,
                                         "load": load, **result}, indent=1))


if __name__ == "__main__":
    main()
