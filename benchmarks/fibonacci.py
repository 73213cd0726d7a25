"""How fast is ``fib``? Medians against GMP's own ``gmpy2.fib`` and textbook fast doubling.

    python benchmarks/fibonacci.py [--n 1000000] [--repeats 31]

The contenders run in alternation, round by round, in one process, so a noisy
neighbour slows all of them alike; each time is one call including the
conversion to a Python int (what ``fib`` returns). Printed per contender: the
median, the interquartile range (the noise), and the median ratio to
``gmpy2.fib``; then also the ratio of the fastest calls, which a loaded machine
disturbs least. Issue 16's target: ``fib(10**6)`` ≤ 1.15× ``gmpy2.fib``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable

try:
    import gmpy2
except ImportError:  # derivations.fibonacci needs it too: say so instead of a traceback
    gmpy2 = None

TARGET_RATIO = 1.15


def textbook_fast_doubling(n: int, one: object = 1) -> int:
    """F(n) by F(2k) = F(k)(2F(k+1) − F(k)), F(2k+1) = F(k)² + F(k+1)²: three products a step.

    ``one`` picks the integers: 1 for Python ints, ``gmpy2.mpz(1)`` for GMP ones
    (what ``fib`` did before it switched to two squarings a step).
    """
    a, b = one * 0, one
    for bit in bin(n)[2:]:
        a, b = a * (2 * b - a), a * a + b * b
        if bit == "1":
            a, b = b, a + b
    return int(a)


def interleaved_seconds(
    functions: dict[str, Callable[[int], object]], n: int, repeats: int
) -> dict[str, list[float]]:
    """Seconds per call of each function, one call of each per round."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(repeats):
        for name, function in functions.items():
            started = time.perf_counter()
            function(n)
            times[name].append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10**6)
    parser.add_argument("--repeats", type=int, default=31)
    parser.add_argument("--python-ints", action="store_true",
                        help="also time textbook doubling on Python ints (≈ 50× slower)")
    arguments = parser.parse_args()
    if gmpy2 is None:
        sys.exit("gmpy2 is not installed: no gmpy2.fib to compare with (and "
                 "derivations.fibonacci, which computes on GMP integers, cannot import)")
    from derivations.fibonacci import fib

    assert fib(arguments.n) == int(gmpy2.fib(arguments.n))
    candidates: dict[str, Callable[[int], object]] = {
        "gmpy2.fib (reference)": lambda n: int(gmpy2.fib(n)),
        "derivations.fibonacci.fib": fib,
        "textbook doubling, GMP ints": lambda n: textbook_fast_doubling(n, gmpy2.mpz(1)),
    }
    if arguments.python_ints:
        candidates["textbook doubling, Python ints"] = textbook_fast_doubling
    for function in candidates.values():  # warm-up: allocator, caches
        function(arguments.n)
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    times = interleaved_seconds(candidates, arguments.n, arguments.repeats)
    reference = statistics.median(times["gmpy2.fib (reference)"])
    print(f"exact F({arguments.n}), {arguments.repeats} interleaved rounds, gmpy2 "
          f"{gmpy2.version()}: median [interquartile range], ratio of medians")
    for name, values in times.items():
        low, _, high = statistics.quantiles(values, n=4)
        median = statistics.median(values)
        print(f"  {name:<32} {median * 1000:8.2f} ms [{low * 1000:7.2f} – {high * 1000:7.2f}]"
              f"  {median / reference:5.2f}× reference")
    ratio = statistics.median(times["derivations.fibonacci.fib"]) / reference
    verdict = "meets" if ratio <= TARGET_RATIO else "misses"
    least = min(times["derivations.fibonacci.fib"]) / min(times["gmpy2.fib (reference)"])
    print(f"fib / gmpy2.fib = {ratio:.2f} ({verdict} the target ≤ {TARGET_RATIO}); "
          f"ratio of the fastest calls, the least disturbed by other processes, {least:.2f}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
