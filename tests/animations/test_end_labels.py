"""Curves told apart without a legend: each curve's name at its end, in its colour.

:func:`animations.style.end_labels` places the names (rectangles stand in for typeset
words here); the scenes with several curves use it, which their last frames show.
"""

from __future__ import annotations

from collections import Counter

import manim
import numpy
import pytest

from animations import style
from tests.animations.test_legibility import faults, probe

TOP, BOTTOM = 2.0, -2.0


def name(width: float = 1.0, height: float = 0.3) -> manim.Rectangle:
    return manim.Rectangle(width=width, height=height)


def point(x: float, y: float) -> numpy.ndarray:
    return numpy.array([x, y, 0.0])


def holds(label: manim.Mobject, where: numpy.ndarray) -> bool:
    return (label.get_left()[0] <= where[0] <= label.get_right()[0]
            and label.get_bottom()[1] <= where[1] <= label.get_top()[1])


def covers(first: manim.Mobject, second: manim.Mobject) -> bool:
    return not (first.get_right()[0] <= second.get_left()[0]
                or second.get_right()[0] <= first.get_left()[0]
                or first.get_top()[1] <= second.get_bottom()[1]
                or second.get_top()[1] <= first.get_bottom()[1])


def test_a_name_sits_just_right_of_its_curves_end_at_its_height():
    [group] = style.end_labels([(point(1, 0.5), name(), "#000000")], top=TOP, bottom=BOTTOM)
    label = group[0]
    assert len(group) == 1  # no leader line: it is where its curve ends
    assert 1.0 < label.get_left()[0] < 1.25 and label.get_center()[1] == pytest.approx(0.5)


def test_curves_ending_together_get_names_in_their_order_joined_by_leaders():
    ends = [(point(3, 0.0), name(), "#000000"), (point(3, 0.05), name(), "#000000"),
            (point(3, -0.02), name(), "#000000")]
    groups = style.end_labels(ends, top=TOP, bottom=BOTTOM)
    labels = [group[0] for group in groups]
    assert not any(covers(a, b) for i, a in enumerate(labels) for b in labels[i + 1:])
    heights = [label.get_center()[1] for label in labels]
    assert heights[1] > heights[0] > heights[2]  # the highest end has the highest name
    leaders = {index: group[1] for index, group in enumerate(groups) if len(group) == 2}
    assert leaders  # the names that had to move are joined to their curves' ends
    for index, leader in leaders.items():
        assert numpy.allclose(leader.get_start(), ends[index][0] + 0.06 * manim.RIGHT)


def test_a_name_does_not_cover_another_curves_end_or_what_it_must_avoid():
    """Two curves stop side by side on the floor of a plot (float64 underflows)."""
    left, right = point(0, -1.9), point(0.5, -1.9)
    obstacle = manim.Rectangle(width=1.0, height=0.3).move_to(point(1.6, -1.3))
    groups = style.end_labels([(left, name(), "#000000"), (right, name(), "#000000")],
                              top=TOP, bottom=BOTTOM, avoid=(obstacle,))
    first, second = (group[0] for group in groups)
    assert not holds(first, right) and not holds(second, left)
    assert not covers(first, second) and not covers(first, obstacle)
    assert not covers(second, obstacle)
    for label in (first, second):
        assert label.get_bottom()[1] >= BOTTOM and label.get_top()[1] <= TOP


def test_names_that_cannot_fit_are_refused():
    ends = [(point(0, 0), name(height=1.5), "#000000") for _ in range(4)]
    with pytest.raises(ValueError, match="no room for 4 labels"):
        style.end_labels(ends, top=1.0, bottom=-1.0)


# Each scene with several curves, and the names at their ends in its last frame (a legend, where
# there is one, says more; the words of one name may appear there too).
NAMES = {
    "HiddenStateNormOrthogonalVsGaussian": Counter({"orthogonal": 2, "Gaussian": 2}),
    "JacobianNormsOnLogAxis": Counter({r"$\times 0.4$, $\tanh$": 1, "logistic": 1,
                                       "orthogonal": 1, r"$\times 3$": 1}),
    "GradientNormsThroughTraining": Counter({
        "Gaussian, scale 0.5": 2, "Gaussian, scale 3": 2, "orthogonal": 2,
        "antisymmetric, diffusion 0.1": 2}),
}


@pytest.mark.slow
@pytest.mark.parametrize("scene", sorted(NAMES))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_curve_of_a_scene_is_named_at_its_end(scene, theme):
    measured = probe(scene, theme)
    shown = Counter(text["text"].removeprefix("? ") for text in measured["texts"])
    assert {words: shown[words] for words in NAMES[scene]} == dict(NAMES[scene])
    assert faults(measured) == []
