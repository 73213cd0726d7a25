"""Chapter 3's generated tables and plot: measured Jacobian norms, float64 breakdown, clipping.

Every number is computed here, at build time, by :mod:`derivations.bptt`; the
pages include the fragments by name (``--8<-- "tables/ch3-…md"``). The chapter
shows the plot; the appendix the tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

import mpmath
import numpy

from derivations import bptt, notation
from foundation import palette
from sitebuild import svg

LAGS = (10, 100, 1000)
CLIP_THRESHOLD = 1.0
CLIP_LAGS = (0, 10, 50, 100, 200, 400, 520, 540)
# The norm plot's nine curves: the hue says the weight matrix (the palette's meaning where it has
# one: decay, growth, norm kept), the line style the nonlinearity; a bound η^l is dotted.
WEIGHT_HUES = {("gaussian", 0.4): palette.VANISHING, ("gaussian", 1.0): palette.SKY,
               ("gaussian", 3.0): palette.EXPLODING, ("orthogonal", 1.0): palette.PRESERVING,
               ("identity", 1.0): palette.PURPLE}
ACTIVATION_DASHES = {"tanh": palette.SOLID, "linear": palette.DASHED, "sigmoid": palette.DASH_DOT}
BOUND_DASH = palette.DOTTED
WEIGHT_NAMES = {"gaussian": "Gaussian", "orthogonal": "orthogonal", "identity": "identity"}


@cache
def _measured(index: int) -> tuple[numpy.ndarray, list[mpmath.mpf], int | None]:
    """(float64 norms, mpmath norms, breakdown step) of case ``index`` over the full horizon."""
    case = bptt.CASES[index]
    weights = case.weights()
    measured = bptt.jacobian_norms(weights, case.activation)
    exact = bptt.exact_jacobian_norms(weights, case.activation)
    return measured, exact, bptt.first_disagreement(measured, exact)


@cache
def _float64_norms(index: int) -> numpy.ndarray:
    """The float64 norms of case ``index`` alone: what the plot draws (no mpmath needed)."""
    case = bptt.CASES[index]
    return bptt.jacobian_norms(case.weights(), case.activation)


def weight_label(case: bptt.Case) -> str:
    """The weight matrix of ``case`` in words and its scale: "Gaussian 3", "orthogonal"."""
    scale = "" if case.scale == 1.0 else f" {case.scale:g}"
    return WEIGHT_NAMES[case.kind] + scale


def _activation(case: bptt.Case) -> str:
    return {"tanh": r"$\tanh$", "sigmoid": "sigmoid", "linear": "identity"}[case.activation]


def _float(value: float, digits: int = 3) -> str:
    if value == 0:
        return "**0** (underflow)"
    if not numpy.isfinite(value):
        return "**inf** (overflow)"
    return _scientific(f"{value:.{digits}g}")


def _exact(value: mpmath.mpf, digits: int = 3) -> str:
    return _scientific(mpmath.nstr(value, digits, min_fixed=-4, max_fixed=4))


def _scientific(number: str) -> str:
    """``1.5e-300`` as $1.5 \\cdot 10^{-300}$; plain numbers as they are."""
    if "e" not in number:
        return number
    mantissa, exponent = number.split("e")
    power = f"10^{{{int(exponent)}}}"
    return f"${power}$" if float(mantissa) == 1 else f"${mantissa} \\cdot {power}$"


def network_table() -> str:
    """One row per case: s₁ = ‖W‖₂, β, η = βs₁ and the spectral radius ρ(W)."""
    lines = ["| $W$, scale | $\\sigma$ | $s_1$ | $\\beta$ | $\\eta = \\beta s_1$ | $\\rho(W)$ |",
             "|---|---|---|---|---|---|"]
    for case in bptt.CASES:
        weights = case.weights()
        radius = float(numpy.max(numpy.abs(numpy.linalg.eigvals(weights))))
        cells = [weight_label(case), _activation(case), f"{numpy.linalg.norm(weights, 2):.3f}",
                 f"{bptt.nonlinearity(case.activation).gamma:g}", f"{case.eta():.3f}",
                 f"{radius:.3f}"]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", (
        f"*$d = {bptt.SIZE}$, seed {bptt.SEED}; the scale multiplies the matrix, and $\\rho(W)$ "
        "is its spectral radius, the largest $|\\lambda|$.*")]
    return "\n".join(lines)


def jacobian_norm_table() -> str:
    """One row per case: ‖∂h_l/∂h_0‖₂ at l = 10, 100, 1000 in float64, and at 1000 in mpmath."""
    lines = ["| $W$, scale | $\\sigma$ | " + " | ".join(f"$l = {lag}$" for lag in LAGS)
             + " | $l = 1000$, high precision |", "|---|---|" + "---|" * (len(LAGS) + 1)]
    for index, case in enumerate(bptt.CASES):
        norms, exact, _ = _measured(index)
        cells = [weight_label(case), _activation(case), *(_float(norms[lag]) for lag in LAGS),
                 _exact(exact[bptt.HORIZON])]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", (
        "*One trajectory of $h_t = W\\sigma(h_{t-1}) + W_{\\mathrm{in}}u_t + b$ per row, computed "
        "by `derivations.bptt.jacobian_norms` and `exact_jacobian_norms`.*")]
    return "\n".join(lines)


def breakdown_table() -> str:
    """Where float64 stops telling the truth, beside the mpmath value of the same product."""
    lines = [
        "| $W$ | $\\sigma$ | first wrong $l$ | float64 there | high precision there | "
        "float64 at $l = 1000$ |",
        "|---|---|---|---|---|---|",
    ]
    for index, case in enumerate(bptt.CASES):
        norms, exact, breakdown = _measured(index)
        if breakdown is None:
            there = ["never (to $l = 1000$)", "—", "—"]
        else:
            there = [str(breakdown), _float(norms[breakdown], 10), _exact(exact[breakdown], 10)]
        lines.append(f"| {weight_label(case)} | {_activation(case)} | "
                     + " | ".join(there) + f" | {_float(norms[-1])} |")
    lines += ["", (
        "*The first $l$ at which float64's norm is 0, inf, or differs from the high-precision "
        "product of the same factors by more than a relative "
        f"${_scientific(f'{bptt.TOLERANCE:g}')[1:-1]}$ "
        "(`derivations.bptt.float64_breakdown`). Subnormal numbers lose digits before they reach "
        "0, which is why the first wrong $l$ comes before the first 0.*")]
    return "\n".join(lines)


def clipping_table() -> str:
    """Clipping on the exploding case (Gaussian ×3, linear): the length set, the direction kept."""
    case = next(c for c in bptt.CASES if c.activation == "linear" and c.scale > 1)
    gradients = bptt.backpropagated_gradients(case.weights(), case.activation, max(CLIP_LAGS))
    lines = [
        f"| $l$ | $\\lVert G\\rVert$ | $\\lVert \\operatorname{{clip}}(G)\\rVert$, "
        f"$\\tau = {CLIP_THRESHOLD:g}$ | cosine of the angle between them |",
        "|---|---|---|---|",
    ]
    for lag in CLIP_LAGS:
        gradient = gradients[lag]
        if not numpy.all(numpy.isfinite(gradient)):
            lines.append(f"| {lag} | **inf** (overflow) | cannot be rescaled | — |")
            continue
        clipped = bptt.clip_by_norm(gradient, CLIP_THRESHOLD)
        length = bptt.vector_norm(gradient)
        cosine = float(clipped @ (gradient / length)) / bptt.vector_norm(clipped)
        lines.append(f"| {lag} | {_float(length)} | {bptt.vector_norm(clipped):.6g} | "
                     f"{cosine:.12f} |")
    lines += ["", (
        f"*$G = e\\,\\partial h_l/\\partial h_0$ for a fixed unit row $e$, for the "
        f"{weight_label(case)} network with $\\sigma$ the identity; "
        "`derivations.bptt.backpropagated_gradients` and `clip_by_norm`.*")]
    return "\n".join(lines)


def case_style(index: int) -> tuple[palette.Hue, str | None]:
    """The hue (weight matrix) and line style (nonlinearity) of case ``index``'s curve."""
    case = bptt.CASES[index]
    hue = WEIGHT_HUES.get((case.kind, case.scale), palette.SERIES[index % len(palette.SERIES)])
    return hue, ACTIVATION_DASHES[case.activation]


