"""Merity's three videos, redrawn: 64 steps of W^t as a heat map beside its norm on a log axis.

    manim -ql animations/matrix_powers.py VanishingPowers
    manim -ql animations/matrix_powers.py ExplodingPowers
    manim -ql animations/matrix_powers.py OrthogonalPowers
"""

from __future__ import annotations

import math

import manim
import numpy

from animations import style
from derivations import matrix_powers

CHAPTER = 1
CELL = 0.62
DECADES = 4  # the norm axis spans 10⁻⁴ … 10⁴
SECONDS_PER_STEP = 0.12
KIND_COLOUR = {
    "vanishing": style.VANISHING,
    "exploding": style.EXPLODING,
    "orthogonal": style.PRESERVING,
}
KIND_TITLE = {
    "vanishing": r"All $|\lambda| < 1$: $W^t$ vanishes",
    "exploding": r"One $|\lambda| > 1$: $W^t$ explodes",
    "orthogonal": r"Orthogonal $W$: $\lVert W^t \rVert_2$ stays 1",
}


def height(norm: float) -> float:
    """Position of ``norm`` on the log axis, whose bottom is 10^−DECADES."""
    return math.log10(norm) + DECADES


def _heat_map(matrix: numpy.ndarray) -> manim.VGroup:
    cells = manim.VGroup(
        *(
            manim.Square(CELL, stroke_width=1, stroke_color=style.GRID)
            .set_fill(style.diverging_colour(value), opacity=1)
            for value in matrix.flat
        )
    )
    return cells.arrange_in_grid(*matrix.shape, buff=0.04)


def _colour_bar() -> manim.VGroup:
    swatches = manim.VGroup(
        *(
            manim.Rectangle(width=0.3, height=0.12, stroke_width=0)
            .set_fill(style.diverging_colour(value), opacity=1)
            for value in numpy.linspace(1, -1, 21)
        )
    ).arrange(manim.DOWN, buff=0)
    ends = manim.VGroup(
        style.formula(r"\geq +1", size=22).next_to(swatches, manim.RIGHT, buff=0.1)
        .align_to(swatches, manim.UP),
        style.formula(r"\leq -1", size=22).next_to(swatches, manim.RIGHT, buff=0.1)
        .align_to(swatches, manim.DOWN),
    )
    return manim.VGroup(swatches, ends)


def play_repeated_multiplication(scene: manim.Scene, kind: matrix_powers.Kind) -> None:
    """The shared beat sequence: title, heat map and axes, then 64 multiplications."""
    stack = matrix_powers.powers(matrix_powers.example_matrix(kind))
    norms = matrix_powers.spectral_norms(stack)
    steps = len(stack) - 1
    colour = KIND_COLOUR[kind]

    title = style.label(KIND_TITLE[kind], 34, colour).to_edge(manim.UP, buff=0.35)
    grid = _heat_map(stack[0]).to_edge(manim.LEFT, buff=0.7).shift(0.5 * manim.UP)
    bar = _colour_bar().next_to(grid, manim.RIGHT, buff=0.25)
    axes = manim.Axes(
        x_range=[0, steps, 16],
        y_range=[0, 2 * DECADES, 2],
        x_length=5.6,
        y_length=4.6,
        axis_config={"color": style.MUTED, "include_numbers": False},
        tips=False,
    ).to_edge(manim.RIGHT, buff=0.5).shift(0.2 * manim.UP)
    x_labels = manim.VGroup(
        *(style.formula(str(t), size=28, colour=style.MUTED)
          .next_to(axes.c2p(t, 0), manim.DOWN, buff=0.15)
          for t in range(0, steps + 1, 16))
    )
    y_labels = manim.VGroup(
        *(style.formula(f"10^{{{e}}}", size=28, colour=style.MUTED)
          .next_to(axes.c2p(0, height(10.0**e)), manim.LEFT, buff=0.15)
          for e in range(-DECADES, DECADES + 1, 2))
    )
    axis_name = style.formula(r"\lVert W^t \rVert_2", size=30)
    axis_name.next_to(axes, manim.UP, buff=0.1)
    step = manim.ValueTracker(0)
    counter = style.counter("t", 32).next_to(grid, manim.DOWN, buff=0.35)

    def current() -> int:
        return min(steps, math.floor(step.get_value()))

    def recolour(cells: manim.VGroup) -> None:
        for cell, value in zip(cells, stack[current()].flat, strict=True):
            cell.set_fill(style.diverging_colour(value), opacity=1)

    def trace() -> manim.VMobject:
        upto = current()
        points = [axes.c2p(t, height(norms[t])) for t in range(upto + 1)]
        curve = manim.VMobject(stroke_color=colour, stroke_width=4)
        return curve.set_points_as_corners(points if len(points) > 1 else points * 2)

    grid.add_updater(recolour)
    counter[1].add_updater(lambda number: number.set_value(current()))
    curve = manim.always_redraw(trace)
    dot = manim.always_redraw(
        lambda: manim.Dot(axes.c2p(current(), height(norms[current()])), color=colour)
    )

    scene.add(title)
    scene.play(manim.FadeIn(grid), manim.FadeIn(bar), manim.FadeIn(counter), run_time=0.6)
    scene.play(manim.Create(axes), manim.FadeIn(x_labels, y_labels, axis_name), run_time=0.6)
    scene.add(curve, dot)
    scene.play(step.animate.set_value(steps), run_time=steps * SECONDS_PER_STEP,
               rate_func=manim.linear)
    grid.clear_updaters()
    counter[1].clear_updaters()
    final = style.formula(
        rf"\lVert W^{{{steps}}} \rVert_2 = {norms[-1]:.3g}", size=34, colour=colour
    ).next_to(counter, manim.DOWN, buff=0.3)
    scene.play(manim.Write(final), run_time=0.6)
    scene.wait(0.8)


class VanishingPowers(style.CompanionScene):
    r"""All eigenvalues inside the unit circle: $W^t$ fades to zero like $\rho^t$."""

    TITLE = "Vanishing powers"

    def construct(self) -> None:
        play_repeated_multiplication(self, "vanishing")


class ExplodingPowers(style.CompanionScene):
    r"""A single eigenvalue outside the unit circle is enough: $W^t$ explodes like $\rho^t$."""

    TITLE = "Exploding powers"

    def construct(self) -> None:
        play_repeated_multiplication(self, "exploding")


class OrthogonalPowers(style.CompanionScene):
    """A random orthogonal $W$: the entries keep moving, the norm stays exactly 1."""

    TITLE = "Orthogonal powers"

    def construct(self) -> None:
        play_repeated_multiplication(self, "orthogonal")


SCENES = (VanishingPowers, ExplodingPowers, OrthogonalPowers)
