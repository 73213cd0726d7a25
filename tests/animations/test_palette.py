"""Contrast arithmetic (WCAG 2.x) and the readable variants of the notation's hues."""

from __future__ import annotations

import colorsys
import itertools

import pytest

from derivations import notation
from foundation import palette


@pytest.mark.parametrize("first, second, expected", [
    ("#FFFFFF", "#000000", 21.0),  # the extremes, by the WCAG definition
    ("#767676", "#FFFFFF", 4.54),  # the grey usually quoted as the lightest passing AA on white
    ("#FFFFFF", "#FFFFFF", 1.0),
])
def test_contrast_ratio_matches_wcag_reference_values(first, second, expected):
    assert palette.contrast_ratio(first, second) == pytest.approx(expected, abs=0.01)
    assert palette.contrast_ratio(second, first) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize("theme", list(palette.THEMES))
# The notation's colours before the palette: a red, a blue, a green, an orange, a near-black.
@pytest.mark.parametrize("colour", ["#E4572E", "#2E86AB", "#3BB273", "#F3A712", "#222222",
                                    "#FFFFFF", "#000000"])
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
    old_accent = "#F3A712"  # the notation's orange before the palette
    assert palette.contrast_ratio(old_accent, white) < 2.1  # orange text on a projector
    assert palette.contrast_ratio(palette.readable(old_accent, white), white) >= 4.5


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


# -- the one palette: colour-blind safe, legible on both backgrounds of each scheme ----------------

SCHEMES = list(palette.THEMES)


@pytest.mark.parametrize("first, second, expected", [
    # Sharma, Wu & Dalal (2005), the CIEDE2000 test data: pairs 1, 7 and 18.
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
])
def test_ciede2000_matches_its_published_test_data(first, second, expected):
    assert palette._ciede2000(first, second) == pytest.approx(expected, abs=1e-4)


def test_simulated_dichromacy_merges_what_it_should():
    """Machado's matrices make red and green alike for protanopia and deuteranopia, not for
    normal vision; tritanopia keeps them apart but merges blue and green."""
    red, green = "#D62728", "#2CA02C"
    assert palette.distance(red, green) > 60
    assert palette.distance(red, green, "deuteranopia") < palette.distance(red, green) / 2
    assert palette.distance(red, green, "protanopia") < palette.distance(red, green) / 2


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("hue", palette.SERIES, ids=lambda hue: hue.name)
def test_every_series_colour_reads_as_a_line_on_both_backgrounds_of_its_scheme(hue, scheme):
    for background in palette.backgrounds(scheme):
        assert palette.contrast_ratio(hue.on(scheme), background) >= palette.GRAPHIC_CONTRAST, \
            f"{hue.name} on {background}"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("vision", ["normal", *palette.DEFICIENCIES])
def test_any_two_series_colours_stay_apart(scheme, vision):
    """Every pair of hues, in each scheme, for normal vision and each simulated dichromacy."""
    least = palette.APART if vision == "normal" else palette.APART_DEFICIENT
    close = [(first.name, second.name, round(palette.distance(first.on(scheme),
                                                              second.on(scheme), vision), 1))
             for first, second in itertools.combinations(palette.SERIES, 2)
             if palette.distance(first.on(scheme), second.on(scheme), vision) < least]
    assert close == []


def test_the_separation_test_can_fail():
    """Okabe and Ito's orange and vermillion, each merely darkened to 3:1 on white, look alike
    to a deuteranope: why the light shades are chosen, not derived."""
    white = palette.THEMES["light"].background
    orange = palette.readable("#E69F00", white, palette.GRAPHIC_CONTRAST)
    vermillion = palette.readable("#D55E00", white, palette.GRAPHIC_CONTRAST)
    assert palette.distance(orange, vermillion, "deuteranopia") < palette.APART_DEFICIENT
    # So did the colours used before this palette: the notation's exploding red and accent
    # orange, made legible on the light theme (about 4.2 apart).
    assert palette.distance(palette.readable("#E4572E", white, 3),
                            palette.readable("#F3A712", white, 3),
                            "deuteranopia") < palette.APART_DEFICIENT


def test_the_series_colours_are_distinct_and_named_once():
    for scheme in SCHEMES:
        shades = [hue.on(scheme).upper() for hue in palette.SERIES]
        assert len(set(shades)) == len(shades)
    assert len({hue.name for hue in palette.SERIES}) == len(palette.SERIES)


def test_each_meaning_of_the_notation_is_one_palette_hue():
    assert notation.EXPLODING is palette.EXPLODING is palette.VERMILLION
    assert notation.VANISHING is palette.VANISHING is palette.BLUE
    assert notation.PRESERVING is palette.PRESERVING is palette.GREEN
    assert notation.ACCENT is palette.ACCENT is palette.ORANGE
    assert notation.NEUTRAL is palette.NEUTRAL is palette.GREY
    # ink is each theme's foreground, the colour of the words around a symbol
    assert (notation.INK.light, notation.INK.dark) == ("#1B1E24", "#ECEFF4")
    used = {entry.colour for entry in notation.NOTATION}
    assert used <= {*palette.SERIES, palette.INK}


def test_the_line_styles_and_markers_are_distinct():
    assert len(set(palette.DASHES)) == len(palette.DASHES) and palette.DASHES[0] is None
    assert len(set(palette.MARKERS)) == len(palette.MARKERS)


def test_a_hue_refuses_an_unknown_theme():
    with pytest.raises(ValueError, match="theme: expected one of dark, light"):
        palette.BLUE.on("sepia")
