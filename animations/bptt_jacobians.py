"""Chapter 3: how the Jacobian of h_t with respect to h_k behaves as it travels l steps back.

    manim -ql animations/bptt_jacobians.py JacobianNormsOnLogAxis
    manim -ql animations/bptt_jacobians.py EigenComponentsUnderPowers
    manim -ql animations/bptt_jacobians.py JacobianFactorChain

Every number comes from :mod:`derivations.bptt` (measured curves, factors) or from
the ``linear-jacobian-powers`` derivation (the matrix and its left eigenvectors).
"""

from __future__ import annotations

import math

import manim
import numpy

from animations import style
from derivations import bptt
from derivations.engine import get

CHAPTER = 3
LOG_LIMIT = 330  # the plot spans 10^−330 … 10^330: float64 lives in 10^−324 … 10^308
CURVES = (  # (case index in bptt.CASES, colour)
    (0, style.VANISHING),
    (1, style.drawable("#7FB7D9")),
    (6, style.PRESERVING),
    (4, style.EXPLODING),
)
CELL = 0.42
KIND_WORDS = {"gaussian": "Gaussian", "orthogonal": "orthogonal", "identity": "identity"}
ACTIVATION_TEX = {"tanh": r"$\sigma = \tanh$", "sigmoid": r"logistic $\sigma$",
                  "linear": r"$\sigma(z) = z$"}


def case_words(case: bptt.Case) -> str:
    r"""A measured curve's legend, e.g. "Gaussian $W$ scaled by $0.4$, $\sigma = \tanh$"."""
    scale = "" if case.scale == 1.0 else f" scaled by ${case.scale:g}$"
    return f"{KIND_WORDS[case.kind]} $W${scale}, {ACTIVATION_TEX[case.activation]}"


def _log_points(axes: manim.Axes, norms: numpy.ndarray) -> list[numpy.ndarray]:
    """Plot points up to the first 0 or inf, where float64 stops (log10 of 0 is −∞)."""
    points = []
    for lag, value in enumerate(norms):
        if not numpy.isfinite(value) or value == 0:
            break
        points.append(axes.c2p(lag, math.log10(value)))
    return points


def _polyline(points: list[numpy.ndarray], colour: str, width: float = 4) -> manim.VMobject:
    return manim.VMobject(stroke_color=colour, stroke_width=width).set_points_as_corners(points)


def _heat_map(matrix: numpy.ndarray, limit: float = 1.0) -> manim.VGroup:
    cells = manim.VGroup(*(
        manim.Square(CELL, stroke_width=1, stroke_color=style.GRID)
        .set_fill(style.diverging_colour(value, limit), opacity=1)
        for value in matrix.flat
    ))
    return cells.arrange_in_grid(*matrix.shape, buff=0.03)


