"""The site's figures tell their series apart: every colour is a hue of the one palette and reads
on both schemes, no two series of a plot share a colour and a line style (or marker), and every
series has a direct label at its end.

Each figure is built here from its ``TABLES`` entry (``sitebuild/tables``) and read as XML: a
series is an element marked ``data-series``, its label one marked ``data-label-for``, a leader
line ``data-leader-for`` (:mod:`sitebuild.svg`). A panel (``<g data-panel>``) is a plot of its own.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import math
import pkgutil
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

import sitebuild.tables
from derivations import notation
from foundation import palette
from sitebuild import svg
from sitebuild.tables import ch2, ch3, ch5

SVG = "{http://www.w3.org/2000/svg}"
NEAR = 24.0  # px, about a line and a half of words: how close to its curve's end (or its
#              leader's end) a direct label's anchor sits
# The plots with curves, and how many series each must declare: a figure that stopped marking
# its series would otherwise pass every check below with nothing to check.
PLOTS = {"ch2-cost-plot": 3, "ch3-norm-plot": 11, "ch5-gradient-plot": 12}


def _fake_timings() -> dict[str, list[float]]:
    """Three made-up timing curves for the cost plot (the real ones take seconds to measure)."""
    names = ("orthogonal (QR route)", "orthogonal, method='svd'", "numpy.linalg.qr alone")
    return {name: [1e-5 * factor * (size / 16) ** 2.6 for size in ch2.COST_SIZES]
            for name, factor in zip(names, (2.0, 3.5, 1.0), strict=True)}


@cache
def figures() -> dict[str, ET.Element]:
    """Every inline SVG figure of the site (a ``TABLES`` entry that calls ``svg.document``), by
    its fragment name, parsed."""
    built: dict[str, ET.Element] = {}
    measured, ch2._timings = ch2._timings, _fake_timings
    try:
        for info in pkgutil.iter_modules(sitebuild.tables.__path__):
            module = importlib.import_module(f"sitebuild.tables.{info.name}")
            for name, build in module.TABLES.items():
                if "svg.document(" not in inspect.getsource(build):
                    continue  # a table (some take seconds of high-precision arithmetic)
                built[name] = parse(build().site())
    finally:
        ch2._timings = measured
    return built


def parse(output: str) -> ET.Element:
    document = output[output.index("<svg"):output.index("</svg>") + len("</svg>")]
    return ET.fromstring(document)


def panels(figure: ET.Element) -> list[ET.Element]:
    """The figure's plots: each ``<g data-panel>``, or the whole figure if it has none."""
    return figure.findall(f".//{SVG}g[@data-panel]") or [figure]


def shades(element: ET.Element) -> tuple[str, str]:
    """(light, dark) shade an element is painted in."""
    style = element.get("style", "")
    light = re.search(r"--ink-light:(#[0-9a-fA-F]{6})", style)
    dark = re.search(r"--ink-dark:(#[0-9a-fA-F]{6})", style)
    assert light and dark, f"not painted per scheme: {ET.tostring(element)[:160]!r}"
    return light.group(1), dark.group(1)


def ends(element: ET.Element) -> list[tuple[float, float]]:
    """The end points of a series' line (every point of a closed one, which has no end), or the
    centre of its marker."""
    if element.get("points"):
        numbers = [float(n) for n in re.split(r"[ ,]+", element.get("points").strip())]
        corners = list(zip(numbers[::2], numbers[1::2], strict=True))
        if element.tag == f"{SVG}polygon":  # a marker
            return [(sum(x for x, _ in corners) / len(corners),
                     sum(y for _, y in corners) / len(corners))]
        if math.dist(corners[0], corners[-1]) < 1:
            return corners
        return [corners[0], corners[-1]]
    return [(float(element.get("cx")), float(element.get("cy")))]


def anchor(label: ET.Element) -> tuple[float, float]:
    x, y = label.get("data-anchor").split(",")
    return float(x), float(y)


def stray_colours(figure: ET.Element) -> list[str]:
    """Elements painted per scheme in a colour that is not a hue of the palette."""
    names = {hue.name for hue in palette.SERIES}
    return [ET.tostring(element, encoding="unicode")[:120] for element in figure.iter()
            if "ink-" in element.get("class", "") and element.get("data-hue") not in names]


def faint(figure: ET.Element, scheme: str) -> list[tuple[str | None, str]]:
    """Elements under 3:1 (lines, markers) or 4.5:1 (words) on the plot background of
    ``scheme``."""
    background = svg.BACKGROUNDS[scheme]
    found = []
    for element in figure.iter():
        if "ink-" not in element.get("class", ""):
            continue
        shade = shades(element)[0 if scheme == "light" else 1]
        words = element.get("class") in ("ink-fill", "ink-color") and element.tag in (
            f"{SVG}text", "{http://www.w3.org/1999/xhtml}div")
        least = svg.TEXT_CONTRAST if words else svg.LINE_CONTRAST
        if palette.contrast_ratio(shade, background) < least:
            found.append((element.get("data-series") or element.get("data-label-for"), shade))
    return found


def shared_looks(figure: ET.Element) -> list[tuple[tuple, list[str]]]:
    """(colour, line style, marker) that two series of one plot share, with their names."""
    found = []
    for panel in panels(figure):
        owners: dict[tuple, set[str]] = {}
        for element in panel.iter():
            series = element.get("data-series")
            if series is not None:
                look = (element.get("data-hue"), element.get("stroke-dasharray"),
                        element.get("data-marker") or element.tag.removeprefix(SVG))
                owners.setdefault(look, set()).add(series)
        found += [(look, sorted(names)) for look, names in owners.items() if len(names) > 1]
    return found


