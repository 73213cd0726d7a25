"""Where a sweep's runs are trained: the standard library's process pool, or a Dask cluster.

The pool needs nothing beyond Python and uses the cores of this machine. Dask
distributed (``pip install -e ".[dask]"``) starts a local cluster by default, or
joins a running one by its scheduler's address, whose workers may be on other
machines (Dask's documentation deploys them on Slurm, Kubernetes or over SSH).
Both train the same :class:`~experiments.config.Run` with the same function, so
the records are bit-identical whichever runs them; :func:`experiments.sweep.run_sweep`
saves, resumes and reports progress the same way for both. A Dask worker lost
mid-run (killed, out of memory, its machine gone) has its run rescheduled by the
scheduler on another worker, up to Dask's ``allowed-failures`` (three by default):
it is retried, not recorded as a failure.
"""

from __future__ import annotations

import logging
import multiprocessing
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from types import TracebackType
from typing import Any, Protocol

from experiments.config import ConfigurationError, Run
from foundation.processes import die_with_parent

Trainer = Callable[[Run], tuple[dict, float]]
EXECUTORS = ("pool", "dask")
CONNECT_SECONDS = 10  # how long to wait for a --scheduler before saying it cannot be reached


class Executor(Protocol):
    """A context that trains runs and yields each (run, result) as it finishes, in any order.

    Leaving the iteration early (Ctrl-C, an error) cancels what is queued and stops what
    is running, so an interrupted sweep stops within seconds."""

    name: str
    workers: int

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None: ...

    def results(self, trainer: Trainer, runs: Iterable[Run]
                ) -> Iterator[tuple[Run, tuple[dict, float]]]: ...


class Pool:
    """``jobs`` processes of this machine (``concurrent.futures``), each ending with its parent."""

    name = "pool"

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Pool:
        self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=die_with_parent)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=kind is None, cancel_futures=True)

    def results(self, trainer: Trainer, runs: Iterable[Run]
                ) -> Iterator[tuple[Run, tuple[dict, float]]]:
        assert self._pool is not None, "use Pool as a context manager"
        futures = {self._pool.submit(trainer, run): run for run in runs}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except BaseException:  # Ctrl-C, SIGTERM, a failed run, or the caller stopped early
            self._stop()
            raise

    def _stop(self) -> None:
        """Cancel the queued runs and terminate the running ones at once (saved runs are kept)."""
        assert self._pool is not None
        workers = list(multiprocessing.active_children())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=2)


class Dask:
    """A Dask distributed client: a local cluster of ``jobs`` single-threaded worker processes,
    or the running cluster whose scheduler is at ``scheduler`` (its workers must have this
    project installed at the same version, which the results' code digest records)."""

    name = "dask"

    def __init__(self, jobs: int, scheduler: str | None = None) -> None:
        self.workers = jobs
        self.scheduler = scheduler
        self._client: Any = None
        self._cluster: Any = None

    def __enter__(self) -> Dask:
        distributed = _distributed()
        if self.scheduler is None:
            self._cluster = distributed.LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR)
            self._client = distributed.Client(self._cluster)
        else:
            try:
                self._client = distributed.Client(self.scheduler, timeout=CONNECT_SECONDS)
            except (OSError, ValueError, TypeError) as error:
                raise ConfigurationError("--scheduler", f"cannot reach a Dask scheduler at "
                                         f"{self.scheduler!r} ({error})") from None
            self.workers = len(self._client.scheduler_info().get("workers", {}))
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()

    def results(self, trainer: Trainer, runs: Iterable[Run]
                ) -> Iterator[tuple[Run, tuple[dict, float]]]:
        assert self._client is not None, "use Dask as a context manager"
        distributed = _distributed()
        attempt = uuid.uuid4().hex[:8]  # a fresh key per sweep: never an old run's result
        futures = {self._client.submit(trainer, run, key=f"{run.key}-{attempt}", pure=False): run
                   for run in runs}
        try:
            for future in distributed.as_completed(futures):
                yield futures[future], future.result()
        except BaseException:
            self._client.cancel(list(futures), force=True)
            raise


def _distributed() -> Any:
    """The ``distributed`` package, or a one-line configuration error saying how to get it."""
    try:
        import distributed
    except ImportError:
        raise ConfigurationError("--executor", "dask needs Dask distributed: "
                                               "pip install -e \".[dask]\"") from None
    return distributed


def executor(name: str, jobs: int, scheduler: str | None = None) -> Executor:
    """The executor called ``name`` ("pool" or "dask"), checked before any training."""
    if name not in EXECUTORS:
        raise ConfigurationError("--executor", f"expected one of {', '.join(EXECUTORS)}, "
                                               f"got {name!r}")
    if scheduler is not None and name != "dask":
        raise ConfigurationError("--scheduler", "a scheduler address needs --executor dask")
    if name == "pool":
        return Pool(jobs)
    distributed = _distributed()
    if scheduler is not None:
        try:
            distributed.comm.parse_address(scheduler, strict=True)
        except ValueError:
            raise ConfigurationError("--scheduler", f"expected an address such as "
                                     f"tcp://host:8786, got {scheduler!r}") from None
    return Dask(jobs, scheduler)
