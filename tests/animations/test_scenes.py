"""Every scene renders (tiny and fast) with a caption track that covers it and says the numbers
its last frame shows; the catalogue and render command behave as documented."""

from __future__ import annotations

import importlib
import itertools
import json
import subprocess
import sys

import av
import manim
import numpy
import pytest
from PIL import Image

from animations import captions, catalogue, render, stamps, style, texcache, toolchain
from tests.animations.screen_numbers import missing, numbers_shown

SCENES = list(catalogue.scenes())
CHEAPEST = "JacobianFactorChain"  # a quick real render: used where any scene will do


def frame_count(path) -> int:
    with av.open(str(path)) as container:
        return sum(1 for _ in container.decode(video=0))


def tiny_render(name: str, folder) -> tuple[manim.Scene, object]:
    """Render ``name`` at 192×108, 4 frames a second, into ``folder``: the scene and its MP4."""
    if ":" in name:  # module:Class, a scene outside the catalogue
        module, _, cls = name.partition(":")
        scene_class = getattr(importlib.import_module(module), cls)
    else:
        scene_class = catalogue.scenes()[name].scene_class
    settings = {
        "media_dir": str(folder), "pixel_width": 192, "pixel_height": 108, "frame_rate": 4,
        "disable_caching": True, "progress_bar": "none", "output_file": name.split(":")[-1],
        "verbosity": "WARNING",
    }
    # Formulas come from the checkout's store of typeset TeX (animations.texcache).
    with texcache.private_folder() as tex, manim.tempconfig({**settings, "tex_dir": str(tex)}):
        scene = scene_class()
        scene.render()
    videos = list(folder.rglob(f"{name.split(':')[-1]}.mp4"))
    assert len(videos) == 1
    return scene, videos[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_scene_renders_a_tiny_video_whose_captions_cover_it_and_say_its_numbers(name, tmp_path):
    scene, video = tiny_render(name, tmp_path)
    assert frame_count(video) > 4
    seconds = render.video_seconds(video)
    vtt, txt = tmp_path / f"{name}.vtt", tmp_path / f"{name}.txt"
    captions.write_track(tmp_path / "captions" / f"{name}.json", seconds, vtt, txt,
                         catalogue.scenes()[name].title)
    track = captions.parse_webvtt(vtt.read_text(encoding="utf-8"))
    # A cue stays up at most 7 s, so a long beat can end in a pause; cues never overlap.
    assert track[0].start == 0 and track[-1].end <= seconds + 1e-3
    assert all(cue.end <= after.start for cue, after in itertools.pairwise(track))
    shown = numbers_shown(scene.mobjects)
    assert shown, "the last frame shows no value at all: the probe is reading nothing"
    said = " ".join(cue.text for cue in track)
    assert missing(shown, said) == [], f"the captions never say {missing(shown, said)}"
    assert txt.read_text(encoding="utf-8").startswith(catalogue.scenes()[name].title)


def test_a_scene_that_does_not_narrate_fails_to_render(tmp_path):
    with pytest.raises(RuntimeError, match="narrate the first beat"):
        tiny_render("tests.animations.bad_scenes:Silent", tmp_path)


@pytest.mark.slow
def test_manim_cli_renders_a_scene_file(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "manim", "-ql", "--media_dir", str(tmp_path), "--disable_caching",
         "--progress_bar", "none", str(catalogue.scenes()[CHEAPEST].path), CHEAPEST],
        capture_output=True, text=True, cwd=catalogue.ROOT,  # as the README says: from the root
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert list(tmp_path.rglob(f"480p15/{CHEAPEST}.mp4"))


def test_every_scene_has_a_title_a_caption_and_a_place_in_its_chapter():
    entries = list(catalogue.scenes().values())
    for entry in entries:
        assert entry.title and entry.caption and entry.chapter in {1, 2, 3, 4, 5}
        assert " " in entry.title and entry.title[0].isupper()  # words, not CamelCase
    places = [(entry.chapter, entry.position) for entry in entries]
    assert places == sorted(places) and len(set(places)) == len(places)
    for chapter in {entry.chapter for entry in entries}:
        positions = [p for c, p in places if c == chapter]
        assert positions == list(range(1, len(positions) + 1))


def test_a_caption_with_a_unicode_stand_in_or_raw_tex_is_refused():
    class Bad:
        """‖Wᵗ‖ fades."""

        TITLE = "Bad"

    with pytest.raises(ValueError, match=r"caption .* of scene Bad"):
        catalogue._entry(Bad, "m", 1, 1)
    Bad.__doc__ = "h_t = W h_(t-1)"
    with pytest.raises(ValueError, match="TeX"):
        catalogue._entry(Bad, "m", 1, 1)
    Bad.__doc__ = "$h_t = W h_{t-1}$ is typeset."
    Bad.TITLE = ""
    with pytest.raises(ValueError, match="needs a TITLE"):
        catalogue._entry(Bad, "m", 1, 1)


@pytest.mark.slow
def test_dependencies_follow_imports_into_derivations():
    paths = {p.relative_to(catalogue.ROOT).as_posix()
             for p in catalogue.dependencies("animations.scenes.matrix_powers")}
    assert {"animations/style.py", "derivations/matrix_powers.py",
            "derivations/init.py", "derivations/notation.py"} <= paths
    assert "derivations/fibonacci.py" not in paths  # only what the scene really imports
    fibonacci = {p.relative_to(catalogue.ROOT).as_posix()
                 for p in catalogue.dependencies("animations.scenes.fibonacci_eigenvalues")}
    assert "derivations/ch1_repeated_powers/eigendecomposition.py" in fibonacci
    assert "derivations/ch4_antisymmetric/forward_euler.py" not in fibonacci
    # A scene that looks derivations up by slug depends on every chapter module.
    looking_up = {p.relative_to(catalogue.ROOT).as_posix()
                  for p in catalogue.dependencies("animations.scenes.bptt_jacobians")}
    assert "derivations/ch4_antisymmetric/forward_euler.py" in looking_up


@pytest.mark.slow
def test_input_hash_depends_on_quality():
    entry = catalogue.scenes()["VanishingPowers"]
    assert catalogue.input_hash(entry, "draft") != catalogue.input_hash(entry, "high")
    assert catalogue.input_hash(entry, "draft") == catalogue.input_hash(entry, "draft")


@pytest.mark.slow
def test_render_command_renders_stamps_then_skips_unchanged(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    first = render.render_all([CHEAPEST], render.Variant(), jobs=1)
    assert [o.status for o in first] == ["rendered"], first[0].detail
    folder = tmp_path / "media" / "draft"
    names = sorted(p.name for p in folder.iterdir())
    outputs = (".webm", ".mp4", ".png", ".vtt", ".txt")
    # No scratch folder is left.
    assert names == sorted([".lock"] + [f"{CHEAPEST}{s}" for s in (*outputs, ".json")])
    stamp = json.loads((folder / f"{CHEAPEST}.json").read_text())
    entry = catalogue.scenes()[CHEAPEST]
    assert (stamp["title"], stamp["chapter"], stamp["position"], stamp["caption"]) == (
        entry.title, entry.chapter, entry.position, entry.caption)
    assert set(stamp["files"]) == {f"{CHEAPEST}{s}" for s in outputs}
    track = captions.parse_webvtt((folder / f"{CHEAPEST}.vtt").read_text(encoding="utf-8"))
    # The stamp keeps the transcript's beats; the track shows the same words, cue by cue.
    assert " ".join(cue.text for cue in track) == " ".join(
        beat["text"] for beat in stamp["narration"])
    assert track[-1].end <= render.video_seconds(folder / f"{CHEAPEST}.mp4") + 1e-3
    assert abs(stamp["narration"][-1]["end"] - render.video_seconds(
        folder / f"{CHEAPEST}.mp4")) < 1e-3
    assert stamps.problems(folder / f"{CHEAPEST}.json") == []
    with av.open(str(folder / f"{CHEAPEST}.webm")) as webm:
        assert webm.streams.video[0].codec_context.name == "vp9"
    # The poster is the last frame, its colours kept (thin text included).
    with av.open(str(folder / f"{CHEAPEST}.mp4")) as mp4:
        *_, last = mp4.decode(video=0)
    with Image.open(folder / f"{CHEAPEST}.png") as poster:
        difference = numpy.abs(numpy.asarray(poster.convert("RGB"), dtype=int)
                               - numpy.asarray(last.to_image(), dtype=int))
    assert numpy.percentile(difference, 99.9) <= 16 and difference.max() <= 48
    second = render.render_all([CHEAPEST], render.Variant(), jobs=1)
    assert [o.status for o in second] == ["skipped"]
    assert "unchanged, skipped" in capsys.readouterr().out
    # A truncated video no longer counts as unchanged.
    video = folder / f"{CHEAPEST}.webm"
    video.write_bytes(video.read_bytes()[:100])
    assert not render.is_up_to_date(entry, render.Variant())


@pytest.mark.slow
def test_only_intact_outputs_with_current_inputs_are_up_to_date(tmp_path, monkeypatch):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    entry, variant = catalogue.scenes()["VanishingPowers"], render.Variant()
    folder = render.media_dir(variant)
    scratch = folder / ".scratch"
    scratch.mkdir(parents=True)

    def publish(input_hash: str, suffixes=variant.outputs) -> None:
        for suffix in suffixes:
            (scratch / suffix).write_bytes(suffix.encode() * 100)
        stamps.publish(folder / "VanishingPowers.json", {"input_hash": input_hash},
                       {scratch / s: folder / f"VanishingPowers{s}" for s in suffixes})

    assert not render.is_up_to_date(entry, variant)  # nothing there
    publish(render._stamp_hash(entry, variant))
    assert render.is_up_to_date(entry, variant)
    publish("an older input hash")
    assert not render.is_up_to_date(entry, variant)
    publish(render._stamp_hash(entry, variant), (".webm", ".png"))  # the MP4 not stamped
    assert not render.is_up_to_date(entry, variant)
    publish(render._stamp_hash(entry, variant))
    (folder / "VanishingPowers.png").write_bytes(b"another poster")
    assert not render.is_up_to_date(entry, variant)


@pytest.mark.slow
def test_a_second_render_of_the_same_folder_waits_for_the_first(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    folder = render.media_dir(render.Variant())
    with stamps.folder_lock(folder, print), pytest.raises(stamps.Busy):
        render.render_all([CHEAPEST], render.Variant(), jobs=1, lock_timeout=0.3)
    assert "being written by another build" in capsys.readouterr().out


def test_interrupted_or_killed_renders_leave_no_scratch(tmp_path, monkeypatch):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    folder = render.media_dir(render.Variant())
    (folder / f"{render.SCRATCH_PREFIX}{CHEAPEST}-x1" / "partial").mkdir(parents=True)
    monkeypatch.setattr(render, "is_up_to_date", lambda *_: True)  # nothing to render
    assert [o.status for o in render.render_all([CHEAPEST], render.Variant(), 1)] == ["skipped"]
    assert not list(folder.glob(f"{render.SCRATCH_PREFIX}*"))


def test_missing_latex_names_the_packages(monkeypatch):
    monkeypatch.setattr(toolchain.shutil, "which", lambda tool: None)
    with pytest.raises(RuntimeError, match=r"texlive-latex-base.*dvisvgm"):
        toolchain.require_latex()
    monkeypatch.setattr(render, "require_latex", toolchain.require_latex)
    assert render.main(["VanishingPowers"]) == 3


def test_variants_name_their_folders_and_reject_bad_settings():
    assert render.Variant().name == "draft"
    assert render.Variant("high", "light").name == "high-light"
    assert render.Variant("4k", "dark", transparent=True).name == "4k-dark-transparent"
    assert render.Variant("high", transparent=True).outputs == (".webm", ".png", ".vtt", ".txt")
    with pytest.raises(ValueError, match="quality"):
        render.Variant("ultra")
    with pytest.raises(ValueError, match="theme"):
        render.Variant("high", "sepia")


@pytest.mark.slow
@pytest.mark.long
def test_light_transparent_slide_render(tmp_path, monkeypatch):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    variant = render.Variant("draft", "light", transparent=True)
    [outcome] = render.render_all([CHEAPEST], variant, jobs=1)
    assert outcome.status == "rendered", outcome.detail
    folder = tmp_path / "media" / "draft-light-transparent"
    with Image.open(folder / f"{CHEAPEST}.png") as still:
        assert still.mode == "RGBA" and still.getpixel((0, 0))[3] == 0  # corner is transparent
    with av.open(str(folder / f"{CHEAPEST}.webm")) as webm:
        assert webm.streams.video[0].codec_context.name == "vp9"


def test_scene_text_is_escaped_for_latex_and_refused_with_stand_ins():
    assert style.latex_words(r"50% of {W} & $x_{1} \leq 2$") == \
        r"50\% of \{W\} \& $x_{1} \leq 2$"
    for bad in ("‖W⁶⁴‖₂ = 0.00118", "h_t = W h_(t−1)", r"\eta = 0.64"):
        with pytest.raises(ValueError, match="text in an animation"):
            style.label(bad)
