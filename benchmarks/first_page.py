"""Seconds from ``make serve`` on a fresh clone to its first page, and what they were spent on.

    python benchmarks/first_page.py [--complete]

Clones this checkout's last commit into a temporary folder (no ``build/``), links its
``.venv`` (the set-up is done), runs ``make serve`` there on a free port and polls the
home page every 200 ms until it answers 200. Prints that time, then each command's time
as ``make serve`` printed it (``[pages] done in …``). With ``--complete`` it also waits
for the complete site (renders, decks, notebooks: many minutes) and prints those times too.
The server is then stopped as Ctrl-C would and the clone removed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from foundation.paths import ROOT

LIMIT_SECONDS = 3600.0  # a first page (or complete site) slower than this is a failure
DONE = re.compile(r"^\[(\w+)\] done in ([0-9.]+) s$")
COMPLETE = "serve: the complete site is served"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status == 200
    except OSError:
        return False


def fresh_clone(folder: Path) -> Path:
    clone = folder / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    (clone / ".venv").symlink_to((ROOT / ".venv").resolve())
    return clone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--complete", action="store_true",
                        help="also wait for the complete site (many minutes)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="first-page-") as folder:
        clone, port = fresh_clone(Path(folder)), free_port()
        log = Path(folder) / "serve.log"
        began = time.perf_counter()
        with open(log, "w") as output:
            serving = subprocess.Popen(["make", "serve", f"PORT={port}"], cwd=clone,
                                       stdout=output, stderr=subprocess.STDOUT,
                                       start_new_session=True,
                                       env={**os.environ, "COMPANION_SERVE_QUIET": "1"})
        try:
            while not answers(f"http://127.0.0.1:{port}/"):
                if serving.poll() is not None or time.perf_counter() - began > LIMIT_SECONDS:
                    raise SystemExit(f"no first page: see the output:\n{log.read_text()}")
                time.sleep(0.2)
            print(f"first page: HTTP 200 {time.perf_counter() - began:.1f} s after "
                  f"`make serve` started")
            while arguments.complete and COMPLETE not in log.read_text():
                if serving.poll() is not None or time.perf_counter() - began > LIMIT_SECONDS:
                    raise SystemExit(f"no complete site: see the output:\n{log.read_text()}")
                time.sleep(1)
            if arguments.complete:
                print(f"complete site: {time.perf_counter() - began:.1f} s")
            for line in log.read_text().splitlines():
                if DONE.match(line):
                    print(f"  {line}")
        finally:
            os.killpg(serving.pid, signal.SIGINT)
            serving.wait(timeout=60)
            shutil.rmtree(clone, ignore_errors=True)


if __name__ == "__main__":
    main()
