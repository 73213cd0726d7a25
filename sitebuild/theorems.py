"""A derivation as a theorem box with its proof folded away, in Markdown for the site.

The engine keeps the data and the checks; how a theorem reads on a page (its kind, its box,
its CSS classes, its anchors) is the site's, here.

The box states the theorem (its statement, its conclusion as a formula, then in
fine print the hypotheses — checked ones typeset, assumed ones marked — and the
definitions and variables the checks use), and ends with one row: the scope of
the check, a ✓ linking the verification report, the source, and the summary of
the folded proof. The proof, a ``<details>`` block, is a chain of aligned
relations with the reasons beside them, one row per step; a row continuing the
previous one (its left side is the previous right side) leaves its left side
blank, as a person writes ``a = b = c``. Math is ``$…$`` for pymdownx.arithmatex;
``md_in_html`` processes the Markdown inside the HTML.

Formulas are typeset inline in display style (``$\\displaystyle …$``) rather
than as ``$$`` blocks: KaTeX breaks inline math after a relation or an operator,
so a formula too long for a phone wraps inside its box instead of widening the
page. Each cell of a proof row is a ``<div markdown="span">`` so the row's grid
sees the cells themselves, not one paragraph around them.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import sympy

from derivations.engine.dependencies import Effective
from derivations.engine.derivation import Derivation, Step, cases
from derivations.engine.hypothesis import Hypothesis
from derivations.engine.latex import hypothesis_latex, textbook_latex
from derivations.engine.scope import Scope

ERRATUM_PREFIX = "erratum-"
EXERCISE_PREFIX = "exercise-"
_ASSUMPTION_WORDS = (
    ("integer", r"\in \mathbb{Z}"),
    ("positive", "> 0"),
    ("negative", "< 0"),
    ("nonnegative", r"\geq 0"),
    ("nonpositive", r"\leq 0"),
)


def step_anchor(derivation: Derivation, step: Step) -> str:
    """The HTML id of a step: ``<slug>--<label>``."""
    return f"{derivation.slug}--{step.label}"


def proof_anchor(derivation: Derivation) -> str:
    """The HTML id of a derivation's folded proof."""
    return f"{derivation.slug}--proof"


def kind_of(derivation: Derivation) -> str:
    """What the box is called: Theorem, Erratum or Solution."""
    if derivation.slug.startswith(ERRATUM_PREFIX):
        return "Erratum"
    if derivation.slug.startswith(EXERCISE_PREFIX):
        return "Solution"
    return "Theorem"


def _math(latex: str, display: bool = False) -> str:
    return f"$\\displaystyle {latex}$" if display else f"${latex}$"


def _variables(derivation: Derivation) -> list[str]:
    """What SymPy assumes of each undefined symbol the steps use, as formulas."""
    symbols: set[sympy.Symbol] = set()
    for step in derivation.steps:
        for side in (step.shown_lhs, step.shown_rhs):
            entries = list(side) if isinstance(side, sympy.MatrixBase) else [side]
            for entry in entries:
                symbols |= {s for s in entry.free_symbols if isinstance(s, sympy.Symbol)
                            and not isinstance(s, sympy.Dummy)}
    shown = []
    for symbol in sorted(symbols - set(derivation.definitions), key=str):
        facts = [words for name, words in _ASSUMPTION_WORDS
                 if symbol.assumptions0.get(name) is True]
        if not facts and symbol.assumptions0.get("real") is True:
            facts = [r"\in \mathbb{R}"]
        if "> 0" in facts or "< 0" in facts:
            facts = [f for f in facts if f not in (r"\geq 0", r"\leq 0")]
        latex = textbook_latex(symbol)
        shown += [f"${latex} {fact}$" for fact in facts]
    return shown


def _fine_print(derivation: Derivation, pages: Mapping[str, str] | None = None) -> list[str]:
    """The fine print under the statement: hypotheses (checked ones typeset with their numbers,
    assumed ones marked in words and style), definitions and variables.

    Each part is a label and its content in small type (``theorem-fine``); short parts share
    a line, so the box stays short while every hypothesis stays visible. The last part
    names the derivations whose results this one uses, linked where ``pages`` says.
    """
    lines: list[str] = []
    items = []
    for hypothesis in derivation.checked_hypotheses:
        if hypothesis.local:
            continue
        gloss = f" ({hypothesis.text})" if hypothesis.text else ""
        items.append(f'<li class="hypothesis" markdown="1"><strong>'
                     f"{derivation.number(hypothesis.label)}</strong> "
                     f"{_math(hypothesis_latex(hypothesis))}{gloss}</li>")
    items += [f'<li class="hypothesis hypothesis-assumed" markdown="1">'
              f'<span class="assumed">assumed</span> {a.text}</li>'
              for a in derivation.assumptions]
    if items:
        lines += ['<div class="theorem-hypotheses" markdown="1">',
                  '<p class="theorem-label">Hypotheses</p>',
                  '<ul class="hypotheses" markdown="1">', *items, "</ul>", "</div>"]
    definitions = [f"${textbook_latex(symbol)} = {textbook_latex(value)}$"
                   for symbol, value in derivation.definitions.items()]
    if definitions:
        lines += ['<p class="theorem-where" markdown="span"><strong class="theorem-label">Where'
                  "</strong> " + ", ".join(definitions) + ".</p>"]
    variables = _variables(derivation)
    if variables:
        lines += ['<p class="theorem-where" markdown="span"><strong class="theorem-label">'
                  "Variables</strong> " + ", ".join(variables) + ".</p>"]
    lines += _uses(derivation, pages or {})
    if not lines:
        return []
    return ['<div class="theorem-fine" markdown="1">', *lines, "</div>", ""]


