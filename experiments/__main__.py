"""``python -m experiments run [--quick]``: train the sweep and write its results file.

    python -m experiments run            # the full default sweep → experiments/results/full.json
    python -m experiments run --quick    # a one-minute slice   → experiments/results/quick.json
    python -m experiments run --sweep real  # digits and MNIST-1D → experiments/results/real.json
    python -m experiments run --arms orthogonal,gaussian-1 --lengths 100 --seeds 3
                                         # any other sweep      → build/experiments/custom.json
    python -m experiments run --executor dask            # on a local Dask cluster
    python -m experiments run --scheduler tcp://host:8786  # on a running Dask cluster
    python -m experiments run --preset paper --backend torch --device cuda
                                         # 784-step MNIST, 128 units, in PyTorch
    python -m experiments summary [FILE] # the table of successes of a results file

A bad option stops with one line naming it (exit status 2); an interrupted sweep
resumes where it stopped when run again (``--fresh`` starts over).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from experiments.analysis import results_path, summary_table
from experiments.config import SWEEPS, ConfigurationError, Settings, Sweep, option, parse_arm
from experiments.executors import EXECUTORS, executor
from experiments.sweep import PARTIAL, read_results, run_sweep, write_results
from experiments.tasks import TASKS
from experiments.training import NUMPY, Engine
from foundation.cli import INTERRUPTED, TERMINATED, Parser
from foundation.processes import Terminated, terminate_on_sigterm

SETTING_FIELDS = {field.name: field.type for field in dataclasses.fields(Settings)}


def _number(name: str, text: str, kind: str) -> int | float:
    try:
        return int(text) if kind == "int" else float(text)
    except ValueError:
        expected = "an integer" if kind == "int" else "a number"
        raise ConfigurationError(option(name), f"expected {expected}, got {text!r}") from None


def _integers(flag: str, text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise ConfigurationError(flag, f"expected comma-separated integers, got {text!r}") \
            from None


def _integer(flag: str, text: str) -> int:
    """One positive integer (``--jobs``, ``--seeds``), not a list."""
    try:
        value = int(text)
    except ValueError:
        raise ConfigurationError(flag, f"expected one positive integer, got {text!r}") from None
    if value < 1:
        raise ConfigurationError(flag, f"expected a positive integer, got {value}")
    return value


def _output(path: Path) -> Path:
    """Where the results file goes, refused before any training if it cannot be written."""
    if path.is_dir():
        raise ConfigurationError("--output", f"expected a file name, got the folder {path}")
    if path.suffix != ".json":
        raise ConfigurationError("--output", f"expected a .json file, got {path}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigurationError("--output", f"cannot create the folder {path.parent} "
                                             f"({error.strerror})") from None
    if not os.access(path.parent, os.W_OK):
        raise ConfigurationError("--output", f"cannot write in {path.parent}")
    return path


def _engine(backend: str, device: str | None) -> Engine:
    """The engine ``--backend`` names, on ``--device``; PyTorch is imported only if asked for."""
    if backend == "numpy":
        if device is not None:
            raise ConfigurationError("--device", "a device needs --backend torch")
        return NUMPY
    if backend != "torch":
        raise ConfigurationError("--backend", f"expected numpy or torch, got {backend!r}")
    from experiments import torch_backend

    return torch_backend.engine(device or "cpu")


def parser() -> Parser:
    top = Parser(prog="python -m experiments", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    run = commands.add_parser("run", help="train a sweep and write its results file")
    run.add_argument("--quick", action="store_true", help="the one-minute slice")
    run.add_argument("--sweep", "--preset", dest="sweep",
                     help=f"a named sweep: {', '.join(SWEEPS)} (default full)")
    run.add_argument("--backend", default="numpy", help="numpy (default, exact) or torch")
    run.add_argument("--device", help="with --backend torch: cpu (default) or cuda")
    run.add_argument("--jobs", default="2", help="parallel processes (default 2)")
    run.add_argument("--executor", help=f"{' or '.join(EXECUTORS)}: this machine's process "
                                        "pool (default), or Dask distributed")
    run.add_argument("--scheduler", metavar="ADDRESS",
                     help="a running Dask scheduler, e.g. tcp://host:8786 (implies dask)")
    run.add_argument("--fresh", action="store_true", help="ignore runs saved by an earlier try")
    run.add_argument("--output", type=Path, help="where to write the results file")
    run.add_argument("--tasks", help=f"comma-separated: {', '.join(TASKS)}")
    run.add_argument("--lengths", help="comma-separated sequence lengths (a real-data task "
                                       "runs at its data's own)")
    run.add_argument("--arms", help="comma-separated: gaussian-<σ>, orthogonal, identity, "
                                    "rotation, antisymmetric-<γ>, antisymmetric-gated-<γ>")
    run.add_argument("--seeds", help="how many seeds (0, 1, …)")
    for name in SETTING_FIELDS:
        run.add_argument(option(name), dest=name, help=f"default: see {Settings.__name__}")
    summary = commands.add_parser("summary", help="print the success table of a results file")
    summary.add_argument("file", nargs="?", type=Path, default=results_path("full"))
    return top


def build_sweep(arguments: argparse.Namespace) -> tuple[Sweep, bool]:
    """The sweep the options ask for, and whether any option changed a default sweep."""
    if arguments.quick and arguments.sweep not in (None, "quick"):
        raise ConfigurationError("--sweep", f"--quick is the quick sweep, not {arguments.sweep!r}")
    name = "quick" if arguments.quick else (arguments.sweep or "full")
    if name not in SWEEPS:
        raise ConfigurationError("--sweep", f"expected one of {', '.join(SWEEPS)}, got {name!r}")
    base = SWEEPS[name]
    overrides = {name: _number(name, getattr(arguments, name), SETTING_FIELDS[name])
                 for name in SETTING_FIELDS if getattr(arguments, name) is not None}
    settings = dataclasses.replace(base.settings, **overrides)
    changes: dict = {}
    if arguments.tasks is not None:
        changes["tasks"] = tuple(part.strip() for part in arguments.tasks.split(","))
    if arguments.lengths is not None:
        changes["lengths"] = _integers("--lengths", arguments.lengths)
    if arguments.arms is not None:
        changes["arms"] = tuple(parse_arm(part.strip()) for part in arguments.arms.split(","))
    if arguments.seeds is not None:
        changes["seeds"] = tuple(range(_integer("--seeds", arguments.seeds)))
    custom = bool(changes or overrides)
    sweep = dataclasses.replace(base, name="custom" if custom else base.name, settings=settings,
                                **changes)
    sweep.require_data("--tasks" if arguments.tasks is not None else "--sweep")
    return sweep, custom


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    if arguments.command == "summary":
        try:
            print(summary_table(read_results(arguments.file)))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            sys.stderr.write(f"python -m experiments: file: {arguments.file} is not a results "
                             f"file ({type(error).__name__}: {error})\n")
            return 2
        return 0
    try:
        jobs = _integer("--jobs", arguments.jobs)
        sweep, custom = build_sweep(arguments)
        output = _output(arguments.output) if arguments.output else (
            PARTIAL / "custom.json" if custom else results_path(sweep.name))
        engine = _engine(arguments.backend, arguments.device)
        if engine is not NUMPY and not arguments.output:
            output = PARTIAL / f"{sweep.name}-{engine.name}.json"  # never the committed file
        where_to = executor(arguments.executor or ("dask" if arguments.scheduler else "pool"),
                            jobs, arguments.scheduler)
    except ConfigurationError as error:
        sys.stderr.write(f"python -m experiments: {error}\n")
        return 2
    runs = len(sweep.runs())
    where = f"the Dask scheduler {arguments.scheduler}" if arguments.scheduler else \
        f"{jobs} process{'es' if jobs > 1 else ''}" \
        f"{' (Dask)' if where_to.name == 'dask' else ''}"
    sys.stderr.write(f"{sweep.name} sweep: {runs} runs ({engine.name}) on {where} → {output}\n")
    terminate_on_sigterm()
    try:
        results = run_sweep(sweep, fresh=arguments.fresh, executor=where_to, engine=engine)
    except ConfigurationError as error:  # a --scheduler that cannot be reached
        sys.stderr.write(f"python -m experiments: {error}\n")
        return 2
    except KeyboardInterrupt as stop:
        sys.stderr.write("\ninterrupted: finished runs are saved; run the same command again "
                         "to resume\n")
        return TERMINATED if isinstance(stop, Terminated) else INTERRUPTED
    seconds = results["provenance"]["wall_seconds"]
    if write_results(results, output):
        sys.stderr.write(f"wrote {output} ({seconds:.0f} s)\n")
    else:
        sys.stderr.write(f"{output} already holds these results: left unchanged "
                         f"({seconds:.0f} s)\n")
    print(summary_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
