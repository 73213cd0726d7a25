"""Chapter 5: the size of the gradient across time while small networks train.

    manim -ql animations/scenes/training_gradients.py GradientNormsThroughTraining
    python -m animations.render GradientNormsThroughTraining --set task=copy --set seed=3

Every number comes from the committed experiment results
(``experiments/results/full.json``, read through :mod:`experiments.analysis`):
nothing is trained while rendering.
"""

from __future__ import annotations

import math

import manim

from animations import style
from animations.narration import Words, said, series, words
from animations.parameters import Choice, Integer, Parameters
from experiments import analysis
from experiments.tasks import TASKS

LENGTH = 60
SEEDS = 5  # the sweep's seeds 0 … 4
ARMS = ("gaussian-0.5", "gaussian-3", "orthogonal", "antisymmetric-0.1")
LOG_LOW, LOG_HIGH = -24, 8  # the y axis spans 10^−24 … 10^8
NAMES_BUFF = 0.45  # the curves' names stand this far right of their ends, joined by leaders
# The arms' and tasks' names as words every language says (checked against the results' own).
ARM_WORDS = {
    "gaussian-0.5": words("training.arm-gaussian", "Gaussian, scale {scale}", scale="0.5"),
    "gaussian-3": words("training.arm-gaussian", "Gaussian, scale {scale}", scale="3"),
    "orthogonal": words("training.arm-orthogonal", "orthogonal"),
    "antisymmetric-0.1": words("training.arm-antisymmetric", "antisymmetric, diffusion {gamma}",
                               gamma="0.1"),
}
TASK_WORDS = {"order": words("training.task-order", "temporal order"),
              "copy": words("training.task-copy", "copy")}


def arm_words(arm: str) -> Words:
    """The arm's name (:func:`experiments.analysis.arm_label`) as words."""
    if said(ARM_WORDS[arm]) != analysis.arm_label(arm):
        raise ValueError(f"ARM_WORDS[{arm!r}] says {said(ARM_WORDS[arm])!r}, but the results "
                         f"name the arm {analysis.arm_label(arm)!r}")
    return ARM_WORDS[arm]


def task_words(task: str) -> Words:
    """The task's title (:data:`experiments.tasks.TASKS`), lower-case, as words."""
    if said(TASK_WORDS[task]) != TASKS[task].title.lower():
        raise ValueError(f"TASK_WORDS[{task!r}] differs from the task's title")
    return TASK_WORDS[task]


def _height(value: float | None) -> float:
    """A norm's place on the axis: log₁₀ of it above the floor, clamped (None is an overflow)."""
    if value is None:
        return LOG_HIGH - LOG_LOW
    if value <= 0:
        return 0.0
    return min(max(math.log10(value), LOG_LOW), LOG_HIGH) - LOG_LOW


def _curve(axes: manim.Axes, norms: list[float | None], colour: str, *,
           dashed: bool = False) -> manim.VMobject:
    """‖∂L/∂h_k‖ against l = T − k, up to where it leaves the top of the axis (a bound that
    explodes would otherwise run along the top edge as if it levelled off)."""
    points = []
    for k in range(len(norms) - 1, -1, -1):  # from l = 0 outwards
        points.append(axes.c2p(LENGTH - k, _height(norms[k])))
        if _height(norms[k]) >= LOG_HIGH - LOG_LOW:
            break
    points.reverse()
    curve = manim.VMobject(stroke_color=colour, stroke_width=2 if dashed else 4)
    curve.set_points_as_corners(points)
    return manim.DashedVMobject(curve, num_dashes=40) if dashed else curve


def _accuracy(run: dict, update: int) -> Words:
    return words("training.accuracy", "accuracy {percent}%", percent=_percent(run, update))


def _percent(run: dict, update: int) -> str:
    """The run's test accuracy after ``update`` updates, in whole percent (the number only)."""
    curve = run["curve"]
    return f"{curve['test_metric'][curve['update'].index(update)]:.0%}".removesuffix("%")


