"""The scenes and their rendering: Manim scenes (:mod:`animations.scenes`, one module per topic,
all in the style of :mod:`animations.style`), their inputs, captions and renders.

Render one scene the Manim way (``manim -ql animations/scenes/matrix_powers.py VanishingPowers``)
or all of them with ``python -m animations.render``.
"""
