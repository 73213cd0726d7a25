"""A chapter's PowerPoint deck, written for a teacher to edit.

Every slide's title is in its title placeholder; the title and result slides are text
boxes (each conclusion a typeset picture whose alt text gives it in Unicode and LaTeX);
each beat of an animation is its video (H.264, playing when the slide opens) under the
scene's title, its poster the beat's last frame and its alt text the narration; every
slide has speaker notes. :mod:`lectures.decks` writes it from the manim-slides render of
the chapter and the handout's typeset conclusions.

A deck in another language (``--lang ko``) writes the words of :mod:`lectures.language` (the
checked translations), sets Hangul in NanumGothic (each run's East Asian typeface; its Latin
typeface stays the serif, which has the notes' Unicode math) and marks the file's language;
formulas and alt texts' LaTeX are the English deck's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from animations import catalogue
from derivations.engine import get
from foundation.fonts import HANGUL_FONT
from foundation.palette import TEXT_CONTRAST, THEMES, readable
from lectures import language, plaintext, plan

# The PowerPoint deck. Sizes are in inches on a 13.33 × 7.5 inch (16:9) slide, font sizes in
# points; the fonts are a serif like the typeset formulas (Cambria ships with Office;
# LibreOffice substitutes a metric-compatible or similar serif).
SLIDE_SIZE = (13.333, 7.5)
FONT = "Cambria"
CORE_LANGUAGE = {"en": "en-GB", "ko": "ko-KR"}
SIDE = 0.6  # the left and right margin of text
TITLE_BOX = (SIDE, 0.22, SLIDE_SIZE[0] - 2 * SIDE, 0.8)
VIDEO_TOP = 1.08  # a beat's video fills the slide below its title, at 16:9
# A conclusion's PNG has lectures.handout.FORMULA_PIXELS_PER_UNIT (300) pixels a scene unit,
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

    def __init__(self, theme: str, title: str, lang: str = "en") -> None:
        import pptx

        self.pptx = pptx
        self.presentation = pptx.Presentation()
        self.presentation.slide_width = pptx.util.Inches(SLIDE_SIZE[0])
        self.presentation.slide_height = pptx.util.Inches(SLIDE_SIZE[1])
        self.presentation.core_properties.title = title
        self.presentation.core_properties.language = CORE_LANGUAGE[lang]
        self.lang = lang
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
                if self.lang != "en":  # Hangul is drawn in the run's East Asian typeface
                    from pptx.oxml.ns import qn

                    east_asian = run._r.get_or_add_rPr().latin.makeelement(qn("a:ea"), {})
                    east_asian.set("typeface", HANGUL_FONT)
                    run._r.get_or_add_rPr().latin.addnext(east_asian)

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
    lang = deck.lang
    title = [Line([(language.say(lang, "deck.chapter", number=chapter), False)], 24, deck.muted),
             Line([(language.chapter_title(chapter, lang), False)], 40, deck.ink)]
    slide = deck.slide("Title Slide", title, notes, (SIDE, 1.0, SLIDE_SIZE[0] - 2 * SIDE, 1.7))
    [subtitle] = [shape for shape in slide.placeholders if shape.placeholder_format.idx == 1]
    deck.place(subtitle, (SIDE, 2.75, SLIDE_SIZE[0] - 2 * SIDE, 0.55))
    deck.fill(subtitle.text_frame, [Line([(language.say(lang, "deck.book"), False)], 20,
                                          deck.muted)])
    stated = [Line(plaintext.markdown_runs(language.result_words(slug, lang).title), 18,
                   deck.ink, space_before=4)
              for slug in plan.results(chapter)]
    if stated:
        deck.text_box(slide, (1.6, 3.75, SLIDE_SIZE[0] - 3.2, 3.3),
                      [Line([(language.say(lang, "deck.in-this-lecture"), False)], 16,
                            deck.muted), *stated],
                      centred=False, name="Results")


def result_slide(deck: PowerPointDeck, slug: str, scope: str, formula: Path,
                 notes: str) -> None:
    """A result as text: kind, title, statement, the conclusion typeset, the hypotheses and
    the scope of the check; everything its title claims is in the statement."""
    lang = deck.lang
    derivation = get(slug)
    said = language.result_words(slug, lang)
    width = SLIDE_SIZE[0] - 2 * SIDE
    title = plaintext.plain_text(said.title)
    slide = deck.slide("Title Only", [Line([(title, False)], 30 if len(title) < 70 else 26,
                                           deck.ink)], notes, (SIDE, 0.5, width, 1.1))
    deck.text_box(slide, (SIDE, 0.18, width, 0.36),
                  [Line([(said.kind, False)], 15, deck.muted)], name="Kind")
    runs = plaintext.markdown_runs(said.statement)
    length = len(plaintext.plain_text(said.statement))
    statement = [Line(runs, 20 if length < 260 else 18 if length < 420 else 16, deck.ink)]
    top = 1.65
    statement_height = estimated_height(statement, width)
    deck.text_box(slide, (SIDE, top, width, statement_height), statement, name="Statement")
    footer = [Line(plaintext.markdown_runs(language.say(
        lang, "deck.checked", scope=language.scope(scope, lang), source=said.source)), 12,
        deck.muted)]
    footer_height = estimated_height(footer, width)
    bottom = SLIDE_SIZE[1] - 0.2 - footer_height
    deck.text_box(slide, (SIDE, bottom, width, footer_height), footer, name="Check")
    given = [Line([(plaintext.unicode_math(h.said_latex), False),
                   *([(f"  ({plaintext.plain_text(h.gloss)})", False)] if h.gloss else [])],
                  15, deck.ink) for h in said.hypotheses]
    for text in said.assumptions:
        label, rest = language.say(lang, "deck.assumed", text="\0").split("\0")
        given.append(Line([(label, True), *plaintext.markdown_runs(text),
                           *([(rest, False)] if rest else [])], 15, deck.ink))
    if given:
        lines = [Line([(language.say(lang, "deck.hypotheses"), False)], 14, deck.muted),
                 *given]
        height = estimated_height(lines, width)
        bottom -= height + 0.05
        deck.text_box(slide, (SIDE, bottom, width, height), lines, name="Hypotheses")
    latex = derivation.conclusion_step.latex()
    deck.picture(slide, formula, (SIDE, top + statement_height + 0.1, width,
                                  max(0.4, bottom - top - statement_height - 0.2)),
                 f"{plaintext.unicode_math(latex)} (LaTeX: {latex})", latex)


def video_slides(deck: PowerPointDeck, heading: str, configuration: Path, caption: str,
                 posters: Path) -> int:
    """Each beat of a scene as its video under the scene's title, its poster the beat's last
    frame; the number of slides."""
    from manim_slides.config import PresentationConfig
    from manim_slides.convert import FrameIndex, _auto_play_pptx_media, read_image_from_video_file

    from lectures.slides import continued

    lang = deck.lang
    beats = PresentationConfig.from_file(configuration).slides
    height = SLIDE_SIZE[1] - VIDEO_TOP - 0.12
    width = height * 16 / 9
    for number, beat in enumerate(beats, start=1):
        title = heading if len(beats) == 1 else language.say(
            lang, "deck.beat", title=heading, number=number, count=len(beats))
        notes = beat.notes.strip() or plaintext.plain_text(caption)
        slide = deck.slide("Title Only", [Line([(title, False)], 26, deck.ink)], notes)
        poster = posters / f"{configuration.stem}-{number}.png"
        read_image_from_video_file(beat.file, FrameIndex.last).save(poster)
        movie = slide.shapes.add_movie(
            str(beat.file), deck.inches((SLIDE_SIZE[0] - width) / 2), deck.inches(VIDEO_TOP),
            deck.inches(width), deck.inches(height), poster_frame_image=str(poster),
            mime_type="video/mp4")
        movie.name = f"{configuration.stem} {number}"
        described(movie, language.say(lang, "deck.animation", title=title,
                                      notes=notes.removeprefix(continued(lang))))
        _auto_play_pptx_media(movie, loop=beat.loop)
    return len(beats)


def write_pptx(path: Path, chapter: int, theme: str, title: str, work: Path,
               scopes: dict[str, str], lang: str = "en") -> int:
    """The chapter's PowerPoint deck from a manim-slides render in ``work`` (its ``slides``
    folder) and the handout's typeset conclusions (``work/formulas``); the slide count."""
    from manim_slides.config import PresentationConfig

    from lectures import slides

    deck = PowerPointDeck(theme, title, lang)
    posters = work / "posters"
    posters.mkdir(exist_ok=True)
    count = 0
    for item in plan.plan(chapter):
        name = slides.item_name(item)
        configuration = work / "slides" / f"{name}.json"
        if item.kind == "scene":
            entry = catalogue.scenes()[item.key]
            caption = entry.caption if lang == "en" else slides.heading(name, lang)
            count += video_slides(deck, slides.heading(name, lang), configuration, caption,
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
