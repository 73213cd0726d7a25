"""The answer boxes: their expression parser and precision rule in headless Chromium, chapter 5's
exercises against the committed results, and every box of the built site against what its
solution prints.

``site/javascripts/answers.js`` is loaded into an empty page for the unit tests, after the
English messages it says (:func:`load_answers`), so they need no built site. The built-site test
finds every ``form.answer-check`` in ``build/site`` and, for each, reads what its solution
prints for the answer with its own reading (Python, below): the decimals within 1 % of the
answer and the conclusion's right side, turned from TeX into what a reader types. Each must be
accepted, a value far off refused, and the box must state the precision the printed digits
call for.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from sitebuild.htmltree import Element, parse
from sitebuild.translation import messages
from tests.site.browsing import open_page
from tests.site.conftest import SITE, built_pages

ANSWERS_JS = Path(__file__).resolve().parents[2] / "site" / "javascripts" / "answers.js"
MESSAGES_JS = ANSWERS_JS.with_name("messages.js")
browser_test = pytest.mark.browser


def load_answers(page) -> None:
    """answers.js and what every page loads before it: the catalogues and messages.js."""
    page.add_script_tag(content=messages.script(()))
    page.add_script_tag(path=str(MESSAGES_JS))
    page.add_script_tag(path=str(ANSWERS_JS))


# --- the parser and the precision rule, in an empty page ----------------------------------------


@pytest.fixture(scope="module")
def blank(browser) -> Iterator:
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    load_answers(page)
    yield page
    context.close()


EVALUATE = """(text) => {
  try { return {value: companionAnswers.evaluate(text)}; }
  catch (error) {
    return {error: error.message, reader: error instanceof companionAnswers.InputError};
  }
}"""

VALUES = [
    ("0.25", 0.25), (".5", 0.5), ("1.", 1.0), ("1e-3", 1e-3), ("2.5E2", 250.0), ("  1 / 4 ", 0.25),
    ("1/2/2", 0.25), ("sqrt(26)/5", math.sqrt(26) / 5), ("2^(1/100)", 2 ** (1 / 100)),
    ("20 - sqrt(391)", 20 - math.sqrt(391)), ("2pi", 2 * math.pi), ("2π", 2 * math.pi),
    ("2sqrt(2)", 2 * math.sqrt(2)), ("2√2", 2 * math.sqrt(2)), ("√(26)/5", math.sqrt(26) / 5),
    ("pi/2", math.pi / 2), ("Pi", math.pi), ("e", math.e), ("2e", 2 * math.e),
    ("e^-1", math.exp(-1)), ("exp(1)", math.e), ("log(e^2)", 2.0), ("ln(10)", math.log(10)),
    ("-2^2", -4.0), ("2^-1", 0.5), ("2^3^2", 512.0), ("-(-2)", 2.0), ("--2", 2.0), ("+3", 3.0),
    ("(1+2)(3)", 9.0), ("3(1 + 2)", 9.0), ("2pi/3", 2 * math.pi / 3), ("3 × 4", 12.0),
    ("3 · 4", 12.0), ("6 ÷ 4", 1.5), ("1 − 2", -1.0), ("2**3", 8.0), ("1 + 2*3", 7.0),
    ("(1 + 2)*3", 9.0), ("1.8%", 0.018), ("9*(9/10)^8", 9 * 0.9**8),
]


@browser_test
@pytest.mark.parametrize(("typed", "expected"), VALUES)
def test_the_parser_reads_numbers_and_expressions(blank, typed, expected):
    result = blank.evaluate(EVALUATE, typed)
    assert "value" in result, result
    assert result["value"] == pytest.approx(expected, rel=1e-15, abs=1e-300)


ERRORS = [  # typed, the reader's message (or the start of it)
    ("(1+2))", "unexpected ')' at position 6"),
    ("1+2)", "unexpected ')' at position 4"),
    ("()", "unexpected ')' at position 2"),
    ("(1+2", "missing ')' for the '(' at position 1"),
    ("2 3", "missing an operator before '3' at position 3"),
    ("2+", "incomplete: something is missing after '+' at position 2"),
    ("*2", "unexpected '*' at position 1"),
    ("1/2pi", "ambiguous '1/2pi' at position 1: write 1/(2pi) or (1/2)pi"),
    ("sqrt 2", "expected '(' after sqrt at position 5"),
    ("2x", "unknown name 'x' at position 2"),
    ("eval(1)", "unknown name 'eval' at position 1"),
    ("alert(1)", "unknown name 'alert' at position 1"),
    ("1,5", "unexpected ',' at position 2: write decimals with a point"),
    ("2²", "unexpected '²' at position 2: write powers with ^"),
    ("g = 1.007", "unexpected '=' at position 3: type the value only"),
    ("1 # 2", "unexpected '#' at position 3"),
    ("1/0", "not finite"),
    ("sqrt(-1)", "no real value"),
    ("log(0)", "not finite"),
    ("", "empty"),
    ("   ", "empty"),
    ("1" * 201, "too long"),
]


@browser_test
@pytest.mark.parametrize(("typed", "message"), ERRORS)
def test_the_parser_says_what_is_wrong_and_where(blank, typed, message):
    result = blank.evaluate(EVALUATE, typed)
    assert result.get("reader"), result
    assert result["error"].startswith(message)


def test_the_parser_runs_no_code():
    """No eval, no Function, no timer with a string, no module or script loaded from elsewhere."""
    source = ANSWERS_JS.read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in source.splitlines())
    assert not re.search(r"\beval\b|\bFunction\b|setTimeout|setInterval|\bimport\b|https?:",
                         code)


PRECISION = """([answer, printed, digits]) => companionAnswers.precision(answer, printed, digits)"""

RULES = [  # answer, what the solution prints, stated digits → digits asked for, tolerance
    (2 ** (1 / 100), r"\(2^{-1/100} \approx 0.99309\) and \(2^{1/100} \approx 1.00696\)", None,
     6, 5e-6),
    (9 * 0.9**8, r"\(9 \cdot (9/10)^8 = 3.87420489\)", None, None, 1e-9 * 9 * 0.9**8),
    (20 - math.sqrt(391), r"\(\gamma_- = 20 - \sqrt{391} \approx 0.2265\)", None, None,
     1e-9 * (20 - math.sqrt(391))),  # a wrongly rounded print is no precision: exact
    (20 - math.sqrt(391), r"\(\approx 0.2263\)", None, 4, 5e-5),
    (math.sqrt(26) / 5, r"\(\sqrt{1.04} \approx 1.0198\)", None, 5, 5e-5),
    (math.sqrt(26) / 5, r"\(\approx 1.02\) or \(\approx 1.0198\)", None, 5, 5e-5),
    (0.0177853, r"\(\approx 0.0178\)", None, 3, 5e-5),
    (0.0, r"tends to 0", None, None, 1e-9),
    (20 - math.sqrt(391), "", 4, 4, 5e-5),
    (123.0, r"the integer \(123\)", None, None, 1.23e-7),
]


@browser_test
@pytest.mark.parametrize(("answer", "printed", "stated", "digits", "tolerance"), RULES)
def test_the_precision_comes_from_the_printed_digits(blank, answer, printed, stated, digits,
                                                     tolerance):
    rule = blank.evaluate(PRECISION, [answer, printed, stated])
    assert rule["digits"] == digits
    assert rule["tolerance"] == pytest.approx(tolerance, rel=1e-12)


BOX = """<div class="exercise" {direction}>
<p>Question</p>
<form class="answer-check" data-answer="{answer!r}" data-slug="exercise-0-1" novalidate>
<label for="a">Your answer</label><input id="a" type="text" name="answer">
<button type="submit">Check</button><output for="a" aria-live="polite"></output>
<small id="a-help">A number.</small></form>
<div class="theorem theorem-solution" id="exercise-0-1"><details class="solution">
<summary>Solution</summary><p>It is <span class="arithmatex">\\({printed}\\)</span>.</p>
</details></div></div>"""


def _verdict(page, typed: str) -> tuple[str, str]:
    page.locator("form.answer-check input").fill(typed)
    page.locator("form.answer-check input").press("Enter")
    classes = page.locator("form.answer-check").get_attribute("class").split()
    verdict = next(c for c in classes if c.startswith("answer-") and c != "answer-check")
    return verdict, page.locator("form.answer-check output").inner_text()


def _box(browser, answer: float, printed: str, direction: str = ""):
    context = browser.new_context()
    page = context.new_page()
    page.set_content(f"<!doctype html><html><body>"
                     f"{BOX.format(answer=answer, printed=printed, direction=direction)}"
                     f"</body></html>")
    load_answers(page)
    return context, page


@browser_test
def test_a_box_asks_for_the_printed_digits_and_says_which_way_to_go(browser):
    answer = 2 ** (1 / 100)
    context, page = _box(browser, answer, r"2^{1/100} \approx 1.00696")
    try:
        assert page.locator("form label").inner_text() == "Your answer, to 6 significant digits"
        assert "within 0.000005" in page.locator("form small").inner_text()
        for typed in ("1.00696", "1.006956", "2^(1/100)", "1.0069555", "1.006955"):
            assert _verdict(page, typed)[0] == "answer-right", typed
        verdict, message = _verdict(page, "1.00697")  # 1.4e-5 too large: outside ± 0.000005
        assert verdict == "answer-wrong" and "too large" in message
        verdict, message = _verdict(page, "1.00695")  # truncated, not rounded
        assert verdict == "answer-wrong" and "too small" in message
        verdict, message = _verdict(page, "1.007")  # right to its own digits, too few of them
        assert verdict == "answer-wrong" and message.startswith("Close") and "6 significant" \
            in message
        verdict, message = _verdict(page, "1.0069)")
        assert verdict == "answer-invalid" and message == \
            "Cannot read that: unexpected ')' at position 7."
        assert page.locator("form input").get_attribute("aria-invalid") == "true"
        assert _verdict(page, "")[1] == "Type a number or an expression first."
    finally:
        context.close()


@browser_test
def test_an_exact_box_and_one_that_gives_no_direction(browser):
    context, page = _box(browser, 7 / 16, r"\lVert DWe_1\rVert^2 = 7/16", 'data-direction="off"')
    try:
        assert page.locator("form label").inner_text() == "Your answer, exactly"
        for typed in ("7/16", "0.4375", "7 / 2^4", "(sqrt(7)/4)^2"):
            assert _verdict(page, typed)[0] == "answer-right", typed
        verdict, message = _verdict(page, "0.44")
        assert verdict == "answer-wrong" and message.startswith("Close") and "exact" in message
        verdict, message = _verdict(page, "0.5")
        assert verdict == "answer-wrong" and "large" not in message and "small" not in message
        verdict, message = _verdict(page, "0.43751")
        assert verdict == "answer-wrong" and "large" not in message
    finally:
        context.close()


# --- chapter 5's exercises against the committed results ----------------------------------------


def test_chapter_5_exercises_take_their_answers_and_printed_digits_from_the_results():
    from experiments import analysis
    from sitebuild.tables import ch5_exercises

    fragments = {name: build() for name, build in ch5_exercises.TABLES.items()}
    answers = {name: float(re.search(r'data-answer="([^"]+)"', text).group(1))
               for name, text in fragments.items()}
    groups = analysis.groups(analysis.load("full"))
    orthogonal = [g for g in groups if g.arm == "orthogonal"]
    share = Fraction(sum(g.successes for g in orthogonal), sum(len(g.runs) for g in orthogonal))
    assert answers["ch5-exercise-1"] == float(share)
    order = next(g for g in groups if (g.task, g.length, g.arm) == ("order", 60, "orthogonal"))
    assert answers["ch5-exercise-2"] == order.interval[1]
    # The task says z ≈ 1.96: with it the printed digits are the same.
    printed = re.search(r"upper end is \$\\approx ([0-9.]+)\$", fragments["ch5-exercise-2"])
    assert f"{analysis.wilson_interval(order.successes, len(order.runs), 1.96)[1]:.3f}" == \
        printed.group(1) == f"{answers['ch5-exercise-2']:.3f}"
    for name, text in fragments.items():
        assert f'id="{name.replace("ch5-exercise", "ex-5")}"' in text
        assert text.count('class="answer-check"') == 1 and text.count("<details") == 1


# --- every box of the built site ----------------------------------------------------------------


def _boxes() -> list[tuple[str, str]]:
    boxes = []
    for path in built_pages():
        markup = (SITE / path).read_text(encoding="utf-8")
        boxes += [(path, slug) for slug in re.findall(
            r'<form class="answer-check"[^>]*data-slug="([^"]+)"', markup)]
    return boxes


BOXES = _boxes()


def _element(root: Element, ident: str) -> Element:
    return next(e for e in root.iter() if e.attrs.get("id") == ident)


def _group(tex: str, at: int) -> tuple[str, int]:
    """The braced group (or single character) of ``tex`` at ``at``, and the index after it."""
    while tex[at] == " ":
        at += 1
    if tex[at] != "{":
        return tex[at], at + 1
    depth = 0
    for index in range(at, len(tex)):
        depth += {"{": 1, "}": -1}.get(tex[index], 0)
        if depth == 0:
            return tex[at + 1:index], index + 1
    raise ValueError(f"unbalanced braces in {tex!r}")


def _operand(typed: str) -> str:
    """``typed`` in parentheses unless it is one number."""
    return typed if re.fullmatch(r"\d+(\.\d+)?", typed) else f"({typed})"


def typed_from_tex(tex: str) -> str | None:
    """Simple TeX (fractions, roots, powers, parentheses, products) as a reader types it,
    parenthesised only where needed (``\\frac{7}{16}`` is ``7/16``); None for anything else."""
    tex = re.sub(r"\\displaystyle|\\left|\\right|\\,", "", tex).replace(r"\cdot", "*")
    out, index = [], 0
    while index < len(tex):
        if tex.startswith(r"\frac", index):
            top, index = _group(tex, index + 5)
            bottom, index = _group(tex, index)
            parts = typed_from_tex(top), typed_from_tex(bottom)
            if None in parts:
                return None
            out.append(f"{_operand(parts[0])}/{_operand(parts[1])}")
        elif tex.startswith(r"\sqrt[", index):  # \sqrt[n]{x}: x^(1/n)
            close = tex.index("]", index)
            degree = typed_from_tex(tex[index + 6:close])
            radicand, index = _group(tex, close + 1)
            inside = typed_from_tex(radicand)
            if None in (degree, inside):
                return None
            out.append(f"{_operand(inside)}^(1/{_operand(degree)})")
        elif tex.startswith(r"\sqrt", index):
            inside, index = _group(tex, index + 5)
            if (inner := typed_from_tex(inside)) is None:
                return None
            out.append(f"sqrt({inner})")
        elif tex[index] == "{":
            inside, index = _group(tex, index)
            if (inner := typed_from_tex(inside)) is None:
                return None
            out.append(_operand(inner))
        elif tex[index] == "\\" or tex[index].isalpha():
            return None
        else:
            out.append(tex[index])
            index += 1
    return "".join(out).strip()


def _tex(element: Element) -> str:
    """An element's text with its math as TeX, without delimiters."""
    return re.sub(r"\\[()]", " ", element.text())


