"""Running a sweep: in parallel (this machine's cores, or a Dask cluster), resumable, with a
progress bar.

Each finished run is saved at once under ``build/experiments/<sweep>/``, with
the run's full identity and a digest of the code that trained it; running the
same sweep again skips what is already saved and valid, so an interrupted
sweep resumes where it stopped. The results file gathers every run in the
sweep's order with its provenance: the sweep's parameters and seeds, the
library version and code digest, NumPy's and Python's versions, and how long it
took. Timings live only in the provenance, so two runs of a sweep produce the
same ``runs``, number for number.
"""

from __future__ import annotations

import functools
import json
import platform
import sys
import time
from contextlib import closing
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import TextIO

import numpy

import experiments
from experiments.config import Run, Sweep
from experiments.executors import Executor, Pool, Trainer
from experiments.training import NUMPY, Engine, train
from foundation.files import read_json_object, write_atomically, write_json
from foundation.paths import BUILD, ROOT
from foundation.provenance import closure, digest

PARTIAL = BUILD / "experiments"
RESULTS = ROOT / "experiments" / "results"
# The packages whose modules a run's numbers can depend on, found by what this module imports.
CODE_PACKAGES = ("experiments", "derivations", "foundation")


def code(engine: Engine = NUMPY) -> list[Path]:
    """The source files that determine a run's numbers: this module and everything it imports
    from the project, directly or not (training, the models, the initialisers, the input
    checks), and another engine's own module (imported only when asked for, so not found by
    following this module's imports); editing any of them invalidates the saved runs."""
    found = set(closure(__name__, CODE_PACKAGES))
    if engine is not NUMPY:
        found |= set(closure(engine.module, CODE_PACKAGES))
    return sorted(found)


def code_digest(engine: Engine = NUMPY) -> str:
    """SHA-256 of the sources that determine a run's numbers (and of NumPy's version)."""
    return digest(code(engine), f"numpy {numpy.__version__}")


def package_version() -> str:
    try:
        return metadata.version("orthogonal-rnn-companion")
    except metadata.PackageNotFoundError:
        return "not installed"


def provenance(sweep: Sweep, executor: Executor, engine: Engine, wall_seconds: float,
               run_seconds: dict[str, float]) -> dict:
    """What produced a results file, for a reader and for :func:`load_partial`."""
    return {
        "sweep": sweep.describe(),
        "library": {"experiments": experiments.__version__, "package": package_version(),
                    "code_digest": code_digest(engine)},
        "numpy": numpy.__version__, "python": platform.python_version(),
        "machine": platform.machine(), "engine": engine.name, "executor": executor.name,
        "processes": executor.workers,
        "created": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        "wall_seconds": round(wall_seconds, 1),
        "run_seconds": {key: round(value, 2) for key, value in sorted(run_seconds.items())},
    }


