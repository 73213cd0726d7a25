"""Render every scene (or some) in parallel, skipping those whose inputs and outputs are intact.

    python -m animations.render                      # all scenes, draft quality
    python -m animations.render VanishingPowers      # one scene
    python -m animations.render --quality high       # 1080p60, for slides
    python -m animations.render --quality 4k --theme light --transparent
    python -m animations.render --describe VanishingPowers       # its inputs and defaults
    python -m animations.render VanishingPowers --set matrix="[[0.9, 0.3], [0, 0.8]]"
    python -m animations.render VanishingPowers --params mine.toml --set steps=100
    python -m animations.render VanishingPowers --lang ko   # Korean words, captions, transcript

Each scene yields ``<Scene>.webm`` (VP9: plays in every Chromium), ``<Scene>.mp4``
(H.264), ``<Scene>.png`` (poster: the last frame, whose readouts every scene keeps
clear of a player's controls), ``<Scene>.vtt`` (its caption track),
``<Scene>.txt`` (the same description as plain text) and ``<Scene>.json``, its
stamp, in ``build/media/<variant>/``: ``draft`` for the site, else e.g.
``high-light`` or ``4k-dark-transparent`` (WebM with alpha and a transparent PNG
still; no MP4, which cannot carry alpha).

``--lang ko`` renders the scenes with their words in Korean (:mod:`animations.narration`: the
Korean templates of ``translations/ko/scenes/`` filled with the same values; on screen in
NanumGothic, formulas unchanged) into ``build/media/<variant>/ko/``, with a Korean caption track
and transcript beside each render. A Korean unit missing or stale stops it before anything
renders, one line naming each; English is never said in its place.

A scene's inputs (``--describe``) can be set with ``--set NAME=VALUE`` (a TOML
value) or a TOML file (``--params``; top-level keys for every scene that has them,
``[Scene]`` tables for one). They are checked once, before anything renders: a bad
value exits 2 with one line naming the parameter. Manim, in a process of its own, gets
them and the theme as data (:mod:`animations.request`). A render with other inputs
than the defaults lands beside the default one as
``<Scene>--<what was set>--<digest>.*``, so the published render is never
overwritten, and the skip-if-unchanged check includes the inputs.

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
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import av
from PIL import Image

from animations import captions, catalogue, cli, narration, parameters, stamps, workers
from animations.request import Request
from animations.toolchain import require_latex, run_tool
from foundation.palette import THEMES

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
        videos = (".webm", ".png") if self.transparent else (".webm", ".mp4", ".png")
        return (*videos, ".vtt", ".txt")


def media_dir(variant: Variant, lang: str = "en") -> Path:
    """Where finished renders of ``variant`` live (the site build reads ``draft``); a render in
    another language than English, in a folder of the language's within."""
    folder = BUILD / "media" / variant.name
    return folder if lang == "en" else folder / lang


@dataclass(frozen=True)
class Job:
    """One scene with the inputs asked for (``overrides``: only those differing from the
    defaults, checked)."""

    entry: catalogue.SceneEntry
    overrides: dict = field(default_factory=dict)
    lang: str = "en"

    @property
    def name(self) -> str:
        """The outputs' stem: the scene's name for its defaults, else one derived from the
        inputs (:func:`animations.parameters.output_name`)."""
        return parameters.output_name(self.entry.name, self.overrides)

    def request(self, variant: Variant) -> Request:
        """What the Manim process draws: the scene with these inputs, in the variant's theme."""
        return Request(variant.theme, {self.entry.name: self.overrides}, self.lang)

    @property
    def title(self) -> str:
        """The scene's title in the render's language (a transcript's first line)."""
        if self.lang == "en":
            return self.entry.title
        return narration.words(f"{self.entry.name}.title", self.entry.title).text(self.lang)


@dataclass(frozen=True)
class Outcome:
    """What happened to one scene."""

    scene: str
    status: str  # "rendered", "skipped" or "failed"
    seconds: float = 0.0
    detail: str = ""


def _job(job: Job | catalogue.SceneEntry) -> Job:
    return job if isinstance(job, Job) else Job(job)


def _stamp_hash(job: Job | catalogue.SceneEntry, variant: Variant) -> str:
    job = _job(job)
    if job.lang == "en":
        return catalogue.render_hash(job.entry, variant.name, job.overrides)
    # in another language, the render also depends on that language's translations
    return catalogue.render_hash(job.entry, f"{variant.name}/{job.lang}/"
                                 f"{narration.catalogue_digest(job.lang)}", job.overrides)


