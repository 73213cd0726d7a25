"""Render every scene (or some) in parallel, skipping those whose inputs did not change.

    python -m animations.render                      # all scenes, draft quality
    python -m animations.render VanishingPowers      # one scene
    python -m animations.render --quality high       # 1080p60, for slides
    python -m animations.render --quality 4k --theme light --transparent

Each scene yields ``<Scene>.webm`` (VP9: plays in every Chromium), ``<Scene>.mp4``
(H.264), ``<Scene>.png`` (poster: the last frame) and ``<Scene>.json`` (what
was rendered from what) in ``build/media/<variant>/``: ``draft`` for the site,
else e.g. ``high-light`` or ``4k-dark-transparent`` (WebM with alpha and a
transparent PNG still; no MP4, which cannot carry alpha). A scene is skipped
when its stamp's input hash (scene module, the project modules it imports, the
variant) matches and its files exist, so an interrupted run resumes where it
stopped.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av
import manim
from PIL import Image

from animations import catalogue, style

BUILD = catalogue.ROOT / "build"
QUALITY_FLAGS = {"draft": "l", "medium": "m", "high": "h", "4k": "k"}
VP9_SPEED = {"draft": "8", "medium": "6", "high": "4", "4k": "4"}


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
        if self.theme not in style.THEMES:
            raise ValueError(f"theme: expected one of {list(style.THEMES)}, got {self.theme!r}")

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
    return catalogue.input_hash(entry, variant.name, manim.__version__, Path(__file__).read_text())


def is_up_to_date(entry: catalogue.SceneEntry, variant: Variant) -> bool:
    """True if the stamp matches the current inputs and every output file exists."""
    folder = media_dir(variant)
    stamp = folder / f"{entry.name}.json"
    if not stamp.exists() or not all(
        (folder / f"{entry.name}{suffix}").exists() for suffix in variant.outputs
    ):
        return False
    return json.loads(stamp.read_text())["input_hash"] == _stamp_hash(entry, variant)


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


POSTER_COLOURS = 128


def save_poster(last: av.VideoFrame, target: Path, *, small: bool) -> None:
    """The final frame as PNG: the poster shows where the animation ends up.

    ``small`` quantises to a palette of :data:`POSTER_COLOURS`: flat Manim frames lose
    little, and a page of posters loads in half the bytes.
    """
    image = last.to_image()
    if small:
        image = image.quantize(POSTER_COLOURS, dither=Image.Dither.NONE)
    image.save(target, optimize=small)


def run_themed(command: list[str], cwd: Path | str, theme: str) -> None:
    """Run a Manim tool in a subprocess with ``COMPANION_THEME`` set to ``theme``.

    A failure raises RuntimeError carrying the last lines of the tool's output,
    which is where Manim and manim-slides say what went wrong.
    """
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                            env={**os.environ, "COMPANION_THEME": theme})
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        raise RuntimeError(f"{' '.join(command[:4])} failed:\n{tail}")


def _manim(
    entry: catalogue.SceneEntry, variant: Variant, scratch: str, suffix: str, *flags: str
) -> Path:
    """Run Manim on ``entry`` in a subprocess: the ``suffix`` file it wrote, or RuntimeError."""
    run_themed([
        sys.executable, "-m", "manim", "render", f"-q{QUALITY_FLAGS[variant.quality]}",
        "--media_dir", scratch, "--disable_caching", "--progress_bar", "none",
        "--output_file", entry.name, *flags, str(entry.path), entry.name,
    ], catalogue.ROOT, variant.theme)
    written = sorted(Path(scratch).glob(f"**/{entry.name}*{suffix}"))
    if not written:
        raise RuntimeError(f"manim succeeded but wrote no {entry.name}*{suffix} file")
    return written[0]


def render_scene(entry: catalogue.SceneEntry, variant: Variant) -> Outcome:
    """Render one scene with Manim, make its WebM and poster, and stamp it."""
    started = time.perf_counter()
    folder = media_dir(variant)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / entry.name
    try:
        with tempfile.TemporaryDirectory(prefix=f"render-{entry.name}-") as scratch:
            if variant.transparent:
                shutil.copyfile(_manim(entry, variant, scratch, ".webm", "--transparent",
                                       "--format", "webm"), target.with_suffix(".webm"))
                shutil.copyfile(_manim(entry, variant, scratch, ".png", "--transparent", "-s"),
                                target.with_suffix(".png"))
            else:
                mp4 = target.with_suffix(".mp4")
                shutil.copyfile(_manim(entry, variant, scratch, ".mp4"), mp4)
                last = transcode_to_webm(mp4, target.with_suffix(".webm"), variant.quality)
                save_poster(last, target.with_suffix(".png"), small=variant.quality == "draft")
    except RuntimeError as error:
        return Outcome(entry.name, "failed", time.perf_counter() - started, str(error))
    seconds = time.perf_counter() - started
    stamp = {
        "scene": entry.name,
        "module": entry.module,
        "chapter": entry.chapter,
        "caption": entry.caption,
        "variant": variant.name,
        "input_hash": _stamp_hash(entry, variant),
        "render_seconds": round(seconds, 2),
        "bytes": {s: target.with_suffix(s).stat().st_size for s in variant.outputs},
    }
    # The stamp is written last: a scene interrupted before this point renders again.
    target.with_suffix(".json").write_text(json.dumps(stamp, indent=2, ensure_ascii=False))
    return Outcome(entry.name, "rendered", seconds)


def render_all(
    names: list[str], variant: Variant, jobs: int, force: bool = False
) -> list[Outcome]:
    """Render ``names`` with up to ``jobs`` processes, printing progress as scenes finish."""
    entries = [catalogue.scenes()[name] for name in names]
    pending = [e for e in entries if force or not is_up_to_date(e, variant)]
    outcomes = [Outcome(e.name, "skipped") for e in entries if e not in pending]
    total = len(entries)
    for number, outcome in enumerate(outcomes, start=1):
        print(f"[{number}/{total}] {outcome.scene}: unchanged, skipped", flush=True)
    if not pending:
        return outcomes
    print(f"rendering {len(pending)} scene(s) as {variant.name} with {jobs} job(s)…", flush=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(render_scene, entry, variant): entry for entry in pending}
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            line = f"[{len(outcomes)}/{total}] {outcome.scene}: {outcome.status} " \
                   f"in {outcome.seconds:.1f} s"
            print(line, flush=True)
            if outcome.detail:
                print("    " + outcome.detail.replace("\n", "\n    "), flush=True)
    return outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m animations.render", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*", help="scene class names (default: all)")
    parser.add_argument("--quality", choices=QUALITY_FLAGS, default="draft",
                        help="draft 480p15 (the site's), medium 720p30, high 1080p60, 4k 2160p60")
    parser.add_argument("--theme", choices=style.THEMES, default="dark",
                        help="light reads better on projectors")
    parser.add_argument("--transparent", action="store_true",
                        help="transparent background: WebM with alpha and a PNG still")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel renders (default: number of cores)")
    parser.add_argument("--force", action="store_true", help="render even if unchanged")
    parser.add_argument("--list", action="store_true", help="list scenes and exit")
    arguments = parser.parse_args(argv)
    known = catalogue.scenes()
    if arguments.list:
        for entry in known.values():
            print(f"ch{entry.chapter}  {entry.name:<28} {entry.caption}")
        return 0
    unknown = [name for name in arguments.scenes if name not in known]
    if unknown:
        print(f"unknown scene(s): {', '.join(unknown)}\nknown scenes: {', '.join(known)}",
              file=sys.stderr)
        return 2
    if arguments.jobs < 1:
        parser.error(f"--jobs: expected a positive number, got {arguments.jobs}")
    try:
        style.require_latex()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 3
    variant = Variant(arguments.quality, arguments.theme, arguments.transparent)
    started = time.perf_counter()
    try:
        outcomes = render_all(arguments.scenes or list(known), variant, arguments.jobs,
                              arguments.force)
    except KeyboardInterrupt:
        print("interrupted: finished scenes are kept; run the same command to resume",
              file=sys.stderr)
        return 130
    failed = [o.scene for o in outcomes if o.status == "failed"]
    rendered = sum(o.status == "rendered" for o in outcomes)
    print(f"{rendered} rendered, {len(outcomes) - rendered - len(failed)} skipped, "
          f"{len(failed)} failed in {time.perf_counter() - started:.1f} s "
          f"→ {media_dir(variant).relative_to(catalogue.ROOT)}/")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
