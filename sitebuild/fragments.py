"""The Markdown fragments pages include by name: derivations, videos, tables, generated pages.

Each fragment is written under ``build/generated/`` and pulled into a page by
``--8<-- "<name>.md"``; snippets' ``check_paths`` makes a missing one fail the build.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

import sympy

from animations import catalogue, stamps
from derivations.engine import Derivation, Scope, ScopeKind, Step, get, slugs, verdicts
from derivations.engine.dependencies import Effective
from derivations.engine.records import DerivationRecord
from derivations.notation import NOTATION
from foundation.palette import Hue
from sitebuild import chapter_tables, notebooks, pending, results_map
from sitebuild.answers import answer_box
from sitebuild.api_reference import api_reference
from sitebuild.cache import load_or_compute, sources_digest
from sitebuild.mode import pages_first
from sitebuild.outline import chapter_pages, outline
from sitebuild.paths import DECKS, GENERATED, MEDIA, PAGES
from sitebuild.theorems import (
    ERRATUM_PREFIX,
    EXERCISE_PREFIX,
    render,
    step_anchor,
    title_of,
)
from sitebuild.translation import templates
from sitebuild.verification import verification_fragment
from sitebuild.widgets import widget_fragments
from sitebuild.written import write_if_changed

CROSS_REFERENCE = re.compile(r"\]\(#([a-z0-9-]+)\)")
_MATH = re.compile(r"(\$[^$]+\$)")  # inline math in a text, kept as one part by re.split
_FRAGMENTS_SOURCE = sources_digest("sitebuild/fragments.py")


def pages_including() -> dict[str, str]:
    """Which page (file name) first includes each derivation slug."""
    pages: dict[str, str] = {}
    for page in sorted(PAGES.rglob("*.md")):
        if page.name == "errata.md":
            continue
        for slug in outline(page).derivations:
            pages.setdefault(slug, page.relative_to(PAGES).as_posix())
    return pages


def scopes_of(record: DerivationRecord) -> dict[str, Scope]:
    """Each step's scope as the verifier found it."""
    return {step.label: Scope(ScopeKind[step.scope.upper().replace("-", "_")], step.scope_label)
            for step in record.steps}


def published(derivation: Derivation, pages: dict[str, str],
              record: DerivationRecord | None = None, effective: Effective | None = None
              ) -> str:
    """``derivation`` as Markdown whose ``(#slug)`` references work from any page; its badge
    is ``effective``'s scope where given (the narrowest along what it rests on), else its own
    conclusion's."""
    text = render(derivation, scopes_of(record) if record else None, effective=effective)
    unknown = sorted({slug for slug in CROSS_REFERENCE.findall(text)
                      if slug not in pages and "--" not in slug})
    if unknown:
        raise ValueError(f"{derivation.slug} links to derivations no page publishes: {unknown}")
    return CROSS_REFERENCE.sub(
        lambda match: f"]({pages.get(match.group(1).split('--')[0], '')}#{match.group(1)})",
        text,
    )


def failure_fragment(record: DerivationRecord) -> str:
    """What an author sees in place of a derivation that does not verify (``make dev`` only).

    The box keeps the derivation's id, so links to it still land while it is being mended.
    """
    lines = [f'<div class="derivation-failed" id="{record.slug}" markdown="1">', "",
             f'!!! failure "{record.slug} does not verify"', ""]
    # A double-backtick code span: Markdown escapes its text itself and no math is typeset in it.
    lines += [f"    - `` {line.replace('``', '` `')} ``" for line in record.failures()]
    return "\n".join([*lines, "", "</div>"]) + "\n"


def derivation_fragments(records: dict[str, DerivationRecord],
                         kept: dict[str, dict[str, Any]]) -> dict[str, str]:
    """``derivations/<slug>.md`` for every registered derivation, from its :func:`typeset`
    (``kept``); a failed one (allowed only while authoring) shows its failures instead."""
    fragments = {}
    for slug in slugs():
        record = records.get(slug)
        if record is not None and not record.passed:
            fragments[f"derivations/{slug}.md"] = failure_fragment(record)
        else:
            fragments[f"derivations/{slug}.md"] = kept[slug]["derivation"]
    return fragments


