"""The book as data: one record per chapter, read by everything that is organised by chapter.

The registry finds a chapter's derivations in its package and numbers them by its record; the
site build takes its tables from the modules named here; the scene catalogue, the notebooks
and the decks find their chapter here. A new chapter is a new record, its package, its page,
and its line in ``mkdocs.yml``'s ``nav``. Only names are held (modules, files), so this
module imports nothing of the layers that read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chapter:
    """One chapter: its number, its title as the navigation shows it, its page in ``site/``,
    the package whose modules register its derivations (None for a chapter without
    theorems), the modules of ``sitebuild/tables`` that compute its tables, its notebook in
    ``notebooks/`` (None if it has none), and the modules of ``animations/scenes`` whose
    scenes it shows, in the order it shows them."""

    number: int
    title: str
    page: str
    package: str | None
    tables: tuple[str, ...]
    notebook: str | None
    scenes: tuple[str, ...]


_SCENES = "animations.scenes"

CHAPTERS: tuple[Chapter, ...] = (
    Chapter(1, "Fibonacci and repeated powers", "chapter-1.md",
            "derivations.ch1_repeated_powers", ("sitebuild.tables.ch1",), "chapter-1.py",
            (f"{_SCENES}.fibonacci_eigenvalues", f"{_SCENES}.matrix_powers")),
    Chapter(2, "Orthogonal initialisation", "chapter-2.md",
            "derivations.ch2_orthogonal", ("sitebuild.tables.ch2",), "chapter-2.py",
            (f"{_SCENES}.orthogonal_initialisation",)),
    Chapter(3, "Backpropagation through time", "chapter-3.md",
            "derivations.ch3_bptt", ("sitebuild.tables.ch3",), "chapter-3.py",
            (f"{_SCENES}.bptt_jacobians",)),
    Chapter(4, "AntisymmetricRNN", "chapter-4.md",
            "derivations.ch4_antisymmetric", ("sitebuild.tables.ch4",), "chapter-4.py",
            (f"{_SCENES}.antisymmetric_dynamics",)),
    Chapter(5, "Does it matter for training?", "chapter-5.md", None,
            ("sitebuild.tables.ch5", "sitebuild.tables.ch5_exercises"), None,
            (f"{_SCENES}.training_gradients",)),
)


def chapter(number: int) -> Chapter:
    """The chapter numbered ``number``; a KeyError naming the chapters there are."""
    for found in CHAPTERS:
        if found.number == number:
            return found
    raise KeyError(f"chapter {number}: expected one of {[c.number for c in CHAPTERS]}")
