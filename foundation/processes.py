"""Processes that never outlive the command that started them.

A worker (a training run, a render, the Manim program a render starts) asks the kernel to
send it SIGTERM when its parent dies, however the parent dies — Ctrl-C, SIGTERM, or
``kill -9``, which no handler of the parent's can catch. Linux only (``prctl``); elsewhere
it does nothing, and the parents' own clean-up is all there is.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent(sign: int = signal.SIGTERM) -> None:
    """Have the kernel send ``sign`` to this process when its parent exits; exit at once if
    the parent is already gone (it may have died between the fork and this call)."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(sign), 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if parent == 1 or os.getppid() != parent:
        os._exit(128 + int(sign))


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be, so the same clean-up runs (exit status 143)."""


def terminate_on_sigterm() -> None:
    """Raise :class:`Terminated` on SIGTERM in this (main) process, so a terminated command
    stops its workers and says so the way Ctrl-C does."""
    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    signal.signal(signal.SIGTERM, terminated)
