"""One lecture deck per chapter: offline single-file HTML, PowerPoint with its videos and notes,
and a vector PDF handout.

    python -m lectures.decks                             # every chapter, skipping unchanged
    python -m lectures.decks --chapter 2 --theme light   # for a projector
    python -m lectures.decks --chapter 1 --quality high --params mine.toml
    python -m lectures.decks --chapter 2 --lang ko       # in Korean: chapter-2.ko.*

A deck follows its chapter page (:mod:`lectures.plan`): a title slide, then
each result the chapter states — its statement, conclusion and hypotheses from the
checked derivation, the scope of the check, the proof's steps as speaker notes —
followed by the animations that show it, pausing at each beat, with their
narration as notes (:mod:`lectures.slides`); notes spell math in Unicode. The
slides are rendered with manim-slides: the HTML embeds its videos and reveal.js
(shipped by the sphinx-revealjs package), so it opens from a USB stick with no
network, and its tab is titled by the chapter. The PowerPoint deck
(:mod:`lectures.powerpoint`) is written for a teacher to edit: titles, theorems and
notes as text, each beat a video. The PDF handout (:mod:`lectures.handout`) draws each
slide's last state as vector graphics, one page per distinct slide, with its
title and notes as text. ``--quality high`` renders the
videos at 1080p. Scene inputs (``--set``, ``--params``; see
:mod:`animations.render`) apply to the chapter's scenes, and such a deck is named
after them, beside the default one. Output:
``build/decks/chapter-N[-light][-high][--inputs--digest][.ko].{html,pptx,pdf,json}``.

``--lang ko`` (default ``en``; the accepted values are :data:`lectures.language.LANGUAGES`)
builds the deck in Korean, beside the English one as ``chapter-N….ko.*``: titles, statements,
hypotheses' glosses and the proof steps' reasons from the checked Korean theorem boxes
(``translations/ko/generated/derivations/``), the chapter's title from its Korean page, the
scenes rendered with Korean words on screen (as ``python -m animations.render --lang ko``
renders them) and their Korean narration as the notes, the slides' own labels from
``sitebuild/lectures.toml``'s Korean templates (:mod:`lectures.language`). Hangul is set in
NanumGothic (Debian's ``fonts-nanum``) on the slides, in the PowerPoint deck and in the handout;
the formulas are the English deck's. A Korean unit the deck needs that is missing, stale or
fails the site's checks stops the build before anything renders, one line naming each unit;
English never stands in. The Korean translations are inputs of the deck's stamp: revising one
rebuilds it.

As with renders (:mod:`animations.render`), a deck is built in a scratch folder,
renamed into place and stamped last with each file's size and SHA-256; one build
at a time writes ``build/decks``; Ctrl-C leaves no half-written deck. Exit codes:
see :mod:`animations.cli`.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from animations import catalogue, cli, parameters, stamps, texcache, workers
from animations.request import Request
from animations.toolchain import require_latex, run_tool
from derivations.engine.records import records
from foundation.palette import THEMES
from lectures import language, plan
from lectures.powerpoint import write_pptx

DECKS = catalogue.ROOT / "build" / "decks"
QUALITIES = {"draft": "l", "medium": "m", "high": "h"}
FORMATS = (".html", ".pptx", ".pdf")
SCRATCH_PREFIX = ".deck-"
PLACEHOLDER = "__REVEAL__"
CSS_IMPORT = re.compile(r"@import url\([^)]*\);?")
ASSET = re.compile(
    rf'<link rel="stylesheet" href="{PLACEHOLDER}/([^"]+)">|'
    rf'<script src="{PLACEHOLDER}/([^"]+)"></script>'
)


def reveal_root() -> Path:
    """reveal.js as the sphinx-revealjs package ships it (found without importing Sphinx)."""
    spec = importlib.util.find_spec("sphinx_revealjs")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("sphinx-revealjs is not installed: it provides the offline reveal.js")
    return Path(spec.submodule_search_locations[0]) / "_static" / "revealjs"


def reveal_file(path: str) -> Path:
    """The local file for a reveal.js CDN path: ``dist/plugin/notes.js`` → plugin/notes/notes.js."""
    root = reveal_root()
    candidates = [root / path]
    if path.startswith("dist/plugin/"):
        rest = path.removeprefix("dist/plugin/")
        stem = rest.split("/")[0].removesuffix(".js")
        candidates += [root / "plugin" / rest, root / "plugin" / stem / rest]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise RuntimeError(f"reveal.js asset {path!r} not found under {root}")


def inline_reveal(page: str) -> str:
    """Replace every reveal.js link and script by its content: no request leaves the file."""

    def inline(match: re.Match[str]) -> str:
        stylesheet, script = match.groups()
        text = reveal_file(stylesheet or script).read_text(encoding="utf-8")
        if stylesheet:
            # Theme web fonts would be fetched by @import; the theme's own fallbacks suffice.
            return f"<style>\n{CSS_IMPORT.sub('', text)}\n</style>"
        return "<script>\n" + text.replace("</script", "<\\/script") + "\n</script>"

    inlined = ASSET.sub(inline, page)
    if PLACEHOLDER in inlined:
        raise RuntimeError("a reveal.js reference was left un-inlined")
    # An empty icon, so the browser does not ask a server for /favicon.ico.
    return inlined.replace("<head>", '<head>\n    <link rel="icon" href="data:,">', 1)


_NOTES = re.compile(r'<aside class="notes" data-markdown>(.*?)</aside>', re.DOTALL)


def plain_notes(html_text: str) -> str:
    """Speaker notes as the text they are, line breaks kept: manim-slides writes them
    unescaped for reveal.js's Markdown, which would read the ``_`` of a formula's subscript
    as emphasis and a ``<`` as a tag."""
    return _NOTES.sub(lambda found: '<aside class="notes"><p style="white-space: pre-wrap">'
                      f"{html.escape(found.group(1).strip(), quote=False)}</p></aside>",
                      html_text)


def deck_name(chapter: int, theme: str, quality: str = "draft",
              overrides: dict[str, dict] | None = None, lang: str = "en") -> str:
    """``chapter-N`` for the site's deck, with ``-light``, ``-high`` and the scene inputs (as
    a render names them) when they differ, and ``.ko`` for a deck in Korean."""
    name = (f"chapter-{chapter}" + ("" if theme == "dark" else f"-{theme}")
            + ("" if quality == "draft" else f"-{quality}"))
    chosen = chapter_overrides(chapter, overrides)
    if chosen:
        digest = hashlib.sha256(json.dumps(
            {scene: parameters.canonical(values) for scene, values in sorted(chosen.items())}
        ).encode()).hexdigest()[:10]
        name = f"{name}{parameters.NAME_SEPARATOR}{'-'.join(sorted(chosen))[:40]}" \
               f"{parameters.NAME_SEPARATOR}{digest}"
    return name if lang == "en" else f"{name}.{lang}"


def output(base: Path, suffix: str) -> Path:
    """The file of the deck ``base`` (``DECKS / deck_name(…)``) with ``suffix``: appended,
    since a Korean deck's name ends in ``.ko``."""
    return base.with_name(base.name + suffix)


