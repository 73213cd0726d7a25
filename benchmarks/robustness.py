"""How the numeric library meets careless input: bad or edge calls tried, and how each ended.

    python benchmarks/robustness.py                    # this worktree's library
    python benchmarks/robustness.py --library /tmp/old # another copy of derivations/, e.g.
        # mkdir /tmp/old && git archive e4211ee derivations | tar -x -C /tmp/old
    python benchmarks/robustness.py --show wrong raw   # list the probes that ended so
    python benchmarks/robustness.py --edges            # the edge catalogue instead (issue 24)

Each probe calls one public function of ``derivations`` with one argument made bad,
unusual or extreme (the others valid), in a worker process with one BLAS thread and a
memory limit, and ends in one of:

    clean    a TypeError/ValueError whose message opens with the argument's name (for a bad
             or edge input), or a result that passes the function's contract (valid and edge
             inputs; an edge input is unusual but harmless if answered right: a list where an
             array is documented, a bool or float16 array, a result near the dtype's limits);
    hang     no answer within --timeout seconds, the worker killed by a signal (GMP's abort),
             or MemoryError: a hang, an abort or exhausted memory;
    wrong    a result for an input that must be refused, or one that fails the contract;
    refused  a valid input refused;
    raw      any other error: another exception type, or a message that does not open with
             the name of the argument at fault.

Contracts and the clean-error rule are ``tests/library/contracts.py``, shared with the
Hypothesis suites. Probes are generated from a catalogue of values per kind of argument
(integers, reals, choices, arrays, shapes, dtypes, seeds) plus the cases issue 12 names.
``--edges`` probes the edge catalogue instead: every array argument in another byte order
or memory layout (big-endian, unaligned, read-only, negative strides, ``numpy.matrix``: the
same numbers, so the answer must be right), as a masked array (refused: its mask would be
ignored) and scaled to float64's extremes (right, or refused as an overflow), plus the
calls issue 24 names (overflows, subnormal scales, work past any reasonable wait).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import select
import subprocess
import sys
import time
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

from foundation.paths import ROOT

OUTCOMES = ("clean", "hang", "wrong", "refused", "raw")
VALID, BAD, EDGE = "valid", "bad", "edge"


@dataclass(frozen=True)
class Probe:
    """``function(**arguments)`` with ``argument`` set to an unusual value; what it should do."""

    function: str  # module.name
    arguments: tuple[tuple[str, str], ...]  # (parameter, Python expression)
    argument: str
    expect: str  # VALID: must succeed; BAD: must be refused; EDGE: either, if correct
    errors: tuple[str, ...] = ()  # further exception types that count as a clean refusal
    edge: bool = False  # from the edge catalogue (--edges), not the argument one

    @property
    def call(self) -> str:
        listed = ", ".join(f"{name}={value}" for name, value in self.arguments)
        return f"{self.function}({listed})"


# --- the catalogue: unusual values per kind of argument -------------------------------------


def _integers(base: str, minimum: int | None, huge: bool = True) -> list[tuple[str, str]]:
    values = [(f"numpy.int64({base})", VALID), (f"numpy.int32({base})", VALID),
              ("True", BAD), (f"float({base})", BAD), (f"'{base}'", BAD), ("None", BAD),
              (f"numpy.float64({base})", BAD), (f"complex({base})", BAD)]
    if minimum is not None:  # the least allowed value may not fit the other arguments
        values += [(str(minimum), EDGE), (str(minimum - 1), BAD)]
    if huge:
        values += [("10**12", BAD), ("2**200", BAD)]
    return values


def _indices(base: str) -> list[tuple[str, str]]:
    return [*_integers(base, None), (f"-{base}", VALID), ("0", VALID), ("-10**12", BAD)]


SEEDS = [("numpy.int64(7)", VALID), ("0", VALID), ("2**64", VALID), ("-1", BAD), ("2.5", BAD),
         ("'7'", BAD), ("True", BAD), ("None", BAD)]
RNGS = [("numpy.int64(7)", VALID), ("numpy.random.default_rng(1)", VALID), ("None", VALID),
        ("-1", BAD), ("1.5", BAD), ("'x'", BAD), ("True", BAD),
        ("numpy.random.RandomState(0)", BAD)]
DTYPES = [("'float32'", VALID), ("numpy.dtype('float64')", VALID), ("'f8'", VALID),
          ("numpy.int64", BAD), ("numpy.float16", BAD), ("None", BAD), ("'foo'", BAD),
          ("complex", BAD), ("5", BAD)]
FLAGS = [("numpy.bool_(False)", VALID), ("'yes'", BAD), ("None", BAD), ("2.0", BAD)]


def _positive(base: str) -> list[tuple[str, str]]:
    return [(f"numpy.float32({base})", VALID), (f"numpy.float64({base})", VALID),
            (f"numpy.float16({base})", VALID), (f"fractions.Fraction('{base}')", VALID),
            ("0.0", BAD), (f"-{base}", BAD), ("nan", BAD), ("inf", BAD), (f"'{base}'", BAD),
            ("None", BAD), ("True", BAD), (f"complex({base})", BAD),
            ("numpy.float32('nan')", BAD)]


def _non_negative(base: str) -> list[tuple[str, str]]:
    return [("0", VALID), ("0.0", VALID), (f"numpy.float32({base})", VALID), (f"-{base}", BAD),
            ("nan", BAD), ("inf", BAD), (f"'{base}'", BAD), ("None", BAD), ("True", BAD),
            (f"complex({base})", BAD)]


def _reals(base: str) -> list[tuple[str, str]]:
    return [(f"numpy.float32({base})", VALID), ("numpy.int64(2)", VALID), (f"-{base}", VALID),
            ("nan", BAD), ("inf", BAD), ("-inf", BAD), (f"'{base}'", BAD), ("None", BAD),
            ("True", BAD), (f"complex({base}, 1)", BAD)]


OPEN_UNIT = [("numpy.float32(0.001)", VALID), ("0.5", VALID), ("0", BAD), ("1", BAD),
             ("2.0", BAD), ("nan", BAD), ("'0.1'", BAD), ("None", BAD), ("True", BAD)]


def _choices(base: str) -> list[tuple[str, str]]:
    return [("'nonsense'", BAD), ("None", BAD), ("3", BAD), (f"[{base}]", BAD),
            (f"{base}.upper()", BAD)]


def _arrays(base: str, *, integers: str = VALID, huge: str = "") -> list:
    values = [(f"{base}.astype(numpy.float32)", VALID), (f"numpy.asfortranarray({base})", VALID),
              (f"numpy.round({base} * 10).astype(numpy.int64)", integers),
              (f"with_nan({base})", BAD), (f"with_inf({base})", BAD), (f"{base} + 1j", BAD),
              (f"{base}[None]", BAD),
              # Not the documented kind of array, but harmless if the answer is right:
              (f"{base}.tolist()", EDGE), (f"{base} > 0", EDGE), (f"{base}.astype(object)", EDGE),
              (f"{base}.astype(numpy.float16)", EDGE),
              (f"{base} * 1e300", EDGE), (f"{base} * 1e-300", EDGE), (f"{base}[0]", BAD)]
    if huge:
        values.append((huge, EDGE))
    return values


def _squares(base: str, *, integers: str = VALID, complex_: str = BAD) -> list:
    values = [*_arrays(base, integers=integers, huge="numpy.broadcast_to(0.0, (40000, 40000))"),
              (f"{base}[:, :-1]", BAD), (f"{base}.T", VALID), ("numpy.zeros((0, 0))", EDGE)]
    return [(value, complex_ if value == f"{base} + 1j" else expect) for value, expect in values]


def _shapes(base: tuple[int, ...]) -> list[tuple[str, str]]:
    def spelled(*sizes: object) -> str:
        return f"({', '.join(str(size) for size in sizes)}{',' * (len(sizes) == 1)})"

    first, second, *rest = base
    return [(str(list(base)), VALID), (spelled(f"numpy.int64({first})", second, *rest), VALID),
            (f"numpy.array({list(base)})", VALID), (str(first), BAD), (f"'{base}'", BAD),
            (spelled(first), BAD), (spelled(first, -1, *rest), BAD),
            (spelled(first, 2.0, *rest), BAD), (spelled(first, True, *rest), BAD),
            (spelled(first, None, *rest), BAD), ("None", BAD),
            (spelled(*(10**6,) * len(base)), EDGE), (spelled(*(0,) * len(base)), EDGE)]


MATRIX2 = [("numpy.array(FIBONACCI)", VALID), ("[[0, 1], [1, 1]]", VALID),
           ("((numpy.int64(0), 1), (1, 1))", VALID), ("((0.0, 1.0), (1.0, 1.0))", BAD),
           ("((0, 1), (1,))", BAD), ("((0, 1, 2), (1, 1, 1))", BAD), ("None", BAD),
           ("'ab'", BAD), ("((True, False), (False, True))", BAD),
           ("numpy.array(FIBONACCI, dtype=float)", BAD)]
INDEX_LISTS = [("[10, 20]", VALID), ("(numpy.int64(10),)", VALID), ("numpy.array([10, 20])", VALID),
               ("[]", EDGE), ("[-10]", EDGE), ("10", BAD), ("'10'", BAD), ("(10.5,)", BAD),
               ("(True,)", BAD), ("(10**9,)", BAD), ("None", BAD), ("range(10**6)", BAD),
               ("[None]", BAD)]
EXACT_LISTS = [("[float(x) for x in EXACT]", VALID), ("tuple(EXACT)", VALID),
               ("numpy.array([float(x) for x in EXACT])", VALID), ("EXACT[:-1]", BAD),
               ("None", BAD), ("['1'] * len(EXACT)", BAD),
               ("[mpmath.mpf('nan')] * len(EXACT)", BAD),
               ("[-1.0] * len(EXACT)", BAD), ("'abc'", BAD), ("[1j] * len(EXACT)", BAD)]

KINDS = {
    "index": _indices, "seed": lambda base: SEEDS, "rng": lambda base: RNGS,
    "dtype": lambda base: DTYPES, "flag": lambda base: FLAGS, "positive": _positive,
    "non-negative": _non_negative, "real": _reals, "open-unit": lambda base: OPEN_UNIT,
    "choice": _choices, "matrix2": lambda base: MATRIX2, "index-list": lambda base: INDEX_LISTS,
    "exact-list": lambda base: EXACT_LISTS,
    "square": _squares, "eigen-square": lambda base: _squares(base, complex_=VALID),
    "tall": lambda base: _arrays(base, integers=BAD), "matrix": lambda base: _arrays(base),
    "vector": lambda base: [*_arrays(base), (f"{base}[:-1]", BAD)],
    "rows": lambda base: [*_arrays(base, huge="numpy.broadcast_to(0.0, (10**7, 2))"),
                          (f"{base}[:, :1]", BAD)],
    "stack": lambda base: _arrays(base),
    "measured": lambda base: [(f"{base}.astype(numpy.float32)", VALID),
                              (f"with_inf({base})", VALID), (f"{base}.tolist()", EDGE),
                              (f"{base}[None]", BAD), (f"{base} + 1j", BAD),
                              (f"{base} > 0", EDGE)],
    "numbers": lambda base: [(f"{base}.real", VALID), (f"{base}.astype(numpy.complex64)", VALID),
                             ("numpy.array(2j)", VALID), (f"{base}.tolist()", EDGE),
                             (f"with_nan({base})", BAD), (f"with_inf({base})", BAD),
                             (f"{base}.real > 0", EDGE), (f"{base}.astype(object)", EDGE)],
    "any-array": lambda base: [(f"{base}.astype(numpy.float32)", VALID),
                               (f"{base}.reshape(1, -1)", VALID),
                               (f"numpy.round({base}).astype(numpy.int64)", VALID),
                               (f"{base}.tolist()", EDGE), (f"with_nan({base})", BAD),
                               (f"{base} + 1j", BAD), (f"{base} > 0", EDGE),
                               (f"{base}.astype(object)", EDGE)],
}


def _count(minimum: int) -> object:
    return lambda base: _integers(base, minimum)


KINDS |= {"count0": _count(0), "count1": _count(1), "count2": _count(2)}

# function → {parameter: (kind, baseline expression)}; parameters left out keep their default.
SPECS: dict[str, dict[str, tuple[str, str]]] = {
    "fibonacci.fib": {"n": ("index", "10")},
    "fibonacci.matrix_product": {"left": ("matrix2", "FIBONACCI"),
                                 "right": ("matrix2", "FIBONACCI")},
    "fibonacci.power_by_repeated_squaring": {"matrix": ("matrix2", "FIBONACCI"),
                                             "n": ("count1", "10")},
    "fibonacci.binet": {"n": ("index", "10"), "bits": ("count2", "64")},
    "fibonacci.minimal_binet_precision": {"n": ("index", "10")},
    "fibonacci.binet_precision_table": {"ns": ("index-list", "[10]")},
    "init.matrix_shape": {"shape": ("shape3", "(4, 2, 3)"), "convention": ("choice", "'torch'")},
    "init.householder_haar": {"gaussians": ("tall", "G53"), "overwrite": ("flag", "False")},
    "init.polar_factor": {"gaussian": ("matrix", "G53")},
    "init.orthogonal": {"shape": ("shape2", "(3, 3)"), "gain": ("real", "1.5"),
                        "rng": ("rng", "0"), "dtype": ("dtype", "'float64'"),
                        "method": ("choice", "'qr'"), "convention": ("choice", "'torch'")},
    "init.orthogonal_gates": {"hidden": ("count0", "3"), "gates": ("count0", "4"),
                              "gain": ("real", "1.5"), "rng": ("rng", "0"),
                              "dtype": ("dtype", "'float64'"), "method": ("choice", "'qr'")},
    "init.identity": {"shape": ("shape2", "(2, 3)"), "gain": ("real", "2.0"),
                      "dtype": ("dtype", "'float64'")},
    "init.dirac": {"shape": ("shape3", "(4, 2, 3)"), "groups": ("count1", "2"),
                   "dtype": ("dtype", "'float64'")},
    "matrix_powers.example_matrix": {"kind": ("choice", "'exploding'"), "size": ("count1", "4"),
                                     "seed": ("seed", "5")},
    "matrix_powers.powers": {"matrix": ("square", "W3"), "steps": ("count0", "5")},
    "matrix_powers.spectral_norms": {"stack": ("stack", "STACK")},
    "matrix_powers.spectral_radius": {"matrix": ("eigen-square", "W3")},
    "hidden_state.weight_matrices": {"size": ("count1", "4"), "seed": ("seed", "5")},
    "hidden_state.hidden_state_norms": {"matrix": ("square", "W3"), "steps": ("count0", "5"),
                                        "seed": ("seed", "5")},
    "hidden_state.eigenvalues": {"matrix": ("eigen-square", "W3")},
    "hidden_state.spectral_radius": {"matrix": ("eigen-square", "W3")},
    "hidden_state.rotation_orbit": {"angle": ("real", "0.5"), "steps": ("count0", "4")},
    "haar.samples": {"recipe": ("choice", "'polar'"), "size": ("count2", "3"),
                     "count": ("count2", "4"), "seed": ("seed", "1")},
    "haar.estimates": {"matrices": ("stack", "STACK")},
    "bptt.nonlinearity": {"name": ("choice", "'tanh'")},
    "bptt.recurrent_matrix": {"kind": ("choice", "'orthogonal'"), "size": ("count1", "4"),
                              "scale": ("positive", "2.0"), "seed": ("seed", "3")},
    "bptt.trajectory": {"weights": ("square", "W3"), "activation": ("choice", "'tanh'"),
                        "steps": ("count1", "5"), "seed": ("seed", "3")},
    "bptt.jacobian_factors": {"weights": ("square", "W3"), "activation": ("choice", "'tanh'"),
                              "horizon": ("count1", "5"), "seed": ("seed", "3")},
    "bptt.jacobian_norms": {"weights": ("square", "W3"), "activation": ("choice", "'tanh'"),
                            "horizon": ("count1", "5"), "seed": ("seed", "3")},
    "bptt.exact_jacobian_norms": {"weights": ("square", "W3"), "activation": ("choice", "'tanh'"),
                                  "horizon": ("count1", "5"), "digits": ("count1", "20")},
    "bptt.first_disagreement": {"measured": ("measured", "MEASURED"),
                                "exact": ("exact-list", "EXACT"),
                                "tolerance": ("open-unit", "0.001")},
    "bptt.float64_breakdown": {"weights": ("square", "W3"), "activation": ("choice", "'linear'"),
                               "horizon": ("count1", "5"), "tolerance": ("open-unit", "0.001")},
    "bptt.per_step_bound": {"weights": ("square", "W3"), "activation": ("choice", "'sigmoid'")},
    "bptt.clip_by_norm": {"gradient": ("any-array", "GRADIENT"),
                          "threshold": ("positive", "1.0")},
    "bptt.vector_norm": {"vector": ("any-array", "GRADIENT")},
    "bptt.backpropagated_gradients": {"weights": ("square", "W3"),
                                      "activation": ("choice", "'linear'"),
                                      "horizon": ("count1", "5"), "seed": ("seed", "3")},
    "bptt.Case": {"kind": ("choice", "'gaussian'"), "scale": ("positive", "0.4"),
                  "activation": ("choice", "'tanh'")},
    "dynamics.vanilla_step": {"weights": ("square", "W2"), "state": ("vector", "H2")},
    "dynamics.feedback_step": {"weights": ("square", "W2"), "state": ("vector", "H2"),
                               "epsilon": ("positive", "0.1")},
    "dynamics.trajectories": {"kind": ("choice", "'feedback'"), "weights": ("square", "W2"),
                              "initial": ("rows", "STARTS"), "steps": ("count0", "5"),
                              "epsilon": ("positive", "0.1")},
    "dynamics.displacement_field": {"kind": ("choice", "'feedback'"),
                                    "weights": ("square", "W2"), "points": ("rows", "STARTS"),
                                    "epsilon": ("positive", "0.1")},
    "dynamics.vanilla_matrices": {"seed": ("seed", "3")},
    "dynamics.antisymmetric": {"weights": ("square", "W3")},
    "dynamics.from_upper_triangle": {"parameters": ("vector", "PARAMETERS"),
                                     "size": ("count0", "3")},
    "dynamics.euler_amplification": {"eigenvalues": ("numbers", "EIGENVALUES"),
                                     "epsilon": ("positive", "0.1")},
    "dynamics.smallest_stable_gamma": {"epsilon": ("positive", "0.1"), "omega": ("real", "2.0")},
    "dynamics.antisymmetric_rnn_step": {"state": ("vector", "H2"), "pre_input": ("vector", "U2"),
                                        "weights": ("square", "W2"),
                                        "gamma": ("non-negative", "0.15"),
                                        "epsilon": ("positive", "0.1")},
    "dynamics.gated_antisymmetric_step": {"state": ("vector", "H2"),
                                          "gate_input": ("vector", "U2"),
                                          "candidate_input": ("vector", "U2"),
                                          "weights": ("square", "W2"),
                                          "gamma": ("non-negative", "0.15"),
                                          "epsilon": ("positive", "0.1")},
    "dynamics.random_network": {"cell": ("choice", "'antisymmetric'"), "size": ("count1", "3"),
                                "steps": ("count1", "4"), "gamma": ("non-negative", "0.1"),
                                "seed": ("seed", "3")},
    "dynamics.run_network": {"cell": ("choice", "'antisymmetric'"), "matrix": ("square", "W2"),
                             "pre_inputs": ("rows", "STARTS"), "initial": ("vector", "H2"),
                             "epsilon": ("positive", "0.1")},
    "dynamics.end_to_end_jacobian": {"cell": ("choice", "'vanilla'"), "size": ("count1", "3"),
                                     "steps": ("count1", "4"), "gamma": ("non-negative", "0.1"),
                                     "epsilon": ("positive", "0.1"), "seed": ("seed", "3")},
    "dynamics.eigenvalue_magnitudes": {"matrix": ("eigen-square", "W3")},
}
KINDS |= {"shape2": lambda base: _shapes(eval(base)), "shape3": lambda base: _shapes(eval(base))}

# --- the edge catalogue (--edges): the same numbers in other forms, and extreme magnitudes ---

ARRAY_DIMENSIONS = {"square": 2, "eigen-square": 2, "tall": 2, "matrix": 2, "rows": 2,
                    "stack": 3, "vector": 1, "measured": 1, "numbers": 1, "any-array": 1}
"""The kinds of argument that are arrays, and their dimensions."""


def _edges(base: str, dimensions: int) -> list[tuple[str, str]]:
    """``base`` laid out otherwise (valid: the answer must be the one for ``base``), masked
    (refused) and scaled by a power of two to float64's largest and subnormal numbers."""
    values = [(f"big_endian({base})", VALID), (f"unaligned({base})", VALID),
              (f"read_only({base})", VALID), (f"reversed_view({base})", VALID),
              (f"numpy.ma.masked_array({base})", BAD),
              (f"{base} * 2.0**1022", EDGE), (f"{base} * 2.0**-1060", EDGE)]
    if dimensions == 2:
        values.append((f"as_matrix({base})", VALID))
    return values