def norm_plot() -> svg.Figure:
    """An inline SVG: log₁₀‖∂h_l/∂h_0‖₂ against l for every case, with η^l dotted where η < 1.

    Each curve is labelled at its end: in a column right of the plot for those that reach
    l = 1000, beside the top for one that overflows, in a strip under float64's smallest number
    for those that underflow (and a bound that leaves the plot there)."""
    width, height, left, right, top, bottom = 780, 450, 64, 210, 16, 58
    y_high, y_low = 330, -470  # below float64's smallest number: a strip for labels
    plot_bottom = height - bottom
    smallest = -323.3

    def x(lag: float) -> float:
        return left + (width - left - right) * lag / bptt.HORIZON

    def y(log_value: float) -> float:
        return top + (plot_bottom - top) * (y_high - log_value) / (y_high - y_low)

    parts = svg.log_axes(
        left, x(bptt.HORIZON), plot_bottom,
        rows=[(y(exponent), f"1e{exponent}") for exponent in range(-300, 301, 100)],
        columns=[(x(lag), str(lag)) for lag in range(0, bptt.HORIZON + 1, 200)],
        title=(x(bptt.HORIZON / 2), plot_bottom + 36, "steps back, l"),
    )
    for limit, name in ((308.25, "float64 max"), (smallest, "float64 min (subnormal)")):
        parts += [svg.line((left, y(limit)), (x(bptt.HORIZON), y(limit)), svg.THEME.muted,
                           dash="3 3"),
                  svg.text(left + 4, y(limit) - 5, name)]
    reaching: list[svg.EndLabel] = []  # labelled in the column right of the plot
    underflowing: list[tuple[float, svg.EndLabel]] = []  # labelled in the strip at the bottom
    drawn: list[list[tuple[float, float]]] = []
    for index, case in enumerate(bptt.CASES):
        hue, dash = case_style(index)
        name = f"{weight_label(case)}, {case.activation}"
        norms = _float64_norms(index)
        points = []
        stop = None
        for lag, value in enumerate(norms):
            if not numpy.isfinite(value) or value == 0:
                stop = lag
                break
            points.append((x(lag), y(math.log10(value))))
        shown = points[::2] if (len(points) - 1) % 2 == 0 else points[::2] + points[-1:]
        # A curve lying on one drawn before (the orthogonal and the identity W, both linear, keep
        # norm 1) has its dashes shifted by half a dash, so both colours show in turn.
        covers = any(len(other) == len(shown) and max(abs(a[1] - b[1]) for a, b in
                                                      zip(other, shown, strict=True)) < 0.5
                     for other in drawn)
        drawn.append(shown)
        parts.append(svg.polyline(shown, hue, width=2.2, dash=dash, series=name,
                                  offset=6 if covers else 0))
        end = points[-1]
        if stop is None:
            reaching.append(svg.EndLabel(name, end, name, hue))
        elif norms[stop]:  # overflow: the words beside the end, under the top edge
            parts.append(svg.text(end[0] + 6, end[1] + 14, f"{name}: inf at l = {stop}", hue,
                                  label_for=name))
        else:
            underflowing.append((end[0], svg.EndLabel(name, end, f"{name}: 0 at l = {stop}",
                                                      hue)))
        eta = case.eta()
        if eta < 1:
            bound = f"{name}, bound"
            reach = min(bptt.HORIZON, smallest / math.log10(eta))
            tip = (x(reach), y(reach * math.log10(eta)))
            parts.append(svg.polyline([(x(0), y(0)), tip], hue, width=1.5, dash=BOUND_DASH,
                                      series=bound))
            words = rf"\eta^l,\ \eta = {eta:.2f}"  # dotted: the bound, says the key below
            label = svg.EndLabel(bound, tip, words, hue, formula=True)
            if reach < bptt.HORIZON:
                underflowing.append((tip[0], label))
            else:
                reaching.append(label)
    parts += svg.end_labels(reaching, x(bptt.HORIZON) + 10, top=top + 10, bottom=y(smallest),
                            spacing=18, size=14, box=200)
    # The strip: the rightmost end on the first row, so every leader passes left of the words
    # above it.
    for row, (_, label) in enumerate(sorted(underflowing, key=lambda item: -item[0])):
        baseline = y(smallest) + 19 + 18 * row
        (end_x, end_y) = label.end
        parts.append(svg.line((end_x, end_y + 2), (end_x, baseline - 11), label.colour, width=1,
                              leader_for=label.series))
        if label.formula:
            parts.append(svg.math(end_x + 3, baseline + 1, label.words, label.colour, size=14,
                                  box=220, label_for=label.series))
        else:
            parts.append(svg.text(end_x + 3, baseline, label.words, label.colour, size=14,
                                  label_for=label.series))
    parts.append(svg.text(left, height - 4, "colour: the weight matrix; solid: tanh, dashed: "
                          "linear, dash-dot: sigmoid; dotted: the bound", svg.THEME.muted,
                          size=14))
    return svg.document(width, height, "Jacobian norm against the number of steps back, on a "
                        "log scale, for nine networks, each curve labelled at its end", parts,
                        font_size=14)


