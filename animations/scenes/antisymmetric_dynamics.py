"""Chapter 4: the phase portraits of Chang et al.'s Figure 1 and the forward-Euler stability disc.

    manim -ql animations/scenes/antisymmetric_dynamics.py VanillaPhasePortraits
    manim -ql animations/scenes/antisymmetric_dynamics.py FeedbackPhasePortraits
    manim -ql animations/scenes/antisymmetric_dynamics.py EulerStabilityRegion
    python -m animations.render FeedbackPhasePortraits --set seconds=12 \
        --set starts="[[0.8, 0], [0, -1.2]]"
"""

from __future__ import annotations

import itertools
import math
from typing import Any, ClassVar

import manim
import numpy
import sympy

from animations import builders, style
from animations.narration import Value, Words, said, series, words
from animations.parameters import (
    Integer,
    Parameter,
    ParameterError,
    Parameters,
    Points,
    Real,
    Values,
)
from derivations import dynamics
from derivations.ch4_antisymmetric.forward_euler import diffusion_bounds
from derivations.engine.text import check_prose
from foundation import palette

PANEL = 3.25  # side of one portrait, in scene units
FIELD_GRID = 9  # arrows per side of a portrait
SECONDS_OF_EVOLUTION = 5.0
FADE_PER_STEP = 0.93  # a segment drawn k steps ago has opacity 0.93ᵏ
FADE_LEVELS = 12  # opacities a trail is drawn with: one path per level, not one per segment
START_SIZE = 22  # font size of a start's label in a panel
LABEL_REACH = 1  # label heights a start's label may move to keep off the trajectories
COURSE_SPACING = 0.05  # scene units between the points of a course that labels keep off
# One palette hue per start (the diverging scale's violet and orange are the matrices' signs).
START_COLOURS = (style.ACCENT, style.PRESERVING, style.hue(palette.PURPLE),
                 style.hue(palette.SKY))
VANILLA_SAID = {
    "random": words("portraits.said-random", "a random Gaussian W"),
    "identity": words("portraits.said-identity", "the identity"),
    "reflection": words("portraits.said-reflection", "a reflection, determinant -1"),
    "rotation": words("portraits.said-rotation", "a rotation, determinant +1"),
}
FEEDBACK_SAID = {
    "positive": words("portraits.said-positive", "W plus, eigenvalue 2"),
    "negative": words("portraits.said-negative", "W minus, eigenvalue -2"),
    "antisymmetric": words("portraits.said-antisymmetric", "W zero, eigenvalues plus or minus 2i"),
    "diffusion": words("portraits.said-diffusion", "W diff, eigenvalues -{gamma} plus or minus 2i",
                       gamma=f"{dynamics.GAMMA_FIGURE:g}"),
}
# Each panel's name in the sentence that reads out where its trajectories end.
VANILLA_NAMED = {"random": words("portraits.named-random", "random W"),
                 "identity": words("portraits.named-identity", "identity"),
                 "reflection": words("portraits.named-reflection", "reflection"),
                 "rotation": words("portraits.named-rotation", "rotation")}
FEEDBACK_NAMED = {"positive": words("portraits.named-positive", "W plus"),
                  "negative": words("portraits.named-negative", "W minus"),
                  "antisymmetric": words("portraits.named-antisymmetric", "W zero"),
                  "diffusion": words("portraits.named-diffusion", "W diff")}

VANILLA_TITLES: dict[str, Value] = {
    "random": words("portraits.title-random", "random $W$"),
    "identity": words("portraits.title-identity", "identity"),
    "reflection": words("portraits.title-reflection", r"reflection, $\det W = -1$"),
    "rotation": words("portraits.title-rotation", r"rotation, $\det W = +1$"),
}
FEEDBACK_TITLES: dict[str, Value] = {
    "positive": r"$W_+$: $\lambda = 2$",
    "negative": r"$W_-$: $\lambda = -2$",
    "antisymmetric": r"$W_0$: $\lambda = \pm 2i$",
    "diffusion": rf"$W_{{\mathrm{{diff}}}}$: $\lambda = -{dynamics.GAMMA_FIGURE:g} \pm 2i$",
}


def _half_width(path: numpy.ndarray) -> float:
    """A round axis half-range that holds every state of ``path`` (at least 1)."""
    extent = float(numpy.abs(path).max()) * 1.1
    return max(1.0, math.ceil(extent * 2) / 2)


