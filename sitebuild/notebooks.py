"""The chapters' notebooks: plain-text sources in ``notebooks/`` made into ``.ipynb`` files.

The sources are jupytext "percent" scripts, so they diff and review like code;
the JSON notebooks a reader downloads are generated from them, never edited. Each is run
from top to bottom before it is published (once per version of its source and of the
library it imports), so a cell that raises fails the build instead of reaching a reader.
A translated edition's notebook (``chapter-N.ko.ipynb``) is the built English notebook with its
markdown cells translated, never run again (:mod:`sitebuild.translation.notebooks`).
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext

from derivations.book import CHAPTERS
from foundation import provenance
from foundation.files import write_atomically
from foundation.store import load_or_compute
from sitebuild.edition import LANGUAGES
from sitebuild.paths import BUILD, ROOT
from sitebuild.translation import notebooks as translated
from sitebuild.written import write_if_changed

_COLOURS = re.compile(r"\x1b\[[0-9;]*m")
# What a notebook's run depends on besides its own source: the library it calls.
LIBRARY = ("derivations", "foundation")

SOURCES = ROOT / "notebooks"
NOTEBOOKS = BUILD / "notebooks"
COLAB = "https://colab.research.google.com/github/{repository}/blob/{branch}/notebooks/{name}"


def sources() -> dict[int, Path]:
    """Each chapter's notebook source, by chapter number, as the book names them."""
    return {chapter.number: SOURCES / chapter.notebook for chapter in CHAPTERS
            if chapter.notebook}


class NotebookFailed(Exception):
    """A notebook cell raised: the message names the notebook, the cell and the error."""


def run(source: Path) -> jupytext.jupytext.NotebookNode:
    """Run the notebook ``source`` from top to bottom in a fresh kernel, from the project's
    folder: the notebook with its outputs, or :class:`NotebookFailed` naming the first cell
    that raised."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = jupytext.read(source)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}})
    try:
        client.execute()
    except CellExecutionError as error:
        failed = next((index for index, cell in enumerate(notebook.cells)
                       if cell.cell_type == "code" and any(
                           output.get("output_type") == "error" for output in cell.outputs)),
                      None)
        plain = _COLOURS.sub("", str(error)).strip()  # the kernel colours its tracebacks
        summary = plain.splitlines()[-1] if plain else "an error"
        raise NotebookFailed(f"{source.name}: cell {failed} raised {summary}") from error
    return notebook


def checked(chapter: int, source: Path, library: str) -> None:
    """:func:`run` the notebook unless this version of it and of the library (``library``, its
    digest) already ran (what is kept is the number of code cells that ran)."""
    inputs = provenance.digest([source], library)
    load_or_compute(f"notebook-run-{chapter}", inputs, lambda: sum(
        cell.cell_type == "code" for cell in run(source).cells))


def build(destination: Path = NOTEBOOKS, execute: bool = True) -> dict[int, Path]:
    """Write ``chapter-N.ipynb`` for every source, each run first (``execute``), and beside it
    ``chapter-N.<lang>.ipynb`` for every edition that translates it; a file is rewritten only
    if it changed."""
    destination.mkdir(parents=True, exist_ok=True)
    written = {}
    # The library's digest is read once per build, not once per notebook.
    library = provenance.digest(provenance.python_files(*LIBRARY)) if execute else ""
    for chapter, source in sources().items():
        if execute:
            checked(chapter, source, library)
        notebook = jupytext.read(source)
        for index, cell in enumerate(notebook.cells):  # fixed ids: the same source, the same file
            cell.id = f"chapter-{chapter}-cell-{index}"
        text = jupytext.writes(notebook, fmt="ipynb")
        target = destination / f"chapter-{chapter}.ipynb"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            write_atomically(target, text)
        written[chapter] = target
        for lang in LANGUAGES:  # the English run vouches for these: their code is its code
            translated.write(lang, chapter, source, target)
    return written


def fragment(chapter: int, colab: dict | None = None) -> str:
    """The chapter page's download box; with ``colab = {"repository": "owner/name",
    "branch": …}`` (``extra.colab`` in mkdocs.yml, off by default) also an "Open in Colab" link
    to where that branch publishes the generated notebooks, in a paragraph of its own: the
    box's first paragraph is the same either way, so its translation stays current when the
    setting changes (a translator adds the link's paragraph; until then it shows in English)."""
    name = f"chapter-{chapter}.ipynb"
    box = (
        '!!! example "Run this chapter yourself"\n'
        f"    A Jupyter notebook re-runs the chapter's checked derivations, redraws its figures "
        f"and lets you change the numbers: [download the notebook](notebooks/{name}). Run it "
        "from the project's folder after `make setup`.\n"
    )
    if colab and colab.get("repository"):
        url = COLAB.format(repository=colab["repository"], branch=colab.get("branch", "main"),
                           name=name)
        box += f"\n    Or [open it in Colab]({url}), which runs it in the browser.\n"
    return box


def link_translated(lang: str, boxes: Path, built: Path = NOTEBOOKS) -> list[Path]:
    """In the ``lang`` edition's download boxes (``notebooks/chapter-N.md`` under ``boxes``),
    the links to each chapter's notebook go to its ``lang`` notebook where the build wrote one
    (the translated box keeps the English link target, as the checks require, and the edition
    says which file it means): the download link, and the "Open in Colab" link where
    ``extra.colab`` is set (:data:`COLAB`: the same ``notebooks/`` folder of the published
    branch, which holds every built notebook). The boxes rewritten."""
    changed = []
    for chapter in sources():
        box = boxes / "notebooks" / f"chapter-{chapter}.md"
        if not (box.is_file() and (built / translated.name(chapter, lang)).is_file()):
            continue
        text = box.read_text(encoding="utf-8")
        # A link target ending in notebooks/chapter-N.ipynb: relative, or Colab's URL.
        target = re.compile(r"(\]\((?:[^()\s]*/)?notebooks/)"
                            + re.escape(translated.name(chapter)) + r"\)")
        linked = target.sub(rf"\g<1>{translated.name(chapter, lang)})", text)
        if write_if_changed(box, linked):
            changed.append(box)
    return changed
