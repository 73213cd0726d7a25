"""The two eigenvalues of the Fibonacci matrix: φⁿ explodes, ψⁿ vanishes, F(n+1)/F(n) → φ.

    manim -ql animations/scenes/fibonacci_eigenvalues.py FibonacciEigenvalues
    python -m animations.render FibonacciEigenvalues --set terms=30
"""

from __future__ import annotations

import math

import manim

from animations import builders, style
from animations.narration import words
from animations.parameters import Integer, Parameters
from derivations.ch1_repeated_powers.eigendecomposition import fibonacci_eigendecomposition
from derivations.fibonacci import fib

TERMS = 16


class FibonacciEigenvalues(style.CompanionScene):
    r"""$\varphi^n$ grows, $|\psi|^n$ dies out, and the ratio of consecutive Fibonacci numbers
    settles on $\varphi$."""

    TITLE = "Fibonacci eigenvalues"
    ILLUSTRATES = "fibonacci-eigendecomposition"
    PARAMETERS = Parameters(
        Integer("terms", "how many powers and ratios are drawn", value=TERMS, low=4, high=40),
    )

    def construct(self) -> None:
        terms = self.values["terms"]
        decomposition = fibonacci_eigendecomposition()
        phi = float(decomposition.value("varphi"))
        psi = float(decomposition.value("psi"))
        phi_colour, psi_colour = style.symbol_colour("phi"), style.symbol_colour("psi")
        phi_tex, psi_tex = style.tex_symbol("phi"), style.tex_symbol("psi")

        title = style.formula(
            r"F^n = V\,\Lambda^n V^{-1},\quad \Lambda^n = \operatorname{diag}(",
            rf"{psi_tex}^n", ",", rf"{phi_tex}^n", ")", size=38,
        ).to_edge(manim.UP, buff=0.3)
        title[1].set_color(style.ink(psi_colour))
        title[3].set_color(style.ink(phi_colour))
        reach = max(4, math.ceil(terms * math.log10(phi)))
        y_step = builders.tick_step(2 * reach)
        reach = math.ceil(reach / y_step) * y_step
        x_step = builders.tick_step(terms)
        powers = manim.Axes(
            x_range=[0, terms, x_step], y_range=[-reach, reach, y_step], x_length=5.4,
            y_length=4.4, axis_config={"color": style.MUTED, "font_size": 28}, tips=False,
            y_axis_config={"include_numbers": True},
        ).to_edge(manim.LEFT, buff=0.7).shift(0.1 * manim.DOWN)
        powers_label = style.formula(r"\log_{10}|\lambda^n|", size=28)
        powers_label.next_to(powers, manim.UP, buff=0.1)
        # n runs along the bottom: the x axis itself (at 0) is where both curves start.
        powers_ticks = manim.VGroup(*(
            style.formula(str(n), size=28, colour=style.MUTED)
            .next_to(powers.c2p(n, -reach), manim.DOWN, buff=0.15)
            for n in range(0, terms + 1, x_step)))
        growth = powers.plot_line_graph(
            list(range(terms + 1)), [n * math.log10(phi) for n in range(terms + 1)],
            line_color=phi_colour, add_vertex_dots=terms <= 24,
            vertex_dot_style={"fill_color": phi_colour},
        )
        decay = powers.plot_line_graph(
            list(range(terms + 1)), [n * math.log10(abs(psi)) for n in range(terms + 1)],
            line_color=psi_colour, add_vertex_dots=terms <= 24,
            vertex_dot_style={"fill_color": psi_colour},
        )
        growth_label = style.formula(rf"{phi_tex}^n", colour=phi_colour, size=30)
        growth_label.next_to(powers.c2p(terms, terms * math.log10(phi)), manim.RIGHT,
                             buff=0.15)
        decay_label = style.formula(rf"|{psi_tex}|^n", colour=psi_colour, size=30)
        decay_label.next_to(powers.c2p(terms, terms * math.log10(abs(psi))), manim.RIGHT,
                            buff=0.15)

        ratios = [fib(n + 1) / fib(n) for n in range(1, terms + 1)]
        ratio_axes = manim.Axes(
            x_range=[0, terms, x_step], y_range=[1, 2, 0.25], x_length=5.4, y_length=4.4,
            axis_config={"color": style.MUTED, "font_size": 28}, tips=False,
            y_axis_config={"include_numbers": True},
        ).to_edge(manim.RIGHT, buff=0.6).shift(0.1 * manim.DOWN)
        ratio_ticks = manim.VGroup(*(
            style.formula(str(n), size=28, colour=style.MUTED)
            .next_to(ratio_axes.c2p(n, 1), manim.DOWN, buff=0.15)
            for n in range(0, terms + 1, x_step)))
        ratio_label = style.formula(r"F_{n+1}/F_n", size=28).next_to(ratio_axes, manim.UP, 0.1)
        limit_line = manim.DashedLine(
            ratio_axes.c2p(0, phi), ratio_axes.c2p(terms, phi), color=phi_colour
        )
        shown_phi = f"{phi:.4f}"
        limit_label = style.formula(rf"{phi_tex} \approx {shown_phi}", colour=phi_colour,
                                    size=28)
        limit_label.next_to(limit_line, manim.UP, buff=0.1).align_to(limit_line, manim.RIGHT)
        ratio_graph = ratio_axes.plot_line_graph(
            list(range(1, terms + 1)), ratios, line_color=style.FOREGROUND,
            add_vertex_dots=terms <= 24, vertex_dot_style={"fill_color": style.FOREGROUND},
        )
        last = style.said_number(ratios[-1], 6)

        self.narrate(words("fibonacci.decomposition", "The powers of the Fibonacci matrix F are "
                           "V times Lambda to the n times V inverse, and Lambda to the n holds "
                           "psi to the n and phi to the n."))
        self.add(title)
        # phi's value is said with the dashed line that shows it, not before.
        self.narrate(words("fibonacci.powers", "Left, on a log axis, the size of each power for "
                           "n from 0 to {terms}: phi to the n climbs in a straight line, phi "
                           "times larger at each step; the size of psi to the n falls, {psi} "
                           "times as large at each step.", terms=str(terms),
                           psi=style.said_number(abs(psi), 4)))
        self.play(manim.Create(powers), manim.FadeIn(powers_label, powers_ticks), run_time=0.6)
        self.play(manim.Create(growth), manim.Create(decay), run_time=2.5)
        self.play(manim.FadeIn(growth_label, decay_label), run_time=0.4)
        self.narrate(words("fibonacci.ratios", "Right: the ratio of consecutive Fibonacci "
                           "numbers, F(n+1) over F(n). The dashed line is phi, about {phi}.",
                           phi=shown_phi))
        self.play(manim.Create(ratio_axes), manim.FadeIn(ratio_label, ratio_ticks), run_time=0.6)
        self.play(manim.Create(limit_line), manim.FadeIn(limit_label), run_time=0.5)
        self.narrate(words("fibonacci.limit", "The ratios start at 1 and 2 and settle on phi: at "
                           "n = {terms} the ratio is {ratio}, as psi to the n dies out.",
                           terms=str(terms), ratio=last))
        self.play(manim.Create(ratio_graph), run_time=2.5)
        self.wait(1)


SCENES = (FibonacciEigenvalues,)