class JacobianNormsOnLogAxis(style.CompanionScene):
    r"""$\lVert \partial h_t / \partial h_k \rVert_2$ over $l = t - k \leq 1000$ on a log axis:
    under the $\eta^l$ bound, flat, exploding."""

    TITLE = "Jacobian norms on a log axis"

    def construct(self) -> None:
        axes = manim.Axes(
            x_range=[0, bptt.HORIZON, 200], y_range=[-LOG_LIMIT, LOG_LIMIT, 100],
            x_length=7.0, y_length=5.1, tips=False,
            axis_config={"color": style.MUTED, "include_numbers": False},
        ).to_edge(manim.LEFT, buff=1.35).shift(0.4 * manim.UP)
        x_labels = manim.VGroup(*(
            style.formula(str(lag), size=28, colour=style.MUTED)
            .next_to(axes.c2p(lag, -LOG_LIMIT), manim.DOWN)
            for lag in range(0, bptt.HORIZON + 1, 200)))
        x_name = style.formula("l", size=28, colour=style.MUTED)
        x_name.next_to(axes.c2p(bptt.HORIZON, -LOG_LIMIT), manim.RIGHT, buff=0.2)
        y_labels = manim.VGroup(*(
            style.formula(f"10^{{{e}}}", size=28, colour=style.MUTED)
            .next_to(axes.c2p(0, e), manim.LEFT, buff=0.12) for e in range(-300, 301, 100)))
        title = style.label(r"$\lVert \partial h_t / \partial h_k \rVert_2$ as the gradient "
                            r"travels $l = t - k$ steps back", 32)
        title.to_edge(manim.UP, buff=0.3)
        floor = manim.DashedLine(axes.c2p(0, -308), axes.c2p(bptt.HORIZON, -308),
                                 color=style.MUTED, stroke_width=1.5)
        ceiling = manim.DashedLine(axes.c2p(0, 308), axes.c2p(bptt.HORIZON, 308),
                                   color=style.MUTED, stroke_width=1.5)
        limits = manim.VGroup(
            style.label("float64 overflows above", 22, style.MUTED)
            .next_to(ceiling, manim.UP, buff=0.06).align_to(ceiling, manim.RIGHT),
            style.label("float64 underflows below", 22, style.MUTED)
            .next_to(floor, manim.UP, buff=0.06).align_to(floor, manim.RIGHT))
        self.add(title)
        self.play(manim.Create(axes), manim.FadeIn(x_labels, x_name, y_labels), run_time=0.8)
        self.play(manim.FadeIn(floor, ceiling, limits), run_time=0.4)
        # The legend sits right of the plot: each curve's words, its bound, where float64 stops.
        legend = manim.VGroup()
        for index, colour in CURVES:
            case = bptt.CASES[index]
            norms = case.norms()
            curve = _polyline(_log_points(axes, norms), colour)
            lines = [case_words(case)]
            beats = [manim.Create(curve)]
            if case.eta() < 1:
                eta = case.eta()
                reach = min(bptt.HORIZON, LOG_LIMIT / -math.log10(eta))  # stay inside the plot
                bound = manim.DashedLine(
                    axes.c2p(0, 0), axes.c2p(reach, reach * math.log10(eta)),
                    color=colour, stroke_width=2)
                lines.append(f"dashed: $\\eta^l$, $\\eta = {eta:.2f}$")
                beats.insert(0, manim.Create(bound))
            breakdown = next((lag for lag, v in enumerate(norms)
                              if not numpy.isfinite(v) or v == 0), None)
            if breakdown is not None:
                lines.append(f"float64 {'overflows' if norms[breakdown] else 'underflows'} "
                             f"at $l = {breakdown}$")
                beats.append(manim.Create(
                    manim.Cross(scale_factor=0.12, stroke_color=colour).move_to(curve.get_end())))
            entry = manim.VGroup(*(style.label(line, 24, colour) for line in lines))
            entry.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.06)
            legend.add(entry)
            legend.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.22)
            legend.next_to(axes, manim.RIGHT, buff=0.45).align_to(axes, manim.UP)
            self.play(*beats, manim.FadeIn(entry), run_time=1.6, rate_func=manim.linear)
        self.wait(1.0)


GRADIENT = r"\frac{\partial \mathcal{L}_t}{\partial h_t}"  # the row vector W^l acts on


class EigenComponentsUnderPowers(style.CompanionScene):
    r"""Linear $\sigma$: the gradient row $\partial \mathcal{L}_t / \partial h_t$ times $W^l$
    splits into a part shrinking like $(1/2)^l$ and a part growing like $(3/2)^l$."""

    TITLE = "Eigen-components under powers"

    def construct(self) -> None:
        derivation = get("linear-jacobian-powers")
        p1 = numpy.array(derivation.value("p_1"), dtype=float).ravel()
        p2 = numpy.array(derivation.value("p_2"), dtype=float).ravel()
        lam1, lam2 = (float(derivation.value(name)) for name in ("lambda_1", "lambda_2"))
        weights = numpy.array(derivation.value("W_{ex}"), dtype=float)
        c1, c2 = 2.0, 1.0
        steps = 4
        plane = manim.NumberPlane(
            x_range=[-1, 3, 1], y_range=[-3, 6, 1], x_length=2.95, y_length=6.6,
            background_line_style={"stroke_color": style.GRID, "stroke_width": 1},
            axis_config={"stroke_color": style.MUTED},
        ).to_edge(manim.LEFT, buff=0.6).shift(0.2 * manim.DOWN)
        lag = manim.ValueTracker(0)

        def arrow(vector: numpy.ndarray, colour: str, start=(0.0, 0.0)) -> manim.Arrow:
            return manim.Arrow(plane.c2p(*start), plane.c2p(*(numpy.array(start) + vector)),
                               buff=0, color=colour, stroke_width=5,
                               max_tip_length_to_length_ratio=0.15)

        def components() -> tuple[numpy.ndarray, numpy.ndarray]:
            power = lag.get_value()
            return c1 * lam1**power * p1, c2 * lam2**power * p2

        shrinking = manim.always_redraw(lambda: arrow(components()[0], style.VANISHING))
        growing = manim.always_redraw(
            lambda: arrow(components()[1], style.EXPLODING, start=components()[0]))
        total = manim.always_redraw(lambda: arrow(sum(components()), style.FOREGROUND))
        title = style.label(r"Left eigenvectors $p_i^\top W = \lambda_i p_i^\top$ split the "
                            r"gradient", 38).to_edge(manim.UP)
        text = manim.VGroup(
            style.formula(GRADIENT + r" W^l = c_1\lambda_1^l p_1^\top + c_2\lambda_2^l p_2^\top",
                          size=34),
            style.label(rf"$\lambda_1 = {lam1:g}$: shrinks", 30, style.VANISHING),
            style.label(rf"$\lambda_2 = {lam2:g}$: grows", 30, style.EXPLODING),
        ).arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.3)
        text.next_to(plane, manim.RIGHT, buff=0.6).shift(0.8 * manim.UP)
        counter = style.counter("l", 36).next_to(text, manim.DOWN, buff=0.5)
        counter.align_to(text, manim.LEFT)
        counter[1].add_updater(lambda number: number.set_value(round(lag.get_value())))
        final = (c1 * p1 + c2 * p2) @ numpy.linalg.matrix_power(weights, steps)
        check = style.formula(
            GRADIENT + rf" W^{{{steps}}} = ({', '.join(f'{v:g}' for v in final)})",
            size=30, colour=style.MUTED).next_to(counter, manim.DOWN, buff=0.4)
        check.align_to(text, manim.LEFT)
        self.add(title)
        self.play(manim.FadeIn(plane), manim.FadeIn(text), manim.FadeIn(counter), run_time=0.8)
        self.play(manim.GrowArrow(shrinking), manim.GrowArrow(growing), run_time=0.6)
        self.play(manim.GrowArrow(total), run_time=0.4)
        for power in range(1, steps + 1):
            self.play(lag.animate.set_value(power), run_time=1.2)
        self.play(manim.FadeIn(check), run_time=0.5)
        self.wait(1.0)


