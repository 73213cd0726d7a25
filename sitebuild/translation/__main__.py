"""The translation's state and tools, from the command line.

    python -m sitebuild.translation status [--lang ko] [--page P …] [--complete]
        per page: units translated / total, stale, missing, orphan, math, number, markup and
        glossary findings; exit 1 if a started page has any (--complete: or is not started)
    python -m sitebuild.translation todo PAGE        the missing and stale units, ready to paste
    python -m sitebuild.translation scaffold PAGE    add every missing unit to the file, in page
                                                     order, with its English (untranslated
                                                     until a translator rewrites it)
    python -m sitebuild.translation accept PAGE ID … record that the revised units translate
                                                     the current English (clears "stale")
    python -m sitebuild.translation assemble --out DIR [--draft]   write the translated pages
    python -m sitebuild.translation glossary         the glossary as a Markdown page

With --generated, each step works on the generated fragments (build/generated, as ``python -m
sitebuild generate`` wrote them) and their translations, translations/<lang>/generated/: PAGE
is a fragment's path there (derivations/exercise-1-1.md); scaffold fills a unit whose English
another fragment's file already translates with that translation; assemble writes the
fragments in the language (sitebuild.translation.generated.localise).

With --messages, each step works on the catalogues of sitebuild/: the scripts' interface
messages (messages.toml) and the generated reports' templates (reports.toml), and their
translations, translations/<lang>/interface/<catalogue>.md: PAGE is messages.toml or
reports.toml and a unit is a message's key (answers.too-large). The fragments an edition
writes from those templates (the verification report, the map, the checked formulas) are
not translated one by one: status --generated counts them with the templates.

With --notebooks, each step works on the chapters' notebooks (notebooks/chapter-N.py, their
markdown cells) and their translations, translations/<lang>/notebooks/chapter-N.md: PAGE is
chapter-1.py and a unit is named by its cell (cell4.p1); see sitebuild.translation.notebooks.

Exit status: 0 passes, 1 a check fails, 2 a usage error (unknown language or page), said in
one line before any work.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from foundation.cli import FAILED, USAGE, Parser
from foundation.files import write_atomically
from sitebuild.paths import GENERATED
from sitebuild.translation import generated, messages, notebooks, report, templates, translated
from sitebuild.translation import glossary as glossary_module
from sitebuild.translation.findings import STALE, TranslationError
from sitebuild.translation.glossary import GlossaryError

PROG = "python -m sitebuild.translation"


class UsageError(Exception):
    """A bad language, page or unit named on the command line."""


def _paths(arguments: argparse.Namespace) -> report.Paths:
    if arguments.messages:
        paths = messages.paths(translations=arguments.translations,
                               pattern=templates.CATALOGUES)
    elif arguments.notebooks:
        paths = notebooks.paths(arguments.pages or notebooks.SOURCES, arguments.translations)
    elif arguments.generated:
        paths = generated.paths(arguments.pages or GENERATED, arguments.translations)
    else:
        paths = report.Paths(arguments.pages or report.PAGES, arguments.translations)
    if not paths.pages.is_dir():
        raise UsageError(f"no English pages at {paths.pages}")
    if not (paths.translations / arguments.lang).is_dir():
        known = sorted(p.name for p in paths.translations.glob("*") if p.is_dir()) \
            if paths.translations.is_dir() else []
        raise UsageError(f"no translations for language {arguments.lang!r} "
                         f"(no {paths.translations / arguments.lang}); known: "
                         f"{', '.join(known) or 'none'}")
    return paths


def _pages(arguments: argparse.Namespace, paths: report.Paths) -> list[str]:
    known = report.english_pages(paths)
    chosen = getattr(arguments, "page", None) or known
    if isinstance(chosen, str):
        chosen = [chosen]
    for page in chosen:
        if page not in known:
            raise UsageError(f"no English page {page!r} in {paths.pages}")
    return list(chosen)


def _status(arguments: argparse.Namespace) -> int:
    paths = _paths(arguments)
    pages = _pages(arguments, paths)
    failed = 0
    totals = [0, 0]
    if arguments.generated:  # the reports are said from templates: counted as the templates
        spoken = [page for page in pages if templates.is_spoken(page)]
        pages = [page for page in pages if not templates.is_spoken(page)]
        if spoken:
            failed += _spoken_status(arguments, spoken)
    for number, page_report in enumerate(report.status(arguments.lang, pages, paths), 1):
        if not page_report.total and page_report.passes:
            continue  # nothing in it to translate (a generated formula)
        print(f"[{number}/{len(pages)}] {arguments.lang} {page_report.summary()}", flush=True)
        for finding in page_report.findings:
            print(f"    {finding}")
        totals[0] += page_report.translated
        totals[1] += page_report.total
        if page_report.findings or (arguments.complete and not page_report.started):
            failed += 1
    print(f"{arguments.lang}: {totals[0]}/{totals[1]} units translated; "
          f"{failed} page(s) fail" if failed else
          f"{arguments.lang}: {totals[0]}/{totals[1]} units translated; every started page "
          "passes")
    return FAILED if failed else 0


def _spoken_status(arguments: argparse.Namespace, spoken: list[str]) -> int:
    """One line for the fragments written from the report templates; 1 if they fail."""
    where = templates.paths(translations=arguments.translations)
    page_report, _ = report.check_page(where.layout.pattern, arguments.lang,
                                       report.load_glossary(arguments.lang, where), where)
    verdict = "ok" if page_report.passes and page_report.translated == page_report.total \
        else "FAILS" if page_report.findings else "in part"
    named = [page for page in templates.SPOKEN if page in spoken]
    others = len(spoken) - len(named)
    print(f"{arguments.lang} {len(spoken)} fragment(s) written from the report templates "
          f"({', '.join(named)}{f' and {others} more' if others else ''}): {verdict}: "
          f"{page_report.translated}/"
          f"{page_report.total} templates translated in "
          f"{where.translation(arguments.lang, where.layout.pattern)}; `status --messages` "
          "lists each", flush=True)
    for finding in page_report.findings:
        print(f"    {finding}")
    return 0 if page_report.passes else 1


def _todo(arguments: argparse.Namespace) -> int:
    paths = _paths(arguments)
    (page,) = _pages(arguments, paths)
    page_report, _ = report.check_page(page, arguments.lang, None, paths)
    wanted = set(report.stale_or_missing(page_report)) if page_report.started else None
    english = report.english_units(page, paths)
    shown = 0
    for unit in english:
        if wanted is None or unit.id in wanted:
            print(f"<!-- unit: {unit.id} source: {unit.source} -->\n{unit.text}\n")
            shown += 1
    print(f"{page}: {shown} unit(s) to translate", file=sys.stderr)
    return 0


def _scaffold(arguments: argparse.Namespace) -> int:
    paths = _paths(arguments)
    (page,) = _pages(arguments, paths)
    target = paths.translation(arguments.lang, page)
    english = report.english_units(page, paths)
    file = translated.load(target, page) if target.is_file() else \
        translated.TranslationFile("", (), ())
    if file.findings:
        for finding in file.findings:
            print(finding, file=sys.stderr)
        print(f"scaffold: {target} has format problems; fix them first", file=sys.stderr)
        return FAILED
    kept = file.by_id()
    memory = translated.memory(paths.translations / arguments.lang / paths.within) \
        if paths.within else {}
    entries = [kept.pop(unit.id, None) or translated.Entry(
        unit.id, unit.source, memory.get(unit.source, unit.text), 0) for unit in english]
    added = len(english) - (len(file.entries) - len(kept))
    entries += [entry for entry in file.entries if entry.id in kept]  # orphans, kept for reuse
    header = file.header or (f"<!-- {arguments.lang} translation of {paths.pages.name}/{page}: "
                             "one unit per block; see translations/README.md -->")
    translated.save(target, header, entries)
    print(f"scaffold: {target}: {added} unit(s) added with their English, to translate")
    return 0


def _accept(arguments: argparse.Namespace) -> int:
    paths = _paths(arguments)
    (page,) = _pages(arguments, paths)
    target = paths.translation(arguments.lang, page)
    if not target.is_file():
        raise UsageError(f"no translation file {target}")
    english = {unit.id: unit for unit in report.english_units(page, paths)}
    file = translated.load(target, page)
    present = file.by_id()
    for name in arguments.unit:
        if name not in english or name not in present:
            raise UsageError(f"{page} has no translated unit {name!r} to accept")
    chosen = set(arguments.unit)
    entries = [translated.Entry(entry.id, english[entry.id].source, entry.text, entry.line)
               if entry.id in chosen else entry for entry in file.entries]
    translated.save(target, file.header, entries)
    print(f"accept: {target}: {len(chosen)} unit(s) now translate the current English")
    return 0


def _assemble(arguments: argparse.Namespace) -> int:
    paths = _paths(arguments)
    if arguments.generated:
        return _localise(arguments, paths)
    pages = _pages(arguments, paths)
    started = [page for page in pages if paths.translation(arguments.lang, page).is_file()]
    failed = 0
    for page in started:
        try:
            text, findings = report.assemble(page, arguments.lang, not arguments.draft, paths)
        except TranslationError as error:
            print(f"assemble: {page}: refused: {error}", file=sys.stderr)
            failed += 1
            continue
        write_atomically(arguments.out / page, text)
        stale = sum(1 for finding in findings if finding.check == STALE)
        note = f" ({len(findings)} finding(s), {stale} stale: English shown)" if findings else ""
        print(f"assemble: {arguments.out / page}{note}")
    return FAILED if failed else 0


def _localise(arguments: argparse.Namespace, paths: report.Paths) -> int:
    try:
        done = generated.localise(arguments.lang, paths.pages, arguments.out,
                                  draft=arguments.draft, translations=paths.translations)
    except TranslationError as error:
        print(f"assemble: generated fragments refused: {error}", file=sys.stderr)
        return FAILED
    for page in done.pending:
        print(f"assemble: {arguments.out / page} (English shown, under a notice)")
    print(done.summary(arguments.lang))
    return 0


def _glossary(arguments: argparse.Namespace) -> int:
    paths = _paths(arguments)
    found = report.load_glossary(arguments.lang, paths)
    if found is None:
        raise UsageError(f"no glossary {paths.glossary(arguments.lang)}")
    print(glossary_module.page(found), end="")
    return 0


def parser() -> argparse.ArgumentParser:
    top = Parser(prog=PROG, description=__doc__,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", default="ko", help="the language (default ko)")
    common.add_argument("--generated", action="store_true",
                        help="the generated fragments (build/generated), not the pages")
    common.add_argument("--messages", action="store_true",
                        help="the scripts' interface messages (sitebuild/messages.toml)")
    common.add_argument("--notebooks", action="store_true",
                        help="the chapters' notebooks' markdown cells (notebooks/*.py)")
    common.add_argument("--pages", type=Path, default=None, help=argparse.SUPPRESS)
    common.add_argument("--translations", type=Path, default=report.TRANSLATIONS,
                        help=argparse.SUPPRESS)
    steps = top.add_subparsers(dest="step", required=True, parser_class=Parser)
    status = steps.add_parser("status", parents=[common], help="each page's state")
    status.add_argument("--page", action="append", help="only this page (repeatable)")
    status.add_argument("--complete", action="store_true",
                        help="also fail for pages with no translation yet")
    status.set_defaults(run=_status)
    for name, run, text in (("todo", _todo, "print the units still to translate"),
                            ("scaffold", _scaffold, "add missing units to the file")):
        step = steps.add_parser(name, parents=[common], help=text)
        step.add_argument("page")
        step.set_defaults(run=run)
    accept = steps.add_parser("accept", parents=[common],
                              help="record revised units as translating the current English")
    accept.add_argument("page")
    accept.add_argument("unit", nargs="+")
    accept.set_defaults(run=_accept)
    assemble = steps.add_parser("assemble", parents=[common], help="write translated pages")
    assemble.add_argument("--out", type=Path, required=True)
    assemble.add_argument("--page", action="append")
    assemble.add_argument("--draft", action="store_true",
                          help="write pages with findings too, the English standing in")
    assemble.set_defaults(run=_assemble)
    steps.add_parser("glossary", parents=[common], help="print the glossary page"
                     ).set_defaults(run=_glossary)
    return top


def main(argv: list[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    try:
        return arguments.run(arguments)
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return USAGE
    except GlossaryError as error:
        print(f"{PROG}: glossary: {error}", file=sys.stderr)
        return FAILED


if __name__ == "__main__":
    sys.exit(main())
