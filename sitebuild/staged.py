"""``make serve``: the first page within a minute on a fresh clone, the rest filled in as it serves.

``make site`` renders every scene, builds every deck and runs every notebook before MkDocs
builds a page: about ten minutes on a fresh clone, most of it renders and decks. When the
site is up to date (:mod:`sitebuild.freshness`), it is served at once, as built. Otherwise:

1. the pages are built first (:func:`sitebuild.mode.pages_first`): each table, video, deck
   or notebook not yet made is shown as being made (:mod:`sitebuild.pending`); they are served;
2. the tables are computed, the pages built again into another directory and swapped in
   (unless every table was kept: then the pages served stay);
3. the scenes are rendered, the pages built again into another directory and swapped in:
   the videos land (unless no render changed: then the pages served stay);
4. the decks are built, then the site exactly as ``make site`` builds it (``mkdocs build``
   into ``build/site``, the notebooks run, then recorded as fresh), and swapped in: from then
   on the server serves what ``make site`` makes, byte for byte, without the reload script.

No request is ever answered from a directory being built: each build goes to one not
served, then is swapped in whole (:mod:`sitebuild.live`), and open pages reload. Each
command's output is printed as it comes, prefixed with its name, and its time when it
ends. A command that fails is named in one line with its last line of output; the server
keeps serving the last complete tree.

    python -m sitebuild serve [--port 8000] [--host 127.0.0.1]
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sitebuild import freshness
from sitebuild.edition import config as edition_config
from sitebuild.live import ServedTree
from sitebuild.mode import PAGES_FIRST
from sitebuild.paths import BUILD, ROOT
from sitebuild.serve import SiteServer, make_server, unlistenable

Say = Callable[[str], None]
# A line that says why a command failed: MkDocs' errors, the renders' and decks' list of failures.
REASON = re.compile(r"^(?:ERROR\s+-\s+|failed:\s)")
STOP_SECONDS = 10.0  # a command stopped has this long to clean up before it is killed
GRACE_SECONDS = 5.0  # a request that began on a replaced tree has this long to open its file


@dataclass(frozen=True)
class Command:
    """One command run while serving: its name (prefixing its output), its argv, the
    environment variables it gets besides this process's, and the folders it writes (relative
    to the project's; if given and none changed, the pages are not built again after it)."""

    name: str
    argv: tuple[str, ...]
    environment: Mapping[str, str] = field(default_factory=dict)
    outputs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Plan:
    """What ``make serve`` runs: ``pages(directory)`` builds the pages first into
    ``directory`` (one of ``trees``, alternately); ``steps`` are the slow steps, each
    followed by the pages built again, except the last, which is followed by ``site``, the
    complete build into ``site_directory``."""

    pages: Callable[[Path], tuple[Command, ...]]
    steps: tuple[Command, ...]
    site: tuple[Command, ...]
    site_directory: Path
    trees: tuple[Path, Path]


def _python(*argv: str) -> tuple[str, ...]:
    return (sys.executable, "-m", *argv)


def pages_first_build(directory: Path) -> tuple[Command, ...]:
    """``mkdocs build`` of the pages alone, into ``directory``, then the Korean edition's
    into its ``ko`` folder (its configuration is written by the first)."""
    return (Command("pages", _python("mkdocs", "build", "--site-dir", str(directory)),
                    {PAGES_FIRST: "1"}),
            Command("pages-ko", _python("mkdocs", "build", "-f", str(KOREAN_CONFIG),
                                        "--site-dir", str(directory / "ko")),
                    {PAGES_FIRST: "1"}))


# The Korean edition's config, written by the English build's generation.
KOREAN_CONFIG = edition_config.path("ko", "mkdocs").relative_to(ROOT)

# The tables first (they land in seconds), then the Makefile's `render`, `decks` and `site`
# recipes, step by step.
PLAN = Plan(
    pages=pages_first_build,
    steps=(Command("tables", _python("sitebuild", "tables"), outputs=("build/cache",)),
           Command("render", _python("animations.render"), outputs=("build/media",)),
           Command("decks", _python("lectures.decks"), outputs=("build/decks",))),
    site=(Command("site", _python("mkdocs", "build")),
          Command("site-ko", _python("mkdocs", "build", "-f", str(KOREAN_CONFIG))),
          Command("record", _python("sitebuild", "fresh", "--record"))),
    site_directory=BUILD / "site",
    trees=(BUILD / "serve" / "pages-a", BUILD / "serve" / "pages-b"),
)


