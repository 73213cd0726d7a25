"""Chapter 3: how the Jacobian of h_t with respect to h_k behaves as it travels l steps back.

    manim -ql animations/scenes/bptt_jacobians.py JacobianNormsOnLogAxis
    manim -ql animations/scenes/bptt_jacobians.py EigenComponentsUnderPowers
    manim -ql animations/scenes/bptt_jacobians.py JacobianFactorChain
    python -m animations.render JacobianFactorChain --set activation=sigmoid --set steps=10

Every number comes from :mod:`derivations.bptt` (measured curves, factors) or from
the ``linear-jacobian-powers`` derivation (the matrix and its left eigenvectors).
"""

from __future__ import annotations

import math

import manim
import numpy

from animations import builders, style
from animations.narration import Value, Words, series, words
from animations.parameters import Choice, Integer, Parameters, Real, Values
from derivations import bptt
from derivations.engine import get
from foundation import palette

LOG_LIMIT = 330  # the plot spans 10^−330 … 10^330: float64 lives in 10^−324 … 10^308
CURVES = (  # (case index in bptt.CASES, colour)
    (0, style.VANISHING),
    (1, style.hue(palette.SKY)),
    (6, style.PRESERVING),
    (4, style.EXPLODING),
)
CELL = 0.42
MAP_SIDE = 1.7  # the factor chain's maps keep its readouts clear of a player's controls
KIND_WORDS = {"gaussian": words("bptt.kind-gaussian", "Gaussian"),
              "orthogonal": words("bptt.kind-orthogonal", "orthogonal"),
              "identity": words("bptt.kind-identity", "identity")}
ACTIVATION_TEX: dict[str, Value] = {
    "tanh": r"$\sigma = \tanh$", "sigmoid": words("bptt.logistic-sigma", r"logistic $\sigma$"),
    "linear": r"$\sigma(z) = z$"}
ACTIVATION_FORMULA = {"tanh": r"\sigma = \tanh", "sigmoid": r"\sigma(z) = 1/(1 + e^{-z})",
                      "linear": r"\sigma(z) = z"}
ACTIVATION_SAID = {"tanh": words("bptt.said-tanh", "sigma is tanh"),
                   "sigmoid": words("bptt.said-logistic", "sigma is the logistic function"),
                   "linear": words("bptt.said-linear", "no nonlinearity")}
WAY = {"overflows": words("bptt.overflows", "overflows"),
       "underflows": words("bptt.underflows", "underflows")}


def case_words(case: bptt.Case) -> Words:
    r"""A measured curve's legend, e.g. "Gaussian $W$ scaled by $0.4$, $\sigma = \tanh$"."""
    kind, activation = KIND_WORDS[case.kind], ACTIVATION_TEX[case.activation]
    if case.scale == 1.0:
        return words("bptt.legend", "{kind} $W$, {activation}", kind=kind, activation=activation)
    return words("bptt.legend-scaled", "{kind} $W$ scaled by ${scale}$, {activation}",
                 kind=kind, scale=f"{case.scale:g}", activation=activation)


def case_name(case: bptt.Case) -> Value:
    r"""A measured curve's name at its end, as short as tells it from the others: "$\tanh$,
    $\times 0.4$", "logistic", "orthogonal", "$\times 3$"."""
    parts: list[Value] = [KIND_WORDS["orthogonal"]] if case.kind == "orthogonal" else []
    if case.scale != 1.0:
        parts.append(rf"$\times {case.scale:g}$")
    parts += {"tanh": [r"$\tanh$"], "sigmoid": [words("bptt.name-logistic", "logistic")],
              "linear": []}[case.activation]
    return series(parts, "commas") if parts else KIND_WORDS[case.kind]


def case_said(case: bptt.Case) -> Words:
    """The legend of :func:`case_words` in plain words, for captions."""
    kind, activation = KIND_WORDS[case.kind], ACTIVATION_SAID[case.activation]
    if case.scale == 1.0:
        return words("bptt.said", "{kind} W, {activation}", kind=kind, activation=activation)
    return words("bptt.said-scaled", "{kind} W scaled by {scale}, {activation}", kind=kind,
                 scale=f"{case.scale:g}", activation=activation)


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


