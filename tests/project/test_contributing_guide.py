"""The contributor's guide cannot go stale: its worked example is the real file, the commands it
shows print what it says they print, and the page publishes the example it walks through.

The guide is ``site/contributing.md``; ``CONTRIBUTING.md`` points to it and lists its sections.
Timings (``12.3 ms``, ``(0.60 s)``) are the only part of an output allowed to differ.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest

import derivations.__main__ as cli
import sitebuild.__main__ as site_cli
from derivations.engine import Derivation, get, registry, verdicts, verify
from sitebuild.fragments import pages_including
from sitebuild.paths import ROOT

GUIDE = ROOT / "site" / "contributing.md"
POINTER = ROOT / "CONTRIBUTING.md"
EXAMPLE = ROOT / "derivations" / "ch2_orthogonal" / "perturbation.py"
SLUG = "orthogonal-step-keeps-perturbations"
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```$", re.MULTILINE | re.DOTALL)
HEAD = re.compile(r"^(?P<command>.+?) \| head -n (?P<lines>\d+)$")
TIMINGS = ((re.compile(r" +\d+\.\d ms"), " N ms"), (re.compile(r"\(\d+\.\d+ s\)"), "(N s)"))


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    """The guide's fenced blocks in ``language``, with their list indentation removed."""
    found = []
    for indent, tag, body in FENCE.findall(guide()):
        if tag == language:
            found.append("\n".join(line[len(indent):] for line in body.splitlines()))
    return found


def without_timings(text: str) -> str:
    for pattern, replacement in TIMINGS:
        text = pattern.sub(replacement, text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def shown_commands() -> Iterator[tuple[str, str]]:
    """Each ``$ python -m derivations …`` or ``$ python -m sitebuild show …`` command of the
    guide's console blocks, with the output shown under it."""
    for block in blocks("console"):
        command, output = None, []
        for line in [*block.splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command is not None and command.startswith(
                        ("python -m derivations ", "python -m sitebuild show ")):
                    yield command, "\n".join(output)
                command, output = line[2:], []
            else:
                output.append(line)


def printed(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``command`` prints, run in this process (``| head -n N`` keeps the first N lines)."""
    lines = None
    if (piped := HEAD.match(command)) is not None:
        command, lines = piped["command"], int(piped["lines"])
    capsys.readouterr()
    {"derivations": cli, "sitebuild": site_cli}[command.split()[2]].main(command.split()[3:])
    out = capsys.readouterr().out
    return "\n".join(out.splitlines()[:lines]) if lines else out


def test_the_listing_is_the_example_file():
    source = EXAMPLE.read_text(encoding="utf-8")
    listings = [body for body in blocks("python") if "@register" in body]
    assert listings == [source.rstrip("\n")], "site/contributing.md must show perturbation.py " \
                                              "exactly: edit both together"


def test_the_example_is_registered_verified_and_published_on_the_guide():
    assert verify(get(SLUG)).passed
    assert pages_including()[SLUG] == "contributing.md"
    assert f'\n--8<-- "derivations/{SLUG}.md"\n' in guide()


@pytest.mark.slow
def test_the_guide_shows_each_derivations_command_and_exactly_what_it_prints(capsys):
    shown = list(shown_commands())
    assert {command.split()[3] for command, _ in shown} == {"verify", "mutate", "show"}
    for command, output in shown:
        assert without_timings(printed(command, capsys)) == without_timings(output), command


def test_the_failure_shown_is_the_one_verify_prints_without_the_given_facts(monkeypatch, capsys,
                                                                          tmp_path):
    """The guide shows the row verify prints when step 2 leaves out its ``given``. The verdicts
    go to a folder of the test's own: ``--fresh`` replaces the kept record, and the broken
    example's failure must not erase the real derivation's."""
    monkeypatch.setattr(verdicts, "STORE", tmp_path)
    example = get(SLUG)
    steps = tuple(dataclasses.replace(step, given=()) if step.label == "kept" else step
                  for step in example.steps)
    broken = dataclasses.replace(example, steps=steps)

    def build() -> Derivation:
        return broken

    build.__module__ = registry.builder_module(SLUG)  # the chapter that registers it
    registry.slugs()
    monkeypatch.setitem(registry._BUILDERS, SLUG, build)
    get.cache_clear()
    try:
        assert cli.main(["verify", "--fresh", SLUG]) == 1
    finally:
        get.cache_clear()
    failed = [line for line in capsys.readouterr().out.splitlines()
              if line.lstrip().startswith("FAIL kept")]
    (shown,) = [line for block in blocks("text") for line in block.splitlines()
                if line.lstrip().startswith("FAIL kept")]
    assert without_timings(shown) == without_timings(failed[0])
    detail = failed[0].split(" ms  ", 1)[1]
    assert detail.startswith("undecided") and f"`{detail}`" in " ".join(guide().split())


def test_the_pointer_lists_the_guides_sections_and_commands():
    pointer = POINTER.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", guide(), re.MULTILINE)
    listed = re.findall(r"^- (.+)$", pointer, re.MULTILINE)
    assert listed == headings
    assert "site/contributing.md" in pointer and EXAMPLE.name in pointer
    for line in _pointer_commands(pointer):
        assert line in guide(), line


def _pointer_commands(pointer: str) -> list[str]:
    (block,) = re.findall(r"^```sh\n(.*?)^```$", pointer, re.MULTILINE | re.DOTALL)
    return [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]


@pytest.mark.slow
def test_the_scene_description_shown_is_what_describe_prints(capsys):
    from animations import render

    (block,) = [b for b in blocks("console") if "--describe" in b]
    lines = block.splitlines()
    start = next(i for i, line in enumerate(lines) if "--describe" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("$ "))
    scene = lines[start].split()[-1]
    capsys.readouterr()
    render.main(["--describe", scene])
    assert capsys.readouterr().out.strip() == "\n".join(lines[start + 1:end]).strip()
