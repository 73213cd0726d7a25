"""Every registered derivation verified, or its kept verdict re-checked, before the site is built;
and the verification report that shows the result to readers.

The site refuses to publish a derivation that does not verify. Records come from
:func:`derivations.engine.records.records`, whose kept verdicts count only when their
certificates re-check against the current claims: nothing is published as checked on the
word of a cache file.

The report (:func:`verification_fragment`) is written for a reader first: a legend of the marks
and words the theorem boxes use, then every result with its steps in words (each step's
reason, linked to the step on its page). What only a contributor needs, the slugs, step labels,
timings and the commands that run a check again, follows in a section of its own. Its words are
templates (``sitebuild/reports.toml``, :mod:`sitebuild.translation.templates`): the Korean
edition's report is the same function called with the Korean templates and the same values.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

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
from sitebuild.translation.templates import Words, english

TEST_NODE = "tests/derivations/test_registered_derivations.py::test_derivation_verifies"
CONTRIBUTORS_HEADING = "## For contributors: how the report was made { #for-contributors }"
LEGEND_HEADING = "## How to read this report { #how-to-read }"
_CROSS_REFERENCE = re.compile(r"\]\(#([a-z0-9-]+)\)")
_ATTRIBUTES = re.compile(r"\s*\{[^{}]*\}\s*$")  # a heading's `{ #id }`

# The kinds of check in the legend's order; each is named (``check.<kind>``) and explained
# (``legend.kind-<kind>``) in sitebuild/reports.toml, as are the scopes (``scope.<scope>``).
CHECK_KINDS = ("symbolic", "induction", "chain", "instances", "numeric")
_CHAIN_OF = re.compile(r"of (\d+) steps")
_INDUCTION_ON = re.compile(r"on (\$[^$]+\$)")


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


def legend(words: Words | None = None) -> list[str]:
    """What the marks, badges and words of the report and the theorem boxes mean."""
    say = words or english()

    def badge(kind: str, key: str) -> str:
        return f'<span class="scope scope-{kind}">{say("legend." + key)}</span>'

    checks = "".join(f"\n    - **{say('check.' + kind)}**: {say('legend.kind-' + kind)}"
                     for kind in CHECK_KINDS)
    return [
        f"## {say('legend.heading')} {{ #how-to-read }}",
        "",
        say("legend.intro"),
        "",
        f"- {say('legend.marks')}",
        f"- {say('legend.badges')}",
        "    - " + say("legend.general", every_size=badge("general", "every-size"),
                       every_n=badge("general", "every-n")),
        "    - " + say("legend.exact", exact=badge("general", "exact-badge")),
        "    - " + say("legend.fixed", fixed=badge("fixed-size", "fixed-badge")),
        "    - " + say("legend.parameters", parameters=badge("fixed-size", "parameters-badge")),
        "    - " + say("legend.instances", instances=badge("instances", "instances-badge")),
        "    - " + say("legend.numeric", numeric=badge("numeric", "numeric-badge")),
        "",
        f"    {say('legend.narrowest')}",
        "",
        f"- {say('legend.kinds')}{checks}",
        f"- {say('legend.hypothesis')}",
        f"- {say('legend.assumption')}",
        f"- {say('legend.kernel')}",
        "",
    ]


def _chapter_titles(words: Words, docs: Path | None = None) -> dict[int, tuple[str, str]]:
    """Chapter number → (page, heading) from each chapter page's first heading (in ``docs``,
    a translated edition's pages folder, where it has the page)."""
    def heading(page: Path) -> str | None:
        translated = docs / page.name if docs is not None else None
        found = outline(translated if translated is not None and translated.is_file()
                        else page).heading
        return found and _ATTRIBUTES.sub("", found)  # a translated page keeps the English id

    return {number: (page.name, heading(page) or words("report.chapter", number=number))
            for number, page in chapter_pages().items()}


def _derivation(slug: str) -> Derivation | None:
    try:
        return get(slug)
    except (KeyError, ValueError, TypeError):
        return None


