"""The outside programs renders need: LaTeX for formulas, and Manim's tools run in a subprocess.

Manim-free, so the command lines can check for LaTeX and start renders before
(or without) importing Manim. A tool that draws scenes runs with a render request
(:mod:`animations.request`): the parent saves it as a file and starts

    python -m animations.toolchain REQUEST.json MODULE ARGS…

which makes it the child's request and then runs ``python -m MODULE ARGS…`` in the same
process, so the scenes the tool imports take their theme and inputs from it.
"""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from animations import texcache
from animations.request import ENVIRONMENT, Request, load
from foundation.paths import ROOT
from foundation.processes import die_with_parent

RUNNER = "animations.toolchain"  # the module whose main is the child's side of run_tool
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


def run_tool(module: str, arguments: list[str], cwd: Path | str,
             request: Request | None = None) -> None:
    """Run ``python -m module arguments…`` in a subprocess from ``cwd``, drawing ``request``
    if given (the scenes' theme and inputs).

    The tool imports this very checkout of the project (its root first on
    ``PYTHONPATH``), whatever its working folder and wherever the project is
    installed. A failure raises RuntimeError carrying the last lines of the tool's
    output, which is where Manim and manim-slides say what went wrong.
    """
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory(prefix="render-request-") as folder:
        command = [sys.executable, "-m", module, *arguments]
        if request is not None:
            saved = Path(folder) / "request.json"
            request.write(saved)
            command = [sys.executable, "-m", RUNNER, str(saved), module, *arguments]
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                                env={**os.environ, "PYTHONPATH": path},
                                preexec_fn=die_with_parent)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        raise RuntimeError(f"python -m {' '.join([module, *arguments[:1]])} failed:\n{tail}")


def main(argv: list[str]) -> None:
    """The child's side of :func:`run_tool`: ``REQUEST.json MODULE ARGS…``. The tool typesets
    its formulas in a private folder seeded from the checkout's store (:mod:`animations.texcache`),
    so a formula another run typeset is not typeset again."""
    saved, module, *arguments = argv
    load(Path(saved))
    # manim-slides renders in a Manim process of its own: it reads the same request
    os.environ[ENVIRONMENT] = str(Path(saved).resolve())
    sys.argv = [module, *arguments]
    with texcache.private_folder() as tex:
        import manim  # the child always runs a Manim tool; the parent need not import Manim

        manim.config.tex_dir = str(tex)
        runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
