"""Translations checked like the mathematics: each check refuses what it must and passes what
it should, on small pages written here and on the home page's Korean pilot."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import markdown
import pytest

from foundation.cli import USAGE
from foundation.paths import ROOT
from sitebuild.translation import glossary, invariants, report, translated
from sitebuild.translation.__main__ import main
from sitebuild.translation.findings import (
    FORMAT,
    GLOSSARY,
    MARKUP,
    MATH,
    MISSING,
    NUMBER,
    ORPHAN,
    STALE,
    STRUCTURE,
    UNTRANSLATED,
    TranslationError,
)
from sitebuild.translation.units import Verbatim, assemble, outline, split_page, units

SITE = ROOT / "site"
KOREAN = ROOT / "translations" / "ko"

PAGE = """---
search:
  boost: 3
---

# 1. Powers

A recurrent network multiplies by $W$ at every step: after 1,000 steps, $W^t$ with
eigenvalue 0.15 is gone. See [the errata](#errata).

--8<-- "derivations/fibonacci-matrix-powers.md"

```python
print(17)
```

- An eigenvalue decides growth.
- A second item,
  on two lines, with `code 3`.

| what | value |
|---|---|
| steps | 64 |

<div class="exercise" id="ex-1-1" markdown="1">

**Exercise 1.1** — Compute $\\varphi^{10} + \\psi^{10}$.

??? tip "Hint"
    Use $L_k = \\varphi^k + \\psi^k$.

</div>

## Errata

The eigenvalue is 2.
"""

KO = {
    "1-powers.h": "1. 거듭제곱",
    "1-powers.p1": "순환 신경망(recurrent network)은 매 단계 $W$를 곱합니다. 1,000 단계 뒤 "
                   "고윳값(eigenvalue)이 0.15인 $W^t$는 사라집니다. "
                   "[정오표(errata)](#errata) 참고.",
    "1-powers.li1": "고윳값이 증가를 결정합니다.",
    "1-powers.li2": "두 줄에 걸친\n두 번째 항목, `code 3` 포함.",
    "1-powers.row1": "| 무엇 | 값 |",
    "1-powers.row2": "| 단계 | 64 |",
    "ex-1-1.p1": "**연습문제(exercise) 1.1** — $\\varphi^{10} + \\psi^{10}$을 계산하십시오.",
    "ex-1-1.ad1.title": "힌트",
    "ex-1-1.ad1.p1": "$L_k = \\varphi^k + \\psi^k$를 쓰십시오.",
    "errata.h": "정오표",
    "errata.p1": "고윳값은 2입니다.",
}


def _translation_file(page: str = PAGE, texts: dict[str, str] | None = None,
                      sources: dict[str, str] | None = None) -> str:
    english = {unit.id: unit for unit in units(split_page(page))}
    texts = KO if texts is None else texts
    entries = [translated.Entry(name, (sources or {}).get(name, english[name].source), text, 0)
               for name, text in texts.items()]
    return translated.render("<!-- test -->", entries)


def _paths(tmp_path: Path, page: str = PAGE, file: str | None = None,
           glossary_text: str | None = None) -> report.Paths:
    pages, translations = tmp_path / "site", tmp_path / "translations"
    (translations / "ko").mkdir(parents=True)
    pages.mkdir()
    (pages / "page.md").write_text(page, encoding="utf-8")
    (translations / "ko" / "page.md").write_text(
        _translation_file() if file is None else file, encoding="utf-8")
    (translations / "ko" / "glossary.toml").write_text(
        glossary_text or (KOREAN / "glossary.toml").read_text(encoding="utf-8"),
        encoding="utf-8")
    return report.Paths(pages, translations)


def _findings(tmp_path: Path, **changes) -> list:
    paths = _paths(tmp_path, **changes)
    found, _ = report.check_page("page.md", "ko", report.load_glossary("ko", paths), paths)
    return list(found.findings)


def _checks(findings) -> set[tuple[str, str | None]]:
    return {(finding.check, finding.unit) for finding in findings}


# --- units ---------------------------------------------------------------------------------

def test_a_page_is_cut_into_units_named_by_section_element_and_kind():
    pieces = split_page(PAGE)
    assert [unit.id for unit in units(pieces)] == list(KO)
    assert [unit.kind for unit in units(pieces)] == [
        "h", "p", "li", "li", "row", "row", "p", "title", "p", "h", "p"]
    copied = [line for piece in pieces if isinstance(piece, Verbatim) for line in piece.lines]
    for line in ('--8<-- "derivations/fibonacci-matrix-powers.md"', "```python", "print(17)",
                 '<div class="exercise" id="ex-1-1" markdown="1">', "</div>", "|---|---|",
                 "search:"):
        assert line in copied, line
    item = next(unit for unit in units(pieces) if unit.id == "1-powers.li2")
    assert item.text == "A second item,\non two lines, with `code 3`."
    title = next(unit for unit in units(pieces) if unit.kind == "title")
    assert (title.text, title.first, title.end) == ("Hint", '??? tip "', '"')


@pytest.mark.parametrize("page", sorted(path.name for path in SITE.glob("*.md")))
def test_every_site_page_splits_and_joins_back_exactly(page):
    text = (SITE / page).read_text(encoding="utf-8")
    pieces = split_page(text)
    assert assemble(pieces) == text
    english = units(pieces)
    # laid out as a translation is (prefixes, anchors), the English splits into the same units
    again = split_page(assemble(pieces, {unit.id: unit.text for unit in english}))
    assert list(outline(again)) == list(outline(pieces))
    assert [unit.source for unit in units(again)] == [unit.source for unit in english]


def test_a_headings_scope_is_the_anchor_python_markdown_gives_it():
    for path in sorted(SITE.glob("*.md")):
        for unit in units(split_page(path.read_text(encoding="utf-8"))):
            if unit.kind == "h" and not re.search(r"_\d+$", unit.anchor or ""):
                html = markdown.markdown(unit.lines[0].strip(), extensions=["toc", "attr_list"])
                assert f'id="{unit.anchor}"' in html, (path.name, unit.id, html)


def test_an_edit_changes_one_digest_and_an_insertion_renumbers_one_section_only():
    before = {unit.id: unit.source for unit in units(split_page(PAGE))}
    edited = {unit.id: unit.source
              for unit in units(split_page(PAGE.replace("decides growth", "decides decay")))}
    assert edited.keys() == before.keys()
    assert {name for name in before if before[name] != edited[name]} == {"1-powers.li1"}
    inserted = units(split_page(PAGE.replace("## Errata\n", "## Errata\n\nNew first.\n")))
    inserted_ids = {unit.id: unit.source for unit in inserted}
    assert inserted_ids["errata.p2"] == before["errata.p1"]
    assert {name: inserted_ids[name] for name in before if not name.startswith("errata")} == \
        {name: before[name] for name in before if not name.startswith("errata")}
    rewrapped = PAGE.replace("with\neigenvalue 0.15", "with eigenvalue\n0.15")
    assert [unit.source for unit in units(split_page(rewrapped))] == list(before.values())


# --- the translation file ------------------------------------------------------------------

def test_a_translation_file_is_read_unit_by_unit_and_its_mistakes_are_named_by_line():
    good = translated.parse(_translation_file(), "page.md")
    assert not good.findings and [entry.id for entry in good.entries] == list(KO)
    assert good.by_id()["1-powers.li2"].text == KO["1-powers.li2"]
    source = units(split_page(PAGE))[0].source
    bad = translated.parse(
        "Stray words.\n"
        "<!-- unit: 1-powers.h source: 123 -->\n제목\n"
        "<!-- unit: 1-powers.h -->\n제목\n"
        f"<!-- unit: errata.p1 source: {source} -->\n첫 문단\n\n둘째 문단\n"
        f"<!-- unit: errata.h source: {source} -->\n정오표\n"
        f"<!-- unit: errata.h source: {source} -->\n정오표\n"
        f"<!-- unit: 1-powers.p1 source: {source} -->\n\n", "page.md")
    messages = [str(finding) for finding in bad.findings]
    assert all(finding.check == FORMAT for finding in bad.findings)
    assert any("line 1: text outside any unit" in m for m in messages)
    assert any("line 2: source '123'" in m for m in messages)
    assert any("line 4: a marker must read" in m for m in messages)
    assert any("errata.p1" in m and "blank line" in m for m in messages)
    assert any("errata.h" in m and "translated twice" in m for m in messages)
    assert any("1-powers.p1" in m and "no text" in m for m in messages)
    assert [entry.id for entry in bad.entries] == ["errata.h"]


# --- stale, missing, orphan, assembly ------------------------------------------------------

def test_a_complete_translation_passes_every_check(tmp_path):
    assert _findings(tmp_path) == []


def test_stale_missing_and_orphan_units_are_reported_by_id(tmp_path):
    english = PAGE.replace("The eigenvalue is 2.", "The eigenvalue is 2, exactly.")
    sources = {unit.id: unit.source for unit in units(split_page(PAGE))}
    texts = {name: text for name, text in KO.items() if name != "1-powers.li1"}
    texts["gone.p1"] = KO["1-powers.li1"]  # li1's translation under a name no unit has
    entries = [translated.Entry(name, sources.get(name, sources["1-powers.li1"]), text, 0)
               for name, text in texts.items()]
    file = translated.render("", entries)
    found = _findings(tmp_path, page=english, file=file)
    assert _checks(found) == {(STALE, "errata.p1"), (MISSING, "1-powers.li1"),
                              (ORPHAN, "gone.p1")}
    orphan = next(finding for finding in found if finding.check == ORPHAN)
    assert "its English is now unit 1-powers.li1" in orphan.message  # the text moved
    stale = next(finding for finding in found if finding.check == STALE)
    assert "exactly" in stale.message  # the English as it is now


def test_strict_assembly_refuses_and_a_draft_shows_the_english_never_the_stale_text(tmp_path):
    english = PAGE.replace("The eigenvalue is 2.", "The eigenvalue is 3.")
    paths = _paths(tmp_path, page=english)
    with pytest.raises(TranslationError, match=r"errata\.p1: stale"):
        report.assemble("page.md", "ko", strict=True, paths=paths)
    text, findings = report.assemble("page.md", "ko", strict=False, paths=paths)
    assert [finding.check for finding in findings] == [STALE]
    assert "The eigenvalue is 3." in text and "고윳값은 2입니다." not in text


def test_an_assembled_translation_keeps_the_layout_anchors_and_everything_verbatim(tmp_path):
    paths = _paths(tmp_path)
    text, findings = report.assemble("page.md", "ko", strict=True, paths=paths)
    assert findings == []
    assert "# 1. 거듭제곱 {#1-powers}" in text and "## 정오표 {#errata}" in text
    assert '??? tip "힌트"\n    $L_k' in text
    assert "- 두 줄에 걸친\n  두 번째 항목" in text
    for piece in split_page(PAGE):
        if isinstance(piece, Verbatim):
            assert "\n".join(piece.lines) in text


def test_a_translated_heading_keeps_the_english_anchor_whatever_its_attributes():
    for english, korean in (("## Errata", "## 정오표 {#errata}"),
                            ("## Errata {#fixes}", "## 정오표 {#fixes}"),
                            ("## Errata { .wide }", "## 정오표 { #errata .wide }"),
                            ("## Errata {: .wide }", "## 정오표 {: #errata .wide }")):
        pieces = split_page(english + "\n")
        text = assemble(pieces, {units(pieces)[0].id: "정오표"})
        assert text == korean + "\n"
        html = markdown.markdown(text, extensions=["toc", "attr_list"])
        assert f'id="{units(pieces)[0].anchor}"' in html


def test_a_missing_translation_file_is_not_started_and_cannot_be_assembled(tmp_path):
    paths = _paths(tmp_path)
    (paths.translations / "ko" / "page.md").unlink()
    found, _ = report.check_page("page.md", "ko", None, paths)
    assert not found.started and found.summary() == "page.md: not started (0/11 units)"
    with pytest.raises(TranslationError, match="no translation file"):
        report.assemble("page.md", "ko", paths=paths)


# --- mathematics, numbers, markup ----------------------------------------------------------

def test_the_same_formulas_pass_in_another_order_and_spacing():
    english = "If $a - b > 0$ then $$\\frac{a}{b}$$ and $\\lambda x$."
    korean = "$\\lambda x$이고, $a-b>0$이면 $$ \\frac{a}{b} $$입니다."
    assert invariants.compare("p", "u", "p", english, korean) == []


@pytest.mark.parametrize(("korean", "named"), [
    ("$a/b$이면 $\\lambda x$입니다.", "$a-b$"),           # QuantEcon's / for -
    ("$a - b$이면 $\\lambdax$입니다.", "$\\lambda x$"),    # a space TeX does not ignore
    ("$a - b$이면 $\\lambda x$이고 $c$입니다.", "$c$"),     # a formula added
    ("$a - b$이면 입니다.", "$\\lambda x$"),                # a formula dropped
])
def test_a_changed_formula_is_an_error_naming_the_unit_and_the_formula(korean, named):
    found = invariants.compare("p.md", "sec.p1", "p", "If $a - b$ then $\\lambda x$.", korean)
    assert [(finding.check, finding.unit) for finding in found] == [(MATH, "sec.p1")] * len(found)
    assert found and any(named.replace(" ", "") in finding.message.replace(" ", "")
                         or named in finding.message for finding in found)


def test_words_in_text_may_be_translated_but_not_the_formula_around_them():
    english = "$x = 1 \\text{ if } y > 0$"
    assert invariants.compare("p", "u", "p", english, "$x = 1 \\text{ 일 때 } y > 0$") == []
    assert invariants.compare("p", "u", "p", english, "$x = 2 \\text{ 일 때 } y > 0$")


def test_a_dollar_in_code_is_not_a_formula():
    assert invariants.formulas("run `echo $HOME $PATH` and $x$") == ["$x$"]


def test_numbers_outside_formulas_must_be_the_english_numbers():
    english = "After 1,000 steps, 0.15 of 17 runs (see `run 3` at <http://127.0.0.1:8000>)."
    link = "(`run 3`, <http://127.0.0.1:8000> 참고)"
    assert invariants.compare("p", "u", "p", english, f"1000 단계 뒤, 17번 중 0.15 {link}.") == []
    wrong = invariants.compare("p", "u", "p", english, f"1,000 단계 뒤, 17번 중 0.16 {link}.")
    assert [finding.check for finding in wrong] == [NUMBER, NUMBER]
    assert "0.15" in wrong[0].message and "0.16" in wrong[1].message
    added = invariants.compare("p", "u", "p", "Three matrices.", "3개의 행렬.")
    assert [finding.check for finding in added] == [NUMBER]


def test_code_link_targets_and_tags_are_copied_not_translated():
    english = 'See [the report](verification.md) and `make test` in <span class="a">x</span>.'
    korean = '[보고서](verification.md)와 `make test`, <span class="a">엑스</span>.'
    assert invariants.compare("p", "u", "p", english, korean) == []
    for korean in ('[보고서](verification-ko.md)와 `make test`, <span class="a">엑스</span>.',
                   '[보고서](verification.md)와 `make tests`, <span class="a">엑스</span>.',
                   '[보고서](verification.md)와 `make test`, <span class="b">엑스</span>.'):
        assert [finding.check for finding in
                invariants.compare("p", "u", "p", english, korean)] == [MARKUP]


def test_a_row_keeps_its_cells_and_a_translation_is_not_the_english():
    assert [finding.check for finding in invariants.compare(
        "p", "u", "row", "| a | b |", "| 가 | 나 | 다 |")] == [MARKUP]
    assert [finding.check for finding in invariants.compare(
        "p", "u", "p", "Eigenvalues decide growth.", "Eigenvalues decide growth.")] == \
        [UNTRANSLATED]
    assert invariants.compare("p", "u", "p", "`make test`", "`make test`") == []


@pytest.mark.parametrize(("unit", "text"), [
    ("1-powers.li1", "# 고윳값이 증가를 결정합니다."),     # becomes a heading
    ("errata.h", "정오표\n둘째 줄"),                     # a heading on two lines
    ("errata.p1", "고윳값은 2입니다.\n```\n"),              # opens a fence
])
def test_a_text_that_starts_or_splits_a_block_is_a_structure_error(tmp_path, unit, text):
    found = _findings(tmp_path, file=_translation_file(texts={**KO, unit: text}))
    assert STRUCTURE in {finding.check for finding in found}


# --- glossary --------------------------------------------------------------------------------

STARTING_TERMS = {
    "eigenvalue": "고윳값", "eigenvector": "고유벡터", "eigendecomposition": "고유분해",
    "orthogonal matrix": "직교 행렬", "vanishing gradient": "기울기 소실",
    "exploding gradient": "기울기 폭발", "backpropagation through time": "시간에 따른 역전파",
    "Jacobian": "야코비 행렬", "singular value": "특잇값", "spectral norm": "스펙트럼 노름",
    "forward Euler": "전진 오일러", "antisymmetric matrix": "반대칭 행렬", "diffusion": "확산",
    "initialisation": "초기화",
}


def test_the_glossary_decides_the_starting_terms_and_rejects_their_variants():
    found = glossary.load(KOREAN / "glossary.toml")
    chosen = {term.en: term for term in found.terms}
    for en, ko in STARTING_TERMS.items():
        assert chosen[en].ko == ko and chosen[en].why
    assert "고유값" in chosen["eigenvalue"].rejected
    assert {"그래디언트", "그라디언트"} <= set(chosen["gradient"].rejected)
    assert "고유 컴포지션" in chosen["eigendecomposition"].rejected
    for term in ("Householder reflection", "Haar measure", "spectral radius", "hidden state",
                 "recurrent neural network", "orthogonal initialisation"):
        assert term in chosen


@pytest.mark.parametrize(("text", "error"), [
    ('[[term]]\nen = "a"\nko = "가"\nwhy = "x"\n[[term]]\nen = "a"\nko = "나"\nwhy = "y"\n',
     "has two entries"),
    ('[[term]]\nen = "eigenvector"\nko = "고유벡터"\nrejected = ["벡터"]\nwhy = "x"\n',
     "part of the chosen"),
    ('[[term]]\nen = "a"\nko = "가"\nrejected = ["다"]\nwhy = "x"\n'
     '[[term]]\nen = "b"\nko = "나"\nrejected = ["다"]\nwhy = "y"\n', "rejected for both"),
    ('[[term]]\nen = "a"\nko = "가"\n', "why must be"),
    ("[[term]\n", "not TOML"),
])
def test_a_glossary_that_contradicts_itself_is_refused(text, error):
    with pytest.raises(glossary.GlossaryError, match=error):
        glossary.parse(text)


def _lint(*texts: str, kind: str = "p") -> list:
    terms = glossary.load(KOREAN / "glossary.toml")
    return glossary.lint("page.md", [(f"s.p{n}", kind, text) for n, text in
                                     enumerate(texts, 1)], terms)


def test_a_rejected_variant_is_an_error_naming_the_unit_the_variant_and_the_term():
    (finding,) = [f for f in _lint("고윳값(eigenvalue)과 그래디언트(gradient)를 봅니다.")
                  if "rejected" in f.message]
    assert (finding.check, finding.unit) == (GLOSSARY, "s.p1")
    assert "'그래디언트'" in finding.message and "'기울기'" in finding.message
    assert any("'고유값'" in f.message and "'고윳값'" in f.message
               for f in _lint("고유값은 중요합니다."))
    assert _lint("그놈은 고윳값(eigenvalue)을 모릅니다.") == []  # variants start a word


def test_the_first_use_on_a_page_carries_its_english_and_later_uses_need_not():
    assert _lint("고윳값(eigenvalue)은 크기를 정합니다.", "고윳값이 1이면 유지됩니다.") == []
    (finding,) = _lint("고윳값은 크기를 정합니다.", "고윳값(eigenvalue)이 1이면 유지됩니다.")
    assert finding.unit == "s.p1" and "고윳값(eigenvalue)" in finding.message
    assert _lint("**고윳값**(eigenvalues)과 시간에 따른 역전파(BPTT)입니다.") == []
    heading = glossary.lint("page.md", [("s.h", "h", "고윳값"), ("s.p1", "p", "고윳값은 …")],
                            glossary.load(KOREAN / "glossary.toml"))
    assert [finding.unit for finding in heading] == ["s.p1"]  # the heading neither needs nor counts


def test_a_gloss_must_be_the_terms_own_english():
    (finding,) = _lint("고윳값(singular value)입니다.")
    assert "'eigenvalue'" in finding.message
    assert _lint("기울기 소실(vanishing gradient)과 기울기(gradient)는 다릅니다.") == []


def test_the_glossary_is_a_page():
    text = glossary.page(glossary.load(KOREAN / "glossary.toml"))
    assert text.startswith("# 용어집") and "| eigenvalue | 고윳값 | 고유값, 고유치" in text


# --- the home page's Korean pilot ------------------------------------------------------------

def test_the_home_page_pilot_is_complete_and_passes():
    found, text = report.check_page("index.md", "ko", report.load_glossary("ko"))
    assert found.findings == () and found.translated == found.total > 30
    english = split_page((SITE / "index.md").read_text(encoding="utf-8"))
    for unit in units(english):
        if unit.anchor:
            assert "{#" + unit.anchor + "}" in text
    assert "고윳값(eigenvalue)" in text and "$d \\times d$" in text


def _pilot_copy(tmp_path: Path) -> report.Paths:
    (tmp_path / "site").mkdir()
    (tmp_path / "translations" / "ko").mkdir(parents=True)
    shutil.copy(SITE / "index.md", tmp_path / "site" / "index.md")
    for name in ("index.md", "glossary.toml"):
        shutil.copy(KOREAN / name, tmp_path / "translations" / "ko" / name)
    return report.Paths(tmp_path / "site", tmp_path / "translations")


def _status(paths: report.Paths, capsys) -> tuple[int, str]:
    code = main(["status", "--lang", "ko", "--page", "index.md", "--pages", str(paths.pages),
                 "--translations", str(paths.translations)])
    return code, capsys.readouterr().out


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_status_passes_for_the_pilot_copy(tmp_path, capsys):
    code, out = _status(_pilot_copy(tmp_path), capsys)
    assert code == 0 and "index.md: ok: 32/32 units translated" in out


def test_status_fails_when_an_english_unit_changes(tmp_path, capsys):
    paths = _pilot_copy(tmp_path)
    _edit(paths.pages / "index.md", "50 or more digits", "60 or more digits")
    code, out = _status(paths, capsys)
    assert code == 1
    assert "index.md why-orthogonal-initialisation-works.li6: stale:" in out
    assert "1 stale" in out and "60 or more digits" in out


def test_status_fails_when_a_korean_formula_differs(tmp_path, capsys):
    paths = _pilot_copy(tmp_path)
    _edit(paths.translations / "ko" / "index.md", "$d \\times d$", "$d \\times n$")
    code, out = _status(paths, capsys)
    assert code == 1
    assert "why-orthogonal-initialisation-works.li1: math:" in out
    assert "formula(s) $d \\times n$ are not in the English" in out
    assert "formula(s) $d \\times d$ are not in the translation" in out


def test_status_fails_on_a_rejected_variant(tmp_path, capsys):
    paths = _pilot_copy(tmp_path)
    _edit(paths.translations / "ko" / "index.md", "RNN의 기울기(gradient)",
          "RNN의 그래디언트(gradient)")
    code, out = _status(paths, capsys)
    assert code == 1
    assert "who-it-is-for.li1: glossary: '그래디언트' is a rejected variant: write '기울기'" in out


def test_accept_clears_a_stale_unit_once_revised(tmp_path, capsys):
    paths = _pilot_copy(tmp_path)
    _edit(paths.pages / "index.md", "50 or more digits", "60 or more digits")
    _edit(paths.translations / "ko" / "index.md", "50자리", "60자리")
    arguments = ["--pages", str(paths.pages), "--translations", str(paths.translations)]
    assert main(["accept", "index.md", "why-orthogonal-initialisation-works.li6", *arguments]) == 0
    assert _status(paths, capsys)[0] == 0
    assert main(["accept", "index.md", "no-such.p1", *arguments]) == USAGE


def test_scaffold_and_todo_hand_a_translator_the_missing_units(tmp_path, capsys):
    paths = _pilot_copy(tmp_path)
    target = paths.translations / "ko" / "index.md"
    kept = translated.load(target, "index.md")
    translated.save(target, kept.header, list(kept.entries[:-2]))
    arguments = ["--pages", str(paths.pages), "--translations", str(paths.translations)]
    assert main(["todo", "index.md", *arguments]) == 0
    out = capsys.readouterr().out
    assert out.count("<!-- unit:") == 2 and "<!-- unit: using-it.p1 source: " in out
    assert main(["scaffold", "index.md", *arguments]) == 0
    capsys.readouterr()
    code, out = _status(paths, capsys)
    assert code == 1 and "30/32 units translated" in out and "2 untranslated" in out


def test_usage_errors_are_one_line_and_exit_2(tmp_path, capsys):
    assert main(["status", "--lang", "xx"]) == USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no translations for language 'xx'" in err
    assert main(["status", "--page", "nowhere.md"]) == USAGE
    with pytest.raises(SystemExit) as stopped:
        main(["status", "--no-such-option"])
    assert stopped.value.code == USAGE


@pytest.mark.slow
def test_the_command_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "sitebuild.translation", "status", "--page",
                           "index.md"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ko index.md: ok: 32/32 units translated" in done.stdout
