"""The outside programs renders need: LaTeX for formulas, and Manim's tools run in a subprocess.

Manim-free, so the command lines can check for LaTeX and start renders before
(or without) importing Manim.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

from animations.catalogue import ROOT
from animations.parameters import ENVIRONMENT
from foundation.processes import die_with_parent

LATEX_PACKAGES = (
    "texlive-latex-base texlive-latex-recommended texlive-latex-extra "
    "texlive-fonts-recommended dvisvgm"
)


def require_latex() -> None:
    """Fail with the Debian packages to install, instead of a traceback deep inside Manim."""
    missing = [tool for tool in ("latex", "dvisvgm") if shutil.which(tool) is None]
    if missing:
        raise RuntimeError(
            f"{' and '.join(missing)} not found: every text in the animations is typeset by "
            f"LaTeX. Install the Debian packages {LATEX_PACKAGES} (or run `make setup`)."
        )


def run_themed(command: list[str], cwd: Path | str, theme: str,
               environment: Mapping[str, str] | None = None) -> None:
    """Run a Manim tool in a subprocess with ``COMPANION_THEME`` set to ``theme``.

    The tool imports this very checkout of the project (its root first on
    ``PYTHONPATH``), whatever its working folder and wherever the project is
    installed; ``environment`` adds variables (the scenes' parameters,
    :func:`animations.parameters.environment`). A failure raises RuntimeError
    carrying the last lines of the tool's output, which is where Manim and
    manim-slides say what went wrong.
    """
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    chosen = {key: value for key, value in os.environ.items() if key != ENVIRONMENT}
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                            env={**chosen, **(environment or {}), "COMPANION_THEME": theme,
                                 "PYTHONPATH": path}, preexec_fn=die_with_parent)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        raise RuntimeError(f"{' '.join(command[:4])} failed:\n{tail}")
