"""MkDocs hooks: run generation before the build and the built-site checks after it.

The work is :mod:`sitebuild.generate` and :mod:`sitebuild.postbuild`, which any
generator can use; these hooks only call them and turn their
:class:`~sitebuild.problems.BuildError` into MkDocs' ``PluginError``, so
``mkdocs build`` alone still builds the complete site.

Fails fast: a derivation that does not verify, a registered derivation no
page publishes, a missing KaTeX, a video that does not match its render stamp,
or a built page that leaks LaTeX source, shows an unchecked display formula or
links nowhere stops the build with a message saying what to do. While authoring
(``COMPANION_AUTHORING=1``) the same findings are warnings, so one mistake does
not stop the server.

The Korean edition (``build/mkdocs.ko.yml``, :mod:`sitebuild.edition`) runs the same hooks: it
generates nothing (the English build's generation prepared its pages and fragments) and checks
its own built site against its own fragments. Under ``make dev`` the English build builds it
into ``/ko/`` of the served site (:func:`sitebuild.dev.build_editions`), each page under a box
listing its stale or failing units.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from sitebuild import dev, dirty, generate, postbuild
from sitebuild.edition import LANGUAGES, fragments
from sitebuild.paths import GENERATED, PAGES, ROOT
from sitebuild.problems import BuildError

log = logging.getLogger("mkdocs.hooks.companion")


@contextlib.contextmanager
def _as_plugin_error() -> Iterator[None]:
    try:
        yield
    except BuildError as error:
        raise PluginError(str(error)) from error


def _edition(config: MkDocsConfig) -> str | None:
    """The language of a translated edition's build (``/ko/``), None for the English site."""
    language = config.theme.get("language") or "en"
    return None if language == "en" else language


def on_pre_build(config: MkDocsConfig) -> None:
    if _edition(config):  # the English build's generation prepared its pages and fragments
        return
    if dev.serving():  # `make dev`: generation in a fresh process, which sees edited modules
        dev.stop_checks(log)  # the last build's checks read the folder this one cleans
        dev.regenerate(log)
        return
    with _as_plugin_error():
        done = generate.generate(config.extra.get("colab"),
                                 Path(config.docs_dir) if config.docs_dir else PAGES, log)
    log.info("generation: %s", done.summary())


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """While authoring, mark the built pages a save changed for the dirty rebuild."""
    if dev.serving():
        bases = config.mdx_configs.get("pymdownx.snippets", {}).get("base_path", [])
        dev.age_stale_pages(
            [(Path(file.abs_src_path), Path(file.abs_dest_path))
             for file in files.documentation_pages() if file.abs_src_path],
            [ROOT / base for base in ([bases] if isinstance(bases, str) else bases)], log,
            _edition(config))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig | None = None,
                     **_: object) -> str:
    """While authoring with ``make dev``, a failed rebuild is announced on every page; on an
    English page, the translated units an edit of the page made stale; on an edition's page,
    its units (and its fragments') that are stale or fail a check, which the publishing build
    refuses."""
    if not dev.serving():
        return markdown
    if config is not None and (edition := _edition(config)):
        return dev.failure_banner() + dev.edition_banner(edition, page.file.src_uri) + markdown
    return dev.failure_banner() + dev.stale_banner(page.file.src_uri) + markdown


def check_built_site(site: Path, generated: Path | None) -> None:
    """:func:`sitebuild.postbuild.check_built_site`, failing as MkDocs expects."""
    with _as_plugin_error():
        postbuild.check_built_site(site, generated, log)


def _checks(site: Path) -> None:
    """The English site's checks, then each edition's (served inside it, at ``/<lang>/``)."""
    check_built_site(site, GENERATED)
    for edition in LANGUAGES:
        if (site / edition / "index.html").is_file():
            check_built_site(site / edition, fragments.folder(edition))


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    search_index = site / "search" / "search_index.json"
    if edition := _edition(config):
        if dev.serving():  # checked with the English site's, after the reload
            if search_index.exists():
                dirty.mend_search_index(search_index)
            return
        check_built_site(site, fragments.folder(edition))
        return
    if dev.serving():  # `make dev`: the editions are built, the pages reload, the checks follow
        if search_index.exists():
            dirty.mend_search_index(search_index)
        dev.build_editions(site, config.site_url or "/", log)
        dev.check_in_background(lambda: _checks(site), log)
        return
    check_built_site(site, GENERATED)
