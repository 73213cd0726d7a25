"""Render every scene (or some) in parallel, skipping those whose inputs and outputs are intact.

    python -m animations.render                      # all scenes, draft quality
    python -m animations.render VanishingPowers      # one scene
    python -m animations.render --quality high       # 1080p60, for slides
    python -m animations.render --quality 4k --theme light --transparent

Each scene yields ``<Scene>.webm`` (VP9: plays in every Chromium), ``<Scene>.mp4``
(H.264), ``<Scene>.png`` (poster: the last frame, whose readouts every scene keeps
clear of a player's controls) and ``<Scene>.json``, its stamp, in
``build/media/<variant>/``: ``draft`` for the site, else e.g. ``high-light`` or
``4k-dark-transparent`` (WebM with alpha and a transparent PNG still; no MP4,
which cannot carry alpha).

Nothing is ever half-written: a scene renders in a scratch folder beside its
outputs, the finished files are renamed into place and the stamp, which records
each file's size and SHA-256 (:mod:`animations.stamps`), is written last. A
scene is skipped only when its stamp's input hash (scene module, the project
modules it imports, the variant) matches and its files are byte for byte the
stamped ones. One render at a time writes a folder: a second waits for the first.
Ctrl-C stops every worker and leaves finished scenes in place; the same command
resumes. Exit codes: see :mod:`animations.cli`.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av
from PIL import Image

from animations import catalogue, cli, stamps, workers
from animations.palette import THEMES
from animations.toolchain import require_latex, run_themed

BUILD = catalogue.ROOT / "build"
QUALITY_FLAGS = {"draft": "l", "medium": "m", "high": "h", "4k": "k"}
VP9_SPEED = {"draft": "8", "medium": "6", "high": "4", "4k": "4"}
SCRATCH_PREFIX = ".render-"
POSTER_COLOURS = 256


@dataclass(frozen=True)
class Variant:
    """How to render: Manim quality, colour theme, and whether the background is transparent."""

    quality: str = "draft"
    theme: str = "dark"
    transparent: bool = False

    def __post_init__(self) -> None:
        if self.quality not in QUALITY_FLAGS:
            raise ValueError(
                f"quality: expected one of {list(QUALITY_FLAGS)}, got {self.quality!r}"
            )
        if self.theme not in THEMES:
            raise ValueError(f"theme: expected one of {list(THEMES)}, got {self.theme!r}")

    @property
    def name(self) -> str:
        """The folder name: ``draft`` for the site's renders, else quality-theme[-transparent]."""
        if self == Variant():
            return "draft"
        return f"{self.quality}-{self.theme}" + ("-transparent" if self.transparent else "")

    @property
    def outputs(self) -> tuple[str, ...]:
        return (".webm", ".png") if self.transparent else (".webm", ".mp4", ".png")


def media_dir(variant: Variant) -> Path:
    """Where finished renders of ``variant`` live; the site build reads ``draft``."""
    return BUILD / "media" / variant.name


@dataclass(frozen=True)
class Outcome:
    """What happened to one scene."""

    scene: str
    status: str  # "rendered", "skipped" or "failed"
    seconds: float = 0.0
    detail: str = ""


def _stamp_hash(entry: catalogue.SceneEntry, variant: Variant) -> str:
    return catalogue.input_hash(entry, variant.name, importlib.metadata.version("manim"),
                                Path(__file__).read_text())


def is_up_to_date(entry: catalogue.SceneEntry, variant: Variant) -> bool:
    """True if the stamp matches the current inputs and its files are exactly the stamped ones."""
    stamp_path = media_dir(variant) / f"{entry.name}.json"
    if stamps.problems(stamp_path):
        return False
    stamp = stamps.read(stamp_path)
    expected = {f"{entry.name}{suffix}" for suffix in variant.outputs}
    return set(stamp["files"]) == expected and stamp.get("input_hash") == _stamp_hash(
        entry, variant)


