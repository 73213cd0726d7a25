"""Curves told apart without a legend: each curve's name at its end, in its colour.

:func:`animations.style.end_labels` places the names (rectangles stand in for typeset
words here); the scenes with several curves use it, which their last frames show. The phase
portraits name each trajectory where it starts, in every panel (their trails fade and end
together near the origin); the training plot names each dashed bound as well as each curve.
"""

from __future__ import annotations

from collections import Counter

import manim
import numpy
import pytest

from animations import catalogue, style, texcache
from animations.scenes import antisymmetric_dynamics
from tests.animations.test_legibility import faults, probe
from tests.animations.test_limits import edge_case, largest, smallest

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


def test_a_name_may_take_the_side_that_has_room_inside_a_panel():
    """A start near a panel's right edge: its name goes left of it, or above or below."""
    [group] = style.end_labels([(point(1.9, 0), name(), "#000000")], top=TOP, bottom=BOTTOM,
                               left=-2.0, right=2.0, sides=(manim.RIGHT, manim.LEFT))
    assert len(group) == 1 and group[0].get_right()[0] < 1.9
    [group] = style.end_labels([(point(1.9, 0), name(width=3.9), "#000000")], top=TOP,
                               bottom=BOTTOM, left=-2.0, right=2.0,
                               sides=(manim.RIGHT, manim.LEFT, manim.UP, manim.DOWN))
    label = group[0]
    assert label.get_bottom()[1] > 0 and label.get_left()[0] >= -2.0 and len(group) == 1


def test_a_name_keeps_off_the_points_it_is_given_within_its_reach():
    course = [point(1.2 + 0.05 * k, 0.0) for k in range(20)]  # a curve leaving to the right
    [group] = style.end_labels([(point(1, 0), name(), "#000000")], top=TOP, bottom=BOTTOM,
                               points=course, sides=(manim.RIGHT, manim.LEFT))
    assert group[0].get_right()[0] < 1 and len(group) == 1
    with pytest.raises(ValueError, match="no room"):
        style.end_labels([(point(1, 0), name(height=1.0), "#000000")], top=TOP, bottom=BOTTOM,
                         points=[point(x / 10, y / 10) for x in range(-40, 41)
                                 for y in (-12, 12)] + course, reach=1)


def crosses(leader: manim.Line, label: manim.Mobject) -> bool:
    return any(holds(label, leader.get_start() + share * (leader.get_end() - leader.get_start()))
               for share in numpy.linspace(0, 1, 101))


def test_a_leader_crosses_no_other_name_where_a_place_further_on_has_none():
    """The first name sits above the second curve's end; an obstacle keeps the second name
    from the places next to its end. Three label heights up it would fit, its leader through
    the first name; four down it fits with a leader that crosses nothing, and goes there."""
    first, second = point(0, 0.6), point(0.5, 0)
    obstacle = manim.Rectangle(width=0.5, height=1.25).move_to(point(0.95, -0.525))
    ends = [(first, name(width=0.8), "#000000"), (second, name(width=0.8), "#000000")]
    upper, lower = style.end_labels(ends, top=TOP, bottom=BOTTOM, avoid=(obstacle,))
    assert len(upper) == 1 and len(lower) == 2
    assert lower[0].get_center()[1] < -1.2 and not crosses(lower[1], upper[0])
    # With no room down there, the crossing leader is the only place left: taken only if allowed.
    ends = [(first, name(width=0.8), "#000000"), (second, name(width=0.8), "#000000")]
    upper, lower = style.end_labels(ends, top=TOP, bottom=-1.3, avoid=(obstacle,))
    assert lower[0].get_center()[1] > 1 and crosses(lower[1], upper[0])
    ends = [(first, name(width=0.8), "#000000"), (second, name(width=0.8), "#000000")]
    with pytest.raises(ValueError, match="no room"):
        style.end_labels(ends, top=TOP, bottom=-1.3, avoid=(obstacle,), cross=False)


def test_a_wide_buff_sets_names_in_a_column_joined_to_their_ends():
    groups = style.end_labels([(point(1, 0.5), name(), "#000000"),
                               (point(1, -1.0), name(), "#000000")], top=TOP, bottom=BOTTOM,
                              buff=0.45)
    for group, end in zip(groups, (point(1, 0.5), point(1, -1.0)), strict=True):
        assert len(group) == 2 and group[0].get_left()[0] == pytest.approx(1.45)
        assert numpy.allclose(group[1].get_start(), end + 0.06 * manim.RIGHT)


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
        "antisymmetric, diffusion 0.1": 2, "upper bound": 4}),
}
THEMES = ["light", "dark"]
PORTRAITS = ["VanillaPhasePortraits", "FeedbackPhasePortraits"]


