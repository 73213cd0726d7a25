"""The specimen site's hooks: KaTeX served by the site, and the same post-build checks."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from sitebuild.hooks import check_built_site, katex_files


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for file in katex_files(config):
        files.append(file)
    return files


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    check_built_site(site, site.parent / "generated")