def transcode_to_webm(source: Path, target: Path, quality: str) -> av.VideoFrame:
    """Re-encode Manim's H.264 output as VP9 WebM, which Chromium builds without H.264 play.

    Returns the last frame, so the poster needs no second pass over the video.
    """
    last = None
    with av.open(str(source)) as reader, av.open(str(target), "w", format="webm") as writer:
        incoming = reader.streams.video[0]
        outgoing = writer.add_stream(
            "libvpx-vp9",
            rate=incoming.average_rate,
            options={"crf": "33", "b:v": "0", "cpu-used": VP9_SPEED[quality],
                     "deadline": "realtime" if quality == "draft" else "good", "row-mt": "1"},
        )
        outgoing.width, outgoing.height = incoming.width, incoming.height
        outgoing.pix_fmt = "yuv420p"
        frame_period = 1 / Fraction(incoming.average_rate)
        for index, frame in enumerate(reader.decode(incoming)):
            converted = frame.reformat(format="yuv420p")
            converted.pts, converted.time_base = index, frame_period  # one tick per frame
            writer.mux(outgoing.encode(converted))
            last = frame
        writer.mux(outgoing.encode(None))
    if last is None:
        raise RuntimeError(f"{source} has no frames")
    return last


def save_poster(last: av.VideoFrame, target: Path, *, small: bool) -> None:
    """The final frame as PNG: the poster shows where the animation ends up.

    ``small`` quantises to a palette of :data:`POSTER_COLOURS` by octree, which keeps the
    colours of thin text (median cut merged anti-aliased white text into a beige): flat
    Manim frames lose little, and a page of posters loads in a quarter of the bytes.
    """
    image = last.to_image()
    if small:
        image = image.quantize(POSTER_COLOURS, method=Image.Quantize.FASTOCTREE,
                               dither=Image.Dither.NONE)
    image.save(target, optimize=small)


def _manim(
    entry: catalogue.SceneEntry, variant: Variant, scratch: Path, suffix: str, *flags: str
) -> Path:
    """Run Manim on ``entry`` in a subprocess: the ``suffix`` file it wrote, or RuntimeError."""
    run_themed([
        sys.executable, "-m", "manim", "render", f"-q{QUALITY_FLAGS[variant.quality]}",
        "--media_dir", str(scratch), "--disable_caching", "--progress_bar", "none",
        "--output_file", entry.name, *flags, str(entry.path), entry.name,
    ], catalogue.ROOT, variant.theme)
    written = sorted(scratch.glob(f"**/{entry.name}*{suffix}"))
    if not written:
        raise RuntimeError(f"manim succeeded but wrote no {entry.name}*{suffix} file")
    return written[0]


def _produce(entry: catalogue.SceneEntry, variant: Variant, scratch: Path) -> dict[str, Path]:
    """Every output of ``entry``, finished, inside ``scratch``: suffix → file."""
    if variant.transparent:
        return {
            ".webm": _manim(entry, variant, scratch, ".webm", "--transparent", "--format", "webm"),
            ".png": _manim(entry, variant, scratch, ".png", "--transparent", "-s"),
        }
    mp4 = _manim(entry, variant, scratch, ".mp4")
    webm, poster = scratch / f"{entry.name}.webm", scratch / f"{entry.name}.png"
    last = transcode_to_webm(mp4, webm, variant.quality)
    save_poster(last, poster, small=variant.quality == "draft")
    return {".webm": webm, ".mp4": mp4, ".png": poster}


def render_scene(entry: catalogue.SceneEntry, variant: Variant) -> Outcome:
    """Render one scene in a scratch folder beside its outputs, then publish and stamp it."""
    started = time.perf_counter()
    folder = media_dir(variant)
    folder.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{entry.name}-", dir=folder))
    try:
        produced = _produce(entry, variant, scratch)
        seconds = time.perf_counter() - started
        stamps.publish(folder / f"{entry.name}.json", {
            "scene": entry.name,
            "title": entry.title,
            "chapter": entry.chapter,
            "position": entry.position,
            "caption": entry.caption,
            "module": entry.module,
            "variant": variant.name,
            "input_hash": _stamp_hash(entry, variant),
            "render_seconds": round(seconds, 2),
        }, {source: folder / f"{entry.name}{suffix}" for suffix, source in produced.items()})
    except (RuntimeError, OSError, av.error.FFmpegError) as error:
        return Outcome(entry.name, "failed", time.perf_counter() - started, str(error))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return Outcome(entry.name, "rendered", seconds)


