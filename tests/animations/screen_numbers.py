"""The numbers a frame shows as values: what a caption track must mention.

Read from the scene's mobjects, independently of the scene's narration: every
live number (a ``DecimalNumber`` or ``Integer``) outside an axis, and every
number written after an ``=`` or ``\\approx`` in a typeset text or formula (its
right-hand sides, sub- and superscripts left out: they are names and exponents,
not values). Tick labels are not values: numbers on axes and text without a
relation are skipped.
"""

from __future__ import annotations

import re

import manim

from animations import captions

_SCRIPT = re.compile(r"[_^](?:\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9])")
_RELATION = re.compile(r"=|\\approx")
AXES = (manim.NumberLine, manim.Axes, manim.NumberPlane)


def values_in_tex(tex: str) -> list[float]:
    """Numbers right of a relation in ``tex``: ``\\rho(W) = 0.9`` → [0.9]."""
    segments = _RELATION.split(_SCRIPT.sub(" ", tex))
    return [number for segment in segments[1:] for number in captions.numbers(segment)]


def numbers_shown(mobjects: list[manim.Mobject]) -> list[float]:
    """Every value the frame made of ``mobjects`` shows."""
    found: list[float] = []

    def visit(mobject: manim.Mobject, on_axis: bool) -> None:
        on_axis = on_axis or isinstance(mobject, AXES)
        if isinstance(mobject, manim.DecimalNumber):
            if not on_axis:
                found.append(round(mobject.get_value(), mobject.num_decimal_places))
            return
        if isinstance(mobject, manim.SingleStringMathTex):
            if not on_axis:
                found.extend(values_in_tex(mobject.tex_string))
            return
        for child in mobject.submobjects:
            visit(child, on_axis)

    for mobject in mobjects:
        visit(mobject, False)
    return found


def missing(shown: list[float], said: str) -> list[float]:
    """The shown numbers that ``said`` never mentions (compared as numbers: 0.500 is 0.5)."""
    spoken = captions.numbers(said)
    return [number for number in shown
            if not any(abs(number - other) <= 1e-9 * max(1.0, abs(number)) for other in spoken)]
