"""A Python with the heavy libraries already imported, which runs each ``make dev`` step in a
fork of itself: a fresh import of the project's edited modules, without a second of SymPy,
SciPy and Jupytext imports before every rebuild.

It imports no module of the project (``derivations``, ``sitebuild``, ``animations``, …): a fork
must import those anew, or an edited derivation would be served stale. It reads one request
per line on stdin, ``{"module": ..., "argv": [...], "output": PATH}``, runs the module as
``python -m`` would in a forked child writing its stdout and stderr to ``output``, and
answers ``{"returncode": N}`` on stdout. It exits when stdin closes.

    python -m sitebuild.warm   # started by sitebuild.dev; not meant to be run by hand
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

# Third-party only, and only what a generation imports anyway (measured: about a second).
PRELOADED = ("numpy", "scipy.linalg", "sympy", "mpmath", "yaml", "jupytext", "nbformat")
PROJECT_PACKAGES = ("derivations", "sitebuild", "animations", "lectures", "experiments")


def run_in_child(module: str, argv: list[str], output: str) -> int:
    """Fork; the child runs ``module`` as ``__main__`` with ``argv``, output to ``output``."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            descriptor = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(descriptor, 1)
            os.dup2(descriptor, 2)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)  # requests are for the worker alone
            sys.stdin = open(0, closefd=False)  # noqa: SIM115 — the child's, until it exits
            sys.argv = [module, *argv]
            try:
                runpy.run_module(module, run_name="__main__", alter_sys=True)
                code = 0
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None
                                                                      else 1)
        except BaseException as error:  # a crash of the step: reported, the worker lives
            print(f"{type(error).__name__}: {error}", file=sys.stderr)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


class WarmPython:
    """The client: starts ``python -m sitebuild.warm`` once, then runs steps in forks of it."""

    def __init__(self, root: Path, environment: dict[str, str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "sitebuild.warm"], cwd=root,
                                        env=environment, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout
        ready = self.process.stdout.readline()
        if not ready:
            raise RuntimeError("the warm Python exited before it was ready")

    def run(self, module: str, *argv: str) -> tuple[int, str]:
        """``python -m module argv…`` in a fork: its exit status and its output."""
        assert self.process.stdin and self.process.stdout
        with tempfile.NamedTemporaryFile("r", suffix=".log") as output:
            request = {"module": module, "argv": list(argv), "output": output.name}
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            answer = self.process.stdout.readline()
            if not answer:
                raise RuntimeError("the warm Python exited")
            return json.loads(answer)["returncode"], output.read()

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def main() -> int:
    for name in PRELOADED:
        importlib.import_module(name)
    stale = sorted(name for name in sys.modules if name.split(".")[0] in PROJECT_PACKAGES
                   and name not in ("sitebuild", __spec__.name))  # this file, its package
    if stale:  # a preloaded library imported the project: forks would see old code
        print(f"warm: preloading imported project modules {stale}", file=sys.stderr)
        return 1
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        code = run_in_child(request["module"], request["argv"], request["output"])
        try:
            print(json.dumps({"returncode": code}), flush=True)
        except BrokenPipeError:  # the server stopped (Ctrl-C) while this step ran
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
