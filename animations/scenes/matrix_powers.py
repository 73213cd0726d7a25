"""Merity's three videos, redrawn: W^t as a heat map beside its norm on a log axis.

    manim -ql animations/scenes/matrix_powers.py VanishingPowers
    python -m animations.render VanishingPowers --set matrix="[[0.9, 0.3], [0, 0.8]]"

Each scene takes any square matrix from 2×2 to 8×8 (``matrix``), or the
chapter's example of its kind at another ``size`` and ``seed``; the title, the
eigenvalues shown, the norm axis and the caption follow the matrix.
"""

from __future__ import annotations

import inspect
import math
from typing import Any, ClassVar

import manim
import numpy

from animations import builders, style
from animations.narration import Value, Words, series, words
from animations.parameters import (
    Check,
    Integer,
    Matrix,
    ParameterError,
    Parameters,
    Real,
    Values,
)
from derivations import hidden_state, matrix_powers

GRID_SIDE = 3.1  # the heat map's width, whatever the size
CELL = 0.62  # the largest cell (small matrices)
SECONDS_PER_STEP = 0.12
DEFAULT_SIZE = inspect.signature(matrix_powers.example_matrix).parameters["size"].default


def chosen_matrix(kind: matrix_powers.Kind, values: Values) -> numpy.ndarray:
    """The matrix a render draws: the one given, else the chapter's example of ``kind``."""
    if values["matrix"] is not None:
        return numpy.array(values["matrix"], dtype=float)
    return matrix_powers.example_matrix(kind, values["size"], values["seed"])


def _checker(kind: matrix_powers.Kind) -> Check:
    def check(values: Values) -> None:
        if values["matrix"] is not None and (values["size"] != DEFAULT_SIZE
                                             or values["seed"] != matrix_powers.SEED):
            raise ParameterError("size, seed: they choose the example matrix, so they cannot "
                                 "be set together with matrix; set one or the other")
        broken = matrix_powers.first_overflowing_power(chosen_matrix(kind, values),
                                                       values["steps"])
        if broken is not None:
            raise ParameterError(
                f"steps: expected at most {broken - 1} for this matrix, whose powers "
                f"overflow float64 at step {broken} (or use smaller entries)")
    return check


def parameters_of(kind: matrix_powers.Kind) -> Parameters:
    return Parameters(
        Matrix("matrix", "the matrix W whose powers are drawn", low=2, high=8, bound=10.0,
               derived=f"the chapter's {kind} example of the given size and seed"),
        Integer("size", "size of the example matrix (when no matrix is given)",
                value=DEFAULT_SIZE, low=2, high=8),
        Integer("seed", "seed of the example matrix's random orthogonal basis",
                value=matrix_powers.SEED, low=0, high=2**32 - 1),
        Integer("steps", "number of multiplications shown", value=matrix_powers.STEPS,
                low=1, high=256),
        Real("seconds_per_step", "seconds of video per multiplication", value=SECONDS_PER_STEP,
             low=0.02, high=0.5),
        check=_checker(kind),
    )


