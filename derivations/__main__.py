"""Command line: ``python -m derivations verify [SLUG ...]``, ``recheck``, ``list``,
``mutate`` (a derivation as the site shows it: ``python -m sitebuild show SLUG``).

``verify`` prints every step with its verdict and scope, checks derivations on
every core, re-checks every certificate without the kernel, and exits 1 if any step
fails; ``recheck`` re-checks the certificates kept in ``build/cache/verdicts``; an
unknown slug is a usage error (exit 2) that lists the known ones. ``mutate`` perturbs
every step and reports the mutation score (see :mod:`derivations.engine.mutation`).
"""

from __future__ import annotations

import argparse
import sys
import time

from derivations.engine import get, recheck, slugs, verdicts
from derivations.engine.records import DerivationRecord, fixed_size_only, records, scope_totals
from derivations.engine.timelimit import default_seconds
from foundation.cli import Parser, positive_integer

USAGE_ERROR = 2


class UsageError(Exception):
    """A mistake in the command line: exit 2 with one line."""


def _resolve(requested: list[str]) -> list[str]:
    known = slugs()
    unknown = [slug for slug in requested if slug not in known]
    if unknown:
        raise UsageError(f"unknown derivation(s): {', '.join(unknown)}; "
                         f"known: {', '.join(known)}")
    duplicates = sorted({slug for slug in requested if requested.count(slug) > 1})
    if duplicates:
        raise UsageError(f"derivation(s) named twice: {', '.join(duplicates)}")
    return requested or known


def _print_record(item: DerivationRecord) -> None:
    print(f"{'PASS' if item.passed else 'FAIL'}  {item.slug}  ({item.title}) — "
          f"{item.scope_label.replace('$', '')}")
    for step in item.steps:
        mark = "ok  " if step.passed else "FAIL"
        scope = step.scope_label.replace("$", "").replace("\\geq", "≥").replace("\\times", "×")
        print(f"    {mark} {step.label:<36} {step.kind:<10} {scope:<22}"
              f" {step.milliseconds:8.1f} ms  {step.detail}")
    for problem in item.problems:
        print(f"    FAIL {problem}")


def command_verify(requested: list[str], jobs: int | None, seconds: float | None,
                   reuse: bool) -> int:
    started = time.perf_counter()
    selected = _resolve(requested)
    found = records(selected, jobs=jobs, seconds=seconds, reuse=reuse)
    for item in found:
        _print_record(item)
    failed = sum(not item.passed for item in found)
    totals = scope_totals(found)
    steps = sum(len(item.steps) for item in found)
    breakdown = "; ".join(f"{kind}: " + ", ".join(f"{n} {scope}" for scope, n in sorted(t.items()))
                          for kind, t in sorted(totals.items()))
    print(f"{steps} steps ({breakdown})")
    summary, rejected = certificate_summary(
        [step.certificate for item in found for step in item.steps if step.passed], steps)
    print(summary)
    fixed = fixed_size_only(found)
    if fixed:
        print(f"{len(fixed)} derivation(s) claim every size but are checked at a fixed size: "
              + ", ".join(item.slug for item in fixed))
    print(f"{len(selected) - failed} passed, {failed} failed "
          f"({time.perf_counter() - started:.2f} s)")
    return 1 if failed or rejected else 0


def certificate_summary(found: list[dict | None], steps: int) -> tuple[str, int]:
    """``N steps, M certificates re-checked``: every certificate re-checked without the kernel,
    with how many rest on the kernel alone (simplify, a limit, a Gröbner basis, numerics);
    and how many were rejected."""
    rechecked, kernel_only, rejected = 0, 0, []
    for certificate in found:
        try:
            outcome = recheck.step(certificate)
        except recheck.Rejected as error:
            rejected.append(str(error))
            continue
        if outcome.rechecked:
            rechecked += 1
        else:
            kernel_only += 1
    line = (f"{steps} steps, {rechecked} certificates re-checked, {kernel_only} decided by the "
            "kernel alone")
    if rejected:
        line += f"; {len(rejected)} REJECTED, first: " + "; ".join(rejected[:3])
    return line, len(rejected)


