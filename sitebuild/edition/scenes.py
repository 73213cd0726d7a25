"""An edition's videos in its language: the caption track (the default) and the transcript.

The video is the English render (the picture is the same); what a scene said is data in its
render stamp (each beat's template ids and values, :mod:`animations.narration`), so the edition
says it again in its language: the language's templates filled with the same values, laid out
by the language's subtitle limits (:data:`animations.captions.KOREAN`) and timed within the
English beats. For each rendered scene this writes ``media/<Scene>.<lang>.vtt`` and
``.<lang>.txt`` under ``build/editions/<lang>/media/``, with a stamp of them
(``captions.<lang>.json``: the site's checks publish no unstamped media), published beside the
edition's pages by :func:`sitebuild.edition.pages.link_assets`; and it rewrites the edition's
video fragment: its ``<track>`` in the language, ``default``, before the English one, its
transcript's beats the track's words, its downloads the language's files; and the same in every
other fragment that shows the scene (the gallery). The transcript is said only here: the
fragments' translation files hold no units of it (:mod:`sitebuild.translation.fragments`).

A translation missing or stale, a beat whose numbers are not the English beat's, a beat too long
to read in its span, or a term the glossary rejects stops a publishing build, naming the unit
(a warning while authoring or while ``make serve`` shows the pages first, with the English
track and transcript left in place).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from animations import narration, stamps
from foundation.templates import string_part
from sitebuild.fragments import rendered_stamps
from sitebuild.mode import pages_first
from sitebuild.paths import EDITIONS
from sitebuild.problems import LOG, refuse
from sitebuild.translation import glossary as glossary_module
from sitebuild.translation.report import TRANSLATIONS, load_glossary
from sitebuild.translation.units import TITLE
from sitebuild.written import write_if_changed

_TRANSCRIPT_LIST = '<ol id="scene-'  # a video's transcript, in a fragment showing it
LABELS = {"ko": "한국어"}  # a track's name in the player's caption menu
STAMP = "captions.{lang}.json"  # what the edition's media folder holds, file by file


def media(lang: str) -> Path:
    """Where the edition's caption tracks and transcripts are written."""
    return EDITIONS / lang / "media"


def published(lang: str) -> dict[str, Path]:
    """The edition's own media files: their path in the edition's site → the file."""
    folder = media(lang)
    return {f"media/{path.name}": path for path in sorted(folder.glob(f"*.{lang}.*"))
            if path.suffix in (".vtt", ".txt")} if folder.is_dir() else {}


def glossary_findings(lang: str, root: Path = TRANSLATIONS) -> list[str]:
    """The glossary's findings on the scenes' translated templates: a rejected variant, or an
    English gloss that names another term. A caption has no room to gloss a term on its first
    use (the page around the video does), so every unit is linted as a title is."""
    glossary = load_glossary(lang)
    if glossary is None:
        return []
    translated = narration.translated(lang, root)
    found = []
    for unit, entry in translated.entries.items():
        for finding in glossary_module.lint(f"scenes: {unit}", [(unit, TITLE,
                                                                string_part(entry.text))],
                                            glossary):
            found.append(str(finding))
    return found


def track_line(name: str, lang: str) -> str:
    """The ``<track>`` of the edition's captions, shown by default."""
    return (f'<track kind="captions" src="media/{name}.{lang}.vtt" srclang="{lang}" '
            f'label="{LABELS.get(lang, lang)}" default>')


def localised_fragment(text: str, name: str, lang: str, track: narration.Track) -> str:
    """The edition's video fragment ``text`` of scene output ``name``, with the language's
    track (default, the English one kept after it), transcript and downloads."""
    english = f'<track kind="captions" src="media/{name}.vtt" srclang="en" label="English">'
    if english not in text:
        raise ValueError(f"videos/{name}.md: no English caption track to put the {lang} one "
                         "before")
    text = text.replace(english, f"{track_line(name, lang)}\n{english}")
    beats = "\n".join(
        f'<li><span class="transcript-time">{int(beat.start) // 60}:'
        f'{int(beat.start) % 60:02d}</span> {html.escape(beat.text, quote=False)}</li>'
        for beat in track.beats)
    listed = re.compile(rf'(<ol id="scene-{re.escape(name)}-transcript">\n).*?(\n</ol>)',
                        re.DOTALL)
    text, found = listed.subn(lambda match: match.group(1) + beats + match.group(2), text)
    if found != 1:
        raise ValueError(f"videos/{name}.md: expected one transcript list, found {found}")
    for suffix in ("txt", "vtt"):
        text = text.replace(f'href="media/{name}.{suffix}"', f'href="media/{name}.{lang}.{suffix}"')
    return text


def localise_videos(lang: str, fragments: Path) -> list[Path]:
    """Write the ``lang`` caption tracks and transcripts of every rendered scene beside the
    edition's fragments folder ``fragments`` (in ``media/``, a sibling: :func:`media` for the
    edition's own), and put them into its video fragments; the files that changed."""
    problems = [str(problem) for problem in narration.findings(lang)]
    problems += glossary_findings(lang)
    changed: list[Path] = []
    folder = fragments.parent / "media"
    wanted: set[Path] = set()
    # Fragments that show scenes besides their own (the gallery shows every one): each scene
    # in them is localised as its own fragment is.
    showing = {path: path.read_text(encoding="utf-8") for path in sorted(fragments.rglob("*.md"))
               if path.parent != fragments / "videos"}
    showing = {path: text for path, text in showing.items() if _TRANSCRIPT_LIST in text}
    for stamp in rendered_stamps() if not problems else []:
        name = stamp["scene"]
        fragment = fragments / "videos" / f"{name}.md"
        if not fragment.is_file() or f"{name}.vtt" not in stamp.get("files", {}):
            continue
        try:
            track = narration.track(stamp, lang)
            text = localised_fragment(fragment.read_text(encoding="utf-8"), name, lang, track)
            shown = {path: localised_fragment(other, name, lang, track)
                     for path, other in showing.items()
                     if f'<ol id="scene-{name}-transcript">' in other}
        except (narration.NarrationError, ValueError) as error:
            problems.append(str(error))
            continue
        showing |= shown
        for path, content in ((folder / f"{name}.{lang}.vtt", track.webvtt(lang)),
                              (folder / f"{name}.{lang}.txt", track.transcript()),
                              (fragment, text)):
            wanted.add(path)
            if write_if_changed(path, content):
                changed.append(path)
    for path, text in showing.items():
        if write_if_changed(path, text):
            changed.append(path)
    stamp = folder / STAMP.format(lang=lang)
    files = {path.name: stamps.file_record(path) for path in sorted(wanted)
             if path.parent == folder}
    if files:  # the site's checks publish no media file that no stamp vouches for
        wanted.add(stamp)
        write_if_changed(stamp, json.dumps({"lang": lang, "format": stamps.FORMAT,
                                            "files": files}, indent=2) + "\n")
    for old in sorted(folder.glob("*")) if folder.is_dir() else []:
        if old not in wanted:
            old.unlink()
    what = f"{lang} scene narrations missing, stale or not matching their English"
    fix = (f"revise each in translations/{lang}/scenes/ (the unit's marker records the English "
           "template's digest); `python -m animations.narration status` lists them")
    if pages_first():  # the pages are served while renders are made: say it, the complete
        if problems:   # build (strict) stops on it
            LOG.warning("%d %s; %s:\n  %s", len(problems), what, fix, "\n  ".join(problems))
        return changed
    refuse(problems, what, fix)
    return changed