class Spectrum:
    """What the eigenvalues of W say about its powers, in the words the screen and captions use."""

    def __init__(self, matrix: numpy.ndarray) -> None:
        size = matrix.shape[0]
        values = hidden_state.eigenvalues(matrix)
        self.size = size
        self.radius = matrix_powers.spectral_radius(matrix)
        self.orthogonal = bool(numpy.allclose(matrix.T @ matrix, numpy.eye(size), atol=1e-9))
        self.outside = int(numpy.sum(numpy.abs(values) > 1 + 1e-9))
        self.values = sorted(values, key=lambda v: (-abs(v), -v.real, -v.imag))

    def pairs(self) -> list[tuple[float, float]]:
        """Eigenvalues as (real, |imaginary|), a conjugate pair once, largest modulus first."""
        shown: list[tuple[float, float]] = []
        for value in self.values:
            if value.imag < -1e-12:
                continue
            shown.append((float(value.real), float(abs(value.imag))))
        return shown

    def tex(self) -> str:
        parts = []
        for real, imaginary in self.pairs():
            if imaginary < 1e-12:
                parts.append(style.tex_number(real))
            else:
                size = style.tex_number(imaginary)
                parts.append(rf"{style.tex_number(real)} \pm {'' if size == '1' else size}i")
        return ", ".join(parts)

    def spoken(self) -> Value:
        parts: list[Value] = []
        for real, imaginary in self.pairs():
            if imaginary < 1e-12:
                parts.append(style.said_number(real))
            elif style.spoken_number(imaginary) == "1":
                parts.append(words("powers.conjugate-unit", "{real} plus or minus i",
                                   real=style.said_number(real)))
            else:
                parts.append(words("powers.conjugate", "{real} plus or minus {imaginary} i",
                                   real=style.said_number(real),
                                   imaginary=style.said_number(imaginary)))
        return series(parts, "commas")

    def colour(self) -> str:
        """Blue for vanishing, red for exploding, green for kept (the notation's colours)."""
        if self.orthogonal:
            return style.PRESERVING
        if self.radius < 1 - 1e-9:
            return style.VANISHING
        return style.EXPLODING if self.outside else style.ACCENT

    def title(self) -> Words:
        """The headline, with ``$…$`` math."""
        if self.orthogonal:
            return words("powers.title-orthogonal",
                         r"Orthogonal $W$: $\lVert W^t \rVert_2$ stays 1")
        if self.radius < 1 - 1e-9:
            return words("powers.title-vanishing", r"All $|\lambda| < 1$: $W^t$ vanishes")
        if self.outside == 1:
            return words("powers.title-one", r"One $|\lambda| > 1$: $W^t$ explodes")
        if self.outside > 1:
            return words("powers.title-several", r"{count} eigenvalues with $|\lambda| > 1$: "
                         r"$W^t$ explodes", count=str(self.outside))
        return words("powers.title-boundary", r"Largest $|\lambda| = 1$, $W$ not orthogonal")

    def said(self) -> Words:
        """The headline in words."""
        if self.orthogonal:
            return words("powers.said-orthogonal",
                         "W is orthogonal, so the spectral norm of every power of W stays 1.")
        if self.radius < 1 - 1e-9:
            return words("powers.said-vanishing", "Every eigenvalue of W has modulus below 1, "
                         "so the powers of W vanish.")
        if self.outside == 1:
            return words("powers.said-one", "One eigenvalue of W has modulus above 1, so the "
                         "powers of W explode.")
        if self.outside > 1:
            return words("powers.said-several", "{count} eigenvalues of W have modulus above 1, "
                         "so the powers of W explode.", count=str(self.outside))
        return words("powers.said-boundary", "The largest eigenvalue modulus of W is 1 but W is "
                     "not orthogonal: its powers neither vanish nor explode geometrically.")

    def sentence(self) -> str:
        """The caption's clause, with ``$…$`` math."""
        rho = style.tex_number(self.radius)
        if self.orthogonal:
            return r"it is orthogonal, so $\lVert W^t \rVert_2 = 1$ at every step"
        if self.radius < 1 - 1e-9:
            return rf"all eigenvalues inside the unit circle, $\rho(W) = {rho}$: $W^t$ fades " \
                   r"to zero like $\rho^t$"
        if self.outside:
            return rf"$\rho(W) = {rho} > 1$: $W^t$ explodes like $\rho^t$"
        return r"$\rho(W) = 1$ without being orthogonal: no geometric growth or decay"


def _heat_map(matrix: numpy.ndarray) -> manim.VGroup:
    """The entries as cells that fill :data:`GRID_SIDE`, at most :data:`CELL` each."""
    size = matrix.shape[0]
    gap = 0.04
    return builders.heat_map(matrix, min(CELL, (GRID_SIDE - gap * (size - 1)) / size), gap)


def _colour_bar() -> manim.VGroup:
    swatches = manim.VGroup(*(
        manim.Rectangle(width=0.3, height=0.12, stroke_width=0)
        .set_fill(style.diverging_colour(value), opacity=1)
        for value in numpy.linspace(1, -1, 21)
    )).arrange(manim.DOWN, buff=0)
    ends = manim.VGroup(
        style.formula(r"\geq +1", size=22).next_to(swatches, manim.RIGHT, buff=0.1)
        .align_to(swatches, manim.UP),
        style.formula(r"\leq -1", size=22).next_to(swatches, manim.RIGHT, buff=0.1)
        .align_to(swatches, manim.DOWN),
    )
    return manim.VGroup(swatches, ends)