def typeset_all(pages: dict[str, str], records: dict[str, DerivationRecord]
                ) -> dict[str, dict[str, Any]]:
    """:func:`typeset` for every derivation that did not fail, once per generation, each
    with its badge scope: the narrowest along everything it rests on, found once for all
    (:func:`sitebuild.results_map.badge_scopes`, as the map draws it), so a box says "for all
    $n$" only when every result beneath it does."""
    effective = results_map.badge_scopes(list(records.values()))
    return {slug: typeset(slug, pages, records.get(slug), effective.get(slug)) for slug in slugs()
            if slug not in records or records[slug].passed}


def typeset(slug: str, pages: dict[str, str], record: DerivationRecord | None,
            effective: Effective | None = None) -> dict[str, Any]:
    """The derivation's fragment (:func:`published`, its badge ``effective``'s scope where
    given) and its steps' formula fragments (:func:`formula_fragment`), kept under the digest
    of all they depend on: the derivation's sources (its verdict fingerprint), the pages that
    publish derivations, the scopes found, what it shows of the results beneath it
    (:func:`beneath`) and this module. Typesetting every derivation takes most of a
    generation; after an edit to one, only that one is typeset again."""
    def compute() -> dict[str, Any]:
        derivation = get(slug)
        return {"derivation": published(derivation, pages, record, effective),
                "formulas": _formulas(derivation, pages)}

    sources = verdicts.fingerprint(slug)
    if sources is None:  # not from a file (built in a test): nothing to key it by
        return compute()
    scopes = [(step.label, step.scope, step.scope_label) for step in record.steps] \
        if record else None
    digest = hashlib.sha256(json.dumps([sources, pages, scopes, beneath(slug, effective),
                                        _FRAGMENTS_SOURCE]).encode())
    return load_or_compute(f"typeset/{slug}", digest.hexdigest(), compute)


def beneath(slug: str, effective: Effective | None) -> list[Any]:
    """What the box of ``slug`` shows of the derivations beneath it: its badge scope, the
    result that narrows it, and the titles of those it names (its Uses line and the
    sentence saying what narrows it).

    They come from other derivations' records and sources, which ``slug``'s fingerprint
    does not cover, so they key its typesetting themselves: a result beneath found
    narrower, or renamed, typesets the box again instead of publishing a stale badge."""
    named = list(get(slug).uses)
    badge = None
    if effective is not None:
        badge = [effective.scope.name, effective.scope.label, effective.own.name,
                 effective.own.label, effective.narrowest_in]
        if effective.narrowest_in != slug:
            named.append(effective.narrowest_in)
    return [badge, {name: title_of(name) for name in named}]


def answer_fragment(derivation: Derivation) -> str | None:
    """A box where the reader types an answer to the exercise ``derivation``, checked in the
    page against the value its solution proves (:func:`sitebuild.answers.answer_box`); None
    if the conclusion is not a real number."""
    answer = derivation.concrete(derivation.conclusion_step.rhs)
    if not (isinstance(answer, sympy.Expr) and answer.is_real and answer.is_number):
        return None
    return answer_box(derivation.slug, float(sympy.N(answer, 17)))


def answer_fragments() -> dict[str, str]:
    """``answers/<slug>.md`` for each exercise whose conclusion is a number."""
    fragments = {}
    for derivation in _buildable(EXERCISE_PREFIX):
        box = answer_fragment(derivation)
        if box is not None:
            fragments[f"answers/{derivation.slug}.md"] = box
    return fragments


def _buildable(prefix: str) -> list[Derivation]:
    """The derivations whose slug starts with ``prefix`` that their builders can construct
    (all of them, unless an author is mid-edit)."""
    found = []
    for slug in slugs():
        if not slug.startswith(prefix):
            continue
        try:
            found.append(get(slug))
        except (ValueError, TypeError, KeyError):
            continue
    return found


