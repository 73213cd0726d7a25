"""``make dev``: the site served for authoring, rebuilt when a page, a derivation, a scene, a
notebook or a table changes, with the browser reloaded (MkDocs' live-reload server).

Each rebuild first runs generation in a fresh fork of a warm Python
(:mod:`sitebuild.warm`, which has SymPy, SciPy and Jupytext imported but none of
the project): a long-running server would keep the derivation modules it imported
first, so an edited derivation must be imported anew. When a scene, or a library
module a scene draws, changed, the changed scenes are rendered first
(``python -m animations.render`` renders only those whose inputs changed).
Authoring mode is on: a derivation that does not verify is shown on its page as a
failure box with its error; a step that fails outright (a syntax error, say) is shown
in a box at the top of every page, above the last good fragments, and logged; the
server keeps running. Only the pages the save changed are built again (:mod:`sitebuild.dirty`).
The whole-site checks run in a forked process after the browser has reloaded, and a newer save
stops them.

    python -m sitebuild dev [--port 8000] [--host 127.0.0.1]
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from sitebuild import dirty
from sitebuild.mode import AUTHORING
from sitebuild.paths import ROOT
from sitebuild.translation.report import Paths
from sitebuild.warm import WarmPython

# Watched besides the pages and mkdocs.yml, which MkDocs watches itself.
WATCHED = ("derivations", "animations", "notebooks", "sitebuild/tables")
SHOWN_LINES = 30  # of a failed step's output in the server's log
_serving = False
_snapshot: dict[Path, tuple[int, int]] | None = None
_checking: multiprocessing.process.BaseProcess | None = None
_warm: WarmPython | None = None
_failure: str | None = None  # the last rebuild's failed steps and their output
_shown_by_every_page: tuple[object, ...] | None = None  # see age_stale_pages


def serving() -> bool:
    """True inside ``python -m sitebuild dev``: the hooks then generate via :func:`regenerate`."""
    return _serving


def _scene_source(path: Path) -> bool:
    """Whether a change to ``path`` can change a render: a scene module, or a library module of
    ``derivations`` (not the derivations themselves, which no scene imports)."""
    relative = path.relative_to(ROOT)
    return relative.suffix == ".py" and (
        relative.parts[0] == "animations"
        or (relative.parts[0] == "derivations" and len(relative.parts) == 2))


def _state() -> dict[Path, tuple[int, int]]:
    found = {}
    for folder in WATCHED:
        for path in (ROOT / folder).rglob("*.py"):
            status = path.stat()
            found[path] = (status.st_size, status.st_mtime_ns)
    return found


def changed_since_last_build() -> set[Path]:
    """The watched files added, removed or modified since the previous call (all on the first)."""
    global _snapshot
    now = _state()
    before, _snapshot = _snapshot, now
    if before is None:
        return set(now)
    return {path for path in now.keys() | before.keys() if now.get(path) != before.get(path)}


def _output(log: logging.Logger, module: str, argv: tuple[str, ...]) -> tuple[int, str]:
    """Exit status and output of ``python -m module argv…``, run in a fresh fork of the warm
    Python, or in a fresh Python if the warm one cannot start or has died."""
    global _warm
    if _warm is None or not _warm.alive():
        try:
            _warm = WarmPython(ROOT, {**os.environ, AUTHORING: "1"})
        except (OSError, RuntimeError) as error:
            log.warning("no warm Python (%s): each step starts a fresh one", error)
            _warm = None
    if _warm is not None:
        try:
            return _warm.run(module, *argv)
        except (OSError, RuntimeError) as error:  # it died mid-step (killed, say)
            log.warning("the warm Python died (%s): this step runs in a fresh one", error)
            _warm = None
    result = subprocess.run([sys.executable, "-m", module, *argv], cwd=ROOT,
                            capture_output=True, text=True, check=False,
                            env={**os.environ, AUTHORING: "1"})
    return result.returncode, result.stdout + result.stderr


def _run(log: logging.Logger, what: str, module: str, *argv: str) -> str | None:
    """Run a step (:func:`_output`); None if it succeeded, else the last lines of its output,
    also logged."""
    returncode, text = _output(log, module, argv)
    output = text.strip().splitlines()
    if returncode:
        shown = "\n".join(output[-SHOWN_LINES:])
        log.error("%s failed (the pages show why):\n%s", what, shown)
        return f"{what} failed:\n{shown}"
    if output:
        log.info("%s", output[-1])
    return None


def regenerate(log: logging.Logger) -> None:
    """Render changed scenes if a scene's sources changed, then generate in a fresh fork; what
    failed is kept for :func:`failure_banner`."""
    global _failure
    changed = changed_since_last_build()
    failures = []
    if any(_scene_source(path) for path in changed):
        failures.append(_run(log, "rendering changed scenes", "animations.render"))
    failures.append(_run(log, "generation", "sitebuild", "generate"))
    _failure = "\n\n".join(failure for failure in failures if failure) or None


def age_stale_pages(pages: list[tuple[Path, Path]], snippet_bases: list[Path],
                    log: logging.Logger) -> None:
    """Before a dirty rebuild (:mod:`sitebuild.dirty`): mark for rebuilding the built pages
    whose Markdown or included fragments changed, or all of them when what every page shows
    changed (``mkdocs.yml``: navigation, theme, extensions; the failure banner)."""
    global _shown_by_every_page
    settings = ROOT / "mkdocs.yml"
    shown_by_every_page = (settings.stat().st_mtime_ns, _failure)
    everything = shown_by_every_page != _shown_by_every_page
    _shown_by_every_page = shown_by_every_page
    aged = dirty.age_stale(pages, snippet_bases, everything)
    if aged:
        log.info("rebuilding %d of %d pages", len(aged), len(pages))


class _NoDirtyBuildWarning(logging.Filter):
    """MkDocs warns that a dirty build may leave navigation stale; here every page is rebuilt
    when ``mkdocs.yml`` changes (:func:`age_stale_pages`), so the warning would only be noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


