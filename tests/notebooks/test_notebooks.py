"""Every chapter notebook is generated from its plain-text source and runs from top to bottom."""

from __future__ import annotations

import nbformat
import pytest

from sitebuild import notebooks

CHAPTERS = sorted(notebooks.sources())


def test_every_chapter_has_a_notebook():
    assert CHAPTERS == [1, 2, 3, 4]


def test_generated_notebooks_are_valid_and_rewritten_only_on_change(tmp_path):
    written = notebooks.build(tmp_path, execute=False)
    assert sorted(written) == CHAPTERS
    for path in written.values():
        nbformat.validate(nbformat.read(path, as_version=4))
    stamps = {chapter: path.stat().st_mtime_ns for chapter, path in written.items()}
    again = notebooks.build(tmp_path, execute=False)
    assert {chapter: path.stat().st_mtime_ns for chapter, path in again.items()} == stamps


def test_colab_link_only_when_configured():
    assert "Colab" not in notebooks.fragment(2)
    link = notebooks.fragment(2, {"repository": "owner/name", "branch": "pages"})
    assert "colab.research.google.com/github/owner/name/blob/pages/notebooks/chapter-2.ipynb" \
        in link


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_notebook_runs_without_errors(chapter):
    notebook = notebooks.run(notebooks.sources()[chapter])  # NotebookFailed on a raising cell
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert any(o.get("output_type") == "display_data" for o in outputs)  # figures were drawn


@pytest.mark.slow
def test_a_cell_that_raises_fails_with_the_cell_named(tmp_path):
    source = tmp_path / "chapter-9.py"
    source.write_text("# %%\nx = 1\n\n# %%\nraise ValueError('the figure is wrong')\n",
                      encoding="utf-8")
    with pytest.raises(notebooks.NotebookFailed,
                       match=r"chapter-9.py: cell 1 raised ValueError: the figure is wrong$"):
        notebooks.run(source)  # one plain line: no terminal colours from the kernel


def test_a_run_is_kept_for_its_source_and_library(tmp_path, monkeypatch):
    """The build runs a notebook again only when what it is keyed on changes (here the
    source alone stands for the digest of the source and the library)."""
    import foundation.store

    runs = []
    monkeypatch.setattr(notebooks, "run", lambda source: runs.append(source) or
                        nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]))
    monkeypatch.setattr(foundation.store, "CACHE", tmp_path / "cache")
    source = tmp_path / "chapter-9.py"
    source.write_text("# %%\nx = 1\n", encoding="utf-8")
    monkeypatch.setattr(notebooks.provenance, "digest",
                        lambda paths, *settings: source.read_text(encoding="utf-8"))
    notebooks.checked(9, source, "library")
    notebooks.checked(9, source, "library")
    assert len(runs) == 1
    source.write_text("# %%\nx = 2\n", encoding="utf-8")
    notebooks.checked(9, source, "library")
    assert len(runs) == 2
