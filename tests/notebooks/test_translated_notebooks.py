"""The chapters' notebooks in Korean: the markdown cells are translation units checked like the
pages (a changed English cell makes its Korean twin stale and the strict build names it; another
formula or number is refused), and the Korean notebook is the English one with only its markdown
replaced: the code cells byte for byte, never run a second time, linked from the Korean site."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jupytext
import nbformat
import pytest

from sitebuild import notebooks
from sitebuild.paths import BUILD
from sitebuild.problems import BuildError
from sitebuild.translation import generated, report
from sitebuild.translation import notebooks as translated
from sitebuild.translation.__main__ import main
from sitebuild.translation.findings import MATH, NUMBER, STALE
from sitebuild.translation.units import units
from tests.editing import replace_once

CHAPTERS = sorted(notebooks.sources())
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _markdown(path: Path) -> list[str]:
    return [cell.source for cell in jupytext.read(path).cells if cell.cell_type == "markdown"]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_script_cut_into_units_and_joined_back_is_the_script(chapter):
    """Without translations the layout gives the English script back exactly, and its units
    are the markdown cells' blocks, named by cell (headings too: no English anchor)."""
    source = notebooks.sources()[chapter]
    text = source.read_text(encoding="utf-8")
    pieces = translated.split_notebook(text)
    assert translated.join_notebook(pieces, {}) == text
    found = units(pieces)
    assert found and all(re.fullmatch(r"cell\d+(-\d+)?\.(h|p\d+|li\d+)", u.id) for u in found)
    blocks = [block for cell in _markdown(source) for block in cell.split("\n\n")]
    assert [u.text.lstrip("# ") for u in found] == [b.lstrip("# ") for b in blocks]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_notebook_is_translated_and_passes_every_check(chapter):
    where = translated.paths()
    page = notebooks.sources()[chapter].name
    checked, _ = report.check_page(page, "ko", report.load_glossary("ko", where), where)
    assert checked.started and checked.findings == ()
    assert checked.translated == checked.total > 0


@pytest.fixture
def copies(tmp_path) -> report.Paths:
    """Chapter 1's English script and its Korean translation (and the glossary), copied."""
    sources = tmp_path / "notebooks"
    sources.mkdir()
    shutil.copy(notebooks.sources()[1], sources / "chapter-1.py")
    korean = tmp_path / "translations" / "ko"
    (korean / translated.WITHIN).mkdir(parents=True)
    shutil.copy(report.TRANSLATIONS / "ko" / report.GLOSSARY, korean / report.GLOSSARY)
    shutil.copy(translated.paths().translation("ko", "chapter-1.py"),
                korean / translated.WITHIN / "chapter-1.md")
    return translated.paths(sources, tmp_path / "translations")



def _findings(where: report.Paths) -> list:
    return list(report.check_page("chapter-1.py", "ko", report.load_glossary("ko", where),
                                  where)[0].findings)


def _build(where: report.Paths, tmp_path: Path) -> Path:
    """The English notebook of chapter 1 built (not run) from the copy, then its Korean one."""
    source = where.english("chapter-1.py")
    english = tmp_path / "built" / "chapter-1.ipynb"
    english.parent.mkdir(exist_ok=True)
    english.write_text(jupytext.writes(jupytext.read(source), fmt="ipynb"), encoding="utf-8")
    return translated.write("ko", 1, source, english, where)