def _portrait(
    row: str, weights: numpy.ndarray, title: Value, starts: numpy.ndarray, steps: int,
    epsilon: float,
) -> tuple[manim.VGroup, manim.Axes, numpy.ndarray]:
    """Axes, direction field and title of one panel, plus the trajectories it will draw."""
    path = dynamics.trajectories(row, weights, starts, steps, epsilon)
    half = _half_width(path)
    axes = manim.Axes(
        x_range=[-half, half, half], y_range=[-half, half, half],
        x_length=PANEL, y_length=PANEL, tips=False,
        axis_config={"color": style.MUTED, "stroke_width": 1.5},
    )
    ticks = numpy.linspace(-half, half, FIELD_GRID + 2)[1:-1]
    points = numpy.array([[x, y] for x in ticks for y in ticks])
    moves = dynamics.displacement_field(row, weights, points, epsilon)
    lengths = numpy.linalg.norm(moves, axis=1)
    arrow_length = 0.8 * (ticks[1] - ticks[0])
    arrows = manim.VGroup()
    for start, move, length in zip(points, moves, lengths, strict=True):
        if length < 1e-9:
            continue
        end = start + arrow_length * move / length
        share = float(length / lengths.max())
        arrows.add(manim.Arrow(
            axes.c2p(*start), axes.c2p(*end), buff=0, stroke_width=2,
            max_tip_length_to_length_ratio=0.35,
            color=manim.interpolate_color(manim.ManimColor(style.GRID),
                                          manim.ManimColor(style.MUTED), 0.3 + 0.7 * share),
        ))
    frame = manim.Square(PANEL, stroke_color=style.GRID, stroke_width=1).move_to(axes)
    heading = style.label(title, 26).next_to(frame, manim.UP, buff=0.12)
    scale = style.formula(rf"\pm {half:g}", size=26, colour=style.MUTED)
    scale.next_to(frame, manim.DOWN, buff=0.06)
    scale.align_to(frame, manim.RIGHT)
    return manim.VGroup(frame, arrows, axes, heading, scale), axes, path


def _level(age: int) -> int:
    """The opacity level of a segment drawn ``age`` steps ago (0 is the newest)."""
    opacity = max(0.12, FADE_PER_STEP ** age)
    return min(FADE_LEVELS - 1, round((1 - opacity) / (1 - 0.12) * (FADE_LEVELS - 1)))


def _opacity(level: int) -> float:
    return 1 - level / (FADE_LEVELS - 1) * (1 - 0.12)


def _dots(centres: list[numpy.ndarray], radius: float, colour: str,
          opacity: float) -> manim.VMobject:
    """Many small discs as one path (one mobject, however many steps are drawn)."""
    circle = manim.Circle(radius=radius).points
    dots = manim.VMobject(stroke_width=0).set_fill(colour, opacity=opacity)
    dots.set_points(numpy.concatenate([circle + centre for centre in centres]))
    return dots


def _trail(positions: list[list[numpy.ndarray]], step: int, connect: bool) -> manim.VGroup:
    """The trajectories up to ``step``, older steps fading, a dot at the head; ``positions``
    holds each trajectory's states on the screen.

    ``connect`` joins consecutive states by segments: right for the small Euler
    steps of the feedback row, misleading for the vanilla map, whose states can
    jump across the origin (a rotation by ~170°), so there only dots are drawn.
    Segments of one opacity level are one path, so a long trail stays cheap.
    """
    trail = manim.VGroup()
    for points, colour in zip(positions, START_COLOURS, strict=False):
        levels: dict[int, list[int]] = {}
        for k in range(step):
            levels.setdefault(_level(step - 1 - k), []).append(k)
        for level, indices in levels.items():
            if connect:  # the indices of one level are consecutive: one polyline
                corners = points[indices[0]:indices[-1] + 2]
                trail.add(manim.VMobject(stroke_color=colour, stroke_width=3,
                                         stroke_opacity=_opacity(level))
                          .set_points_as_corners(corners))
            else:
                trail.add(_dots([points[k] for k in indices], 0.03, colour, _opacity(level)))
        trail.add(manim.Dot(points[step], radius=0.05, color=colour))
    return trail


def _growing_trail(axes: manim.Axes, path: numpy.ndarray, clock: manim.ValueTracker,
                   connect: bool) -> manim.VGroup:
    """:func:`_trail` following ``clock``, redrawn only when its whole step changes (between
    steps it is the same picture), from screen positions computed once."""
    positions = [[axes.c2p(*state) for state in states] for states in path]
    last = len(path[0]) - 1

    def step() -> int:
        return min(last, int(clock.get_value()))

    shown = [step()]
    trail = _trail(positions, shown[0], connect)

    def redraw(mobject: manim.VGroup) -> None:
        if step() != shown[0]:
            shown[0] = step()
            # The new picture replaces the old outright: Manim's become() would align every
            # polyline point by point with the one it replaces, most of a long render's time.
            # The old pieces are emptied, since the frame's list of moving mobjects, taken when
            # the animation began, still holds them.
            for piece in mobject.get_family()[1:]:
                piece.clear_points()
            mobject.remove(*mobject.submobjects)
            mobject.add(*_trail(positions, shown[0], connect).submobjects)

    return trail.add_updater(redraw)