def remove_scratch(folder: Path) -> None:
    """Delete scratch folders that an interrupted or killed render left (the lock is held)."""
    for leftover in folder.glob(f"{SCRATCH_PREFIX}*"):
        shutil.rmtree(leftover, ignore_errors=True)


def render_all(
    names: list[str], variant: Variant, jobs: int, force: bool = False,
    lock_timeout: float = 3600.0,
) -> list[Outcome]:
    """Render ``names`` with up to ``jobs`` processes, printing progress as scenes finish."""
    entries = [catalogue.scenes()[name] for name in names]
    folder = media_dir(variant)
    outcomes: list[Outcome] = []
    total = len(entries)

    def report(name: str, succeeded: bool, value: object) -> None:
        outcome = value if isinstance(value, Outcome) else Outcome(name, "failed",
                                                                   detail=str(value))
        outcomes.append(outcome)
        print(f"[{len(outcomes)}/{total}] {outcome.scene}: {outcome.status} "
              f"in {outcome.seconds:.1f} s", flush=True)
        if outcome.detail:
            print("    " + outcome.detail.replace("\n", "\n    "), flush=True)

    with stamps.folder_lock(folder, lambda line: print(line, flush=True), lock_timeout):
        remove_scratch(folder)
        try:
            pending = [e for e in entries if force or not is_up_to_date(e, variant)]
            for entry in entries:
                if entry not in pending:
                    outcomes.append(Outcome(entry.name, "skipped"))
                    print(f"[{len(outcomes)}/{total}] {entry.name}: unchanged, skipped",
                          flush=True)
            if pending:
                print(f"rendering {len(pending)} scene(s) as {variant.name} with "
                      f"{min(jobs, len(pending))} job(s)…", flush=True)
                workers.run_each(
                    [(e.name, lambda e=e: render_scene(e, variant)) for e in pending], jobs, report)
        finally:
            remove_scratch(folder)
    return outcomes


def _parser() -> cli.Parser:
    parser = cli.Parser(prog="python -m animations.render", description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*",
                        help="scene class names (default: all; see --list); a name given twice "
                             "is rendered once")
    parser.add_argument("--quality", choices=QUALITY_FLAGS, default="draft",
                        help="draft 480p15 (the site's), medium 720p30, high 1080p60, 4k 2160p60")
    cli.add_theme(parser, "light reads better on projectors")
    parser.add_argument("--transparent", action="store_true",
                        help="transparent background: WebM with alpha and a PNG still")
    parser.add_argument("--jobs", type=cli.positive_integer, default=os.cpu_count() or 1,
                        help="parallel renders (default: number of cores)")
    parser.add_argument("--force", action="store_true", help="render even if unchanged")
    parser.add_argument("--list", action="store_true", help="list scenes and exit")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    arguments = parser.parse_args(argv)
    theme = cli.theme(parser, arguments.theme)  # before any scene module reads the variable
    known = catalogue.scenes()
    if arguments.list:
        for entry in known.values():
            print(f"ch{entry.chapter}.{entry.position}  {entry.name:<36} {entry.title}")
        return 0
    unknown = [name for name in arguments.scenes if name not in known]
    if unknown:
        parser.error(f"unknown scene(s) {', '.join(unknown)}; known: {', '.join(known)}")
    try:
        require_latex()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return cli.MISSING_TOOL
    variant = Variant(arguments.quality, theme, arguments.transparent)
    started = time.perf_counter()
    try:
        outcomes = render_all(cli.unique(arguments.scenes, "scene") or list(known), variant,
                              arguments.jobs, arguments.force)
    except stamps.Busy as error:
        print(error, file=sys.stderr)
        return cli.FAILED
    failed = [o.scene for o in outcomes if o.status == "failed"]
    rendered = sum(o.status == "rendered" for o in outcomes)
    print(f"{rendered} rendered, {len(outcomes) - rendered - len(failed)} skipped, "
          f"{len(failed)} failed in {time.perf_counter() - started:.1f} s "
          f"→ {cli.shown(media_dir(variant))}/")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return cli.FAILED if failed else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m animations.render"))