EDGE_CALLS: list[tuple[str, str, str, str]] = [
    # (function, arguments, argument at fault, expectation): the calls issue 24 names.
    ("init.householder_haar", "gaussians=G300.astype('>f8')", "gaussians", VALID),
    ("init.householder_haar", "gaussians=G300.astype('>f4')", "gaussians", VALID),
    ("init.householder_haar", "gaussians=numpy.full((4, 1), 1e308)", "gaussians", EDGE),
    ("bptt.clip_by_norm", "gradient=numpy.full(4, 3e38, dtype=numpy.float32), threshold=1.0",
     "gradient", VALID),
    ("dynamics.vanilla_step",
     "weights=numpy.full((2, 2), 1e308), state=numpy.array([1e308, -1e308])", "state", EDGE),
    ("dynamics.vanilla_step", "weights=numpy.array([[2.0]]), state=numpy.array([1e308])",
     "state", EDGE),
    ("dynamics.trajectories", "kind='vanilla', weights=numpy.full((2, 2), 1e308), "
     "initial=numpy.array([[1e308, -1e308]]), steps=1", "initial", EDGE),
    ("hidden_state.eigenvalues", "matrix=numpy.full((2, 2), 1e308)", "matrix", EDGE),
    ("hidden_state.spectral_radius", "matrix=numpy.full((2, 2), 1e308)", "matrix", EDGE),
    ("hidden_state.spectral_radius", "matrix=numpy.full((2, 2), 3e38, dtype=numpy.float32)",
     "matrix", EDGE),
    ("matrix_powers.spectral_radius", "matrix=numpy.full((2, 2), 1e308)", "matrix", EDGE),
    ("matrix_powers.spectral_norms", "stack=numpy.full((1, 2, 2), 1e308)", "stack", EDGE),
    ("bptt.per_step_bound", "weights=numpy.full((2, 2), 1e308), activation='tanh'", "weights",
     EDGE),
    ("bptt.per_step_bound", "weights=numpy.full((2, 2), 1e308), activation='sigmoid'",
     "weights", EDGE),
    ("bptt.vector_norm", "vector=numpy.full(4, 1e308)", "vector", EDGE),
    ("dynamics.eigenvalue_magnitudes", "matrix=numpy.full((3, 3), 1.7e308)", "matrix", EDGE),
    ("dynamics.eigenvalue_magnitudes", "matrix=numpy.full((2, 2), 1e308)", "matrix", EDGE),
    ("dynamics.eigenvalue_magnitudes", "matrix=numpy.diag([1.5e308, -1.5e308])", "matrix",
     EDGE),
    ("dynamics.smallest_stable_gamma", "epsilon=1e-200, omega=1e200", "omega", VALID),
    ("bptt.recurrent_matrix", "kind='orthogonal', size=4, scale=5e-324", "scale", BAD),
    ("bptt.Case", "kind='orthogonal', scale=5e-324, activation='tanh'", "scale", BAD),
    ("bptt.clip_by_norm", "gradient=numpy.ones(2), threshold=5e-324", "threshold", BAD),
    ("init.dirac", "shape=(0, 1, 1), groups=10**12", "groups", EDGE),
    ("bptt.exact_jacobian_norms", "weights=numpy.eye(1), activation='tanh', horizon=10**6",
     "horizon", EDGE),
    ("fibonacci.binet_precision_table", "ns=[20000] * 100", "ns", EDGE),
    ("fibonacci.binet_precision_table", "ns=list(range(19900, 20000))", "ns", EDGE),
    ("init.orthogonal", "shape=(4096, 4096), method='svd'", "shape", EDGE),
    ("init.polar_factor", "gaussian=numpy.broadcast_to(1.0, (4096, 4096))", "gaussian", EDGE),
    ("dynamics.run_network", "cell='antisymmetric', matrix=numpy.zeros((2, 2)), "
     "pre_inputs=numpy.zeros((10**6, 2)), initial=numpy.zeros(2)", "pre_inputs", EDGE),
    ("fibonacci.power_by_repeated_squaring", "matrix=((1, 1), (0, 1)), n=2**30", "n", VALID),
    ("fibonacci.power_by_repeated_squaring", "matrix=((1, 1), (-1, -1)), n=2**40", "n", VALID),
    ("init.householder_haar", "gaussians=numpy.zeros((0, 3))", "gaussians", BAD),
    ("bptt.vector_norm", "vector=numpy.zeros((0, 4))", "vector", EDGE),
    ("bptt.clip_by_norm", "gradient=numpy.zeros(0, dtype='>f4'), threshold=1.0", "gradient",
     EDGE),
    ("matrix_powers.spectral_norms", "stack=numpy.zeros((0, 2, 2))", "stack", EDGE),
]

