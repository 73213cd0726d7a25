"""The generated text in another language, checked like the pages: a fragment is cut at its
tags into units, a changed English unit makes its Korean twin stale, a Korean unit with another
formula or number is refused, and a localised fragment has the Korean words and the English
formulas, tags and layout. The API reference, whose docstrings are preformatted text, is cut a
paragraph to a unit and checked the same way, its Unicode formulas by their symbols."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from derivations import fibonacci
from sitebuild.api_reference import api_reference, docstring_markdown
from sitebuild.edition import fragments
from sitebuild.paths import BUILD, GENERATED
from sitebuild.problems import BuildError
from sitebuild.translation import invariants, report, translated
from sitebuild.translation.__main__ import main
from sitebuild.translation.findings import (
    MARKUP,
    MATH,
    MISSING,
    NUMBER,
    STALE,
    TranslationError,
)
from sitebuild.translation.fragments import join_fragment, split_fragment
from sitebuild.translation.generated import WITHIN, localise, notice, paths
from sitebuild.translation.units import PREFORMATTED, Unit, starts_a_block
from tests.editing import replace_once

KOREAN = report.TRANSLATIONS / "ko"
NAME = "derivations/exercise-9-1.md"
API = "api-reference.md"

FRAGMENT = r"""<div class="theorem theorem-solution" id="exercise-9-1" markdown="1">

<p class="theorem-head"><span class="theorem-kind">Solution</span> <span class="theorem-title">The tenth power sum of the roots</span></p>

$L_k = \varphi^k + \psi^k$ obeys the Fibonacci recurrence with $L_0 = 2$, so $\varphi^{10} + \psi^{10}$ is the integer $123$.

<div class="theorem-fine" markdown="1">
<p class="theorem-where" markdown="span"><strong class="theorem-label">Variables</strong> $k \in \mathbb{Z}$, $k < 20$.</p>
</div>

<details class="proof" id="exercise-9-1--proof" markdown="1">
<summary>Proof (2 checked steps)</summary>

<div class="proof-step" id="exercise-9-1--sum" markdown="1">
<div class="step-number"><a href="#exercise-9-1--sum" title="Link to this step">(1)</a></div>
<div class="step-rhs" markdown="span">$\displaystyle = 1$</div>
<div class="step-why" markdown="span">The roots of $\lambda^2 - \lambda - 1$ add up to 1. <span class="check-kind check-symbolic">symbolic · exact</span></div>
</div>
<div class="proof-step" id="exercise-9-1--tenth" markdown="1">
<div class="step-why" markdown="span">Run the recurrence from $2, 1$ for 8 steps. <span class="check-kind check-symbolic">symbolic · exact</span></div>
</div>

</details>