def command_recheck(requested: list[str]) -> int:
    """Re-check every kept certificate of ``requested`` (default: all) without the kernel: each
    obligation against the claim the certificate states (``verify`` also compares that claim
    with the derivation's current one before it reuses a verdict)."""
    started = time.perf_counter()
    selected = _resolve(requested)
    found, missing = [], []
    for slug in selected:
        kept = verdicts.kept_record(slug)
        if kept is None:
            missing.append(slug)
            continue
        found += [step.get("certificate") for step in kept.get("steps", [])]
    line, rejected = certificate_summary(found, len(found))
    print(line)
    if missing:
        print(f"{len(missing)} derivation(s) have no kept verdict (run verify): "
              + ", ".join(missing))
    print(f"re-checked in {time.perf_counter() - started:.2f} s")
    return 1 if rejected or missing else 0


def command_mutate(requested: list[str], seconds: float) -> int:
    from derivations.engine.mutation import run

    selected = _resolve(requested)
    counts: dict[str, int] = {}
    bad = []
    for slug in selected:
        for result in run(get(slug), seconds):
            counts[result.outcome] = counts.get(result.outcome, 0) + 1
            if result.outcome in ("false-pass", "stale"):
                bad.append(result)
                print(f"{result.outcome.upper()}  {slug} › {result.label} [{result.kind}]: "
                      f"{result.detail}")
    total = sum(counts.values())
    killed, still = counts.get("killed", 0), counts.get("still-true", 0)
    false_passes = counts.get("false-pass", 0)
    judged = killed + false_passes
    score = 100.0 * killed / judged if judged else 100.0
    print(f"{total} mutants: {killed} killed, {still} still true (explained), "
          f"{false_passes} false passes, {counts.get('stale', 0)} stale declarations; "
          f"mutation score {score:.1f}%")
    return 1 if bad else 0


def _positive_seconds(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {raw!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m derivations", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    verify_parser = commands.add_parser("verify", help="check derivations step by step")
    verify_parser.add_argument("slugs", nargs="*", help="derivations to check (default: all)")
    verify_parser.add_argument("--jobs", type=positive_integer, default=None,
                               help="processes to verify with (default: one per core)")
    verify_parser.add_argument("--timeout", type=_positive_seconds, default=None,
                               help="seconds one step may take (default: "
                                    "$DERIVATIONS_STEP_TIMEOUT or 20)")
    verify_parser.add_argument("--fresh", action="store_true",
                               help="verify everything again, even derivations whose sources "
                                    "did not change since they last passed")
    recheck_parser = commands.add_parser(
        "recheck", help="re-check every kept certificate without the kernel")
    recheck_parser.add_argument("slugs", nargs="*", help="derivations (default: all)")
    commands.add_parser("list", help="list registered derivations")
    mutate_parser = commands.add_parser("mutate", help="perturb every step; report the score")
    mutate_parser.add_argument("slugs", nargs="*", help="derivations to perturb (default: all)")
    mutate_parser.add_argument("--timeout", type=_positive_seconds, default=10.0,
                               help="seconds one perturbed step may take (default: 10)")
    return parser


def main(argv: list[str] | None = None) -> int:
    arguments = build_parser().parse_args(argv)
    try:
        try:
            default_seconds()
        except ValueError as malformed:  # a bad $DERIVATIONS_STEP_TIMEOUT is a usage error
            raise UsageError(str(malformed)) from None
        if arguments.command == "verify":
            return command_verify(arguments.slugs, arguments.jobs, arguments.timeout,
                                  reuse=not arguments.fresh and arguments.timeout is None)
        if arguments.command == "recheck":
            return command_recheck(arguments.slugs)
        if arguments.command == "mutate":
            return command_mutate(arguments.slugs, arguments.timeout)
        for slug in slugs():  # list
            derivation = get(slug)
            print(f"ch{derivation.chapter}  {slug:<44} {derivation.title}")
        return 0
    except UsageError as error:
        print(f"python -m derivations: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("python -m derivations: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
