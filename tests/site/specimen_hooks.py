"""The specimen site's hooks: KaTeX and the English interface messages served by the site, and
the same post-build checks."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from sitebuild import assets
from sitebuild.hooks import check_built_site
from sitebuild.translation import messages

CATALOGUES = "catalogues.js"  # beside the docs folder, written by tests/site/specimen.py


def on_pre_build(config: MkDocsConfig) -> None:
    docs = Path(config.docs_dir)
    assets.place({**assets.katex(), messages.SERVED_AT: docs.parent / CATALOGUES}, docs)


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    check_built_site(site, site.parent / "generated")
