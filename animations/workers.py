"""Run jobs in worker processes that an interrupted parent can stop completely.

Each job runs in a forked process that starts its own session: a Ctrl-C at the
terminal then reaches only the parent, never a worker or the Manim it runs, so
no worker prints a traceback. If the parent is interrupted (or anything else
goes wrong), it stops every running worker's whole process group — the worker and
the programs it started — before passing the interruption on; the caller then
removes what the workers left half-done.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Sequence
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from foundation.processes import die_with_parent

STOP_GRACE_SECONDS = 5.0
# Held back while a worker is forked, so that no signal reaches it before it has its own session.
STOPPING_SIGNALS = {signal.SIGINT, signal.SIGTERM}

Job = tuple[str, Callable[[], object]]


def _work(job: Callable[[], object], sender: Connection) -> None:
    os.setsid()
    die_with_parent()  # a parent killed with -9 cannot stop its workers itself
    for stopping in STOPPING_SIGNALS:
        signal.signal(stopping, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING_SIGNALS)
    try:
        message: tuple[bool, object] = (True, job())
    except Exception as error:  # reported to the parent as this job's failure, not a traceback
        message = (False, f"{type(error).__name__}: {error}")
    sender.send(message)
    sender.close()


def _stop(process: BaseProcess) -> None:
    """End ``process`` and every program it started, gently first, within a bounded time."""
    for kill_signal in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, kill_signal)
        except ProcessLookupError:  # not yet its own group leader, or already gone
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, kill_signal)
        process.join(STOP_GRACE_SECONDS)
        if not process.is_alive():
            return


def run_each(
    jobs: Sequence[Job], workers: int, report: Callable[[str, bool, object], None]
) -> None:
    """Run each ``(name, job)`` in a worker, at most ``workers`` at once.

    ``report(name, succeeded, value)`` is called in the parent as each job
    ends: ``value`` is what the job returned, or one line describing why it failed.
    """
    if workers < 1:
        raise ValueError(f"workers: expected a positive number, got {workers!r}")
    context = get_context("fork")
    waiting = list(jobs)
    running: dict[Connection, tuple[str, BaseProcess]] = {}
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                name, job = waiting.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_work, args=(job, sender), name=name)
                mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS)
                try:
                    process.start()
                finally:
                    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
                sender.close()
                running[receiver] = (name, process)
            for receiver in wait(list(running)):
                name, process = running.pop(receiver)
                try:
                    succeeded, value = receiver.recv()
                except EOFError:
                    process.join()
                    succeeded, value = False, f"the worker died (exit code {process.exitcode})"
                process.join()
                receiver.close()
                report(name, succeeded, value)
    finally:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C waits for this
        try:
            for _, process in running.values():
                _stop(process)
        finally:
            signal.signal(signal.SIGINT, previous)
