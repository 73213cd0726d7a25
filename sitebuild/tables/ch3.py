"""Chapter 3's generated tables and plot: measured Jacobian norms, float64 breakdown, clipping.

Every number is computed here, at build time, by :mod:`derivations.bptt`; the
page includes the fragments by name (``--8<-- "tables/ch3-…md"``).
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


@cache
def _measured(index: int) -> tuple[numpy.ndarray, list[mpmath.mpf], int | None]:
    """(float64 norms, mpmath norms, breakdown step) of case ``index`` over the full horizon."""
    case = bptt.CASES[index]
    weights = case.weights()
    measured = bptt.jacobian_norms(weights, case.activation)
    exact = bptt.exact_jacobian_norms(weights, case.activation)
    return measured, exact, bptt.first_disagreement(measured, exact)


def _float(value: float, digits: int = 3) -> str:
    if value == 0:
        return "**0** (underflow)"
    if not numpy.isfinite(value):
        return "**inf** (overflow)"
    return f"{value:.{digits}g}"


def _exact(value: mpmath.mpf, digits: int = 3) -> str:
    return mpmath.nstr(value, digits, min_fixed=-4, max_fixed=4)


def jacobian_norm_table() -> str:
    """One row per case: ‖W‖₂, γ, η, ρ(W), whether η < 1, and ‖∂x_l/∂x_0‖₂ at l = 10, 100, 1000."""
    header = (
        "| W | σ | λ₁ = ‖W‖₂ | γ | η = γλ₁ | ρ(W) | bound applies | "
        + " | ".join(f"l = {lag}" for lag in LAGS)
        + " | l = 1000 (mpmath) |"
    )
    lines = [header, "|" + "---|" * (9 + len(LAGS) - 1)]
    for index, case in enumerate(bptt.CASES):
        weights = case.weights()
        norms, exact, _ = _measured(index)
        radius = float(numpy.max(numpy.abs(numpy.linalg.eigvals(weights))))
        eta = case.eta()
        cells = [
            case.label.split(",")[0], case.activation,
            f"{numpy.linalg.norm(weights, 2):.3f}", f"{bptt.nonlinearity(case.activation).gamma:g}",
            f"{eta:.3f}", f"{radius:.3f}", "yes: ≤ ηˡ" if eta < 1 else "no",
            *(_float(norms[lag]) for lag in LAGS), _exact(exact[bptt.HORIZON]),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(
        f"*d = {bptt.SIZE}, seed {bptt.SEED}, one trajectory of "
        f"$x_t = W\\sigma(x_{{t-1}}) + W_{{in}}u_t + b$ per row; "
        f"computed by `derivations.bptt.jacobian_norms` and `exact_jacobian_norms`.*"
    )
    return "\n".join(lines)


def breakdown_table() -> str:
    """Where float64 stops telling the truth, beside the mpmath value of the same product."""
    lines = [
        "| W | σ | first wrong l | float64 there | mpmath there | float64 at l = 1000 |",
        "|---|---|---|---|---|---|",
    ]
    for index, case in enumerate(bptt.CASES):
        norms, exact, breakdown = _measured(index)
        if breakdown is None:
            there = ["never (to l = 1000)", "—", "—"]
        else:
            there = [str(breakdown), _float(norms[breakdown], 10), _exact(exact[breakdown], 10)]
        lines.append(f"| {case.label.split(',')[0]} | {case.activation} | "
                     + " | ".join(there) + f" | {_float(norms[-1])} |")
    lines.append("")
    lines.append(
        f"*First l at which float64's norm is 0, inf, or differs from the mpmath product of "
        f"the same factors by more than a relative {bptt.TOLERANCE:g} "
        f"(`derivations.bptt.float64_breakdown`). Subnormal numbers lose digits before they "
        f"reach 0, which is why the first wrong l comes before the first 0.*"
    )
    return "\n".join(lines)


def clipping_table() -> str:
    """Clipping on the exploding case (Gaussian ×3, linear): the norm capped, the direction kept."""
    case = next(c for c in bptt.CASES if c.activation == "linear" and c.scale > 1)
    gradients = bptt.backpropagated_gradients(case.weights(), case.activation, max(CLIP_LAGS))
    lines = [
        f"| l | ‖g‖ | ‖clip(g)‖, τ = {CLIP_THRESHOLD:g} | cos∠(clip(g), g) |",
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
        lines.append(f"| {lag} | {length:.3g} | {bptt.vector_norm(clipped):.6g} | {cosine:.12f} |")
    lines.append("")
    lines.append(
        f"*$g = e\\,\\partial x_l/\\partial x_0$ for a fixed unit row $e$, case "
        f"“{case.label}”; `derivations.bptt.backpropagated_gradients` and `clip_by_norm`. "
        "Clipping must act before the gradient overflows: an inf cannot be rescaled; and the "
        "norm itself must be computed with scaling, since Σgᵢ² overflows once ‖g‖ ≳ 1e154.*"
    )
    return "\n".join(lines)


def norm_plot() -> str:
    """An inline SVG: log₁₀‖∂x_l/∂x_0‖₂ against l for every case, with ηˡ dashed where η < 1."""
    width, height, left, right, top, bottom = 800, 420, 60, 270, 20, 40
    y_limit = 330

    def x(lag: float) -> float:
        return left + (width - left - right) * lag / bptt.HORIZON

    def y(log_value: float) -> float:
        return top + (height - top - bottom) * (y_limit - log_value) / (2 * y_limit)

    parts = svg.log_axes(
        left, x(bptt.HORIZON), height - bottom,
        rows=[(y(exponent), f"1e{exponent}") for exponent in range(-300, 301, 100)],
        columns=[(x(lag), str(lag)) for lag in range(0, bptt.HORIZON + 1, 200)],
        title=(x(bptt.HORIZON / 2), height - 6, "l = t − k"),
    )
    for limit, name in ((308.25, "float64 max"), (-323.3, "float64 min (subnormal)")):
        parts += [svg.line((left, y(limit)), (x(bptt.HORIZON), y(limit)), svg.THEME.muted,
                           dash="3 3"),
                  svg.text(left + 4, y(limit) + (12 if limit < 0 else -4), name)]
    stops = 0  # stagger the "× 0 at l" notes so that neighbouring ones do not overlap
    for index, case in enumerate(bptt.CASES):
        colour = PLOT_COLOURS[index % len(PLOT_COLOURS)]
        norms, _, _ = _measured(index)
        points = []
        for lag, value in enumerate(norms):
            if not numpy.isfinite(value) or value == 0:
                note_y = max(top + 12, y(math.log10(norms[lag - 1])) - 14 * stops)
                parts.append(svg.text(x(lag) + 4, note_y,
                                      f'× {"inf" if value else "0"} at {lag}', colour))
                stops += 1
                break
            points.append((x(lag), y(math.log10(value))))
        parts.append(svg.polyline(points[::2] + points[-1:], colour))
        eta = case.eta()
        if eta < 1:
            reach = min(bptt.HORIZON, y_limit / -math.log10(eta))
            parts.append(svg.line((x(0), y(0)), (x(reach), y(reach * math.log10(eta))), colour,
                                  width=1.2, dash="6 4"))
        legend = case.label + (f" (dashed ηˡ, η = {eta:.2f})" if eta < 1 else "")
        parts.append(svg.text(width - right + 10, top + 14 + 16 * index, legend, colour))
    return svg.document(width, height, "Jacobian norm against l on a log scale", parts,
                        font_size=11)


TABLES: dict[str, Callable[[], str]] = {
    "ch3-jacobian-norms": jacobian_norm_table,
    "ch3-float64-breakdown": breakdown_table,
    "ch3-clipping": clipping_table,
    "ch3-norm-plot": norm_plot,
}