def _heat_map(matrix: numpy.ndarray) -> manim.VGroup:
    """The entries as coloured cells; at most :data:`MAP_SIDE` high, whatever the size."""
    return builders.heat_map(matrix, min(CELL, MAP_SIDE / matrix.shape[0]), 0.03)


class JacobianNormsOnLogAxis(style.CompanionScene):
    r"""$\lVert \partial h_t / \partial h_k \rVert_2$ over $l = t - k \leq 1000$ on a log axis:
    under the $\eta^l$ bound, flat, exploding."""

    TITLE = "Jacobian norms on a log axis"
    ILLUSTRATES = "vanishing-sufficient-condition"
    PARAMETERS = Parameters(
        Integer("horizon", "the largest number of steps back l", value=bptt.HORIZON, low=50,
                high=2000),
        Integer("size", "size d of the hidden state", value=bptt.SIZE, low=2, high=64),
        Integer("seed", "seed of the matrices, inputs and start", value=bptt.SEED, low=0,
                high=2**32 - 1),
    )

    @classmethod
    def caption_for(cls, values: Values) -> str:
        if values == cls.PARAMETERS.defaults():
            return super().caption_for(values)
        return (rf"$\lVert \partial h_t / \partial h_k \rVert_2$ over $l = t - k \leq "
                rf"{values['horizon']}$ on a log axis, $d = {values['size']}$, seed "
                rf"{values['seed']}: under the $\eta^l$ bound, flat, exploding.")

    def construct(self) -> None:
        horizon, size, seed = (self.values[name] for name in ("horizon", "size", "seed"))
        x_step = builders.tick_step(horizon, 5)
        axes = manim.Axes(
            x_range=[0, horizon, x_step], y_range=[-LOG_LIMIT, LOG_LIMIT, 100],
            x_length=6.2, y_length=5.1, tips=False,  # room for the curves' names
            axis_config={"color": style.MUTED, "include_numbers": False},
        ).to_edge(manim.LEFT, buff=1.35).shift(0.4 * manim.UP)
        x_labels = manim.VGroup(*(
            style.formula(str(lag), size=28, colour=style.MUTED)
            .next_to(axes.c2p(lag, -LOG_LIMIT), manim.DOWN)
            for lag in range(0, horizon + 1, x_step)))
        x_name = style.formula("l", size=28, colour=style.MUTED)
        x_name.next_to(axes.c2p(horizon, -LOG_LIMIT), manim.RIGHT, buff=0.2)
        y_labels = manim.VGroup(*(
            style.formula(f"10^{{{e}}}", size=28, colour=style.MUTED)
            .next_to(axes.c2p(0, e), manim.LEFT, buff=0.12) for e in range(-300, 301, 100)))
        title = style.label(words("bptt.title", r"$\lVert \partial h_t / \partial h_k \rVert_2$ "
                                  r"as the gradient travels $l = t - k$ steps back"), 32)
        title.to_edge(manim.UP, buff=0.3)
        floor = manim.DashedLine(axes.c2p(0, -308), axes.c2p(horizon, -308),
                                 color=style.MUTED, stroke_width=1.5)
        ceiling = manim.DashedLine(axes.c2p(0, 308), axes.c2p(horizon, 308),
                                   color=style.MUTED, stroke_width=1.5)
        limits = manim.VGroup(
            style.label(words("bptt.ceiling", "float64 overflows above"), 22, style.MUTED)
            .next_to(ceiling, manim.UP, buff=0.06).align_to(ceiling, manim.RIGHT),
            style.label(words("bptt.floor", "float64 underflows below"), 22, style.MUTED)
            .next_to(floor, manim.UP, buff=0.06).align_to(floor, manim.RIGHT))
        self.narrate(words("bptt.axes", "The size of the Jacobian of h(t) with respect to h(k), "
                           "on a log axis, as the gradient travels l steps back, up to "
                           "{horizon}, in networks of size {size}.", horizon=str(horizon),
                           size=str(size)))
        self.add(title)
        self.play(manim.Create(axes), manim.FadeIn(x_labels, x_name, y_labels), run_time=0.8)
        self.narrate(words("bptt.limits", "Dashed grey lines: beyond them float64 overflows or "
                           "underflows."))
        self.play(manim.FadeIn(floor, ceiling, limits), run_time=0.4)
        # Each curve ends with its name in its colour (and an x where float64 stops); the legend
        # right of the plot gives its words, its bound, where float64 stops.
        shown = []
        for index, colour in CURVES:
            case = bptt.CASES[index]
            weights = bptt.recurrent_matrix(case.kind, size, scale=case.scale, seed=seed)
            norms = bptt.jacobian_norms(weights, case.activation, horizon, seed=seed)
            curve = _polyline(_log_points(axes, norms), colour)
            lines: list[Words] = [case_words(case)]
            bound_eta = None
            beats = [manim.Create(curve)]
            eta = bptt.per_step_bound(weights, case.activation)
            if eta < 1:
                reach = min(horizon, LOG_LIMIT / -math.log10(eta))  # stay inside the plot
                bound = manim.DashedLine(
                    axes.c2p(0, 0), axes.c2p(reach, reach * math.log10(eta)),
                    color=colour, stroke_width=2)
                bound_eta = f"{eta:.2f}"
                lines.append(words("bptt.legend-bound", r"dashed: $\eta^l$, $\eta = {eta}$",
                                   eta=bound_eta))
                beats.insert(0, manim.Create(bound))
            breakdown = next((lag for lag, v in enumerate(norms)
                              if not numpy.isfinite(v) or v == 0), None)
            if breakdown is not None:
                way = "overflows" if norms[breakdown] else "underflows"
                lines.append(words("bptt.legend-breaks", "float64 {way} at $l = {lag}$",
                                   way=WAY[way], lag=str(breakdown)))
                said = (words("bptt.curve-bound-breaks", "{case}: under its dashed bound eta "
                              "to the power l, eta = {eta}; float64 {way} at l = {lag}.",
                              case=case_said(case), eta=bound_eta, way=WAY[way],
                              lag=str(breakdown)) if bound_eta else
                        words("bptt.curve-breaks", "{case}: float64 {way} at l = {lag}.",
                              case=case_said(case), way=WAY[way], lag=str(breakdown)))
                cross = manim.Cross(scale_factor=0.12, stroke_color=colour)
                beats.append(manim.Create(cross.move_to(curve.get_end())))
                end = cross.get_right()  # the name goes beside the x, not over it
            else:
                final = norms[-1]
                said = (words("bptt.curve-bound-ends", "{case}: under its dashed bound eta to "
                              "the power l, eta = {eta}; at l = {horizon} the norm is {norm}.",
                              case=case_said(case), eta=bound_eta, horizon=str(horizon),
                              norm=style.said_number(final)) if bound_eta else
                        words("bptt.curve-ends", "{case}: at l = {horizon} the norm is {norm}.",
                              case=case_said(case), horizon=str(horizon),
                              norm=style.said_number(final)))
                end = curve.get_end()
            entry = manim.VGroup(*(style.label(line, 24, colour) for line in lines))
            entry.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.06)
            name = style.label(case_name(case), 22, colour)
            shown.append((end, colour, name, entry, beats, said))
        names = style.end_labels([(end, name, colour) for end, colour, name, *_ in shown],
                                 top=axes.c2p(0, LOG_LIMIT)[1], bottom=axes.c2p(0, -LOG_LIMIT)[1],
                                 avoid=tuple(limits))
        legend = manim.VGroup(*(entry for _, _, _, entry, _, _ in shown))
        legend.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.22)
        right = max(group.get_right()[0] for group in (*names, axes, x_name))
        legend.align_to(axes, manim.UP).shift(
            (right + 0.35 - legend.get_left()[0]) * manim.RIGHT)
        style.keep_between(legend, left=right + 0.2)
        for (_, _, _, entry, beats, said), name in zip(shown, names, strict=True):
            self.narrate(said)
            self.play(*beats, manim.FadeIn(entry), run_time=1.6, rate_func=manim.linear)
            self.play(manim.FadeIn(name), run_time=0.3)
        self.wait(1.0)


