"""Manim scenes of the companion, one module per topic, all in the style of :mod:`animations.style`.

Render one scene the Manim way (``manim -ql animations/matrix_powers.py VanishingPowers``)
or all of them with ``python -m animations.render``.
"""
