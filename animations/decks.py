"""One lecture deck per chapter: offline single-file HTML, PowerPoint with its videos and notes,
and a vector PDF handout.

    python -m animations.decks                             # every chapter, skipping unchanged
    python -m animations.decks --chapter 2 --theme light   # for a projector
    python -m animations.decks --chapter 1 --quality high --params mine.toml

A deck follows its chapter page (:mod:`animations.lecture`): a title slide, then
each result the chapter states — its statement, conclusion and hypotheses from the
checked derivation, the scope of the check, the proof's steps as speaker notes —
followed by the animations that show it, pausing at each beat, with their
narration as notes (:mod:`animations.slides`); notes spell math in Unicode. The
slides are rendered with manim-slides: the HTML embeds its videos and reveal.js
(shipped by the sphinx-revealjs package), so it opens from a USB stick with no
network, and its tab is titled by the chapter. The PowerPoint deck is written here
(:func:`write_pptx`) for a teacher to edit: every slide's title is in its title
placeholder; the title and result slides are text boxes (each conclusion a
typeset picture whose alt text gives it in Unicode and LaTeX); each beat of an
animation is its video (H.264, playing when the slide opens) under the scene's
title, its poster the beat's last frame and its alt text the narration; every
slide has speaker notes. The PDF handout (:mod:`animations.handout`) draws each
slide's last state as vector graphics, one page per distinct slide, with its
title and notes as text. ``--quality high`` renders the
videos at 1080p. Scene inputs (``--set``, ``--params``; see
:mod:`animations.render`) apply to the chapter's scenes, and such a deck is named
after them, beside the default one. Output:
``build/decks/chapter-N[-light][-high][--inputs--digest].{html,pptx,pdf,json}``.

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
from dataclasses import dataclass
from pathlib import Path

from animations import catalogue, cli, lecture, parameters, stamps, workers
from animations.toolchain import require_latex, run_themed
from derivations.engine import get
from derivations.engine.records import records
from foundation.palette import TEXT_CONTRAST, THEMES, readable

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
              overrides: dict[str, dict] | None = None) -> str:
    """``chapter-N`` for the site's deck, with ``-light``, ``-high`` and the scene inputs (as
    a render names them) when they differ."""
    name = (f"chapter-{chapter}" + ("" if theme == "dark" else f"-{theme}")
            + ("" if quality == "draft" else f"-{quality}"))
    chosen = chapter_overrides(chapter, overrides)
    if not chosen:
        return name
    digest = hashlib.sha256(json.dumps(
        {scene: parameters.canonical(values) for scene, values in sorted(chosen.items())}
    ).encode()).hexdigest()[:10]
    return f"{name}{parameters.NAME_SEPARATOR}{'-'.join(sorted(chosen))[:40]}" \
           f"{parameters.NAME_SEPARATOR}{digest}"


def chapter_scenes(chapter: int) -> list[catalogue.SceneEntry]:
    return lecture.scenes(chapter)


def chapter_overrides(chapter: int, overrides: dict[str, dict] | None) -> dict[str, dict]:
    """The non-default inputs of ``chapter``'s scenes among ``overrides``."""
    names = {entry.name for entry in chapter_scenes(chapter)}
    return {scene: values for scene, values in (overrides or {}).items()
            if values and scene in names}