# The cases issue 12 names, and overflows the catalogue does not reach.
SPECIAL: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    # (function, arguments, argument at fault, expectation, further clean error types)
    ("fibonacci.power_by_repeated_squaring", "matrix=numpy.array(FIBONACCI), n=100", "matrix",
     VALID, ()),
    ("fibonacci.power_by_repeated_squaring", "matrix=FIBONACCI, n=10**9", "n", BAD, ()),
    ("fibonacci.minimal_binet_precision", "n=WrongBinet(50)", "n", BAD, ("RuntimeError",)),
    ("init.orthogonal", "shape=(3, 3), gain=1e39, dtype='float32'", "gain", BAD, ()),
    ("init.orthogonal", "shape=(3, 3), gain=1e-40, dtype='float32'", "gain", BAD, ()),
    ("init.orthogonal", "shape=(3, 3), gain=0.0", "gain", EDGE, ()),
    ("init.orthogonal", "shape=(2**13, 2**13 + 1)", "shape", BAD, ()),
    ("init.identity", "shape=(3, 3), gain=1e39, dtype='float32'", "gain", BAD, ()),
    ("init.identity", "shape=(2, 2), gain=1e-46, dtype='float32'", "gain", BAD, ()),
    ("init.orthogonal_gates", "hidden=1, gates=10**8", "gates", BAD, ()),
    ("init.orthogonal_gates", "hidden=-1, gates=4", "hidden", BAD, ()),
    ("init.householder_haar", "gaussians=with_nan_above(G53)", "gaussians", VALID, ()),
    ("init.householder_haar", "gaussians=numpy.zeros((3, 0))", "gaussians", EDGE, ()),
    ("hidden_state.rotation_orbit", "angle=0.5, steps=10**8", "steps", BAD, ()),
    ("hidden_state.hidden_state_norms", "matrix=3 * W3, steps=100000", "steps", EDGE, ()),
    ("matrix_powers.powers", "matrix=3 * W3, steps=2000", "steps", EDGE, ()),
    ("dynamics.smallest_stable_gamma", "epsilon=1e-300, omega=1e-10", "epsilon", EDGE, ()),
    ("dynamics.antisymmetric", "weights=numpy.array([[0.0, 1e308], [-1e308, 0.0]])", "weights",
     EDGE, ()),
    ("bptt.vector_norm", "vector=numpy.array([numpy.iinfo(numpy.int64).min, 0])", "vector",
     EDGE, ()),
    ("bptt.trajectory", "weights=3 * W3, activation='linear', steps=5000", "steps", EDGE, ()),
    ("bptt.exact_jacobian_norms", "weights=W3, activation='tanh', horizon=10**6", "horizon",
     BAD, ()),
    ("haar.estimates", "matrices=numpy.full((3, 2, 2), 10**10)", "matrices", EDGE, ()),
    ("dynamics.trajectories", "kind='feedback', weights=W2, steps=10**8", "steps", BAD, ()),
]


