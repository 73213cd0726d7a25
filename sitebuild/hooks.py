"""MkDocs hooks: generate fragments before the build, add KaTeX and videos to the site's files,
check the built site after it.

Fails fast: a derivation that does not verify, a registered derivation no
page publishes, a missing KaTeX, a video that does not match its render stamp,
or a built page that leaks LaTeX source, shows an unchecked display formula or
links nowhere stops the build with a message saying what to do. While authoring
(``COMPANION_AUTHORING=1``) the same findings are warnings, so one mistake does
not stop the server.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from animations import stamps
from sitebuild import fragments, notebooks
from sitebuild.display_math import generated_formulas
from sitebuild.mode import authoring
from sitebuild.paths import DECKS, GENERATED, KATEX, MEDIA
from sitebuild.search_math import rewrite_index
from sitebuild.sitecheck import check_site
from sitebuild.verification import verified_records

log = logging.getLogger("mkdocs.hooks.companion")
KATEX_ASSETS = ("katex.min.js", "katex.min.css", "contrib/auto-render.js")
SHOWN_PROBLEMS = 40  # a build log with thousands of lines helps nobody; the count says the rest


def refuse(problems: list[str], what: str, fix: str) -> None:
    """Stop the build over ``problems`` (only warn while authoring)."""
    if not problems:
        return
    shown = problems[:SHOWN_PROBLEMS]
    more = f"\n  … and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
    message = f"{len(problems)} {what}; {fix}:\n  " + "\n  ".join(shown) + more
    if authoring():
        log.warning(message)
    else:
        raise PluginError(message)


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
    notebooks.build()
    written = fragments.write_all(records, pages, config.extra.get("colab"))
    log.info("generated %d fragments from %d verified derivations", len(written), len(records))


def _generated(config: MkDocsConfig, uri: str, source: Path) -> File:
    return File.generated(config, uri, abs_src_path=str(source))


def katex_files(config: MkDocsConfig) -> list[File]:
    """KaTeX's script, style, auto-render and fonts, served by the site itself (no CDN)."""
    if not (KATEX / "katex.min.js").exists():
        raise PluginError(f"KaTeX not found in {KATEX}: install the Debian package libjs-katex")
    files = [_generated(config, f"assets/katex/{asset}", KATEX / asset) for asset in KATEX_ASSETS]
    files += [_generated(config, f"assets/katex/fonts/{font.name}", font)
              for font in sorted((KATEX / "fonts").resolve().glob("*.woff2"))]
    return files


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for file in katex_files(config):
        files.append(file)
    kits = DECKS.parent / "kits"  # lecture kits: python -m animations.kit
    folders = [MEDIA, DECKS, kits,
               *sorted(p for p in MEDIA.parent.glob("*") if p.is_dir() and p != MEDIA)]
    refuse([problem for folder in folders for stamp in sorted(folder.glob("*.json"))
            for problem in stamps.problems(stamp)],
           "rendered media that do not match their render stamps",
           "render them again (`python -m animations.render --force SCENE`)")
    for suffix in ("*.webm", "*.mp4", "*.png", "*.vtt", "*.txt"):
        for media in sorted(MEDIA.glob(suffix)):
            files.append(_generated(config, f"media/{media.name}", media))
    for files_of_scene in fragments.slide_quality_renders().values():
        for render in files_of_scene:
            files.append(_generated(config, f"media/{render.parent.name}/{render.name}", render))
    for suffix in ("*.html", "*.pptx", "*.pdf"):
        for deck in sorted(DECKS.glob(suffix)):
            files.append(_generated(config, f"decks/{deck.name}", deck))
    for kit in sorted(kits.glob("*.zip")):
        files.append(_generated(config, f"kits/{kit.name}", kit))
    for notebook in sorted(notebooks.NOTEBOOKS.glob("*.ipynb")):
        files.append(_generated(config, f"notebooks/{notebook.name}", notebook))
    return files


def check_built_site(site: Path, generated: Path | None) -> None:
    """Typeset-ready search index, then every check of :mod:`sitebuild.sitecheck`.

    ``generated`` is the folder of generated fragments whose display formulas
    count as checked; None accepts any formula in a theorem box.
    """
    rewrite_index(site)
    report = check_site(site, generated_formulas(generated) if generated else None)
    log.info("site checks: %s", report.summary())
    refuse([str(leak) for leak in report.leaks], "places where a reader sees LaTeX source or a "
           "Unicode stand-in for math", "write the formula between $…$ (in a heading or caption, "
           "say it in words)")
    refuse(report.display, "display formulas that are not checked",
           'include the checked step (`--8<-- "formulas/SLUG/LABEL.md"`) or mark the block '
           '`!!! unchecked "Not checked by machine"`')
    refuse(report.references, "references that lead nowhere", "fix the link or the id")


def on_post_build(config: MkDocsConfig) -> None:
    check_built_site(Path(config.site_dir), GENERATED)
