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

The translated editions are served too, at the published URLs (``/ko/…``): after each English
build, each edition is built (dirty, from the config and pages folder generation has just
written, :mod:`sitebuild.edition`) into the served folder, so an edit of an English page or of a
file under ``translations/`` rebuilds the edition's page. A stale unit, or one that breaks a
check, which the strict publishing build refuses, is shown instead: the English stands in, and
a box at the top of the edition's page lists its findings (:func:`edition_banner`).

    python -m sitebuild dev [--port 8000] [--host 127.0.0.1]
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from sitebuild import dirty
from sitebuild.mode import AUTHORING
from sitebuild.paths import GENERATED, ROOT
from sitebuild.translation.report import Paths
from sitebuild.warm import WarmPython

# Watched besides the pages and mkdocs.yml, which MkDocs watches itself.
WATCHED = ("derivations", "animations", "notebooks", "sitebuild/tables")
# Watched for the translated editions: their translations and each edition's overlay.
EDITION_WATCHED = ("translations", "edition.*.yml")
SHOWN_LINES = 30  # of a failed step's output in the server's log
_serving = False
_snapshot: dict[Path, tuple[int, int]] | None = None
_checking: multiprocessing.process.BaseProcess | None = None
_warm: WarmPython | None = None
_failure: str | None = None  # the last rebuild's failed steps and their output
# What every page of the English site (key None) or of an edition (its language) showed at the
# last build: see age_stale_pages.
_shown_by_every_page: dict[str | None, tuple[object, ...]] | None = None
_seen: dict[str, dict[Path, str]] = {}  # each edition's pages' inputs at its last build


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


def watched() -> list[Path]:
    """What the server watches besides the pages and ``mkdocs.yml``: sources, translations and
    the editions' overlays."""
    paths = [ROOT / folder for folder in WATCHED]
    for pattern in EDITION_WATCHED:
        paths += sorted(ROOT.glob(pattern)) if "*" in pattern else [ROOT / pattern]
    return [path for path in paths if path.exists()]


def _mtime(path: Path) -> int:
    return path.stat().st_mtime_ns if path.exists() else 0


def _banner_inputs(lang: str | None, source: Path, paths: Paths) -> list[Path]:
    """The files a page's banner reads besides what it includes: for an English page
    (``lang`` None) its translations; for an edition's page its English page, its translation
    and the translations of the fragments the English page includes."""
    from sitebuild.edition import LANGUAGES
    from sitebuild.translation import generated

    page = source.name
    if lang is None:
        return [paths.translation(edition, page) for edition in LANGUAGES]
    english = paths.english(page)
    found = [english, paths.translation(lang, page)]
    if english.is_file():
        where = generated.paths(GENERATED, paths.translations)
        found += [where.translation(lang, name) for name in
                  dirty.SNIPPET.findall(english.read_text(encoding="utf-8"))]
    return found


def age_stale_pages(pages: list[tuple[Path, Path]], snippet_bases: list[Path],
                    log: logging.Logger, edition: str | None = None) -> None:
    """Before a dirty rebuild (:mod:`sitebuild.dirty`): mark for rebuilding the built pages
    whose Markdown, included fragments or banner's inputs changed, or all of them when what
    every page shows changed (``mkdocs.yml``, or the edition's written config: navigation,
    theme, extensions; the failure banner; an edition's glossary and its pages' headings).
    ``edition``: the language of the edition being built, None for the English site."""
    global _shown_by_every_page
    from sitebuild.edition import config

    paths = Paths()
    if edition is None:
        shown_by_every_page: tuple[object, ...] = (_mtime(ROOT / "mkdocs.yml"), _failure)
    else:  # and the pages' headings, which are the navigation's titles (titled_nav)
        shown_by_every_page = (_mtime(config.path(edition, "mkdocs")), _failure,
                               _mtime(paths.glossary(edition)),
                               tuple(str(titled_nav(source.name, source.parent))
                                     for source, _ in pages))
    shown = dict(_shown_by_every_page or {})
    everything = shown_by_every_page != shown.get(edition)
    shown[edition] = shown_by_every_page
    _shown_by_every_page = shown

    def inputs(source: Path) -> list[Path]:
        return _banner_inputs(edition, source, paths)

    if edition is None:
        aged = dirty.age_stale(pages, snippet_bases, everything, inputs)
    else:  # its fragments are rewritten in place by each generation, most with the same bytes
        aged = dirty.age_changed(pages, snippet_bases, _seen.setdefault(edition, {}),
                                 everything, inputs)
    if aged:
        log.info("rebuilding %d of %d %spages", len(aged), len(pages),
                 f"{edition} " if edition else "")


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