def decades(norms: numpy.ndarray) -> tuple[int, int]:
    """The integer decades of the log axis: every non-zero norm, and 10⁰ = ‖W⁰‖, inside."""
    logs = numpy.log10(norms[norms > 0])
    return min(-1, math.floor(logs.min())), max(1, math.ceil(logs.max()))


def play_repeated_multiplication(scene: style.CompanionScene, kind: matrix_powers.Kind) -> None:
    """The shared beat sequence: title, eigenvalues, heat map and axes, then the multiplications."""
    values = scene.values
    matrix = chosen_matrix(kind, values)
    steps = values["steps"]
    stack = matrix_powers.powers(matrix, steps)
    norms = matrix_powers.spectral_norms(stack)
    spectrum = Spectrum(matrix)
    colour = spectrum.colour()
    low, high = decades(norms)
    y_step = builders.tick_step(high - low)
    low = math.floor(low / y_step) * y_step
    high = math.ceil(high / y_step) * y_step

    def height(norm: float) -> float:
        """Decades above the axis's bottom (so the t axis runs along the bottom)."""
        return math.log10(max(norm, 10.0**low)) - low

    title = style.label(spectrum.title(), 34, colour).to_edge(manim.UP, buff=0.3)
    eigen = style.formula(rf"\rho(W) = {style.tex_number(spectrum.radius)},\quad "
                          rf"\lambda = {spectrum.tex()}", size=26)
    eigen.next_to(title, manim.DOWN, buff=0.18)
    if eigen.width > 13.2:
        eigen.scale_to_fit_width(13.2)
    grid = _heat_map(stack[0]).to_edge(manim.LEFT, buff=0.7).shift(0.35 * manim.UP)
    bar = _colour_bar().next_to(grid, manim.RIGHT, buff=0.25)
    x_step = max(1, steps // 4)
    axes = manim.Axes(
        x_range=[0, steps, x_step], y_range=[0, high - low, y_step], x_length=5.6, y_length=4.1,
        axis_config={"color": style.MUTED, "include_numbers": False}, tips=False,
    ).to_edge(manim.RIGHT, buff=0.5).shift(0.05 * manim.DOWN)
    x_labels = manim.VGroup(*(
        style.formula(str(t), size=28, colour=style.MUTED)
        .next_to(axes.c2p(t, 0), manim.DOWN, buff=0.15)
        for t in range(0, steps + 1, x_step)))
    y_labels = manim.VGroup(*(
        style.formula(f"10^{{{e}}}", size=28, colour=style.MUTED)
        .next_to(axes.c2p(0, e - low), manim.LEFT, buff=0.15)
        for e in range(low, high + 1, y_step)))
    axis_name = style.formula(r"\lVert W^t \rVert_2", size=30)
    axis_name.next_to(axes, manim.UP, buff=0.1)
    step = manim.ValueTracker(0)
    counter = style.counter("t", 32).next_to(grid, manim.DOWN, buff=0.35)

    def current() -> int:
        return min(steps, math.floor(step.get_value()))

    def recolour(cells: manim.VGroup) -> None:
        for cell, value in zip(cells, stack[current()].flat, strict=True):
            cell.set_fill(style.diverging_colour(value), opacity=1)

    on_axes = [axes.c2p(t, height(norms[t])) for t in range(steps + 1)]  # once, not per frame

    def trace() -> manim.VMobject:
        points = on_axes[:current() + 1]
        curve = manim.VMobject(stroke_color=colour, stroke_width=4)
        return curve.set_points_as_corners(points if len(points) > 1 else points * 2)

    grid.add_updater(builders.when_changed(current, recolour))
    builders.showing(counter[1], current)
    curve = builders.redrawn_on_change(trace, current)
    dot = builders.redrawn_on_change(lambda: manim.Dot(on_axes[current()], color=colour), current)
    size = matrix.shape[0]
    final_norm = style.tex_number(norms[-1]) if norms[-1] > 0 else "0"
    spoken_norm = style.said_number(norms[-1]) if norms[-1] > 0 else "0"

    scene.narrate(words("powers.spectrum", "{headline} The {size} by {size} matrix W has the "
                        "eigenvalues {eigenvalues}; its spectral radius rho is {rho}.",
                        headline=spectrum.said(), size=str(size),
                        eigenvalues=spectrum.spoken(), rho=style.said_number(spectrum.radius)))
    scene.add(title, eigen)
    scene.narrate(words("powers.panels", "Left: the entries of W to the power t, orange "
                        "positive, violet negative, from t = 0. Right: its spectral norm, on a "
                        "log axis."))
    scene.play(manim.FadeIn(grid), manim.FadeIn(bar), manim.FadeIn(counter), run_time=0.6)
    scene.play(manim.Create(axes), manim.FadeIn(x_labels, y_labels, axis_name), run_time=0.6)
    scene.add(curve, dot)
    scene.narrate(words("powers.multiplied", "W is multiplied in again and again; the heat "
                        "map, the counter t and the norm curve follow each step."))
    scene.play(step.animate.set_value(steps), run_time=steps * values["seconds_per_step"],
               rate_func=manim.linear)
    grid.clear_updaters()
    counter[1].clear_updaters()
    final = style.formula(rf"\lVert W^{{{steps}}} \rVert_2 = {final_norm}", size=34,
                          colour=colour).next_to(counter, manim.DOWN, buff=0.3)
    # Under the counter, but whole: a tiny or huge norm (10^{-211}) makes the readout wider than
    # the heat map's column, so it is kept between the frame's left edge and the axis labels.
    style.keep_between(final, right=y_labels.get_left()[0] - 0.25)
    if final.get_bottom()[1] < style.SAFE_BOTTOM:
        style.above_controls(final)
    scene.narrate(words("powers.final", "At t = {steps}, the spectral norm of W to the power "
                        "{steps} is {norm}.", steps=str(steps), norm=spoken_norm))
    scene.play(manim.Write(final), run_time=0.6)
    scene.wait(0.8)


class _Powers(style.CompanionScene):
    KIND: matrix_powers.Kind = "vanishing"
    ILLUSTRATES = "spectral-trichotomy"

    @classmethod
    def caption_for(cls, values: Values) -> str:
        if values == cls.PARAMETERS.defaults():
            return super().caption_for(values)
        matrix = chosen_matrix(cls.KIND, values)
        size = matrix.shape[0]
        which = (f"Your ${size} \\times {size}$ matrix $W$" if values["matrix"] is not None
                 else f"The {cls.KIND} example $W$, ${size} \\times {size}$ with seed "
                      f"{values['seed']},")
        return f"{which} over {values['steps']} steps: {Spectrum(matrix).sentence()}."

    def construct(self) -> None:
        play_repeated_multiplication(self, self.KIND)


class VanishingPowers(_Powers):
    r"""All eigenvalues inside the unit circle: $W^t$ fades to zero like $\rho^t$."""

    TITLE = "Vanishing powers"
    KIND = "vanishing"
    PARAMETERS = parameters_of("vanishing")
    # A tiny spectrum over many steps (its readout, 4.23 × 10^-211, once ran off the left edge)
    # and a huge one: the readouts whose length follows the matrix.
    EDGE_CASES: ClassVar[tuple[dict[str, Any], ...]] = (
        {"matrix": [[0.15, 0.02], [0.01, -0.12]], "steps": 256},
        {"matrix": [[10, 10], [-10, 10]], "steps": 200},
    )


class ExplodingPowers(_Powers):
    r"""A single eigenvalue outside the unit circle is enough: $W^t$ explodes like $\rho^t$."""

    TITLE = "Exploding powers"
    KIND = "exploding"
    PARAMETERS = parameters_of("exploding")


class OrthogonalPowers(_Powers):
    """A random orthogonal $W$: the entries keep moving, the norm stays exactly 1."""

    TITLE = "Orthogonal powers"
    KIND = "orthogonal"
    PARAMETERS = parameters_of("orthogonal")


SCENES = (VanishingPowers, ExplodingPowers, OrthogonalPowers)
