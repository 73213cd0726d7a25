"""Chapter 2's generated tables and cost plot, computed at build time by the derivations library.

* ``ch2-haar-recipes``: five recipes for a "random orthogonal matrix" against
  the exact Haar moments (seeded; 4,000 samples at d = 2 and d = 8; < 1 s).
* ``ch2-structured-initialisers``: orthogonal / identity / dirac, their
  PyTorch and Keras names, and what this library's version produces.
* ``ch2-cost-plot``: an inline SVG of a *small* timing run made at build
  time (n = 16 … 256, median of 5, well under a second). Timing at build, rather than
  reading a file the benchmark wrote, keeps the page honest about the machine
  that built it and needs no committed output; the large sizes (up to 4096,
  against PyTorch) are the job of ``benchmarks/orthogonal_init.py``. The timings are kept
  with the tables (while this module is unchanged), so the plot in another language's words
  (``[cost-plot]`` of ``sitebuild/reports.toml``) draws the same numbers.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from functools import cache

import numpy

from derivations import haar, notation
from derivations.init import dirac, identity, orthogonal
from foundation import palette
from sitebuild import svg
from sitebuild.cache import load_or_compute, sources_digest
from sitebuild.translation.templates import Words, english

HAAR_SIZES = (2, 8)
HAAR_SAMPLES = 4000
HAAR_SEED = 2016
Z_FLAG = 4.0  # |z| above this is reported as "not Haar" (chance ≈ 6e-5 per Haar statistic)
COST_SIZES = (16, 32, 64, 128, 256)
COST_REPEATS = 5


# Short names, so the table fits the column; the appendix's prose says what each recipe is.
RECIPE_LABELS = {
    "qr-lapack": "QR, no sign fix",
    "qr-mezzadri": "QR with sign fix",
    "reflectors": "reflectors (this library)",
    "svd-u": "$U$ of the SVD",
    "polar": "polar factor $UV^\\top$",
}
STATISTIC_LABELS = (r"$E[\operatorname{tr} Q]$", r"$E[(\operatorname{tr} Q)^2]$", r"$E[Q_{11}]$",
                    r"$d\,E[Q_{11}^2]$")


def _z_cell(estimate: haar.Estimate) -> str:
    z = estimate.z
    shown = "const." if math.isinf(z) else f"{z:+.1f}"
    value = f"{estimate.mean:+.3f} ({shown})"
    return f"**{value}**" if abs(z) > Z_FLAG else value


def haar_recipes() -> str:
    """One row per recipe and size d: the four sample means with their z-scores, and a verdict."""
    if len(STATISTIC_LABELS) != len(haar.HAAR_VALUES) or set(RECIPE_LABELS) != set(haar.RECIPES):
        raise ValueError("ch2-haar-recipes: the labels do not match derivations.haar's "
                         f"statistics {list(haar.HAAR_VALUES)} and recipes {list(haar.RECIPES)}")
    exact = " | ".join(f"{value:g}" for value in haar.HAAR_VALUES.values())
    lines = [f"| recipe | {' | '.join(STATISTIC_LABELS)} | Haar? |",
             "|---|" + "---:|" * len(STATISTIC_LABELS) + "---|",
             f"| *exact Haar value* | {exact} | |"]
    blank = " |" * len(STATISTIC_LABELS)
    for size in HAAR_SIZES:
        lines.append(f"| ***size $d = {size}$*** |{blank} |")
        for key in haar.RECIPES:
            stack = haar.samples(key, size, HAAR_SAMPLES, seed=HAAR_SEED)
            estimates = haar.estimates(stack)
            verdict = "no" if any(abs(e.z) > Z_FLAG for e in estimates) else "consistent"
            cells = " | ".join(_z_cell(e) for e in estimates)
            lines.append(f"| {RECIPE_LABELS[key]} | {cells} | {verdict} |")
    lines += [
        "",
        f"*Sample mean (z-score) over {HAAR_SAMPLES:,} seeded samples (seed {HAAR_SEED}) per "
        f"row; bold when the z-score is beyond $\\pm {Z_FLAG:g}$; “const.” marks a statistic "
        "that never varied. "
        "“consistent” means no statistic detects a "
        "difference at this sample size, which is evidence, not proof; a bold entry is a proof "
        "of non-uniformity for all practical purposes. Computed by `derivations.haar` when the "
        "site was built.*",
    ]
    return "\n".join(lines) + "\n"


def _matrix_cell(matrix: numpy.ndarray) -> str:
    rows = ["[" + ", ".join(f"{v:g}" for v in row) + "]" for row in matrix]
    return "`[" + ", ".join(rows) + "]`"


def structured_initialisers() -> str:
    """The table of the tutorial's structured initialisers, with this library's output."""
    q = orthogonal((3, 2), rng=0)
    singular = numpy.linalg.svd(q, compute_uv=False)
    kernel = dirac((2, 2, 3))
    lines = [
        "| initialiser | PyTorch | Keras | this library | shapes | example output |",
        "|---|---|---|---|---|---|",
        "| orthogonal | `nn.init.orthogonal_(w, gain)` | `initializers.Orthogonal(gain)` | "
        "`orthogonal(shape, gain=…)` | at least 2 dimensions, any rectangle | "
        f"$3 \\times 2$ with singular values {', '.join(f'{s:.12g}' for s in singular)} |",
        "| identity | `nn.init.eye_(w)` | `initializers.Identity(gain)` | "
        "`identity(shape, gain=…)` | exactly 2 dims, rectangles allowed | "
        f"{_matrix_cell(identity((2, 3)))} |",
        "| dirac | `nn.init.dirac_(w, groups)` | — | `dirac(shape, groups=…)` | "
        "3, 4 or 5 dims (out, in, *kernel) | "
        f"centre taps {_matrix_cell(kernel[:, :, 1])}, other taps 0 |",
        "| per-gate orthogonal | loop over `weight_hh` blocks | — (Keras's `Orthogonal` on the "
        "whole $(h, 4h)$ kernel) | `orthogonal_gates(hidden, gates)` | `(gates * h, h)` | "
        "each $h \\times h$ block orthogonal |",
    ]
    return "\n".join(lines) + "\n"


# The contenders' names with words, said by these keys of ``[cost-plot]`` (the others are code).
CONTENDERS = {"orthogonal (QR route)": "qr", "numpy.linalg.qr alone": "numpy"}


@cache
def _timings() -> dict[str, list[float]]:
    """The medians, measured once per version of this module and of the initialisers."""
    return load_or_compute("ch2-cost-timings",
                           sources_digest("sitebuild/tables/ch2.py", "derivations/init.py"),
                           _measure)


def _measure() -> dict[str, list[float]]:
    rng = numpy.random.default_rng(0)
    contenders: dict[str, Callable[[int], object]] = {
        "orthogonal (QR route)": lambda n: orthogonal((n, n), rng=rng),
        "orthogonal, method='svd'": lambda n: orthogonal((n, n), rng=rng, method="svd"),
        "numpy.linalg.qr alone": lambda n: numpy.linalg.qr(rng.standard_normal((n, n))),
    }
    medians: dict[str, list[float]] = {name: [] for name in contenders}
    for size in COST_SIZES:
        seconds: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(COST_REPEATS):
            for name, run in contenders.items():  # interleaved: noise hits all alike
                start = time.perf_counter()
                run(size)
                seconds[name].append(time.perf_counter() - start)
        for name in contenders:
            medians[name].append(statistics.median(seconds[name]))
    return medians


def _slope(times: list[float]) -> float:
    return float(numpy.polyfit(numpy.log(COST_SIZES[2:]), numpy.log(times[2:]), 1)[0])


def cost_plot(words: Words | None = None) -> svg.Figure:
    """Inline SVG, log–log: median seconds against d for the library's two methods and numpy QR,
    in the language of ``words`` (English by default)."""
    say = words or english()
    medians = _timings()
    colours = dict(zip(medians, (palette.PRESERVING, palette.ACCENT, palette.NEUTRAL),
                       strict=True))
    width, height, left, right, top, bottom = 720, 360, 64, 272, 20, 44
    low = math.floor(math.log10(min(min(v) for v in medians.values())))
    high = math.ceil(math.log10(max(max(v) for v in medians.values())))
    n_low, n_high = math.log2(COST_SIZES[0]), math.log2(COST_SIZES[-1])

    def x(size: int) -> float:
        return left + (width - left - right) * (math.log2(size) - n_low) / (n_high - n_low)

    def y(seconds: float) -> float:
        return top + (height - top - bottom) * (high - math.log10(seconds)) / (high - low)

    grid = [(y(10.0**e), f"1e{e} s") for e in range(low, high + 1)]
    ticks = [(x(size), str(size)) for size in COST_SIZES]
    parts = svg.log_axes(left, width - right, height - bottom, rows=grid, columns=ticks,
                         title=((left + width - right) / 2, height - 6,
                                say("cost-plot.axis")))
    labels = []
    for name, times in medians.items():
        curve = [(x(s), y(t)) for s, t in zip(COST_SIZES, times, strict=True)]
        parts.append(svg.polyline(curve, colours[name], width=2.5, series=name))
        said = say("cost-plot.end", name=say(f"cost-plot.{CONTENDERS[name]}")
                   if name in CONTENDERS else name,
                   slope=f"{_slope(times):.2f}")
        labels.append(svg.EndLabel(name, curve[-1], said, colours[name]))
    parts += svg.end_labels(labels, width - right + 10, top=top, bottom=height - bottom,
                            spacing=16)
    caption = "\n\n*" + say("cost-plot.caption", repeats=COST_REPEATS, version=numpy.__version__,
                            fitted=f"$d \\geq {COST_SIZES[2]}$",
                            benchmark="`python benchmarks/orthogonal_init.py`",
                            largest="$d = 4096$") + "*\n"
    return svg.document(width, height, say("cost-plot.label"), parts, font_size=13,
                        caption=caption)


# The opening figure's matrices: a turn by 35 degrees, and a matrix that is not orthogonal.
TURN = math.radians(35)
NOT_ORTHOGONAL = ((1.3, 0.6), (0.2, 0.55))


def lengths_kept() -> svg.Figure:
    """An inline SVG, two panels: the unit circle and a vector x mapped by an orthogonal Q (the
    circle onto itself, x to a vector as long) and by a matrix that is not orthogonal (the circle
    onto an ellipse, x to a vector of another length)."""
    width, height, radius, cy = 700, 330, 100, 160
    rotation = ((math.cos(TURN), -math.sin(TURN)), (math.sin(TURN), math.cos(TURN)))
    start = (math.cos(math.radians(30)), math.sin(math.radians(30)))
    parts: list[str] = []
    panels = ((175, rotation, notation.PRESERVING, "Q", r"\lVert Qx\rVert = \lVert x\rVert",
               "orthogonal: the circle onto itself"),
              (525, NOT_ORTHOGONAL, notation.ACCENT, "A", r"\lVert Ax\rVert \neq \lVert x\rVert",
               "not orthogonal: onto an ellipse"))
    for centre, matrix, colour, name, relation, words in panels:

        def at(vector: tuple[float, float], centre: float = centre) -> tuple[float, float]:
            return centre + radius * vector[0], cy - radius * vector[1]

        def apply(vector: tuple[float, float], matrix=matrix) -> tuple[float, float]:
            return (matrix[0][0] * vector[0] + matrix[0][1] * vector[1],
                    matrix[1][0] * vector[0] + matrix[1][1] * vector[1])

        circle = [(math.cos(2 * math.pi * k / 96), math.sin(2 * math.pi * k / 96))
                  for k in range(97)]
        image = apply(start)
        parts += [svg.line((centre - 150, cy), (centre + 150, cy)),
                  svg.line((centre, cy - 140), (centre, cy + 140)),
                  svg.polyline([at(p) for p in circle], svg.THEME.muted, width=1.5, dash="5 4"),
                  svg.polyline([at(apply(p)) for p in circle], colour, width=2.5,
                               series=f"image-by-{name}"),
                  svg.arrow(at((0, 0)), at(start), svg.THEME.foreground),
                  svg.math(at(start)[0] + 4, at(start)[1] + 20, "x", svg.THEME.foreground,
                           size=16, box=30),
                  svg.arrow(at((0, 0)), at(image), colour, width=2.5),
                  svg.math(at(image)[0] + 8, at(image)[1] - 2, f"{name}x", colour, size=16,
                           box=40, label_for=f"image-by-{name}"),  # on the image curve
                  svg.math(centre, 314, relation, colour, anchor="middle", size=16, box=300),
                  svg.text(centre, 20, words, colour, anchor="middle", size=14)]
    return svg.document(width, height, "Two panels. Left: an orthogonal matrix Q maps the unit "
                        "circle onto itself, and a vector x to a vector Qx as long. Right: a "
                        "matrix A that is not orthogonal maps the circle onto an ellipse, and x "
                        "to a vector Ax of another length", parts, font_size=15)


TABLES: dict[str, Callable[[], str | svg.Figure]] = {
    "ch2-lengths-kept": lengths_kept,
    "ch2-haar-recipes": haar_recipes,
    "ch2-structured-initialisers": structured_initialisers,
    "ch2-cost-plot": cost_plot,
}