def _starts_words(starts: numpy.ndarray) -> Value:
    """The starting points in words: "(0, 0.5), (-0.5, -0.5) and (0.5, -0.75)"."""
    return series((f"({x:g}, {y:g})" for x, y in starts), "and")


def _starts_key(starts: numpy.ndarray, steps: int) -> manim.Mobject:
    """``h_0 ∈ {(0, 0.5), …}, N steps``, each start in the colour of its trajectory: what the
    pairs written at the starts in every panel (:func:`_start_labels`) are, said once."""
    pieces = [r"$h_0 \in \{$"]
    for index, (x, y) in enumerate(starts):
        pieces += [", ", f"$({x:g}, {y:g})$"] if index else [f"$({x:g}, {y:g})$"]
    tail = words("portraits.key-steps", r"$\}}$, {steps} steps", steps=str(steps))
    if style.LANG == "en":
        pieces.append(said(tail))
    for piece in pieces:
        check_prose(piece, "text in an animation")
    key = manim.Tex(*pieces, font_size=26, color=style.ink(style.MUTED))
    for index, colour in enumerate(START_COLOURS[:len(starts)]):
        key[1 + 2 * index].set_color(style.ink(colour))
    if style.LANG == "en":
        return key
    # the words of "N steps" in the render's language, after the set's closing brace
    return manim.VGroup(key, style.label(tail, 26, style.MUTED)).arrange(manim.RIGHT, buff=0.06)


def _course(axes: manim.Axes, path: numpy.ndarray, connect: bool,
            since: int = 0) -> list[numpy.ndarray]:
    """Where a panel's trajectories go from step ``since`` on, in scene units: every state, and
    for joined states (``connect``) points at most ``COURSE_SPACING`` apart between them."""
    points = []
    for states in path:
        screen = [axes.c2p(*state) for state in states[since:]]
        points.append(screen[0])
        for before, after in itertools.pairwise(screen):
            pieces = max(1, math.ceil(numpy.linalg.norm(after - before) / COURSE_SPACING)) \
                if connect else 1
            points += [before + (after - before) * k / pieces for k in range(1, pieces + 1)]
    return points


def _start_labels(frame: manim.Mobject, axes: manim.Axes, path: numpy.ndarray,
                  starts: numpy.ndarray, connect: bool) -> manim.VGroup:
    """Each start of one panel ringed, and its coordinates written beside it in its colour.

    The trails fade and their heads meet near the origin, so a label at a trajectory's end
    would cover the others': a trajectory is named where it starts, in every panel (the
    panels' scales differ, so a start sits elsewhere in each). The labels are placed as curves'
    end labels are (:func:`animations.style.end_labels`): beside, above or below their rings,
    inside the panel, apart from each other, the rings and where the trajectories end (their
    heads in the last frame), and off the trajectories' course
    where there is room near the ring; else off the part still bright in the last frame; else
    over it (the labels are drawn above the trails), near the ring where there is room; their
    leaders cross no other label where any place allows. Where no place is clear of the heads
    as well (four long labels by four starts close together), a label may cover a head."""
    rings = manim.VGroup(*(
        manim.Circle(radius=0.06, stroke_color=colour, stroke_width=2.5)
        .move_to(axes.c2p(*start)) for start, colour in zip(starts, START_COLOURS, strict=False)))
    heads = tuple(manim.Dot(axes.c2p(*states[-1]), radius=0.05) for states in path)
    inset = 0.05
    bounds = {"left": frame.get_left()[0] + inset, "right": frame.get_right()[0] - inset,
              "top": frame.get_top()[1] - inset, "bottom": frame.get_bottom()[1] + inset}

    def place(course: list[numpy.ndarray], reach: int | None, cross: bool,
              clear: tuple[manim.Mobject, ...]) -> list[manim.VGroup]:
        ends = [(axes.c2p(x, y), style.formula(f"({x:g}, {y:g})", size=START_SIZE,
                                               colour=colour), colour)
                for (x, y), colour in zip(starts, START_COLOURS, strict=False)]
        return style.end_labels(ends, **bounds, avoid=(*rings, *clear), points=course,
                                sides=(manim.RIGHT, manim.LEFT, manim.UP, manim.DOWN, manim.UR,
                                       manim.UL, manim.DR, manim.DL),
                                reach=reach, cross=cross)

    steps = path.shape[1] - 1
    bright = next(age for age in itertools.count() if _level(age) == FADE_LEVELS - 1)
    tries = [*((_course(axes, path, connect, since), LABEL_REACH, False, heads)
               for since in dict.fromkeys((0, max(0, steps - bright)))),
             ([], LABEL_REACH, False, heads), ([], None, False, heads), ([], None, True, heads)]
    for course, reach, cross, clear in tries:
        try:
            return manim.VGroup(rings, *place(course, reach, cross, clear))
        except ValueError:
            continue
    # clear of the rings and each other, at least (four long labels among four heads close
    # to four starts may find no other room)
    return manim.VGroup(rings, *place([], None, True, ()))