def _reason(derivation: Derivation, step: Step, scope: Scope | None) -> str:
    cited = [derivation.number(label) for label in step.given]
    using = f" Using {', '.join(cited)}." if cited else ""
    badge = step.check.kind + (f" · {scope.label}" if scope is not None else "")
    return (f"{step.reason}{using} "
            f'<span class="check-kind check-{step.check.kind}">{badge}</span>')


def _supposed(derivation: Derivation, hypotheses: list[Hypothesis]) -> str:
    """Local hypotheses with their numbers, formulas and glosses, joined by "and"."""
    parts = []
    for hypothesis in hypotheses:
        gloss = f" ({hypothesis.text})" if hypothesis.text else ""
        parts.append(f"<strong>{derivation.number(hypothesis.label)}</strong> "
                     f"{_math(hypothesis_latex(hypothesis))}{gloss}")
    return " and ".join(parts)


def _listed(numbers: list[str]) -> str:
    """``step (1)``, ``steps (1) and (2)``, ``steps (1), (2) and (4)``."""
    if len(numbers) == 1:
        return f"step {numbers[0]}"
    return f"steps {', '.join(numbers[:-1])} and {numbers[-1]}"


def _suppositions(derivation: Derivation) -> list[str]:
    """The proof's local hypotheses, before its steps: an induction's supposition reads
    "For the induction, suppose …"; cases read "Case 1, steps (1) and (2): …", one line
    each, so two cases are never read as two simultaneous assumptions; a single case reads
    "In step (4) only, suppose …"."""
    discharged = {label for step in derivation.steps for label in step.check.discharges()}
    lines = []
    for hypothesis in derivation.checked_hypotheses:
        if hypothesis.local and hypothesis.label in discharged:
            lines += [f'<p class="proof-supposition" markdown="span">For the induction, suppose '
                      f"{_supposed(derivation, [hypothesis])}.</p>", ""]
    split = cases(derivation)
    for index, (hypotheses, steps) in enumerate(split, start=1):
        where = _listed([derivation.number(step.label) for step in steps]) if steps else ""
        if len(split) == 1:
            head = f"In {where} only, suppose" if where else "Suppose"
        else:
            head = f"Case {index}" + (f", {where}:" if where else ":")
        lines += [f'<p class="proof-supposition proof-case" markdown="span">{head} '
                  f"{_supposed(derivation, hypotheses)}.</p>", ""]
    return lines


def _proof(derivation: Derivation, scopes: dict[str, Scope]) -> list[str]:
    count = len(derivation.steps)
    lines = [
        f'<details class="proof" id="{proof_anchor(derivation)}" markdown="1">',
        f"<summary>Proof ({count} checked step{'' if count == 1 else 's'})</summary>",
        "",
        *_suppositions(derivation),
        '<div class="proof-steps" markdown="1">',
    ]
    previous: Step | None = None
    for number, step in enumerate(derivation.steps, start=1):
        continues = previous is not None and step.shown_lhs == previous.shown_rhs
        left = "" if continues else _math(step.lhs_latex(), True)
        right = _math(f"{step.relation.latex} {step.rhs_latex()}", True)
        classes = "proof-step" + (" proof-step-continues" if continues else "")
        conclusion = " proof-step-conclusion" if step is derivation.conclusion_step else ""
        anchor = step_anchor(derivation, step)
        lines += [
            f'<div class="{classes}{conclusion}" id="{anchor}" markdown="1">',
            f'<div class="step-number"><a href="#{anchor}" '
            f'title="Link to this step">({number})</a></div>',
            f'<div class="step-lhs" markdown="span">{left}</div>',
            f'<div class="step-rhs" markdown="span">{right}</div>',
            f'<div class="step-why" markdown="span">'
            f"{_reason(derivation, step, scopes.get(step.label))}</div>",
            "</div>",
        ]
        previous = step
    lines += ["</div>", "", "</details>", ""]
    return lines