def test_a_changed_english_cell_makes_its_korean_unit_stale_and_the_strict_build_lists_it(
        copies, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    assert _findings(copies) == [] and _build(copies, tmp_path).is_file()
    replace_once(copies.english("chapter-1.py"), "alternates in sign",
                 "changes its sign every step")
    (stale,) = _findings(copies)
    assert (stale.check, stale.unit) == (STALE, "cell4.p1")
    with pytest.raises(BuildError, match=r"chapter-1\.py cell4\.p1: stale") as refused:
        _build(copies, tmp_path)
    assert "accept --notebooks chapter-1.py" in str(refused.value)
    arguments = ["--notebooks", "--pages", str(copies.pages), "--translations",
                 str(copies.translations)]
    assert main(["status", *arguments]) == 1
    assert "chapter-1.py cell4.p1: stale" in capsys.readouterr().out
    assert main(["accept", *arguments, "chapter-1.py", "cell4.p1"]) == 0  # once revised
    assert _findings(copies) == []
    monkeypatch.setenv("COMPANION_AUTHORING", "1")  # while authoring: a warning, not a stop
    replace_once(copies.english("chapter-1.py"), "sign every step", "sign at every step")
    assert _build(copies, tmp_path).is_file()


@pytest.mark.parametrize(("old", "new", "check"), [
    (r"$\varphi^{-2n}$처럼", r"$\varphi^{-n}$처럼", MATH),
    ("64번", "65번", NUMBER),
])
def test_a_korean_cell_with_another_formula_or_number_is_refused(copies, tmp_path, monkeypatch,
                                                                 old, new, check):
    monkeypatch.delenv("COMPANION_AUTHORING", raising=False)
    replace_once(copies.translation("ko", "chapter-1.py"), old, new)
    assert {finding.check for finding in _findings(copies)} == {check}
    with pytest.raises(BuildError, match=check):
        _build(copies, tmp_path)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Every chapter's English and Korean notebooks, built (not run) into a fresh folder."""
    folder = tmp_path_factory.mktemp("notebooks")
    notebooks.build(folder, execute=False)
    return folder


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_korean_notebook_is_the_english_code_with_korean_markdown(built, chapter):
    english_path = built / translated.name(chapter)
    korean_path = built / translated.name(chapter, "ko")
    nbformat.validate(nbformat.read(korean_path, as_version=4))
    english, korean = (json.loads(path.read_text(encoding="utf-8"))
                       for path in (english_path, korean_path))
    assert english["metadata"] == korean["metadata"]
    assert [cell["cell_type"] for cell in english["cells"]] == \
        [cell["cell_type"] for cell in korean["cells"]]
    for ours, theirs in zip(english["cells"], korean["cells"], strict=True):
        if ours["cell_type"] == "code":
            assert json.dumps(theirs, sort_keys=True) == json.dumps(ours, sort_keys=True)
        else:
            text = "".join(theirs["source"])
            assert HANGUL.search(text) and text != "".join(ours["source"])
            assert ours["id"] == theirs["id"]


def test_the_korean_notebook_keeps_the_english_runs_outputs_and_refuses_other_code():
    """Run once: the translated notebook is the English one as built, outputs and all; a
    translated script whose code is not the English code is an error, not a second run."""
    source = notebooks.sources()[1]
    english = jupytext.read(source)
    code = next(cell for cell in english.cells if cell.cell_type == "code")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text="PASS 42\n")]
    code.execution_count = 1
    where = translated.paths()
    _, script = report.check_page(source.name, "ko", None, where)
    korean = translated.translated_notebook(english, script)
    assert korean.cells[1] == english.cells[1] and korean.cells[1].outputs[0].text == "PASS 42\n"
    assert korean.cells[0].source.startswith("# 1장")
    with pytest.raises(translated.CodeDiffers, match="cell 1: its code is not the English"):
        translated.translated_notebook(english, script.replace("CHAPTER = 1", "CHAPTER = 2"))


def test_the_build_runs_each_notebook_once_for_every_language(tmp_path, monkeypatch):
    import foundation.store

    ran = []

    def run(source):
        ran.append(source.name)
        return nbformat.v4.new_notebook()
    monkeypatch.setattr(notebooks, "run", run)
    monkeypatch.setattr(foundation.store, "CACHE", tmp_path / "cache")
    notebooks.build(tmp_path / "out", execute=True)
    assert sorted(ran) == [f"chapter-{chapter}.py" for chapter in CHAPTERS]
    assert {path.name for path in (tmp_path / "out").iterdir()} == \
        {translated.name(chapter, lang) for chapter in CHAPTERS for lang in (None, "ko")}