def probes() -> list[Probe]:
    """Every probe: the catalogue applied to each argument of each function, then SPECIAL."""
    found = []
    for function, parameters in SPECS.items():
        baseline = {name: base for name, (_, base) in parameters.items()}
        for name, (kind, base) in parameters.items():
            for value, expect in KINDS[kind](base):
                arguments = tuple((key, value if key == name else text)
                                  for key, text in baseline.items())
                found.append(Probe(function, arguments, name, expect))
    for function, listed, argument, expect, errors in SPECIAL:
        found.append(Probe(function, _listed(listed), argument, expect, errors))
    for function, parameters in SPECS.items():
        baseline = {name: base for name, (_, base) in parameters.items()}
        for name, (kind, base) in parameters.items():
            if kind not in ARRAY_DIMENSIONS:
                continue
            for value, expect in _edges(base, ARRAY_DIMENSIONS[kind]):
                arguments = tuple((key, value if key == name else text)
                                  for key, text in baseline.items())
                found.append(Probe(function, arguments, name, expect, edge=True))
    for function, listed, argument, expect in EDGE_CALLS:
        found.append(Probe(function, _listed(listed), argument, expect, edge=True))
    return found


def _listed(listed: str) -> tuple[tuple[str, str], ...]:
    """``a=f(x, y), b=2`` → (("a", "f(x, y)"), ("b", "2"))."""
    return tuple(tuple(part.split("=", 1)) for part in _split(listed))  # type: ignore[misc]


