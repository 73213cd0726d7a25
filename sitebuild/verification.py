"""Every registered derivation verified, or its kept verdict re-checked, before the site is built;
and the verification report that shows the result to readers.

The site refuses to publish a derivation that does not verify. Records come from
:func:`derivations.engine.records.records`, whose kept verdicts count only when their
certificates re-check against the current claims: nothing is published as checked on the
word of a cache file.

The report (:func:`verification_fragment`) is written for a reader first: a legend of the marks
and words the theorem boxes use, then every result with its steps in words (each step's
reason, linked to the step on its page). What only a contributor needs, the slugs, step labels,
timings and the commands that run a check again, follows in a section of its own.
"""

from __future__ import annotations

import hashlib
import json
import re

from derivations.engine import Derivation, ScopeKind, get, recheck, slugs
from derivations.engine.records import (
    DerivationRecord,
    StepRecord,
    fixed_size_only,
    records,
    scope_totals,
)
from sitebuild.cache import load_or_compute, sources_digest
from sitebuild.outline import chapter_pages, outline
from sitebuild.theorems import step_anchor

TEST_NODE = "tests/derivations/test_registered_derivations.py::test_derivation_verifies"
CONTRIBUTORS_HEADING = "## For contributors: how the report was made { #for-contributors }"
LEGEND_HEADING = "## How to read this report { #how-to-read }"
_CROSS_REFERENCE = re.compile(r"\]\(#([a-z0-9-]+)\)")

# A scope kind in the words of the badges' legend (site/index.md says the same).
SCOPE_WORDS = {
    "general": "in general",
    "fixed-size": "at one fixed size",
    "instances": "at listed values",
    "numeric": "numerically",
}
# A kind of check, as the report's table names it and as the legend explains it.
CHECK_WORDS = {
    "symbolic": ("symbolic", "an exact computation shows the two sides equal, or the "
                             "relation between them true"),
    "induction": ("induction", "the base case and the inductive step, each checked exactly"),
    "chain": ("chain", "the claim follows by putting earlier steps together "
                       "($a = b \\leq c$ gives $a \\leq c$)"),
    "instances": ("instances", "exact, but only at the listed values"),
    "numeric": ("numeric", "agreement to 50 or more digits at a few points: evidence, "
                           "not proof"),
}


def verified_records() -> list[DerivationRecord]:
    """Verification records for every derivation (kept ones only where they re-check)."""
    return records(slugs())


def test_command(slug: str) -> str:
    """The pytest node that checks the derivation ``slug`` in the test suite."""
    return f"{TEST_NODE}[{slug}]"


RECHECKED, KERNEL_ALONE, REJECTED = "re-checked", "kernel alone", "rejected"


def rechecked(step: StepRecord) -> str | None:
    """How the step's certificate fared without the kernel: :data:`RECHECKED`,
    :data:`KERNEL_ALONE` (some obligation only the kernel can vouch for), or :data:`REJECTED`
    (the re-checker and the kernel disagree, which ``python -m derivations verify`` reports as a
    failure); None if the step did not pass."""
    if not step.passed or step.certificate is None:
        return None
    try:
        return RECHECKED if recheck.step(step.certificate).rechecked else KERNEL_ALONE
    except recheck.Rejected:
        return REJECTED


def rechecked_steps(found: list[DerivationRecord]) -> dict[str, str | None]:
    """:func:`rechecked` for every step, keyed ``slug--label``; cached by the certificates and
    the re-checker's source, so a rebuild that changed neither does not re-check again."""
    digest = hashlib.sha256(sources_digest("derivations/engine/recheck",
                                           "derivations/engine/certificates.py",
                                           "sitebuild/verification.py").encode())
    for record in found:
        for step in record.steps:
            digest.update(json.dumps([record.slug, step.label, step.passed, step.certificate],
                                     sort_keys=True, default=str).encode())
    return load_or_compute(
        "verification-rechecks", digest.hexdigest(),
        lambda: {f"{record.slug}--{step.label}": rechecked(step)
                 for record in found for step in record.steps})