def printed_for(solution: Element, answer: float) -> tuple[list[str], int | None]:
    """What the solution prints for ``answer``, as a reader would type it, and the significant
    digits it asks for (None: exact). Decimals within 1 % of the answer count as its printing;
    the conclusion's right side too, where the solution has one in simple TeX."""
    text = _tex(solution)
    near = [d for d in re.findall(r"(?<![\d.])\d*\.\d+(?![\d.])", text)
            if abs(float(d) - abs(answer)) <= 0.01 * max(abs(answer), 1e-3)]
    typed = list(near)
    for formula in (e for e in solution.iter() if "theorem-formula" in e.classes):
        right = re.split(r"=|\\leq|\\geq|<|>|\\approx", _tex(formula))[-1]
        if (value := typed_from_tex(right)) is not None:
            typed.append(value)
    digits = None
    exact = any(float(d) == abs(answer) for d in near)
    rounded = [d for d in near if abs(float(d) - abs(answer))
               <= 0.5 * 10 ** -len(d.split(".")[1]) * (1 + 1e-9)]
    if rounded and not exact:
        digits = max(len(d.replace(".", "").lstrip("0")) for d in rounded)
    return typed, digits


@browser_test
@pytest.mark.skipif(not BOXES, reason="no built site with answer boxes (make site)")
@pytest.mark.parametrize(("path", "slug"), BOXES, ids=[slug for _, slug in BOXES])
def test_every_box_accepts_what_its_solution_prints_and_refuses_a_wrong_value(browser, site_url,
                                                                              path, slug):
    tree = parse((SITE / path).read_text(encoding="utf-8"))
    form = next(e for e in tree.iter() if e.tag == "form" and e.attrs.get("data-slug") == slug)
    answer = float(form.attrs["data-answer"])
    typed, digits = printed_for(_element(tree, slug), answer)
    assert typed, f"{slug}: its solution prints nothing near its answer {answer}"
    exercise = next((a for a in form.ancestors() if "exercise" in a.classes), None)
    direction = exercise is None or exercise.attrs.get("data-direction") != "off"
    context, page, log = open_page(browser, site_url, path)
    try:
        box = page.locator(f'form.answer-check[data-slug="{slug}"]')
        wanted = "exactly" if digits is None else f"to {digits} significant digits"
        assert box.locator("label").inner_text() == f"Your answer, {wanted}"
        for value in typed:
            box.locator("input").fill(value)
            box.locator("input").press("Enter")
            assert "answer-right" in box.get_attribute("class").split(), (value, answer)
        wrong = answer * 2 + 1
        box.locator("input").fill(repr(wrong))
        box.locator("input").press("Enter")
        assert "answer-wrong" in box.get_attribute("class").split(), wrong
        message = box.locator("output").inner_text()
        assert ("too large" in message) == direction, message
        if digits is not None and digits > 1:  # one digit short of what the box asks for
            box.locator("input").fill(f"{answer:#.{digits - 1}g}")
            box.locator("input").press("Enter")
            assert box.locator("output").inner_text().startswith("Close")
        assert log.console_errors == []
    finally:
        context.close()
