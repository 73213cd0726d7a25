"""An exercise's answer box and folded solution, for exercises that are not derivations.

Chapter 5's exercises read their answers from the committed results, not from a
checked derivation, so their boxes are built here (:mod:`sitebuild.tables.ch5_exercises`)
with the markup :func:`sitebuild.fragments.answer_fragment` gives a derivation's: a
``form.answer-check`` whose ``data-answer`` is the value (17 significant digits) and whose
``data-slug`` is the id of the solution box. ``site/javascripts/answers.js`` reads the
solution's printed digits to find the precision the box asks for: print the answer rounded
(``\\approx 0.769``) to ask for that many significant digits, or exactly to ask for the
exact value.
"""

from __future__ import annotations

import html
from fractions import Fraction


def answer_box(slug: str, value: float | Fraction) -> str:
    """The box where a reader types the answer to the exercise ``slug``, whose solution box
    (:func:`solution_box`) has the id ``slug``."""
    answer = float(value)
    field = f"answer-{slug}"
    return (
        f'<form class="answer-check" data-answer="{answer!r}" data-slug="{slug}" novalidate>\n'
        f'<label for="{field}">Your answer</label>\n'
        f'<input id="{field}" type="text" name="answer" autocomplete="off" spellcheck="false" '
        f'aria-describedby="{field}-help">\n'
        f'<button type="submit">Check</button>\n'
        f'<output for="{field}" aria-live="polite"></output>\n'
        f'<small id="{field}-help">A number or an expression: a decimal such as '
        f"<code>0.375</code>, a fraction such as <code>3/8</code>, or <code>sqrt(3)/2</code>."
        f"</small>\n"
        f"</form>\n"
    )


def solution_box(slug: str, title: str, text: str, source: str) -> str:
    """A folded solution that looks like a derivation's: ``text`` is Markdown with ``$…$``
    math, ``source`` says where its numbers come from (it is not checked by machine)."""
    return "\n".join([
        f'<div class="theorem theorem-solution" id="{slug}" markdown="1">', "",
        '<details class="solution" markdown="1">', "<summary>Solution</summary>", "",
        f'<p class="theorem-head"><span class="theorem-kind">Solution</span> '
        f'<span class="theorem-title">{html.escape(title)}</span></p>', "",
        text, "",
        '<div class="theorem-foot" markdown="1">',
        f'<p class="theorem-check" markdown="span"><em>Source:</em> {source}</p>',
        "</div>", "",
        "</details>", "",
        "</div>",
    ]) + "\n"


def exercise_block(number: str, level: str, question: str, hint: str, slug: str,
                   answer: float | Fraction, title: str, solution: str, source: str,
                   direction: bool = True) -> str:
    """A whole exercise as a chapter page writes one (see ``site/contributing.md``): the task,
    a folded hint, the answer box and the folded solution. ``direction=False`` stops the box
    saying "too large" or "too small" (for an answer a few halvings would find)."""
    chapter, _, index = number.partition(".")
    off = "" if direction else ' data-direction="off"'
    hint_lines = "\n".join(f"    {line}" if line else "" for line in hint.splitlines())
    return "\n".join([
        f'<div class="exercise" id="ex-{chapter}-{index}"{off} markdown="1">', "",
        f"**Exercise {number}** *({level})* — {question}", "",
        '??? tip "Hint"', hint_lines, "",
        answer_box(slug, answer),
        solution_box(slug, title, solution, source),
        "</div>",
    ]) + "\n"
