"""What an orthogonal initialisation costs: this library against numpy QR and PyTorch.

    python benchmarks/orthogonal_init.py                      # n = 64 … 4096, 5 repeats
    python benchmarks/orthogonal_init.py --sizes 64 256 1024 --repeats 3 --json out.json
    python benchmarks/orthogonal_init.py --threads 1 --only library torch   # one core each
    python benchmarks/orthogonal_init.py --target     # issue 16's: float64 4096², library/torch
    python benchmarks/orthogonal_init.py --against HEAD --only library library@HEAD
        # this worktree's derivations/init.py against the one committed at HEAD

For each shape the contenders run in alternation inside one process (so a
noisy neighbour slows all of them alike) and the median of ``--repeats`` runs
is reported per call (small shapes are timed in blocks of calls lasting
≥ 0.05 s, after a ``--settle`` pause that lets the previous contender's
threads go idle), with the ratio to torch.nn.init.orthogonal_ (or to plain
numpy QR when torch is absent or left out: the header then says so) and the growth
exponent fitted to the square sizes ≥ 256 (log time against log n; 3 is the flop
count of every method). ``--json`` writes the medians to a file, to plot or to
compare runs. ``--against REV`` adds the contender ``library@REV``: ``orthogonal`` from
``derivations/init.py`` as committed at REV (``git show``), loaded into a module of its own
beside this worktree's, so that a refactoring is timed against the code it replaced in the
same process, interleaved.

Threads: every contender gets the same number, ``--threads`` or else the CPUs this
process may run on, set for OpenBLAS, OpenMP and torch before they load. The
interquartile range of each contender's samples is printed with its median: on a
machine shared with other work it is the noise to read the ratios against.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

# The thread count must reach the BLAS libraries before numpy and torch load them.
DEFAULT_THREADS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
    else os.cpu_count() or 1
_threads = sys.argv[sys.argv.index("--threads") + 1] if "--threads" in sys.argv[:-1] \
    else str(DEFAULT_THREADS)
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_variable] = _threads

import numpy  # noqa: E402 (after the thread count is set)

from derivations import arguments  # noqa: E402
from derivations.init import orthogonal  # noqa: E402
from foundation.paths import ROOT  # noqa: E402

try:
    import torch
except ImportError:  # torch is optional: ratios then refer to numpy QR
    torch = None

DEFAULT_SIZES = (64, 128, 256, 512, 1024, 2048, 4096)
RECTANGLES = ((2048, 512), (512, 2048))
MIN_SAMPLE_SECONDS = 0.05
TARGET = {"shape": (4096, 4096), "dtype": "float64", "ratio": 0.45}  # library / torch, issue 16


EARLIER: dict[str, types.ModuleType] = {}
"""``--against`` revisions → their ``derivations/init.py``, loaded by :func:`init_at`."""


def init_at(revision: str) -> types.ModuleType:
    """``derivations/init.py`` as committed at ``revision``, as a module of its own (its
    imports of the rest of the library resolve to this worktree's)."""
    source = subprocess.run(["git", "show", f"{revision}:derivations/init.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType(f"derivations_init_at_{revision}")
    exec(compile(source, f"{revision}:derivations/init.py", "exec"), module.__dict__)
    return module


def contenders(
    shape: tuple[int, int], dtype: type, only: list[str] | None = None
) -> dict[str, Callable[[], object]]:
    """The functions timed for one shape, each producing one orthogonal matrix."""
    rng = numpy.random.default_rng(0)
    tall = (max(shape), min(shape))

    def numpy_qr() -> object:
        return numpy.linalg.qr(rng.standard_normal(tall, dtype=dtype))[0]

    runs: dict[str, Callable[[], object]] = {
        "library": lambda: orthogonal(shape, rng=rng, dtype=dtype),
        "library-svd": lambda: orthogonal(shape, rng=rng, dtype=dtype, method="svd"),
        "numpy-qr": numpy_qr,
    }
    for revision, module in EARLIER.items():
        runs[f"library@{revision}"] = (
            lambda earlier=module: earlier.orthogonal(shape, rng=rng, dtype=dtype))
    try:  # the SVD route refuses shapes past the library's work budget (4096² among them)
        arguments.operations("shape", "svd", *tall)
    except ValueError:
        del runs["library-svd"]
    if torch is not None:
        torch_dtype = torch.float32 if dtype == numpy.float32 else torch.float64
        runs["torch"] = lambda: torch.nn.init.orthogonal_(torch.empty(*shape, dtype=torch_dtype))
    return {name: run for name, run in runs.items() if only is None or name in only}


def calls_per_sample(run: Callable[[], object]) -> int:
    """How many calls make one timed sample last ≥ ``MIN_SAMPLE_SECONDS`` (1 for big shapes).

    Timing a block of calls instead of one keeps millisecond-sized runs above
    the clock's and the scheduler's noise.
    """
    start = time.perf_counter()
    run()
    once = time.perf_counter() - start
    return max(1, math.ceil(MIN_SAMPLE_SECONDS / max(once, 1e-9)))


def measure(
    shape: tuple[int, int], dtype: type, repeats: int, only: list[str] | None = None,
    settle: float = 0.0,
) -> dict[str, list[float]]:
    """Seconds per call, one sample per round and contender, the contenders interleaved.

    ``settle`` seconds of sleep before each sample let the previous contender's
    thread pool stop spinning (OpenBLAS workers spin ≈ 0.1 s after a call, torch's
    OpenMP ones too), so one library's idle threads do not steal the other's core.
    """
    runs = contenders(shape, dtype, only)
    for run in runs.values():  # warm-up: thread pools, first-touch allocation
        run()
    loops = {name: calls_per_sample(run) for name, run in runs.items()}
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            time.sleep(settle)
            start = time.perf_counter()
            for _ in range(loops[name]):
                run()
            seconds[name].append((time.perf_counter() - start) / loops[name])
    return seconds


def spread(values: list[float]) -> str:
    """The interquartile range of a contender's samples, in seconds."""
    if len(values) < 2:
        return "one sample"
    low, _, high = statistics.quantiles(values, n=4)
    return f"{low:.4f}–{high:.4f}"


def growth_exponent(sizes: list[int], times: list[float]) -> float:
    """Least-squares slope of log(time) against log(n)."""
    x, y = numpy.log(sizes), numpy.log(times)
    return float(numpy.polyfit(x, y, 1)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--dtypes", nargs="+", default=["float64", "float32"])
    parser.add_argument("--no-rectangles", action="store_true")
    parser.add_argument("--only", nargs="+", help="contenders to run (default: all); "
                        "library, library-svd, numpy-qr, torch, library@REV")
    parser.add_argument("--against", nargs="+", default=[], metavar="REV",
                        help="also time orthogonal() from derivations/init.py at these git "
                        "revisions (contenders library@REV)")
    parser.add_argument("--json", type=Path, help="write the medians to this file")
    parser.add_argument("--settle", type=float, default=0.2,
                        help="seconds to sleep before each sample, so thread pools go idle "
                        "(default: 0.2)")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                        help="BLAS/OpenMP/torch threads for every contender "
                        f"(default: the {DEFAULT_THREADS} CPUs this process may use)")
    parser.add_argument("--target", action="store_true",
                        help="only issue 16's target: float64 4096×4096, library against torch")
    args = parser.parse_args()
    EARLIER.update((revision, init_at(revision)) for revision in args.against)
    if args.target:
        args.sizes, args.dtypes, args.no_rectangles = [4096], ["float64"], True
        args.only = ["library", "torch"]
    if torch is not None:
        torch.set_num_threads(args.threads)
    else:
        print("torch is not installed: no ratio to torch.nn.init.orthogonal_ "
              "(ratios below are to the first available contender instead)")

    available = [name for name in ("torch", "numpy-qr", "library")
                 if (name != "torch" or torch is not None) and (not args.only or name in args.only)]
    if not available:
        parser.error("--only: name at least one of library, numpy-qr, torch as the reference")
    baseline = available[0]
    load = os.getloadavg()[0]
    print(f"load average before: {load:.1f} on {os.cpu_count()} CPUs"
          + (" (other processes take CPU time from the contenders: read the spreads)"
             if load > 0.5 else ""))
    print(f"numpy {numpy.__version__}, torch {torch.__version__ if torch else 'absent'}, "
          f"{platform.processor() or platform.machine()}, threads "
          f"{args.threads}; median of each contender's samples [interquartile range], "
          f"ratio of medians to {baseline}")
    results = []
    for dtype_name in args.dtypes:
        dtype = numpy.dtype(dtype_name).type
        shapes = [(n, n) for n in args.sizes]
        if not args.no_rectangles:
            shapes += list(RECTANGLES)
        for shape in shapes:
            samples = measure(shape, dtype, args.repeats, args.only, args.settle)
            medians = {name: statistics.median(values) for name, values in samples.items()}
            reference = medians[baseline]
            results.append({"dtype": dtype_name, "shape": list(shape), "repeats": args.repeats,
                            "seconds": medians, "samples": samples})
            cells = "  ".join(
                f"{name} {medians[name]:.4f}s [{spread(values)}] "
                f"({medians[name] / reference:.2f}×)" for name, values in samples.items())
            print(f"{dtype_name} {shape[0]}×{shape[1]}: {cells}", flush=True)
            if (shape == TARGET["shape"] and dtype_name == TARGET["dtype"]
                    and baseline == "torch" and "library" in medians):
                ratio = medians["library"] / reference
                verdict = "meets" if ratio <= TARGET["ratio"] else "misses"
                print(f"  library / torch = {ratio:.2f} ({verdict} the target ≤ "
                      f"{TARGET['ratio']})", flush=True)
        square = [r for r in results if r["dtype"] == dtype_name
                  and r["shape"][0] == r["shape"][1] and r["shape"][0] >= 256]
        if len(square) >= 2:
            for name in square[0]["seconds"]:
                timed = [r for r in square if name in r["seconds"]]
                if len(timed) < 2:
                    continue
                slope = growth_exponent([r["shape"][0] for r in timed],
                                        [r["seconds"][name] for r in timed])
                print(f"{dtype_name} growth exponent (n ≥ 256) {name}: {slope:.2f}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    if args.json:
        args.json.write_text(json.dumps({"baseline": baseline, "results": results}, indent=1))
        print(f"wrote {args.json}")
    if not all(math.isfinite(value) for r in results for value in r["seconds"].values()):
        raise SystemExit("non-finite timing")


if __name__ == "__main__":
    main()