def edition_banner(lang: str, page: str, paths: Paths | None = None) -> str:
    """Markdown for the top of the ``lang`` edition's ``page`` while some of its units, or of
    the fragments it includes, are stale or break a check (a formula, number, markup or glossary
    term that differs): the publishing build refuses them; here the English stands in for each
    and this box lists them. Units not translated yet are not listed: the page's notice says
    so. ``paths``: where the English pages and translations are (tests point it at copies)."""
    from sitebuild.edition.pages import NOT_YET
    from sitebuild.translation import generated
    from sitebuild.translation.report import check_page, load_glossary

    paths = paths or Paths()
    english = paths.english(page)
    if not english.is_file():  # the edition's own pages (its glossary)
        return ""
    glossary = load_glossary(lang, paths)
    report, _ = check_page(page, lang, glossary, paths)
    findings = [finding for finding in report.findings if finding.check not in NOT_YET]
    where = generated.paths(GENERATED, paths.translations)
    for name in dict.fromkeys(dirty.SNIPPET.findall(english.read_text(encoding="utf-8"))):
        if where.english(name).is_file() and where.translation(lang, name).is_file():
            included, _ = check_page(name, lang, glossary, where)
            findings += [finding for finding in included.findings
                         if finding.check not in NOT_YET]
    if not findings:
        return ""
    # Each finding as code (its formulas and Markdown shown as written, never typeset), one
    # list item each, so that long ones wrap.
    lines = "\n".join(f"    * `` {' '.join(str(finding).replace('``', '` `').split())} ``"
                      for finding in findings)
    return (f'!!! warning "{len(findings)} translation unit(s) stale or failing a check (a '
            'publishing build refuses them; the English stands in)"\n\n'
            f"{lines}\n\n"
            f"    Revise them in `translations/{lang}/{page}` (a fragment's in "
            f"`translations/{lang}/generated/`), then `python -m sitebuild.translation "
            f"accept {page} UNIT …` (`accept --generated FRAGMENT UNIT` for a fragment's).\n\n")


_HEADING = re.compile(r"^# (.+?)(?:\s*\{[^}]*\})?\s*$", re.MULTILINE)


def titled_nav(nav: object, docs: Path) -> object:
    """An edition's navigation with each page's title written in, its first heading: the
    edition's navigation names pages only (their titles are their translated headings), and a
    dirty build reads only the pages it redoes, so the others would be listed as "None"."""
    if isinstance(nav, list):
        return [titled_nav(entry, docs) for entry in nav]
    if isinstance(nav, dict):
        return {name: titled_nav(value, docs) if isinstance(value, list) else value
                for name, value in nav.items()}
    if isinstance(nav, str) and (docs / nav).is_file():
        heading = _HEADING.search((docs / nav).read_text(encoding="utf-8"))
        return {heading.group(1): nav} if heading else nav
    return nav


def build_editions(site: Path, url: str, log: logging.Logger,
                   configs: dict[str, Path] | None = None) -> None:
    """After an English build while serving: build each translated edition (dirty) into
    ``site/<lang>``, served at ``url`` + ``<lang>/`` as published, from the config generation
    wrote (``configs``: a config per language, tests give their own), its ``site_url`` left as
    ``make site`` has it, so its pages link as the published ones do. An edition that fails to
    build is logged; the English site is still served."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from sitebuild.edition import LANGUAGES, config

    for lang in LANGUAGES:
        path = (configs or {}).get(lang) or config.path(lang, "mkdocs")
        if not path.is_file():
            log.warning("no %s edition served: generation has not written %s", lang, path)
            continue
        served = url.rstrip("/") + f"/{lang}/"
        try:
            settings = load_config(config_file=str(path), site_dir=str(site / lang))
            settings.nav = titled_nav(settings.nav, Path(settings.docs_dir))
            build(settings, serve_url=served, dirty=True)
        except Exception as error:  # a broken edition never stops the English site
            log.error("the %s edition did not build: %s", lang, error)


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
          watch=[str(path) for path in watched()], livereload=True, build_type="dirty")
    return 0
