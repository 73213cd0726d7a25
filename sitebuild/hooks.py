"""MkDocs hooks: generate fragments before the build, add KaTeX and videos to the site's files.

Fails fast: a derivation that does not verify, a registered derivation no
page publishes, or a missing KaTeX stops the build with a message saying what
to do.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from sitebuild import fragments
from sitebuild.mode import authoring
from sitebuild.paths import DECKS, KATEX, MEDIA
from sitebuild.verification import verified_records

log = logging.getLogger("mkdocs.hooks.companion")
KATEX_ASSETS = ("katex.min.js", "katex.min.css", "contrib/auto-render.js")


def on_pre_build(config: MkDocsConfig) -> None:
    records = verified_records()
    failed = [record.slug for record in records if not record.passed]
    if failed and authoring():
        log.warning("derivations do not verify (shown as failures on their pages): %s",
                    ", ".join(failed))
    elif failed:
        raise PluginError(
            f"derivations do not verify: {', '.join(failed)}; "
            "run `python -m derivations verify` to see which steps fail"
        )
    pages = fragments.pages_including()
    unpublished = sorted({r.slug for r in records} - set(pages))
    if unpublished:
        raise PluginError(f"registered derivations on no page: {', '.join(unpublished)}")
    written = fragments.write_all(records, pages)
    log.info("generated %d fragments from %d verified derivations", len(written), len(records))


def _generated(config: MkDocsConfig, uri: str, source: Path) -> File:
    return File.generated(config, uri, abs_src_path=str(source))


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if not (KATEX / "katex.min.js").exists():
        raise PluginError(f"KaTeX not found in {KATEX}: install the Debian package libjs-katex")
    for asset in KATEX_ASSETS:
        files.append(_generated(config, f"assets/katex/{asset}", KATEX / asset))
    for font in sorted((KATEX / "fonts").resolve().glob("*.woff2")):
        files.append(_generated(config, f"assets/katex/fonts/{font.name}", font))
    for suffix in ("*.webm", "*.mp4", "*.png"):
        for media in sorted(MEDIA.glob(suffix)):
            files.append(_generated(config, f"media/{media.name}", media))
    for files_of_scene in fragments.slide_quality_renders().values():
        for render in files_of_scene:
            files.append(_generated(config, f"media/{render.parent.name}/{render.name}", render))
    for suffix in ("*.html", "*.pdf"):
        for deck in sorted(DECKS.glob(suffix)):
            files.append(_generated(config, f"decks/{deck.name}", deck))
    return files
