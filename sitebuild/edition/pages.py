"""An edition's pages folder: every English page, translated as far as its translation goes.

For each English page ``site/<page>.md``:

* translated (all units current): the translated page;
* partly translated (units missing, or stale ones while authoring): the translation with the
  English standing in, under a notice saying so;
* not started: the English page under a notice, its text marked ``lang="en"`` so that screen
  readers, hyphenation and fonts treat it as English inside a Korean site.

Units that are stale (the English changed since they were translated) or that break a check
(a formula, number, markup or glossary term that differs) stop a publishing build, listed;
while authoring they are warnings and the English stands in (:mod:`sitebuild.translation.report`).
The folder also gets the glossary page and (:func:`link_assets`) hard links to everything else
in ``site/`` (styles, scripts, KaTeX, media), so both generators publish the same files under
``/<lang>/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sitebuild.assets import place
from sitebuild.edition import scenes
from sitebuild.paths import EDITIONS, PAGES
from sitebuild.problems import refuse
from sitebuild.translation import glossary as glossary_module
from sitebuild.translation.findings import MISSING, UNTRANSLATED, Finding
from sitebuild.translation.report import Paths, check_page, english_pages, load_glossary
from sitebuild.written import write_if_changed

GLOSSARY_PAGE = "glossary.md"
# Findings that only mean "not translated yet": the English stands in, the build goes on.
NOT_YET = frozenset({MISSING, UNTRANSLATED})
# What each edition says above a page it does not (fully) translate, in its own language.
NOTICES = {
    "ko": {
        "title": "번역 중",
        "untranslated": "이 페이지는 아직 번역되지 않았습니다. 아래는 영어 원문입니다.",
        "partial": "이 페이지는 일부만 번역되었습니다. 번역되지 않은 부분은 영어 원문으로 "
                   "보입니다.",
    },
}


@dataclass(frozen=True)
class PageState:
    """One page of an edition: how much is translated, and what must stop a publishing build."""

    page: str
    translated: int
    total: int
    blocking: tuple[Finding, ...]

    @property
    def complete(self) -> bool:
        return self.translated == self.total and not self.blocking


def docs(lang: str) -> Path:
    """The pages folder of the ``lang`` edition (mkdocs.<lang>.yml names it as docs_dir)."""
    return EDITIONS / lang / "docs"


def notice(lang: str, kind: str) -> str:
    """The raw-HTML notice above a page shown (partly) in English: an admonition box, in the
    edition's language."""
    words = NOTICES.get(lang)
    if words is None:
        raise ValueError(f"lang: no notices for {lang!r}; add them to NOTICES")
    return (f'<div class="admonition warning companion-translation-notice" '
            f'data-translation="{kind}">\n<p class="admonition-title">{words["title"]}</p>\n'
            f"<p>{words[kind]}</p>\n</div>\n\n")


def _split_front_matter(text: str) -> tuple[str, str]:
    """(the front matter with its fences and a newline, the rest): a notice goes after it."""
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end != -1:
            return text[:end + 5], text[end + 5:]
    return "", text


def with_notice(text: str, lang: str, kind: str) -> str:
    """``text`` (a page) with the notice after its front matter; an untranslated page's body
    is wrapped in ``<div lang="en">`` (Markdown inside still rendered)."""
    front, body = _split_front_matter(text)
    if kind == "untranslated":
        body = f'<div lang="en" markdown="1">\n\n{body.strip()}\n\n</div>\n'
    return front + notice(lang, kind) + body


def page_text(page: str, lang: str, paths: Paths) -> tuple[str, PageState]:
    """The ``lang`` edition of ``page`` and its state."""
    report, text = check_page(page, lang, load_glossary(lang, paths), paths)
    blocking = tuple(finding for finding in report.findings if finding.check not in NOT_YET)
    state = PageState(page, report.translated, report.total, blocking)
    if not report.started:
        return with_notice(text, lang, "untranslated"), state
    if state.translated < state.total or blocking:
        return with_notice(text, lang, "partial"), state
    return text, state


def link_assets(lang: str, pages: Path = PAGES) -> None:
    """Give the edition's folder every file of ``pages`` that is not a page (styles, scripts,
    and what generation places there: KaTeX, the font, media), hard-linked
    (:func:`sitebuild.assets.place`; Zensical does not follow symbolic links to folders), so both
    generators publish them under ``/<lang>/`` too, with the edition's own caption tracks and
    transcripts (:mod:`sitebuild.edition.scenes`). Run after generation has placed its files
    (:func:`sitebuild.generate.generate`)."""
    files = {path.relative_to(pages).as_posix(): path for path in sorted(pages.rglob("*"))
             if path.is_file() and path.suffix != ".md"}
    files |= scenes.published(lang)  # the edition's own caption tracks and transcripts
    folders = tuple(sorted({uri.split("/")[0] for uri in files if "/" in uri}))
    place(files, docs(lang), folders)


def write(lang: str, paths: Paths | None = None, target: Path | None = None
          ) -> list[PageState]:
    """Write the ``lang`` edition's pages folder (``target``, default :func:`docs`);
    :class:`~sitebuild.problems.BuildError` (a warning while authoring) listing every stale or
    mismatched unit. ``paths``: where the English pages and translations are (tests point it
    at copies)."""
    paths = paths or Paths()
    target = target or docs(lang)
    target.mkdir(parents=True, exist_ok=True)
    states = []
    wanted = {target / GLOSSARY_PAGE}
    for page in english_pages(paths):
        text, state = page_text(page, lang, paths)
        write_if_changed(target / page, text)
        wanted.add(target / page)
        states.append(state)
    glossary = load_glossary(lang, paths)
    if glossary is None:
        raise FileNotFoundError(f"lang: no glossary {paths.glossary(lang)}")
    write_if_changed(target / GLOSSARY_PAGE, glossary_module.page(glossary))
    for old in sorted(target.glob("*.md")):
        if old not in wanted:
            old.unlink()
    refuse([str(finding) for state in states for finding in state.blocking],
           f"{lang} translation units stale or not matching their English",
           "revise each, then `python -m sitebuild.translation accept PAGE UNIT`; "
           "`python -m sitebuild.translation status` lists them")
    return states
