"""The chapters' notebooks: plain-text sources in ``notebooks/`` made into ``.ipynb`` files.

The sources are jupytext "percent" scripts, so they diff and review like code;
the JSON notebooks a reader downloads are generated from them, never edited.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext

from foundation.files import write_atomically
from sitebuild.paths import BUILD, ROOT

SOURCES = ROOT / "notebooks"
NOTEBOOKS = BUILD / "notebooks"
CHAPTER_SOURCE = re.compile(r"^chapter-(\d+)\.py$")
COLAB = "https://colab.research.google.com/github/{repository}/blob/{branch}/notebooks/{name}"


def sources() -> dict[int, Path]:
    """Each chapter's notebook source, by chapter number."""
    found = {}
    for path in sorted(SOURCES.glob("chapter-*.py")):
        match = CHAPTER_SOURCE.match(path.name)
        if match:
            found[int(match.group(1))] = path
    return found


def build(destination: Path = NOTEBOOKS) -> dict[int, Path]:
    """Write ``chapter-N.ipynb`` for every source; a file is rewritten only if it changed."""
    destination.mkdir(parents=True, exist_ok=True)
    written = {}
    for chapter, source in sources().items():
        notebook = jupytext.read(source)
        for index, cell in enumerate(notebook.cells):  # fixed ids: the same source, the same file
            cell.id = f"chapter-{chapter}-cell-{index}"
        text = jupytext.writes(notebook, fmt="ipynb")
        target = destination / f"chapter-{chapter}.ipynb"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            write_atomically(target, text)
        written[chapter] = target
    return written


def fragment(chapter: int, colab: dict | None = None) -> str:
    """The chapter page's download box; with ``colab = {"repository": "owner/name",
    "branch": …}`` (``extra.colab`` in mkdocs.yml, off by default) also an "Open in Colab" link
    to where that branch publishes the generated notebooks."""
    name = f"chapter-{chapter}.ipynb"
    links = f"[download the notebook](notebooks/{name})"
    if colab and colab.get("repository"):
        url = COLAB.format(repository=colab["repository"], branch=colab.get("branch", "main"),
                           name=name)
        links += f" · [open it in Colab]({url})"
    return (
        '!!! example "Run this chapter yourself"\n'
        f"    A Jupyter notebook re-runs the chapter's checked derivations, redraws its figures "
        f"and lets you change the numbers: {links}. Run it from the project's folder after "
        "`make setup`.\n"
    )
