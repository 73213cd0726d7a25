"""What every command line of the companion shares: one-line usage errors and exit codes.

Exit codes: 0 done; 1 something failed; 2 a usage error (a bad argument, an unknown name, a bad
environment variable), said in one line that names it, before any work starts; 3 a missing
tool; 130 interrupted by Ctrl-C, 143 by SIGTERM.
"""

from __future__ import annotations

import argparse

DONE, FAILED, USAGE, MISSING_TOOL = 0, 1, 2, 3
INTERRUPTED, TERMINATED = 130, 143


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USAGE, f"{self.prog}: {message} (see --help)\n")


def positive_integer(text: str) -> int:
    """An argparse type: an integer ≥ 1 (``--jobs``)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 (any free one) to 65535 — checked before a build starts,
    not when the server finally binds."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value}")
    return value
