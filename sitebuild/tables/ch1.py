"""Chapter 1's generated tables and figure: what Binet's formula costs in bits, and the
chapter's question drawn, the norms of three matrices' powers."""

from __future__ import annotations

import math

from derivations import matrix_powers, notation
from derivations.fibonacci import binet_precision_table
from sitebuild import svg


def binet_precision() -> str:
    """n, digits of F(n), predicted bits n·log₂φ, and the measured minimal precision."""
    rows = [
        "| $n$ | digits of $F_n$ | $n\\log_2\\varphi$ | fewest bits that round to $F_n$ |",
        "|---:|---:|---:|---:|",
    ]
    for row in binet_precision_table():
        rows.append(
            f"| {row.n} | {row.digits_of_fib} | {row.predicted_bits:.1f} | {row.minimal_bits} |"
        )
    return "\n".join(rows) + "\n"


def three_fates() -> svg.Figure:
    """An inline SVG: ‖W^t‖₂ on a log axis for t ≤ 64, for Merity's three 5×5 matrices (the
    chapter's videos), one vanishing, one exploding, one orthogonal."""
    width, height, left, right, top, bottom = 700, 320, 64, 170, 14, 56
    steps, low, high = matrix_powers.STEPS, -4, 3
    plot_bottom = height - bottom

    def x(step: float) -> float:
        return left + (width - left - right) * step / steps

    def y(log_value: float) -> float:
        return top + (plot_bottom - top) * (high - log_value) / (high - low)

    parts = svg.log_axes(
        left, x(steps), plot_bottom,
        rows=[(y(exponent), f"1e{exponent}") for exponent in range(low, high + 1)],
        columns=[(x(step), str(step)) for step in range(0, steps + 1, 16)],
        title=(x(steps / 2), plot_bottom + 38, "multiplications by W, t"),
    )
    fates = (("exploding", notation.EXPLODING, "explodes"),
             ("orthogonal", notation.PRESERVING, "keeps norm 1"),
             ("vanishing", notation.VANISHING, "vanishes"))
    for kind, colour, verb in fates:
        matrix = matrix_powers.example_matrix(kind)
        norms = matrix_powers.spectral_norms(matrix_powers.powers(matrix, steps))
        parts.append(svg.polyline([(x(t), y(math.log10(value))) for t, value in enumerate(norms)],
                                  colour, width=2.5, series=kind))
        radius = matrix_powers.spectral_radius(matrix)
        end = y(math.log10(norms[-1]))
        parts.append(svg.text(x(steps) + 8, end + 18, verb, colour, size=14, label_for=kind))
        if kind == "orthogonal":
            parts.append(svg.text(x(steps) + 8, end - 2, "orthogonal", colour, size=14,
                                  label_for=kind))
        else:
            parts.append(svg.math(x(steps) + 8, end - 2, rf"\rho(W) = {radius:.1f}", colour,
                                  size=15, box=150, label_for=kind))
    return svg.document(width, height, "Spectral norm of the t-th power of three 5 by 5 "
                        "matrices on a log scale, t from 0 to 64: with spectral radius 1.1 it "
                        "explodes, for an orthogonal matrix it stays 1, with spectral radius 0.9 "
                        "it vanishes",
                        parts, font_size=15)


TABLES = {"ch1-binet-precision": binet_precision, "ch1-three-fates": three_fates}