def formula_fragment(derivation: Derivation, step: Step, page: str) -> str:
    """One checked step as a display formula with a ✓ that opens its proof on ``page``.

    Typeset inline in display style, like the proof rows, so a long formula wraps. The link's
    words are the template ``formula.checked`` (:func:`formula_in` says them in another
    language).
    """
    return (
        '<div class="checked-formula" markdown="1">\n\n'
        f'<div class="checked-formula-math" markdown="span">$\\displaystyle {step.latex()}$</div>'
        f"\n\n[{templates.english()('formula.checked')}]"
        f"({page}#{step_anchor(derivation, step)}){{ .checked-link }}\n\n"
        "</div>\n"
    )


def formula_in(fragment: str, words: templates.Words) -> str:
    """A :func:`formula_fragment` with its link's words in ``words``' language: its only
    words (the formula and the link's target are values, the same in every language)."""
    link = f"\n\n[{templates.english()('formula.checked')}]("
    if fragment.count(link) != 1:
        raise ValueError(f"formula_in: not a checked formula's fragment: {fragment[:80]!r}")
    return fragment.replace(link, f"\n\n[{words('formula.checked')}](")


def _formulas(derivation: Derivation, pages: dict[str, str]) -> dict[str, str]:
    """``formulas/<slug>/<label>.md`` for each step of ``derivation``."""
    return {f"formulas/{derivation.slug}/{step.label}.md":
            formula_fragment(derivation, step, pages.get(derivation.slug, ""))
            for step in derivation.steps}


def formula_fragments(pages: dict[str, str], records: dict[str, DerivationRecord],
                      kept: dict[str, dict[str, Any]]) -> dict[str, str]:
    """``formulas/<slug>/<label>.md``: one checked step as a display formula, linked to its proof.

    A page that wants a checked formula in its prose includes it by name instead
    of typing it, so the formula shown is the formula checked. They come from each
    derivation's :func:`typeset` (``kept``); a derivation that does not verify (while
    authoring) keeps its formulas if it can be built, and one mid-edit that cannot has none.
    """
    found: dict[str, str] = {}
    for slug in slugs():
        if slug in kept:
            found.update(kept[slug]["formulas"])
            continue
        try:
            found.update(_formulas(get(slug), pages))
        except (ValueError, TypeError, KeyError):
            continue
    return found


def caption_markdown(caption: str) -> str:
    """A caption (words with ``$…$`` math) for a Markdown-processed caption: HTML special
    characters escaped in the words, the math left to arithmatex."""
    parts = _MATH.split(caption)
    return "".join(part if index % 2 else html.escape(part, quote=False)
                   for index, part in enumerate(parts))


def video_fragment(stamp: dict) -> str:
    """A captioned video player: VP9 WebM first, H.264 MP4 as fallback, last frame as poster,
    the WebVTT caption track, and the transcript a screen reader reads as its description.

    The caption is Markdown, so its ``$…$`` math is typeset; the video takes its
    accessible name from the caption (``aria-labelledby``) rather than from a copy
    in an attribute, where math could only be spelt in TeX or Unicode. The
    transcript (the scene's narration, beat by beat, with the numbers on screen)
    is plain words, folded under the video and named by ``aria-describedby``.
    """
    name = stamp["scene"]
    module_file = stamp["module"].replace(".", "/") + ".py"
    files = stamp.get("files", {})
    narration = stamp.get("narration") or []
    has_track = f"{name}.vtt" in files
    described = f' aria-describedby="scene-{name}-transcript"' if narration else ""
    track = (f'<track kind="captions" src="media/{name}.vtt" srclang="en" label="English">\n'
             if has_track else "")
    transcript = ""
    if narration:
        beats = "\n".join(
            f"<li><span class=\"transcript-time\">{int(cue['start']) // 60}:"
            f"{int(cue['start']) % 60:02d}</span> {html.escape(cue['text'], quote=False)}</li>"
            for cue in narration)
        downloads = (f'<p>Download: <a href="media/{name}.txt" download>plain text</a> · '
                     f'<a href="media/{name}.vtt" download>WebVTT</a></p>\n'
                     if has_track and f"{name}.txt" in files else "")
        transcript = (f'<details class="transcript">\n<summary>Transcript: what the animation '
                      f"shows, beat by beat</summary>\n"
                      f'<ol id="scene-{name}-transcript">\n{beats}\n</ol>\n{downloads}'
                      f"</details>\n")
    # One block per scene, transcript inside, so a grid of scenes keeps one cell per video.
    return (
        f'<div class="scene-block" markdown="1">\n'
        f'<figure class="scene" id="scene-{name}" markdown="1">\n'
        f'<video controls preload="metadata" playsinline width="854" height="480" '
        f'poster="media/{name}.png" aria-labelledby="scene-{name}-caption"{described}>\n'
        f'<source src="media/{name}.webm" type="video/webm">\n'
        f'<source src="media/{name}.mp4" type="video/mp4">\n'
        f"{track}"
        f"</video>\n"
        f'<figcaption markdown="span"><span id="scene-{name}-caption">'
        f"{caption_markdown(stamp['caption'])}</span> <br><small>Render it yourself: "
        f"<code>manim -ql {module_file} {stamp.get('scene_class', name)}</code></small>"
        f"</figcaption>\n"
        f"</figure>\n"
        + (f"\n{transcript}" if transcript else "")
        + "</div>\n"
    )


