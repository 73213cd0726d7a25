"""``make dev``: the site served for authoring, rebuilt when a page, a derivation, a scene, a
notebook or a table changes, with the browser reloaded (MkDocs' live-reload server).

Each rebuild first runs generation in a fresh process (``python -m sitebuild
generate``): a long-running server would keep the derivation modules it imported
first, so an edited derivation must be imported anew. When a scene, or a library
module a scene draws, changed, the changed scenes are rendered first
(``python -m animations.render`` renders only those whose inputs changed).
Authoring mode is on: a derivation that does not verify is shown on its page as a
failure box with its error, and a generation that fails outright (a syntax error,
say) is logged while the last good pages stay served; the server keeps running.

    python -m sitebuild dev [--port 8000] [--host 127.0.0.1]
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

from sitebuild.mode import AUTHORING
from sitebuild.paths import ROOT

# Watched besides the pages and mkdocs.yml, which MkDocs watches itself.
WATCHED = ("derivations", "animations", "notebooks", "sitebuild/tables")
SHOWN_LINES = 30  # of a failed step's output in the server's log
_serving = False
_snapshot: dict[Path, tuple[int, int]] | None = None


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


def _run(log: logging.Logger, what: str, *command: str) -> bool:
    """Run a step in a fresh Python; log its last lines as an error if it fails."""
    result = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, AUTHORING: "1"}, check=False)
    output = (result.stdout + result.stderr).strip().splitlines()
    if result.returncode:
        log.error("%s failed (the server keeps the last good pages):\n%s", what,
                  "\n".join(output[-SHOWN_LINES:]))
        return False
    if output:
        log.info("%s", output[-1])
    return True


def regenerate(log: logging.Logger) -> None:
    """Render changed scenes if a scene's sources changed, then generate in a fresh process."""
    changed = changed_since_last_build()
    if any(_scene_source(path) for path in changed):
        _run(log, "rendering changed scenes", "-m", "animations.render")
    _run(log, "generation", "-m", "sitebuild", "generate")


def main(port: int = 8000, host: str = "127.0.0.1") -> int:
    """Serve the site for authoring until Ctrl-C."""
    global _serving
    from mkdocs.commands.serve import serve

    os.environ[AUTHORING] = "1"
    os.environ["COMPANION_STRICT"] = "false"
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    _serving = True
    logging.getLogger("mkdocs").setLevel(logging.INFO)
    serve(config_file=str(ROOT / "mkdocs.yml"), dev_addr=f"{host}:{port}",
          watch=[str(ROOT / folder) for folder in WATCHED], livereload=True)
    return 0