def _reason(record: DerivationRecord, step: StepRecord, derivation: Derivation | None,
            pages: dict[str, str], words: Words) -> str:
    """The step in words: its reason, with links to other derivations made to work from the
    report (they are written as ``(#slug)`` for the derivation's own page)."""
    if derivation is None:
        return words("report.not-built")
    source = next((s for s in derivation.steps if s.label == step.label), None)
    reason = "" if source is None else words.reason(
        source.reason, ", ".join(derivation.number(label) for label in source.given))
    return _CROSS_REFERENCE.sub(
        lambda match: f"]({pages.get(match.group(1).split('--')[0], '')}#{match.group(1)})",
        reason)


_OUTCOME_KEYS = {RECHECKED: "check.rechecked", KERNEL_ALONE: "check.kernel-alone"}


def _verdict(step: StepRecord, outcome: str | None, words: Words) -> str:
    if not step.passed:
        return f"✘ **{words('check.failed')}**"
    if outcome == REJECTED:
        return f"**{words('check.rejected')}**"
    shown = words(_OUTCOME_KEYS[outcome]) if outcome in _OUTCOME_KEYS else outcome
    return f'<span style="white-space: nowrap">✓ {shown}</span>'


def _badge(scope: str, label: str, words: Words, kind: str | None = None) -> str:
    said = words.badge(label, kind) if kind else words.text(label)
    return f'<span class="scope scope-{scope}">{said}</span>'


def _step_rows(record: DerivationRecord, derivation: Derivation | None,
               pages: dict[str, str], outcomes: dict[str, str | None],
               words: Words) -> list[str]:
    from sitebuild.fragments import table_cell  # fragments imports this module

    page = pages.get(record.slug)
    rows = [f"| # | {words('report.step-column')} | {words('report.check-column')} |",
            "|---|---|---|"]
    for number, step in enumerate(record.steps, start=1):
        shown = str(number)
        if page and derivation is not None:
            source = next((s for s in derivation.steps if s.label == step.label), None)
            if source is not None:
                shown = f"[{number}]({page}#{step_anchor(derivation, source)})"
        scope = _badge(step.scope, step.scope_label, words, step.kind)
        verdict = _verdict(step, outcomes.get(f"{record.slug}--{step.label}"), words)
        cells = [shown, _reason(record, step, derivation, pages, words),
                 f"{scope} {_check(step, words)}, {verdict}"]
        rows.append("| " + " | ".join(table_cell(cell) for cell in cells) + " |")
    return rows


def _kind(kind: str, words: Words) -> str:
    return words(f"check.{kind}") if kind in CHECK_KINDS else kind


def _check(step: StepRecord, words: Words) -> str:
    """The kind of check in the legend's words, with what an induction runs over or how a
    numeric check sampled; the values of instances are in the scope badge beside it."""
    detail = "" if step.kind == "instances" else step.check.removeprefix(step.kind).strip()
    if step.kind == "chain" and (match := _CHAIN_OF.fullmatch(detail)):
        return words("check.chain-of", count=match.group(1))
    if step.kind == "induction" and (match := _INDUCTION_ON.fullmatch(detail)):
        return words("check.induction-on", variable=match.group(1))
    return f"{_kind(step.kind, words)} {detail}".strip()


def _summary(found: list[DerivationRecord], pages: dict[str, str],
             outcomes: list[str | None], words: Words) -> list[str]:
    totals = scope_totals(found)
    scope_names = [kind.name.lower().replace("_", "-") for kind in reversed(ScopeKind)]
    steps = [step for record in found for step in record.steps]
    passed = sum(record.passed for record in found)
    verdict = (words("report.all-verified") if passed == len(found)
               else words("report.some-failed", failed=len(found) - passed))
    counts = {"results": len(found), "steps": len(steps), "verdict": verdict,
              "rechecked": outcomes.count(RECHECKED), "alone": outcomes.count(KERNEL_ALONE)}
    lines = [
        f"## {words('report.summary-heading')} {{ #summary }}",
        "",
        words("report.counts-rejected", rejected=outcomes.count(REJECTED), **counts)
        if REJECTED in outcomes else words("report.counts", **counts),
        "",
        words("report.by-kind"),
        "",
        f"| {words('report.check-column')} | "
        + " | ".join(words(f"scope.{name}") for name in scope_names)
        + f" | {words('report.total-column')} |",
        "|---|" + "---|" * (len(scope_names) + 1),
    ]
    for kind, by_scope in sorted(totals.items()):
        cells = [str(by_scope.get(name, 0)) for name in scope_names]
        lines.append(f"| {_kind(kind, words)} | " + " | ".join(cells)
                     + f" | {sum(by_scope.values())} |")
    fixed = fixed_size_only(found)
    lines += [
        "",
        words("report.conclusions-listed" if fixed else "report.conclusions",
              general=sum(r.scope == "general" for r in found), results=len(found),
              fixed=len(fixed)),
        "",
    ]
    lines += ["- " + words("report.fixed-because",
                           result=f"[{words.text(r.title)}]({pages.get(r.slug, '')}#{r.slug})",
                           scope=words.text(r.scope_label),
                           because=words.text(r.fixed_size_because)) for r in fixed]
    return [*lines, ""] if fixed else lines


