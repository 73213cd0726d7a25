"""Draft render time per scene, and the speed-up of the parallel render over a serial one.

Renders every scene twice into a scratch build folder (never the real one): once with one job,
once with one job per core, forcing both.

    python benchmarks/render_speedup.py [SCENE ...]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from animations import catalogue, render


def timed_run(names: list[str], jobs: int) -> tuple[float, list[render.Outcome]]:
    started = time.perf_counter()
    outcomes = render.render_all(names, render.Variant(), jobs=jobs, force=True)
    return time.perf_counter() - started, outcomes


def main() -> None:
    names = sys.argv[1:] or list(catalogue.scenes())
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as scratch:
        render.BUILD = Path(scratch)
        serial, outcomes = timed_run(names, 1)
        parallel, _ = timed_run(names, cores)
    print("\ndraft render time per scene (serial run):")
    for outcome in sorted(outcomes, key=lambda o: o.scene):
        print(f"  {outcome.scene:<28} {outcome.seconds:6.1f} s  {outcome.status}")
    print(f"serial (1 job): {serial:.1f} s; parallel ({cores} jobs): {parallel:.1f} s; "
          f"speed-up {serial / parallel:.2f}×")


if __name__ == "__main__":
    main()
