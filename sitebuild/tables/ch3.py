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
from sitebuild import svg

LAGS = (10, 100, 1000)
CLIP_THRESHOLD = 1.0
CLIP_LAGS = (0, 10, 50, 100, 200, 400, 520, 540)
PLOT_COLOURS = (
    notation.VANISHING, "#7FB7D9", "#A88BD9", "#E49A7A", notation.EXPLODING,
    "#8FD19E", notation.PRESERVING, "#C9C9C9", notation.ACCENT,
)
WEIGHT_NAMES = {"gaussian": "Gaussian", "orthogonal": "orthogonal", "identity": "identity"}


@cache
def _measured(index: int) -> tuple[numpy.ndarray, list[mpmath.mpf], int | None]:
    """(float64 norms, mpmath norms, breakdown step) of case ``index`` over the full horizon."""
    case = bptt.CASES[index]
    weights = case.weights()
    measured = bptt.jacobian_norms(weights, case.activation)
    exact = bptt.exact_jacobian_norms(weights, case.activation)
    return measured, exact, bptt.first_disagreement(measured, exact)


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
             + " | $l = 1000$, mpmath |", "|---|---|" + "---|" * (len(LAGS) + 1)]
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
        "| $W$ | $\\sigma$ | first wrong $l$ | float64 there | mpmath there | "
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
        "*The first $l$ at which float64's norm is 0, inf, or differs from the mpmath product of "
        f"the same factors by more than a relative ${_scientific(f'{bptt.TOLERANCE:g}')[1:-1]}$ "
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


def norm_plot() -> str:
    """An inline SVG: log₁₀‖∂h_l/∂h_0‖₂ against l for every case, with η^l dashed where η < 1."""
    width, height, left, right, top, bottom = 700, 440, 64, 30, 16, 130
    y_limit = 330
    plot_bottom = height - bottom

    def x(lag: float) -> float:
        return left + (width - left - right) * lag / bptt.HORIZON

    def y(log_value: float) -> float:
        return top + (plot_bottom - top) * (y_limit - log_value) / (2 * y_limit)

    parts = svg.log_axes(
        left, x(bptt.HORIZON), plot_bottom,
        rows=[(y(exponent), f"1e{exponent}") for exponent in range(-300, 301, 100)],
        columns=[(x(lag), str(lag)) for lag in range(0, bptt.HORIZON + 1, 200)],
        title=(x(bptt.HORIZON / 2), plot_bottom + 36, "steps back, l"),
    )
    for limit, name in ((308.25, "float64 max"), (-323.3, "float64 min (subnormal)")):
        parts += [svg.line((left, y(limit)), (x(bptt.HORIZON), y(limit)), svg.THEME.muted,
                           dash="3 3"),
                  svg.text(left + 4, y(limit) - 5, name)]
    stops = 0  # stagger the "to 0 at l" notes so that neighbouring ones do not overlap
    for index, case in enumerate(bptt.CASES):
        colour = PLOT_COLOURS[index % len(PLOT_COLOURS)]
        norms, _, _ = _measured(index)
        points = []
        for lag, value in enumerate(norms):
            if not numpy.isfinite(value) or value == 0:
                note_y = max(top + 14, y(math.log10(norms[lag - 1])) - 16 * stops)
                parts.append(svg.text(x(lag) + 4, note_y,
                                      f'{"inf" if value else "0"} at {lag}', colour))
                stops += 1
                break
            points.append((x(lag), y(math.log10(value))))
        parts.append(svg.polyline(points[::2] + points[-1:], colour))
        eta = case.eta()
        if eta < 1:
            reach = min(bptt.HORIZON, y_limit / -math.log10(eta))
            parts.append(svg.line((x(0), y(0)), (x(reach), y(reach * math.log10(eta))), colour,
                                  width=1.5, dash="6 4"))
        row, column = divmod(index, 3)
        legend = f"{weight_label(case)}, {case.activation}"
        parts.append(svg.text(left - 44 + column * 225, plot_bottom + 62 + 20 * row, legend,
                              colour, size=14))
    return svg.document(width, height, "Jacobian norm against the number of steps back, on a "
                        "log scale, for nine networks", parts, font_size=15)


TABLES: dict[str, Callable[[], str]] = {
    "ch3-networks": network_table,
    "ch3-jacobian-norms": jacobian_norm_table,
    "ch3-float64-breakdown": breakdown_table,
    "ch3-clipping": clipping_table,
    "ch3-norm-plot": norm_plot,
}