class Progress:
    """A one-line progress bar on a terminal, a line every tenth of the work otherwise."""

    def __init__(self, total: int, stream: TextIO, done: int = 0) -> None:
        self.total, self.done, self.stream = total, done, stream
        self.start = time.monotonic()
        self.started_with = done
        self.last_tenth = -1
        self.terminal = stream.isatty()

    def line(self) -> str:
        elapsed = time.monotonic() - self.start
        filled = round(30 * self.done / self.total) if self.total else 30
        text = f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} runs, " \
               f"{_clock(elapsed)} elapsed"
        fresh = self.done - self.started_with
        if fresh > 0 and self.done < self.total:
            text += f", about {_clock(elapsed / fresh * (self.total - self.done))} left"
        return text

    def advance(self) -> None:
        self.done += 1
        self.show()

    def show(self) -> None:
        if self.terminal:
            self.stream.write("\r" + self.line())
            if self.done == self.total:
                self.stream.write("\n")
        else:
            tenth = 10 * self.done // self.total if self.total else 10
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
            self.stream.write(self.line() + "\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    return f"{minutes}:{seconds:02d}"


def _timed(run: Run, engine: Engine = NUMPY) -> tuple[dict, float]:
    start = time.perf_counter()
    record = train(run, engine)
    return record, time.perf_counter() - start


def _partial_path(folder: Path, run: Run) -> Path:
    return folder / f"{run.key}.json"


def load_partial(folder: Path, run: Run, digest: str) -> tuple[dict, float] | None:
    """A saved run, if it was trained by the same code with the same settings."""
    path = _partial_path(folder, run)
    if not path.exists():
        return None
    saved = read_json_object(path, {"record": dict, "seconds": (int, float)})
    if saved is None or saved.get("run") != run.identity() or saved.get("digest") != digest:
        return None  # unreadable, damaged or of other code: trained again
    return saved["record"], saved["seconds"]


def _save_partial(folder: Path, run: Run, digest: str, record: dict, seconds: float) -> None:
    write_json(_partial_path(folder, run),  # a run is saved whole or not at all
               {"run": run.identity(), "digest": digest, "record": record, "seconds": seconds})


def run_sweep(sweep: Sweep, *, jobs: int = 2, fresh: bool = False,
              partial_root: Path = PARTIAL, stream: TextIO = sys.stderr,
              trainer: Trainer | None = None, executor: Executor | None = None,
              engine: Engine = NUMPY) -> dict:
    """Train every run of ``sweep`` not already saved with ``engine`` (NumPy by default) on
    ``executor`` (a pool of ``jobs`` processes by default); return the results. Another engine's
    runs are saved apart: they agree with NumPy's to rounding, not bit for bit."""
    executor = executor or Pool(jobs)
    trainer = trainer or functools.partial(_timed, engine=engine)
    folder = partial_root / (sweep.name if engine is NUMPY else f"{sweep.name}-{engine.name}")
    folder.mkdir(parents=True, exist_ok=True)
    digest = code_digest(engine)
    runs = sweep.runs()
    finished: dict[str, tuple[dict, float]] = {}
    if not fresh:
        for run in runs:
            saved = load_partial(folder, run, digest)
            if saved is not None:
                finished[run.key] = saved
    pending = [run for run in runs if run.key not in finished]
    if finished:
        stream.write(f"resuming: {len(finished)} of {len(runs)} runs already saved in "
                     f"{folder}\n")
    progress = Progress(len(runs), stream, done=len(finished))
    progress.show()
    start = time.monotonic()
    if pending:  # a sweep saved whole starts no processes and no cluster
        with executor, closing(executor.results(trainer, pending)) as results:
            for run, (record, seconds) in results:
                _save_partial(folder, run, digest, record, seconds)
                finished[run.key] = (record, seconds)
                progress.advance()
    seconds = {key: run_seconds for key, (_, run_seconds) in finished.items()}
    return {"provenance": provenance(sweep, executor, engine, time.monotonic() - start,
                                     seconds),
            "runs": [finished[run.key][0] for run in runs]}


def same_results(results: dict, path: Path) -> bool:
    """Whether ``path`` already holds these results: the same sweep and the same runs, bit for
    bit (when and how fast they were computed, and by which version of the code, aside)."""
    kept = read_json_object(path, {"provenance": dict, "runs": list})
    return kept is not None and kept["runs"] == results["runs"] and \
        kept["provenance"].get("sweep") == results["provenance"].get("sweep")


def write_results(results: dict, path: Path) -> bool:
    """The results as JSON: the provenance first, then one run per line (readable diffs),
    written whole or not at all; a file that already holds the same results is left as it is
    (re-running the committed sweep leaves a clone clean). Whether it was written."""
    if same_results(results, path):
        return False
    lines = ["{", f'"provenance": {json.dumps(results["provenance"], indent=1)},', '"runs": [']
    runs = results["runs"]
    lines += [json.dumps(run, separators=(",", ":")) + ("," if i < len(runs) - 1 else "")
              for i, run in enumerate(runs)]
    lines += ["]", "}"]
    write_atomically(path, "\n".join(lines) + "\n")
    return True


def read_results(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