GRADIENT = r"\frac{\partial \mathcal{L}_t}{\partial h_t}"  # the row vector W^l acts on


class EigenComponentsUnderPowers(style.CompanionScene):
    r"""Linear $\sigma$: the gradient row $\partial \mathcal{L}_t / \partial h_t$ times $W^l$
    splits into a part shrinking like $(1/2)^l$ and a part growing like $(3/2)^l$."""

    TITLE = "Eigen-components under powers"
    ILLUSTRATES = "linear-jacobian-powers"
    PARAMETERS = Parameters(
        Real("c1", "coefficient of the left eigenvector p1 (eigenvalue 1/2)", value=2.0,
             low=-5.0, high=5.0),
        Real("c2", "coefficient of the left eigenvector p2 (eigenvalue 3/2)", value=1.0,
             low=-5.0, high=5.0),
        Integer("steps", "powers of W shown", value=4, low=1, high=8),
        Real("seconds_per_step", "seconds of video per power", value=1.2, low=0.2, high=3.0),
    )

    def construct(self) -> None:
        derivation = get("linear-jacobian-powers")
        p1 = numpy.array(derivation.value("p_1"), dtype=float).ravel()
        p2 = numpy.array(derivation.value("p_2"), dtype=float).ravel()
        lam1, lam2 = (float(derivation.value(name)) for name in ("lambda_1", "lambda_2"))
        weights = numpy.array(derivation.value("W_{ex}"), dtype=float)
        c1, c2, steps = self.values["c1"], self.values["c2"], self.values["steps"]
        lag = manim.ValueTracker(0)

        def parts(power: float) -> tuple[numpy.ndarray, numpy.ndarray]:
            return c1 * lam1**power * p1, c2 * lam2**power * p2

        reached = [point for power in numpy.linspace(0, steps, 4 * steps + 1)
                   for point in (parts(power)[0], sum(parts(power)))]
        low = numpy.minimum(numpy.min(reached, axis=0), 0) - 0.5
        high = numpy.maximum(numpy.max(reached, axis=0), 0) + 0.5
        grid = builders.tick_step(float(max(high - low)), 8)
        low, high = numpy.floor(low / grid) * grid, numpy.ceil(high / grid) * grid
        unit = min(4.2 / (high[0] - low[0]), 6.6 / (high[1] - low[1]))
        plane = manim.NumberPlane(
            x_range=[low[0], high[0], grid], y_range=[low[1], high[1], grid],
            x_length=unit * (high[0] - low[0]), y_length=unit * (high[1] - low[1]),
            background_line_style={"stroke_color": style.GRID, "stroke_width": 1},
            axis_config={"stroke_color": style.MUTED},
        ).to_edge(manim.LEFT, buff=0.6).shift(0.2 * manim.DOWN)

        def arrow(vector: numpy.ndarray, colour: str, start=(0.0, 0.0)) -> manim.Arrow:
            return manim.Arrow(plane.c2p(*start), plane.c2p(*(numpy.array(start) + vector)),
                               buff=0, color=colour, stroke_width=5,
                               max_tip_length_to_length_ratio=0.15)

        def components() -> tuple[numpy.ndarray, numpy.ndarray]:
            return parts(lag.get_value())

        shrinking = manim.always_redraw(lambda: arrow(components()[0], style.VANISHING))
        growing = manim.always_redraw(
            lambda: arrow(components()[1], style.EXPLODING, start=components()[0]))
        total = manim.always_redraw(lambda: arrow(sum(components()), style.FOREGROUND))
        title = style.label(words("eigen.title", r"Left eigenvectors $p_i^\top W = \lambda_i "
                                  r"p_i^\top$ split the gradient"), 38).to_edge(manim.UP)
        text = manim.VGroup(
            style.formula(GRADIENT + r" W^l = c_1\lambda_1^l p_1^\top + c_2\lambda_2^l p_2^\top",
                          size=34),
            style.label(rf"$c_1 = {c1:g}$, $c_2 = {c2:g}$", 30),
            style.label(words("eigen.shrinks", r"$\lambda_1 = {value}$: shrinks",
                              value=f"{lam1:g}"), 30, style.VANISHING),
            style.label(words("eigen.grows", r"$\lambda_2 = {value}$: grows", value=f"{lam2:g}"),
                        30, style.EXPLODING),
        ).arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.3)
        text.next_to(plane, manim.RIGHT, buff=0.6).move_to(
            text.get_center() * manim.RIGHT + 0.7 * manim.UP)
        counter = style.counter("l", 36).next_to(text, manim.DOWN, buff=0.5)
        counter.align_to(text, manim.LEFT)
        builders.showing(counter[1], lambda: round(lag.get_value()))
        final = (c1 * p1 + c2 * p2) @ numpy.linalg.matrix_power(weights, steps)
        entries = [f"{v:g}" for v in final]
        check = style.formula(GRADIENT + rf" W^{{{steps}}} = ({', '.join(entries)})",
                              size=30, colour=style.MUTED).next_to(counter, manim.DOWN, buff=0.4)
        check.align_to(text, manim.LEFT)
        self.narrate(words("eigen.split", "In the left eigenvectors p1 and p2 of W, a gradient "
                           "row times W to the power l is c1 times lambda1 to the power l, plus "
                           "c2 times lambda2 to the power l: c1 = {c1}, lambda1 = {lambda1}, "
                           "c2 = {c2}, lambda2 = {lambda2}.", c1=f"{c1:g}", lambda1=f"{lam1:g}",
                           c2=f"{c2:g}", lambda2=f"{lam2:g}"))
        self.add(title)
        self.play(manim.FadeIn(plane), manim.FadeIn(text), manim.FadeIn(counter), run_time=0.8)
        self.narrate(words("eigen.arrows", "Blue: the part along p1. Red, from its tip: the "
                           "part along p2. White: their sum, the gradient row itself, at l = 0."))
        self.play(manim.GrowArrow(shrinking), manim.GrowArrow(growing), run_time=0.6)
        self.play(manim.GrowArrow(total), run_time=0.4)
        self.narrate(words("eigen.powers", "Each power of W halves the blue part and multiplies "
                           "the red part by {lambda2}, for l from 1 to {steps}; the sum turns "
                           "towards p2.", lambda2=f"{lam2:g}", steps=str(steps)))
        for power in range(1, steps + 1):
            self.play(lag.animate.set_value(power), run_time=self.values["seconds_per_step"])
        self.narrate(words("eigen.check", "Check: the gradient row times W to the power "
                           "{steps} is ({entries}).", steps=str(steps),
                           entries=", ".join(entries)))
        self.play(manim.FadeIn(check), run_time=0.5)
        self.wait(1.0)


