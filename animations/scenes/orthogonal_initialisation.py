"""Chapter 2 in motion: the norm of h_t under orthogonal and Gaussian W, and their eigenvalues.

    manim -ql animations/scenes/orthogonal_initialisation.py HiddenStateNormOrthogonalVsGaussian
    manim -ql animations/scenes/orthogonal_initialisation.py RotationOrbitAndEigenvalues
    python -m animations.render RotationOrbitAndEigenvalues --set angle=45 --set size=16
"""

from __future__ import annotations

import math

import manim
import numpy

from animations import builders, style
from animations.narration import Words, words
from animations.parameters import Integer, ParameterError, Parameters, Real, Values
from derivations import hidden_state
from derivations.engine import get

KIND_COLOUR = {"orthogonal": style.PRESERVING, "gaussian": style.EXPLODING}
KIND_NAME = {"orthogonal": words("orthogonal.kind-orthogonal", "orthogonal $W$"),
             "gaussian": words("orthogonal.kind-gaussian",
                               r"Gaussian $W$, entries $\mathcal{{N}}(0, 1/d)$")}
KIND_LABEL = {"orthogonal": words("orthogonal.curve-orthogonal", "orthogonal"),
              "gaussian": words("orthogonal.curve-gaussian", "Gaussian")}  # at each curve's end


