"""Reading committed results: success rates with intervals, per task, length and arm.

The site's tables and figures and the chapter-5 animation read the results
through this module, so a page cannot disagree with the file the test suite
checks.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from scipy import stats

from experiments.config import parse_arm
from experiments.sweep import RESULTS, read_results
from experiments.tasks import task
from foundation import palette

Z_95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


class ArmStyle(NamedTuple):
    """How an arm is drawn in every figure and video: a palette hue, a line style (an SVG dash
    array, None for solid) and a marker for dot plots."""

    hue: palette.Hue
    dash: str | None = palette.SOLID
    marker: str = "circle"


# One style per arm: the palette's hue of a meaning where the arm has one (decay, growth, norm
# kept); a relative drawn in its kin's hue is told apart by line style and marker. The six arms
# the gradient figure draws together have six hues.
ARM_STYLES = {
    "gaussian-0.5": ArmStyle(palette.VANISHING), "gaussian-1": ArmStyle(palette.SKY),
    "gaussian-3": ArmStyle(palette.EXPLODING), "orthogonal": ArmStyle(palette.PRESERVING),
    "rotation": ArmStyle(palette.PRESERVING, palette.DASHED, "square"),
    "identity": ArmStyle(palette.GREY),
    "antisymmetric-0.01": ArmStyle(palette.PURPLE, palette.DASHED, "square"),
    "antisymmetric-0.1": ArmStyle(palette.PURPLE), "antisymmetric-1": ArmStyle(palette.ORANGE),
}
OTHER_ARM = ArmStyle(palette.GREY, palette.DOTTED, "diamond")  # an arm outside the default sweep


def arm_label(key: str) -> str:
    """An arm's name in words, e.g. "Gaussian, scale 0.5"."""
    return parse_arm(key).label


def arm_style(key: str) -> ArmStyle:
    """An arm's hue, line style and marker in figures and videos."""
    return ARM_STYLES.get(key, OTHER_ARM)


def arm_colour(key: str) -> palette.Hue:
    """An arm's palette hue in figures and videos."""
    return arm_style(key).hue


def load(name: str = "full") -> dict:
    """The committed results of the sweep ``name`` ("full" or "quick")."""
    path = RESULTS / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(f"name: no results file {path}; run `python -m experiments run"
                                f"{' --quick' if name == 'quick' else ''}`")
    return read_results(path)


def wilson_interval(successes: int, count: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval for a success rate: sensible even at 0/5 and 5/5, where the
    normal approximation collapses to a point.

    >>> [round(bound, 3) for bound in wilson_interval(5, 5)]
    [0.566, 1.0]
    """
    if count < 1 or not 0 <= successes <= count:
        raise ValueError(f"successes, count: expected 0 ≤ successes ≤ count ≥ 1, got "
                         f"{successes}, {count}")
    rate = successes / count
    centre = (rate + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(rate * (1 - rate) / count + z * z / (4 * count * count)) \
        / (1 + z * z / count)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): Student's t interval for the mean of a few seeds' final accuracies.
    With five seeds it is wide; two of them that overlap cannot be told apart.

    >>> [round(x, 3) for x in mean_interval([0.5, 0.6, 0.7])]
    [0.6, 0.352, 0.848]
    """
    if not values:
        raise ValueError("values: expected at least one value")
    mean = statistics.fmean(values)
    if len(values) == 1:
        return mean, mean, mean
    half = float(stats.t.ppf((1 + level) / 2, len(values) - 1)) * statistics.stdev(values) \
        / math.sqrt(len(values))
    return mean, mean - half, mean + half


def beside(interval: tuple[float, float, float], value: float) -> str:
    """How a published number stands against our interval: "above", "below", or "not
    distinguishable" when it lies inside it.

    >>> beside((0.6, 0.5, 0.7), 0.68), beside((0.6, 0.5, 0.7), 0.91)
    ('not distinguishable', 'above')
    """
    _, low, high = interval
    if value > high:
        return "above"
    return "below" if value < low else "not distinguishable"


@dataclass(frozen=True)
class Group:
    """The runs of one arm on one task at one length (one per seed)."""

    task: str
    length: int
    arm: str
    runs: tuple[dict, ...]

    @property
    def successes(self) -> int:
        return sum(run["success"] for run in self.runs)

    @property
    def diverged(self) -> int:
        return sum(run["diverged_at"] is not None for run in self.runs)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.successes, len(self.runs))

    @property
    def final_metrics(self) -> list[float]:
        return [run["final_metric"] for run in self.runs if run["final_metric"] is not None]

    @property
    def mean_interval(self) -> tuple[float, float, float] | None:
        """The mean final metric over seeds with its 95 % interval (see :func:`mean_interval`);
        None if no run finished."""
        finals = self.final_metrics
        return mean_interval(finals) if finals else None

    @property
    def median_metric(self) -> float | None:
        finals = self.final_metrics
        return statistics.median(finals) if finals else None


def groups(results: dict) -> list[Group]:
    """The runs grouped by (task, length, arm), in the order the sweep lists them."""
    found: dict[tuple[str, int, str], list[dict]] = {}
    for run in results["runs"]:
        found.setdefault((run["task"], run["length"], run["arm"]), []).append(run)
    return [Group(*key, tuple(runs)) for key, runs in found.items()]


def find(results: dict, task_name: str, length: int, arm: str, seed: int) -> dict:
    """One run's record."""
    for run in results["runs"]:
        if (run["task"], run["length"], run["arm"], run["seed"]) == (task_name, length, arm, seed):
            return run
    raise KeyError(f"no run {task_name} T={length} {arm} seed {seed} in these results")


def summary_table(results: dict) -> str:
    """A plain-text table: successes, 95 % interval and median final metric per group."""
    width = max([4, *(len(group.task) for group in groups(results))])
    header = f"{'task':<{width}} {'T':>4}  {'arm':<22} {'success':>7}  {'95 % interval':<13} " \
             f"{'median final':>12}  diverged"
    lines = [header, "-" * len(header)]
    for group in groups(results):
        low, high = group.interval
        median = group.median_metric
        metric = task(group.task).metric
        shown = "—" if median is None else f"{median:.3f}"
        lines.append(f"{group.task:<{width}} {group.length:>4}  {group.arm:<22} "
                     f"{group.successes:>3}/{len(group.runs):<3}  [{low:.2f}, {high:.2f}]  "
                     f"{shown:>12} {metric:<8} {group.diverged}")
    return "\n".join(lines)


def results_path(name: str) -> Path:
    """Where the committed results of the sweep ``name`` live."""
    return RESULTS / f"{name}.json"


def median_profile(group: Group, update: str, key: str = "gradient_norms") -> list[float]:
    """The median over seeds of a profile (``gradient_norms`` or ``bound``) at ``update``,
    for every k = 0 … T; a value a run could not store (not finite) counts as infinite."""
    rows = [[math.inf if value is None else value for value in run["profiles"][update][key]]
            for run in group.runs if update in run["profiles"]]
    return [statistics.median(column) for column in zip(*rows, strict=True)]