def portrait_parameters(*extra: Parameter) -> Parameters:
    return Parameters(
        Points("starts", "the initial states h_0, one trajectory each",
               value=tuple(map(tuple, dynamics.INITIAL_STATES)), low=1, high=len(START_COLOURS),
               bound=2.0),
        Integer("steps", "steps of the update rule", value=dynamics.STEPS, low=1, high=150),
        Real("seconds", "seconds of video the steps take", value=SECONDS_OF_EVOLUTION,
             low=1.0, high=60.0),
        *extra,
    )


def _reach(frame: manim.Mobject, scale: manim.Mobject, steps: int,
           distance: float) -> manim.Mobject:
    """``max ‖h_steps‖ = distance`` under a panel's left corner, clear of its scale label."""
    shown = style.formula(rf"\max \lVert h_{{{steps}}} \rVert = "
                          rf"{style.tex_number(distance, 2)}", size=26)
    room = frame.width - scale.width - 0.2
    if shown.width > room:
        shown.scale_to_fit_width(room)
    return shown.next_to(frame, manim.DOWN, buff=0.06).align_to(frame, manim.LEFT)


# An awkward input of both rows: four starts close together, with long coordinates, so
# their labels are wider than the room beside their rings.
CLUSTERED_STARTS: tuple[dict[str, Any], ...] = (
    {"starts": ((0.125, 0.125), (-0.125, -0.125), (0.125, -0.125), (-0.125, 0.125))},)
Panel = tuple[numpy.ndarray, Value, Words, Words]  # matrix, title, description, short name


def portrait_row(row: str, panels: list[Panel], values: Values
                 ) -> tuple[list[tuple], manim.VGroup, manim.VGroup]:
    """The portraits side by side, as :func:`_portrait` builds each (with its words and name),
    all of them in one group, and each panel's start rings and labels."""
    starts = numpy.array(values["starts"], dtype=float)
    steps, epsilon = values["steps"], values.get("epsilon", dynamics.EPSILON)
    built = [(*_portrait(row, weights, name, starts, steps, epsilon), described, named)
             for weights, name, described, named in panels]
    figures = manim.VGroup(*(figure for figure, *_ in built))
    figures.arrange(manim.RIGHT, buff=0.3).move_to(0.1 * manim.UP)
    marks = manim.VGroup(*(_start_labels(figure[0], axes, path, starts, row == "feedback")
                           for figure, axes, path, _, _ in built))
    return built, figures, marks


