"""The site build: generates the fragments pages include, and adds the assets they need.

Only this package and :mod:`animations.render` know where build outputs live.
"""