def legend() -> list[str]:
    """What the marks, badges and words of the report and the theorem boxes mean."""
    def badge(kind: str, label: str) -> str:
        return f'<span class="scope scope-{kind}">{label}</span>'

    every_size = badge("general", "for all sizes $d$")
    every_n = badge("general", "for all $n$")
    fixed = badge("fixed-size", r"every $k \times k$")
    parameters = badge("fixed-size", r"for all real $\theta$")
    instances = badge("instances", r"at $n = \dots$")

    checks = "".join(f"\n    - **{name}**: {words};" for name, words in CHECK_WORDS.values())
    return [
        LEGEND_HEADING,
        "",
        "Every result on these pages is a *derivation*: a statement, the hypotheses it needs, "
        "and a proof in numbered steps. A computer checked every step of every derivation "
        "when this site was built; a step that does not check stops the build, so nothing "
        "below is unchecked.",
        "",
        "- **✓** beside a step, and **✓ checked** in a theorem box (which links here): the "
        "step was checked by machine and holds, as far as its scope badge says.",
        "- **The scope badge** says what a check proves:",
        f"    - {every_size} or {every_n}: "
        "proved exactly for matrices of every size $d \\times d$, or for every integer, with "
        "exact algebra on matrices whose size is a symbol, or by induction;",
        f"    - {badge('general', 'exact')}: proved exactly as stated, for every value of its "
        "variables (the box lists what each variable is: a real number, a positive "
        "integer…);",
        f"    - {fixed}: proved exactly for a generic "
        "matrix of that one size only; where the statement is about every size, the box says "
        "why the check stops at this one;",
        f"    - {parameters}: proved exactly for one matrix "
        "of fixed size with parameters (a rotation by $\\theta$), for every value of them;",
        f"    - {instances}: exact at the listed values only;",
        f"    - {badge('numeric', 'numeric')}: agreement to 50 or more digits at a few points, "
        "which is evidence, not proof.",
        "",
        "    A result that uses another's is no broader than it: its badge is the narrowest "
        "scope along everything it rests on.",
        "",
        f"- **The kind of check** (in the column *Check*, beside the scope):"
        f"{checks.rstrip(';')}.",
        "- **A hypothesis** is a condition the statement assumes, typeset as a formula and "
        "numbered (H1), (H2)…: the checks may use it, and the result holds wherever it does.",
        "- **An assumption**, marked <span class=\"assumed\">assumed</span>, is a hypothesis the "
        "machine did not check (a property of a random distribution, a theorem we cite): the "
        "conclusion holds *if* it does.",
        "- **Checked by the kernel; certificate re-checked.** Every verdict is decided by one "
        "small part of the checker, the *kernel*. For most steps the kernel also writes down "
        "why the step holds, a *certificate* (the algebra that proves it), and a second, "
        "separate program checks that certificate again with nothing but expansion and exact "
        "arithmetic: those steps are marked **✓ re-checked**, two independent checks agreeing. "
        "A step that rests on simplification, a limit, a Gröbner basis or numerics, which the "
        "second program cannot repeat, is marked **✓ kernel alone**: it was checked once. "
        "A certificate the second program rejects would mean the two disagree; such a step "
        "is marked **certificate rejected**, not ✓.",
        "",
    ]


def _chapter_titles() -> dict[int, tuple[str, str]]:
    """Chapter number → (page, heading) from each chapter page's first heading."""
    return {number: (page.name, outline(page).heading or f"Chapter {number}")
            for number, page in chapter_pages().items()}


def _derivation(slug: str) -> Derivation | None:
    try:
        return get(slug)
    except (KeyError, ValueError, TypeError):
        return None


def _reason(record: DerivationRecord, step: StepRecord, derivation: Derivation | None,
            pages: dict[str, str]) -> str:
    """The step in words: its reason, with links to other derivations made to work from the
    report (they are written as ``(#slug)`` for the derivation's own page)."""
    if derivation is None:
        return "(the derivation could not be built)"
    reason = next((s.reason for s in derivation.steps if s.label == step.label), "")
    return _CROSS_REFERENCE.sub(
        lambda match: f"]({pages.get(match.group(1).split('--')[0], '')}#{match.group(1)})",
        reason)


def _verdict(step: StepRecord, outcome: str | None) -> str:
    if not step.passed:
        return "✘ **failed**"
    if outcome == REJECTED:
        return "**certificate rejected**"
    return f'<span style="white-space: nowrap">✓ {outcome}</span>'


def _step_rows(record: DerivationRecord, derivation: Derivation | None,
               pages: dict[str, str], outcomes: dict[str, str | None]) -> list[str]:
    from sitebuild.fragments import table_cell  # fragments imports this module

    page = pages.get(record.slug)
    rows = ["| # | Step | Check |", "|---|---|---|"]
    for number, step in enumerate(record.steps, start=1):
        shown = str(number)
        if page and derivation is not None:
            source = next((s for s in derivation.steps if s.label == step.label), None)
            if source is not None:
                shown = f"[{number}]({page}#{step_anchor(derivation, source)})"
        scope = f'<span class="scope scope-{step.scope}">{step.scope_label}</span>'
        verdict = _verdict(step, outcomes.get(f"{record.slug}--{step.label}"))
        cells = [shown, _reason(record, step, derivation, pages),
                 f"{scope} {_check(step)}, {verdict}"]
        rows.append("| " + " | ".join(table_cell(cell) for cell in cells) + " |")
    return rows


def _check(step: StepRecord) -> str:
    """The kind of check in the legend's words, with what an induction runs over or how a
    numeric check sampled; the values of instances are in the scope badge beside it."""
    name = CHECK_WORDS.get(step.kind, (step.kind, ""))[0]
    detail = "" if step.kind == "instances" else step.check.removeprefix(step.kind).strip()
    return f"{name} {detail}".strip()