</div>
"""  # noqa: E501 (a generated fragment's lines are as long as the renderer makes them)

KO = {
    "exercise-9-1.title1": "풀이",
    "exercise-9-1.title2": "두 근의 열제곱의 합",
    "exercise-9-1.p1": "$L_k = \\varphi^k + \\psi^k$는 $L_0 = 2$에서 시작하는 피보나치 "
                       "점화식(recurrence)을 따르므로 "
                       "$\\varphi^{10} + \\psi^{10}$은 정수 $123$입니다.",
    "exercise-9-1.t1": '<strong class="theorem-label">변수</strong> $k \\in \\mathbb{Z}$, '
                       "$k < 20$.",
    "exercise-9-1--proof.title1": "증명 (검증된 단계 2개)",
    "exercise-9-1--sum.t1": "$\\lambda^2 - \\lambda - 1$의 두 근을 더하면 1입니다.",
    "exercise-9-1--sum.title1": "기호 계산 · 정확",
    "exercise-9-1--tenth.t1": "$2, 1$에서 시작해 점화식을 8단계 돌립니다.",
}


def _units(text: str) -> list[Unit]:
    return report.distinct(piece for piece in split_fragment(text) if isinstance(piece, Unit))


def _copy(tmp_path: Path, ko: dict[str, str] = KO) -> report.Paths:
    """An English fragment folder and a Korean translation of its one fragment."""
    where = paths(tmp_path / "generated", tmp_path / "translations")
    (where.pages / NAME).parent.mkdir(parents=True)
    (where.pages / NAME).write_text(FRAGMENT, encoding="utf-8")
    (where.translations / "ko").mkdir(parents=True)
    shutil.copy(KOREAN / "glossary.toml", where.glossary("ko"))
    translated.save(where.translation("ko", NAME), "", [
        translated.Entry(unit.id, unit.source, ko[unit.id], 0) for unit in _units(FRAGMENT)])
    return where


def _findings(where: report.Paths, page: str = NAME) -> list:
    return list(report.check_page(page, "ko", report.load_glossary("ko", where), where)[0]
                .findings)


def test_a_fragment_is_cut_at_its_tags_and_joins_back_exactly():
    pieces = split_fragment(FRAGMENT)
    assert join_fragment(pieces, {}) == FRAGMENT
    found = {unit.id: unit.text for unit in _units(FRAGMENT)}
    assert set(found) == set(KO)  # (1), (H1)-like labels and lone formulas are no units
    assert found["exercise-9-1--sum.title1"] == "symbolic · exact"  # a repeat is one unit
    assert sum(1 for piece in pieces if isinstance(piece, Unit)
               and piece.id == "exercise-9-1--sum.title1") == 2
    assert found["exercise-9-1.t1"].endswith("$k < 20$.")  # a `<` in a formula is no tag


def test_a_complete_korean_fragment_passes_every_check(tmp_path):
    assert _findings(_copy(tmp_path)) == []


def test_a_changed_english_unit_makes_its_korean_twin_stale_and_is_never_published(tmp_path):
    where = _copy(tmp_path)
    replace_once(where.pages / NAME, "for 8 steps", "for nine steps")
    stale = [finding for finding in _findings(where) if finding.check == STALE]
    assert [finding.unit for finding in stale] == ["exercise-9-1--tenth.t1"]
    with pytest.raises(TranslationError, match=r"exercise-9-1--tenth\.t1: stale"):
        localise("ko", where.pages, tmp_path / "out", draft=False,
                 translations=where.translations)
    assert not (tmp_path / "out").exists()
    done = localise("ko", where.pages, tmp_path / "out", draft=True,
                    translations=where.translations)
    written = (tmp_path / "out" / NAME).read_text(encoding="utf-8")
    assert done.pending == (NAME,) and written.startswith(notice("ko"))
    assert "for nine steps" in written and "8단계" not in written and "풀이" in written


def test_a_changed_formula_in_a_korean_unit_is_refused(tmp_path):
    where = _copy(tmp_path, {**KO, "exercise-9-1--sum.t1": KO["exercise-9-1--sum.t1"].replace(
        "\\lambda - 1", "\\lambda + 1")})
    math = [finding for finding in _findings(where) if finding.check == MATH]
    assert {finding.unit for finding in math} == {"exercise-9-1--sum.t1"}
    with pytest.raises(TranslationError, match="math"):
        localise("ko", where.pages, tmp_path / "out", draft=False,
                 translations=where.translations)


def test_a_changed_number_in_a_korean_unit_is_refused(tmp_path):
    where = _copy(tmp_path, {**KO, "exercise-9-1--tenth.t1": KO["exercise-9-1--tenth.t1"].replace(
        "8단계", "9단계")})
    number = [finding for finding in _findings(where) if finding.check == NUMBER]
    assert [finding.unit for finding in number] == ["exercise-9-1--tenth.t1"] * 2
    with pytest.raises(TranslationError, match="number"):
        localise("ko", where.pages, tmp_path / "out", draft=False,
                 translations=where.translations)


def test_a_korean_fragment_has_the_korean_words_and_the_english_formulas_and_tags(tmp_path):
    where = _copy(tmp_path)
    done = localise("ko", where.pages, where.pages, draft=False, translations=where.translations)
    written = (where.pages / NAME).read_text(encoding="utf-8")
    assert done.pending == () and done.findings == []
    assert invariants.formulas(written) == invariants.formulas(FRAGMENT)
    tags = invariants.HTML_TAG.findall
    assert tags(invariants.masked(written)) == tags(invariants.masked(FRAGMENT))
    words = invariants.prose(written)  # what a reader reads: no tags, formulas or classes
    assert "풀이" in words and "Solution" not in words and "symbolic" not in words
    assert written.count("기호 계산 · 정확") == 2  # a repeated text, translated once
    assert written.count("\n") == FRAGMENT.count("\n")


def test_a_fragment_without_a_translation_is_an_error_or_a_draft_under_a_notice(tmp_path):
    where = _copy(tmp_path)
    where.translation("ko", NAME).unlink()
    (where.pages / "formulas").mkdir()
    (where.pages / "formulas" / "one.md").write_text("$x = 1$\n", encoding="utf-8")
    with pytest.raises(TranslationError, match=re.escape(f"{NAME}: missing: no translation file")):
        localise("ko", where.pages, tmp_path / "out", draft=False,
                 translations=where.translations)
    done = localise("ko", where.pages, tmp_path / "out", draft=True,
                    translations=where.translations)
    assert done.pending == (NAME,)
    assert any(finding.check == MISSING for finding in done.findings)
    assert (tmp_path / "out" / NAME).read_text(encoding="utf-8") == notice("ko") + FRAGMENT
    assert (tmp_path / "out" / "formulas" / "one.md").read_text(encoding="utf-8") == "$x = 1$\n"
    done = localise("ko", where.pages, tmp_path / "only", draft=False,
                    translations=where.translations, only=["formulas/one.md"])
    assert [page.page for page in done.reports] == ["formulas/one.md"]
    assert not (tmp_path / "only" / NAME).exists()  # not asked for, so not refused either


def test_scaffold_offers_the_translation_another_fragment_already_has(tmp_path, capsys):
    where = _copy(tmp_path)
    other = "derivations/exercise-9-2.md"
    (where.pages / other).write_text(FRAGMENT.replace("9-1", "9-2").replace(
        "the roots</span>", "two roots</span>"), encoding="utf-8")
    arguments = ["--generated", "--pages", str(where.pages),
                 "--translations", str(where.translations)]
    assert main(["scaffold", other, *arguments]) == 0
    offered = translated.load(where.translation("ko", other), other).by_id()
    assert offered["exercise-9-2.title1"].text == "풀이"  # the same English, translated
    assert offered["exercise-9-2.title2"].text == "The tenth power sum of two roots"  # not
    capsys.readouterr()
    assert main(["status", *arguments]) == 1
    out = capsys.readouterr().out
    assert f"{other}: FAILS" in out and f"{NAME}: ok" in out


@pytest.mark.skipif(not GENERATED.is_dir(), reason="no generated fragments (run generate)")
def test_every_generated_fragment_joins_back_and_its_korean_text_passes():
    where = paths()
    for page in report.english_pages(where):
        text = (GENERATED / page).read_text(encoding="utf-8")
        try:
            assert join_fragment(split_fragment(text), {}) == text, page
        except ValueError:
            continue  # the English repeats an anchor: status reports it as a finding
    glossary = report.load_glossary("ko")
    chapters = [f"chapter-{number}.md" for number in range(1, 6)]
    complete = {include for chapter in chapters for include in
                re.findall(r'--8<-- "([^"]+)"', (report.PAGES / chapter).read_text("utf-8"))}
    for path in sorted((KOREAN / WITHIN).rglob("*.md")):
        page = path.relative_to(KOREAN / WITHIN).as_posix()
        found = report.check_page(page, "ko", glossary, where)[0]
        # still to translate is allowed outside the chapters; anything else is an error
        assert [f for f in found.findings if f.check != MISSING or page in complete] == [], page
    assert all(where.translation("ko", page).is_file() for page in complete)


def test_a_character_reference_is_no_number_and_one_korean_syllable_is_a_word():
    english, korean = "Binet&#x27;s formula", "비네 공식"
    assert invariants.compare(NAME, "u", "title", english, korean) == []
    form = ('<form>\n<label for="a">Your answer</label>\n'
            '<button type="submit">Check</button>\n</form>')
    ids = [unit.id for unit in _units(form)]
    assert ids == ["top.title1", "top.title2"]
    again = join_fragment(split_fragment(form), {"top.title1": "내 답", "top.title2": "답"})
    assert [unit.id for unit in _units(again)] == ids  # still units: the checks still see them


def test_the_words_a_screen_reader_says_for_a_plot_are_a_unit_checked_like_text(tmp_path):
    plot = ('<div class="figure-scroll">\n<svg role="img" aria-label="The norm for t from 0 '
            'to 64">\n<text x="1">steps t</text>\n</svg>\n</div>\n')
    assert [(unit.id, unit.kind, unit.text) for unit in _units(plot)] == [
        ("top.label1", "title", "The norm for t from 0 to 64"), ("top.title1", "title", "steps t")]
    where = _copy(tmp_path)
    (where.pages / "tables").mkdir()
    (where.pages / "tables" / "plot.md").write_text(plot, encoding="utf-8")
    for label, check in (("t가 0부터 65까지일 때의 노름", NUMBER),
                         ('t가 0부터 64까지일 때의 "노름"', "structure")):
        translated.save(where.translation("ko", "tables/plot.md"), "", [
            translated.Entry(unit.id, unit.source, text, 0) for unit, text in
            zip(_units(plot), (label, "단계 t"), strict=True)])
        found = report.check_page("tables/plot.md", "ko", None, where)[0].findings
        assert check in {finding.check for finding in found}


def test_assemble_generated_writes_the_fragments_or_refuses_them(tmp_path, capsys):
    where = _copy(tmp_path)
    arguments = ["assemble", "--generated", "--out", str(tmp_path / "out"), "--pages",
                 str(where.pages), "--translations", str(where.translations)]
    assert main(arguments) == 0
    assert "풀이" in (tmp_path / "out" / NAME).read_text(encoding="utf-8")
    replace_once(where.pages / NAME, "for 8 steps", "for nine steps")
    assert main(arguments) == 1
    assert "generated fragments refused" in capsys.readouterr().err
    assert main([*arguments, "--draft"]) == 0
    assert "(English shown, under a notice)" in capsys.readouterr().out


DOCSTRING = """The first line of a docstring,
wrapped onto a second line.

