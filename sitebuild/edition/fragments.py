"""An edition's generated fragments: translated where the language has translated them, else
the English under a visible notice.

Pages include generated fragments (``--8<-- "derivations/x.md"``) from the snippet base of
their config; the Korean config names ``build/editions/ko/generated``, which this module keeps
a mirror of ``build/generated``, then localises (:func:`sitebuild.translation.generated.localise`):
a fragment with a translation file (``translations/ko/generated/…``) gets its translated units,
one without shows its English under the "not yet translated" notice, and a chapter's notebook
box links the notebook in the language where one was built (``chapter-N.ko.ipynb``). A stale or
mismatched unit of a translated fragment stops the build like a page's (a warning while
authoring); in the pages-first build that `make serve` shows while renders and decks are made,
the placeholders make translations look stale, and those fragments show their English under the
notice until the complete build, which is strict, replaces them. The reports written from
templates (the verification report, the map, the checked formulas:
:mod:`sitebuild.edition.spoken`) are given to :func:`mirror` already in the language and are not
localised. The video fragments then get the language's caption track and transcript
(:func:`sitebuild.edition.scenes.localise_videos`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from sitebuild import notebooks
from sitebuild.edition import scenes
from sitebuild.mode import pages_first
from sitebuild.paths import EDITIONS, GENERATED
from sitebuild.problems import refuse
from sitebuild.translation import generated
from sitebuild.translation.findings import MISSING, UNTRANSLATED
from sitebuild.translation.report import TRANSLATIONS, english_pages
from sitebuild.written import write_if_changed

NOT_YET = frozenset({MISSING, UNTRANSLATED})


def folder(lang: str) -> Path:
    """The snippet base of the ``lang`` edition (mkdocs.<lang>.yml names it)."""
    return EDITIONS / lang / "generated"


def mirror(lang: str, english: Path = GENERATED, translations: Path = TRANSLATIONS,
           spoken: Mapping[str, str] | None = None) -> list[Path]:
    """Make :func:`folder` hold one fragment per English fragment, localised: the fragments
    written because they changed. Fragments the English no longer has are removed.
    ``spoken``: fragments already in the language (by path below ``english``), written as
    they are in place of the English ones."""
    spoken = spoken or {}
    if not english.is_dir():
        raise FileNotFoundError(f"english: no generated fragments in {english}; run "
                                "`python -m sitebuild generate` first")
    target = folder(lang)
    wanted: set[Path] = set()
    changed: list[Path] = []
    for source in sorted(english.rglob("*")):
        if source.is_file():
            name = source.relative_to(english).as_posix()
            path = target / name
            wanted.add(path)
            text = spoken[name].encode() if name in spoken else source.read_bytes()
            if write_if_changed(path, text):
                changed.append(path)
    for old in sorted(target.rglob("*")) if target.is_dir() else []:
        if old.is_file() and old not in wanted:
            old.unlink()
    changed += _localised(lang, english, target, translations, set(spoken))
    return changed + scenes.localise_videos(lang, target)


def _localised(lang: str, english: Path, target: Path, translations: Path,
               spoken: set[str]) -> list[Path]:
    """Localise the mirrored fragments in place, but the ``spoken`` ones; refuse stale or
    mismatched units of the translated ones (an untranslated fragment is never an error: it
    shows its English)."""
    where = generated.paths(english, translations)
    before = {path: path.read_bytes() for path in target.rglob("*.md")}
    only = [page for page in english_pages(where) if page not in spoken] if spoken else None
    result = generated.localise(lang, english, target, draft=True, translations=translations,
                                only=only)
    notebooks.link_translated(lang, target)  # the boxes offer the edition's own notebooks
    if pages_first():  # placeholders stand for what is still being built: their translations
        return _changed(before)  # look stale, and show the English under the notice meanwhile
    refuse([str(finding) for finding in result.findings
            if finding.check not in NOT_YET and where.translation(lang, finding.page).is_file()],
           f"{lang} translations of generated fragments stale or not matching their English",
           "revise each, then `python -m sitebuild.translation accept --generated FRAGMENT "
           "UNIT`; `python -m sitebuild.translation status --generated` lists them")
    return _changed(before)


def _changed(before: dict[Path, bytes]) -> list[Path]:
    return [path for path, old in before.items() if path.read_bytes() != old]
