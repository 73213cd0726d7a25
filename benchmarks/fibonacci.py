"""How fast is ``fib``? Medians against GMP's own ``gmpy2.fib`` and pure-Python fast doubling.

    python benchmarks/fibonacci.py [--n 1000000] [--repeats 15]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import gmpy2

from derivations.fibonacci import fib


def python_fast_doubling(n: int) -> int:
    """The same doubling formulas on Python ints: what GMP integers buy."""
    a, b = 0, 1
    for bit in bin(n)[2:]:
        a, b = a * (2 * b - a), a * a + b * b
        if bit == "1":
            a, b = b, a + b
    return a


def median_seconds(function: Callable[[int], object], n: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function(n)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=10**6)
    parser.add_argument("--repeats", type=int, default=15)
    arguments = parser.parse_args()
    candidates = {
        "gmpy2.fib (reference)": lambda n: int(gmpy2.fib(n)),
        "derivations.fibonacci.fib": fib,
        "fast doubling on Python ints": python_fast_doubling,
    }
    assert fib(arguments.n) == int(gmpy2.fib(arguments.n))
    reference = None
    print(f"exact F({arguments.n}), median of {arguments.repeats}")
    for name, function in candidates.items():
        seconds = median_seconds(function, arguments.n, arguments.repeats)
        reference = reference or seconds
        print(f"  {name:<30} {seconds * 1000:9.2f} ms   {seconds / reference:5.2f}× reference")


if __name__ == "__main__":
    main()