def rendered_stamps() -> list[dict]:
    """The stamps of every finished draft render; pages first, only of the default renders made
    from their scenes' current sources (:func:`sitebuild.pending.current_renders`)."""
    found = [json.loads(path.read_text()) for path in sorted(MEDIA.glob("*.json"))]
    if not pages_first():
        return found
    current = pending.current_renders()
    return [stamp for stamp in found if stamp["scene"] in current]


def video_fragments() -> dict[str, str]:
    """``videos/<Scene>.md`` for every scene that has a finished draft render; pages first, every
    other scene's says it is being rendered."""
    found = {f"videos/{stamp['scene']}.md": video_fragment(stamp) for stamp in rendered_stamps()}
    if pages_first():
        found |= {f"videos/{name}.md": pending.video(entry)
                  for name, entry in catalogue.scenes().items()
                  if f"videos/{name}.md" not in found}
    return found


def slide_quality_renders() -> dict[str, list[Path]]:
    """Files of the slide-quality renders that have been built, by scene (``media/<variant>/``)."""
    renders: dict[str, list[Path]] = {}
    for folder in sorted(p for p in MEDIA.parent.glob("*") if p.is_dir() and p != MEDIA):
        for stamp in sorted(folder.glob("*.json")):
            written = stamps.outputs(stamp)
            renders.setdefault(stamp.stem, []).extend(written)
    return renders


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
# Words that keep their capital inside a title made from a scene's class name.
_PROPER = {"Fibonacci", "Gaussian", "Euler", "Jacobian", "Jacobians", "Haar", "Householder",
           "Merity", "Binet", "Stewart", "RNN", "BPTT", "ODE"}


def scene_title(stamp: dict) -> str:
    """A scene's readable title: the stamp's ``title`` if it has one, else its class name in
    words (``VanishingPowers`` → "Vanishing powers")."""
    if stamp.get("title"):
        return str(stamp["title"])
    words = _WORD.findall(stamp["scene"])
    shown = [w if w in _PROPER or index == 0 else w.lower() for index, w in enumerate(words)]
    return " ".join(shown)