def _split(listed: str) -> list[str]:
    """``a=f(x, y), b=2`` → ["a=f(x, y)", "b=2"]: commas inside brackets are kept."""
    parts, depth, current = [], 0, ""
    for character in listed:
        depth += (character in "([{") - (character in ")]}")
        if character == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += character
    return [*parts, current.strip()]


# --- the worker: runs probes in its own process ---------------------------------------------


def _namespace() -> dict[str, object]:
    """The names a probe's expressions use: the library, NumPy, fixtures."""
    import fractions
    import math

    import mpmath
    import numpy

    from derivations import bptt, dynamics, fibonacci, haar, hidden_state, init, matrix_powers

    rng = numpy.random.default_rng(2024)

    def with_nan(array: numpy.ndarray) -> numpy.ndarray:
        broken = numpy.array(array, dtype=float)
        broken.flat[-1] = numpy.nan
        return broken

    def with_inf(array: numpy.ndarray) -> numpy.ndarray:
        broken = numpy.array(array, dtype=float)
        broken.flat[0] = numpy.inf
        return broken

    def big_endian(array: numpy.ndarray) -> numpy.ndarray:
        return array.astype(array.dtype.newbyteorder(">"))

    def unaligned(array: numpy.ndarray) -> numpy.ndarray:
        """The same entries one byte off their alignment."""
        buffer = numpy.zeros(array.nbytes + 1, dtype=numpy.uint8)
        moved = buffer[1:].view(array.dtype).reshape(array.shape)
        moved[...] = array
        return moved

    def read_only(array: numpy.ndarray) -> numpy.ndarray:
        frozen = numpy.array(array)
        frozen.flags.writeable = False
        return frozen

    def reversed_view(array: numpy.ndarray) -> numpy.ndarray:
        """The same entries through a view with negative strides."""
        return numpy.ascontiguousarray(array[::-1])[::-1]

    def as_matrix(array: numpy.ndarray) -> numpy.ndarray:
        return numpy.asmatrix(array)

    def with_nan_above(array: numpy.ndarray) -> numpy.ndarray:
        broken = numpy.array(array, dtype=float)
        broken[0, -1] = numpy.nan  # above the diagonal: never read
        return broken

    class WrongBinet(int):
        """An index whose probe swaps √5 for √6 in Binet's formula first: the precision scan
        must then end with an error, not run forever."""

        def __new__(cls, n: int) -> WrongBinet:
            def six(n: int, bits: int) -> int:
                with mpmath.workprec(bits):
                    root = mpmath.sqrt(6)
                    return int(mpmath.nint((((1 + root) / 2) ** n - ((1 - root) / 2) ** n)
                                           / root))
            fibonacci.binet = six
            return int.__new__(int, n)

    return {
        "numpy": numpy, "math": math, "mpmath": mpmath, "fractions": fractions,
        "nan": math.nan, "inf": math.inf, "fibonacci": fibonacci, "init": init, "haar": haar,
        "matrix_powers": matrix_powers, "hidden_state": hidden_state, "bptt": bptt,
        "dynamics": dynamics, "with_nan": with_nan, "with_inf": with_inf,
        "with_nan_above": with_nan_above, "WrongBinet": WrongBinet, "big_endian": big_endian,
        "unaligned": unaligned, "read_only": read_only, "reversed_view": reversed_view,
        "as_matrix": as_matrix,
        "FIBONACCI": ((0, 1), (1, 1)),
        "W2": numpy.array([[-0.15, -2.0], [2.0, -0.15]]),
        "W3": rng.standard_normal((3, 3)) / 2,
        "G53": rng.standard_normal((5, 3)),
        "G300": numpy.random.default_rng(24).standard_normal((300, 200)),
        "H2": numpy.array([0.5, -0.75]), "U2": numpy.array([0.1, 0.2]),
        "STARTS": numpy.array([[0.0, 0.5], [-0.5, -0.5], [0.5, -0.75]]),
        "STACK": rng.standard_normal((4, 3, 3)),
        "MEASURED": numpy.array([1.0, 0.5, 0.25]),
        "EXACT": [mpmath.mpf(1), mpmath.mpf("0.5"), mpmath.mpf("0.2500001")],
        "GRADIENT": numpy.array([3.0, -4.0, 0.5]),
        "PARAMETERS": numpy.array([1.0, 2.0, 3.0]),
        "EIGENVALUES": numpy.array([2j, -0.15 + 2j, 0.5]),
    }


