"""Chapter 4: the phase portraits of Chang et al.'s Figure 1 and the forward-Euler stability disc.

    manim -ql animations/antisymmetric_dynamics.py VanillaPhasePortraits
    manim -ql animations/antisymmetric_dynamics.py FeedbackPhasePortraits
    manim -ql animations/antisymmetric_dynamics.py EulerStabilityRegion
"""

from __future__ import annotations

import math

import manim
import numpy

from animations import style
from derivations import dynamics
from derivations.engine import get
from derivations.notation import symbol

CHAPTER = 4
PANEL = 3.25  # side of one portrait, in scene units
FIELD_GRID = 9  # arrows per side of a portrait
SECONDS_OF_EVOLUTION = 5.0
FADE_PER_STEP = 0.93  # a segment drawn k steps ago has opacity 0.93ᵏ
START_COLOURS = (style.ACCENT, style.PRESERVING, style.NEGATIVE)

VANILLA_TITLES = {
    "random": "random $W$",
    "identity": "identity",
    "reflection": r"reflection, $\det W = -1$",
    "rotation": r"rotation, $\det W = +1$",
}
FEEDBACK_TITLES = {
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
    row: str, weights: numpy.ndarray, title: str
) -> tuple[manim.VGroup, manim.Axes, numpy.ndarray]:
    """Axes, direction field and title of one panel, plus the trajectories it will draw."""
    path = dynamics.trajectories(row, weights)
    half = _half_width(path)
    axes = manim.Axes(
        x_range=[-half, half, half], y_range=[-half, half, half],
        x_length=PANEL, y_length=PANEL, tips=False,
        axis_config={"color": style.MUTED, "stroke_width": 1.5},
    )
    ticks = numpy.linspace(-half, half, FIELD_GRID + 2)[1:-1]
    points = numpy.array([[x, y] for x in ticks for y in ticks])
    moves = dynamics.displacement_field(row, weights, points)
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


def _trail(axes: manim.Axes, path: numpy.ndarray, now: float, connect: bool) -> manim.VGroup:
    """The trajectories up to step ``now``, older steps fading, a dot at the head.

    ``connect`` joins consecutive states by segments: right for the small Euler
    steps of the feedback row, misleading for the vanilla map, whose states can
    jump across the origin (a rotation by ~170°), so there only dots are drawn.
    """
    step = min(len(path[0]) - 1, int(now))
    trail = manim.VGroup()
    for states, colour in zip(path, START_COLOURS, strict=True):
        for k in range(step):
            opacity = max(0.12, FADE_PER_STEP ** (step - 1 - k))
            if connect:
                trail.add(manim.Line(axes.c2p(*states[k]), axes.c2p(*states[k + 1]),
                                     color=colour, stroke_width=3, stroke_opacity=opacity))
            else:
                trail.add(manim.Dot(axes.c2p(*states[k]), radius=0.03, color=colour,
                                    fill_opacity=opacity))
        trail.add(manim.Dot(axes.c2p(*states[step]), radius=0.05, color=colour))
    return trail


def play_portrait_row(
    scene: manim.Scene, row: str, panels: list[tuple[numpy.ndarray, str]], heading: str
) -> None:
    """Four portraits side by side; the three initial states evolve together in all of them."""
    title = style.formula(heading, size=36).to_edge(manim.UP, buff=0.3)
    built = [_portrait(row, weights, name) for weights, name in panels]
    figures = manim.VGroup(*(figure for figure, _, _ in built))
    figures.arrange(manim.RIGHT, buff=0.3).move_to(0.1 * manim.UP)
    clock = manim.ValueTracker(0)
    counter = style.counter("t", 30)
    counter[1].add_updater(lambda number: number.set_value(min(dynamics.STEPS,
                                                               int(clock.get_value()))))
    points = ", ".join(f"({x:g}, {y:g})" for x, y in dynamics.INITIAL_STATES)
    starts = style.label(f"$h_0 \\in \\{{{points}\\}}$, {dynamics.STEPS} steps", 26,
                         style.MUTED)
    manim.VGroup(starts, counter).arrange(manim.RIGHT, buff=0.8).next_to(figures, manim.DOWN,
                                                                          buff=0.35)
    trails = [
        manim.always_redraw(
            lambda axes=axes, path=path: _trail(axes, path, clock.get_value(), row == "feedback"))
        for _, axes, path in built
    ]
    scene.add(title)
    scene.play(manim.FadeIn(figures), manim.FadeIn(counter, starts), run_time=0.8)
    scene.add(*trails)
    scene.play(clock.animate.set_value(dynamics.STEPS), run_time=SECONDS_OF_EVOLUTION,
               rate_func=manim.linear)
    counter[1].clear_updaters()
    scene.wait(1.0)