def _results(found: list[DerivationRecord], pages: dict[str, str],
             outcomes: dict[str, str | None], words: Words, docs: Path | None) -> list[str]:
    titles = _chapter_titles(words, docs)
    lines: list[str] = []
    for chapter in sorted({record.chapter for record in found}):
        page, title = titles.get(chapter, ("", words("report.chapter", number=chapter)))
        lines += [f"## {title} {{ #report-chapter-{chapter} }}", ""]
        if page:
            lines += [words("report.chapter-results", number=chapter, page=page), ""]
        for record in (r for r in found if r.chapter == chapter):
            derivation = _derivation(record.slug)
            where = pages.get(record.slug)
            read = words("report.read-it", href=f"{where}#{record.slug}") + " " if where else ""
            verdict = words("report.all-check" if record.passed else "report.does-not-verify")
            scope = _badge(record.scope, record.scope_label, words) if record.steps else ""
            lines += [
                f"### {words.text(record.title)} {{ #report-{record.slug} }}",
                "",
                f"{scope} {verdict} {read}".strip(),
                "",
                *_step_rows(record, derivation, pages, outcomes, words),
                "",
            ]
    return lines


def _contributors(found: list[DerivationRecord], outcomes: list[str | None],
                  words: Words) -> list[str]:
    from sitebuild.fragments import table_cell  # fragments imports this module

    steps = [step for record in found for step in record.steps]
    lines = [
        f"## {words('contributors.heading')} {{ #for-contributors }}",
        "",
        words("contributors.rerun", test=f"`{TEST_NODE}[SLUG]`"),
        "",
        "```text",
        f"{len(steps)} steps, {outcomes.count(RECHECKED)} certificates re-checked, "
        f"{outcomes.count(KERNEL_ALONE)} decided by the kernel alone"
        + (f"; {outcomes.count(REJECTED)} REJECTED" if REJECTED in outcomes else ""),
        "```",
        "",
        words("contributors.slugs"),
        "",
        f"| {words('contributors.result-column')} | {words('contributors.steps-column')} | "
        f"{words('contributors.time-column')} |",
        "|---|---|---|",
    ]
    for record in found:
        timed = ", ".join(f"`{step.label}` {step.milliseconds:g} ms" for step in record.steps)
        # A double-backtick code span: no math is typeset in a failure's detail.
        problems = "; ".join(f"`` {line.replace('``', '` `')} ``" for line in record.failures())
        total = sum(step.milliseconds for step in record.steps)
        # The slug as code beside a plain link: linked code lacks contrast in the dark scheme.
        cells = [f"`{record.slug}` "
                 f"({words('contributors.steps-link', href=f'#report-{record.slug}')})",
                 timed + (f" — {problems}" if problems else ""), f"{total:.0f}&nbsp;ms"]
        lines.append("| " + " | ".join(table_cell(cell) for cell in cells) + " |")
    return [*lines, ""]


def verification_fragment(found: list[DerivationRecord], pages: dict[str, str],
                          words: Words | None = None, docs: Path | None = None) -> str:
    """The verification report: the legend, what was checked, every result's steps in words,
    then the contributors' details (slugs, step labels, times, commands). ``words``: the
    templates of its language (English by default); ``docs``: that edition's pages, whose
    chapter headings head the chapters' parts."""
    say = words or english()
    by_step = rechecked_steps(found)
    outcomes = list(by_step.values())
    return "\n".join([*legend(say), *_summary(found, pages, outcomes, say),
                      *_results(found, pages, by_step, say, docs),
                      *_contributors(found, outcomes, say)])
