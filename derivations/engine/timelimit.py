"""A time limit for one check, so that a contributor's typo fails fast instead of hanging.

SymPy is pure Python, so an interval timer's signal interrupts it between
bytecodes. Signals reach only the main thread; elsewhere the limit cannot be
enforced and the caller is told so rather than misled.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

DEFAULT_SECONDS = 20.0
ENVIRONMENT_VARIABLE = "DERIVATIONS_STEP_TIMEOUT"


class TimeLimitExceeded(Exception):
    """Raised inside the limited code when its time is up."""


def default_seconds() -> float:
    """The per-step limit: ``$DERIVATIONS_STEP_TIMEOUT`` if set (seconds, > 0), else 20 s."""
    raw = os.environ.get(ENVIRONMENT_VARIABLE)
    if raw is None:
        return DEFAULT_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not seconds > 0 or seconds != seconds or seconds == float("inf"):
        raise ValueError(f"{ENVIRONMENT_VARIABLE}: expected a number of seconds > 0, got {raw!r}")
    return seconds


def enforceable() -> bool:
    """Whether a limit can interrupt code here (main thread of a POSIX process)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`TimeLimitExceeded` in the body once ``seconds`` have passed."""
    if not seconds > 0:
        raise ValueError(f"seconds: expected a positive number, got {seconds!r}")
    if not enforceable():
        raise RuntimeError("time_limit: only the main thread of a POSIX process can be "
                           "interrupted; run verification there")

    def expire(signum: int, frame: object) -> None:
        raise TimeLimitExceeded(f"timed out after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