def unrolled_network() -> svg.Figure:
    """An inline SVG of the network unrolled over three steps: the states forward, each fed by
    its input and read by its loss term, and the gradient sent back one Jacobian factor a step."""
    width, height, font = 720, 372, 15
    columns = [92 + 178 * t for t in range(4)]
    node_w, node_h, state_y = 64, 42, 150
    back, forward = notation.VANISHING, svg.THEME.foreground
    parts: list[str] = []
    for t, x in enumerate(columns):
        parts += [svg.box(x - node_w / 2, state_y - node_h / 2, node_w, node_h),
                  svg.math(x, state_y + 6, f"h_{{{t}}}", svg.THEME.foreground, anchor="middle",
                           size=17, box=60)]
        if t == 0:
            continue
        parts += [svg.arrow((x, state_y - node_h / 2), (x, 66)),
                  svg.math(x, 54, rf"\mathcal{{L}}_{{{t}}}", svg.THEME.foreground,
                           anchor="middle", size=17, box=60),
                  svg.arrow((x, 248), (x, state_y + node_h / 2 + 2)),
                  svg.math(x, 272, f"u_{{{t}}}", svg.THEME.foreground, anchor="middle",
                           size=17, box=60)]
        left, right = columns[t - 1] + node_w / 2 + 4, x - node_w / 2 - 4
        middle = (left + right) / 2
        parts += [svg.arrow((left, state_y - 9), (right, state_y - 9), forward),
                  svg.math(middle, state_y - 20, r"W\sigma", forward, anchor="middle", size=15,
                           box=100),
                  svg.arrow((right, state_y + 9), (left, state_y + 9), back, dash="7 4"),
                  svg.math(middle, state_y + 40, f"J_{{{t}}} = W D_{{{t - 1}}}", back,
                           anchor="middle", size=15, box=110)]
    bottom = 312
    parts += [svg.arrow((columns[3], bottom), (columns[0], bottom), back, width=1.5, dash="7 4"),
              svg.line((columns[3], bottom - 8), (columns[3], bottom + 8), back, width=1.5),
              # Words stay out of formulas, so that an edition can translate them.
              svg.math((columns[0] + columns[3]) / 2, bottom + 28,
                       r"\partial h_3 / \partial h_0 = J_3 J_2 J_1", back, anchor="middle",
                       size=15, box=520),
              svg.text((columns[0] + columns[3]) / 2, bottom + 52,
                       "l = 3 factors, the latest on the left", back, anchor="middle", size=14),
              svg.text(columns[0] - 34, 96, "forward: the state", forward, size=14),
              svg.text(columns[0] - 34, 214, "back: the gradient", back, size=14)]
    return svg.document(width, height, "The recurrent network unrolled over three steps: states "
                        "h0 to h3 left to right, each step multiplying by W after the "
                        "nonlinearity, inputs u below, loss terms L above; the gradient runs "
                        "back right to left, multiplied by one Jacobian factor J = W D per step",
                        parts, font_size=font)