def chapters() -> list[int]:
    """The chapters that have a deck: those with scenes."""
    return sorted({entry.chapter for entry in catalogue.scenes().values()})


def chapter_scenes(chapter: int) -> list[catalogue.SceneEntry]:
    return plan.scenes(chapter)


def chapter_overrides(chapter: int, overrides: dict[str, dict] | None) -> dict[str, dict]:
    """The non-default inputs of ``chapter``'s scenes among ``overrides``."""
    names = {entry.name for entry in chapter_scenes(chapter)}
    return {scene: values for scene, values in (overrides or {}).items()
            if values and scene in names}


def deck_hash(chapter: int, theme: str, quality: str = "draft",
              overrides: dict[str, dict] | None = None, lang: str = "en") -> str:
    """Digest of every input of a chapter's deck: its scenes' inputs, the modules that make the
    slides (with the derivations they state), the chapter page, the settings, and for a deck
    in another language the translations it says its words from."""
    digest = hashlib.sha256(f"{theme} {quality}".encode() + (
        b"" if lang == "en" else f" {lang}".encode()))
    for path in language.translation_files(lang):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    chosen = chapter_overrides(chapter, overrides)
    for entry in chapter_scenes(chapter):
        values = chosen.get(entry.name, {})
        digest.update(catalogue.input_hash(entry, "deck", parameters.canonical(values)).encode())
    for path in sorted({*catalogue.dependencies("lectures.decks"),
                        *catalogue.dependencies("lectures.handout")}):
        digest.update(path.read_bytes())
    digest.update(plan.page(chapter).read_bytes())
    return digest.hexdigest()


