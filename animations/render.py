"""Render every scene (or some) in parallel, skipping those whose inputs did not change.

    python -m animations.render                      # all scenes, draft quality
    python -m animations.render VanishingPowers      # one scene
    python -m animations.render --quality high       # 1080p60

Each scene yields ``<Scene>.webm`` (VP9: plays in every Chromium), ``<Scene>.mp4``
(H.264), ``<Scene>.png`` (poster: the last frame) and ``<Scene>.json`` (what
was rendered from what) in ``build/media/<quality>/``. A scene is skipped when
its stamp's input hash (scene module, the project modules it imports, quality)
matches and its files exist.
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
from fractions import Fraction
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import av
import manim

from animations import catalogue, style

BUILD = catalogue.ROOT / "build"
QUALITY_FLAGS = {"draft": "l", "medium": "m", "high": "h", "4k": "k"}
VP9_SPEED = {"draft": "8", "medium": "6", "high": "4", "4k": "4"}
OUTPUT_SUFFIXES = (".webm", ".mp4", ".png")


def media_dir(quality: str) -> Path:
    """Where finished renders of ``quality`` live; the site build reads ``draft``."""
    return BUILD / "media" / quality


@dataclass(frozen=True)
class Outcome:
    """What happened to one scene."""

    scene: str
    status: str  # "rendered", "skipped" or "failed"
    seconds: float = 0.0
    detail: str = ""


def _stamp_hash(entry: catalogue.SceneEntry, quality: str) -> str:
    return catalogue.input_hash(entry, quality, manim.__version__, Path(__file__).read_text())


def is_up_to_date(entry: catalogue.SceneEntry, quality: str) -> bool:
    """True if the stamp matches the current inputs and every output file exists."""
    folder = media_dir(quality)
    stamp = folder / f"{entry.name}.json"
    if not stamp.exists() or not all(
        (folder / f"{entry.name}{suffix}").exists() for suffix in OUTPUT_SUFFIXES
    ):
        return False
    return json.loads(stamp.read_text())["input_hash"] == _stamp_hash(entry, quality)


def transcode_to_webm(source: Path, target: Path, quality: str) -> None:
    """Re-encode Manim's H.264 output as VP9 WebM, which Chromium builds without H.264 play."""
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
        writer.mux(outgoing.encode(None))


def save_last_frame(source: Path, target: Path) -> None:
    """The final frame as PNG: the poster shows where the animation ends up."""
    last = None
    with av.open(str(source)) as reader:
        for frame in reader.decode(video=0):
            last = frame
    if last is None:
        raise RuntimeError(f"{source} has no frames")
    last.to_image().save(target)


def render_scene(entry: catalogue.SceneEntry, quality: str) -> Outcome:
    """Render one scene with Manim in a subprocess, then transcode and stamp it."""
    started = time.perf_counter()
    folder = media_dir(quality)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"render-{entry.name}-") as scratch:
        command = [
            sys.executable, "-m", "manim", "render", f"-q{QUALITY_FLAGS[quality]}",
            "--media_dir", scratch, "--disable_caching", "--progress_bar", "none",
            "--output_file", entry.name, str(entry.path), entry.name,
        ]
        result = subprocess.run(command, capture_output=True, text=True, cwd=catalogue.ROOT)
        videos = sorted(Path(scratch).glob(f"videos/**/{entry.name}.mp4"))
        if result.returncode != 0 or not videos:
            tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
            return Outcome(entry.name, "failed", time.perf_counter() - started, tail)
        mp4 = folder / f"{entry.name}.mp4"
        shutil.copyfile(videos[0], mp4)
    transcode_to_webm(mp4, folder / f"{entry.name}.webm", quality)
    save_last_frame(mp4, folder / f"{entry.name}.png")
    seconds = time.perf_counter() - started
    stamp = {
        "scene": entry.name,
        "module": entry.module,
        "chapter": entry.chapter,
        "caption": entry.caption,
        "quality": quality,
        "input_hash": _stamp_hash(entry, quality),
        "render_seconds": round(seconds, 2),
        "bytes": {s: (folder / f"{entry.name}{s}").stat().st_size for s in OUTPUT_SUFFIXES},
    }
    (folder / f"{entry.name}.json").write_text(json.dumps(stamp, indent=2, ensure_ascii=False))
    return Outcome(entry.name, "rendered", seconds)


def render_all(names: list[str], quality: str, jobs: int, force: bool) -> list[Outcome]:
    """Render ``names`` with up to ``jobs`` processes, printing progress as scenes finish."""
    entries = [catalogue.scenes()[name] for name in names]
    pending = [e for e in entries if force or not is_up_to_date(e, quality)]
    outcomes = [Outcome(e.name, "skipped") for e in entries if e not in pending]
    total = len(entries)
    for number, outcome in enumerate(outcomes, start=1):
        print(f"[{number}/{total}] {outcome.scene}: unchanged, skipped", flush=True)
    if not pending:
        return outcomes
    print(f"rendering {len(pending)} scene(s) at {quality} quality with {jobs} job(s)…",
          flush=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(render_scene, entry, quality): entry for entry in pending}
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
    parser.add_argument("--quality", choices=QUALITY_FLAGS, default="draft")
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
    started = time.perf_counter()
    outcomes = render_all(arguments.scenes or list(known), arguments.quality, arguments.jobs,
                          arguments.force)
    failed = [o.scene for o in outcomes if o.status == "failed"]
    rendered = sum(o.status == "rendered" for o in outcomes)
    print(f"{rendered} rendered, {len(outcomes) - rendered - len(failed)} skipped, "
          f"{len(failed)} failed in {time.perf_counter() - started:.1f} s "
          f"→ {media_dir(arguments.quality).relative_to(catalogue.ROOT)}/")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