def test_the_korean_box_links_the_korean_notebook_and_the_english_box_the_english(
        built, tmp_path):
    """The box is translated with the English link target (the checks require it), then the
    edition points it at the Korean notebook the build wrote."""
    english = tmp_path / "en"
    (english / "notebooks").mkdir(parents=True)
    (english / "notebooks" / "chapter-2.md").write_text(notebooks.fragment(2), encoding="utf-8")
    generated.localise("ko", english, tmp_path / "ko", draft=False, only=["notebooks/chapter-2.md"])
    box = tmp_path / "ko" / "notebooks" / "chapter-2.md"
    assert notebooks.link_translated("ko", tmp_path / "ko", built) == [box]
    text = box.read_text(encoding="utf-8")
    assert "[노트북 내려받기](notebooks/chapter-2.ko.ipynb)" in text
    assert "](notebooks/chapter-2.ipynb)" in notebooks.fragment(2)
    assert notebooks.link_translated("ko", tmp_path / "ko", built) == []  # nothing to change
    box.write_text(text.replace(".ko.ipynb", ".ipynb"), encoding="utf-8")
    assert notebooks.link_translated("ko", tmp_path / "ko", tmp_path / "none") == []  # none built

def test_with_colab_configured_the_korean_box_opens_the_korean_notebook_in_colab(built, tmp_path):
    """``extra.colab`` set: the Korean box's "Open in Colab" link names the Korean notebook on
    the published branch, as its download link does; the English box keeps the English one.
    The box's translated paragraph stays current (the link has a paragraph of its own, which
    shows in English until it is translated: missing, which no build refuses)."""
    colab = {"repository": "owner/name", "branch": "pages"}
    english = tmp_path / "en"
    (english / "notebooks").mkdir(parents=True)
    (english / "notebooks" / "chapter-2.md").write_text(notebooks.fragment(2, colab),
                                                        encoding="utf-8")
    result = generated.localise("ko", english, tmp_path / "ko", draft=True,
                                only=["notebooks/chapter-2.md"])
    assert [(finding.unit, finding.check) for finding in result.findings] == [
        ("top.ad1.p2", "missing")]
    box = tmp_path / "ko" / "notebooks" / "chapter-2.md"
    notebooks.link_translated("ko", tmp_path / "ko", built)
    text = box.read_text(encoding="utf-8")
    url = "https://colab.research.google.com/github/owner/name/blob/pages/notebooks/"
    assert f"({url}chapter-2.ko.ipynb)" in text and f"({url}chapter-2.ipynb)" not in text
    assert "[노트북 내려받기](notebooks/chapter-2.ko.ipynb)" in text  # still translated
    assert f"({url}chapter-2.ipynb)" in notebooks.fragment(2, colab)



@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_built_korean_site_offers_the_korean_notebook(chapter):
    site = BUILD / "site"
    if not (site / "ko" / "index.html").is_file():
        pytest.fail(f"no built Korean site in {site / 'ko'} (make site builds it)")
    korean = (site / "ko" / f"chapter-{chapter}.html").read_text(encoding="utf-8")
    english = (site / f"chapter-{chapter}.html").read_text(encoding="utf-8")
    assert f'href="notebooks/chapter-{chapter}.ko.ipynb"' in korean
    assert f'href="notebooks/chapter-{chapter}.ipynb"' not in korean
    assert f'href="notebooks/chapter-{chapter}.ipynb"' in english
    offered = json.loads((site / "ko" / "notebooks" / translated.name(chapter, "ko"))
                         .read_text(encoding="utf-8"))
    assert HANGUL.search("".join(offered["cells"][0]["source"]))
