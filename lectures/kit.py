"""A chapter's lecture kit: one zip with everything needed to teach it.

    python -m lectures.kit --chapter 2                  # 1080p: build/kits/chapter-2.zip
    python -m lectures.kit --chapter 2 --quality draft  # quick look: chapter-2-draft.zip

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
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path

from animations import catalogue, cli, render, stamps
from animations.toolchain import require_latex
from foundation.palette import THEMES
from lectures import decks, plan

KITS = catalogue.ROOT / "build" / "kits"
QUALITIES = ("draft", "medium", "high")
DEFAULT_QUALITY = "high"
SCRATCH_PREFIX = ".kit-"
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # zip entries carry no build time: same inputs, same bytes
COMPRESSED = {".mp4", ".webm", ".png", ".pptx", ".zip"}  # already compressed: stored as is


def kit_name(chapter: int, quality: str) -> str:
    """``chapter-N`` for the 1080p kit the site links, ``chapter-N-<quality>`` otherwise."""
    return f"chapter-{chapter}" + ("" if quality == DEFAULT_QUALITY else f"-{quality}")


def video_variants(quality: str) -> dict[str, render.Variant]:
    """The folders of the kit's videos and the renders that fill them."""
    variants = {}
    for theme in THEMES:
        variants[theme] = render.Variant(quality, theme)
        variants[f"transparent-{theme}"] = render.Variant(quality, theme, transparent=True)
    return variants


def readme(chapter: int, quality: str, contents: Iterable[str]) -> str:
    """The kit's README.txt: what each folder holds and how to use it."""
    title = plan.chapter_title(chapter)
    resolution = {"draft": "480p, 15 frames a second", "medium": "720p, 30 frames a second",
                  "high": "1080p, 60 frames a second"}[quality]
    scenes = [f"  {entry.name}: {entry.title}" for entry in plan.scenes(chapter)]
    figures = sorted(name for name in contents if name.startswith("figures/"))
    return "\n".join([
        f"Lecture kit, chapter {chapter}: {title}",
        "Why orthogonal initialisation works in recurrent networks",
        "",
        f"Videos ({resolution}), one per animation:",
        *scenes,
        "",
        "videos/dark, videos/light: MP4 (H.264, plays everywhere, also in PowerPoint and",
        "  Keynote) and WebM (VP9), the last frame as PNG, captions as WebVTT (.vtt) and",
        "  the same description as plain text (.txt).",
        "videos/transparent-dark, videos/transparent-light: WebM with a transparent",
        "  background and a transparent PNG still, to lay over your own slides (dark text",
        "  on light slides: use transparent-light).",
        "decks: the chapter as a lecture, each result stated as checked and then animated,",
        "  in the dark and the light theme: .html (one offline file; arrow keys to step, S",
        "  for speaker notes), .pptx (titles, theorems and speaker notes as editable text,",
        "  each conclusion a typeset picture with its formula as alt text, the videos",
        "  inside), .pdf (handout: one vector page per slide, with its title and notes as",
        "  text).",
        "figures: the chapter's figures as SVG (light theme)"
        + (":" if figures else ": this chapter has none."),
        *(f"  {name.removeprefix('figures/')}" for name in figures),
        "",
        "Your own inputs: python -m animations.render --describe SCENE lists what a scene",
        "takes; --set NAME=VALUE or --params FILE.toml renders it with your values.",
        "",
    ])


def gather(chapter: int, quality: str, jobs: int, force: bool = False) -> dict[str, Path]:
    """Build (or find up to date) everything the kit holds: name in the zip → file."""
    names = [entry.name for entry in plan.scenes(chapter)]
    contents: dict[str, Path] = {}
    for folder, variant in video_variants(quality).items():
        outcomes = render.render_all(names, variant, jobs, force)
        failed = [o.scene for o in outcomes if o.status == "failed"]
        if failed:
            raise RuntimeError(f"renders failed ({variant.name}): {', '.join(failed)}")
        for name in names:
            for suffix in variant.outputs:
                path = render.media_dir(variant) / f"{name}{suffix}"
                contents[f"videos/{folder}/{path.name}"] = path
    for theme in THEMES:
        if decks.build_decks([chapter], theme, jobs, force, quality=quality):
            raise RuntimeError(f"the {theme} deck of chapter {chapter} failed")
        base = decks.DECKS / decks.deck_name(chapter, theme, quality)
        for suffix in decks.FORMATS:
            contents[f"decks/{base.name}{suffix}"] = base.with_suffix(suffix)
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
              force: bool = False) -> Path:
    """Everything for ``chapter`` built, then packed into ``build/kits/<name>.zip``, stamped."""
    from lectures.figures import chapter_figures  # LaTeX, and the site's figure cache

    started = time.perf_counter()
    contents = gather(chapter, quality, jobs, force)
    texts = {f"figures/{name}": svg for name, svg in chapter_figures(chapter).items()}
    texts["README.txt"] = readme(chapter, quality, [*contents, *texts])
    name = kit_name(chapter, quality)
    KITS.mkdir(parents=True, exist_ok=True)
    with stamps.folder_lock(KITS, lambda line: print(line, flush=True)):
        scratch = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=KITS))
        try:
            packed = scratch / f"{name}.zip"
            write_zip(packed, f"{name}-kit", contents, texts)
            stamps.publish(KITS / f"{name}.json", {
                "chapter": chapter, "quality": quality, "title": plan.chapter_title(chapter),
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
    failed = 0
    for chapter in cli.unique(arguments.chapter, "chapter"):
        try:
            path = build_kit(chapter, arguments.quality, arguments.jobs, arguments.force)
        except (RuntimeError, stamps.Busy) as error:
            print(f"chapter {chapter}: kit FAILED: {error}", file=sys.stderr)
            failed += 1
            continue
        print(f"chapter {chapter}: kit → {cli.shown(path)} "
              f"({path.stat().st_size / 1e6:.1f} MB)", flush=True)
    return cli.FAILED if failed else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m lectures.kit"))
