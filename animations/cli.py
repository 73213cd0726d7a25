"""What the companion's command lines share: exit codes, one-line errors, checked settings.

Exit codes: 0 done; 1 something failed (a render, a deck); 2 a usage error, an
unknown name or a bad environment variable; 3 a missing tool (LaTeX, reveal.js);
130 interrupted by Ctrl-C (143 by SIGTERM) — then one line, no traceback, and
nothing half-written is left behind.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from animations.catalogue import ROOT
from animations.palette import THEMES, environment_theme

USAGE, FAILED, MISSING_TOOL = 2, 1, 3


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, exit code 2."""

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


def add_theme(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--theme``, defaulting to ``$COMPANION_THEME`` (checked in :func:`theme`)."""
    parser.add_argument("--theme", choices=THEMES, default=None,
                        help=f"{help_text} (default: $COMPANION_THEME, else dark)")


def theme(parser: argparse.ArgumentParser, chosen: str | None) -> str:
    """The theme asked for; a bad ``$COMPANION_THEME`` is a usage error even if ``--theme`` wins.

    Scene modules read the variable when imported, so it is checked before any is.
    """
    try:
        from_environment = environment_theme()
    except ValueError as error:
        parser.error(str(error))
    return chosen or from_environment


def unique(names: Sequence[str], what: str) -> list[str]:
    """``names`` without repeats (first occurrence kept), saying so on stderr if any were."""
    kept = list(dict.fromkeys(names))
    repeated = sorted({name for name in names if names.count(name) > 1}, key=kept.index)
    if repeated:
        print(f"{what} named more than once, built once: {', '.join(map(str, repeated))}",
              file=sys.stderr)
    return kept


def shown(path: Path) -> str:
    """``path`` as the user would type it: relative to the project if it is inside."""
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def run(main: Callable[[list[str] | None], int], prog: str, argv: list[str] | None = None) -> int:
    """``main(argv)``, turning Ctrl-C or SIGTERM into one line and exit code 128 + signal."""
    received: list[int] = []

    def stop(signum: int, _frame: object) -> None:
        received.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        return main(argv)
    except KeyboardInterrupt:
        print(f"{prog}: interrupted; finished work is kept, run the same command to resume",
              file=sys.stderr)
        return 128 + (received[0] if received else signal.SIGINT)
    finally:
        signal.signal(signal.SIGTERM, previous)