def is_up_to_date(chapter: int, theme: str, quality: str = "draft",
                  overrides: dict[str, dict] | None = None, lang: str = "en") -> bool:
    """True if the stamp matches the current inputs and its files are exactly the stamped ones."""
    name = deck_name(chapter, theme, quality, overrides, lang)
    stamp_path = DECKS / f"{name}.json"
    if stamps.problems(stamp_path):
        return False
    stamp = stamps.read(stamp_path)
    return (set(stamp["files"]) == {f"{name}{suffix}" for suffix in FORMATS}
            and stamp.get("input_hash") == deck_hash(chapter, theme, quality, overrides, lang))


def build_deck(chapter: int, theme: str, quality: str = "draft",
               overrides: dict[str, dict] | None = None, lang: str = "en") -> float:
    """Render and convert one chapter's deck in a scratch folder, then publish and stamp it;
    :class:`lectures.language.TranslationMissing` naming each unit a deck in ``lang`` lacks."""
    from lectures import slides  # imports every scene: only once the theme has been checked

    started = time.perf_counter()
    checked = records(plan.results(chapter))
    unchecked = [r.slug for r in checked if not r.passed]
    if unchecked:  # a slide states only what verifies (verdicts are reused when unchanged)
        raise RuntimeError(f"chapter {chapter}: {', '.join(unchecked)} do(es) not verify; "
                           f"run `python -m derivations verify` to see which steps fail")
    language.check(chapter, lang)  # every word said, before anything renders
    names = [slides.item_name(item) for item in plan.plan(chapter)]
    title = language.say(lang, "deck.chapter-title", number=chapter,
                         title=language.chapter_title(chapter, lang))
    drawn = Request(theme, chapter_overrides(chapter, overrides), lang)
    base = DECKS / deck_name(chapter, theme, quality, overrides, lang)
    DECKS.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{chapter}-", dir=DECKS))
    try:
        # manim-slides runs Manim in a process of its own: a config file hands it the folder
        # of typeset formulas seeded from the checkout's store (animations.texcache).
        with texcache.private_folder() as tex:
            settings = work / "manim.cfg"
            settings.write_text(f"[CLI]\ntex_dir = {tex}\n", encoding="utf-8")
            run_tool("manim_slides", ["render", "--config_file", str(settings),
                                      f"-q{QUALITIES[quality]}", "--disable_caching",
                                      "--progress_bar", "none", slides.__file__, *names],
                     work, drawn)
        run_tool("manim_slides", ["convert", "--to", "html", "-cone_file=true",
                                  f"-ccdn_url={PLACEHOLDER}", f"-ctitle={title}",
                                  f"-cbackground_color={THEMES[theme].background}", *names,
                                  "deck.html"], work)
        run_tool("lectures.handout", [str(work / "deck.pdf"), "--formulas",
                                      str(work / "formulas"), *names], work, drawn)
        write_pptx(work / "deck.pptx", chapter, theme, title, work,
                   {r.slug: r.scope_label for r in checked}, lang)
        page = (work / "deck.html").read_text(encoding="utf-8")
        page = page.replace("<html>", f'<html lang="{lang}">', 1)
        (work / "inlined.html").write_text(plain_notes(inline_reveal(page)), encoding="utf-8")
        seconds = time.perf_counter() - started
        stamps.publish(output(base, ".json"), {
            "chapter": chapter, "title": title, "theme": theme, "quality": quality,
            **({"lang": lang} if lang != "en" else {}),
            "parameters": chapter_overrides(chapter, overrides),
            "slides": names,
            "input_hash": deck_hash(chapter, theme, quality, overrides, lang),
            "build_seconds": round(seconds, 1),
        }, {work / "inlined.html": output(base, ".html"),
            work / "deck.pptx": output(base, ".pptx"),
            work / "deck.pdf": output(base, ".pdf")})
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return seconds


