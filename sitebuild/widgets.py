"""The interactive figures' fragments: a container whose data attributes carry the library's values.

A page includes a figure with ``--8<-- "widgets/<name>.md"``. The fragment is a
``<section data-widget=…>`` holding the figure's inputs taken from ``derivations``
(presets, seeds, step counts), the widgets' stylesheet and ``javascripts/widgets/loader.js``
as a module, which loads the figure's own script only when it nears the screen. A page
without a fragment loads none of this. Paths are relative to the page: the site is flat
(``use_directory_urls: false``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping

import numpy

from derivations import bptt, dynamics, matrix_powers
from derivations.ch1_repeated_powers.errata import SHEAR_MATRIX
from derivations.ch1_repeated_powers.rotation import ROTATION
from derivations.fibonacci import FIBONACCI_MATRIX

STYLESHEET = "stylesheets/widgets.css"
LOADER = "javascripts/widgets/loader.js"
GRADIENT_HORIZON = 100  # l = t − k up to 100: long enough to show η^l, short enough for a phone
EULER_STEPS = 200  # about six turns of the spiral at ε = 0.1, ω = 2 (a turn is 2π/εω steps)


def _matrix(value: object) -> list[list[float]]:
    """A matrix as nested lists of floats (JSON keeps every float exactly: repr round-trips)."""
    return numpy.asarray(value, dtype=float).tolist()


def powers_presets() -> dict[str, dict[str, object]]:
    """The powers explorer's presets: Merity's three examples at 3×3 (same spectra, cut to
    three eigenvalues, from :func:`derivations.matrix_powers.example_matrix`), F, R and B."""
    labels = {
        "vanishing": "Vanishing: Merity's example, 3 by 3",
        "exploding": "Exploding: Merity's example, 3 by 3",
        "orthogonal": "Orthogonal: Merity's example, 3 by 3",
    }
    presets = {kind: {"label": labels[kind],
                      "matrix": _matrix(matrix_powers.example_matrix(kind, size=3))}
               for kind in matrix_powers.KINDS}
    presets["fibonacci"] = {"label": "The Fibonacci matrix F", "matrix": _matrix(FIBONACCI_MATRIX)}
    presets["quarter-turn"] = {"label": "The quarter turn R", "matrix": _matrix(ROTATION)}
    presets["shear"] = {"label": "The Jordan shear B", "matrix": _matrix(SHEAR_MATRIX)}
    return presets


def phase_presets() -> dict[str, dict[str, object]]:
    """The phase portrait's presets: the eight matrices of Chang et al.'s Figure 1, each with
    the update rule it is drawn with there (:mod:`derivations.dynamics`)."""
    vanilla = {f"vanilla-{kind}": {"label": f"Vanilla, {kind} matrix", "update": "vanilla",
                                   "matrix": _matrix(matrix)}
               for kind, matrix in dynamics.vanilla_matrices().items()}
    feedback = {f"feedback-{kind}": {"label": f"Feedback, {kind} matrix", "update": "feedback",
                                     "matrix": _matrix(matrix)}
                for kind, matrix in dynamics.FEEDBACK_MATRICES.items()}
    return {**vanilla, **feedback}


def widget_settings() -> dict[str, tuple[str, dict[str, object]]]:
    """Each widget's accessible title and the values its data attributes carry."""
    return {
        "powers": ("Powers explorer", {
            "steps": matrix_powers.STEPS, "presets": powers_presets()}),
        "gradient": ("Gradient through time", {
            "seed": bptt.SEED, "size": bptt.SIZE, "horizon": GRADIENT_HORIZON}),
        "euler": ("Euler stability", {
            "epsilon": dynamics.EPSILON, "gamma": dynamics.GAMMA_FIGURE,
            "omega": float(dynamics.FEEDBACK_MATRICES["diffusion"][1, 0]),
            "steps": EULER_STEPS}),
        "phase": ("Phase portrait", {
            "epsilon": dynamics.EPSILON, "steps": dynamics.STEPS,
            "starts": _matrix(dynamics.INITIAL_STATES), "presets": phase_presets()}),
    }


def _attribute(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, allow_nan=False)
    return html.escape(text, quote=True)


def widget_fragment(name: str, title: str, data: Mapping[str, object]) -> str:
    """The HTML block a page includes for widget ``name``; ``data`` become ``data-*`` attributes."""
    attributes = "".join(f' data-{key}="{_attribute(value)}"' for key, value in data.items())
    return (
        f'<section class="widget" data-widget="{name}" aria-label="{html.escape(title)}"'
        f"{attributes}>\n"
        f'<link rel="stylesheet" href="{STYLESHEET}">\n'
        f'<p class="widget-fallback">{html.escape(title)}: this interactive figure needs '
        f"JavaScript. Opened from disk, a browser will not run it: serve the site with "
        f"<code>python -m sitebuild.serve</code>.</p>\n"
        f'<script type="module" src="{LOADER}"></script>\n'
        f"</section>\n"
    )


def widget_fragments() -> dict[str, str]:
    """``widgets/<name>.md`` for each interactive figure."""
    return {f"widgets/{name}.md": widget_fragment(name, title, data)
            for name, (title, data) in widget_settings().items()}
