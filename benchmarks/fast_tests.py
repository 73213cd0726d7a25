"""Seconds for plain ``pytest`` (the fast set a contributor runs while editing), and how much of
it is start-up: the same command collecting nothing, run in the same loop as the reference.

    python benchmarks/fast_tests.py [--rounds 3]

Prints each round's wall time for both, the medians, and the share of the fast set that is
start-up (Python, pytest, its workers, importing and collecting every test module).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

from foundation.paths import ROOT

FAST_SET = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
STARTUP = [*FAST_SET, "-k", "no_test_has_this_name"]  # exit status 5: nothing selected
LIMIT_SECONDS = 600.0


def timed(command: list[str], allowed: tuple[int, ...]) -> tuple[float, str]:
    """Wall seconds and last output line of ``command``, which must exit with ``allowed``."""
    began = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                            timeout=LIMIT_SECONDS, check=False)
    seconds = time.perf_counter() - began
    if result.returncode not in allowed:
        raise SystemExit(f"{' '.join(command[2:])} exited {result.returncode}:\n"
                         f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return seconds, (result.stdout.strip().splitlines() or [""])[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error(f"--rounds: expected a positive number, got {args.rounds}")
    fast, startup = [], []
    for round_number in range(1, args.rounds + 1):
        seconds, summary = timed(FAST_SET, (0,))
        fast.append(seconds)
        startup.append(timed(STARTUP, (5,))[0])
        counts = re.sub(r" in [\d.]+s.*", "", summary.strip("= "))
        print(f"round {round_number}: fast set {seconds:.2f} s ({counts}); "
              f"start-up alone {startup[-1]:.2f} s")
    print(f"fast set: median {statistics.median(fast):.2f} s, max {max(fast):.2f} s; "
          f"start-up: median {statistics.median(startup):.2f} s "
          f"({statistics.median(startup) / statistics.median(fast):.0%} of it); "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, "
          f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', 'unset')}")


if __name__ == "__main__":
    main()
