"""Command line: ``python -m derivations verify [SLUG ...]``, ``list``, ``render SLUG``.

``verify`` prints every step with its verdict and exits 1 if any step fails,
so it can gate a commit or a CI job on its own.
"""

from __future__ import annotations

import argparse
import sys
import time

from derivations.engine import get, slugs, verify
from derivations.engine.markdown import render


def _resolve(requested: list[str]) -> list[str]:
    known = slugs()
    unknown = [slug for slug in requested if slug not in known]
    if unknown:
        raise SystemExit(
            f"unknown derivation(s): {', '.join(unknown)}\nknown: {', '.join(known)}"
        )
    return requested or known


def command_verify(requested: list[str]) -> int:
    failed = 0
    started = time.perf_counter()
    selected = _resolve(requested)
    for slug in selected:
        result = verify(get(slug))
        print(f"{'PASS' if result.passed else 'FAIL'}  {slug}  ({result.derivation.title})")
        for step_result in result.steps:
            mark = "ok  " if step_result.verdict.passed else "FAIL"
            print(
                f"    {mark} {step_result.step.label:<38} {step_result.step.check.describe():<34}"
                f" {step_result.seconds * 1000:7.1f} ms  {step_result.verdict.detail}"
            )
        failed += not result.passed
    total = time.perf_counter() - started
    print(f"{len(selected) - failed} passed, {failed} failed ({total:.2f} s)")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m derivations", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    verify_parser = commands.add_parser("verify", help="check derivations step by step")
    verify_parser.add_argument("slugs", nargs="*", help="derivations to check (default: all)")
    commands.add_parser("list", help="list registered derivations")
    render_parser = commands.add_parser("render", help="print a derivation as Markdown")
    render_parser.add_argument("slug")
    arguments = parser.parse_args(argv)
    if arguments.command == "verify":
        return command_verify(arguments.slugs)
    if arguments.command == "list":
        for slug in slugs():
            derivation = get(slug)
            print(f"ch{derivation.chapter}  {slug:<40} {derivation.title}")
        return 0
    print(render(get(_resolve([arguments.slug])[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
