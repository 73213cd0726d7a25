"""The lecture kit: one zip per chapter with videos, captions, decks, figures and a README; the
figures stand alone (no CSS variables, formulas as paths) and are drawn from the site's figure
data, not from its HTML; the command line checks its input."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
import zipfile

import pytest

from animations import render, stamps
from foundation.palette import THEMES
from lectures import decks, figures, kit
from sitebuild import chapter_tables, svg


def fake_build(tmp_path, monkeypatch):
    """Renders and decks replaced by small files, so the packing itself is what is tested."""
    built = tmp_path / "built"
    built.mkdir()

    def gather(chapter, quality, jobs, force=False, lang="en"):
        contents = {}
        for folder, variant in kit.video_variants(quality).items():
            for suffix in variant.outputs:
                path = built / f"{folder}-Scene{suffix}"
                path.write_bytes(f"{folder}{suffix}".encode() * 50)
                contents[f"videos/{folder}/Scene{suffix}"] = path
        for theme in THEMES:
            for suffix in decks.FORMATS:
                path = built / f"{theme}-deck{suffix}"
                path.write_bytes(suffix.encode() * 50)
                contents[f"decks/{decks.deck_name(chapter, theme, quality)}{suffix}"] = path
        return contents

    monkeypatch.setattr(kit, "gather", gather)
    monkeypatch.setattr(kit, "KITS", tmp_path / "kits")
    monkeypatch.setattr(figures, "chapter_figures",
                        lambda chapter, lang="en": {"plot.svg": "<svg/>"})


def test_a_kit_packs_videos_captions_decks_figures_and_a_readme_under_one_folder(
        tmp_path, monkeypatch):
    fake_build(tmp_path, monkeypatch)
    path = kit.build_kit(2, "draft")
    assert path == tmp_path / "kits" / "chapter-2-draft.zip"
    assert stamps.problems(path.with_suffix(".json")) == []
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        readme = archive.read("chapter-2-draft-kit/README.txt").decode()
        assert archive.testzip() is None
    assert all(name.startswith("chapter-2-draft-kit/") for name in names)
    for folder in ("dark", "light"):
        for suffix in (".mp4", ".webm", ".png", ".vtt", ".txt"):
            assert f"chapter-2-draft-kit/videos/{folder}/Scene{suffix}" in names
    for folder in ("transparent-dark", "transparent-light"):
        assert f"chapter-2-draft-kit/videos/{folder}/Scene.webm" in names
    for deck in ("chapter-2", "chapter-2-light"):
        for suffix in (".html", ".pptx", ".pdf"):
            assert f"chapter-2-draft-kit/decks/{deck}{suffix}" in names
    assert "chapter-2-draft-kit/figures/plot.svg" in names
    assert "Orthogonal matrices and orthogonal initialisation" in readme
    assert "plot.svg" in readme and "480p" in readme


def test_the_same_inputs_pack_the_same_bytes(tmp_path, monkeypatch):
    fake_build(tmp_path, monkeypatch)
    first = kit.build_kit(2, "draft").read_bytes()
    assert kit.build_kit(2, "draft").read_bytes() == first
    assert kit.kit_name(2, "high") == "chapter-2"  # the kit the site links


def test_a_site_figure_becomes_a_standalone_svg_with_its_formulas_as_paths():
    figure = svg.document(300, 120, "a plot", [
        svg.line((0, 0), (300, 120)),
        svg.text(10, 20, "grows", "#F3A712"),
        svg.math(150, 60, r"\gamma_- = 0.2", "#E4572E", anchor="middle"),
    ])
    standalone = figures.standalone(figure)
    assert "var(--" not in standalone and "foreignObject" not in standalone
    assert "ink-" not in standalone and "arithmatex" not in standalone
    root = ElementTree.fromstring(standalone.split("\n", 1)[1])  # it parses as XML
    assert root.get("width") == "300" and root.get("height") == "120"
    assert f"stroke:{THEMES['light'].grid}" in standalone
    assert f"fill:{THEMES['light'].background}" in standalone
    assert re.search(r'<svg x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" viewBox=',
                     standalone)
    assert "<path" in standalone and 'href="#f0-' in standalone  # glyphs, ids kept apart


def test_a_printed_figure_has_the_light_shades_the_site_draws_and_no_min_width():
    figure = svg.document(300, 120, "a plot", [svg.polyline([(0, 0), (9, 9)], "#56B4E9"),
                                               svg.text(10, 20, "label", "#F3A712", size=14)])
    light = re.findall(r"--ink-light:(#[0-9a-fA-F]{6})", figure.site())
    printed = figures.standalone(figure)
    assert len(light) == 2 and all(f":{shade}" in printed for shade in light)
    assert "min-width" in figure.site() and "min-width" not in printed


def test_the_kit_draws_the_figures_the_site_keeps_for_its_chapter(monkeypatch):
    kept = {"ch2-plot": svg.document(100, 50, "plot", [svg.line((0, 0), (1, 1))])}
    monkeypatch.setattr(chapter_tables, "figures",
                        lambda chapter: kept if chapter == 2 else {})
    assert figures.chapter_figures(2) == {"ch2-plot.svg": figures.standalone(kept["ch2-plot"])}
    assert figures.chapter_figures(3) == {}


@pytest.mark.parametrize("arguments, expected", [
    ([], "the following arguments are required: --chapter"),
    (["--chapter", "9"], "no chapter 9"),
    (["--chapter", "1", "--quality", "4k"], "invalid choice: '4k'"),
])
def test_the_kit_command_refuses_bad_input_with_one_line(arguments, expected, capsys):
    with pytest.raises(SystemExit) as stop:
        kit.main(arguments)
    err = capsys.readouterr().err.strip().splitlines()
    assert stop.value.code == 2 and len(err) == 1 and expected in err[0]


def test_every_kit_video_folder_is_a_render_variant():
    variants = kit.video_variants("high")
    assert set(variants) == {"dark", "light", "transparent-dark", "transparent-light"}
    assert variants["transparent-light"] == render.Variant("high", "light", transparent=True)