def _judge(probe: Probe, namespace: dict[str, object]) -> tuple[str, str]:
    import inspect

    from tests.library.contracts import CONTRACTS, bound_arguments, refusal_problem

    module, name = probe.function.split(".")
    function = getattr(namespace[module], name)
    kwargs = {key: eval(value, namespace) for key, value in probe.arguments}
    parameters = list(inspect.signature(function).parameters)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = function(**kwargs)
    except MemoryError:
        return "hang", "MemoryError"
    except Exception as error:  # every ending is an outcome here
        detail = f"{type(error).__name__}: {str(error)[:200]}"
        if probe.expect == VALID:
            return "refused", detail
        if type(error).__name__ in probe.errors:
            return "clean", detail
        blamed = probe.argument if probe.expect == BAD else None
        problem = refusal_problem(error, parameters, blamed)
        return ("clean", detail) if problem is None else ("raw", problem)
    if probe.expect == BAD:
        return "wrong", f"returned {_shorten(result)} for an input that must be refused"
    try:
        CONTRACTS[probe.function](result, bound_arguments(function, (), kwargs))
    except AssertionError as failure:
        where = traceback.extract_tb(failure.__traceback__)[-1]
        return "wrong", f"contract line {where.lineno}: {str(failure)[:200] or where.line}"
    except Exception as failure:  # a result the contract cannot even read
        return "wrong", f"contract could not check the result: {type(failure).__name__}: {failure}"
    return "clean", f"returned {_shorten(result)}"