class Stages:
    """Runs a :class:`Plan` around a served tree; :meth:`stop` ends the command running."""

    def __init__(self, plan: Plan, say: Say = print) -> None:
        self.plan = plan
        self.say = say
        self._running: subprocess.Popen[str] | None = None
        self._stopped = threading.Event()
        self._starting = threading.Lock()  # no command starts once stop() has begun

    def run(self, command: Command) -> str | None:
        """Run ``command`` from the project's folder, its output printed line by line behind
        ``[name]``, then its time: None if it succeeded, else why not (its last line that
        says why, :data:`REASON`, else its last line)."""
        started = time.perf_counter()
        with self._starting:
            if self._stopped.is_set():
                return "stopped"
            # A session of its own: a Ctrl-C reaches it once, from stop(), not also from the
            # terminal (a second signal mid-clean-up would cut its one-line goodbye short).
            process = subprocess.Popen(command.argv, cwd=ROOT, text=True, errors="replace",
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       env={**os.environ, "PYTHONUNBUFFERED": "1",
                                            **command.environment}, start_new_session=True)
            self._running = process
        last = reason = ""
        with process:
            assert process.stdout is not None
            for line in process.stdout:
                if line.strip():
                    last = line.strip()
                    reason = REASON.sub("", last) if REASON.match(last) else reason
                    self.say(f"[{command.name}] {last}")
        seconds = time.perf_counter() - started
        if process.returncode == 0:
            self.say(f"[{command.name}] done in {seconds:.1f} s")
            return None
        return f"{command.name} failed after {seconds:.1f} s: {reason or last or 'no output'}"

    def first_tree(self) -> Path | None:
        """Build the pages first into the first of the plan's trees; None if that failed
        (said in one line)."""
        directory = self.plan.trees[0]
        failure = next(filter(None, map(self.run, self.plan.pages(directory))), None)
        if failure is None:
            return directory
        self.say(f"serve: the pages could not be built ({failure})")
        return None

    def fill_in(self, tree: ServedTree) -> bool:
        """Run the slow steps, swapping in each better tree as it is built; whether the
        complete site was built and is now served. A failure is said in one line, and the
        tree served stays."""
        for index, step in enumerate(self.plan.steps):
            before = freshness.fingerprint(step.outputs) if step.outputs else None
            if not self._ran(step):
                return False
            if index == len(self.plan.steps) - 1:
                break  # the complete build follows
            if before is not None and freshness.fingerprint(step.outputs) == before:
                self.say(f"serve: {step.name} changed nothing; the pages served stay")
                continue
            served = Path(tree.now().directory)
            directory = next(d for d in self.plan.trees if d != served)
            if not all(self._ran(command) for command in self.plan.pages(directory)):
                return False
            tree.swap(directory, final=False)
            self.say(f"serve: after {step.name}, the pages are served again; open pages reload")
        if not all(self._ran(command) for command in self.plan.site):
            return False
        tree.swap(self.plan.site_directory, final=True)
        self.say("serve: the complete site is served; open pages reload")
        return True

    def _ran(self, command: Command) -> bool:
        """Whether :meth:`run` succeeded; if not, and not stopped, it is said in one line."""
        failure = self.run(command)
        if failure is not None and not self._stopped.is_set():
            self.say(f"serve: {failure}; still serving the last complete site")
        return failure is None

    def fill_in_and_tidy(self, tree: ServedTree) -> None:
        """:meth:`fill_in`; once the complete site is served, remove the pages-first trees
        (after :data:`GRACE_SECONDS`, for requests that began on one to open their file)."""
        if self.fill_in(tree) and not self._stopped.wait(GRACE_SECONDS):
            for directory in self.plan.trees:
                shutil.rmtree(directory, ignore_errors=True)

    def stop(self) -> None:
        """End the command running, if any, as Ctrl-C would (killed if it has not ended
        :data:`STOP_SECONDS` later), and run no other."""
        with self._starting:
            self._stopped.set()
            running = self._running
        if running is None or running.poll() is not None:
            return
        running.send_signal(signal.SIGINT)
        try:
            running.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            running.kill()
            running.wait()


def serve(server: SiteServer, tree: ServedTree, stages: Stages | None, started: float) -> int:
    """Answer on ``server`` from ``tree`` until Ctrl-C while ``stages`` (if any) fill it in."""
    address, bound = server.server_address[:2]
    print(f"serving {tree.now().directory} on http://{address}:{bound} (Ctrl-C to stop), "
          f"{time.perf_counter() - started:.1f} s after start", flush=True)
    worker = None
    if stages is not None:
        worker = threading.Thread(target=stages.fill_in_and_tidy, args=(tree,),
                                  name="fill-in", daemon=True)
        worker.start()
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    if stages is not None and worker is not None:
        stages.stop()
        worker.join()
    server.server_close()
    return 0


def main(port: int = 8000, host: str = "127.0.0.1") -> int:
    """Serve the site, building first what is not up to date; 0 after Ctrl-C, 1 if the
    address cannot be listened on or the pages cannot be built.

    The address is taken before anything is built: one in use is said at once, not a
    minute later, and a browser opened meanwhile waits for the first page instead of being
    refused."""
    started = time.perf_counter()
    fresh = freshness.up_to_date()
    tree = ServedTree(PLAN.site_directory if fresh else PLAN.trees[0], final=fresh)
    try:
        server = make_server(tree, port, host)
    except OSError as error:
        print(unlistenable(error, host, port), file=sys.stderr)
        return 1
    if fresh:
        print("site: up to date with its inputs (nothing to render or build)", flush=True)
        return serve(server, tree, None, started)
    stages = Stages(PLAN, lambda line: print(line, flush=True))
    if stages.first_tree() is None:
        server.server_close()
        return 1
    return serve(server, tree, stages, started)