def is_up_to_date(job: Job | catalogue.SceneEntry, variant: Variant) -> bool:
    """True if the stamp matches the current inputs and its files are exactly the stamped ones."""
    job = _job(job)
    stamp_path = media_dir(variant, job.lang) / f"{job.name}.json"
    if stamps.problems(stamp_path):
        return False
    stamp = stamps.read(stamp_path)
    expected = {f"{job.name}{suffix}" for suffix in variant.outputs}
    return set(stamp["files"]) == expected and stamp.get("input_hash") == _stamp_hash(
        job, variant)


def video_seconds(path: Path) -> float:
    """How long the video at ``path`` plays."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = stream.frames or sum(1 for packet in container.demux(stream) if packet.size)
        if frames and stream.average_rate:  # a WebM states no frame count: its packets do
            return float(frames / stream.average_rate)
        if container.duration is None:
            raise RuntimeError(f"{path}: the video's duration cannot be read")
        return container.duration / av.time_base  # the last frame's start, not its end


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


def _manim(job: Job, variant: Variant, scratch: Path, suffix: str, *flags: str) -> Path:
    """Run Manim on ``job`` in a subprocess: the ``suffix`` file it wrote, or RuntimeError."""
    entry = job.entry
    run_tool("manim", [
        "render", f"-q{QUALITY_FLAGS[variant.quality]}",
        "--media_dir", str(scratch), "--disable_caching", "--progress_bar", "none",
        "--output_file", job.name, *flags, str(entry.path), entry.name,
    ], catalogue.ROOT, job.request(variant))
    written = sorted(scratch.glob(f"**/{job.name}*{suffix}"))
    if not written:
        raise RuntimeError(f"manim succeeded but wrote no {job.name}*{suffix} file")
    return written[0]


def _produce(job: Job, variant: Variant, scratch: Path) -> tuple[dict[str, Path], list]:
    """Every output of ``job``, finished, inside ``scratch`` (suffix → file), and its narration
    beat by beat (the transcript's entries; the caption track shows the same words in cues
    short enough to read)."""
    name = job.name
    if variant.transparent:
        produced = {
            ".webm": _manim(job, variant, scratch, ".webm", "--transparent", "--format", "webm"),
            ".png": _manim(job, variant, scratch, ".png", "--transparent", "-s"),
        }
        seconds = video_seconds(produced[".webm"])
    else:
        mp4 = _manim(job, variant, scratch, ".mp4")
        webm, poster = scratch / f"{name}.webm", scratch / f"{name}.png"
        last = transcode_to_webm(mp4, webm, variant.quality)
        save_poster(last, poster, small=variant.quality == "draft")
        produced = {".webm": webm, ".mp4": mp4, ".png": poster}
        seconds = video_seconds(mp4)
    vtt, txt = scratch / f"{name}.vtt", scratch / f"{name}.txt"
    beats = captions.write_track(scratch / "captions" / f"{name}.json", seconds, vtt, txt,
                                 job.title, captions.LIMITS[job.lang])
    return {**produced, ".vtt": vtt, ".txt": txt}, beats


def said_units(marks_file: Path) -> list[dict]:
    """Each narration's moment, template id and values, as the scene recorded them: what the
    site fills another language's templates with, beat for beat (:mod:`animations.narration`)."""
    recorded = json.loads(marks_file.read_text(encoding="utf-8"))
    return [{"start": round(float(time), 3), **(unit or {})}
            for (time, _), unit in zip(recorded["marks"], recorded.get("units", []), strict=True)]


def render_scene(job: Job | catalogue.SceneEntry, variant: Variant) -> Outcome:
    """Render one scene in a scratch folder beside its outputs, then publish and stamp it."""
    job = _job(job)
    entry = job.entry
    started = time.perf_counter()
    folder = media_dir(variant, job.lang)
    folder.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{job.name}-", dir=folder))
    try:
        produced, beats = _produce(job, variant, scratch)
        values = entry.scene_class.PARAMETERS.values(job.overrides)
        seconds = time.perf_counter() - started
        stamps.publish(folder / f"{job.name}.json", {
            "scene": job.name,
            "scene_class": entry.name,
            "parameters": job.overrides,
            "title": job.title,
            "chapter": entry.chapter,
            "position": entry.position,
            "caption": entry.scene_class.caption_for(values),
            "narration": [{"start": beat.start, "end": beat.end, "text": beat.text}
                          for beat in beats],
            "narration_units": said_units(scratch / "captions" / f"{job.name}.json"),
            **({"lang": job.lang} if job.lang != "en" else {}),
            "module": entry.module,
            "variant": variant.name,
            "input_hash": _stamp_hash(job, variant),
            "render_seconds": round(seconds, 2),
        }, {source: folder / f"{job.name}{suffix}" for suffix, source in produced.items()})
    except (RuntimeError, OSError, ValueError, av.error.FFmpegError) as error:
        return Outcome(job.name, "failed", time.perf_counter() - started, str(error))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return Outcome(job.name, "rendered", seconds)


