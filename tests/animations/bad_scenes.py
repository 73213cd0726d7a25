"""Scenes with the faults the legibility probe must catch (used by ``test_legibility.py``)."""

from __future__ import annotations

import manim

from animations import style


class WhiteCounterOnLight(style.CompanionScene):
    """The old bug: a counter in Manim's default white, whatever the theme's background."""

    TITLE = "White counter"

    def construct(self) -> None:
        counter = manim.VGroup(style.formula("t ="), manim.Integer(64, color=manim.WHITE))
        self.narrate("A counter at t = 64.")
        self.add(counter.arrange(manim.RIGHT))


class FaultyLayout(style.CompanionScene):
    """Pango text, a readout under the player's controls, and two labels on top of each other."""

    TITLE = "Faulty layout"

    def construct(self) -> None:
        self.narrate("Three faults at once.")
        self.add(manim.Text("t = 64", color=style.FOREGROUND).to_edge(manim.UP))
        self.add(style.formula(r"\lVert W^{64} \rVert_2 = 0.00118").to_edge(manim.DOWN, buff=0.2))
        self.add(style.label("first"), style.label("second").shift(0.1 * manim.RIGHT))


class RepeatedBeat(style.CompanionScene):
    """A beat that changes nothing on screen: a handout must not repeat its page."""

    TITLE = "Repeated beat"

    def construct(self) -> None:
        square = manim.Square(color=style.FOREGROUND)
        self.add(manim.ValueTracker(0))  # a mobject with points that is never drawn
        self.narrate("A square appears, then nothing changes, then it turns.")
        self.play(manim.FadeIn(square), run_time=0.2)
        self.play(square.animate.shift(0 * manim.RIGHT), run_time=0.2)
        self.play(manim.Rotate(square, 0.5), run_time=0.2)


class Silent(style.CompanionScene):
    """A scene that never narrates: its render must fail, not publish a video without captions."""

    TITLE = "Silent"

    def construct(self) -> None:
        self.play(manim.FadeIn(manim.Square()), run_time=0.2)