class JacobianFactorChain(style.CompanionScene):
    r"""$\partial h_l / \partial h_0$ built factor by factor: each
    $W \operatorname{diag}(\sigma'(h_{i-1}))$ multiplies in from the left."""

    TITLE = "The Jacobian, factor by factor"
    ILLUSTRATES = "jacobian-product"
    PARAMETERS = Parameters(
        Choice("kind", "the kind of W", value="gaussian", choices=bptt.KINDS),
        Real("scale", "the factor W is scaled by", value=1.5, low=0.1, high=4.0),
        Choice("activation", "the nonlinearity sigma", value="tanh",
               choices=tuple(bptt.NONLINEARITIES)),
        Integer("size", "size d of the hidden state", value=4, low=2, high=6),
        Integer("steps", "factors multiplied in", value=6, low=1, high=12),
        Integer("seed", "seed of W, the inputs and the start", value=bptt.SEED, low=0,
                high=2**32 - 1),
    )

    def construct(self) -> None:
        values = self.values
        size, steps, activation = values["size"], values["steps"], values["activation"]
        weights = bptt.recurrent_matrix(values["kind"], size, scale=values["scale"],
                                        seed=values["seed"])
        factors = bptt.jacobian_factors(weights, activation, steps, seed=values["seed"])
        eta = bptt.per_step_bound(weights, activation)
        title = style.formula(
            r"\frac{\partial h_l}{\partial h_0} = W\operatorname{diag}(\sigma'(h_{l-1}))"
            r"\cdots W\operatorname{diag}(\sigma'(h_0)),\quad " + ACTIVATION_FORMULA[activation],
            size=36)
        title.to_edge(manim.UP, buff=0.35)
        if title.width > 13.4:
            title.scale_to_fit_width(13.4)
        product = numpy.eye(size)
        product_map = _heat_map(product).move_to(1.8 * manim.RIGHT + 0.2 * manim.DOWN)
        product_name = style.formula(r"\frac{\partial h_l}{\partial h_0}", size=36)
        product_name.next_to(product_map, manim.UP, buff=0.25)
        readout = style.formula(r"l = 0,\ \lVert \partial h_l/\partial h_0 \rVert_2 = 1",
                                size=32).next_to(product_map, manim.DOWN, buff=0.45)
        shown_eta = f"{eta:.2f}"
        bound = style.label(words("chain.bound", r"bound $\eta^l$ with $\eta = \beta s_1 = "
                                  r"\beta \lVert W \rVert_2 = {eta}$", eta=shown_eta), 28,
                            style.MUTED).next_to(readout, manim.DOWN)
        said_kind = case_said(bptt.Case(values["kind"], values["scale"], activation))
        self.narrate(words("chain.product", "The Jacobian of h(l) with respect to h(0) is a "
                           "product of factors W times diag of sigma' at the states, the latest "
                           "on the left."))
        self.add(title)
        self.narrate(words("chain.start", "Here {kind}, size {size}. At l = 0 it is the "
                           "identity, of norm 1; each factor is bounded by eta = {eta}.",
                           kind=said_kind, size=str(size), eta=shown_eta))
        self.play(manim.FadeIn(product_map, product_name, readout, bound), run_time=0.6)
        for lag in range(1, steps + 1):
            factor = factors[lag - 1]
            factor_map = _heat_map(factor).move_to(3.0 * manim.LEFT + 0.2 * manim.DOWN)
            factor_name = style.formula(
                rf"W\operatorname{{diag}}(\sigma'(h_{{{lag - 1}}}))", size=30
            ).next_to(factor_map, manim.UP, buff=0.25)
            times = style.formula(r"\times", size=48).move_to(
                (factor_map.get_right() + product_map.get_left()) / 2)
            product = factor @ product
            norm = float(numpy.linalg.norm(product, 2))
            shown_norm, shown_bound = style.tex_number(norm), style.tex_number(eta**lag)
            # The first factor is said in full; the next only by what changes, to keep pace.
            self.narrate(words("chain.first-factor", "Factor {lag}, W times diag of sigma' at "
                               "h({previous}), multiplies in from the left: at l = {lag} the "
                               "norm is {norm}, at most eta to the power {lag} = {bound}.",
                               lag=str(lag), previous=str(lag - 1),
                               norm=style.said_number(norm),
                               bound=style.said_number(eta**lag)) if lag == 1 else
                         words("chain.factor", "Factor {lag}: at l = {lag} the norm is {norm}, "
                               "at most eta to the power {lag} = {bound}.", lag=str(lag),
                               norm=style.said_number(norm), bound=style.said_number(eta**lag)))
            self.play(manim.FadeIn(factor_map, factor_name, times, shift=0.3 * manim.RIGHT),
                      run_time=0.5)
            new_map = _heat_map(product).move_to(product_map)
            new_readout = style.formula(
                rf"l = {lag},\ \lVert \partial h_l/\partial h_0 \rVert_2 = {shown_norm}"
                rf"\ \leq\ \eta^{{{lag}}} = {shown_bound}", size=32).move_to(readout)
            self.play(
                manim.ReplacementTransform(factor_map, new_map),
                manim.FadeOut(product_map), manim.FadeOut(factor_name), manim.FadeOut(times),
                manim.ReplacementTransform(readout, new_readout), run_time=0.8)
            product_map, readout = new_map, new_readout
        self.wait(1.0)


SCENES = (EigenComponentsUnderPowers, JacobianNormsOnLogAxis, JacobianFactorChain)
