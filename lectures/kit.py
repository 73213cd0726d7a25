"""A chapter's lecture kit: one zip with everything needed to teach it.

    python -m lectures.kit --chapter 2                  # 1080p: build/kits/chapter-2.zip
    python -m lectures.kit --chapter 2 --quality draft  # quick look: chapter-2-draft.zip
    python -m lectures.kit --chapter 2 --lang ko        # in Korean: chapter-2.ko.zip

The kit holds, for every scene of the chapter, the video in the dark and the
light theme (MP4 and WebM, with poster, WebVTT captions and plain-text
transcript) and with a transparent background in both themes (WebM and a still,
for laying over your own slides); the chapter's lecture deck in both themes as
offline HTML, PowerPoint and PDF handout; the chapter's figures as standalone SVG
(light theme, formulas as vector paths); and a README saying what is where.

Everything in it is built by the usual commands (:mod:`animations.render`,
:mod:`lectures.decks`), which skip what is already up to date, so a second
run only re-packs. The zip is written beside its target, renamed into place and
stamped like a render; the site links it from the chapter's page and the
gallery once it exists. Exit codes: see :mod:`animations.cli`.

``--lang ko`` (default ``en``) packs the Korean kit, ``chapter-N[-quality].ko.zip``: the
scenes rendered with Korean words on screen (``python -m animations.render --lang ko``, into
``build/media/<variant>/ko/``) with their Korean caption tracks and transcripts, the Korean
decks (``python -m lectures.decks --lang ko``), the figures, and a README in Korean. The
README's words are templates (``sitebuild/lectures.toml``) whose Korean
(``translations/ko/interface/lectures.md``) is checked as the site's generated text is: stale
by the English template's digest, the same placeholders, formulas and numbers, the glossary. A
Korean unit missing or stale stops the kit before anything renders, naming it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import unicodedata
import zipfile
from collections.abc import Iterable
from pathlib import Path

from animations import catalogue, cli, render, stamps
from animations.toolchain import require_latex
from foundation.palette import THEMES
from lectures import decks, language, plan

KITS = catalogue.ROOT / "build" / "kits"
QUALITIES = ("draft", "medium", "high")
DEFAULT_QUALITY = "high"
SCRATCH_PREFIX = ".kit-"
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # zip entries carry no build time: same inputs, same bytes
COMPRESSED = {".mp4", ".webm", ".png", ".pptx", ".zip"}  # already compressed: stored as is


def kit_name(chapter: int, quality: str, lang: str = "en") -> str:
    """``chapter-N`` for the 1080p kit the site links, ``chapter-N-<quality>`` otherwise;
    ``.ko`` after either for the Korean kit."""
    name = f"chapter-{chapter}" + ("" if quality == DEFAULT_QUALITY else f"-{quality}")
    return name if lang == "en" else f"{name}.{lang}"


def kit_folder(chapter: int, quality: str, lang: str = "en") -> str:
    """The folder the zip unpacks into: ``chapter-N[-quality]-kit[.ko]``."""
    folder = f"{kit_name(chapter, quality)}-kit"
    return folder if lang == "en" else f"{folder}.{lang}"


def video_variants(quality: str) -> dict[str, render.Variant]:
    """The folders of the kit's videos and the renders that fill them."""
    variants = {}
    for theme in THEMES:
        variants[theme] = render.Variant(quality, theme)
        variants[f"transparent-{theme}"] = render.Variant(quality, theme, transparent=True)
    return variants


README_WIDTH = 86  # columns a line; a Hangul syllable takes two


