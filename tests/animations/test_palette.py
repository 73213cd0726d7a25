"""Contrast arithmetic (WCAG 2.x) and the readable variants of the notation's hues."""

from __future__ import annotations

import colorsys

import pytest

from animations import palette
from derivations import notation


@pytest.mark.parametrize("first, second, expected", [
    ("#FFFFFF", "#000000", 21.0),  # the extremes, by the WCAG definition
    ("#767676", "#FFFFFF", 4.54),  # the grey usually quoted as the lightest passing AA on white
    ("#FFFFFF", "#FFFFFF", 1.0),
])
def test_contrast_ratio_matches_wcag_reference_values(first, second, expected):
    assert palette.contrast_ratio(first, second) == pytest.approx(expected, abs=0.01)
    assert palette.contrast_ratio(second, first) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize("theme", list(palette.THEMES))
@pytest.mark.parametrize("colour", [notation.EXPLODING, notation.VANISHING, notation.PRESERVING,
                                    notation.ACCENT, notation.INK, "#FFFFFF", "#000000"])
def test_readable_reaches_the_minimum_and_keeps_the_hue(theme, colour):
    background = palette.THEMES[theme].background
    for minimum in (palette.GRAPHIC_CONTRAST, palette.TEXT_CONTRAST, 7.0):
        adjusted = palette.readable(colour, background, minimum)
        assert palette.contrast_ratio(adjusted, background) >= minimum
        if palette.contrast_ratio(colour, background) >= minimum:
            assert adjusted == colour
        else:
            hue = colorsys.rgb_to_hls(*palette.rgb(colour))[0]
            assert colorsys.rgb_to_hls(*palette.rgb(adjusted))[0] == pytest.approx(hue, abs=0.02)


def test_the_old_light_theme_failures_are_what_readable_repairs():
    white = palette.THEMES["light"].background
    assert palette.contrast_ratio(notation.ACCENT, white) < 2.1  # orange text on a projector
    assert palette.contrast_ratio(palette.readable(notation.ACCENT, white), white) >= 4.5


@pytest.mark.parametrize("bad", ["ECEFF4", "#ECEFF", "#GGGGGG", "red"])
def test_colours_must_be_hex(bad):
    with pytest.raises(ValueError, match="colour: expected '#RRGGBB'"):
        palette.rgb(bad)


def test_readable_refuses_an_impossible_minimum():
    with pytest.raises(ValueError, match="minimum"):
        palette.readable("#777777", "#FFFFFF", 22)


def test_theme_variable_is_checked(monkeypatch):
    monkeypatch.setenv("COMPANION_THEME", "purple")
    with pytest.raises(ValueError, match="COMPANION_THEME: expected one of dark, light"):
        palette.environment_theme()
    monkeypatch.setenv("COMPANION_THEME", "light")
    assert palette.environment_theme() == "light"
