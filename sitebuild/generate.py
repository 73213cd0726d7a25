"""Generation, the step before any site generator: verify every derivation, write the fragments
pages include (derivations, formulas, tables, videos, decks, notebooks' boxes, the map of results
from :mod:`sitebuild.results_map`) and place the files pages link to (KaTeX, media, decks, kits,
notebooks).

    python -m sitebuild generate

Then ``mkdocs build`` or ``zensical build`` makes the site from ``mkdocs.yml``. The
MkDocs hooks call :func:`generate` themselves, so ``mkdocs build`` alone still works;
Zensical runs no hooks, so it needs this step first. Nothing here imports MkDocs.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import yaml

from sitebuild import assets, fragments, notebooks
from sitebuild.edition import spoken
from sitebuild.edition.prepare import link_assets as link_edition_assets
from sitebuild.edition.prepare import prepare as prepare_editions
from sitebuild.mode import authoring, pages_first
from sitebuild.paths import PAGES, ROOT
from sitebuild.problems import LOG, BuildError
from sitebuild.verification import verified_records

CONFIG = ROOT / "mkdocs.yml"


@dataclass(frozen=True)
class Generated:
    """What one run of generation did."""

    derivations: int
    failed: list[str]
    fragments: list[Path]
    changed_fragments: list[Path]
    placed: list[Path]
    removed: list[Path]

    def summary(self) -> str:
        failed = f", {len(self.failed)} failing" if self.failed else ""
        return (f"{self.derivations} derivations verified{failed}; {len(self.fragments)} "
                f"fragments ({len(self.changed_fragments)} changed); {len(self.placed)} files "
                f"placed, {len(self.removed)} removed")


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without MkDocs: its ``!ENV`` tags are read as null (unused here)."""


_ConfigLoader.add_constructor("!ENV", lambda loader, node: None)


def colab_setting(config: Path = CONFIG) -> dict | None:
    """``extra.colab`` of ``mkdocs.yml``: where "Open in Colab" links point (off unless set)."""
    settings = yaml.load(config.read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}
    return (settings.get("extra") or {}).get("colab")


def generate(colab: dict | None = None, docs: Path = PAGES, log: logging.Logger = LOG
             ) -> Generated:
    """Verify, write every fragment, place every published file; :class:`BuildError` if a
    derivation does not verify (while authoring it is shown failed on its page instead) or
    one that is registered is on no page."""
    records = verified_records()
    failed = [record.slug for record in records if not record.passed]
    if failed and authoring():
        log.warning("derivations do not verify (shown as failures on their pages): %s",
                    ", ".join(failed))
    elif failed:
        raise BuildError(f"derivations do not verify: {', '.join(failed)}; "
                         "run `python -m derivations verify` to see which steps fail")
    pages = fragments.pages_including()
    unpublished = sorted({r.slug for r in records} - set(pages))
    if unpublished:
        raise BuildError(f"registered derivations on no page: {', '.join(unpublished)}")
    try:
        if not pages_first():  # pages first, the notebooks run after the pages are served
            notebooks.build()
    except notebooks.NotebookFailed as error:
        raise BuildError(f"a notebook does not run: {error}") from error
    written, changed = fragments.write_all(records, pages, colab)
    prepare_editions(log, lambda lang, docs: spoken.fragments(lang, records, pages, docs, log=log))
    # the /ko/ pages and fragments (the reports in their words), and the font assets publishes
    placed, removed = assets.publish(docs, log)
    link_edition_assets()
    return Generated(len(records), failed, written, changed, placed, removed)