def columns(text: str) -> int:
    """How many columns ``text`` takes in a terminal: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrapped(text: str, width: int = README_WIDTH, indent: str = "  ") -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` columns, later lines
    indented (a word longer than a line stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else (indent if lines else "") + word
        if line and columns(trial) > width:
            lines.append(line)
            line = indent + word
        else:
            line = trial
    return [*lines, line] if line else lines


def readme(chapter: int, quality: str, contents: Iterable[str], lang: str = "en") -> str:
    """The kit's README.txt: what each folder holds and how to use it, in ``lang`` (the
    templates of ``sitebuild/lectures.toml``, :func:`lectures.language.say`)."""
    def say(key: str, **values: object) -> str:
        return language.say(lang, key, **values)

    def paragraph(text: str) -> list[str]:
        return wrapped(text.replace("`", ""))

    title = language.chapter_title(chapter, lang)
    scenes = [f"  {entry.name}: {language.scene_title(entry.name, entry.title, lang)}"
              for entry in plan.scenes(chapter)]
    figures = sorted(name for name in contents if name.startswith("figures/"))
    return "\n".join([
        say("kit.heading", number=chapter, title=title),
        say("deck.book"),
        "",
        say("kit.videos", resolution=say(f"kit.{quality}")),
        *scenes,
        "",
        *paragraph(say("kit.themes")),
        *paragraph(say("kit.transparent")),
        *paragraph(say("kit.decks")),
        *paragraph(say("kit.figures" if figures else "kit.no-figures")),
        *(f"  {name.removeprefix('figures/')}" for name in figures),
        "",
        *paragraph(say("kit.inputs")),
        "",
    ])


def gather(chapter: int, quality: str, jobs: int, force: bool = False,
           lang: str = "en") -> dict[str, Path]:
    """Build (or find up to date) everything the kit holds: name in the zip → file. In
    another language, the renders are that language's (words on screen, caption track and
    transcript) and so are the decks."""
    language.check(chapter, lang)  # before anything renders: every unit it needs, named
    names = [entry.name for entry in plan.scenes(chapter)]
    contents: dict[str, Path] = {}
    for folder, variant in video_variants(quality).items():
        outcomes = render.render_all(names, variant, jobs, force, lang=lang)
        failed = [o.scene for o in outcomes if o.status == "failed"]
        if failed:
            raise RuntimeError(f"renders failed ({variant.name}): {', '.join(failed)}")
        for name in names:
            for suffix in variant.outputs:
                path = render.media_dir(variant, lang) / f"{name}{suffix}"
                contents[f"videos/{folder}/{path.name}"] = path
    for theme in THEMES:
        if decks.build_decks([chapter], theme, jobs, force, quality=quality, lang=lang):
            raise RuntimeError(f"the {theme} deck of chapter {chapter} failed")
        base = decks.DECKS / decks.deck_name(chapter, theme, quality, lang=lang)
        for suffix in decks.FORMATS:
            contents[f"decks/{base.name}{suffix}"] = decks.output(base, suffix)
    return contents


def write_zip(target: Path, root: str, contents: dict[str, Path], texts: dict[str, str]) -> None:
    """A zip of ``contents`` (files) and ``texts`` under the folder ``root``, entries sorted and
    dated :data:`FIXED_TIME`."""
    with zipfile.ZipFile(target, "w") as archive:
        for name in sorted([*contents, *texts]):
            info = zipfile.ZipInfo(f"{root}/{name}", FIXED_TIME)
            info.compress_type = (zipfile.ZIP_STORED if Path(name).suffix in COMPRESSED
                                  else zipfile.ZIP_DEFLATED)
            info.external_attr = 0o644 << 16
            with archive.open(info, "w") as entry:
                if name in texts:
                    entry.write(texts[name].encode())
                else:
                    with contents[name].open("rb") as source:
                        shutil.copyfileobj(source, entry, 1 << 20)


def build_kit(chapter: int, quality: str = DEFAULT_QUALITY, jobs: int = 1,
              force: bool = False, lang: str = "en") -> Path:
    """Everything for ``chapter`` built, then packed into ``build/kits/<name>.zip``, stamped."""
    from lectures.figures import chapter_figures  # LaTeX, and the site's figure cache

    started = time.perf_counter()
    contents = gather(chapter, quality, jobs, force, lang)
    texts = {f"figures/{name}": svg for name, svg in chapter_figures(chapter, lang).items()}
    texts["README.txt"] = readme(chapter, quality, [*contents, *texts], lang)
    name = kit_name(chapter, quality, lang)
    KITS.mkdir(parents=True, exist_ok=True)
    with stamps.folder_lock(KITS, lambda line: print(line, flush=True)):
        scratch = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=KITS))
        try:
            packed = scratch / f"{name}.zip"
            write_zip(packed, kit_folder(chapter, quality, lang), contents, texts)
            stamps.publish(KITS / f"{name}.json", {
                "chapter": chapter, "quality": quality,
                "title": language.chapter_title(chapter, lang),
                **({"lang": lang} if lang != "en" else {}),
                "contents": sorted([*contents, *texts]),
                "build_seconds": round(time.perf_counter() - started, 1),
            }, {packed: KITS / f"{name}.zip"})
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return KITS / f"{name}.zip"


def main(argv: list[str] | None = None) -> int:
    parser = cli.Parser(prog="python -m lectures.kit", description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chapter", type=int, action="append", required=True,
                        help="chapter(s) to pack; a chapter given twice is packed once")
    parser.add_argument("--quality", choices=QUALITIES, default=DEFAULT_QUALITY,
                        help="the videos' resolution (default high, 1080p; draft for a quick "
                             "look)")
    parser.add_argument("--jobs", type=cli.positive_integer, default=os.cpu_count() or 1,
                        help="parallel renders (default: number of cores)")
    parser.add_argument("--force", action="store_true", help="render and build everything anew")
    parser.add_argument("--lang", choices=language.LANGUAGES, default="en",
                        help="the kit's language (default: en); ko packs chapter-N.ko.zip: "
                             "Korean renders, captions, decks and README")
    arguments = parser.parse_args(argv)
    cli.theme(parser, None)  # a bad $COMPANION_THEME is a usage error here too
    chapters = sorted({entry.chapter for entry in catalogue.scenes().values()})
    unknown = [c for c in arguments.chapter if c not in chapters]
    if unknown:
        parser.error(f"no chapter {', '.join(map(str, unknown))}; chapters with scenes: "
                     f"{', '.join(map(str, chapters))}")
    try:
        require_latex()
        decks.reveal_root()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return cli.MISSING_TOOL
    selected = cli.unique(arguments.chapter, "chapter")
    problems = decks.untranslated(selected, arguments.lang)
    if problems:  # before anything renders, every unit named (English never stands in)
        for problem in problems:
            print(f"python -m lectures.kit: --lang {arguments.lang}: {problem}", file=sys.stderr)
        return cli.FAILED
    failed = 0
    for chapter in selected:
        try:
            path = build_kit(chapter, arguments.quality, arguments.jobs, arguments.force,
                             arguments.lang)
        except (RuntimeError, stamps.Busy) as error:
            print(f"chapter {chapter}: kit FAILED: {error}", file=sys.stderr)
            failed += 1
            continue
        print(f"chapter {chapter}: kit → {cli.shown(path)} "
              f"({path.stat().st_size / 1e6:.1f} MB)", flush=True)
    return cli.FAILED if failed else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m lectures.kit"))
