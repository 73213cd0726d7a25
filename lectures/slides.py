"""A chapter's lecture as slides: a title slide, a slide stating each result, and every scene
pausing at each beat (each ``play`` that is not only a wait).

For each scene ``X`` of the catalogue this module defines ``XSlides``; for each
chapter ``ChapterNTitleSlides``; for each result of a chapter page
``Result<Slug>Slides`` (:func:`slide_name`). So

    manim-slides render -ql lectures/slides.py VanishingPowersSlides
    manim-slides VanishingPowersSlides

presents one scene live, and ``python -m lectures.decks`` builds whole
chapters. A result slide states the derivation as it is checked: its conclusion
and hypotheses typeset from the derivation itself, the scope of the machine's
check, and in the speaker notes the statement and the reason for every step, their
math spelt in Unicode (:func:`lectures.plaintext.plain_text`) so the notes read as
text. An animation's notes are its narration
(:meth:`animations.style.CompanionScene.narrate`); a beat that adds none repeats the
narration it continues, so every slide has notes. The PDF handout
(:mod:`lectures.handout`) draws the same beats as vector pages, and the PowerPoint
deck (:mod:`lectures.powerpoint`) writes the title and result slides as editable text.

In another language (the render's, ``python -m lectures.decks --lang ko``) every word comes
from a checked translation (:mod:`lectures.language`): titles, statements, hypotheses' glosses
and step reasons from the translated theorem boxes, the narration from the scenes' translated
templates; the words are set in :data:`foundation.fonts.HANGUL_FONT` by Pango (this LaTeX has
no Hangul), each ``$…$`` formula typeset by LaTeX as in English, and the conclusion and
hypotheses are the English slide's formulas.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import manim
from manim_slides import Slide

from animations import catalogue, style
from derivations.engine import get
from derivations.engine.latex import hypothesis_latex
from derivations.engine.records import records
from derivations.engine.text import check_prose
from lectures import language, plaintext, plan
from sitebuild.theorems import kind_of

TEXT_WIDTH = 12.6  # scene units: the frame is 14.2 wide
HOLD_SECONDS = 0.5  # a text slide is a still video this long
CONTINUED = "(continued) "  # notes of a beat that goes on with the narration before it
BOOK = "Why orthogonal initialisation works in recurrent networks"


def continued(lang: str = "en") -> str:
    """What the notes of a beat that goes on with the narration before it begin with."""
    return CONTINUED if lang == "en" else f"{language.say(lang, 'deck.continued')} "


def starts_beat(animations: Sequence[Any]) -> bool:
    """A ``play`` starts a beat unless all it plays is waiting."""
    return not all(isinstance(animation, manim.Wait) for animation in animations)


class Beats:
    """Cuts a scene at its beats; what happens at a cut is the subclass's business."""

    def play(self, *args: Any, **kwargs: Any) -> None:
        if starts_beat(args):
            self.beat_begins(getattr(self, "_beat_started", False))
            self._beat_started = True
        super().play(*args, **kwargs)  # type: ignore[misc]

    def beat_begins(self, started: bool) -> None:
        """Called before each beat; ``started`` is False for the first."""

    def pending_notes(self) -> str:
        """The narration since the last beat began: the notes of the beat about to begin.

        A beat that adds no narration continues the one before it (a narration may span
        several beats), so its notes are that narration again, marked as continued."""
        marks = getattr(self, "marks", [])
        start = getattr(self, "_notes_from", 0)
        self._notes_from = len(marks)
        if start < len(marks):
            return "\n\n".join(text for _, text in marks[start:])
        return f"{continued(style.LANG)}{marks[-1][1]}" if marks else ""

    def speaker_notes(self, text: str) -> None:
        """Notes for a slide that has no narration (a text slide)."""


class PauseAtEachBeat(Beats, Slide):
    """Each beat is a slide: the presenter's key press starts it (the first starts at once)."""

    def beat_begins(self, started: bool) -> None:
        self.next_slide(notes=self.pending_notes())

    def speaker_notes(self, text: str) -> None:
        self.next_slide(notes=text)


class LectureSlide(style.CompanionScene):
    """A still slide of words and formulas, shown whole from its first frame."""

    TITLE = ""
    LANG = style.LANG  # the language of its words: the render's

    def content(self) -> tuple[manim.Mobject, str]:
        """What the slide shows, and its speaker notes."""
        raise NotImplementedError

    def construct(self) -> None:
        shown, notes = self.content()
        if shown.width > TEXT_WIDTH + 0.6 or shown.height > 7.2:
            shown.scale(min((TEXT_WIDTH + 0.6) / shown.width, 7.2 / shown.height))
        self.speaker_notes(notes)
        self.add(shown.move_to(manim.ORIGIN))
        self.wait(HOLD_SECONDS)

    def speaker_notes(self, text: str) -> None:
        """Only a presentation keeps notes."""

    def tear_down(self) -> None:
        manim.Scene.tear_down(self)  # not an animation of the catalogue: no narration to keep