def _summary(found: list[DerivationRecord], pages: dict[str, str],
             outcomes: list[str | None]) -> list[str]:
    totals = scope_totals(found)
    scope_names = [kind.name.lower().replace("_", "-") for kind in reversed(ScopeKind)]
    steps = [step for record in found for step in record.steps]
    passed = sum(record.passed for record in found)
    verdict = ("every one of them verified" if passed == len(found)
               else f"**{len(found) - passed} of them failed**")
    lines = [
        "## What was checked { #summary }",
        "",
        f"{len(found)} results ({len(steps)} steps), {verdict}. "
        f"{outcomes.count(RECHECKED)} steps have a certificate that was re-checked "
        f"independently; {outcomes.count(KERNEL_ALONE)} were decided by the kernel alone"
        + (f"; **{outcomes.count(REJECTED)} certificates were rejected** by the second "
           "program, which `python -m derivations verify` reports as a failure."
           if REJECTED in outcomes else "."),
        "",
        "Steps by kind of check and by scope:",
        "",
        "| Check | " + " | ".join(SCOPE_WORDS[name] for name in scope_names) + " | total |",
        "|---|" + "---|" * (len(scope_names) + 1),
    ]
    for kind, by_scope in sorted(totals.items()):
        cells = [str(by_scope.get(name, 0)) for name in scope_names]
        name = CHECK_WORDS.get(kind, (kind, ""))[0]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {sum(by_scope.values())} |")
    fixed = fixed_size_only(found)
    lines += [
        "",
        f"**Conclusions by scope.** {sum(r.scope == 'general' for r in found)} of "
        f"{len(found)} results are proved in general (for every size, every integer, or "
        f"exactly as stated); {len(fixed)} claim every size but are checked at a fixed size"
        + (":" if fixed else "."),
        "",
    ]
    lines += [f"- [{r.title}]({pages.get(r.slug, '')}#{r.slug}): {r.scope_label}, because "
              f"{r.fixed_size_because}" for r in fixed]
    return [*lines, ""] if fixed else lines


def _results(found: list[DerivationRecord], pages: dict[str, str],
             outcomes: dict[str, str | None]) -> list[str]:
    titles = _chapter_titles()
    lines: list[str] = []
    for chapter in sorted({record.chapter for record in found}):
        page, title = titles.get(chapter, ("", f"Chapter {chapter}"))
        lines += [f"## {title} {{ #report-chapter-{chapter} }}", ""]
        if page:
            lines += [f"The results of [chapter {chapter}]({page}), its exercises and its "
                      "appendix.", ""]
        for record in (r for r in found if r.chapter == chapter):
            derivation = _derivation(record.slug)
            where = pages.get(record.slug)
            read = f"[Read it on its page]({where}#{record.slug}). " if where else ""
            verdict = "All its steps check." if record.passed else "**It does not verify.**"
            scope = (f'<span class="scope scope-{record.scope}">{record.scope_label}</span>'
                     if record.steps else "")
            lines += [
                f"### {record.title} {{ #report-{record.slug} }}",
                "",
                f"{scope} {verdict} {read}".strip(),
                "",
                *_step_rows(record, derivation, pages, outcomes),
                "",
            ]
    return lines


def _contributors(found: list[DerivationRecord], outcomes: list[str | None]) -> list[str]:
    from sitebuild.fragments import table_cell  # fragments imports this module

    steps = [step for record in found for step in record.steps]
    lines = [
        CONTRIBUTORS_HEADING,
        "",
        "Run any check again from a checkout: `python -m derivations verify SLUG` (all of them: "
        "`make verify`), or the test `" + TEST_NODE + "[SLUG]`. For this build, "
        "`python -m derivations verify` ends with:",
        "",
        "```text",
        f"{len(steps)} steps, {outcomes.count(RECHECKED)} certificates re-checked, "
        f"{outcomes.count(KERNEL_ALONE)} decided by the kernel alone"
        + (f"; {outcomes.count(REJECTED)} REJECTED" if REJECTED in outcomes else ""),
        "```",
        "",
        "Each result by its slug (with a link to its steps above), and its steps' labels and "
        "verification times in order (a verdict kept from an earlier build shows that build's "
        "times):",
        "",
        "| Result | Steps: label, time | Time |",
        "|---|---|---|",
    ]
    for record in found:
        timed = ", ".join(f"`{step.label}` {step.milliseconds:g} ms" for step in record.steps)
        # A double-backtick code span: no math is typeset in a failure's detail.
        problems = "; ".join(f"`` {line.replace('``', '` `')} ``" for line in record.failures())
        total = sum(step.milliseconds for step in record.steps)
        # The slug as code beside a plain link: linked code lacks contrast in the dark scheme.
        cells = [f"`{record.slug}` ([steps](#report-{record.slug}))",
                 timed + (f" — {problems}" if problems else ""), f"{total:.0f}&nbsp;ms"]
        lines.append("| " + " | ".join(table_cell(cell) for cell in cells) + " |")
    return [*lines, ""]


def verification_fragment(found: list[DerivationRecord], pages: dict[str, str]) -> str:
    """The verification report: the legend, what was checked, every result's steps in words,
    then the contributors' details (slugs, step labels, times, commands)."""
    by_step = rechecked_steps(found)
    outcomes = list(by_step.values())
    return "\n".join([*legend(), *_summary(found, pages, outcomes),
                      *_results(found, pages, by_step), *_contributors(found, outcomes)])
