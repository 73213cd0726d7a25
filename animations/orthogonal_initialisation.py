"""Chapter 2 in motion: the norm of h_t under orthogonal and Gaussian W, and their eigenvalues.

    manim -ql animations/orthogonal_initialisation.py HiddenStateNormOrthogonalVsGaussian
    manim -ql animations/orthogonal_initialisation.py RotationOrbitAndEigenvalues
"""

from __future__ import annotations

import math

import manim
import numpy

from animations import style
from derivations import hidden_state
from derivations.engine import get

CHAPTER = 2
KIND_COLOUR = {"orthogonal": style.PRESERVING, "gaussian": style.EXPLODING}
KIND_NAME = {"orthogonal": "orthogonal $W$",
             "gaussian": r"Gaussian $W$, entries $\mathcal{N}(0, 1/d)$"}


def norm_panel(steps: int, norms: dict[str, numpy.ndarray], decades: tuple[int, int]) -> tuple:
    """Axes with the norm of h_t on a log axis and one curve per kind (not yet drawn)."""
    low, high = decades
    tick = max(1, (high - low) // 4)
    axes = manim.Axes(
        x_range=[0, steps, steps // 4],
        y_range=[low, high, tick],
        x_length=5.4,
        y_length=3.6,
        axis_config={"color": style.MUTED, "include_numbers": False},
        tips=False,
    )
    x_labels = manim.VGroup(
        *(style.formula(str(t), size=28, colour=style.MUTED)
          .next_to(axes.c2p(t, low), manim.DOWN, buff=0.12)
          for t in range(0, steps + 1, steps // 4))
    )
    y_labels = manim.VGroup(
        *(style.formula(f"10^{{{e}}}", size=28, colour=style.MUTED)
          .next_to(axes.c2p(0, e), manim.LEFT, buff=0.12)
          for e in range(low, high + 1, tick))
    )
    curves = {}
    for kind, values in norms.items():
        stride = max(1, steps // 250)  # ≤ 250 corners keeps the render fast
        ts = list(range(0, steps + 1, stride))
        points = [axes.c2p(t, math.log10(values[t])) for t in ts]
        curves[kind] = manim.VMobject(stroke_color=KIND_COLOUR[kind], stroke_width=4)
        curves[kind].set_points_as_corners(points)
    title = style.formula(rf"\lVert h_t \rVert,\ t \le {steps}", size=30)
    title.next_to(axes, manim.UP, buff=0.15)
    return manim.VGroup(axes, x_labels, y_labels, title), curves


def latex_scientific(value: float) -> str:
    """``3.7 \\times 10^{30}`` for 3.7e30 (two significant digits)."""
    exponent = math.floor(math.log10(abs(value)))
    return rf"{value / 10**exponent:.1f} \times 10^{{{exponent}}}"


def decade_range(values: list[numpy.ndarray]) -> tuple[int, int]:
    """The integer decades that cover every value, with 0 (‖h‖ = 1) included."""
    logs = numpy.log10(numpy.concatenate(values))
    return min(0, math.floor(logs.min())), max(1, math.ceil(logs.max()))


class HiddenStateNormOrthogonalVsGaussian(style.CompanionScene):
    r"""$\lVert h_t \rVert = \lVert W^t h_0 \rVert$: flat at 1 for orthogonal $W$; wandering,
    then exponential, for Gaussian $W$."""

    TITLE = "Hidden-state norm: orthogonal against Gaussian"

    def construct(self) -> None:
        matrices = hidden_state.weight_matrices()
        long_norms = {k: hidden_state.hidden_state_norms(w, hidden_state.LONG)
                      for k, w in matrices.items()}
        short_norms = {k: v[: hidden_state.SHORT + 1] for k, v in long_norms.items()}
        short_frame, short_curves = norm_panel(hidden_state.SHORT, short_norms,
                                               decade_range(list(short_norms.values())))
        long_frame, long_curves = norm_panel(hidden_state.LONG, long_norms,
                                             decade_range(list(long_norms.values())))
        short_all = manim.VGroup(short_frame, *short_curves.values()).to_edge(manim.LEFT, buff=0.7)
        long_all = manim.VGroup(long_frame, *long_curves.values()).to_edge(manim.RIGHT, buff=0.5)
        for group in (short_all, long_all):
            group.shift(0.25 * manim.UP)
        legend = manim.VGroup(
            *(style.label(KIND_NAME[k], 28, KIND_COLOUR[k]) for k in ("orthogonal", "gaussian"))
        ).arrange(manim.RIGHT, buff=0.8).to_edge(manim.UP, buff=0.3)
        size = matrices["orthogonal"].shape[0]
        subtitle = style.label(f"$d = {size}$, same $h_0$, $h_t = W h_{{t-1}}$", 24, style.MUTED)
        subtitle.next_to(legend, manim.DOWN, buff=0.12)

        self.play(manim.FadeIn(legend, subtitle), manim.FadeIn(short_frame), run_time=0.8)
        self.play(*(manim.Create(c) for c in short_curves.values()), run_time=3,
                  rate_func=manim.linear)
        self.play(manim.FadeIn(long_frame), run_time=0.6)
        self.play(*(manim.Create(c) for c in long_curves.values()), run_time=4,
                  rate_func=manim.linear)
        radius = hidden_state.spectral_radius(matrices["gaussian"])
        final = style.formula(
            rf"\rho(W_{{\mathrm{{gauss}}}}) = {radius:.3f},\quad "
            rf"\lVert h_{{{hidden_state.LONG}}} \rVert = "
            + latex_scientific(long_norms["gaussian"][-1]),
            size=30, colour=style.EXPLODING,
        )
        style.above_controls(final, buff=0.2)
        self.play(manim.Write(final), run_time=0.8)
        self.wait(1)


def complex_plane(radius: float, caption: str, colour: str) -> manim.VGroup:
    """A small complex plane with the unit circle and a caption underneath."""
    plane = manim.NumberPlane(
        x_range=[-1.5, 1.5, 0.5], y_range=[-1.5, 1.5, 0.5],
        x_length=2 * radius * 1.5, y_length=2 * radius * 1.5,
        background_line_style={"stroke_color": style.GRID, "stroke_width": 1},
        axis_config={"stroke_color": style.MUTED},
    )
    circle = manim.Circle(radius=plane.c2p(1, 0)[0] - plane.c2p(0, 0)[0],
                          color=style.MUTED, stroke_width=2).move_to(plane.c2p(0, 0))
    label = style.label(caption, 28, colour).next_to(plane, manim.DOWN, buff=0.15)
    return manim.VGroup(plane, circle, label)


def eigenvalue_dots(plane: manim.NumberPlane, values: numpy.ndarray, colour: str) -> manim.VGroup:
    return manim.VGroup(*(manim.Dot(plane.c2p(v.real, v.imag), radius=0.045, color=colour)
                          for v in values))


class RotationOrbitAndEigenvalues(style.CompanionScene):
    r"""$R_\theta^t e_1$ walks round the circle; orthogonal eigenvalues sit on it, Gaussian ones
    fill a disc."""

    TITLE = "Rotation orbit and eigenvalues"

    def construct(self) -> None:
        rotation = numpy.array(get("rotations-in-the-plane").value("R_60"),
                               dtype=float)
        angle = math.atan2(rotation[1, 0], rotation[0, 0])
        steps = round(2 * math.pi / angle)
        orbit = hidden_state.rotation_orbit(angle, steps)

        left = complex_plane(1.35, rf"$R_\theta^t e_1$, $\theta = {math.degrees(angle):.0f}^\circ$",
                             style.PRESERVING)
        left.to_edge(manim.LEFT, buff=0.6)
        plane = left[0]
        arrow = manim.Arrow(plane.c2p(0, 0), plane.c2p(*orbit[0]), buff=0,
                            color=style.PRESERVING, stroke_width=5)
        counter = style.formula("t = 0", size=30).next_to(left, manim.UP, buff=0.2)
        self.play(manim.FadeIn(left), manim.GrowArrow(arrow), manim.FadeIn(counter), run_time=0.8)
        trail = manim.VGroup()
        for t in range(1, steps + 1):
            target = manim.Arrow(plane.c2p(0, 0), plane.c2p(*orbit[t]), buff=0,
                                 color=style.PRESERVING, stroke_width=5)
            dot = manim.Dot(plane.c2p(*orbit[t - 1]), radius=0.05, color=style.ACCENT)
            trail.add(dot)
            new_counter = style.formula(f"t = {t}", size=30).move_to(counter)
            self.play(manim.Transform(arrow, target, path_arc=angle),
                      manim.FadeIn(dot), manim.Transform(counter, new_counter), run_time=0.45)

        matrices = hidden_state.weight_matrices()
        size = matrices["orthogonal"].shape[0]
        middle = complex_plane(1.1, "orthogonal $W$", style.PRESERVING)
        right = complex_plane(1.1, "Gaussian $W$", style.EXPLODING)
        manim.VGroup(middle, right).arrange(manim.RIGHT, buff=0.5).to_edge(manim.RIGHT, buff=0.4)
        heading = style.label(f"Eigenvalues of $W$, $d = {size}$", 28)
        heading.next_to(manim.VGroup(middle, right), manim.UP, buff=0.25)
        dots = {
            "orthogonal": eigenvalue_dots(middle[0], hidden_state.eigenvalues(
                matrices["orthogonal"]), style.PRESERVING),
            "gaussian": eigenvalue_dots(right[0], hidden_state.eigenvalues(
                matrices["gaussian"]), style.EXPLODING),
        }
        self.play(manim.FadeIn(middle), manim.FadeIn(right), manim.FadeIn(heading), run_time=0.6)
        self.play(manim.LaggedStart(*(manim.FadeIn(d) for d in dots["orthogonal"]), lag_ratio=0.02),
                  manim.LaggedStart(*(manim.FadeIn(d) for d in dots["gaussian"]), lag_ratio=0.02),
                  run_time=2)
        self.wait(1.2)


SCENES = (RotationOrbitAndEigenvalues, HiddenStateNormOrthogonalVsGaussian)