class JacobianFactorChain(style.CompanionScene):
    r"""$\partial h_l / \partial h_0$ built factor by factor: each
    $W \operatorname{diag}(\sigma'(h_{i-1}))$ multiplies in from the left."""

    TITLE = "The Jacobian, factor by factor"

    def construct(self) -> None:
        weights = bptt.recurrent_matrix("gaussian", 4, scale=1.5)
        steps = 6
        factors = bptt.jacobian_factors(weights, "tanh", steps)
        eta = bptt.per_step_bound(weights, "tanh")
        title = style.formula(
            r"\frac{\partial h_l}{\partial h_0} = W\operatorname{diag}(\sigma'(h_{l-1}))"
            r"\cdots W\operatorname{diag}(\sigma'(h_0)),\quad \sigma = \tanh", size=36)
        title.to_edge(manim.UP, buff=0.35)
        product = numpy.eye(4)
        product_map = _heat_map(product).move_to(1.8 * manim.RIGHT + 0.2 * manim.DOWN)
        product_name = style.formula(r"\frac{\partial h_l}{\partial h_0}", size=36)
        product_name.next_to(product_map, manim.UP, buff=0.25)
        readout = style.formula(r"l = 0,\ \lVert \partial h_l/\partial h_0 \rVert_2 = 1",
                                size=32).next_to(product_map, manim.DOWN, buff=0.45)
        bound = style.label(rf"bound $\eta^l$ with $\eta = \beta s_1 = \beta \lVert W \rVert_2"
                            rf" = {eta:.2f}$", 28, style.MUTED).next_to(readout, manim.DOWN)
        self.add(title)
        self.play(manim.FadeIn(product_map, product_name, readout, bound), run_time=0.6)
        for lag in range(1, steps + 1):
            factor = factors[lag - 1]
            factor_map = _heat_map(factor).move_to(3.0 * manim.LEFT + 0.2 * manim.DOWN)
            factor_name = style.formula(
                rf"W\operatorname{{diag}}(\sigma'(h_{{{lag - 1}}}))", size=30
            ).next_to(factor_map, manim.UP, buff=0.25)
            times = style.formula(r"\times", size=48).move_to(
                (factor_map.get_right() + product_map.get_left()) / 2)
            self.play(manim.FadeIn(factor_map, factor_name, times, shift=0.3 * manim.RIGHT),
                      run_time=0.5)
            product = factor @ product
            norm = float(numpy.linalg.norm(product, 2))
            new_map = _heat_map(product).move_to(product_map)
            new_readout = style.formula(
                rf"l = {lag},\ \lVert \partial h_l/\partial h_0 \rVert_2 = {norm:.3g}"
                rf"\ \leq\ \eta^{{{lag}}} = {eta**lag:.3g}", size=32).move_to(readout)
            self.play(
                manim.ReplacementTransform(factor_map, new_map),
                manim.FadeOut(product_map), manim.FadeOut(factor_name), manim.FadeOut(times),
                manim.Transform(readout, new_readout), run_time=0.8)
            product_map = new_map
        self.wait(1.0)


SCENES = (EigenComponentsUnderPowers, JacobianNormsOnLogAxis, JacobianFactorChain)
