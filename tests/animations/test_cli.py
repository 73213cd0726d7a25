"""The render and deck command lines: exit codes, one clear line, settings checked, clean Ctrl-C.

Exit codes (:mod:`animations.cli`): 2 for usage errors, unknown names and bad
environment variables; 1 for a failed build; 130 after Ctrl-C, which leaves no
scratch folder, no half-written output and no worker running.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from animations import catalogue, cli, render, stamps, toolchain
from animations.request import Request
from lectures import decks
from tests.terminal import as_in_a_terminal

PYTHON = [sys.executable, "-m"]


def run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*PYTHON, *command], capture_output=True, text=True,
                          cwd=catalogue.ROOT, env={**os.environ, **(env or {})}, timeout=300)


def one_clean_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


@pytest.mark.slow
def test_unknown_scene_exits_2_listing_the_known_ones():
    result = run("animations.render", "NoSuchScene", "VanishingPowers")
    line = one_clean_line(result.stderr)
    assert result.returncode == 2 and "NoSuchScene" in line and "VanishingPowers" in line
    assert result.stdout == ""


@pytest.mark.slow
@pytest.mark.parametrize("tool", ["animations.render", "lectures.decks"])
def test_a_bad_theme_variable_is_a_usage_error_not_a_traceback(tool):
    result = run(tool, "--list" if tool == "animations.render" else "--chapter", *(
        [] if tool == "animations.render" else ["1"]), env={"COMPANION_THEME": "purple"})
    line = one_clean_line(result.stderr)
    assert result.returncode == 2
    assert "COMPANION_THEME: expected one of dark, light, got 'purple'" in line


@pytest.mark.parametrize("main", [render.main, decks.main])
@pytest.mark.parametrize("arguments, expected", [
    (["--jobs", "-5"], "--jobs: expected a positive integer, got '-5'"),
    (["--jobs", "0"], "--jobs: expected a positive integer, got '0'"),
    (["--jobs", "two"], "--jobs: expected a positive integer, got 'two'"),
    (["--theme", "sepia"], "--theme: invalid choice: 'sepia'"),
    (["--no-such-flag"], "unrecognized arguments: --no-such-flag"),
])
def test_usage_errors_exit_2_with_one_line(main, arguments, expected, capsys):
    with pytest.raises(SystemExit) as stop:
        main(arguments)
    assert stop.value.code == 2
    assert expected in one_clean_line(capsys.readouterr().err)


def test_an_unknown_chapter_exits_2_listing_the_chapters(capsys):
    with pytest.raises(SystemExit) as stop:
        decks.main(["--chapter", "9"])
    line = one_clean_line(capsys.readouterr().err)
    assert stop.value.code == 2 and "no chapter 9" in line and "1, 2, 3, 4" in line


def test_a_theme_variable_is_the_default_theme(monkeypatch):
    parser = cli.Parser(prog="x")
    monkeypatch.setenv("COMPANION_THEME", "light")
    assert cli.theme(parser, None) == "light" and cli.theme(parser, "dark") == "dark"
    monkeypatch.delenv("COMPANION_THEME")
    assert cli.theme(parser, None) == "dark"


def test_a_scene_named_twice_is_rendered_once(monkeypatch, capsys):
    asked: list[list[str]] = []
    monkeypatch.setattr(render, "require_latex", lambda: None)
    monkeypatch.setattr(render, "render_all",
                        lambda names, *rest, **options: asked.append(names) or [])
    assert render.main(["VanishingPowers", "ExplodingPowers", "VanishingPowers"]) == 0
    assert asked == [["VanishingPowers", "ExplodingPowers"]]
    assert "scene named more than once, built once: VanishingPowers" in capsys.readouterr().err


def test_a_chapter_named_twice_is_built_once(monkeypatch, capsys):
    asked: list[list[int]] = []
    monkeypatch.setattr(decks, "require_latex", lambda: None)
    monkeypatch.setattr(decks, "build_decks",
                        lambda chapters, *rest, **options: asked.append(chapters) or 0)
    assert decks.main(["--chapter", "2", "--chapter", "1", "--chapter", "2"]) == 0
    assert asked == [[2, 1]]
    assert "chapter named more than once, built once: 2" in capsys.readouterr().err


def test_a_failed_render_exits_1_naming_the_scene(monkeypatch, capsys):
    monkeypatch.setattr(render, "require_latex", lambda: None)
    monkeypatch.setattr(render, "render_all", lambda names, *rest, **options: [
        render.Outcome(names[0], "failed", 1.0, "manim failed: LaTeX error")])
    assert render.main(["VanishingPowers"]) == 1
    assert "failed: VanishingPowers" in capsys.readouterr().err


def test_a_busy_folder_exits_1_with_the_reason(monkeypatch, capsys):
    monkeypatch.setattr(render, "require_latex", lambda: None)

    def busy(*_arguments, **_options):
        raise stamps.Busy("build/media/draft is still being written by another build")

    monkeypatch.setattr(render, "render_all", busy)
    assert render.main(["VanishingPowers"]) == 1
    assert "still being written" in one_clean_line(capsys.readouterr().err)


def test_interruption_is_one_line_and_exit_130(capsys):
    def interrupted(_argv):
        raise KeyboardInterrupt

    assert cli.run(interrupted, "python -m animations.render", []) == 130
    assert "interrupted" in one_clean_line(capsys.readouterr().err)


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _wait_for(pattern: str, folder: Path, seconds: float = 300.0) -> None:
    deadline = time.monotonic() + seconds
    while not list(folder.glob(pattern)):
        assert time.monotonic() < deadline, f"no {pattern} in {folder} after {seconds} s"
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.parametrize("moment", [
    f"{render.SCRATCH_PREFIX}*",  # as soon as a scene starts: Manim is running
    f"{render.SCRATCH_PREFIX}*/*.webm",  # while the WebM is being written
])
def test_ctrl_c_mid_render_leaves_nothing_half_done(tmp_path, moment):
    """SIGINT to the command's process group, as a terminal's Ctrl-C sends it."""
    script = ("import sys; from pathlib import Path; from animations import cli, render; "
              "render.BUILD = Path(sys.argv[1]); "
              "sys.exit(cli.run(render.main, 'python -m animations.render', sys.argv[2:]))")
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path), "--force", "--jobs", "2",
         "JacobianFactorChain", "VanishingPowers"],
        cwd=catalogue.ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=as_in_a_terminal)
    folder = tmp_path / "media" / "draft"
    _wait_for(moment, folder)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted" in one_clean_line(err)
    assert not list(folder.glob(f"{render.SCRATCH_PREFIX}*"))
    for stamp in folder.glob("*.json"):  # a scene that finished is whole
        assert stamps.problems(stamp) == []
    leftovers = [p for p in folder.iterdir() if p.name != ".lock"]
    assert all(p.with_suffix(".json").exists() for p in leftovers), leftovers
    assert _processes_mentioning(str(tmp_path)) == []


def test_manim_tools_run_on_this_checkout_drawing_the_request_as_data(tmp_path):
    """Decks run manim-slides from a scratch folder: it must still import this very project,
    and draw the theme and inputs asked for, handed over as data, not through the
    environment."""
    (tmp_path / "report.py").write_text(
        "import os, sys\nimport animations\nfrom animations import request\n"
        "asked = request.current()\n"
        "sys.exit(f'{asked.theme} {dict(asked.inputs)} {animations.__file__} '\n"
        "         f'{sorted(k for k in os.environ if k.startswith(\"COMPANION_P\"))}')\n")
    asked = Request("light", {"VanishingPowers": {"matrix": ((0.5, 0.0), (0.0, 0.5))}})
    with pytest.raises(RuntimeError) as failure:
        toolchain.run_tool("report", [], tmp_path, asked)
    assert ("light {'VanishingPowers': {'matrix': ((0.5, 0.0), (0.0, 0.5))}} "
            f"{catalogue.ROOT / 'animations' / '__init__.py'} []") in str(failure.value)


def test_a_failed_deck_is_counted_and_leaves_no_scratch(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(decks, "DECKS", tmp_path)

    def broken(chapter: int, theme: str, *settings: object) -> float:
        (tmp_path / f"{decks.SCRATCH_PREFIX}{chapter}-x" / "half.html").parent.mkdir()
        raise RuntimeError(f"manim_slides failed on chapter {chapter}")

    monkeypatch.setattr(decks, "build_deck", broken)
    assert decks.build_decks([1, 2], "light", jobs=2, force=True) == 2
    out = capsys.readouterr().out
    assert "chapter 1: FAILED" in out and "manim_slides failed on chapter 2" in out
    assert [p.name for p in tmp_path.iterdir()] == [".lock"]


def test_describe_lists_each_input_with_its_limits_and_default(capsys):
    assert render.main(["--describe", "VanishingPowers"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("VanishingPowers: Vanishing powers (chapter 1")
    assert "steps             an integer from 1 to 256; default 64" in out
    assert "matrix" in out and "from 2×2 to 8×8" in out
    with pytest.raises(SystemExit) as stop:
        render.main(["--describe", "NoSuchScene"])
    assert stop.value.code == 2 and "NoSuchScene" in one_clean_line(capsys.readouterr().err)


@pytest.mark.parametrize("main, arguments, expected", [
    (render.main, ["VanishingPowers", "--set", "matrix=[[1, 2], [3]]"],
     "matrix: expected a square matrix from 2×2 to 8×8"),
    (render.main, ["VanishingPowers", "--set", "matrix=[[1, nan], [0, 1]]"],
     "got the non-finite nan at row 1, entry 2"),
    (render.main, ["VanishingPowers", "--set", "size=9"], "size: expected an integer from 2 to 8"),
    (render.main, ["VanishingPowers", "--set", "steps=0"], "steps: expected an integer from 1"),
    (render.main, ["VanishingPowers", "--set", "stepz=3"],
     "stepz: no scene built here has this parameter"),
    (render.main, ["FeedbackPhasePortraits", "--set", "starts=[[3, 0]]"],
     "starts: expected 1 to 4 points"),
    (decks.main, ["--chapter", "2", "--set", "terms=3"],
     "terms: no scene built here has this parameter"),
    (decks.main, ["--chapter", "4", "--set", "EulerStabilityRegion.omega=15"],
     "omega: expected epsilon times omega at most 0.95"),
])
def test_bad_inputs_exit_2_with_one_line_naming_the_parameter(main, arguments, expected,
                                                               capsys, monkeypatch):
    monkeypatch.setattr(render, "render_all", lambda *a, **k: pytest.fail("rendered anyway"))
    monkeypatch.setattr(decks, "build_decks", lambda *a, **k: pytest.fail("built anyway"))
    with pytest.raises(SystemExit) as stop:
        main(arguments)
    assert stop.value.code == 2
    assert expected in one_clean_line(capsys.readouterr().err)


def test_inputs_reach_the_renders_and_decks_of_the_scenes_that_have_them(tmp_path, monkeypatch):
    file = tmp_path / "mine.toml"
    file.write_text("[FeedbackPhasePortraits]\nseconds = 12\n[VanishingPowers]\nsteps = 10\n")
    asked: list[dict] = []
    monkeypatch.setattr(render, "require_latex", lambda: None)
    monkeypatch.setattr(render, "render_all",
                        lambda names, *rest, overrides=None, **options: asked.append(overrides)
                        or [])
    assert render.main(["FeedbackPhasePortraits", "--params", str(file),
                        "--set", "steps=80"]) == 0
    assert asked == [{"FeedbackPhasePortraits": {"steps": 80, "seconds": 12.0}}]
    monkeypatch.setattr(decks, "require_latex", lambda: None)
    monkeypatch.setattr(decks, "build_decks",
                        lambda chapters, *rest, overrides=None, **options: asked.append(
                            overrides) or 0)
    assert decks.main(["--chapter", "1", "--params", str(file)]) == 0
    assert asked[-1]["VanishingPowers"] == {"steps": 10}