ORTHOGONAL_HORIZON = 100


def orthogonal_bound_plot() -> svg.Figure:
    """An inline SVG: for one orthogonal W, the measured ‖∂h_l/∂h_0‖₂ with the identity, tanh
    and the sigmoid, against the bound β^l (η = β s₁ = β): 1 for the first two, 4^{-l} for the
    third."""
    width, height, left, right, top, bottom = 700, 430, 64, 150, 56, 56
    weights = bptt.recurrent_matrix("orthogonal")
    horizon = ORTHOGONAL_HORIZON
    lowest = -70
    plot_bottom = height - bottom

    def x(lag: float) -> float:
        return left + (width - left - right) * lag / horizon

    def y(log_value: float) -> float:
        return top + 14 + (plot_bottom - 12 - top - 14) * log_value / lowest

    parts = svg.log_axes(
        left, x(horizon), plot_bottom,
        rows=[(y(exponent), f"1e{exponent}") for exponent in range(0, lowest - 1, -10)],
        columns=[(x(lag), str(lag)) for lag in range(0, horizon + 1, 20)],
        title=(x(horizon / 2), plot_bottom + 36, "steps back, l"),
    )
    curves = (("linear", notation.PRESERVING, "identity"),
              ("tanh", notation.VANISHING, r"\tanh"),
              ("sigmoid", notation.EXPLODING, "sigmoid"))
    labels: list[tuple[float, str, str, str]] = []
    for activation, colour, name in curves:
        norms = bptt.jacobian_norms(weights, activation, horizon)
        shown = [(x(lag), y(math.log10(value))) for lag, value in enumerate(norms)
                 if value > 0 and math.log10(value) >= lowest]
        parts.append(svg.polyline(shown, colour, width=2.5, series=activation))
        end = math.log10(norms[horizon])
        labels.append((y(end), colour, name, activation))
    beta_one = [(x(0), y(0)), (x(horizon), y(0))]
    quarter = math.log10(0.25)
    parts += [svg.polyline(beta_one, svg.THEME.foreground, width=1.5, dash="6 4",
                           series="bound-one"),
              svg.polyline([(x(0), y(0)), (x(horizon), y(horizon * quarter))],
                           notation.EXPLODING, width=1.5, dash="6 4", series="bound-quarter"),
              svg.math(x(horizon) + 8, y(0) - 6, r"\beta^l = 1", svg.THEME.foreground, size=14,
                       box=140, label_for="bound-one"),
              svg.math(x(horizon) + 8, y(horizon * quarter) + 18, r"\beta^l = 4^{-l}",
                       notation.EXPLODING, size=14, box=140, label_for="bound-quarter")]
    for label_y, colour, name, series in labels:
        if name.startswith("\\"):
            parts.append(svg.math(x(horizon) + 8, label_y + 5, name, colour, size=15, box=140,
                                  label_for=series))
        else:  # the identity's curve lies on its bound: its label goes just under the bound's
            shift = 20 if name == "identity" else 5
            parts.append(svg.text(x(horizon) + 8, label_y + shift, name, colour, size=14,
                                  label_for=series))
    parts += [svg.text(left, 20, "solid: measured along one trajectory, one orthogonal W, d = 8",
                       svg.THEME.foreground, size=14),
              svg.text(left, 42, "dashed: the bound", svg.THEME.foreground, size=14),
              svg.math(left + 146, 47, r"\beta^l\quad(\eta = \beta s_1 = \beta)",
                       svg.THEME.foreground, size=15, box=220)]
    return svg.document(width, height, "For one orthogonal W, Jacobian norm against the steps "
                        "back on a log scale: with the identity it stays 1, on its bound 1; with "
                        "tanh it falls far below the same bound 1; with the sigmoid it falls "
                        "below its bound 4 to the minus l", parts, font_size=15)


TABLES: dict[str, Callable[[], str | svg.Figure]] = {
    "ch3-networks": network_table,
    "ch3-jacobian-norms": jacobian_norm_table,
    "ch3-float64-breakdown": breakdown_table,
    "ch3-clipping": clipping_table,
    "ch3-norm-plot": norm_plot,
    "ch3-unrolled-network": unrolled_network,
    "ch3-orthogonal-bound": orthogonal_bound_plot,
}