def inputs(scene: str, which: str) -> dict:
    """The overrides of ``scene``'s default, smallest, largest or ``edge<i>`` inputs."""
    if which.startswith("edge"):
        return edge_case(scene, int(which.removeprefix("edge")))
    return {"default": lambda name: {}, "smallest": smallest, "largest": largest}[which](scene)


PORTRAIT_INPUTS = ["default", "smallest", "largest", "edge0"]


@pytest.mark.slow
@pytest.mark.parametrize("scene", sorted(NAMES))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_curve_of_a_scene_is_named_at_its_end(scene, theme):
    measured = probe(scene, theme)
    shown = Counter(text["text"].removeprefix("? ") for text in measured["texts"])
    assert {words: shown[words] for words in NAMES[scene]} == dict(NAMES[scene])
    assert faults(measured) == []


@pytest.mark.slow
@pytest.mark.parametrize("which", ["smallest", "largest"])
@pytest.mark.parametrize("theme", THEMES)
def test_the_training_plot_names_every_curve_and_bound_at_its_extreme_inputs(which, theme):
    scene = "GradientNormsThroughTraining"
    overrides = inputs(scene, which)
    if not overrides:
        pytest.skip(f"{scene}: its {which} inputs are its defaults (probed above)")
    measured = probe(scene, theme, overrides)
    shown = Counter(text["text"].removeprefix("? ") for text in measured["texts"])
    assert {words: shown[words] for words in NAMES[scene]} == dict(NAMES[scene])
    assert faults(measured) == []


def start_names(starts) -> list[str]:
    """What each start's label says: its coordinates as the key line writes them."""
    return [f"({x:g}, {y:g})" for x, y in starts]


@pytest.fixture
def typeset():
    """Formulas from the checkout's store of typeset TeX (animations.texcache)."""
    with texcache.private_folder() as tex, manim.tempconfig({"tex_dir": str(tex)}):
        yield


@pytest.mark.usefixtures("typeset")
@pytest.mark.parametrize("which", PORTRAIT_INPUTS)
@pytest.mark.parametrize("scene", PORTRAITS)
def test_each_start_is_named_in_every_panel_clear_of_rings_heads_and_edges(scene, which):
    """Laid out as the scene lays it out (no frame drawn): in each panel, each start's name,
    inside the panel's square (so clear of its title above and its scale below), covering no
    other name, no start's ring and no trajectory's last state, its leader from its ring."""
    scene_class = catalogue.scenes()[scene].scene_class
    values = scene_class.PARAMETERS.resolve(inputs(scene, which), scene)
    built, _, marks = antisymmetric_dynamics.portrait_row(
        scene_class.ROW, scene_class.panels(values), values)
    starts = [point(*start) for start in values["starts"]]
    assert len(marks) == len(built) == 4
    for (figure, axes, path, _, _), (rings, *groups) in zip(built, marks, strict=True):
        frame = figure[0]
        heads = [manim.Dot(axes.c2p(*states[-1]), radius=0.05) for states in path]
        labels = [group[0] for group in groups]
        assert [label.tex_string for label in labels] == start_names(values["starts"])
        for index, (start, group) in enumerate(zip(starts, groups, strict=True)):
            label = group[0]
            assert frame.get_left()[0] <= label.get_left()[0]
            assert label.get_right()[0] <= frame.get_right()[0]
            assert frame.get_bottom()[1] <= label.get_bottom()[1]
            assert label.get_top()[1] <= frame.get_top()[1]
            assert not any(covers(label, ring) for ring in rings)
            assert not any(covers(label, head) for head in heads)
            assert not any(covers(label, other) for other in labels[index + 1:])
            assert numpy.allclose(rings[index].get_center(), axes.c2p(*start[:2]))
            if len(group) == 2:  # a leader: from the start's ring
                assert numpy.linalg.norm(group[1].get_start() - axes.c2p(*start[:2])) < 0.07


@pytest.mark.slow
@pytest.mark.parametrize("which", PORTRAIT_INPUTS)
@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("scene", PORTRAITS)
def test_each_trajectory_is_named_at_its_start_in_every_panel_of_the_last_frame(scene, theme,
                                                                                 which):
    overrides = inputs(scene, which)
    values = catalogue.scenes()[scene].scene_class.PARAMETERS.resolve(overrides, scene)
    measured = probe(scene, theme, overrides)
    shown = Counter(text["text"].removeprefix("? ") for text in measured["texts"])
    assert {words: shown[words] for words in start_names(values["starts"])} == {
        words: 4 for words in start_names(values["starts"])}  # one in each panel
    width, height = measured["size"]
    for text in measured["texts"]:
        if text["text"].removeprefix("? ") in start_names(values["starts"]):
            left, top, right, bottom = text["box"]
            assert left >= 0 and right <= width and top >= 0 and bottom <= height
    assert faults(measured) == []