def remove_scratch(folder: Path) -> None:
    """Delete scratch folders that an interrupted or killed render left (the lock is held)."""
    for leftover in folder.glob(f"{SCRATCH_PREFIX}*"):
        shutil.rmtree(leftover, ignore_errors=True)


def render_all(
    names: list[str], variant: Variant, jobs: int, force: bool = False,
    lock_timeout: float = 3600.0, overrides: dict[str, dict] | None = None, lang: str = "en",
) -> list[Outcome]:
    """Render ``names`` with up to ``jobs`` processes, printing progress as scenes finish.

    ``overrides`` maps a scene to its checked non-default inputs
    (:func:`animations.parameters.requested`).
    """
    chosen = overrides or {}
    work = [Job(catalogue.scenes()[name], dict(chosen.get(name, {})), lang) for name in names]
    folder = media_dir(variant, lang)
    outcomes: list[Outcome] = []
    total = len(work)

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
            pending = [job for job in work if force or not is_up_to_date(job, variant)]
            for job in work:
                if job not in pending:
                    outcomes.append(Outcome(job.name, "skipped"))
                    print(f"[{len(outcomes)}/{total}] {job.name}: unchanged, skipped",
                          flush=True)
            if pending:
                print(f"rendering {len(pending)} scene(s) as {variant.name} with "
                      f"{min(jobs, len(pending))} job(s)…", flush=True)
                workers.run_each(
                    [(job.name, lambda job=job: render_scene(job, variant)) for job in pending],
                    jobs, report)
        finally:
            remove_scratch(folder)
    return outcomes


def describe(entry: catalogue.SceneEntry) -> str:
    """What ``--describe`` prints: the scene, and each input with its limits and default."""
    declared = entry.scene_class.PARAMETERS
    lines = [f"{entry.name}: {entry.title} (chapter {entry.chapter}, {entry.module})"]
    if not declared.items:
        return "\n".join([*lines, "no parameters"])
    lines += ["parameters (--set NAME=VALUE, or NAME = VALUE in a --params TOML file):",
              *declared.describe()]
    return "\n".join(lines)


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
    parser.add_argument("--lang", choices=narration.LANGUAGES, default="en",
                        help="the language of the words on screen, the captions and the "
                             "transcript (default: en); ko renders into <variant>/ko/")
    cli.add_parameters(parser)
    parser.add_argument("--describe", metavar="SCENE",
                        help="list a scene's parameters with their limits and defaults, and exit")
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
    unknown = [name for name in [*arguments.scenes, *filter(None, [arguments.describe])]
               if name not in known]
    if unknown:
        parser.error(f"unknown scene(s) {', '.join(unknown)}; known: {', '.join(known)}")
    if arguments.describe:
        print(describe(known[arguments.describe]))
        return 0
    names = cli.unique(arguments.scenes, "scene") or list(known)
    overrides = cli.parameters(parser, arguments, {name: known[name] for name in names})
    try:
        require_latex()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return cli.MISSING_TOOL
    if arguments.lang != "en":
        problems = narration.findings(arguments.lang, {known[name].module.rsplit(".", 1)[-1]
                                                       for name in names} | {"style"})
        if problems:
            for problem in problems:
                print(f"python -m animations.render: --lang {arguments.lang}: {problem}",
                      file=sys.stderr)
            return cli.USAGE
    variant = Variant(arguments.quality, theme, arguments.transparent)
    lang = arguments.lang
    started = time.perf_counter()
    try:
        outcomes = render_all(names, variant, arguments.jobs, arguments.force,
                              overrides=overrides, lang=lang)
    except stamps.Busy as error:
        print(error, file=sys.stderr)
        return cli.FAILED
    failed = [o.scene for o in outcomes if o.status == "failed"]
    rendered = sum(o.status == "rendered" for o in outcomes)
    print(f"{rendered} rendered, {len(outcomes) - rendered - len(failed)} skipped, "
          f"{len(failed)} failed in {time.perf_counter() - started:.1f} s "
          f"→ {cli.shown(media_dir(variant, lang))}/")
    for name in names:
        if overrides.get(name):
            print(f"{name} with your inputs: {cli.shown(media_dir(variant, lang))}/"
                  f"{Job(known[name], overrides[name]).name}.*")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return cli.FAILED if failed else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m animations.render"))