class GradientNormsThroughTraining(style.CompanionScene):
    """How the gradient's size across time changes while four networks learn temporal order."""

    TITLE = "Gradient norms through training"
    PARAMETERS = Parameters(
        Choice("task", "the task the networks learn (from the committed sweep)", value="order",
               choices=("order", "copy")),
        Integer("seed", "which of the sweep's seeded runs is drawn", value=0, low=0,
                high=SEEDS - 1),
    )

    def construct(self) -> None:
        task, seed = self.values["task"], self.values["seed"]
        full = analysis.load("full")
        runs = {arm: analysis.find(full, task, LENGTH, arm, seed) for arm in ARMS}
        snapshots = sorted(runs[ARMS[0]]["profiles"], key=int)
        axes = manim.Axes(
            x_range=[0, LENGTH, 10], y_range=[0, LOG_HIGH - LOG_LOW, 8], x_length=5.2,
            y_length=4.2, tips=False, axis_config={"color": style.MUTED},
        ).to_edge(manim.LEFT, buff=1.1).shift(0.45 * manim.UP)  # labels clear of the controls
        x_labels = manim.VGroup(*(
            manim.MathTex(str(lag), font_size=24, color=style.MUTED)
            .next_to(axes.c2p(lag, 0), manim.DOWN, buff=0.15)
            for lag in range(0, LENGTH + 1, 20)))
        y_labels = manim.VGroup(*(
            manim.MathTex(f"10^{{{e}}}", font_size=24, color=style.MUTED)
            .next_to(axes.c2p(0, e - LOG_LOW), manim.LEFT, buff=0.12)
            for e in range(LOG_LOW, LOG_HIGH + 1, 8)))
        x_title = manim.MathTex(r"l = T - k", font_size=30).next_to(x_labels, manim.DOWN, 0.15)
        if style.LANG == "en":  # in English, the words set inside the formula, as they were
            title = manim.MathTex(
                r"\lVert \partial\mathcal{L}/\partial h_k \rVert"
                rf"\text{{ while learning {said(task_words(task))}, }}" + f"T = {LENGTH}",
                font_size=36)
        else:
            title = style.label(words(
                "training.title", r"$\lVert \partial\mathcal{{L}}/\partial h_k \rVert$ while "
                "learning {task}, $T = {length}$", task=task_words(task), length=str(LENGTH)),
                36)
        title.to_edge(manim.UP, buff=0.3)
        counter = manim.VGroup(style.label(words("training.update", "update"), 26),
                               manim.Integer(0, font_size=36, group_with_commas=False))
        counter.arrange(manim.RIGHT, buff=0.2)
        legend = manim.VGroup()
        readouts = {}
        for arm in ARMS:
            colour = style.hue(analysis.arm_colour(arm))
            readouts[arm] = style.label(_accuracy(runs[arm], 0), 18, style.MUTED)
            entry = manim.VGroup(style.label(arm_words(arm), 20, colour), readouts[arm])
            legend.add(entry.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.08))
        note = manim.VGroup(
            style.label(words("training.bound-note", "dashed: chapter 3's bound at the start"), 18,
                        style.MUTED),
            style.label(words("training.success", "success: accuracy from {percent}%",
                              percent=f"{TASKS[task].threshold:.0%}".removesuffix("%")), 18,
                        style.MUTED))
        note.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.08)
        side = manim.VGroup(counter, legend.arrange(manim.DOWN, aligned_edge=manim.LEFT,
                                                    buff=0.3), note)
        side.arrange(manim.DOWN, aligned_edge=manim.LEFT, buff=0.45)
        # The side column keeps to the right edge: between it and the plot, each curve's name.
        side.to_edge(manim.RIGHT, buff=0.3).align_to(axes, manim.UP)

        def names(snapshot: str) -> list[manim.VGroup]:
            """Each solid curve's name at its right end (where it leaves the top, if it does),
            then "upper bound" at each dashed bound's, in its curve's colour: placed together,
            so each name keeps its curve's place in the order of the ends."""
            ends = []
            bound = words("training.upper-bound", "upper bound")
            for kind, name in (("gradient_norms", None), ("bound", bound)):
                for arm in ARMS:
                    colour = style.hue(analysis.arm_colour(arm))
                    norms = runs[arm]["profiles"][snapshot if name is None else "0"][kind]
                    ends.append((_curve(axes, norms, colour).get_start(),
                                 style.label(name or arm_words(arm), 18, colour), colour))
            return style.end_labels(ends, top=axes.get_top()[1], bottom=axes.get_bottom()[1],
                                    avoid=(side,), buff=NAMES_BUFF)
        self.add(title)
        self.narrate(words("training.setting", "Four networks learn {task} over T = {length} "
                           "steps, with seed {seed}. The plot shows the size of the gradient of "
                           "the loss with respect to h(k), on a log axis, against the distance "
                           "l = T - k.", task=task_words(task), length=str(LENGTH),
                           seed=str(seed)))
        self.play(manim.Create(axes), manim.FadeIn(x_labels, y_labels, x_title), run_time=0.8)
        self.play(manim.FadeIn(side), run_time=0.5)
        curves = {}
        labels = names("0")
        for arm, name, bound_name in zip(ARMS, labels, labels[len(ARMS):], strict=False):
            # the first says what the curves are; the rest only whose they are
            self.narrate(words("training.first-arm", "{arm}: solid, its gradient norms at the "
                               "start; dashed, chapter 3's bound from its own eta.",
                               arm=arm_words(arm)) if arm == ARMS[0]
                         else words("training.arm", "{arm}.", arm=arm_words(arm)))
            profile = runs[arm]["profiles"]["0"]
            colour = style.hue(analysis.arm_colour(arm))
            curves[arm] = _curve(axes, profile["gradient_norms"], colour)
            self.play(manim.Create(_curve(axes, profile["bound"], colour, dashed=True)),
                      manim.Create(curves[arm]), run_time=1.0)
            self.play(manim.FadeIn(name, bound_name), run_time=0.3)
        self.wait(0.5)
        self.narrate(words("training.runs", "Training runs: the curves and accuracies follow "
                           "every {every} updates.", every=str(int(snapshots[1]))))
        for snapshot in snapshots[1:]:
            update = int(snapshot)
            changes = [counter[1].animate.set_value(update)]
            for arm in ARMS:
                norms = runs[arm]["profiles"][snapshot]["gradient_norms"]
                colour = style.hue(analysis.arm_colour(arm))
                changes.append(manim.Transform(curves[arm], _curve(axes, norms, colour)))
                readout = style.label(_accuracy(runs[arm], update), 18, style.MUTED)
                changes.append(manim.Transform(readouts[arm],
                                               readout.move_to(readouts[arm], manim.LEFT)))
            changes += [manim.Transform(old, new) for old, new in zip(labels, names(snapshot),
                                                                       strict=True)]
            self.play(*changes, run_time=1.4)
        last = int(snapshots[-1])
        self.narrate(words("training.final", "After {updates} updates, the test accuracy: "
                           "{accuracies}.", updates=str(last), accuracies=series(
                               (words("training.arm-accuracy", "{arm}, {percent} percent",
                                      arm=arm_words(arm), percent=_percent(runs[arm], last))
                                for arm in ARMS), "semicolons")))
        self.wait(1.5)


SCENES = (GradientNormsThroughTraining,)