def play_portrait_row(scene: style.CompanionScene, row: str, panels: list[Panel], heading: str,
                      opening: Words) -> None:
    """Four portraits side by side; the initial states evolve together in all of them, and
    each panel then shows how far from the origin its trajectories ended."""
    values = scene.values
    starts = numpy.array(values["starts"], dtype=float)
    steps = values["steps"]
    title = style.formula(heading, size=36).to_edge(manim.UP, buff=0.3)
    built, figures, marks = portrait_row(row, panels, values)
    clock = manim.ValueTracker(0)
    counter = style.counter("t", 30)
    builders.showing(counter[1], lambda: min(steps, int(clock.get_value())))
    spoken_points = _starts_words(starts)
    starts_label = _starts_key(starts, steps)
    manim.VGroup(starts_label, counter).arrange(manim.RIGHT, buff=0.8).next_to(
        figures, manim.DOWN, buff=0.35)
    if starts_label.get_left()[0] < -7:
        manim.VGroup(starts_label, counter).scale_to_fit_width(13.6).next_to(
            figures, manim.DOWN, buff=0.35)
    trails = [_growing_trail(axes, path, clock, row == "feedback")
              for _, axes, path, _, _ in built]
    distances = [float(numpy.linalg.norm(path[:, -1], axis=1).max()) for _, _, path, _, _ in built]
    reaches = manim.VGroup(*(_reach(figure[0], figure[4], steps, distance)
                             for (figure, *_), distance in zip(built, distances, strict=True)))
    scene.narrate(opening)
    scene.add(title)
    scene.narrate(words("portraits.panels", "Left to right: {panels}. Grey arrows show where "
                        "one step moves each point.", panels=series(
                            (described for *_, described, _ in built), "semicolons")))
    scene.play(manim.FadeIn(figures), run_time=0.8)
    scene.narrate(words("portraits.start", "The starting point is {points}, ringed and "
                        "labelled in every panel, for {steps} steps from t = 0.",
                        points=spoken_points, steps=str(steps)) if len(starts) == 1 else
                  words("portraits.starts", "The starting points are {points}, each ringed and "
                        "labelled in every panel, for {steps} steps from t = 0.",
                        points=spoken_points, steps=str(steps)))
    scene.play(manim.FadeIn(counter, starts_label, marks), run_time=0.5)
    scene.add(*trails)
    scene.bring_to_front(marks)  # the trails pass under the start labels, not through them
    scene.narrate(words("portraits.evolve", "The states evolve together in all four panels, "
                        "older steps fading."))
    scene.play(clock.animate.set_value(steps), run_time=values["seconds"],
               rate_func=manim.linear)
    counter[1].clear_updaters()
    # Where the trajectories ended is said once the panels show it, not while they move.
    scene.narrate(words("portraits.reached", "After {steps} steps, the largest distance from "
                        "the origin: {distances}.", steps=str(steps), distances=series(
                            (words("portraits.distance", "{panel}, {distance}", panel=named,
                                   distance=style.said_number(distance, 2))
                             for (*_, named), distance in zip(built, distances, strict=True)),
                            "semicolons")))
    scene.play(manim.FadeIn(reaches), run_time=0.5)
    scene.wait(1.0)


class VanillaPhasePortraits(style.CompanionScene):
    r"""$h_t = \tanh(W h_{t-1})$: orthogonal $W$ still drifts to the origin, because $\tanh$
    contracts."""

    TITLE = "Phase portraits of a vanilla RNN"
    ILLUSTRATES = "tanh-ode-conserved-quantity"
    PARAMETERS = portrait_parameters(
        Integer("seed", "seed of the random, reflection and rotation matrices",
                value=dynamics.SEED, low=0, high=2**32 - 1))

    ROW = "vanilla"
    EDGE_CASES: ClassVar[tuple[dict[str, Any], ...]] = CLUSTERED_STARTS

    @staticmethod
    def panels(values: Values) -> list[Panel]:
        matrices = dynamics.vanilla_matrices(values["seed"])
        return [(matrices[kind], VANILLA_TITLES[kind], VANILLA_SAID[kind],
                 VANILLA_NAMED[kind]) for kind in dynamics.VANILLA_KINDS]

    def construct(self) -> None:
        play_portrait_row(self, self.ROW, self.panels(self.values), r"h_t = \tanh(W h_{t-1})",
                          words("portraits.vanilla", "Four phase portraits of h(t) = "
                                "tanh(W h(t-1))."))


class FeedbackPhasePortraits(style.CompanionScene):
    r"""$h_t = h_{t-1} + \varepsilon \tanh(W h_{t-1})$: out, in, an Euler spiral outward, and
    diffusion's loop."""

    TITLE = "Phase portraits of an RNN with feedback"
    ILLUSTRATES = "tanh-ode-conserved-quantity"
    PARAMETERS = portrait_parameters(
        Real("epsilon", "the forward Euler step", value=dynamics.EPSILON, low=0.01, high=0.5))

    ROW = "feedback"
    EDGE_CASES: ClassVar[tuple[dict[str, Any], ...]] = CLUSTERED_STARTS

    @staticmethod
    def panels(values: Values) -> list[Panel]:
        return [(dynamics.FEEDBACK_MATRICES[kind], FEEDBACK_TITLES[kind], FEEDBACK_SAID[kind],
                 FEEDBACK_NAMED[kind]) for kind in dynamics.FEEDBACK_KINDS]

    def construct(self) -> None:
        epsilon = f"{self.values['epsilon']:g}"
        play_portrait_row(self, self.ROW, self.panels(self.values),
                          rf"h_t = h_{{t-1}} + {epsilon}\,\tanh(W h_{{t-1}})",
                          words("portraits.feedback", "Four phase portraits of h(t) = h(t-1) + "
                                "{epsilon} tanh(W h(t-1)), a forward Euler step of size "
                                "{epsilon}.", epsilon=epsilon))


