"""Seconds from saving a derivation to ``make dev`` serving the page that shows it.

    python benchmarks/dev_reload.py [--rounds 3] [--page contributing.html]

Starts ``python -m sitebuild dev`` on a free port, waits for its first build, then in each
round edits the title of the contributor's guide's worked example
(``derivations/ch2_orthogonal/perturbation.py``) to carry a marker, times until the served
page shows it, restores the file and times until the marker is gone. The file is restored
even when the benchmark fails. Prints each time and the median of all.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from foundation.paths import ROOT

EDITED = ROOT / "derivations" / "ch2_orthogonal" / "perturbation.py"
TITLE = 'title="An orthogonal step neither amplifies nor damps a perturbation"'
LIMIT_SECONDS = 120.0  # a rebuild slower than this is a failure, not a measurement


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def page_text(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.read().decode()
    except OSError:
        return None


def seconds_until(url: str, shown: bool, marker: str) -> float:
    """Poll ``url`` every 50 ms until ``marker`` is (or is no longer) on it."""
    began = time.perf_counter()
    while time.perf_counter() - began < LIMIT_SECONDS:
        text = page_text(url)
        if text is not None and (marker in text) == shown:
            return time.perf_counter() - began
        time.sleep(0.05)
    raise TimeoutError(f"{url}: marker {'never appeared' if shown else 'never left'} "
                       f"within {LIMIT_SECONDS:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--page", default="contributing.html")
    args = parser.parse_args()
    original = EDITED.read_text(encoding="utf-8")
    assert TITLE in original, f"{EDITED}: the benchmark's title is gone; update TITLE"
    port = free_port()
    url = f"http://127.0.0.1:{port}/{args.page}"
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)  # noqa: SIM115
    server = subprocess.Popen([sys.executable, "-m", "sitebuild", "dev", "--port", str(port)],
                              cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                              env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    times: list[float] = []
    try:
        first = seconds_until(url, True, "<html")
        print(f"first build served in {first:.1f} s")
        time.sleep(2)  # let the watcher settle after the first build
        for round_number in range(1, args.rounds + 1):
            marker = f"dev-reload-probe-{round_number}"
            EDITED.write_text(original.replace(TITLE, TITLE[:-1] + f' ({marker})"'),
                              encoding="utf-8")
            shown = seconds_until(url, True, marker)
            EDITED.write_text(original, encoding="utf-8")
            gone = seconds_until(url, False, marker)
            times += [shown, gone]
            print(f"round {round_number}: edit shown after {shown:.2f} s, "
                  f"undo shown after {gone:.2f} s")
            time.sleep(1)
    finally:
        EDITED.write_text(original, encoding="utf-8")
        server.terminate()
        server.wait(timeout=30)
        print(f"server log: {log.name}")
    print(f"save-to-page: median {statistics.median(times):.2f} s over {len(times)} saves, "
          f"max {max(times):.2f} s ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
