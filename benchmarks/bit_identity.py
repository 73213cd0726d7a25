"""Does the library give, bit for bit, what an earlier revision gave on ordinary inputs?

    python benchmarks/bit_identity.py               # this worktree against HEAD
    python benchmarks/bit_identity.py --against fd9e4fc --show 5

Chapter 5's committed training runs and every published figure are reproduced exactly only
if a change to the library leaves finite results alone (the edge work of issue 24 was
reverted once for changing their last bits). This runs one fixed set of calls, with ordinary
inputs of many sizes and magnitudes (float64 and float32), in a fresh interpreter on each
library (the earlier one from ``git archive``, so nothing in the worktree changes) and
compares the results' bytes, dtypes and shapes. A call either side refuses is compared by
its exception type; mpmath numbers by value.
"""

from __future__ import annotations

import argparse
import io
import os
import pickle
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import numpy

from foundation.paths import ROOT

CALLS = r'''
import numpy, pickle, sys
from derivations import bptt, dynamics, hidden_state, init, matrix_powers

results = []


def record(call):
    try:
        results.append(call())
    except Exception as error:  # a refusal is a result too, compared by its type
        results.append(f"raised {type(error).__name__}")


for case in bptt.CASES:
    w = case.weights()
    record(lambda: bptt.jacobian_norms(w, case.activation, 1000))
    record(lambda: bptt.per_step_bound(w, case.activation))
    record(lambda: bptt.exact_jacobian_norms(w, case.activation, 200))
rng = numpy.random.default_rng(0)
for n in (1, 2, 3, 5, 8, 16, 64):
    for _ in range(10):
        m = rng.standard_normal((n, n)) * 10 ** rng.uniform(-5, 5)
        for f in (hidden_state.eigenvalues, hidden_state.spectral_radius,
                  matrix_powers.spectral_radius, dynamics.eigenvalue_magnitudes):
            record(lambda: f(m))
            record(lambda: f(m.astype(numpy.float32)))
        stack = rng.standard_normal((3, n, n))
        record(lambda: matrix_powers.spectral_norms(stack))
        record(lambda: matrix_powers.spectral_norms(stack.astype(numpy.float32)))
        h = rng.standard_normal(n)
        starts = rng.standard_normal((3, n))
        small = m / (10 * n * float(numpy.abs(m).max()))
        record(lambda: dynamics.vanilla_step(m, h))
        record(lambda: dynamics.feedback_step(m, h))
        record(lambda: dynamics.trajectories("feedback", m, starts, 20))
        record(lambda: dynamics.trajectories("vanilla", m, starts, 20))
        record(lambda: dynamics.displacement_field("vanilla", m, starts))
        record(lambda: dynamics.displacement_field("feedback", m, starts))
        record(lambda: dynamics.run_network("antisymmetric", small, starts, h))
        record(lambda: dynamics.run_network("vanilla", small, starts, h))
        record(lambda: dynamics.antisymmetric_rnn_step(h, h, m, 0.1, 0.1))
        record(lambda: dynamics.gated_antisymmetric_step(h, h, h, m, 0.1, 0.1))
        gradient = rng.standard_normal((n, 3)) * 10 ** rng.uniform(-3, 3)
        for threshold in (0.5, 1.0, 5.0):
            record(lambda: bptt.clip_by_norm(gradient, threshold))
            record(lambda: bptt.clip_by_norm(gradient.astype(numpy.float32), threshold))
        record(lambda: bptt.vector_norm(gradient))
        record(lambda: hidden_state.hidden_state_norms(m, 50))
        record(lambda: init.orthogonal((n, n + 1), rng=n))
        record(lambda: init.orthogonal((n + 2, n), rng=n, dtype="float32", gain=1.5))
        record(lambda: init.householder_haar(rng.standard_normal((n + 3, n))))
        record(lambda: init.polar_factor(rng.standard_normal((n + 1, n))))
for epsilon, omega in [(0.1, 2.0), (0.3, 3.0), (1e-3, 999.0), (0.5, 1.99)]:
    record(lambda: dynamics.smallest_stable_gamma(epsilon, omega))
for cell in ("antisymmetric", "vanilla"):
    record(lambda: dynamics.end_to_end_jacobian(cell, size=8, steps=50))
record(lambda: init.orthogonal((300, 300), rng=1))
record(lambda: init.orthogonal((64, 64), rng=1, method="svd"))
record(lambda: init.orthogonal_gates(16, 4, rng=2))
record(lambda: init.identity((3, 4), gain=2.0))
record(lambda: init.dirac((4, 2, 3, 3), groups=2))
sys.stdout.buffer.write(pickle.dumps(results))
'''


def results(library: Path) -> list[Any]:
    """The calls' results with ``library`` (a folder holding ``derivations``) first on the path."""
    finished = subprocess.run([sys.executable, "-c", CALLS], cwd=library, capture_output=True,
                              check=True, env=dict(os.environ, PYTHONPATH=str(library)))
    return pickle.loads(finished.stdout)


def same(left: Any, right: Any) -> bool:
    """The same bits: arrays by dtype, shape and bytes, floats by their bytes, the rest by ==."""
    if isinstance(left, tuple | list):
        return (type(left) is type(right) and len(left) == len(right)
                and all(same(a, b) for a, b in zip(left, right, strict=True)))
    if isinstance(left, numpy.ndarray | numpy.generic | float):
        left, right = numpy.asarray(left), numpy.asarray(right)
        return (left.dtype == right.dtype and left.shape == right.shape
                and left.tobytes() == right.tobytes())
    return type(left) is type(right) and left == right  # mpmath numbers, ints, messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD", help="git revision to compare with")
    parser.add_argument("--show", type=int, default=3, help="differing results to print")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        earlier = Path(folder)
        archive = subprocess.run(["git", "archive", args.against, "derivations"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(earlier, filter="data")
        before, after = results(earlier), results(ROOT)
    differing = [i for i, (a, b) in enumerate(zip(after, before, strict=True)) if not same(a, b)]
    kinds = {"answered, was refused": [], "refused, was answered": [], "answer changed": []}
    for index in differing:
        refused = [isinstance(result, str) for result in (after[index], before[index])]
        kind = ("answered, was refused" if refused == [False, True] else
                "refused, was answered" if refused == [True, False] else "answer changed")
        kinds[kind].append(index)
    print(f"{len(after)} results compared with {args.against}: {len(after) - len(differing)} "
          "bit-identical; " + ", ".join(f"{len(found)} {kind}" for kind, found in kinds.items()))
    for kind, found in kinds.items():
        for index in found[:args.show]:
            print(f"  {kind} #{index}: now {str(after[index])[:80]!r}, "
                  f"was {str(before[index])[:80]!r}")


if __name__ == "__main__":
    main()