def least_gamma(epsilon: float, omega: float) -> sympy.Basic:
    """γ₋ for this ε and ω (``forward-euler-diffusion-condition``): exact for exact inputs."""
    return sympy.simplify(diffusion_bounds(sympy.nsimplify(epsilon), sympy.nsimplify(omega))[0])


def largest_gamma(epsilon: float, omega: float) -> float:
    return float(diffusion_bounds(sympy.nsimplify(epsilon), sympy.nsimplify(omega))[1])


def surd_words(value: sympy.Basic) -> Words | None:
    """``a - b√c`` in words ("10 minus 4 times the square root of 6"), None for other forms."""
    if not isinstance(value, sympy.Add) or len(value.args) != 2:
        return None
    whole, root = sorted(value.args, key=lambda term: term.has(sympy.sqrt(2).func))
    coefficient, radical = root.as_coeff_Mul()
    if not (whole.is_Integer and coefficient.is_Integer and isinstance(radical, sympy.Pow)
            and radical.exp == sympy.Rational(1, 2) and radical.base.is_Integer):
        return None
    named = {"whole": str(whole), "radicand": str(radical.base)}
    if abs(coefficient) == 1:
        return (words("euler.surd-minus", "{whole} minus the square root of {radicand}", **named)
                if coefficient < 0 else
                words("euler.surd-plus", "{whole} plus the square root of {radicand}", **named))
    named["coefficient"] = str(abs(coefficient))
    return (words("euler.surd-minus-times", "{whole} minus {coefficient} times the square root "
                  "of {radicand}", **named) if coefficient < 0 else
            words("euler.surd-plus-times", "{whole} plus {coefficient} times the square root of "
                  "{radicand}", **named))


def _check_euler(values: Values) -> None:
    epsilon, omega = values["epsilon"], values["omega"]
    if epsilon * omega > 0.95:
        raise ParameterError(f"omega: expected epsilon times omega at most 0.95, so that a "
                             f"stabilising gamma exists and the disc fits, got "
                             f"{epsilon:g} x {omega:g} = {epsilon * omega:g}")
    low, high = float(least_gamma(epsilon, omega)), largest_gamma(epsilon, omega)
    if not low <= values["gamma_end"] <= high:
        raise ParameterError(f"gamma_end: expected a stable gamma, from {low:.4g} to "
                             f"{high:.4g} for these epsilon and omega, got "
                             f"{values['gamma_end']:g}")
    if values["gamma_mark"] > values["gamma_end"]:
        raise ParameterError(f"gamma_mark: expected at most gamma_end ({values['gamma_end']:g}),"
                             f" got {values['gamma_mark']:g}")


def _nice(span: float, ticks: int) -> float:
    """A round tick spacing (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks."""
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(base * power for base in (1, 2, 5, 10) if base * power >= raw)