def _fitted(mobject: manim.Mobject, width: float, height: float) -> manim.Mobject:
    if mobject.width > width or mobject.height > height:
        mobject.scale(min(width / mobject.width, height / mobject.height))
    return mobject


class ChapterTitle(LectureSlide):
    """A chapter's first slide: its number, its title, and the results it states."""

    CHAPTER = 0

    def content(self) -> tuple[manim.Mobject, str]:
        if self.LANG != "en":
            return self.said_content(self.LANG)
        title = plan.chapter_title(self.CHAPTER)
        stated = [get(slug).title for slug in plan.results(self.CHAPTER)]
        shown = manim.VGroup(
            style.label(f"Chapter {self.CHAPTER}", 34, style.MUTED),
            style.paragraph(title, TEXT_WIDTH, 54),
            style.label(BOOK, 26, style.MUTED),
        ).arrange(manim.DOWN, buff=0.35)
        contents = manim.VGroup(*(style.paragraph(line, TEXT_WIDTH - 1, 24, centred=False)
                                  for line in stated))
        contents.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.14)
        shown.add(_fitted(contents, TEXT_WIDTH, 3.6))
        shown.arrange(manim.DOWN, buff=0.35)
        shown[-1].shift(0.25 * manim.DOWN)
        notes = "\n".join([f"Chapter {self.CHAPTER}: {title}.", "",
                           "Each result is stated, then animated. Results:",
                           *(f"{i}. {plaintext.plain_text(line)}"
                             for i, line in enumerate(stated, start=1))])
        return shown, notes

    def said_content(self, lang: str) -> tuple[manim.Mobject, str]:
        """:meth:`content` in ``lang``: its words set in the Hangul font."""
        title = language.chapter_title(self.CHAPTER, lang)
        stated = [language.result_words(slug, lang).title for slug in plan.results(self.CHAPTER)]
        shown = manim.VGroup(
            style.set_in_font(language.say(lang, "deck.chapter", number=self.CHAPTER), 34,
                              style.MUTED),
            hangul_paragraph(title, TEXT_WIDTH, 54),
            style.set_in_font(language.say(lang, "deck.book"), 26, style.MUTED),
        ).arrange(manim.DOWN, buff=0.35)
        if stated:
            contents = manim.VGroup(*(hangul_paragraph(line, TEXT_WIDTH - 1, 24, centred=False)
                                      for line in stated))
            contents.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.14)
            shown.add(_fitted(contents, TEXT_WIDTH, 3.6))
            shown.arrange(manim.DOWN, buff=0.35)
            shown[-1].shift(0.25 * manim.DOWN)
        notes = "\n".join([
            language.say(lang, "deck.chapter-title", number=self.CHAPTER, title=title), "",
            language.say(lang, "deck.results-intro"),
            *(f"{i}. {plaintext.plain_text(line)}" for i, line in enumerate(stated, start=1))])
        return shown, notes


