"""Everything an edition's build reads, made ready before MkDocs or Zensical runs.

Generation (:func:`sitebuild.generate.generate`) calls :func:`prepare` after writing the English
fragments and before publishing files, and :func:`link_assets` after, so the ``/ko/`` pages,
their fragments and the Hangul font that both editions serve are in place for either generator.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources import files as package_files
from pathlib import Path

from sitebuild.edition import LANGUAGES, config, font, fragments, pages
from sitebuild.paths import PAGES
from sitebuild.problems import LOG
from sitebuild.translation import messages, templates

# The themes' own Korean labels (search, navigation), drawn with the served font too.
THEME_LABELS = (("material", "templates/partials/languages/ko.html"),
                ("zensical", "templates/partials/languages/ko.html"))


@dataclass(frozen=True)
class Prepared:
    """What :func:`prepare` did, for the build log."""

    states: dict[str, list[pages.PageState]]
    fragments_changed: int
    font_written: bool

    def summary(self) -> str:
        parts = []
        for lang, states in self.states.items():
            complete = sum(1 for state in states if state.complete)
            started = sum(1 for state in states if state.translated)
            parts.append(f"{lang}: {complete} of {len(states)} pages translated, "
                         f"{started - complete} in part")
        return "; ".join(parts) + (f"; {self.fragments_changed} edition fragments changed"
                                   + ("; Hangul font rebuilt" if self.font_written else ""))


def theme_labels() -> list[Path]:
    """The installed themes' Korean label files (a theme not installed has none)."""
    found = []
    for package, relative in THEME_LABELS:
        try:
            path = Path(str(package_files(package) / relative))
        except ModuleNotFoundError:
            continue
        if path.is_file():
            found.append(path)
    return found


def prepare(log: logging.Logger = LOG,
            spoken: Callable[[str, Path], Mapping[str, str]] | None = None) -> Prepared:
    """Every edition's pages folder and fragments, the scripts' messages in every language
    (:mod:`sitebuild.translation.messages`), then the font for all their Hangul. ``spoken``:
    the fragments an edition's generators write in its language, given the language and its
    pages folder (:func:`sitebuild.edition.spoken.fragments`), written in place of the English."""
    states: dict[str, list[pages.PageState]] = {}
    changed = 0
    texts = sorted(PAGES.glob("*.md")) + theme_labels()
    for lang in LANGUAGES:
        config.write(lang)
        states[lang] = pages.write(lang)
        said = spoken(lang, pages.docs(lang)) if spoken is not None else None
        changed += len(fragments.mirror(lang, spoken=said))
        texts += [config.overlay_path(lang), *sorted(pages.docs(lang).glob("*.md"))]
        texts += sorted(path for path in fragments.folder(lang).rglob("*.md"))
    messages.write(LANGUAGES, log=log)
    texts += messages.translation_files(LANGUAGES)
    texts += messages.translation_files(LANGUAGES, templates.paths())
    prepared = Prepared(states, changed, font.build(texts))
    log.info("editions: %s", prepared.summary())
    return prepared


def link_assets() -> None:
    """Every edition's links to the files generation placed in ``site/`` (after it placed them)."""
    for lang in LANGUAGES:
        pages.link_assets(lang)