def gallery_fragment() -> str:
    """Every rendered scene by chapter, in the order its chapter shows them, with its poster,
    caption, transcript and slide-quality downloads, and each chapter's lecture kit once built.

    Renders with a teacher's own inputs (``"parameters"`` in their stamp) sit beside the
    published ones and are not shown."""
    downloads = slide_quality_renders()
    outlines = {chapter: outline(path) for chapter, path in chapter_pages().items()}
    kits = DECKS.parent / "kits"
    shown_order = {scene: index for page in outlines.values()
                   for index, scene in enumerate(page.videos)}
    stamps = sorted((s for s in rendered_stamps() if not s.get("parameters")),
                    key=lambda s: (s["chapter"], shown_order.get(s["scene"], 1_000), s["scene"]))
    lines = []
    chapter = None
    for stamp in stamps:
        if stamp["chapter"] != chapter:
            chapter = stamp["chapter"]
            title = outlines[chapter].title if chapter in outlines else None
            name = f": {title}" if title else ""
            lines.append(f"## Chapter {chapter}{name}\n")
            if (kits / f"chapter-{chapter}.json").exists():
                lines.append(f"[Lecture kit for chapter {chapter}](kits/chapter-{chapter}.zip)"
                             f" (zip): the videos in both themes at 1080p, transparent WebM, "
                             f"posters, captions, the decks as HTML, PowerPoint and PDF, and "
                             f"the figures as SVG.\n")
        lines.append(f"### {scene_title(stamp)} {{ #gallery-{stamp['scene']} }}\n")
        lines.append(video_fragment(stamp))
        files = downloads.get(stamp["scene"], [])
        if files:
            links = " · ".join(f"[{p.parent.name} {p.suffix[1:]}](media/{p.parent.name}/{p.name})"
                               for p in files)
            lines.append(f"Slide-quality downloads: {links}\n")
        else:
            lines.append(f"Slide quality: `python -m animations.render --quality high "
                         f"{stamp['scene']}` (add `--theme light`, `--transparent`; "
                         f"`--describe {stamp['scene']}` lists the inputs you can set).\n")
    return "\n".join(lines)


def deck_fragments() -> dict[str, str]:
    """``decks/chapter-N.md``: links to each built chapter deck (HTML, PowerPoint, PDF) and,
    once built, the chapter's lecture kit; pages first, only to current decks, and every other
    chapter's says its deck is being built."""
    fragments = {}
    kits = DECKS.parent / "kits"
    current = pending.current_decks() if pages_first() else None
    for stamp_path in sorted(DECKS.glob("chapter-*.json")):
        stamp = json.loads(stamp_path.read_text())
        name = stamp_path.stem
        if name != f"chapter-{stamp['chapter']}":  # light, high quality or a teacher's inputs
            continue
        if current is not None and stamp["chapter"] not in current:
            continue
        formats = [f"[offline HTML deck](decks/{name}.html) (one self-contained file; arrow "
                   f"keys to step, S for speaker notes)"]
        if f"{name}.pptx" in stamp.get("files", {}):
            formats.append(f"[PowerPoint](decks/{name}.pptx) (videos and notes inside)")
        formats.append(f"[PDF handout](decks/{name}.pdf)")
        kit = ""
        if (kits / f"{name}.json").exists():
            kit = (f" The [lecture kit](kits/{name}.zip) (zip) has everything for teaching "
                   f"this chapter: videos in both themes at 1080p, transparent WebM, posters, "
                   f"captions, the decks in every format and the figures as SVG.")
        fragments[f"decks/{name}.md"] = (
            f'!!! tip "Slides for this chapter"\n'
            f"    A lecture deck in English: each result stated as checked, then its "
            f"animations, pausing at each beat: {' · '.join(formats)}.{kit} Build a light "
            f"version for projectors with `python -m lectures.decks --chapter "
            f"{stamp['chapter']} --theme light` (add `--quality high` for 1080p), a Korean "
            f"one with `--lang ko`.\n"
        )
    if current is not None:
        fragments |= {f"decks/chapter-{chapter}.md": pending.deck()
                      for chapter in pending.deck_chapters()
                      if f"decks/chapter-{chapter}.md" not in fragments}
    return fragments


def table_fragments() -> dict[str, str]:
    """``tables/<name>.md`` for every table and figure of the chapters, from the values kept
    while their sources are unchanged (:mod:`sitebuild.chapter_tables`)."""
    return {f"tables/{name}.md": value if isinstance(value, str) else value.site()
            for name, value in chapter_tables.values().items()}


def table_cell(markdown: str) -> str:
    """``markdown`` safe inside a Markdown table cell: a ``|`` would end the cell, so inside
    math it becomes ``\\vert`` (``\\|`` becomes ``\\Vert``) and in prose an escaped pipe."""
    parts = _MATH.split(markdown)
    for index, part in enumerate(parts):
        if index % 2:  # math
            # ``{}`` ends the command without a space, which would stop arithmatex from
            # seeing a closing ``$``.
            parts[index] = part.replace(r"\|", r"\Vert{}").replace("|", r"\vert{}")
        else:
            parts[index] = part.replace("|", r"\|")
    return "".join(parts)


