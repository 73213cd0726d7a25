"""Chapter 5's exercises, each read off one of the chapter's tables or figures.

Every number in a task, an answer box and a solution comes from
``experiments/results/full.json`` through :mod:`experiments.analysis` and the helpers the
chapter's figures use (:mod:`sitebuild.tables.ch5`), so an exercise cannot disagree with the
table or figure it asks about, nor with its own answer. A solution prints its answer rounded
(``\\approx 0.769``) where it is not exact; the answer box asks for those digits
(``site/javascripts/answers.js``). Included as ``--8<-- "tables/ch5-exercise-N.md"``.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from fractions import Fraction
from functools import cache

from experiments import analysis
from experiments.analysis import Group, arm_label
from experiments.tasks import TASKS
from sitebuild.answers import exercise_block
from sitebuild.tables.ch5 import CURVE_TASK, median_spectrum

SOURCE = ("read from `experiments/results/full.json` when the site is built, as the chapter's "
          "tables and figures are; arithmetic on measurements, not checked by machine.")
FIGURES = 3  # significant digits an answer read from a figure's numbers is asked for
PARTLY = ("orthogonal", "rotation", "identity", "gaussian-1")  # 5.2: first with some successes


@cache
def _results() -> dict:
    return analysis.load("full")


def _group(task_name: str, length: int, arm: str) -> Group:
    return next(g for g in analysis.groups(_results())
                if (g.task, g.length, g.arm) == (task_name, length, arm))


def _rounded(value: float, digits: int = FIGURES) -> str:
    """``value`` to ``digits`` significant digits, trailing zeros kept: what the box asks for."""
    text = f"{value:#.{digits}g}"
    if "e" in text:
        raise ValueError(f"rounded: {value} needs an exponent; print it as a power of ten")
    return text.rstrip(".")


def _panels() -> list[tuple[str, int]]:
    sweep = _results()["provenance"]["sweep"]
    return [(name, length) for name in sweep["tasks"] for length in sweep["lengths"]]


def _share(fraction: Fraction) -> str:
    """A fraction's decimal: exact when it ends, else rounded (and then asked for rounded)."""
    denominator = fraction.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator == 1:
        return f"= {float(fraction)!r}"
    return rf"\approx {_rounded(float(fraction))}"


def orthogonal_share() -> str:
    """5.1: the share of the orthogonal start's runs that succeed, from the success table."""
    groups = [_group(task_name, length, "orthogonal") for task_name, length in _panels()]
    successes = sum(group.successes for group in groups)
    runs = sum(len(group.runs) for group in groups)
    share = Fraction(successes, runs)
    cells = ", ".join(f"{group.successes}/{len(group.runs)}" for group in groups)
    return exercise_block(
        "5.1", "routine",
        "In the table of [§5.2](#52-which-starts-learn), what share of all the runs from the "
        "orthogonal start succeed, over both tasks and both lengths?",
        "Add the successes in the orthogonal row and divide by the number of runs they are "
        "out of.",
        "exercise-5-1", share, "Successes of the orthogonal start",
        f"Its row reads {cells}: {successes} successes in {runs} runs, a share of "
        f"${successes}/{runs} {_share(share)}$.",
        SOURCE, direction=False,
    )


def wilson_upper_end() -> str:
    """5.2: the upper end of the 95 % Wilson interval of a group with some successes, from the
    success plot's bars."""
    task_name, length = CURVE_TASK
    group = next(g for g in (_group(task_name, length, arm) for arm in PARTLY)
                 if 0 < g.successes < len(g.runs))
    k, n, z = group.successes, len(group.runs), analysis.Z_95
    quantile = f"{z:.2f}"
    low, high = group.interval
    rate = k / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    if not math.isclose(centre + half, high):
        raise ValueError(f"exercise 5.2: {centre} + {half} is not the interval's end {high}")
    return exercise_block(
        "5.2", "medium",
        f"The {arm_label(group.arm)} start solves the {length}-step "
        f"{TASKS[task_name].title.lower()} task from {k} seeds of {n}. What is the upper end "
        f"of the 95 % Wilson score interval for its success rate, the right end of its bar in "
        f"the plot of [§5.2](#52-which-starts-learn)? Give {FIGURES} significant digits.",
        # The run count and the normal quantile as numbers: the notation's n counts
        # multiplications and its z is a scaled eigenvalue.
        rf"With $\hat p = {k}/{n}$ from {n} runs and the normal quantile "
        rf"${quantile}$ (95 % of a normal distribution lies within {quantile} standard "
        rf"deviations of its mean), the upper end is the centre "
        rf"$(\hat p + {quantile}^2/{2 * n})/(1 + {quantile}^2/{n})$ plus the half-width"
        "\n"
        rf"${quantile}\sqrt{{\hat p(1 - \hat p)/{n} + {quantile}^2/{4 * n * n}}}\,/\,"
        rf"(1 + {quantile}^2/{n})$.",
        "exercise-5-2", high, "How well one success rate is known",
        rf"With $\hat p = {k}/{n}$ and the quantile ${quantile}$ the centre is "
        rf"$\approx {_rounded(centre)}$ and the half-width $\approx {_rounded(half)}$, so the "
        rf"upper end is $\approx {_rounded(high)}$ (and the lower end "
        rf"$\approx {_rounded(low)}$). {k} successes in {n} are consistent with a true "
        f"success rate anywhere from {low:.0%} to {high:.0%}.",
        SOURCE,
    )


