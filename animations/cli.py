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

from animations import parameters as parameters_module
from animations.catalogue import SceneEntry, scenes
from foundation.cli import FAILED, MISSING_TOOL, USAGE, Parser, positive_integer
from foundation.palette import THEMES, environment_theme
from foundation.paths import ROOT

# The renders', decks' and kits' command lines reach the shared base through this module.
__all__ = ["FAILED", "MISSING_TOOL", "USAGE", "Parser", "add_parameters", "add_theme",
           "parameters", "positive_integer", "run", "shown", "theme", "unique"]


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


def add_parameters(parser: argparse.ArgumentParser) -> None:
    """``--set NAME=VALUE`` (repeatable) and ``--params FILE.toml``: the scenes' inputs."""
    parser.add_argument("--set", action="append", default=[], metavar="[SCENE.]NAME=VALUE",
                        help="set a scene input (a TOML value: 3, 0.5, \"[[0.9, 0.3], [0, 0.8]]\","
                             " tanh); without SCENE. it applies to every scene built that has it")
    parser.add_argument("--params", type=Path, metavar="FILE.toml",
                        help="scene inputs from a TOML file: NAME = VALUE for every scene that "
                             "has it, [Scene] tables for one; --set wins")


def parameters(parser: argparse.ArgumentParser, arguments: argparse.Namespace,
               entries: dict[str, SceneEntry]) -> dict[str, dict]:
    """The checked inputs per scene that ``--set``/``--params`` ask for; a bad one is a usage
    error (exit 2, one line naming the parameter)."""
    try:
        return parameters_module.requested(
            {name: entry.scene_class.PARAMETERS for name, entry in entries.items()},
            scenes(), arguments.set, arguments.params,
            note=lambda line: print(line, file=sys.stderr))
    except parameters_module.ParameterError as error:
        parser.error(str(error))


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