class ResultStatement(LectureSlide):
    """A result as checked: title, statement, conclusion, hypotheses, scope; the proof in the
    notes. The statement says in words all that the title claims (the conclusion alone is
    often one part of it: a title that promises two facts gets both)."""

    SLUG = ""

    def content(self) -> tuple[manim.Mobject, str]:
        derivation = get(self.SLUG)
        [record] = records([self.SLUG], jobs=1)
        if not record.passed:
            raise RuntimeError(f"{self.SLUG} does not verify: a slide states only checked "
                               f"results ({'; '.join(record.failures())})")
        if self.LANG != "en":
            return self.said_content(self.LANG, record.scope_label)
        kind = kind_of(derivation)
        heading = manim.VGroup(style.label(kind, 28, style.MUTED),
                               style.paragraph(derivation.title, TEXT_WIDTH, 44))
        heading.arrange(manim.DOWN, buff=0.15)
        statement = _fitted(markdown_paragraph(derivation.statement, TEXT_WIDTH, 27),
                            TEXT_WIDTH, 2.4)
        claim = _fitted(style.formula(derivation.conclusion_step.latex(), size=56),
                        TEXT_WIDTH, 2.2)
        parts = [heading, statement, claim]
        checked = [hypothesis_latex(h) for h in derivation.checked_hypotheses if not h.local]
        if checked:
            given = style.formula(r"\text{if}\quad " + r",\quad ".join(checked), size=32)
            parts.append(_fitted(given, TEXT_WIDTH, 1.0))
        assumed = [f"assumed: {a.text}" for a in derivation.assumptions]
        if assumed:
            notes_box = manim.VGroup(*(markdown_paragraph(line, TEXT_WIDTH, 22, style.MUTED)
                                       for line in assumed)).arrange(manim.DOWN, buff=0.12)
            parts.append(_fitted(notes_box, TEXT_WIDTH, 1.2))
        parts.append(markdown_paragraph(f"Checked by machine, {record.scope_label}. Source: "
                                        f"{derivation.source}", TEXT_WIDTH, 22, style.MUTED))
        shown = manim.VGroup(*parts).arrange(manim.DOWN, buff=0.32)
        return shown, result_notes(self.SLUG)

    def said_content(self, lang: str, scope: str) -> tuple[manim.Mobject, str]:
        """:meth:`content` in ``lang``: the translated words in the Hangul font, the English
        slide's formulas (its conclusion and hypotheses) typeset as they are."""
        derivation = get(self.SLUG)
        said = language.result_words(self.SLUG, lang)
        heading = manim.VGroup(style.set_in_font(said.kind, 28, style.MUTED),
                               hangul_paragraph(said.title, TEXT_WIDTH, 44))
        heading.arrange(manim.DOWN, buff=0.15)
        statement = _fitted(hangul_paragraph(said.statement, TEXT_WIDTH, 27), TEXT_WIDTH, 2.4)
        claim = _fitted(style.formula(derivation.conclusion_step.latex(), size=56),
                        TEXT_WIDTH, 2.2)
        parts = [heading, statement, claim]
        if said.hypotheses:
            given = language.say(lang, "deck.given") + " " + ", ".join(
                language.text_outside_math(h.said_latex) for h in said.hypotheses)
            parts.append(_fitted(hangul_paragraph(given, TEXT_WIDTH * 1.6, 32), TEXT_WIDTH, 1.0))
        assumed = [language.say(lang, "deck.assumed", text=text) for text in said.assumptions]
        if assumed:
            notes_box = manim.VGroup(*(hangul_paragraph(line, TEXT_WIDTH, 22, style.MUTED)
                                       for line in assumed)).arrange(manim.DOWN, buff=0.12)
            parts.append(_fitted(notes_box, TEXT_WIDTH, 1.2))
        parts.append(hangul_paragraph(language.say(
            lang, "deck.checked", scope=language.scope(scope, lang), source=said.source),
            TEXT_WIDTH, 22, style.MUTED))
        shown = manim.VGroup(*parts).arrange(manim.DOWN, buff=0.32)
        return shown, result_notes(self.SLUG, lang)


def hangul_paragraph(words: str, width: float, size: float = 28,
                     colour: str = style.FOREGROUND, centred: bool = True) -> manim.VGroup:
    """Translated Markdown words (with ``$…$`` math) wrapped to about ``width`` scene units:
    each line's words set in the Hangul font, its formulas typeset by LaTeX
    (:func:`animations.style.set_in_font`); links as their words, emphasis marks dropped."""
    text = "".join(part if index % 2 else plaintext.EMPHASIS.sub(r"\2", part)
                   for index, part in enumerate(_MATH.split(plaintext.LINK.sub(r"\1", words))))
    lines = [style.set_in_font(line, size, colour)
             for line in language.wrapped_lines(text, width, size)]
    return manim.VGroup(*lines).arrange(
        manim.DOWN, buff=size * 0.004, **({} if centred else {"aligned_edge": manim.LEFT}))


def result_notes(slug: str, lang: str = "en") -> str:
    """The speaker notes of a result: its statement, hypotheses and proof in readable text."""
    if lang != "en":
        return said_notes(slug, lang)
    derivation = get(slug)
    given = [f"{plaintext.unicode_math(hypothesis_latex(h))}"
             + (f" ({plaintext.plain_text(h.text)})" if h.text else "")
             for h in derivation.checked_hypotheses if not h.local]
    given += [f"assumed: {plaintext.plain_text(a.text)}" for a in derivation.assumptions]
    steps = [f"({i}) {plaintext.unicode_math(step.latex())}: {plaintext.plain_text(step.reason)}"
             for i, step in enumerate(derivation.steps, start=1)]
    return "\n".join([plaintext.plain_text(derivation.statement), "",
                       *(["Hypotheses:", *given, ""] if given else []),
                       "Proof, step by step:", *steps])