Bullets here are not Markdown:

* one ``code`` item that goes on
  onto an indented line;
* another, F(k+2) = F(k+1) + F(k).

>>> fib(10)
55
"""


def _api_copy(tmp_path: Path) -> report.Paths:
    """The API reference as the library's docstrings make it now, and its Korean translation,
    copied: a test may edit either."""
    where = paths(tmp_path / "generated", tmp_path / "translations")
    where.pages.mkdir(parents=True)
    (where.pages / API).write_text(api_reference(), encoding="utf-8")
    where.translation("ko", API).parent.mkdir(parents=True)
    shutil.copy(KOREAN / "glossary.toml", where.glossary("ko"))
    shutil.copy(KOREAN / WITHIN / API, where.translation("ko", API))
    return where


def test_a_docstring_paragraph_is_one_unit_named_by_its_docstring():
    text = docstring_markdown(DOCSTRING, "derivations-x-fib")
    pieces = split_fragment(text)
    assert join_fragment(pieces, {}) == text
    found = {unit.id: unit for unit in _units(text)}
    first, intro, bullets = (f"doc-derivations-x-fib.t{n}" for n in (1, 2, 3))
    assert list(found) == [first, intro, bullets]  # the example is code: no unit
    assert found[first].text == "The first line of a docstring,\nwrapped onto a second line."
    assert {unit.kind for unit in found.values()} == {PREFORMATTED}
    assert starts_a_block("* 항목", PREFORMATTED) is None  # a <pre> holds no Markdown
    korean = join_fragment(pieces, {bullets: "* ``code`` 항목 하나가\n  들여 쓴 줄로 이어집니다;\n"
                                             "* 또 하나, F(k+2) = F(k+1) + F(k)."})
    assert "이어집니다;\n* 또 하나" in korean and "하나가\n  들여 쓴 줄로" in korean
    assert "```pycon\n>>> fib(10)\n55\n```" in korean
    assert [unit.id for unit in _units(korean)] == list(found)


def test_the_korean_api_reference_passes_and_a_changed_docstring_makes_its_unit_stale(
        tmp_path, monkeypatch):
    where = _api_copy(tmp_path)
    assert _findings(where, API) == []
    docstring = fibonacci.fib.__doc__
    assert docstring.count("the only extension") == 1
    monkeypatch.setattr(fibonacci.fib, "__doc__",
                        docstring.replace("the only extension", "the one extension"))
    (where.pages / API).write_text(api_reference(), encoding="utf-8")
    stale = [finding.unit for finding in _findings(where, API) if finding.check == STALE]
    assert stale == ["doc-derivations-fibonacci-fib.t2"]  # and no other docstring's unit
    with pytest.raises(TranslationError, match=r"doc-derivations-fibonacci-fib\.t2: stale"):
        localise("ko", where.pages, tmp_path / "out", draft=False,
                 translations=where.translations)
    monkeypatch.delenv("COMPANION_PAGES_FIRST", raising=False)  # the complete, strict build
    monkeypatch.setattr(fragments, "folder", lambda lang: tmp_path / "edition")
    with pytest.raises(BuildError, match=r"api-reference\.md doc-derivations-fibonacci-fib\.t2: "
                                         "stale"):
        fragments.mirror("ko", where.pages, where.translations)


@pytest.mark.parametrize(("english", "changed", "check"), [
    ("F(10⁸) ≈ 1.5 s", "F(10⁸) ≈ 2.5 s", NUMBER),  # a number
    ("F(k+2) = F(k+1) + F(k)", "F(k+2) = F(k+1) − F(k)", MATH),  # a formula, in Unicode
    ("``|n| ≤ MAX_SCAN_INDEX``(표", "``|n| < MAX_SCAN_INDEX``(표", MARKUP),  # code
])
def test_a_korean_api_unit_with_another_number_formula_or_code_is_refused(
        tmp_path, english, changed, check):
    where = _api_copy(tmp_path)
    replace_once(where.translation("ko", API), english, changed)
    found = [finding for finding in _findings(where, API) if finding.check == check]
    assert len({finding.unit for finding in found}) == 1, found
    with pytest.raises(TranslationError, match=check):
        localise("ko", where.pages, tmp_path / "out", draft=False,
                 translations=where.translations)


def test_the_built_korean_api_page_has_korean_prose_and_the_english_examples():
    built = {lang: BUILD / "site" / folder / "api.html" for lang, folder in (("en", ""),
                                                                             ("ko", "ko"))}
    if not all(page.is_file() for page in built.values()):
        pytest.fail(f"no built API pages {sorted(map(str, built.values()))}: make site")
    text = {lang: page.read_text(encoding="utf-8") for lang, page in built.items()}
    korean = translated.load(KOREAN / WITHIN / API, API).by_id()
    fib = re.search(r'<pre class="docstring" id="doc-derivations-fibonacci-fib">(.*?)</pre>',
                    text["ko"], re.DOTALL)
    assert fib, "the fib docstring is not on the Korean page"
    written = " ".join(korean[f"doc-derivations-fibonacci-fib.t{n}"].text for n in (1, 2, 3))
    assert " ".join(html.unescape(fib.group(1)).split()) == " ".join(written.split())
    assert "the only extension that keeps" not in text["ko"]
    assert 'class="translation-pending"' not in text["ko"]

    def code(page: str) -> list[str]:  # every highlighted block (signatures, sessions), as shown
        return [html.unescape(re.sub(r"<[^>]+>", "", block)) for block in re.findall(
            r'<div class="highlight"><pre>(.*?)</pre></div>', page, re.DOTALL)]
    assert code(text["ko"]) == code(text["en"])
    assert ">>> [fib(k) for k in range(10)]" in "\n".join(code(text["ko"]))
