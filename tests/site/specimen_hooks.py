"""The specimen site's hooks: KaTeX served by the site, and the same post-build checks."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from sitebuild import assets
from sitebuild.hooks import check_built_site


def on_pre_build(config: MkDocsConfig) -> None:
    assets.place(assets.katex(), Path(config.docs_dir))


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    check_built_site(site, site.parent / "generated")