def colour_cell(hue: Hue) -> str:
    """A notation colour as its page shows it: the swatch and code of the shade the videos and
    figures draw in the reader's scheme (``companion.css`` shows the one of the scheme in use),
    then the hue's name, for a reader who cannot tell the swatches apart.

    The swatch and code are one unbreakable unit: a code split across lines cannot be read
    or copied.
    """
    shades = "".join(f'<code class="shade-{scheme}">{hue.on(scheme)}</code>'
                     for scheme in ("light", "dark"))
    return (f'<span class="notation-colour"><span class="swatch" style="--swatch-light:'
            f'{hue.light};--swatch-dark:{hue.dark}" aria-hidden="true"></span> {shades}</span> '
            f"{hue.name}")


def notation_fragment() -> str:
    """The notation table, generated from :data:`derivations.notation.NOTATION`."""
    rows = [
        "| Symbol | Meaning | Sources write | Colour | Chapter |",
        "|---|---|---|---|---|",
    ]
    for entry in NOTATION:
        cells = [f"${entry.latex}$", entry.meaning, entry.sources or "—",
                 colour_cell(entry.colour), str(entry.chapter)]
        rows.append("| " + " | ".join(table_cell(cell) for cell in cells) + " |")
    return "\n".join(rows) + "\n"


def errata_fragment(pages: dict[str, str], records: dict[str, DerivationRecord],
                    kept: dict[str, dict[str, Any]]) -> str:
    """Every erratum derivation, by chapter, with a link to where its chapter discusses it."""
    lines = []
    for derivation in _buildable(ERRATUM_PREFIX):
        slug = derivation.slug
        page = pages.get(slug)
        where = f" Discussed in [chapter {derivation.chapter}]({page}#{slug})." if page else ""
        text = kept[slug]["derivation"] if slug in kept else \
            published(derivation, pages, records.get(slug))
        lines += [f"*Chapter {derivation.chapter}.*{where}", "", text, ""]
    return "\n".join(lines)


def notebook_fragments(colab: dict | None) -> dict[str, str]:
    """``notebooks/chapter-N.md``: the download box for each chapter's generated notebook; pages
    first, when no notebook has run yet, that it is being run."""
    return {f"notebooks/chapter-{chapter}.md":
            pending.notebook() if pages_first() else notebooks.fragment(chapter, colab)
            for chapter in notebooks.sources()}


def write_all(records: list[DerivationRecord], pages: dict[str, str],
              colab: dict | None = None) -> tuple[list[Path], list[Path]]:
    """Write every fragment under ``build/generated/``: (every fragment, those that changed).

    A fragment is rewritten only when its text changed and stale ones are removed, so a
    live-reloading server rebuilds only what changed. ``pages`` maps each derivation slug to
    the page that publishes it (:func:`pages_including`); ``colab`` is ``extra.colab`` of
    mkdocs.yml (off unless set).
    """
    by_slug = {record.slug: record for record in records}
    kept = typeset_all(pages, by_slug)
    fragments = {
        **derivation_fragments(by_slug, kept),
        **formula_fragments(pages, by_slug, kept),
        **answer_fragments(),
        **video_fragments(),
        **table_fragments(),
        **deck_fragments(),
        **notebook_fragments(colab),
        **widget_fragments(),
        "notation-table.md": notation_fragment(),
        "errata-list.md": errata_fragment(pages, by_slug, kept),
        "verification-report.md": verification_fragment(records, pages),
        **results_map.fragments(records, pages),
        "gallery.md": gallery_fragment(),
        "api-reference.md": api_reference(),
    }
    wanted = {GENERATED / name for name in fragments}
    for old in GENERATED.rglob("*.md") if GENERATED.exists() else []:
        if old not in wanted:
            old.unlink()
    written, changed = [], []
    for name, text in fragments.items():
        path = GENERATED / name
        written.append(path)
        if write_if_changed(path, text):  # `make dev` may be serving the old one
            changed.append(path)
    return written, changed