def said_notes(slug: str, lang: str) -> str:
    """:func:`result_notes` in ``lang``: the translated statement, glosses and reasons, the
    English formulas (a hypothesis as the translation writes it: only its words differ)."""
    derivation = get(slug)
    said = language.result_words(slug, lang)
    given = [plaintext.unicode_math(h.said_latex)
             + (f" ({plaintext.plain_text(h.gloss)})" if h.gloss else "")
             for h in said.hypotheses]
    given += [plaintext.plain_text(language.say(lang, "deck.assumed", text=text))
              for text in said.assumptions]
    steps = [f"({i}) {plaintext.unicode_math(step.latex())}: {plaintext.plain_text(reason)}"
             for i, (step, reason) in enumerate(zip(derivation.steps, said.reasons,
                                                    strict=True), start=1)]
    return "\n".join([plaintext.plain_text(said.statement), "",
                      *([language.say(lang, "deck.hypotheses-notes"), *given, ""]
                        if given else []),
                      language.say(lang, "deck.proof-notes"), *steps])


_UNITS_PER_CM = 72.27 / 2.54 / 960  # scene units per centimetre of TeX, per unit of font size


def markdown_latex(words: str) -> str:
    """Markdown words with ``$…$`` math as LaTeX: ``*…*`` emphasised, a link as its words
    (a slide has nothing to click), every other special escaped (:func:`style.latex_words`).
    Math is kept as it is: the ``*`` of a conjugate ``$Q^*$`` is no emphasis."""
    parts = []
    for index, part in enumerate(_MATH.split(plaintext.LINK.sub(r"\1", words))):
        if index % 2:
            parts.append(part)
            continue
        at = 0
        for found in plaintext.EMPHASIS.finditer(part):
            parts += [style.latex_words(part[at:found.start()]),
                      rf"\emph{{{style.latex_words(found.group(2))}}}"]
            at = found.end()
        parts.append(style.latex_words(part[at:]))
    return "".join(parts)


_MATH = re.compile(r"(\$[^$]+\$)")


def markdown_paragraph(words: str, width: float, size: float = 28,
                       colour: str = style.FOREGROUND) -> manim.Tex:
    """:func:`style.paragraph` for Markdown: emphasis in italics and links as their words,
    never a literal asterisk or bracket."""
    check_prose(plaintext.LINK.sub(r"\1", words), "text on a slide")
    centimetres = width / (size * _UNITS_PER_CM)  # as style.paragraph sizes its parbox
    return manim.Tex(rf"\parbox{{{centimetres:.3f}cm}}{{\centering {markdown_latex(words)}}}",
                     font_size=size, color=style.ink(colour))


def heading(name: str, lang: str = "en") -> str:
    """The title of the slide class ``name`` as plain text: the chapter for its title slide,
    the result for a result slide, the scene's title for an animation."""
    slide = PRESENTATIONS[name]
    if lang != "en":
        if issubclass(slide, ChapterTitle):
            return language.say(lang, "deck.chapter-title", number=slide.CHAPTER,
                                title=language.chapter_title(slide.CHAPTER, lang))
        if issubclass(slide, ResultStatement):
            return plaintext.plain_text(language.result_words(slide.SLUG, lang).title)
        return language.scene_title(slide.scene_name(), slide.TITLE, lang)
    if issubclass(slide, ChapterTitle):
        return f"Chapter {slide.CHAPTER}: {plan.chapter_title(slide.CHAPTER)}"
    if issubclass(slide, ResultStatement):
        return plaintext.plain_text(get(slide.SLUG).title)
    return plaintext.plain_text(slide.TITLE) or slide.scene_name()


def slide_name(scene: str) -> str:
    """The presentation class of ``scene``."""
    return f"{scene}Slides"


def title_name(chapter: int) -> str:
    return slide_name(f"Chapter{chapter}Title")


def result_name(slug: str) -> str:
    return slide_name("Result" + "".join(word.capitalize() for word in slug.split("-")))


def item_name(item: plan.Item) -> str:
    """The presentation class of one part of a lecture."""
    if item.kind == "title":
        return title_name(int(item.key))
    if item.kind == "result":
        return result_name(item.key)
    return slide_name(item.key)


def _with(mixin: type, base: type, name: str, **attributes: Any) -> type:
    return type(name, (mixin, base), {"__module__": __name__, "__doc__": base.__doc__,
                                      **attributes})


def lecture_classes(mixin: type) -> dict[str, type]:
    """Every slide class of every chapter, built on ``mixin`` (presentation or handout)."""
    classes = {slide_name(entry.name): _with(mixin, entry.scene_class, slide_name(entry.name))
               for entry in catalogue.scenes().values()}
    chapters = sorted({entry.chapter for entry in catalogue.scenes().values()})
    for chapter in chapters:
        title = title_name(chapter)
        classes[title] = _with(mixin, ChapterTitle, title, CHAPTER=chapter)
        for slug in plan.results(chapter):
            name = result_name(slug)
            classes[name] = _with(mixin, ResultStatement, name, SLUG=slug)
    return classes


PRESENTATIONS = lecture_classes(PauseAtEachBeat)
globals().update(PRESENTATIONS)