def gradient_bound() -> str:
    """5.3: what chapter 3's bound allows the scale-0.5 Gaussian start across the whole
    sequence, from the gradient figure's left panel."""
    task_name, length = CURVE_TASK
    group = _group(task_name, length, "gaussian-0.5")
    eta = statistics.median(run["start"]["eta"] for run in group.runs)
    allowed = eta**length
    norms = analysis.median_profile(group, "0")
    measured = norms[0] / norms[-1]
    return exercise_block(
        "5.3", "medium",
        rf"At the start of training, the median of the {len(group.runs)} seeds' $\eta$ for "
        rf"the Gaussian start "
        rf"with $\kappa = 0.5$ on {TASKS[task_name].title.lower()} with {length} steps is "
        rf"$\eta = {eta!r}$ ([§5.3](#53-the-gradient-across-time)). Chapter 3's bound says "
        r"$\lVert\delta_k\rVert \le \lVert\delta_T\rVert\,\eta^{T-k}$. At most what fraction "
        rf"of its size at the last step can the gradient keep {length} steps back? Give "
        f"{FIGURES} significant digits.",
        rf"The fraction is $\eta^{{T-k}}$ with $T - k = {length}$.",
        "exercise-5-3", allowed, "What the bound allows a small Gaussian start",
        rf"$\eta^{{{length}}} = {eta!r}^{{{length}}} \approx {_rounded(allowed)}$: the bound "
        rf"lets through at most {allowed:.1%} of the gradient. The measured gradient (the solid "
        f"line of the left panel) keeps about $10^{{{round(math.log10(measured))}}}$ of its "
        "size: the bound forces vanishing, and the measured gradient vanishes faster still.",
        SOURCE,
    )


def spectrum_spread() -> str:
    """5.4: how far from orthogonal the orthogonal start ends, from the singular value plot."""
    task_name, length = CURVE_TASK
    group = _group(task_name, length, "orthogonal")
    start, end = median_spectrum(group, "start"), median_spectrum(group, "end")
    size = len(end)
    ratio = end[0] / end[-1]
    return exercise_block(
        "5.4", "routine",
        rf"In the figure of [§5.4](#54-does-an-orthogonal-start-stay-orthogonal), the orthogonal "
        rf"start's singular values after training "
        rf"(the solid line of its panel, medians over the seeds) run from $s_1 = {end[0]!r}$ "
        rf"down to $s_{{{size}}} = {end[-1]!r}$. What is the ratio $s_1/s_{{{size}}}$, which "
        f"is 1 for an orthogonal matrix? Give {FIGURES} significant digits.",
        "Divide the largest singular value by the smallest; for an orthogonal matrix both "
        "are 1.",
        "exercise-5-4", ratio, "How far training moves an orthogonal start",
        rf"$s_1/s_{{{size}}} = {end[0]!r}/{end[-1]!r} \approx {_rounded(ratio)}$: after "
        f"{_results()['provenance']['sweep']['settings']['updates']} updates the matrix "
        "stretches its most favoured direction that many times as much as its least. At the "
        "start "
        rf"the same ratio was ${_rounded(start[0] / start[-1])}$: the dashed line is flat.",
        SOURCE,
    )


TABLES: dict[str, Callable[[], str]] = {
    "ch5-exercise-1": orthogonal_share,
    "ch5-exercise-2": wilson_upper_end,
    "ch5-exercise-3": gradient_bound,
    "ch5-exercise-4": spectrum_spread,
}
