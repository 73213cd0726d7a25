"""What every layer of the companion stands on: where things are, what a result was computed
from, how it is kept, and how a command line speaks.

This package imports nothing from the project, so derivations, scenes, the site build,
experiments and tests can all use it without importing each other.
"""
