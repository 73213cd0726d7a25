"""The site build's steps from the command line, none of which needs MkDocs.

    python -m sitebuild generate          verify, write fragments, place media/KaTeX/decks
    python -m sitebuild tables            compute (and keep) the chapters' tables and figures
    python -m sitebuild check SITE        the built-site checks, e.g. after `zensical build`
    python -m sitebuild compare A B       two builds: same pages, formulas, videos, files?
    python -m sitebuild fresh [--record]  is build/site up to date with its inputs? (exit 0/1)
    python -m sitebuild dev [--port N]    serve, rebuild what changed, reload the browser
    python -m sitebuild serve [--port N]  serve the pages first, then fill in videos and decks
    python -m sitebuild show SLUG         a derivation as its page shows it (Markdown)

Exit status: 0 on success, 1 when a step finds a problem (a derivation that does
not verify, builds that differ, a stale site), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

from foundation.cli import USAGE, Parser, port_number


def _generate(arguments: argparse.Namespace) -> int:
    from sitebuild.generate import colab_setting, generate
    from sitebuild.problems import BuildError

    start = time.perf_counter()
    try:
        done = generate(colab_setting())
    except BuildError as error:
        print(f"generate: {error}", file=sys.stderr)
        return 1
    print(f"generate: {done.summary()} in {time.perf_counter() - start:.1f} s")
    return 0


def _tables(arguments: argparse.Namespace) -> int:
    from sitebuild.chapter_tables import values

    start = time.perf_counter()
    try:
        computed = values()
    except Exception as error:  # a table's builder failed: said in one line, as generate does
        print(f"tables: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(f"tables: {len(computed)} tables and figures in {time.perf_counter() - start:.1f} s")
    return 0


def _check(arguments: argparse.Namespace) -> int:
    from sitebuild.paths import GENERATED
    from sitebuild.postbuild import check_built_site
    from sitebuild.problems import BuildError

    if not (arguments.site / "index.html").is_file():
        print(f"check: no built site in {arguments.site} (no index.html): build it first",
              file=sys.stderr)
        return 2
    try:
        check_built_site(arguments.site, GENERATED)
    except BuildError as error:
        print(f"check: {error}", file=sys.stderr)
        return 1
    print(f"check: {arguments.site} passes the built-site checks")
    return 0


def _compare(arguments: argparse.Namespace) -> int:
    from sitebuild.compare import compare

    try:
        result = compare(arguments.first, arguments.second)
    except FileNotFoundError as error:
        print(f"compare: {error}", file=sys.stderr)
        return 1
    for line in result.lines(str(arguments.first), str(arguments.second)):
        print(line)
    return 0 if result.same else 1


def _fresh(arguments: argparse.Namespace) -> int:
    from sitebuild import freshness

    if arguments.record:
        freshness.record()
        return 0
    if freshness.up_to_date():
        print("site: up to date with its inputs (nothing to render or build)")
        return 0
    return 1


def _show(arguments: argparse.Namespace) -> int:
    from derivations.engine import get, slugs
    from sitebuild.theorems import render

    if arguments.slug not in slugs():
        print(f"python -m sitebuild: error: unknown derivation {arguments.slug!r}; known: "
              f"{', '.join(slugs())}", file=sys.stderr)
        return USAGE
    try:
        derivation = get(arguments.slug)
    except (ValueError, TypeError) as refused:
        print(f"python -m sitebuild: {arguments.slug} cannot be built: {refused}",
              file=sys.stderr)
        return 1
    print(render(derivation))
    return 0


def _dev(arguments: argparse.Namespace) -> int:
    from sitebuild import dev

    return dev.main(arguments.port, arguments.host)


def _serve(arguments: argparse.Namespace) -> int:
    from sitebuild import staged

    return staged.main(arguments.port, arguments.host)


def parser() -> argparse.ArgumentParser:
    top = Parser(prog="python -m sitebuild", description=__doc__,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = top.add_subparsers(dest="step", required=True, parser_class=Parser)
    steps.add_parser("generate", help="verify and write everything pages include or link to"
                     ).set_defaults(run=_generate)
    steps.add_parser("tables", help="compute (and keep) the chapters' tables and figures"
                     ).set_defaults(run=_tables)
    check = steps.add_parser("check", help="run the built-site checks on a built site")
    check.add_argument("site", type=Path)
    check.set_defaults(run=_check)
    compare = steps.add_parser("compare", help="compare two built sites")
    compare.add_argument("first", type=Path)
    compare.add_argument("second", type=Path)
    compare.set_defaults(run=_compare)
    fresh = steps.add_parser("fresh", help="exit 0 if build/site is up to date with its inputs")
    fresh.add_argument("--record", action="store_true",
                       help="record the current inputs as a finished build's")
    fresh.set_defaults(run=_fresh)
    show = steps.add_parser("show", help="print a derivation as its page shows it (Markdown)")
    show.add_argument("slug")
    show.set_defaults(run=_show)
    dev = steps.add_parser("dev", help="serve the site for authoring, rebuilding on change")
    dev.add_argument("--port", type=port_number, default=8000)
    dev.add_argument("--host", default="127.0.0.1")
    dev.set_defaults(run=_dev)
    serve = steps.add_parser("serve", help="serve the site: pages first when it is not up to "
                             "date, then the videos, decks and notebooks as they are made")
    serve.add_argument("--port", type=port_number, default=8000)
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default: loopback only; 0.0.0.0 for all)")
    serve.set_defaults(run=_serve)
    return top


def main(argv: list[str] | None = None) -> int:
    from sitebuild.mode import authoring, pages_first

    arguments = parser().parse_args(argv)
    try:
        authoring()  # a malformed $COMPANION_AUTHORING is refused before any work
        pages_first()  # and so is a malformed $COMPANION_PAGES_FIRST
    except ValueError as error:
        print(f"python -m sitebuild: error: {error}", file=sys.stderr)
        return USAGE
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    return arguments.run(arguments)


if __name__ == "__main__":
    sys.exit(main())