class VanillaPhasePortraits(style.CompanionScene):
    r"""$h_t = \tanh(W h_{t-1})$: orthogonal $W$ still drifts to the origin, because $\tanh$
    contracts."""

    TITLE = "Phase portraits of a vanilla RNN"

    def construct(self) -> None:
        matrices = dynamics.vanilla_matrices()
        panels = [(matrices[kind], VANILLA_TITLES[kind]) for kind in dynamics.VANILLA_KINDS]
        play_portrait_row(self, "vanilla", panels, r"h_t = \tanh(W h_{t-1})")


class FeedbackPhasePortraits(style.CompanionScene):
    r"""$h_t = h_{t-1} + \varepsilon \tanh(W h_{t-1})$: out, in, an Euler spiral outward, and
    diffusion's loop."""

    TITLE = "Phase portraits of an RNN with feedback"

    def construct(self) -> None:
        panels = [(dynamics.FEEDBACK_MATRICES[kind], FEEDBACK_TITLES[kind])
                  for kind in dynamics.FEEDBACK_KINDS]
        play_portrait_row(self, "feedback", panels,
                          rf"h_t = h_{{t-1}} + {dynamics.EPSILON:g}\,\tanh(W h_{{t-1}})")


class EulerStabilityRegion(style.CompanionScene):
    r"""As $\gamma$ grows, $\varepsilon(-\gamma \pm i\omega)$ slides left and enters the disc
    $|1 + z| \leq 1$ only at $\gamma_- > 0.15$."""

    TITLE = "Forward Euler's stability region"

    def construct(self) -> None:
        condition = get("forward-euler-diffusion-condition")
        epsilon, omega = float(dynamics.EPSILON), 2.0
        least = float(condition.value("gamma_-").subs(
            {symbol("epsilon"): dynamics.EPSILON, symbol("omega"): omega}))
        figure_gamma = dynamics.GAMMA_FIGURE
        final_gamma = 0.5
        # Zoom near z = 0, where the disc's edge is nearly vertical: stretch Re z.
        x_length, y_length = 7.6, 4.6
        stretch = round((0.52 / y_length) / (0.09 / x_length))
        axes = manim.Axes(
            x_range=[-0.07, 0.02, 0.01], y_range=[-0.26, 0.26, 0.1],
            x_length=x_length, y_length=y_length, tips=False,
            axis_config={"color": style.MUTED, "stroke_width": 1.5},
        ).to_edge(manim.LEFT, buff=0.4).shift(0.45 * manim.UP)
        edge = axes.plot_parametric_curve(
            lambda s: numpy.array([-1 + math.sqrt(1 - s * s), s, 0]), t_range=[-0.26, 0.26],
            color=style.PRESERVING, stroke_width=4,
        )
        inside = manim.Polygon(
            *[axes.c2p(-1 + math.sqrt(1 - s * s), s) for s in numpy.linspace(0.26, -0.26, 53)],
            axes.c2p(-0.07, -0.26), axes.c2p(-0.07, 0.26),
            stroke_width=0, fill_color=style.PRESERVING, fill_opacity=0.15,
        )
        disc_label = style.formula(r"|1 + z| \le 1", size=32)  # ink: it sits on the tinted disc
        disc_label.move_to(axes.c2p(-0.055, 0.0)).shift(0.25 * manim.UP)
        axis_labels = manim.VGroup(
            style.formula(r"\operatorname{Re} z", size=26, colour=style.MUTED)
            .next_to(axes.x_axis, manim.RIGHT, buff=0.1),
            style.formula(r"\operatorname{Im} z", size=26, colour=style.MUTED)
            .next_to(axes.c2p(0, 0.26), manim.UP, buff=0.1),
        )
        title = style.formula(
            r"z = \varepsilon\lambda,\ \ \lambda(M - \gamma I) = -\gamma \pm i\omega,"
            rf"\ \ \varepsilon = {epsilon:g},\ \omega = {omega:g}", size=34,
        ).to_edge(manim.UP, buff=0.3)

        gamma = manim.ValueTracker(0.0)

        def colour() -> str:
            return style.PRESERVING if gamma.get_value() >= least - 1e-9 else style.EXPLODING

        def pair() -> manim.VGroup:
            g = gamma.get_value()
            return manim.VGroup(*(
                manim.Dot(axes.c2p(-epsilon * g, sign * epsilon * omega), radius=0.09,
                          color=colour()) for sign in (1, -1)))

        def modulus() -> float:
            return abs(1 + epsilon * complex(-gamma.get_value(), omega))

        gamma_value = manim.DecimalNumber(0, num_decimal_places=3, font_size=34,
                                          color=style.ink(style.FOREGROUND))
        modulus_value = manim.DecimalNumber(modulus(), num_decimal_places=4, font_size=34)
        readout = manim.VGroup(
            style.readout(r"\gamma", gamma_value, 34),
            style.readout(r"|1 + \varepsilon\lambda|", modulus_value, 34),
        ).arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.25)
        gamma_value.add_updater(lambda number: number.set_value(gamma.get_value()))
        modulus_value.add_updater(
            lambda number: number.set_value(modulus()).set_color(style.ink(colour())))
        readout[1][0].add_updater(lambda tex: tex.set_color(style.ink(colour())))

        markers = manim.VGroup()
        for value, text, tint in ((figure_gamma, r"\gamma = 0.15", style.ACCENT),
                                  (least, r"\gamma_- = 10 - 4\sqrt6", style.PRESERVING)):
            x = -epsilon * value
            markers.add(manim.DashedLine(axes.c2p(x, -0.24), axes.c2p(x, 0.24), color=tint,
                                         stroke_width=2))
            markers.add(style.formula(text, size=26, colour=tint)
                        .next_to(axes.c2p(x, -0.26), manim.DOWN, buff=0.1))
        markers[-1].shift(0.4 * manim.DOWN)
        rule = style.label(r"stable $\iff \varepsilon(\gamma^2 + \omega^2) \le 2\gamma$", 30)
        note = style.label(f"horizontal axis stretched $\\times {stretch}$", 26, style.MUTED)
        column = manim.VGroup(readout, rule, note)
        column.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.5)
        column.to_edge(manim.RIGHT, buff=0.35).shift(0.6 * manim.UP)

        self.add(title)
        self.play(manim.Create(axes), manim.FadeIn(axis_labels, note), run_time=0.6)
        self.play(manim.FadeIn(inside), manim.Create(edge), manim.Write(disc_label), run_time=0.8)
        dots = manim.always_redraw(pair)
        self.play(manim.FadeIn(dots), manim.FadeIn(readout), manim.FadeIn(rule), run_time=0.5)
        self.play(manim.FadeIn(markers), run_time=0.4)
        self.play(gamma.animate.set_value(figure_gamma), run_time=2.0, rate_func=manim.linear)
        self.wait(0.6)
        self.play(gamma.animate.set_value(least), run_time=1.2, rate_func=manim.linear)
        self.wait(0.6)
        self.play(gamma.animate.set_value(final_gamma), run_time=2.0, rate_func=manim.linear)
        self.wait(1.0)


SCENES = (EulerStabilityRegion, VanillaPhasePortraits, FeedbackPhasePortraits)
