"""Drawing helpers more than one scene uses: tick steps for an axis, a matrix as a heat map.

They live here, not in the scene that first needed them, because a render's inputs follow
imports (:func:`animations.catalogue.render_hash`): a helper borrowed from another scene
module would make every edit of that scene re-render the borrower too. Editing this module
re-renders every scene that imports it, as it should.
"""

from __future__ import annotations

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
