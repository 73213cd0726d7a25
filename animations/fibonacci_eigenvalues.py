"""The two eigenvalues of the Fibonacci matrix: φⁿ explodes, ψⁿ vanishes, F(n+1)/F(n) → φ.

    manim -ql animations/fibonacci_eigenvalues.py FibonacciEigenvalues
"""

from __future__ import annotations

import manim

from animations import style
from derivations.ch1_repeated_powers.eigendecomposition import fibonacci_eigendecomposition
from derivations.fibonacci import fib

CHAPTER = 1
TERMS = 16


class FibonacciEigenvalues(style.CompanionScene):
    """φⁿ grows, |ψ|ⁿ dies out, and the ratio of consecutive Fibonacci numbers settles on φ."""

    def construct(self) -> None:
        decomposition = fibonacci_eigendecomposition()
        phi = float(decomposition.value("varphi"))
        psi = float(decomposition.value("psi"))
        phi_colour, psi_colour = style.symbol_colour("phi"), style.symbol_colour("psi")

        title = manim.MathTex(
            r"F^n = Q\,\Lambda^n Q^{-1},\quad \Lambda^n = \operatorname{diag}(",
            r"\psi^n", ",", r"\varphi^n", ")", font_size=38,
        ).to_edge(manim.UP, buff=0.3)
        title[1].set_color(psi_colour)
        title[3].set_color(phi_colour)
        powers = manim.Axes(
            x_range=[0, TERMS, 4], y_range=[-4, 4, 2], x_length=5.4, y_length=4,
            axis_config={"color": style.MUTED, "font_size": 22}, tips=False,
            x_axis_config={"include_numbers": True}, y_axis_config={"include_numbers": True},
        ).to_edge(manim.LEFT, buff=0.6).shift(0.3 * manim.DOWN)
        powers_label = manim.MathTex(r"\log_{10}|\lambda^n|", font_size=28)
        powers_label.next_to(powers, manim.UP, buff=0.1)
        growth = powers.plot_line_graph(
            list(range(TERMS + 1)), [n * manim.np.log10(phi) for n in range(TERMS + 1)],
            line_color=phi_colour, add_vertex_dots=True,
            vertex_dot_style={"fill_color": phi_colour},
        )
        decay = powers.plot_line_graph(
            list(range(TERMS + 1)), [n * manim.np.log10(abs(psi)) for n in range(TERMS + 1)],
            line_color=psi_colour, add_vertex_dots=True,
            vertex_dot_style={"fill_color": psi_colour},
        )
        growth_label = manim.MathTex(r"\varphi^n", color=phi_colour, font_size=30)
        growth_label.next_to(powers.c2p(TERMS, TERMS * manim.np.log10(phi)), manim.LEFT)
        decay_label = manim.MathTex(r"|\psi|^n", color=psi_colour, font_size=30)
        decay_label.next_to(powers.c2p(TERMS, TERMS * manim.np.log10(abs(psi))), manim.UP)

        ratios = [fib(n + 1) / fib(n) for n in range(1, TERMS + 1)]
        ratio_axes = manim.Axes(
            x_range=[0, TERMS, 4], y_range=[1, 2, 0.25], x_length=5.4, y_length=4,
            axis_config={"color": style.MUTED, "font_size": 22}, tips=False,
            x_axis_config={"include_numbers": True}, y_axis_config={"include_numbers": True},
        ).to_edge(manim.RIGHT, buff=0.6).shift(0.3 * manim.DOWN)
        ratio_label = manim.MathTex(r"F_{n+1}/F_n", font_size=28).next_to(ratio_axes, manim.UP, 0.1)
        limit_line = manim.DashedLine(
            ratio_axes.c2p(0, phi), ratio_axes.c2p(TERMS, phi), color=phi_colour
        )
        limit_label = manim.MathTex(rf"\varphi \approx {phi:.4f}", color=phi_colour, font_size=28)
        limit_label.next_to(limit_line, manim.UP, buff=0.1).align_to(limit_line, manim.RIGHT)
        ratio_graph = ratio_axes.plot_line_graph(
            list(range(1, TERMS + 1)), ratios, line_color=style.FOREGROUND,
            vertex_dot_style={"fill_color": style.FOREGROUND},
        )

        self.add(title)
        self.play(manim.Create(powers), manim.FadeIn(powers_label), run_time=0.6)
        self.play(manim.Create(growth), manim.Create(decay), run_time=2.5)
        self.play(manim.FadeIn(growth_label, decay_label), run_time=0.4)
        self.play(manim.Create(ratio_axes), manim.FadeIn(ratio_label), run_time=0.6)
        self.play(manim.Create(limit_line), manim.FadeIn(limit_label), run_time=0.5)
        self.play(manim.Create(ratio_graph), run_time=2.5)
        self.wait(1)


SCENES = (FibonacciEigenvalues,)
