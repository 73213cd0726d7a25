"""A lecture's words outside the typeset slides: math spelt in Unicode, Markdown without its
marks, so speaker notes, PowerPoint text and the handout read as text."""

from __future__ import annotations

import re

import pytest

from animations import catalogue
from derivations.engine import get
from derivations.engine.latex import hypothesis_latex
from lectures import plaintext, plan

CHAPTERS = sorted({entry.chapter for entry in catalogue.scenes().values()})
LATEX = re.compile(r"\\[A-Za-z]+|\\.|\$|[{}]|\^\{|_\{")
# Markdown's emphasis: ** anywhere, or * opening a word (a conjugate's * follows its operand).
EMPHASIS = re.compile(r"\*\*|(?:^|[\s(])\*\S|\]\(")


@pytest.mark.parametrize(("latex", "text"), [
    (r"\lVert Q x\rVert^{2} = \lVert x\rVert^{2}", "‖Qx‖² = ‖x‖²"),
    (r"{Q}^{\top} Q = I", "QᵀQ = I"),
    (r"Q^{-1} = Q^\top", "Q⁻¹ = Qᵀ"),
    (r"\left|{\lambda}\right|^{2} = 1", "|λ|² = 1"),
    (r"F_{k+2} = F_{k+1} + F_k", "Fₖ₊₂ = Fₖ₊₁ + Fₖ"),
    (r"F_{n} = \frac{\varphi^{n} - \psi^{n}}{\sqrt{5}}", "Fₙ = (φⁿ − ψⁿ)/√5"),
    (r"e^{-i\theta}", "e^(−iθ)"),
    (r"F^{n} = \begin{bmatrix}F_{n - 1} & F_{n}\\F_{n} & F_{n + 1}\end{bmatrix}",
     "Fⁿ = [Fₙ₋₁, Fₙ; Fₙ, Fₙ₊₁]"),
    (r"\lim_{n \to \infty} \left|{\lambda}\right|^{2 n} = 0", "lim_(n → ∞) |λ|²ⁿ = 0"),
    (r"\frac{d \mathcal{L}}{d w}", "dℒ/dw"),
    (r"D = \operatorname{diag}(1 - \tanh^2 a_i)", "D = diag(1 − tanh² aᵢ)"),
    (r"\lVert \lambda v\rVert^2 = \bar\lambda\lambda\, v^* v", "‖λv‖² = λ̄λ v*v"),
    (r"\left\lVert D_{k + l}\right\rVert_{2} \leq \beta\quad\text{for every }l",
     "‖Dₖ₊ₗ‖₂ ≤ β for every l"),
    (r"W_{i,m}", "W_(i, m)"),
    (r"\psi \approx -0.618", "ψ ≈ −0.618"),
])
def test_formulas_read_as_unicode(latex, text):
    assert plaintext.unicode_math(latex) == text


def test_markdown_loses_its_marks_and_keeps_its_emphasis():
    runs = plaintext.markdown_runs("Merity, *Explaining orthogonal initialization* (2016); "
                                 "see [the proof](#orthogonal-gain) of $Q^\\top Q = I$.")
    assert runs == [("Merity, ", False), ("Explaining orthogonal initialization", True),
                    (" (2016); see the proof of QᵀQ = I.", False)]
    assert plaintext.plain_text("**bold** and `code`") == "bold and code"


def _texts_of(slug: str) -> list[str]:
    derivation = get(slug)
    return [derivation.title, derivation.statement, derivation.source,
            *(h.text for h in derivation.checked_hypotheses),
            *(a.text for a in derivation.assumptions), *(s.reason for s in derivation.steps)]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_formula_and_word_of_a_lecture_converts_without_latex_left(chapter):
    for slug in plan.results(chapter):
        derivation = get(slug)
        formulas = [step.latex() for step in derivation.steps]
        formulas += [hypothesis_latex(h) for h in derivation.checked_hypotheses]
        for latex in formulas:
            assert not LATEX.search(plaintext.unicode_math(latex)), (slug, latex)
        for words in _texts_of(slug):
            plain = plaintext.plain_text(words)
            assert not LATEX.search(plain), (slug, words, plain)
            assert not EMPHASIS.search(plain), (slug, words, plain)