def unlabelled(figure: ET.Element) -> list[str]:
    """Series without a label by one end of one of their lines (or joined to that end by a
    leader line); a legend elsewhere does not count."""
    found = []
    for panel in panels(figure):
        elements = list(panel.iter())
        series: dict[str, list[tuple[float, float]]] = {}
        for element in elements:
            if element.get("data-series"):
                series.setdefault(element.get("data-series"), []).extend(ends(element))
        for title, points in series.items():
            labels = [anchor(e) for e in elements if e.get("data-label-for") == title]
            leaders = [((float(e.get("x1")), float(e.get("y1"))),
                        (float(e.get("x2")), float(e.get("y2"))))
                       for e in elements if e.get("data-leader-for") == title]
            beside = any(math.dist(label, point) <= NEAR
                         for label, point in itertools.product(labels, points))
            led = any(math.dist(start, point) <= 4 and math.dist(end, label) <= NEAR
                      for (start, end), point, label in itertools.product(leaders, points,
                                                                          labels))
            if not (beside or led):
                found.append(title)
    return found


FIGURES = sorted(figures())


def test_the_plots_with_curves_declare_their_series():
    for name, least in PLOTS.items():
        named = {(id(panel), element.get("data-series")) for panel in panels(figures()[name])
                 for element in panel.iter() if element.get("data-series")}
        assert len(named) >= least, f"{name}: {len(named)} series, expected {least}"


@pytest.mark.parametrize("name", FIGURES)
def test_every_colour_of_a_figure_is_a_palette_hue(name):
    assert stray_colours(figures()[name]) == []


@pytest.mark.parametrize("name", FIGURES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_series_and_label_reads_on_both_schemes(name, scheme):
    assert faint(figures()[name], scheme) == []


@pytest.mark.parametrize("name", FIGURES)
def test_no_two_series_of_a_plot_share_a_colour_and_a_line_style(name):
    assert shared_looks(figures()[name]) == []


@pytest.mark.parametrize("name", FIGURES)
def test_every_series_has_a_direct_label_at_its_end(name):
    assert unlabelled(figures()[name]) == []


# -- the checks above can fail -------------------------------------------------------------------

def _plot(*parts: svg.Markup) -> ET.Element:
    return parse(svg.document(200, 100, "test", parts).site())


def test_a_shared_colour_and_line_style_is_caught():
    figure = _plot(svg.polyline([(0, 0), (50, 50)], palette.BLUE, series="a"),
                   svg.polyline([(0, 10), (50, 60)], palette.BLUE, series="b"),
                   svg.polyline([(0, 20), (50, 70)], palette.BLUE, dash=palette.DASHED,
                                series="c"))
    assert shared_looks(figure) == [(("blue", None, "polyline"), ["a", "b"])]


def test_a_legend_far_from_the_curve_is_not_a_direct_label():
    curve = [(0, 0), (50, 50)]
    far = _plot(svg.polyline(curve, palette.BLUE, series="a"),
                svg.text(150, 10, "a", palette.BLUE, label_for="a"))
    near = _plot(svg.polyline(curve, palette.BLUE, series="a"),
                 svg.text(56, 54, "a", palette.BLUE, label_for="a"))
    led = _plot(svg.polyline(curve, palette.BLUE, series="a"),
                *svg.end_labels([svg.EndLabel("a", (50, 50), "a", palette.BLUE)], 120, top=10,
                                bottom=20))
    unnamed = _plot(svg.polyline(curve, palette.BLUE, series="a"))
    assert unlabelled(far) == ["a"] and unlabelled(unnamed) == ["a"]
    assert unlabelled(near) == [] and unlabelled(led) == []


def test_a_colour_outside_the_palette_and_a_faint_one_are_caught():
    figure = _plot(svg.polyline([(0, 0), (50, 50)], "#7FB7D9", series="a"))
    assert len(stray_colours(figure)) == 1
    pale = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg"><polyline class="ink-stroke" '
                         'data-hue="sky blue" style="--ink-light:#9fd3f0;--ink-dark:#56b4e9" '
                         'points="0,0 1,1"/></svg>')
    assert faint(pale, "light") == [(None, "#9fd3f0")] and faint(pale, "dark") == []


def test_the_notations_colours_are_drawn_in_the_palette():
    """A figure that colours by the notation's meaning gets the palette's hue of it."""
    [element] = _plot(svg.polyline([(0, 0), (1, 1)], notation.EXPLODING)).iter(f"{SVG}polyline")
    assert element.get("data-hue") == palette.EXPLODING.name
    assert shades(element) == (palette.EXPLODING.light.lower(), palette.EXPLODING.dark.lower())


def test_the_chapter_3_and_5_plots_use_distinct_styles_for_every_curve():
    """The measured problems: nine Jacobian curves in three near-identical pairs, and two
    orange-red and two blue curves in the gradient plot."""
    looks = {ch3.case_style(index) for index in range(len(ch3.bptt.CASES))}
    assert len(looks) == len(ch3.bptt.CASES)
    hues = [ch5.arm_colour(arm) for arm in ch5.GRADIENT_ARMS]
    assert len(set(hues)) == len(hues)