def _shorten(value: object) -> str:
    text = repr(value).replace("\n", " ")
    return text if len(text) < 100 else text[:100] + "…"


def worker(library: str) -> None:
    """Read probe numbers from stdin, answer each with one JSON line."""
    sys.path[:0] = [library, str(ROOT)]
    # Answers go to the original stdout; anything else printed there (LAPACK's xerbla writes
    # to file descriptor 1 from C) goes where stderr goes.
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    everything = probes()
    for line in sys.stdin:
        probe = everything[int(line)]
        namespace = _namespace()  # fresh: a probe may patch the library (WrongBinet)
        outcome, detail = _judge(probe, namespace)
        for module in [name for name in sys.modules if name.startswith("derivations")]:
            del sys.modules[module]
        print(json.dumps({"outcome": outcome, "detail": detail}), file=answers, flush=True)


# --- the parent: feeds workers, times them out, restarts them -------------------------------


class Worker:
    def __init__(self, library: str, memory: int) -> None:
        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

        environment = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1",
                           MKL_NUM_THREADS="1", PYTHONWARNINGS="ignore")
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", "--library", library],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, preexec_fn=limit, env=environment)

    def run(self, index: int, timeout: float) -> tuple[str, str] | None:
        """The probe's outcome, or None if the worker died or timed out (then it is killed)."""
        assert self.process.stdin and self.process.stdout
        try:
            self.process.stdin.write(f"{index}\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            return None
        answer = json.loads(line)
        return answer["outcome"], answer["detail"]

    def kill(self) -> str:
        self.process.kill()
        code = self.process.wait()
        return f"killed by signal {-code}" if code < 0 else f"exited with {code}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", default=str(ROOT),
                        help="directory holding the derivations package to probe")
    parser.add_argument("--timeout", type=float, default=20.0,
                        help="seconds a probe may take before it counts as a hang")
    parser.add_argument("--memory", type=float, default=4.0, help="worker memory limit, GB")
    parser.add_argument("--show", nargs="*", choices=OUTCOMES, default=[],
                        help="list the probes with these outcomes")
    parser.add_argument("--only", help="probe only functions whose name contains this")
    parser.add_argument("--edges", action="store_true",
                        help="probe the edge catalogue (byte orders, layouts, magnitudes, the "
                             "calls issue 24 names) instead of the argument catalogue")
    parser.add_argument("--json", type=Path, help="write every probe's outcome to this file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.library)
        return
    everything = probes()
    chosen = [i for i, p in enumerate(everything) if p.edge == args.edges
              and (not args.only or args.only in p.function)]
    memory = int(args.memory * 2**30)
    current = Worker(args.library, memory)
    results: list[tuple[Probe, str, str, float]] = []
    start = time.perf_counter()
    for index in chosen:
        began = time.perf_counter()
        answer = current.run(index, args.timeout)
        if answer is None:
            elapsed = time.perf_counter() - began
            how = current.kill()
            reason = f"no answer in {args.timeout:g} s" if elapsed >= args.timeout else how
            answer = ("hang", reason)
            current = Worker(args.library, memory)
        results.append((everything[index], *answer, time.perf_counter() - began))
    current.kill()
    counts = collections.Counter(outcome for _, outcome, _, _ in results)
    by_expectation = collections.Counter(probe.expect for probe, *_ in results)
    print(f"library: {args.library}; {len(results)} probes ({by_expectation[BAD]} bad, "
          f"{by_expectation[EDGE]} edge, {by_expectation[VALID]} valid) in "
          f"{time.perf_counter() - start:.0f} s, timeout {args.timeout:g} s")
    print("  ".join(f"{name} {counts[name]}" for name in OUTCOMES))
    modules = sorted({probe.function.split(".")[0] for probe, *_ in results})
    for module in modules:
        mine = collections.Counter(o for p, o, _, _ in results if p.function.startswith(module))
        print(f"  {module:14} " + "  ".join(f"{name} {mine[name]:3}" for name in OUTCOMES))
    slowest = max(results, key=lambda item: item[3])
    print(f"slowest probe: {slowest[3]:.2f} s, {slowest[0].call[:100]}")
    for probe, outcome, detail, seconds in results:
        if outcome in args.show:
            print(f"[{outcome}] {probe.call}  ({probe.expect}, {seconds:.2f} s)\n    {detail}")
    if args.json:
        args.json.write_text(json.dumps([
            {"call": p.call, "expect": p.expect, "outcome": o, "detail": d, "seconds": s}
            for p, o, d, s in results], indent=1))


if __name__ == "__main__":
    main()