def failure_banner() -> str:
    """Markdown for the top of every page while the last rebuild failed (a syntax error in a
    derivation, say): the author sees the error where they look, above the last good pages."""
    if _failure is None:
        return ""
    body = "\n".join(f"    {line}" for line in _failure.splitlines())
    return (f'!!! failure "The last save did not build: derivations shown are the last good '
            f'ones"\n\n'
            f"    ```text\n{body}\n    ```\n\n")


def stale_banner(page: str, paths: Paths | None = None) -> str:
    """Markdown for the top of ``page`` while a translated edition has units of it whose
    English changed since they were translated: the author who edited the English sees at once
    what the translation now lacks (a publishing build refuses them, :mod:`sitebuild.edition`).
    ``paths``: where the English pages and translations are (tests point it at copies)."""
    from sitebuild.edition import LANGUAGES
    from sitebuild.translation.findings import STALE
    from sitebuild.translation.report import check_page

    paths = paths or Paths()
    if not paths.english(page).is_file():
        return ""
    lines = []
    for lang in LANGUAGES:
        report, _ = check_page(page, lang, None, paths)
        stale = [finding.unit for finding in report.findings if finding.check == STALE]
        if stale:
            lines.append(f"    * **{lang}**: {len(stale)} stale unit(s): "
                         + ", ".join(f"`{unit}`" for unit in stale))
    if not lines:
        return ""
    return ('!!! warning "Translations made stale by edits of this page (a publishing build '
            'refuses them)"\n\n' + "\n".join(lines) + "\n\n    Revise them in "
            f"`translations/<lang>/{page}`, then `python -m sitebuild.translation accept "
            f"{page} UNIT …`.\n\n")


def check_in_background(check: Callable[[], None], log: logging.Logger) -> None:
    """Run the built-site checks (seconds: every page is parsed) in a forked process while
    the browser already reloads; what they find is logged, as every finding is while
    authoring. :func:`stop_checks` ends them if the next save comes first."""
    global _checking

    def run() -> None:
        try:
            check()
        except Exception as error:  # a finding, or a bug in a check: logged, never fatal
            log.error("site checks: %s", error)

    _checking = multiprocessing.get_context("fork").Process(target=run, name="site-checks",
                                                            daemon=True)
    _checking.start()


def stop_checks(log: logging.Logger) -> None:
    """End the last build's checks if they still run: the next build empties the folder they
    read, and their findings are about pages that are about to change."""
    if _checking is not None and _checking.is_alive():
        _checking.terminate()
        log.info("site checks of the previous build stopped: a newer save is being built")
    if _checking is not None:
        _checking.join()


def main(port: int = 8000, host: str = "127.0.0.1") -> int:
    """Serve the site for authoring until Ctrl-C."""
    global _serving
    from mkdocs.commands.serve import serve

    os.environ[AUTHORING] = "1"
    # A step writing a .pyc beside an edited derivation would wake the watcher for a second,
    # useless rebuild: the steps (forks of the warm Python, which inherits this) write none.
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    os.environ["COMPANION_STRICT"] = "false"
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    _serving = True
    logging.getLogger("mkdocs").setLevel(logging.INFO)
    logging.getLogger("mkdocs.commands.build").addFilter(_NoDirtyBuildWarning())
    serve(config_file=str(ROOT / "mkdocs.yml"), dev_addr=f"{host}:{port}",
          watch=[str(ROOT / folder) for folder in WATCHED], livereload=True,
          build_type="dirty")
    return 0