def deck_hash(chapter: int, theme: str, quality: str = "draft",
              overrides: dict[str, dict] | None = None) -> str:
    """Digest of every input of a chapter's deck: its scenes' inputs, the modules that make the
    slides (with the derivations they state), the chapter page, the settings."""
    digest = hashlib.sha256(f"{theme} {quality}".encode())
    chosen = chapter_overrides(chapter, overrides)
    for entry in chapter_scenes(chapter):
        values = chosen.get(entry.name, {})
        digest.update(catalogue.input_hash(entry, "deck", parameters.canonical(values)).encode())
    for path in catalogue.dependencies("animations.handout"):
        digest.update(path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    digest.update(lecture.page(chapter).read_bytes())
    return digest.hexdigest()


def is_up_to_date(chapter: int, theme: str, quality: str = "draft",
                  overrides: dict[str, dict] | None = None) -> bool:
    """True if the stamp matches the current inputs and its files are exactly the stamped ones."""
    name = deck_name(chapter, theme, quality, overrides)
    stamp_path = DECKS / f"{name}.json"
    if stamps.problems(stamp_path):
        return False
    stamp = stamps.read(stamp_path)
    return (set(stamp["files"]) == {f"{name}{suffix}" for suffix in FORMATS}
            and stamp.get("input_hash") == deck_hash(chapter, theme, quality, overrides))


# The PowerPoint deck. Sizes are in inches on a 13.33 × 7.5 inch (16:9) slide, font sizes in
# points; the fonts are a serif like the typeset formulas (Cambria ships with Office;
# LibreOffice substitutes a metric-compatible or similar serif).
SLIDE_SIZE = (13.333, 7.5)
FONT = "Cambria"
SIDE = 0.6  # the left and right margin of text
TITLE_BOX = (SIDE, 0.22, SLIDE_SIZE[0] - 2 * SIDE, 0.8)
VIDEO_TOP = 1.08  # a beat's video fills the slide below its title, at 16:9
# A conclusion's PNG has animations.handout.FORMULA_PIXELS_PER_UNIT (300) pixels a scene unit,
# and Manim's frame is 14.222 units wide.
FORMULA_INCHES_PER_PIXEL = SLIDE_SIZE[0] / 14.222 / 300
CHARACTER_WIDTH = 0.52  # an average character of the serif, in ems: to estimate line counts
FORMULA_SCALE = 0.72  # a conclusion as large as a 26-point line beside 20-point words


@dataclass
class Line:
    """One paragraph of a text box: runs of (words, emphasised)."""

    runs: list[tuple[str, bool]]
    size: float
    colour: str
    bold: bool = False
    space_before: float = 0.0

    @property
    def text(self) -> str:
        return "".join(words for words, _ in self.runs)


def estimated_height(lines: list[Line], width: float) -> float:
    """Inches that ``lines`` take in a box ``width`` inches wide (wrapping estimated)."""
    total = 0.0
    for line in lines:
        per_line = max(1, int(width * 72 / (line.size * CHARACTER_WIDTH)))
        count = max(1, -(-len(line.text) // per_line))
        total += (count * line.size * 1.25 + line.space_before) / 72
    return total + 0.15  # the box's own insets


class PowerPointDeck:
    """A PowerPoint file written slide by slide in one theme's colours."""

    def __init__(self, theme: str, title: str) -> None:
        import pptx

        self.pptx = pptx
        self.presentation = pptx.Presentation()
        self.presentation.slide_width = pptx.util.Inches(SLIDE_SIZE[0])
        self.presentation.slide_height = pptx.util.Inches(SLIDE_SIZE[1])
        self.presentation.core_properties.title = title
        self.presentation.core_properties.language = "en-GB"
        colours = THEMES[theme]
        self.background = colours.background
        self.ink = readable(colours.foreground, colours.background, TEXT_CONTRAST + 0.5)
        self.muted = readable(colours.muted, colours.background, TEXT_CONTRAST + 0.5)

    def inches(self, value: float) -> int:
        return self.pptx.util.Inches(value)

    def slide(self, layout: str, title: list[Line], notes: str,
              box: tuple[float, float, float, float] = TITLE_BOX):
        """A new slide of the named layout in the theme's background, its title placeholder
        holding ``title`` at ``box``, and ``notes`` as its speaker notes."""
        [chosen] = [found for found in self.presentation.slide_layouts if found.name == layout]
        slide = self.presentation.slides.add_slide(chosen)
        fill = slide.background.fill
        fill.solid()
        fill.fore_color.rgb = self.pptx.dml.color.RGBColor.from_string(self.background[1:])
        heading = slide.shapes.title
        self.place(heading, box)
        self.fill(heading.text_frame, title)
        slide.notes_slide.notes_text_frame.text = notes
        return slide

    def place(self, shape, box: tuple[float, float, float, float]) -> None:
        left, top, width, height = box
        shape.left, shape.top = self.inches(left), self.inches(top)
        shape.width, shape.height = self.inches(width), self.inches(height)

    def text_box(self, slide, box: tuple[float, float, float, float], lines: list[Line],
                 centred: bool = True, name: str = ""):
        """Editable text: ``lines`` in a box that shrinks its text should it overflow."""
        shape = slide.shapes.add_textbox(*(self.inches(value) for value in box))
        if name:
            shape.name = name
        self.fill(shape.text_frame, lines, centred)
        return shape

    def fill(self, frame, lines: list[Line], centred: bool = True) -> None:
        from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN

        frame.clear()
        frame.word_wrap = True
        frame.auto_size = MSO_AUTO_SIZE.TEXT_TO_FIT_SHAPE
        frame.vertical_anchor = MSO_ANCHOR.TOP
        for index, line in enumerate(lines):
            paragraph = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
            paragraph.alignment = PP_ALIGN.CENTER if centred else PP_ALIGN.LEFT
            paragraph.space_before = self.pptx.util.Pt(line.space_before)
            for words, emphasised in line.runs:
                run = paragraph.add_run()
                run.text = words
                font = run.font
                font.name, font.size = FONT, self.pptx.util.Pt(line.size)
                font.bold, font.italic = line.bold, emphasised
                font.color.rgb = self.pptx.dml.color.RGBColor.from_string(line.colour[1:])

    def picture(self, slide, image: Path, box: tuple[float, float, float, float],
                description: str, latex: str = ""):
        """``image`` scaled into ``box`` (centred, never enlarged past its typeset size), with
        ``description`` as its alt text and ``latex`` as its title."""
        from PIL import Image

        left, top, width, height = box
        with Image.open(image) as opened:
            natural = (opened.width * FORMULA_INCHES_PER_PIXEL,
                       opened.height * FORMULA_INCHES_PER_PIXEL)
        scale = min(1.0, width / natural[0], height / natural[1])
        shown = (natural[0] * scale, natural[1] * scale)
        picture = slide.shapes.add_picture(
            str(image), self.inches(left + (width - shown[0]) / 2),
            self.inches(top + (height - shown[1]) / 2), self.inches(shown[0]),
            self.inches(shown[1]))
        described(picture, description, latex)
        return picture

    def save(self, path: Path) -> None:
        self.presentation.save(str(path))


def described(shape, description: str, title: str = "") -> None:
    """Alt text (``descr``) and optionally a title on a picture or video's properties."""
    properties = shape._element.xpath("./p:nvPicPr/p:cNvPr")[0]
    properties.set("descr", description)
    if title:
        properties.set("title", title)


def title_slide(deck: PowerPointDeck, chapter: int, notes: str) -> None:
    """The chapter's number and title, the book, and the results it states, all as text."""
    from animations.slides import BOOK

    title = [Line([(f"Chapter {chapter}", False)], 24, deck.muted),
             Line([(lecture.chapter_title(chapter), False)], 40, deck.ink)]
    slide = deck.slide("Title Slide", title, notes, (SIDE, 1.0, SLIDE_SIZE[0] - 2 * SIDE, 1.7))
    [subtitle] = [shape for shape in slide.placeholders if shape.placeholder_format.idx == 1]
    deck.place(subtitle, (SIDE, 2.75, SLIDE_SIZE[0] - 2 * SIDE, 0.55))
    deck.fill(subtitle.text_frame, [Line([(BOOK, False)], 20, deck.muted)])
    stated = [Line(lecture.markdown_runs(get(slug).title), 18, deck.ink,
                   space_before=4)
              for slug in lecture.results(chapter)]
    if stated:
        deck.text_box(slide, (1.6, 3.75, SLIDE_SIZE[0] - 3.2, 3.3),
                      [Line([("In this lecture", False)], 16, deck.muted), *stated],
                      centred=False, name="Results")


def result_slide(deck: PowerPointDeck, slug: str, scope: str, formula: Path,
                 notes: str) -> None:
    """A result as text: kind, title, statement, the conclusion typeset, the hypotheses and
    the scope of the check; everything its title claims is in the statement."""
    from derivations.engine.markdown import hypothesis_latex, kind_of

    derivation = get(slug)
    width = SLIDE_SIZE[0] - 2 * SIDE
    title = lecture.plain_text(derivation.title)
    slide = deck.slide("Title Only", [Line([(title, False)], 30 if len(title) < 70 else 26,
                                           deck.ink)], notes, (SIDE, 0.5, width, 1.1))
    deck.text_box(slide, (SIDE, 0.18, width, 0.36),
                  [Line([(kind_of(derivation), False)], 15, deck.muted)], name="Kind")
    runs = lecture.markdown_runs(derivation.statement)
    length = len(lecture.plain_text(derivation.statement))
    statement = [Line(runs, 20 if length < 260 else 18 if length < 420 else 16, deck.ink)]
    top = 1.65
    statement_height = estimated_height(statement, width)
    deck.text_box(slide, (SIDE, top, width, statement_height), statement, name="Statement")
    footer = [Line(lecture.markdown_runs(f"Checked by machine, {scope}. Source: "
                                         f"{derivation.source}"), 12, deck.muted)]
    footer_height = estimated_height(footer, width)
    bottom = SLIDE_SIZE[1] - 0.2 - footer_height
    deck.text_box(slide, (SIDE, bottom, width, footer_height), footer, name="Check")
    given = [Line([(lecture.unicode_math(hypothesis_latex(h)), False),
                   *([(f"  ({lecture.plain_text(h.text)})", False)] if h.text else [])],
                  15, deck.ink) for h in derivation.checked_hypotheses if not h.local]
    given += [Line([("assumed: ", True), *lecture.markdown_runs(a.text)], 15, deck.ink)
              for a in derivation.assumptions]
    if given:
        lines = [Line([("Hypotheses", False)], 14, deck.muted), *given]
        height = estimated_height(lines, width)
        bottom -= height + 0.05
        deck.text_box(slide, (SIDE, bottom, width, height), lines, name="Hypotheses")
    latex = derivation.conclusion_step.latex()
    deck.picture(slide, formula, (SIDE, top + statement_height + 0.1, width,
                                  max(0.4, bottom - top - statement_height - 0.2)),
                 f"{lecture.unicode_math(latex)} (LaTeX: {latex})", latex)


def video_slides(deck: PowerPointDeck, heading: str, configuration: Path, caption: str,
                 posters: Path) -> int:
    """Each beat of a scene as its video under the scene's title, its poster the beat's last
    frame; the number of slides."""
    from manim_slides.config import PresentationConfig
    from manim_slides.convert import FrameIndex, _auto_play_pptx_media, read_image_from_video_file

    from animations.slides import CONTINUED

    beats = PresentationConfig.from_file(configuration).slides
    height = SLIDE_SIZE[1] - VIDEO_TOP - 0.12
    width = height * 16 / 9
    for number, beat in enumerate(beats, start=1):
        title = heading if len(beats) == 1 else f"{heading} ({number} of {len(beats)})"
        notes = beat.notes.strip() or lecture.plain_text(caption)
        slide = deck.slide("Title Only", [Line([(title, False)], 26, deck.ink)], notes)
        poster = posters / f"{configuration.stem}-{number}.png"
        read_image_from_video_file(beat.file, FrameIndex.last).save(poster)
        movie = slide.shapes.add_movie(
            str(beat.file), deck.inches((SLIDE_SIZE[0] - width) / 2), deck.inches(VIDEO_TOP),
            deck.inches(width), deck.inches(height), poster_frame_image=str(poster),
            mime_type="video/mp4")
        movie.name = f"{configuration.stem} {number}"
        described(movie, f"Animation, {title}: {notes.removeprefix(CONTINUED)}")
        _auto_play_pptx_media(movie, loop=beat.loop)
    return len(beats)


def write_pptx(path: Path, chapter: int, theme: str, title: str, work: Path,
               scopes: dict[str, str]) -> int:
    """The chapter's PowerPoint deck from a manim-slides render in ``work`` (its ``slides``
    folder) and the handout's typeset conclusions (``work/formulas``); the slide count."""
    from manim_slides.config import PresentationConfig

    from animations import slides

    deck = PowerPointDeck(theme, title)
    posters = work / "posters"
    posters.mkdir(exist_ok=True)
    count = 0
    for item in lecture.plan(chapter):
        name = slides.item_name(item)
        configuration = work / "slides" / f"{name}.json"
        if item.kind == "scene":
            entry = catalogue.scenes()[item.key]
            count += video_slides(deck, slides.heading(name), configuration, entry.caption,
                                  posters)
            continue
        notes = "\n\n".join(beat.notes for beat in
                              PresentationConfig.from_file(configuration).slides).strip()
        if item.kind == "title":
            title_slide(deck, chapter, notes)
        else:
            result_slide(deck, item.key, scopes[item.key],
                         work / "formulas" / f"{item.key}.png", notes)
        count += 1
    deck.save(path)
    return count


def build_deck(chapter: int, theme: str, quality: str = "draft",
               overrides: dict[str, dict] | None = None) -> float:
    """Render and convert one chapter's deck in a scratch folder, then publish and stamp it."""
    from animations import slides  # imports every scene: only once the theme has been checked

    started = time.perf_counter()
    checked = records(lecture.results(chapter))
    unchecked = [r.slug for r in checked if not r.passed]
    if unchecked:  # a slide states only what verifies (verdicts are reused when unchanged)
        raise RuntimeError(f"chapter {chapter}: {', '.join(unchecked)} do(es) not verify; "
                           f"run `python -m derivations verify` to see which steps fail")
    names = [slides.item_name(item) for item in lecture.plan(chapter)]
    title = f"Chapter {chapter}: {lecture.chapter_title(chapter)}"
    environment = parameters.environment(chapter_overrides(chapter, overrides))
    base = DECKS / deck_name(chapter, theme, quality, overrides)
    DECKS.mkdir(parents=True, exist_ok=True)
    tool = [sys.executable, "-m", "manim_slides"]
    work = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{chapter}-", dir=DECKS))
    try:
        run_themed([*tool, "render", f"-q{QUALITIES[quality]}", "--disable_caching",
                    "--progress_bar", "none", slides.__file__, *names], work, theme, environment)
        run_themed([*tool, "convert", "--to", "html", "-cone_file=true",
                    f"-ccdn_url={PLACEHOLDER}", f"-ctitle={title}",
                    f"-cbackground_color={THEMES[theme].background}", *names, "deck.html"],
                   work, theme)
        run_themed([sys.executable, "-m", "animations.handout", str(work / "deck.pdf"),
                    "--formulas", str(work / "formulas"), *names], work, theme, environment)
        write_pptx(work / "deck.pptx", chapter, theme, title, work,
                   {r.slug: r.scope_label for r in checked})
        page = (work / "deck.html").read_text(encoding="utf-8")
        (work / "inlined.html").write_text(plain_notes(inline_reveal(page)), encoding="utf-8")
        seconds = time.perf_counter() - started
        stamps.publish(base.with_suffix(".json"), {
            "chapter": chapter, "title": title, "theme": theme, "quality": quality,
            "parameters": chapter_overrides(chapter, overrides),
            "slides": names,
            "input_hash": deck_hash(chapter, theme, quality, overrides),
            "build_seconds": round(seconds, 1),
        }, {work / "inlined.html": base.with_suffix(".html"),
            work / "deck.pptx": base.with_suffix(".pptx"),
            work / "deck.pdf": base.with_suffix(".pdf")})
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return seconds


def remove_scratch() -> None:
    """Delete scratch folders that an interrupted or killed build left (the lock is held)."""
    for leftover in DECKS.glob(f"{SCRATCH_PREFIX}*"):
        shutil.rmtree(leftover, ignore_errors=True)


def build_decks(chapters: list[int], theme: str, jobs: int, force: bool = False,
                lock_timeout: float = 3600.0, quality: str = "draft",
                overrides: dict[str, dict] | None = None) -> int:
    """Build the decks of ``chapters`` that changed; the number that failed."""
    failed = []

    def report(name: str, succeeded: bool, value: object) -> None:
        if succeeded:
            base = DECKS / deck_name(int(name.split()[-1]), theme, quality, overrides)
            print(f"{name}: deck built in {value:.1f} s → {cli.shown(base)}.html, .pptx, .pdf",
                  flush=True)
        else:
            failed.append(name)
            print(f"{name}: FAILED\n    " + str(value).replace("\n", "\n    "), flush=True)

    with stamps.folder_lock(DECKS, lambda line: print(line, flush=True), lock_timeout):
        remove_scratch()
        try:
            pending = [c for c in chapters
                       if force or not is_up_to_date(c, theme, quality, overrides)]
            for chapter in chapters:
                if chapter not in pending:
                    print(f"chapter {chapter}: deck unchanged, skipped", flush=True)
            workers.run_each(
                [(f"chapter {c}", lambda c=c: build_deck(c, theme, quality, overrides))
                 for c in pending], jobs, report)
        finally:
            remove_scratch()
    return len(failed)


def main(argv: list[str] | None = None) -> int:
    parser = cli.Parser(prog="python -m animations.decks", description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chapter", type=int, action="append",
                        help="chapter(s) to build (default: all); a chapter given twice is "
                             "built once")
    cli.add_theme(parser, "light reads better on projectors")
    parser.add_argument("--quality", choices=QUALITIES, default="draft",
                        help="the videos' resolution: draft 480p15, medium 720p30, high 1080p60")
    cli.add_parameters(parser)
    parser.add_argument("--force", action="store_true", help="rebuild even if unchanged")
    parser.add_argument("--jobs", type=cli.positive_integer, default=os.cpu_count() or 1,
                        help="decks built in parallel (default: number of cores)")
    arguments = parser.parse_args(argv)
    theme = cli.theme(parser, arguments.theme)  # before any scene module reads the variable
    chapters = sorted({entry.chapter for entry in catalogue.scenes().values()})
    unknown = [c for c in arguments.chapter or [] if c not in chapters]
    if unknown:
        parser.error(f"no chapter {', '.join(map(str, unknown))}; chapters with scenes: "
                     f"{', '.join(map(str, chapters))}")
    selected = cli.unique(arguments.chapter, "chapter") if arguments.chapter else chapters
    entries = {entry.name: entry for chapter in selected for entry in chapter_scenes(chapter)}
    overrides = cli.parameters(parser, arguments, entries)
    try:
        require_latex()
        reveal_root()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return cli.MISSING_TOOL
    try:
        failed = build_decks(selected, theme, arguments.jobs, arguments.force,
                             quality=arguments.quality, overrides=overrides)
    except stamps.Busy as error:
        print(error, file=sys.stderr)
        return cli.FAILED
    return cli.FAILED if failed else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m animations.decks"))