class EulerStabilityRegion(style.CompanionScene):
    r"""As $\gamma$ grows, $\varepsilon(-\gamma \pm i\omega)$ slides left and enters the disc
    $|1 + z| \leq 1$ only at $\gamma_- > 0.15$."""

    TITLE = "Forward Euler's stability region"
    ILLUSTRATES = "forward-euler-diffusion-condition"
    PARAMETERS = Parameters(
        Real("epsilon", "the forward Euler step", value=dynamics.EPSILON, low=0.01, high=0.5),
        Real("omega", "the imaginary part of the eigenvalues", value=2.0, low=0.1, high=20.0),
        Real("gamma_mark", "a diffusion constant marked on the way (the paper's)",
             value=dynamics.GAMMA_FIGURE, low=0.0, high=50.0),
        Real("gamma_end", "the diffusion constant the animation ends at", value=0.5, low=0.01,
             high=50.0),
        check=_check_euler,
    )
    # Every input at its limit is refused (epsilon times omega would be 10): the largest
    # allowed combination, for the limit tests.
    LARGEST: ClassVar[dict[str, float]] = {"epsilon": 0.5, "omega": 1.9, "gamma_end": 2.62,
                                           "gamma_mark": 2.62}

    @classmethod
    def caption_for(cls, values: Values) -> str:
        if values == cls.PARAMETERS.defaults():
            return super().caption_for(values)
        least = float(least_gamma(values["epsilon"], values["omega"]))
        return (rf"With $\varepsilon = {values['epsilon']:g}$ and $\omega = "
                rf"{values['omega']:g}$: as $\gamma$ grows, $\varepsilon(-\gamma \pm i\omega)$ "
                rf"slides left and enters the disc $|1 + z| \leq 1$ at $\gamma_- \approx "
                rf"{least:.4f}$.")

    def construct(self) -> None:
        epsilon, omega = self.values["epsilon"], self.values["omega"]
        exact = least_gamma(epsilon, omega)
        least = float(exact)
        figure_gamma, final_gamma = self.values["gamma_mark"], self.values["gamma_end"]
        # Zoom near z = 0, where the disc's edge is nearly vertical: stretch Re z.
        y_half = min(0.98, 1.3 * epsilon * omega)
        edge_left = -1 + math.sqrt(1 - y_half**2)
        x_left = min(-1.4 * epsilon * final_gamma, 1.1 * edge_left)
        x_right = -x_left * 2 / 7
        x_length, y_length = 7.6, 4.6
        axes = manim.Axes(
            x_range=[x_left, x_right, _nice(x_right - x_left, 9)],
            y_range=[-y_half, y_half, _nice(2 * y_half, 5)],
            x_length=x_length, y_length=y_length, tips=False,
            axis_config={"color": style.MUTED, "stroke_width": 1.5},
        ).to_edge(manim.LEFT, buff=0.4).shift(0.45 * manim.UP)
        stretch = (2 * y_half / y_length) / ((x_right - x_left) / x_length)
        edge = axes.plot_parametric_curve(
            lambda s: numpy.array([-1 + math.sqrt(1 - s * s), s, 0]), t_range=[-y_half, y_half],
            color=style.PRESERVING, stroke_width=4,
        )
        inside = manim.Polygon(
            *[axes.c2p(-1 + math.sqrt(1 - s * s), s)
              for s in numpy.linspace(y_half, -y_half, 53)],
            axes.c2p(x_left, -y_half), axes.c2p(x_left, y_half),
            stroke_width=0, fill_color=style.PRESERVING, fill_opacity=0.15,
        )
        disc_label = style.formula(r"|1 + z| \le 1", size=32)  # ink: it sits on the tinted disc
        disc_label.move_to(axes.c2p(0.78 * x_left, 0.0)).shift(0.25 * manim.UP)
        axis_labels = manim.VGroup(
            style.formula(r"\operatorname{Re} z", size=26, colour=style.MUTED)
            .next_to(axes.x_axis, manim.RIGHT, buff=0.1),
            style.formula(r"\operatorname{Im} z", size=26, colour=style.MUTED)
            .next_to(axes.c2p(0, y_half), manim.UP, buff=0.1),
        )
        title = style.formula(
            r"z = \varepsilon\lambda,\ \ \lambda(M - \gamma I) = -\gamma \pm i\omega,"
            rf"\ \ \varepsilon = {epsilon:g},\ \omega = {omega:g}", size=34,
        ).to_edge(manim.UP, buff=0.3)

        gamma = manim.ValueTracker(0.0)

        def amplification(value: float) -> float:
            """|1 + ελ| for λ = −γ + iω, as :mod:`derivations.dynamics` computes it."""
            return float(dynamics.euler_amplification(numpy.array([complex(-value, omega)]),
                                                      epsilon)[0])

        def colour() -> str:
            return style.PRESERVING if gamma.get_value() >= least - 1e-9 else style.EXPLODING

        def pair() -> manim.VGroup:
            g = gamma.get_value()
            return manim.VGroup(*(
                manim.Dot(axes.c2p(-epsilon * g, sign * epsilon * omega), radius=0.09,
                          color=colour()) for sign in (1, -1)))

        gamma_value = manim.DecimalNumber(0, num_decimal_places=3, font_size=34,
                                          color=style.ink(style.FOREGROUND))
        modulus_value = manim.DecimalNumber(amplification(0), num_decimal_places=4,
                                            font_size=34)
        readout = manim.VGroup(
            style.readout(r"\gamma", gamma_value, 34),
            style.readout(r"|1 + \varepsilon\lambda|", modulus_value, 34),
        ).arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.25)
        gamma_value.add_updater(lambda number: number.set_value(gamma.get_value()))
        modulus_value.add_updater(lambda number: number.set_value(
            amplification(gamma.get_value())).set_color(style.ink(colour())))
        readout[1][0].add_updater(lambda tex: tex.set_color(style.ink(colour())))

        exact_tex, exact_said = sympy.latex(exact), surd_words(exact)
        least_text = f"{least:.4f}"
        least_tex = (rf"\gamma_- = {exact_tex} \approx {least_text}" if exact_said
                     else rf"\gamma_- \approx {least_text}")
        least_said = (words("euler.least-exact", "{exact}, about {approx}", exact=exact_said,
                            approx=least_text) if exact_said
                      else words("euler.least-about", "about {approx}", approx=least_text))
        markers = manim.VGroup()
        for value, text, tint in ((figure_gamma, rf"\gamma = {figure_gamma:g}", style.ACCENT),
                                  (least, least_tex, style.PRESERVING)):
            x = -epsilon * value
            markers.add(manim.DashedLine(axes.c2p(x, -0.92 * y_half), axes.c2p(x, 0.92 * y_half),
                                         color=tint, stroke_width=2))
            markers.add(style.formula(text, size=26, colour=tint)
                        .next_to(axes.c2p(x, -y_half), manim.DOWN, buff=0.1))
        markers[-1].shift(0.4 * manim.DOWN)
        rule = style.label(words("euler.rule", r"stable $\iff \varepsilon(\gamma^2 + \omega^2) "
                                 r"\le 2\gamma$"), 30)
        column = manim.VGroup(readout, rule)
        if stretch >= 1.5:
            column.add(style.label(words("euler.stretched-horizontal", r"horizontal axis "
                                         r"stretched $\times {factor}$",
                                         factor=str(round(stretch))), 26, style.MUTED))
        elif stretch <= 1 / 1.5:
            column.add(style.label(words("euler.stretched-vertical", r"vertical axis "
                                         r"stretched $\times {factor}$",
                                         factor=str(round(1 / stretch))), 26, style.MUTED))
        column.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.5)
        column.to_edge(manim.RIGHT, buff=0.35).shift(0.6 * manim.UP)
        stops = sorted([(figure_gamma, words("euler.marked", "the marked value")),
                        (least, words("euler.gamma-minus", "gamma minus"))],
                       key=lambda stop: (stop[0], said(stop[1])))

        self.narrate(words("euler.setting", "Forward Euler with step epsilon = {epsilon}, on the "
                           "eigenvalues -gamma plus or minus i omega, with omega = {omega}.",
                           epsilon=f"{epsilon:g}", omega=f"{omega:g}"))
        self.add(title)
        self.play(manim.Create(axes), manim.FadeIn(axis_labels, column[2:]), run_time=0.6)
        self.narrate(words("euler.disc", "It is stable if z = epsilon lambda lies in the disc "
                           "where the size of 1 + z is at most 1: in green, its edge near "
                           "z = 0."))
        self.play(manim.FadeIn(inside), manim.Create(edge), manim.Write(disc_label), run_time=0.8)
        dots = manim.always_redraw(pair)
        self.narrate(words("euler.dots", "The two dots are z for gamma = 0, outside the disc: "
                           "the amplification is {amplification}, above 1, so every step grows.",
                           amplification=f"{amplification(0):.4f}"))
        self.play(manim.FadeIn(dots), manim.FadeIn(readout), manim.FadeIn(rule), run_time=0.5)
        self.narrate(words("euler.markers", "Dashed lines mark gamma = {marked} and the least "
                           "stabilising gamma: gamma minus = {least}.",
                           marked=f"{figure_gamma:g}", least=least_said))
        self.play(manim.FadeIn(markers), run_time=0.4)
        # Each stop is said once the readouts show it: where gamma goes, then what it reached.
        for value, name in stops:
            self.narrate(words("euler.grows-to", "Gamma grows to {stop}.", stop=name))
            self.play(gamma.animate.set_value(value), run_time=2.0 if value == stops[0][0]
                      else 1.2, rate_func=manim.linear)
            amplified = amplification(value)
            verdict = (words("euler.on-edge", "on the edge of the disc: stable")
                       if abs(amplified - 1) < 5e-5
                       else words("euler.inside", "inside the disc: stable") if amplified < 1
                       else words("euler.outside", "still outside: unstable"))
            self.narrate(words("euler.reached", "At gamma = {gamma} the amplification is "
                               "{amplification}, {verdict}.", gamma=f"{value:.3f}",
                               amplification=f"{amplified:.4f}", verdict=verdict))
            self.wait(0.6)
        self.narrate(words("euler.grows-on", "Gamma grows on."))
        self.play(gamma.animate.set_value(final_gamma), run_time=2.0, rate_func=manim.linear)
        self.narrate(words("euler.end", "At gamma = {gamma} the amplification is "
                           "{amplification}: the dots stay inside the disc.",
                           gamma=f"{final_gamma:.3f}",
                           amplification=f"{amplification(final_gamma):.4f}"))
        self.wait(1.0)


SCENES = (EulerStabilityRegion, VanillaPhasePortraits, FeedbackPhasePortraits)
