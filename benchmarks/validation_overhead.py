"""What argument checking costs: small library calls timed, to compare two copies of the library.

    python benchmarks/validation_overhead.py                   # this checkout
    python benchmarks/validation_overhead.py --library /tmp/old # e.g. an old commit's
        # `git archive e4211ee derivations | tar -x -C /tmp/old`

Small calls are where checks weigh most: each line is the best of ``--repeats`` timings
of a block of calls, in microseconds of CPU time per call (CPU time, not wall time, so that
other processes on a shared machine do not count; one BLAS thread, so that threads do not
either).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import timeit

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from foundation.paths import ROOT

CALLS = {
    "fibonacci.fib(100)": "fibonacci.fib(100)",
    "fibonacci.power_by_repeated_squaring(F, 100)":
        "fibonacci.power_by_repeated_squaring(fibonacci.FIBONACCI_MATRIX, 100)",
    "fibonacci.binet(100, 128)": "fibonacci.binet(100, 128)",
    "init.orthogonal((8, 8))": "init.orthogonal((8, 8), rng=rng)",
    "init.orthogonal((64, 64))": "init.orthogonal((64, 64), rng=rng)",
    "init.identity((64, 64))": "init.identity((64, 64))",
    "matrix_powers.powers(W5, 64)": "matrix_powers.powers(w5, 64)",
    "hidden_state.hidden_state_norms(W8, 100)": "hidden_state.hidden_state_norms(w8, 100)",
    "bptt.jacobian_norms(W8, 'tanh', 100)": "bptt.jacobian_norms(w8, 'tanh', 100)",
    "bptt.clip_by_norm(g, 1.0)": "bptt.clip_by_norm(g, 1.0)",
    "dynamics.feedback_step(W2, h)": "dynamics.feedback_step(w2, h)",
    "dynamics.trajectories('feedback', W2)": "dynamics.trajectories('feedback', w2)",
    "dynamics.smallest_stable_gamma(0.1, 2.0)": "dynamics.smallest_stable_gamma(0.1, 2.0)",
    "dynamics.run_network(antisymmetric, 16×100)": "dynamics.run_network('antisymmetric', m, u, z)",
}
SETUP = """
import numpy
from derivations import bptt, dynamics, fibonacci, hidden_state, init, matrix_powers
rng = numpy.random.default_rng(0)
w2 = dynamics.FEEDBACK_MATRICES['diffusion']
w5 = matrix_powers.example_matrix('exploding')
w8 = init.orthogonal((8, 8), rng=1)
h = numpy.array([0.5, -0.75])
g = numpy.array([3.0, 4.0, 0.5])
m, u = dynamics.random_network('antisymmetric', size=16, steps=100)
z = numpy.zeros(16)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", default=str(ROOT),
                        help="directory holding the derivations package to time")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    sys.path.insert(0, args.library)
    for label, call in CALLS.items():
        timer = timeit.Timer(call, SETUP, timer=time.process_time)
        number, _ = timer.autorange()
        best = min(timer.repeat(args.repeats, number)) / number
        print(f"{best * 1e6:10.1f} µs  {label}")


if __name__ == "__main__":
    main()
