"""One ``frame_probe --serve`` process per theme for a test process: it imports Manim and every
scene once, then measures frame after frame (a process per frame spent more time importing than
measuring). A process draws in one theme, fixed when ``animations.style`` is imported, so each
theme has its own.
"""

from __future__ import annotations

import atexit
import json
import select
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import ClassVar

from animations import catalogue, toolchain
from animations.request import Request
from foundation.processes import die_with_parent

PROBE = "tests.animations.frame_probe"


class ProbeServer:
    """A ``frame_probe --serve`` process in one theme, started when this test process first
    probes a frame in it and stopped when it exits; what it prints goes to a temporary file."""

    TIMEOUT = 900  # seconds a frame may take to measure
    running: ClassVar[dict[str, ProbeServer]] = {}

    def __init__(self, theme: str) -> None:
        self.theme = theme
        self.folder = tempfile.TemporaryDirectory()
        self.log = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (stop closes)
        saved = Path(self.folder.name) / "request.json"
        Request(theme).write(saved)
        self.process = subprocess.Popen(
            [sys.executable, "-m", toolchain.RUNNER, str(saved), PROBE, "--serve"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True,
            encoding="utf-8", cwd=catalogue.ROOT, preexec_fn=die_with_parent)

    @classmethod
    def of(cls, theme: str) -> ProbeServer:
        """The running process for ``theme``, started if there is none (or it was stopped)."""
        if theme not in cls.running:
            cls.running[theme] = cls(theme)
        return cls.running[theme]

    def ask(self, line: str) -> dict:
        """The answer to the request ``line`` (see :func:`tests.animations.frame_probe.serve`).
        A process that died or hangs is stopped, so the next request starts another, and this
        one fails with the last of what it printed."""
        assert self.process.stdin is not None and self.process.stdout is not None
        answer = ""
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            ready, _, _ = select.select([self.process.stdout], [], [], self.TIMEOUT)
            answer = self.process.stdout.readline() if ready else ""
        except BrokenPipeError:
            pass
        if not answer:
            self.log.seek(0)
            printed = self.log.read()[-3000:]
            self.stop()
            raise AssertionError(f"the {self.theme} probe process gave no answer within "
                                 f"{self.TIMEOUT} s:\n{printed}")
        return json.loads(answer)

    def stop(self) -> None:
        self.running.pop(self.theme, None)
        self.process.kill()
        self.process.wait()
        self.log.close()
        self.folder.cleanup()


@atexit.register
def _stop_all() -> None:
    for server in list(ProbeServer.running.values()):
        server.stop()