def norm_panel(steps: int, norms: dict[str, numpy.ndarray], decades: tuple[int, int]) -> tuple:
    """Axes with the norm of h_t on a log axis, one curve per kind (not yet drawn) and, at each
    curve's end, its name in its colour (with the curve, not the legend, a reader's eye is)."""
    tick = builders.tick_step(decades[1] - decades[0])
    low, high = math.floor(decades[0] / tick) * tick, math.ceil(decades[1] / tick) * tick
    axes = manim.Axes(
        x_range=[0, steps, steps // 4],
        y_range=[low, high, tick],
        x_length=4.5,  # room right of each panel for its curves' names
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
    names = style.end_labels(
        [(curve.get_end(), style.label(KIND_LABEL[kind], 24, KIND_COLOUR[kind]), KIND_COLOUR[kind])
         for kind, curve in curves.items()],
        top=axes.get_top()[1], bottom=axes.get_bottom()[1])
    return manim.VGroup(axes, x_labels, y_labels, title), curves, manim.VGroup(*names)


def _norms(values: Values) -> tuple[dict[str, numpy.ndarray], dict[str, numpy.ndarray]]:
    """Both matrices and their hidden-state norms over the long horizon."""
    matrices = hidden_state.weight_matrices(values["size"], values["seed"])
    with numpy.errstate(over="ignore", invalid="ignore"):
        norms = {kind: hidden_state.hidden_state_norms(matrix, values["long"], values["seed"])
                 for kind, matrix in matrices.items()}
    return matrices, norms


def _check_norms(values: Values) -> None:
    if values["short"] >= values["long"]:
        raise ParameterError(f"short: expected fewer steps than long ({values['long']}), "
                             f"got {values['short']}")
    norms = _norms(values)[1]["gaussian"]
    broken = numpy.flatnonzero(~numpy.isfinite(norms) | (norms == 0))
    if broken.size:
        raise ParameterError(f"long: expected at most {int(broken[0]) - 1} for this size and "
                             f"seed, whose Gaussian norm leaves float64 at step {int(broken[0])}")


def _trend(radius: float) -> Words:
    if radius > 1:
        return words("orthogonal.trend-grows", "grows")
    if radius < 1:
        return words("orthogonal.trend-shrinks", "shrinks")
    return words("orthogonal.trend-level", "stays level")


def decade_range(values: list[numpy.ndarray]) -> tuple[int, int]:
    """The integer decades that cover every value, with 0 (‖h‖ = 1) included."""
    logs = numpy.log10(numpy.concatenate(values))
    return min(0, math.floor(logs.min())), max(1, math.ceil(logs.max()))


class HiddenStateNormOrthogonalVsGaussian(style.CompanionScene):
    r"""$\lVert h_t \rVert = \lVert W^t h_0 \rVert$: flat at 1 for orthogonal $W$; wandering,
    then exponential, for Gaussian $W$."""

    TITLE = "Hidden-state norm: orthogonal against Gaussian"
    ILLUSTRATES = "orthogonal-powers"
    PARAMETERS = Parameters(
        Integer("size", "size d of the hidden state and of both matrices",
                value=hidden_state.SIZE, low=2, high=512),
        Integer("seed", "seed of both matrices and of the start h_0",
                value=hidden_state.SEED, low=0, high=2**32 - 1),
        Integer("short", "steps in the left panel", value=hidden_state.SHORT, low=8, high=1000),
        Integer("long", "steps in the right panel", value=hidden_state.LONG, low=16, high=5000),
        check=_check_norms,
    )

    def construct(self) -> None:
        values = self.values
        short, long = values["short"], values["long"]
        matrices, long_norms = _norms(values)
        short_norms = {k: v[: short + 1] for k, v in long_norms.items()}
        short_frame, short_curves, short_names = norm_panel(
            short, short_norms, decade_range(list(short_norms.values())))
        long_frame, long_curves, long_names = norm_panel(
            long, long_norms, decade_range(list(long_norms.values())))
        short_all = manim.VGroup(short_frame, *short_curves.values(), short_names)
        short_all.to_edge(manim.LEFT, buff=0.5)
        long_all = manim.VGroup(long_frame, *long_curves.values(), long_names)
        long_all.to_edge(manim.RIGHT, buff=0.3)
        for group in (short_all, long_all):
            group.shift(0.25 * manim.UP)
        legend = manim.VGroup(
            *(style.label(KIND_NAME[k], 28, KIND_COLOUR[k]) for k in ("orthogonal", "gaussian"))
        ).arrange(manim.RIGHT, buff=0.8).to_edge(manim.UP, buff=0.3)
        size = matrices["orthogonal"].shape[0]
        subtitle = style.label(words("orthogonal.setting", "$d = {size}$, same $h_0$, "
                                     "$h_t = W h_{{t-1}}$", size=str(size)), 24, style.MUTED)
        subtitle.next_to(legend, manim.DOWN, buff=0.12)
        radius = hidden_state.spectral_radius(matrices["gaussian"])
        shown_radius = f"{radius:.3f}"
        last = long_norms["gaussian"][-1]
        final = style.formula(
            rf"\rho(W_{{\mathrm{{gauss}}}}) = {shown_radius},\quad "
            rf"\lVert h_{{{long}}} \rVert = {style.tex_number(last, 2)}",
            size=30, colour=style.EXPLODING,
        )
        style.above_controls(final, buff=0.2)

        self.narrate(words("orthogonal.network", "The linear network h(t) = W h(t-1), of size "
                           "d = {size}, from one unit vector: once with an orthogonal W, once "
                           "with a Gaussian W whose entries have variance 1 over {size}.",
                           size=str(size)))
        self.play(manim.FadeIn(legend, subtitle), manim.FadeIn(short_frame), run_time=0.8)
        self.narrate(words("orthogonal.short", "Left, the first {short} steps on a log axis: "
                           "the orthogonal norm stays exactly 1, the Gaussian one wanders.",
                           short=str(short)))
        self.play(*(manim.Create(c) for c in short_curves.values()), run_time=3,
                  rate_func=manim.linear)
        self.play(manim.FadeIn(short_names), run_time=0.4)
        self.narrate(words("orthogonal.long", "Right, {long} steps: the Gaussian norm {trend} "
                           "like its spectral radius to the power t; the orthogonal norm is "
                           "still 1.", long=str(long), trend=_trend(radius)))
        self.play(manim.FadeIn(long_frame), run_time=0.6)
        self.play(*(manim.Create(c) for c in long_curves.values()), run_time=4,
                  rate_func=manim.linear)
        self.play(manim.FadeIn(long_names), run_time=0.4)
        self.narrate(words("orthogonal.final", "The Gaussian W has spectral radius rho = "
                           "{rho}; after {long} steps, the norm of h is {norm}.",
                           rho=shown_radius, long=str(long), norm=style.said_number(last, 2)))
        self.play(manim.Write(final), run_time=0.8)
        self.wait(1)


def _chapter_angle() -> float:
    """The chapter's rotation angle, read from its matrix in ``rotations-in-the-plane``."""
    rotation = numpy.array(get("rotations-in-the-plane").value("R_60"), dtype=float)
    return math.atan2(rotation[1, 0], rotation[0, 0])


def complex_plane(radius: float, caption: str | Words, colour: str) -> manim.VGroup:
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
    ILLUSTRATES = "rotations-in-the-plane"
    PARAMETERS = Parameters(
        Real("angle", "the rotation angle theta in degrees",
             value=round(math.degrees(_chapter_angle()), 9), low=5.0, high=180.0),
        Integer("steps", "rotations shown; 0 means one full turn", value=0, low=0, high=72),
        Real("seconds_per_step", "seconds of video per rotation", value=0.45, low=0.1, high=2.0),
        Integer("size", "size d of the two matrices whose eigenvalues are drawn",
                value=hidden_state.SIZE, low=2, high=256),
        Integer("seed", "seed of the two matrices", value=hidden_state.SEED, low=0,
                high=2**32 - 1),
    )

    def construct(self) -> None:
        values = self.values
        angle = math.radians(values["angle"])
        steps = values["steps"] or max(1, round(2 * math.pi / angle))
        orbit = hidden_state.rotation_orbit(angle, steps)
        degrees = f"{values['angle']:g}"

        left = complex_plane(1.35, rf"$R_\theta^t e_1$, $\theta = {degrees}^\circ$",
                             style.PRESERVING)
        left.to_edge(manim.LEFT, buff=0.6)
        plane = left[0]
        arrow = manim.Arrow(plane.c2p(0, 0), plane.c2p(*orbit[0]), buff=0,
                            color=style.PRESERVING, stroke_width=5)
        counter = style.formula("t = 0", size=30).next_to(left, manim.UP, buff=0.2)
        turned = steps * values["angle"]
        self.narrate(words("rotation.start", "Left: the rotation by theta = {degrees} degrees, "
                           "applied again and again to the first unit vector e1, at t = 0.",
                           degrees=degrees))
        self.play(manim.FadeIn(left), manim.GrowArrow(arrow), manim.FadeIn(counter), run_time=0.8)
        self.narrate(words("rotation.step", "Each step turns the arrow by {degrees} degrees and "
                           "keeps its length 1.", degrees=degrees))
        trail = manim.VGroup()
        for t in range(1, steps + 1):
            target = manim.Arrow(plane.c2p(0, 0), plane.c2p(*orbit[t]), buff=0,
                                 color=style.PRESERVING, stroke_width=5)
            dot = manim.Dot(plane.c2p(*orbit[t - 1]), radius=0.05, color=style.ACCENT)
            trail.add(dot)
            new_counter = style.formula(f"t = {t}", size=30).move_to(counter)
            self.play(manim.Transform(arrow, target, path_arc=angle),
                      manim.FadeIn(dot), manim.ReplacementTransform(counter, new_counter),
                      run_time=values["seconds_per_step"])
            counter = new_counter
        # Said when the counter shows it: with many slow steps, that is minutes later.
        self.narrate(words("rotation.turned", "After {steps} steps, the arrow has turned "
                           "{turned} degrees.", steps=str(steps), turned=f"{turned:g}"))

        matrices = hidden_state.weight_matrices(values["size"], values["seed"])
        size = matrices["orthogonal"].shape[0]
        middle = complex_plane(1.1, KIND_NAME["orthogonal"], style.PRESERVING)
        right = complex_plane(1.1, words("rotation.gaussian", "Gaussian $W$"), style.EXPLODING)
        manim.VGroup(middle, right).arrange(manim.RIGHT, buff=0.5).to_edge(manim.RIGHT, buff=0.4)
        heading = style.label(words("rotation.heading", "Eigenvalues of $W$, $d = {size}$",
                                    size=str(size)), 28)
        heading.next_to(manim.VGroup(middle, right), manim.UP, buff=0.25)
        dots = {
            "orthogonal": eigenvalue_dots(middle[0], hidden_state.eigenvalues(
                matrices["orthogonal"]), style.PRESERVING),
            "gaussian": eigenvalue_dots(right[0], hidden_state.eigenvalues(
                matrices["gaussian"]), style.EXPLODING),
        }
        radius = hidden_state.spectral_radius(matrices["gaussian"])
        self.narrate(words("rotation.planes", "Middle and right: the eigenvalues of two "
                           "matrices of size d = {size} in the complex plane, with the unit "
                           "circle.", size=str(size)))
        self.play(manim.FadeIn(middle), manim.FadeIn(right), manim.FadeIn(heading), run_time=0.6)
        self.narrate(words("rotation.eigenvalues", "All {size} eigenvalues of the orthogonal W "
                           "lie on the unit circle; those of the Gaussian W, entries of variance "
                           "1 over {size}, fill a disc, the largest of modulus {modulus}.",
                           size=str(size), modulus=style.said_number(radius)))
        self.play(manim.LaggedStart(*(manim.FadeIn(d) for d in dots["orthogonal"]), lag_ratio=0.02),
                  manim.LaggedStart(*(manim.FadeIn(d) for d in dots["gaussian"]), lag_ratio=0.02),
                  run_time=2)
        self.wait(1.2)


SCENES = (RotationOrbitAndEigenvalues, HiddenStateNormOrthogonalVsGaussian)