def remove_scratch() -> None:
    """Delete scratch folders that an interrupted or killed build left (the lock is held)."""
    for leftover in DECKS.glob(f"{SCRATCH_PREFIX}*"):
        shutil.rmtree(leftover, ignore_errors=True)


def build_decks(chapters: list[int], theme: str, jobs: int, force: bool = False,
                lock_timeout: float = 3600.0, quality: str = "draft",
                overrides: dict[str, dict] | None = None, lang: str = "en") -> int:
    """Build the decks of ``chapters`` that changed; the number that failed."""
    failed = []

    def report(name: str, succeeded: bool, value: object) -> None:
        if succeeded:
            base = DECKS / deck_name(int(name.split()[-1]), theme, quality, overrides, lang)
            print(f"{name}: deck built in {value:.1f} s → {cli.shown(base)}.html, .pptx, .pdf",
                  flush=True)
        else:
            failed.append(name)
            print(f"{name}: FAILED\n    " + str(value).replace("\n", "\n    "), flush=True)

    with stamps.folder_lock(DECKS, lambda line: print(line, flush=True), lock_timeout):
        remove_scratch()
        try:
            pending = [c for c in chapters
                       if force or not is_up_to_date(c, theme, quality, overrides, lang)]
            for chapter in chapters:
                if chapter not in pending:
                    print(f"chapter {chapter}: deck unchanged, skipped", flush=True)
            if pending:  # a deck takes minutes: say what is coming before the first lands
                print(f"building {len(pending)} deck(s) with {min(jobs, len(pending))} "
                      f"job(s)…", flush=True)
            workers.run_each(
                [(f"chapter {c}", lambda c=c: build_deck(c, theme, quality, overrides, lang))
                 for c in pending], jobs, report)
        finally:
            remove_scratch()
    return len(failed)


def untranslated(chapters: list[int], lang: str) -> list[str]:
    """Every unit the decks of ``chapters`` in ``lang`` need and lack (missing, stale or
    failing a check), one line each, each named once."""
    problems: list[str] = []
    for chapter in chapters:
        try:
            language.check(chapter, lang)
        except language.TranslationMissing as error:
            problems += [problem for problem in error.problems if problem not in problems]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = cli.Parser(prog="python -m lectures.decks", description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chapter", type=int, action="append",
                        help="chapter(s) to build (default: all); a chapter given twice is "
                             "built once")
    cli.add_theme(parser, "light reads better on projectors")
    parser.add_argument("--quality", choices=QUALITIES, default="draft",
                        help="the videos' resolution: draft 480p15, medium 720p30, high 1080p60")
    cli.add_parameters(parser)
    parser.add_argument("--lang", choices=language.LANGUAGES, default="en",
                        help="the deck's language (default: en); ko writes chapter-N.ko.* "
                             "from the checked Korean translations")
    parser.add_argument("--force", action="store_true", help="rebuild even if unchanged")
    parser.add_argument("--jobs", type=cli.positive_integer, default=os.cpu_count() or 1,
                        help="decks built in parallel (default: number of cores)")
    arguments = parser.parse_args(argv)
    theme = cli.theme(parser, arguments.theme)  # before any scene module reads the variable
    with_decks = chapters()
    unknown = [c for c in arguments.chapter or [] if c not in with_decks]
    if unknown:
        parser.error(f"no chapter {', '.join(map(str, unknown))}; chapters with scenes: "
                     f"{', '.join(map(str, with_decks))}")
    selected = cli.unique(arguments.chapter, "chapter") if arguments.chapter else with_decks
    entries = {entry.name: entry for chapter in selected for entry in chapter_scenes(chapter)}
    overrides = cli.parameters(parser, arguments, entries)
    try:
        require_latex()
        reveal_root()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return cli.MISSING_TOOL
    problems = untranslated(selected, arguments.lang)
    if problems:  # before anything renders, every unit named (English never stands in)
        for problem in problems:
            print(f"python -m lectures.decks: --lang {arguments.lang}: {problem}",
                  file=sys.stderr)
        return cli.FAILED
    try:
        failed = build_decks(selected, theme, arguments.jobs, arguments.force,
                             quality=arguments.quality, overrides=overrides,
                             lang=arguments.lang)
    except stamps.Busy as error:
        print(error, file=sys.stderr)
        return cli.FAILED
    return cli.FAILED if failed else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m lectures.decks"))
