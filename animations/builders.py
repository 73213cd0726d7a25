"""Drawing helpers more than one scene uses: tick steps for an axis, a matrix as a heat map,
numbers and pictures that follow a value but are redrawn only when it changes.

They live here, not in the scene that first needed them, because a render's inputs follow
imports (:func:`animations.catalogue.render_hash`): a helper borrowed from another scene
module would make every edit of that scene re-render the borrower too. Editing this module
re-renders every scene that imports it, as it should.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import manim
import numpy

from animations import style


def tick_step(span: float, labels: int = 4) -> int:
    """A round step giving about ``labels`` + 1 tick labels over ``span`` (1, 2, 5, 10, 20…)."""
    target = max(1.0, span / labels)
    for scale in (10**k for k in range(0, 5)):
        for base in (1, 2, 5):
            if base * scale >= target:
                return base * scale
    return 10**5


def heat_map(matrix: numpy.ndarray, cell: float, gap: float, limit: float = 1.0) -> manim.VGroup:
    """The entries of ``matrix`` as square cells ``cell`` wide and ``gap`` apart, coloured on
    the diverging scale that ``limit`` saturates (:func:`animations.style.diverging_colour`)."""
    cells = manim.VGroup(*(
        manim.Square(cell, stroke_width=1, stroke_color=style.GRID)
        .set_fill(style.diverging_colour(value, limit), opacity=1)
        for value in matrix.flat
    ))
    return cells.arrange_in_grid(*matrix.shape, buff=gap)



def when_changed(key: Callable[[], Hashable],
                 update: Callable[[manim.Mobject], object]) -> Callable[[manim.Mobject], None]:
    """An updater that calls ``update`` on its mobject on the first frame and then only when
    ``key()`` changes: for a picture drawn from the key alone, the frames between changes
    would redraw the same thing (and rebuilding digits or polylines on every frame is most of
    a long render's time)."""
    shown: list[Hashable] = []

    def updater(mobject: manim.Mobject) -> None:
        current = key()
        if not shown or current != shown[0]:
            shown[:] = [current]
            update(mobject)

    return updater


def showing(number: manim.DecimalNumber, value: Callable[[], float]) -> manim.DecimalNumber:
    """``number`` kept at ``value()``, set only when that changes (:func:`when_changed`)."""
    return number.add_updater(when_changed(value, lambda shown: shown.set_value(value())))


def redrawn_on_change(build: Callable[[], manim.Mobject],
                      key: Callable[[], Hashable]) -> manim.Mobject:
    """Like :func:`manim.always_redraw`, for a picture that ``build`` draws from ``key()``
    alone: rebuilt when the key changes, not on every frame (:func:`when_changed`)."""
    return build().add_updater(when_changed(key, lambda drawn: drawn.become(build())))
