"""What the page shows is what the results file says: counts recomputed here without the
analysis module, Wilson intervals against published values, every figure built."""

from __future__ import annotations

import re

import pytest

from experiments import analysis
from experiments.config import ARMS
from sitebuild.tables import ch5


@pytest.mark.parametrize("successes, count, low, high", [
    (0, 5, 0.0, 0.4345), (1, 5, 0.0362, 0.6245), (3, 5, 0.2307, 0.8824), (5, 5, 0.5655, 1.0),
])
def test_wilson_intervals_match_published_values(successes, count, low, high) -> None:
    computed = analysis.wilson_interval(successes, count)
    assert computed == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes, count"):
        analysis.wilson_interval(6, 5)


def test_the_success_table_counts_what_the_file_holds() -> None:
    runs = analysis.load("full")["runs"]
    table = ch5.success_table()
    for arm in ARMS:
        row = next(line for line in table.splitlines() if line.startswith(f"| {arm.label} |"))
        counts = [int(found) for found in re.findall(r"\*\*(\d+)/\d+\*\*", row)]
        expected = [sum(run["success"] for run in runs
                        if (run["task"], run["length"], run["arm"]) == (task, length, arm.key))
                    for task in ("order", "copy") for length in (30, 60)]
        assert counts == expected


@pytest.mark.parametrize("name", list(ch5.TABLES))
def test_every_chapter_5_figure_and_table_builds(name: str) -> None:
    built = ch5.TABLES[name]()
    output = built if isinstance(built, str) else built.site()  # a figure, drawn for the page
    assert output.startswith(("<svg", '<div class="figure-scroll">\n<svg', "|"))
    assert "nan" not in output.lower()


def test_every_arm_has_a_label_and_a_style_of_its_own() -> None:
    """Nine arms, seven hues: an arm sharing its kin's hue has its own line style and marker."""
    assert len({analysis.arm_style(arm.key) for arm in ARMS}) == len(ARMS)
    assert len({(style.hue, style.dash) for style in map(analysis.arm_style,
                                                         (arm.key for arm in ARMS))}) == len(ARMS)
    assert len({(style.hue, style.marker) for style in map(analysis.arm_style,
                                                           (arm.key for arm in ARMS))}) == len(ARMS)
    assert analysis.arm_label("gaussian-0.5") == "Gaussian, scale 0.5"