def _uses(derivation: Derivation, pages: Mapping[str, str]) -> list[str]:
    """The fine-print line naming the derivations whose results this one uses, linked."""
    if not derivation.uses:
        return []
    links = [_link(slug, pages) for slug in derivation.uses]
    return ['<p class="theorem-where theorem-uses" markdown="span"><strong class="theorem-label">'
            "Uses</strong> " + ", ".join(links) + ".</p>"]


def _link(slug: str, pages: Mapping[str, str]) -> str:
    """The registered derivation ``slug`` by its title, linked to its box.

    Without a page for it the link is ``(#slug)``, as the reasons write it; the site build
    points that at the publishing page."""
    return f"[{html.escape(title_of(slug))}]({pages.get(slug, '')}#{slug})"


def title_of(slug: str) -> str:
    """The title of the registered derivation ``slug``, or the slug itself if its builder
    refuses it: mid-edit while authoring, the boxes resting on it still show (publishing
    stops earlier, at the derivation that does not verify)."""
    from derivations.engine.registry import get  # the registry imports every chapter

    try:
        return get(slug).title
    except (ValueError, TypeError, KeyError):
        return slug


def _checked(scope: Scope) -> str:
    """``checked`` and the scope's label as a sentence says it: a label is written for a badge
    ("exact", "numeric, 50 digits at 4 points"), which after "checked" would not read."""
    if scope.label == "exact":
        return "checked exactly as stated"
    if scope.label.startswith("numeric, "):
        return "checked numerically, " + scope.label.removeprefix("numeric, ")
    return f"checked {scope.label}"


def _narrowed(derivation: Derivation, effective: Effective | None,
              pages: Mapping[str, str]) -> str:
    """Why the badge is narrower than the derivation's own conclusion, for the check line.

    A reader who sees "every $2 \\times 2$" on a proof whose steps hold for all $n$ would
    take it for a mistake; the sentence says which result it rests on holds only that far.
    Empty when its own scope is the badge's."""
    if effective is None or effective.narrowest_in == derivation.slug:
        return ""
    return (f" Its own proof is {_checked(effective.own)}, but it rests on "
            f"{_link(effective.narrowest_in, pages)}, {_checked(effective.scope)} only.")


def render(derivation: Derivation, scopes: dict[str, Scope] | None = None,
           report_page: str = "verification.md", effective: Effective | None = None,
           pages: Mapping[str, str] | None = None) -> str:
    """The Markdown fragment a chapter page includes for ``derivation``.

    ``scopes`` (step label → scope, from verification) adds each step's scope to
    its badge and the conclusion's to the box; ``report_page`` is where the ✓
    links to. ``effective`` (from :func:`derivations.engine.dependencies.effective_scopes`)
    makes the box's badge the narrowest scope among the conclusion and every result
    it uses, so "for all $n$" is shown only when everything beneath it is; when a result
    beneath narrows it, the check line names that result and both scopes. ``pages``
    (slug → page) is where the derivations it uses are published.
    """
    scopes = scopes or {}
    conclusion = derivation.conclusion_step
    scope = scopes.get(conclusion.label)
    badge_title = "What the check proves"
    if effective is not None:
        scope = effective.scope
        if effective.narrowest_in != derivation.slug:
            badge_title += ", narrowed by a result it rests on"
    kind = kind_of(derivation)
    lines = [
        f'<div class="theorem theorem-{kind.lower()}" id="{derivation.slug}" markdown="1">',
        "",
    ]
    if kind == "Solution":  # an exercise's solution stays folded until the reader asks for it
        lines += ['<details class="solution" markdown="1">', "<summary>Solution</summary>", ""]
    lines += [
        f'<p class="theorem-head"><span class="theorem-kind">{kind}</span> '
        f'<span class="theorem-title">{html.escape(derivation.title)}</span></p>',
        "",
        derivation.statement,
        "",
        f'<div class="theorem-formula" markdown="span">{_math(conclusion.latex(), True)}</div>',
        "",
        *_fine_print(derivation, pages),
    ]
    scope_badge = (f'<span class="scope scope-{scope.name}" title="{badge_title}">'
                   f"{scope.label}</span> " if scope is not None else "")
    because = (f" Checked at a fixed size because {derivation.fixed_size_because}"
               if derivation.fixed_size_because else "")
    lines += [  # the check and the folded proof share one row until the proof is opened
        '<div class="theorem-foot" markdown="1">',
        f'<p class="theorem-check" markdown="span">{scope_badge}'
        f"[✓ checked]({report_page}#report-{derivation.slug}){{ .checked-link }} "
        f"<em>Source:</em> {derivation.source}.{because}"
        f"{_narrowed(derivation, effective, pages or {})}</p>",
        "",
        *_proof(derivation, scopes),
        "</div>",
        "",
    ]
    if kind == "Solution":
        lines += ["</details>", ""]
    lines += ["</div>", ""]
    return "\n".join(lines)
