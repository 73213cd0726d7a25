"""Every scene renders (tiny and fast); the catalogue and render command behave as documented."""

from __future__ import annotations

import os
import subprocess
import sys

import av
import manim
import pytest

from animations import catalogue, render, style

SCENES = list(catalogue.scenes())
CHEAPEST = "RotationOrbitAndEigenvalues"  # the quickest real render: used where any scene will do


def frame_count(path) -> int:
    with av.open(str(path)) as container:
        return sum(1 for _ in container.decode(video=0))


@pytest.mark.parametrize("name", SCENES)
def test_scene_renders_a_tiny_video(name, tmp_path):
    scene_class = catalogue.scenes()[name].scene_class
    settings = {
        "media_dir": str(tmp_path), "pixel_width": 192, "pixel_height": 108, "frame_rate": 4,
        # LaTeX output is keyed by its source: keeping it across runs skips recompiling formulas
        # (one folder per xdist worker, so two workers never write the same file at once).
        "tex_dir": str(catalogue.ROOT / "build" / "tex-cache" /
                       os.environ.get("PYTEST_XDIST_WORKER", "main")),
        "disable_caching": True, "progress_bar": "none", "output_file": name,
        "verbosity": "WARNING",
    }
    with manim.tempconfig(settings):
        scene_class().render()
    videos = list(tmp_path.rglob(f"{name}.mp4"))
    assert len(videos) == 1 and frame_count(videos[0]) > 4


def test_manim_cli_renders_a_scene_file(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "manim", "-ql", "--media_dir", str(tmp_path), "--disable_caching",
         "--progress_bar", "none", str(catalogue.ROOT / "animations/orthogonal_initialisation.py"),
         "RotationOrbitAndEigenvalues"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert list(tmp_path.rglob("480p15/RotationOrbitAndEigenvalues.mp4"))


def test_every_scene_has_a_caption_and_a_chapter():
    for entry in catalogue.scenes().values():
        assert entry.caption and entry.chapter in {1, 2, 3, 4}


def test_dependencies_follow_imports_into_derivations():
    paths = {p.relative_to(catalogue.ROOT).as_posix()
             for p in catalogue.dependencies("animations.matrix_powers")}
    assert {"animations/style.py", "derivations/matrix_powers.py",
            "derivations/init.py", "derivations/notation.py"} <= paths
    assert "derivations/fibonacci.py" not in paths  # only what the scene really imports
    fibonacci = {p.relative_to(catalogue.ROOT).as_posix()
                 for p in catalogue.dependencies("animations.fibonacci_eigenvalues")}
    assert "derivations/ch1_repeated_powers/eigendecomposition.py" in fibonacci


def test_input_hash_depends_on_quality():
    entry = catalogue.scenes()["VanishingPowers"]
    assert catalogue.input_hash(entry, "draft") != catalogue.input_hash(entry, "high")
    assert catalogue.input_hash(entry, "draft") == catalogue.input_hash(entry, "draft")


def test_render_command_renders_then_skips_unchanged(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    first = render.render_all([CHEAPEST], render.Variant(), jobs=1)
    assert [o.status for o in first] == ["rendered"]
    folder = tmp_path / "media" / "draft"
    for suffix in (".webm", ".mp4", ".png", ".json"):
        assert (folder / f"{CHEAPEST}{suffix}").stat().st_size > 0
    with av.open(str(folder / f"{CHEAPEST}.webm")) as webm:
        assert webm.streams.video[0].codec_context.name == "vp9"
    second = render.render_all([CHEAPEST], render.Variant(), jobs=1)
    assert [o.status for o in second] == ["skipped"]
    assert "unchanged, skipped" in capsys.readouterr().out


def test_unknown_scene_exits_2_listing_known_scenes(capsys):
    assert render.main(["NoSuchScene"]) == 2
    error = capsys.readouterr().err
    assert "NoSuchScene" in error and "VanishingPowers" in error


def test_missing_latex_names_the_packages(monkeypatch):
    monkeypatch.setattr(style.shutil, "which", lambda tool: None)
    with pytest.raises(RuntimeError, match=r"texlive-latex-base.*dvisvgm"):
        style.require_latex()
    assert render.main(["VanishingPowers"]) == 3


def test_variants_name_their_folders_and_reject_bad_settings():
    assert render.Variant().name == "draft"
    assert render.Variant("high", "light").name == "high-light"
    assert render.Variant("4k", "dark", transparent=True).name == "4k-dark-transparent"
    assert render.Variant("high", transparent=True).outputs == (".webm", ".png")
    with pytest.raises(ValueError, match="quality"):
        render.Variant("ultra")
    with pytest.raises(ValueError, match="theme"):
        render.Variant("high", "sepia")


@pytest.mark.slow
def test_light_transparent_slide_render(tmp_path, monkeypatch):
    monkeypatch.setattr(render, "BUILD", tmp_path)
    variant = render.Variant("draft", "light", transparent=True)
    [outcome] = render.render_all([CHEAPEST], variant, jobs=1)
    assert outcome.status == "rendered", outcome.detail
    folder = tmp_path / "media" / "draft-light-transparent"
    from PIL import Image

    with Image.open(folder / f"{CHEAPEST}.png") as still:
        assert still.mode == "RGBA" and still.getpixel((0, 0))[3] == 0  # corner is transparent
    with av.open(str(folder / f"{CHEAPEST}.webm")) as webm:
        assert webm.streams.video[0].codec_context.name == "vp9"
